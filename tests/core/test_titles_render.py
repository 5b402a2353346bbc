"""Titles with math read like abstracts everywhere, are stored as source, and are found as they read."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from tui.core.export.json_record import paper_record
from tui.core.export.markdown import entries, plain_summary, render_document, render_paper_file
from tui.core.ingest.bibtex import decode_title
from tui.core.ingest.readers import read_import
from tui.core.library import Library, LibraryFolder
from tui.core.models import Annotation
from tui.core.render.titles import display_title, title_text
from tui.core.usecases.imports import import_paths
from tui.core.usecases.list import papers_matching

CONF = FIXTURES / "conference"
BIB = r"""@inproceedings{a, title = {Solving {$k$-SAT} with {ADMM}}, author = {Doe, Jane}, year = {2020}}
@inproceedings{b, title = {Erd\H{o}s graphs}, author = {Roe, Rick}, year = {2020}}
"""


@pytest.mark.parametrize(
    ("raw", "shown"),
    [(r"$\epsilon$-VAE: Tight Variational Bounds", "ε-VAE: Tight Variational Bounds"),
     (r"$\texttt{I$^2$MoE}$: Interpretable Multimodal Experts", "I²MoE: Interpretable Multimodal Experts"),
     (r"$K^2$VAE for Long-Horizon Forecasting", "K²VAE for Long-Horizon Forecasting"),
     (r"Streaming Kernel PCA with $\tilde{O}(\sqrt{n})$ Random Features", "Streaming Kernel PCA with Õ(√n) Random Features"),
     ("A Plain Title", "A Plain Title")],
)
def test_titles_render_like_abstracts(raw: str, shown: str) -> None:
    assert title_text(raw) == shown


def test_every_source_stores_the_title_source(tmp_path: Path) -> None:
    bib = tmp_path / "t.bib"
    bib.write_text(BIB)
    titles = [p.title for p in read_import(bib).papers]
    assert titles == ["Solving $k$-SAT with ADMM", "Erdős graphs"]  # braces and accents resolved, math kept
    assert read_import(CONF / "nips2018.json").papers[3].title == r"$\epsilon$-VAE: Tight Variational Bounds"
    assert decode_title(r"$\texttt{I$^2$MoE}$ and {PCA}") == r"$\texttt{I$^2$MoE}$ and PCA"


@pytest.fixture
def conference(library_dir: Path) -> Library:
    import_paths(LibraryFolder(library_dir), [CONF / "nips2018.json", CONF / "icml2019.json"])
    lib = Library.open(library_dir)
    yield lib
    lib.close()


@pytest.mark.parametrize(
    ("query", "starts"),
    [("ε-VAE", "ε-VAE"), ("epsilon vae", "ε-VAE"), ("K2VAE", "K²VAE"), ("K^2VAE", "K²VAE"), ("K²VAE", "K²VAE"),
     ("I2MoE", "I²MoE"), ("kernel pca", "Streaming")],
)
def test_search_finds_what_the_reader_sees(conference: Library, query: str, starts: str) -> None:
    hits = papers_matching(conference, query)
    assert hits and display_title(hits[0]).startswith(starts), [display_title(p) for p in hits[:3]]


@pytest.mark.parametrize("command", ["texttt", "mathcal", "tilde", "sqrt", "epsilon VAE texttt"])
def test_latex_command_names_match_nothing(conference: Library, command: str) -> None:
    assert not [p for p in papers_matching(conference, command) if p.list in ("NeurIPS 2018", "ICML 2019")]


def test_exports_and_list_json_show_the_rendered_title(conference: Library) -> None:
    paper = next(p for p in conference.papers if p.title.startswith(r"$K^2$"))
    record = paper_record(paper, Annotation(paper.id))
    assert record["title"] == "K²VAE for Long-Horizon Forecasting" and record["data_title"] == paper.title
    entry = entries([paper], conference.annotation)[0]
    assert "## K²VAE for Long-Horizon Forecasting" in render_document([entry])
    assert "\n# K²VAE for Long-Horizon Forecasting\n" in render_paper_file(entry)
    assert plain_summary(entry).startswith("K²VAE for Long-Horizon Forecasting\n")
