"""One paper as plain text for a terminal (`paperdesk show`): what the reading pane shows, minus the styling.

Every field comes from data, so each goes through `one_line` or `visible`:
a control character in a title or a note prints as a picture, never acts.
"""

from __future__ import annotations

from typing import Any

from tui.core.export.json_record import paper_record
from tui.core.highlights import Anchored, anchor_all, document
from tui.core.models import Annotation, Paper, source_tags
from tui.core.render.latex import to_unicode
from tui.core.render.links import code_links, is_code_link
from tui.core.render.text import one_line, visible
from tui.core.render.titles import row_title


def annotation_line(annotation: Annotation, paper: Paper | None = None) -> str:
    """"★★★☆☆  reading (opened 2026-01-02, started 2026-01-03)  #rl #vision", as the pane has it; with `paper`,
    the tags that came with its data after the reader's, marked so: "  from the data: #sparsity #lasso"."""
    rating = annotation.rating
    parts = ["★" * rating + "☆" * (5 - rating)]
    stamps = (("opened", annotation.opened), ("started", annotation.started), ("read", annotation.finished))
    dates = [f"{label} {stamp[:10]}" for label, stamp in stamps if stamp]
    parts.append(annotation.status.value + (f" ({', '.join(dates)})" if dates else ""))
    parts.extend("#" + one_line(tag) for tag in annotation.tags)
    imported = source_tags(paper, annotation) if paper is not None else ()
    if imported:
        parts.append("from the data: " + " ".join("#" + one_line(tag) for tag in imported))
    return "  ".join(parts)


def highlight_line(anchored: Anchored) -> str:
    """"“quoted text” — comment" on one line ("(orphaned)" when the abstract no longer holds it)."""
    h = anchored.highlight
    line = f"“{one_line(h.text)}”" + (f" — {one_line(h.comment)}" if h.comment else "")
    return line + (" (orphaned: no longer in the abstract)" if anchored.orphaned else "")


def _links(paper: Paper) -> list[str]:
    found = code_links(paper.abstract)
    if paper.url and is_code_link(paper.url) and paper.url.rstrip("/") not in found:
        found.append(paper.url.rstrip("/"))
    return found


def zotero_extra(paper: Paper) -> tuple[str, list[str]]:
    """The zotero:// link back and the child notes (Markdown) of a paper a Zotero import brought; ("", []) for others."""
    found = paper.extra.get("zotero") if paper.extra else None
    if not isinstance(found, dict):
        return "", []
    notes = found.get("notes")
    texts = [str(n["text"]) for n in notes if isinstance(n, dict) and isinstance(n.get("text"), str)] if isinstance(notes, list) else []
    link = found.get("link")
    return (link if isinstance(link, str) else ""), texts


def _lists(paper: Paper) -> str:
    """The paper's list, and the others it is in (`extra["also_in"]`, a Zotero item in several collections)."""
    also = paper.extra.get("also_in") if paper.extra else None
    names = [paper.list, *(n for n in also if isinstance(n, str))] if isinstance(also, list) else [paper.list]
    return ", ".join(n for n in names if n.strip())


def paper_text(paper: Paper, annotation: Annotation, versions: list[str] | None = None) -> str:
    """Title, metadata, annotation line, abstract (LaTeX as Unicode), code links and notes, as lines; `versions`:
    a line per version the paper holds (`ingest.versions.version_lines`), under the id."""
    head = [row_title(paper, annotation)]
    if paper.authors:
        head.append(one_line(", ".join(paper.authors)))
    place = " · ".join(one_line(p) for p in (paper.venue, paper.year, _lists(paper)) if p.strip())
    if place:
        head.append(place)
    links = [f"doi:{one_line(paper.doi)}" if paper.doi else "", one_line(paper.url)]
    if any(links):
        head.append("  ".join(link for link in links if link))
    head.append(annotation_line(annotation, paper))
    head.append(f"id {paper.id}" + (f"  key {one_line(paper.citekey)}" if paper.citekey else ""))
    if versions:
        head.append("Versions:")
        head.extend("  " + one_line(line) for line in versions)
    zotero_link, zotero_notes = zotero_extra(paper)
    if zotero_link:
        head.append(f"Zotero: {one_line(zotero_link)}")
    blocks = ["\n".join(head)]
    blocks.append(visible(to_unicode(paper.abstract)).strip() if paper.abstract.strip() else "(no abstract)")
    code = _links(paper)
    if code:
        blocks.append("Code: " + "  ".join(one_line(url) for url in code))
    if annotation.notes.strip():
        blocks.append("Notes:\n" + visible(annotation.notes).strip("\n"))
    for note in zotero_notes:  # Zotero's notes, apart from the reader's own
        blocks.append("Zotero note:\n" + visible(note).strip("\n"))
    if annotation.highlights:
        blocks.append("Highlights:\n" + "\n".join(highlight_line(a) for a in anchor_all(annotation.highlights, document(paper.abstract))))
    return "\n\n".join(blocks) + "\n"


def paper_json(paper: Paper, annotation: Annotation) -> dict[str, Any]:
    """`paperdesk list --json`'s record, plus the abstract as shown (`abstract_text`, LaTeX as Unicode)."""
    record = paper_record(paper, annotation)
    record["abstract_text"] = to_unicode(paper.abstract)
    return record
