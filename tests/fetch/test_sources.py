"""The services' clients against the local server: arXiv, OpenReview, Crossref, and fetch by ids."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.fetch.conftest import arxiv_papers, dead_url
from tests.fetch_server import ARXIV_ERROR, ArxivData, FakeServices, Reply, arxiv_entry, arxiv_feed
from tui.core.fetch import arxiv, openreview
from tui.core.fetch.crossref import fetch_doi
from tui.core.fetch.http import Malformed, NotFound, ServiceError
from tui.core.fetch.papers import fetch_refs, split_ids
from tui.core.fetch.services import FetchOptions


def test_arxiv_by_id(options: FetchOptions) -> None:
    found = arxiv.fetch_ids(options.client("arxiv"), ["2611.10005", "2611.10003"], "L")
    paper = found["2611.10005"]
    assert paper.title == "Speculative Decoding Study 5"
    assert paper.authors == ("Ada Lovelace", "Author 5")
    assert "\n" not in paper.abstract and paper.abstract == " ".join(paper.abstract.split())  # hard wraps joined
    assert (paper.year, paper.venue, paper.url) == ("2026", "arXiv", "https://arxiv.org/abs/2611.10005")
    assert paper.extra["arxiv"] == "2611.10005" and paper.extra["arxiv_category"] == "cs.LG"
    assert set(found) == {"2611.10005", "2611.10003"}


def test_arxiv_listing_pages_newest_first(services: FakeServices, options: FetchOptions) -> None:
    services.handlers["arxiv"] = ArxivData(arxiv_papers(12))
    seen = []
    query = arxiv.listing_query("cs.LG", dt.date(2026, 11, 29))
    assert query == "cat:cs.LG AND submittedDate:[202611290000 TO 209912312359]"
    papers = arxiv.fetch_listing(options.client("arxiv"), query, "L", batch=5, progress=lambda d, t: seen.append((d, t)))
    assert [p.extra["arxiv"] for p in papers][:2] == ["2611.10012", "2611.10011"]
    assert len(papers) == 12 and seen == [(5, 12), (10, 12), (12, 12)]
    sent = services.requests("arxiv")
    assert [q["start"] for _, q in sent] == ["0", "5", "10"]
    assert all(q["sortBy"] == "submittedDate" and q["sortOrder"] == "descending" for _, q in sent)
    assert arxiv.listing_query(query="speculative decoding") == "all:speculative AND all:decoding"
    assert arxiv.listing_query("cs.CL", query="ti:lora") == "cat:cs.CL AND (ti:lora)"


def test_arxiv_listing_respects_the_limit_and_the_pace(services: FakeServices) -> None:
    services.handlers["arxiv"] = ArxivData(arxiv_papers(12))
    slept: list[float] = []
    client = FetchOptions.from_settings(arxiv_delay=3.0).client("arxiv")
    client.sleep = slept.append
    papers = arxiv.fetch_listing(client, "all:x", "L", limit=7, batch=3)
    assert len(papers) == 7
    assert [q["max_results"] for _, q in services.requests("arxiv")] == ["3", "3", "1"]
    assert len(slept) == 2 and all(2.5 < s <= 3.0 for s in slept)  # one request per 3 s, the first at once


def test_arxiv_error_entries_and_garbage(services: FakeServices, options: FetchOptions) -> None:
    with pytest.raises(ServiceError, match="arXiv: incorrect id format for 1234"):
        arxiv.parse_feed(ARXIV_ERROR, "L")
    for body, why in [
        (b"<html>502 Bad Gateway</html>", "not an Atom feed"),
        (b"<feed", "not XML"),
        (b'<!DOCTYPE x [<!ENTITY a "aaaa">]><feed/>', "entity declaration"),
        (arxiv_feed([arxiv_entry("2611.00001", "", "x")], 1), "without an arXiv id or a title"),
    ]:
        with pytest.raises(Malformed, match=why):
            arxiv.parse_feed(body, "L")


def test_openreview_venue_accepted_only_paged(services: FakeServices, options: FetchOptions) -> None:
    seen = []
    papers = openreview.fetch_venue(options.client("openreview"), "ICML.cc/2025/Conference", "ICML 2025", page=3, progress=lambda d, t: seen.append((d, t)))
    assert len(papers) == 7 and seen == [(3, 7), (6, 7), (7, 7)]
    first = papers[0]
    assert first.title == "Venue Paper Number 0" and first.authors == ("Ada Lovelace", "Alan Turing")
    assert (first.venue, first.year, first.list) == ("ICML 2025 poster", "2025", "ICML 2025")
    assert first.url == "https://openreview.net/forum?id=or000000x"
    assert first.extra["pdf"] == "https://openreview.net/pdf/or000000x.pdf" and first.tags == ("large language models", "optimization")
    every = openreview.fetch_venue(options.client("openreview"), "ICML.cc/2025/Conference", "ICML 2025", accepted=False)
    assert len(every) == 8  # the rejected submission too
    assert openreview.venue_name("ICML.cc/2025/Conference") == "ICML 2025"
    assert openreview.venue_name("NeurIPS.cc/2025/Datasets_and_Benchmarks_Track") == "NeurIPS 2025 Datasets and Benchmarks Track"
    with pytest.raises(NotFound, match="no accepted papers for venue Nope.cc/2025"):
        openreview.fetch_venue(options.client("openreview"), "Nope.cc/2025", "x")


def test_openreview_resumes_from_the_pages_it_has(services: FakeServices, options: FetchOptions) -> None:
    handler = services.handlers["openreview"]
    calls = {"n": 0}

    def flaky(path, query):  # the third page fails: the network went away
        calls["n"] += 1
        return Reply(500, b"oops") if calls["n"] == 3 else handler(path, query)

    services.handlers["openreview"] = flaky
    client = options.client("openreview")
    with pytest.raises(ServiceError, match=r"OpenReview: HTTP 500 .*the 4 of 7 papers fetched so far are cached: run the command again to resume"):
        openreview.fetch_venue(client, "ICML.cc/2025/Conference", "ICML 2025", page=2)
    services.handlers["openreview"] = handler
    before = len(services.requests("openreview"))
    papers = openreview.fetch_venue(options.client("openreview"), "ICML.cc/2025/Conference", "ICML 2025", page=2)
    assert len(papers) == 7
    assert len(services.requests("openreview")) - before == 2  # only the two missing pages


def test_openreview_forum(options: FetchOptions) -> None:
    paper = openreview.fetch_forum(options.client("openreview"), "or000003x", "L")
    assert paper.title == "Venue Paper Number 3"
    with pytest.raises(NotFound, match="OpenReview: no forum nosuchforum"):
        openreview.fetch_forum(options.client("openreview"), "nosuchforum", "L")


def test_crossref_doi(options: FetchOptions) -> None:
    paper = fetch_doi(options.client("crossref"), "10.1038/NATURE14539", "L")
    assert paper.title == "Deep learning" and paper.authors == ("Yann LeCun", "Yoshua Bengio")
    assert (paper.year, paper.venue, paper.doi) == ("2015", "Nature", "10.1038/nature14539")
    assert paper.abstract == "Deep learning allows computational models to learn."
    assert "reference" not in paper.extra and paper.extra["volume"] == "521"
    with pytest.raises(NotFound, match="Crossref: no work with DOI 10.1/none"):
        fetch_doi(options.client("crossref"), "10.1/none", "L")


def test_fetch_refs_mixes_services_and_reports_each_failure(services: FakeServices, options: FetchOptions) -> None:
    progress = []
    got = fetch_refs(
        [
            "https://arxiv.org/abs/2611.10001v2", "doi:10.1038/nature14539", "https://openreview.net/forum?id=or000001x",
            "2611.99999", "not-an-id", "arXiv:2611.10001",
        ],
        options,
        progress=lambda d, t: progress.append((d, t)),
    )
    assert [str(p.source) for p in got.parsed] == ["arXiv:2611.10001", "doi:10.1038/nature14539", "openreview:or000001x"]
    assert got.failed == ["'not-an-id' is not an arXiv id, a DOI or an OpenReview forum URL", "2611.99999: arXiv: no paper 2611.99999"]
    assert progress[-1] == (4, 4)
    assert len([q for _, q in services.requests("arxiv")]) == 1  # the arXiv ids in one request


def test_fetch_refs_offline(monkeypatch: pytest.MonkeyPatch, services: FakeServices) -> None:
    monkeypatch.setenv("PAPERDESK_ARXIV_API", dead_url())
    got = fetch_refs(["2611.10001"], FetchOptions.from_settings())
    assert got.parsed == [] and got.failed == ["2611.10001: arXiv: could not connect (offline?)"]


def test_split_ids() -> None:
    assert split_ids(["2501.1, 2501.2  https://arxiv.org/abs/1#x", "# a comment", "10.1/x # trailing"]) == [
        "2501.1", "2501.2", "https://arxiv.org/abs/1#x", "10.1/x"
    ]


def test_fetch_refs_as_the_app_calls_it_from_a_worker(services: FakeServices) -> None:
    """The `a` key's path: a thread, progress and notices through callbacks, a retry and a malformed answer."""
    import threading

    notices: list[str] = []
    progress: list[tuple[int, int]] = []
    services.queue("crossref", Reply(503, b"", {"Retry-After": "0"}))
    services.queue("openreview", Reply(200, b"<html>"))
    options = FetchOptions.from_settings(notice=notices.append, backoff=0.0)
    box: dict = {}
    refs = ["10.1038/nature14539", "openreview:or000001x", "2611.10002"]
    worker = threading.Thread(target=lambda: box.update(got=fetch_refs(refs, options, progress=lambda d, t: progress.append((d, t)))))
    worker.start()
    worker.join(30)
    got = box["got"]
    assert [str(p.source) for p in got.parsed] == ["doi:10.1038/nature14539", "arXiv:2611.10002"]  # the order asked
    (failed,) = got.failed
    assert failed.startswith("openreview:or000001x: OpenReview: malformed response (not JSON: ")
    assert notices == ["Crossref: busy (HTTP 503); waiting 0 s, then retry 1 of 4"]
    assert progress[-1] == (3, 3)


def test_add_ids_on_the_open_library_from_a_worker(services: FakeServices, library_dir) -> None:
    """What the app's `a` key calls: its open library, a thread, progress; the papers are in memory at once."""
    import threading

    from tui.core.library import Library
    from tui.core.usecases.add import add_ids

    with Library.open(library_dir) as lib:
        before = len(lib.papers)
        box: dict = {}
        progress: list[tuple[int, int]] = []
        worker = threading.Thread(
            target=lambda: box.update(out=add_ids(lib, ["2611.10003", "nope"], FetchOptions.from_settings(), progress=lambda d, t: progress.append((d, t))))
        )
        worker.start()
        worker.join(30)
        out = box["out"]
        assert out.lines() == ["added: arXiv:2611.10003 · Speculative Decoding Study 3 (2026, arXiv)"]
        assert out.failed == ["'nope' is not an arXiv id, a DOI or an OpenReview forum URL"]
        assert len(lib.papers) == before + 1 and lib.papers[-1].list == "Added"
        assert progress == [(1, 1)]
    with Library.open(library_dir) as again:
        assert len(again.papers) == before + 1  # written, not only in memory
