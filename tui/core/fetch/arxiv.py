"""arXiv's API (Atom XML): papers by id, and listings by category, date or query, newest first.

Plain HTTP and the standard library's XML parser rather than the `arxiv`
package: its client keeps its HTTP session private, retries every failure
after a fixed, silent delay, waits its delay even for pages already cached,
and hides the listing's total that the progress bar needs.
"""

from __future__ import annotations

import datetime as _dt
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from tui.core.fetch.http import HttpClient, Malformed, ServiceError
from tui.core.ingest.parsed import Progress
from tui.core.models import Paper, normalize_space, paper_id
from tui.core.words import plural

SERVICE = "arXiv"
ATOM = "{http://www.w3.org/2005/Atom}"
ARXIV = "{http://arxiv.org/schemas/atom}"
OPENSEARCH = "{http://a9.com/-/spec/opensearch/1.1/}"
#: Papers asked for per request (arXiv allows up to 2000; smaller pages show progress sooner).
BATCH = 200
#: arXiv's API serves at most this many results for one query.
MAX_RESULTS = 30000
#: How long a cached answer counts as fresh: a listing changes daily, a paper's record rarely.
LISTING_AGE = 3600.0
PAPER_AGE = 30 * 86400.0
_ID_IN_URL = re.compile(r"arxiv\.org/abs/(.+?)(v\d+)?$")


@dataclass
class Feed:
    """One page of an arXiv answer: the papers, and how many the whole query has."""

    total: int
    papers: list[Paper] = field(default_factory=list)


def _text(element: ET.Element, tag: str) -> str:
    found = element.find(tag)
    return (found.text or "") if found is not None else ""


def summary_text(summary: str) -> str:
    """arXiv's hard-wrapped abstract as paragraphs: single line breaks are spaces."""
    paragraphs = re.split(r"\n[^\S\n]*\n\s*", summary.strip())
    return "\n\n".join(normalize_space(p) for p in paragraphs if p.strip())


def paper_from_entry(entry: ET.Element, list_name: str) -> Paper:
    """One Atom entry as a Paper; Malformed when it lacks an arXiv id or a title."""
    entry_id = _text(entry, f"{ATOM}id").strip()
    m = _ID_IN_URL.search(entry_id)
    title = normalize_space(_text(entry, f"{ATOM}title"))
    if not m or not title:
        raise Malformed(SERVICE, "an entry without an arXiv id or a title")
    arxiv_id = m.group(1)
    abstract = summary_text(_text(entry, f"{ATOM}summary"))
    published = _text(entry, f"{ATOM}published").strip()
    primary = entry.find(f"{ARXIV}primary_category")
    categories = [c.get("term", "") for c in entry.findall(f"{ATOM}category") if c.get("term")]
    extra: dict[str, object] = {"arxiv": arxiv_id}
    if m.group(2):
        extra["arxiv_version"] = m.group(2)
    if primary is not None and primary.get("term"):
        extra["arxiv_category"] = primary.get("term")
    if categories:
        extra["arxiv_categories"] = categories
    if published:
        extra["published"] = published
    comment = normalize_space(_text(entry, f"{ARXIV}comment"))
    if comment:
        extra["comment"] = comment
    journal = normalize_space(_text(entry, f"{ARXIV}journal_ref"))
    return Paper(
        id=paper_id(abstract, title),
        abstract=abstract,
        list=list_name,
        title=title,
        authors=tuple(n for n in (normalize_space(_text(a, f"{ATOM}name")) for a in entry.findall(f"{ATOM}author")) if n),
        year=published[:4] if re.match(r"\d{4}", published) else "",
        venue=journal or "arXiv",
        url=f"https://arxiv.org/abs/{arxiv_id}",
        doi=normalize_space(_text(entry, f"{ARXIV}doi")).split(" ")[0],
        extra=extra,
    )


def parse_feed(body: bytes, list_name: str) -> Feed:
    """An Atom answer as papers; Malformed for anything else, ServiceError for arXiv's own error entries."""
    if b"<!DOCTYPE" in body[:4096] or b"<!ENTITY" in body:
        raise Malformed(SERVICE, "a document type or entity declaration")  # never expand entities from the network
    try:
        root = ET.fromstring(body)
    except (ET.ParseError, LookupError) as exc:  # LookupError: an XML declaration naming an unknown encoding
        raise Malformed(SERVICE, f"not XML: {exc}") from None
    if root.tag != f"{ATOM}feed":
        raise Malformed(SERVICE, f"not an Atom feed (<{root.tag}>)")
    entries = root.findall(f"{ATOM}entry")
    for entry in entries:
        if "/api/errors" in _text(entry, f"{ATOM}id"):
            raise ServiceError(SERVICE, normalize_space(_text(entry, f"{ATOM}summary")) or "the query was refused")
    total_text = _text(root, f"{OPENSEARCH}totalResults").strip()
    try:
        total = int(total_text) if total_text else len(entries)
    except ValueError:
        raise Malformed(SERVICE, f"totalResults is {total_text[:20]!r}") from None
    return Feed(max(total, 0), [paper_from_entry(e, list_name) for e in entries])


def fetch_ids(client: HttpClient, ids: list[str], list_name: str) -> dict[str, Paper]:
    """The papers with these arXiv ids, by id, asked for in batches; ids arXiv does not know are absent."""
    found: dict[str, Paper] = {}
    for start in range(0, len(ids), BATCH):
        batch = ids[start : start + BATCH]
        params: dict[str, str | int] = {"id_list": ",".join(batch), "max_results": len(batch)}
        feed = client.get("/api/query", params, max_age=PAPER_AGE, parse=lambda body: parse_feed(body, list_name))
        for paper in feed.papers:
            found[paper.extra["arxiv"]] = paper
    return found


def listing_query(category: str = "", since: _dt.date | None = None, query: str = "") -> str:
    """arXiv's search_query for a category, a submission date onwards, and free words (all must match)."""
    parts = []
    if category:
        parts.append(f"cat:{category}")
    if query:
        if re.search(r"\b(ti|au|abs|co|jr|cat|rn|id|all):", query):
            parts.append(f"({query})")  # already in arXiv's query syntax
        else:
            words = query.split()
            parts.extend(f"all:{w}" for w in words)
    if since is not None:
        parts.append(f"submittedDate:[{since:%Y%m%d}0000 TO 209912312359]")
    if not parts:
        raise ValueError("a listing needs a category, a date or a query")
    return " AND ".join(parts)


def fetch_listing(
    client: HttpClient,
    search_query: str,
    list_name: str,
    limit: int = MAX_RESULTS,
    batch: int = BATCH,
    progress: Progress | None = None,
) -> list[Paper]:
    """Every paper of a query, newest submission first, at most `limit`, one page per request.

    Each page is cached as it arrives, so a listing interrupted half-way
    resumes from where it stopped when run again.
    """
    papers: list[Paper] = []
    seen: set[str] = set()
    start, total = 0, None
    limit = min(limit, MAX_RESULTS)
    while total is None or start < min(total, limit):
        size = min(batch, limit - start)
        params: dict[str, str | int] = {
            "search_query": search_query, "start": start, "max_results": size, "sortBy": "submittedDate", "sortOrder": "descending",
        }
        try:
            feed = client.get("/api/query", params, max_age=LISTING_AGE, parse=lambda body: parse_feed(body, list_name))
        except ServiceError as exc:
            if papers:
                cached = f"the {plural(len(papers))} fetched so far {'is' if len(papers) == 1 else 'are'} cached: run the command again to resume"
                raise ServiceError(exc.service, f"{exc.problem}; {cached}") from None
            raise
        total = feed.total if total is None else total
        for paper in feed.papers:
            key = str(paper.extra["arxiv"])
            if key not in seen:
                seen.add(key)
                papers.append(paper)
        if progress is not None:
            progress(len(papers), min(total, limit))
        if not feed.papers:
            break  # arXiv sometimes ends a listing early
        start += len(feed.papers)
    return papers[:limit]
