"""Finding a paper by id prefix or query, tag edits, and edits that write their change-log entry."""

from __future__ import annotations

import pytest

from tests.conftest import annotation_files
from tui.core.errors import LibraryHeld, NotFound
from tui.core.library import Library, writable
from tui.core.models import Status
from tui.core.usecases import edit as edits


def test_id_prefix_resolution(library: Library) -> None:
    ids = [p.id for p in library.papers]
    pid = ids[0]
    assert edits.resolve_paper(library, pid).id == pid
    assert edits.resolve_paper(library, pid.upper()).id == pid
    unique = next(n for n in range(1, 13) if sum(i.startswith(pid[:n]) for i in ids) == 1)
    assert edits.resolve_paper(library, pid[:unique]).id == pid
    shared = next(d for d in "0123456789abcdef" if sum(i.startswith(d) for i in ids) > 1)
    with pytest.raises(NotFound) as ambiguous:
        edits.resolve_paper(library, shared)
    assert sorted(c.split("\t")[0] for c in ambiguous.value.candidates) == sorted(i for i in ids if i.startswith(shared))
    for text in ("", "xyz", "0" * 13, pid + "0"):
        with pytest.raises(NotFound):
            edits.resolve_paper(library, text)


def test_find_one_prefers_an_id_then_a_query(library: Library) -> None:
    lora = next(p for p in library.papers if p.abstract.startswith("Low-Rank Adaptation"))
    assert edits.find_one(library, lora.id[:8]).id == lora.id
    assert edits.find_one(library, '"Low-Rank Adaptation (LoRA) is a widely"').id == lora.id
    with pytest.raises(NotFound) as several:
        edits.find_one(library, "graph")
    assert len(several.value.candidates) > 1
    with pytest.raises(NotFound):
        edits.find_one(library, "qqqzzzxxx")


def test_a_long_candidate_list_is_cut(library: Library) -> None:
    with pytest.raises(NotFound) as many:
        edits.find_one(library, "the")
    if len(many.value.candidates) > edits.CANDIDATES_SHOWN:
        assert many.value.candidates[-1].startswith("… and ")


@pytest.mark.parametrize(
    ("tags", "ops", "expected"),
    [
        ((), ["+llm", "draft"], ("llm", "draft")),
        (("llm", "Draft"), ["-draft"], ("llm",)),
        (("llm",), ["+LLM"], ("llm",)),  # already there, whatever the case
        (("a",), ["+b,c", "-a"], ("b", "c")),
        (("a",), ["-missing"], ("a",)),
        ((), ["+  spaced   out  "], ("spaced out",)),
        ((), ["+"], ()),
    ],
)
def test_apply_tag_edits(tags, ops, expected) -> None:
    assert edits.apply_tag_edits(tags, ops) == expected


def test_parse_status_takes_unique_starts() -> None:
    assert edits.parse_status("READ") is Status.READ  # exact wins over "reading"
    assert edits.parse_status("skip") is Status.SKIPPED
    assert edits.parse_status("to") is Status.TO_READ
    for bad in ("rea", "done", ""):
        with pytest.raises(ValueError):
            edits.parse_status(bad)


def test_an_edit_that_changes_nothing_writes_nothing(library: Library) -> None:
    pid = library.papers[0].id
    edits.rate(library, pid, 3)
    before = annotation_files(library.folder)
    result = edits.rate(library, pid, 3)
    assert not result.changed and result.what == "rating already ★★★☆☆"
    assert annotation_files(library.folder) == before


def test_notes_append_on_a_new_line() -> None:
    assert edits.appended("", "x") == "x"
    assert edits.appended("a", "x") == "a\nx"
    assert edits.appended("a\n", "x") == "a\nx"


def test_writable_refuses_a_held_library_naming_the_pid(library: Library) -> None:
    with pytest.raises(LibraryHeld) as held:
        with writable(library.folder):
            pass
    assert held.value.pid == __import__("os").getpid()
    assert f"another paperdesk (PID {held.value.pid}) is using this library; nothing changed" in str(held.value)
