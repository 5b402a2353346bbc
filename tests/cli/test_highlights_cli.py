"""Highlights from the command line: `list --json` carries them, `list --query has:highlights` finds them,
`show` prints them, and `export --per-paper` then `import` brings them back."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.clirun import run
from tui.core.highlights import document, make
from tui.core.library import Library
from tui.core.reading_cursor import sentence_spans


def test_list_show_export_and_import_carry_highlights(library_dir: Path, tmp_path: Path) -> None:
    with Library.open(library_dir) as lib:
        paper = lib.papers[3]
        doc = document(paper.abstract)
        h = make(doc, *sentence_spans(doc)[1], "quokka matters")
        lib.save_annotations({paper.id: {"highlights": [h]}})
    found = run("list", "--json", "--query", "has:highlights", "--db", str(library_dir))
    [record] = [json.loads(line) for line in found.stdout.splitlines()]
    assert record["id"] == paper.id
    assert record["highlights"] == [{"text": h.text, "comment": "quokka matters", "prefix": h.prefix, "suffix": h.suffix, "start": h.start}]
    assert run("list", "-f", "ids", "--query", "quokka", "--db", str(library_dir)).stdout.split() == [paper.id]  # comment words
    shown = run("show", paper.id, "--db", str(library_dir)).stdout
    assert f"Highlights:\n“{h.text}” — quokka matters" in shown
    out = tmp_path / "vault"
    assert run("export", "--per-paper", "--out", str(out), "--db", str(library_dir)).returncode == 0
    [file] = list(out.glob("*.md"))
    assert f"## Highlights\n\n> {h.text}\n\n— quokka matters\n" in file.read_text(encoding="utf-8")
    other = tmp_path / "other"
    Library.open(other).close()
    result = run("import", str(out), "--db", str(other))
    assert result.returncode == 0, result.stderr
    with Library.open(other) as lib:
        assert [(x.text, x.comment, x.start) for x in lib.annotation(paper.id).highlights] == [(h.text, "quokka matters", h.start)]
