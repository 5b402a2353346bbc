"""Cold start: paperdesk on the bundled list vs a minimal Textual app, and 10k-paper import/start.

Both apps run in a pseudo-terminal started the same way; the clock stops when
the first screen holding a marker text has been written (for paperdesk, the
paper count that appears once the list is filled and interactive).
Usage: python benchmarks/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.corpus import write_list  # noqa: E402

MINIMAL = """
from textual.app import App
from textual.widgets import Static
class Minimal(App):
    def compose(self):
        yield Static("minimal-ready")
Minimal().run()
"""


def time_to_marker(argv: list[str], marker: bytes, env: dict[str, str], timeout: float = 30.0) -> float:
    """Seconds from spawning `argv` in a 120x36 pty until `marker` appears in its output."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(env)
        os.environ["COLUMNS"], os.environ["LINES"] = "120", "36"
        os.execvp(argv[0], argv)
    start = time.perf_counter()
    import fcntl
    import struct
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 120, 0, 0))
    seen = b""
    try:
        while time.perf_counter() - start < timeout:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                seen += chunk
                if marker in seen:
                    return time.perf_counter() - start
        raise RuntimeError(f"marker {marker!r} not seen from {argv}")
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)


def median_of(runs: int, fn) -> float:
    return statistics.median(fn() for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    py = sys.executable
    env = {"TERM": "xterm-256color"}
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        small = tmp_path / "small"
        subprocess.run([py, "-m", "tui", "list", "--db", str(small)], check=True, capture_output=True)
        minimal_s = median_of(args.runs, lambda: time_to_marker([py, "-c", MINIMAL], b"minimal-ready", env))
        paperdesk_s = median_of(
            args.runs, lambda: time_to_marker([py, "-m", "tui", "--db", str(small)], b"33 papers", env)
        )

        big = tmp_path / "big"
        listing = write_list(tmp_path / "10k.txt", 10_000)
        start = time.perf_counter()
        subprocess.run([py, "-m", "tui", "import", str(listing), "--db", str(big)], check=True, capture_output=True)
        import_s = time.perf_counter() - start
        big_start_s = median_of(
            args.runs, lambda: time_to_marker([py, "-m", "tui", "--db", str(big)], b"10033 papers", env)
        )
    result = {
        "minimal_app_s": round(minimal_s, 3),
        "paperdesk_33_s": round(paperdesk_s, 3),
        "ratio": round(paperdesk_s / minimal_s, 2),
        "import_10000_s": round(import_s, 3),
        "start_10000_s": round(big_start_s, 3),
    }
    print(f"minimal Textual app      {minimal_s * 1000:7.0f} ms")
    print(f"paperdesk, 33 papers     {paperdesk_s * 1000:7.0f} ms  ({result['ratio']}x)")
    print(f"import 10,000 papers     {import_s * 1000:7.0f} ms")
    print(f"start with 10,033 papers {big_start_s * 1000:7.0f} ms")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
