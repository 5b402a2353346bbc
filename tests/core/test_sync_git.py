"""`paperdesk sync --git`: two machines ("laptop", "desktop") share one vault through a bare repository.

Everything is local: a bare repository and two clones in a temp folder, file remotes only.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.core.test_notes_import import small_library
from tui.core.export.notes_import import read_note_file
from tui.core.library import Library
from tui.core.usecases.sync import sync_vault_git

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command line")

NOW = "2026-12-01T12:00:00+00:00"


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


class Machine:
    def __init__(self, name: str, tmp: Path, bare: Path) -> None:
        self.name = name
        self.vault = tmp / name / "vault"
        self.vault.parent.mkdir()
        git(self.vault.parent, "clone", "-q", str(bare), "vault")
        git(self.vault, "config", "user.name", name)
        git(self.vault, "config", "user.email", f"{name}@example.org")
        self.lib = small_library(tmp / name / "library", count=4)

    def sync(self):
        return sync_vault_git(self.lib, self.vault, now=NOW)

    def note(self, i: int) -> str:
        return self.lib.annotation(self.lib.papers[i].id).notes

    def file(self, i: int) -> Path | None:
        pid = self.lib.papers[i].id
        for path in self.vault.rglob("*.md"):
            if ".conflict-" not in path.name and ".git" not in path.parts and read_note_file(path).id == pid:
                return path
        return None

    def texts(self) -> str:
        """Everything this machine holds: its library's notes and every file in its vault."""
        notes = "\n".join(a.notes for a in self.lib.annotations().values())
        files = "\n".join(p.read_text(encoding="utf-8") for p in self.vault.rglob("*.md") if ".git" not in p.parts)
        return notes + "\n" + files


@pytest.fixture
def machines(tmp_path: Path):
    bare = tmp_path / "shared.git"
    git(tmp_path, "init", "-q", "--bare", str(bare))
    laptop, desktop = Machine("laptop", tmp_path, bare), Machine("desktop", tmp_path, bare)
    yield laptop, desktop
    laptop.lib.close()
    desktop.lib.close()


def test_a_note_written_on_one_machine_appears_on_the_other(machines) -> None:
    laptop, desktop = machines
    laptop.lib.save_annotation(laptop.lib.papers[0].id, notes="written on the laptop", rating=4, tags=["llm training"])
    out = laptop.sync()
    assert out.conflicts == 0 and "git: pushed to origin" in out.lines()
    assert git(laptop.vault, "log", "-1", "--format=%s").strip() == "paperdesk: 1 note updated"
    assert ".paperdesk-sync.json" not in git(laptop.vault, "ls-files")  # the state is per library, never shared
    desktop.sync()
    got = desktop.lib.annotation(desktop.lib.papers[0].id)
    assert (got.notes, got.rating, got.tags) == ("written on the laptop", 4, ("llm training",))
    # And back: an edit in the desktop's app reaches the laptop.
    desktop.lib.save_annotation(desktop.lib.papers[0].id, notes="written on the laptop, then on the desktop")
    desktop.sync()
    laptop.sync()
    assert laptop.note(0) == "written on the laptop, then on the desktop"
    again = laptop.sync()
    assert again.report is not None and not again.report.changed and "git: nothing to commit" in again.lines()


def test_the_same_note_changed_on_both_machines_keeps_both_texts(machines) -> None:
    laptop, desktop = machines
    laptop.lib.save_annotation(laptop.lib.papers[0].id, notes="base")
    laptop.sync()
    desktop.sync()
    laptop.lib.save_annotation(laptop.lib.papers[0].id, notes="laptop text")
    desktop.lib.save_annotation(desktop.lib.papers[0].id, notes="desktop text")
    laptop.sync()
    out = desktop.sync()
    assert out.conflicts == 1 and any(line.startswith("conflict ") for line in out.lines())
    assert desktop.note(0) == "desktop text" and laptop.note(0) == "laptop text"
    laptop.sync()
    for machine in (laptop, desktop):
        held = machine.texts()
        assert "laptop text" in held and "desktop text" in held


def test_a_vault_edit_clashing_with_the_other_machine_is_kept_beside(machines) -> None:
    laptop, desktop = machines
    laptop.lib.save_annotation(laptop.lib.papers[0].id, notes="base")
    laptop.sync()
    desktop.sync()
    path = desktop.file(0)
    assert path is not None
    path.write_text(path.read_text(encoding="utf-8") + "typed in the desktop's Obsidian\n", encoding="utf-8")
    laptop.lib.save_annotation(laptop.lib.papers[0].id, notes="base, changed in the laptop's app")
    laptop.sync()
    out = desktop.sync()
    assert out.conflicts >= 1
    held = desktop.texts()
    assert "typed in the desktop's Obsidian" in held and "base, changed in the laptop's app" in held


@pytest.mark.parametrize("seed", range(int(__import__("os").environ.get("PAPERDESK_SYNC_SEEDS", "4"))))
def test_nothing_is_lost_in_any_order_of_syncs(machines, seed: int) -> None:
    rng = random.Random(seed)
    laptop, desktop = machines
    laptop.lib.save_annotation(laptop.lib.papers[0].id, notes="start")
    written: list[str] = ["start"]
    for step in range(14):
        machine = rng.choice((laptop, desktop))
        action = rng.choice(("app", "app", "vault", "sync", "sync"))
        i = rng.randrange(4)
        text = f"{machine.name}-{action}-{step}-{seed}"
        if action == "app":
            machine.lib.save_annotation(machine.lib.papers[i].id, notes=machine.note(i) + "\n" + text)
            written.append(text)
        elif action == "vault" and (path := machine.file(i)) is not None:
            path.write_text(path.read_text(encoding="utf-8") + text + "\n", encoding="utf-8")
            written.append(text)
        else:
            machine.sync()
    for _ in range(4):  # sync both until neither commits: the clones converge
        outs = [m.sync() for m in (laptop, desktop)]
        if all("git: nothing to commit" in o.lines() for o in outs):
            break
    everything = laptop.texts() + desktop.texts()
    assert [t for t in written if t not in everything] == []
    # Both clones end on the same commit, with clean work trees.
    assert git(laptop.vault, "rev-parse", "HEAD") == git(desktop.vault, "rev-parse", "HEAD")
    assert len(git(laptop.vault, "log", "--format=%s").splitlines()) >= 1
    assert git(laptop.vault, "status", "--porcelain") == "" == git(desktop.vault, "status", "--porcelain")


def test_a_folder_outside_git_is_refused(tmp_path: Path) -> None:
    lib = small_library(tmp_path / "lib", count=2)
    try:
        from tui.core.export.git_vault import GitError

        with pytest.raises(GitError, match="not in a git work tree"):
            sync_vault_git(lib, tmp_path / "plain", now=NOW)
    finally:
        lib.close()
    assert isinstance(lib, Library)
