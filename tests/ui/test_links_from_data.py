"""A link from an imported file is opened or made clickable only when it is http(s)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.pilot import settle, text_of
from tui.core.ingest.parsed import ParsedFile
from tui.core.library import Library
from tui.core.models import Paper


def one_paper_library(folder: Path, **fields) -> Library:
    library = Library.open(folder, seed=False)
    paper = Paper("a1b2c3d4e5f6", "An abstract long enough to be a paper about links.", "Links", title="Links paper", **fields)
    library.add_papers([ParsedFile(folder / "x.json", "json", "Links", [paper])])
    return library


@pytest.mark.parametrize("url", ["javascript:alert(1)", "file:///etc/passwd", "data:text/html,x"])
async def test_o_never_opens_a_link_that_is_not_http(make_app, tmp_path: Path, monkeypatch, url: str) -> None:
    opened: list[str] = []
    monkeypatch.setattr("tui.ui.library.open_link.open_in_browser", lambda app, target: opened.append(target))
    library = one_paper_library(tmp_path / "lib", url=url)
    app = make_app(library=library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        assert "not a web link" in text_of(app, "#reader-meta")
        await pilot.press("o")
        await settle(app, pilot)
        assert opened == []
        assert any("no web (http/https) link" in n.message for n in app._notifications)
    library.close()


async def test_o_opens_the_doi_when_the_url_is_hostile(make_app, tmp_path: Path, monkeypatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr("tui.ui.library.open_link.open_in_browser", lambda app, target: opened.append(target))
    library = one_paper_library(tmp_path / "lib", url="javascript:alert(1)", doi="10.5555/abc")
    app = make_app(library=library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("o")
        await settle(app, pilot)
    assert opened == ["https://doi.org/10.5555/abc"]
    library.close()


@pytest.mark.parametrize(("key", "expected"), [("p", "https://proceedings.mlr.press/v247/addanki24a.html"),
                                               ("f", "https://proceedings.mlr.press/v247/addanki24a/addanki24a.pdf")])
async def test_o_offers_the_page_and_the_pdf(make_app, tmp_path: Path, monkeypatch, key: str, expected: str) -> None:
    from tui.ui.screens.link_menu import LinkMenu

    opened: list[str] = []
    monkeypatch.setattr("tui.ui.library.open_link.open_in_browser", lambda app, target: opened.append(target))
    library = one_paper_library(tmp_path / "lib", url="https://proceedings.mlr.press/v247/addanki24a.html")
    app = make_app(library=library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("o")
        await settle(app, pilot)
        assert isinstance(app.screen, LinkMenu)
        from textual.widgets import OptionList

        options = app.screen.query_one("#link-menu-options", OptionList)
        assert [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)] == [
            "  p  the paper's page (proceedings.mlr.press)", "  f  its PDF (proceedings.mlr.press)",
        ]
        await pilot.press(key)
        await settle(app, pilot)
        assert not isinstance(app.screen, LinkMenu)
    assert opened == [expected]
    library.close()


async def test_o_with_a_hostile_pdf_opens_the_page_at_once(make_app, tmp_path: Path, monkeypatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr("tui.ui.library.open_link.open_in_browser", lambda app, target: opened.append(target))
    library = one_paper_library(tmp_path / "lib", url="https://example.org/page", extra={"pdf": "javascript:alert(1)"})  # type: ignore[arg-type]
    app = make_app(library=library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("o")
        await settle(app, pilot)
    assert opened == ["https://example.org/page"]
    library.close()


def test_a_code_link_is_clickable_only_when_http() -> None:
    from tui.ui.rich_runs import run_style

    assert run_style("link", "https://github.com/a/b").link == "https://github.com/a/b"
    style = run_style("link", "javascript:alert(1)")
    assert style is None or not style.link


def test_no_link_but_http_in_an_abstract_is_clickable() -> None:
    """What the reading pane draws from an abstract: a `file://host/...`, `FILE://`, `javascript:` or `data:` link is plain text."""
    from tui.core.render.latex import render
    from tui.ui.rich_runs import rendered_text

    text = rendered_text(render(
        r"\href{file://fileserver/share/x.pdf}{one} \url{FILE://host/x} \href{javascript://%0aalert(1)}{two} "
        r"\url{data:text/html,x} \href{https://ok.org/a}{three}"
    ))
    links = [span.style.link for span in text.spans if not isinstance(span.style, str) and span.style.link]
    assert links == ["https://ok.org/a"]
