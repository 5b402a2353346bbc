"""Disk full while saving a note or exporting: an error is shown, the previous file is intact, the edit survives.

As root the library lives on a 512 KiB tmpfs that is really filled up;
elsewhere the atomic writer's file writes are made to fail with ENOSPC.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static, TextArea

import tui.core.store.atomic as atomic
import tui.core.store.journal as journal
from tests.conftest import annotation_files
from tui.core.export.markdown import Entry
from tui.core.export.writing import write_document
from tui.core.library import Library
from tui.ui.app import PaperdeskApp
from tui.ui.screens.export_dialog import ExportRequest

from .mounts import FullDiskOs, fill, small_tmpfs


class Disk:
    """A folder whose disk can be filled and freed: a real tmpfs, or a simulated one."""

    def __init__(self, folder: Path, real: bool, monkeypatch: pytest.MonkeyPatch) -> None:
        self.folder, self.real, self._mp = folder, real, monkeypatch
        self._filler: Path | None = None

    def fill(self) -> None:
        if self.real:
            self._filler = fill(self.folder)
        else:
            self._mp.setattr(atomic, "os", FullDiskOs())
            self._mp.setattr(journal, "os", FullDiskOs())

    def free(self) -> None:
        if self._filler is not None:
            self._filler.unlink()
            self._filler = None
        self._mp.setattr(atomic, "os", atomic.__dict__["os"] if self.real else __import__("os"))
        self._mp.setattr(journal, "os", journal.__dict__["os"] if self.real else __import__("os"))

    def leftovers(self) -> list[str]:
        """Temp files an interrupted atomic write would leave (there must be none)."""
        return sorted(p.name for p in self.folder.rglob("*.tmp"))


@pytest.fixture
def disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    with small_tmpfs(tmp_path / "tiny disk") as mounted:
        folder = mounted or tmp_path / "tiny disk"
        d = Disk(folder, mounted is not None, monkeypatch)
        yield d
        d.free()


async def test_disk_full_while_saving_a_note(disk: Disk) -> None:
    folder = disk.folder / "library"
    lib = Library.open(folder)
    pid = lib.papers[0].id
    # Longer than a page: on a full disk the next journal line cannot fit in the journal's last page.
    old = "old notes " * 500
    lib.save_annotation(pid, notes=old)
    before = annotation_files(folder)  # annotations.json and its journal
    app = PaperdeskApp(library=lib)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("n", "end", "exclamation_mark", "exclamation_mark")
        disk.fill()
        await pilot.press("escape")  # leaving the editor saves
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        errors = [n.message for n in app._notifications if n.severity == "error"]
        assert errors and "Not saved (notes)" in errors[-1] and "No space left on device" in errors[-1], errors
        assert "\n" not in errors[-1]
        assert annotation_files(folder) == before  # the previous files, byte for byte
        assert disk.leftovers() == []
        editor = app.screen.query_one("#notes-editor", TextArea)
        assert editor.text == old + "!!"  # the edit stays, to be saved again
        assert "save failed" in str(app.screen.query_one("#notes-state", Static).render())
        assert lib.annotation(pid).notes == old
        # Space comes back: the next save (here, quitting) stores the kept edit.
        disk.free()
        await pilot.press("q")
        await pilot.pause()
    assert Library.open(folder, read_only=True).annotation(pid).notes == old + "!!"
    lib.close()


async def test_disk_full_while_exporting(disk: Disk, library_dir: Path) -> None:
    lib = Library.open(library_dir)
    lib.save_annotation(lib.papers[0].id, notes="exported notes")
    target = disk.folder / "export ü.md"
    write_document(target, [Entry(lib.papers[0], lib.annotation(lib.papers[0].id))])
    previous = target.read_bytes()
    app = PaperdeskApp(library=lib)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        disk.fill()
        app.screen.exporting.run(lib, ExportRequest("all", target, False), lib.papers, lib.papers[0], force=True)
        await app.workers.wait_for_complete()
        await pilot.pause()
        errors = [n for n in app._notifications if n.severity == "error"]
        assert errors and errors[-1].title == "Export failed"
        assert str(target) in errors[-1].message and "No space left on device" in errors[-1].message
        assert target.read_bytes() == previous
        assert disk.leftovers() == []
        assert app.is_running
    lib.close()


def test_disk_full_on_a_cli_import_changes_nothing(disk: Disk, tmp_path: Path, capsys) -> None:
    from tui.cli import main

    folder = disk.folder / "library"
    Library.open(folder).close()
    papers = (folder / "papers.json").read_bytes()
    source = tmp_path / "new.txt"
    source.write_text("New list\n\n" + "\n\n".join(f"Fresh abstract {i} about disks filling up." for i in range(200)))
    disk.fill()
    assert main(["import", "--db", str(folder), str(source)]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().split("\n")) == 1 and "No space left on device" in err and "Traceback" not in err
    assert (folder / "papers.json").read_bytes() == papers
    assert disk.leftovers() == []
