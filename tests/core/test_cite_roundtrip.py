"""Exported BibTeX reads back the same, whatever the titles and names hold: through bibtexparser, through paperdesk's
own BibTeX import, and through a real `bibtex` run (Debian's texlive-binaries; skipped with a reason without it)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import bibtexparser
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.core.test_cite_clean import bibtex_depth_ok
from tui.core.cite.bibtex_out import bibtex_text, entry_parts
from tui.core.ingest.bibtex import parse_bibtex
from tui.core.models import Annotation, Paper
from tui.core.render.latex import to_unicode
from tui.core.render.text import clean

RIS = {"type_of_reference": "JOUR"}
#: Examples per property: fewer while mutmut runs these tests against each of a thousand mutants.
EXAMPLES = 25 if os.environ.get("MUTANT_UNDER_TEST") else int(os.environ.get("PAPERDESK_EXAMPLES", "150"))
#: What a hostile title or name is made of: every character LaTeX, BibTeX or bibtexparser gives a meaning, terminal
#: controls, line breaks, a few letters of other scripts. Not `*`, `` ` ``, `'` or `-`: paperdesk's reading of LaTeX
#: turns `*x*` into italics and `--` next to a command into a dash, which is the import's reading, not the export's.
HOSTILE = "{}\\$&%#_^~@\n\t\x1b\x07\x00\x9b\u202e aAbZ09.,:;!?()/=\"<>éß日"
hostile_text = st.text(alphabet=HOSTILE, min_size=1, max_size=40)
name_text = st.text(alphabet="{}\\$&%#_^~@\x1b\x07 aAbZé.", min_size=1, max_size=20)


def papers_of(titles: list[str], names: list[list[str]], plain: bool) -> list[tuple[Paper, Annotation | None]]:
    """One paper per title, with its names; `plain`: as from an RIS file (text is text), else a LaTeX source."""
    out = []
    for i, (title, authors) in enumerate(zip(titles, names, strict=True)):
        paper = Paper(f"{i:012d}", f"We study {title} at length.", "L", title=title, authors=tuple(authors), year="2020",
                      venue=f"Venue {title}", citekey=f"key{i}", extra=dict(RIS) if plain else {})
        out.append((paper, Annotation(paper.id, notes=f"note {title}")))
    return out


def plain(text: str) -> str:
    """What a title or name means after any round trip: controls gone, on one line, without braces (paperdesk's
    BibTeX import drops every brace of a title, as case protection)."""
    return " ".join(clean(text).replace("{", "").replace("}", "").split())


corpus = st.lists(st.tuples(hostile_text, st.lists(name_text, max_size=3)), min_size=1, max_size=3)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus, st.booleans())
def test_bibtexparser_reads_every_field_as_written(items: list[tuple[str, list[str]]], plain_source: bool) -> None:
    pairs = papers_of([t for t, _ in items], [n for _, n in items], plain_source)
    parsed = bibtexparser.parse_string(bibtex_text(pairs, notes=True))
    assert not parsed.failed_blocks
    assert [e.key for e in parsed.entries] == [p.citekey for p, _ in pairs]
    for entry, (paper, note) in zip(parsed.entries, pairs, strict=True):
        wanted = entry_parts(paper, note, notes=True)[2]
        assert {k: v.value for k, v in entry.fields_dict.items()} == wanted
        assert all(bibtex_depth_ok(v) and not v.endswith("\\") for v in wanted.values())


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus)
def test_paperdesks_own_import_gives_back_the_same_papers(items: list[tuple[str, list[str]]]) -> None:
    pairs = papers_of([t for t, _ in items], [n for _, n in items], plain=True)
    parsed = parse_bibtex(bibtex_text(pairs), Path("out.bib"))
    wanted = [p for p, _ in pairs if plain(p.title) or plain(p.abstract)]
    assert [p.citekey for p in parsed.papers] == [p.citekey for p in wanted]
    for back, paper in zip(parsed.papers, wanted, strict=True):
        assert plain(back.title) == plain(paper.title)
        assert [plain(a) for a in back.authors] == [plain(a) for a in paper.authors if clean(a).strip()]
        assert plain(back.venue) == plain(paper.venue) and back.year == paper.year
        assert plain(to_unicode(back.abstract)) == plain(paper.abstract)


# -- a real BibTeX run ----------------------------------------------------------------------------------------

BIBTEX = shutil.which("bibtex")
needs_bibtex = pytest.mark.skipif(BIBTEX is None, reason="no `bibtex` here (Debian: apt-get install texlive-binaries texlive-base)")


def bibtex_run(folder: Path, text: str) -> tuple[str, str]:
    """`bibtex` on `text` with `\\citation{*}` and the plain style: (the .bbl, the .blg log)."""
    (folder / "refs.bib").write_text(text, encoding="utf-8")
    (folder / "doc.aux").write_text("\\citation{*}\n\\bibstyle{plain}\n\\bibdata{refs}\n", encoding="utf-8")
    subprocess.run([BIBTEX or "bibtex", "doc"], cwd=folder, capture_output=True, timeout=60, check=False)
    blg = (folder / "doc.blg").read_text(encoding="utf-8", errors="replace")
    if "I couldn't open style file plain.bst" in blg:
        pytest.skip("bibtex has no plain.bst here (Debian: apt-get install texlive-base)")
    return (folder / "doc.bbl").read_text(encoding="utf-8", errors="replace"), blg


def bad_lines(blg: str) -> list[str]:
    """What a run says about the file itself: brace or syntax errors, entries it skipped (not a missing field)."""
    return [line for line in blg.splitlines() if re.search(r"brace|error|I was expecting|I'm skipping|isn't a brace-balanced", line, re.I)
            and "There w" not in line]


@needs_bibtex
@settings(max_examples=EXAMPLES // 4, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(corpus, st.booleans())
def test_a_real_bibtex_run_gives_every_entry(tmp_path: Path, items: list[tuple[str, list[str]]], plain_source: bool) -> None:
    pairs = papers_of([t for t, _ in items], [n for _, n in items], plain_source)
    pairs.append((Paper("f" * 12, "The last entry.", "L", title="Last", authors=("Ada Lovelace",), year="2021", citekey="last"), None))
    bbl, blg = bibtex_run(tmp_path, bibtex_text(pairs, notes=True))
    assert sorted(re.findall(r"\\bibitem\{([^}]*)\}", bbl)) == sorted(p.citekey for p, _ in pairs)
    assert not bad_lines(blg), blg


@needs_bibtex
def test_a_lone_brace_no_longer_swallows_the_next_entry_in_bibtex(tmp_path: Path) -> None:
    """The issue's case: `{` alone in a title, as text from an RIS file or a note."""
    first = Paper("a" * 12, "x", "L", title="A lone { brace", authors=("Barnes and Noble",), citekey="first", extra=dict(RIS))
    second = Paper("b" * 12, "y", "L", title="Second", authors=("Ada Lovelace",), year="2020", citekey="second")
    bbl, blg = bibtex_run(tmp_path, bibtex_text([(first, Annotation(first.id, notes="{ open")), (second, None)], notes=True))
    assert sorted(re.findall(r"\\bibitem\{([^}]*)\}", bbl)) == ["first", "second"]
    assert not bad_lines(blg), blg
    assert "Barnes and Noble" in bbl  # one name, not two
