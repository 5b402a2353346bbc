"""SIGKILL at random moments while notes and highlights are being saved: the library always opens and loses nothing that was saved.

Saves append to the annotations journal; in the compacting run the journal is
folded into annotations.json after every save, on a slow disk, so many kills
land mid-compaction (temp written and not renamed, or renamed and the journal
not yet emptied).

A small helper process imports the store once and forks one saving child
per run, so each of the 100 runs starts in milliseconds and no child
inherits the test runner's threads.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tui.core.library import Library

KILLS = 100
PAPERS = 10
REPO = Path(__file__).resolve().parents[2]

COMPACTING = """
import os, time
import tui.core.store.journal as journal
_append = journal.JournaledJSONStorage.append
def append_then_fold(self, changes):
    _append(self, changes)  # the change is durable here; folding it in is what may be killed
    self.compact()
journal.JournaledJSONStorage.append = append_then_fold  # every save ends with a compaction
_fsync = os.fsync
def slow_fsync(fd):
    time.sleep(0.004)
    _fsync(fd)
os.fsync = slow_fsync
"""

FORKER = """
import os, sys
from tui.core.library import Library
%(prelude)s

def save_forever(folder, acks, seq):
    # Save 'note seq', 'note seq+1', ... round the first papers; log each save that returned.
    lib = Library.open(folder, seed=False)
    ids = [p.id for p in lib.papers[:%(papers)d]]
    fd = os.open(acks, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    while True:
        # A highlight rides in the same save as the note: both land, or neither.
        lib.save_annotation(ids[seq %% %(papers)d], notes=f"note {seq}", highlights=[{"text": f"passage {seq}", "comment": f"why {seq}"}])
        os.write(fd, f"{seq}\\n".encode())
        seq += 1

for line in sys.stdin:
    acks, seq = line.split()
    pid = os.fork()
    if pid == 0:
        try:
            save_forever(sys.argv[1], acks, int(seq))
        finally:
            os._exit(1)
    print(pid, flush=True)
    sys.stdin.readline()  # the parent has killed it
    os.waitpid(pid, 0)
    print("reaped", flush=True)
"""


def forker_script(compacting: bool) -> str:
    return FORKER % {"papers": PAPERS, "prelude": COMPACTING if compacting else ""}


def read_acks(path: Path) -> list[int]:
    """Sequence numbers whose save returned (a line cut short by the kill is ignored)."""
    if not path.exists():
        return []
    return [int(line) for line in path.read_text().split("\n")[:-1] if line]


def wait_for_first_ack(path: Path, limit: float = 10.0) -> None:
    """Until the child's first save has returned (or `limit` seconds: the kill then lands wherever it lands)."""
    end = time.monotonic() + limit
    while not read_acks(path) and time.monotonic() < end:
        time.sleep(0.002)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
@pytest.mark.parametrize("compacting", [False, True], ids=["appending", "compacting"])
def test_sigkill_during_saves_never_loses_a_returned_save(library_dir: Path, tmp_path: Path, compacting: bool) -> None:
    with Library.open(library_dir) as lib:
        ids = [p.id for p in lib.papers[:PAPERS]]
    forker = subprocess.Popen(
        [sys.executable, "-c", forker_script(compacting), str(library_dir)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    rng = random.Random(1234)
    saved: dict[str, int] = {}  # pid -> newest sequence number whose save returned
    seq = 0
    kills_mid_run = returned = mid_compaction = 0
    try:
        for run in range(KILLS):
            acks = tmp_path / f"acks-{run}"
            forker.stdin.write(f"{acks} {seq}\n")
            forker.stdin.flush()
            child = int(forker.stdout.readline())
            if run % 2:
                time.sleep(rng.uniform(0.01, 0.15))  # some kills land while it opens the library
            else:  # the others while it saves, however slowly a loaded machine opens the library
                wait_for_first_ack(acks)
                time.sleep(rng.uniform(0.0, 0.03))
            os.kill(child, signal.SIGKILL)
            forker.stdin.write("killed\n")
            forker.stdin.flush()
            assert forker.stdout.readline().strip() == "reaped"
            done = read_acks(acks)
            kills_mid_run += bool(done)
            returned += len(done)
            for n in done:
                saved[ids[n % PAPERS]] = n
            attempted = (done[-1] + 1) if done else seq  # at most one save was in flight
            mid_compaction += any(p.name.endswith(".tmp") for p in library_dir.iterdir())
            with Library.open(library_dir, seed=False) as reopened:
                assert not reopened.read_only, reopened.notice
                assert len(reopened) == 33
                for paper_id, n in saved.items():
                    stored = reopened.annotation(paper_id).notes
                    assert stored.startswith("note "), stored
                    assert n <= int(stored.split()[1]) <= attempted
                    number = stored.split()[1]
                    marks = reopened.annotation(paper_id).highlights
                    assert [(h.text, h.comment) for h in marks] == [(f"passage {number}", f"why {number}")]
            seq = attempted + 1
    finally:
        forker.stdin.close()
        forker.wait(timeout=10)
    print(f"{KILLS} SIGKILLs, {kills_mid_run} while saving, {mid_compaction} mid-compaction, {returned} saves returned and all kept")
    assert kills_mid_run >= KILLS // 4, kills_mid_run  # many kills landed while saves were running
    if compacting:
        assert mid_compaction >= 3, mid_compaction  # some kills landed between a compaction's temp file and its rename
    leftovers = [p.name for p in library_dir.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []  # temp files of killed writers are swept on open
