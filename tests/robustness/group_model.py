"""A model-based test of a reading group: three members syncing in any order while a fourth pushes anything.

Hypothesis runs random sequences of: a member rates a paper; a member syncs
(in this process, or in another one killed at a random moment, as a closed
laptop would); a hostile member pushes, with plain git, a tree paperdesk never
writes (`members` a link to the library folder, a folder where a member's
file goes, a file nested 200,000 deep, one over the size cap, binary, of the
wrong shape, a link to the library's papers.json, a name with a newline, a
`.gitattributes` that re-encodes); and files of a member's clone replaced from
outside (its own file garbled, another's deleted, `members` made a link).

The members are named `papers`, `annotations` and `cleo`: a `members` link to
`..` would put the first two's files on the library's own papers.json and
annotations.json. After every sync the model checks that the sync raised
nothing but `GroupError`, that the library's papers.json and annotations.json
are the bytes they were before it, that every other member's last shared
ratings are what this member sees (unless a hostile push took their file out
of the tree and they have not synced since), and that each hostile file in
the tree is exactly one "left out" line of the report. Reading the group
(`grouping.sight`, as `list`, `show` and the app do) never raises either.

`tests/robustness/test_group_model.py` runs a fixed seed in the suite.
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule

from tests.folders import reading, writing
from tests.robustness.group_world import (
    NOW,
    TITLES,
    Evil,
    bare_repo,
    binary,
    deep,
    folder_at,
    huge,
    make_library,
    member_link,
    members_dir,
    members_link,
    papers_file,
    reencoding,
    sh,
)
from tui.core.group.state import GroupError
from tui.core.library import Library
from tui.core.render.text import one_line
from tui.core.usecases import group as grouping

NAMES = ("papers", "annotations", "cleo")
KEPT = ("papers.json", "annotations.json")
_TEMPLATES: dict[str, Path] = {}


def templates() -> dict[str, Path]:
    """One library per member name, made once per process and copied for each run."""
    if not _TEMPLATES:
        base = Path(tempfile.mkdtemp(prefix="group-model-templates-"))
        source = papers_file(base)
        for name in NAMES:
            make_library(base / name, source)
            _TEMPLATES[name] = base / name
    return _TEMPLATES


def wrong_shape(name: str) -> Callable[[Path], None]:
    def change(root: Path) -> None:
        members_dir(root)
        (root / "members" / f"{name}.json").write_text('{"member": "%s", "papers": {"not": "a list"}}' % name)  # noqa: UP031

    return change


def newline_name(root: Path) -> None:
    members_dir(root)
    (root / "members" / "two\nlines.json").write_text('{"member": "two lines", "papers": []}')


#: Hostile files by the name they sit under, and how each is pushed.
HOSTILE: dict[str, Callable[[Path], None]] = {
    "deep": deep("deep"),
    "big": huge("big", 9),
    "bin": binary("bin"),
    "shape": wrong_shape("shape"),
    "linked": member_link("linked", "../../papers.json"),
    "two\nlines": newline_name,
}


class GroupMachine(RuleBasedStateMachine):
    """Three members, a bare repository, a hostile clone; the model: each member's ratings, what each shared last."""

    @initialize()
    def start(self) -> None:
        self.base = Path(tempfile.mkdtemp(prefix="group-model-"))
        self.bare = bare_repo(self.base)
        self.folders = {name: self.base / name for name in NAMES}
        self.ratings: dict[str, dict[int, int]] = {name: {} for name in NAMES}
        #: What each member's file in the group's tree holds (their ratings at their last sync), or None: not in the tree.
        self.shared: dict[str, dict[int, int] | None] = {name: None for name in NAMES}
        #: Hostile files in the tree: their names (a member's name when a folder stands where its file goes).
        self.hostile: set[str] = set()
        for name in NAMES:
            shutil.copytree(templates()[name], self.folders[name])
            writing(self.folders[name], grouping.join, str(self.bare), name, now=NOW)
            self.shared[name] = {}
        self.evil = Evil(self.base, self.bare)

    def teardown(self) -> None:
        base = getattr(self, "base", None)
        if base is not None:
            shutil.rmtree(base, ignore_errors=True)

    # -- what members do ------------------------------------------------------------------------------

    @rule(who=st.sampled_from(NAMES), paper=st.integers(0, len(TITLES) - 1), stars=st.integers(0, 5))
    def rate(self, who: str, paper: int, stars: int) -> None:
        with Library.open(self.folders[who], seed=False) as lib:
            lib.save_annotation(next(p.id for p in lib.papers if p.title == TITLES[paper]), rating=stars)
        self.ratings[who][paper] = stars

    @rule(who=st.sampled_from(NAMES))
    def sync(self, who: str) -> None:
        before = self.kept(who)
        try:
            report = reading(self.folders[who], grouping.sync, now=NOW)
        except GroupError as exc:
            assert "\n" not in str(exc), exc
            assert self.kept(who) == before
            return
        assert self.kept(who) == before, f"{who}'s sync changed the library's own files"
        assert not report.failed, report.lines
        self.shared[who] = dict(self.ratings[who])
        self.hostile.discard(who)  # a folder where this member's file goes gave way to the file
        self.check_report(who, report)
        self.check_sight(who)

    @rule(who=st.sampled_from(NAMES), after=st.floats(0.0, 1.5))
    def killed_sync(self, who: str, after: float) -> None:
        """A sync in another process, killed after `after` seconds (it may have finished, or pushed, by then)."""
        before = self.kept(who)
        code = (
            "from tui.core.library import Library; from tui.core.usecases import group; "
            f"group.sync(Library.open({str(self.folders[who])!r}, read_only=True, seed=False))"
        )
        process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(after)
        process.send_signal(signal.SIGKILL)
        _out, err = process.communicate()
        assert b"Traceback" not in err, err.decode("utf-8", "replace")
        assert self.kept(who) == before
        self.sync(who)  # whatever the killed one did, the next sync sets all right

    @rule(who=st.sampled_from(NAMES))
    def look(self, who: str) -> None:
        """Reading the group as `list`, `show` and the app do, whatever the clone holds."""
        with Library.open(self.folders[who], seed=False, read_only=True) as lib:
            sight = grouping.sight(lib)
            assert sight is not None
            for line in sight.board.problems:
                assert line == one_line(line) and len(line) < 400, line

    # -- what the hostile member pushes ---------------------------------------------------------------

    @rule(name=st.sampled_from(sorted(HOSTILE)))
    def push_hostile_file(self, name: str) -> None:
        self.evil.push(HOSTILE[name])
        self.hostile.add(name)

    @rule(who=st.sampled_from(NAMES))
    def push_folder_where_a_file_goes(self, who: str) -> None:
        self.evil.push(folder_at(who))
        self.shared[who] = None
        self.hostile.add(who)

    @rule()
    def push_members_link(self) -> None:
        self.evil.push(members_link(".."))
        self.shared = {name: None for name in NAMES}
        self.hostile.clear()

    @precondition(lambda self: not (self.evil.root / ".gitattributes").exists())
    @rule()
    def push_attributes(self) -> None:
        self.evil.push(reencoding)

    # -- what happens to a clone from outside ---------------------------------------------------------

    @rule(who=st.sampled_from(NAMES), how=st.sampled_from(["garble own", "delete other", "members a link"]))
    def replace_in_clone(self, who: str, how: str) -> None:
        members = self.folders[who] / "group" / "members"
        if members.is_symlink() or not members.is_dir():
            return
        if how == "garble own" and (members / f"{who}.json").is_file():
            (members / f"{who}.json").write_bytes(b"\x00garbled by another program")
        elif how == "delete other":
            other = next(n for n in NAMES if n != who)
            (members / f"{other}.json").unlink(missing_ok=True)
        elif how == "members a link":
            shutil.rmtree(members)
            members.symlink_to("..")

    # -- checks -----------------------------------------------------------------------------------------

    def kept(self, who: str) -> dict[str, bytes]:
        return {name: (self.folders[who] / name).read_bytes() for name in KEPT if (self.folders[who] / name).exists()}

    def check_report(self, who: str, report: grouping.SyncReport) -> None:
        for line in report.lines:
            assert line == one_line(line), line
        shown = sorted(line.split(":")[0] for line in report.problems)
        expected = sorted(f"members/{one_line(name)}.json" for name in self.hostile)
        assert shown == expected, (report.problems, self.hostile)
        assert all("left out" in line for line in report.problems), report.problems

    def check_sight(self, who: str) -> None:
        expected: dict[str, list[tuple[str, int]]] = {}
        for other in NAMES:
            ratings = self.shared[other]
            if other == who or ratings is None:
                continue
            for paper, stars in sorted(ratings.items()):
                if stars:
                    expected.setdefault(TITLES[paper], []).append((other, stars))
        with Library.open(self.folders[who], seed=False, read_only=True) as lib:
            sight = grouping.sight(lib)
            assert sight is not None
            seen = {p.title: [(m.member, m.rating) for m in sight.marks_of(p.id)] for p in lib.papers if sight.marks_of(p.id)}
        assert seen == {t: sorted(marks) for t, marks in expected.items()}, (who, seen, expected)


def git_log(root: Path) -> str:
    """The group's history as the hostile clone sees it (for a failing run's report)."""
    return sh(root, "log", "--stat", "--all")
