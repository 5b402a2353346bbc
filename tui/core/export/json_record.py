"""A paper and its annotation as one flat record, for `paperdesk list --json` and scripts."""

from __future__ import annotations

from typing import Any

from tui.core.highlights import anchor_all, document
from tui.core.highlights import record as highlight_record
from tui.core.models import Annotation, Paper, source_tags
from tui.core.render.titles import display_title


def paper_record(paper: Paper, annotation: Annotation) -> dict[str, Any]:
    """Every stored field of the paper, with the annotation's fields at the top level.

    `title` is the shown title (LaTeX rendered); the title that came with the data, if any, is
    `data_title`, and the one derived from the abstract is `derived_title`.
    `tags` are the reader's; `source_tags` those that came with the data (BibTeX `keywords`, Zotero's
    tags) and are not the reader's too. `year` is a number when it is one. `highlights` are in reading order, each
    `{text, comment, prefix, suffix, start}` (`start` where the text is now; -1 and
    `orphaned: true` when the abstract no longer holds it).
    """
    record = paper.to_doc()
    if paper.year.isdigit():
        record["year"] = int(paper.year)  # a number for scripts; an odd year ("2024a") stays text
    record["data_title"] = record.pop("title", "")
    record.update(
        title=display_title(paper, annotation),
        derived_title=paper.derived_title,
        notes=annotation.notes,
        rating=annotation.rating,
        status=annotation.status.value,
        tags=list(annotation.tags),
        source_tags=list(source_tags(paper, annotation)),
        created=annotation.created,
        updated=annotation.updated,
        opened=annotation.opened,
        started=annotation.started,
        finished=annotation.finished,
        highlights=[highlight_record(a) for a in anchor_all(annotation.highlights, document(paper.abstract))]
        if annotation.highlights else [],
    )
    return record
