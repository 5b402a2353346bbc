"""Pilot tests of citing in the app: the `c` copy menu, BibTeX/CSL-JSON/RIS from the export dialog, the `K` key edit."""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import pytest
import rispy
from textual.widgets import Input, OptionList

import tui.ui.library.clipboard as clipboard
import tui.ui.library.exporting as exporting
from tests.conftest import FIXTURES
from tests.ui.pilot import notices, settle, text_of
from tui.core.ingest.readers import read_import
from tui.core.library import Library
from tui.core.usecases.cite import formatted_references, set_key
from tui.ui.screens.copy_menu import CopyMenu
from tui.ui.screens.export_dialog import ExportDialog
from tui.ui.screens.key_dialog import KeyDialog
from tui.ui.widgets.paper_list import PaperList

PMLR = FIXTURES / "pmlr_l4dc2026.bib"


@pytest.fixture
def copied(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    texts: list[str] = []
    monkeypatch.setattr(clipboard, "system_copy", texts.append)
    return texts


@pytest.fixture
def documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "Documents"
    monkeypatch.setattr(exporting, "export_folder", lambda: folder)
    return folder


def painted(app) -> str:
    """The characters on screen now, as the terminal shows them (a screenshot's text)."""
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot())).replace("\xa0", " ")


async def open_on(app, pilot, pid: str) -> None:
    """Once the app has settled, the highlight on paper `pid` and the pane showing it."""
    await settle(app, pilot)
    papers = app.screen.query_one(PaperList)
    papers.cursor = next(i for i, p in enumerate(papers.papers) if p.id == pid)
    await settle(app, pilot)


def pmlr_paper(library: Library, key: str = "chakraborty26b"):
    library.add_papers([read_import(PMLR)])
    return next(p for p in library.papers if p.citekey == key)


async def test_the_c_menu_copies_a_bibtex_entry_and_a_reference(make_app, library: Library, copied: list[str]) -> None:
    paper = pmlr_paper(library)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await open_on(app, pilot, paper.id)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CopyMenu)
        rows = [str(app.screen.query_one(OptionList).get_option_at_index(i).prompt) for i in range(5)]
        assert [r.split()[0] for r in rows] == ["t", "m", "b", "r", "k"]
        assert rows[3].endswith("(apa)") and rows[4].endswith(": chakraborty26b")
        await pilot.press("b")
        await settle(app, pilot)
        assert not isinstance(app.screen, CopyMenu)
        entries = bibtexparser.parse_string(copied[-1]).entries
        assert [e.key for e in entries] == ["chakraborty26b"]
        assert entries[0].fields_dict["title"].value == "Flickering Multi-Armed Bandits"
        assert "Copied the BibTeX entry." in notices(app)
        await pilot.press("c", "r")
        await settle(app, pilot)
        assert copied[-1].startswith("Chakraborty, S., Rege, A. K., Monteleoni, C., & Chen, L. (2026). Flickering Multi-Armed Bandits.")
        assert "Copied the reference (apa)." in notices(app)


async def test_the_menu_takes_arrows_and_enter_esc_copies_nothing_and_the_style_comes_from_the_settings(
    make_app, library: Library, copied: list[str],
) -> None:
    from tui.core.config import Settings

    paper = pmlr_paper(library)
    app = make_app(settings=Settings(cite_style="ieee"))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_on(app, pilot, paper.id)
        await pilot.press("c", "escape")
        await settle(app, pilot)
        assert copied == [] and not isinstance(app.screen, CopyMenu)
        await pilot.press("c", "down", "down", "down", "enter")  # the fourth entry: the reference
        await settle(app, pilot)
        assert copied == formatted_references([(paper, None)], "ieee")
        assert copied[0].startswith("S. Chakraborty, A. K. Rege")
        await pilot.press("c", "end", "enter")
        await settle(app, pilot)
        assert copied[-1] == "chakraborty26b"
        await pilot.press("C")  # still the Markdown with notes, at once
        await settle(app, pilot)
        assert copied[-1].startswith("## Flickering Multi-Armed Bandits") and "Key: chakraborty26b" in copied[-1]


async def test_an_author_less_bundled_paper_copies_a_reference_with_its_title_once(make_app, library: Library, copied: list[str]) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("c", "r")
        await settle(app, pilot)
        title = library.papers[0].shown_title
        assert copied == [f"{title}. (n.d.)."]


async def test_the_export_dialog_writes_bibtex_that_reads_back(make_app, library: Library, documents: Path) -> None:
    library.add_papers([read_import(PMLR)])
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        await pilot.press("slash", *"venue:l4dc", "enter")
        await settle(app, pilot)
        shown = list(app.screen.query_one(PaperList).papers)
        assert len(shown) == 106
        await pilot.press("x")
        await pilot.pause()
        await pilot.click("#scope-view")
        path_box = app.screen.query_one("#export-path", Input)
        assert path_box.value.endswith(".md")
        await pilot.click("#format-bibtex")
        await pilot.pause()
        assert path_box.value.endswith(".bib") and "paperdesk-references-" in path_box.value
        path_box.value = str(documents / "mine.md")  # the reader's own name: its suffix still follows the format
        await pilot.click("#format-ris")
        await pilot.click("#format-bibtex")
        await pilot.pause()
        assert path_box.value == str(documents / "mine.bib")
        await pilot.click("#export-go")
        await settle(app, pilot)
        out = documents / "mine.bib"
        assert f"Exported 106 papers to {out}" in notices(app)
    written = bibtexparser.parse_string(out.read_text(encoding="utf-8"))
    source = {e.key: e for e in bibtexparser.parse_file(str(PMLR)).entries if e.entry_type.casefold() == "inproceedings"}
    assert {e.key for e in written.entries} == {p.citekey for p in shown} == set(source)
    for entry in written.entries:
        assert entry.fields_dict["title"].value == source[entry.key].fields_dict["title"].value


async def test_the_palette_offers_csl_json_and_ris_exports(make_app, library: Library, documents: Path) -> None:
    paper = pmlr_paper(library)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on(app, pilot, paper.id)
        for query, fmt, suffix in (("ris", "ris", ".ris"), ("csl", "csl-json", ".json")):
            await pilot.press("ctrl+p", *query)
            await pilot.pause(0.3)
            await pilot.press("enter")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, ExportDialog) and dialog.fmt == fmt
            await pilot.click("#scope-current")
            await pilot.pause()
            assert dialog.query_one("#export-path", Input).value == str(documents / f"Flickering Multi-Armed Bandits{suffix}")
            await pilot.click("#export-go")
            await settle(app, pilot)
    ris = rispy.loads((documents / "Flickering Multi-Armed Bandits.ris").read_text(encoding="utf-8"))
    assert [r["id"] for r in ris] == ["chakraborty26b"]
    csl = json.loads((documents / "Flickering Multi-Armed Bandits.json").read_text(encoding="utf-8"))
    assert [c["citation-key"] for c in csl] == ["chakraborty26b"] and csl[0]["author"][0]["family"] == "Chakraborty"


@pytest.mark.parametrize(("query", "names"), [
    ("cite", {"Copy…", "Copy BibTeX entry", "Copy formatted reference", "Copy citation key", "Edit citation key…", "Export to BibTeX…"}),
    ("bib", {"Copy BibTeX entry", "Export to BibTeX…"}),
    ("ris", {"Export to RIS…"}),
])
async def test_the_palette_finds_citing_under_cite_bib_and_ris(make_app, library: Library, query: str, names: set[str]) -> None:
    from tui.ui.palette import action_entries, ranked_hits

    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)

        class Probe:  # what ranked_hits asks of a provider: its matcher
            def matcher(self, text):
                from textual.command import Matcher

                return Matcher(text)

        found = {hit.text for hit in ranked_hits(Probe(), query, action_entries(app.screen))}  # type: ignore[arg-type]
        assert names <= found, found


async def test_k_edits_the_citation_key_and_refuses_a_clash(make_app, library: Library, library_dir: Path) -> None:
    paper = pmlr_paper(library)
    other = next(p for p in library.papers if p.citekey == "nath26")
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await open_on(app, pilot, paper.id)
        assert "key:chakraborty26b" in text_of(app, "#reader-meta")
        await pilot.press("K")
        await pilot.pause()
        assert isinstance(app.screen, KeyDialog)
        box = app.screen.query_one("#key-input", Input)
        assert box.value == "chakraborty26b" and box.cursor_position == len("chakraborty26b")
        await pilot.press("ctrl+u", *"bad key", "enter")
        await pilot.pause()
        assert isinstance(app.screen, KeyDialog) and "Not a key BibTeX can read" in text_of(app, "#key-error")
        await pilot.press("ctrl+u", *"nath26", "enter")  # another paper's key
        await settle(app, pilot)
        assert not isinstance(app.screen, KeyDialog)
        assert f"nath26: paper {other.id} ({other.shown_title[:49]}…) holds this key; nothing changed" in notices(app)
        assert library.get(paper.id).citekey == "chakraborty26b"
        await pilot.press("K", "ctrl+u", *"flicker2026", "enter")
        await settle(app, pilot)
        assert library.get(paper.id).citekey == "flicker2026" and library.get(other.id).citekey == "nath26"
        assert app.screen.query_one(PaperList).current.id == paper.id
        assert "key:flicker2026" in text_of(app, "#reader-meta")
        assert f"{paper.id}  key chakraborty26b → flicker2026" in notices(app)
        await pilot.press("slash", *"key:flicker", "enter")  # the index knows the new key
        await settle(app, pilot)
        assert [p.id for p in app.screen.query_one(PaperList).papers] == [paper.id]
    with Library.open(library_dir, read_only=True) as again:
        assert again.get(paper.id).citekey == "flicker2026"


async def test_a_hostile_title_and_key_are_never_markup(make_app, library: Library, tmp_path: Path, copied: list[str]) -> None:
    source = tmp_path / "evil.bib"
    source.write_text("@article{evil, title={[bold red]Evil[/] [link=x]y [/link}, author={Ann Bee}, year={2020}}\n", encoding="utf-8")
    library.add_papers([read_import(source)])
    paper = next(p for p in library.papers if p.citekey == "evil")
    set_key(library, paper.id, "[red]k[/red]")
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await open_on(app, pilot, paper.id)
        assert "key:[red]k[/red]" in text_of(app, "#reader-meta")
        await pilot.press("c")
        await pilot.pause()
        assert "its citation key: [red]k[/red]" in painted(app)
        await pilot.press("k")
        await settle(app, pilot)
        assert copied == ["[red]k[/red]"] and "Copied the citation key [red]k[/red]." in notices(app)
        await pilot.press("K")
        await pilot.pause()
        assert "Citation key of [bold red]Evil[/] [link=x]y [/link" in painted(app)
        assert app.screen.query_one("#key-input", Input).value == "[red]k[/red]"
        await pilot.press("escape", "c", "r")
        await settle(app, pilot)
        assert copied[-1].startswith("Bee, A. (2020). [bold red]Evil[/] [link=x]y [/link.")
        assert app.is_running


async def test_the_copy_menu_copies_no_terminal_control_and_the_key_edit_refuses_one(
    make_app, library: Library, library_dir: Path, tmp_path: Path, copied: list[str]
) -> None:
    """Issue 41: an OSC 52 sequence in an RIS record's title must not reach the clipboard (the app may pass the text
    through the terminal as OSC 52 itself); a key holding an ESC is refused by the `K` dialog, nothing stored."""
    import re

    source = tmp_path / "evil.ris"
    source.write_text("TY  - JOUR\nID  - evil2020\nTI  - Evil\x1b]52;c;ZXZpbA==\x07 {lone title\nAU  - Bee, Ann\x07\nPY  - 2020\n"
                      "AB  - An abstract\x1b[2J.\nER  - \n", encoding="utf-8")
    library.add_papers([read_import(source)])
    paper = next(p for p in library.papers if p.citekey == "evil2020")
    acting = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await open_on(app, pilot, paper.id)
        for key in ("b", "t", "m", "r", "k"):
            await pilot.press("c", key)
            await settle(app, pilot)
            assert copied and not acting.search(copied[-1]), (key, copied[-1])
        entry = bibtexparser.parse_string(copied[-5]).entries[0]
        assert entry.key == "evil2020" and entry.fields_dict["title"].value == r"Evil \textbraceleft{}lone title"
        await pilot.press("K")
        await pilot.pause()
        app.screen.query_one("#key-input", Input).value = "evil\x1b]52;c;ZXZpbA==\x07"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, KeyDialog) and "control character" in text_of(app, "#key-error")
        await pilot.press("escape")
        await settle(app, pilot)
    with Library.open(library_dir, read_only=True) as again:
        assert again.get(paper.id).citekey == "evil2020"
