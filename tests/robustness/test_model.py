"""Model-based test of the real app: random sequences of what a reader does, checked against a plain model.

Hypothesis draws one step at a time (`st.data()`), so each step is chosen
from what makes sense where the model says focus is: typing notes (with
newlines and non-ASCII text, in bursts that do not wait for the screen),
pauses shorter and longer than the autosave delay, filter edits and clears,
sort changes, layouts and focus mode, moving between papers, ratings,
statuses, Esc, palette commands, and quitting and reopening the library.
After every step the app is compared with the model: which widget has
focus, which paper is highlighted, the list's order, what the notes editor
holds (and that its caret is on screen), and what is stored.

The suite runs a fixed seed (`SEED`) for a few dozen sequences; set
PAPERDESK_MODEL_EXAMPLES (and PAPERDESK_MODEL_SEED) for a longer run:
    PAPERDESK_MODEL_EXAMPLES=300 python -m pytest tests/robustness/test_model.py
"""

from __future__ import annotations

import asyncio
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from textual.widgets import TextArea

from tui.core.store.history import cycle_status
from tui.core.models import Status
from tui.core.search.query import parse_query
from tui.core.search.index import SearchIndex
from tui.core.search.sorts import next_sort
from tui.core.library import Library
from tui.ui.app import PaperdeskApp
from tui.ui.widgets.filter_bar import FilterInput
from tui.ui.widgets.notes import Notes
from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.reader import Reader
from tests.ui.pilot import burst, settle

SEED = int(os.environ.get("PAPERDESK_MODEL_SEED", "20261130"))
EXAMPLES = int(os.environ.get("PAPERDESK_MODEL_EXAMPLES", "10"))
STEPS = int(os.environ.get("PAPERDESK_MODEL_STEPS", "30"))
AUTOSAVE = 0.05
SIZES = [(120, 36), (80, 24)]

#: Words that match some, many, or none of the bundled papers, and filters on annotations.
QUERIES = ["graph", "lora", "stein", "learning", "xyzzyq", "rating:>=3", "status:reading", "has:notes", "mod"]
#: What a reader types into notes: words, punctuation, newlines, accents, CJK.
NOTE_TEXT = st.text(alphabet=st.sampled_from(list("abc xyz.,;-") + ["\n", "é", "中", "ß", "Ω"]), min_size=1, max_size=14)


@dataclass
class Model:
    """What the reader did, in plain Python."""

    notes: dict[str, str] = field(default_factory=dict)
    rating: dict[str, int] = field(default_factory=dict)
    status: dict[str, Status] = field(default_factory=dict)
    filter: str = ""
    sort: str = "relevance"
    focus: str = "list"  # list, filter, notes, reader
    focus_mode: bool = False
    selected: str | None = None
    editing: str | None = None


class Run:
    """One app on the library, driven by drawn steps and compared with the model."""

    def __init__(self, folder: Path, data: st.DataObject) -> None:
        self.folder = folder
        self.data = data
        self.model = Model()
        self.library: Library | None = None
        self.app: PaperdeskApp | None = None
        self.pilot = None
        self.log: list[str] = []
        self.steps = 0

    # -- what the model predicts ---------------------------------------------------

    def expected_order(self) -> list[str]:
        library = self.library
        assert library is not None
        query = parse_query(self.model.filter)
        if query.is_empty and self.model.sort == "relevance":
            return [p.id for p in library.papers]
        return [p.id for p in SearchIndex(library.papers, library.annotations()).search(query, self.model.sort)]

    # -- checks ------------------------------------------------------------------------

    def check(self) -> None:
        app, model = self.app, self.model
        assert app is not None and self.library is not None
        screen = app.screen
        paper_list = screen.query_one(PaperList)
        focused = {"list": paper_list, "filter": screen.query_one(FilterInput), "reader": screen.query_one(Reader), "notes": screen.query_one("#notes-editor", TextArea)}
        assert app.focused is focused[model.focus], f"focus on {app.focused!r}, model says {model.focus}"
        order = self.expected_order()
        assert [p.id for p in paper_list.papers] == order, "list order differs from the core's ranking"
        current = paper_list.current
        assert (current.id if current else None) == model.selected, "highlighted paper differs"
        if model.focus == "notes":
            editor = screen.query_one("#notes-editor", TextArea)
            assert editor.text == model.notes.get(model.editing or "", ""), "editor text differs from what was typed"
            assert editor.cursor_location == editor.document.end, "caret moved"
            x, y = editor.cursor_screen_offset
            assert screen.query_one(Reader).region.contains(x, y), "caret off screen"
        for pid in {*model.notes, *model.rating, *model.status}:
            stored = self.library.annotation(pid)
            assert stored.rating == model.rating.get(pid, 0), f"rating of {pid}"
            assert stored.status is model.status.get(pid, Status.UNREAD), f"status of {pid}"
            if pid != model.editing:
                assert stored.notes == model.notes.get(pid, ""), f"notes of {pid}"
            else:
                assert model.notes.get(pid, "").startswith(stored.notes), "stored notes are not what was typed"

    # -- running -------------------------------------------------------------------------

    async def session(self) -> bool:
        """One launch of the app: steps until a restart (True) or the end of the sequence (False)."""
        self.library = Library.open(self.folder)
        self.app = PaperdeskApp(library=self.library)
        size = self.data.draw(st.sampled_from(SIZES), label="size")
        model = self.model
        model.filter, model.sort, model.focus, model.focus_mode, model.editing = "", "relevance", "list", False, None
        model.selected = self.library.papers[0].id
        restart = False
        try:
            async with self.app.run_test(size=size) as pilot:
                self.pilot = pilot
                self.app.screen.query_one(Notes).autosave_delay = AUTOSAVE
                await settle(self.app, pilot)
                self.check()
                while self.steps < STEPS and not restart:
                    self.steps += 1
                    restart = await self.step()
                    if not restart:
                        self.check()
                leave = {"filter": ["escape", "escape"], "notes": ["escape"]}.get(model.focus, [])
                burst(self.app, [*leave, "q"])  # quit, as the reader does: out of a text box first
                for _ in range(100):
                    if not self.app.is_running:
                        break
                    await asyncio.sleep(0.02)
                assert not self.app.is_running, "q did not quit"
        finally:
            self.library.close()
        self.model.editing = None
        with Library.open(self.folder) as library:  # what the next launch finds on disk
            for pid in {*model.notes, *model.rating, *model.status}:
                stored = library.annotation(pid)
                assert (stored.notes, stored.rating, stored.status) == (
                    model.notes.get(pid, ""),
                    model.rating.get(pid, 0),
                    model.status.get(pid, Status.UNREAD),
                ), f"{pid} not stored as typed before quitting"
        return restart

    async def keys(self, keys: list[str]) -> None:
        assert self.app is not None
        burst(self.app, keys)
        await settle(self.app, self.pilot)

    async def step(self) -> bool:
        model = self.model
        choices = {
            "list": ["move", "rate", "status", "notes", "filter", "clear", "esc", "sort", "layout", "focus_mode", "read", "palette_rate", "restart"],
            "filter": ["type_filter", "esc", "enter"],
            "notes": ["type_notes", "type_notes", "pause", "esc"],
            "reader": ["esc", "scroll", "rate", "notes"],
        }[model.focus]
        action = self.data.draw(st.sampled_from(choices), label="action")
        self.log.append(action)
        if action == "restart":
            return True
        await getattr(self, f"do_{action}")()
        return False

    # -- actions ---------------------------------------------------------------------------

    def _move_to(self, index: int) -> None:
        order = self.expected_order()
        self.model.selected = order[max(0, min(index, len(order) - 1))] if order else None

    async def do_move(self) -> None:
        key = self.data.draw(st.sampled_from(["j", "k", "g", "G", "j"]), label="move")
        order = self.expected_order()
        at = order.index(self.model.selected) if self.model.selected in order else 0
        await self.keys([key])
        self._move_to({"j": at + 1, "k": at - 1, "g": 0, "G": len(order) - 1}[key])

    async def do_rate(self) -> None:
        stars = self.data.draw(st.integers(0, 5), label="stars")
        await self.keys([str(stars)])
        if self.model.selected:
            self.model.rating[self.model.selected] = stars

    async def do_palette_rate(self) -> None:
        stars = self.data.draw(st.integers(1, 5), label="stars")
        assert self.app is not None
        burst(self.app, ["ctrl+p", *f"rate {stars}"])
        await asyncio.sleep(0.2)  # the palette searches in the background
        await self.keys(["enter"])
        if self.model.selected:
            self.model.rating[self.model.selected] = stars

    async def do_status(self) -> None:
        key = self.data.draw(st.sampled_from(["s", "S", "r"]), label="status")
        await self.keys([key])
        pid = self.model.selected
        if pid:
            now = self.model.status.get(pid, Status.UNREAD)
            self.model.status[pid] = Status.READ if key == "r" else cycle_status(now, 1 if key == "s" else -1)

    async def do_notes(self) -> None:
        await self.keys(["n"])
        if self.model.selected:
            self.model.focus, self.model.editing = "notes", self.model.selected

    async def do_type_notes(self) -> None:
        text = self.data.draw(NOTE_TEXT, label="notes")
        await self.keys(list(text))
        pid = self.model.editing
        assert pid is not None
        self.model.notes[pid] = self.model.notes.get(pid, "") + text

    async def do_pause(self) -> None:
        long = self.data.draw(st.booleans(), label="long pause")
        await asyncio.sleep(AUTOSAVE * 3 if long else AUTOSAVE / 5)
        await settle(self.app, self.pilot)

    async def do_esc(self) -> None:
        model = self.model
        if model.focus in ("filter", "list") and model.filter:  # Esc in the list clears the filter too
            await self.keys(["escape"])
            self._cleared()
            return
        if model.focus == "reader" and model.focus_mode:
            await self.keys(["escape"])
            model.focus_mode, model.focus = False, "list"
            return
        await self.keys(["escape"])
        model.editing = None
        model.focus = "reader" if model.focus_mode else "list"

    async def do_filter(self) -> None:
        await self.keys(["slash"])
        self.model.focus = "filter"
        await self.do_type_filter()

    async def do_type_filter(self) -> None:
        word = self.data.draw(st.sampled_from(QUERIES), label="query")
        text = (self.model.filter + " " + word).strip() if self.model.filter and not self.model.filter.endswith(":") else word
        added = text[len(self.model.filter):]
        await self.keys(list(added))
        self.model.filter = text
        self._move_to(0)  # typing puts the best match under the cursor

    async def do_enter(self) -> None:
        await self.keys(["enter"])
        self.model.focus = "reader" if self.model.focus_mode else "list"

    async def do_clear(self) -> None:
        await self.keys(["slash", "escape", "escape"])
        self._cleared()

    def _cleared(self) -> None:
        """The filter emptied: the highlighted paper stays (the first one if nothing matched)."""
        self.model.filter = ""
        if self.model.selected is None:
            self._move_to(0)

    async def do_sort(self) -> None:
        await self.keys(["ctrl+s"])
        self.model.sort = next_sort(self.model.sort, parse_query(self.model.filter).ranks)

    async def do_layout(self) -> None:
        await self.keys(["l"])

    async def do_focus_mode(self) -> None:
        await self.keys(["z"])
        self.model.focus_mode = not self.model.focus_mode
        self.model.focus = "reader" if self.model.focus_mode else "list"

    async def do_read(self) -> None:
        await self.keys(["enter"])
        if self.model.selected is not None:  # Enter on an empty list has nothing to read
            self.model.focus = "reader"

    async def do_scroll(self) -> None:
        await self.keys([self.data.draw(st.sampled_from(["j", "k"]), label="scroll")])



async def scenario(folder: Path, data: st.DataObject) -> None:
    run = Run(folder, data)
    try:
        while await run.session():
            pass
    except BaseException:
        print("steps:", run.log)
        raise


class Replay:
    """Stands in for hypothesis' data: hands out a recorded sequence's draws, checking their labels."""

    def __init__(self, draws: list[tuple[str, object]]) -> None:
        self.draws = list(draws)

    def draw(self, strategy: object, label: str | None = None) -> object:
        recorded_label, value = self.draws.pop(0)
        assert recorded_label == label, f"the recording drew {recorded_label!r} here, the test asks for {label!r}"
        return value


#: Failing sequences found by long runs, kept as regression cases (the draws as hypothesis printed them).
RECORDED = {
    # Seed 11, 100 x 50: `n` on a scrolled reader at 80x24; Textual centred the newly shown editor
    # from the layout before it was shown, and the caret ended below the pane.
    "n-after-scrolling": [('size', (120, 36)), ('action', 'notes'), ('action', 'type_notes'), ('notes', 'ééx'), ('action', 'esc'), ('action', 'status'), ('status', 'S'), ('action', 'layout'), ('action', 'restart'), ('size', (120, 36)), ('action', 'status'), ('status', 'r'), ('action', 'status'), ('status', 'r'), ('action', 'notes'), ('action', 'esc'), ('action', 'focus_mode'), ('action', 'rate'), ('stars', 3), ('action', 'rate'), ('stars', 1), ('action', 'esc'), ('action', 'status'), ('status', 'r'), ('action', 'restart'), ('size', (80, 24)), ('action', 'sort'), ('action', 'focus_mode'), ('action', 'notes'), ('action', 'type_notes'), ('notes', '中Ω'), ('action', 'type_notes'), ('notes', 'a.ßß\nΩ-ß'), ('action', 'type_notes'), ('notes', ',;  yzaa中Ω; '), ('action', 'type_notes'), ('notes', 'z'), ('action', 'pause'), ('long pause', False), ('action', 'esc'), ('action', 'notes'), ('action', 'type_notes'), ('notes', 'zß.-ß.éa\nx;é'), ('action', 'type_notes'), ('notes', 'czz'), ('action', 'esc'), ('action', 'notes'), ('action', 'type_notes'), ('notes', 'z- -ΩycΩ.;\nΩy\n'), ('action', 'esc'), ('action', 'notes'), ('action', 'pause'), ('long pause', True), ('action', 'esc'), ('action', 'rate'), ('stars', 0), ('action', 'esc'), ('action', 'read'), ('action', 'scroll'), ('scroll', 'k'), ('action', 'rate'), ('stars', 4), ('action', 'rate'), ('stars', 1), ('action', 'rate'), ('stars', 3), ('action', 'scroll'), ('scroll', 'j'), ('action', 'scroll'), ('scroll', 'j'), ('action', 'notes')],
}


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_recorded_sequences(tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    draws = RECORDED[name]
    monkeypatch.setattr(sys.modules[__name__], "STEPS", sum(1 for label, _ in draws if label == "action"))
    asyncio.run(scenario(tmp_path / "library", Replay(draws)))  # type: ignore[arg-type]


@seed(SEED)
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
    # Shrinking replays whole app sessions: minutes. The suite prints the failing steps instead;
    # PAPERDESK_MODEL_SHRINK=1 asks for the smallest failing sequence.
    phases=[Phase.generate, Phase.shrink] if os.environ.get("PAPERDESK_MODEL_SHRINK") else [Phase.generate],
)
@given(data=st.data())
def test_the_app_does_what_the_reader_did(tmp_path_factory, data: st.DataObject) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("model") / "library"
    asyncio.run(scenario(folder, data))
