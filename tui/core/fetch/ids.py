"""Recognising what the user pasted: an arXiv id or URL, a DOI or doi.org URL, an OpenReview forum URL."""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import dataclass

_ARXIV_NEW = r"\d{4}\.\d{4,5}"
_ARXIV_OLD = r"[a-z][a-z.-]*(?:\.[A-Z]{2})?/\d{7}"
ARXIV_ID = re.compile(rf"^(?:arxiv:\s*)?({_ARXIV_NEW}|{_ARXIV_OLD})(v\d+)?$", re.I)
_ARXIV_URL = re.compile(rf"^(?:https?://)?(?:www\.|export\.)?arxiv\.org/(?:abs|pdf|html)/({_ARXIV_NEW}|{_ARXIV_OLD})(v\d+)?(?:\.pdf)?/?(?:[?#].*)?$", re.I)
DOI = re.compile(r"^(?:doi:\s*|(?:https?://)?(?:dx\.)?doi\.org/)?(10\.\d{4,9}/\S+)$", re.I)
#: arXiv's own DOIs (10.48550/arXiv.2501.01234) are arXiv papers: asked of arXiv, which has the abstract.
_ARXIV_DOI = re.compile(rf"^10\.48550/arxiv\.({_ARXIV_NEW}|{_ARXIV_OLD})(v\d+)?$", re.I)
_OPENREVIEW_HOST = re.compile(r"^(?:www\.)?(?:api2?\.)?openreview\.net$", re.I)
OPENREVIEW_ID = re.compile(r"^[A-Za-z0-9_-]{5,40}$")


@dataclass(frozen=True)
class Ref:
    """A paper to fetch: the service that has it and its id there."""

    kind: str  # "arxiv", "doi" or "openreview"
    value: str
    text: str  # what the user typed, for messages

    @property
    def label(self) -> str:
        """How the paper is named in a report line: arXiv:2501.01234, doi:10.1/x, openreview:abc."""
        return {"arxiv": "arXiv:", "doi": "doi:", "openreview": "openreview:"}[self.kind] + self.value


class NotAnId(ValueError):
    """The text is none of the ids paperdesk knows."""


def parse_ref(text: str) -> Ref:
    """What `text` names; NotAnId with a one-line reason otherwise. Versions (v2) are dropped: the latest is fetched."""
    raw = text.strip()
    if not raw:
        raise NotAnId("an empty id")
    for pattern in (ARXIV_ID, _ARXIV_URL):
        m = pattern.match(raw)
        if m:
            return Ref("arxiv", m.group(1), raw)
    m = DOI.match(raw)
    if m:
        doi = urllib.parse.unquote(m.group(1)).rstrip(".,;")
        arxiv = _ARXIV_DOI.match(doi)
        if arxiv:
            return Ref("arxiv", arxiv.group(1), raw)
        return Ref("doi", doi, raw)
    if raw.lower().startswith("openreview:"):
        value = raw.split(":", 1)[1].strip()
        if OPENREVIEW_ID.match(value):
            return Ref("openreview", value, raw)
    url = urllib.parse.urlsplit(raw if "://" in raw else "https://" + raw)
    if _OPENREVIEW_HOST.match(url.hostname or "") and url.path.rstrip("/") in ("/forum", "/pdf", "/notes"):
        ids = urllib.parse.parse_qs(url.query).get("id")
        if ids and OPENREVIEW_ID.match(ids[0]):
            return Ref("openreview", ids[0], raw)
    raise NotAnId(f"{raw!r} is not an arXiv id, a DOI or an OpenReview forum URL")
