"""Markdown export, as text: one document for pandoc, or one file per paper (an Obsidian vault).

Text is written as the reader wrote it: titles, abstracts (LaTeX and all)
and notes are never escaped or reflowed; only terminal control characters
are removed (`text.clean`). A per-paper file is YAML front matter, the title,
the abstract as a block quote, and a `## Notes` section holding the notes
verbatim; `notes_import` reads such files back. The front matter carries
`export_hash`, a hash of the paper's annotation as stored at export time, so
an import can tell whether the library changed since.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from tui.core.export import frontmatter
from tui.core.models import EDITABLE_FIELDS, Annotation, Paper, Status, day, utc_now
from tui.core.render.titles import display_title
from tui.core.render.text import clean, one_line

#: The heading that starts the notes in a per-paper file; import reads what follows it.
NOTES_HEADING = "## Notes"
ABSTRACT_HEADING = "## Abstract"
@dataclass(frozen=True, slots=True)
class Entry:
    """A paper and its annotation: what every export function takes."""

    paper: Paper
    annotation: Annotation

    @property
    def title(self) -> str:
        """The title as the reader sees it (LaTeX rendered): in documents, front matter and file names."""
        return display_title(self.paper, self.annotation)


def entries(papers: Iterable[Paper], annotation_of: Callable[[str], Annotation]) -> list[Entry]:
    """Pair each paper with its annotation (`Library.annotation`), keeping the order."""
    return [Entry(p, annotation_of(p.id)) for p in papers]


def annotated_entries(papers: Iterable[Paper], annotations: dict[str, Annotation]) -> list[Entry]:
    """The papers the reader said something about, in list order: the default export."""
    return [Entry(p, annotations[p.id]) for p in papers if p.id in annotations and annotations[p.id].is_annotated]


def annotation_hash(annotation: Annotation) -> str:
    """A short hash of what the reader edits (notes, rating, status, tags, title).

    Written into each per-paper file; on import, a library annotation whose
    hash still matches has not changed since the export.
    """
    state = [_plain(getattr(annotation, name)) for name in EDITABLE_FIELDS]
    return hashlib.sha256(json.dumps(state, ensure_ascii=False).encode("utf-8")).hexdigest()[:16]


def _plain(value: object) -> object:
    """A field's value as JSON holds it (the hash must not change across versions)."""
    if isinstance(value, Status):
        return value.value
    return list(value) if isinstance(value, tuple) else value


# -- rendering ---------------------------------------------------------------------


def stars(rating: int) -> str:
    """★★★☆☆ for 3; empty for an unrated paper."""
    return "★" * rating + "☆" * (5 - rating) if rating else ""


def meta_line(entry: Entry) -> str:
    """`List: … · Rating: ★★★☆☆ · Status: reading · Tags: a, b · Started: 2026-…`, one line."""
    paper, ann = entry.paper, entry.annotation
    parts = [f"List: {paper.list}"]
    if paper.authors:
        parts.append("Authors: " + ", ".join(paper.authors))
    for label, value in (("Year", paper.year), ("Venue", paper.venue)):
        if value:
            parts.append(f"{label}: {value}")
    if ann.rating:
        parts.append(f"Rating: {stars(ann.rating)}")
    parts.append(f"Status: {ann.status.value}")
    if ann.tags:
        parts.append("Tags: " + ", ".join(ann.tags))
    for label, stamp in (("Opened", ann.opened), ("Started", ann.started), ("Finished", ann.finished), ("Updated", ann.updated)):
        if stamp:
            parts.append(f"{label}: {day(stamp)}")
    return one_line(clean(" · ".join(parts)))


def quote(text: str) -> str:
    """`text` as a Markdown block quote, every line kept as written."""
    return "\n".join(f"> {line}" if line.strip() else ">" for line in clean(text).strip("\n").split("\n"))


def paper_section(entry: Entry, level: int = 2) -> str:
    """One paper as Markdown: heading, meta line, abstract quote, then the notes verbatim.

    This is also what `C` copies to the clipboard.
    """
    parts = [f"{'#' * level} {one_line(clean(entry.title)) or '(untitled)'}", meta_line(entry)]
    if entry.paper.abstract.strip():
        parts.append(quote(entry.paper.abstract))
    notes = clean(entry.annotation.notes).strip("\n")
    if notes.strip():
        parts.append(notes)
    return "\n\n".join(parts) + "\n"


def render_document(items: Sequence[Entry], now: str | None = None) -> str:
    """The one-document export: a top heading and one section per paper."""
    stamp = now or utc_now()
    count = f"{len(items)} paper" + ("" if len(items) == 1 else "s")
    head = f"# paperdesk notes\n\n{count}, exported {day(stamp)}.\n"
    return "\n".join([head, *(paper_section(e) for e in items)])


def front_matter_fields(entry: Entry, now: str) -> dict[str, object]:
    """The YAML front matter of a per-paper file, in the order a reader expects."""
    paper, ann = entry.paper, entry.annotation
    fields: dict[str, object] = {
        "id": paper.id,
        "title": clean(entry.title),
        "renamed": bool(ann.title),  # see notes_import: a derived title is not a rename
        "list": clean(paper.list),
    }
    for key in ("authors", "year", "venue", "url", "doi"):
        value = getattr(paper, key)
        if value:
            fields[key] = [clean(v) for v in value] if isinstance(value, tuple) else clean(value)
    fields.update(rating=ann.rating, status=ann.status.value, tags=[clean(t) for t in ann.tags])
    for key in ("created", "updated", "opened", "started", "finished"):
        if getattr(ann, key):
            fields[key] = getattr(ann, key)
    fields["exported"] = now
    fields["export_hash"] = annotation_hash(ann)
    return fields


def render_paper_file(entry: Entry, now: str | None = None) -> str:
    """A per-paper file: front matter, title, abstract, and the notes after `## Notes`.

    The notes are followed by exactly one newline, which import removes, so
    notes round-trip byte for byte (leading blank lines and spaces included).
    """
    fields = front_matter_fields(entry, now or utc_now())
    title = one_line(clean(entry.title)) or "(untitled)"
    parts = [frontmatter.dump(fields), f"# {title}\n"]
    if entry.paper.abstract.strip():
        parts.append(f"{ABSTRACT_HEADING}\n\n{quote(entry.paper.abstract)}\n")
    parts.append(f"{NOTES_HEADING}\n\n{clean(entry.annotation.notes)}\n")
    return "\n".join(parts)


def plain_summary(entry: Entry) -> str:
    """Title, list and abstract as plain text: what `c` copies."""
    title = one_line(clean(entry.title)) or "(untitled)"
    return f"{title}\n{one_line(clean(entry.paper.list))}\n\n{clean(entry.paper.abstract).strip()}\n"
