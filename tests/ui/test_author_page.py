"""The author page (issue 44): `A` on a paper, a pick among its authors, the person's papers in every spelling,
`f` to follow (the list marks their papers, `followed:` finds them), Enter to open one, Esc to close."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from tests.ui.pilot import settle, type_text
from tui.core.ingest.readers import read_import
from tui.core.library import Library
from tui.ui.screens.author import AuthorScreen
from tui.ui.widgets.filter_bar import FilterInput
from tui.ui.widgets.marks import FOLLOWED_GLYPH
from tui.ui.widgets.paper_list import PaperList

PEOPLE = Path(__file__).parents[1] / "fixtures" / "people" / "pmlr_people.bib"


@pytest.fixture
def people(library: Library) -> Library:
    library.add_papers([read_import(PEOPLE)])
    return library


def rows(app) -> list[str]:
    options = app.screen.query_one(OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


def _paper_with(library: Library, author: str) -> str:
    return next(p.id for p in library.papers if author in p.authors)


async def test_a_picks_an_author_and_lists_their_papers_in_every_spelling(make_app, people: Library) -> None:
    pid = _paper_with(people, "Jorge Cortes")  # "Shang, Xu and Cortes, Jorge and Zheng, Yang"
    other = _paper_with(people, "Jorge Cortés")
    people.save_annotation(other, rating=5, status="read")
    app = make_app(library=people)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        app.screen.go_to(pid)
        await pilot.press("A")
        await settle(app, pilot)
        assert isinstance(app.screen, AuthorScreen)
        assert rows(app) == ["Xu Shang", "Jorge Cortes", "Yang Zheng"]
        await pilot.press("down", "enter")
        await settle(app, pilot)
        shown = rows(app)
        assert len(shown) == 3
        assert any(row.startswith("● ★★★★★") for row in shown)  # the reader's status and rating
        assert str(app.screen.query_one("#author-heading").render()) == "Jorge Cortés"
        about = str(app.screen.query_one("#author-about", Static).render())
        assert about.startswith("papers: 3\n")  # the count once, not "papers: 3 papers"
        assert "spelled: Jorge Cortés; Jorge Cortes" in about and "Yang Zheng (1)" in about and "years: 2026 (1), 2025 (2)" in about

        await pilot.press("f")
        await settle(app, pilot)
        assert "followed" in str(app.screen.query_one("#author-heading").render())
        assert people.follows() == ["Jorge Cortés"]

        await pilot.press("end", "enter")
        await settle(app, pilot)
        assert not isinstance(app.screen, AuthorScreen)
        paper_list = app.screen.query_one(PaperList)
        assert paper_list.current is not None and paper_list.current.title in shown[-1]
        assert paper_list.followed == {p.id for p in people.papers if {"Jorge Cortes", "Jorge Cortés"} & set(p.authors)}
        row = paper_list.render_line(paper_list.cursor - paper_list.scroll_offset.y).text
        assert row[8] == FOLLOWED_GLYPH, row  # after the status, the notes mark, five stars and a space

        await pilot.press("slash")
        await type_text(pilot, "followed:")
        await pilot.press("enter")
        await settle(app, pilot)
        assert {p.id for p in paper_list.papers} == paper_list.followed
        app.screen.query_one(FilterInput).value = ""
        await settle(app, pilot)

        app.screen.go_to(pid)
        await pilot.press("A", "down", "enter")
        await settle(app, pilot)
        await pilot.press("f")
        await settle(app, pilot)
        assert people.follows() == []
        await pilot.press("escape")
        await settle(app, pilot)
        assert not isinstance(app.screen, AuthorScreen)
        assert app.screen.query_one(PaperList).followed == set()


@pytest.mark.parametrize("width", [80, 120])
async def test_the_heart_stands_apart_from_the_title_with_and_without_stars(make_app, people: Library, width: int) -> None:
    """The ♥ was put in the stars' gap: with no stars it read as the title's first letter ("♥Safe…")."""
    from tui.core.usecases.follow import follow

    followed = [p for p in people.papers if "Jorge Cortés" in p.authors or "Jorge Cortes" in p.authors]
    follow(people, "Jorge Cortés")
    people.save_annotation(followed[0].id, rating=3)
    plain = next(p for p in people.papers if p not in followed and p.list == followed[0].list)
    app = make_app(library=people)
    async with app.run_test(size=(width, 36)) as pilot:
        await settle(app, pilot)
        paper_list = app.screen.query_one(PaperList)
        for paper in (followed[0], followed[1], plain):
            app.screen.go_to(paper.id)
            await settle(app, pilot)
            row = paper_list.render_line(paper_list.cursor - paper_list.scroll_offset.y).text
            title_at = row.index(paper.title[:12])
            assert title_at == 10, row  # every title starts in one column, the heart's or not
            assert row[title_at - 1] == " ", row
            assert row[8] == (FOLLOWED_GLYPH if paper in followed else " "), row
            assert row[2:7] == ("★★★  " if paper is followed[0] else "     "), row


async def test_palette_author_opens_the_page(make_app, people: Library) -> None:
    pid = _paper_with(people, "Cristian-Ioan Vasile")
    app = make_app(library=people)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        app.screen.go_to(pid)
        await pilot.press("ctrl+p")
        await type_text(pilot, "Author")
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, AuthorScreen)
        names = rows(app)
        await pilot.press(*["down"] * names.index("Cristian-Ioan Vasile"), "enter")
        await settle(app, pilot)
        assert app.screen.page is not None and len(app.screen.page.papers) == 3  # "Cristian Ioan Vasile" too
        assert str(app.screen.query_one("#author-heading").render()) == "Cristian-Ioan Vasile"


async def test_a_on_a_paper_without_authors_says_so(make_app, people: Library) -> None:
    bare = next(p.id for p in people.papers if not p.authors)
    app = make_app(library=people)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        app.screen.go_to(bare)
        await pilot.press("A")
        await settle(app, pilot)
        assert not isinstance(app.screen, AuthorScreen)
        from tests.ui.pilot import notices

        assert "This paper names no authors." in notices(app)


async def test_names_from_the_data_are_shown_as_written(make_app, library: Library) -> None:
    """An author named like markup or with a terminal escape shows as text, never as styling or a control."""
    from tui.core.ingest.parsed import ParsedFile
    from tui.core.models import Paper

    odd = "[bold red]Mallory[/] \x1b[2J Smith"
    paper = Paper(id="", abstract="An abstract about nothing in particular at all.", list="odd", title="Odd names", authors=(odd,))
    library.add_papers([ParsedFile(Path("odd.json"), "json", "odd", [paper])])
    pid = next(p.id for p in library.papers if p.authors == (odd,))
    app = make_app(library=library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        app.screen.go_to(pid)
        await pilot.press("A")
        await settle(app, pilot)
        assert isinstance(app.screen, AuthorScreen)
        heading = str(app.screen.query_one("#author-heading").render())
        assert heading == "[bold red]Mallory[/] ␛[2J Smith"


async def _click_name(app, pilot, name: str) -> None:
    """Click the middle of `name` on the reading pane's authors line (its first line under the title)."""
    meta = app.screen.query_one("#reader-meta", Static)
    line = str(meta.render()).split("\n")[0]
    x = meta.content_region.x - meta.region.x + line.index(name) + len(name) // 2
    await pilot.click(meta, offset=(x, meta.content_region.y - meta.region.y))
    await settle(app, pilot)


async def test_a_click_on_a_name_in_the_pane_opens_that_authors_page(make_app, people: Library) -> None:
    pid = _paper_with(people, "Jorge Cortes")  # "Xu Shang, Jorge Cortes, Yang Zheng"
    app = make_app(library=people)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        app.screen.go_to(pid)
        await settle(app, pilot)
        await _click_name(app, pilot, "Jorge Cortes")
        assert isinstance(app.screen, AuthorScreen)
        assert app.screen.page is not None and str(app.screen.query_one("#author-heading").render()) == "Jorge Cortés"
        await pilot.press("escape")
        await settle(app, pilot)
        await _click_name(app, pilot, "Yang Zheng")
        assert isinstance(app.screen, AuthorScreen)
        assert str(app.screen.query_one("#author-heading").render()) == "Yang Zheng"


async def test_a_click_on_a_name_like_markup_opens_its_page_and_runs_nothing(make_app, library: Library) -> None:
    from tui.core.ingest.parsed import ParsedFile
    from tui.core.models import Paper

    names = ("[bold]X[/bold] Ray", "[@click=app.quit] Quinn")
    paper = Paper(id="", abstract="An abstract about nothing in particular at all.", list="odd", title="Odd names", authors=names)
    library.add_papers([ParsedFile(Path("odd.json"), "json", "odd", [paper])])
    pid = next(p.id for p in library.papers if p.authors == names)
    app = make_app(library=library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        app.screen.go_to(pid)
        await settle(app, pilot)
        assert str(app.screen.query_one("#reader-meta", Static).render()).split("\n")[0] == ", ".join(names)
        await _click_name(app, pilot, names[1])
        assert app.is_running
        assert isinstance(app.screen, AuthorScreen)
        assert str(app.screen.query_one("#author-heading").render()) == names[1]
        await pilot.press("escape")
        await settle(app, pilot)
        await _click_name(app, pilot, names[0])
        assert isinstance(app.screen, AuthorScreen)
        assert str(app.screen.query_one("#author-heading").render()) == names[0]


async def test_a_follow_or_unfollow_re_ranks_a_followed_filter_in_force(make_app, people: Library) -> None:
    """With `followed:` in the box, following someone from the author page brings their papers into the list, and
    unfollowing takes them out: the list showed the follows as they were when the filter was typed."""
    from tui.core.usecases.follow import follow, followed_ids

    follow(people, "Simon S. Du")
    du, dai = followed_ids(people.papers, ["Simon S. Du"]), followed_ids(people.papers, ["Yan Dai"])
    pid = next(p.id for p in people.papers if p.authors[:2] == ("Yan Dai", "Qiwen Cui"))  # Yan Dai, Qiwen Cui, Simon S. Du
    assert len(du) > 1 and dai - du
    app = make_app(library=people)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("slash")
        await type_text(pilot, "followed:")
        await pilot.press("enter")
        await settle(app, pilot)
        paper_list = app.screen.query_one(PaperList)
        assert {p.id for p in paper_list.papers} == du
        app.screen.go_to(pid)
        await pilot.press("A", "enter")  # Yan Dai
        await settle(app, pilot)
        await pilot.press("f", "escape")
        await settle(app, pilot)
        assert {p.id for p in paper_list.papers} == du | dai
        app.screen.go_to(pid)
        await pilot.press("A", "end", "enter")  # Simon S. Du
        await settle(app, pilot)
        await pilot.press("f", "escape")
        await settle(app, pilot)
        assert people.follows() == ["Yan Dai"]
        assert {p.id for p in paper_list.papers} == dai


async def test_the_picker_offers_no_follow_key_until_a_page_is_shown(make_app, people: Library) -> None:
    """`f` does nothing among the paper's authors (no one is shown yet): the footer said "f Follow" there."""
    app = make_app(library=people)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        app.screen.go_to(_paper_with(people, "Jorge Cortes"))
        await pilot.press("A")
        await settle(app, pilot)
        assert isinstance(app.screen, AuthorScreen) and app.screen.page is None
        assert "f" not in app.screen.active_bindings
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.screen.page is not None and "f" in app.screen.active_bindings
