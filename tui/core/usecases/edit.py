"""`paperdesk rate`, `status`, `tag` and `note`: one paper found by id prefix or query, its annotation edited, logged.

Each edit (`rate`, `set_status`, `edit_tags`, `set_notes`) is saved by
`usecases.annotate.save_logged`, with a change-log entry in the same atomic write
for the app's undo, and returns an `Edit` whose `line` says what changed.
An edit that changes nothing writes nothing (`usecases.annotate.same_value`, as in the app).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tui.core.errors import NotFound
from tui.core.library import Library
from tui.core.models import Annotation, Paper, Status
from tui.core.render.text import one_line
from tui.core.render.titles import row_title
from tui.core.usecases.annotate import drop_source_tags, parse_tags, save_logged
from tui.core.usecases.list import papers_matching
from tui.core.words import plural

#: How many candidates an ambiguous id or query lists.
CANDIDATES_SHOWN = 20
#: How much of a title a report line shows.
TITLE_SHOWN = 60

_HEX = re.compile(r"[0-9a-f]+")


# -- finding a paper ----------------------------------------------------------------


def candidate_line(paper: Paper, annotation: Annotation | None) -> str:
    """"id<TAB>title" for a list of candidates, safe to print."""
    return f"{paper.id}\t{row_title(paper, annotation)}"


def _short(paper: Paper, annotation: Annotation | None) -> str:
    title = row_title(paper, annotation)
    return title if len(title) <= TITLE_SHOWN else title[: TITLE_SHOWN - 1].rstrip() + "…"


def _candidates(lib: Library, papers: Sequence[Paper]) -> tuple[str, ...]:
    lines = [candidate_line(p, lib.annotation(p.id)) for p in papers[:CANDIDATES_SHOWN]]
    if len(papers) > CANDIDATES_SHOWN:
        lines.append(f"… and {len(papers) - CANDIDATES_SHOWN} more")
    return tuple(lines)


def by_id_prefix(lib: Library, text: str) -> list[Paper]:
    """The papers whose id starts with `text` (case-insensitive), in list order."""
    prefix = text.strip().lower()
    if not prefix or not _HEX.fullmatch(prefix):
        return []
    exact = lib.get(prefix)
    if exact is not None:
        return [exact]
    return [p for p in lib.papers if p.id.startswith(prefix)]


def by_citekey(lib: Library, text: str) -> list[Paper]:
    """The papers whose citation key is `text` (case-insensitive)."""
    wanted = text.strip().casefold()
    return [p for p in lib.papers if p.citekey and p.citekey.casefold() == wanted] if wanted else []


def resolve_paper(lib: Library, text: str) -> Paper:
    """The one paper an id, a unique id start or a citation key names; `NotFound` (with the candidates) otherwise.

    The one way every command names a paper (`rate`, `status`, `tag`, `note`, `related`, and `show`/`cite`
    before they try a query): a unique id start wins over a key, a key over an ambiguous id start.
    """
    found = by_id_prefix(lib, text)
    if len(found) == 1:
        return found[0]
    keyed = by_citekey(lib, text)
    if len(keyed) == 1:
        return keyed[0]
    shown = one_line(text)
    if found:
        raise NotFound(f"{shown}: {len(found)} papers have ids starting so; give more of the id", _candidates(lib, found))
    if keyed:
        raise NotFound(f"{shown}: {len(keyed)} papers have this citation key; give an id", _candidates(lib, keyed))
    raise NotFound(f"{shown}: no paper has this id or citation key (ids are the first column of `paperdesk list`)")


def find_one(lib: Library, text: str) -> Paper:
    """The paper an id (or unique id prefix), a citation key or a filter query names; `NotFound` listing the
    matches otherwise.

    What `resolve_paper` names comes first; a query must match exactly one paper. An empty or blank `text` names
    none (a query of nothing matches every paper, and in a library of one it would pick that one: `split "$ID"`
    with ID unset).
    """
    if not text.strip():
        raise NotFound("an ID is needed: a paper's id, a unique start of it, its citation key, or a query naming one paper")
    if by_id_prefix(lib, text) or by_citekey(lib, text):
        return resolve_paper(lib, text)
    hits = list(papers_matching(lib, text))  # a malformed query raises its own one line
    if len(hits) == 1:
        return hits[0]
    shown = one_line(text)
    if not hits:
        raise NotFound(f"{shown}: no paper has this id or matches this query")
    raise NotFound(f"{shown}: {len(hits)} papers match; give one id", _candidates(lib, hits))


# -- editing -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Edit:
    """What an edit did: the paper, its annotation afterwards, and one line saying so."""

    paper: Paper
    annotation: Annotation
    changed: bool
    what: str

    @property
    def line(self) -> str:
        """"3f2a9c1b7d4e  Title…: rating ★★☆☆☆ → ★★★★☆" (or "rating already ★★★★☆"), fit to print."""
        return f"{self.paper.id}  {_short(self.paper, self.annotation)}: {one_line(self.what)}"


def _save(lib: Library, paper: Paper, changes: dict[str, Any], what: str) -> Edit:
    """Write `changes` with their change-log entry in one atomic save; nothing when they change nothing."""
    saved = save_logged(lib, paper.id, changes, lambda after: f"{what} ({row_title(paper, after)})")
    if saved is None:
        return Edit(paper, lib.annotation(paper.id), False, what)
    return Edit(paper, saved, True, what)


def _arrow(label: str, old: str, new: str) -> str:
    """"rating ★★☆☆☆ → ★★★★☆", or "rating already ★★★★☆" when nothing changes."""
    return f"{label} {old} → {new}" if old != new else f"{label} already {new}"


def stars(rating: int) -> str:
    """★★★☆☆ for 3, "unrated" for 0."""
    return "★" * rating + "☆" * (5 - rating) if rating else "unrated"


def rate(lib: Library, pid_text: str, rating: int) -> Edit:
    """Rate the paper 0 (clear) to 5."""
    if not 0 <= rating <= 5:
        raise ValueError("a rating is 0 (none) to 5")
    paper = resolve_paper(lib, pid_text)
    old = lib.annotation(paper.id).rating
    return _save(lib, paper, {"rating": rating}, _arrow("rating", stars(old), stars(rating)))


def parse_status(text: str) -> Status:
    """A status from its name or a unique start of it (`skip`, `to`); ValueError naming the choices."""
    folded = text.strip().casefold()
    found = [s for s in Status if s.value == folded] or [s for s in Status if s.value.startswith(folded) and folded]
    if len(found) != 1:
        raise ValueError(f"{one_line(text)!r} is not a status ({', '.join(s.value for s in Status)})")
    return found[0]


def set_status(lib: Library, pid_text: str, status: Status | str) -> Edit:
    """Set the reading status (the first `reading`/`read` also stamps the day, as in the app)."""
    status = Status(status)
    paper = resolve_paper(lib, pid_text)
    old = lib.annotation(paper.id).status
    return _save(lib, paper, {"status": status.value}, _arrow("status", old.value, status.value))


def apply_tag_edits(tags: Sequence[str], edits: Sequence[str]) -> tuple[str, ...]:
    """`tags` after `edits`: "+tag" or "tag" adds, "-tag" removes (case-insensitively); order is kept.

    A word may hold several comma-separated tags ("+a,b"); tags are cleaned as
    the app's tag box cleans them (one line, single spaces).
    """
    result = list(tags)
    for edit in edits:
        sign, body = (edit[0], edit[1:]) if edit[:1] in "+-" and edit[:1] else ("+", edit)
        for tag in parse_tags(body):
            folded = tag.casefold()
            if sign == "-":
                result = [t for t in result if t.casefold() != folded]
            elif not any(t.casefold() == folded for t in result):
                result.append(tag)
    return tuple(result)


def edit_tags(lib: Library, pid_text: str, edits: Sequence[str]) -> Edit:
    """Add (+tag) and remove (-tag) tags.

    Tags that came with the data (`store.tags.source_tags`) are the reader's to keep (`+x` makes one theirs)
    or remove (`-x` takes it off the paper, `usecases.annotate.drop_source_tags`).
    """
    if not any(parse_tags(e[1:] if e[:1] in "+-" else e) for e in edits):
        raise ValueError("give tags to add (+tag) or remove (-tag)")
    paper = resolve_paper(lib, pid_text)
    old = lib.annotation(paper.id).tags
    new = apply_tag_edits(old, edits)
    removals = [t for e in edits if e[:1] == "-" for t in parse_tags(e[1:])]
    dropped = drop_source_tags(lib, paper.id, removals)
    paper = lib.get(paper.id) or paper
    added = [t for t in new if t not in old]
    folded_old = {t.casefold() for t in old}
    removed = [t for t in old if t not in new] + [t for t in dropped if t.casefold() not in folded_old]
    parts = [f"+{t}" for t in added] + [f"-{t}" for t in removed]
    mine = {t.casefold() for t in new}
    imported = [t for t in paper.tags if t.casefold() not in mine]
    what = f"tags {' '.join(parts) or 'unchanged'} (now: {', '.join(new) or 'none'}"
    what += f"; from the data: {', '.join(imported)})" if imported else ")"
    edit = _save(lib, paper, {"tags": list(new)}, what)
    return Edit(paper, edit.annotation, edit.changed or bool(dropped), what)


def appended(notes: str, text: str) -> str:
    """`notes` with `text` added as a new line (or paragraph start) at the end."""
    if not notes:
        return text
    return notes + ("" if notes.endswith("\n") else "\n") + text


def set_notes(lib: Library, pid_text: str, text: str, *, append: bool = False) -> Edit:
    """Replace the notes with `text`, or append it on a new line."""
    paper = resolve_paper(lib, pid_text)
    old = lib.annotation(paper.id).notes
    if append:
        return save_notes(lib, paper, appended(old, text), f"appended {_count(text)}")
    return save_notes(lib, paper, text, "replaced")


def save_notes(lib: Library, paper: Paper, notes: str, verb: str = "edited") -> Edit:
    """Store `notes` as the paper's notes (what `--edit` calls once the editor exits)."""
    old = lib.annotation(paper.id).notes
    if old == notes:
        return _save(lib, paper, {"notes": notes}, f"notes unchanged ({_count(old)})")
    return _save(lib, paper, {"notes": notes}, f"notes {verb} (now {_count(notes)}, was {_count(old)})")


def _count(text: str) -> str:
    return plural(len(text.splitlines()), "line")
