"""The real `paperdesk` in a pseudo-terminal, its screen read by a terminal emulator (pyte)."""

from __future__ import annotations

import os
import select
import sys
import time
from pathlib import Path

import pyte
from ptyprocess import PtyProcess

REPO = Path(__file__).resolve().parents[2]


class AppInPty:
    """`paperdesk --db LIBRARY` on a terminal of `size` (columns, rows)."""

    def __init__(self, library: Path, size: tuple[int, int] = (120, 36), config_home: Path | None = None) -> None:
        columns, rows = size
        config_home = config_home or library.parent / "config"
        if not (config_home / "paperdesk").exists():  # no first-steps note over the list
            (config_home / "paperdesk").mkdir(parents=True)
            (config_home / "paperdesk" / "config.toml").write_text("first_steps = false\n")
        env = {
            **os.environ,
            "TERM": "xterm-256color",
            "PYTHONPATH": str(REPO),
            "XDG_CONFIG_HOME": str(config_home),
        }
        env.pop("TEXTUAL", None)
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.proc = PtyProcess.spawn([sys.executable, "-m", "tui", "--db", str(library)], env=env, dimensions=(rows, columns), cwd=str(REPO))
        self.pid = self.proc.pid

    def pump(self, seconds: float = 0.0) -> None:
        """Read what the app wrote (for `seconds`, or what is there now)."""
        end = time.monotonic() + seconds
        while True:
            timeout = max(0.0, end - time.monotonic())
            try:
                ready, _, _ = select.select([self.proc.fd], [], [], timeout)
            except (OSError, ValueError):
                return
            if ready:
                try:
                    data = os.read(self.proc.fd, 65536)
                except OSError:
                    return
                if not data:
                    return
                self.stream.feed(data)
            elif time.monotonic() >= end:
                return

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, needle: str, timeout: float = 20.0) -> bool:
        """Pump until `needle` is on screen; False on timeout or exit."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.05)
            if needle in self.text():
                return True
            if not self.proc.isalive():
                return False
        return False

    def send(self, data: str) -> None:
        os.write(self.proc.fd, data.encode("utf-8"))

    def close_terminal(self) -> None:
        """The terminal window goes away: the master side closes, the app gets SIGHUP."""
        os.close(self.proc.fd)
        self.proc.closed = True

    def exited_within(self, seconds: float) -> bool:
        """Whether the process ended within `seconds` (reading its output meanwhile if the pty is open)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if not self.proc.isalive():
                return True
            if not self.proc.closed:
                self.pump(0.02)
            else:
                time.sleep(0.02)
        return not self.proc.isalive()

    def kill(self) -> None:
        try:
            if self.proc.isalive():
                self.proc.kill(9)
                self.proc.wait()
        except Exception:  # noqa: BLE001 - cleaning up after a failed test
            pass
