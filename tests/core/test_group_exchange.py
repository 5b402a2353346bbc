"""One sync's git work (`repo.exchange`) on bare clones, without a library: what each member's push sends, what
a fetch takes in, and what a refused push, an unreachable remote or a clone edited by hand leave behind.

Fast on purpose (a local bare repository, one small file a member): mutation runs of `repo.fetch`, `_exchange`,
`ahead` and `push` run this file alone (benchmarks/mutation-41-group.md).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from tui.core.group import repo
from tui.core.group.repo import Exchange, GroupRepo, clone, exchange
from tui.core.group.state import GroupError

ID = ("-c", "user.name=t", "-c", "user.email=t@example.invalid")


def sh(where: Path, *args: str) -> str:
    return subprocess.run(["git", *ID, *args], cwd=where, check=True, capture_output=True, text=True).stdout.strip()


def shared(bare: Path, member: str, branch: str = "main") -> str:
    """`members/MEMBER.json` as the remote holds it on `branch`."""
    return sh(bare, "show", f"{branch}:members/{member}.json")


@pytest.fixture
def bare(tmp_path: Path) -> Path:
    path = tmp_path / "group.git"
    sh(tmp_path, "init", "-q", "--bare", "--initial-branch=main", str(path))
    return path


def member(tmp_path: Path, bare: Path, name: str) -> Path:
    root = tmp_path / name / "group"
    clone(str(bare), root)
    return root


def test_the_first_push_makes_the_branch_and_each_member_counts_what_it_took_in(tmp_path: Path, bare: Path) -> None:
    ana, bob = member(tmp_path, bare, "ana"), member(tmp_path, bare, "bob")  # both joined an empty group
    first = exchange(ana, "ana", '{"a": 1}\n', "ana: 1 paper shared")
    assert (first.committed, first.pushed, first.received, first.retries, first.rebuilt, first.unreachable) == (True, True, 0, 0, False, "")
    assert shared(bare, "ana") == '{"a": 1}'
    assert sh(bare, "log", "-1", "--format=%s", "main") == "ana: 1 paper shared"

    second = exchange(bob, "bob", '{"b": 1}\n', "bob: 1 paper shared")  # bob's clone has no commit yet
    assert (second.committed, second.pushed, second.received) == (True, True, 1)
    assert (bob / "members" / "ana.json").read_text(encoding="utf-8") == '{"a": 1}\n'
    assert (shared(bare, "ana"), shared(bare, "bob")) == ('{"a": 1}', '{"b": 1}')

    exchange(bob, "bob", '{"b": 2}\n', "bob: again")
    back = exchange(ana, "ana", '{"a": 1}\n', "ana: nothing new")  # two of bob's commits on top of ana's
    assert (back.committed, back.pushed, back.received, back.rebuilt) == (False, False, 2, False)
    assert (ana / "members" / "bob.json").read_text(encoding="utf-8") == '{"b": 2}\n'
    assert sh(bare, "rev-list", "--count", "main") == "3"  # nothing pushed by the idle sync
    assert sh(ana, "rev-parse", "HEAD") == sh(bare, "rev-parse", "main")


def test_a_change_made_after_the_others_pushed_goes_out_on_top_of_theirs(tmp_path: Path, bare: Path) -> None:
    ana, bob = member(tmp_path, bare, "ana"), member(tmp_path, bare, "bob")
    exchange(ana, "ana", "a1\n", "a1")
    exchange(bob, "bob", "b1\n", "b1")
    done = exchange(ana, "ana", "a2\n", "a2")  # ana's clone is one commit behind: rebased, never forced
    assert (done.committed, done.pushed, done.received) == (True, True, 1)
    assert (shared(bare, "ana"), shared(bare, "bob")) == ("a2", "b1")
    assert sh(bare, "log", "--format=%s", "main").split() == ["a2", "b1", "a1"]


def test_an_unreachable_remote_keeps_the_commit_and_the_next_sync_sends_it(tmp_path: Path, bare: Path) -> None:
    ana = member(tmp_path, bare, "ana")
    exchange(ana, "ana", "a1\n", "a1")
    away = bare.with_name("moved.git")
    bare.rename(away)
    offline = exchange(ana, "ana", "a2\n", "a2")
    assert offline.unreachable and "\n" not in offline.unreachable
    assert (offline.committed, offline.pushed, offline.received) == (True, False, 0)
    assert sh(ana, "show", "HEAD:members/ana.json") == "a2"
    away.rename(bare)
    again = exchange(ana, "ana", "a2\n", "a2")  # nothing new to commit, but the commit made offline goes out
    assert (again.committed, again.pushed, again.unreachable) == (False, True, "")
    assert shared(bare, "ana") == "a2"


def test_an_unreachable_remote_before_any_commit_still_commits_here(tmp_path: Path, bare: Path) -> None:
    ana = member(tmp_path, bare, "ana")
    sh(ana, "remote", "set-url", "origin", str(tmp_path / "nowhere.git"))
    done = exchange(ana, "ana", "a1\n", "a1")
    assert done.unreachable and done.committed and not done.pushed
    assert sh(ana, "show", "HEAD:members/ana.json") == "a1"


def test_a_push_refused_because_another_member_pushed_first_is_made_again(tmp_path: Path, bare: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ana, bob = member(tmp_path, bare, "ana"), member(tmp_path, bare, "bob")
    exchange(ana, "ana", "a1\n", "a1")
    push = GroupRepo.push
    raced: list[str] = []

    def racing(self: GroupRepo, branch: str) -> subprocess.CompletedProcess[str]:
        if self.member == "ana" and not raced:  # bob pushes between ana's fetch and ana's push
            raced.append(branch)
            exchange(bob, "bob", "b1\n", "b1")
        return push(self, branch)

    exchange(bob, "bob", "b0\n", "b0")  # taken in by ana's first fetch, b1 by the second: both counted
    monkeypatch.setattr(GroupRepo, "push", racing)
    done = exchange(ana, "ana", "a2\n", "a2")
    assert raced == ["main"]
    assert (done.committed, done.pushed, done.retries, done.received) == (True, True, 1, 2)
    assert (shared(bare, "ana"), shared(bare, "bob")) == ("a2", "b1")
    assert sh(bare, "log", "--format=%s", "main").split() == ["a2", "b1", "b0", "a1"]


def test_a_push_refused_every_time_is_one_line_and_the_commit_stays_in_the_clone(tmp_path: Path, bare: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ana = member(tmp_path, bare, "ana")
    tries: list[str] = []

    def refused(self: GroupRepo, branch: str) -> subprocess.CompletedProcess[str]:
        tries.append(branch)
        return subprocess.CompletedProcess(["git", "push"], 1, stdout="", stderr="\n  \n ! [rejected] main -> main (fetch first)\nhint: pull\n")

    monkeypatch.setattr(GroupRepo, "push", refused)
    monkeypatch.setattr(repo, "time", SimpleNamespace(sleep=lambda _s: None))  # only the sync's own wait
    with pytest.raises(GroupError) as caught:
        exchange(ana, "ana", "a1\n", "a1", attempts=3)
    assert str(caught.value) == "git push: ! [rejected] main -> main (fetch first) (after 3 tries); your ratings are committed in the clone, sync again"
    assert tries == ["main"] * 3
    assert sh(ana, "show", "HEAD:members/ana.json") == "a1"


def test_a_refusal_with_no_words_is_still_a_line(tmp_path: Path, bare: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ana = member(tmp_path, bare, "ana")
    monkeypatch.setattr(GroupRepo, "push", lambda self, branch: subprocess.CompletedProcess(["git"], 128, stdout=" \n", stderr=""))
    monkeypatch.setattr(repo, "time", SimpleNamespace(sleep=lambda _s: None))  # only the sync's own wait
    with pytest.raises(GroupError, match=r"^git push: refused \(after 1 tries\)"):
        exchange(ana, "ana", "a1\n", "a1", attempts=1)


def test_a_sync_waits_a_little_longer_after_each_refusal(tmp_path: Path, bare: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ana = member(tmp_path, bare, "ana")
    waits: list[float] = []
    monkeypatch.setattr(GroupRepo, "push", lambda self, branch: subprocess.CompletedProcess(["git"], 1, stdout="", stderr="no"))
    monkeypatch.setattr(repo, "time", SimpleNamespace(sleep=waits.append))
    with pytest.raises(GroupError):
        exchange(ana, "ana", "a1\n", "a1", attempts=3)
    assert len(waits) == 3
    assert all(0.05 * n <= w <= 0.2 * n for n, w in enumerate(waits, start=1))


def test_a_clone_edited_by_hand_follows_the_group_again_and_loses_no_ones_change(tmp_path: Path, bare: Path) -> None:
    ana, bob = member(tmp_path, bare, "ana"), member(tmp_path, bare, "bob")
    exchange(ana, "ana", "a1\n", "a1")
    exchange(bob, "bob", "b1\n", "b1")
    exchange(ana, "ana", "a1\n", "a1")
    (ana / "members" / "bob.json").write_text("ana's hand edit\n", encoding="utf-8")
    sh(ana, "commit", "-qam", "by hand")
    exchange(bob, "bob", "b2\n", "b2")  # the hand edit no longer rebases onto bob's commit
    done = exchange(ana, "ana", "a2\n", "a2")
    assert done.rebuilt and done.pushed and done.committed
    assert (shared(bare, "ana"), shared(bare, "bob")) == ("a2", "b2")
    assert sh(ana, "status", "--porcelain") == ""
    assert "by hand" not in sh(bare, "log", "--format=%s", "main")
    assert not (ana / ".git" / "rebase-merge").exists() and not (ana / ".git" / "rebase-apply").exists()  # the rebase given up
    exchange(bob, "bob", "b3\n", "b3")
    later = exchange(ana, "ana", "a3\n", "a3")  # the next sync is an ordinary one again
    assert (later.rebuilt, later.unreachable, later.pushed, later.received) == (False, "", True, 1)
    assert sh(ana, "symbolic-ref", "--short", "HEAD") == "main"


def test_a_disk_error_is_one_line_naming_the_clone(tmp_path: Path, bare: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ana = member(tmp_path, bare, "ana")

    def full(*_a: object, **_k: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(repo, "atomic_write_text", full)
    with pytest.raises(GroupError) as caught:
        exchange(ana, "ana", "a1\n", "a1")
    assert str(caught.value) == f"{ana}: No space left on device; nothing of the library was changed, sync again"


def test_a_git_error_is_one_line_naming_the_clone(tmp_path: Path, bare: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ana = member(tmp_path, bare, "ana")

    def broken(*_a: object, **_k: object) -> bool:
        raise repo.GitError("git commit: disk full")

    monkeypatch.setattr(GroupRepo, "commit_own", broken)
    with pytest.raises(GroupError) as caught:
        exchange(ana, "ana", "a1\n", "a1")
    assert str(caught.value) == f"{ana}: git commit: disk full; nothing of the library was changed, sync again"


def test_a_group_that_moved_to_another_branch_is_followed(tmp_path: Path, bare: Path) -> None:
    ana, bob = member(tmp_path, bare, "ana"), member(tmp_path, bare, "bob")
    exchange(ana, "ana", "a1\n", "a1")
    exchange(bob, "bob", "b1\n", "b1")
    sh(bare, "branch", "-m", "main", "week2")  # the group renamed its branch
    sh(bare, "symbolic-ref", "HEAD", "refs/heads/week2")
    done = exchange(ana, "ana", "a2\n", "a2")
    assert done.pushed
    assert sh(bare, "for-each-ref", "--format=%(refname:short)", "refs/heads") == "week2"  # `main` not made again
    assert (shared(bare, "ana", "week2"), shared(bare, "bob", "week2")) == ("a2", "b1")


def test_ahead_says_whether_the_remote_lacks_a_commit(tmp_path: Path, bare: Path) -> None:
    ana = member(tmp_path, bare, "ana")
    mine = GroupRepo(ana, "ana")
    assert mine.ahead("main") is False  # no commit at all
    assert mine.commit_own("a1\n", "a1")
    assert mine.ahead("main") is True  # the remote has no branch yet
    assert mine.push("main").returncode == 0
    mine.fetch(Exchange())
    assert mine.ahead("main") is False
    assert mine.commit_own("a2\n", "a2")
    assert mine.ahead("main") is True
    assert mine.ahead("elsewhere") is True


def test_fetch_takes_in_and_counts_without_a_commit_of_ones_own(tmp_path: Path, bare: Path) -> None:
    ana, bob = member(tmp_path, bare, "ana"), member(tmp_path, bare, "bob")
    exchange(ana, "ana", "a1\n", "a1")
    exchange(ana, "ana", "a2\n", "a2")
    out = Exchange()
    assert GroupRepo(bob, "bob").fetch(out) == "main"
    assert out.received == 2 and not out.rebuilt
    assert sh(bob, "rev-parse", "HEAD") == sh(bare, "rev-parse", "main")
    assert (bob / "members" / "ana.json").read_text(encoding="utf-8") == "a2\n"


def test_members_pushed_as_a_plain_file_gives_way_and_is_named_a_file(tmp_path: Path, bare: Path) -> None:
    other = tmp_path / "other"
    sh(tmp_path, "clone", "-q", str(bare), str(other))
    (other / "members").write_text("not a folder\n", encoding="utf-8")
    sh(other, "add", "members")
    sh(other, "commit", "-qm", "members as a file")
    sh(other, "push", "-q", "origin", "HEAD:refs/heads/main")
    ana = member(tmp_path, bare, "ana")
    done = exchange(ana, "ana", "a1\n", "a1")
    assert done.cleared == ["members: a file, not a folder in the group's repository, not followed; taken out for your file"]
    assert done.pushed and shared(bare, "ana") == "a1"


def test_an_attributes_file_that_cannot_be_written_is_one_line(tmp_path: Path, bare: Path) -> None:
    ana = member(tmp_path, bare, "ana")
    info = ana / ".git" / "info"
    shutil.rmtree(info)
    info.write_text("a file where git's info folder goes\n", encoding="utf-8")
    with pytest.raises(GroupError) as caught:
        GroupRepo(ana, "ana")
    assert str(caught.value) == f"{info / 'attributes'}: cannot be written (File exists); nothing was synced"


def test_a_member_without_an_identity_of_their_own_commits_under_their_name(tmp_path: Path, bare: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "no-global-config"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.delenv("GIT_AUTHOR_NAME", raising=False)
    monkeypatch.delenv("GIT_AUTHOR_EMAIL", raising=False)
    monkeypatch.delenv("GIT_COMMITTER_NAME", raising=False)
    monkeypatch.delenv("GIT_COMMITTER_EMAIL", raising=False)
    monkeypatch.delenv("EMAIL", raising=False)
    ana = member(tmp_path, bare, "ana")
    assert exchange(ana, "ana", "a1\n", "a1").pushed
    assert sh(bare, "log", "-1", "--format=%an <%ae>", "main") == "ana <ana@paperdesk.invalid>"


def test_a_branch_that_tracks_nothing_still_rebases_onto_the_group(tmp_path: Path, bare: Path) -> None:
    ana, bob = member(tmp_path, bare, "ana"), member(tmp_path, bare, "bob")
    exchange(ana, "ana", "a1\n", "a1")
    exchange(bob, "bob", "b1\n", "b1")
    sh(bob, "branch", "--unset-upstream")  # as `checkout -B` leaves it with branch.autoSetupMerge=false
    exchange(ana, "ana", "a2\n", "a2")
    done = exchange(bob, "bob", "b2\n", "b2")
    assert (done.rebuilt, done.received, done.pushed) == (False, 1, True)
    assert (shared(bare, "ana"), shared(bare, "bob")) == ("a2", "b2")


def test_a_file_left_uncommitted_by_a_killed_sync_never_stops_the_next(tmp_path: Path, bare: Path) -> None:
    ana, bob = member(tmp_path, bare, "ana"), member(tmp_path, bare, "bob")
    exchange(ana, "ana", "a1\n", "a1")
    (ana / "members" / "ana.json").write_text("a2, half written\n", encoding="utf-8")  # killed before its commit
    exchange(bob, "bob", "b1\n", "b1")
    done = exchange(ana, "ana", "a2\n", "a2")  # the rebase refuses the dirty tree: put back on the group, file written anew
    assert (done.unreachable, done.rebuilt, done.pushed, done.committed) == ("", True, True, True)
    assert (shared(bare, "ana"), shared(bare, "bob")) == ("a2", "b1")


def test_an_unreachable_remote_still_clears_the_way_and_both_are_said(tmp_path: Path, bare: Path) -> None:
    ana = member(tmp_path, bare, "ana")
    exchange(ana, "ana", "a1\n", "a1")
    own = ana / "members" / "ana.json"
    own.unlink()
    own.mkdir()  # replaced from outside by a folder
    (own / "x").write_text("x", encoding="utf-8")
    bare.rename(bare.with_name("away.git"))
    done = exchange(ana, "ana", "a2\n", "a2")
    assert done.unreachable.startswith("git fetch") and str(bare) in done.unreachable  # git's own reason, naming the remote
    assert done.cleared == ["members/ana.json: a folder, not a file in the group's repository, not followed; taken out for your file"]
    assert done.committed and own.read_text(encoding="utf-8") == "a2\n"


def test_a_remote_that_refuses_every_push_is_one_line_of_its_reason(tmp_path: Path, bare: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ana = member(tmp_path, bare, "ana")
    exchange(ana, "ana", "a1\n", "a1")
    (bare / "refs" / "heads" / "main.lock").write_text("")  # left by a git killed on the server
    monkeypatch.setattr(repo, "time", SimpleNamespace(sleep=lambda _s: None))
    with pytest.raises(GroupError) as caught:
        exchange(ana, "ana", "a2\n", "a2", attempts=2)
    assert str(caught.value).startswith("git push: remote: error: cannot lock ref 'refs/heads/main'")
    assert str(caught.value).endswith("(after 2 tries); your ratings are committed in the clone, sync again") and "\n" not in str(caught.value)
    (bare / "refs" / "heads" / "main.lock").unlink()
    assert exchange(ana, "ana", "a2\n", "a2").pushed and shared(bare, "ana") == "a2"


def test_each_refused_push_is_counted(tmp_path: Path, bare: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ana, bob = member(tmp_path, bare, "ana"), member(tmp_path, bare, "bob")
    exchange(ana, "ana", "a1\n", "a1")
    push = GroupRepo.push
    raced: list[str] = []

    def racing(self: GroupRepo, branch: str) -> subprocess.CompletedProcess[str]:
        if self.member == "ana" and len(raced) < 2:  # bob pushes first twice in a row
            raced.append(branch)
            exchange(bob, "bob", f"b{len(raced)}\n", "b")
        return push(self, branch)

    monkeypatch.setattr(GroupRepo, "push", racing)
    monkeypatch.setattr(repo, "time", SimpleNamespace(sleep=lambda _s: None))
    done = exchange(ana, "ana", "a2\n", "a2")
    assert (done.retries, done.pushed, done.received) == (2, True, 2)
    assert (shared(bare, "ana"), shared(bare, "bob")) == ("a2", "b2")


def test_a_remote_that_cannot_be_cloned_is_one_line(tmp_path: Path) -> None:
    nowhere = tmp_path / "nowhere.git"
    with pytest.raises(GroupError) as caught:
        clone(str(nowhere), tmp_path / "lib" / "group")
    assert str(caught.value).startswith(f"cannot join {nowhere}: git clone") and "\n" not in str(caught.value)
