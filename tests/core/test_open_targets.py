"""`usecases.open`: what `o` and `paperdesk open` offer for a paper (page, PDF), and opening a library and its index
for the app's session (the papers file's size and path, the collector left running when the index fails)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from tui.core import collector
from tui.core.ingest.versions import absorb
from tui.core.library import Library
from tui.core.models import Paper
from tui.core.usecases import open as opening
from tui.core.usecases.open import link_targets


def paper(**fields) -> Paper:
    return Paper(**{"id": "p1", "abstract": "", "list": "l", "title": "A paper", **fields})


def test_the_page_is_the_url_else_the_doi_else_the_abstracts_first_web_link() -> None:
    assert link_targets(paper(url="https://example.org/a", doi="10.1/x"))[0] == "https://example.org/a"
    assert link_targets(paper(doi="10.1/x"))[0] == "https://doi.org/10.1/x"
    linked = paper(abstract="Code at file:///etc/passwd and https://example.org/code then https://example.org/other.")
    assert link_targets(linked) == ("https://example.org/code", "")
    assert link_targets(paper()) == ("", "")


def test_the_pdf_is_the_lists_own_else_the_pages_else_another_versions_else_arxivs() -> None:
    pmlr = "https://proceedings.mlr.press/v247/addanki24a.html"
    assert link_targets(paper(url=pmlr, extra={"pdf": "https://example.org/own.pdf"}))[1] == "https://example.org/own.pdf"
    assert link_targets(paper(url=pmlr, extra={"pdf": 7}))[1] == "https://proceedings.mlr.press/v247/addanki24a/addanki24a.pdf"
    assert link_targets(paper(extra={"pdf": "javascript:alert(1)"}))[1] == ""
    assert link_targets(paper(extra={"arxiv": "2401.00001"}))[1] == "https://arxiv.org/pdf/2401.00001"
    proceedings = paper(id="p1", url="https://example.org/proc")
    preprint = paper(id="p2", url="https://arxiv.org/abs/2413.00001v2")
    merged = absorb(proceedings, preprint, proceedings)
    assert link_targets(merged) == ("https://example.org/proc", "https://arxiv.org/pdf/2413.00001v2")
    unlinked = absorb(proceedings, paper(id="p3"), proceedings)
    assert link_targets(unlinked) == ("https://example.org/proc", "")


def test_the_papers_files_size_and_path(tmp_path: Path) -> None:
    assert opening.papers_size(None) is None
    assert opening.papers_size(tmp_path) is None  # a new library: no file yet
    (tmp_path / "papers.json").write_bytes(b"12345")
    assert opening.papers_size(tmp_path) == 5
    assert opening.papers_path(str(tmp_path)) == tmp_path / "papers.json"


def test_a_session_opens_the_folder_asked_for(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    lib = opening.open_for_session(folder)
    try:
        assert lib.folder == folder and (folder / "papers.json").exists() and len(lib.papers) == 33
    finally:
        lib.close()


def test_the_index_is_built_for_the_library_given_with_its_early_callback(library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.core.usecases.list as listing

    seen: list[tuple[object, object]] = []

    def early(_index) -> None: ...

    monkeypatch.setattr(listing, "search_index", lambda lib, callback: seen.append((lib, callback)) or "the index")
    assert opening.index_for_session(library, early) == "the index"
    opening.settle()
    assert seen == [(library, early)] and gc.isenabled()


def test_a_failed_index_build_lets_the_collector_run_again_and_freezes_nothing(library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.core.usecases.list as listing

    def broken(lib, callback):
        raise OSError("disk gone")

    monkeypatch.setattr(listing, "search_index", broken)
    frozen = gc.get_freeze_count()
    with pytest.raises(OSError):
        opening.index_for_session(library)
    assert gc.isenabled() and collector._depth == 0
    assert gc.get_freeze_count() == frozen
