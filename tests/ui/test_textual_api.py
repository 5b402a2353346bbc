"""The parts of Textual paperdesk leans on beyond the documented basics, checked one by one.

The package allows `textual>=8.2,<9` at run time while the tests pin `<8.3`
(snapshots). A minor release users get may change what is checked here; run
this file against it (`pip install 'textual<9' && pytest tests/ui/test_textual_api.py`)
and it fails loudly, naming the part, instead of a key silently misfiring.
"""

from __future__ import annotations

import inspect

from textual import events
from textual.app import App, ComposeResult
from textual.command import Matcher
from textual.message import Message
from textual.screen import Screen
from textual.suggester import SuggestFromList
from textual.widgets import Input, TextArea
from textual.widgets.text_area import LanguageDoesNotExist


def test_matcher_exposes_its_fuzzy_search() -> None:
    """palette.highlight_data marks the matched letters of a title without parsing it as markup."""
    matcher = Matcher("grph")
    score, offsets = matcher.fuzzy_search.match(matcher.query, "graph [bold]")
    assert score > 0 and list(offsets) == [0, 1, 3, 4]
    assert matcher.match_style is not None


def test_events_say_whether_they_were_forwarded() -> None:
    """The key gate tells a key read from the terminal from one Textual forwarded to a widget."""
    assert isinstance(Message.is_forwarded, property)
    assert events.Key("a", "a").is_forwarded is False


def test_app_on_event_and_keymap_are_there() -> None:
    """PaperdeskApp.on_event wraps Textual's handling of keys; the [keys] table goes through set_keymap."""
    assert inspect.iscoroutinefunction(App.on_event)
    assert "keymap" in inspect.signature(App.set_keymap).parameters
    assert hasattr(Screen, "active_bindings")
    assert "bindings_updated_signal" in inspect.getsource(Screen.__init__)  # the footer (KeyHints) subscribes to it


def test_an_unknown_language_raises_the_public_error() -> None:
    """The notes editor falls back to plain text on LanguageDoesNotExist (a grammar that fails to load)."""
    try:
        TextArea(language="no-such-language-here")
    except LanguageDoesNotExist:
        pass  # tree-sitter installed: the public error, as the notes editor expects
    # without tree-sitter the editor is plain text and nothing is raised


async def test_right_arrow_at_the_end_accepts_the_suggestion() -> None:
    """The import dialog's Tab completes a path by pressing → at the end of the text."""

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield Input(suggester=SuggestFromList(["papers.bib"]))

    app = One()
    async with app.run_test() as pilot:
        field = app.query_one(Input)
        field.focus()
        await pilot.press("p", "a")
        for _ in range(20):
            await pilot.pause(0.02)
        field.cursor_position = len(field.value)
        field.action_cursor_right()
        assert field.value == "papers.bib"


def test_the_linux_driver_builds_its_parser_by_the_name_terminal_input_replaces() -> None:
    """tui/ui/terminal_input.py subclasses the private XTermParser and points the driver's name at it."""
    from textual import _xterm_parser
    from textual.drivers import linux_driver

    from tui.ui.terminal_input import EscapeParser, install

    assert "XTermParser(self._debug)" in inspect.getsource(linux_driver)
    parameters = list(inspect.signature(_xterm_parser.XTermParser._sequence_to_key_events).parameters)
    assert parameters == ["self", "sequence", "alt"]
    assert "sequence_to_key_events = self._sequence_to_key_events" in inspect.getsource(_xterm_parser.XTermParser.parse)
    install()
    assert linux_driver.XTermParser is EscapeParser


def test_the_compositor_parts_the_toast_fix_overrides() -> None:
    """tui/ui/wide_chars.py replaces a screen's compositor and overrides its cuts and partial updates."""
    from textual._compositor import Compositor

    compositor = Compositor()
    assert isinstance(Compositor.cuts, property) and compositor._cuts is None
    assert isinstance(compositor._dirty_regions, set) and compositor.visible_widgets == {}
    assert callable(compositor.render_partial_update) and Screen().__dict__.get("_compositor") is not None


async def test_the_toast_rack_starts_hidden_and_still_shows_a_notification() -> None:
    """tui/ui/toast_rack.py hides Textual's rack by its documented CSS type while the screen mounts (the
    rack's own inline `display`, before the app lists its notifications); a notification must still show it."""
    from textual.app import App

    from tui.ui.toast_rack import TOAST_RACK, hide_until_needed

    class HidingScreen(Screen[None]):
        hidden_at_mount: object = None

        def on_mount(self) -> None:  # as LibraryScreen.on_mount does
            hide_until_needed(self)
            self.hidden_at_mount = [rack.styles.inline.get_rule("display") for rack in self.query(TOAST_RACK)]

    screen = HidingScreen()

    class Hidden(App[None]):
        def get_default_screen(self) -> Screen[None]:
            return screen

    app = Hidden()
    async with app.run_test(notifications=True) as pilot:
        await pilot.pause()
        assert screen.hidden_at_mount == ["none"]
        rack = app.screen.query_one(TOAST_RACK)
        assert rack.display is False
        app.notify("hello")
        await pilot.pause()
        await pilot.pause()
        assert rack.display is True and "hello" in str(rack.query_one("Toast").render())


async def test_radio_set_marks_its_cursor_with_the_selected_class() -> None:
    """The export dialog walks a RadioSet's cursor (`action_next_button`) until its pressed button has `-selected`."""
    from textual.widgets import RadioButton, RadioSet

    class Radios(App):
        def compose(self) -> ComposeResult:
            with RadioSet():
                yield RadioButton("a", id="a")
                yield RadioButton("b", id="b", value=True)

    app = Radios()
    async with app.run_test() as pilot:
        radio = app.query_one(RadioSet)
        assert app.query_one("#a").has_class("-selected")
        radio.action_next_button()
        await pilot.pause()
        assert app.query_one("#b").has_class("-selected") and radio.pressed_button is app.query_one("#b")


async def test_a_screens_resume_handler_runs_before_textuals_and_can_skip_its_restyling() -> None:
    """LibraryScreen.on_screen_resume sets `refresh_styles = False` on the start's resume; Textual's own
    handler (on the Screen class, later in the MRO) reads it after ours. The app's first screen comes from
    `get_default_screen`, and `AUTO_FOCUS` picks the widget focused first."""
    restyled: list[bool] = []

    class First(Screen):
        AUTO_FOCUS = "#second"

        def compose(self) -> ComposeResult:
            yield Input(id="first")
            yield Input(id="second")

        def on_screen_resume(self, event: events.ScreenResume) -> None:
            event.refresh_styles = False

        def update_node_styles(self, animate: bool = True) -> None:
            restyled.append(True)
            super().update_node_styles(animate)

    class Default(App):
        def get_default_screen(self) -> Screen:
            return First()

    app = Default()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, First) and app.screen_stack == [app.screen]
        assert restyled == [] and app.focused is app.screen.query_one("#second")
