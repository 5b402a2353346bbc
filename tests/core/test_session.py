"""The saved session: round trip, and every kind of bad file read as "nothing to restore"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tui.core.search.sorts import SORT_NAMES
from tui.core.store.session import SESSION_FILE, ExportPlaces, Session, TriagePass, load_session, save_session
from tui.core.usecases.resume import resumes

SORTS = tuple(SORT_NAMES)


def test_a_session_round_trips(tmp_path: Path) -> None:
    session = Session(
        "abc", "graph -lora", "rating", "stacked", "auto", True, 12, TriagePass(["a", "b", "c"], 1, "graph", "rating"),
        ExportPlaces("/home/ana/papers", "/home/ana/vault/papers", "/home/ana/obsidian", "/home/ana/obsidian"),
    )
    save_session(tmp_path, session)
    assert load_session(tmp_path, SORTS) == session
    assert not [p for p in tmp_path.iterdir() if p.name != SESSION_FILE]  # no temp file left behind
    raw = json.loads((tmp_path / SESSION_FILE).read_text(encoding="utf-8"))  # what the app passed is what is written
    assert (raw["scroll"], raw["triage"]) == (12, {"ids": ["a", "b", "c"], "at": 1, "query": "graph", "sort": "rating"})
    assert raw["exports"] == {"file": "/home/ana/papers", "folder": "/home/ana/vault/papers", "sync": "/home/ana/obsidian", "vault": "/home/ana/obsidian"}


def test_a_folder_name_that_is_not_utf8_round_trips_in_an_ascii_file(tmp_path: Path) -> None:
    # An export to a folder named on a Latin-1 disk: Python holds the byte that is not UTF-8 as a lone surrogate,
    # which UTF-8 cannot encode (quitting failed with a traceback). The file is ASCII, so any locale reads it alike.
    folder = os.fsdecode(b"/home/ana/caf\xe9")
    session = Session(query="théorie ∞", exports=ExportPlaces(folder, folder, folder, folder))
    save_session(tmp_path, session)
    assert load_session(tmp_path, SORTS) == session
    assert (tmp_path / SESSION_FILE).read_bytes().isascii()


def test_a_session_holding_raw_utf8_text_is_read_under_an_ascii_locale(tmp_path: Path) -> None:
    # Versions before the ASCII file wrote text as raw UTF-8 (as a hand edit may): the file is read as UTF-8,
    # whatever the locale's encoding, rather than dropped as undecodable.
    (tmp_path / SESSION_FILE).write_text(json.dumps({"version": 1, "query": "théorie ∞"}, ensure_ascii=False), encoding="utf-8")
    code = "import locale, sys; from tui.core.store.session import load_session; "
    code += "print(locale.getpreferredencoding(False), ascii(load_session(sys.argv[1]).query))"
    env = {**os.environ, "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
    run = subprocess.run([sys.executable, "-c", code, str(tmp_path)], env=env, capture_output=True, text=True, check=True)
    encoding, query = run.stdout.strip().split(" ", 1)
    assert "utf" not in encoding.lower()  # the locale really is not UTF-8
    assert query == ascii("théorie ∞")


@pytest.mark.parametrize(
    "content",
    [b"", b"{not json", b"\xff\xfe", b"[1, 2]", b'"text"', json.dumps({"version": 99, "selected": "abc"}).encode(), json.dumps({"selected": "abc"}).encode()],
)
def test_a_bad_or_foreign_file_restores_nothing(tmp_path: Path, content: bytes) -> None:
    (tmp_path / SESSION_FILE).write_bytes(content)
    assert load_session(tmp_path, SORTS) == Session()


def test_a_missing_file_or_folder_restores_nothing(tmp_path: Path) -> None:
    assert load_session(tmp_path, SORTS) == Session()
    assert load_session(tmp_path / "nowhere", SORTS) == Session()


def test_fields_that_make_no_sense_are_dropped_one_by_one(tmp_path: Path) -> None:
    doc = {
        "version": 1, "selected": 5, "query": "graph\x1b[31m\nx", "sort": "nonsense", "layout": "diagonal", "layout_setting": "side",
        "focus_mode": "yes", "scroll": -3, "triage": {"ids": ["a"], "at": 7, "query": "", "sort": "relevance"},
        "exports": {"file": 3, "folder": "/a\nb", "sync": "  ", "vault": None},
    }
    (tmp_path / SESSION_FILE).write_text(json.dumps(doc))
    session = load_session(tmp_path, SORTS)
    assert session == Session(query="graph\x1b[31m x", layout_setting="side")


def test_a_triage_pass_walks_resumes_and_goes_back() -> None:
    walk = TriagePass(["a", "b", "c"], 0, "graph", "relevance")
    assert walk.current == "a" and resumes(walk, "graph ") and not resumes(walk, "graph -survey")
    walk.advance()
    walk.advance()
    assert walk.current == "c" and walk.go_to("a") and walk.current == "a" and not walk.go_to("zz")
    walk.at = 3
    assert walk.finished and walk.current is None and walk.last_shown() == "c" and not resumes(walk, "graph")
    walk.at = 1
    walk.keep_only({"a", "c"})  # b left the library: the walk keeps its place
    assert walk.ids == ["a", "c"] and walk.at == 1


def test_export_places_offer_each_choice_the_place_it_went_last() -> None:
    places = ExportPlaces()
    places.used(Path("/papers/group/notes.md"), per_paper=False, sync=False, vault_setting=None)
    places.used(Path("/papers/vault"), per_paper=True, sync=False, vault_setting=None)
    assert (places.file, places.folder, places.sync) == ("/papers/group", "/papers/vault", "")
    assert places.sync_folder(None) is None and places.sync_folder(Path("/set")) == Path("/set")  # never synced: the setting
    places.used(Path("/elsewhere"), per_paper=True, sync=True, vault_setting=Path("/set"))
    assert places.sync_folder(Path("/set")) == Path("/elsewhere")  # the vault last synced with
    assert places.sync_folder(Path("/changed")) == Path("/changed")  # a setting changed since wins
    assert places.sync_folder(None) is None  # the setting removed since: nothing offered but the default


def test_a_pass_resumes_on_any_view_that_selects_the_same_papers() -> None:
    """Keyed by what the filter means, not how it was typed nor the sort it was in."""
    walk = TriagePass(["a", "b"], 1, "status:unread tag:llm", "rating")
    assert resumes(walk, "tag:llm  status:unr") and resumes(walk, "Status:UNREAD tag:llm")
    assert not resumes(walk, "status:unread") and not resumes(walk, "status:unread -tag:llm")
    assert resumes(TriagePass(["a"], 0, "", "relevance"), "  ") and not resumes(TriagePass(["a"], 0, "", "relevance"), "graph")
    broken = TriagePass(["a"], 0, "foo:bar", "relevance")  # a filter that does not parse is compared as written
    assert resumes(broken, " foo:bar") and not resumes(broken, "foo:baz")


def test_an_empty_session_and_a_new_pass_hold_the_defaults() -> None:
    assert vars(Session()) == {
        "selected": None, "query": "", "sort": "relevance", "layout": "auto", "layout_setting": "auto",
        "focus_mode": False, "scroll": 0, "triage": None, "exports": ExportPlaces(),
    }
    assert vars(TriagePass(["a"])) == {"ids": ["a"], "at": 0, "query": "", "sort": "relevance"}


def test_a_session_without_a_triage_pass_round_trips_and_is_written_quickly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Written as the app quits: no fsync (a session lost to a crash is harmless), so quitting never waits on the disk."""
    import os

    def no_fsync(fd: int) -> None:
        raise AssertionError("the session file is a convenience: it is never fsynced")

    monkeypatch.setattr(os, "fsync", no_fsync)
    session = Session("abc", "æther", "rating", "side", "side", False, 0, None)
    save_session(tmp_path, session)
    assert load_session(tmp_path, SORTS) == session


def _with_triage(tmp_path: Path, triage: object, sorts: tuple[str, ...] | None = SORTS) -> TriagePass | None:
    (tmp_path / SESSION_FILE).write_text(json.dumps({"version": 1, "query": 5, "triage": triage}))
    session = load_session(tmp_path, sorts)
    assert session.query == ""  # a query that is not text restores none
    return session.triage


@pytest.mark.parametrize(
    "triage",
    [
        {"ids": [], "at": 0, "sort": "relevance"},  # nothing to walk
        {"ids": ["a", 1], "at": 0, "sort": "relevance"},  # an id that is not text
        {"ids": "ab", "at": 0, "sort": "relevance"},  # not a list (though its items are text)
        {"ids": ["a", "b"], "at": True, "sort": "relevance"},  # a bool is not a place
        {"ids": ["a", "b"], "at": "1", "sort": "relevance"},
        {"ids": ["a", "b"], "at": -1, "sort": "relevance"},
        {"ids": ["a", "b"], "at": 3, "sort": "relevance"},  # past the end
        {"ids": ["a", "b"], "at": 0, "sort": "nonsense"},  # a sort that no longer exists
        {"ids": ["a", "b"], "at": 0, "sort": 5},
        {"ids": ["a", "b"], "at": 0},
        ["a", "b"],
    ],
)
def test_a_triage_pass_that_makes_no_sense_restores_none(tmp_path: Path, triage: object) -> None:
    assert _with_triage(tmp_path, triage) is None


def test_a_triage_pass_restores_from_its_first_paper_to_walked_to_the_end(tmp_path: Path) -> None:
    assert _with_triage(tmp_path, {"ids": ["a", "b"], "at": 0, "sort": "relevance", "query": 7}) == TriagePass(["a", "b"], 0, "", "relevance")
    ended = _with_triage(tmp_path, {"ids": ["a", "b"], "at": 2, "sort": "rating", "query": " graph\nx "})
    assert ended == TriagePass(["a", "b"], 2, "graph x", "rating") and ended.finished
    # without the list of sorts (nothing to check against), any sort named by text is kept
    assert _with_triage(tmp_path, {"ids": ["a"], "at": 0, "sort": "nonsense"}, None) == TriagePass(["a"], 0, "", "nonsense")


def test_dropping_papers_keeps_the_pass_on_the_paper_it_showed() -> None:
    walk = TriagePass(["a", "b", "c", "d"], 2)
    walk.keep_only({"b", "c", "d"})  # a paper before the current one left
    assert (walk.ids, walk.at, walk.current) == (["b", "c", "d"], 1, "c")
    walk.advance()
    walk.advance()
    assert walk.finished
    walk.keep_only({"b"})  # walked to the end: it stays at the end
    assert (walk.ids, walk.at, walk.finished) == (["b"], 1, True)
    assert walk.last_shown() == "b"
    walk.keep_only(set())
    assert (walk.ids, walk.at, walk.current, walk.last_shown()) == ([], 0, None, None)


def test_a_sync_without_a_vault_setting_offers_its_folder_next_time() -> None:
    """Synced to a folder picked in the dialog, with no `vault` setting: that folder is offered again (until a
    setting names a vault)."""
    places = ExportPlaces()
    places.used(Path("/home/ana/Obsidian"), per_paper=True, sync=True, vault_setting=None)
    assert places.vault == "" and places.sync_folder(None) == Path("/home/ana/Obsidian")
    assert places.sync_folder(Path("/set/since")) == Path("/set/since")


def test_remembered_places_keep_any_one_line_path_and_drop_the_rest(tmp_path: Path) -> None:
    """A hand-edited or damaged session.json: a place that is not text on one line is forgotten, not offered."""
    exports = {"file": "/home/ana/XR papers/notes.md", "folder": "/a\nb", "sync": "  ", "vault": "/v\x00"}
    (tmp_path / SESSION_FILE).write_text(json.dumps({"version": 1, "exports": exports}))
    assert load_session(tmp_path, SORTS).exports == ExportPlaces("/home/ana/XR papers/notes.md", "", "", "")
    (tmp_path / SESSION_FILE).write_text(json.dumps({"version": 1, "exports": {"file": 5, "folder": ["/x"], "sync": "/s\r"}}))
    assert load_session(tmp_path, SORTS).exports == ExportPlaces()
