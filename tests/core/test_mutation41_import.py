"""An import's input named in its error line, and a Zotero database's reading steps as the dialog shows them.

Written from the survivors of issue 41's mutation round (benchmarks/mutation-41-import.md).
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.zotero_db import ZoteroDB
from tui.core.ingest.watch import READING
from tui.core.library import Library
from tui.core.usecases.imports import import_paths, refused_input


def test_an_error_on_a_file_inside_an_imported_folder_names_that_file(tmp_path: Path) -> None:
    """A folder is imported and the system refuses one file inside it (an I/O error on a failing disk): the line
    names the file, as the input's problem, not the library's write."""
    folder = tmp_path / "papers"
    inner = folder / "2024" / "a.bib"
    assert refused_input([folder], OSError(5, "Input/output error", str(inner))) == (
        f"{inner}: cannot be read (Input/output error); nothing imported"
    )
    assert refused_input([str(folder) + os.sep], OSError(5, "Input/output error", str(inner))) is not None  # "papers/" too


def test_an_error_outside_the_imported_inputs_is_left_to_the_caller(tmp_path: Path) -> None:
    """A folder whose name only starts like the input's ("papers-old" beside "papers"), or an error without a file:
    the library's write (the caller's line), never blamed on the input."""
    folder = tmp_path / "papers"
    assert refused_input([folder], OSError(5, "Input/output error", str(tmp_path / "papers-old" / "a.bib"))) is None
    assert refused_input([folder], OSError(28, "No space left on device")) is None


def test_a_zotero_import_says_reading_before_it_reads_then_how_many_entries_it_read(tmp_path: Path) -> None:
    """The dialog's first line is "Reading…" (nothing read yet, and a cancel is honoured there), then the count."""
    (tmp_path / "Zotero").mkdir()
    z = ZoteroDB(tmp_path / "Zotero" / "zotero.sqlite", seed=3)
    for i in range(3):
        z.add_item("journalArticle", {"title": f"Paper {i}", "abstractNote": f"Abstract {i} of a paper read from Zotero."})
    z.close()
    steps: list[tuple[str, int, int]] = []
    with Library.open(tmp_path / "lib", seed=False) as lib:
        import_paths(lib, [z.path], progress=lambda *step: steps.append(step))
    reading = [step for step in steps if step[0] == READING]
    assert steps[0] == (READING, 0, 0)
    assert reading[-1] == (READING, 3, 0)
