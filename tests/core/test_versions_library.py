"""Versions in a library: pairs a library main wrote holds twice, merged on request and split back, annotations whole."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import FIXTURES
from tui.core.errors import NotFound
from tui.core.ingest.versions import absorbed_ids
from tui.core.library import Library
from tui.core.models import Annotation, Highlight, Paper, Status
from tui.core.usecases import versions

LEGACY = FIXTURES / "versions" / "library_main"
PROCEEDINGS, PREPRINT = "360887e27a66", "511e210d4fa4"


@pytest.fixture
def legacy(tmp_path: Path) -> Path:
    folder = tmp_path / "lib"
    shutil.copytree(LEGACY, folder)
    return folder


def docs(lib: Library) -> dict[str, dict]:
    return {pid: a.to_doc() for pid, a in lib.annotations().items()}


def test_a_pair_main_stored_twice_is_found_merged_and_split_back(legacy: Path) -> None:
    with Library.open(legacy) as lib:
        before_papers = {p.id: p.to_doc() for p in lib.papers}
        before_notes = docs(lib)
        found = versions.pairs(lib)
        assert [(p.kept.id, p.other.id, p.reason) for p in found] == [(PROCEEDINGS, PREPRINT, "another version")]
        assert versions.merge(lib, found) == [f"merged {PREPRINT} into {PROCEEDINGS} (another version)"]
        assert lib.get(PREPRINT) is None and absorbed_ids(lib.get(PROCEEDINGS)) == [PREPRINT]  # type: ignore[arg-type]
        joined = lib.annotation(PROCEEDINGS)
        assert joined.notes == "proceedings note\n\npreprint note"
        assert (joined.rating, joined.status, joined.tags) == (4, Status.READING, ("causal", "ipw"))
        assert [h.text for h in joined.highlights] == ["Average Treatment Effect"]
        assert PREPRINT not in lib.annotations()
        assert versions.pairs(lib) == []
    with Library.open(legacy) as lib:  # as stored
        assert lib.annotation(PROCEEDINGS).notes == "proceedings note\n\npreprint note"
        line = versions.split(lib, lib.get(PROCEEDINGS))  # type: ignore[arg-type]
        assert line == f"split {PROCEEDINGS}: 1 version back as {PREPRINT}"
    with Library.open(legacy) as lib:
        assert docs(lib) == before_notes
        after = {p.id: p.to_doc() for p in lib.papers}
        assert after.keys() == before_papers.keys()
        for pid, doc in before_papers.items():
            assert {k: v for k, v in after[pid].items() if k != "seq"} == {k: v for k, v in doc.items() if k != "seq"}
        with pytest.raises(NotFound):
            versions.split(lib, lib.get(PROCEEDINGS))  # type: ignore[arg-type]


def test_what_was_written_after_the_merge_stays(legacy: Path) -> None:
    with Library.open(legacy) as lib:
        versions.merge(lib, versions.pairs(lib))
        lib.save_annotation(PROCEEDINGS, notes=lib.annotation(PROCEEDINGS).notes + "\nwritten later")
        versions.split(lib, lib.get(PROCEEDINGS))  # type: ignore[arg-type]
        assert lib.annotation(PROCEEDINGS).notes.endswith("written later")
        assert lib.annotation(PREPRINT).notes == "preprint note"


def test_a_kill_between_the_merges_two_writes_loses_nothing(legacy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with Library.open(legacy) as lib:
        before = docs(lib)

        def killed(*_: object) -> None:
            raise KeyboardInterrupt

        monkeypatch.setattr(Library, "replace_annotations", killed)
        with pytest.raises(KeyboardInterrupt):
            versions.merge(lib, versions.pairs(lib))
        monkeypatch.undo()
    with Library.open(legacy) as lib:
        versions.split(lib, lib.get(PROCEEDINGS))  # type: ignore[arg-type]
        assert docs(lib) == before


# -- merge then split never loses an annotation ----------------------------------------------------------

_words = st.text(alphabet="abc xyz\n", max_size=12)
_annotations = st.builds(
    lambda notes, rating, status, tags, hl: (notes, rating, status, tuple(dict.fromkeys(tags)), tuple(Highlight(t) for t in dict.fromkeys(hl))),
    _words, st.integers(0, 5), st.sampled_from(list(Status)), st.lists(st.sampled_from(["a", "b", "c"]), max_size=3),
    st.lists(st.sampled_from(["one", "two"]), max_size=2),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mine=st.none() | _annotations, theirs=st.none() | _annotations)
def test_merge_then_split_never_loses_an_annotation(tmp_path_factory: pytest.TempPathFactory, mine, theirs) -> None:
    folder = tmp_path_factory.mktemp("lib")
    shutil.copytree(LEGACY, folder, dirs_exist_ok=True)
    with Library.open(folder) as lib:
        for pid in (PROCEEDINGS, PREPRINT):
            lib.replace_annotations({pid}, {})
        for pid, fields in ((PROCEEDINGS, mine), (PREPRINT, theirs)):
            if fields is not None:
                notes, rating, status, tags, highlights = fields
                lib.save_annotation(pid, notes=notes, rating=rating, status=status, tags=tags, highlights=highlights)
        before = {pid: lib.annotations().get(pid) for pid in (PROCEEDINGS, PREPRINT)}
        versions.merge(lib, versions.pairs(lib))
        joined = lib.annotation(PROCEEDINGS)
        for one in (a for a in before.values() if a is not None):
            assert one.notes.strip() in joined.notes
            assert set(one.highlights) <= set(joined.highlights) and set(one.tags) <= set(joined.tags)
            assert joined.rating >= one.rating
        versions.split(lib, lib.get(PROCEEDINGS))  # type: ignore[arg-type]
        after = {pid: lib.annotations().get(pid) for pid in (PROCEEDINGS, PREPRINT)}
        assert {pid: _fields(a) for pid, a in after.items()} == {pid: _fields(a) for pid, a in before.items()}


def _fields(a: Annotation | None) -> tuple | None:
    return None if a is None or not a.is_annotated else (a.notes, a.rating, a.status, a.tags, a.highlights)


def test_import_of_a_version_then_split_gives_back_both(library_dir: Path) -> None:
    """A merge on import is split like any other: the absorbed record comes back under its own id."""
    from tui.core.usecases.imports import import_paths

    with Library.open(library_dir, seed=False) as lib:
        import_paths(lib, [FIXTURES / "versions" / "colt_proceedings.bib"])
        count = len(lib.papers)
        outcome = import_paths(lib, [FIXTURES / "versions" / "arxiv_records.json"])
        assert any("3 matched another version" in text for _, text in outcome.messages)
        assert len(lib.papers) == count
        merged = [p for p in lib.papers if absorbed_ids(p)]
        lib.save_annotation(merged[0].id, rating=3)
        for paper in merged:
            versions.split(lib, paper)
        assert len(lib.papers) == count + 3
        assert lib.annotation(merged[0].id).rating == 3
        titles = {p.title for p in lib.papers}
        assert "Majority-of-three: the simplest optimal learner" in titles
        assert all(not absorbed_ids(p) for p in lib.papers)
        assert isinstance(lib.papers[-1], Paper)


def test_undoing_an_import_splits_only_the_versions_it_brought(library_dir: Path) -> None:
    """A paper that absorbed a preprint in one import and a workshop version in the next: undoing the second
    gives back the workshop version only; redoing joins it again."""
    from tui.core.ingest.parsed import ParsedFile
    from tui.core.ingest.readers import read_import

    def parsed(path: Path) -> ParsedFile:
        found = read_import(path)
        return found[0] if isinstance(found, tuple) else found  # type: ignore[return-value]

    with Library.open(library_dir, seed=False) as lib:
        lib.add_papers([parsed(FIXTURES / "versions" / "colt_proceedings.bib")])
        lib.add_papers([parsed(FIXTURES / "versions" / "arxiv_records.json")])
        majority = "632d28811199"
        first = absorbed_ids(lib.get(majority))  # type: ignore[arg-type]
        workshop = Paper("feedc0ffee01", "A workshop abstract, its own words, long enough to be one.", "W",
                         title="Majority of Three: the Simplest Optimal Learners", year="2023", venue="ICML Workshop on Theory",
                         authors=("Ishaq Aden-Ali", "Kasper Green Larsen", "Nikita Zhivotovskiy"))
        reports = lib.add_papers([ParsedFile(Path("w.json"), "json", "W", [workshop])])
        assert reports[0].joined == [(majority, workshop.id)]
        assert absorbed_ids(lib.get(majority)) == [*first, workshop.id]  # type: ignore[arg-type]
        assert versions.undo_import(lib, reports[0].joined) == [f"split {majority}: 1 version back as {workshop.id}"]
        assert absorbed_ids(lib.get(majority)) == first and lib.get(workshop.id) is not None  # type: ignore[arg-type]
        assert versions.redo_import(lib, reports[0].joined) == [f"merged {workshop.id} into {majority} (another version)"]
        assert absorbed_ids(lib.get(majority)) == [*first, workshop.id] and lib.get(workshop.id) is None  # type: ignore[arg-type]
