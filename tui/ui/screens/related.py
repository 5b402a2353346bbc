"""The related-papers dialog (`m`): the papers most like the highlighted one, with the words they share.

It opens at once saying it is looking, and fills in when the answer comes
from the worker (tui/ui/library/related.py); the first `m` builds the index,
which takes a second or two on a big library. Until the meaning index is built
the papers are ranked by their words alone: a line under the heading says so,
and the list is filled again, re-ordered, once it is ready (`refill`). Keys typed meanwhile (`m`
then Enter, typed at once) act on the list once it is filled; Esc closes at once. Enter dismisses with the chosen
paper's id (the library screen then shows it), Esc with None. Titles and
terms are data: built as `Text`, never markup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.core.models import Paper
from tui.core.render.text import one_line
from tui.core.words import plural
from tui.ui.actions import bindings_for
from tui.ui.screens.dialog import Dialog
from tui.ui.styles import stylesheet

if TYPE_CHECKING:
    from tui.core.related.index import Similar

#: Keys of the list that may come before it is filled: Enter picks, the others move.
_EARLY_KEYS = ("enter", "down", "up", "j", "k")


class RelatedScreen(Dialog["str | None"]):
    """Dismisses with the id of the paper to go to (Enter), or None (Esc)."""

    CSS_PATH = stylesheet("related.tcss")
    BINDINGS = bindings_for("related")
    COMPONENT_CLASSES = {"related--terms", "related--list"}

    def __init__(self, source: Paper, title: str, title_of: Callable[[Paper], str]) -> None:
        """`title`: the source as the list shows it; `title_of` gives the others' titles (renames win)."""
        super().__init__()
        self.source = source
        self.source_title = title
        self.title_of = title_of
        self._answer: tuple[list[Similar], int, str] | None = None
        self._early: list[str] = []  # list keys typed before the answer came, replayed on it

    def compose(self) -> ComposeResult:
        with Vertical(id="related"):
            yield Label(Text("More like this:", style="bold"), id="related-heading")
            yield Label(Text(""), id="related-note")
            yield Label(Text(one_line(self.source_title)), id="related-source")
            yield Static(Text("Finding papers like this one…"), id="related-status")
            yield OptionList(id="related-list")
            yield Label(Text("Enter: go to the paper · Esc: close"), id="related-keys")

    def on_mount(self) -> None:
        self.query_one(OptionList).display = False
        self.query_one("#related-note", Label).display = False
        if self._answer is not None:
            self._fill(*self._answer)

    def on_key(self, event: events.Key) -> None:
        """Before the answer: keep the list's keys for it (Esc is left to close the dialog at once)."""
        if self._answer is None and event.key in _EARLY_KEYS:
            event.stop()
            event.prevent_default()
            self._early.append(event.key)

    def show(self, similar: list[Similar], library_size: int, note: str = "") -> None:
        """The answer: the related papers (or a line saying why there are none), and `note`, what they lack
        ("meaning index building — words only"; "" when nothing). It may come before the dialog is on screen
        (kept for `on_mount`) or after it closed (dropped)."""
        if self._answer is not None:
            return
        self._answer = (similar, library_size, note)
        if self.is_mounted and self.is_attached:
            self._fill(similar, library_size, note)

    def refill(self, similar: list[Similar], library_size: int, note: str = "") -> None:
        """A better answer for a dialog already filled (the meaning index is ready): the list again, in its order,
        the highlight kept on the paper it was on."""
        if self._answer is None or not (self.is_mounted and self.is_attached):
            return
        self._answer = (similar, library_size, note)
        options = self.query_one(OptionList)
        at = options.highlighted
        was = options.get_option_at_index(at).id if at is not None and at < options.option_count else None
        options.clear_options()
        self._fill(similar, library_size, note, keep=was)

    def _fill(self, similar: list[Similar], library_size: int, note: str = "", keep: str | None = None) -> None:
        shown_note = self.query_one("#related-note", Label)
        shown_note.update(Text(note))
        shown_note.display = bool(note)
        status = self.query_one("#related-status", Static)
        status.update(Text(self._summary(similar, library_size)))
        if not similar:
            return
        self.add_class("-listed")
        options = self.query_one(OptionList)
        terms_style = self.get_component_rich_style("related--terms", partial=True)
        list_style = self.get_component_rich_style("related--list", partial=True)
        # The box's width as related.tcss sets it (90%, at most 110), less its border, padding and the list's
        # scrollbar: known before the first layout, so an answer filled in at mount is cut right too.
        width = max(20, min(110, self.app.size.width * 9 // 10) - 6)
        for n, found in enumerate(similar, start=1):
            # Two lines per paper, each cut to the width (an option would wrap them): the title, then its
            # list and the words it shares with the source.
            title = Text(f"{n:>2}. ")
            title.append(one_line(self.title_of(found.paper)))
            why = Text("    ")
            why.append(one_line(found.paper.list) + " · ", list_style)
            why.append("shares: " + " · ".join(one_line(term) for term in found.terms), terms_style)
            for line in (title, why):
                line.truncate(width, overflow="ellipsis")
            options.add_option(Option(Text("\n").join((title, why)), id=found.paper.id))
        options.display = True
        ids = [found.paper.id for found in similar]
        options.highlighted = ids.index(keep) if keep in ids else 0
        options.focus()
        self._replay_early_keys(options)

    def _replay_early_keys(self, options: OptionList) -> None:
        early, self._early = self._early, []
        for key in early:
            if key == "enter":
                self.dismiss(options.get_option_at_index(options.highlighted or 0).id)
                return
            if key in ("down", "j"):
                options.action_cursor_down()
            else:
                options.action_cursor_up()

    def _summary(self, similar: list[Similar], library_size: int) -> str:
        if library_size < 2:
            return "There are no other papers in the library to compare this one with."
        if not similar:
            if not self.source.abstract.strip():
                return "This paper has no abstract, and no other paper shares the words of its title."
            return "No other paper shares this paper's key words."
        if not self.source.abstract.strip():
            return f"{plural(len(similar))} sharing words with its title (it has no abstract):"
        return f"The {plural(len(similar))} most like it, with the words they share:"

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_close(self) -> None:
        self.dismiss(None)
