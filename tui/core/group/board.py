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
from tui.core.render.text import one_line


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
        return [m.name for m in self.members if m.named and m.name != self.me]

    def marks_of(self, pid: str) -> tuple[MemberMark, ...]:
        return self.marks.get(pid, ())


#: Member files read in one go, in name order; the rest are left out (a group is a handful of people).
FILES_MAX = 500


def member_files(clone: Path) -> list[MemberFile]:
    """Each `members/*.json` in the clone, read, in name order; a `members` that is a link or no folder, and
    each file that is a link or a folder, one "left out" line (never followed)."""
    folder = clone / MEMBERS
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        kind = "a link" if folder.is_symlink() else "not a folder"
        return [MemberFile(MEMBERS, problems=[f"{MEMBERS}: {kind} in the group's repository, not followed; every member's file left out"], named=False)]
    try:
        paths = sorted(p for p in folder.iterdir() if p.suffix == ".json")
    except OSError:
        return []
    files = [_read(p) for p in paths[:FILES_MAX]]
    if len(paths) > FILES_MAX:
        files.append(MemberFile(MEMBERS, problems=[f"{MEMBERS}: {len(paths) - FILES_MAX} files past the first {FILES_MAX} left out"], named=False))
    return files


def _read(path: Path) -> MemberFile:
    if not NAME.fullmatch(path.stem):
        return _not_a_member(path, "not a member's name")
    if not path.is_symlink() and path.is_dir():
        return _not_a_member(path, "a folder, not a member's file")
    return read_member(path)


def _not_a_member(path: Path, why: str) -> MemberFile:
    """A file another clone pushed under a name `join` would refuse (control characters, spaces...) or a folder:
    left out, and its name made visible, since it is printed and painted."""
    name = one_line(path.stem)
    return MemberFile(name, problems=[f"{MEMBERS}/{one_line(path.name)}: {why}; left out"], named=False)


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
