"""Pilot tests of the app's chrome: help, first steps, palette, Go to paper, themes, layouts, mouse, stats, settings."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from tests.ui.pilot import burst, hold_library_open, settle, type_text
from tui.core.config import Settings, load_settings
from tui.core.library import Library
from tui.core.models import Status
from tui.ui.app import FIRST_STEPS_AFTER, PaperdeskApp
from tui.ui.library.screen import LibraryScreen
from tui.ui.screens.help import FirstSteps, HelpScreen
from tui.ui.screens.stats import StatsScreen
from tui.ui.widgets.notes import Notes
from tui.ui.widgets.paper_list import PaperList


def screen_text(app: PaperdeskApp) -> str:
    """The text of every Static on the screen (tables included), as a 200-column console prints it."""
    import io

    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    for static in app.screen.query(Static):
        content = static.content  # what was given to update(): str, Text or a rich Table
        console.print(content.plain if hasattr(content, "plain") else content)
    return out.getvalue()


async def test_help_lists_every_binding_by_area_with_overrides(make_app, library: Library) -> None:
    app = make_app(settings=Settings(keys={"rate_5": "f5"}))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        for area in ("First steps", "Global", "List", "Reader", "Notes", "Filter"):
            assert area in text
        ids = {b.id for b in LibraryScreen.BINDINGS if b.id and not b.id.startswith("rate_")}
        missing = [ident for ident in ids if ident not in text]
        assert not missing
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LibraryScreen)
        # The override works as a key, not only in the help text.
        await pilot.press("f5")
        await settle(app, pilot)
        assert library.annotation(library.papers[0].id).rating == 5


async def test_first_steps_show_once_on_a_new_library(make_app, library: Library, tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    app = make_app(settings=Settings(), config_file=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(FIRST_STEPS_AFTER + 0.2)
        assert isinstance(app.screen, FirstSteps)
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, LibraryScreen)
    settings, warnings = load_settings(config)
    assert settings.first_steps is False and warnings == []
    again = make_app(settings=settings, config_file=config)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, LibraryScreen)


async def test_keys_typed_before_a_first_launch_opens_go_to_the_list_not_the_first_steps_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first launch opens a new library in a thread; keys typed meanwhile wait for it. The note used to be
    pushed before they were handed out, and took them: `j n First` went to the note, not to a note."""
    config = tmp_path / "config.toml"
    opening = hold_library_open(monkeypatch)
    app = PaperdeskApp(library_dir=tmp_path / "library", settings=Settings(), config_file=config)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert app.library is None
        burst(app, ["j", "n", *"First", "escape"])
        await pilot.pause(0.1)
        opening.set()
        await settle(app, pilot)
        assert isinstance(app.screen, LibraryScreen)
        second = app.screen.query_one(PaperList).papers[1]
        assert app.screen.query_one(PaperList).current.id == second.id
        await pilot.press("q")
    assert Library.open(tmp_path / "library").annotation(second.id).notes == "First"
    settings, _ = load_settings(config)
    assert settings.first_steps is True  # not seen: a later quiet launch still shows it


async def test_keys_typed_as_an_unannotated_library_starts_go_to_the_list_and_no_note_comes(
    make_app, library: Library, tmp_path: Path
) -> None:
    """A library with papers but no annotations opens before the first frame; keys typed at once act on
    the list, and the first-steps note, which comes a moment after, does not come to take the next ones."""
    config = tmp_path / "config.toml"
    app = make_app(settings=Settings(), config_file=config)
    async with app.run_test(size=(120, 36)) as pilot:
        burst(app, ["j", "j", "3"])
        await pilot.pause(FIRST_STEPS_AFTER + 0.2)
        await settle(app, pilot)
        assert isinstance(app.screen, LibraryScreen)
        third = app.screen.query_one(PaperList).papers[2]
        assert app.screen.query_one(PaperList).current.id == third.id
        assert library.annotation(third.id).rating == 3


async def test_palette_runs_actions_and_goes_to_a_paper(make_app, library: Library) -> None:
    app = make_app()
    first = library.papers[0]
    target = library.papers[-3]
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("ctrl+p")
        await type_text(pilot, "set status reading")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(app, pilot)
        assert library.annotation(first.id).status is Status.READING
        # A filter that hides the target: Go to paper clears it and lands on the paper.
        await pilot.press("slash")
        await type_text(pilot, first.shown_title.split()[0].rstrip(":"))
        await settle(app, pilot)
        app.action_go_to_paper()
        await pilot.pause()
        await type_text(pilot, target.shown_title[:30])
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(app, pilot)
        paper_list = app.screen.query_one(PaperList)
        assert paper_list.current is not None and paper_list.current.id == target.id
        assert str(app.screen.query_one("#reader-title", Static).render()) == target.shown_title


async def test_theme_from_settings_and_changes_persist(make_app, library: Library, tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('# mine\ntheme = "nord"\nfirst_steps = false\n')
    settings, _ = load_settings(config)
    app = make_app(settings=settings, config_file=config)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert app.theme == "nord"
        app.theme = "gruvbox"
        await settle(app, pilot)
    text = config.read_text()
    assert "# mine" in text and load_settings(config)[0].theme == "gruvbox"


async def test_bad_settings_warn_in_one_line_each_and_do_not_crash(make_app, library: Library, tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    settings = Settings(theme="no-such-theme", keys={"fly": "f9"}, first_steps=False)
    app = make_app(settings=settings, config_file=config, warnings=[f"{config}: layout: bad; using the default"])
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        [notice] = app._notifications
        lines = notice.message.splitlines()
        assert notice.title == f"Settings: 3 problems in {config}; each ignored"
        assert lines[0] == "• layout: bad" and "no-such-theme" in lines[1] and "keys.fly" in lines[2] and len(lines) == 3
        assert app.theme == "textual-dark"


async def test_a_cite_style_no_style_has_is_in_the_settings_notice(make_app, library: Library, tmp_path: Path) -> None:
    """A well-formed name (the file accepts it) that names no style, and a .csl file that is not there."""
    config = tmp_path / "config.toml"
    for style, words in (("harvard-nowhere", "harvard-nowhere: not a citation style"), ("gone.csl", "gone.csl: no such style file")):
        app = make_app(settings=Settings(cite_style=style, first_steps=False), config_file=config)
        async with app.run_test(size=(120, 36), notifications=True) as pilot:
            await pilot.pause()
            [notice] = app._notifications
            assert notice.title == f"Settings: 1 problem in {config}; each ignored"
            assert notice.message.startswith(f"• cite_style: {words}")
            assert app.settings.cite_style == "apa"  # the copy menu's reference falls back to the default


async def test_nine_bad_settings_are_all_listed_as_the_cli_prints_them(make_app, library: Library, tmp_path: Path) -> None:
    """Nine problems in the file: the CLI prints nine lines; the app lists the same nine in one notice, all on screen."""
    from tests.cli.clirun import run

    config = tmp_path / "paperdesk" / "config.toml"
    config.parent.mkdir()
    config.write_text(
        'first_steps = false\nlayout = "diagonal"\nautosave_delay = 0\narxiv_api = "ftp://x"\narxiv_delay = 999\n'
        'cite_style = "???"\nzotero_groups = "yes"\ncolour = "blue"\nfontsize = 12\n[keys]\nrate_1 = ""\n',
        encoding="utf-8",
    )
    printed = run("list", "--limit", "0", "--db", str(tmp_path / "lib"), env={"XDG_CONFIG_HOME": str(tmp_path)}).stderr.splitlines()
    assert len(printed) == 9 and all(line.startswith(f"paperdesk: warning: {config}: ") for line in printed)
    settings, warnings = load_settings(config)
    app = make_app(settings=settings, config_file=config, warnings=warnings)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        [notice] = app._notifications
        keys = [line.split(":", 1)[0].removeprefix("• ") for line in notice.message.splitlines()]
        assert keys == [line.split(": ")[3] for line in printed]  # the same nine, in the file's order
        await pilot.pause()
        [toast] = app.screen.query("Toast")  # one toast, whole on an 80x24 screen
        assert toast.region.height > 9 and toast.region.y >= 0 and toast.region.bottom <= 24


async def test_layouts_auto_toggle_and_focus(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.has_class("-stacked")
        left = screen.query_one("#left")
        assert left.region.width == 80 and left.region.y == 0
        await pilot.press("l")
        await pilot.pause()
        assert screen.has_class("-side") and not screen.has_class("-stacked")
        await pilot.press("z")
        await pilot.pause()
        assert not left.display or left.region.width == 0
        await pilot.press("right_square_bracket")
        await settle(app, pilot)
        assert screen.query_one(PaperList).cursor == 1
        assert library.annotation(library.papers[1].id).opened  # stepping in focus mode opens the paper
        await pilot.press("slash")  # focus mode shows the filter box over the reader while it is in use
        await pilot.pause()
        assert left.display and left.region.width == 80 and not screen.query_one(PaperList).display
        await pilot.press("escape")
        await pilot.pause()
        assert not left.display or left.region.width == 0
        await pilot.press("z")
        await pilot.pause()
        assert left.region.width > 0
    wide = make_app(settings=Settings(layout="stacked"))
    async with wide.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        assert wide.screen.has_class("-stacked")


async def test_click_selects_and_clicking_stars_rates(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.click(PaperList, offset=(10, 2))
        await pilot.pause()
        paper = app.screen.query_one(PaperList).current
        assert paper is not None and paper.id == library.papers[2].id
        await pilot.click("#reader-annotation", offset=(2, 0))
        await settle(app, pilot)
        assert library.annotation(paper.id).rating == 3
        await pilot.click("#reader-annotation", offset=(20, 0))  # the status, not a star
        await settle(app, pilot)
        assert library.annotation(paper.id).rating == 3


async def test_stats_screen_counts(make_app, library: Library) -> None:
    pids = [p.id for p in library.papers]
    library.save_annotation(pids[0], status="read", rating=5, notes="good")
    library.save_annotation(pids[1], status="reading", rating=3)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("percent_sign")
        await settle(app, pilot)
        assert isinstance(app.screen, StatsScreen)
        text = screen_text(app)
        first_list = library.papers[0].list
        assert first_list in text and "1 read · 1 reading" in text
        assert "★★★★★ " in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LibraryScreen)


async def test_autosave_delay_setting_reaches_the_notes(make_app, library: Library) -> None:
    app = make_app(settings=Settings(autosave_delay=0.2))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert app.screen.query_one(Notes).autosave_delay == 0.2


def test_binding_ids_are_unique_per_action() -> None:
    """Two actions sharing an id would be remapped together by the [keys] table."""
    from tui.ui.actions import binding_id

    assert binding_id("app.import_papers") == "import_papers" and binding_id("rate(5)") == "rate_5"
    bindings = [*PaperdeskApp.BINDINGS, *LibraryScreen.BINDINGS, *PaperList.BINDINGS, *Notes.BINDINGS]
    actions_of: dict[str, set[str]] = {}
    for binding in bindings:
        assert binding.id, binding
        actions_of.setdefault(binding.id, set()).add(binding.action.removeprefix("app."))
    shared = {ident: actions for ident, actions in actions_of.items() if len(actions) > 1}
    assert not shared


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_the_help_screens_columns_line_up_from_one_section_to_the_next(make_app, size: tuple[int, int]) -> None:
    """Issue 45: each section sized its own id column, so descriptions and ids started at another column in each."""
    from tui.ui.screens.help import help_areas

    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("question_mark")
        await settle(app, pilot)
        assert isinstance(app.screen, HelpScreen)
        areas = help_areas(app)
        sections = list(app.screen.query(".help-keys"))[1:]  # the first steps have no ids
        assert len(sections) == len(areas)
        description_at, id_at = set(), set()
        for widget, rows in zip(sections, areas.values(), strict=True):
            lines = [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]
            first = rows[0]
            line = next(text for text in lines if text.startswith(" ".join(first.keys)))
            description_at.add(line.index(first.text.split()[0]))
            ids = first.ident.split()
            tail = next(" ".join(ids[:k]) for k in range(len(ids), 0, -1) if line.endswith(" ".join(ids[:k])))  # ids may wrap
            id_at.add(len(line) - len(tail))
            assert not any("…" in text[: min(description_at)] for text in lines), lines  # no key cut
        assert len(description_at) == 1 and len(id_at) == 1, (description_at, id_at)
