"""Which branch a member's clone shares when the remote does not hold its own: the remote's HEAD, or, without
one, the first of the others by name; an empty group keeps the clone's branch (its first push makes it)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tui.core.group.repo import GroupRepo, clone

ID = ("-c", "user.name=t", "-c", "user.email=t@example.invalid", "-c", "init.defaultBranch=main")


def sh(where: Path, *args: str) -> str:
    return subprocess.run(["git", *ID, *args], cwd=where, check=True, capture_output=True, text=True).stdout.strip()


def remote_with(tmp_path: Path, branches: list[str], head: str) -> Path:
    """A bare remote holding `branches` (one commit each, different files) whose HEAD names `head`."""
    bare, work = tmp_path / "group.git", tmp_path / "seed"
    sh(tmp_path, "init", "-q", "--bare", str(bare))
    sh(tmp_path, "init", "-q", str(work))
    for name in branches:
        sh(work, "checkout", "-q", "--orphan", name)
        sh(work, "rm", "-rqf", "--ignore-unmatch", ".")  # each branch holds its own file only
        (work / f"{name.replace('/', '-')}.txt").write_text(name, encoding="utf-8")
        sh(work, "add", "-A")
        sh(work, "commit", "-q", "-m", name)
        sh(work, "push", "-q", str(bare), name)
    sh(bare, "symbolic-ref", "HEAD", f"refs/heads/{head}")
    return bare


def member_on_main(tmp_path: Path, bare: Path) -> GroupRepo:
    """A clone of `bare` whose own branch, `main`, the remote does not hold."""
    dest = tmp_path / "lib" / "group"
    clone(str(bare), dest)
    sh(dest, "checkout", "-q", "-b", "main")
    return GroupRepo(dest, "carol")


def test_a_remote_holding_only_other_branches_is_followed_on_its_head(tmp_path: Path) -> None:
    bare = remote_with(tmp_path, ["alpha", "zeta"], head="zeta")
    repo = member_on_main(tmp_path, bare)
    assert repo._branch() == "zeta"  # not "alpha", the first by name
    assert sh(repo.root, "symbolic-ref", "--short", "HEAD") == "zeta"
    assert (repo.root / "zeta.txt").is_file() and not (repo.root / "alpha.txt").exists()


def test_without_the_remotes_head_the_first_of_its_branches_by_name_is_followed(tmp_path: Path) -> None:
    bare = remote_with(tmp_path, ["zeta", "alpha"], head="zeta")
    repo = member_on_main(tmp_path, bare)
    sh(repo.root, "remote", "set-head", "origin", "-d")  # a clone made while the group was empty has none
    assert repo._branch() == "alpha"  # never the local `main`, nor a tag
    assert sh(repo.root, "symbolic-ref", "--short", "HEAD") == "alpha"
    assert sh(repo.root, "rev-parse", "HEAD") == sh(repo.root, "rev-parse", "origin/alpha")  # its history, not ours renamed
    assert (repo.root / "alpha.txt").is_file()


def test_a_remote_branch_with_a_slash_keeps_its_whole_name(tmp_path: Path) -> None:
    bare = remote_with(tmp_path, ["l4dc/2026/week3"], head="l4dc/2026/week3")
    repo = member_on_main(tmp_path, bare)
    assert repo._branch() == "l4dc/2026/week3"


def test_changes_left_in_the_clone_never_stop_the_switch(tmp_path: Path) -> None:
    bare = remote_with(tmp_path, ["alpha", "zeta"], head="zeta")
    repo = member_on_main(tmp_path, bare)
    (repo.root / "zeta.txt").write_text("mine", encoding="utf-8")
    sh(repo.root, "commit", "-qam", "mine")
    (repo.root / "zeta.txt").write_text("mine, not committed", encoding="utf-8")  # a sync killed before its commit
    assert repo._branch() == "zeta"
    assert (repo.root / "zeta.txt").read_text(encoding="utf-8") == "zeta"


def test_a_branch_the_remote_holds_is_kept(tmp_path: Path) -> None:
    bare = remote_with(tmp_path, ["alpha", "main", "zeta"], head="zeta")
    repo = member_on_main(tmp_path, bare)
    assert repo._branch() == "main"


def test_an_empty_group_keeps_the_clones_branch(tmp_path: Path) -> None:
    bare = tmp_path / "group.git"
    sh(tmp_path, "init", "-q", "--bare", str(bare))
    dest = tmp_path / "lib" / "group"
    clone(str(bare), dest)
    sh(dest, "symbolic-ref", "HEAD", "refs/heads/mine")
    assert GroupRepo(dest, "carol")._branch() == "mine"
