"""The library screen's keys for a triage pass, related papers, links, export, the clipboard and highlights,
kept apart so screen.py stays small.

Mixins of `LibraryScreen`: Textual finds `action_*` methods on the screen's
class, and these delegate to the screen's `Triage`, `RelatedPapers`,
`Exporting` and `Annotator` controllers like every other key.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from tui.core.models import Status
from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.reader import Reader

if TYPE_CHECKING:
    from tui.ui.library.exporting import Exporting
    from tui.ui.library.screen import LibraryScreen

    _Base = LibraryScreen
else:
    _Base = object


class TriageKeys(_Base):
    """T and the keys of a pass (r, x, space, u, Esc); other keys wait while a pass is on."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """During a triage pass, keys that would change the view or leave the pass do nothing."""
        return self.triage.allows(action)

    def action_triage(self) -> None:
        if self.desk.library_ready() is not None:
            self.triage.start()

    def action_triage_read_later(self) -> None:
        self.triage.decide(Status.TO_READ)

    def action_triage_skip(self) -> None:
        self.triage.decide(Status.SKIPPED)

    def action_triage_next(self) -> None:
        self.triage.next()

    def action_triage_undo(self) -> None:
        """`u` in a pass: undo as everywhere; a paper of the pass whose change is undone comes back on screen."""
        from tui.core.annotating import is_removal

        step = self.annotator.annotating.undo()
        self._history_step(step, undo=True)
        self.triage.undone(step.pid if step is not None and not is_removal(step) else None)  # type: ignore[union-attr]

    def action_triage_leave(self) -> None:
        self.triage.leave()


class RelatedKeys(_Base):
    """m: the papers most like the highlighted one."""

    def action_more_like_this(self) -> None:
        """`m`: the papers most like the highlighted one; Enter in the dialog goes to one."""
        from tui.core.render.titles import row_title
        from tui.ui.screens.related import RelatedScreen

        library, paper = self.desk.library_ready(), self.query_one(PaperList).current
        if library is None:
            return
        if paper is None:
            self.notify("No paper is highlighted: there is nothing to compare.", severity="warning", markup=False)
            return
        dialog = RelatedScreen(paper, row_title(paper, library.annotation(paper.id)), lambda p: row_title(p, library.annotation(p.id)))
        self.app.push_screen(dialog, self._go_to_related)
        self.related.ask(paper.id, dialog.show)

    def _go_to_related(self, pid: str | None) -> None:
        if pid is None:
            return
        if not any(p.id == pid for p in self.query_one(PaperList).papers):
            self.notify("The filter hid that paper: cleared it to show the paper.", markup=False)
        self.go_to(pid)


class ShareKeys(_Base):
    """o, e, c, C: a paper's link, the export dialog, the clipboard."""

    @cached_property
    def exporting(self) -> Exporting:
        """Export and clipboard (Markdown writers, dialogs): imported when first used, never before the first frame."""
        from tui.ui.library.exporting import Exporting

        return Exporting(self)

    def action_open_link(self) -> None:
        """Open the highlighted paper's URL (or DOI, or first link in its abstract) in the browser."""
        from tui.core.render.links import open_target
        from tui.ui.library.open_link import open_in_browser

        paper = self.query_one(PaperList).current
        target = open_target(paper.url, paper.doi, paper.abstract) if paper is not None else ""
        if not target:
            self.notify("This paper has no web (http/https) link to open.", severity="warning", markup=False)
            return
        app = self.app
        self.run_worker(lambda: open_in_browser(app, target), thread=True, group="open-link")

    def action_export(self) -> None:
        library = self.desk.library_ready()
        if library is not None:
            self.exporting.open_dialog(library, vault=self.desk.settings.vault)

    def action_copy_paper(self) -> None:
        if self.library is not None:
            self.exporting.copy(self.library, with_notes=False)

    def action_copy_section(self) -> None:
        if self.library is not None:
            self.exporting.copy(self.library, with_notes=True)


class HighlightKeys(_Base):
    """h and H: a passage marked in the abstract, and the list of the paper's highlights."""

    def action_start_highlight(self) -> None:
        """`h`: the reading cursor in the abstract (from the list too: the pane takes focus)."""
        if self.annotator.can_highlight() and not self.query_one(Reader).start_marking():
            self.notify("This paper has no abstract to highlight.", timeout=3)

    def action_list_highlights(self) -> None:
        self.annotator.list_highlights(self.query_one(Reader).show_highlight, self.action_undo)
