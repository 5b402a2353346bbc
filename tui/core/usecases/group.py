"""Reading together: join a group, sync with it, see what it says; for `paperdesk group` and the app alike.

A group is a git repository any member can push to. Each library is one
member: `group.json` in the library folder names the remote and the member,
and the clone lives in `group/` beside it (`core.group.state`). A sync writes
only this member's file, `members/NAME.json` (`core.group.shared`), so merges
never conflict (`core.group.repo`). What others share is met with this
library's papers by DOI, arXiv id, citation key, then title and year
(`core.group.match`), and read as a `Sight`: the marks per paper, `votes:` /
`group:` / `discuss:` and the group-score sort on the search index, and the
papers only others have, which `add_missing` brings in.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.core.group.board import Board, Missing, member_files, read_board
from tui.core.group.shared import FILE_MAX, entry_of, member_text
from tui.core.group.state import (
    MEMBERS,
    GroupError,
    GroupState,
    check_name,
    clone_path,
    load_state,
    one_line_comment,
    read_sync_record,
    require_state,
    save_state,
    write_sync_record,
)
from tui.core.library import Library
from tui.core.models import VOTE, Annotation, MemberMark, utc_now
from tui.core.store.guard import writable
from tui.core.words import plural

if TYPE_CHECKING:
    from tui.core.search.index import SearchIndex


# -- joining and syncing ------------------------------------------------------------------------


def join(
    library: Library, remote: str, name: str, *, group_tags: Sequence[str] = ("group",), rejoin: bool = False, now: str | None = None
) -> list[str]:
    """Clone `remote` into the library folder, become member `name`, and share for the first time.

    Refused when the library is already in a group, when `name` cannot name
    a file, or when another member already has it (`rejoin`: this library
    takes that member's place, writing their file anew from its own ratings).
    """
    from tui.core.group.repo import clone  # git: only for the commands that run it

    check_name(name)
    writable(library, "not joined")
    if "://" not in remote and Path(remote).exists():
        remote = str(Path(remote).absolute())  # a folder named from here: git runs in the clone, and later syncs anywhere
    folder = library.folder
    state = load_state(folder)
    if state is not None:
        raise GroupError(f"{folder}: already in a group ({state.remote}) as {state.name}")
    target = clone_path(folder)
    if target.exists():
        raise GroupError(f"{target}: already exists; move it away to join a group")
    clone(remote, target)
    try:
        if (target / MEMBERS / f"{name}.json").exists() and not rejoin:
            raise GroupError(f"{name} is already a member of {remote}: choose another name (or --rejoin to take their place from this library)")
        save_state(folder, GroupState(remote, name, now or utc_now()))
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)
        raise
    lines = [f"joined {remote} as {name}"]
    report = sync(library, group_tags=group_tags, now=now)
    return lines + report.lines


class SyncReport:
    """What a sync did, in lines for the command line and the app; `failed` when the remote could not be reached."""

    def __init__(self, lines: list[str], failed: bool, problems: list[str]) -> None:
        self.lines, self.failed, self.problems = lines, failed, problems


def shared_entries(lib: Library, state: GroupState, group_tags: Sequence[str]) -> list[dict[str, Any]]:
    """What this member shares: an entry per paper rated, given a status, tagged with a shared tag or commented on."""
    annotations = lib.annotations()
    wanted = set(annotations) | set(state.comments)
    out = []
    for paper in lib.papers:
        if paper.id not in wanted:
            continue
        entry = entry_of(
            paper,
            annotations.get(paper.id) or Annotation(paper.id),
            comment=state.comments.get(paper.id, ""),
            group_tags=group_tags,
            share_notes=paper.id in state.shared_notes,
        )
        if entry is not None:
            out.append(entry)
    return out


def sync(library: Library, *, group_tags: Sequence[str] = ("group",), now: str | None = None) -> SyncReport:
    """Pull the others' files, write and commit this member's when it changed, push (again when another member
    pushed in between). When the remote cannot be reached the file is committed in the clone and the report says so.
    A library whose annotations file is damaged or wiped shares nothing (`DamagedAnnotations`): read as empty, its
    file would tell the group this member rated nothing."""
    from tui.core.group.repo import exchange
    from tui.core.store.guard import annotations_readable
    from tui.core.store.lock import release_write_lock, take_write_lock

    annotations_readable(library, "nothing shared with the group")
    folder = library.folder
    state = require_state(folder)
    root = clone_path(folder)
    entries = shared_entries(library, state, group_tags)
    lock, refused = take_write_lock(root / ".git") if (root / ".git").is_dir() else (None, None)
    if lock is None:
        if refused is not None and refused.held:
            raise GroupError(f"{root}: another paperdesk{f' (PID {refused.pid})' if refused.pid else ''} is syncing with the group; try again when it is done")
        raise GroupError(f"{root}: the group's clone is missing or cannot be written (leave the group by removing group.json, then join again)")
    try:
        text = member_text(state.name, entries)
        done = exchange(root, state.name, text, f"{state.name}: {plural(len(entries), 'paper')} shared")
        members = member_files(root)  # who shared and what was wrong: the marks are matched when the group is read
        write_sync_record(root, {"last_sync": now or utc_now(), "outcome": "offline" if done.unreachable else "synced"})
    finally:
        release_write_lock(lock, root / ".git")
    lines = [f"{state.name}: {plural(len(entries), 'paper')} shared" + (", changes committed" if done.committed else ", nothing new")]
    lines += done.cleared
    if len(text.encode("utf-8")) > FILE_MAX:
        lines.append(f"your file is more than the {FILE_MAX >> 20} MB the others read: they leave it out (share fewer papers)")
    if done.received:
        lines.append(f"took in {plural(done.received, 'commit')} from the group")
    if done.rebuilt:
        lines.append("the clone could not be rebased (edited by hand?): it follows the group again, your file written anew")
    if done.retries:
        lines.append(f"another member pushed first: tried again ({plural(done.retries, 'time')})")
    if done.unreachable:
        lines.append(f"cannot reach {state.remote} ({done.unreachable}); your ratings are committed in the clone and go out with the next sync")
    elif done.pushed:
        lines.append(f"pushed to {state.remote}")
    others = [m.name for m in members if m.read and m.name != state.name]  # a member whose file is left out: its line says so
    problems = [line for m in members for line in m.problems]
    lines.append(f"members: {', '.join([state.name, *others])}" if others else "no other member has shared yet")
    lines += problems
    return SyncReport(lines, bool(done.unreachable), problems)


# -- what the group says ----------------------------------------------------------------------------


class Sight:
    """The group as this library sees it: the other members' marks per paper id, and this member's own part."""

    def __init__(self, state: GroupState, board: Board, discuss: int = 2) -> None:
        self.state, self.board, self.discuss = state, board, discuss

    @property
    def me(self) -> str:
        return self.state.name

    def marks_of(self, pid: str) -> tuple[MemberMark, ...]:
        """The other members' marks on paper `pid`, in name order."""
        return self.board.marks_of(pid)

    def comment_of(self, pid: str) -> str:
        """This member's comment for the group on `pid` ("" when none)."""
        return self.state.comments.get(pid, "")

    def votes(self, pid: str, own_rating: int) -> int:
        """Members who rated `pid` 4 or more, this member (whose rating is `own_rating`) included."""
        return sum(1 for m in self.marks_of(pid) if m.votes) + (own_rating >= VOTE)

    def attach(self, index: SearchIndex) -> None:
        """`votes:`, `group:NAME`, `discuss:` and the group-score sort read these marks from now on."""
        index.set_group(self.board.marks, self.me, self.discuss)

    def record(self, pid: str, annotation: Annotation) -> dict[str, Any]:
        """`list --json`/`show --json`'s group part: votes, and each member's rating, status, tags and comment."""
        own = {"member": self.me, "rating": annotation.rating, "status": annotation.status.value, "comment": self.comment_of(pid)}
        others = [mark_record(m) for m in self.marks_of(pid)]
        return {"votes": self.votes(pid, annotation.rating), "members": [own, *others]}


def mark_record(mark: MemberMark) -> dict[str, Any]:
    record: dict[str, Any] = {"member": mark.member, "rating": mark.rating, "status": mark.status.value, "tags": list(mark.tags), "comment": mark.comment}
    if mark.notes or mark.highlights:
        record["notes"] = mark.notes
        record["highlights"] = [{"text": t, "comment": c} for t, c in mark.highlights]
    return record


def sight(library: Library, discuss: int = 2) -> Sight | None:
    """What the group says about `library`'s papers, read from the clone as the last sync left it; None outside a group."""
    state = load_state(library.folder)
    if state is None:
        return None
    return Sight(state, read_board(clone_path(library.folder), state.name, library.papers), discuss)


class MemberLine:
    """One member in `paperdesk group`: name, last sync (this member) or last change shared, counts."""

    def __init__(self, name: str, when: str, shared: int, rated: int, votes: int, me: bool) -> None:
        self.name, self.when, self.shared, self.rated, self.votes, self.me = name, when, shared, rated, votes, me


def overview(library: Library) -> tuple[GroupState, list[MemberLine], list[str]]:
    """The membership, each member with their last sync and counts, and the problems reading their files
    (a member whose file is left out is only in the problems, as `sync` leaves them out of the counts)."""
    from tui.core.export.git_vault import GitError
    from tui.core.group.board import member_files
    from tui.core.group.repo import group_git

    state = require_state(library.folder)
    root = clone_path(library.folder)
    record = read_sync_record(root)
    lines = []
    files = member_files(root)
    for member in files:
        if not member.read:  # no member, or a file left out: its problem line says so, it is not listed
            continue
        me = member.name == state.name
        try:
            when = group_git(root, "log", "-1", "--format=%cI", "--", f"{MEMBERS}/{member.name}.json").stdout.strip()
        except GitError:
            when = ""
        if me:
            when = record.get("last_sync", when)
        marks = [p.mark for p in member.papers]
        lines.append(MemberLine(member.name, when, len(marks), sum(1 for m in marks if m.rating), sum(1 for m in marks if m.votes), me))
    if not any(line.me for line in lines):
        lines.insert(0, MemberLine(state.name, record.get("last_sync", ""), 0, 0, 0, True))
    return state, lines, [p for m in files for p in m.problems]


# -- this member's comments and opt-ins ---------------------------------------------------------------


def set_comment(library: Library, pid: str, text: str) -> str:
    """Give paper `pid` a one-line comment for the group ("" removes it); the comment as kept. Shared at the next sync."""
    writable(library, "the comment was not kept")
    state = require_state(library.folder)
    comment = one_line_comment(text)
    if comment:
        state.comments[pid] = comment
    else:
        state.comments.pop(pid, None)
    save_state(library.folder, state)
    return comment


def share_notes(library: Library, pid: str, on: bool) -> None:
    """Opt paper `pid` in (or out again) to sharing its notes and highlights with the group, from the next sync on."""
    writable(library, "nothing changed")
    state = require_state(library.folder)
    (state.shared_notes.add if on else state.shared_notes.discard)(pid)
    save_state(library.folder, state)


# -- papers only others have -----------------------------------------------------------------------


def missing(library: Library) -> list[Missing]:
    """The papers other members shared that this library lacks, most votes first."""
    found = sight(library)
    if found is None:
        return []
    return sorted(found.board.missing, key=lambda m: (-m.votes, m.paper.title.casefold()))


def add_missing(library: Library, chosen: Sequence[Missing] | None = None) -> list[str]:
    """Add papers only others have (`chosen`, else all of them) to the library, as their members shared them."""
    import json

    from tui.core.ingest.jsonlist import parse_json

    writable(library, "nothing added")
    wanted = list(chosen) if chosen is not None else missing(library)
    if not wanted:
        return ["no paper to add: this library has every paper the others shared"]
    records = [_record(m) for m in wanted]
    parsed = parse_json(json.dumps(records), Path("group.json"))
    for paper, item in zip(parsed.papers, wanted, strict=False):
        key = str(item.paper.fields.get("citekey", ""))
        if key and library.get(paper.id) is None:
            paper.citekey = key  # a clash gets a letter (`cite.keys`)
    reports = library.add_papers([parsed])
    return [f"added {plural(r.added, 'paper')} the group shared, {r.merged} merged with papers already here" for r in reports]


def _record(item: Missing) -> dict[str, Any]:
    """A shared paper as a JSON record the JSON reader takes (`ingest.jsonlist`)."""
    fields = item.paper.fields
    record = {k: fields.get(k) for k in ("title", "abstract", "authors", "year", "venue", "list", "doi") if fields.get(k)}
    url = fields.get("url") or (f"https://arxiv.org/abs/{fields['arxiv']}" if fields.get("arxiv") else "")
    if url:
        record["url"] = url
    record.setdefault("list", "Group")
    return record
