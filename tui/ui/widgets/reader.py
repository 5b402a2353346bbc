"""The reading pane: the highlighted paper's title, list and full abstract, wrapped and scrollable."""

from __future__ import annotations

from typing import Sequence

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from tui.core.render.latex import render
from tui.core.render.links import code_links, is_code_link
from tui.core.models import Annotation, Paper
from tui.core.ingest.titles import title_source
from tui.core.render.titles import display_title as shown_title  # titles render LaTeX like abstracts
from tui.core.render.titles import is_derived
from tui.core.render.text import web_link, excerpt, one_line, visible
from tui.ui.widgets.annotation_line import annotation_text
from tui.ui.widgets.notes import Notes
from tui.ui.rich_runs import RUN_STYLES, rendered_text, run_style
from tui.ui.widgets.highlight import highlight_words
from tui.ui.actions import bindings_for


#: The meta line under a title the core derived from the abstract.
DERIVED_NOTE = "title derived from the abstract (its sentence is underlined)"


class Reader(VerticalScroll, can_focus=True):
    """Shows one paper. Every string from the data goes in as `Text`, never as markup.

    Each part of the pane has its own Static and its own `_show_*` method, so
    features (metadata, annotations, math rendering, highlights) stay apart.
    """

    COMPONENT_CLASSES = {"reader--match", "reader--math", "reader--link", "reader--stars", "reader--unrated"}

    BINDINGS = bindings_for("reader")

    shown_id: str | None = None
    """The id of the paper on display (None: the empty state)."""

    def compose(self) -> ComposeResult:
        yield Static(id="reader-title")
        yield Static(id="reader-meta")
        yield Static(id="reader-annotation")
        yield Static(id="reader-abstract")
        yield Static(id="reader-links")
        yield Notes(id="notes")

    def show(self, paper: Paper | None, annotation: Annotation | None = None, highlights: Sequence[str] = (), filtered: bool = False) -> None:
        """Display `paper` (or an empty-state hint when there is none); a new paper starts at the top.

        `highlights` are the words of the current filter query, marked in the
        abstract. Showing the paper already on display (the list re-ranked
        around it after a save) redraws it in place: the scroll position and
        the notes editor (text, cursor, selection, focus) stay as they are.
        With no paper, `filtered` says the filter hides every paper (the list says which filter).
        """
        same = paper is not None and paper.id == self.shown_id
        self.shown_id = paper.id if paper is not None else None
        if paper is None:
            self._set("#reader-title", Text("No paper to show" if filtered else "No paper selected"))
            for part in ("#reader-meta", "#reader-annotation", "#reader-links"):
                self._set(part, Text(""))
            why = "The filter matches no paper; Esc clears it." if filtered else "The list is empty."
            self._set("#reader-abstract", Text(why, style="italic"))
            self.query_one(Notes).load(None, "")
            return
        self._show_title(paper, annotation)  # and the meta lines, which say whether the title is derived
        self._show_annotation(annotation)
        self._show_abstract(paper, highlights)
        self._show_links(paper)
        self.query_one(Notes).load(paper.id, annotation.notes if annotation else "")
        if not same:
            self.scroll_home(animate=False)

    def on_resize(self) -> None:
        self.query_one(Notes).fit_editor(self.scrollable_content_region.height)

    def _set(self, selector: str, text: Text) -> None:
        part = self.query_one(selector, Static)
        part.update(text)
        part.display = bool(text.plain)

    def _look(self, component: str) -> Style:
        """A component class's style from the theme (only what the stylesheet sets)."""
        return self.get_component_rich_style(component, partial=True)

    def _run_looks(self) -> dict[str, Style]:
        """How styled runs look here: math and links take the theme's colours."""
        return {**RUN_STYLES, "math": self._look("reader--math"), "link": RUN_STYLES["link"] + self._look("reader--link")}

    def _show_title(self, paper: Paper, annotation: Annotation | None) -> None:
        self._set("#reader-title", Text(one_line(shown_title(paper, annotation))))
        self._show_meta(paper, is_derived(paper, annotation))

    def _show_meta(self, paper: Paper, derived: bool = False) -> None:
        """Authors; venue, year and list; DOI and URL: one line each, only those the paper has.

        A title derived from the abstract says so here (the sentence it came from is underlined).
        """
        lines = []
        if paper.authors:
            lines.append(one_line(", ".join(paper.authors)))
        lines.append(" · ".join(one_line(p) for p in (paper.venue, paper.year, paper.list) if p.strip()))
        url = one_line(paper.url) + (" (not a web link: never opened)" if paper.url and not web_link(paper.url) else "")
        links = [f"doi:{one_line(paper.doi)}" if paper.doi else "", url]
        lines.append("  ".join(link for link in links if link))
        lines.append(DERIVED_NOTE if derived else "")
        self._set("#reader-meta", Text("\n".join(line for line in lines if line)))

    def _show_annotation(self, annotation: Annotation | None) -> None:
        """Rating, status with its dates, and tags."""
        self._set(
            "#reader-annotation",
            annotation_text(annotation, self._look("reader--stars"), self._look("reader--unrated")),
        )

    def show_annotation(self, paper: Paper, annotation: Annotation) -> None:
        """Redraw only what an annotation change affects (title, stars, status, tags)."""
        self._show_title(paper, annotation)
        self._show_annotation(annotation)

    def _show_abstract(self, paper: Paper, highlights: Sequence[str]) -> None:
        """The abstract with its LaTeX rendered (the stored text is untouched), query words marked."""
        if not paper.abstract.strip():
            self._set("#reader-abstract", Text("(no abstract)", style="italic"))
            return
        shown, hidden = excerpt(paper.abstract)
        text = highlight_words(rendered_text(render(shown), self._run_looks()), highlights, self.get_component_rich_style("reader--match"))
        if is_derived(paper) and (source := title_source(shown, paper.derived_title)):
            highlight_words(text, [render(source).plain], "underline")
        if hidden:  # a huge abstract: lay out its start only, so the screen stays responsive
            text.append(f"\n\n… {hidden:,} more characters not shown here; copy (c) or export (x) it to read it all.", style="italic")
        self._set("#reader-abstract", text)

    def _show_links(self, paper: Paper) -> None:
        """Code repositories linked from the abstract or the paper's URL, on a "Code:" line."""
        found = code_links(excerpt(paper.abstract)[0])
        if paper.url and is_code_link(paper.url) and paper.url.rstrip("/") not in found:
            found.append(paper.url.rstrip("/"))
        text = Text()
        if found:
            text.append("Code: ", style="bold")
            for i, url in enumerate(found):
                if i:
                    text.append("  ")
                text.append(visible(url), run_style("link", url, self._run_looks()))
        self._set("#reader-links", text)
