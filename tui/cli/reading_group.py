"""What `list` and `show` say of the reading group the library is in: its view of the papers, and `show`'s lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

    from tui.core.library import Library
    from tui.core.models import Annotation
    from tui.core.usecases.group import Sight


def group_sight(lib: Library, args: argparse.Namespace) -> Sight | None:
    """What the library's reading group says about its papers, when it is in one (read from the clone, no network)."""
    from tui.core.group.state import state_path

    if not state_path(lib.folder).exists():
        return None
    from tui.core.usecases.group import sight

    return sight(lib, args.settings.group_discuss)


def votes_line(votes: int, discuss: int) -> str:
    """A paper's votes against the group's threshold (`group_discuss`), as `discuss:` reads them: "1 vote (2 to
    discuss)" below it, "2 votes: to discuss" at or above it; never "to discuss" for a paper `discuss:` leaves out."""
    from tui.core.words import plural

    counted = plural(votes, "vote")
    return f"{counted}: to discuss" if votes >= discuss else f"{counted} ({discuss} to discuss)"


#: Lines of another member's shared notes `show` prints (`show --json` has them all).
NOTE_LINES = 20


def group_lines(group: Sight, pid: str, annotation: Annotation) -> list[str]:
    """`paperdesk show`'s group part: the votes, then a line per member (you first) with rating, status, tags, comment.

    Tags, comments and notes come from other members' files: each goes through `one_line`/`visible`."""
    from tui.core.models import MemberMark
    from tui.core.render.text import one_line, visible

    own = MemberMark(group.me, annotation.rating, annotation.status, (), group.comment_of(pid))
    marks = [own, *group.marks_of(pid)]
    width = max(len(m.member) for m in marks) + 2
    lines = ["", f"Group: {votes_line(group.votes(pid, annotation.rating), group.discuss)}"]
    for mark in marks:
        name = mark.member + (" *" if mark is own else "")
        parts = ["★" * mark.rating + "☆" * (5 - mark.rating), mark.status.value, *("#" + one_line(t) for t in mark.tags)]
        if mark.comment:
            parts.append(f"“{one_line(mark.comment)}”")
        lines.append(f"  {name:<{width}}  " + "  ".join(parts))
        if mark.notes.strip():
            noted = visible(mark.notes).strip().splitlines()
            lines += [f"      {line}" for line in noted[:NOTE_LINES]] + (["      …"] if len(noted) > NOTE_LINES else [])
        lines += [f"      “{one_line(text)}”" + (f" — {one_line(comment)}" if comment else "") for text, comment in mark.highlights]
    return lines
