"""The library screen's layouts: side by side, stacked (list above reader), and focus (reader only).

State sets CSS classes on the screen (`-side`, `-stacked`, `-focus`);
`styles/layout.tcss` decides the look. "auto" (the default setting) stacks
the panes below `STACK_BELOW` columns and goes back side by side above it,
until the reader picks a layout with the key.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding

from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.reader import Reader

#: Terminals narrower than this get the stacked layout in "auto" mode.
STACK_BELOW = 100

LAYOUT_BINDINGS = [
    Binding("l", "toggle_layout", "Layout", show=False, tooltip="Switch between side by side and stacked panes"),
    Binding("z", "focus_mode", "Focus", show=False, tooltip="Focus mode: hide the list and read (z again brings it back)"),
    Binding("right_square_bracket", "step_paper(1)", "Next paper", key_display="]", show=False, id="next_paper"),
    Binding("left_square_bracket", "step_paper(-1)", "Previous paper", key_display="[", show=False, id="previous_paper"),
]


def stacked_for(mode: str, width: int) -> bool:
    """Whether `mode` ("auto", "side" or "stacked") stacks the panes at `width` columns."""
    if mode == "auto":
        return width < STACK_BELOW
    return mode == "stacked"


class LayoutMixin:
    """Layouts for `LibraryScreen` (which provides `app`, `size`, `set_class`, `query_one`)."""

    layout_mode: str = "auto"
    """"auto", "side" or "stacked": the setting at start, then the reader's choice with `l`."""
    focus_mode: bool = False
    """The list is hidden and the reading pane fills the screen."""

    def apply_layout(self) -> None:
        stacked = stacked_for(self.layout_mode, self.app.size.width)
        self.set_class(stacked, "-stacked")
        self.set_class(not stacked, "-side")
        self.set_class(self.focus_mode, "-focus")

    def on_resize(self, event: events.Resize) -> None:
        self.apply_layout()

    def action_toggle_layout(self) -> None:
        stacked = stacked_for(self.layout_mode, self.app.size.width)
        self.layout_mode = "side" if stacked else "stacked"
        self.apply_layout()
        self.notify("Stacked layout" if not stacked else "Side-by-side layout", timeout=2)

    def action_focus_mode(self) -> None:
        self.focus_mode = not self.focus_mode
        self.apply_layout()
        if self.focus_mode:
            self.query_one(Reader).focus()
        else:
            self.query_one(PaperList).focus()

    def go_to(self, pid: str) -> None:
        """Put the cursor on paper `pid`; if the filter hides it, clear the filter first."""
        paper_list = self.query_one(PaperList)
        index = next((i for i, p in enumerate(paper_list.papers) if p.id == pid), None)
        if index is None:
            library = self.app.library
            self.apply_query("")  # the box's change re-ranks keeping the cursor's paper: this one
            paper_list.set_papers(library.papers, keep=pid)
        else:
            paper_list.cursor = index
        (self.query_one(Reader) if self.focus_mode else paper_list).focus()

    def action_step_paper(self, step: int) -> None:
        """Next/previous paper from anywhere (the list may be hidden in focus mode)."""
        paper_list = self.query_one(PaperList)
        paper_list.cursor += step
        if self.focus_mode and paper_list.current is not None:
            paper_list.post_message(PaperList.Selected(paper_list.current))  # reading it: note it opened
