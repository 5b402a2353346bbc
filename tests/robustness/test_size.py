"""Sizes that could freeze the screen: a 5 MB abstract is shown in part (and said so), kept and copied whole.

Timing lives in benchmarks/responsiveness.py; these tests check behaviour only.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

import tui.ui.library.clipboard as clipboard
from tui.core.ingest.lists import ParsedList
from tui.core.library import Library
from tui.core.render.text import MAX_SHOWN_CHARS, excerpt
from tui.ui.app import PaperdeskApp
from tui.ui.widgets.paper_list import PaperList

BIG = 5 * 1024 * 1024
HUGE = ("The quick brown fox studies $x^2$ regret bounds. " * (BIG // 49 + 1))[:BIG - 9] + " ZEBRAEND"


def test_excerpt_cuts_at_a_space_and_counts_the_rest() -> None:
    assert excerpt("short") == ("short", 0)
    shown, hidden = excerpt(HUGE)
    assert len(shown) <= MAX_SHOWN_CHARS and not shown.endswith(" ") and HUGE.startswith(shown)
    assert len(shown) + hidden == len(HUGE)
    assert excerpt("x" * 30_000, 100) == ("x" * 100, 29_900)  # no space: cut mid-word


async def test_a_5_mb_abstract_shows_its_start_and_is_kept_whole(library_dir: Path, monkeypatch) -> None:
    copied: list[str] = []
    monkeypatch.setattr(clipboard, "system_copy", copied.append)
    lib = Library.open(library_dir)
    lib.add_lists([ParsedList("Huge", [HUGE], Path("<huge>"))])
    app = PaperdeskApp(library=lib)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        assert app.screen.query_one(PaperList).current.abstract == HUGE
        shown = str(app.screen.query_one("#reader-abstract", Static).render())
        assert shown.startswith("The quick brown fox")
        assert "more characters not shown here" in shown and "ZEBRAEND" not in shown
        assert len(shown) < MAX_SHOWN_CHARS + 200
        await pilot.press("c")  # the copy menu; t: the paper as text, and the clipboard gets all of it
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("t")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("k", "end", "tab", "end")  # leave, come back, scroll the pane to its end
        await pilot.pause()
        assert app.is_running
    assert copied and copied[0].rstrip().endswith("ZEBRAEND") and len(copied[0]) > BIG
    lib.close()
    with Library.open(library_dir, read_only=True) as again:
        assert again.papers[-1].abstract == HUGE
