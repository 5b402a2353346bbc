"""The library's write lock: the OS lock on `.lock`, one holder at a time, gone with its holder."""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import tui.core.store.lock as lock_module
from tui.core.store.lock import LOCK_FILE, release_write_lock, take_write_lock
from tui.core.store.lock_pid import LOCK_PID_FILE, read_holder_pid

HOLD_AND_WAIT = """
import sys
from pathlib import Path
from tui.core.store.lock import take_write_lock
lock, refusal = take_write_lock(Path(sys.argv[1]))
print("held" if lock else refusal.reason, flush=True)
sys.stdin.readline()
"""
#: A process that waits for its stdin to close; signals a parent ignores (nohup, as mutmut's runs) end it again.
WAIT_FOR_STDIN = """
import signal, sys
for sig in (signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGTERM):
    signal.signal(sig, signal.SIG_DFL)
print("ready", flush=True)
sys.stdin.readline()
"""


def _no_os_locks(monkeypatch: pytest.MonkeyPatch) -> Path:
    """The file system refuses locks (ENOSYS): the marker file stands in. Returns its name in the library folder."""

    def no_locks(fd: int) -> None:
        raise OSError(errno.ENOSYS, "Function not implemented")

    monkeypatch.setattr(lock_module, "_lock", no_locks)
    return Path(LOCK_FILE + ".excl")


def _gone_pid() -> int:
    """The PID of a process that has ended."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True)
    return int(done.stdout)


def _other_users_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every process asked about runs under another user: `kill(pid, 0)` says EPERM."""

    def not_yours(pid: int, sig: int) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "kill", not_yours)


def _open_descriptors(folder: Path) -> int:
    """This process's descriptors open on files in `folder` (what other tests leave open, or a collection closes, never counts)."""
    fds, root = Path("/proc/self/fd"), str(folder.resolve())
    return sum(1 for fd in os.listdir(fds) if (os.path.realpath(fds / fd) + os.sep).startswith(root + os.sep))


def test_a_second_take_in_the_same_process_is_refused_until_the_first_is_released(tmp_path: Path) -> None:
    lock, refusal = take_write_lock(tmp_path)
    assert lock is not None and refusal is None
    assert int((tmp_path / LOCK_PID_FILE).read_text()) == os.getpid()
    assert stat.S_IMODE((tmp_path / LOCK_PID_FILE).stat().st_mode) == 0o644  # another user's paperdesk can name the holder
    again, second = take_write_lock(tmp_path)
    assert again is None and second is not None and second.held
    pid = os.getpid()
    assert second.pid == pid
    assert second.reason == f"{tmp_path}: another paperdesk (PID {pid}) is using this library (quit it, or end it with `kill {pid}`); opened read-only"
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


def test_asking_whether_the_holder_runs_sends_it_no_signal(tmp_path: Path, monkeypatch) -> None:
    """`kill(pid, 0)` only asks whether the holder runs; any real signal would reach the other paperdesk
    (SIGHUP ends it), from the PID record and from the marker alike."""
    marker = tmp_path / _no_os_locks(monkeypatch)
    holder = subprocess.Popen([sys.executable, "-c", WAIT_FOR_STDIN], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        marker.write_text(str(holder.pid))
        (tmp_path / LOCK_PID_FILE).write_text(f"{holder.pid}\n")
        lock, refusal = take_write_lock(tmp_path)
        assert lock is None and refusal is not None and refusal.held and refusal.pid == holder.pid
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        code = holder.wait(timeout=30)
    assert code == 0, f"the holder was ended by signal {-code}"


def test_taking_the_lock_costs_no_fsync(tmp_path: Path, monkeypatch) -> None:
    """The PID record is a best-effort note (removed on release, ignored once its process is gone): writing
    it must not make every open wait for the disk."""
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd))[1])
    lock, refusal = take_write_lock(tmp_path)
    assert lock is not None and refusal is None and int((tmp_path / LOCK_PID_FILE).read_text()) == os.getpid()
    assert synced == []
    release_write_lock(lock, tmp_path)


def test_a_lock_file_someone_else_wrote_into_is_still_taken(tmp_path: Path) -> None:
    (tmp_path / LOCK_FILE).write_text("left over\n")
    lock, refusal = take_write_lock(tmp_path)
    assert lock is not None and refusal is None
    release_write_lock(lock, tmp_path)


def test_where_the_file_system_cannot_lock_a_marker_file_keeps_one_writer(tmp_path: Path, monkeypatch) -> None:
    """ENOSYS (some network mounts): the library is still written, one process at a time, through
    `.lock.excl` holding the holder's PID; a marker whose holder is gone is taken over."""
    marker = tmp_path / _no_os_locks(monkeypatch)
    lock, refusal = take_write_lock(tmp_path)
    assert lock is not None and refusal is None
    assert int(marker.read_text()) == os.getpid()
    again, second = take_write_lock(tmp_path)
    assert again is None and second is not None and second.held and f"PID {os.getpid()}" in second.reason
    release_write_lock(lock, tmp_path)
    assert not marker.exists()
    marker.write_text(str(_gone_pid()))  # left by a process that no longer runs
    taken, refused = take_write_lock(tmp_path)
    assert taken is not None and refused is None and int(marker.read_text()) == os.getpid()
    release_write_lock(taken, tmp_path)


def test_a_marker_whose_pid_is_still_being_written_is_held(tmp_path: Path, monkeypatch) -> None:
    """Between creating the marker and writing its PID, the maker holds the lock: an empty new marker
    is not taken over as stale (two writers), an empty old one (its maker killed right then) is."""
    marker = tmp_path / _no_os_locks(monkeypatch)
    marker.write_text("")
    refused, refusal = take_write_lock(tmp_path)
    assert refused is None and refusal is not None and marker.read_text() == ""
    old = marker.stat().st_mtime - 60
    os.utime(marker, (old, old))
    taken, none = take_write_lock(tmp_path)
    assert taken is not None and none is None and int(marker.read_text()) == os.getpid()
    release_write_lock(taken, tmp_path)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts descriptors in /proc")
def test_the_marker_lock_keeps_no_descriptor_open_once_released_or_refused(tmp_path: Path, monkeypatch) -> None:
    marker = tmp_path / _no_os_locks(monkeypatch)
    before = _open_descriptors(tmp_path)
    lock, _ = take_write_lock(tmp_path)
    assert lock is not None and _open_descriptors(tmp_path) == before + 1  # `.lock`, held open
    refused, _ = take_write_lock(tmp_path)
    assert refused is None and _open_descriptors(tmp_path) == before + 1
    release_write_lock(lock, tmp_path)
    assert _open_descriptors(tmp_path) == before and not marker.exists()


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts descriptors in /proc")
def test_a_marker_that_keeps_coming_back_is_given_up_on(tmp_path: Path, monkeypatch) -> None:
    """Another process re-creates a stale marker each time it is taken away: after two tries the library opens
    read-only (as if held), rather than trying for ever, and no descriptor is left open."""
    marker = tmp_path / _no_os_locks(monkeypatch)
    dead = _gone_pid()
    real_open = os.open
    tries = []

    def racing_open(path, flags, *args):
        if Path(path) == marker:
            tries.append(path)
            marker.write_text(str(dead))  # made again, by a process that is gone by now
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", racing_open)
    before = _open_descriptors(tmp_path)
    lock, refusal = take_write_lock(tmp_path)
    monkeypatch.setattr(os, "open", real_open)
    assert lock is None and refusal is not None and refusal.held
    assert len(tries) == 2 and _open_descriptors(tmp_path) == before


def test_a_marker_naming_a_process_of_another_user_is_held(tmp_path: Path, monkeypatch) -> None:
    """`kill(pid, 0)` answers EPERM for a live process this user may not signal: it runs, so its marker holds."""
    marker = tmp_path / _no_os_locks(monkeypatch)
    marker.write_text("4242")
    _other_users_processes(monkeypatch)
    lock, refusal = take_write_lock(tmp_path)
    assert lock is None and refusal is not None and refusal.held
    assert marker.read_text() == "4242"


def test_a_marker_that_names_no_pid_is_stale_and_taken_over(tmp_path: Path, monkeypatch) -> None:
    marker = tmp_path / _no_os_locks(monkeypatch)
    marker.write_text("not a pid\n")
    lock, refusal = take_write_lock(tmp_path)
    assert lock is not None and refusal is None and int(marker.read_text()) == os.getpid()
    release_write_lock(lock, tmp_path)


def test_a_library_folder_is_made_with_its_missing_parents(tmp_path: Path) -> None:
    """A first start whose data folder does not exist yet (no ~/.local/share, a new --db path) gets a writable
    library, not a read-only one."""
    folder = tmp_path / "new" / "nested" / "library"
    lock, refusal = take_write_lock(folder)
    assert lock is not None and refusal is None and folder.is_dir()
    release_write_lock(lock, folder)
    again, refused = take_write_lock(folder)  # there already: taken as it is
    assert again is not None and refused is None
    release_write_lock(again, folder)


def test_a_folder_this_user_may_not_write_is_refused_though_its_lock_file_is_writable(tmp_path: Path, monkeypatch) -> None:
    """The folder must be writable (and searchable), not just `.lock`: every save makes a temp file in it.
    Root passes any permission check, so the check's answer is faked (tests/robustness asks as nobody)."""
    (tmp_path / LOCK_FILE).write_text("")
    real_access = os.access

    def read_only_folder(path, mode, **kwargs) -> bool:
        if Path(path) == tmp_path and mode & os.W_OK:  # it exists and may be searched, not written
            return False
        return real_access(path, mode, **kwargs)

    monkeypatch.setattr(os, "access", read_only_folder)
    lock, refusal = take_write_lock(tmp_path)
    assert lock is None and refusal is not None and not refusal.held and refusal.pid is None
    assert refusal.reason == f"{tmp_path}: cannot write here (permission denied); opened read-only"


def test_a_folder_that_cannot_be_made_is_refused_as_not_writable_not_as_held(tmp_path: Path) -> None:
    (tmp_path / "a file").write_text("")
    folder = tmp_path / "a file" / "library"
    lock, refusal = take_write_lock(folder)
    assert lock is None and refusal is not None
    assert not refusal.held and refusal.pid is None
    assert refusal.reason.startswith(f"{folder}: cannot write here (") and refusal.reason.endswith("; opened read-only")


def test_the_holder_is_named_only_while_its_process_runs(tmp_path: Path) -> None:
    record = tmp_path / LOCK_PID_FILE
    record.write_text(f"{os.getpid()}\n")
    assert read_holder_pid(tmp_path, wait=0) == os.getpid()
    record.write_text("1\n")  # init, or paperdesk itself as a container's first process
    assert read_holder_pid(tmp_path, wait=0) == 1
    for stale in (f"{_gone_pid()}\n", "0\n", "-5\n", "someone\n"):
        record.write_text(stale)
        assert read_holder_pid(tmp_path, wait=0) is None, stale
    record.unlink()
    assert read_holder_pid(tmp_path, wait=0) is None


def test_a_holder_running_as_another_user_is_still_named(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / LOCK_PID_FILE).write_text("4242\n")
    _other_users_processes(monkeypatch)
    assert read_holder_pid(tmp_path, wait=0) == 4242


def test_the_holder_is_waited_for_while_it_writes_its_pid(tmp_path: Path) -> None:
    """The loser of a race for the lock may look before the winner has written its PID: it looks again."""
    writer = threading.Timer(0.2, lambda: (tmp_path / LOCK_PID_FILE).write_text(f"{os.getpid()}\n"))
    writer.start()
    try:
        assert read_holder_pid(tmp_path, wait=30) == os.getpid()
    finally:
        writer.join()


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts descriptors in /proc")
def test_a_marker_that_cannot_be_made_opens_read_only_with_the_reason(tmp_path: Path, monkeypatch) -> None:
    marker = tmp_path / _no_os_locks(monkeypatch)
    real_open = os.open

    def refused(path, flags, *args):
        if Path(path) == marker:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", refused)
    before = _open_descriptors(tmp_path)
    lock, refusal = take_write_lock(tmp_path)
    monkeypatch.setattr(os, "open", real_open)
    assert lock is None and refusal is not None and not refusal.held
    assert refusal.reason == f"{tmp_path}: cannot write here (Permission denied); opened read-only"
    assert _open_descriptors(tmp_path) == before


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts descriptors in /proc")
def test_a_stale_marker_that_cannot_be_removed_opens_read_only_and_keeps_no_descriptor(tmp_path: Path, monkeypatch) -> None:
    marker = tmp_path / _no_os_locks(monkeypatch)
    marker.mkdir()  # not a file: it reads as no PID (stale), and unlink refuses it
    before = _open_descriptors(tmp_path)
    lock, refusal = take_write_lock(tmp_path)
    assert lock is None and refusal is not None and not refusal.held
    assert refusal.reason.startswith(f"{tmp_path}: cannot write here (") and marker.is_dir()
    assert _open_descriptors(tmp_path) == before
