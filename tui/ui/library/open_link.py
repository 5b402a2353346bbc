"""Opening a paper's link in the browser, off the UI thread, without letting a console browser take the terminal."""

from __future__ import annotations

import sys
import webbrowser

from textual.app import App
from textual.screen import Screen

from tui.core.models import Paper
from tui.core.render.text import link_host
from tui.core.usecases.open import link_targets
from tui.ui.library.context import PartContext
from tui.ui.threads import to_ui


class Links:
    """`o` on the library screen: the highlighted paper's link in the browser (made at the first `o`)."""

    def __init__(self, context: PartContext) -> None:
        self.host: Screen = context.host
        self.papers = context.papers

    def action_open_link(self) -> None:
        """Open the highlighted paper's URL (or DOI, or first link in its abstract) in the browser."""
        open_link(self.host, self.papers.current)


def open_link(host: Screen, paper: Paper | None) -> None:
    """`o`: open the paper's page (its URL, or DOI, or first link in its abstract) in the browser, in a worker of
    `host`; a paper with a PDF too (`usecases.open.link_targets`) offers both (`screens.link_menu`)."""
    page, pdf = link_targets(paper) if paper is not None else ("", "")
    if not page and not pdf:
        host.notify("This paper has no web (http/https) link to open.", severity="warning", markup=False)
        return
    if page and pdf and page != pdf:
        from tui.ui.screens.link_menu import LinkMenu

        host.app.push_screen(LinkMenu(page, pdf), lambda chosen: _open(host, chosen) if chosen else None)
        return
    _open(host, page or pdf)


def _open(host: Screen, target: str) -> None:
    app = host.app
    host.run_worker(lambda: open_in_browser(app, target), thread=True, group="open-link")


def gui_browser_available() -> bool:
    """True when `webbrowser` would start a graphical browser rather than lynx/w3m in our terminal."""
    try:
        controller = webbrowser.get()
    except webbrowser.Error:
        return False
    if sys.platform in ("darwin", "win32"):
        return True
    return type(controller) is not webbrowser.GenericBrowser


def open_in_browser(app: App, url: str) -> None:
    """Run in a worker thread: open `url` (an http(s) `web_link`), or copy it and say so when no browser can open it here.

    The notification names the host it went to."""
    opened = False
    if gui_browser_available():
        try:
            opened = bool(webbrowser.open(url))
        except Exception:
            opened = False
    host = link_host(url)
    if opened:
        to_ui(app, app.notify, url, title=f"Opened in the browser: {host}", markup=False)
    else:
        to_ui(app, app.copy_to_clipboard, url)
        to_ui(app, 
            app.notify, url, title="No browser here: link copied", severity="warning", markup=False, timeout=10
        )
