"""Pilot tests of the vault sync in the app: the export dialog's sync, and the `vault` setting's sync on quit."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from tests.ui.pilot import notices, settle
from tui.core.config import Settings
from tui.core.export.notes_import import read_note_file
from tui.core.library import Library
from tui.ui.app import PaperdeskApp
from tui.ui.screens.export_dialog import ExportDialog
from tui.ui.widgets.notes import Notes


async def sync_from_dialog(app: PaperdeskApp, pilot) -> None:
    await pilot.press("x")
    await pilot.pause()
    assert isinstance(app.screen, ExportDialog)
    await pilot.click("#format-sync")
    await pilot.click("#export-go")
    await settle(app, pilot)


async def test_the_export_dialog_syncs_both_ways(make_app, library: Library, tmp_path: Path) -> None:
    vault = tmp_path / "notes" / "papers"
    pid = library.papers[0].id
    library.save_annotation(pid, notes="from the app", rating=4)
    app = make_app(settings=Settings(vault=vault))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        await pilot.click("#format-sync")
        assert app.screen.query_one("#export-path", Input).value == str(vault)  # the setting is the default
        await pilot.click("#export-go")
        await settle(app, pilot)
        [path] = vault.glob("*.md")
        assert read_note_file(path).notes == "from the app"
        assert any(m.startswith("sync: 0 papers updated from the vault, 1 file written") for m in notices(app))
        # Edited in Obsidian: the next sync from the dialog brings it in, and the pane shows it.
        path.write_text(path.read_text(encoding="utf-8").replace("from the app", "from Obsidian"), encoding="utf-8")
        await sync_from_dialog(app, pilot)
        assert library.annotation(pid).notes == "from Obsidian"
        assert app.screen.query_one(Notes).editor.text == "from Obsidian"  # the pane shows what came in
        assert any(m.startswith("sync: 1 paper updated from the vault") for m in notices(app))
        await sync_from_dialog(app, pilot)
        assert any(m.startswith("sync: nothing to do") for m in notices(app))


async def test_the_vault_setting_syncs_on_quit(make_app, library: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    pid = library.papers[1].id
    library.save_annotation(pid, notes="written before quitting")
    app = make_app(settings=Settings(vault=vault))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert [read_note_file(p).notes for p in vault.glob("*.md")] == ["written before quitting"]


async def test_no_vault_setting_no_sync_and_a_conflict_holds_the_first_quit(make_app, library: Library, library_dir: Path, tmp_path: Path) -> None:
    from tui.core.usecases.sync import sync_vault

    pid = library.papers[0].id
    library.save_annotation(pid, notes="base")
    vault = tmp_path / "vault"
    app = make_app()  # off by default
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.settings.vault is None
        await pilot.press("q")
        await pilot.pause()
    assert not vault.exists()
    library = Library.open(library_dir)
    sync_vault(library, vault)
    [path] = vault.glob("*.md")
    path.write_text(path.read_text(encoding="utf-8").replace("base", "vault side"), encoding="utf-8")
    library.save_annotation(pid, notes="app side")
    app = make_app(library=library, settings=Settings(vault=vault))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running and any("1 conflict," in m and "press q again" in m for m in notices(app))
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running
    with Library.open(library_dir) as reopened:
        assert reopened.annotation(pid).notes == "app side" and read_note_file(path).notes == "vault side"
