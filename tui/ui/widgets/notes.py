"""The notes of the shown paper: rendered Markdown while reading, a Markdown editor while writing.

The editor (Textual's TextArea: its document, history and tree-sitter
layers) is made and mounted at the first edit, not at start-up: until then the
widget holds the text an editor would hold (`text`), and `editor` mounts one
on demand. The widget keeps the dirty state (editor text differs from what the store
holds) and asks its screen to save, via `Notes.SaveRequested`, one second
after typing stops and whenever the editor is left or the paper changes. It
never touches the store itself: the screen saves and reports back with
`mark_saved` / `mark_failed`. Text whose save has not landed is kept as a
draft per paper, so a failed save is never dropped by switching papers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Static

from tui.core.render.text import visible
from tui.ui.actions import bindings_for

if TYPE_CHECKING:
    from textual.widgets import Markdown, TextArea

#: Seconds of quiet after the last keystroke before the notes are saved.
AUTOSAVE_DELAY = 1.0

EMPTY_HINT = "No notes yet: press n to write some (Markdown), Esc when done."


def editable(text: str) -> str:
    """Notes as the editor holds them: controls as pictures (the editor writes text to the terminal
    as is), and the line separators it splits on (U+2028/U+2029) as newlines, so an unedited text
    compares equal to what was loaded."""
    return visible(text).replace("\u2028", "\n").replace("\u2029", "\n")


def _markdown_language() -> str | None:
    """Markdown highlighting needs tree-sitter and its Markdown grammar; without them the editor is plain.

    Asks the installed packages, not Textual's private loader; `TextArea` itself
    raises `LanguageDoesNotExist` should the grammar still fail to load.
    """
    from importlib.util import find_spec

    try:
        found = find_spec("tree_sitter") is not None and find_spec("tree_sitter_markdown") is not None
    except (ImportError, ValueError):
        return None
    return "markdown" if found else None


class Notes(Vertical):
    """Notes editor + rendered view + a saved/unsaved indicator, for one paper at a time."""

    autosave_delay: float = AUTOSAVE_DELAY
    """Seconds of quiet before saving; the `autosave_delay` setting replaces it."""

    BINDINGS = bindings_for("notes")

    class SaveRequested(Message):
        """These notes for this paper should be stored now."""

        def __init__(self, pid: str, text: str) -> None:
            super().__init__()
            self.pid, self.text = pid, text

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.pid: str | None = None
        self.stored = ""  # what the store holds for `pid`
        self.drafts: dict[str, str] = {}  # pid -> text whose save has not landed yet
        self._in_flight: dict[str, str] = {}  # pid -> text asked to be saved, no answer yet
        self.failed = False
        self.read_only = False  # set when the library cannot be written
        self._timer: Timer | None = None
        self._view: Markdown | None = None  # mounted the first time there are notes to render
        self._highlighting = False  # Markdown highlighting: from the first edit on (`_highlight_markdown`)
        self._editor: TextArea | None = None  # mounted at the first edit (`editor`)
        self._text = ""  # the editor's text while there is no editor
        self._max_height: int | None = None  # `fit_editor`'s last height, for an editor made later

    def compose(self) -> ComposeResult:
        yield Static(id="notes-state")
        yield Static(Text(EMPTY_HINT), id="notes-empty")

    @property
    def editor(self) -> TextArea:
        """The editor, made and mounted (hidden, holding `text`) the first time it is asked for."""
        if self._editor is None:
            from textual.widgets import TextArea

            editor = TextArea(self._text, id="notes-editor", soft_wrap=True, show_line_numbers=False, tab_behavior="focus")
            editor.display = False
            editor.read_only = self.read_only
            if self._max_height is not None:
                editor.styles.max_height = self._max_height
            self._editor = editor
            self.mount(editor)
        return self._editor

    @property
    def text(self) -> str:
        """The text in the editor (what it would hold, before there is one)."""
        return self._editor.text if self._editor is not None else self._text

    @property
    def editing(self) -> bool:
        """True while the editor is shown (it stays shown while it has focus)."""
        return self._editor is not None and self._editor.display

    @property
    def editor_focused(self) -> bool:
        """True while the editor has focus (False before there is one, without making one)."""
        return self._editor is not None and self._editor.has_focus

    @property
    def dirty(self) -> bool:
        """The editor holds text the store does not have yet."""
        return self.pid is not None and self.text != editable(self.stored)

    def _load_text(self, text: str) -> None:
        if self._editor is not None:
            self._editor.load_text(text)
        else:
            self._text = text

    # -- showing a paper -----------------------------------------------------------

    def load(self, pid: str | None, stored: str) -> None:
        """Show `pid`'s notes; the previous paper's unsaved text is saved first.

        The same paper again (a re-rank or refresh after a save) never touches
        an editor in use: its text, cursor, selection and scroll stay put.
        """
        if pid != self.pid:
            self.flush()
            self.pid = pid
            self.failed = False
            self.stored = stored
            # The editor writes its text to the terminal as is: stored controls go in as pictures.
            self._load_text(editable(self.drafts.get(pid, stored)) if pid else "")
        elif not self.editing and not self.dirty and self.text != editable(stored):
            self.stored = stored
            self._load_text(editable(stored))
        else:
            self.stored = stored
        if self._editor is not None:
            self._editor.read_only = self.read_only
        self._show_view()
        self._update_state()

    def edit(self) -> None:
        """Open the editor on the current paper, cursor at the end."""
        if self.pid is None:
            return
        self._highlight_markdown()
        self.editor.display = True
        if self._view is not None:
            self._view.display = False
        self.query_one("#notes-empty").display = False
        # Now, so keys typed right after `n` land here; our own scrolling (below) keeps the caret in view,
        # Textual's centring of a newly focused widget would work from the layout before it was shown.
        self.screen.set_focus(self.editor, scroll_visible=False)
        self.editor.move_cursor(self.editor.document.end)
        self._follow_caret()
        self._update_state()

    def _highlight_markdown(self) -> None:
        """Markdown highlighting from the first edit on: the grammar loads then, not at start-up, and
        browsing does not parse every paper's notes for an editor nobody sees."""
        if self._highlighting:
            return
        self._highlighting = True
        language = _markdown_language()
        if language is not None:
            from textual.widgets.text_area import LanguageDoesNotExist

            try:
                self.editor.language = language
            except LanguageDoesNotExist:  # highlighting is a nicety, never a reason to fail
                pass

    def fit_editor(self, height: int) -> None:
        """Never taller than the pane shows (`height` rows, less the state line above it).

        The editor scrolls its own text to keep the caret in view, so once the
        whole editor is in the pane's view, so is the caret.
        """
        self._max_height = max(3, height - 1)
        if self._editor is not None:
            self._editor.styles.max_height = self._max_height

    def _follow_caret(self) -> None:
        """After the next layout (the editor may have grown a line): scroll the pane to the editor."""
        if self.editing:
            self.call_after_refresh(self._show_editor)

    def _show_editor(self) -> None:
        if self._editor is not None and self.editing:
            self._editor.scroll_visible(animate=False, immediate=True)

    def on_text_area_selection_changed(self, event: TextArea.SelectionChanged) -> None:
        event.stop()
        self._follow_caret()

    def _show_view(self) -> None:
        """Leave editing: show the notes rendered (or a hint when there are none)."""
        if not self.is_attached:
            return  # the app is closing (`q` right after Esc left the editor): nothing to show in
        if self.editor_focused:
            return
        text = self.text
        if self._editor is not None:
            self._editor.display = False
        self.query_one("#notes-empty").display = not text.strip() and self.pid is not None
        if self._view is None and text.strip():
            # The Markdown widget (and markdown-it) load on first use, not at start-up.
            from textual.widgets import Markdown

            self._view = Markdown(visible(text), id="notes-view")
            self.mount(self._view, before=self._editor)
        elif self._view is not None:
            self._view.display = bool(text.strip())
            if text.strip():
                self._view.update(visible(text))
        self._update_state()

    # -- saving ------------------------------------------------------------------------

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        event.stop()
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.dirty:
            self._timer = self.set_timer(self.autosave_delay, self.flush)
        self._update_state()
        self._follow_caret()

    def flush(self) -> None:
        """Ask for the current text to be saved, if the store does not have it."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.pid is None or not self.dirty:
            return
        text = self.text
        self.drafts[self.pid] = text
        if self._in_flight.get(self.pid) != text:  # Esc then blur: ask once
            self._in_flight[self.pid] = text
            self.post_message(self.SaveRequested(self.pid, text))

    def unsaved(self) -> dict[str, str]:
        """Every paper's text not yet stored (the editor's included), for a last save on exit."""
        pending = dict(self.drafts)
        if self.pid is not None and self.dirty:
            pending[self.pid] = self.text
        return pending

    def mark_saved(self, pid: str, text: str) -> None:
        """The store now holds `text` for `pid`."""
        if self._in_flight.get(pid) == text:
            del self._in_flight[pid]
        if self.drafts.get(pid) == text:
            del self.drafts[pid]
        if pid == self.pid:
            self.stored = text
            self.failed = False
            if not self.editing:
                self._show_view()
            self._update_state()

    def mark_failed(self, pid: str, text: str) -> None:
        """Saving `text` failed: keep it (editor and draft), marked unsaved, to save again."""
        if self._in_flight.get(pid) == text:
            del self._in_flight[pid]
        self.drafts.setdefault(pid, text)
        if pid == self.pid:
            self.failed = True
            self._update_state()

    def _update_state(self) -> None:
        state = self.query_one("#notes-state", Static)
        dirty = self.dirty or (self.pid in self.drafts)
        if self.pid is None:
            label = ""
        elif dirty and self.failed:
            label = "notes · unsaved (save failed)"
        elif dirty:
            label = "notes · unsaved"
        elif not self.text.strip():  # nothing written: "saved" above "No notes yet" read as a contradiction
            label = "notes" if self.editing else ""
        else:
            label = "notes · saved"
        state.update(Text(label))
        state.set_class(dirty, "-unsaved")
        state.set_class(dirty and self.failed, "-failed")

    # -- leaving ---------------------------------------------------------------------

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        """Leaving the editor (Esc, Tab, a click elsewhere) saves and shows the notes rendered."""
        if event.widget is self._editor:
            self.flush()
            self.call_after_refresh(self._show_view)
