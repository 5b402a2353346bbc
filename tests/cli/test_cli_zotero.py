"""`paperdesk import` of a Zotero database, as a user runs it: the report, --zotero, and a bad file's one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.clirun import run
from tests.zotero_db import ZoteroDB


def library_with_one(folder: Path) -> Path:
    folder.mkdir(parents=True)
    z = ZoteroDB(folder / "zotero.sqlite", seed=5)
    key = z.add_item("journalArticle", {"title": "A Zotero paper", "abstractNote": "Read from Zotero by the command line."},
                     creators=[("Ada", "Lovelace", "author")])
    z.add_note("<p>A <b>child</b> note</p>", parent=key)
    z.close()
    return folder / "zotero.sqlite"


def test_import_then_list_show_and_import_again(tmp_path: Path) -> None:
    database = library_with_one(tmp_path / "Zotero")
    env = {"PAPERDESK_HOME": str(tmp_path / "lib")}
    first = run("import", str(database), env=env)
    assert first.returncode == 0, first.stderr
    assert f"{database} (Zotero): 1 paper added, 0 updated, 0 unchanged, 0 skipped" in first.stdout
    rows = [json.loads(line) for line in run("list", "--format", "json", "--query", "list:zotero", env=env).stdout.splitlines()]
    assert [r["title"] for r in rows] == ["A Zotero paper"]
    shown = run("show", rows[0]["id"], env=env).stdout
    assert "Zotero note:\nA **child** note" in shown and "Zotero: zotero://select/library/items/" in shown
    again = run("import", str(database), env=env)
    assert again.returncode == 0 and "0 papers added, 0 updated, 1 unchanged, 0 skipped" in again.stdout


def test_zotero_child_notes_are_in_the_markdown_export_apart_from_the_reader_s(tmp_path: Path) -> None:
    database = library_with_one(tmp_path / "Zotero")
    env = {"PAPERDESK_HOME": str(tmp_path / "lib")}
    assert run("import", str(database), env=env).returncode == 0
    (pid,) = run("list", "--format", "ids", "--query", "list:zotero", env=env).stdout.split()
    assert run("note", pid, "--set", "# Mine\nmy own words", env=env).returncode == 0
    exported = run("export", "--query", "list:zotero", env=env)
    assert exported.returncode == 0, exported.stderr
    text = exported.stdout
    assert "### Notes\n\n#### Mine\nmy own words\n\n### Zotero note\n\nA **child** note" in text


def test_import_zotero_finds_the_home_data_folder(tmp_path: Path) -> None:
    library_with_one(tmp_path / "home" / "Zotero")
    done = run("import", "--zotero", env={"PAPERDESK_HOME": str(tmp_path / "lib"), "HOME": str(tmp_path / "home")})
    assert done.returncode == 0, done.stderr
    assert "home/Zotero/zotero.sqlite (Zotero): 1 paper added" in done.stdout
    missing = run("import", "--zotero", env={"PAPERDESK_HOME": str(tmp_path / "lib"), "HOME": str(tmp_path / "nobody")})
    assert missing.returncode == 1 and missing.stderr.count("\n") == 1 and "zotero.sqlite: not found" in missing.stderr


def test_a_file_that_is_not_zotero_is_one_line_and_exit_1(tmp_path: Path) -> None:
    bad = tmp_path / "zotero.sqlite"
    bad.write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)
    done = run("import", str(bad), env={"PAPERDESK_HOME": str(tmp_path / "lib")})
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith(f"paperdesk: {bad}: ") and "Zotero" in done.stderr and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert not (tmp_path / "lib").exists()  # nothing stored changed: the library was not even made


def test_a_damaged_database_is_one_line_exit_1_and_the_library_unchanged(tmp_path: Path) -> None:
    """A tag type Zotero never writes (text in `itemTags.type`) stopped `import` with a traceback."""
    from tests.conftest import folder_snapshot
    from tests.zotero_db import text_tag_type

    database = text_tag_type(tmp_path / "Zotero" / "zotero.sqlite")
    env = {"PAPERDESK_HOME": str(tmp_path / "lib")}
    assert run("list", env=env).returncode == 0  # the library made (seeded) first
    before = folder_snapshot(tmp_path / "lib")
    done = run("import", str(database), env=env)
    assert done.returncode == 1 and done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr == (
        f"paperdesk: {database}: could not be read as a Zotero database (itemTags.type holds 'automatic' where Zotero writes 0 (manual) or 1 (automatic))\n"
    )
    assert folder_snapshot(tmp_path / "lib") == before


# -- an importer's unexpected error: the CLI's guard (in process, the importer replaced) ----------------------


def _import(monkeypatch, capsys, library_dir: Path, path: Path, fake) -> tuple[int, str, str]:
    """`paperdesk import PATH` in this process with `importing.add_read` replaced by `fake`."""
    import tui.core.usecases.imports as importing
    from tui.cli import main

    monkeypatch.setattr(importing, "add_read", fake)
    rc = main(["import", "--db", str(library_dir), str(path)])
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.fixture
def one_paper(tmp_path: Path) -> Path:
    path = tmp_path / "one.json"
    path.write_text(json.dumps([{"title": "One paper", "abstract": "An abstract long enough to be a paper's."}]))
    return path


def test_an_importer_raising_an_unexpected_error_is_one_line_naming_the_file(monkeypatch, capsys, library_dir: Path, one_paper: Path) -> None:
    from tests.conftest import folder_snapshot

    def broken(library, parsed, incoming, outcome, watch):
        watch.matching(1, 1)
        raise KeyError("no such\nfield")

    from tui.core.library import Library

    Library.open(library_dir).close()
    before = folder_snapshot(library_dir)
    rc, out, err = _import(monkeypatch, capsys, library_dir, one_paper, broken)
    assert rc == 1 and out == "" and "Traceback" not in err
    assert err == f"paperdesk: {one_paper}: could not be imported (unexpected KeyError: 'no such\\nfield'); nothing imported\n"
    assert {k: v for k, v in folder_snapshot(library_dir).items() if not k.startswith(".lock")} == {
        k: v for k, v in before.items() if not k.startswith(".lock")}


def test_an_unexpected_error_once_the_write_began_says_so(monkeypatch, capsys, library_dir: Path, one_paper: Path) -> None:
    def broken(library, parsed, incoming, outcome, watch):
        watch.writing(1)
        raise RuntimeError("half-way")

    rc, out, err = _import(monkeypatch, capsys, library_dir, one_paper, broken)
    assert rc == 1 and out == ""
    assert err == (f"paperdesk: {one_paper}: could not be imported (unexpected RuntimeError: half-way); "
                   "it came while the library was being written, which lands whole or not at all\n")


def test_a_system_error_while_importing_is_one_line(monkeypatch, capsys, library_dir: Path, one_paper: Path) -> None:
    def broken(library, parsed, incoming, outcome, watch):
        raise OSError(28, "No space left on device")

    rc, out, err = _import(monkeypatch, capsys, library_dir, one_paper, broken)
    assert rc == 1 and out == ""
    assert err == f"paperdesk: {library_dir}: the library could not be written (No space left on device); nothing imported\n"
