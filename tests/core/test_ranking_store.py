"""The ranking matrices beside the library: loaded when sound, rebuilt when stale or damaged, never an error (issue 43)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

from tui.core.library import Library
from tui.core.models import Paper
from tui.core.ranking import build as build_module
from tui.core.ranking import store
from tui.core.ranking.engine import Ranker
from tui.core.search.sorts import Cancelled


@dataclass
class Change:
    """A change in the shape `LibraryStore.change_papers` takes."""

    replaced: dict[str, Paper] = field(default_factory=dict)
    added: list[Paper] = field(default_factory=list)
    removed: set[str] = field(default_factory=set)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many builds ran (each appends the number of texts)."""
    calls: list[int] = []
    real = build_module.build

    def counting(texts, progress=lambda _: None, dims=build_module.DIMS):
        calls.append(len(texts))
        return real(texts, progress, dims)

    monkeypatch.setattr(build_module, "build", counting)
    return calls


def saved(folder: Path) -> list[str]:
    return sorted(p.name for p in (folder / store.RANKING_DIR).iterdir())


def open_ranker(lib: Library) -> Ranker:
    assert lib.papers_digest
    return Ranker.load_or_build(lib.folder, lib.papers_digest, lib.papers)


def test_saved_matrices_are_loaded_not_rebuilt(library: Library, counted: list[int]) -> None:
    first = open_ranker(library)
    assert counted == [len(library.papers)]
    assert saved(library.folder) == [store.key_for(library.papers_digest)]
    again = open_ranker(library)
    assert counted == [len(library.papers)]  # no second build
    assert again.digest == library.papers_digest and again.size == len(library.papers)
    np.testing.assert_array_equal(again.about("graph neural networks"), first.about("graph neural networks"))


def test_stale_after_import_removal_and_edited_abstract(library: Library, counted: list[int]) -> None:
    open_ranker(library)
    steps = []
    new = Paper(id="zz-new", abstract="Quantum annealing with zorbulated schedules for sparse portfolio selection.", list="Mine", title="Quantum portfolios")
    library.change_papers(lambda papers: Change(added=[new]))
    steps.append(open_ranker(library))
    library.change_papers(lambda papers: Change(removed={next(p.id for p in papers if p.id != new.id)}))
    steps.append(open_ranker(library))
    edited = next(p for p in library.papers if p.id == new.id).with_changes(abstract="Cooking pasta al dente with a pressure cooker at altitude.")
    library.change_papers(lambda papers: Change(replaced={edited.id: edited}))
    steps.append(open_ranker(library))
    assert len(counted) == 4  # each change made a new digest, so a rebuild
    assert len({r.digest for r in steps}) == 3
    assert saved(library.folder) == [store.key_for(library.papers_digest)]  # older digests' folders removed
    ranker = steps[-1]
    assert ranker.size == len(library.papers) == counted[-1]
    at = [p.id for p in library.papers].index(new.id)
    assert int(np.argmax(ranker.about("pressure cooker pasta"))) == at  # the edited abstract is what is read
    assert float(steps[1].about("zorbulated").max()) > 0.5
    assert float(ranker.about("zorbulated").max()) == 0.0  # the old text is gone


ARRAYS = ["terms", "idf", "docs", "term_vectors", "indptr", "indices", "data"]


@pytest.mark.parametrize("damage", [*(f"truncate {name}" for name in ARRAYS), "grown data", "garbage", "meta", "format", "missing", "shape"])
def test_damaged_matrices_are_rebuilt_without_error(library: Library, counted: list[int], damage: str) -> None:
    first = open_ranker(library)
    where = library.folder / store.RANKING_DIR / store.key_for(library.papers_digest)
    docs = where / "docs.npy"
    if damage.startswith("truncate"):
        cut = where / f"{damage.split()[1]}.npy"
        cut.write_bytes(cut.read_bytes()[:-3])
    elif damage == "grown data":
        with open(where / "data.npy", "ab") as out:
            out.write(b"\0\0\0\0")
    elif damage == "format":
        meta = where / "meta.json"
        meta.write_text(meta.read_text(encoding="utf-8").replace(f'"format": "{store.FORMAT}"', '"format": "0"'), encoding="utf-8")
    elif damage == "garbage":
        docs.write_bytes(b"\x00not numpy at all")
    elif damage == "meta":
        (where / "meta.json").write_text("{", encoding="utf-8")
    elif damage == "missing":
        (where / "term_vectors.npy").unlink()
    else:
        np.save(where / "indptr.npy", np.zeros(3, dtype=np.int64))
    again = open_ranker(library)
    assert len(counted) == 2
    np.testing.assert_allclose(again.about("graph neural networks"), first.about("graph neural networks"), atol=1e-6)
    assert store.load(library.folder, library.papers_digest, len(library.papers)) is not None  # and saved sound again


def test_a_library_of_another_size_does_not_load(library: Library, counted: list[int]) -> None:
    open_ranker(library)
    assert store.load(library.folder, library.papers_digest, len(library.papers) + 1) is None


def test_in_memory_and_unsaved_builds_write_nothing(library: Library, counted: list[int]) -> None:
    Ranker.load_or_build(None, "d", library.papers)
    Ranker.load_or_build(library.folder, library.papers_digest or "", library.papers, save=False)
    assert not (library.folder / store.RANKING_DIR).exists()


def test_a_stop_raises_cancelled_and_saves_nothing(library: Library, counted: list[int]) -> None:
    with pytest.raises(Cancelled):
        Ranker.load_or_build(library.folder, library.papers_digest or "", library.papers, should_stop=lambda: True)
    assert counted == [] and not (library.folder / store.RANKING_DIR).exists()


def test_progress_ends_at_one(library: Library) -> None:
    seen: list[float] = []
    Ranker.load_or_build(None, "d", library.papers, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) >= 3


def test_the_build_in_a_worker_process_is_saved_and_loaded(library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.core.ranking import engine

    here = Ranker.load_or_build(None, "d", library.papers)
    monkeypatch.setattr(engine, "WORKER_FROM", 1)
    seen: list[float] = []
    there = Ranker.load_or_build(library.folder, library.papers_digest or "", library.papers, progress=seen.append)
    assert isinstance(there.matrices.docs, np.ndarray) and saved(library.folder) == [store.key_for(library.papers_digest or "")]
    np.testing.assert_allclose(there.about("graph neural networks"), here.about("graph neural networks"), atol=1e-5)
    assert seen[-1] == 1.0 and any(0.1 < share < 1.0 for share in seen)  # the worker's progress came back
    back = Ranker.load_or_build(None, "d", library.papers)  # in memory: the matrices come back through the pipe
    np.testing.assert_allclose(back.matrices.docs, here.matrices.docs, atol=1e-5)


def test_a_worker_that_dies_means_a_build_here(library: Library, counted: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.core.ranking import engine, worker

    def dead(*args, **kwargs):
        raise RuntimeError("the ranking build stopped (exit code -9)")

    monkeypatch.setattr(engine, "WORKER_FROM", 1)
    monkeypatch.setattr(worker, "build_elsewhere", dead)
    ranker = open_ranker(library)
    assert counted == [len(library.papers)] and ranker.size == len(library.papers)
    assert saved(library.folder) == [store.key_for(library.papers_digest or "")]


def test_a_stop_while_the_worker_builds_kills_it(library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    from tui.core.ranking import engine

    monkeypatch.setattr(engine, "WORKER_FROM", 1)
    asked: list[int] = []

    def stop_later() -> bool:
        asked.append(1)
        return len(asked) > 2  # after the texts are sent, while the worker builds

    with pytest.raises(Cancelled):
        Ranker.load_or_build(library.folder, library.papers_digest or "", library.papers, should_stop=stop_later)
    assert not multiprocessing.active_children()
    assert not (library.folder / store.RANKING_DIR).exists() or saved(library.folder) == []
