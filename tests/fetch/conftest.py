"""A local arXiv, OpenReview and Crossref for every fetch test; the PAPERDESK_*_API variables point at it."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.fetch_server import (
    ArxivData,
    CrossrefData,
    FakeServices,
    OpenReviewData,
    abstract_text,
    crossref_work,
    openreview_note,
)
from tui.core.fetch.services import FetchOptions


def arxiv_papers(n: int, day: int = 29) -> list[dict]:
    """n arXiv papers, newest first."""
    return [
        {
            "arxiv_id": f"2611.{10000 + n - i:05d}",
            "title": f"Speculative Decoding Study {n - i}",
            "summary": abstract_text(n - i).replace(" model ", " model\n  "),
            "authors": ("Ada Lovelace", f"Author {n - i}"),
            "published": f"2026-11-{day}T{(n - i) % 24:02d}:00:00Z",
        }
        for i in range(n)
    ]


def venue_notes(n: int, venueid: str = "ICML.cc/2025/Conference") -> list[dict]:
    return [
        openreview_note(f"or{i:06d}x", f"Venue Paper Number {i}", abstract_text(100000 + i), venueid=venueid, number=i)
        for i in range(n)
    ]


@pytest.fixture
def services(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """The local services with a few papers each, and the environment pointing at them."""
    fake = FakeServices()
    fake.handlers["arxiv"] = ArxivData(arxiv_papers(5))
    rejected = openreview_note("rejected01", "A Rejected Paper", "Not accepted.", venueid="ICML.cc/2025/Conference/Rejected_Submission")
    rejected["domain"] = "ICML.cc/2025/Conference"
    fake.handlers["openreview"] = OpenReviewData(venue_notes(7) + [rejected])
    deep_learning = crossref_work(
        "10.1038/nature14539", "Deep learning", "Deep learning allows computational models to learn.", (("Yann", "LeCun"), ("Yoshua", "Bengio"))
    )
    fake.handlers["crossref"] = CrossrefData({"10.1038/nature14539": deep_learning})
    monkeypatch.setenv("PAPERDESK_ARXIV_API", fake.base("arxiv"))
    monkeypatch.setenv("PAPERDESK_OPENREVIEW_API", fake.base("openreview"))
    monkeypatch.setenv("PAPERDESK_CROSSREF_API", fake.base("crossref"))
    monkeypatch.setenv("PAPERDESK_ARXIV_DELAY", "0")
    monkeypatch.setenv("PAPERDESK_CACHE", str(tmp_path / "cache"))
    yield fake
    fake.close()  # a test may have closed it already: shutting down twice is harmless


@pytest.fixture
def options(services: FakeServices) -> FetchOptions:
    """Fetch options for the local services, with waits that cost nothing."""
    return FetchOptions.from_settings(backoff=0.0)


def dead_url() -> str:
    """A base URL where nothing listens: connecting is refused at once."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return f"http://127.0.0.1:{port}"
