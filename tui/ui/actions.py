"""THE registry of actions: each one's id, default keys, description, help area and palette text.

Everything that lists actions is derived from `ACTIONS`: the `BINDINGS` of the
app, its screens and widgets (`bindings_for`), the help screen's rows (grouped
by `area`, in registry order), the command palette's entries (`palette`), and
the ids the config's `[keys]` table may remap (`known_binding_ids`), and
which part of the library screen runs each of its actions (`part`:
`screen_routes`). Adding a key means adding one `Action` here, and one
`action_<name>` method on the part it names (tui/ui/library/).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from textual.binding import Binding, BindingType

from tui.core.models import Status
from tui.core.search.sorts import SORT_NAMES

#: Help areas, in the order the help screen shows them.
AREAS = ("Global", "List", "Reader", "Notes", "Filter", "Triage")


class Action:
    """One thing the reader can do, with everything every list of actions needs to know about it.

    Read-only by convention. A plain class, not a frozen dataclass: a dataclass compiles its methods
    when its module loads, and a frozen one sets each field of the registry's hundred-odd entries
    through `object.__setattr__`, all on every start's way to the first frame (the app's bindings come
    from here; benchmarks/startup.py measures the start).
    """

    __slots__ = (
        "id", "action", "keys", "description", "help", "area", "owners", "show", "key_display", "priority",
        "palette", "palette_help", "changes_data", "keywords", "part",
    )

    id: str
    """Stable name: the binding id the `[keys]` table remaps, shown in the help screen."""
    action: str
    """The Textual action string the keys and the palette run ("rate(5)", "app.help")."""
    keys: str
    """Default keys, comma-separated; empty for palette-only commands."""
    description: str
    """Short text for the footer (and the help screen when `help` is empty)."""
    help: str
    """Longer text for the help screen and the footer's tooltip."""
    area: str | None
    """Help-screen area (one of AREAS); None: not listed there (dialog keys)."""
    owners: tuple[str, ...]
    """Who binds the keys: "app", "library", "paper_list", "reader", "notes", "filter", a dialog's name.
    No owner: the row only documents keys a widget handles itself (Textual's own scrolling)."""
    show: bool
    """Shown in the footer."""
    key_display: str | None
    priority: bool
    palette: str
    """Command-palette text; empty: not in the palette. `{n papers}` stands for the list's count ("12 papers")."""
    palette_help: str
    """The palette's help line; the key is appended in brackets when the action has one."""
    changes_data: bool
    """Changes a paper (rate, status, undo): the palette offers it only when the query names it."""
    keywords: tuple[str, ...]
    """More words the palette finds the command by."""
    part: str | None
    """For an action the library screen runs: the part whose `action_<name>` runs it ("annotator", "triage":
    an attribute of `LibraryScreen`). None: the app, a widget or a dialog runs it itself."""

    def __init__(
        self, id: str, action: str, keys: str = "", description: str = "", help: str = "", area: str | None = None,
        owners: tuple[str, ...] = (), show: bool = False, key_display: str | None = None, priority: bool = False,
        palette: str = "", palette_help: str = "", changes_data: bool = False, keywords: tuple[str, ...] = (), part: str | None = None,
    ) -> None:
        self.id, self.action, self.keys, self.description, self.help, self.area = id, action, keys, description, help, area
        self.owners, self.show, self.key_display, self.priority = owners, show, key_display, priority
        self.palette, self.palette_help, self.changes_data, self.keywords = palette, palette_help, changes_data, keywords
        self.part = part

    def bindings(self) -> list[Binding]:
        """The Textual binding for this action (none for a palette-only command)."""
        if not self.keys:
            return []
        return [
            Binding(self.keys, self.action, self.description, show=self.show, key_display=self.key_display,
                    priority=self.priority, tooltip=self.help, id=self.id)
        ]

    @property
    def name(self) -> str:
        """The action's name without namespace or arguments ("screen.triage_skip" -> "triage_skip", "rate(5)" -> "rate"):
        Textual runs it as the method `action_<name>`."""
        return self.action.split("(", 1)[0].rpartition(".")[2]

    @property
    def key_hint(self) -> str:
        """The default key as the palette's help line names it ("?", "ctrl+b", "0")."""
        first = self.keys.split(",")[0]
        return _KEY_NAMES.get(first, first)


_KEY_NAMES = {"question_mark": "?", "percent_sign": "%", "slash": "/", "left_square_bracket": "[", "right_square_bracket": "]"}


def binding_id(action: str) -> str:
    """The id derived from an action string, e.g. "app.focus_next" -> "focus_next", "rate(5)" -> "rate_5"."""
    for namespace in ("app.", "screen.", "focused."):
        if action.startswith(namespace):
            action = action[len(namespace) :]
    return re.sub(r"[^a-z0-9]+", "_", action.lower()).strip("_")


def _a(action: str, keys: str = "", description: str = "", *, id: str | None = None, **fields: Any) -> Action:
    return Action(binding_id(action) if id is None else id, action, keys, description, **fields)


_ON_PAPER = "List"
_APP, _LIB = ("app",), ("library",)

ACTIONS: tuple[Action, ...] = (
    # -- the app: any screen --------------------------------------------------------------
    _a("quit", "q", "Quit", area="Global", owners=_APP, show=True),
    _a("quit", "ctrl+q", "Quit", id="quit_now", area="Global", owners=_APP, priority=True),
    _a("app.help", "question_mark", "Help", id="help", key_display="?", help="Every key by area", area="Global",
       owners=("app", "library"), show=True, palette="Help: all keys", palette_help="Every key by area", keywords=("keys",)),
    _a("app.stats", "percent_sign", "Stats", key_display="%", help="Reading statistics: progress per list, ratings, notes per week",
       area="Global", owners=_APP, palette="Statistics", palette_help="Reading progress per list, ratings, notes per week",
       keywords=("stats", "progress")),
    _a("command_palette", "ctrl+p", "Command palette: every action, Go to paper…, themes", area="Global"),
    _a("app.go_to_paper", palette="Go to paper…", palette_help="Find a paper by its title (fuzzy) and show it", keywords=("find", "jump")),
    _a("app.screenshot", palette="Screenshot", palette_help="Save an SVG picture of the screen in the export folder",
       keywords=("svg", "picture", "image")),
    # -- the paper list (its own keys) --------------------------------------------------------
    _a("cursor_up", "up,k", "Up", key_display="k/↑", area="List", owners=("paper_list",)),
    _a("cursor_down", "down,j", "Down", key_display="j/↓", area="List", owners=("paper_list",)),
    _a("page_up", "pageup", "Page up", area="List", owners=("paper_list",)),
    _a("page_down", "pagedown", "Page down", area="List", owners=("paper_list",)),
    _a("first", "home,g", "First", area="List", owners=("paper_list",)),
    _a("last", "end,G", "Last", area="List", owners=("paper_list",)),
    _a("select", "enter", "Read", area="List", owners=("paper_list",)),
    # -- the library screen, in footer order ------------------------------------------------
    _a("app.focus_next", "tab", "Pane", help="Move between the list and the reading pane", area="Global", owners=_LIB),
    _a("app.focus_previous", "shift+tab", "Pane", help="Move between the reading pane and the list (backwards)", area="Global", owners=_LIB),
    _a("notes", "n", "Notes", part="annotator", help="Write notes on this paper (Markdown); Esc when done", area="Notes", owners=_LIB, show=True,
       palette="Write notes", palette_help="Markdown notes on the highlighted paper; Esc when done"),
    _a("rate(1)", "1", "Rate", part="annotator", key_display="0-5", help="Rate 1 to 5 stars (0 clears)", area=_ON_PAPER, owners=_LIB, show=True,
       palette="Rate 1 star ★", palette_help="Rate the highlighted paper", changes_data=True),
    *(
        _a(f"rate({n})", str(n), f"{n} stars", part="annotator", area=_ON_PAPER, owners=_LIB,
           palette=f"Rate {n} stars {'★' * n}", palette_help="Rate the highlighted paper", changes_data=True)
        for n in range(2, 6)
    ),
    _a("rate(0)", "0", "Clear rating", part="annotator", area=_ON_PAPER, owners=_LIB, palette="Clear rating",
       palette_help="Remove the stars", changes_data=True),
    _a("status(1)", "s", "Status", part="annotator", help="Next reading status (S goes back)", area=_ON_PAPER, owners=_LIB, show=True),
    _a("status(-1)", "S", "Status back", part="annotator", id="status_back", area=_ON_PAPER, owners=_LIB),
    _a("mark_read", "r", "Read", part="annotator", help="Mark as read", area=_ON_PAPER, owners=_LIB),
    _a("tags", "t", "Tags", part="annotator", help="Edit the tags (comma-separated, completion from known tags)", area=_ON_PAPER, owners=_LIB, show=True,
       palette="Edit tags…", palette_help="Tags of the highlighted paper"),
    _a("rename", "e", "Rename", part="annotator", help="Give the paper your own title", area=_ON_PAPER, owners=_LIB,
       palette="Rename paper…", palette_help="Give the highlighted paper your own title", keywords=("title",)),
    _a("edit_key", "K", "Citation key", part="relabel", help="Give the paper another citation key (one no other paper holds)", area=_ON_PAPER,
       owners=_LIB, palette="Edit citation key…", palette_help="Give the highlighted paper another citation key (paperdesk key)",
       keywords=("cite", "citekey", "bibtex key")),
    _a("start_highlight", "h", "Highlight", part="annotator", help="Highlight a passage of the abstract: j/k move, shift+arrows grow, Enter keeps, Esc cancels"
       " (a mouse selection in the abstract, then h, starts from it)", area="Reader", owners=_LIB,
       palette="Highlight a passage…", palette_help="Mark a sentence of the abstract and comment on it", keywords=("mark", "quote")),
    _a("list_highlights", "H", "Highlights", part="annotator", help="The paper's highlights: show, edit the comment or delete (u undoes)", area="Reader",
       owners=_LIB, palette="Highlights of this paper…", palette_help="Show, comment on or delete the paper's highlights",
       keywords=("mark", "quote", "comment")),
    _a("remove_paper", "d,delete", "Remove", part="removing", help="Remove the highlighted paper (to the trash; u brings it back)", area=_ON_PAPER, owners=_LIB,
       palette="Remove paper", palette_help="Move the highlighted paper to the library's trash (u brings it back)", changes_data=True,
       keywords=("delete", "trash")),
    _a("remove_view", "D", "Remove view", part="removing", help="Remove every paper of the list as filtered now (asks first, with the count)",
       area=_ON_PAPER, owners=_LIB, palette="Remove all {n papers} in this view…",
       palette_help="Move every paper the filter shows to the trash (asks first; u brings them back)", changes_data=True,
       keywords=("delete", "trash")),
    _a("undo", "u", "Undo", part="history", help="Undo the last rating/status/tag/title/highlight change or removal", area=_ON_PAPER, owners=_LIB,
       palette="Undo", palette_help="Undo the last rating/status/tag/title/highlight change or removal", changes_data=True),
    _a("redo", "U", "Redo", part="history", help="Redo the change undone last", area=_ON_PAPER, owners=_LIB,
       palette="Redo", palette_help="Redo the change undone last", changes_data=True),
    _a("more_like_this", "m", "More like this", part="related", help="The 10 papers most like this one, with the words they share (Enter goes to one)",
       area=_ON_PAPER, owners=_LIB, palette="More like this",
       palette_help="The papers most like the highlighted one, with the words they share", keywords=("related", "similar")),
    _a("author_page", "A", "Author", part="authors", help="The page of an author of this paper: every paper of theirs in any spelling,"
       " their co-authors, lists and years (f there follows them)", area=_ON_PAPER, owners=_LIB, palette="Author…",
       palette_help="Every paper of an author of the highlighted paper, in every spelling; follow them there", keywords=("people", "follow", "authors")),
    _a("open_link", "o", "Open link", part="links", area=_ON_PAPER, owners=_LIB,
       palette="Open link", palette_help="Open the paper's page (URL, DOI or code link) or its PDF in the browser", keywords=("browser", "url", "pdf")),
    _a("app.import_papers", "i", "Import", help="Import papers from a file or folder (BibTeX, JSON, RIS, CSL-JSON, lists, notes exports)",
       area="Global", owners=_LIB, palette="Import papers from a file or folder",
       palette_help="BibTeX, JSON, JSON Lines, plain-text lists or a notes export; merges duplicates", keywords=("bibtex", "json", "add")),
    _a("app.add_papers", "a", "Add", help="Add papers by arXiv id, DOI or OpenReview URL (fetched from the web)",
       area="Global", owners=_LIB, palette="Add papers by arXiv id, DOI or OpenReview URL…",
       palette_help="Fetch title, authors and abstract from arXiv, Crossref or OpenReview and merge them in", keywords=("arxiv", "doi", "fetch", "openreview")),
    _a("export", "x", "Export", part="exporting", help="Export to Markdown, an Obsidian folder, BibTeX, CSL-JSON or RIS, or sync with a vault",
       area=_ON_PAPER, owners=_LIB, palette="Export to Markdown…",
       palette_help="Write papers and notes to a Markdown file or an Obsidian folder", keywords=("markdown", "obsidian")),
    *(
        _a(f"export_as({fmt!r})", part="exporting", id=f"export_{binding_id(fmt)}", palette=f"Export to {name}…",
           palette_help=f"Write the papers to one {name} file ({use})", keywords=("cite", "citation", *words))
        for fmt, name, use, words in (
            ("bibtex", "BibTeX", "LaTeX, BibLaTeX", ("bib", "bibtex", "latex")),
            ("csl-json", "CSL-JSON", "Zotero, pandoc", ("csl", "json", "zotero", "pandoc")),
            ("ris", "RIS", "EndNote, Zotero, Mendeley", ("ris", "endnote", "zotero")),
        )
    ),
    _a("copy_paper", "c", "Copy", part="exporting", help="Copy menu: the paper as text, its Markdown with notes, BibTeX, a formatted reference, its key",
       area=_ON_PAPER, owners=_LIB, palette="Copy…", palette_help="Choose what to copy: text, Markdown, BibTeX, a reference, the key",
       keywords=("clipboard", "cite", "bib", "bibtex", "ris", "reference", "citation")),
    _a("copy_as('text')", part="exporting", id="copy_text", palette="Copy paper", palette_help="Copy the title, list and abstract to the clipboard",
       keywords=("clipboard",)),
    _a("copy_section", "C", "Copy with notes", part="exporting", area=_ON_PAPER, owners=_LIB, palette="Copy paper with notes (Markdown)",
       palette_help="Copy the paper's exported Markdown section", keywords=("clipboard",)),
    _a("copy_as('bibtex')", part="exporting", id="copy_bibtex", palette="Copy BibTeX entry", palette_help="Copy the paper's BibTeX entry to the clipboard",
       keywords=("clipboard", "cite", "bib", "bibtex", "citation")),
    _a("copy_as('reference')", part="exporting", id="copy_reference", palette="Copy formatted reference",
       palette_help="Copy the paper's reference in the settings' cite_style (APA unless set)",
       keywords=("clipboard", "cite", "citation", "reference", "apa", "ieee")),
    _a("copy_as('key')", part="exporting", id="copy_key", palette="Copy citation key", palette_help="Copy the paper's citation key to the clipboard",
       keywords=("clipboard", "cite", "citekey", "bibtex key")),
    _a("focus_filter", "slash", "Filter", key_display="/", help="Filter; over a filter its text is selected, so typing starts a new query (→ or End keeps it)",
       part="panes", area="Filter", owners=_LIB, show=True, palette="Filter…",
       palette_help="Type a query: words, \"phrase\", -word, status:read rating:>=4", keywords=("search",)),
    _a("cycle_sort", "ctrl+s", "Sort", part="filtering", key_display="^s", help="Next sort order (relevance only when the filter has words to rank by)",
       area="Filter", owners=_LIB),
    _a("save_view", "ctrl+b", "Save view", part="views", key_display="^b", area="Filter", owners=_LIB,
       palette="Save view…", palette_help="Save the filter's query under a name"),
    _a("toggle_layout", "l", "Layout", part="panes", help="Switch between side by side and stacked panes", area="Global", owners=_LIB,
       palette="Toggle layout: side by side / stacked", palette_help="List beside or above the reading pane"),
    _a("focus_mode", "z", "Focus", part="panes", help="Focus mode: hide the list and read (z again brings it back)", area="Global", owners=_LIB,
       palette="Focus mode", palette_help="Hide the list and read; ] and [ step through papers"),
    _a("step_paper(1)", "right_square_bracket", "Next paper", part="panes", id="next_paper", key_display="]", area=_ON_PAPER, owners=_LIB),
    _a("step_paper(-1)", "left_square_bracket", "Previous paper", part="panes", id="previous_paper", key_display="[", area=_ON_PAPER, owners=_LIB),
    _a("triage", "T", "Triage", part="triage", help="Triage: the unread papers of this view, one at a time (T again resumes where you left)",
       area="Triage", owners=_LIB, palette="Triage the unread papers of this view",
       palette_help="One paper at a time: r read later, x skip, 1-5 rate, n note, space next", keywords=("unread", "inbox", "review")),
    # palette-only commands of the library screen
    _a("rename_list", part="relabel", palette="Rename list…", palette_help="Give a list another (shorter) name; saved views follow",
       keywords=("list", "short name")),
    *(
        _a(f"set_status({status.value!r})", part="annotator", id=f"set_status_{binding_id(status.value)}", palette=f"Set status: {status.value}",
           palette_help="Reading status of the highlighted paper (s cycles)", changes_data=True)
        for status in Status
    ),
    *(
        _a(f"sort_by({sort!r})", part="filtering", id=f"sort_by_{binding_id(sort)}", palette=f"Sort by {name}",
           palette_help="Learned from your ratings: papers rated 4-5 liked, 1-2 and skips not (ctrl+s cycles)" if sort == "for-me"
           else "Order of the list (ctrl+s cycles)", keywords=("learned", "recommend", "ratings") if sort == "for-me" else ())
        for sort, name in SORT_NAMES.items()
    ),
    _a("group_sync", part="group", palette="Sync with the reading group", keywords=("group", "share", "votes", "pull", "push"),
       palette_help="Take in the other members' ratings and share yours (paperdesk group sync)"),
    _a("group_comment", part="group", palette="Comment for the reading group…", keywords=("group", "discuss"),
       palette_help="A one-line comment the group sees beside your rating of the highlighted paper"),
    # -- the reading pane -------------------------------------------------------------------
    _a("line(1)", "j,down", "Scroll down (highlighting: next sentence)", id="reader_down", key_display="j/↓", area="Reader", owners=("reader",)),
    _a("line(-1)", "k,up", "Scroll up (highlighting: previous sentence)", id="reader_up", key_display="k/↑", area="Reader", owners=("reader",)),
    _a("grow(1)", "shift+down", "Highlighting: add the next sentence", id="highlight_grow", area="Reader", owners=("reader",)),
    _a("grow(-1)", "shift+up", "Highlighting: add the previous sentence", id="highlight_grow_back", area="Reader", owners=("reader",)),
    _a("grow_word(1)", "shift+right", "Highlighting: one more word", id="highlight_word", area="Reader", owners=("reader",)),
    _a("grow_word(-1)", "shift+left", "Highlighting: one word less", id="highlight_word_back", area="Reader", owners=("reader",)),
    _a("keep_highlight", "enter", "Keep", help="Keep the highlight, then type an optional comment", area="Reader",
       owners=("reader",), show=True),
    _a("cancel_highlight", "escape", "Cancel", help="Stop highlighting; nothing is kept", area="Reader", owners=("reader",), show=True),
    _a("screen.back_to_list", "escape", "Back to the list", part="panes", id="reader_back", area="Reader", owners=("reader",)),
    _a("page_up", "pageup,pagedown", "Scroll a page", id="", area="Reader"),
    _a("scroll_home", "home,end", "Top / bottom", id="", area="Reader"),
    # -- the notes editor and the filter box ----------------------------------------------------
    _a("screen.back_to_list", "escape", "Done", part="panes", id="notes_done", help="Save the notes and go back to the list", area="Notes",
       owners=("notes",), show=True),
    # the editor's own keys (Textual's TextArea binds them; listed here so help shows them)
    _a("select_all", "f7", "Select all", id="", area="Notes"),
    _a("select_line", "f6", "Select the line", id="", area="Notes"),
    _a("undo_text", "ctrl+z", "Undo typing", id="", area="Notes"),
    _a("redo_text", "ctrl+y", "Redo typing", id="", area="Notes"),
    _a("line_start", "home,ctrl+a", "Line start (select all is F7)", id="", area="Notes"),
    _a("line_end", "end,ctrl+e", "Line end", id="", area="Notes"),
    _a("clipboard", "ctrl+x,ctrl+c,ctrl+v", "Cut, copy, paste (the selection)", id="", area="Notes"),
    _a("leave", "escape", "Back to the list, keeping the filter (Esc there clears it)", id="filter_back", area="Filter",
       owners=("filter",)),
    _a("leave", "down", "To list", id="filter_leave", area="Filter", owners=("filter",)),
    _a("clear_filter", "escape", "Esc in the list: clear the filter", part="filtering", id="list_clear_filter", area="Filter", owners=_LIB),
    # -- a triage pass (the triage bar has focus; keys it does not bind act as on the list) --------
    _a("screen.triage_read_later", "r", "Read later", part="triage", id="triage_read_later", help="Read later (status to-read), then the next paper",
       area="Triage", owners=("triage",), show=True),
    _a("screen.triage_skip", "x", "Skip", part="triage", id="triage_skip", help="Skip (status skipped), then the next paper",
       area="Triage", owners=("triage",), show=True),
    _a("rate(1)", "1", "Rate", id="", key_display="1-5", help="Rate 1-5 stars; stays on the paper (a rating alone is not a decision: r or x is)",
       area="Triage"),
    _a("notes", "n", "Note", id="", help="Write a note on this paper; Esc comes back to the triage", area="Triage"),
    _a("screen.triage_next", "space", "Next", part="triage", id="triage_next", help="Next paper, no decision (it stays unread)",
       area="Triage", owners=("triage",), show=True),
    _a("screen.triage_undo", "u", "Undo", part="triage", id="triage_undo", help="Undo the last change and go back to its paper",
       area="Triage", owners=("triage",), show=True),
    _a("screen.triage_leave", "escape", "Leave", part="triage", id="triage_leave", help="Leave the triage; T on the same view resumes it",
       area="Triage", owners=("triage",), show=True),
    _a("scroll_reader(1)", "j,down", "Scroll down", id="triage_down", area="Triage", owners=("triage",)),
    _a("scroll_reader(-1)", "k,up", "Scroll up", id="triage_up", area="Triage", owners=("triage",)),
    # -- screens and dialogs -------------------------------------------------------------------
    _a("close", "escape,q,question_mark", "Close", id="help_close", owners=("help",), show=True),
    _a("done", "enter,escape,space", "Got it", id="first_steps_done", owners=("first_steps",), show=True),
    _a("app.quit", "q", "Quit", id="first_steps_quit", owners=("first_steps",), show=True),
    _a("close", "escape,q,percent_sign", "Close", id="stats_close", owners=("stats",), show=True),
    _a("close", "escape", "Close", id="import_close", owners=("import",), show=True),
    _a("cancel_import", "escape", "Cancel the import", id="import_cancel", owners=("import",), show=True),
    _a("hide", "enter", "Back to the list", id="import_hide", owners=("import",), show=True),
    _a("complete", "tab", "Complete path", id="import_complete", owners=("import",)),
    _a("scroll_report(-1)", "pageup", "Scroll the report up", id="import_page_up", owners=("import",)),
    _a("scroll_report(1)", "pagedown", "Scroll the report down", id="import_page_down", owners=("import",)),
    _a("cancel", "escape", "Cancel", id="export_cancel", owners=("export",), show=True),
    _a("answer(False)", "escape,n", "Keep", id="overwrite_keep", owners=("confirm",), show=True),
    _a("answer(True)", "y", "Overwrite", id="overwrite_yes", owners=("confirm",), show=True),
    _a("answer(False)", "escape,n", "Keep", id="remove_keep", owners=("confirm_remove",), show=True),
    _a("answer(True)", "y", "Remove", id="remove_yes", owners=("confirm_remove",), show=True),
    _a("answer(False)", "escape,n", "Keep read-only", id="restore_keep", owners=("confirm_restore",), show=True),
    _a("answer(True)", "y", "Restore", id="restore_yes", owners=("confirm_restore",), show=True),
    _a("answer(False)", "escape,n", "Leave it", id="trash_restore_keep", owners=("confirm_trash_restore",), show=True),
    _a("answer(True)", "y", "Restore", id="trash_restore_yes", owners=("confirm_trash_restore",), show=True),
    _a("cancel", "escape", "Cancel", id="tags_cancel", owners=("tags",), show=True),
    _a("complete", "tab", "Complete", id="tags_complete", owners=("tags",), show=True, priority=True),
    _a("cancel", "escape", "Cancel", id="title_cancel", owners=("title",), show=True),
    _a("cancel", "escape", "Cancel", id="view_cancel", owners=("save_view",), show=True),
    _a("cancel", "escape", "Cancel", id="comment_cancel", owners=("comment",), show=True),
    _a("show", "enter", "Show", id="highlights_show", owners=("highlights",), show=True),
    _a("comment", "e", "Comment", id="highlights_comment", owners=("highlights",), show=True),
    _a("delete", "d,delete", "Delete", id="highlights_delete", owners=("highlights",), show=True),
    _a("undo", "u", "Undo", id="highlights_undo", owners=("highlights",), show=True),
    _a("close", "escape,H", "Close", id="highlights_close", owners=("highlights",), show=True),
    _a("close", "escape", "Close", id="copy_close", owners=("copy",), show=True),
    *(
        _a(f"choose({name!r})", key, f"Copy {what}", id=f"copy_menu_{name}", owners=("copy_menu",))
        for name, key, what in (("text", "t", "as text"), ("markdown", "m", "Markdown"), ("bibtex", "b", "BibTeX"),
                                ("reference", "r", "reference"), ("key", "k", "key"))
    ),
    _a("close", "escape", "Close", id="copy_menu_close", owners=("copy_menu",), show=True),
    _a("choose('page')", "p", "Open the page", id="link_menu_page", owners=("link_menu",)),
    _a("choose('pdf')", "f", "Open the PDF", id="link_menu_pdf", owners=("link_menu",)),
    _a("close", "escape", "Close", id="link_menu_close", owners=("link_menu",), show=True),
    _a("cancel", "escape", "Cancel", id="key_cancel", owners=("key",), show=True),
    _a("cancel", "escape", "Cancel", id="list_name_cancel", owners=("list_name",), show=True),
    _a("save", "ctrl+s", "Save to file", id="copy_save", key_display="^s", owners=("copy",), show=True, priority=True),
    _a("close", "escape", "Close", id="related_close", owners=("related",), show=True),
    _a("close", "escape,enter", "Back", id="refused_close", owners=("refused",), show=True),
    _a("follow", "f", "Follow", id="author_follow", owners=("author",), show=True),
    _a("close", "escape", "Close", id="author_close", owners=("author",), show=True),
)


def bindings_for(owner: str) -> list[BindingType]:
    """The `BINDINGS` of `owner` ("app", "library", a widget or dialog name), in registry order."""
    return [b for action in ACTIONS if owner in action.owners for b in action.bindings()]


def in_area(area: str) -> Iterator[Action]:
    """The keyed actions the help screen lists under `area`, in registry order."""
    return (a for a in ACTIONS if a.area == area and a.keys)


def palette_actions() -> Iterator[Action]:
    """The actions the command palette offers."""
    return (a for a in ACTIONS if a.palette)


def known_binding_ids() -> set[str]:
    """Every binding id the `[keys]` table may remap."""
    return {a.id for a in ACTIONS if a.owners and a.keys and a.id}


def screen_routes() -> dict[str, str]:
    """`action_<name>` -> the library-screen part that runs it, for every action the registry gives a `part`
    (`LibraryScreen.__getattr__` resolves them: the screen itself holds no action methods)."""
    return {f"action_{a.name}": a.part for a in ACTIONS if a.part is not None}

