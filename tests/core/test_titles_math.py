"""Titles derived from abstracts keep their math, rendered as the reading pane shows it, in new and old libraries."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, stored_annotations
from tui.core.ingest.titles import derive_title
from tui.core.library import Library
from tui.core.render.latex import to_unicode
from tui.core.store.formats import CURRENT


@pytest.mark.parametrize(
    ("abstract", "title"),
    [
        (r"We analyze the convergence and $\mu$-GDP of noisy gradient descent. Bounds are tight.", "Convergence and μ-GDP of noisy gradient descent"),
        ("We study prices of $5 and $10 in posted-price auctions. We show bounds.", "Prices of 5 and 10 in posted-price auctions"),
        (r"We propose $\ell_1$-regression with heavy-tailed noise for robust estimation.", "ℓ₁-regression with heavy-tailed noise for robust estimation"),
        (r"We study the prices of $\epsilon$-equilibria in games. We show bounds.", "Prices of ε-equilibria in games"),
        (r"We study $\alpha \in [0,1]$ and show $\mathcal{O}(1/\sqrt{T})$ rates for sparse models.", "α ∈ [0,1] and show 𝒪(1/√T) rates for sparse models"),
    ],
)
def test_math_in_the_sentence_is_rendered_not_dropped(abstract: str, title: str) -> None:
    assert derive_title(abstract) == title


def test_a_sentence_of_symbols_is_taken_whole_not_cut_to_its_first_word() -> None:
    abstract = r"Greek $\alpha$, sets $\mathbb{R}$, arrows $\to$ and fractions $\frac{1}{2}$ all render in the reading pane."
    title = derive_title(abstract)
    assert title.startswith("Greek α, sets ℝ, arrows →")
    assert all(part in to_unicode(abstract) for part in title.split(", "))  # what the pane shows, word for word


def test_the_rest_of_the_rules_did_not_move() -> None:
    """Titles without math are what they were (the bundled lists' own, spot-checked)."""
    abstract = "Federated learning lets clients train a shared model. We propose a simple client sampling rule that halves the communication cost."
    assert derive_title(abstract) == "Client sampling rule that halves the communication cost"
    assert derive_title("$$") and derive_title(r"\foo{}") and derive_title("$\\frac{") is not None


def test_a_library_written_by_the_old_rules_gets_titles_with_math_and_keeps_renames(tmp_path: Path) -> None:
    folder = tmp_path / "library"
    shutil.copytree(FIXTURES / "library_titles2", folder)
    before = {d["id"]: d for d in json.loads((folder / "papers.json").read_bytes())["papers"].values()}
    notes = stored_annotations(folder)
    assert "Convergence and -GDP of noisy gradient descent" in {d.get("derived_title") for d in before.values()}
    with Library.open(folder) as library:
        by_abstract = {p.abstract[:20]: p for p in library.papers}
        gdp, prices = by_abstract["We analyze the conve"], by_abstract["We study prices of $"]
        assert library.annotation(gdp.id).title == "My title for the GDP paper"  # the reader's name still wins
        assert gdp.derived_title == "Convergence and μ-GDP of noisy gradient descent"
        assert prices.shown_title == "Prices of 5 and 10 in posted-price auctions with a single buyer"
        assert library.annotation(prices.id).tags == ("auctions",) and library.annotation(prices.id).rating == 4
        assert by_abstract["Greek $\\alpha$, sets"].shown_title.startswith("Greek α, sets ℝ")
    data = json.loads((folder / "papers.json").read_bytes())
    assert data["formats"] == {"1": CURRENT}
    after = {d["id"]: d for d in data["papers"].values()}
    assert after.keys() == before.keys() and stored_annotations(folder) == notes
    assert after[gdp.id]["derived_title"] == gdp.derived_title  # written, not only shown
