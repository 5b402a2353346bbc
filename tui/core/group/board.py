"""What the group says about this library's papers: every other member's marks, met with this library's papers.

Read from the clone as it is (a sync brings the others' files in; reading
needs no network). This member's own file is left aside: the library itself
is what this member says, newer than any file. Entries of others that name
no paper here are the papers only others have, which a member may add.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tui.core.group.match import Matcher
from tui.core.group.shared import MemberFile, SharedPaper, read_member
from tui.core.group.state import MEMBERS, NAME
from tui.core.models import MemberMark, Paper
from tui.core.render.text import visible


class Missing:
    """A paper other members shared that this library lacks: its fields as the first of them shared it, and who did."""

    __slots__ = ("paper", "marks")

    def __init__(self, paper: SharedPaper) -> None:
        self.paper = paper
        self.marks: list[MemberMark] = [paper.mark]

    @property
    def votes(self) -> int:
        return sum(1 for m in self.marks if m.votes)


class Board:
    """Every member's file, and each paper's marks by the other members (by paper id, members in name order)."""

    def __init__(self, me: str, members: list[MemberFile], marks: dict[str, tuple[MemberMark, ...]], missing: list[Missing]) -> None:
        self.me = me
        self.members = members
        """Every member's file as read, this member's too, in name order."""
        self.marks = marks
        self.missing = missing

    @property
    def problems(self) -> list[str]:
        return [line for member in self.members for line in member.problems]

    def others(self) -> list[str]:
        return [m.name for m in self.members if m.name != self.me]

    def marks_of(self, pid: str) -> tuple[MemberMark, ...]:
        return self.marks.get(pid, ())


def member_files(clone: Path) -> list[MemberFile]:
    """Each `members/*.json` in the clone, read, in name order."""
    folder = clone / MEMBERS
    try:
        paths = sorted(p for p in folder.iterdir() if p.suffix == ".json" and p.is_file())
    except OSError:
        return []
    return [read_member(p) if NAME.fullmatch(p.stem) else _not_a_member(p) for p in paths]


def _not_a_member(path: Path) -> MemberFile:
    """A file another clone pushed under a name `join` would refuse (control characters, spaces...): left out, and
    its name made visible, since it is printed and painted."""
    name = visible(path.stem)
    return MemberFile(name, problems=[f"{MEMBERS}/{visible(path.name)}: not a member's name; left out"])


def read_board(clone: Path, me: str, papers: Iterable[Paper]) -> Board:
    """The others' marks on `papers` (by id), and what they shared that `papers` lack."""
    members = member_files(clone)
    matcher = Matcher(papers)
    found: dict[str, dict[str, MemberMark]] = {}
    missing: list[Missing] = []
    elsewhere = Matcher(())  # the papers only others have, met with each other
    for member in members:
        if member.name == me:
            continue
        for shared in member.papers:
            pid = matcher.find(shared.identity)
            if pid is not None:
                found.setdefault(pid, {}).setdefault(member.name, shared.mark)  # a member's duplicate entry: the first
                continue
            seen = elsewhere.find(shared.identity)
            if seen is None:
                elsewhere.add(str(len(missing)), shared.identity)
                missing.append(Missing(shared))
            elif all(m.member != member.name for m in missing[int(seen)].marks):
                missing[int(seen)].marks.append(shared.mark)
    marks = {pid: tuple(by[name] for name in sorted(by)) for pid, by in found.items()}
    return Board(me, members, marks, missing)
