"""A sync keeps the reader's own text in a vault file (outside what paperdesk writes) when the paper changes in the library."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.test_sync import DAY1, DAY2, edit, file_of, notes_files
from tui.core.export.markdown import Entry, render_paper_file
from tui.core.export.notes_import import parse_note_text
from tui.core.ingest.parsed import ParsedFile
from tui.core.library import Library
from tui.core.models import Annotation, Highlight, Paper
from tui.core.usecases.sync import sync_vault

UNDER_TITLE = "My one-line summary, under the title."
AFTER_ABSTRACT = "A paragraph of my own after the abstract.\n\n> a quote of mine, not the abstract's"
OWN_SECTION = "## My take\n\nThe reader's own section.\n\n> quoted from elsewhere"


def _write_prose(path: Path) -> None:
    """The reader adds text in three places paperdesk neither writes nor reads."""
    text = path.read_text(encoding="utf-8")
    title_line = next(line for line in text.split("\n") if line.startswith("# "))
    edit(path, title_line + "\n", f"{title_line}\n\n{UNDER_TITLE}\n")
    edit(path, "\n## Notes\n", f"\n{AFTER_ABSTRACT}\n\n{OWN_SECTION}\n\n## Notes\n")


def _assert_prose(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for own in (UNDER_TITLE, AFTER_ABSTRACT, OWN_SECTION):
        assert text.count(own) == 1, (own, text)
    assert text.index(UNDER_TITLE) < text.index("## Abstract") < text.index(AFTER_ABSTRACT) < text.index(OWN_SECTION) < text.index("## Notes")


def test_a_paper_renamed_in_the_library_keeps_the_readers_prose_in_its_file(lib: Library, tmp_path: Path) -> None:
    """The rename (and a note changed in the app) rewrite the file: paperdesk's parts change, the reader's stay where they were."""
    vault = tmp_path / "vault"
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="first thoughts")
    sync_vault(lib, vault, now=DAY1)
    _write_prose(file_of(vault, pid))
    lib.save_annotation(pid, title="A Better Title")
    report = sync_vault(lib, vault, now=DAY2)
    assert report.written == 1 and list(notes_files(vault)) == ["A Better Title.md"]
    path = vault / "A Better Title.md"
    assert "\n# A Better Title\n" in path.read_text(encoding="utf-8")
    _assert_prose(path)
    assert not sync_vault(lib, vault, now=DAY2).changed  # the file as written is in step
    lib.save_annotation(pid, notes="second thoughts", highlights=[Highlight("Abstract number 0")])
    sync_vault(lib, vault, now=DAY2)
    _assert_prose(path)
    note = parse_note_text(path.read_text(encoding="utf-8"), path)
    assert note.notes == "second thoughts" and note.highlights == [("Abstract number 0", "")]
    assert lib.annotation(pid).notes == "second thoughts"  # the prose never came into the library


def test_new_paper_data_leaves_a_file_the_reader_edited_as_they_wrote_it(lib: Library, tmp_path: Path) -> None:
    """Guards the sync's "untouched" check: new data for the paper (a re-import brings its year and DOI)
    refreshes only files nobody edited since paperdesk wrote them."""
    vault = tmp_path / "vault"
    paper = lib.papers[0]
    lib.save_annotation(paper.id, notes="first thoughts")
    sync_vault(lib, vault, now=DAY1)
    path = file_of(vault, paper.id)
    _write_prose(path)
    edited = path.read_bytes()
    again = Paper(paper.id, paper.abstract, paper.list, year="2024", doi="10.1/new")
    (merge,) = lib.add_papers([ParsedFile(Path("again.json"), "json", "Imported", [again])])
    assert merge.updated == 1 and lib.get(paper.id).doi == "10.1/new"
    report = sync_vault(lib, vault, now=DAY2)
    assert report.written == 0 and path.read_bytes() == edited
    _assert_prose(path)


def _entry(highlights: tuple[Highlight, ...] = ()) -> Entry:
    paper = Paper("abcdefabcdef", "An abstract\nin two lines.", "L", title="A Title")
    return Entry(paper, Annotation(paper.id, notes="the notes", highlights=highlights))


def test_own_text_is_what_paperdesk_does_not_write_and_a_rewrite_puts_it_back() -> None:
    written = render_paper_file(_entry(), DAY1)
    assert parse_note_text(written, Path("x.md")).own_text == ()
    title = "# A Title\n"
    text = written.replace(title, f"Before the title.\n\n{title}\n{UNDER_TITLE}\n").replace(
        "\n## Notes\n", f"\n{AFTER_ABSTRACT}\n\n{OWN_SECTION}\n\n## Notes\n"
    )
    own = parse_note_text(text, Path("x.md")).own_text
    assert own == (("start", "Before the title."), ("title", UNDER_TITLE), ("abstract", f"{AFTER_ABSTRACT}\n\n{OWN_SECTION}"))
    assert render_paper_file(_entry(), DAY1, own=own) == text  # back where it was, paperdesk's parts as it writes them
    # A highlight added in the app gets its section after the abstract, and the reader's text stays before it.
    marked = render_paper_file(_entry((Highlight("An abstract"),)), DAY1, own=own)
    assert marked.index(AFTER_ABSTRACT) < marked.index("## Highlights")
    assert parse_note_text(marked, Path("x.md")).own_text == own
    # Text the reader wrote under the highlights goes after the abstract once they are all removed.
    under = (("highlights", "Said under the highlights."),)
    assert parse_note_text(render_paper_file(_entry(), DAY1, own=under), Path("x.md")).own_text == (("abstract", under[0][1]),)


_LINES = st.sampled_from(["", "prose", "# a heading", "## My part", "### deeper", "> quoted", "— a dash", "  indented", "---", "$x$ [link](y)"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["start", "title", "abstract", "highlights"]), st.lists(_LINES, min_size=1, max_size=5)), max_size=4), st.booleans())
def test_a_second_rewrite_gives_the_same_file(runs: list[tuple[str, list[str]]], highlighted: bool) -> None:
    """Whatever the reader wrote where, the file a sync writes reads back to the same own text (the next sync writes nothing new)."""
    entry = _entry((Highlight("An abstract"),) if highlighted else ())
    own = parse_note_text(render_paper_file(entry, DAY1, own=tuple((a, "\n".join(lines)) for a, lines in runs)), Path("x.md")).own_text
    written = render_paper_file(entry, DAY1, own=own)
    note = parse_note_text(written, Path("x.md"))
    assert render_paper_file(entry, DAY1, own=note.own_text) == written
    assert (note.notes, note.title) == ("the notes", "A Title") and len(note.highlights or ()) == highlighted


def test_a_first_sync_over_an_export_refreshes_the_paper_and_keeps_the_readers_prose(lib: Library, tmp_path: Path) -> None:
    """No sync state yet: an exported file whose values nobody edited is refreshed with the paper's new data, prose and all."""
    from tui.core.export.markdown import annotated_entries, library_id
    from tui.core.export.writing import write_per_paper
    from tui.core.usecases.sync import library_key

    vault = tmp_path / "vault"
    paper = lib.papers[0]
    lib.save_annotation(paper.id, notes="first thoughts")
    write_per_paper(vault, annotated_entries(lib.papers, lib.annotations()), library=library_id(library_key(lib)))
    path = file_of(vault, paper.id)
    _write_prose(path)
    lib.add_papers([ParsedFile(Path("again.json"), "json", "Imported", [Paper(paper.id, paper.abstract, paper.list, doi="10.1/new")])])
    report = sync_vault(lib, vault, now=DAY2)
    assert report.written == 1 and parse_note_text(path.read_text(encoding="utf-8"), path).front_matter["doi"] == "10.1/new"
    _assert_prose(path)
