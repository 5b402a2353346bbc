"""The author page (`A` in the reading pane, the palette's "Author…"): every paper of one person in the library.

A paper with several authors first asks which one (a list of its authors); the
page then lists the person's papers (all lists, all spellings: `core.people`)
with the reader's status and rating, and above them the spellings found, the
co-authors by count, the lists and years. Enter dismisses with the chosen
paper's id (the library shows it), `f` follows or stops following the person,
Esc closes. Names and titles are data: built as `Text`, never markup.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.core.errors import PaperdeskError
from tui.core.render.text import one_line
from tui.core.render.titles import row_title
from tui.core.usecases.author import AuthorPage
from tui.ui.actions import bindings_for
from tui.ui.screens.dialog import Dialog
from tui.ui.styles import stylesheet
from tui.ui.threads import to_ui
from tui.ui.widgets.marks import STATUS_GLYPHS, stars

#: The ids of the picker's options start so (a paper's id never does).
_PICK = "author:"


class AuthorScreen(Dialog["str | None"]):
    """Dismisses with the id of the paper to open (Enter on a paper), or None (Esc)."""

    CSS_PATH = stylesheet("author.tcss")
    BINDINGS = bindings_for("author")
    COMPONENT_CLASSES = {"author--muted", "author--followed"}

    def __init__(
        self, names: Sequence[str], page_of: Callable[[str], AuthorPage], toggle_follow: Callable[[AuthorPage], AuthorPage],
        follows_changed: Callable[[], None] = lambda: None,
    ) -> None:
        """`names`: the paper's authors (one: its page at once); `page_of(name)` makes a page (raises `PaperdeskError`
        when the name names nobody); `toggle_follow(page)` follows or stops following, and gives the page again. Both
        run in a thread (a large library's authors take a moment to walk); `follows_changed()` is then told, on the
        UI thread."""
        super().__init__()
        self.names = list(names)
        self.page_of, self.toggle_follow, self.follows_changed = page_of, toggle_follow, follows_changed
        self.page: AuthorPage | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="author"):
            yield Label(Text("Which author?", style="bold"), id="author-heading")
            yield Static(Text(""), id="author-about")
            yield OptionList(id="author-list")
            yield Label(Text("Enter: open · Esc: close"), id="author-keys")

    def on_mount(self) -> None:
        if len(self.names) == 1:
            self._open(self.names[0])
        else:
            self.query_one("#author-about", Static).display = False
            options = self.query_one(OptionList)
            options.add_options([Option(Text(one_line(name)), id=f"{_PICK}{i}") for i, name in enumerate(self.names)])
            options.highlighted = 0
            options.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`f` only once a page is shown: among the paper's authors it would follow no one (nor is it in the footer)."""
        if action == "follow":
            return self.page is not None
        return super().check_action(action, parameters)

    def _open(self, name: str) -> None:
        about = self.query_one("#author-about", Static)
        about.display = True
        about.update(Text(f"Finding the papers of {one_line(name)}…"))
        self.run_worker(lambda: self._find(name), thread=True, exclusive=True, group="author")

    def _find(self, name: str) -> None:
        """In a thread: the page, then shown (or the reason there is none said) on the UI thread."""
        try:
            page = self.page_of(name)
        except PaperdeskError as exc:
            to_ui(self.app, self._not_found, str(exc))
            return
        to_ui(self.app, self._show, page)

    def _not_found(self, message: str) -> None:
        self.notify(message, severity="warning", markup=False)
        if len(self.names) == 1:
            self.dismiss(None)
        else:
            self.query_one("#author-about", Static).display = False

    def _show(self, page: AuthorPage, keep: int | None = None) -> None:
        self.page = page
        self.refresh_bindings()
        self.add_class("-page")
        heading = Text(one_line(page.name), style="bold")
        if page.followed:
            heading.append("  ♥ followed", self.get_component_rich_style("author--followed", partial=True))
        self.query_one("#author-heading", Label).update(heading)
        about = self.query_one("#author-about", Static)
        about.display = True
        about.update(self._about(page))
        self.query_one("#author-keys", Label).update(Text("Enter: open the paper · f: " + ("unfollow" if page.followed else "follow") + " · Esc: close"))
        options = self.query_one(OptionList)
        options.clear_options()
        muted = self.get_component_rich_style("author--muted", partial=True)
        for paper, annotation in page.papers:
            row = Text(f"{STATUS_GLYPHS[annotation.status]} {stars(annotation.rating)}  ")
            row.append(one_line(row_title(paper, annotation)))
            row.append("  " + one_line(", ".join(part for part in (paper.list, paper.year) if part)), muted)
            options.add_option(Option(row, id=paper.id))
        options.highlighted = min(keep or 0, max(0, len(page.papers) - 1))
        options.focus()

    def _about(self, page: AuthorPage) -> Text:
        muted = self.get_component_rich_style("author--muted", partial=True)
        text = Text()

        def line(label: str, value: str) -> None:
            if text:
                text.append("\n")
            text.append(f"{label}: ", muted)
            text.append(one_line(value))

        line("papers", str(len(page.papers)))
        if len(page.spellings) > 1:
            line("spelled", "; ".join(page.spellings))
        line("co-authors", ", ".join(f"{name} ({n})" for name, n in page.coauthors[:12]) + (" …" if len(page.coauthors) > 12 else "") or "none")
        line("lists", ", ".join(f"{name} ({n})" for name, n in page.lists))
        if page.years:
            line("years", ", ".join(f"{year} ({n})" for year, n in page.years))
        return text

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        chosen = event.option.id or ""
        if chosen.startswith(_PICK):
            self._open(self.names[int(chosen[len(_PICK):])])
        else:
            self.dismiss(chosen)

    def action_follow(self) -> None:
        """`f`: follow the person shown, or stop following them (written in a thread, as a note is)."""
        page = self.page
        if page is None:
            return
        keep = self.query_one(OptionList).highlighted
        self.run_worker(lambda: self._toggle(page, keep), thread=True, exclusive=True, group="author")

    def _toggle(self, page: AuthorPage, keep: int | None) -> None:
        try:
            changed = self.toggle_follow(page)
        except PaperdeskError as exc:
            to_ui(self.app, self.notify, str(exc), severity="error", markup=False)
            return
        to_ui(self.app, self._followed, changed, keep)

    def _followed(self, page: AuthorPage, keep: int | None) -> None:
        self.follows_changed()
        if self.is_attached:
            self._show(page, keep)
        self.notify(("Following " if page.followed else "No longer following ") + one_line(page.name), markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
