"""`paperdesk add` and `paperdesk fetch` as a user runs them, against the local services."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tests.conftest import folder_snapshot
from tests.fetch.conftest import dead_url, venue_notes
from tests.fetch_server import ArxivData, FakeServices, OpenReviewData, Reply
from tui.cli import main


def _papers(library_dir: Path, capsys) -> list[dict]:
    main(["list", "--json", "--db", str(library_dir)])
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_add_several_ids_then_again(services: FakeServices, library_dir: Path, capsys) -> None:
    db = ["--db", str(library_dir)]
    ids = ["https://arxiv.org/abs/2611.10002v1", "10.1038/nature14539", "https://openreview.net/forum?id=or000002x"]
    assert main(["add", *ids, *db]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "added: arXiv:2611.10002 · Speculative Decoding Study 2 (2026, arXiv)",
        "added: doi:10.1038/nature14539 · Deep learning (2015, Nature)",
        "added: openreview:or000002x · Venue Paper Number 2 (2025, ICML 2025 poster)",
    ]
    asked = len(services.log)
    assert main(["add", *ids, *db]) == 0
    assert capsys.readouterr().out.count("already in the library") == 3
    assert len(services.log) == asked  # answered from the cache
    added = [p for p in _papers(library_dir, capsys) if p["list"] == "Added"]
    assert [p["data_title"] for p in added] == ["Speculative Decoding Study 2", "Deep learning", "Venue Paper Number 2"]
    assert added[0]["extra"]["arxiv"] == "2611.10002" and added[1]["doi"] == "10.1038/nature14539"


def test_add_merges_with_a_paper_already_stored(services: FakeServices, library_dir: Path, tmp_path: Path, capsys) -> None:
    bib = tmp_path / "mine.bib"
    bib.write_text("@article{lecun, title={Deep Learning}, doi={10.1038/nature14539}}\n")
    assert main(["import", str(bib), "--db", str(library_dir)]) == 0
    capsys.readouterr()
    assert main(["add", "doi:10.1038/nature14539", "--db", str(library_dir)]) == 0
    assert capsys.readouterr().out.startswith("merged (new fields): doi:10.1038/nature14539")
    (paper,) = [p for p in _papers(library_dir, capsys) if p.get("doi") == "10.1038/nature14539"]
    assert paper["list"] == "mine" and paper["abstract"].startswith("Deep learning allows")


def test_add_reads_ids_from_stdin(services: FakeServices, library_dir: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("2611.10001  # the first\n\n2611.10003,2611.10004\n"))
    assert main(["add", "-", "--db", str(library_dir), "--list", "Reading group"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3
    assert len(services.requests("arxiv")) == 1  # one batched request
    assert {p["list"] for p in _papers(library_dir, capsys) if "arxiv" in p.get("extra", {})} == {"Reading group"}


def test_add_partial_failure(services: FakeServices, library_dir: Path, capsys) -> None:
    assert main(["add", "2611.10001", "2611.99999", "nonsense", "10.1234/missing", "--db", str(library_dir)]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines() == ["added: arXiv:2611.10001 · Speculative Decoding Study 1 (2026, arXiv)"]
    assert captured.err.splitlines() == [
        "paperdesk: 'nonsense' is not an arXiv id, a DOI or an OpenReview forum URL",
        "paperdesk: 2611.99999: arXiv: no paper 2611.99999",
        "paperdesk: 10.1234/missing: Crossref: no work with DOI 10.1234/missing",
    ]


def test_add_offline_leaves_the_library_alone(services: FakeServices, library_dir: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    main(["list", "--db", str(library_dir)])
    capsys.readouterr()
    before = folder_snapshot(library_dir)
    monkeypatch.setenv("PAPERDESK_ARXIV_API", dead_url())
    assert main(["add", "2611.10001", "--db", str(library_dir)]) == 1
    captured = capsys.readouterr()
    assert captured.err == "paperdesk: 2611.10001: arXiv: could not connect (offline?)\n" and captured.out == ""
    assert folder_snapshot(library_dir) == before


def test_add_retries_a_busy_service_visibly(services: FakeServices, library_dir: Path, capsys) -> None:
    services.queue("crossref", Reply(503, b"", {"Retry-After": "0"}), Reply(429, b"", {"Retry-After": "0"}))
    assert main(["add", "10.1038/nature14539", "--db", str(library_dir)]) == 0
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        "paperdesk: Crossref: busy (HTTP 503); waiting 0 s, then retry 1 of 4",
        "paperdesk: Crossref: rate limited (HTTP 429); waiting 0 s, then retry 2 of 4",
    ]
    assert captured.out.startswith("added: doi:10.1038/nature14539")


def test_add_refuses_a_malformed_answer(services: FakeServices, library_dir: Path, capsys) -> None:
    services.queue("arxiv", Reply(200, b"<html>maintenance</html>"))
    services.queue("crossref", Reply(200, b'{"status": "ok", "message": {"title": {"a": 1}}}'))
    services.queue("openreview", Reply(200, b'{"notes": "nope"}'))
    assert main(["add", "2611.10001", "10.1038/nature14539", "openreview:or000001x", "--db", str(library_dir)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "paperdesk: 2611.10001: arXiv: malformed response (not an Atom feed (<html>))"
    assert err[1] == "paperdesk: 10.1038/nature14539: Crossref: malformed response (the work title is an object, not text)"
    assert err[2].startswith("paperdesk: openreview:or000001x: OpenReview: malformed response (")
    assert not library_dir.exists() or all(p["list"] != "Added" for p in _papers(library_dir, capsys))


def test_fetch_openreview_venue_then_resume(services: FakeServices, library_dir: Path, capsys) -> None:
    services.handlers["openreview"] = OpenReviewData(venue_notes(25))
    db = ["--db", str(library_dir)]
    assert main(["fetch", "openreview", "ICML.cc/2025/Conference", *db]) == 0
    assert capsys.readouterr().out == "list ICML 2025: 25 papers fetched, 25 added, 0 already there\n"
    asked = len(services.log)
    assert main(["fetch", "openreview", "ICML.cc/2025/Conference", *db]) == 0
    assert capsys.readouterr().out == "list ICML 2025: 25 papers fetched, 0 added, 25 already there (0 with new fields)\n"
    assert len(services.log) == asked
    papers = [p for p in _papers(library_dir, capsys) if p["list"] == "ICML 2025"]
    assert len(papers) == 25 and all(p["abstract"] and p["authors"] for p in papers)


def test_fetch_openreview_fails_half_way_and_resumes(services: FakeServices, library_dir: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.core.fetch.openreview as orv

    monkeypatch.setattr(orv, "PAGE", 10)
    monkeypatch.setattr(orv.fetch_venue, "__defaults__", (True, 10, None))
    data = OpenReviewData(venue_notes(25))
    calls = {"n": 0}

    def dies_on_the_third_page(path, query):
        calls["n"] += 1
        return Reply(502, b"") if calls["n"] >= 3 else data(path, query)

    services.handlers["openreview"] = dies_on_the_third_page
    main(["list", "--db", str(library_dir)])
    capsys.readouterr()
    before = folder_snapshot(library_dir)
    assert main(["fetch", "openreview", "ICML.cc/2025/Conference", "--db", str(library_dir)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == (
        f"paperdesk: OpenReview: HTTP 502 after 4 retries ({services.base('openreview')}/notes?content.venueid=ICML.cc%2F2025%2FConference"
        "&limit=10&offset=20); "
        "the 20 of 25 papers fetched so far are cached: run the command again to resume"
    )
    assert len([line for line in err if "retry" in line]) == 4
    assert folder_snapshot(library_dir) == before
    services.handlers["openreview"] = data
    asked = len(services.requests("openreview"))
    assert main(["fetch", "openreview", "ICML.cc/2025/Conference", "--db", str(library_dir)]) == 0
    assert "25 added" in capsys.readouterr().out
    assert len(services.requests("openreview")) - asked == 1  # only the missing page


def test_fetch_openreview_offline(services: FakeServices, library_dir: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAPERDESK_OPENREVIEW_API", dead_url())
    assert main(["fetch", "openreview", "ICML.cc/2025/Conference", "--db", str(library_dir)]) == 1
    assert capsys.readouterr().err == "paperdesk: OpenReview: could not connect (offline?)\n"
    assert not library_dir.exists()


def test_fetch_arxiv_listing(services: FakeServices, library_dir: Path, capsys) -> None:
    assert main(["fetch", "arxiv", "cs.LG", "--since", "2026-11-29", "--db", str(library_dir)]) == 0
    assert capsys.readouterr().out == "list arXiv cs.LG since 2026-11-29: 5 papers fetched, 5 added, 0 already there\n"
    (path, query), = services.requests("arxiv")
    assert query["search_query"] == "cat:cs.LG AND submittedDate:[202611290000 TO 209912312359]"
    papers = [p for p in _papers(library_dir, capsys) if p["list"].startswith("arXiv")]
    assert [p["extra"]["arxiv"] for p in papers] == [f"2611.1000{i}" for i in (5, 4, 3, 2, 1)]  # newest first
    assert main(["fetch", "arxiv", "--query", "speculative decoding", "--max", "2", "--db", str(library_dir)]) == 0
    assert capsys.readouterr().out.startswith('list arXiv "speculative decoding": 2 papers fetched, 0 added, 2 already there')


def test_fetch_arxiv_needs_something_to_list(services: FakeServices, capsys) -> None:
    assert main(["fetch", "arxiv"]) == 2
    with pytest.raises(SystemExit):
        main(["fetch", "arxiv", "cs.LG", "--since", "last week"])
    assert "wants a date as YYYY-MM-DD" in capsys.readouterr().err


def test_fetch_shows_a_progress_bar_on_a_terminal(services: FakeServices, library_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert main(["fetch", "openreview", "ICML.cc/2025/Conference", "--db", str(library_dir)]) == 0
    err = capsys.readouterr().err
    assert "fetching [########################] 7/7 papers · " in err and " s left\n" in err


@pytest.mark.parametrize("command", [["add"], ["fetch"], ["fetch", "openreview"], ["fetch", "arxiv"]])
def test_every_command_has_help(command: list[str], capsys) -> None:
    with pytest.raises(SystemExit) as info:
        main([*command, "--help"])
    assert info.value.code == 0
    assert "usage: paperdesk " + " ".join(command) in capsys.readouterr().out


def test_fetch_arxiv_fails_half_way_and_keeps_what_it_got(services: FakeServices, library_dir: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.core.fetch.arxiv as ax
    from tests.fetch.conftest import arxiv_papers
    from tests.fetch_server import ArxivData

    monkeypatch.setattr(ax, "BATCH", 4)
    monkeypatch.setattr(ax.fetch_listing, "__defaults__", (ax.MAX_RESULTS, 4, None))
    data = ArxivData(arxiv_papers(10))
    services.handlers["arxiv"] = lambda path, query: Reply(200, b"<feed>half</feed") if query.get("start") == "8" else data(path, query)
    args = ["fetch", "arxiv", "cs.LG", "--since", "2026-11-01", "--db", str(library_dir)]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert err.startswith("paperdesk: arXiv: malformed response (not XML: ")
    assert err.endswith("); the 8 papers fetched so far are cached: run the command again to resume\n")
    assert not library_dir.exists()
    services.handlers["arxiv"] = data
    asked = len(services.requests("arxiv"))
    assert main(args) == 0
    assert "10 added" in capsys.readouterr().out
    assert len(services.requests("arxiv")) - asked == 1


def test_starting_the_app_loads_no_web_client() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from tui.cli import _parser; _parser().parse_args(['list']); "
        "heavy = ('openreview', 'requests', 'rispy', 'urllib.request', 'xml.etree.ElementTree', 'tui.core.fetch.http'); "
        "print(','.join(sorted(m for m in heavy if m in sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_add_while_the_app_holds_the_library(services: FakeServices, library_dir: Path, capsys) -> None:
    from tui.core.library import Library

    with Library.open(library_dir):  # another process's lock, as the running app holds it
        import subprocess
        import sys

        out = subprocess.run(
            [sys.executable, "-m", "tui", "add", "2611.10001", "--db", str(library_dir)], capture_output=True, text=True
        )
    assert out.returncode == 3  # held by another process, as for every writing command
    assert "is using this library; nothing added (the papers are cached: run the command again when the library is free)" in out.stderr
    assert main(["add", "2611.10001", "--db", str(library_dir)]) == 0  # free now; answered from the cache
    assert capsys.readouterr().out.startswith("added: arXiv:2611.10001")
    assert len(services.requests("arxiv")) == 1


def test_ctrl_c_during_a_fetch(services: FakeServices, library_dir: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.core.fetch.openreview as orv

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(orv, "fetch_venue", interrupted)
    assert main(["fetch", "openreview", "ICML.cc/2025/Conference", "--db", str(library_dir)]) == 130
    assert "interrupted; the library is unchanged" in capsys.readouterr().err
    assert not library_dir.exists()


def test_a_fetch_that_finds_nothing_exits_1(services: FakeServices, library_dir: Path, capsys) -> None:
    services.handlers["arxiv"] = ArxivData([])
    main(["list", "--db", str(library_dir)])
    capsys.readouterr()
    before = folder_snapshot(library_dir)
    assert main(["fetch", "arxiv", "--query", "no such words", "--db", str(library_dir)]) == 1
    assert capsys.readouterr().err == "paperdesk: nothing found; the library is unchanged\n"
    assert folder_snapshot(library_dir) == before
