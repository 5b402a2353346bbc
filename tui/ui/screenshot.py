"""The palette's "Screenshot": an SVG picture of the screen, saved in the export folder.

Textual's own entry saved into `~/Downloads` and failed with "Failed to save
screenshot" where that folder does not exist. paperdesk's goes where exports
go (the folder of the last one-file export, else the documents folder),
makes the folder when it is missing, writes in a thread, and says where it
went, or in one line why not.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from textual.app import App

from tui.ui.error_line import error_line
from tui.ui.threads import to_ui


def screenshot_name(now: dt.datetime) -> str:
    """"paperdesk-2026-01-31-142502.svg": sorts by time, no character a file system refuses."""
    return f"paperdesk-{now:%Y-%m-%d-%H%M%S}.svg"


def save_screenshot(app: App[object], folder: Path, name: str | None = None) -> None:
    """Take the screen as it is now (on the UI thread) and write it to `folder` in a worker; notify the outcome."""
    target = folder.expanduser() / (name or screenshot_name(dt.datetime.now()))
    svg = app.export_screenshot()

    def job() -> None:
        from tui.core.usecases.export import save_text

        try:
            save_text(target, svg)
        except OSError as exc:
            to_ui(app, app.notify, f"Screenshot not saved: {error_line(exc, target)}", title="Screenshot", severity="error",
                  timeout=10, markup=False)
            return
        to_ui(app, app.notify, f"Screenshot saved to {target}", title="Screenshot", timeout=8, markup=False)

    app.run_worker(job, thread=True, group="screenshot", name="screenshot", exit_on_error=False)
