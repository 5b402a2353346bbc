"""A start imports only what the list's first frame needs; the rest loads after it, when first used.

The app's module and the library screen import the list, the filter box and
the store; a small library opens before the first frame (its readers for
imports, the palette and the dialogs stay out). The search index (numpy, rapidfuzz) and the reading pane's
rendering (LaTeX, derived titles' source sentences, highlights) load right
after the list's first frame; dialogs, export, removal and links load when
first used. Each check runs in a fresh interpreter, so modules other tests
imported do not count. No timing here: benchmarks/startup.py measures.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

#: Never imported by `import tui.ui.app`, with why each is left out.
NOT_AT_IMPORT = {
    "numpy": "the search index, built in a thread after the first frame",
    "rapidfuzz": "the search index's filters and the Go-to-paper palette",
    "Stemmer": "related papers, built after the search index",
    "webbrowser": "opening a link (o)",
    "tree_sitter_markdown": "the notes editor's highlighting, from the first edit on",
    "textual.widgets._text_area": "the notes editor, made at the first edit",
    "textual.document": "the notes editor's document",
    "tui.core.search.index": "the search index",
    "tui.core.render.latex": "the reading pane's abstract, drawn after the first frame",
    "tui.core.highlights": "the reading pane's highlights",
    "tui.core.ingest.titles": "a derived title's source sentence in the pane (its rules compile regexes on import)",
    "tui.core.export": "export and copy (e, c, C)",
    "tui.core.library": "opened in the loader thread",
    "ctypes": "glibc's malloc settings (tui/core/heap.py), for a command-line import only",
    "tui.ui.library.exporting": "export and copy (e, c, C)",
    "tui.ui.library.removing": "removing papers (d, D)",
    "tui.ui.library.highlighting": "the highlights dialog (H)",
    "tui.ui.screens.help": "help (?) and the first-steps note",
    "tui.ui.screens.export_dialog": "a dialog",
    "tui.ui.screens.tag_dialog": "a dialog",
    "tui.ui.screens.title_dialog": "a dialog",
    "tui.ui.screens.comment_dialog": "a dialog",
    "tui.ui.screens.highlights_dialog": "a dialog",
    "tui.ui.screens.confirm": "a dialog",
    "tui.ui.screens.list_dialog": "a dialog",
    "tui.ui.screens.save_view": "a dialog (ctrl+b)",
    "tui.ui.palette": "the command palette (ctrl+p), its providers loaded when it opens",
    "tui.core.search.command_match": "the command palette's matching",
    "argparse": "the command line's parser, built when `main` reads the arguments (tui/cli/parser.py)",
    "tui.core.search.query": "the query rules: the first filter (or a saved one being restored)",
    "tui.core.reading_cursor": "the reading cursor's sentence rules (h)",
    "tui.core.store.changelog": "command-line edits, read after the first frame, and the first save",
    "tui.core.store.trash": "removing and restoring papers",
    "sklearn": "the ranking engine's build: only when a learned order is asked for (issue 43)",
    "tui.core.ranking": "the ranking engine: \"for me\", about:, m, loaded in a worker when first asked for",
    "tui.core.usecases.rank": "the ranking engine's use case",
}

#: Still not imported when the list's first frame has been painted (the screen's `_list_painted` runs).
NOT_BEFORE_FIRST_FRAME = (
    "numpy", "rapidfuzz", "tree_sitter_markdown", "textual.widgets._text_area", "filelock", "tui.core.render.latex", "tui.core.search.index",
    "tui.core.ingest",  # the readers and the title rules: imports and a first launch's seeding only
    "tui.ui.palette", "tui.ui.screens.save_view",
    "tui.core.search.query", "tui.core.reading_cursor", "tui.core.store.changelog", "tui.core.store.trash",
    "tui.ui.widgets.highlight_list",  # the pane's highlights list, made with its other parts at its first draw
    "tui.core.store.scan",  # papers.json read record by record: only when its catalog is missing or stale
    "tui.core.store.history",  # the undo history, made at the first change or `u` (`Annotator.history`)
    "tui.core.migrations",  # only a library written by older rules (`store.formats.outdated`) is brought up to date
    "tui.core.usecases.remove", "tui.core.usecases.restore",  # removing and restoring papers
    "sklearn", "tui.core.ranking", "tui.core.usecases.rank",  # the ranking engine: only when a learned order is asked for
)

AT_IMPORT = """
import json, sys
import tui.cli
import tui.ui.app
print(json.dumps(sorted(sys.modules)))
"""

AT_FIRST_FRAME = """
import asyncio, json, sys
from pathlib import Path
from tui.ui.app import PaperdeskApp
from tui.ui.library.screen import LibraryScreen

seen = {}
painted = LibraryScreen._list_painted

def spy(self, library):
    seen["modules"] = sorted(sys.modules)
    seen["header"] = str(self.query_one("#list-header").render())
    seen["reader"] = [child.id for child in self.query_one("#reader").children]
    painted(self, library)

LibraryScreen._list_painted = spy

async def main():
    app = PaperdeskApp(library_dir=Path(sys.argv[1]))
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(200):
            if "modules" in seen:
                break
            await pilot.pause(0.02)

asyncio.run(main())
print(json.dumps(seen))
"""


def _run(code: str, *args: str) -> str:
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def _loaded(modules: list[str], name: str) -> bool:
    return any(m == name or m.startswith(name + ".") for m in modules)


def test_importing_the_app_leaves_out_what_the_first_frame_does_not_need() -> None:
    modules = json.loads(_run(AT_IMPORT))
    assert "textual.app" in modules and "tui.ui.library.screen" in modules  # the check sees real imports
    loaded = {name: why for name, why in NOT_AT_IMPORT.items() if _loaded(modules, name)}
    assert loaded == {}, "imported with the app, before the first frame needs them"


def test_the_index_and_the_reading_pane_load_after_the_lists_first_frame(tmp_path: Path) -> None:
    library = tmp_path / "library"
    # Seeded beforehand: a first start reads the bundled lists (deriving titles) before its first frame.
    subprocess.run([sys.executable, "-m", "tui", "list", "--db", str(library)], cwd=REPO, capture_output=True, check=True, timeout=120)
    seen = json.loads(_run(AT_FIRST_FRAME, str(library)))
    assert "papers ·" in seen["header"]  # the bundled lists were seeded and the list drawn
    assert [name for name in NOT_BEFORE_FIRST_FRAME if _loaded(seen["modules"], name)] == []
    assert "tui.core.library" in seen["modules"]  # the check ran once the library was open
    assert seen["reader"] == ["notes"]  # the pane's parts are made at its first draw, after this frame


async def test_the_panes_parts_are_made_at_its_first_draw_in_their_order(make_app) -> None:
    """Made after the list's first frame, the parts sit where they always did: above the notes, the highlights below."""
    from tui.ui.widgets.reader import Reader

    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        reader = app.screen.query_one(Reader)
        for _ in range(100):
            if reader.shown_id is not None:
                break
            await pilot.pause(0.02)
        await pilot.pause()
        assert [child.id for child in reader.children] == [
            "reader-title", "reader-meta", "reader-annotation", "reader-group", "reader-why", "reader-abstract", "reader-links", "notes", "highlight-list",
        ]
        assert app.screen.query_one("#notes").display
        from tui.ui.widgets.paper_list import PaperList

        current = app.screen.query_one(PaperList).current
        assert current is not None and reader.shown_id == current.id
        assert str(app.screen.query_one("#reader-abstract").render()).strip()  # the abstract is drawn in its part


async def test_the_notes_editor_is_made_and_gets_markdown_highlighting_at_the_first_edit(make_app) -> None:
    """Browsing never makes the editor nor loads the grammar; `n` does, and the text typed then is Markdown as before."""
    from textual.widgets import TextArea

    from tui.ui.widgets.notes import _markdown_language

    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("j", "k")
        assert list(app.screen.query("#notes-editor")) == []
        await pilot.press("n")
        editor = app.screen.query_one("#notes-editor", TextArea)
        assert editor.has_focus
        assert editor.language == _markdown_language()  # "markdown" where tree-sitter's grammar is installed
        await pilot.press("#", "space", "x")
        assert editor.text == "# x"
