"""SIGKILL at random moments while notes are being saved: the library always opens and loses nothing that was saved."""

from __future__ import annotations

import os
import random
import select
import signal
import time
from pathlib import Path

import pytest

from tui.core.storage import Library

KILLS = 100
PAPERS = 10


def _child(folder: Path, start: int, write_fd: int) -> None:
    """Save notes 'start', 'start+1', ... round the first papers; report each one that returned."""
    try:
        lib = Library.open(folder, seed=False)
        ids = [p.id for p in lib.papers[:PAPERS]]
        seq = start
        while True:
            lib.save_annotation(ids[seq % PAPERS], notes=f"note {seq}")
            os.write(write_fd, f"{seq}\n".encode())
            seq += 1
    finally:
        os._exit(1)


def _acked(read_fd: int) -> list[int]:
    """Every sequence number the killed child reported as saved."""
    data = b""
    while select.select([read_fd], [], [], 0)[0]:
        chunk = os.read(read_fd, 65536)
        if not chunk:
            break
        data += chunk
    return [int(line) for line in data.split(b"\n") if line.strip()]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_sigkill_during_saves_never_loses_a_returned_save(library_dir: Path) -> None:
    with Library.open(library_dir) as lib:
        ids = [p.id for p in lib.papers[:PAPERS]]
    rng = random.Random(1234)
    saved: dict[str, int] = {}  # pid -> newest sequence number whose save returned
    seq = 0
    for _ in range(KILLS):
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child never returns
            os.close(read_fd)
            _child(library_dir, seq, write_fd)
        os.close(write_fd)
        time.sleep(rng.uniform(0.0, 0.06))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        acked = _acked(read_fd)
        os.close(read_fd)
        for n in acked:
            saved[ids[n % PAPERS]] = n
        attempted = (acked[-1] + 1) if acked else seq  # at most one save was in flight
        with Library.open(library_dir, seed=False) as reopened:
            assert not reopened.read_only, reopened.notice
            assert len(reopened) == 33
            for paper_id, n in saved.items():
                stored = reopened.annotation(paper_id).notes
                assert stored.startswith("note ")
                assert n <= int(stored.split()[1]) <= attempted
        seq = attempted + 1
    assert seq > KILLS  # the children did save something between the kills
    leftovers = [p.name for p in library_dir.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []  # temp files of killed writers are swept on open
