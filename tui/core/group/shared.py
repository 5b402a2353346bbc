"""A member's file, `members/NAME.json`: what one member shares, written so that diffs stay small.

What is shared, per paper the member rated, gave a status or tagged with a
shared tag (or commented on): the rating, the status, the shared tags and
the one-line comment, with what names the paper (its id, title, authors,
year, venue, DOI, arXiv id, citation key, URL) and its abstract, so that a member
who lacks the paper can add it. Notes and highlights go only for papers the
member opted in. Papers are sorted by title and the JSON keys by name, one
field a line: a new rating is a one-line diff. Nothing in the file changes
unless what is shared does, so a sync with nothing new makes no commit.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from tui.core.group.match import Identity, title_key
from tui.core.ingest.identity import arxiv_id
from tui.core.models import Annotation, MemberMark, Paper, Status
from tui.core.words import plural

FORMAT = 1
#: Fields that name a paper (and let a member who lacks it add it), as written in an entry.
PAPER_FIELDS = ("id", "title", "authors", "year", "venue", "list", "doi", "arxiv", "citekey", "url", "abstract")
#: Ids the status field may hold.
_STATUSES = {s.value: s for s in Status}


def shared_tags(tags: Iterable[str], group_tags: Sequence[str]) -> tuple[str, ...]:
    """The tags the group sees: those named in `group_tags`, or below one (`group/theory` below `group`)."""
    wanted = [t.casefold() for t in group_tags]
    return tuple(t for t in tags if any(t.casefold() == w or t.casefold().startswith(w + "/") for w in wanted))


def entry_of(paper: Paper, annotation: Annotation, *, comment: str, group_tags: Sequence[str], share_notes: bool) -> dict[str, Any] | None:
    """The entry this member shares about `paper`, or None when there is nothing to share.

    Rated, given a status, tagged with a shared tag or commented on: shared.
    """
    tags = shared_tags(annotation.tags, group_tags)
    if not (annotation.rating or annotation.status is not Status.UNREAD or tags or comment):
        return None
    entry: dict[str, Any] = {
        "id": paper.id,
        "title": paper.shown_title,
        "authors": list(paper.authors),
        "year": paper.year,
        "venue": paper.venue,
        "list": paper.list,
        "doi": paper.doi,
        "arxiv": arxiv_id(paper),
        "citekey": paper.citekey,
        "url": paper.url,
        "abstract": paper.abstract,
        "rating": annotation.rating,
        "status": annotation.status.value,
        "tags": list(tags),
        "comment": comment,
    }
    if share_notes:
        entry["notes"] = annotation.notes
        entry["highlights"] = [{"text": h.text, "comment": h.comment} for h in annotation.highlights]
    return {k: v for k, v in entry.items() if v not in ("", [], None) or k in ("rating", "status")}


def _order(entry: dict[str, Any]) -> tuple[str, str, str]:
    return (title_key(str(entry.get("title", ""))), str(entry.get("citekey", "")), str(entry.get("doi", "")))


def member_text(name: str, entries: Iterable[dict[str, Any]]) -> str:
    """The file's text: entries sorted by title, keys sorted, one field a line; the same input, the same bytes."""
    doc = {"format": FORMAT, "member": name, "papers": sorted(entries, key=_order)}
    return json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


class SharedPaper:
    """One entry of another member's file: what names the paper, and their mark on it."""

    __slots__ = ("fields", "mark", "identity")

    def __init__(self, fields: dict[str, Any], mark: MemberMark) -> None:
        self.fields = fields
        """The paper's fields as shared (`PAPER_FIELDS`; authors a list)."""
        self.mark = mark
        self.identity = Identity(
            str(fields.get("doi", "")), str(fields.get("arxiv", "")), str(fields.get("citekey", "")), str(fields.get("title", "")),
            str(fields.get("year", "")), str(fields.get("id", "")),
        )

    @property
    def title(self) -> str:
        return str(self.fields.get("title", ""))


class MemberFile:
    """A member's file as read: their name, their papers, and what was wrong with it (one line each)."""

    __slots__ = ("name", "papers", "problems")

    def __init__(self, name: str, papers: list[SharedPaper] | None = None, problems: list[str] | None = None) -> None:
        self.name = name
        self.papers: list[SharedPaper] = [] if papers is None else papers
        self.problems: list[str] = [] if problems is None else problems


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _paper(doc: Any, member: str) -> SharedPaper | None:
    """One entry, or None when it is not one (no title, a rating out of range, an unknown status)."""
    if not isinstance(doc, dict):
        return None
    title, rating, status = doc.get("title"), doc.get("rating", 0), _STATUSES.get(_text(doc.get("status", "unread")))
    if not isinstance(title, str) or not title.strip() or not isinstance(rating, int) or isinstance(rating, bool) or not 0 <= rating <= 5 or status is None:
        return None
    fields: dict[str, Any] = {k: _text(doc.get(k)) for k in PAPER_FIELDS if k != "authors"}
    authors = doc.get("authors")
    fields["authors"] = [a for a in authors if isinstance(a, str)] if isinstance(authors, list) else []
    tags = doc.get("tags")
    highlights = doc.get("highlights")
    mark = MemberMark(
        member=member,
        rating=rating,
        status=status,
        tags=tuple(t for t in tags if isinstance(t, str)) if isinstance(tags, list) else (),
        comment=" ".join(_text(doc.get("comment")).split()),
        notes=_text(doc.get("notes")),
        highlights=tuple(
            (h["text"], _text(h.get("comment"))) for h in highlights if isinstance(h, dict) and isinstance(h.get("text"), str)
        ) if isinstance(highlights, list) else (),
    )
    return SharedPaper(fields, mark)


def read_member(path: Path) -> MemberFile:
    """Read `members/NAME.json`; a file or entry that cannot be used is a problem line naming it, never an exception."""
    name = path.stem
    shown = f"{path.parent.name}/{path.name}"
    try:
        doc = json.loads(path.read_bytes())
    except OSError as exc:
        return MemberFile(name, problems=[f"{shown}: cannot be read ({exc.strerror or exc})"])
    except (ValueError, UnicodeDecodeError) as exc:
        return MemberFile(name, problems=[f"{shown}: not valid JSON ({exc}); its member's ratings are left out"])
    if not isinstance(doc, dict) or not isinstance(doc.get("papers"), list):
        return MemberFile(name, problems=[f"{shown}: not a member's file (no papers list); left out"])
    if doc.get("member") != name:
        return MemberFile(name, problems=[f"{shown}: names member {doc.get('member')!r}, not {name!r}; left out"])
    if isinstance(doc.get("format"), int) and doc["format"] > FORMAT:
        return MemberFile(name, problems=[f"{shown}: written by a newer paperdesk (format {doc['format']}); update to read it"])
    papers = [p for p in (_paper(d, name) for d in doc["papers"]) if p is not None]
    left = len(doc["papers"]) - len(papers)
    problems = [f"{shown}: {plural(left, 'entry', 'entries')} without a title or with a bad rating or status left out"] if left else []
    return MemberFile(name, papers, problems)
