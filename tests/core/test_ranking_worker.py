"""Both sides of the build elsewhere (`worker.work`, `worker.exchange`), in one process: what the spawned worker
does with the texts and how the app reads its messages (the spawned process itself: tests/core/test_ranking_store.py)."""

from __future__ import annotations

import queue
import threading
from pathlib import Path

import numpy as np
import pytest

from tui.core.models import Paper
from tui.core.ranking import build as build_module
from tui.core.ranking import store, worker
from tui.core.ranking.build import Matrices, build
from tui.core.ranking.text import paper_text
from tui.core.search.folding import fold
from tui.core.search.sorts import Cancelled

TEXTS = [
    "Schrödinger bridges and $\\alpha$-divergences for generative models.",
    "Graph neural networks predict properties of molecules.",
    "Differential privacy for federated learning of language models.",
    "Convergence of accelerated gradient descent for convex optimization.",
    "Membership inference attacks leak private training data.",
]


class Pipe:
    """Both ends of the texts' pipe, in one process."""

    def __init__(self, *batches: object) -> None:
        self.batches: queue.Queue[object] = queue.Queue()
        self.sent: list[object] = []
        for batch in batches:
            self.batches.put(batch)

    def send(self, obj: object) -> None:
        self.sent.append(obj)
        self.batches.put(obj)

    def recv(self) -> object:
        return self.batches.get(timeout=60)


class Outbox(queue.Queue):  # type: ignore[type-arg]
    """The worker's queue; `get` answers Empty `silent` times first (a worker busy building) when asked to wait."""

    def __init__(self, *messages: object, silent: int = 0) -> None:
        super().__init__()
        self.silent = silent
        for message in messages:
            self.put(message)

    def get(self, block: bool = True, timeout: float | None = None) -> object:
        if self.silent and timeout is not None:
            self.silent -= 1
            raise queue.Empty
        return super().get(block, timeout)

    def messages(self) -> list[object]:
        return [self.get_nowait() for _ in range(self.qsize())]


class Process:
    """A worker process as the app sees it: alive or ended with an exit code."""

    def __init__(self, alive: bool = True, exitcode: int | None = None) -> None:
        self.alive, self.exitcode = alive, exitcode
        self.asked = 0

    def is_alive(self) -> bool:
        self.asked += 1
        assert self.asked < 1000, "the app keeps asking an ended worker"  # a wait that never ends fails, not hangs
        return self.alive


def same(a: Matrices, b: Matrices) -> bool:
    return all(np.array_equal(np.asarray(getattr(a, name)), np.asarray(getattr(b, name))) for name in store._ARRAYS)


def test_the_worker_folds_every_batch_builds_and_sends_the_matrices_back() -> None:
    out = Outbox()
    worker.work(Pipe(TEXTS[:2], TEXTS[2:], None), None, "d", out)
    messages = out.messages()
    assert messages[:-1] == [("progress", 0.3), ("progress", 0.9)]
    kind, matrices = messages[-1]
    assert kind == "matrices" and isinstance(matrices, Matrices)
    assert fold(TEXTS[0]) != TEXTS[0] and same(matrices, build([fold(text) for text in TEXTS]))
    assert b"alpha" in matrices.terms.tolist() and matrices.size == 5


def test_the_worker_saves_into_the_folder_and_says_so(tmp_path: Path) -> None:
    out = Outbox()
    worker.work(Pipe(TEXTS, None), str(tmp_path), "d", out)
    assert out.messages()[-1] == ("saved", None)
    loaded = store.load(tmp_path, "d", len(TEXTS))
    assert loaded is not None and np.array_equal(loaded.docs, build([fold(text) for text in TEXTS]).docs)


def test_a_failing_build_or_save_is_reported_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("", encoding="utf-8")
    out = Outbox()
    worker.work(Pipe(TEXTS, None), str(not_a_folder), "d", out)
    kind, said = out.messages()[-1]
    assert kind == "error" and said.startswith(("FileExistsError: ", "NotADirectoryError: ")) and "\n" not in said

    def broken(texts, progress=lambda _: None, dims=0):
        raise MemoryError("the SVD")

    monkeypatch.setattr(build_module, "build", broken)
    out = Outbox()
    worker.work(Pipe(TEXTS, None), None, "d", out)
    assert out.messages() == [("error", "MemoryError: the SVD")]


def papers(n: int = len(TEXTS)) -> list[Paper]:
    return [Paper(id=f"p{i}", abstract=TEXTS[i % len(TEXTS)], list="l", title=f"Paper {i}") for i in range(n)]


def test_the_app_sends_the_texts_in_batches_and_passes_the_progress_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sending is the first tenth of the progress, the build the next eight; the worker runs in a thread here."""
    monkeypatch.setattr(worker, "BATCH", 2)
    pipe, out, seen = Pipe(), Outbox(), []
    thread = threading.Thread(target=worker.work, args=(pipe, None, "d", out), daemon=True)
    thread.start()
    matrices = worker.exchange(papers(), pipe, out, Process(), seen.append, lambda: False)
    thread.join(timeout=60)
    assert seen == pytest.approx([0.04, 0.08, 0.1, 0.1 + 0.8 * 0.3, 0.1 + 0.8 * 0.9])
    assert pipe.sent == [["Paper 0\n" + TEXTS[0], "Paper 1\n" + TEXTS[1]], ["Paper 2\n" + TEXTS[2], "Paper 3\n" + TEXTS[3]],
                         ["Paper 4\n" + TEXTS[4]], None]
    assert matrices is not None and matrices.size == 5


def test_the_app_waits_while_the_worker_is_busy_and_reads_what_it_left() -> None:
    """No message for a while from a live worker: keep waiting; an ended worker's last message is still read."""
    matrices = build(TEXTS)
    waited = Outbox(("matrices", matrices), silent=3)
    assert worker.exchange(papers(), Pipe(), waited, Process(), lambda _: None, lambda: False) is matrices
    assert waited.silent == 0
    ended = Outbox(("matrices", matrices), silent=1)
    assert worker.exchange(papers(), Pipe(), ended, Process(alive=False, exitcode=0), lambda _: None, lambda: False) is matrices
    assert worker.exchange(papers(), Pipe(), Outbox(("saved", None)), Process(), lambda _: None, lambda: False) is None


def test_an_error_or_a_silent_end_of_the_worker_is_a_runtime_error() -> None:
    with pytest.raises(RuntimeError, match=r"^the ranking build failed: MemoryError: the SVD$"):
        worker.exchange(papers(), Pipe(), Outbox(("progress", 0.3), ("error", "MemoryError: the SVD")), Process(),
                        lambda _: None, lambda: False)
    with pytest.raises(RuntimeError, match=r"^the ranking build stopped \(exit code -9\)$"):
        worker.exchange(papers(), Pipe(), Outbox(), Process(alive=False, exitcode=-9), lambda _: None, lambda: False)


@pytest.mark.parametrize("after", [0, 1, 2])
def test_a_stop_is_asked_before_each_batch_and_while_waiting(monkeypatch: pytest.MonkeyPatch, after: int) -> None:
    """A stop before the first batch sends nothing, after one sends one; after both (all sent) it stops the wait."""
    monkeypatch.setattr(worker, "BATCH", 3)
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > after

    pipe = Pipe()
    with pytest.raises(Cancelled):
        worker.exchange(papers(), pipe, Outbox(("saved", None)), Process(), lambda _: None, stop)
    assert len(pipe.sent) == (after if after < 2 else 3)  # two batches and the None that ends them


def test_the_worker_is_spawned_as_a_daemon_with_a_one_way_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    """A forked child would copy the app's threads' locks mid-use; spawn starts a fresh interpreter (and is the same
    on every platform). A daemon dies with the app; the texts go one way. What is asked is all this checks: the
    context refuses to start a process."""
    import multiprocessing

    asked: dict[str, object] = {}

    class Refusing:
        def Queue(self) -> object:  # noqa: N802 (multiprocessing's names)
            return queue.Queue()

        def Pipe(self, duplex: bool = True) -> tuple[Pipe, Pipe]:  # noqa: N802
            asked["duplex"] = duplex
            return Pipe(), Pipe()

        def Process(self, **kwargs: object) -> object:  # noqa: N802
            asked.update(kwargs)
            raise OSError("no processes here")

    def context(method: object = None) -> Refusing:
        asked["method"] = method
        return Refusing()

    monkeypatch.setattr(multiprocessing, "get_context", context)
    with pytest.raises(OSError, match="no processes here"):
        worker.build_elsewhere(papers(), None, "d", lambda _: None, lambda: False)
    assert (asked["method"], asked["daemon"], asked["target"], bool(asked["duplex"])) == ("spawn", True, worker.work, False)


@pytest.fixture
def elsewhere(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The build elsewhere in a thread of this process (work + exchange, as the spawned process and the app run them):
    each call appends the folder it was asked to save in and the digest to save under; a build in this thread
    appends "built here"."""
    from tui.core.ranking import engine

    calls: list[object] = []

    def in_a_thread(papers, folder, digest, progress, should_stop):  # type: ignore[no-untyped-def]
        calls.append((folder, digest))
        pipe, out = Pipe(), Outbox()
        target = None if folder is None else str(folder)
        threading.Thread(target=worker.work, args=(pipe, target, digest, out), daemon=True).start()
        return worker.exchange(papers, pipe, out, Process(), progress, should_stop)

    real = build_module.build

    def counted(texts, progress=lambda _: None, dims=build_module.DIMS):  # type: ignore[no-untyped-def]
        if threading.current_thread() is threading.main_thread():
            calls.append("built here")
        return real(texts, progress, dims)

    monkeypatch.setattr(worker, "build_elsewhere", in_a_thread)
    monkeypatch.setattr(build_module, "build", counted)
    monkeypatch.setattr(engine, "WORKER_FROM", len(TEXTS))
    return calls


def test_from_worker_from_papers_the_build_runs_elsewhere_and_is_saved_there(tmp_path: Path, elsewhere: list[object]) -> None:
    from tui.core.ranking.engine import Ranker

    ranker = Ranker.load_or_build(tmp_path, "d", papers())
    assert elsewhere == [(tmp_path, "d")] and ranker.matrices.size == len(TEXTS) and ranker.digest == "d"
    assert store.load(tmp_path, "d", len(TEXTS)) is not None  # and loaded from there, not built again here
    Ranker.load_or_build(None, "d", papers(len(TEXTS) - 1))  # one fewer: built here
    assert elsewhere == [(tmp_path, "d"), "built here"]


def test_an_unsaved_build_elsewhere_comes_back_through_the_queue(tmp_path: Path, elsewhere: list[object]) -> None:
    from tui.core.ranking.engine import Ranker

    in_memory = Ranker.load_or_build(None, "d", papers())
    unsaved = Ranker.load_or_build(tmp_path, "d", papers(), save=False)
    assert elsewhere == [(None, "d"), (None, "d")] and not (tmp_path / store.RANKING_DIR).exists()
    assert same(in_memory.matrices, unsaved.matrices) and in_memory.matrices.size == len(TEXTS)


@pytest.mark.parametrize("error", [RuntimeError("the ranking build stopped (exit code -9)"), OSError("no processes here")])
def test_a_worker_that_cannot_start_or_dies_means_a_build_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 error: Exception) -> None:
    from tui.core.ranking import engine
    from tui.core.ranking.engine import Ranker

    def failing(*args: object) -> None:
        raise error

    monkeypatch.setattr(worker, "build_elsewhere", failing)
    monkeypatch.setattr(engine, "WORKER_FROM", 1)
    seen: list[float] = []
    ranker = Ranker.load_or_build(tmp_path, "d", papers(), progress=seen.append)
    assert same(ranker.matrices, build([paper_text(p) for p in papers()])) and store.load(tmp_path, "d", len(TEXTS)) is not None
    assert seen == pytest.approx([0.1, 0.1 + 0.8 * 0.3, 0.1 + 0.8 * 0.9, 1.0])


def test_matrices_saved_elsewhere_but_unreadable_here_are_built_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker says it saved, but nothing sound is there (a full disk, another writer): build here, not fail."""
    from tui.core.ranking import engine
    from tui.core.ranking.engine import Ranker

    monkeypatch.setattr(worker, "build_elsewhere", lambda *args: None)
    monkeypatch.setattr(engine, "WORKER_FROM", 1)
    ranker = Ranker.load_or_build(tmp_path, "d", papers())
    assert ranker.matrices.size == len(TEXTS) and store.load(tmp_path, "d", len(TEXTS)) is not None
