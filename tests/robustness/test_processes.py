"""Processes against the library: SIGKILL during an import, and several paperdesks started at once.

After a kill the library is exactly as before the import or exactly as after
it, never between: every import is one atomic write of the papers file, and
annotations are never touched by an import. Of several processes started at
once on one library, exactly one can write; the others open read-only.
"""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import REPO
from tui.core.library import Library
from tui.core.models import paper_id
from tui.core.store.storage import ANNOTATIONS_FILE, PAPERS_FILE

ENV = {**os.environ, "PYTHONPATH": str(REPO)}
KILLS = 30
BATCH = 300  # abstracts per import in the killed loop


def ids(folder: Path) -> set[str]:
    with Library.open(folder, read_only=True) as lib:
        return {p.id for p in lib.papers}


def abstracts(tag: str, n: int) -> list[str]:
    """n abstracts unlike each other (random-looking words), so no two merge as near-duplicates."""
    return [" ".join(hashlib.sha256(f"{tag}-{i}-{j}".encode()).hexdigest()[:9] for j in range(14)) for i in range(n)]


def batch_ids(tag: str) -> set[str]:
    return {paper_id(a) for a in abstracts(tag, BATCH)}


FORKER = """
import hashlib, os, stat, sys, time
from tui.core.ingest.lists import ParsedList
from tui.core.library import Library

def import_forever(folder, acks, start, batch):
    # A slow disk: each fsync takes a while, so many kills land mid-write (temp written, not yet renamed).
    real_fsync = os.fsync
    def slow_fsync(fd):
        if stat.S_ISREG(os.fstat(fd).st_mode):
            time.sleep(0.15)
        real_fsync(fd)
    os.fsync = slow_fsync
    lib = Library.open(folder, seed=False)
    fd = os.open(acks, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    k = start
    while True:
        texts = [" ".join(hashlib.sha256(f"{k}-{i}-{j}".encode()).hexdigest()[:9] for j in range(14)) for i in range(batch)]
        lib.add_lists([ParsedList(f"batch {k}", texts, source=f"batch-{k}.txt")])
        os.write(fd, f"{k}\\n".encode())
        k += 1

for line in sys.stdin:
    acks, start = line.split()
    pid = os.fork()
    if pid == 0:
        try:
            import_forever(sys.argv[1], acks, int(start), int(sys.argv[2]))
        finally:
            os._exit(1)
    print(pid, flush=True)
    sys.stdin.readline()
    os.waitpid(pid, 0)
    print("reaped", flush=True)
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_sigkill_during_imports_leaves_before_or_after(library_dir: Path, tmp_path: Path) -> None:
    with Library.open(library_dir) as lib:
        lib.save_annotation(lib.papers[0].id, notes="must survive every kill", rating=5)
    notes_before = (library_dir / ANNOTATIONS_FILE).read_bytes()
    expected = ids(library_dir)
    forker = subprocess.Popen(
        [sys.executable, "-c", FORKER, str(library_dir), str(BATCH)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=REPO, env=ENV,
    )
    rng = random.Random(8)
    start = 0
    mid_write = 0
    try:
        for run in range(KILLS):
            acks = tmp_path / f"acks-{run}"
            forker.stdin.write(f"{acks} {start}\n")
            forker.stdin.flush()
            child = int(forker.stdout.readline())
            if run % 2:
                time.sleep(rng.uniform(0.05, 0.6))  # any moment
            else:  # the worst moment: the new papers file is half-way to disk
                deadline = time.monotonic() + 5
                while not list(library_dir.glob(f".{PAPERS_FILE}.*.tmp")) and time.monotonic() < deadline:
                    time.sleep(0.001)
                time.sleep(rng.uniform(0, 0.1))
            os.kill(child, signal.SIGKILL)
            forker.stdin.write("\n")
            forker.stdin.flush()
            assert forker.stdout.readline().strip() == "reaped"
            done = [int(x) for x in acks.read_text().split("\n")[:-1]] if acks.exists() else []
            mid_write += bool(list(library_dir.glob(f".{PAPERS_FILE}.*.tmp")))
            for k in done:
                expected |= batch_ids(str(k))
            now = ids(library_dir)  # opens: never a damaged file
            in_flight = batch_ids(str(start + len(done)))
            assert now in (expected, expected | in_flight), f"run {run}: the library is between two states"
            expected = now
            start += len(done) + 1
            assert (library_dir / ANNOTATIONS_FILE).read_bytes() == notes_before
    finally:
        forker.stdin.close()
        forker.wait(timeout=30)
    with Library.open(library_dir) as lib:  # the writer's next open sweeps killed writers' temp files
        assert lib.annotation(lib.papers[0].id).notes == "must survive every kill"
    assert not list(library_dir.glob(".*.tmp"))
    print(f"{KILLS} kills, {mid_write} of them left a temp file (killed mid-write)")


def test_sigkill_of_the_import_command(library_dir: Path, tmp_path: Path) -> None:
    """The real `paperdesk import` of 3,000 abstracts, killed at moments spread over its run."""
    Library.open(library_dir).close()
    source = tmp_path / "big list.txt"
    source.write_text("Killed\n\n" + "\n\n".join(abstracts("cli", 3000)) + "\n")
    before = ids(library_dir)
    template = tmp_path / "template"
    shutil.copytree(library_dir, template)
    command = [sys.executable, "-m", "tui", "import", "--db", str(library_dir), str(source)]
    began = time.monotonic()
    subprocess.run(command, cwd=REPO, env=ENV, capture_output=True, check=True, timeout=120)
    duration = time.monotonic() - began
    after = ids(library_dir)
    assert len(after) == len(before) + 3000
    outcomes = []
    for step in range(6):
        shutil.rmtree(library_dir)
        shutil.copytree(template, library_dir)
        process = subprocess.Popen(command, cwd=REPO, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(duration * (0.4 + 0.12 * step))
        process.kill()
        process.wait()
        now = ids(library_dir)
        assert now in (before, after)
        outcomes.append("after" if now == after else "before")
    print("kill outcomes:", outcomes)


HOLDER = """
import sys
from tui.core.library import Library
from tui.core.errors import ReadOnlyLibrary
sys.stdin.readline()  # the starting gun: every process opens at once
lib = Library.open(sys.argv[1])
try:
    lib.save_annotation(lib.papers[0].id, notes=sys.argv[2])
    print("wrote", flush=True)
except ReadOnlyLibrary as exc:
    print("read-only", exc, flush=True)
sys.stdin.readline()  # hold the library until every process has tried
lib.close()
"""


@pytest.mark.parametrize("fresh", [True, False], ids=["fresh-folder", "existing-library"])
def test_processes_started_at_once_exactly_one_writes(library_dir: Path, fresh: bool) -> None:
    if not fresh:
        Library.open(library_dir).close()
    procs = [
        subprocess.Popen([sys.executable, "-c", HOLDER, str(library_dir), f"note from {i}"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO, env=ENV)
        for i in range(4)
    ]
    time.sleep(0.5)  # let the interpreters start
    for p in procs:
        p.stdin.write("\n")
    for p in procs:
        p.stdin.flush()
    answers = [p.stdout.readline().strip() for p in procs]
    for p in procs:
        p.stdin.write("\n")
        p.stdin.close()
    errors = [p.stderr.read() for p in procs]
    for p in procs:
        assert p.wait(timeout=30) == 0
    assert not any(errors), errors
    writers = [i for i, a in enumerate(answers) if a == "wrote"]
    assert len(writers) == 1, answers
    holder = f"another paperdesk (PID {procs[writers[0]].pid}) is using this library"
    assert all(holder in a for i, a in enumerate(answers) if i not in writers), (holder, answers)
    with Library.open(library_dir) as lib:
        assert len(lib) == 33
        assert lib.annotation(lib.papers[0].id).notes == f"note from {writers[0]}"
