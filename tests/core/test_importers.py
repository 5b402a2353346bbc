"""Import formats: BibTeX, JSON, JSON Lines, folders; bad entries skipped with a reason, bad files refused."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from tui.core.errors import InputFileError
from tui.core.ingest.readers import complete_path, expand, read_import, read_imports, sniff
from tui.core.models import paper_id
from tui.core.render.latex import render
from tui.core.render.titles import title_text

PMLR = FIXTURES / "pmlr_l4dc2026.bib"


def test_the_pmlr_file_imports_completely() -> None:
    parsed = read_import(PMLR)
    assert parsed.kind == "bibtex" and parsed.name == "L4DC 2026"
    assert len(parsed.papers) == 106 and parsed.skipped == []
    assert len({p.id for p in parsed.papers}) == 106
    for paper in parsed.papers:
        assert paper.title and paper.abstract and paper.authors
        assert paper.year == "2026"
        assert paper.venue == "Proceedings of The 8th Annual Learning for Dynamics and Control Conference"
        # Titles keep their math as source (rendered wherever shown); names are decoded whole.
        for text in (title_text(paper.title), *paper.authors):
            assert "\\" not in text and "{" not in text and "}" not in text, text
        assert "{" not in paper.title.replace("$", "") or "$" in paper.title, paper.title
        assert paper.extra["bibtex_key"] == paper.citekey and "pages" in paper.extra["bibtex_fields"]  # the entry as written
    authors = {a for p in parsed.papers for a in p.authors}
    assert {"Jesús F. Palacián", "Thomas B. Schön", "Wolfgang Hönig"} <= authors
    first = parsed.papers[0]
    assert first.title == "Flickering Multi-Armed Bandits"
    assert first.authors[0] == "Sourav Chakraborty"
    assert r"Erd\H{o}s" in first.abstract  # stored as written
    assert "Erdős–Rényi" in render(first.abstract).plain  # shown decoded


def test_every_pmlr_abstract_renders() -> None:
    for paper in read_import(PMLR).papers:
        rendered = render(paper.abstract)
        assert rendered.plain.strip()
        if "$" in paper.abstract:
            assert any("math" in run.style for run in rendered.runs)


def test_small_bibtex_fields() -> None:
    parsed = read_import(FIXTURES / "small.bib")
    smith, title_only = parsed.papers
    assert smith.title == "A Bayesian Study of $\\ell_1$ Regularization"  # math stored as source
    assert title_text(smith.title) == "A Bayesian Study of ℓ₁ Regularization"
    assert smith.authors == ("Hans Müller", "Paul Erdős", "Barnes and Noble")
    assert (smith.year, smith.venue, smith.doi, smith.url) == ("2020", "Journal of Tests", "10.1000/XYZ123", "https://example.org/paper")
    assert smith.tags == ("sparsity", "regularization")
    assert smith.extra["bibtex_fields"]["note"] == "kept in extra"
    assert smith.abstract.startswith(r"We study $\alpha \in [0,1]$ and show $\mathcal{O}")  # line breaks joined
    assert title_only.abstract == "" and title_only.id == paper_id("", "Only a Title Here")
    assert title_only.venue == "Proceedings of Somewhere"
    reasons = parsed.skipped
    assert len(reasons) == 3
    assert "line 23 (nothing): has no title and no abstract" == reasons[0]
    assert "duplicate entry key" in reasons[1]
    assert reasons[2].startswith("line 31") and "not valid BibTeX" in reasons[2]


def test_a_paper_list_record_with_an_empty_author_reads_author_site(tmp_path: Path) -> None:
    """A paper-list JSON record whose `author` is empty but whose `author_site` names them comes in with those
    authors (and its key from the first one's name), not author-less."""
    import json

    path = tmp_path / "icml.json"
    records = [
        {"title": "Loss Surfaces", "abstract": "We map loss surfaces.", "author": "", "author_site": "Ada Lovelace, Alan Turing", "year": 2018},
        {"title": "Both Given", "abstract": "The author field wins.", "author": "Grace Hopper", "author_site": "Someone Else"},
    ]
    path.write_text(json.dumps(records), encoding="utf-8")
    first, second = read_import(path).papers
    assert first.authors == ("Ada Lovelace", "Alan Turing")
    assert second.authors == ("Grace Hopper",)


def test_json_array_with_alternative_and_unknown_keys() -> None:
    parsed = read_import(FIXTURES / "papers.json")
    alpha, beta, gamma = parsed.papers
    assert alpha.authors == ("Ann Able", "Bob Baker") and alpha.year == "2023" and alpha.venue == "NeurIPS"
    assert alpha.tags == ("rl", "theory") and alpha.doi == "10.1/alpha" and alpha.extra == {"citations": 12}
    assert beta.title == "Beta Paper" and beta.abstract.startswith("Beta is summarized")
    assert beta.authors == ("Carol Cole", "Dan Dunn") and beta.url == "https://beta.example/"
    assert beta.list == "My List" and beta.venue == "My List" and beta.tags == ("x", "y")
    assert gamma.abstract == "" and gamma.authors == ("Eve Evans", "Frank Ford")
    assert parsed.skipped == [
        "entry 4: title is a number, not text",
        "entry 5 (Bad Authors): authors holds a number, not text",
        "entry 6: is text, not an object",
        "entry 7: has no title and no abstract",
        "entry 8 (Bad Year): year is a list, not a year",
    ]


def test_json_lines_skip_bad_lines() -> None:
    parsed = read_import(FIXTURES / "papers.jsonl")
    assert parsed.kind == "jsonl"
    assert [p.title for p in parsed.papers] == ["Delta Paper", "Epsilon Paper"]
    assert parsed.papers[1].extra == {"extra_field": {"nested": True}}
    assert parsed.skipped[0] == "line 4: is a list, not an object"
    assert parsed.skipped[1].startswith("line 5: not valid JSON")


def test_truncated_json_imports_nothing() -> None:
    with pytest.raises(InputFileError, match="truncated.json: is not valid JSON .*nothing was imported"):
        read_import(FIXTURES / "truncated.json")


@pytest.mark.parametrize(
    ("name", "content", "problem"),
    [
        ("scalar.json", b"42", "expected a JSON array"),
        ("empty.json", b"[]", "empty JSON array"),
        ("blank.bib", b"  \n", "is empty"),
        ("prose.bib", b"no entries in here at all\n", "no BibTeX entries"),
        ("nul.json", b"[\x00]", "binary file"),
        ("latin1.jsonl", b'{"title": "na\xefve"}\n', "not UTF-8"),
    ],
)
def test_unusable_files_say_why(tmp_path: Path, name: str, content: bytes, problem: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(InputFileError, match=problem) as info:
        read_import(path)
    assert str(path) in str(info.value)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_an_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "locked.bib"
    path.write_text("@article{a, title={A}}")
    path.chmod(0)
    with pytest.raises(InputFileError, match="permission denied"):
        read_import(path)


def test_a_directory_is_not_a_file(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match="is a directory"):
        read_import(tmp_path)


def test_format_by_extension_then_content() -> None:
    assert sniff("", Path("x.BIB")) == "bibtex"
    assert sniff("@article{a,}", Path("refs")) == "bibtex"
    assert sniff("[{}]", Path("dump")) == "json"
    assert sniff('{"title": "a"}\n{"title": "b"}\n', Path("dump")) == "jsonl"
    assert sniff('{\n  "papers": []\n}', Path("dump")) == "json"
    assert sniff("My list\n\nAn abstract.", Path("notes")) == "list"


def test_a_folder_imports_every_supported_file(tmp_path: Path) -> None:
    for name in ("small.bib", "papers.json", "papers.jsonl", "reading.txt", "truncated.json"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    (tmp_path / "sub").mkdir()
    shutil.copy(FIXTURES / "papers.json", tmp_path / "sub" / "more.json")
    (tmp_path / "notes.md").write_text("ignored")
    (tmp_path / ".hidden.json").write_text("[]")
    assert [p.name for p in expand(tmp_path)] == [
        "papers.json", "papers.jsonl", "reading.txt", "small.bib", "more.json", "truncated.json"
    ]
    parsed, errors = read_imports([tmp_path])
    assert len(parsed) == 5
    assert len(errors) == 1 and "truncated.json" in errors[0]
    kinds = {p.source.name: p.kind for p in parsed}
    assert kinds["reading.txt"] == "list" and kinds["small.bib"] == "bibtex"


def test_an_empty_folder_says_so(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("nothing importable")
    parsed, errors = read_imports([tmp_path])
    assert parsed == [] and "is a directory with no files paperdesk can import" in errors[0]


def test_path_completion(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "refs.bib").write_text("")
    (tmp_path / "reading").mkdir()
    (tmp_path / "readme.md").write_text("")
    (tmp_path / ".secret.json").write_text("")
    base = str(tmp_path)
    assert complete_path(base + "/ref") == base + "/refs.bib"
    assert complete_path(base + "/rea") == base + "/reading/"
    assert complete_path(base + "/readm") is None  # not an importable file
    assert complete_path(base + "/.se") == base + "/.secret.json"
    assert complete_path(base + "/zzz") is None
    monkeypatch.setenv("HOME", base)
    assert complete_path("~/ref") == "~/refs.bib"


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (b"@article{\xef\xbb\xbf\n\xef\xbb\xbf}]", "line 1: has no title and no abstract"),  # found by the property test
        (b"@article{\n}", "line 1: has no title and no abstract"),  # no key: no empty "()"
        (b"@article{k\x1b[31m,\n}", "line 1 (k\u241b[31m): has no title and no abstract"),
    ],
)
def test_a_bibtex_entry_s_key_in_a_skip_line_is_one_visible_line(tmp_path: Path, data: bytes, line: str) -> None:
    """The key of a skipped entry is shown on one line with nothing a terminal would act on, and an empty key
    leaves no empty parentheses."""
    path = tmp_path / "in.bib"
    path.write_bytes(data)
    assert read_import(path).skipped == [line]
