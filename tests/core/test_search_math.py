"""Math in titles and abstracts is found as people type it: `ℓ₁` and `$\\ell_1$` by `l1`, `ε` by `eps`, `²` by `2`."""

from __future__ import annotations

import pytest

from tui.core.models import Paper
from tui.core.render.titles import display_title
from tui.core.search.folding import fold, fold_query
from tui.core.search.index import SearchIndex
from tui.core.search.query import parse_query

RAW = Paper("m1", "We study robust estimation.", "L", 0, title=r"$\ell_1$-regression with Heavy-tailed Distributions")
RENDERED = Paper("m2", "We study robust estimation too.", "L", 1, title="ℓ₁-regression with Heavy-tailed Distributions")
IN_ABSTRACT = Paper("m3", r"An $\ell_2$ penalty and an $\ell^{p}$ ball.", "L", 2, title="Penalties")
IN_ABSTRACT_SHOWN = Paper("m4", "An ℓ₂ penalty, shown as rendered.", "L", 3, title="Rendered penalties")
EPS = Paper("m5", "A VAE.", "L", 4, title=r"$\epsilon$-VAE: Denoising as Visual Decoding")
I2MOE = Paper("m6", "Experts.", "L", 5, title="I²MoE: Interpretable Multimodal Interaction-aware Mixture-of-Experts")
SQUARED = Paper("m7", r"Runs in $O(n^2)$ time.", "L", 6, title="Quadratic things")
OTHER = Paper("m8", "Nothing mathematical: regression with light tails.", "L", 7, title="Light-tailed regression")
PAPERS = [RAW, RENDERED, IN_ABSTRACT, IN_ABSTRACT_SHOWN, EPS, I2MOE, SQUARED, OTHER]


def found(query: str) -> set[str]:
    return {p.id for p in SearchIndex(PAPERS).search(parse_query(query))}


def test_ell_macro_reads_as_the_letter_it_shows() -> None:
    assert fold(RAW.title).startswith("l1-regression")
    assert fold_query(r"$\ell_{2}$") == "l2" and fold_query("ℓ₁") == "l1"


@pytest.mark.parametrize("query", ["l1-regression heavy-tailed", "l1", "ℓ₁-regression", "L1 regression"])
def test_the_raw_latex_and_the_rendered_title_are_both_found(query: str) -> None:
    assert found(query) == {"m1", "m2"}


def test_the_title_pasted_as_the_app_shows_it_finds_the_paper() -> None:
    pasted = display_title(RAW)
    assert pasted.startswith("ℓ₁")
    assert {"m1", "m2"} <= found(pasted)


def test_math_in_abstracts_is_found_the_same_way() -> None:
    assert {"m3", "m4"} <= found("l2 penalty")
    assert "m3" in found("lp ball")
    assert "m7" in found("n2")


@pytest.mark.parametrize(("query", "paper"), [("eps", "m5"), ("epsilon-vae", "m5"), ("ε-VAE", "m5"), ("I2MoE", "m6"), ("I²MoE", "m6")])
def test_greek_and_superscripts_still_find_what_they_did(query: str, paper: str) -> None:
    assert paper in found(query)


def test_an_index_saved_with_the_previous_folds_is_rebuilt(tmp_path, monkeypatch) -> None:
    """A library's saved index from before `\\ell` was read as ℓ (format 4) is stale: the next start rebuilds it."""
    from tui.core.search import folding
    from tui.core.search.stored import FORMAT, INDEX_DIR, key_for, load_or_build, save_index

    with monkeypatch.context() as patched:
        patched.setattr(folding, "_shown_letter", lambda name: "")  # the folds format 4 was saved with
        old = SearchIndex(PAPERS)
    assert {p.id for p in old.search(parse_query("l1"))} == {"m2"}
    save_index(tmp_path / INDEX_DIR, key_for("digest").replace(f"v{FORMAT}-", "v4-", 1), old)
    index = load_or_build(tmp_path, "digest", PAPERS, {}, save=True)
    assert {p.id for p in index.search(parse_query("l1"))} == {"m1", "m2"}
    assert [p.name for p in (tmp_path / INDEX_DIR).iterdir()] == [key_for("digest")]
