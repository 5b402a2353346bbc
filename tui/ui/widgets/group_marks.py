"""What a reading group said about a paper, as the reading pane and the list show it.

Every name, tag, comment and note comes from another member's file: each goes
in as `Text` through `one_line`/`visible`, never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from tui.core.models import MemberMark, Status
from tui.core.render.text import one_line, visible
from tui.core.words import plural
from tui.ui.widgets.annotation_line import PLAIN
from tui.ui.widgets.marks import STATUS_GLYPHS, stars

#: Lines of a member's shared notes the pane shows (the rest: "…").
NOTE_LINES = 3
#: The list's group column: this many cells, then a space.
COLUMN = 3
#: What the pane says during a triage pass until this member rated the paper (`group_triage = "after-vote"`).
AFTER_VOTE = "Group: rate it (1-5) to see the others' ratings"


class GroupShown:
    """What the pane shows of the group for one paper: the other members' marks, the votes (this member's
    included), this member's comment; `withheld` while a triage pass waits for this member's own vote."""

    __slots__ = ("marks", "votes", "own_comment", "withheld")

    def __init__(self, marks: Sequence[MemberMark], votes: int, own_comment: str = "", withheld: bool = False) -> None:
        self.marks, self.votes, self.own_comment, self.withheld = marks, votes, own_comment, withheld


def shown_text(shown: GroupShown, rated: Style = PLAIN, unrated: Style | str = "dim") -> Text:
    """The pane's group part: the marks, or the line asking for this member's vote first."""
    if shown.withheld:
        return Text(AFTER_VOTE, style="dim italic")
    return group_text(shown.marks, shown.votes, shown.own_comment, rated, unrated)


def group_text(
    marks: Sequence[MemberMark], votes: int, own_comment: str = "", rated: Style = PLAIN, unrated: Style | str = "dim"
) -> Text:
    """"Group · 2 votes" then a line per other member: stars, status, shared tags, “comment”; their notes if shared."""
    text = Text()
    text.append("Group", "bold")
    text.append(f" · {plural(votes, 'vote')}" if votes else " · no votes yet", "dim")
    if own_comment:
        text.append("\n  you  ", "dim")
        text.append(f"“{one_line(own_comment)}”", "italic")
    if not marks:
        text.append("\n  no other member has rated it", "dim italic")
        return text
    width = max(len(m.member) for m in marks)
    for mark in marks:
        text.append(f"\n  {mark.member:<{width}}  ")  # names hold only [A-Za-z0-9._-] (`group.state.NAME`)
        text.append(stars(mark.rating), rated if mark.rating else unrated)
        glyph = STATUS_GLYPHS[mark.status].strip()
        if mark.status is not Status.UNREAD:
            text.append(f"  {glyph} {mark.status.value}")
        for tag in mark.tags:
            text.append("  #" + one_line(tag), "italic")
        if mark.comment:
            text.append("  ")
            text.append(f"“{one_line(mark.comment)}”", "italic")
        lines = visible(mark.notes).strip().splitlines()
        for line in lines[:NOTE_LINES]:
            text.append(f"\n      {line}", "dim")
        if len(lines) > NOTE_LINES:
            text.append("\n      …", "dim")
        for quoted, comment in mark.highlights:
            text.append(f"\n      “{one_line(quoted)}”" + (f" — {one_line(comment)}" if comment else ""), "dim")
    return text


def column_cell(votes: int, others_rated: bool) -> str:
    """The list's group cell: " 2▲" with votes, "  ·" when others rated it without voting, blank otherwise."""
    if votes:
        return f"{min(votes, 99):>2}▲"
    return "  ·" if others_rated else " " * COLUMN
