""""Go to paper…": a palette that fuzzy-finds a paper by its shown title (rapidfuzz, any library size)."""

from __future__ import annotations

import asyncio
from functools import partial
from typing import TYPE_CHECKING, cast

from rapidfuzz import fuzz, process, utils
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content

from tui.core.render.text import one_line
from tui.core.render.titles import display_title as shown_title  # titles render LaTeX like abstracts
from tui.ui.palette import highlight_data

if TYPE_CHECKING:
    from tui.ui.app import PaperdeskApp

#: Best matches shown per keystroke.
LIMIT = 20


class PaperCommands(Provider):
    """Titles of every paper; choosing one moves the list's cursor onto it."""

    titles: list[str] = []
    ids: list[str] = []

    @property
    def desk(self) -> PaperdeskApp:
        return cast("PaperdeskApp", self.app)

    async def startup(self) -> None:
        """Take the titles once per palette (custom titles included), in a thread: ~0.1 s at 100k papers."""
        library = self.desk.library
        if library is not None:
            self.ids, self.titles = await asyncio.to_thread(_titles, library)

    def _go(self, pid: str) -> None:
        self.desk.go_to_paper(pid)

    async def discover(self) -> Hits:
        for pid, title in list(zip(self.ids, self.titles, strict=False))[:LIMIT]:
            yield DiscoveryHit(Content(title), partial(self._go, pid), text=title)

    async def search(self, query: str) -> Hits:
        if not query.strip():
            return
        found = await asyncio.to_thread(rank_titles, query, self.titles)
        matcher = self.matcher(query)
        for index, score in found:
            title = self.titles[index]
            yield Hit(score / 100, highlight_data(matcher, title), partial(self._go, self.ids[index]), text=title)


def _titles(library) -> tuple[list[str], list[str]]:  # type: ignore[no-untyped-def]
    annotations = library.annotations()
    papers = list(library.papers)
    return [p.id for p in papers], [one_line(shown_title(p, annotations.get(p.id))) for p in papers]


def in_order(letters: str, text: str) -> bool:
    """Every character of `letters` occurs in `text`, in order (gaps allowed): "bslora" in "bi share lora"."""
    rest = iter(text)
    return all(char in rest for char in letters)


def title_words(title: str) -> set[str]:
    """The title's words (processed), plus its method name written as one word: "DP-TS-UCB: …" gives "dptsucb"."""
    words = set(utils.default_process(title).split())
    name, colon, _ = title.partition(":")
    if colon and len(name.split()) <= 3:
        words.add("".join(ch for ch in name.casefold() if ch.isalnum()))
    return words


def rank_titles(query: str, titles: list[str], limit: int = LIMIT) -> list[tuple[int, float]]:
    """Best (index, score 0-100) for `query`: part of a title scores high, whole words break ties.

    A title must hold the query's letters in order ("bslora" never offers
    "Implicit regularization…"). `partial_ratio` (C, over every title) picks
    candidates; `token_set_ratio` and the share of query words that start a
    title word re-rank those few, so "grad split" finds "FRUGAL: …Gradient
    splitting" first (WRatio would penalise the short query against a long
    title); a query that is one of the title's words, its method name
    included, scores full marks.
    """
    query = utils.default_process(query)
    letters = query.replace(" ", "")
    candidates = process.extract(query, titles, scorer=fuzz.partial_ratio, processor=utils.default_process, limit=limit * 10)
    scored = []
    for title, score, index in candidates:
        processed = utils.default_process(title)
        if not in_order(letters, processed.replace(" ", "")):
            continue
        words = title_words(title)
        if query in words:
            scored.append((index, 100.0))
            continue
        starts = sum(any(w.startswith(q) for w in words) for q in query.split()) / max(1, len(query.split()))
        scored.append((index, 0.4 * score + 0.2 * fuzz.token_set_ratio(query, processed) + 40 * starts))
    scored.sort(key=lambda pair: -pair[1])
    return [(index, score) for index, score in scored[:limit] if score >= 35]
