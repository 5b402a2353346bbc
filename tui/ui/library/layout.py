"""The library screen's layouts: side by side, stacked (list above reader), and focus (reader only).

State sets CSS classes on the screen (`-side`, `-stacked`, `-focus`);
`styles/layout.tcss` decides the look. "auto" (the default setting) stacks
the panes below `STACK_BELOW` columns and goes back side by side above it,
until the reader picks the other layout with the key; the key again, back at
the layout the setting shows, hands the choice back to the setting.
Its keys are the ones that move between the panes: `l`, `z`, `/`, Esc, `[` and `]`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.ui.widgets.paper_list import PaperList

if TYPE_CHECKING:
    from textual import events
    from textual.screen import Screen

    from tui.ui.library.context import PartContext
    from tui.ui.widgets.reader import Reader
    from tui.ui.widgets.triage_bar import TriageBar

#: Terminals narrower than this get the stacked layout in "auto" mode.
STACK_BELOW = 100


def stacked_for(mode: str, width: int) -> bool:
    """Whether `mode` ("auto", "side" or "stacked") stacks the panes at `width` columns."""
    if mode == "auto":
        return width < STACK_BELOW
    return mode == "stacked"


class Panes:
    """Which panes a screen shows and how: the classes on the screen, and where focus goes home."""

    def __init__(self, context: PartContext) -> None:
        """The screen carries the classes; focus goes home to the list, the reader or the triage bar."""
        self.screen: Screen = context.host
        self.papers: PaperList = context.papers
        self.reader: Reader = context.reader
        self.bar: TriageBar = context.triage_bar
        self.box = context.box
        mode = context.settings.layout
        self.setting = mode
        """The `layout` setting: what `l` comes back to."""
        self.mode = mode
        """"auto", "side" or "stacked": the setting at start, then the reader's choice with `l`."""
        self.focus_mode = False
        """The list is hidden and the reading pane fills the screen."""
        self.triage = False
        """A triage pass is on: focus layout with the triage bar, which is where focus goes home."""

    def apply(self) -> None:
        stacked = stacked_for(self.mode, self.screen.app.size.width)
        self.screen.set_class(stacked, "-stacked")
        self.screen.set_class(not stacked, "-side")
        self.screen.set_class(self.focus_mode, "-focus")
        self.screen.set_class(self.triage, "-triage")

    def resized(self, event: events.Resize) -> None:
        """The terminal's size, sent to the screen. A new size lays the panes out again (stacked below
        `STACK_BELOW` columns in "auto"). The size the screen is already laid out at, which a start sends
        up to three times (the driver's first report, an identical second one, the first layout's own),
        is passed over: Textual would lay out and paint the whole screen again each time for nothing,
        right when the index is loading."""
        if event.size == self.screen.region.size:
            event.prevent_default()  # Textual's own handler (the relayout) is the default
            return
        self.apply()

    def action_toggle_layout(self) -> None:
        """Side by side <-> stacked, and say which. The layout the setting shows at this width is the setting
        again (pressing `l` twice in "auto" leaves it "auto": narrowing the terminal stacks the panes)."""
        width = self.screen.app.size.width
        stacked = not stacked_for(self.mode, width)
        back = stacked == stacked_for(self.setting, width)
        self.mode = self.setting if back else ("stacked" if stacked else "side")
        self.apply()
        said = "Stacked layout" if stacked else "Side-by-side layout"
        if back and self.mode == "auto":
            said += f" (auto: stacked below {STACK_BELOW} columns)"
        self.screen.notify(said, timeout=2)

    def action_focus_mode(self) -> None:
        self.focus_mode = not self.focus_mode
        self.apply()
        self.home().focus()

    def action_focus_filter(self) -> None:
        self.box.start_query()  # now, so keys typed right after `/` land there
        # Focus mode shows the box while it is in use; only there: the class restyles every widget.
        self.screen.set_class(self.focus_mode, "-filtering")

    def action_back_to_list(self) -> None:
        """Esc from the reader or the notes editor: back to the list (the reader in focus mode).

        Synchronous, so the key typed after Esc acts on the list. Leaving the
        editor saves the notes (its blur does). In a triage pass: back to the triage bar.
        """
        if self.triage:
            self.screen.set_focus(self.home())
            return
        if self.focus_mode and not self.reader.notes.editor_focused and self.reader.has_focus:
            self.action_focus_mode()  # Esc in focus mode's reader: the list comes back
            return
        self.screen.set_focus(self.home())

    def action_step_paper(self, step: int) -> None:
        """`]`/`[`: next/previous paper from anywhere (the list may be hidden in focus mode)."""
        paper_list = self.papers
        paper_list.cursor += step
        if self.focus_mode and paper_list.current is not None:
            paper_list.post_message(PaperList.Selected(paper_list.current))  # reading it: note it opened

    def on_paper_list_selected(self, message: PaperList.Selected) -> None:
        """Enter on a paper: read it."""
        self.reader.focus()

    def home(self) -> PaperList | Reader | TriageBar:
        """Where Esc and the filter's Enter land: the list, the reader when the list is hidden, the triage bar in triage."""
        if self.triage:
            return self.bar
        return self.reader if self.focus_mode else self.papers
