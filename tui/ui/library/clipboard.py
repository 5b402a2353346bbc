"""Copying text to the system clipboard without ever blocking or crashing the app.

pyperclip shells out to pbcopy/xclip/wl-copy/clip.exe; it raises where no
mechanism exists (headless, SSH, Wayland without wl-clipboard) and can hang
(an xclip waiting on a dead X server). So it runs in a daemon thread that
is waited for at most `TIMEOUT` seconds; when it fails or times out the text
goes through the terminal instead (OSC 52, `App.copy_to_clipboard`), which
most terminals honour, and the message says so.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass

from textual.app import App

#: Longest wait for pyperclip before falling back to the terminal.
TIMEOUT = 1.5


@dataclass(frozen=True)
class CopyResult:
    """How the text was copied: `system` (pyperclip) or `terminal` (OSC 52), and why not system."""

    via: str
    problem: str = ""

    def message(self, what: str) -> str:
        """The notification text, e.g. "Copied the paper (title, list, abstract)"."""
        if self.via == "system":
            return f"Copied {what}."
        if self.via == "none":
            return f"Could not copy {what}: {self.problem}"
        return (
            f"Copied {what} through the terminal (OSC 52), since the system clipboard "
            f"is not reachable ({self.problem}); some terminals ignore this."
        )


def _pyperclip_copy(text: str) -> None:
    import pyperclip

    pyperclip.copy(text)


#: What copies to the system clipboard; tests replace it.
system_copy: Callable[[str], None] = _pyperclip_copy


async def copy_text(app: App, text: str, timeout: float | None = None) -> CopyResult:
    """Copy `text` with pyperclip off the UI thread, else with OSC 52. Never raises."""
    timeout = TIMEOUT if timeout is None else timeout
    loop = asyncio.get_running_loop()
    done: asyncio.Future[str] = loop.create_future()
    copier = system_copy

    def finish(problem: str) -> None:
        if not done.done():
            done.set_result(problem)

    def run() -> None:
        try:
            copier(text)
            problem = ""
        except Exception as exc:  # pyperclip raises its own and OS errors alike
            # pyperclip's messages run on with a URL: the first sentence says enough.
            problem = " ".join(str(exc).split()).split(". ")[0].rstrip(".")[:100] or type(exc).__name__
        try:
            loop.call_soon_threadsafe(finish, problem)
        except RuntimeError:
            pass  # the app closed while pyperclip was busy

    # A daemon thread, not a worker: a hung pyperclip must not keep the app from exiting.
    threading.Thread(target=run, name="paperdesk-clipboard", daemon=True).start()
    try:
        problem = await asyncio.wait_for(asyncio.shield(done), timeout)
    except asyncio.TimeoutError:
        problem = f"no answer within {timeout:g} s"
    if not problem:
        return CopyResult("system")
    try:
        app.copy_to_clipboard(text)
    except Exception as exc:  # a closed driver: still never crash
        return CopyResult("none", f"{problem}; the terminal write failed too: {exc}")
    return CopyResult("terminal", problem)
