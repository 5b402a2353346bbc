"""The group's clone: fetch and rebase, write this member's file, commit when it changed, push, again when refused.

Git runs as a command line with an argument list (`export.git_vault.git`: no
shell, no prompts). Each member commits only `members/NAME.json`, so a
rebase onto what the others pushed never meets a conflict; and since that
file is made again from the library on every sync, a clone that cannot be
rebased (a hand edit in it) is put back on the group's history and the file
written anew: nothing the library holds is lost. A push refused because
another member pushed in between is retried after taking their commits.
When the remote cannot be reached, the file is still committed here and
goes out with the next sync.
"""

from __future__ import annotations

import random
import subprocess
import time
from pathlib import Path

from tui.core.export.git_vault import GitError, git
from tui.core.group.state import MEMBERS, GroupError
from tui.core.store.atomic import atomic_write_text

REMOTE = "origin"
#: Rounds of fetch, rebase, commit and push before a sync gives up on a busy group.
ATTEMPTS = 6


def clone(remote: str, dest: Path) -> None:
    """Clone `remote` (any URL or path git accepts) into `dest`; one line naming the remote when git cannot."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    try:
        git(dest.parent, "clone", "-q", "--origin", REMOTE, "--", remote, str(dest))
    except GitError as exc:
        raise GroupError(f"cannot join {remote}: {exc}") from None


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


class GroupRepo:
    """The clone in the library folder, as one member uses it."""

    def __init__(self, root: Path, member: str) -> None:
        self.root, self.member = root, member
        if not (root / ".git").exists():
            raise GroupError(f"{root}: the group's clone is missing (leave the group by removing group.json, then join again)")
        self.identity: tuple[str, ...] = ()
        if not self.run("config", "user.email", check=False).stdout.strip():
            self.identity = ("-c", f"user.name={member}", "-c", f"user.email={member}@paperdesk.invalid")

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return git(self.root, *args, check=check, identity=self.identity)

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
        if before:
            counted = self.run("rev-list", "--count", f"{before}..{upstream}", check=False).stdout.strip()
            out.received += int(counted) if counted.isdigit() else 0
        else:
            out.received += int(self.run("rev-list", "--count", upstream).stdout.strip() or 0)
        return branch

    def commit_own(self, text: str, message: str) -> bool:
        """Write this member's file when its text changed and commit it; False when there was nothing new."""
        path = self.own_file
        try:
            same = path.read_text(encoding="utf-8") == text
        except (OSError, UnicodeDecodeError):
            same = False
        if not same:
            path.parent.mkdir(parents=True, exist_ok=True)
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
        return self.run("rev-list", "--count", f"{upstream}..HEAD").stdout.strip() not in ("", "0")

    def push(self, branch: str) -> subprocess.CompletedProcess[str]:
        return self.run("push", "-q", REMOTE, f"HEAD:refs/heads/{branch}", check=False)


def exchange(root: Path, member: str, text: str, message: str, *, attempts: int = ATTEMPTS) -> Exchange:
    """Fetch, rebase, commit this member's file (`text`) when it changed, push; again while another member pushes first."""
    repo = GroupRepo(root, member)
    out = Exchange()
    for attempt in range(attempts):
        try:
            branch = repo.fetch(out)
        except GitError as exc:
            out.unreachable = str(exc)
            out.committed = repo.commit_own(text, message) or out.committed
            return out
        out.committed = repo.commit_own(text, message) or out.committed
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
