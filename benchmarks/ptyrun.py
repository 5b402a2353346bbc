"""The real app in a pseudo-terminal for the benchmarks: synthetic libraries, screen waits, peak memory.

The app runs as `python -m tui --db LIBRARY` under ptyprocess; pyte reads its
output into an emulated 120x36 screen, so a figure stops when the screen a user
would see shows the thing (a count, a top row), not when the app thinks so.
"""

from __future__ import annotations

import os
import re
import select
import sys
import time
from pathlib import Path

import orjson
import pyte
from ptyprocess import PtyProcess

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus  # noqa: E402

COLUMNS, ROWS = 120, 36

MINIMAL = """
from textual.app import App
from textual.widgets import Static
class Minimal(App):
    def compose(self):
        yield Static("minimal-ready")
Minimal().run()
"""


def write_library(folder: Path, n: int, seed: int = 7) -> Path:
    """A library folder of `n` synthetic papers (5 % annotated), written as the store writes it."""
    folder.mkdir(parents=True, exist_ok=True)
    papers = corpus.papers(n, seed)
    table = {str(i + 1): p.to_doc() for i, p in enumerate(papers)}
    (folder / "papers.json").write_bytes(orjson.dumps({"papers": table}))
    notes = {str(int(pid, 16)): a.to_doc() for pid, a in corpus.annotations(papers, seed=seed).items()}
    (folder / "annotations.json").write_bytes(orjson.dumps({"annotations": notes}))
    return folder


def config_home(under: Path) -> Path:
    """A settings folder with the first-steps note off (it would cover the list)."""
    home = under / "config"
    (home / "paperdesk").mkdir(parents=True, exist_ok=True)
    (home / "paperdesk" / "config.toml").write_text("first_steps = false\n")
    return home


class Screen:
    """A process in a pty, its output fed to a pyte screen."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None, *, repo: Path = REPO, pycache: Path | None = None) -> None:
        """`repo`: the source tree to run (another checkout for an A/B run). `pycache`: a folder for
        compiled bytecode, as an installed package has it; None compiles every module from source on
        each start when the environment says not to write bytecode (PYTHONDONTWRITEBYTECODE)."""
        full_env = {**os.environ, "TERM": "xterm-256color", "PYTHONPATH": str(repo), **(env or {})}
        full_env.pop("TEXTUAL", None)
        if pycache is not None:
            full_env.pop("PYTHONDONTWRITEBYTECODE", None)
            full_env["PYTHONPYCACHEPREFIX"] = str(pycache)  # mirrors absolute paths: trees never collide
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.started = time.perf_counter()
        self.proc = PtyProcess.spawn(argv, env=full_env, dimensions=(ROWS, COLUMNS), cwd=str(repo))

    @classmethod
    def paperdesk(cls, library: Path, home: Path, *, repo: Path = REPO, pycache: Path | None = None) -> Screen:
        return cls([sys.executable, "-m", "tui", "--db", str(library)], {"XDG_CONFIG_HOME": str(home)}, repo=repo, pycache=pycache)

    def pump(self, timeout: float) -> bool:
        """Feed what the app wrote within `timeout`; True if anything came."""
        try:
            ready, _, _ = select.select([self.proc.fd], [], [], timeout)
        except (OSError, ValueError):
            return False
        if not ready:
            return False
        try:
            data = os.read(self.proc.fd, 1 << 20)
        except OSError:
            return False
        self.stream.feed(data)
        return bool(data)

    def text(self) -> str:
        try:
            return "\n".join(self.screen.display)
        except IndexError:  # pyte trips over an empty cell (a wide character's right half redrawn): read the cells as they are
            screen = self.screen
            return "\n".join("".join(screen.buffer[y][x].data for x in range(screen.columns)) for y in range(screen.lines))

    def wait(self, pattern: str | re.Pattern[str], timeout: float = 120.0) -> float:
        """Seconds (perf_counter) at which `pattern` first showed on the screen."""
        regex = re.compile(pattern) if isinstance(pattern, str) else pattern
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            if self.pump(0.002) and regex.search(self.text()):
                return time.perf_counter()
            if not self.proc.isalive():
                break
        raise TimeoutError(f"{regex.pattern!r} not on screen; screen was:\n{self.text()}")

    def send(self, text: str) -> float:
        os.write(self.proc.fd, text.encode())
        return time.perf_counter()

    def peak_rss_mib(self) -> float:
        """The process's peak resident memory so far (VmHWM)."""
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def cpu_seconds(self) -> float:
        """The CPU time (user + system) the process has used so far: a figure other processes' load barely moves."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        try:
            if self.proc.isalive():
                self.proc.kill(9)
                self.proc.wait()
        except Exception:  # noqa: BLE001 - cleaning up
            pass
        try:
            self.proc.close(force=True)
        except Exception:  # noqa: BLE001
            pass


def count_shown(n: int) -> re.Pattern[str]:
    """The filter header once a filter's result is drawn: "12 / 5000"."""
    return re.compile(rf"^ ?\d+ / {n} ·", re.MULTILINE)


def whole_count_shown(n: int) -> re.Pattern[str]:
    """The filter header once a result from the whole index is drawn, not from a large library's titles-first
    index ("titles only, indexing abstracts…"): typing measured from there meets no build in a thread."""
    return re.compile(rf"^ ?\d+ / {n} ·(?!.*titles only)", re.MULTILINE)


def list_shown(n: int) -> re.Pattern[str]:
    """The header once the list of `n` papers is drawn."""
    return re.compile(rf"^ ?{n} papers ·", re.MULTILINE)


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]
