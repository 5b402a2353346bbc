"""Model-based test of the real app: random sequences of what a reader does, checked against a plain model.

Hypothesis draws one step at a time (`st.data()`), so each step is chosen
from what makes sense where the model says focus is: typing notes (with
newlines and non-ASCII text, in bursts that do not wait for the screen),
pauses shorter and longer than the autosave delay, filter edits (`/` over a filter: typing
replaces it, → or End keeps it, Backspace empties it) and clears,
sort changes (the learned "for me" order too, re-ranked after every rating around the paper
under the cursor), layouts and focus mode, moving between papers, ratings,
statuses, highlights (h, the reading cursor, Enter and a comment or Esc;
H, delete and u), Esc, palette commands, removing the highlighted paper
(answering the question when it carries notes or a rating), undo and redo
of all of these, triage passes (T, r, x, ratings, notes, space, Esc,
resuming), following and unfollowing an author of the highlighted paper
from its author page (A, a pick, f, Esc: the ♥ rows and `followed:` follow), and
quitting and reopening the library, which restores the
paper, filter, sort, layout, focus mode and triage pass.
After every step the app is compared with the model: which widget has
focus, which paper is highlighted, the list's order and its ♥ rows, the layout, what the notes editor
holds (and that its caret is on screen), and what is stored (highlights too;
removed papers are neither listed nor stored, and undo brings them back with their notes).
Bursts type several keys at once (ratings, statuses, moves, a removal, u and U) with no pause
between them, so saves land behind the keys: the app must act on them, its undo history too, in
the order they were typed (issue 41: `5 j s u` undid the rating, or nothing).

The suite runs a fixed seed (`SEED`) for a few dozen sequences; set
PAPERDESK_MODEL_EXAMPLES (and PAPERDESK_MODEL_SEED) for a longer run:
    PAPERDESK_MODEL_EXAMPLES=300 python -m pytest tests/robustness/test_model.py
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from textual.widgets import TextArea

from tests.robustness.model_recorded import RECORDED, Replay
from tests.ui.pilot import burst, settle
from tui.core.highlights import document
from tui.core.ingest.readers import read_import
from tui.core.library import Library
from tui.core.models import Status
from tui.core.people.names import name_key
from tui.core.people.person import find_person
from tui.core.ranking.labels import labels_of
from tui.core.search.index import SearchIndex
from tui.core.search.query import QueryError, parse_query
from tui.core.search.sorts import next_sort
from tui.core.store.history import cycle_status
from tui.core.store.storage import LibraryStore
from tui.core.usecases.follow import followed_ids, followed_papers
from tui.ui.app import PaperdeskApp
from tui.ui.library.layout import stacked_for
from tui.ui.library.screen import LibraryScreen
from tui.ui.screens.author import AuthorScreen
from tui.ui.widgets.filter_bar import FilterInput
from tui.ui.widgets.notes import Notes
from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.reader import Reader
from tui.ui.widgets.triage_bar import TriageBar

SEED = int(os.environ.get("PAPERDESK_MODEL_SEED", "20261130"))
EXAMPLES = int(os.environ.get("PAPERDESK_MODEL_EXAMPLES", "10"))
STEPS = int(os.environ.get("PAPERDESK_MODEL_STEPS", "30"))
AUTOSAVE = 0.05
#: Every annotation save takes this much longer, as on a busy or synced disk: keys typed in a burst act
#: before the saves of the keys ahead of them land, whatever the machine's speed.
SAVE_DELAY = 0.03
SIZES = [(120, 36), (80, 24)]
#: Papers with authors (the bundled ones name none), several spellings of one person among them.
PEOPLE = Path(__file__).parents[1] / "fixtures" / "people" / "pmlr_people.bib"

#: Words that match some, many, or none of the bundled papers, and filters on annotations.
QUERIES = ["graph", "lora", "stein", "learning", "xyzzyq", "rating:>=3", "status:reading", "has:notes", "mod", "followed:"]
#: What a reader types into notes: words, punctuation, newlines, accents, CJK.
NOTE_TEXT = st.text(alphabet=st.sampled_from(list("abc xyz.,;-") + ["\n", "é", "中", "ß", "Ω"]), min_size=1, max_size=14)
#: Keys a burst types (ratings, moves, statuses, undo and redo, a removal) without a pause between them.
BURST_KEYS = ["0", "1", "3", "5", "j", "k", "s", "S", "r", "u", "u", "U", "d"]
#: Sorts whose order no annotation changes: a burst's moves then land where the model says, whenever
#: the saves of the keys before them land (a filter or a rating sort re-ranks once a save lands).
STEADY_SORTS = ("relevance", "list", "title")
#: A highlight's comment: one line (empty: none).
COMMENT_TEXT = st.text(alphabet=st.sampled_from(list("abc xyz,") + ["é", "中"]), max_size=8)


def same_meaning(a: str, b: str) -> bool:
    """Two filters select the same papers however they are written (word order, `status:unr`)."""
    try:
        return parse_query(a).meaning == parse_query(b).meaning
    except QueryError:
        return a.split() == b.split()


@dataclass
class Walk:
    """A triage pass as the model sees it: the view's unread papers when T was pressed, and the place."""

    ids: list[str]
    at: int
    query: str
    sort: str

    def last_shown(self) -> str:
        return self.ids[min(self.at, len(self.ids) - 1)]


@dataclass
class Model:
    """What the reader did, in plain Python."""

    notes: dict[str, str] = field(default_factory=dict)
    rating: dict[str, int] = field(default_factory=dict)
    status: dict[str, Status] = field(default_factory=dict)
    highlights: dict[str, list[str]] = field(default_factory=dict)  # the comments, in the order kept
    filter: str = ""
    sort: str = "relevance"
    focus: str = "list"  # list, filter, notes, reader, triage
    focus_mode: bool = False
    layout: str = "auto"
    walk: Walk | None = None
    triage: bool = False
    """A pass is on screen (the app shows it in focus layout; `focus_mode` is the layout to come back to)."""
    selected: str | None = None
    editing: str | None = None
    removed: set[str] = field(default_factory=set)
    follows: list[str] = field(default_factory=list)
    """The followed authors, as their pages name them, in the order followed."""
    done: list[tuple] = field(default_factory=list)
    """The app's undo history: ("rating"|"status"|"highlights", pid, before, after) or ("remove", pid), newest last."""
    undone: list[tuple] = field(default_factory=list)

    def push(self, entry: tuple) -> None:
        """A change the app records (it landed and changed something): redo is forgotten, as in editors."""
        self.done.append(entry)
        self.undone.clear()


class Run:
    """One app on the library, driven by drawn steps and compared with the model."""

    def __init__(self, folder: Path, data: st.DataObject, people: bool = True) -> None:
        self.folder = folder
        self.data = data
        self.people = people
        """The library holds PMLR papers with authors besides the bundled ones (which name none): `A` has someone to show."""
        self.model = Model()
        self.library: Library | None = None
        self.app: PaperdeskApp | None = None
        self.pilot = None
        self.log: list[str] = []
        self.steps = 0
        self.all_papers: list = []
        """Every paper of the library as first opened, in list order: the model's list is these minus `removed`."""
        self.width = 120

    # -- what the model predicts ---------------------------------------------------

    def expected_order(self) -> list[str]:
        library = self.library
        assert library is not None
        papers = [p for p in self.all_papers if p.id not in self.model.removed]
        query = parse_query(self.model.filter)
        if query.is_empty and self.model.sort == "relevance":
            return [p.id for p in papers]
        if self.model.sort == "for-me":
            return self._for_me_order(query, papers)
        index = SearchIndex(papers, library.annotations())
        index.set_followed(followed_papers(papers, self.model.follows))
        return [p.id for p in index.search(query, self.model.sort)]

    def _for_me_order(self, query, papers: list) -> list[str]:
        """"For me" as learned from the ratings stored now, over the app's ranking engine (its matrices are the
        engine's business, tested in tests/core; here: that every rating re-ranks, removed papers stay out, the
        cursor follows). Before the app has an engine (between launches) the order is the list's."""
        assert self.library is not None
        screens = [s for s in self.app.screen_stack if isinstance(s, LibraryScreen)] if self.app is not None and self.app.is_running else []
        ranker = screens[0].learned.ranker if screens else None
        if ranker is None:  # nothing learned: list order
            index = SearchIndex(papers, self.library.annotations())
            index.set_followed(followed_papers(papers, self.model.follows))
            return [p.id for p in index.search(query, "for-me")]
        annotations = self.library.annotations()
        index = SearchIndex(ranker.papers, annotations)
        index.set_hidden([p.id for p in ranker.papers if p.id in self.model.removed], True)
        followed = followed_papers(ranker.papers, self.model.follows)
        index.set_followed(followed)
        learned = ranker.for_me(labels_of(ranker.papers, annotations, None, followed))
        index.set_for_me(None if learned.needs else learned.scores)
        return [p.id for p in index.search(query, "for-me")]

    # -- checks ------------------------------------------------------------------------

    def check(self) -> None:
        app, model = self.app, self.model
        assert app is not None and self.library is not None
        screen = app.screen
        paper_list = screen.query_one(PaperList)
        focused = {
            "list": paper_list, "filter": screen.query_one(FilterInput), "reader": screen.query_one(Reader),
            "notes": next(iter(screen.query("#notes-editor")), None),  # made at the first edit
            "triage": screen.query_one(TriageBar),
        }
        assert app.focused is focused[model.focus], f"focus on {app.focused!r}, model says {model.focus}"
        assert (screen.panes.mode, screen.panes.focus_mode) == (model.layout, model.focus_mode or model.triage), "layout differs"
        assert screen.triage.active is model.triage, "triage pass on screen or not"
        assert screen.query_one(FilterInput).value == model.filter, "the filter box holds other text"
        order = model.walk.ids if model.triage and model.walk else self.expected_order()
        assert [p.id for p in paper_list.papers] == order, "list order differs from the core's ranking"
        hearts = followed_ids([p for p in self.all_papers if p.id not in model.removed], model.follows)
        assert {pid for pid in order if pid in paper_list.followed} == hearts & set(order), "♥ rows differ"
        assert self.library.follows() == model.follows, "stored follows differ"
        current = paper_list.current
        assert (current.id if current else None) == model.selected, "highlighted paper differs"
        if model.focus == "notes":
            editor = screen.query_one("#notes-editor", TextArea)
            assert editor.text == model.notes.get(model.editing or "", ""), "editor text differs from what was typed"
            assert editor.cursor_location == editor.document.end, "caret moved"
            x, y = editor.cursor_screen_offset
            assert screen.query_one(Reader).region.contains(x, y), "caret off screen"
        assert {p.id for p in self.library.papers} == {p.id for p in self.all_papers} - model.removed, "stored papers"
        for pid in {*model.notes, *model.rating, *model.status, *model.highlights} - model.removed:
            stored = self.library.annotation(pid)
            assert [h.comment for h in stored.highlights] == model.highlights.get(pid, []), f"highlights of {pid}"
            abstract = document(self.library.get(pid).abstract)  # type: ignore[union-attr]
            assert all(h.text in abstract for h in stored.highlights), "a highlight is not a passage of the abstract"
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
        if self.people and not self.all_papers:
            self.library.add_papers([read_import(PEOPLE)])
        self.all_papers = self.all_papers or list(self.library.papers)
        self.app = PaperdeskApp(library=self.library)
        size = self.data.draw(st.sampled_from(SIZES), label="size")
        self.width = size[0]
        model = self.model
        # The relaunch restores the view as the last run left it; the paper if the view still shows it.
        model.focus, model.editing = ("reader" if model.focus_mode else "list"), None
        self._reselect()
        model.done, model.undone = [], []  # the history is one run's
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
                leave = {"filter": ["escape", "escape"] if model.filter else ["escape"], "notes": ["escape"]}.get(model.focus, [])
                burst(self.app, [*leave, "q"])  # quit, as the reader does: out of a text box first (q in a pass is fine)
                if model.focus == "filter":
                    self._cleared()
                if model.triage and model.walk:
                    model.triage, model.selected = False, model.walk.last_shown()  # saved as if the pass was left
                for _ in range(100):
                    if not self.app.is_running:
                        break
                    await asyncio.sleep(0.02)
                assert not self.app.is_running, "q did not quit"
        finally:
            self.library.close()
        self.model.editing = None
        with Library.open(self.folder) as library:  # what the next launch finds on disk
            for pid in {*model.notes, *model.rating, *model.status, *model.highlights} - model.removed:
                stored = library.annotation(pid)
                assert [h.comment for h in stored.highlights] == model.highlights.get(pid, []), f"highlights of {pid} on disk"
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
        steady = not model.filter and model.sort in STEADY_SORTS
        choices = {
            "list": ["move", "rate", "status", "notes", "filter", "clear", "esc", "sort", "sort_for_me", "layout", "focus_mode", "read", "palette_rate",
                     "highlight", "remove", "undo", "undo", "redo", "triage", "restart", "follow", "follow", *(["burst"] * 4 if steady else [])],
            "filter": ["type_filter", "esc", "enter"],
            "notes": ["type_notes", "type_notes", "pause", "esc"],
            "reader": ["esc", "scroll", "rate", "notes", "highlight", "unhighlight", "triage"],
            "triage": ["decide", "decide", "rate", "next", "notes", "esc", "restart"],
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
        self._rated(stars)

    def _rated(self, stars: int) -> None:
        pid = self.model.selected
        if pid:
            before = self.model.rating.get(pid, 0)
            self.model.rating[pid] = stars
            if before != stars:
                self.model.push(("rating", pid, before, stars))
            self._reselect()

    def _reselect(self) -> None:
        """A change re-ranks a filtered list keeping the highlighted paper; gone from it, the first is."""
        if self.model.triage:
            return  # the pass's list is fixed: the paper shown stays
        order = self.expected_order()
        if self.model.selected not in order:
            self.model.selected = order[0] if order else None

    async def do_palette_rate(self) -> None:
        stars = self.data.draw(st.integers(1, 5), label="stars")
        assert self.app is not None
        burst(self.app, ["ctrl+p", *f"rate {stars}"])
        await asyncio.sleep(0.2)  # the palette searches in the background
        await self.keys(["enter"])
        self._rated(stars)

    async def do_status(self) -> None:
        key = self.data.draw(st.sampled_from(["s", "S", "r"]), label="status")
        await self.keys([key])
        self._status(key)

    def _status(self, key: str) -> None:
        pid = self.model.selected
        if pid:
            now = self.model.status.get(pid, Status.UNREAD)
            new = self.model.status[pid] = Status.READ if key == "r" else cycle_status(now, 1 if key == "s" else -1)
            if new is not now:
                self.model.push(("status", pid, now, new))
            self._reselect()

    async def do_burst(self) -> None:
        """Keys typed at once, none waiting for the saves (or the move to the trash) of the keys before it.

        Drawn one at a time against the model, each key acting on what the keys before it left: a
        removal only of a paper that asks nothing (a question would take the keys after it), and
        after a key that moves papers to or from the trash (d, or u or U of a removal) only u and U:
        the list shows a move once it lands, after the saves ahead of it, so a move or a rating typed
        before that acts on the list as it was (the history is in key order; the list is not, yet).
        """
        model = self.model
        count = self.data.draw(st.integers(2, 6), label="burst length")
        typed: list[str] = []
        moving = False
        for _ in range(count):
            pid = model.selected
            removable = bool(pid) and not (model.notes.get(pid or "", "").strip() or model.rating.get(pid or "", 0) or model.highlights.get(pid or ""))
            if moving:
                keys = ["u", "U"]
            else:
                keys = [key for key in BURST_KEYS if key != "d" or removable]
            key = self.data.draw(st.sampled_from(keys), label="burst key")
            steps = {"u": model.done, "U": model.undone}.get(key)
            moving = moving or key == "d" or bool(steps and steps[-1][0] == "remove")
            typed.append(key)
            self._typed(key)
        await self.keys(typed)

    def _typed(self, key: str) -> None:
        """One key of a burst, as the model sees it."""
        model = self.model
        order = self.expected_order()
        if key.isdigit():
            self._rated(int(key))
        elif key in "jk":
            at = order.index(model.selected) if model.selected in order else 0
            self._move_to(at + 1 if key == "j" else at - 1)
        elif key in "sSr":
            self._status(key)
        elif key == "u":
            self._undo(order)
        elif key == "U":
            self._redo(order)
        else:  # d: the highlighted paper, which asks nothing
            assert key == "d" and model.selected is not None
            model.push(("remove", model.selected))
            self._removed(model.selected, order)

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
        if model.focus == "triage":
            await self.keys(["escape"])
            self._leave_triage()
            return
        if model.focus == "notes" and model.triage:
            await self.keys(["escape"])
            model.editing, model.focus = None, "triage"
            return
        if model.focus == "list" and model.filter:  # Esc in the list clears the filter (in the box it leaves, below)
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
        """`/` selects the filter's text, as an address bar does: typing replaces it, → or End keeps it, Backspace
        empties it. `/`, that key and the typing go in one burst."""
        model = self.model
        over = self.data.draw(st.sampled_from(["type", "right", "end", "backspace"]), label="over filter") if model.filter else "type"
        if over in ("type", "backspace"):
            model.filter = ""  # replaced by what is typed
        model.focus = "filter"
        await self.do_type_filter(["slash"] + ([over] if over != "type" else []))

    async def do_type_filter(self, first: list[str] | None = None) -> None:
        """Type a query word after what the box holds (after the keys `first`, in the same burst)."""
        word = self.data.draw(st.sampled_from(QUERIES), label="query")
        whole = not self.model.filter.endswith(":") or self.model.filter.endswith("followed:")  # `followed:` is a whole filter
        text = (self.model.filter + " " + word).strip() if self.model.filter and whole else word
        added = text[len(self.model.filter):]
        await self.keys([*(first or []), *added])
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

    async def do_sort_for_me(self) -> None:
        """The palette's "Sort by for me": the learned order, which the next ratings re-rank around the cursor."""
        assert self.app is not None
        burst(self.app, ["ctrl+p", *"sort by for me"])
        await asyncio.sleep(0.2)  # the palette searches in the background
        await self.keys(["enter"])
        self.model.sort = "for-me"
        assert self.app.screen.filtering.sort == "for-me", "the palette's Sort by for me did not sort"
        self._reselect()

    async def do_layout(self) -> None:
        await self.keys(["l"])
        stacked = not stacked_for(self.model.layout, self.width)  # the other layout; the one "auto" shows is "auto" again
        self.model.layout = "auto" if stacked == stacked_for("auto", self.width) else ("stacked" if stacked else "side")

    # -- a triage pass ----------------------------------------------------------------------

    async def do_triage(self) -> None:
        model = self.model
        await self.keys(["T"])
        query, walk = model.filter.strip(), model.walk
        if walk is not None:  # papers removed since the pass started drop out of it; the place stays
            current = walk.ids[walk.at] if walk.at < len(walk.ids) else None
            walk.ids = [pid for pid in walk.ids if pid not in model.removed]
            walk.at = walk.ids.index(current) if current in walk.ids else min(walk.at, len(walk.ids))
        # A pass resumes on any view whose filter means the same, whatever the sort (issue 36); it keeps its order.
        if walk is None or walk.at >= len(walk.ids) or not same_meaning(walk.query, query):
            ids = [pid for pid in self.expected_order() if model.status.get(pid, Status.UNREAD) is Status.UNREAD]
            if not ids:
                return  # "No unread papers in this view": nothing changes
            walk = Walk(ids, 0, query, model.sort)
        model.walk, model.triage, model.focus, model.selected = walk, True, "triage", walk.ids[walk.at]

    async def do_decide(self) -> None:
        key = self.data.draw(st.sampled_from(["r", "x"]), label="decision")
        model = self.model
        assert model.walk is not None
        await self.keys([key])
        pid = model.walk.ids[model.walk.at]
        before, after = model.status.get(pid, Status.UNREAD), Status.TO_READ if key == "r" else Status.SKIPPED
        model.status[pid] = after
        if before is not after:
            model.push(("status", pid, before, after))
        self._advance()

    async def do_next(self) -> None:
        await self.keys(["space"])
        self._advance()

    def _advance(self) -> None:
        walk = self.model.walk
        assert walk is not None
        walk.at += 1
        if walk.at >= len(walk.ids):  # the pass is done: back to the view, the pass forgotten
            self._leave_triage()
            self.model.walk = None
        else:
            self.model.selected = walk.ids[walk.at]

    def _leave_triage(self) -> None:
        model = self.model
        assert model.walk is not None
        model.triage = False
        model.focus = "reader" if model.focus_mode else "list"
        keep, order = model.walk.last_shown(), self.expected_order()
        model.selected = keep if keep in order else (order[0] if order else None)

    async def do_focus_mode(self) -> None:
        await self.keys(["z"])
        self.model.focus_mode = not self.model.focus_mode
        self.model.focus = "reader" if self.model.focus_mode else "list"

    async def do_read(self) -> None:
        await self.keys(["enter"])
        if self.model.selected is not None:  # Enter on an empty list has nothing to read
            self.model.focus = "reader"

    async def do_highlight(self) -> None:
        """h, cursor keys, then Enter and a comment (kept) or Esc (nothing kept); the reader keeps focus."""
        pid = self.model.selected
        if pid is None:  # nothing to highlight: h does nothing, and the keys after it would act on the list
            return
        if not next(p for p in self.all_papers if p.id == pid).abstract.strip():  # the PMLR people papers have none
            await self.keys(["h"])  # "This paper has no abstract to highlight.": focus stays where it was
            return
        moves = self.data.draw(st.lists(st.sampled_from(["j", "k", "down", "shift+down", "shift+right", "shift+up"]), max_size=3), label="cursor")
        comment = self.data.draw(st.one_of(st.none(), COMMENT_TEXT), label="comment")  # None: Esc
        await self.keys(["h", *moves])
        self.model.focus = "reader"
        if comment is None:
            await self.keys(["escape"])  # cancels the highlight, not the reading
            return
        await self.keys(["enter"])
        await self.keys([*comment, "enter"])
        before = list(self.model.highlights.get(pid, []))
        self.model.highlights[pid] = [*before, " ".join(comment.split())]
        self.model.push(("highlights", pid, before, self.model.highlights[pid]))
        self._reselect()

    async def do_unhighlight(self) -> None:
        """H, delete the first one, close; the store loses it, and u brings it back (or not)."""
        pid = self.model.selected
        kept = self.model.highlights.get(pid or "", [])
        if not kept:
            return
        undo = self.data.draw(st.booleans(), label="undo")
        await self.keys(["H", "d", "escape"])
        assert self.library is not None
        left = [h.comment for h in self.library.annotation(pid).highlights]  # type: ignore[arg-type]
        assert len(left) == len(kept) - 1 and all(c in kept for c in left), "H d did not delete one highlight"
        self.model.push(("highlights", pid, list(kept), left))
        self.model.highlights[pid] = left  # type: ignore[index]
        if undo:
            await self.keys(["u"])
            self.model.undone.append(self.model.done.pop())
            self.model.highlights[pid] = list(kept)  # type: ignore[index]
        self._reselect()

    async def do_remove(self) -> None:
        """`d`: a paper with notes or a rating asks first (`y` removes, `n` keeps); the next paper is highlighted."""
        model = self.model
        pid = model.selected
        asks = bool(pid and (model.notes.get(pid, "").strip() or model.rating.get(pid, 0) or model.highlights.get(pid)))
        yes = self.data.draw(st.booleans(), label="confirm") if asks else True
        order = self.expected_order()  # before: the removed paper's rating, in the trash then, may place it
        await self.keys(["d", "y" if yes else "n"] if asks else ["d"])
        if pid is None or not yes:
            return
        model.push(("remove", pid))
        self._removed(pid, order)

    def _removed(self, pid: str, order: list[str]) -> None:
        """`pid` left the list `order`: when it was highlighted, the next paper is (the one before at the end)."""
        model = self.model
        at = order.index(model.selected) if model.selected in order else 0
        model.removed.add(pid)
        if model.selected == pid:
            rest = [p for p in order if p != pid]
            model.selected = rest[min(at, len(rest) - 1)] if rest else None

    async def do_undo(self) -> None:
        order = self.expected_order()
        await self.keys(["u"])
        self._undo(order)

    async def do_redo(self) -> None:
        order = self.expected_order()
        await self.keys(["U"])
        self._redo(order)

    def _undo(self, order: list[str]) -> None:
        if self.model.done:
            entry = self.model.done.pop()
            self.model.undone.append(entry)
            self._apply(entry, True, order)

    def _redo(self, order: list[str]) -> None:
        if self.model.undone:
            entry = self.model.undone.pop()
            self.model.done.append(entry)
            self._apply(entry, False, order)

    def _apply(self, entry: tuple, undo: bool, order: list[str]) -> None:
        """One side of a history entry, as the app applies it on `u` (undo) or `U`."""
        model = self.model
        if entry[0] == "remove":
            pid = entry[1]
            if undo:  # back in its place, highlighted when the view shows it
                model.removed.discard(pid)
                if pid in self.expected_order():
                    model.selected = pid
            else:
                self._removed(pid, order)
            self._reselect()
            return
        kind, pid, before, after = entry
        value = before if undo else after
        if kind == "rating":
            model.rating[pid] = value
        elif kind == "highlights":
            model.highlights[pid] = list(value)
        else:
            model.status[pid] = value
        self._reselect()

    async def do_follow(self) -> None:
        """`A` on the highlighted paper, its n-th author (picked with ↓ and Enter when it has several), `f`, Esc: the
        page's person is followed, or no longer; the list's ♥ rows and a `followed:` filter follow, the cursor stays."""
        model = self.model
        assert self.app is not None and self.library is not None
        paper = next((p for p in self.all_papers if p.id == model.selected), None)
        if paper is not None and not paper.authors and self.data.draw(st.booleans(), label="to an authored paper"):
            await self.keys(["G"])  # the bundled papers come first and name nobody; the PMLR ones last
            self._move_to(len(self.expected_order()) - 1)
            paper = next((p for p in self.all_papers if p.id == model.selected), None)
        if paper is None or not paper.authors:
            await self.keys(["A"])  # says "This paper names no authors." (or nothing, on an empty list)
            assert not isinstance(self.app.screen, AuthorScreen), "an author page for a paper without authors"
            return
        at = self.data.draw(st.integers(0, len(paper.authors) - 1), label="author")
        await self.keys(["A", *(["down"] * at + ["enter"] if len(paper.authors) > 1 else [])])
        screen = self.app.screen
        assert isinstance(screen, AuthorScreen) and screen.page is not None, "A did not open the author page"
        person = find_person([p for p in self.all_papers if p.id not in model.removed], paper.authors[at])
        keys = {name_key(s) for s in person.spellings}
        followed = [f for f in model.follows if name_key(f) in keys]
        assert screen.page.followed is bool(followed), "the page says followed or not unlike the model"
        assert screen.page.name == person.name, "the page names someone else"
        await self.keys(["f"])
        await self.keys(["escape"])
        model.follows = [f for f in model.follows if f not in followed] if followed else [*model.follows, person.name]
        self._reselect()

    async def do_scroll(self) -> None:
        await self.keys([self.data.draw(st.sampled_from(["j", "k"]), label="scroll")])



@contextmanager
def slow_disk() -> Iterator[None]:
    """Annotation saves take `SAVE_DELAY` longer while the scenario runs (see `SAVE_DELAY`)."""
    real = LibraryStore.save_annotations

    def slow(self, *args, **kwargs):
        time.sleep(SAVE_DELAY)
        return real(self, *args, **kwargs)

    with patch.object(LibraryStore, "save_annotations", slow):
        yield


async def scenario(folder: Path, data: st.DataObject, people: bool = True) -> None:
    run = Run(folder, data, people)
    try:
        with slow_disk():
            while await run.session():
                pass
    except BaseException:
        print("steps:", run.log)
        raise


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_recorded_sequences(tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    draws = RECORDED[name]
    monkeypatch.setattr(sys.modules[__name__], "STEPS", sum(1 for label, _ in draws if label == "action"))
    asyncio.run(scenario(tmp_path / "library", Replay(draws), people=False))  # type: ignore[arg-type]  # recorded on the bundled papers alone


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
def test_the_app_does_what_the_reader_did(tmp_path_factory, data: st.DataObject) -> None:
    folder = tmp_path_factory.mktemp("model") / "library"
    asyncio.run(scenario(folder, data))
