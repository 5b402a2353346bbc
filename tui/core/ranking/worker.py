"""The build in a worker process: the SVD of a large library peaks near a gigabyte, and the app keeps none of it.

A spawned process (safe with the app's threads, and the same on every
platform) is sent the papers' raw texts a batch at a time (so the app never
holds all 50,000 at once: measured, holding them grew its memory by 200 MiB)
and folds them itself (the fold is CPU the app's threads would share), builds
the matrices (`build.build`) and writes them beside the library
(`store.save`); the app then reads what was written. Without a folder to
write to, the matrices come back through the queue. Progress comes back as
floats on the queue; a stop kills the process. Both sides are plain functions
(`work` in the worker, `exchange` in the app) over a pipe and a queue, so a
test runs them in one process (and mutation testing sees them).
"""

from __future__ import annotations

import multiprocessing
import queue as queues
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from tui.core.models import Paper
from tui.core.ranking.build import Matrices
from tui.core.ranking.text import raw_text
from tui.core.search.sorts import Cancelled

#: How often the app looks at the worker (and asks `should_stop`), in seconds.
POLL = 0.1


#: Papers sent to the worker at a time.
BATCH = 1000


class Received(Protocol):
    """The worker's end of the texts' pipe (a `multiprocessing` connection; a test's stand-in in one process)."""

    def recv(self) -> Any: ...


class Sent(Protocol):
    """The app's end of the texts' pipe."""

    def send(self, obj: Any) -> None: ...


class Outbox(Protocol):
    """The queue the worker reports on: `("progress", share)` messages, then one last `("matrices" | "saved" |
    "error", value)`."""

    def put(self, obj: Any) -> None: ...

    def get(self, block: bool = True, timeout: float | None = None) -> Any: ...

    def empty(self) -> bool: ...


class Running(Protocol):
    """What the app asks of the worker process while it waits (a `multiprocessing.Process`)."""

    @property
    def exitcode(self) -> int | None: ...

    def is_alive(self) -> bool: ...


def work(texts_in: Received, folder: str | None, digest: str, out: Outbox) -> None:
    """The worker's body (the spawned process runs it; a test calls it in its own): take the raw texts until None,
    fold them, build, then save (or send back) the matrices; the last message says which, or what went wrong (its
    one line, not a traceback on the terminal the app draws on)."""
    from tui.core.ranking import store
    from tui.core.ranking.build import build
    from tui.core.search.folding import fold

    try:
        texts: list[str] = []
        while (batch := texts_in.recv()) is not None:
            texts.extend(fold(text) for text in batch)
        matrices = build(texts, lambda share: out.put(("progress", share)))
        if folder is None:
            out.put(("matrices", matrices))
        else:
            store.save(Path(folder), digest, matrices)
            out.put(("saved", None))
    except Exception as error:  # reported: the app builds here instead (`engine.load_or_build`)
        out.put(("error", f"{type(error).__name__}: {error}"))


def exchange(
    papers: Sequence[Paper], texts_out: Sent, out: Outbox, process: Running, progress: Callable[[float], None],
    should_stop: Callable[[], bool],
) -> Matrices | None:
    """The app's side of a build elsewhere: send the papers' raw texts a batch at a time, then wait for the worker's
    messages, passing its progress on (0.1 for the sending, 0.8 for the build). The matrices, or None when they
    were saved. Raises `Cancelled` when `should_stop()` says so, `RuntimeError` when the worker reports an error or
    ended without a word."""
    for start in range(0, len(papers), BATCH):
        if should_stop():
            raise Cancelled
        texts_out.send([raw_text(paper) for paper in papers[start : start + BATCH]])
        progress(0.1 * min(1.0, (start + BATCH) / max(len(papers), 1)))
    texts_out.send(None)
    while True:
        if should_stop():
            raise Cancelled
        try:
            kind, value = out.get(timeout=POLL)
        except queues.Empty:
            if not process.is_alive() and out.empty():
                raise RuntimeError(f"the ranking build stopped (exit code {process.exitcode})") from None
            continue
        if kind == "progress":
            progress(0.1 + 0.8 * float(value))
        elif kind == "matrices":
            return value
        elif kind == "saved":
            return None
        else:
            raise RuntimeError(f"the ranking build failed: {value}")


def build_elsewhere(
    papers: Sequence[Paper], folder: Path | None, digest: str, progress: Callable[[float], None], should_stop: Callable[[], bool]
) -> Matrices | None:
    """Build in a worker process: the matrices when they came back through the queue, None when they were saved in
    `folder` (load them from there). Raises `Cancelled` on a stop (the worker is killed), `RuntimeError` when it
    failed or died."""
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    texts_in, texts_out = context.Pipe(duplex=False)
    process = context.Process(target=work, args=(texts_in, None if folder is None else str(folder), digest, out), daemon=True)
    process.start()
    texts_in.close()  # the worker's end: should it die, a send fails (BrokenPipeError) instead of waiting for ever
    try:
        return exchange(papers, texts_out, out, process, progress, should_stop)
    finally:
        if process.is_alive():
            process.kill()
        process.join(timeout=5)
        out.close()
        texts_out.close()
