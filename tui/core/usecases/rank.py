"""The learned orders of a library: its ranking engine loaded (or built and saved), "for me" learned from the ratings.

The command line's `list --sort for-me`, `--query 'about:"…"'` and `related`
come here, as the app's ranking part does (`tui/ui/library/learned.py`). The
engine (`tui.core.ranking`, scikit-learn) is imported only when one of them is
asked for: never by a command or an app start that does not rank.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from tui.core.library import Library
from tui.core.models import Annotation, Paper

if TYPE_CHECKING:
    from tui.core.ranking.engine import ForMe, Ranker
    from tui.core.ranking.labels import Labels

#: A liked title named in a one-line notice ("more like ‹title›") is cut to this many characters.
SHORT_TITLE = 48
#: How many BM25 neighbours the fused "more like this" re-orders: enough that meaning and ratings can lift a
#: paper BM25 put tenth, few enough that every one still shares words with the paper (they are shown).
RELATED_POOL = 5


def ranker_of(library: Library, progress: Callable[[float], None] | None = None, should_stop: Callable[[], bool] = lambda: False,
              papers: Sequence[Paper] | None = None) -> Ranker:
    """The library's ranking engine: the matrices saved beside it when its papers are unchanged, else built
    (and saved unless the library is read-only; kept in memory only while it has no papers.json). Raises
    `search.sorts.Cancelled` when `should_stop` says so.

    `papers`: the papers to rank in this order, when they are not the library's as stored now (the app's search
    index still holds papers removed since it was built, hidden): built in memory, never saved under a digest
    that names other papers.
    """
    from tui.core.ranking.engine import WORKER_FROM, Ranker

    stored = library.papers
    ranked = stored if papers is None else papers
    same = ranked is stored or [p.id for p in ranked] == [p.id for p in stored]
    if len(ranked) >= WORKER_FROM:
        _tracker_started()
    digest = library.papers_digest
    folder = library.folder if digest is not None and same else None  # nothing (else) to name the matrices by
    return Ranker.load_or_build(folder, digest or "", ranked, progress=progress, should_stop=should_stop, save=not library.read_only)


def _tracker_started() -> None:
    """Start multiprocessing's resource tracker, which the engine's build in a worker process needs, with a real stderr.

    The tracker hands `sys.stderr.fileno()` to its process; inside the app `sys.stderr` is Textual's capture, whose
    `fileno()` is -1, and the start fails ("bad value(s) in fds_to_keep"), taking the app down. Started once with
    stderr on os.devnull, it is running when the build's queue asks for it. Outside the app (stderr a real file) nothing
    is done.
    """
    import os
    import sys

    try:
        if sys.stderr is not None and sys.stderr.fileno() >= 0:
            return
    except (AttributeError, OSError, ValueError):
        pass  # no file behind it: as in the app
    from multiprocessing import resource_tracker

    saved = sys.stderr
    with open(os.devnull, "w", encoding="utf-8") as sink:
        sys.stderr = sink
        try:
            resource_tracker.ensure_running()
        finally:
            sys.stderr = saved


def labels_now(papers: Sequence[Paper], annotations: Mapping[str, Annotation], positive_tag: str | None = None,
               follows: Sequence[str] = ()) -> Labels:
    """What the reader's ratings, skips and (`positive_tag`) tag say they like and do not, by paper position; the
    papers of the `follows` (the followed names, `Library.follows`) are weak positives (issue 44)."""
    from tui.core.ranking.labels import labels_of

    followed: dict[str, list[int]] = {}
    if follows:
        from tui.core.usecases.follow import followed_papers

        followed = followed_papers(papers, follows)
    return labels_of(papers, annotations, positive_tag, followed)


def for_me(ranker: Ranker, papers: Sequence[Paper], annotations: Mapping[str, Annotation], positive_tag: str | None = None,
           follows: Sequence[str] = ()) -> ForMe:
    """The "for me" scores of every paper, learned from the reader's marks and follows now."""
    return ranker.for_me(labels_now(papers, annotations, positive_tag, follows))


def needs_line(learned: ForMe, labels: Labels, title_of: Callable[[int], str]) -> str | None:
    """What a "for me" order that is not (yet) learned from several papers says: what it needs ("rate a few
    papers 4 or 5"), or which paper it is like when only one is liked; None when it is learned."""
    if learned.needs:
        return learned.needs
    if learned.mode == "like-this" and len(labels.positives) == 1:
        title = " ".join(title_of(next(iter(labels.positives))).split())
        return f"more like {title if len(title) <= SHORT_TITLE else title[: SHORT_TITLE - 1] + '…'}"
    return None
