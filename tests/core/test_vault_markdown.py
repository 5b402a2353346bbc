"""Markdown a vault keeps: nested note headings that come back, Obsidian tags, rendered titles, full front matter."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.export_fixture import NOW
from tui.core.export import frontmatter
from tui.core.export.markdown import Entry, paper_section, render_paper_file
from tui.core.export.notes_import import parse_note_text, wanted
from tui.core.export.vault_markdown import shift_headings, vault_tag
from tui.core.export.writing import write_per_paper
from tui.core.models import Annotation, Paper

NOTES = "# Summary\n\ntext\n\n## Details\n\n```md\n# not a heading\n```\n#tag is no heading\n"


def entry(**ann) -> Entry:
    paper = Paper(
        "abcdefabcdef",
        "We prove $\\alpha$ bounds. Code: https://github.com/x/y and https://example.org/page",
        "L",
        title="Bounds for $\\alpha$-divergences",
        authors=("A. B",),
        year="2024",
        venue="ICML",
        url="https://example.org/p",
        doi="10.1/xyz",
    )
    return Entry(paper, Annotation(paper.id, **ann))


def test_note_headings_nest_under_the_paper_in_both_formats() -> None:
    section = paper_section(entry(notes=NOTES))
    assert "## Bounds for α-divergences\n" in section and "\n### Notes\n\n#### Summary\n" in section
    assert "\n##### Details\n" in section and "```md\n# not a heading\n```" in section and "\n#tag is no heading" in section
    text = render_paper_file(entry(notes=NOTES), NOW)
    assert "## Notes\n\n### Summary\n\ntext\n\n#### Details\n" in text
    assert parse_note_text(text, Path("x.md")).notes == NOTES  # the typed levels come back


@settings(max_examples=80, deadline=None)
@given(st.text(st.sampled_from("# \n`~ax"), max_size=60))
def test_heading_shift_round_trips(text: str) -> None:
    assert shift_headings(shift_headings(text, 2), -2) == text


def test_front_matter_holds_the_papers_data_and_no_rating_when_unrated() -> None:
    fields, body = frontmatter.split(render_paper_file(entry(tags=("llm training", "#hash", "2024")), NOW))
    assert fields["url"] == "https://example.org/p" and fields["doi"] == "10.1/xyz"
    assert (fields["authors"], fields["venue"], fields["year"]) == (["A. B"], "ICML", "2024")
    assert fields["code"] == ["https://github.com/x/y"]
    assert "rating" not in fields
    assert fields["tags"] == ["llm-training", "hash", "y2024"]
    assert fields["typed_tags"] == ["llm training", "#hash", "2024"]
    assert fields["title"] == "Bounds for $\\alpha$-divergences"  # the data as stored; the heading is rendered
    assert "\n# Bounds for α-divergences\n" in body and "> We prove $\\alpha$ bounds." in body
    assert frontmatter.split(render_paper_file(entry(rating=3), NOW))[0]["rating"] == 3


def test_vault_tags_map_back_to_the_library_spelling() -> None:
    text = render_paper_file(entry(tags=("llm training",)), NOW)
    # Tags edited in Obsidian: the typed list no longer matches, each tag is mapped on its own.
    edited = text.replace("- llm-training\n", "- llm-training\n- graph-nets\n", 1)
    note = parse_note_text(edited, Path("x.md"))
    assert wanted(note, "t", None, {"graph-nets": "graph nets"})["tags"] == ("llm training", "graph nets")
    assert wanted(note, "t", None, {})["tags"] == ("llm training", "graph-nets")  # a new tag stays as written
    assert [vault_tag(t) for t in ("a/b", "c++", "  ", "中文 标签")] == ["a/b", "c", "", "中文-标签"]


def test_file_names_are_rendered_titles(tmp_path: Path) -> None:
    [path] = write_per_paper(tmp_path / "vault", [entry(notes="n")], now=NOW)
    assert path.name == "Bounds for α-divergences.md"
