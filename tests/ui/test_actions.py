"""The actions registry is the one place keys are described: bindings, help, palette and `[keys]` follow it."""

from __future__ import annotations

from collections import Counter

from textual.binding import Binding

from tui.ui.actions import ACTIONS, AREAS, binding_id, bindings_for, known_binding_ids
from tui.ui.app import PaperdeskApp
from tui.ui.library.screen import LibraryScreen
from tui.ui.screens.author import AuthorScreen
from tui.ui.screens.comment_dialog import CommentDialog
from tui.ui.screens.confirm import ConfirmOverwrite, ConfirmRemove, ConfirmRestore, ConfirmTrashRestore
from tui.ui.screens.copy_dialog import CopyDialog
from tui.ui.screens.copy_menu import CopyMenu
from tui.ui.screens.export_dialog import ExportDialog
from tui.ui.screens.help import FirstSteps, HelpScreen, help_areas
from tui.ui.screens.highlights_dialog import HighlightsDialog
from tui.ui.screens.import_dialog import ImportDialog
from tui.ui.screens.key_dialog import KeyDialog
from tui.ui.screens.link_menu import LinkMenu
from tui.ui.screens.list_dialog import ListNameDialog
from tui.ui.screens.refused import RefusedTyping
from tui.ui.screens.related import RelatedScreen
from tui.ui.screens.save_view import SaveViewScreen
from tui.ui.screens.stats import StatsScreen
from tui.ui.screens.tag_dialog import TagDialog
from tui.ui.screens.title_dialog import TitleDialog
from tui.ui.widgets.filter_bar import FilterInput
from tui.ui.widgets.notes import Notes
from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.reader import Reader
from tui.ui.widgets.triage_bar import TriageBar

OWNERS = {
    "app": PaperdeskApp, "library": LibraryScreen, "paper_list": PaperList, "reader": Reader, "notes": Notes,
    "filter": FilterInput, "help": HelpScreen, "first_steps": FirstSteps, "stats": StatsScreen, "import": ImportDialog,
    "export": ExportDialog, "confirm": ConfirmOverwrite, "confirm_remove": ConfirmRemove, "confirm_restore": ConfirmRestore,
    "confirm_trash_restore": ConfirmTrashRestore,
    "tags": TagDialog, "title": TitleDialog,
    "save_view": SaveViewScreen, "copy": CopyDialog, "list_name": ListNameDialog,
    "triage": TriageBar,
    "related": RelatedScreen, "comment": CommentDialog, "highlights": HighlightsDialog,
    "copy_menu": CopyMenu, "key": KeyDialog, "refused": RefusedTyping, "link_menu": LinkMenu, "author": AuthorScreen,
}


def test_every_binding_comes_from_the_registry() -> None:
    owners = {owner for action in ACTIONS for owner in action.owners}
    assert owners == set(OWNERS)
    for owner, cls in OWNERS.items():
        assert [b for b in cls.BINDINGS if isinstance(b, Binding)] == bindings_for(owner), owner


def test_ids_are_unique_and_stable() -> None:
    keyed = [a.id for a in ACTIONS if a.id]
    assert [ident for ident, n in Counter(keyed).items() if n > 1] == []
    assert binding_id("app.import_papers") == "import_papers" and binding_id("rate(5)") == "rate_5"
    assert {"rate_5", "notes", "quit_now", "filter_back", "first_steps_done"} <= known_binding_ids()
    assert "command_palette" not in known_binding_ids()  # documented in help, bound by Textual


def test_help_lists_every_keyed_action_of_an_area_once() -> None:
    app = PaperdeskApp()
    areas = help_areas(app)
    assert tuple(areas) == AREAS
    shown = {ident for rows in areas.values() for row in rows for ident in row.ident.split()}
    for action in ACTIONS:
        if action.area and action.keys and action.id and not action.id.startswith("rate_"):
            assert action.id in shown, action.id


def test_an_override_shows_in_help() -> None:
    app = PaperdeskApp()
    app.key_overrides = {"notes": "N"}
    [notes_row] = [row for row in help_areas(app)["Notes"] if row.ident == "notes"]
    assert notes_row.keys == ["N"]


def test_data_changing_palette_commands_are_marked() -> None:
    palette = {a.palette: a for a in ACTIONS if a.palette}
    assert palette["Rate 3 stars ★★★"].changes_data and palette["Undo"].changes_data
    assert palette["Set status: read"].changes_data
    assert not palette["Statistics"].changes_data and not palette["Sort by title"].changes_data


async def test_palette_only_commands_run_their_actions(make_app, library) -> None:
    from tests.ui.pilot import settle, type_text
    from tui.core.models import Status
    from tui.ui.widgets.paper_list import PaperList

    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        pid = app.screen.query_one(PaperList).current.id
        await pilot.press("ctrl+p")
        await type_text(pilot, "set status: skipped")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(app, pilot)
        assert library.annotation(pid).status is Status.SKIPPED
        await pilot.press("ctrl+p")
        await type_text(pilot, "sort by title")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.screen.filtering.sort == "title"
        assert "title" in str(app.screen.query_one("#list-header").render())
