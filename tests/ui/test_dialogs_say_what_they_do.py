"""The import, export and save-view dialogs do what they show: a report that scrolls at 60x15, the export
cursor on the chosen option, toasts that keep CJK characters, and a save-view dialog that never closes silently."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandPalette
from textual.containers import VerticalScroll
from textual.widgets import Input, RadioSet

import tui.ui.library.exporting as exporting
from tests.conftest import FIXTURES
from tests.ui.pilot import settle, text_of, type_text
from tui.core.library import Library
from tui.core.usecases.imports import import_paths
from tui.ui.screens.export_dialog import ExportDialog
from tui.ui.screens.import_dialog import ImportDialog
from tui.ui.screens.save_view import SaveViewScreen
from tui.ui.widgets.filter_bar import FilterInput

CJK_TITLE = "b Bold b 深度学习の研究"


@pytest.fixture
def documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "Documents"
    monkeypatch.setattr(exporting, "export_folder", lambda: folder)
    return folder


def screen_lines(app) -> list[str]:
    """The screen as the compositor paints it, toasts included, one string per line."""
    return ["".join(segment.text for segment in strip) for strip in app.screen._compositor.render_strips()]


async def test_the_import_report_scrolls_at_60x15(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(60, 15)) as pilot:
        await settle(app, pilot)
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, ImportDialog)
        app.screen.query_one(Input).value = str(FIXTURES / "small.bib")
        await pilot.press("enter")
        await settle(app, pilot)
        report = text_of(app, "#import-result")
        assert "small.bib: 2 papers added, 0 merged, 3 skipped" in report
        box = app.screen.query_one("#import-box", VerticalScroll)
        assert box.region.bottom <= 15 and box.max_scroll_y > 0  # taller than the screen: it scrolls
        await pilot.press("pagedown", "pagedown", "pagedown")
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y
        result = app.screen.query_one("#import-result")
        assert result.region.bottom <= box.region.bottom  # the report's last line is on screen


async def test_the_export_cursor_starts_on_the_chosen_option(make_app, library: Library, documents: Path) -> None:
    for paper in library.papers[:3]:
        library.save_annotation(paper.id, rating=4)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("x")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExportDialog) and dialog.scope == "annotated"
        what = dialog.query_one("#export-what", RadioSet)
        assert what.query_one("#scope-annotated").has_class("-selected")
        await pilot.press("up", "enter")  # the option above the chosen one, as shown
        await pilot.pause()
        assert dialog.scope == "view"


async def test_an_export_toast_keeps_its_cjk_characters(make_app, library: Library, documents: Path, tmp_path: Path) -> None:
    bib = tmp_path / "cjk.bib"
    bib.write_text(f"@article{{cjk, title = {{{CJK_TITLE}}}, author = {{Li, Wei}}, year = {{2025}}}}\n", encoding="utf-8")
    import_paths(library, [bib])
    for width in (100, 104):  # widths where the list's edges cut the toast's second line
        app = make_app()
        async with app.run_test(size=(width, 24), notifications=True) as pilot:
            await settle(app, pilot)
            await pilot.press("G", "x")
            await pilot.pause()
            await pilot.press("tab", "tab", "enter")
            await settle(app, pilot)
            await pilot.press("y")  # the second width overwrites the first's file
            await settle(app, pilot)
            await pilot.pause(0.3)
            toast = [line for line in screen_lines(app) if ".md" in line]
            assert toast and any("深度学习の研究.md" in line for line in toast), (width, toast)


async def test_save_view_never_closes_silently(make_app, library: Library) -> None:
    library.save_view("graphs", "graph")
    app = make_app()
    async with app.run_test(size=(120, 36), notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("slash")
        await type_text(pilot, "spars")
        await settle(app, pilot)
        await pilot.press("ctrl+b")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SaveViewScreen)
        name = dialog.query_one("#save-view-name", Input)
        name.value = "   "
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog and "needs a name" in text_of(app, "#save-view-message")
        # An existing name asks first; Enter again replaces it.
        name.value = "graphs"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog and "exists" in text_of(app, "#save-view-message")
        assert library.views() == {"graphs": "graph"}
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.screen is not dialog and library.views() == {"graphs": "spars"}
        # A 300-character name is saved whole but shown capped: one line per palette entry.
        app.screen.query_one(FilterInput).focus()
        await pilot.press("ctrl+b")
        await pilot.pause()
        app.screen.query_one("#save-view-name", Input).value = "long " * 60
        await pilot.press("enter")
        await settle(app, pilot)
        long_name = ("long " * 60).strip()
        assert long_name in library.views()
        assert all(len(n.message) < 200 for n in app._notifications)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await type_text(pilot, "view long")
        await pilot.pause(0.5)
        assert isinstance(app.screen, CommandPalette)
        lines = [line for line in screen_lines(app) if "View: long" in line]
        assert len(lines) == 1 and "…" in lines[0]


async def test_the_save_view_dialog_dims_the_library(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("slash")
        await type_text(pilot, "graph")
        await settle(app, pilot)
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert isinstance(app.screen, SaveViewScreen)
        assert app.screen.styles.background.a < 1  # the library shows through, dimmed, as under the other dialogs


@pytest.mark.parametrize(
    ("keys", "shown", "dialog"),
    [
        (["d"], ["y Remove", "Keep"], "ConfirmRemove"),  # the paper carries a rating: removal asks first
        (["x"], ["Cancel"], "ExportDialog"),
        (["m"], ["Close"], "RelatedScreen"),
        (["ctrl+p"], ["Exit the command palette"], "CommandPalette"),  # Textual's: the library's footer lists its keys
    ],
)
async def test_a_dialogs_footer_lists_its_own_keys_not_the_librarys(
    make_app, library: Library, keys: list[str], shown: list[str], dialog: str
) -> None:
    """Under a dialog the library's footer ("d Remove", "Rate"...) stayed on screen although none of its keys worked."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("3")
        await settle(app, pilot)
        assert "Rate" in screen_lines(app)[-1]  # the library's own footer, before
        await pilot.press(*keys)
        await settle(app, pilot)
        assert type(app.screen).__name__ == dialog
        footer = screen_lines(app)[-1]
        for words in shown:
            assert words in footer, footer
        assert "Rate" not in footer and "Notes" not in footer, footer
        await pilot.press("escape")
        await settle(app, pilot)
        assert "Rate" in screen_lines(app)[-1]  # back on the library: its keys again

