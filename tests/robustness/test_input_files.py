"""Nasty input files through `paperdesk import` and the in-app import dialog.

Every file sits in a folder whose name holds spaces and non-ASCII letters.
Each case gives one clear line naming the file (exit status 1, the library
byte-for-byte unchanged) or a correct import; never a traceback.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from tests.conftest import REPO, folder_snapshot
from tui.cli import main
from tui.core.library import Library
from tui.ui.app import PaperdeskApp
from tui.ui.screens.import_dialog import ImportDialog

from .corpus import BIG, CASES, Error, Imported, materialize

SEEDED = 33


@pytest.fixture
def odd_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "my papers ünïcødé 论文 (copy)"
    folder.mkdir()
    return folder


@pytest.fixture
def seeded(library_dir: Path) -> Path:
    Library.open(library_dir).close()
    return library_dir


def stored(folder: Path) -> dict[str, bytes]:
    """The library's files without the lock and its holder's PID (process state, not data) and the
    saved search index (derived from papers.json, rebuilt at will)."""
    return {k: v for k, v in folder_snapshot(folder).items() if k not in (".lock", ".lock.pid") and not k.startswith("index/")}


def run_import(library_dir: Path, *paths: Path, capsys) -> tuple[int, str, str]:
    rc = main(["import", "--db", str(library_dir), *map(str, paths)])
    out, err = capsys.readouterr()
    return rc, out, err


def assert_one_line_error(err: str, path: Path, words: str) -> None:
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1, err
    assert lines[0].startswith(f"paperdesk: {path}: "), err
    assert words in lines[0], err
    assert "Traceback" not in err


@pytest.mark.parametrize("name", sorted(CASES))
def test_nasty_file(name: str, odd_folder: Path, seeded: Path, capsys) -> None:
    path = materialize(odd_folder, name)
    before = stored(seeded)
    rc, out, err = run_import(seeded, path, capsys=capsys)
    expect = CASES[name][1]
    if isinstance(expect, Error):
        assert rc == 1 and out == ""
        assert_one_line_error(err, path, expect.words)
        assert stored(seeded) == before
        return
    assert isinstance(expect, Imported)
    assert rc == (0 if expect.added else 1), err  # every entry skipped: nothing came in, exit 1 (the report still printed)
    assert "Traceback" not in out + err
    with Library.open(seeded) as lib:
        assert len(lib) == SEEDED + expect.added
        new = lib.papers[SEEDED:]
    if expect.added == 0:
        assert stored(seeded) == before
        assert "skipped" in out  # the broken entry is named, not silently dropped
    check = CHECKS.get(name)
    if check:
        check(new)


def _bom_crlf(papers) -> None:
    assert [p.list for p in papers] == ["BOM list", "BOM list"]
    assert papers[0].abstract.endswith("crlf one. wrapped")
    assert not any("\r" in p.abstract or "\ufeff" in p.abstract for p in papers)


def _big(papers) -> None:
    assert len(papers[0].abstract) == BIG


def _utf16(papers) -> None:
    assert "utf16" in papers[0].abstract and "\x00" not in papers[0].abstract


CHECKS = {
    "bomcrlf.txt": _bom_crlf,
    "bomcrlf.json": lambda ps: ps[0].title == "BOMJ",
    "bomcrlf.bib": lambda ps: ps[0].title == "BOM T" and "\r" not in ps[0].abstract,
    "big.txt": _big,
    "big.json": _big,
    "utf16.txt": _utf16,
    "utf16-nobom.txt": _utf16,
    "utf16be-nobom.json": _utf16,
    "wrongtypes.json": lambda ps: ps[0].title == "Good one",
}


def test_directory_where_a_file_is_expected(odd_folder: Path, seeded: Path, capsys) -> None:
    folder = odd_folder / "papers.bib"
    folder.mkdir()
    (folder / "inner.json").mkdir()  # a folder that looks like a file, inside
    before = stored(seeded)
    rc, out, err = run_import(seeded, folder, capsys=capsys)
    assert rc == 1
    assert_one_line_error(err, folder, "is a directory with no files paperdesk can import")
    assert stored(seeded) == before


def test_a_missing_file(odd_folder: Path, seeded: Path, capsys) -> None:
    before = stored(seeded)
    missing = odd_folder / "nope ü.txt"
    rc, out, err = run_import(seeded, missing, capsys=capsys)
    assert rc == 1
    assert_one_line_error(err, missing, "no such file")
    assert stored(seeded) == before


def test_one_good_file_with_bad_ones_imports_the_good_one(odd_folder: Path, seeded: Path, capsys) -> None:
    good = materialize(odd_folder, "bomcrlf.json")
    bad = [materialize(odd_folder, n) for n in ("nul.txt", "latin1.txt", "truncated.json")]
    rc, out, err = run_import(seeded, bad[0], good, *bad[1:], capsys=capsys)
    assert rc == 1
    assert len(err.strip().split("\n")) == 3 and "Traceback" not in err
    with Library.open(seeded) as lib:
        assert len(lib) == SEEDED + 1


NOBODY = 65534
IMPORT_AS_NOBODY = "import sys; from tui.cli import main; sys.exit(main(['import', '--db', sys.argv[1], sys.argv[2]]))"


def _setpriv() -> str | None:
    return shutil.which("setpriv")


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_an_unreadable_file(library_dir: Path) -> None:
    """chmod 000 as a user permissions apply to: as ourselves, or as nobody when we are root."""
    base = Path(tempfile.mkdtemp(prefix="paperdesk unreadable ü "))
    try:
        os.chmod(base, 0o755)
        lib = base / "library"
        Library.open(lib).close()
        before = stored(lib)
        path = base / "secret ü.txt"
        path.write_text("List\n\nAn abstract nobody may read.\n")
        os.chmod(path, 0)
        command = [sys.executable, "-c", IMPORT_AS_NOBODY, str(lib), str(path)]
        if os.getuid() == 0:
            if _setpriv() is None:
                pytest.skip("running as root without setpriv: cannot drop privileges")
            for p in [lib, *lib.rglob("*")]:
                os.chown(p, NOBODY, NOBODY)
            command = [_setpriv(), f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", *command]
        # The per-test config folder sits in pytest's private (0700) temp dir, which
        # nobody cannot enter: give the subprocess one it can (an empty one: defaults).
        env = {**os.environ, "PYTHONPATH": str(REPO), "XDG_CONFIG_HOME": str(base / "config")}
        result = subprocess.run(command, capture_output=True, text=True, cwd=REPO, env=env, timeout=60)
        assert result.returncode == 1, result.stderr
        assert_one_line_error(result.stderr, path, "permission denied")
        assert stored(lib) == before
    finally:
        shutil.rmtree(base, ignore_errors=True)


# -- the same files through the app's import dialog -------------------------------------

DIALOG_CASES = ["nul.txt", "latin1.txt", "truncated.json", "truncated.bib", "empty.bib", "number.json", "header.txt"]


async def test_import_dialog_names_each_bad_file_and_changes_nothing(odd_folder: Path, library_dir: Path) -> None:
    paths = [materialize(odd_folder, name) for name in DIALOG_CASES]
    (odd_folder / "a folder.json").mkdir()
    paths.append(odd_folder / "a folder.json")
    lib = Library.open(library_dir)
    before = stored(library_dir)
    app = PaperdeskApp(library=lib)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, ImportDialog)
        for path in paths:
            app.screen.query_one(Input).value = str(path)
            await pilot.press("enter")
            await app.workers.wait_for_complete()
            await pilot.pause()
            result = str(app.screen.query_one("#import-result", Static).render())
            assert result.count("\n") == 0 and result.startswith(f"{path}: "), result
            if path.name == "truncated.bib":  # the same words as the command line's
                assert result.startswith(f"{path}: ends inside the entry at line 2 (@article{{b, title={{Cut}}"), result
                assert result.endswith("…): the file is cut short; nothing was imported from it"), result
        assert app.is_running
    assert len(lib) == SEEDED
    assert stored(library_dir) == before
