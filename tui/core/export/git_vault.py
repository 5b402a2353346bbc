"""A vault in a git work tree, shared by two machines: pull (rebase), sync, commit, push.

Git runs as a command line with an argument list, never through a shell,
with prompts turned off (a remote that wants a password fails instead of
hanging). The sync state is per library, so it is kept out of git
(`.git/info/exclude`); the notes files and conflict files are committed.

Edits made in the vault on this machine are committed first, so the pull can
rebase them. When the same file changed here and on the other machine, the
rebase is given up and the remote is merged instead, file by file: the
other machine's version takes the file's place and this machine's is kept
beside it as `NAME.conflict-DATE.md`, both committed, and the report says
so. Nothing is lost in any order of syncs; the user merges the two texts.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tui.core.errors import PaperdeskError
from tui.core.export.filenames import unique_name
from tui.core.export.sync import SyncReport
from tui.core.export.sync_state import STATE_FILE
from tui.core.models import day, utc_now
from tui.core.store.atomic import atomic_write_text
from tui.core.words import plural

#: Each git command gets this long (a local or LAN remote answers in well under a second).
TIMEOUT = 120


class GitError(PaperdeskError):
    """A git step failed; the message names the command and git's own first line."""


@dataclass
class GitSyncOutcome:
    """The sync's report plus what git did, for the CLI and the app."""

    report: SyncReport | None = None
    git_lines: list[str] = field(default_factory=list)
    git_conflicts: int = 0

    @property
    def conflicts(self) -> int:
        return self.git_conflicts + (self.report.conflicts if self.report else 0)

    def lines(self) -> list[str]:
        out = list(self.git_lines)
        if self.report is not None:
            out[:0] = self.report.all_lines()
        return out


def git(
    repo: Path, *args: str, check: bool = True, identity: tuple[str, ...] = (), options: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    """Run `git OPTIONS -C repo ARGS…` (an argument list, no shell); raise `GitError` on failure when `check`.

    `options` go before everything else: the group's clone passes its fixed safe set (`group.repo.SAFE`);
    the vault, the user's own repository, runs with the user's settings (their hooks too)."""
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "", "LC_ALL": "C"}
    env.pop("GIT_DIR", None)
    env.pop("GIT_WORK_TREE", None)
    try:
        done = subprocess.run(
            ["git", *options, *identity, "-C", str(repo), *args],
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=TIMEOUT,
            env=env,
            stdin=subprocess.DEVNULL,
        )
    except FileNotFoundError:
        raise GitError("git is not installed (needed by --git)") from None
    except subprocess.TimeoutExpired:
        raise GitError(f"git {args[0]}: no answer after {TIMEOUT} s") from None
    if check and done.returncode != 0:
        first = next((line for line in (done.stderr + done.stdout).splitlines() if line.strip()), "failed")
        raise GitError(f"git {args[0]}: {first.strip()}")
    return done


class _Repo:
    """The work tree holding the vault, and the few questions the sync asks it."""

    def __init__(self, vault: Path) -> None:
        self.vault = vault
        found = git(vault, "rev-parse", "--show-toplevel", check=False)
        if found.returncode != 0:
            raise GitError(f"{vault}: not in a git work tree (git init, or clone the shared vault, first)")
        self.root = Path(found.stdout.strip())
        self.identity: tuple[str, ...] = ()
        if not git(self.root, "config", "user.email", check=False).stdout.strip():
            self.identity = ("-c", "user.name=paperdesk", "-c", "user.email=paperdesk@localhost")

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return git(self.root, *args, check=check, identity=self.identity)

    def exclude_state(self) -> None:
        """Keep the per-library sync state out of git (`info/exclude`: local, never committed)."""
        path = Path(self.run("rev-parse", "--git-path", "info/exclude").stdout.strip())
        path = path if path.is_absolute() else self.root / path
        try:
            text = path.read_text(encoding="utf-8") if path.exists() else ""
            if STATE_FILE not in text.split("\n"):
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text + ("" if text.endswith("\n") or not text else "\n") + STATE_FILE + "\n", encoding="utf-8")
        except OSError as exc:
            raise GitError(f"{path}: cannot keep the sync state out of git ({exc.strerror})") from None

    def commit_all(self, message: Callable[[int], str]) -> int:
        """Commit every change under the vault (`message(how many files)`); return the number of files committed (0: nothing)."""
        self.run("add", "-A", "--", str(self.vault))
        names = self.names("diff", "--cached")
        if names:
            self.run("commit", "-q", "-m", message(len(names)))
        return len(names)

    def names(self, *args: str) -> list[str]:
        """The paths `git ARGS --name-only` lists, as they are: NUL-separated (`-z`), since git quotes a
        name with letters outside ASCII ("x₀", a CJK title) when it writes one per line."""
        return [n for n in self.run(*args, "--name-only", "-z").stdout.split("\0") if n]

    def branch(self) -> str:
        return self.run("symbolic-ref", "--short", "HEAD").stdout.strip()

    def remote(self) -> str:
        remotes = self.run("remote").stdout.split()
        return "origin" if "origin" in remotes else (remotes[0] if remotes else "")

    def has_commits(self) -> bool:
        return self.run("rev-parse", "-q", "--verify", "HEAD", check=False).returncode == 0


def _pull(repo: _Repo, remote: str, branch: str, out: GitSyncOutcome, now: str) -> None:
    """Bring the other machine's commits in: rebase, or a merge keeping both sides of each clash."""
    repo.run("fetch", "-q", remote)
    upstream = f"{remote}/{branch}"
    if repo.run("rev-parse", "-q", "--verify", f"refs/remotes/{upstream}", check=False).returncode != 0:
        return  # the shared repository has no commits on this branch yet
    if not repo.has_commits():
        repo.run("reset", "-q", upstream)  # a fresh clone of an empty repository: adopt the remote's history
        repo.run("checkout", "-q", "--", ".")
        return
    rebased = repo.run("rebase", "-q", upstream, check=False)
    if rebased.returncode == 0:
        return
    repo.run("rebase", "--abort", check=False)
    merged = repo.run("merge", "-q", "--no-edit", upstream, check=False)
    if merged.returncode == 0:
        return
    clashes = repo.names("diff", "--diff-filter=U")
    if not clashes:
        repo.run("merge", "--abort", check=False)
        raise GitError(f"git merge: {merged.stderr.strip().splitlines()[0] if merged.stderr.strip() else 'failed'}")
    for name in clashes:
        _keep_both(repo, name, now, out)
    repo.run("commit", "-q", "--no-edit", "-m", f"paperdesk: merge {upstream}, {plural(len(clashes), 'note')} changed on both machines")


def _keep_both(repo: _Repo, name: str, now: str, out: GitSyncOutcome) -> None:
    """A file changed here and there: theirs takes its place, ours goes beside it as a conflict file."""
    path = repo.root / name
    ours = repo.run("show", f":2:{name}", check=False)
    theirs = repo.run("show", f":3:{name}", check=False)
    if theirs.returncode != 0:  # deleted there, changed here: keep ours
        atomic_write_text(path, ours.stdout, mode=0o644)
        repo.run("add", "--", name)
        return
    atomic_write_text(path, theirs.stdout, mode=0o644)
    repo.run("add", "--", name)
    if ours.returncode != 0:  # deleted here, changed there: theirs is back
        return
    stem, dot, suffix = path.name.rpartition(".")
    taken = {p.casefold() for p in os.listdir(path.parent)}
    beside = path.parent / unique_name(f"{stem if dot else path.name}.conflict-{day(now)}", taken, f".{suffix}" if dot else "")
    atomic_write_text(beside, ours.stdout, mode=0o644)
    repo.run("add", "--", str(beside.relative_to(repo.root)))
    out.git_conflicts += 1
    out.git_lines.append(
        f"conflict {name}: changed on this machine and on the other; the other's is in place, this machine's in {beside.name}"
    )


def sync_with_git(vault: Path, sync: Callable[[], SyncReport], now: str | None = None) -> GitSyncOutcome:
    """Commit vault edits, pull (rebase), run `sync`, commit ("paperdesk: N notes updated"), push."""
    stamp = now or utc_now()
    vault.mkdir(parents=True, exist_ok=True)
    repo = _Repo(vault)
    repo.exclude_state()
    out = GitSyncOutcome()
    edits = repo.commit_all(lambda n: f"paperdesk: {plural(n, 'note')} edited in the vault")
    if edits:
        out.git_lines.append(f"git: committed {plural(edits, 'file')} edited in the vault")
    remote = repo.remote()
    branch = repo.branch()
    if remote:
        _pull(repo, remote, branch, out, stamp)
    out.report = sync()
    updated = repo.commit_all(lambda n: f"paperdesk: {plural(n, 'note')} updated")
    out.git_lines.append(f"git: committed {plural(updated, 'file')}" if updated else "git: nothing to commit")
    if remote and repo.has_commits():
        pushed = repo.run("push", "-q", "-u", remote, f"HEAD:refs/heads/{branch}", check=False)
        if pushed.returncode != 0:
            # The other machine pushed in between: take its commits and try once more.
            _pull(repo, remote, branch, out, stamp)
            again = repo.run("push", "-q", "-u", remote, f"HEAD:refs/heads/{branch}", check=False)
            if again.returncode != 0:
                first = (again.stderr.strip().splitlines() or ["failed"])[0]
                out.git_lines.append(f"git: push failed ({first}); the commit is kept here, sync again")
                return out
        out.git_lines.append(f"git: pushed to {remote}")
    return out
