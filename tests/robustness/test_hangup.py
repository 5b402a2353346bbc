"""The real app in a pseudo-terminal: closing the terminal or SIGTERM at any moment ends it within a
second with the library free again, and keys written faster than it paints act in order."""

from __future__ import annotations

import random
import signal
import time
from pathlib import Path

import pytest

from tests.ui.pilot import big_library
from tui.core.library import Library

from .pty_app import AppInPty

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX terminals")

#: The goal is one second; the margin absorbs a loaded CI machine.
DEADLINE = 2.5


def assert_free(folder: Path) -> None:
    """Nobody holds the library: it opens writable."""
    with Library.open(folder) as library:
        assert not library.read_only, library.notice


@pytest.fixture(scope="module")
def library_5k(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("big") / "library"
    big_library(folder, 5_000).close()
    return folder


@pytest.mark.parametrize("attempt", range(3))
def test_closing_the_terminal_right_after_start_ends_the_app(library_dir: Path, attempt: int) -> None:
    Library.open(library_dir).close()
    app = AppInPty(library_dir)
    try:
        assert app.wait_for("papers"), app.text()
        app.close_terminal()
        assert app.exited_within(DEADLINE), "still running after the terminal closed"
    finally:
        app.kill()
    assert_free(library_dir)


def test_closing_the_terminal_while_5000_papers_index_ends_the_app(library_5k: Path) -> None:
    app = AppInPty(library_5k)
    try:
        assert app.wait_for("5000 papers"), app.text()
        app.close_terminal()
        assert app.exited_within(DEADLINE)
    finally:
        app.kill()
    assert_free(library_5k)


@pytest.mark.parametrize("seed", range(3))
def test_sigterm_at_a_random_moment_of_start_ends_the_app(library_5k: Path, seed: int) -> None:
    app = AppInPty(library_5k)
    try:
        time.sleep(random.Random(seed).uniform(0.0, 1.2))
        app.pump()
        app.proc.kill(signal.SIGTERM)
        assert app.exited_within(DEADLINE)
    finally:
        app.kill()
    assert_free(library_5k)


def test_notes_typed_then_the_terminal_closed_are_saved(library_dir: Path) -> None:
    Library.open(library_dir).close()
    app = AppInPty(library_dir)
    try:
        assert app.wait_for("papers"), app.text()
        app.send("nkept on hang-up")
        assert app.wait_for("kept on hang-up")
        app.close_terminal()
        assert app.exited_within(DEADLINE)
    finally:
        app.kill()
    with Library.open(library_dir) as library:
        assert [a.notes for a in library.annotations().values()] == ["kept on hang-up"]


def test_a_highlight_kept_then_the_terminal_closed_is_saved(library_dir: Path) -> None:
    """h, Enter, a comment, Enter: once the app says it kept it, a hang-up does not lose it."""
    Library.open(library_dir).close()
    app = AppInPty(library_dir)
    try:
        assert app.wait_for("papers"), app.text()
        app.send("h")
        assert app.wait_for("Keep"), app.text()  # the footer while highlighting
        app.send("\r")
        assert app.wait_for("comment (optional)"), app.text()
        app.send("marked on hang-up\r")
        assert app.wait_for("Highlight kept"), app.text()
        app.close_terminal()
        assert app.exited_within(DEADLINE)
    finally:
        app.kill()
    with Library.open(library_dir) as library:
        found = [(h.comment, h.start) for a in library.annotations().values() for h in a.highlights]
        assert found == [("marked on hang-up", 0)]


def test_keys_written_faster_than_the_app_paints_act_in_order(tmp_path: Path) -> None:
    """A 20,000-paper library is still indexing while the keys arrive in one write."""
    folder = tmp_path / "library"
    library = big_library(folder, 20_000)
    third = library.papers[2].id
    library.close()
    app = AppInPty(folder)
    try:
        assert app.wait_for("20000 papers"), app.text()
        # One write, as `tmux send-keys / H u g e Escape Escape g j j 4 q` does: the second Esc
        # reaches the app glued to the g (ESC g, which terminals also send for Alt+g).
        app.send("/Huge\x1b\x1bgjj4q")
        assert app.exited_within(15), app.text()
        assert app.proc.exitstatus == 0
    finally:
        app.kill()
    with Library.open(folder) as library:
        rated = {a.id: a.rating for a in library.annotations().values() if a.rating}
    assert rated == {third: 4}


def test_escapes_between_letters_in_one_write_stay_escapes(library_dir: Path) -> None:
    """`tmux send-keys / H u g e Escape Escape j j k n a b c Escape q` in one go: each Esc acts.

    Textual's parser used to read the second Esc and the letters after it
    as one unknown sequence up to the next Esc, then typed `^jjknabc` into
    the filter box (tui/ui/terminal_input.py).
    """
    from tui.core.search.index import SearchIndex
    from tui.core.search.query import parse_query

    with Library.open(library_dir) as library:
        hits = SearchIndex(library.papers, library.annotations()).search(parse_query("Huge"))
        # The box cleared, the cursor stays on its best match (the first paper if nothing matched).
        row = [p.id for p in library.papers].index(hits[0].id) if len(hits) else 0
        for step in (1, 1, -1):  # j j k
            row = max(0, min(row + step, len(library.papers) - 1))
        expected = library.papers[row].id
        total = len(library.papers)
    app = AppInPty(library_dir)
    try:
        assert app.wait_for(f"{total} papers ·"), app.text()  # the library is open
        # Esc clears the box, Esc goes to the list, j j k
        # moves one row down, n opens the notes, abc, Esc leaves the editor (saving), q quits.
        app.send("/Huge\x1b\x1bjjknabc\x1bq")
        assert app.exited_within(15), app.text()
        assert app.proc.exitstatus == 0, app.text()
    finally:
        app.kill()
    with Library.open(library_dir) as library:
        notes = {a.id: a.notes for a in library.annotations().values() if a.notes}
    assert notes == {expected: "abc"}
