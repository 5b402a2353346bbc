"""The group's clone: fetch and rebase, write this member's file, commit when it changed, push, again when refused.

Git runs as a command line with an argument list (`export.git_vault.git`: no
shell, no prompts) and a fixed set of options (`SAFE`), since everything in the
repository is written by other people: links are checked out as plain files,
no hook runs, and `.git/info/attributes` (which outranks any `.gitattributes`
a member commits) checks every file out byte for byte, with no filter, no
re-encoding and no line-ending change. Before this member's file is written,
its path is made a plain file inside the clone: a link or a file where the
`members` folder goes, or a folder where the file goes, is taken out of the
tree (and the report says so) rather than written through. Each member commits only `members/NAME.json`, so a
rebase onto what the others pushed never meets a conflict; and since that
file is made again from the library on every sync, a clone that cannot be
rebased (a hand edit in it) is put back on the group's history and the file
written anew: nothing the library holds is lost. A push refused because
another member pushed in between is retried after taking their commits.
When the remote cannot be reached, the file is still committed here and
goes out with the next sync.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import time
from pathlib import Path

from tui.core.export.git_vault import GitError, git
from tui.core.group.state import MEMBERS, GroupError
from tui.core.store.atomic import atomic_write_text

REMOTE = "origin"
#: Rounds of fetch, rebase, commit and push before a sync gives up on a busy group.
ATTEMPTS = 6
#: Git's options for the clone, whatever the repository or the user's settings hold: a link in the tree is
#: checked out as a plain file, no hook runs, no fsmonitor, no attributes file of the user's, no line-ending
#: conversion, no submodule is followed, and a path given to git is a path (no pathspec magic).
SAFE = (
    "--literal-pathspecs",
    "-c", "core.symlinks=false",
    "-c", "core.hooksPath=/dev/null",
    "-c", "core.fsmonitor=false",
    "-c", "core.attributesFile=/dev/null",
    "-c", "core.autocrlf=false",
    "-c", "submodule.recurse=false",
    "-c", "fetch.recurseSubmodules=false",
)  # fmt: skip
#: The clone's `.git/info/attributes`: it outranks every `.gitattributes` in the tree, so no member's file
#: turns on a filter (git-lfs and the like run programs), a re-encoding, an ident or a line-ending change.
ATTRIBUTES = "* -text !eol -filter !diff !merge -ident -working-tree-encoding\n"


def group_git(root: Path, *args: str, check: bool = True, identity: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """Git in the group's clone (or, for `clone`, its parent), always with the `SAFE` options."""
    return git(root, *args, check=check, identity=identity, options=SAFE)


def keep_attributes(root: Path) -> None:
    """Write `ATTRIBUTES` to the clone's `.git/info/attributes` when it holds anything else."""
    path = root / ".git" / "info" / "attributes"
    try:
        if path.is_file() and not path.is_symlink() and path.read_text(encoding="utf-8") == ATTRIBUTES:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, ATTRIBUTES, mode=0o644)
    except OSError as exc:
        raise GroupError(f"{path}: cannot be written ({exc.strerror or exc}); nothing was synced") from None


def clone(remote: str, dest: Path) -> None:
    """Clone `remote` (any URL or path git accepts) into `dest`; one line naming the remote when git cannot.

    Checked out only once `ATTRIBUTES` is in place, so not even the first checkout honours the tree's attributes."""
    dest = dest.absolute()  # git runs in the parent: a relative `--db` would name a folder below it
    dest.parent.mkdir(parents=True, exist_ok=True)
    try:
        group_git(dest.parent, "clone", "-q", "--no-checkout", "--origin", REMOTE, "--", remote, str(dest))
        keep_attributes(dest)
        if group_git(dest, "rev-parse", "-q", "--verify", "HEAD", check=False).returncode == 0:
            group_git(dest, "reset", "-q", "--hard", "HEAD")
    except GitError as exc:
        raise GroupError(f"cannot join {remote}: {exc}") from None


def inside(root: Path, path: Path) -> bool:
    """`path` (resolved) lies in the clone `root`, and no part of it below `root` is a link."""
    real = root.resolve()
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        return False
    step = root
    for part in parts:  # a `..` needs no check of its own: the resolved path below says where it leads
        step = step / part
        if step.is_symlink():
            return False
    return path.resolve().is_relative_to(real)


class Exchange:
    """What one sync's git work did, for the report."""

    def __init__(self) -> None:
        self.committed = False
        """This member's file changed and was committed."""
        self.pushed = False
        """Commits went to the remote (False also when there was nothing to push)."""
        self.retries = 0
        """Pushes refused because another member pushed first, then made again."""
        self.received = 0
        """Commits of other members taken in."""
        self.unreachable = ""
        """Why the remote could not be reached ("" when it could)."""
        self.rebuilt = False
        """The clone could not be rebased and was put back on the group's history (this member's file written anew)."""
        self.cleared: list[str] = []
        """What stood where this member's file goes (a link, a file, a folder), taken out of the tree: a line each."""


class GroupRepo:
    """The clone in the library folder, as one member uses it."""

    def __init__(self, root: Path, member: str) -> None:
        self.root, self.member = root, member
        if not (root / ".git").exists():
            raise GroupError(f"{root}: the group's clone is missing (leave the group by removing group.json, then join again)")
        keep_attributes(root)
        stale = root / ".git" / "index.lock"
        if stale.is_file():  # left by a git that was killed: the sync holds the clone's lock, no other git runs here
            stale.unlink()
        self.identity: tuple[str, ...] = ()
        if not self.run("config", "user.email", check=False).stdout.strip():
            self.identity = ("-c", f"user.name={member}", "-c", f"user.email={member}@paperdesk.invalid")

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return group_git(self.root, *args, check=check, identity=self.identity)

    @property
    def own_file(self) -> Path:
        return self.root / MEMBERS / f"{self.member}.json"

    def _has(self, ref: str) -> bool:
        return self.run("rev-parse", "-q", "--verify", ref, check=False).returncode == 0

    def _branch(self) -> str:
        """The branch the group shares: this clone's, or, when the remote holds only others, the remote's own."""
        current = self.run("symbolic-ref", "--short", "HEAD").stdout.strip()
        listed = self.run("for-each-ref", "--format=%(refname:short)", f"refs/remotes/{REMOTE}").stdout.split()
        branches = [b for b in listed if b != f"{REMOTE}/HEAD" and b != REMOTE]
        if not branches or f"{REMOTE}/{current}" in branches:
            return current
        head = self.run("symbolic-ref", "-q", "--short", f"refs/remotes/{REMOTE}/HEAD", check=False).stdout.strip()
        chosen = head if head in branches else sorted(branches)[0]
        name = chosen.split("/", 1)[1]
        self.run("checkout", "-q", "-f", "-B", name, chosen)  # this member's file is written again after
        return name

    def fetch(self, out: Exchange) -> str:
        """Take in what the others pushed; the branch to push to. `GitError` when the remote cannot be reached."""
        before = self.run("rev-parse", "-q", "--verify", "HEAD", check=False).stdout.strip()
        self.run("fetch", "-q", "--prune", REMOTE)
        branch = self._branch()
        upstream = f"{REMOTE}/{branch}"
        if not self._has(f"refs/remotes/{upstream}"):
            return branch  # an empty group: this member's first push makes the branch
        if not self._has("HEAD"):
            self.run("reset", "-q", "--hard", upstream)
        elif self.run("rebase", "-q", upstream, check=False).returncode != 0:
            self.run("rebase", "--abort", check=False)
            self.run("reset", "-q", "--hard", upstream)  # this member's file is written again after
            out.rebuilt = True
        taken = f"{before}..{upstream}" if before else upstream  # `before` is a commit of this clone: git counts it
        out.received += int(self.run("rev-list", "--count", taken).stdout)
        return branch

    def _take_out(self, path: Path, kind: str, out: Exchange) -> None:
        """Take `path` (a link, a file or a folder another member committed) out of the index and the work tree."""
        relative = path.relative_to(self.root).as_posix()
        staged = self.run("ls-files", "-s", "--", relative).stdout.split()
        if path.is_symlink() or staged[:1] == ["120000"]:  # a link checked out (by an older clone) or as a plain file
            kind = "a link"
        self.run("rm", "-r", "-q", "--cached", "--ignore-unmatch", "--", relative)
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()
        out.cleared.append(f"{relative}: {kind} in the group's repository, not followed; taken out for your file")

    def clear_way(self, out: Exchange) -> Path:
        """This member's file, its way made clear: `members` a real folder, the file no link or folder; `GroupError`
        when the path still leads out of the clone."""
        folder, path = self.root / MEMBERS, self.own_file
        if folder.is_symlink() or (os.path.lexists(folder) and not folder.is_dir()):
            self._take_out(folder, "a file, not a folder", out)
        if path.is_symlink() or (os.path.lexists(path) and not path.is_file()):
            self._take_out(path, "a folder, not a file", out)
        folder.mkdir(exist_ok=True)
        if not inside(self.root, path):
            raise GroupError(f"{path}: leads out of the group's clone; nothing was written")
        return path

    def commit_own(self, text: str, message: str, out: Exchange | None = None) -> bool:
        """Write this member's file when its text changed and commit it; False when there was nothing new."""
        path = self.clear_way(out or Exchange())
        data = text.encode("utf-8")
        try:
            same = path.stat().st_size == len(data) and path.read_bytes() == data
        except OSError:
            same = False
        if not same:
            atomic_write_text(path, text, mode=0o644)
        relative = f"{MEMBERS}/{path.name}"
        self.run("add", "--", relative)
        if self.run("diff", "--cached", "--quiet", "--", relative, check=False).returncode == 0:
            return False
        self.run("commit", "-q", "-m", message, "--", relative)
        return True

    def ahead(self, branch: str) -> bool:
        """This clone holds commits the remote lacks."""
        if not self._has("HEAD"):
            return False
        upstream = f"refs/remotes/{REMOTE}/{branch}"
        if not self._has(upstream):
            return True
        return self.run("rev-list", "--count", f"{upstream}..HEAD").stdout.strip() != "0"

    def push(self, branch: str) -> subprocess.CompletedProcess[str]:
        return self.run("push", "-q", REMOTE, f"HEAD:refs/heads/{branch}", check=False)


def exchange(root: Path, member: str, text: str, message: str, *, attempts: int = ATTEMPTS) -> Exchange:
    """Fetch, rebase, commit this member's file (`text`) when it changed, push; again while another member pushes
    first. Whatever git or the disk refuses is a `GroupError` of one line: the library holds everything shared."""
    try:
        return _exchange(GroupRepo(root, member), text, message, attempts)
    except (GitError, OSError) as exc:
        reason = str(exc) if isinstance(exc, GitError) else f"{exc.strerror or exc}"
        raise GroupError(f"{root}: {reason}; nothing of the library was changed, sync again") from None


def _exchange(repo: GroupRepo, text: str, message: str, attempts: int) -> Exchange:
    out = Exchange()
    for attempt in range(attempts):
        try:
            branch = repo.fetch(out)
        except GitError as exc:
            out.unreachable = str(exc)
            out.committed = repo.commit_own(text, message, out) or out.committed
            return out
        out.committed = repo.commit_own(text, message, out) or out.committed
        if not repo.ahead(branch):
            return out
        pushed = repo.push(branch)
        if pushed.returncode == 0:
            out.pushed = True
            return out
        out.retries += 1
        time.sleep(random.uniform(0.05, 0.2) * (attempt + 1))  # members racing each other fall out of step
    first = next((line for line in (pushed.stderr + pushed.stdout).splitlines() if line.strip()), "refused")
    raise GroupError(f"git push: {first.strip()} (after {attempts} tries); your ratings are committed in the clone, sync again")
