"""`paperdesk backups` as a user runs it: the copies listed newest first, `restore latest` after a wipe, one-line errors."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.cli.clirun import annotation_on_disk, run
from tests.conftest import FIXTURES
from tui.core.library import Library


def notes_written(library_dir: Path) -> list[str]:
    """Three papers noted from the command line, as a reader would; their ids."""
    with Library.open(library_dir) as lib:
        ids = [p.id for p in lib.papers[:3]]
    for n, pid in enumerate(ids):
        assert run("note", pid, "--set", f"note {n}", "--db", str(library_dir)).returncode == 0
    return ids


def test_backups_lists_the_copies_newest_first_with_what_each_holds(library_dir: Path) -> None:
    notes_written(library_dir)
    assert run("follow", "Ada Lovelace", "--db", str(library_dir)).returncode == 0  # no paper of hers yet: followed as written
    shutil.copy(FIXTURES / "legacy_library" / "annotations.json", library_dir / "backups" / "annotations-2020-05-01.json")
    result = run("backups", "--db", str(library_dir))
    assert result.returncode == 0, result.stderr
    header, *rows = result.stdout.splitlines()
    assert header.split() == ["NAME", "WHEN", "KIND", "ANNOTATED", "NOTES", "VIEWS", "FOLLOWS"]
    kinds = [row.split()[3] for row in rows]  # a session copy per command that changed something (one name a second)
    assert kinds[0] == "session" and kinds[-3:] == ["recent", "daily", "daily"] and set(kinds[:-3]) == {"session"}
    assert rows[0].split()[-4:] == ["3", "3", "0", "1"]  # the newest: every note, and the follow
    assert rows[1].split()[-4:] == ["3", "3", "0", "0"]  # the one before the follow
    assert rows[-1].split()[:3] == ["annotations-2020-05-01.json", "2020-05-01", "00:00"]  # an older version's copy
    assert rows[-1].split()[-4:] == ["9", "8", "1", "0"]  # its saved view counted too
    restored = run("backups", "restore", "latest", "--db", str(library_dir))
    assert restored.returncode == 0, restored.stderr
    assert "3 annotated papers, 3 notes, 1 followed author)" in restored.stdout


def test_restore_latest_after_a_wipe_brings_back_every_note(library_dir: Path) -> None:
    ids = notes_written(library_dir)
    (library_dir / "annotations.json").write_bytes(b"{}")
    refused = run("note", ids[0], "--append", "x", "--db", str(library_dir))
    assert refused.returncode == 1 and "lost annotations: 0 annotated papers (was 3)" in refused.stderr
    result = run("backups", "restore", "latest", "--db", str(library_dir))
    assert result.returncode == 0, result.stderr
    (line,) = result.stdout.splitlines()
    assert line.startswith("restored annotations-session-") and "3 annotated papers, 3 notes" in line
    (aside,) = library_dir.glob("annotations.json.replaced-*")
    assert aside.read_bytes() == b"{}" and f"kept as {aside}" in line
    assert [annotation_on_disk(library_dir, pid)["notes"] for pid in ids] == ["note 0", "note 1", "note 2"]
    again = run("note", ids[0], "--append", "more", "--db", str(library_dir))
    assert again.returncode == 0, again.stderr


def test_restore_names_an_unknown_copy_in_one_line(library_dir: Path) -> None:
    notes_written(library_dir)
    result = run("backups", "restore", "annotations-1999-01-01.json", "--db", str(library_dir))
    assert result.returncode == 1 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line == f"paperdesk: {library_dir / 'backups'}: no backup named 'annotations-1999-01-01.json' (`paperdesk backups` lists them); nothing restored"


def test_a_library_without_copies_says_so(library_dir: Path) -> None:
    result = run("backups", "--db", str(library_dir))
    assert result.returncode == 0 and result.stdout == f"no backups yet in {library_dir / 'backups'}\n"
    assert not library_dir.exists()  # listing creates nothing


def test_backups_help_tells_the_kinds_and_the_actions() -> None:
    result = run("backups", "--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    assert "restore NAME|latest" in text and "accept" in text
    assert "The newest 10 recent and session copies and 7 daily ones are kept." in text


def test_backups_lists_the_trashs_copies_and_restores_one_over_a_damaged_trash(library_dir: Path) -> None:
    ids = notes_written(library_dir)
    assert run("remove", ids[0], "--force", "--db", str(library_dir)).returncode == 0
    trash = (library_dir / "trash.json").read_bytes()
    (library_dir / "trash.json").write_bytes(b'{"batches": [1]}')
    refused = run("restore", "--db", str(library_dir))
    assert refused.returncode != 0 and f"{library_dir / 'trash.json'}: damaged trash (removal 1: is 1, not a removal)" in refused.stderr
    assert (library_dir / "trash.json").read_bytes() == b'{"batches": [1]}'
    listed = run("backups", "--db", str(library_dir))
    row = next(r for r in listed.stdout.splitlines() if r.startswith("trash-session-"))
    assert row.split()[3] == "session" and row.endswith("trash: 1 removal, 1 paper, 1 annotation")
    result = run("backups", "restore", row.split()[0], "--db", str(library_dir))
    assert result.returncode == 0, result.stderr
    assert (library_dir / "trash.json").read_bytes() == trash
    (aside,) = library_dir.glob("trash.json.replaced-*")
    assert aside.read_bytes() == b'{"batches": [1]}'
    back = run("restore", "--db", str(library_dir))
    assert back.returncode == 0, back.stderr
    assert annotation_on_disk(library_dir, ids[0])["notes"] == "note 0"
