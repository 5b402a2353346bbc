"""`m`, more like this: the dialog lists the papers most like the highlighted one; Enter goes to one, Esc closes."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from tests.ui.pilot import notices, settle, type_text
from tui.core.ingest.parsed import ParsedFile
from tui.core.library import Library
from tui.core.models import Paper, paper_id
from tui.ui.screens.related import RelatedScreen
from tui.ui.widgets.filter_bar import FilterInput
from tui.ui.widgets.paper_list import PaperList

UNIFEWS, EAGLES = "a6f7564e9eff", "f33912230845"  # two graph-sparsification papers of the bundled lists


def rows(app) -> list[str]:
    options = app.screen.query_one(OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


def status_line(app) -> str:
    return str(app.screen.query_one("#related-status", Static).render())


async def open_on(app, pilot, pid: str) -> None:
    await settle(app, pilot)
    app.screen.go_to(pid)
    await pilot.press("m")
    await settle(app, pilot)
    assert isinstance(app.screen, RelatedScreen)


def current(app) -> str | None:
    paper = app.screen.query_one(PaperList).current
    return paper.id if paper is not None else None


async def test_m_lists_ten_related_papers_with_shared_words_and_enter_goes_to_one(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await open_on(app, pilot, UNIFEWS)
        shown = rows(app)
        assert len(shown) == 10
        assert "Unifews" in str(app.screen.query_one("#related-source").render())
        assert shown[0].startswith(" 1. EAGLES: unified sparsification framework for FGL")
        assert "shares: sparsification · " in shown[0] and " graph" in shown[0]
        assert all("Unifews" not in row for row in shown)
        assert status_line(app).startswith("The 10 papers most like it")
        await pilot.press("down", "enter")
        await settle(app, pilot)
        assert not isinstance(app.screen, RelatedScreen)
        second = shown[1].splitlines()[0].split(". ", 1)[1]
        assert library.papers[[p.id for p in library.papers].index(current(app))].shown_title == second
        assert str(app.screen.query_one("#reader-title", Static).render()) == second


async def test_enter_clears_a_filter_that_hides_the_paper_and_says_so(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("slash")
        await type_text(pilot, "unifews")
        await pilot.press("enter")
        await settle(app, pilot)
        assert [p.id for p in app.screen.query_one(PaperList).papers] == [UNIFEWS]
        await pilot.press("m")
        await settle(app, pilot)
        await pilot.press("enter")
        await settle(app, pilot)
        assert current(app) == EAGLES
        assert app.screen.query_one(FilterInput).value == ""
        assert len(app.screen.query_one(PaperList).papers) == len(library.papers)
        assert any("filter hid" in line for line in notices(app))


async def test_escape_closes_and_leaves_the_list_where_it_was(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_on(app, pilot, UNIFEWS)
        assert rows(app)
        await pilot.press("escape")
        await settle(app, pilot)
        assert not isinstance(app.screen, RelatedScreen)
        assert current(app) == UNIFEWS


async def test_the_palette_has_more_like_this(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        app.screen.go_to(EAGLES)
        await pilot.press("ctrl+p")
        await type_text(pilot, "more like this")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, RelatedScreen)
        assert rows(app)[0].startswith(" 1. Unifews")


async def test_an_empty_library_says_there_is_nothing_to_compare(make_app, tmp_path: Path) -> None:
    app = make_app(library=Library.open(tmp_path / "empty", seed=False))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("m")
        await settle(app, pilot)
        assert not isinstance(app.screen, RelatedScreen)
        assert any("nothing to compare" in line for line in notices(app))


def add(library: Library, folder: Path, *papers: tuple[str, str]) -> None:
    """Import papers given as (title, abstract)."""
    found = [Paper(id=paper_id(title + abstract), abstract=abstract, list="More", title=title) for title, abstract in papers]
    library.add_papers([ParsedFile(folder / "more.json", "json", "More", found)])


async def test_a_paper_without_an_abstract_is_compared_by_its_title_or_says_why_not(make_app, tmp_path: Path) -> None:
    library = Library.open(tmp_path / "lib", seed=False)
    add(library, tmp_path, ("Graph sparsification for GNNs", ""), ("Sparse GNN", "We sparsify the graph of a GNN."), ("Quokkas", ""))
    app = make_app(library=library)
    async with app.run_test(size=(120, 36)) as pilot:
        await open_on(app, pilot, library.papers[0].id)
        assert status_line(app) == "1 paper sharing words with its title (it has no abstract):"
        assert rows(app)[0].startswith(" 1. Sparse GNN")
        await pilot.press("escape")
        await open_on(app, pilot, library.papers[2].id)
        assert status_line(app) == "This paper has no abstract, and no other paper shares the words of its title."
        assert rows(app) == []


async def test_notes_and_imports_are_taken_in_at_once(make_app, library: Library, tmp_path: Path) -> None:
    app = make_app()
    fpt, kernels = "82b6445bf54e", "3f82fa4e264d"  # spiking-network training, kernel clustering: far apart
    async with app.run_test(size=(120, 36)) as pilot:
        await open_on(app, pilot, fpt)
        assert not any(row.startswith(" 1. Core kernel") for row in rows(app))
        await pilot.press("escape")
        for pid in (kernels, fpt):
            app.screen.go_to(pid)
            await pilot.press("n")
            await type_text(pilot, "zebrafish quokka")
            await pilot.press("escape")
            await settle(app, pilot)
        assert library.annotation(kernels).notes == library.annotation(fpt).notes == "zebrafish quokka"
        await pilot.press("m")
        await settle(app, pilot)
        assert rows(app)[0].startswith(" 1. Core kernel")
        assert "zebrafish" in rows(app)[0] and "quokka" in rows(app)[0]
        await pilot.press("escape")
        # An import: the new paper is found as soon as it is indexed.
        add(library, tmp_path, ("Spiking fixed points", "Fixed-point parallel training of spiking neural networks, zebrafish."))
        app.screen.reload_papers()
        await open_on(app, pilot, fpt)
        assert any("Spiking fixed points" in row for row in rows(app)[:3])


def test_nothing_of_related_papers_is_imported_before_the_first_frame() -> None:
    """The app's modules load without the related index, its stemmer or numpy (they load in the index's thread)."""
    import subprocess
    import sys

    code = "import sys, tui.cli, tui.ui.app; print(sorted(m for m in ('numpy', 'Stemmer', 'tui.core.related', 'tui.ui.screens.related') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(("keys", "rank"), [(["m", "enter"], 0), (["m", "down", "enter"], 1)])
async def test_keys_typed_with_m_act_on_the_list_once_it_is_filled(make_app, keys: list[str], rank: int) -> None:
    """The first `m` builds the index in a thread: `m enter` typed at once goes to the best match, and
    `m down enter` to the second, once the list is filled."""
    from tests.ui.pilot import burst

    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        app.screen.go_to(UNIFEWS)
        await pilot.pause()
        related = app.screen.related
        assert related.index is None  # not built before the first question
        burst(app, keys)
        await settle(app, pilot)
        assert not isinstance(app.screen, RelatedScreen)
        assert current(app) == related.index.similar(UNIFEWS, 10)[rank].paper.id
        if rank == 0:
            assert current(app) == EAGLES
