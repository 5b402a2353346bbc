"""OpenReview's API v2 through `openreview-py`: one forum's paper, or every accepted paper of a venue.

The library builds the requests and reads the notes; its HTTP session is
swapped for one that goes through paperdesk's client (its own retries wait
silently for up to two minutes, and it has no cache), so every service
shares the same pace, visible waits, cache and one-line failures.
"""

from __future__ import annotations

import datetime as _dt
import io
import re
from typing import Any

from tui.core.fetch.http import HttpClient, Malformed, NotFound, ServiceError
from tui.core.ingest.parsed import Progress
from tui.core.models import Paper, normalize_space, paper_id
from tui.core.words import plural

SERVICE = "OpenReview"
#: Notes per request (the API's own maximum).
PAGE = 1000
#: A venue's accepted papers change little once published; a forum's paper even less.
VENUE_AGE = 7 * 86400.0
PAPER_AGE = 30 * 86400.0
SITE = "https://openreview.net"


def _client(http: HttpClient, max_age: float) -> Any:
    """An `openreview.api.OpenReviewClient` (guest) whose requests go through `http`."""
    import openreview
    import requests

    class _Through(requests.adapters.BaseAdapter):
        """Answers every request from paperdesk's client (cache, pace, retries)."""

        def send(self, request: Any, *args: Any, **kwargs: Any) -> Any:
            body = http.get_url(request.url, max_age=max_age, parse=_notes_answer)
            response = requests.Response()
            response.status_code = 200
            response.headers["Content-Type"] = "application/json"
            response.raw = io.BytesIO(body)
            response.url = request.url
            response.request = request
            response.encoding = "utf-8"
            return response

        def close(self) -> None:
            pass

    client = openreview.api.OpenReviewClient(baseurl=http.base_url.rstrip("/"))
    session = requests.Session()
    session.mount("http://", _Through())
    session.mount("https://", _Through())
    client.session = session
    return client


def _notes_answer(body: bytes) -> bytes:
    """The body, once it is a JSON object holding a list of note objects (else Malformed, and it is not cached)."""
    import orjson

    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        raise Malformed(SERVICE, f"not JSON: {exc}") from None
    notes = data.get("notes") if isinstance(data, dict) else None
    if not isinstance(notes, list) or not all(isinstance(n, dict) for n in notes):
        raise Malformed(SERVICE, "no list of notes in the answer")
    return body


def venue_name(venue_id: str) -> str:
    """A list name from a venue id: ICML.cc/2025/Conference -> ICML 2025."""
    parts = [p for p in venue_id.strip("/").split("/") if p]
    if not parts:
        return venue_id
    head = re.sub(r"\.(cc|org|com|net|ai|io|edu|info)$", "", parts[0])
    rest = [p.replace("_", " ") for p in parts[1:] if p != "Conference"]
    return normalize_space(" ".join([head, *rest]))


def _value(content: dict[str, Any], key: str) -> Any:
    """A content field of an API v2 note (`{"value": …}`), or of an older plain one."""
    field = content.get(key)
    return field.get("value") if isinstance(field, dict) else field


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def paper_from_note(note: Any, list_name: str) -> Paper:
    """One OpenReview note as a Paper; Malformed when it has no id or no title."""
    content = note.content if isinstance(note.content, dict) else {}
    title = normalize_space(_str(_value(content, "title")))
    if not isinstance(note.id, str) or not note.id or not title:
        raise Malformed(SERVICE, "a note without an id or a title")
    abstract = _str(_value(content, "abstract")).strip()
    authors = _value(content, "authors")
    keywords = _value(content, "keywords")
    venue = normalize_space(_str(_value(content, "venue")))
    year = ""
    for stamp in (note.pdate, note.odate, note.cdate):
        if isinstance(stamp, (int, float)) and not isinstance(stamp, bool) and 0 < stamp < 4102444800000:  # before 2100
            year = str(_dt.datetime.fromtimestamp(stamp / 1000, _dt.timezone.utc).year)
            break
    if not year:
        found = re.search(r"\b(19|20)\d\d\b", venue)
        year = found.group() if found else ""
    forum = note.forum if isinstance(note.forum, str) and note.forum else note.id
    extra: dict[str, Any] = {"openreview": note.id}
    venueid = _str(_value(content, "venueid"))
    if venueid:
        extra["venueid"] = venueid
    tldr = _str(_value(content, "TLDR") or _value(content, "TL;DR"))
    if tldr:
        extra["tldr"] = tldr
    pdf = _str(_value(content, "pdf"))
    if pdf:
        extra["pdf"] = SITE + pdf if pdf.startswith("/") else pdf
    return Paper(
        id=paper_id(abstract, title),
        abstract=abstract,
        list=list_name,
        title=title,
        authors=tuple(normalize_space(a) for a in authors if isinstance(a, str) and a.strip()) if isinstance(authors, list) else (),
        year=year,
        venue=venue or (venue_name(venueid) if venueid else ""),
        url=f"{SITE}/forum?id={forum}",
        tags=tuple(normalize_space(k) for k in keywords if isinstance(k, str) and k.strip()) if isinstance(keywords, list) else (),
        extra=extra,
    )


def _openreview_error(exc: Exception) -> ServiceError:
    """What openreview-py or the answer's shape raised, as one line."""
    if isinstance(exc, ServiceError):
        return exc
    return Malformed(SERVICE, f"{type(exc).__name__}: {str(exc)[:120]}")


def fetch_forum(http: HttpClient, forum_id: str, list_name: str) -> Paper:
    """The paper of one forum (its submission note)."""
    client = _client(http, PAPER_AGE)
    try:
        notes = client.get_notes(id=forum_id)
    except ServiceError as exc:
        if isinstance(exc, NotFound):
            raise NotFound(SERVICE, f"no forum {forum_id}") from None
        raise
    except Exception as exc:  # noqa: BLE001 - the library's or the answer's fault: one line
        raise _openreview_error(exc) from None
    if not notes:
        raise NotFound(SERVICE, f"no forum {forum_id}")
    try:
        return paper_from_note(notes[0], list_name)
    except Exception as exc:  # noqa: BLE001 - the answer's shape: one line
        raise _openreview_error(exc) from None


def fetch_venue(
    http: HttpClient,
    venue_id: str,
    list_name: str,
    accepted: bool = True,
    page: int = PAGE,
    progress: Progress | None = None,
) -> list[Paper]:
    """Every accepted paper of a venue (or every submission), one page per request, each page cached.

    A fetch interrupted half-way keeps its pages in the cache: run again, it
    asks only for the pages it does not have yet.
    """
    client = _client(http, VENUE_AGE)
    query: dict[str, Any] = {"content": {"venueid": venue_id}} if accepted else {"invitation": f"{venue_id}/-/Submission"}
    papers: list[Paper] = []
    total: int | None = None
    offset = 0
    while total is None or offset < total:
        try:
            if total is None:
                result = client.get_notes(limit=page, with_count=True, **query)
                notes, total = result if isinstance(result, tuple) else (result, len(result))
                if not isinstance(total, int) or isinstance(total, bool) or total < 0:
                    raise Malformed(SERVICE, f"count is {total!r}")
            else:
                notes = client.get_notes(limit=page, offset=offset, **query)
            batch = [paper_from_note(note, list_name) for note in notes]
        except Exception as exc:  # noqa: BLE001 - network, library or answer: one line
            error = _openreview_error(exc)
            if papers:
                fetched = f"{len(papers)} of {plural(total)}" if total is not None else plural(len(papers))
                resume = f"the {fetched} fetched so far are cached: run the command again to resume"
                raise ServiceError(SERVICE, f"{error.problem}; {resume}") from None
            raise error from None
        papers.extend(batch)
        if progress is not None:
            progress(len(papers), total)
        if not batch:
            break
        offset += len(batch)
    if total == 0:
        raise NotFound(SERVICE, f"no {'accepted papers' if accepted else 'submissions'} for venue {venue_id}")
    return papers
