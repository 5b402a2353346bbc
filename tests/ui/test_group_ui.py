"""Pilot tests of a reading group in the app: the members' ratings in the pane, the votes column, `votes:`,
the group-score sort, the triage pass that shows others' ratings only after one's own vote, syncing from the palette."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.folders import reading, writing
from tests.ui.pilot import notices, settle, text_of, type_text
from tui.core.config import Settings
from tui.core.library import Library
from tui.core.usecases import group as grouping

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command line")

COMMENT = "Week 3 please [bold]not markup[/]"


@pytest.fixture
def bob(tmp_path: Path, library: Library):
    """The app's library joined a group as ana; bob (the same bundled papers) rated the first paper 5 with a comment,
    the second 3, and synced; ana synced after him. Yields bob's library (open)."""
    bare = tmp_path / "shared.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    grouping.join(library, str(bare), "ana")
    other = Library.open(tmp_path / "bob")
    writing(other, grouping.join, str(bare), "bob")
    first, second = other.papers[0].id, other.papers[1].id
    other.save_annotation(first, rating=5, status="to-read", tags=["group/theory", "private"])
    other.save_annotation(second, rating=3)
    writing(other, grouping.set_comment, first, COMMENT)
    reading(other, grouping.sync)
    grouping.sync(library)
    yield other
    other.close()


def group_part(app) -> str:
    return text_of(app, "#reader-group")


async def test_the_reading_pane_shows_each_members_rating_status_and_comment(make_app, library: Library, bob: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        shown = group_part(app)
        assert shown.startswith("Group · 1 vote")
        assert "bob  ★★★★★  ○ to-read  #group/theory  “Week 3 please [bold]not markup[/]”" in shown
        assert "private" not in shown  # a tag outside group_tags never left bob's machine
        await pilot.press("j")
        await settle(app, pilot)
        assert "Group · no votes yet" in group_part(app) and "bob  ★★★☆☆" in group_part(app)
        await pilot.press("j")
        await settle(app, pilot)
        assert "no other member has rated it" in group_part(app)


async def test_votes_filter_column_and_sort_follow_this_members_rating_at_once(make_app, library: Library, bob: Library) -> None:
    app = make_app()
    first, second = library.papers[0], library.papers[1]
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert screen.paper_list.group_of is not None and screen.paper_list.group_of(first.id, None) == " 1▲"
        assert screen.paper_list.group_of(second.id, None) == "  ·"
        await pilot.press("slash")
        await type_text(pilot, "votes:2")
        await pilot.press("enter")
        await settle(app, pilot)
        assert text_of(app, "#list-header").startswith("0 / 33")
        await pilot.press("escape", "escape")  # back in the list, the filter cleared
        await settle(app, pilot)
        await pilot.press("4")  # ana votes for the first paper too
        await settle(app, pilot)
        assert library.annotation(first.id).rating == 4
        assert "Group · 2 votes" in group_part(app)
        await pilot.press("slash")
        await type_text(pilot, "discuss:")
        await pilot.press("enter")
        await settle(app, pilot)
        assert text_of(app, "#list-header").startswith("1 / 33") and [p.id for p in screen.paper_list.papers] == [first.id]
        await pilot.press("escape", "escape")
        await settle(app, pilot)
        await pilot.press("G", "5")  # the last paper: 5 stars from ana alone, one vote
        await settle(app, pilot)
        for _ in range(6):
            if "group score" in text_of(app, "#list-header"):
                break
            await pilot.press("ctrl+s")
            await settle(app, pilot)
        assert "group score" in text_of(app, "#list-header")
        assert [p.id for p in screen.paper_list.papers][:3] == [first.id, library.papers[-1].id, second.id]


@pytest.mark.parametrize("grouped", [True, False])
async def test_the_palette_offers_the_group_score_sort_only_in_a_reading_group(make_app, library: Library, request, grouped: bool) -> None:
    """Outside a group the group score is the rating order again: the sort key's cycle skips it, and so does the palette."""
    from tests.ui.test_second_look import palette_list

    if grouped:
        request.getfixturevalue("bob")
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        assert app.screen.filtering.in_group is grouped
        entries = await palette_list(app, pilot, "sort by", wanted="Sort by title")
        assert "Sort by title" in entries
        assert ("Sort by group score" in entries) is grouped, entries


@pytest.mark.parametrize("when", ["after-vote", "always", "never"])
async def test_triage_shows_the_others_ratings_after_ones_own_vote(make_app, library: Library, bob: Library, when: str) -> None:
    app = make_app(settings=Settings(group_triage=when))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        assert "bob" in group_part(app)  # outside a pass: always shown
        await pilot.press("T")
        await settle(app, pilot)
        before = group_part(app)
        await pilot.press("3")
        await settle(app, pilot)
        after = group_part(app)
        await pilot.press("escape")
        await settle(app, pilot)
        assert "bob  ★★★★★" in group_part(app)
    if when == "after-vote":
        assert before == "Group: rate it (1-5) to see the others' ratings" and "bob  ★★★★★" in after
    elif when == "always":
        assert "bob  ★★★★★" in before and "bob  ★★★★★" in after
    else:
        assert before == "" and "bob  ★★★★★" in after  # once voted, what the others said is no anchor


async def test_syncing_from_the_palette_brings_the_others_new_ratings(make_app, library: Library, bob: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        bob.save_annotation(bob.papers[0].id, rating=2)
        reading(bob, grouping.sync)
        await pilot.press("ctrl+p")
        await type_text(pilot, "sync with the reading group")
        await pilot.press("enter")
        await settle(app, pilot)
        for _ in range(100):  # git runs in a thread
            if "bob  ★★☆☆☆" in group_part(app):
                break
            await pilot.pause(0.05)
        assert "bob  ★★☆☆☆" in group_part(app) and "Group · no votes yet" in group_part(app)
        assert any("pushed to" in n or "nothing new" in n for n in notices(app))


async def test_a_comment_for_the_group_from_the_palette_is_kept_and_shared(make_app, library: Library, bob: Library) -> None:
    app = make_app()
    pid = library.papers[0].id
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+p")
        await type_text(pilot, "comment for the reading group")
        await pilot.press("enter")
        await settle(app, pilot)
        await type_text(pilot, "let us read it")
        await pilot.press("enter")
        await settle(app, pilot)
        assert "you  “let us read it”" in group_part(app)
    assert grouping.sight(library).comment_of(pid) == "let us read it"  # type: ignore[union-attr]


async def test_hostile_member_files_are_a_notice_at_start_and_long_texts_are_cut(make_app, library: Library, bob: Library, tmp_path: Path) -> None:
    """A file nested 200,000 deep ended the app at start; a 3 MB comment made every cursor move slow."""
    import json

    from tests.robustness.group_world import Evil, binary, deep

    evil = Evil(tmp_path, tmp_path / "shared.git")
    first = library.papers[0]
    entry = {"title": first.shown_title, "abstract": first.abstract, "rating": 4, "comment": "long " * 600_000, "notes": "n\n" * 1_000_000}

    def chatty(root: Path) -> None:
        (root / "members" / "chatty.json").write_text(json.dumps({"format": 1, "member": "chatty", "papers": [entry]}))

    for change in (deep("deep"), binary("bin"), chatty):
        evil.push(change)
    grouping.sync(library)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        for _ in range(100):  # the group is read in a thread
            if "chatty" in group_part(app):
                break
            await pilot.pause(0.05)
        (notice,) = [n for n in notices(app) if "in the group's files" in n]
        assert notice.startswith("2 problems in the group's files, the rest of the group is read:\nmembers/bin.json: not valid JSON")
        assert "\nmembers/deep.json: not valid JSON (depth limit exceeded" in notice
        shown = group_part(app)
        assert "bob     ★★★★★" in shown and "chatty  ★★★★☆" in shown and len(shown) < 2_000
        assert app.is_running
