"""Picking up where the reader left off: the app's session read when a library opens and written when it quits.

The file itself is the store's (`store.session`: fields that make no sense
read as "nothing to restore"). Here is what the app asks of it: the session of
an open library, with only the sort orders that exist now, and a save that a
read-only library or a failed write passes over in silence (it is only a
convenience).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.core.search.sorts import SORT_NAMES
from tui.core.store.session import ExportPlaces, Session, TriagePass, load_session, save_session

if TYPE_CHECKING:
    from tui.core.library import Library

__all__ = ["ExportPlaces", "Session", "TriagePass", "load", "resumes", "save"]


def load(library: Library) -> Session:
    """The session saved beside `library`, or an empty one; never raises."""
    return load_session(library.folder, tuple(SORT_NAMES))


def save(library: Library, session: Session) -> None:
    """Keep `session` for the next launch, unless the library is read-only; a failed write is passed over."""
    if library.read_only:
        return
    try:
        save_session(library.folder, session)
    except OSError:
        pass


def resumes(walk: TriagePass, query: str) -> bool:
    """Whether `T` on the view filtered by `query` picks `walk` up where it stopped: it is unfinished and the
    filter selects the same papers however it is written (`status:unr` is `status:unread`, word order aside).
    The sort is not compared: the pass walks its papers in the order it started with, and a sort changed
    while looking around should not lose a pass's progress."""
    from tui.core.search.query import QueryError, parse_query

    if walk.finished:
        return False
    try:
        return parse_query(walk.query).meaning == parse_query(query).meaning
    except QueryError:
        return " ".join(walk.query.split()) == " ".join(query.split())
