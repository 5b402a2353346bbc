"""The library screen's reading group: the other members' ratings in the pane, the list and search; sync and comment.

The group is read from the library's clone in a thread once the library is
open (`usecases.group.sight`: no network), and again after a sync from the palette.
The pane shows each other member's rating, status, shared tags and comment
(`Reader.group_of`), the list a votes column (`group_column`), and the search
index learns the marks for `votes:`, `group:` and `discuss:` and the
group-score sort. In a triage pass the others' ratings wait for this member's
own vote (`group_triage = "after-vote"`), so they do not anchor it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from tui.core.errors import PaperdeskError
from tui.core.models import Annotation, Paper
from tui.ui.error_line import error_line
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.core.config import Settings
    from tui.core.library import Library
    from tui.core.search.index import SearchIndex
    from tui.core.usecases.group import Sight, SyncReport
    from tui.ui.library.context import PartContext
    from tui.ui.widgets.group_marks import GroupShown
    from tui.ui.widgets.paper_list import PaperList
    from tui.ui.widgets.reader import Reader


class Searching(Protocol):
    """What the group asks of the filtering: the index to set the marks on, whether the cycle offers the group
    score, and a ranking again once the marks changed."""

    in_group: bool

    @property
    def index(self) -> SearchIndex | None: ...

    def marks_changed(self) -> None: ...


class Pass(Protocol):
    """What the group asks of the triage: whether a pass is on screen."""

    @property
    def active(self) -> bool: ...


class Annotations(Protocol):
    """What the group asks of the annotator: a paper's annotation with saves still on their way, and whether it may be changed."""

    def view(self, pid: str) -> Annotation: ...

    def writable(self, typing: str | None = None) -> bool: ...


class GroupPart:
    """A reading group as one library screen shows it (nothing at all for a library in no group)."""

    def __init__(self, context: PartContext, searching: Searching, triage: Pass, annotations: Annotations) -> None:
        """The screen (`host`) runs the reads and syncs; the reading pane and the list show the group."""
        self.host: Screen = context.host
        self.reader: Reader = context.reader
        self.papers: PaperList = context.papers
        self.settings: Settings = context.settings
        self.library: Callable[[], Library | None] = context.library
        self.library_ready = context.library_ready
        self.searching, self.triage, self.annotations = searching, triage, annotations
        self.view: Callable[[str], Annotation] = annotations.view
        self.sight: Sight | None = None
        """What the group says, as last read from the clone (None: no group, or not read yet)."""
        self.syncing = False
        self.told: tuple[str, ...] = ()
        """The member files left out that the user was last told of (at a start, or by a sync's report)."""
        self.reader.group_of = self.shown

    # -- reading the group ----------------------------------------------------------------

    def load(self, library: Library) -> None:
        """Read the group from the library's clone in a thread; the pane, the list and the index follow."""
        folder = library.folder
        if not (folder / "group.json").exists():  # in no group: nothing is imported or read
            return
        self.host.run_worker(lambda: self._read(library), thread=True, exclusive=True, group="group-read")

    def _read(self, library: Library) -> None:
        from tui.core.usecases.group import sight

        try:
            found = sight(library, self.settings.group_discuss)
        except (PaperdeskError, OSError) as exc:
            to_ui(self.host.app, self.host.notify, error_line(exc), title="Reading group", severity="warning", timeout=10, markup=False)
            return
        to_ui(self.host.app, self._loaded, library, found)

    def _loaded(self, library: Library, found: Sight | None) -> None:
        if library is not self.library():
            return  # another library since (a restored backup)
        self.sight = found
        problems = tuple(found.board.problems) if found is not None else ()
        if problems and problems != self.told:
            self.host.notify(left_out_notice(problems), title="Reading group", severity="warning", timeout=12, markup=False)
        self.told = problems
        self.searching.in_group = found is not None
        index = self.searching.index
        if found is not None and index is not None:
            found.attach(index)
            self.searching.marks_changed()
        self.papers.group_of = self.cell if found is not None and self.settings.group_column else None
        self.papers.refresh_rows()
        self.reader.refresh_group()

    def index_ready(self, index: SearchIndex) -> None:
        """A (new) search index: it learns the marks before its first ranking."""
        if self.sight is not None:
            self.sight.attach(index)

    # -- what is shown ----------------------------------------------------------------------------

    def shown(self, paper: Paper, annotation: Annotation | None) -> GroupShown | None:
        """The pane's group part for `paper`: None outside a group; withheld in a triage pass until this member votes."""
        sight = self.sight
        if sight is None:
            return None
        from tui.ui.widgets.group_marks import GroupShown  # in a group only: not on every start's way

        rating = annotation.rating if annotation is not None else 0
        if self.triage.active and self.settings.group_triage != "always" and not rating:
            return GroupShown((), 0, withheld=True) if self.settings.group_triage == "after-vote" else None
        return GroupShown(sight.marks_of(paper.id), sight.votes(paper.id, rating), sight.comment_of(paper.id))

    def cell(self, pid: str, annotation: Annotation | None) -> str:
        """The list's group column for paper `pid`: its votes (this member's rating counted live)."""
        from tui.ui.widgets.group_marks import column_cell

        sight = self.sight
        if sight is None:
            return column_cell(0, False)
        marks = sight.marks_of(pid)
        return column_cell(sight.votes(pid, annotation.rating if annotation is not None else 0), any(m.rating for m in marks))

    # -- syncing and commenting -------------------------------------------------------------------

    def _in_group(self) -> Library | None:
        library = self.library()
        if library is None:
            return None
        if not (library.folder / "group.json").exists():
            self.host.notify("This library is in no reading group: paperdesk group join REMOTE --as NAME", title="Reading group",
                             severity="warning", timeout=8, markup=False)
            return None
        return library

    def action_group_sync(self) -> None:
        """Pull the other members' ratings and share this member's (`paperdesk group sync`), in a thread."""
        if self.library_ready() is not None:
            self.sync()

    def action_group_comment(self) -> None:
        """A one-line comment for the group on the highlighted paper."""
        from tui.core.render.titles import row_title

        paper = self.papers.current
        if self.library_ready() is not None and paper is not None and self.annotations.writable("Group comment"):
            self.comment(paper, row_title(paper, self.view(paper.id)))

    def sync(self) -> None:
        """Pull the others' ratings and share this member's, in a thread; the report as a notification."""
        library = self._in_group()
        if library is None or self.syncing:
            return
        self.syncing = True
        self.host.notify("Syncing with the reading group…", timeout=3, markup=False)
        self.host.run_worker(lambda: self._sync(library), thread=True, group="group-sync")

    def _sync(self, library: Library) -> None:
        from tui.core.usecases.group import sync

        try:
            report = sync(library, group_tags=self.settings.group_tags)
        except (PaperdeskError, OSError) as exc:
            to_ui(self.host.app, self._synced, library, None, error_line(exc))
            return
        to_ui(self.host.app, self._synced, library, report, "")

    def _synced(self, library: Library, report: SyncReport | None, failure: str) -> None:
        self.syncing = False
        if report is None:
            self.host.notify(failure, title="Group sync failed", severity="error", timeout=10, markup=False)
            return
        warn = report.failed or bool(report.problems)
        self.told = tuple(report.problems)  # the report names them: the reading that follows need not again
        self.host.notify("\n".join(report.lines), title="Reading group", severity="warning" if warn else "information", timeout=8, markup=False)
        self.load(library)

    def comment(self, paper: Paper | None, title: str) -> None:
        """A one-line comment the group sees beside this member's rating of `paper` (shown as `title`)."""
        library = self._in_group()
        if library is None or paper is None or self.sight is None:
            return
        from tui.ui.screens.comment_dialog import CommentDialog

        def chosen(text: str | None) -> None:
            if text is not None:
                self.host.run_worker(lambda: self._keep_comment(library, paper.id, text), thread=True, group="group-comment")

        dialog = CommentDialog(
            title, self.sight.comment_of(paper.id), new=False, heading="A comment for the reading group",
            hint="Enter keeps it (empty: none), shared at the next sync; Esc leaves it as it was",
        )
        self.host.app.push_screen(dialog, chosen)

    def _keep_comment(self, library: Library, pid: str, text: str) -> None:
        from tui.core.usecases.group import set_comment

        try:
            kept = set_comment(library, pid, text)
        except (PaperdeskError, OSError) as exc:
            to_ui(self.host.app, self.host.notify, error_line(exc), title="Comment not kept", severity="error", timeout=10, markup=False)
            return
        to_ui(self.host.app, self._comment_kept, pid, kept)

    def _comment_kept(self, pid: str, kept: str) -> None:
        if self.sight is not None:
            (self.sight.state.comments.__setitem__(pid, kept) if kept else self.sight.state.comments.pop(pid, None))
        self.reader.refresh_group()
        self.host.notify("Comment kept: the group sees it after the next sync." if kept else "Comment removed.", timeout=4, markup=False)


#: Lines of member files left out a notification names; `paperdesk group` lists them all.
LEFT_OUT_LINES = 4


def left_out_notice(problems: tuple[str, ...]) -> str:
    """What the app says at a start when member files of the group cannot be used: how many, the first few lines."""
    from tui.core.words import plural

    shown = list(problems[:LEFT_OUT_LINES])
    if len(problems) > LEFT_OUT_LINES:
        shown.append(f"and {len(problems) - LEFT_OUT_LINES} more (paperdesk group lists them all)")
    return f"{plural(len(problems), 'problem')} in the group's files, the rest of the group is read:\n" + "\n".join(shown)
