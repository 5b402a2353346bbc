"""The shared HTTP client: retries with a visible wait, the disk cache, offline, and what users paste."""

from __future__ import annotations

import pytest

from tests.fetch_server import FakeServices, Reply
from tui.core.fetch.http import NotFound, ServiceError
from tui.core.fetch.ids import NotAnId, parse_ref
from tui.core.fetch.services import FetchOptions


def _client(services: FakeServices, notices: list[str], **kw):
    options = FetchOptions.from_settings(notice=notices.append, **kw)
    client = options.client("crossref")
    slept: list[float] = []
    client.sleep = slept.append
    return client, slept


def test_busy_answers_are_retried_after_a_visible_wait(services: FakeServices) -> None:
    notices: list[str] = []
    client, slept = _client(services, notices, backoff=1.0)
    services.queue("crossref", Reply(429, b"slow down", {"Retry-After": "7"}), Reply(503, b"busy"), Reply(503, b"busy"))
    body = client.get("/works/10.1038/nature14539")
    assert b'"Deep learning"' in body
    assert slept == [7.0, 2.0, 4.0]  # Retry-After, then doubling
    assert notices == [
        "Crossref: rate limited (HTTP 429); waiting 7 s, then retry 1 of 4",
        "Crossref: busy (HTTP 503); waiting 2 s, then retry 2 of 4",
        "Crossref: busy (HTTP 503); waiting 4 s, then retry 3 of 4",
    ]


def test_retries_give_up(services: FakeServices) -> None:
    notices: list[str] = []
    client, slept = _client(services, notices, backoff=0.0, retries=2)
    services.queue("crossref", *[Reply(503, b"busy")] * 3)
    with pytest.raises(ServiceError, match=r"^Crossref: HTTP 503 after 2 retries"):
        client.get("/works/10.1038/nature14539")
    assert len(notices) == 2


def test_other_failures_are_one_line(services: FakeServices) -> None:
    client, _ = _client(services, [])
    services.queue("crossref", Reply(500, b"boom"))
    with pytest.raises(ServiceError, match=r"^Crossref: HTTP 500 \(http://127"):
        client.get("/works/x")
    with pytest.raises(NotFound, match="HTTP 404"):
        client.get("/works/10.1/missing")


def test_the_cache_answers_a_rerun_without_the_network(services: FakeServices) -> None:
    notices: list[str] = []
    client, _ = _client(services, notices)
    first = client.get("/works/10.1038/nature14539")
    again, _ = _client(services, notices)
    assert again.get("/works/10.1038/nature14539") == first and again.requests == 0
    stale, _ = _client(services, notices)
    assert stale.get("/works/10.1038/nature14539", max_age=0) == first and stale.requests == 1  # too old: asked again
    services.queue("crossref", *[Reply(503, b"")] * 5)
    tired, _ = _client(services, notices, backoff=0.0)
    assert tired.get("/works/10.1038/nature14539", max_age=0) == first
    assert notices[-1].startswith("Crossref: HTTP 503 after 4 retries") and "; using the copy cached 0 s ago" in notices[-1]
    services.close()  # offline now
    offline, _ = _client(services, notices)
    assert offline.get("/works/10.1038/nature14539", max_age=0) == first
    assert notices[-1].startswith("Crossref: could not connect (offline?); using the copy cached")
    with pytest.raises(ServiceError, match=r"^Crossref: could not connect \(offline\?\)$"):
        offline.get("/works/10.1/never-fetched")


def test_refresh_skips_the_cache(services: FakeServices) -> None:
    client, _ = _client(services, [])
    client.get("/works/10.1038/nature14539")
    fresh, _ = _client(services, [], refresh=True)
    fresh.get("/works/10.1038/nature14539")
    assert fresh.requests == 1


def test_base_urls_from_the_environment_then_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.core.config import Settings

    for env in ("PAPERDESK_ARXIV_API", "PAPERDESK_OPENREVIEW_API", "PAPERDESK_CROSSREF_API", "PAPERDESK_ARXIV_DELAY"):
        monkeypatch.delenv(env, raising=False)
    settings = Settings(arxiv_api="http://mirror.example/arxiv", arxiv_delay=5.0)
    options = FetchOptions.from_settings(settings)
    assert (options.arxiv_api, options.arxiv_delay) == ("http://mirror.example/arxiv", 5.0)
    assert options.crossref_api == "https://api.crossref.org" and options.openreview_api == "https://api2.openreview.net"
    monkeypatch.setenv("PAPERDESK_ARXIV_API", "http://127.0.0.1:9")
    assert FetchOptions.from_settings(settings).arxiv_api == "http://127.0.0.1:9"
    assert FetchOptions.from_settings().client("arxiv").url("/api/query", {"b": 1, "a": "x y"}) == "http://127.0.0.1:9/api/query?a=x+y&b=1"


def test_settings_keys_are_checked(tmp_path) -> None:
    from tui.core.config import load_settings

    path = tmp_path / "config.toml"
    path.write_text('arxiv_api = "ftp://x"\narxiv_delay = -1\ncrossref_api = "http://127.0.0.1:1/"\n')
    settings, warnings = load_settings(path)
    assert settings.crossref_api == "http://127.0.0.1:1/" and settings.arxiv_api == "" and settings.arxiv_delay == 3.0
    assert len(warnings) == 2 and "arxiv_api" in warnings[0] and "arxiv_delay" in warnings[1]


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("2501.01234", "arxiv", "2501.01234"),
        ("arXiv:2501.01234v2", "arxiv", "2501.01234"),
        ("https://arxiv.org/abs/2501.01234v3", "arxiv", "2501.01234"),
        ("arxiv.org/pdf/2501.01234.pdf", "arxiv", "2501.01234"),
        ("https://export.arxiv.org/abs/hep-th/9901001", "arxiv", "hep-th/9901001"),
        ("math.GT/0309136v1", "arxiv", "math.GT/0309136"),
        ("10.1038/nature14539", "doi", "10.1038/nature14539"),
        ("https://doi.org/10.1145/3292500.3330701", "doi", "10.1145/3292500.3330701"),
        ("https://dx.doi.org/10.1000/a%2Fb", "doi", "10.1000/a/b"),
        ("doi:10.48550/arXiv.1706.03762", "arxiv", "1706.03762"),
        ("https://openreview.net/forum?id=abcDEF123&noteId=x", "openreview", "abcDEF123"),
        ("openreview.net/pdf?id=abcDEF123", "openreview", "abcDEF123"),
    ],
)
def test_what_users_paste(text: str, kind: str, value: str) -> None:
    ref = parse_ref(text)
    assert (ref.kind, ref.value) == (kind, value)


@pytest.mark.parametrize("text", ["", "hello", "2501", "https://example.org/abs/2501.01234", "https://openreview.net/group?id=ICML.cc"])
def test_what_is_not_an_id(text: str) -> None:
    with pytest.raises(NotAnId):
        parse_ref(text)


def test_a_service_that_never_answers_times_out(services: FakeServices) -> None:
    import socket

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(1)  # connections are accepted by the kernel, then nothing is ever said
    try:
        client, _ = _client(services, [])
        client.base_url = f"http://127.0.0.1:{silent.getsockname()[1]}"
        client.timeout = 0.3
        with pytest.raises(ServiceError, match=r"^Crossref: no answer within 0.3 s \(timed out\)$"):
            client.get("/works/10.1/x")
    finally:
        silent.close()


def test_a_retry_after_date_or_a_huge_one(services: FakeServices) -> None:
    notices: list[str] = []
    client, slept = _client(services, notices, backoff=1.0)
    services.queue("crossref", Reply(503, b"", {"Retry-After": "Wed, 21 Oct 2026 07:28:00 GMT"}), Reply(429, b"", {"Retry-After": "99999"}))
    client.get("/works/10.1038/nature14539")
    assert slept == [1.0, 300.0]
