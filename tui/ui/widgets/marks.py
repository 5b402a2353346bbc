"""The marks a paper's annotation is drawn with: a glyph per reading status, and stars."""

from __future__ import annotations

from tui.core.models import Annotation, Status

#: One glyph per reading status, shown at the start of each row and in the reading pane.
STATUS_GLYPHS = {
    Status.UNREAD: " ",
    Status.TO_READ: "○",
    Status.READING: "◐",
    Status.READ: "●",
    Status.SKIPPED: "✕",
}


def stars(rating: int, empty: str = "☆") -> str:
    """A 0–5 rating as five cells: `rating` stars, then `empty` for the rest ("" for no padding)."""
    return "★" * rating + empty * (5 - rating)


#: Marks a list row whose paper has notes or highlights (in the cell after the status glyph).
NOTED_GLYPH = "✎"
#: Marks a list row whose paper is by an author the reader follows (a column after the stars, while anyone is followed).
FOLLOWED_GLYPH = "♥"


def has_writing(annotation: Annotation | None) -> bool:
    """The reader wrote something on the paper: notes, or highlights (when annotations carry them)."""
    if annotation is None:
        return False
    return bool(annotation.notes.strip() or getattr(annotation, "highlights", None))
