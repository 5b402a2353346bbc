"""Edits made on the command line while the app was closed can be undone in the app (u), then redone (U)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.ui.pilot import settle
from tui.core.library import Library
from tui.core.models import Status
from tui.ui.app import PaperdeskApp

REPO = Path(__file__).resolve().parents[2]


def cli(library_dir: Path, *args: str) -> None:
    subprocess.run([sys.executable, "-m", "tui", "--db", str(library_dir), *args], check=True, cwd=REPO, capture_output=True)


async def test_u_undoes_the_command_line_edits_newest_first(library_dir: Path) -> None:
    with Library.open(library_dir) as library:
        pid = library.papers[0].id
    cli(library_dir, "rate", pid, "4")
    cli(library_dir, "status", pid, "reading")
    library = Library.open(library_dir)
    app = PaperdeskApp(library=library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        assert any("2 command-line edits can be undone" in n.message for n in app._notifications)
        await pilot.press("u")
        await settle(app, pilot)
        assert library.annotation(pid).status is Status.UNREAD and library.annotation(pid).rating == 4
        await pilot.press("u")
        await settle(app, pilot)
        assert library.annotation(pid).rating == 0
        await pilot.press("U")
        await settle(app, pilot)
        assert library.annotation(pid).rating == 4
    library.close()
    with Library.open(library_dir) as again:  # taken once: the next launch does not offer them again
        from tui.core.store.changelog import logged_changes

        assert logged_changes(again) == []
