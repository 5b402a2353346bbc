"""Markdown export, as text: one document for pandoc, or one file per paper (an Obsidian vault).

Text is written as the reader wrote it: titles, abstracts (LaTeX and all)
and notes are never escaped or reflowed; only terminal control characters
are removed (`text.clean`). A per-paper file is YAML front matter, the title,
the abstract as a block quote, the highlights (`## Highlights`, quotes with
their comments, when there are any), and a `## Notes` section holding the notes
(verbatim but for their headings, nested one level below `## Notes`); `notes_import` reads such files back. The front matter carries
`export_hash`, a hash of the paper's annotation as stored at export time, so
an import can tell whether the library changed since.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from tui.core.export import frontmatter
from tui.core.export.highlights_md import highlights_markdown, pair_list
from tui.core.export.own_text import ABSTRACT, ABSTRACT_HEADING, HIGHLIGHTS, HIGHLIGHTS_HEADING, TITLE, OwnText, with_own_text
from tui.core.export.vault_markdown import shift_headings, vault_tag
from tui.core.export.vault_markdown import shown_title as rendered_title
from tui.core.models import Annotation, Paper, Status, day, shown_title, source_tags, utc_now
from tui.core.render.links import code_links
from tui.core.render.text import clean, one_line
from tui.core.words import plural

#: The heading that starts the notes in a per-paper file; import reads what follows it.
NOTES_HEADING = "## Notes"
#: How much deeper a note's headings sit in a per-paper file (`# H` under `## Notes` is `### H`).
#: The front matter says it (`notes_heading_offset`), so files written before it read back as written.
NOTES_HEADING_OFFSET = 2
#: Raised when a per-paper file is written differently: a sync then renders every file again.
FILE_FORMAT = 2

@dataclass(frozen=True, slots=True)
class Entry:
    """A paper and its annotation: what every export function takes."""

    paper: Paper
    annotation: Annotation

    @property
    def title(self) -> str:
        return shown_title(self.paper, self.annotation)


def entries(papers: Iterable[Paper], annotation_of: Callable[[str], Annotation]) -> list[Entry]:
    """Pair each paper with its annotation (`Library.annotation`), keeping the order."""
    return [Entry(p, annotation_of(p.id)) for p in papers]


def annotated_entries(papers: Iterable[Paper], annotations: dict[str, Annotation]) -> list[Entry]:
    """The papers the reader said something about, in list order: the default export."""
    return [Entry(p, annotations[p.id]) for p in papers if p.id in annotations and annotations[p.id].is_annotated]


def annotation_hash(annotation: Annotation) -> str:
    """A short hash of what the reader edits (notes, rating, status, tags, title), as a file holds it.

    Written into each per-paper file as `export_hash`. On import, a library
    annotation whose hash still matches has not changed since the export;
    `file_hash` of the file's own values tells whether the file was edited
    since. Tags count in their vault form and notes without trailing
    whitespace, so both sides hash alike.
    """
    tags = [vault_tag(t) for t in annotation.tags]
    return values_hash(annotation.notes, annotation.rating, annotation.status, tags, annotation.title, pair_list(annotation.highlights))


def values_hash(notes: str, rating: int, status: Status | str, tags: Sequence[str], renamed_title: str, highlights: Sequence[Sequence[str]] = ()) -> str:
    """The hash behind `annotation_hash` and `notes_import.file_hash` (must not change across versions).

    Highlights, as [text, comment] pairs, count only when there are some, so a
    paper without any hashes as it did before highlights existed.
    """
    status_value = status.value if isinstance(status, Status) else str(status)
    state: list[object] = [clean(notes).rstrip(), rating, status_value, list(tags), clean(renamed_title)]
    if highlights:
        state.append(sorted(list(map(list, highlights))))
    return hashlib.sha256(json.dumps(state, ensure_ascii=False).encode("utf-8")).hexdigest()[:16]


# -- rendering ---------------------------------------------------------------------


def stars(rating: int) -> str:
    """★★★☆☆ for 3; empty for an unrated paper."""
    return "★" * rating + "☆" * (5 - rating) if rating else ""


def meta_line(entry: Entry) -> str:
    """`List: … · Key: doe2019sparse · Rating: ★★★☆☆ · Status: reading · Tags: a, b · Started: 2026-…`, one line."""
    paper, ann = entry.paper, entry.annotation
    parts = [f"List: {paper.list}"]
    if paper.citekey:
        parts.append(f"Key: {paper.citekey}")
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
    if imported := source_tags(paper, ann):
        parts.append("Tags from the data: " + ", ".join(imported))
    for label, stamp in (("Opened", ann.opened), ("Started", ann.started), ("Finished", ann.finished), ("Updated", ann.updated)):
        if stamp:
            parts.append(f"{label}: {day(stamp)}")
    return one_line(clean(" · ".join(parts)))


def quote(text: str) -> str:
    """`text` as a Markdown block quote, every line kept as written."""
    return "\n".join(f"> {line}" if line.strip() else ">" for line in clean(text).strip("\n").split("\n"))


#: What in a title Markdown would read as a link or an image (`[x](url)`, `![](url)`, `<url>`, `<a href>`), or as
#: an escape of one of them.
_LINK_SYNTAX = re.compile(r"([\\\[\]<>])")


def heading_text(title: str) -> str:
    """A title as a Markdown heading's text: rendered (`shown_title`), link and image syntax escaped, so a title
    `[arXiv](https://evil.example)` reads as written and links nowhere."""
    return _LINK_SYNTAX.sub(r"\\\1", rendered_title(title)) or "(untitled)"


def paper_section(entry: Entry, level: int = 2) -> str:
    """One paper as Markdown: heading, meta line, abstract quote, then the notes verbatim.

    This is also what `C` copies to the clipboard.
    """
    parts = [f"{'#' * level} {heading_text(entry.title)}", meta_line(entry)]
    if entry.paper.abstract.strip():
        parts.append(quote(entry.paper.abstract))
    if entry.annotation.highlights:
        parts += [f"{'#' * (level + 1)} Highlights", highlights_markdown(entry.annotation.highlights, entry.paper.abstract)]
    notes = clean(entry.annotation.notes).strip("\n")
    if notes.strip():
        # The notes' own headings nest below "### Notes": a note's "# H" becomes "#### H".
        parts += [f"{'#' * (level + 1)} Notes", shift_headings(notes, level + 1)]
    from tui.core.export.paper_text import zotero_extra

    for zotero_note in zotero_extra(entry.paper)[1]:  # Zotero's child notes, apart from the reader's own
        text = clean(zotero_note).strip("\n")
        if text.strip():
            parts += [f"{'#' * (level + 1)} Zotero note", shift_headings(text, level + 1)]
    return "\n\n".join(parts) + "\n"


def render_document(items: Sequence[Entry], now: str | None = None) -> str:
    """The one-document export: a top heading and one section per paper."""
    stamp = now or utc_now()
    head = f"# paperdesk notes\n\n{plural(len(items))}, exported {day(stamp)}.\n"
    return "\n".join([head, *(paper_section(e) for e in items)])


def library_id(library_key: str) -> str:
    """A short id of a library (from its folder), written into files as `library_id`.

    A sync without its state trusts an unedited file to be older than the
    library only when this library wrote it: another machine's file is not.
    """
    return hashlib.sha256(library_key.encode("utf-8")).hexdigest()[:12] if library_key else ""


def front_matter_fields(entry: Entry, now: str, library: str = "") -> dict[str, object]:
    """The YAML front matter of a per-paper file, in the order a reader expects."""
    paper, ann = entry.paper, entry.annotation
    fields: dict[str, object] = {
        "id": paper.id,
        "title": clean(entry.title),
        "renamed": bool(ann.title),  # see notes_import: a derived title is not a rename
        "list": clean(paper.list),
    }
    if paper.citekey:
        fields["citekey"] = paper.citekey  # what a note links to and a document cites
    for key in ("authors", "year", "venue", "url", "doi"):
        value = getattr(paper, key)
        if value:
            fields[key] = [clean(v) for v in value] if isinstance(value, tuple) else clean(value)
    links = code_links(paper.abstract)
    if links:
        fields["code"] = links
    if ann.rating:
        fields["rating"] = ann.rating  # an unrated paper has no rating, not "rating: 0"
    fields["status"] = ann.status.value
    # Obsidian tags cannot hold spaces: the vault gets "llm-training", import maps it back.
    typed = [t for t in ann.tags if vault_tag(t)]
    fields["tags"] = [vault_tag(t) for t in typed]
    if fields["tags"] != typed:
        # The tags as the library holds them, so any machine's import restores "llm training".
        fields["typed_tags"] = [clean(t) for t in typed]
    for key in ("created", "updated", "opened", "started", "finished"):
        if getattr(ann, key):
            fields[key] = getattr(ann, key)
    fields["exported"] = now
    fields["export_hash"] = annotation_hash(ann)
    fields["notes_heading_offset"] = NOTES_HEADING_OFFSET
    if library:
        fields["library_id"] = library
    return fields


#: The front-matter keys paperdesk writes; a vault's own keys (aliases, cssclasses, …) are kept beside them.
OWN_KEYS = frozenset(
    "id title renamed list citekey authors year venue url doi code rating status tags typed_tags "
    "created updated opened started finished exported export_hash notes_heading_offset library_id".split()
)


def render_paper_file(
    entry: Entry, now: str | None = None, keep: dict[str, object] | None = None, library: str = "", own: OwnText = ()
) -> str:
    """A per-paper file: front matter, title, abstract, and the notes after `## Notes`.

    The notes are followed by exactly one newline, which import removes, so
    notes round-trip byte for byte (leading blank lines and spaces included).
    `keep` is the front matter of the file being replaced: its keys that
    paperdesk does not write are carried over; `own` is the reader's own
    text in that file (`own_text`), put back where it was. `library` is the
    writing library's `library_id`.
    """
    fields = front_matter_fields(entry, now or utc_now(), library)
    # Keys the user added in the vault survive a rewrite.
    fields.update({k: v for k, v in (keep or {}).items() if isinstance(k, str) and k not in OWN_KEYS})
    parts = [(TITLE, f"# {heading_text(entry.title)}\n")]
    if entry.paper.abstract.strip():
        parts.append((ABSTRACT, f"{ABSTRACT_HEADING}\n\n{quote(entry.paper.abstract)}\n"))
    if entry.annotation.highlights:
        parts.append((HIGHLIGHTS, f"{HIGHLIGHTS_HEADING}\n\n{highlights_markdown(entry.annotation.highlights, entry.paper.abstract)}\n"))
    notes = shift_headings(clean(entry.annotation.notes), NOTES_HEADING_OFFSET)
    return "\n".join([frontmatter.dump(fields), *with_own_text(parts, own), f"{NOTES_HEADING}\n\n{notes}\n"])


def plain_summary(entry: Entry) -> str:
    """Title, list and abstract as plain text: what `c` copies."""
    title = rendered_title(entry.title) or "(untitled)"  # as the list shows it (issue 13)
    return f"{title}\n{one_line(clean(entry.paper.list))}\n\n{clean(entry.paper.abstract).strip()}\n"
