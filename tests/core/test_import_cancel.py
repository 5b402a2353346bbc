"""An import can be stopped: the cancel check is asked at every step until papers.json is written, never after.

A cancelled import leaves the library folder byte for byte as it was and says
so in its outcome; a cancel that comes once the write began is not honoured
(the write finishes). The progress callback hears entries read, papers
matched, then the write, in that order.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import folder_snapshot
from tui.core.ingest.watch import MATCHING, READING, WRITING
from tui.core.library import Library
from tui.core.usecases.imports import import_paths


def export(folder: Path, n: int, name: str = "big.json") -> Path:
    path = folder / name
    path.write_text(json.dumps([{"title": f"Paper {i}", "abstract": f"Abstract number {i} about topic {i % 13}."} for i in range(n)]))
    return path


@pytest.mark.parametrize("stage", [READING, MATCHING])
def test_a_cancel_while_reading_or_matching_leaves_the_library_byte_identical(tmp_path: Path, stage: str) -> None:
    library = Library.open(tmp_path / "lib")
    try:
        papers_before = list(library.papers)
        files_before = folder_snapshot(library.folder)
        asked = {"stop": False}
        seen: list[tuple[str, int, int]] = []

        def progress(at: str, done: int, total: int) -> None:
            seen.append((at, done, total))
            if at == stage and done > 0:
                asked["stop"] = True  # as Esc sets the dialog's event, from anywhere

        outcome = import_paths(library, [export(tmp_path, 5000)], progress=progress, cancelled=lambda: asked["stop"])
        assert outcome.cancelled and not outcome.reports
        assert outcome.messages == [("cancelled", "cancelled; nothing was imported")]
        assert not any(at == WRITING for at, _, _ in seen)
        assert library.papers == papers_before
        assert folder_snapshot(library.folder) == files_before  # papers.json and everything beside it
    finally:
        library.close()
    reopened = Library.open(tmp_path / "lib")
    try:
        assert [p.id for p in reopened.papers] == [p.id for p in papers_before]
    finally:
        reopened.close()


def test_a_cancel_once_the_write_began_is_not_honoured(tmp_path: Path) -> None:
    library = Library.open(tmp_path / "lib")
    try:
        stages: list[str] = []
        asked = {"stop": False}

        def progress(at: str, done: int, total: int) -> None:
            if not stages or stages[-1] != at:
                stages.append(at)
            if at == WRITING:
                asked["stop"] = True  # too late: the write has begun

        outcome = import_paths(library, [export(tmp_path, 1500)], progress=progress, cancelled=lambda: asked["stop"])
        assert stages == [READING, MATCHING, WRITING]
        assert not outcome.cancelled and outcome.reports[0].added == 1500
        assert sum(p.list == "big" for p in library.papers) == 1500
    finally:
        library.close()


def test_the_counts_move_through_the_stages(tmp_path: Path) -> None:
    library = Library.open(tmp_path / "lib")
    try:
        seen: list[tuple[str, int, int]] = []
        import_paths(library, [export(tmp_path, 5000)], progress=lambda *step: seen.append(step))
        read = [done for at, done, _ in seen if at == READING]
        matched = [(done, total) for at, done, total in seen if at == MATCHING]
        assert read[0] == 0 and read[-1] == 5000 and len(set(read)) > 2  # slice by slice, not only at the end
        assert matched[-1] == (5000, 5000) and len(matched) > 2 and all(total == 5000 for _, total in matched)
        assert seen[-1] == (WRITING, 5000, 5000)
    finally:
        library.close()
