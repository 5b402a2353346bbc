"""A member's file, `members/NAME.json`: what one member shares, written so that diffs stay small.

What is shared, per paper the member rated, gave a status or tagged with a
shared tag (or commented on): the rating, the status, the shared tags and
the one-line comment, with what names the paper (its id, title, authors,
year, venue, DOI, arXiv id, citation key, URL) and its abstract, so that a member
who lacks the paper can add it. Notes and highlights go only for papers the
member opted in. Papers are sorted by title and the JSON keys by name, one
field a line: a new rating is a one-line diff. Nothing in the file changes
unless what is shared does, so a sync with nothing new makes no commit.

Another member's file is other people's data: it is read without following a
link, only up to `FILE_MAX` bytes, with the JSON reader the importers use
(orjson: nesting deeper than 1,024 is an error, not a recursion), and every
text in it is cut to a bound (`TEXT_MAX`, `NOTES_MAX`...): a 3 MB comment is
a line. A file that cannot be used is one "left out" line, never an exception.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import orjson

from tui.core.group.match import Identity, title_key
from tui.core.group.state import COMMENT_MAX
from tui.core.ingest.identity import arxiv_id
from tui.core.models import Annotation, MemberMark, Paper, Status
from tui.core.words import plural

FORMAT = 1
#: Fields that name a paper (and let a member who lacks it add it), as written in an entry.
PAPER_FIELDS = ("id", "title", "authors", "year", "venue", "list", "doi", "arxiv", "citekey", "url", "abstract")
#: Ids the status field may hold.
_STATUSES = {s.value: s for s in Status}
#: Another member's file is read up to this many bytes (thousands of papers with their abstracts); a bigger one is left out.
FILE_MAX = 8 << 20
#: Entries read from one member's file; the rest are left out (and said so).
ENTRIES_MAX = 10_000
#: A field naming a paper, a tag, a highlight or its comment is cut to this many characters.
TEXT_MAX = 2_000
#: An abstract or a member's shared notes is cut to this many characters.
NOTES_MAX = 20_000
#: Authors: at most this many per entry.
ITEMS_MAX = 200
#: Tags another member shares on one paper, each of at most `TAG_CHARS` characters: the pane shows them all.
TAGS_MAX = 20
TAG_CHARS = 100
#: Highlights another member shares on one paper: the pane shows them all.
HIGHLIGHTS_MAX = 50
#: Characters of a value quoted in a problem line.
QUOTED_MAX = 60


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
    """A member's file as read: their name, their papers, and what was wrong with it (one line each).

    `named` is False for what is no member at all (a file under a name `join` refuses, a `members` that is
    not a folder): its problem is reported, its name never listed among the members."""

    __slots__ = ("name", "papers", "problems", "named")

    def __init__(self, name: str, papers: list[SharedPaper] | None = None, problems: list[str] | None = None, named: bool = True) -> None:
        self.name = name
        self.papers: list[SharedPaper] = [] if papers is None else papers
        self.problems: list[str] = [] if problems is None else problems
        self.named = named

    @property
    def read(self) -> bool:
        """A member whose file could be used (its papers read, or none to read and nothing wrong)."""
        return self.named and (bool(self.papers) or not self.problems)


def cut(text: str, limit: int) -> str:
    """`text`, at most `limit` characters: cut with "…" when longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _text(value: Any, limit: int = TEXT_MAX) -> str:
    return cut(value, limit) if isinstance(value, str) else ""


def _texts(value: Any, limit: int = TEXT_MAX, most: int = ITEMS_MAX) -> tuple[str, ...]:
    """The strings of a list (at most `most`, each cut to `limit`); () for anything else."""
    return tuple(cut(v, limit) for v in value[:most] if isinstance(v, str)) if isinstance(value, list) else ()


def _comment(value: Any) -> str:
    """Another member's comment as a line of at most `COMMENT_MAX` characters (a long one is never split whole)."""
    return cut(" ".join(_text(value, COMMENT_MAX * 4).split()), COMMENT_MAX)


def _paper(doc: Any, member: str) -> SharedPaper | None:
    """One entry, or None when it is not one (no title, a rating out of range, an unknown status)."""
    if not isinstance(doc, dict):
        return None
    title, rating, status = doc.get("title"), doc.get("rating", 0), _STATUSES.get(_text(doc.get("status", "unread")))
    if not isinstance(title, str) or not title.strip() or not isinstance(rating, int) or isinstance(rating, bool) or not 0 <= rating <= 5 or status is None:
        return None
    fields: dict[str, Any] = {k: _text(doc.get(k), NOTES_MAX if k == "abstract" else TEXT_MAX) for k in PAPER_FIELDS if k != "authors"}
    fields["authors"] = list(_texts(doc.get("authors")))
    highlights = doc.get("highlights")
    mark = MemberMark(
        member=member,
        rating=rating,
        status=status,
        tags=_texts(doc.get("tags"), TAG_CHARS, TAGS_MAX),
        comment=_comment(doc.get("comment")),
        notes=_text(doc.get("notes"), NOTES_MAX),
        highlights=tuple(
            (_text(h["text"]), _comment(h.get("comment")))
            for h in highlights[:HIGHLIGHTS_MAX]
            if isinstance(h, dict) and isinstance(h.get("text"), str)
        ) if isinstance(highlights, list) else (),
    )
    return SharedPaper(fields, mark)


class LeftOut(Exception):
    """Why a member's file is not read: the rest of its problem line."""


def read_plain(path: Path, limit: int) -> bytes:
    """A plain file's bytes, never through a link, at most `limit`; `LeftOut` saying why not, `OSError` when unreadable."""
    if path.is_symlink():
        raise LeftOut("a link, not followed")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise LeftOut("not a plain file")
        if info.st_size > limit:
            raise LeftOut(f"{info.st_size / 2**20:.1f} MB, more than the {limit >> 20} MB a member's file may hold")
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise LeftOut(f"more than the {limit >> 20} MB a member's file may hold")
    return data


def quoted(value: Any) -> str:
    """A value from another member's file, as a problem line quotes it: visible, on one line, short."""
    from tui.core.render.text import one_line

    return cut(one_line(repr(value)), QUOTED_MAX)


def read_member(path: Path) -> MemberFile:
    """Read `members/NAME.json`; a file or entry that cannot be used is a problem line naming it, never an exception."""
    name = path.stem
    shown = f"{path.parent.name}/{path.name}"
    try:
        doc = orjson.loads(read_plain(path, FILE_MAX))
    except LeftOut as why:
        return MemberFile(name, problems=[f"{shown}: {why}; left out"])
    except OSError as exc:
        return MemberFile(name, problems=[f"{shown}: cannot be read ({exc.strerror or exc}); left out"])
    except orjson.JSONDecodeError as exc:
        return MemberFile(name, problems=[f"{shown}: not valid JSON ({exc}); its member's ratings are left out"])
    if not isinstance(doc, dict) or not isinstance(doc.get("papers"), list):
        return MemberFile(name, problems=[f"{shown}: not a member's file (no papers list); left out"])
    if doc.get("member") != name:
        return MemberFile(name, problems=[f"{shown}: names member {quoted(doc.get('member'))}, not {name!r}; left out"])
    if isinstance(doc.get("format"), int) and doc["format"] > FORMAT:
        return MemberFile(name, problems=[f"{shown}: written by a newer paperdesk (format {quoted(doc['format'])}); left out, update to read it"])
    entries = doc["papers"]
    papers = [p for p in (_paper(d, name) for d in entries[:ENTRIES_MAX]) if p is not None]
    problems = []
    left = min(len(entries), ENTRIES_MAX) - len(papers)
    if left:
        problems.append(f"{shown}: {plural(left, 'entry', 'entries')} without a title or with a bad rating or status left out")
    if len(entries) > ENTRIES_MAX:
        problems.append(f"{shown}: {plural(len(entries) - ENTRIES_MAX, 'entry', 'entries')} past the first {ENTRIES_MAX:,} left out")
    return MemberFile(name, papers, problems)
