"""Crossref's REST API: one DOI's metadata (`/works/{doi}`), read with the CSL-JSON reader.

Plain HTTP rather than `habanero`: one GET per DOI is all paperdesk asks,
and habanero brings its own HTTP stack (six packages) with retries and no
cache of its own, which would sit beside the client every service shares.
"""

from __future__ import annotations

import urllib.parse

import orjson

from tui.core.fetch.http import HttpClient, Malformed, NotFound
from tui.core.ingest.csl import paper_from_csl
from tui.core.ingest.fields import BadField
from tui.core.models import Paper

SERVICE = "Crossref"
#: A DOI's record hardly changes: cached answers stay fresh for a month.
PAPER_AGE = 30 * 86400.0
#: Crossref keys worth keeping in Paper.extra (a record also lists every reference: those are dropped).
KEEP = ("type", "publisher", "volume", "issue", "page", "ISSN", "subject")


def paper_from_message(message: object, list_name: str) -> Paper:
    """A Crossref `message` (a work) as a Paper; Malformed when it is not one."""
    if not isinstance(message, dict):
        raise Malformed(SERVICE, "the work is not an object")
    try:
        paper = paper_from_csl(message, list_name)
    except BadField as exc:
        raise Malformed(SERVICE, f"the work {exc}") from None
    paper.extra = {k: message[k] for k in KEEP if k in message}
    return paper


def fetch_doi(client: HttpClient, doi: str, list_name: str) -> Paper:
    """The paper with this DOI; NotFound when Crossref does not know it."""
    path = "/works/" + urllib.parse.quote(doi, safe="/:;()")

    def parse(body: bytes) -> Paper:
        try:
            data = orjson.loads(body)
        except orjson.JSONDecodeError as exc:
            raise Malformed(SERVICE, f"not JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("status") != "ok" or "message" not in data:
            raise Malformed(SERVICE, "no work in the answer")
        return paper_from_message(data["message"], list_name)

    try:
        return client.get(path, max_age=PAPER_AGE, parse=parse)
    except NotFound:
        raise NotFound(SERVICE, f"no work with DOI {doi}") from None
