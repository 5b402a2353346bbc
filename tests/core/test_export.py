"""Markdown export: golden files for both formats, text kept as written, controls removed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from tests.conftest import FIXTURES
from tests.core.export_fixture import NOW, fixed_entries
from tui.core.export import frontmatter
from tui.core.export.markdown import annotated_entries, paper_section, plain_summary, render_document, render_paper_file
from tui.core.export.writing import WouldOverwrite, write_document, write_per_paper
from tui.core.models import Annotation, Paper, Status

GOLDEN = FIXTURES / "export"
#: `PAPERDESK_REGEN_GOLDEN=1 python -m pytest tests/core/test_export.py` rewrites the golden files.
REGEN = os.environ.get("PAPERDESK_REGEN_GOLDEN") == "1"


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if REGEN:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    assert text == path.read_bytes().decode("utf-8"), f"{name} differs from its golden file"


def test_one_document_matches_the_golden_file() -> None:
    check_golden("document.md", render_document(fixed_entries(), now=NOW))


def test_per_paper_files_match_the_golden_files(tmp_path: Path) -> None:
    written = write_per_paper(tmp_path / "vault", fixed_entries(), now=NOW)
    names = sorted(p.name for p in written)
    assert names == sorted(p.name for p in (GOLDEN / "per-paper").glob("*.md")) or REGEN
    for path in written:
        check_golden(f"per-paper/{path.name}", path.read_text(encoding="utf-8"))


def test_document_keeps_latex_and_notes_verbatim_and_drops_escapes() -> None:
    doc = render_document(fixed_entries(), now=NOW)
    assert "> We bound the $\\alpha$-divergence $D_\\alpha(P\\|Q)$ for $x \\in \\mathbb{R}^d$," in doc
    assert ">\n> Code: https://github.com/example/alpha_div" in doc
    assert "- *strong* result, but see [appendix](#a)\n" in doc
    assert "```python\nprint('kept as is')\n```\n  indented line (an escape was here)" in doc
    assert "\x1b" not in doc
    assert doc.startswith("# paperdesk notes\n\n3 papers, exported 2026-11-30.\n")
    assert "## ---: \"Quoted\" # not a comment 🎉 中文\n" in doc
    assert "List: ICML 2025 Papers · Rating: ★★★★☆ · Status: reading · Tags: theory, f-divergence" in doc


def test_front_matter_is_yaml_that_reads_back() -> None:
    entry = fixed_entries()[1]
    fields, body = frontmatter.split(render_paper_file(entry, NOW))
    assert fields["id"] == "0123456789ab"
    assert fields["title"] == '---: "Quoted" # not a comment 🎉 中文'
    assert fields["tags"] == ["hash", "key-value"]  # Obsidian tags; the typed ones ride along
    assert fields["typed_tags"] == ["#hash", "key: value"]
    assert (fields["rating"], fields["status"], fields["list"]) == (2, "to-read", "ICML 2025 论文列表")
    assert fields["created"] == "2026-11-03T08:00:00+00:00" and "finished" not in fields
    assert body.endswith("## Notes\n\n  leading spaces kept\n---\ntitle: \"not front matter\"\n\n")


def test_front_matter_survives_a_title_with_newlines_and_dashes() -> None:
    paper = Paper("0123456789ab", "abs", "L")
    entry = fixed_entries()[0].__class__(paper, Annotation(paper.id, title="one\n---\ntwo: 3", notes="x"))
    text = render_paper_file(entry, NOW)
    fields, _ = frontmatter.split(text)
    assert fields["title"] == "one\n---\ntwo: 3"
    assert text.splitlines().count("---") == 2  # only the two delimiters stand alone
    assert yaml.safe_load(text.split("\n---\n")[0].removeprefix("---\n"))["id"] == "0123456789ab"


def test_clipboard_texts() -> None:
    entry = fixed_entries()[0]
    assert plain_summary(entry).startswith("Alpha-divergence bounds\nICML 2025 Papers\n\nWe bound")
    section = paper_section(entry)
    assert section.startswith("## Alpha-divergence bounds\n\nList: ICML 2025 Papers")
    assert "# My take" in section and "\x1b" not in section


def test_default_selection_is_the_annotated_papers() -> None:
    papers = [Paper(f"{i:012x}", f"abstract {i}", "L", seq=i) for i in range(4)]
    annotations = {
        papers[0].id: Annotation(papers[0].id, rating=3),
        papers[1].id: Annotation(papers[1].id, notes="   "),  # blank notes say nothing
        papers[3].id: Annotation(papers[3].id, status=Status.SKIPPED),
    }
    assert [e.paper.id for e in annotated_entries(papers, annotations)] == [papers[0].id, papers[3].id]


def test_existing_files_are_never_replaced_without_force(tmp_path: Path) -> None:
    out = tmp_path / "notes.md"
    out.write_text("mine")
    with pytest.raises(WouldOverwrite, match="already exists"):
        write_document(out, fixed_entries(), now=NOW)
    assert out.read_text() == "mine"
    write_document(out, fixed_entries(), now=NOW, force=True)
    assert out.read_text(encoding="utf-8").startswith("# paperdesk notes")

    vault = tmp_path / "vault"
    first = write_per_paper(vault, fixed_entries()[:1], now=NOW)
    edited = first[0].read_text(encoding="utf-8") + "edited in Obsidian\n"
    first[0].write_text(edited, encoding="utf-8")
    with pytest.raises(WouldOverwrite, match="edited outside paperdesk"):
        write_per_paper(vault, fixed_entries(), now=NOW)
    assert first[0].read_text(encoding="utf-8") == edited and len(list(vault.iterdir())) == 1  # nothing new either


def test_a_file_that_is_not_an_export_is_never_replaced_even_with_force(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "alpha-divergence BOUNDS.md").write_text("my own note")
    paths = write_per_paper(vault, fixed_entries()[:1], now=NOW, force=True)
    assert paths[0].name == "Alpha-divergence bounds (2).md"
    assert (vault / "alpha-divergence BOUNDS.md").read_text() == "my own note"


def test_re_export_reuses_the_file_holding_the_paper(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    entries = fixed_entries()
    [old] = write_per_paper(vault, entries[:1], now=NOW)
    renamed = old.rename(vault / "my own name.md")
    (vault / f"{entries[0].title}.md").write_text("another note with the old title")
    paths = write_per_paper(vault, entries, now=NOW, force=True)
    assert paths[0] == renamed
    assert (vault / f"{entries[0].title}.md").read_text() == "another note with the old title"


def test_a_write_error_gives_one_line_and_keeps_earlier_files(tmp_path: Path, monkeypatch) -> None:
    import tui.core.export.writing as export

    real = export.atomic_write_text
    calls = []

    def failing(path, text, **kw):
        calls.append(path)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real(path, text, **kw)

    monkeypatch.setattr(export, "atomic_write_text", failing)
    with pytest.raises(export.ExportError) as info:
        write_per_paper(tmp_path / "vault", fixed_entries(), now=NOW)
    message = str(info.value)
    assert "\n" not in message and "No space left on device" in message and str(calls[1]) in message
    assert "the 1 file written before it is intact" in message
    files = list((tmp_path / "vault").iterdir())
    assert files == [calls[0]] and files[0].read_text(encoding="utf-8").startswith("---\nid: a1b2c3d4e5f6")
