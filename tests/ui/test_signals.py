"""SIGTERM and SIGHUP (terminal closed) save the notes being typed before the app exits."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tui.core.library import Library
from tui.core.store.storage import ANNOTATIONS_FILE

REPO = Path(__file__).resolve().parents[2]

SCRIPT = """
import asyncio, sys
from pathlib import Path
import tui.ui.widgets.notes as notes
from tui.ui.app import PaperdeskApp

notes.AUTOSAVE_DELAY = 3600  # only the signal can save these notes

async def main():
    app = PaperdeskApp(library_dir=Path(sys.argv[1]))
    async with app.run_test() as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("n", "s", "a", "v", "e", "space", "m", "e")
        await pilot.pause()
        print("typed", flush=True)
        while app.is_running:
            await asyncio.sleep(0.02)
    print("exited", app.return_code, flush=True)

asyncio.run(main())
"""


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_signal_flushes_pending_notes_then_exits(library_dir: Path, sig: signal.Signals) -> None:
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    child = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(library_dir)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=REPO
    )
    try:
        assert child.stdout.readline().strip() == "typed"
        assert not (library_dir / ANNOTATIONS_FILE).exists() or "save me" not in (library_dir / ANNOTATIONS_FILE).read_text()
        child.send_signal(sig)
        out, err = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, err
    assert out.strip() == f"exited {128 + sig}"
    stored = json.loads((library_dir / ANNOTATIONS_FILE).read_text())["annotations"]
    assert [doc["notes"] for doc in stored.values() if doc["id"] == pid] == ["save me"]
