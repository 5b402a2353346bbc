"""`paperdesk import` of a Zotero database, as a user runs it: the report, --zotero, and a bad file's one line."""

from __future__ import annotations

import json
from pathlib import Path

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
