"""The library's write lock: the OS lock on `.lock`, one holder at a time, gone with its holder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from tui.core.store.lock import LOCK_FILE, release_write_lock, take_write_lock
from tui.core.store.lock_pid import LOCK_PID_FILE

HOLD_AND_WAIT = """
import sys
from pathlib import Path
from tui.core.store.lock import take_write_lock
lock, refusal = take_write_lock(Path(sys.argv[1]))
print("held" if lock else refusal.reason, flush=True)
sys.stdin.readline()
"""


def test_a_second_take_in_the_same_process_is_refused_until_the_first_is_released(tmp_path: Path) -> None:
    lock, refusal = take_write_lock(tmp_path)
    assert lock is not None and refusal is None
    assert int((tmp_path / LOCK_PID_FILE).read_text()) == os.getpid()
    again, second = take_write_lock(tmp_path)
    assert again is None and second is not None and second.held
    assert second.pid == os.getpid() and f"PID {os.getpid()}" in second.reason
    release_write_lock(lock, tmp_path)
    assert not (tmp_path / LOCK_PID_FILE).exists() and (tmp_path / LOCK_FILE).exists()
    lock.release()  # releasing twice is harmless
    third, refusal = take_write_lock(tmp_path)
    assert third is not None and refusal is None
    release_write_lock(third, tmp_path)


def test_a_killed_holder_leaves_the_lock_free(tmp_path: Path) -> None:
    holder = subprocess.Popen([sys.executable, "-c", HOLD_AND_WAIT, str(tmp_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        lock, refusal = take_write_lock(tmp_path)
        assert lock is None and refusal is not None and refusal.pid == holder.pid
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=10)
    lock, refusal = take_write_lock(tmp_path)  # the stale .lock.pid names a dead process: ignored
    assert lock is not None and refusal is None
    release_write_lock(lock, tmp_path)


def test_a_lock_file_someone_else_wrote_into_is_still_taken(tmp_path: Path) -> None:
    (tmp_path / LOCK_FILE).write_text("left over\n")
    lock, refusal = take_write_lock(tmp_path)
    assert lock is not None and refusal is None
    release_write_lock(lock, tmp_path)


def test_where_the_file_system_cannot_lock_a_marker_file_keeps_one_writer(tmp_path: Path, monkeypatch) -> None:
    """ENOSYS (some network mounts): the library is still written, one process at a time, through
    `.lock.excl` holding the holder's PID; a marker whose holder is gone is taken over."""
    import errno

    import tui.core.store.lock as lock_module

    def no_locks(fd: int) -> None:
        raise OSError(errno.ENOSYS, "Function not implemented")

    monkeypatch.setattr(lock_module, "_lock", no_locks)
    lock, refusal = take_write_lock(tmp_path)
    assert lock is not None and refusal is None
    marker = tmp_path / (LOCK_FILE + ".excl")
    assert int(marker.read_text()) == os.getpid()
    again, second = take_write_lock(tmp_path)
    assert again is None and second is not None and second.held and f"PID {os.getpid()}" in second.reason
    release_write_lock(lock, tmp_path)
    assert not marker.exists()
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    marker.write_text(gone.stdout.strip())  # left by a process that no longer runs
    taken, refused = take_write_lock(tmp_path)
    assert taken is not None and refused is None and int(marker.read_text()) == os.getpid()
    release_write_lock(taken, tmp_path)


def test_a_marker_whose_pid_is_still_being_written_is_held(tmp_path: Path, monkeypatch) -> None:
    """Between creating the marker and writing its PID, the maker holds the lock: an empty new marker
    is not taken over as stale (two writers), an empty old one (its maker killed right then) is."""
    import errno

    import tui.core.store.lock as lock_module

    def no_locks(fd: int) -> None:
        raise OSError(errno.ENOSYS, "Function not implemented")

    monkeypatch.setattr(lock_module, "_lock", no_locks)
    marker = tmp_path / (LOCK_FILE + ".excl")
    marker.write_text("")
    refused, refusal = take_write_lock(tmp_path)
    assert refused is None and refusal is not None and marker.read_text() == ""
    old = marker.stat().st_mtime - 60
    os.utime(marker, (old, old))
    taken, none = take_write_lock(tmp_path)
    assert taken is not None and none is None and int(marker.read_text()) == os.getpid()
    release_write_lock(taken, tmp_path)
