"""A reading group with a hostile member: small libraries, a bare repository, and a plain git clone that pushes anything.

The hostile member is not paperdesk: it commits with git itself, so it can push what paperdesk never
writes (a link where `members` goes, a folder where a member's file goes, a `.gitattributes`, a file
nested 200,000 deep, 23 MB, binary, under a name with a newline). Shared by the hostile-tree tests
(tests/core/test_group_hostile.py), the group model test and the command-line checks.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

from tui.core.library import Library
from tui.core.usecases.imports import import_paths

NOW = "2026-06-01T12:00:00+00:00"
#: Papers every member's library holds (the same titles, abstracts and years: they meet by id).
TITLES = [f"A Study of Reading Groups, Part {i}" for i in range(8)]


def sh(cwd: Path, *args: str) -> str:
    """Plain git with an identity, as the hostile member runs it (hooks, links and attributes as git does by default)."""
    done = subprocess.run(
        ["git", "-c", "user.name=evil", "-c", "user.email=evil@example.invalid", *args], cwd=cwd, check=True, capture_output=True, text=True
    )
    return done.stdout


def papers_file(folder: Path) -> Path:
    path = folder / "papers-source.json"
    records = [{"title": t, "abstract": f"We look at how reading groups work, in part {i} of a long series.", "year": "2025"} for i, t in enumerate(TITLES)]
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


def make_library(folder: Path, source: Path) -> None:
    with Library.open(folder, seed=False) as lib:
        outcome = import_paths(lib, [source])
    assert outcome.reports and outcome.reports[0].added == len(TITLES)


def bare_repo(base: Path) -> Path:
    bare = base / "shared.git"
    subprocess.run(["git", "init", "-q", "--bare", "--initial-branch=main", str(bare)], check=True, capture_output=True)
    return bare


class Evil:
    """A clone of the group's repository that commits whatever it is told to, with plain git, and pushes it."""

    def __init__(self, base: Path, bare: Path) -> None:
        self.root = base / "evil-clone"
        self.branch = "main"
        subprocess.run(["git", "clone", "-q", str(bare), str(self.root)], check=True, capture_output=True)
        # The hostile member's own commits are the bytes it writes, whatever `.gitattributes` it pushed.
        (self.root / ".git" / "info").mkdir(exist_ok=True)
        (self.root / ".git" / "info" / "attributes").write_text("* -text -filter -ident -working-tree-encoding\n")

    def pull(self) -> None:
        sh(self.root, "fetch", "-q", "origin")
        branches = [b for b in sh(self.root, "branch", "-r", "--format=%(refname:short)").split() if b.startswith("origin/") and b != "origin/HEAD"]
        if branches:
            self.branch = branches[0].split("/", 1)[1]
            sh(self.root, "checkout", "-q", "-f", "-B", self.branch, branches[0])
            sh(self.root, "reset", "-q", "--hard", branches[0])

    def push(self, change: Callable[[Path], None], message: str = "evil") -> None:
        """Take the group's latest, apply `change` to the work tree, commit everything, push."""
        self.pull()
        change(self.root)
        sh(self.root, "add", "-A")
        sh(self.root, "commit", "-q", "--allow-empty", "-m", message)
        sh(self.root, "push", "-q", "origin", f"HEAD:refs/heads/{self.branch}")


def replace(path: Path) -> None:
    """Remove whatever is at `path` (a link, a file, a folder), without following a link."""
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


def members_dir(root: Path) -> Path:
    """The evil clone's `members`, a real folder again (after a `members_link` push)."""
    folder = root / "members"
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        folder.unlink()
    folder.mkdir(exist_ok=True)
    return folder


def member_doc(name: str, papers: list[dict]) -> str:
    return json.dumps({"format": 1, "member": name, "papers": papers})


# -- the hostile trees: each a change to the evil clone's work tree --------------------------------------


def members_link(target: str) -> Callable[[Path], None]:
    """`members` a link (to `..`: the library folder of whoever checks it out as a link)."""

    def change(root: Path) -> None:
        replace(root / "members")
        os.symlink(target, root / "members")

    return change


def folder_at(name: str) -> Callable[[Path], None]:
    """A folder where member `name`'s file goes."""

    def change(root: Path) -> None:
        replace(members_dir(root) / f"{name}.json")
        (root / "members" / f"{name}.json").mkdir(parents=True)
        (root / "members" / f"{name}.json" / "inside.txt").write_text("a folder, not a file\n")

    return change


def reencoding(root: Path) -> None:
    """A `.gitattributes` that makes every member file UTF-16 in the work tree, CRLF, through a filter."""
    (root / ".gitattributes").write_text("members/*.json working-tree-encoding=UTF-16LE text eol=crlf filter=lfs ident\n", encoding="utf-8")


def deep(name: str, depth: int = 200_000) -> Callable[[Path], None]:
    def change(root: Path) -> None:
        members_dir(root)
        text = f'{{"format": 1, "member": "{name}", "papers": [' + "[" * depth + "]" * depth + "]}"
        (root / "members" / f"{name}.json").write_text(text, encoding="utf-8")

    return change


def huge(name: str, megabytes: int = 23) -> Callable[[Path], None]:
    """A valid member file of `megabytes` MB (one entry with a long abstract)."""

    def change(root: Path) -> None:
        members_dir(root)
        entry = {"title": TITLES[0], "rating": 5, "status": "read", "abstract": "x" * (megabytes << 20)}
        (root / "members" / f"{name}.json").write_text(member_doc(name, [entry]), encoding="utf-8")

    return change


def chatty(name: str, size: int = 3 << 20) -> Callable[[Path], None]:
    """A member file whose one entry holds a 3 MB comment, 1 MB of notes, thousands of tags and authors, long highlights."""

    def change(root: Path) -> None:
        members_dir(root)
        entry = {
            "title": TITLES[1], "rating": 4, "status": "read", "comment": "blah " * (size // 5), "notes": "n" * (1 << 20),
            "tags": [f"t{i}" for i in range(5000)], "highlights": [{"text": "h" * 100_000, "comment": "c" * 100_000}] * 3,
            "authors": ["A. Author"] * 5000, "venue": "v" * 100_000,
        }
        (root / "members" / f"{name}.json").write_text(member_doc(name, [entry]), encoding="utf-8")

    return change


def binary(name: str) -> Callable[[Path], None]:
    def change(root: Path) -> None:
        members_dir(root)
        (root / "members" / f"{name}.json").write_bytes(bytes(range(256)) * 64)

    return change


def wrong_shapes(root: Path) -> None:
    """Member files of every wrong shape: a list, no papers, another member's name, papers of numbers."""
    folder = members_dir(root)
    (folder / "shape1.json").write_text("[1, 2, 3]")
    (folder / "shape2.json").write_text('{"member": "shape2"}')
    (folder / "shape3.json").write_text(json.dumps({"member": "\x1b]0;pwned\x07\n" * 1000, "papers": []}))
    (folder / "shape4.json").write_text(json.dumps({"member": "shape4", "papers": [1, "x", None, {"title": 5}]}))


def odd_names(root: Path) -> None:
    """Files under names with a newline, an escape sequence, a space."""
    folder = members_dir(root)
    for name in ("two\nlines", "\x1b[31mred", "has space"):
        (folder / f"{name}.json").write_text(member_doc(name, []), encoding="utf-8")


def member_link(name: str, target: str) -> Callable[[Path], None]:
    """Member `name`'s file a link (to a file of the library folder, say)."""

    def change(root: Path) -> None:
        members_dir(root)
        replace(root / "members" / f"{name}.json")
        os.symlink(target, root / "members" / f"{name}.json")

    return change


def every_hostile_file(root: Path) -> None:
    """Every hostile member file at once (a folder where `ana`'s file goes; `linked` a link to the library's
    papers.json): pushed in one commit, then `reencoding` and `members_link("..")` each in its own."""
    for change in (folder_at("ana"), deep("deep"), huge("big"), chatty("chatty"), binary("bin"), wrong_shapes, odd_names,
                   member_link("linked", "../../papers.json")):
        change(root)
