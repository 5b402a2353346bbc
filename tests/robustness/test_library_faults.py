"""The library folder under attack: read-only, damaged files. Opened read-only and said so, or refused in one line;
a damaged file is named, kept byte for byte, and never overwritten.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from textual.widgets import Static

from tests.conftest import REPO, folder_snapshot
from tui.cli import main
from tui.core.library import Library
from tui.core.store.storage import ANNOTATIONS_FILE, PAPERS_FILE
from tui.ui.app import PaperdeskApp
from tui.ui.screens.confirm import ConfirmRestore
from tui.ui.widgets.notes import Notes

from .mounts import read_only_mount


def stored(folder: Path) -> dict[str, bytes]:
    return {k: v for k, v in folder_snapshot(folder).items() if k != ".lock" and not k.startswith("index/")}  # the index is derived


def make_library(folder: Path) -> Library:
    lib = Library.open(folder)
    lib.save_annotation(lib.papers[0].id, notes="kept notes", rating=4)
    lib.save_view("graphs", "graph")
    return lib


def messages(app: PaperdeskApp) -> list[str]:
    return [n.message for n in app._notifications]


async def poke_everything(app: PaperdeskApp, pilot) -> None:
    """Keys that would write, if anything could: rating, status, notes, tags, rename, a view, undo."""
    await pilot.press("1", "s", "r", "u", "n", "a", "escape", "t")
    await pilot.pause()
    await pilot.press("escape", "e")
    await pilot.pause()
    await pilot.press("escape", "enter")
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


# -- a read-only library folder ----------------------------------------------------------

@pytest.fixture
def read_only_folder(tmp_path: Path):
    """A library seen through a read-only bind mount (root) or a chmod 555 folder (others)."""
    source = tmp_path / "library"
    make_library(source).close()
    if os.geteuid() != 0:
        os.chmod(source, 0o555)
        try:
            yield source, source
        finally:
            os.chmod(source, 0o755)
        return
    with read_only_mount(source, tmp_path / "read-only view") as view:
        if view is None:
            pytest.skip("running as root where bind mounts are not permitted (see the nobody test below)")
        yield source, view


async def test_a_read_only_folder_opens_read_only_and_says_so(read_only_folder) -> None:
    source, view = read_only_folder
    before = stored(source)
    app = PaperdeskApp(library_dir=view)  # the real startup path: opened in a worker
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.library is not None and app.library.read_only
        assert "read-only" in str(app.screen.query_one("#list-header", Static).render())
        notice = next(n for n in app._notifications if n.title == "Read-only")
        assert str(view) in notice.message and "cannot write here" in notice.message
        assert "\n" not in notice.message
        assert "read-only: " in str(app.screen.query_one("#progress", Static).render())
        assert app.library.annotation(app.library.papers[0].id).notes == "kept notes"
        await poke_everything(app, pilot)
        assert not app.screen.query_one(Notes).editing
        assert app.is_running
        await pilot.press("q")
    assert stored(source) == before


NOBODY_OPENS = """
import sys
from tui.core.library import Library
from tui.core.errors import ReadOnlyLibrary
lib = Library.open(sys.argv[1])
print(lib.read_only)
print(lib.notice)
try:
    lib.save_annotation(lib.papers[0].id, notes="no")
except ReadOnlyLibrary as exc:
    print("refused")
"""


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("setpriv") is None, reason="needs root to become nobody")
def test_a_folder_nobody_may_write_opens_read_only_for_nobody() -> None:
    """The permission check itself (root ignores permissions, so a user who cannot write is needed)."""
    base = Path(tempfile.mkdtemp(prefix="paperdesk ro ü "))
    try:
        os.chmod(base, 0o755)
        folder = base / "library"
        make_library(folder).close()
        for path in folder.rglob("*"):  # readable by all (library files are private by default)
            os.chmod(path, 0o755 if path.is_dir() else 0o644)
        os.chmod(folder / ".lock", 0o666)  # a lock file anyone may open: the folder check must still hold
        before = stored(folder)
        result = subprocess.run(
            ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", NOBODY_OPENS, str(folder)],
            capture_output=True, text=True, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60,
        )
        lines = result.stdout.split("\n")
        assert result.returncode == 0, result.stderr
        assert lines[0] == "True" and "cannot write here (permission denied); opened read-only" in lines[1]
        assert lines[2] == "refused"
        assert stored(folder) == before
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_cli_import_into_a_read_only_folder_says_so(read_only_folder, tmp_path: Path, capsys) -> None:
    source, view = read_only_folder
    before = stored(source)
    new = tmp_path / "new.txt"
    new.write_text("New\n\nA brand new abstract about read-only folders.\n")
    assert main(["import", "--db", str(view), str(new)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "opened read-only; nothing imported" in err
    assert stored(source) == before


# -- damaged library files -------------------------------------------------------------------

DAMAGE = {
    "empty": b"",
    "truncated": None,  # the real file cut in half
    "binary": b"\x00\xff\xfe" * 100,
    "not-json": b"{this is not json",
    "wrong-shape": b'{"papers": [1, 2, 3], "annotations": "x"}',
    "a-list": b"[1, 2]",
}


def damage(path: Path, kind: str) -> bytes:
    data = DAMAGE[kind]
    if data is None:
        whole = path.read_bytes()
        data = whole[: len(whole) // 2]
    path.write_bytes(data)
    return data


@pytest.mark.parametrize("kind", sorted(DAMAGE))
async def test_a_damaged_papers_file_is_named_and_kept(library_dir: Path, kind: str, tmp_path: Path, capsys) -> None:
    make_library(library_dir).close()
    papers = library_dir / PAPERS_FILE
    data = damage(papers, kind)
    before = stored(library_dir)
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not app.is_running  # it left, for the command line to print why (cmd_app exits 1)
    assert app.startup_error and str(papers) in app.startup_error and "damaged" in app.startup_error
    assert "\n" not in app.startup_error
    # The command line says the same in one line, for every command, and changes nothing.
    new = tmp_path / "new.txt"
    new.write_text("New\n\nAn abstract that must not be imported into a damaged library.\n")
    for argv in (["list"], ["import", str(new)], ["export", "--all"]):
        assert main([*argv, "--db", str(library_dir)]) == 1
        out, err = capsys.readouterr()
        assert err.count("\n") == 1 and str(papers) in err and "Traceback" not in err
    assert papers.read_bytes() == data
    assert stored(library_dir) == before


@pytest.mark.parametrize("kind", sorted(DAMAGE))
async def test_a_damaged_annotations_file_opens_read_only_and_is_never_overwritten(library_dir: Path, kind: str) -> None:
    make_library(library_dir).close()
    notes = library_dir / ANNOTATIONS_FILE
    data = damage(notes, kind)
    before = stored(library_dir)
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.library is not None and app.library.read_only
        assert len(app.library) == 33
        assert isinstance(app.screen, ConfirmRestore)  # the newest good backup is offered: declined here
        await pilot.press("escape")
        await pilot.pause()
        notice = next(n for n in app._notifications if n.title == "Read-only")  # shown again once declined
        assert str(notes) in notice.message and "`paperdesk backups` lists the copies to restore" in notice.message
        await poke_everything(app, pilot)
        await pilot.press("ctrl+p")  # the palette lists saved views: they read the damaged file
        await pilot.pause()
        await pilot.press("v", "i", "e", "w")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running
        await pilot.press("q")
        await pilot.pause()
    assert notes.read_bytes() == data
    assert stored(library_dir) == before
