"""Running `paperdesk` as a user does: the real entry point in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def run(*args: str, input: str | bytes | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """`python -m tui ARGS` from the checkout (text mode unless `input` is bytes)."""
    return subprocess.run(
        [sys.executable, "-m", "tui", *args],
        input=input,
        capture_output=True,
        text=not isinstance(input, bytes),
        encoding=None if isinstance(input, bytes) else "utf-8",
        timeout=120,
        cwd=REPO,
        env={**os.environ, **(env or {})},
    )


def stored(library_dir: Path) -> dict:
    """annotations.json as stored on disk."""
    return json.loads((library_dir / "annotations.json").read_text(encoding="utf-8"))


def annotation_on_disk(library_dir: Path, pid: str) -> dict:
    """One paper's stored annotation (empty when it has none)."""
    docs = stored(library_dir).get("annotations", {}).values()
    return next((d for d in docs if d.get("id") == pid), {})
