"""The `[keys]` table: each bad value gets one warning line and its action keeps its default key.

One pilot test per kind of bad value (a name no key has, a key another
action has, a key the focused pane uses, two overrides on one key, Quit and
Esc), the keys in force in help, footer and first steps, the footer's group
hint, and a property over random tables.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from tests.ui.pilot import settle
from tests.ui.test_app_chrome import screen_text
from tui.core.config import Settings
from tui.core.library import Library
from tui.ui.actions import ACTIONS
from tui.ui.app import FIRST_STEPS_AFTER, PaperdeskApp
from tui.ui.keymap import check_keys, contexts, default_keys, keys_in_force, normal_key, owners, remappable
from tui.ui.screens.help import FirstSteps, HelpScreen
from tui.ui.widgets.key_hints import KeyHints
from tui.ui.widgets.paper_list import PaperList


def settings_warnings(app: PaperdeskApp) -> list[str]:
    """The lines about `[keys]` of the settings notice (one notice lists every problem, a line each)."""
    return [line for n in app._notifications for line in n.message.splitlines() if "keys." in line]


async def test_a_key_name_no_key_has_warns_and_keeps_the_default(make_app, library: Library) -> None:
    app = make_app(settings=Settings(keys={"notes": "ctrl+shift+banana"}))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        [warning] = settings_warnings(app)
        assert "keys.notes" in warning and "ctrl+shift+banana" in warning and "notes keeps n" in warning
        assert "🍌" not in str(app.screen.query_one(KeyHints).render())
        await pilot.press("n")
        await settle(app, pilot)
        assert app.focused is not None and app.focused.id == "notes-editor"


async def test_a_key_of_another_action_warns_and_quit_keeps_q(make_app, library: Library) -> None:
    app = make_app(settings=Settings(keys={"toggle_layout": "q"}))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        [warning] = settings_warnings(app)
        assert '"q" is already the key of Quit (quit)' in warning and "toggle_layout keeps l" in warning
        side = app.screen.has_class("-side")
        await pilot.press("l")
        await pilot.pause()
        assert app.screen.has_class("-side") != side
        await pilot.press("question_mark")
        await pilot.pause()
        rows = screen_text(app).splitlines()
        assert sum(1 for row in rows if row.lstrip().startswith("q ")) == 1
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code is not None  # q still quits


async def test_a_key_the_list_uses_warns_and_the_rating_keeps_its_key(make_app, library: Library) -> None:
    app = make_app(settings=Settings(keys={"rate_5": "j"}))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        [warning] = settings_warnings(app)
        assert '"j" is already the key of Down (cursor_down)' in warning and "rate_5 keeps 5" in warning
        await pilot.press("j")
        await settle(app, pilot)
        assert app.screen.query_one(PaperList).cursor == 1
        await pilot.press("5")
        await settle(app, pilot)
        assert library.annotation(library.papers[1].id).rating == 5


async def test_two_overrides_on_one_key_warn_for_the_second(make_app, library: Library) -> None:
    app = make_app(settings=Settings(keys={"rate_4": "f5", "rate_3": "f5"}))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        [warning] = settings_warnings(app)
        assert "keys.rate_3" in warning and '"f5" is already the key of 4 stars (rate_4)' in warning
        assert "rate_3 keeps 3" in warning
        first, second = library.papers[0].id, library.papers[1].id
        await pilot.press("f5")
        await settle(app, pilot)
        assert library.annotation(first).rating == 4
        await pilot.press("j", "3")
        await settle(app, pilot)
        assert library.annotation(second).rating == 3


async def test_quit_and_esc_cannot_be_taken_away(make_app, library: Library) -> None:
    app = make_app(settings=Settings(keys={"quit": "x", "quit_now": "f10", "notes_done": "f2"}))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        warnings = settings_warnings(app)
        assert len(warnings) == 3
        assert any("keys.quit:" in w and "Quit cannot lose q" in w for w in warnings)
        assert any("keys.quit_now:" in w and "cannot lose ctrl+q" in w for w in warnings)
        assert any("keys.notes_done:" in w and "cannot lose esc" in w for w in warnings)
        await pilot.press("n")
        await settle(app, pilot)
        assert app.focused is not None and app.focused.id == "notes-editor"
        await pilot.press("escape")
        await settle(app, pilot)
        assert isinstance(app.focused, PaperList)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code is not None


async def test_help_footer_and_first_steps_show_the_keys_in_force(make_app, library: Library, tmp_path) -> None:
    overrides = {"rate_5": "f5", "notes": "N", "toggle_layout": "ctrl+l", "focus_mode": "f3", "stats": "f4"}
    app = make_app(settings=Settings(keys=overrides), config_file=tmp_path / "config.toml")
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.pause(FIRST_STEPS_AFTER + 0.2)
        assert isinstance(app.screen, FirstSteps)
        steps = screen_text(app)
        assert "1-4 f5" in steps and "N " in steps and "^l f3 f4" in steps.replace("  ", " ")
        assert "l  z  %" not in steps and "1-5" not in steps
        await pilot.press("enter")
        await settle(app, pilot)
        assert settings_warnings(app) == []
        footer = str(app.screen.query_one(KeyHints).render())
        assert "0-4 f5 Rate" in footer and "0-5" not in footer and "N Notes" in footer
        assert footer.index("N Notes") < footer.index("Rate") < footer.index("q Quit")  # a remapped key keeps its place
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "0-4 f5" in text and "0-5" not in text


async def test_clicking_the_rate_hint_changes_nothing_and_says_which_keys(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        hints = app.screen.query_one(KeyHints)
        start, _end, _key, ident = next(span for span in hints._spans if span[3] == "rate_1")
        await pilot.click(KeyHints, offset=(start + 1, 0))
        await settle(app, pilot)
        assert library.annotations() == {} or all(a.rating == 0 for a in library.annotations().values())
        assert any("0-5" in n.message and "Rate 1 to 5 stars" in n.message for n in app._notifications)


# -- the property: any table leaves Quit reachable and no silent clash -----------------------------

_IDS = sorted(remappable())
_KEYS = sorted({k for a in ACTIONS for k in a.keys.split(",") if k} | {"f5", "f9", "ctrl+l", "?", "ctrl+shift+banana", "", "Q", "escape"})


@hsettings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(_IDS + ["no_such_action"]),
                       st.lists(st.sampled_from(_KEYS), min_size=1, max_size=3).map(",".join), max_size=8))
def test_random_tables_never_lose_quit_nor_clash_silently(table: dict[str, str]) -> None:
    accepted, warnings = check_keys(table, "config.toml")
    # Every entry is bound as written or has exactly one warning naming it.
    for ident, raw in table.items():
        named = [w for w in warnings if w.startswith(f"config.toml: keys.{ident}:")]
        if ident in accepted:
            assert named == [] and accepted[ident].split(",") == list(dict.fromkeys(normal_key(k) for k in raw.split(",") if k))
        else:
            assert len(named) == 1
    known = remappable()
    for context in contexts():
        holders: dict[str, set[str]] = {}
        for action in ACTIONS:
            if action.keys and context.intersection(owners(action)):
                for key in keys_in_force(action, accepted):
                    holders.setdefault(key, set()).add(action.id or action.action)
        # Quit is reachable wherever the app's keys are: ctrl+q always, q on the library screen.
        assert "quit_now" in holders["ctrl+q"]
        if "library" in context:
            assert holders["q"] == {"quit"}
        # A key with two actions is a clash the registry itself chose (both defaults), never an override.
        for key, ids in holders.items():
            if len(ids) > 1:
                assert all(key in default_keys(known[i]) for i in ids if i in known), (key, ids)


def test_an_action_id_an_older_version_used_still_remaps_its_action() -> None:
    """`filter_clear` became `filter_back` (Esc in the filter box now goes back to the list): old settings keep working."""
    accepted, warnings = check_keys({"filter_clear": "escape,ctrl+g"}, "config.toml")
    assert warnings == [] and accepted == {"filter_back": "escape,ctrl+g"}
