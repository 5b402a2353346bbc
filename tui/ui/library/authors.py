"""The library screen's authors: the author page (`A`, the palette's "Author…") and the marks of followed authors.

The page's data is a use case (`usecases.author`); following is another
(`usecases.follow`), after which the search index learns the new follows
(`followed:`) and the list redraws its marks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from textual.message import Message

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.core.library import Library
    from tui.core.search.index import SearchIndex
    from tui.core.usecases.author import AuthorPage
    from tui.ui.library.context import PartContext
    from tui.ui.widgets.paper_list import PaperList


class Searchable(Protocol):
    """What the author page asks of the filtering: the search index, which `followed:` reads."""

    @property
    def index(self) -> SearchIndex | None: ...


class FollowsChanged(Message):
    """The reader followed an author or stopped: "for me" learns again (`learned.py`), their papers being weak positives."""


class AuthorPages:
    """Opens author pages, follows from them, and keeps the list's followed marks in step with the index."""

    def __init__(self, context: PartContext, searchable: Searchable) -> None:
        self.host: Screen = context.host
        self.library: Callable[[], Library | None] = context.library
        self.library_ready = context.library_ready
        self.papers: PaperList = context.papers
        self.searchable, self.go_to = searchable, context.go_to
        self._marked: SearchIndex | None = None  # the index whose follows the list's marks show

    def on_ranked(self, message: Message) -> None:
        """A new index (a start, an import) carries the follows: the list marks their papers (the filtering's `Ranked`;
        named only as a Message here, as the filtering imports this module's `FollowsChanged`)."""
        index = self.searchable.index
        if index is not None and index is not self._marked:
            self._marked = index
            self.papers.followed = index.followed_ids()
            self.papers.refresh_rows()

    def action_author_page(self, index: int | None = None) -> None:
        """`A`: the page of an author of the highlighted paper (which one, when it has several); a click on a name
        in the reading pane's authors line (`index`, its place among the paper's authors): that author's page."""
        from tui.ui.screens.author import AuthorScreen

        paper = self.papers.current
        library = self.library_ready()
        if paper is None or library is None:
            return
        if not paper.authors:
            self.host.notify("This paper names no authors.", severity="warning", markup=False)
            return
        names = paper.authors[index : index + 1] if isinstance(index, int) and 0 <= index < len(paper.authors) else paper.authors
        screen = AuthorScreen(names, lambda name: self._page(library, name), lambda page: self._toggle(library, page), self._follows_changed)
        self.host.app.push_screen(screen, self._chosen)

    def _page(self, library: Library, name: str) -> AuthorPage:
        from tui.core.usecases.author import author_page

        return author_page(library, name)

    def _toggle(self, library: Library, page: AuthorPage) -> AuthorPage:
        """In a thread: follow the page's person, or stop following them; the index learns it (`followed:`)."""
        from tui.core.usecases.author import author_page
        from tui.core.usecases.follow import follow, followed_papers, unfollow

        if page.followed:
            unfollow(library, page.name)
        else:
            follow(library, page.name)
        index = self.searchable.index
        if index is not None:
            index.set_followed(followed_papers(index.papers, library.follows()))
        return author_page(library, page.name)

    def _follows_changed(self) -> None:
        """On the UI thread, after a follow: the list's marks as the index has them now."""
        index = self.searchable.index
        if index is not None:
            self.papers.followed = index.followed_ids()
            self.papers.refresh_rows()
        self.host.post_message(FollowsChanged())

    def _chosen(self, pid: str | None) -> None:
        if pid is not None:
            self.go_to(pid)
