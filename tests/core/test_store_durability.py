"""What the store's writes promise on disk: fsync unless told not to, the permissions asked for, a private journal."""

from __future__ import annotations

import os
import stat
import warnings
from pathlib import Path

import pytest

import tui.core.store.journal as journal
import tui.core.store.jsonfile as jsonfile
from tui.core.errors import LibraryError, ReadOnlyLibrary
from tui.core.store.atomic import atomic_write_bytes, atomic_write_text
from tui.core.store.journal import JournaledJSONStorage


def _fsyncs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = os.fsync

    def counting(fd: int) -> None:
        calls.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", counting)
    return calls


def test_a_text_write_is_fsynced_only_when_durable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _fsyncs(monkeypatch)
    atomic_write_text(tmp_path / "fast.md", "x", durable=False)
    assert calls == []
    atomic_write_text(tmp_path / "safe.md", "y")
    assert calls, "a durable write must fsync before its rename"
    assert (tmp_path / "fast.md").read_text() == "x" and (tmp_path / "safe.md").read_text() == "y"


def test_a_text_write_gets_the_mode_asked_for_else_stays_private(tmp_path: Path) -> None:
    atomic_write_text(tmp_path / "shared.md", "é", mode=0o644)
    atomic_write_text(tmp_path / "private.md", "é")
    assert stat.S_IMODE((tmp_path / "shared.md").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "private.md").stat().st_mode) == 0o600
    assert (tmp_path / "shared.md").read_bytes() == "é".encode()


@pytest.mark.parametrize("umask", [0o022, 0o027, 0o077])
def test_saved_copies_screenshots_and_exports_share_one_mode_from_the_umask(tmp_path: Path, umask: int) -> None:
    """Issue 45: the copy dialog's "Save to file" and screenshots (`save_text`) were 0600 while exports were 0644.
    Run in a fresh interpreter whose umask is set before paperdesk is imported (the mode is read once, at import)."""
    import subprocess
    import sys

    script = f"""
import os, sys
from pathlib import Path
os.umask({umask})
from tui.core.usecases.export import save_text
from tui.core.export.writing import write_file
folder = Path(sys.argv[1])
save_text(folder / "saved" / "copy.md", "a copy")
save_text(folder / "shot.svg", "<svg/>")
write_file(folder / "export.bib", lambda: "@misc{{x}}")
(folder / "kept.md").write_text("old")
os.chmod(folder / "kept.md", 0o640)
save_text(folder / "kept.md", "new")
"""
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in (tmp_path / "saved" / "copy.md", tmp_path / "shot.svg", tmp_path / "export.bib")}
    assert modes == dict.fromkeys(modes, 0o666 & ~umask)
    assert stat.S_IMODE((tmp_path / "kept.md").stat().st_mode) == 0o640 and (tmp_path / "kept.md").read_text() == "new"


def test_the_journal_is_created_readable_by_its_owner_only(tmp_path: Path) -> None:
    storage = JournaledJSONStorage(tmp_path / "annotations.json")
    storage.append({"annotations": {"1": {"notes": "private thoughts"}}})
    storage.close()
    assert stat.S_IMODE(storage.journal.stat().st_mode) == 0o600
    assert JournaledJSONStorage(tmp_path / "annotations.json", read_only=True).read() == {
        "annotations": {"1": {"notes": "private thoughts"}}
    }


def test_a_new_journal_makes_its_name_durable_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first append creates the journal: its folder is fsynced, or a crash could lose the file (and the
    acknowledged note in it) though its bytes were fsynced. A journal that was there already needs no more."""
    synced: list[Path] = []
    monkeypatch.setattr(journal, "fsync_dir", synced.append)
    storage = JournaledJSONStorage(tmp_path / "annotations.json")
    storage.append({"annotations": {"1": {"notes": "first"}}})
    storage.append({"annotations": {"1": {"notes": "second"}}})
    assert synced == [tmp_path]
    assert storage._fd is not None
    os.close(storage._fd)  # killed: no fold, the journal stays
    synced.clear()
    again = JournaledJSONStorage(tmp_path / "annotations.json")
    again.append({"annotations": {"1": {"notes": "third"}}})
    assert synced == []


def test_a_refused_write_is_one_line_naming_the_file_and_still_the_oserror_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`WriteFailed` is shown as it is (one line) and caught as an OSError by code that asks for the errno or the file."""
    path = tmp_path / "annotations.json"
    storage = jsonfile.AtomicJSONStorage(path)
    storage.write({"annotations": {"1": {"notes": "kept"}}})

    def disk_full(target, data) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(jsonfile, "atomic_write_bytes", disk_full)
    with pytest.raises(OSError) as caught:
        storage.write({"annotations": {"1": {"notes": "refused"}}})
    monkeypatch.undo()
    exc = caught.value
    assert isinstance(exc, jsonfile.WriteFailed)
    assert (exc.errno, exc.strerror, exc.filename) == (28, "No space left on device", str(path))
    assert str(exc) == f"{path}: cannot be written (No space left on device); it was left as it was"
    assert storage.read() == {"annotations": {"1": {"notes": "kept"}}}


def test_a_write_refused_as_read_only_names_the_file_and_leaves_reading_the_file(tmp_path: Path) -> None:
    path = tmp_path / "annotations.json"
    jsonfile.AtomicJSONStorage(path).write({"annotations": {"1": {"notes": "on disk"}}})
    storage = jsonfile.AtomicJSONStorage(path, read_only=True)
    assert storage.read() == {"annotations": {"1": {"notes": "on disk"}}}
    with pytest.raises(ReadOnlyLibrary) as caught:
        storage.write({"annotations": {"1": {"notes": "refused"}}})
    assert str(caught.value) == f"{path}: the library is open read-only"
    assert storage.read() == {"annotations": {"1": {"notes": "on disk"}}}  # what TinyDB changed in memory is dropped
    assert path.read_bytes() == b'{"annotations":{"1":{"notes":"on disk"}}}'


def test_the_digest_names_the_bytes_last_read_or_written(tmp_path: Path) -> None:
    """`store.written` records this digest before each write and finds the file by it at the next open, also a file
    an earlier version recorded: the value for given bytes never changes."""
    path = tmp_path / "annotations.json"
    storage = jsonfile.AtomicJSONStorage(path)
    storage.write({"annotations": {}})
    assert storage.digest == jsonfile.digest_of(path.read_bytes()) == "370ea69e1eb124003f8fcdf264114610"
    storage.write({"annotations": {"1": {"notes": "second"}}})
    assert storage.digest == jsonfile.digest_of(path.read_bytes())
    fresh = jsonfile.AtomicJSONStorage(path, read_only=True)
    fresh.read()
    assert fresh.digest == storage.digest


def test_a_write_that_fails_other_than_by_the_disk_leaves_reading_the_file(tmp_path: Path) -> None:
    """An exception that is not an OSError (a record that cannot be made, an interrupt) mid-write: memory is dropped
    with the file left as it was, so the next read is the file's, not what TinyDB had changed in memory."""
    path = tmp_path / "annotations.json"
    storage = jsonfile.AtomicJSONStorage(path)
    storage.write({"annotations": {"1": {"notes": "on disk"}}})

    def refuse(raw: bytes, data: dict) -> None:
        raise RuntimeError("the write record could not be made")

    storage.before_write = refuse
    with pytest.raises(RuntimeError):
        storage.write({"annotations": {"1": {"notes": "never written"}}})
    assert storage.read() == {"annotations": {"1": {"notes": "on disk"}}}


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"", "the file is empty"),
        (b" \n\t", "the file is empty"),
        (b'["a", "list"]', "not a TinyDB document store"),
        (b'{"annotations": 5}', "not a TinyDB document store"),
    ],
)
def test_a_damaged_library_file_is_one_line_naming_it_and_what_is_wrong(tmp_path: Path, content: bytes, problem: str) -> None:
    path = tmp_path / "annotations.json"
    path.write_bytes(content)
    with pytest.raises(jsonfile.DamagedFile) as caught:
        jsonfile.AtomicJSONStorage(path).read()
    assert str(caught.value) == f"{path}: damaged library file ({problem}); it was left untouched"
    assert path.read_bytes() == content


def test_a_library_file_that_cannot_be_read_is_one_line_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "annotations.json"
    path.mkdir()  # EISDIR: as a permission refused
    with pytest.raises(LibraryError) as caught:
        jsonfile.AtomicJSONStorage(path).read()
    assert str(caught.value) == f"{path}: cannot be read (Is a directory)"


def test_a_storage_reads_its_file_once(tmp_path: Path) -> None:
    """Later reads come from memory: the store is the file's only writer while it holds the lock."""
    path = tmp_path / "annotations.json"
    path.write_bytes(b'{"annotations":{"1":{"notes":"as read"}}}')
    storage = jsonfile.AtomicJSONStorage(path)
    assert storage.read() == {"annotations": {"1": {"notes": "as read"}}}
    path.write_bytes(b'{"annotations":{}}')
    assert storage.read() == {"annotations": {"1": {"notes": "as read"}}}


def test_a_byte_write_raises_no_warning(tmp_path: Path) -> None:
    """Binary files cannot be line-buffered: asking for it prints a RuntimeWarning on the user's terminal at a save."""
    path = tmp_path / "file.json"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        atomic_write_bytes(path, b'{"a":1}')
    assert path.read_bytes() == b'{"a":1}'


def test_what_a_storage_wrote_is_read_from_memory_not_parsed_again(tmp_path: Path) -> None:
    """After a write, memory holds what was written: the file is not read back (a save never costs a parse of
    the whole file, and a file swapped behind the lock's holder does not slip in past the open's checks)."""
    path = tmp_path / "annotations.json"
    storage = jsonfile.AtomicJSONStorage(path)
    storage.write({"annotations": {"1": {"notes": "written"}}})
    path.write_bytes(b'{"annotations":{}}')
    assert storage.read() == {"annotations": {"1": {"notes": "written"}}}
