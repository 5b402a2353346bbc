"""Pilot tests: the LaTeX-aware reading pane, `o` to open links, and importing from the app."""

from __future__ import annotations

import json
import webbrowser
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from tests.conftest import FIXTURES
from tests.ui.pilot import settle, text_of
from tui.core.ingest.readers import read_import
from tui.core.library import Library
from tui.ui.app import PaperdeskApp
from tui.ui.library import open_link
from tui.ui.rich_runs import rendered_text
from tui.ui.screens.import_dialog import ImportDialog
from tui.ui.widgets.highlight import highlight_words
from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.reader import Reader


def go_to(app: PaperdeskApp, pid: str) -> None:
    papers = app.screen.query_one(PaperList)
    papers.cursor = next(i for i, p in enumerate(papers.papers) if p.id == pid)


async def test_reader_shows_metadata_rendered_math_and_code(make_app, library: Library) -> None:
    library.add_papers([read_import(FIXTURES / "small.bib")])
    smith = library.papers[-2]
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        go_to(app, smith.id)
        await pilot.pause()
        meta = text_of(app, "#reader-meta").splitlines()
        assert meta == [
            "Hans Müller, Paul Erdős, Barnes and Noble",
            "Journal of Tests · 2020 · small",
            f"key:{smith.citekey}  doi:10.1000/XYZ123  https://example.org/paper",
        ]
        body = " ".join(text_of(app, "#reader-abstract").split())
        assert "We study α ∈ [0,1] and show 𝒪(1/√T) rates for sparse models." in body
        assert "https://github.com/example/repo" in body and "\\url" not in body
        assert text_of(app, "#reader-links") == "Code: https://github.com/example/repo"
        assert library.get(smith.id).abstract.startswith(r"We study $\alpha")  # stored text untouched


async def test_highlights_mark_words_in_the_rendered_abstract(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)  # the pane's own first draw is done
        paper = library.papers[0]
        app.screen.query_one(Reader).show(paper, library.annotation(paper.id), highlights=["deep", "NETWORKS"])
        await pilot.pause()
        text = app.screen.query_one("#reader-abstract", Static).content
        style = app.screen.query_one(Reader).get_component_rich_style("reader--match")
        marked = {str(text)[s.start : s.end].lower() for s in text.spans if s.style == style}
        assert marked == {"deep", "networks"}


def test_highlight_helper_on_runs() -> None:
    from tui.core.render.latex import render

    text = highlight_words(rendered_text(render(r"Alpha $\alpha$ and ALPHA")), ["alpha", "α"], "bold red")
    spans = sorted((s.start, s.end) for s in text.spans if s.style == "bold red")
    assert spans == [(0, 5), (6, 7), (12, 17)]


async def test_narrow_terminal_wraps_and_scrolls(make_app, library: Library) -> None:
    long = " ".join(["A long abstract with math $x_i^2$ that keeps going."] * 80)
    library.add_papers([read_import_text(long)])
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.press("G", "tab")
        reader = app.screen.query_one(Reader)
        await pilot.pause()
        assert reader.max_scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert reader.scroll_y == reader.max_scroll_y > 0
        part = app.screen.query_one("#reader-abstract", Static)
        assert part.size.height > 60 and part.size.width <= reader.size.width  # stacked at 60 columns: ~55 wide


def read_import_text(abstract: str):
    from tui.core.ingest.parsed import ParsedFile
    from tui.core.models import Paper, paper_id

    return ParsedFile(Path("t.json"), "json", "T", [Paper(paper_id(abstract), abstract, "T")])


async def test_o_opens_the_papers_url(make_app, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr(open_link, "gui_browser_available", lambda: True)
    monkeypatch.setattr(webbrowser, "open", lambda url, *a, **k: opened.append(url) or True)
    library.add_papers([read_import(FIXTURES / "papers.json")])
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("G")  # Gamma: title only, no link
        await pilot.press("o")
        await pilot.pause()
        assert opened == [] and any("no web (http/https) link" in str(n.message) for n in app._notifications)
        await pilot.press("k", "k", "o")  # Alpha: has a URL, an arXiv page, so a PDF too: `o` offers both
        await pilot.pause()
        await pilot.press("p")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert opened == ["https://arxiv.org/abs/0001"]


async def test_o_without_a_browser_copies_the_link(make_app, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(open_link, "gui_browser_available", lambda: False)
    monkeypatch.setattr(webbrowser, "open", lambda *a, **k: pytest.fail("must not start a console browser"))
    library.add_papers([read_import(FIXTURES / "small.bib")])
    app = make_app()
    copied: list[str] = []
    monkeypatch.setattr(app, "copy_to_clipboard", copied.append)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("G", "k", "o")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert copied == ["https://example.org/paper"]


async def test_import_from_the_app_shows_the_papers(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("i")
        assert isinstance(app.screen, ImportDialog)
        app.screen.query_one(Input).value = str(FIXTURES / "pmlr_l4dc2026.bib")
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "106 papers added, 0 merged, 0 skipped" in text_of(app, "#import-result")
        await pilot.press("escape")
        await pilot.pause()
        papers = app.screen.query_one(PaperList)
        assert len(papers.papers) == 33 + 106
        assert "139 papers" in text_of(app, "#list-header")
        await pilot.press("G")
        assert text_of(app, "#reader-title") == "Central Limit Theorems for Asynchronous Averaged Q-Learning"
    stored = json.loads((library.folder / "papers.json").read_text())
    titles = {doc.get("title") for doc in stored["papers"].values()}
    assert "Flickering Multi-Armed Bandits" in titles and len(stored["papers"]) == 139


async def test_import_from_the_command_palette(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"import papers")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ImportDialog)


async def test_tab_completes_the_path(make_app, library: Library, tmp_path: Path) -> None:
    (tmp_path / "my-references.bib").write_text("@article{a, title={Completed Paper}}")
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("i")
        field = app.screen.query_one(Input)
        field.value = str(tmp_path / "my-")
        for _ in range(20):
            await pilot.pause(0.05)
            if field._suggestion:
                break
        await pilot.press("tab")
        assert field.value == str(tmp_path / "my-references.bib")
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "1 paper added" in text_of(app, "#import-result")
    assert library.papers[-1].title == "Completed Paper"


async def test_a_bad_file_in_the_app_imports_nothing(make_app, library: Library) -> None:
    before = list(library.papers)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("i")
        app.screen.query_one(Input).value = str(FIXTURES / "truncated.json")
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "is not valid JSON" in text_of(app, "#import-result")
        assert app.is_running
    assert library.papers == before


async def test_a_title_only_paper_reads_as_such(make_app, library: Library) -> None:
    library.add_papers([read_import(FIXTURES / "small.bib")])
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("G")
        assert text_of(app, "#reader-title") == "Only a Title Here"
        assert text_of(app, "#reader-abstract") == "(no abstract)"
        only_title = library.papers[-1]
        assert text_of(app, "#reader-meta").splitlines() == ["Jane Doe", "Proceedings of Somewhere · 2021 · small", f"key:{only_title.citekey}"]
        assert not app.screen.query_one("#reader-links", Static).display


async def test_a_notes_export_typed_into_the_dialog_restores_the_notes(make_app, library: Library, tmp_path: Path) -> None:
    """The dialog imports what `paperdesk import` imports: a per-paper notes folder gives back notes, not papers."""
    from tui.core.export.markdown import annotated_entries
    from tui.core.export.writing import write_per_paper

    first, second = library.papers[0].id, library.papers[1].id
    library.save_annotation(first, notes="kept in the vault", rating=4, status="read")
    library.save_annotation(second, notes="second thoughts", rating=2)
    vault = tmp_path / "vault"
    write_per_paper(vault, annotated_entries(library.papers, library.annotations()))
    for pid in (first, second):
        library.save_annotation(pid, notes="", rating=0, status="unread")
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        assert "read 0" in text_of(app, "#progress")
        await pilot.press("i")
        app.screen.query_one(Input).value = str(vault)
        await pilot.press("enter")
        await settle(app, pilot)
        assert "notes: 2 updated" in text_of(app, "#import-result")
        await pilot.press("escape")
        await settle(app, pilot)
        assert len(app.screen.query_one(PaperList).papers) == 33  # no junk papers
        assert "read 1" in text_of(app, "#progress") and "rated 2" in text_of(app, "#progress")
        assert "★★★★" in text_of(app, "#reader-annotation")
    assert library.annotation(first).notes.strip() == "kept in the vault" and library.annotation(second).rating == 2
