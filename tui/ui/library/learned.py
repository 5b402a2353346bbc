"""The library screen's learned orders: the ranking engine held beside the search index, and "for me" kept learned.

The engine (`tui.core.ranking`: scikit-learn for its build) is loaded, or
built and saved, in a thread the first time something asks for it: the "for
me" sort, an `about:` term in the box, or `m`. Never at start-up: a reader who
never asks pays nothing, and the first frame is not slowed. While it builds, the
header says so with its progress and `about:` text is matched as plain words;
once ready it is handed to the search index (`SearchIndex.set_meaning`) and the
view ranks again by itself. After each rating, skip or tag, "for me" is learned
again in a thread (`Ranker.for_me`, a few numpy products) and the list re-ranks
around the paper under the cursor, which stays on it; a follow or an unfollow
(the author page) does the same, followed authors' papers being weak positives.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from textual.worker import get_current_worker

from tui.core.models import Annotation, Paper
from tui.core.search.sorts import Cancelled
from tui.ui.threads import to_ui, to_ui_every

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.core.config import Settings
    from tui.core.library import Library
    from tui.core.ranking.engine import ForMe, Ranker
    from tui.core.related.index import Similar
    from tui.core.search.index import SearchIndex
    from tui.ui.library.annotating import AnnotationSaved
    from tui.ui.library.authors import FollowsChanged
    from tui.ui.library.context import PartContext
    from tui.ui.library.exporting import AnnotationsChanged
    from tui.ui.library.filtering import Ranked
    from tui.ui.library.removing import PapersMoved
    from tui.ui.widgets.reader import Reader


class Ranking(Protocol):
    """What the learned orders ask of the filtering: its index, order and box, to rank again, to redraw the header."""

    @property
    def index(self) -> SearchIndex | None: ...
    @property
    def sort(self) -> str: ...
    @property
    def text(self) -> str: ...

    def run(self, keep: str | None = None) -> None: ...

    def show_header(self) -> None: ...


class Learned:
    """The ranking engine of one library screen (`ranker`), what "for me" learned (`learned`), and the header's word on them."""

    def __init__(self, context: PartContext, ranking: Ranking) -> None:
        """`ranking` (the filtering) ranks again once the engine is ready or "for me" learned anew; the reading pane shows why."""
        self.host: Screen = context.host
        self.library: Callable[[], Library | None] = context.library
        self.settings: Settings = context.settings
        self.reader: Reader = context.reader
        self.ranking = ranking
        self.ranker: Ranker | None = None
        """The engine of the library's papers as they are (None until first asked for, and while it builds)."""
        self.learned: ForMe | None = None
        """What "for me" learned from the ratings last (None: not yet)."""
        self.needs: str | None = None
        """What "for me" says instead of a learned order ("rate a few papers 4 or 5", "more like ‹title›")."""
        self.progress: float | None = None
        """How far the engine's build is (0–1) while it runs; None otherwise."""
        self._for: str | None = None  # the papers' digest the engine is (being) built for
        self._stale = False  # a rating changed since "for me" was learned
        self._why_for = ""  # the order the pane's why line was drawn for
        self._gave_up: str | None = None  # the digest whose build failed: not tried again this session
        self.reader.why_of = self.why

    # -- asking for the engine -------------------------------------------------------------

    def wanted(self) -> bool:
        """The view needs the engine: the "for me" sort, or an `about:` term in the box."""
        if self.ranking.sort == "for-me":
            return True
        if "about:" not in self.ranking.text.casefold():
            return False
        from tui.core.search.query import QueryError, parse_query

        try:
            return bool(parse_query(self.ranking.text).about)
        except QueryError:
            return False

    def ensure(self) -> None:
        """Load or build the engine in a thread, unless it is ready or on its way for these papers."""
        library, index = self.library(), self.ranking.index
        if library is None or index is None or index.provisional:
            return  # asked again once the whole index is ready (`on_ranked`)
        digest = library.papers_digest or ""
        if self._for == digest and (self.ranker is not None or self.progress is not None or self._gave_up == digest):
            return
        self._for, self.ranker, self.learned, self.progress = digest, None, None, 0.0
        report = to_ui_every(self.host, lambda _stage, done: self._progressed(digest, done), 0.25)
        papers = index.papers  # its order, removed papers (hidden) included: score arrays index it as it is
        self.host.run_worker(lambda: self._build(library, papers, digest, lambda done: report("build", done)), thread=True,
                             exclusive=True, group="ranker")
        self.ranking.show_header()

    def _build(self, library: Library, papers: Sequence[Paper], digest: str, progress: Callable[[float], None]) -> None:
        from tui.core.usecases.rank import ranker_of  # scikit-learn and the matrices: only now, never at start-up

        worker = get_current_worker()
        try:
            ranker = ranker_of(library, progress=progress, should_stop=lambda: worker.is_cancelled, papers=papers)
        except Cancelled:
            return
        except Exception as exc:  # derived data: the view goes on without it, and says so once
            to_ui(self.host.app, self._failed, digest, f"{type(exc).__name__}: {exc}")
            return
        to_ui(self.host.app, self._ready, ranker, digest)

    def _failed(self, digest: str, why: str) -> None:
        if digest != self._for:
            return
        self.progress, self._gave_up = None, digest  # not tried again for these papers in this session
        self.ranking.show_header()
        self.host.notify(f"The meaning index could not be built ({why}); about: matches words, \"for me\" keeps list order.",
                         severity="warning", timeout=10, markup=False)

    def _progressed(self, digest: str, done: float) -> None:
        if digest == self._for and self.ranker is None:
            self.progress = max(0.0, min(done, 0.99))
            self.ranking.show_header()

    def _ready(self, ranker: Ranker, digest: str) -> None:
        if digest != self._for:
            return  # the papers changed while it was built: a newer build is under way
        self.ranker, self.progress = ranker, None
        self._give(self.ranking.index)
        if self.ranking.sort == "for-me":
            self.relearn()  # ranks again when learned
        else:
            self.ranking.run(keep="\0current")
            self.ranking.show_header()

    def _give(self, index: SearchIndex | None) -> None:
        """Hand the engine (and "for me" as learned) to `index` when both are of the same papers."""
        ranker = self.ranker
        if ranker is None or index is None or index.size != ranker.size:
            return
        index.set_meaning(ranker)
        learned = self.learned
        index.set_for_me(learned.scores if learned is not None and not learned.needs else None)

    def index_ready(self, index: SearchIndex) -> None:
        """A new search index (the library opened, an import): the engine goes with it if its papers are the same, else it is
        dropped and built again when asked for."""
        library = self.library()
        if library is not None and (library.papers_digest or "") == self._for:
            self._give(index)  # the same papers: the engine (or the build under way) serves this index too
        elif self._for is not None:
            self.ranker = self.learned = self.progress = self._for = None
            self.needs = None

    def on_ranked(self, message: Ranked) -> None:
        """A ranking is shown: one that needs the engine starts it; "for me" learns what changed since it last did."""
        if self.ranking.sort != self._why_for:  # the why line is for "for me" only
            self._why_for = self.ranking.sort
            self.reader.refresh_why()
        if not self.wanted():
            return
        if self.ranker is None:
            self.ensure()
        elif self.ranking.sort == "for-me" and (self.learned is None or self._stale):
            self.relearn()

    # -- "for me" --------------------------------------------------------------------------

    def relearn(self) -> None:
        """Learn "for me" again from the ratings now, in a thread (a newer rating cancels an older run)."""
        ranker, library, index = self.ranker, self.library(), self.ranking.index
        if ranker is None or library is None or index is None:
            return
        self._stale = False
        annotations = library.annotations()  # a snapshot, taken here: the worker reads no store
        follows = library.follows()  # weak positives (issue 44)
        tag = self.settings.for_me_tag
        self.host.run_worker(lambda: self._learn(ranker, index, annotations, tag, follows), thread=True, exclusive=True, group="for-me")

    def _learn(self, ranker: Ranker, index: SearchIndex, annotations: dict[str, Annotation], tag: str | None, follows: list[str]) -> None:
        from tui.core.usecases.rank import labels_now, needs_line

        labels = labels_now(ranker.papers, annotations, tag, follows)
        learned = ranker.for_me(labels)
        needs = needs_line(learned, labels, index.title_of)
        if not get_current_worker().is_cancelled:
            to_ui(self.host.app, self._learned, ranker, learned, needs)

    def _learned(self, ranker: Ranker, learned: ForMe, needs: str | None) -> None:
        if ranker is not self.ranker:
            return
        self.learned, self.needs = learned, needs
        self._give(self.ranking.index)
        if self.ranking.sort == "for-me":
            self.ranking.run(keep="\0current")  # the cursor stays on the paper being read
        self.ranking.show_header()
        self.reader.refresh_why()

    def on_annotation_saved(self, message: AnnotationSaved) -> None:
        self.annotation_changed()

    def on_annotations_changed(self, message: AnnotationsChanged) -> None:
        self.annotation_changed()

    def on_papers_moved(self, message: PapersMoved) -> None:
        """Papers went to the trash, their ratings with them (or came back with theirs): "for me" learns again."""
        self.annotation_changed()

    def on_follows_changed(self, message: FollowsChanged) -> None:
        """An author followed or no longer: their papers are weak positives, so "for me" learns again now (no save ranks
        again for it, as a rating's does)."""
        self._stale = True
        if self.ranking.sort == "for-me":
            self.relearn()

    def annotation_changed(self) -> None:
        """A rating, status or tag was saved: "for me" learns again at the next ranking shown in it (the save's own)."""
        self._stale = True  # the filtering ranks again on a save; its `Ranked` brings `relearn` (`on_ranked`)

    # -- what the screen shows -------------------------------------------------------------

    def header_note(self) -> str:
        """The header's word on the learned orders: the engine's build, or what "for me" needs ("" when nothing to say)."""
        if self.progress is not None and self.wanted():
            return f"building the meaning index {int(self.progress * 100)}%…"
        if self.ranking.sort == "for-me":
            if self.ranker is None and self._gave_up is not None and self._gave_up == self._for:
                return "no meaning index: list order"
            if self.ranker is None or self.learned is None:
                return "learning…"
            return self.needs or ""
        return ""

    def why(self, paper: Paper) -> str:
        """One line on why `paper` stands where it does in "for me" (plain text); "" for any other order."""
        learned, index = self.learned, self.ranking.index
        if self.ranking.sort != "for-me" or learned is None or learned.needs or index is None or index.size != len(learned.scores):
            return ""
        i = index.position.get(paper.id)
        return learned.why(i) if i is not None else ""

    def reorder_related(self, pid: str, similar: list[Similar]) -> tuple[list[Similar], str]:
        """`m`'s BM25 neighbours re-ordered by the engine (meaning and ratings fused in) once it is ready, and "";
        until then as they are, with a line saying so, and the engine is started (the dialog is answered again
        when it is ready: `RelatedPapers.on_ranked`)."""
        ranker, library, index = self.ranker, self.library(), self.ranking.index
        if ranker is None or library is None or index is None or index.size != ranker.size:
            self.ensure()
            if self._gave_up is not None and self._gave_up == self._for:
                return similar, "no meaning index — words only"
            return similar, "meaning index building — words only"
        i = index.position.get(pid)
        if i is None:
            return similar, ""
        from tui.core.usecases.rank import labels_now

        labels = labels_now(ranker.papers, library.annotations(), self.settings.for_me_tag, library.follows())
        return ranker.reorder(i, similar, labels), ""
