"""annotations.json replaced by another program (a sync tool, an editor) while the app is open: both sides kept, the reader told."""

from __future__ import annotations

import os
from pathlib import Path

import orjson

from tests.ui.pilot import notices, settle
from tui.core.library import Library
from tui.core.store.backups import BACKUP_DIR
from tui.core.store.journal import read_stored
from tui.core.store.storage import ANNOTATIONS_FILE
from tui.ui.app import PaperdeskApp
from tui.ui.widgets.paper_list import PaperList


def _sync_in(folder: Path, pid: str, notes: str) -> bytes:
    """What a sync tool does: the other machine's annotations.json renamed over this one, with a note on `pid`."""
    path = folder / ANNOTATIONS_FILE
    data = read_stored(path)
    data["annotations"][str(int(pid, 16))] = {"id": pid, "notes": notes, "status": "reading", "tags": ["synced"]}
    raw = orjson.dumps(data)
    (folder / "incoming.tmp").write_bytes(raw)
    os.replace(folder / "incoming.tmp", path)
    return raw


async def test_an_outside_edit_and_the_apps_edits_both_survive_quitting_and_the_reader_is_told(library_dir: Path) -> None:
    with Library.open(library_dir) as lib:
        first, second, third = (p.id for p in lib.papers[:3])
        lib.save_annotation(first, notes="written before the session")
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        papers = app.screen.query_one(PaperList)
        assert papers.current is not None and papers.current.id == first
        await pilot.press("4")  # in the app, before the outside change: on the journal
        await settle(app, pilot)
        raw = _sync_in(library_dir, third, "typed on the laptop")
        await pilot.press("j", "2")  # a save after it: the outside note is merged in and the reader told
        await settle(app, pilot)
        library = app.library
        assert library is not None and library.annotation(third).notes == "typed on the laptop"
        assert any(n.startswith(str(library_dir / ANNOTATIONS_FILE) + ": changed outside paperdesk while open; 1 change taken in") for n in notices(app))
        _sync_in(library_dir, second, "and on the phone")  # another one, merged at the fold as the app quits
        await pilot.press("ctrl+q")
        await pilot.pause()
    (said,) = app.outside_lines  # the merge at the close's fold: printed by `paperdesk` once the app is gone
    assert said.startswith(str(library_dir / ANNOTATIONS_FILE) + ": changed outside paperdesk while open; 1 change taken in")
    with Library.open(library_dir) as after:
        assert not after.read_only
        assert after.annotation(first).rating == 4 and after.annotation(first).notes == "written before the session"
        assert after.annotation(second).rating == 2 and after.annotation(second).notes == "and on the phone"
        assert after.annotation(third).notes == "typed on the laptop" and after.annotation(third).tags == ("synced",)
    kept = sorted((library_dir / BACKUP_DIR).glob("annotations-outside-*.json"))
    assert len(kept) == 2 and raw in [k.read_bytes() for k in kept]  # the first outside version, as it was
