"""A local stand-in for arXiv, OpenReview and Crossref: real response shapes, no network.

The shapes follow the services' documentation: arXiv's Atom feed with
opensearch totals, OpenReview API v2 notes (`content.title.value`, `count`),
Crossref's `{"status": "ok", "message": {...}}` works. Tests and
benchmarks/fetch.py build a `FakeServices`, point the PAPERDESK_*_API
variables at it, and can queue failures (429, 503, garbage) before answers.
"""

from __future__ import annotations

import json
import threading
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from xml.sax.saxutils import escape

_WORDS = (
    "model data learning graph neural sparse attention token decoding policy reward gradient bound convex kernel "
    "transformer diffusion sample estimate robust adaptive latent variational prior posterior loss regret bandit "
    "causal federated privacy quantized pruning distillation retrieval memory layer scaling benchmark agent planning "
    "vision language speech protein molecule physics control optimal stochastic online offline curriculum"
).split()


def abstract_text(seed: int, words: int = 60) -> str:
    """A distinct abstract-like paragraph for each seed (papers that share text would merge)."""
    import random

    rng = random.Random(seed)
    body = " ".join(rng.choice(_WORDS) for _ in range(words))
    return f"We study {body} and show it works in experiment {seed}."


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)


Handler = Callable[[str, dict[str, str]], Reply]


def arxiv_entry(
    arxiv_id: str,
    title: str,
    summary: str,
    authors: tuple[str, ...] = ("Ada Lovelace",),
    published: str = "2026-11-29T18:00:00Z",
    category: str = "cs.LG",
    doi: str = "",
    journal_ref: str = "",
    version: int = 1,
) -> str:
    """One Atom <entry> as arXiv's API writes it (hard-wrapped summary and all)."""
    names = "".join(f"\n    <author>\n      <name>{escape(a)}</name>\n    </author>" for a in authors)
    extra = f"\n    <arxiv:doi>{escape(doi)}</arxiv:doi>" if doi else ""
    extra += f"\n    <arxiv:journal_ref>{escape(journal_ref)}</arxiv:journal_ref>" if journal_ref else ""
    return f"""  <entry>
    <id>http://arxiv.org/abs/{arxiv_id}v{version}</id>
    <updated>{published}</updated>
    <published>{published}</published>
    <title>{escape(title)}</title>
    <summary>  {escape(summary)}
</summary>{names}{extra}
    <arxiv:comment>12 pages, 3 figures</arxiv:comment>
    <link href="http://arxiv.org/abs/{arxiv_id}v{version}" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/{arxiv_id}v{version}" rel="related" type="application/pdf"/>
    <arxiv:primary_category term="{category}" scheme="http://arxiv.org/schemas/atom"/>
    <category term="{category}" scheme="http://arxiv.org/schemas/atom"/>
  </entry>
"""


def arxiv_feed(entries: list[str], total: int, start: int = 0) -> bytes:
    """An arXiv API answer around some entries."""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <id>https://arxiv.org/api/cHxbiOdZaP56ODnBPIenZhzg5f8</id>
  <title>arXiv Query: search_query=&amp;id_list=&amp;start={start}&amp;max_results=10</title>
  <updated>2026-11-30T00:00:00Z</updated>
  <link href="https://arxiv.org/api/query" type="application/atom+xml"/>
  <opensearch:itemsPerPage>{len(entries)}</opensearch:itemsPerPage>
  <opensearch:totalResults>{total}</opensearch:totalResults>
  <opensearch:startIndex>{start}</opensearch:startIndex>
{''.join(entries)}</feed>
""".encode()


ARXIV_ERROR = arxiv_feed(
    [
        """  <entry>
    <id>http://arxiv.org/api/errors#incorrect_id_format_for_1234</id>
    <title>Error</title>
    <summary>incorrect id format for 1234</summary>
    <updated>2026-11-30T00:00:00-05:00</updated>
    <author><name>arXiv api core</name></author>
  </entry>
"""
    ],
    1,
)


def openreview_note(
    note_id: str,
    title: str,
    abstract: str,
    authors: tuple[str, ...] = ("Ada Lovelace", "Alan Turing"),
    venueid: str = "ICML.cc/2025/Conference",
    venue: str = "ICML 2025 poster",
    pdate: int = 1746057600000,
    number: int = 1,
) -> dict[str, Any]:
    """One API v2 note, as /notes returns it."""
    return {
        "id": note_id,
        "forum": note_id,
        "number": number,
        "cdate": 1737500000000,
        "pdate": pdate,
        "odate": 1746057600000,
        "mdate": 1746100000000,
        "invitations": [f"{venueid}/-/Submission", f"{venueid}/-/Post_Submission"],
        "domain": venueid,
        "readers": ["everyone"],
        "writers": [venueid],
        "signatures": [f"{venueid}/Submission{number}/Authors"],
        "content": {
            "title": {"value": title},
            "authors": {"value": list(authors)},
            "authorids": {"value": [f"~{a.replace(' ', '_')}1" for a in authors]},
            "keywords": {"value": ["large language models", "optimization"]},
            "TLDR": {"value": "A short summary."},
            "abstract": {"value": abstract},
            "pdf": {"value": f"/pdf/{note_id}.pdf"},
            "venue": {"value": venue},
            "venueid": {"value": venueid},
            "_bibtex": {"value": "@inproceedings{...}"},
        },
    }


def crossref_work(doi: str, title: str, abstract: str = "", authors: tuple[tuple[str, str], ...] = (("Ada", "Lovelace"),)) -> bytes:
    """A Crossref /works/{doi} answer."""
    message: dict[str, Any] = {
        "indexed": {"date-parts": [[2026, 11, 1]]},
        "reference-count": 2,
        "publisher": "Springer Science and Business Media LLC",
        "issue": "7553",
        "DOI": doi,
        "type": "journal-article",
        "page": "436-444",
        "title": [title],
        "prefix": doi.split("/")[0],
        "volume": "521",
        "author": [{"given": g, "family": f, "sequence": "first", "affiliation": []} for g, f in authors],
        "container-title": ["Nature"],
        "short-container-title": ["Nature"],
        "reference": [{"key": "1", "unstructured": "A cited work."}, {"key": "2", "DOI": "10.1/other"}],
        "issued": {"date-parts": [[2015, 5, 27]]},
        "URL": f"https://doi.org/{doi}",
        "ISSN": ["0028-0836", "1476-4687"],
    }
    if abstract:
        message["abstract"] = f"<jats:p>{escape(abstract)}</jats:p>"
    return json.dumps({"status": "ok", "message-type": "work", "message-version": "1.0.0", "message": message}).encode()


class ArxivData:
    """arXiv's /api/query over a fixed set of papers (newest first), honouring id_list, start and max_results."""

    def __init__(self, papers: list[dict[str, Any]]) -> None:
        self.papers = papers  # each: arxiv_entry kwargs

    def __call__(self, path: str, query: dict[str, str]) -> Reply:
        if path != "/api/query":
            return Reply(404, b"not found")
        if query.get("id_list"):
            ids = query["id_list"].split(",")
            if any(not i[:1].isdigit() and "/" not in i for i in ids):
                return Reply(400, ARXIV_ERROR)
            chosen = [p for p in self.papers if p["arxiv_id"] in ids]
            return Reply(200, arxiv_feed([arxiv_entry(**p) for p in chosen], len(chosen)))
        start, size = int(query.get("start", 0)), int(query.get("max_results", 10))
        chosen = self.papers[start : start + size]
        return Reply(200, arxiv_feed([arxiv_entry(**p) for p in chosen], len(self.papers), start))


class OpenReviewData:
    """OpenReview's /notes over a fixed venue: by id, by content.venueid (accepted) or invitation, paged."""

    def __init__(self, notes: list[dict[str, Any]]) -> None:
        self.notes = notes

    def __call__(self, path: str, query: dict[str, str]) -> Reply:
        if path != "/notes":
            return Reply(404, b'{"name": "NotFoundError"}', {"Content-Type": "application/json"})
        if "id" in query:
            chosen = [n for n in self.notes if n["id"] == query["id"]]
            if not chosen:
                return Reply(404, b'{"name": "NotFoundError", "message": "The Note was not found"}')
            return Reply(200, json.dumps({"notes": chosen}).encode())
        if "content.venueid" in query:
            chosen = [n for n in self.notes if n["content"]["venueid"]["value"] == query["content.venueid"]]
        else:
            venue = query.get("invitation", "").split("/-/")[0]
            chosen = [n for n in self.notes if n["domain"] == venue]
        offset, limit = int(query.get("offset", 0)), int(query.get("limit", 1000))
        answer: dict[str, Any] = {"notes": chosen[offset : offset + limit]}
        if query.get("count") in ("true", "True"):
            answer["count"] = len(chosen)
        return Reply(200, json.dumps(answer).encode())


class CrossrefData:
    """Crossref's /works/{doi} over a dict of DOI -> body."""

    def __init__(self, works: dict[str, bytes]) -> None:
        self.works = {k.lower(): v for k, v in works.items()}

    def __call__(self, path: str, query: dict[str, str]) -> Reply:
        doi = urllib.parse.unquote(path.removeprefix("/works/")).lower()
        if path.startswith("/works/") and doi in self.works:
            return Reply(200, self.works[doi], {"Content-Type": "application/json"})
        return Reply(404, b"Resource not found.", {"Content-Type": "text/plain"})


class FakeServices:
    """One local HTTP server per service prefix: /arxiv, /openreview, /crossref, each a base URL."""

    def __init__(self) -> None:
        self.handlers: dict[str, Handler] = {}
        self.queued: dict[str, list[Reply]] = {}
        self.log: list[tuple[str, str, dict[str, str]]] = []
        self._lock = threading.Lock()
        services = self

        class _Request(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                url = urllib.parse.urlsplit(self.path)
                prefix, _, rest = url.path.lstrip("/").partition("/")
                query = {k: v[-1] for k, v in urllib.parse.parse_qs(url.query).items()}
                with services._lock:
                    services.log.append((prefix, "/" + rest, query))
                    queue = services.queued.get(prefix)
                    reply = queue.pop(0) if queue else None
                if reply is None:
                    handler = services.handlers.get(prefix)
                    reply = handler("/" + rest, query) if handler else Reply(404, b"no such service")
                self.send_response(reply.status)
                for key, value in reply.headers.items():
                    self.send_header(key, value)
                self.send_header("Content-Length", str(len(reply.body)))
                self.end_headers()
                self.wfile.write(reply.body)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Request)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def base(self, prefix: str) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}/{prefix}"

    def queue(self, prefix: str, *replies: Reply) -> None:
        """Answer the next requests to `prefix` with these replies, before the handler takes over."""
        with self._lock:
            self.queued.setdefault(prefix, []).extend(replies)

    def requests(self, prefix: str) -> list[tuple[str, dict[str, str]]]:
        with self._lock:
            return [(path, query) for p, path, query in self.log if p == prefix]

    def close(self) -> None:
        """Stop answering (idempotent): the port then refuses connections, as when offline."""
        if self.thread.is_alive():
            self.server.shutdown()
            self.server.server_close()
            self.thread.join()
