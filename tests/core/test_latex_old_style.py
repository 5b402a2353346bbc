"""Old-style TeX and authors' shorthands in real abstracts (issue 45: 23 PMLR COLT/L4DC abstracts still showed
source): each form rendered, or its command dropped and its text kept; `benchmarks/latex_leftovers.py` counts them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.render.latex import Run, render, to_unicode


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        (r"a rate of ${\cal O}(\sqrt{T})$ regret", "a rate of 𝒪(√T) regret"),
        (r"for a domain ${\cal X}$", "for a domain 𝒳"),
        (r"{\cal O}(n) in running text", "𝒪(n) in running text"),
        (r"we get {\it very} good and {\bf bold} results", "we get very good and bold results"),
        (r"{\em emph}, {\sc Caps} and {\rm roman}", "emph, Caps and roman"),
        (r"$\mathbf{x}$ and ${\bf x}_i + {\rm d}y$", "𝐱 and 𝐱ᵢ + dy"),
        (r"with ${1 \over 2}$ probability", "with 1/2 probability"),
        (r"a $x \over y$ b and $a^{b \over c}$", "a x/y b and a^(b/c)"),
        (r"takes ${n \choose k}=O(n/k)^k$ time", "takes (n choose k)=O(n/k)ᵏ time"),
        (r"text\footnote{A note here.} more", "text[A note here.] more"),
        (r"regret $O(\sqrt T)$ and $\tilde O(d\sqrt T)$", "regret O(√T) and Õ(d√T)"),
        ("line one\\\\ line two", "line one\nline two"),
        ("line one\\\\[2pt] two", "line one\ntwo"),
        (r"the Erd\H os-R\'enyi graph", "the Erdős-Rényi graph"),
        (r"the problem \textsc{B-NCTD$^+$} is hard", "the problem B-NCTD⁺ is hard"),
        (r"the model. {Leveraging this, we test as $n\to\infty.$", "the model. Leveraging this, we test as n → ∞."),
        (r"$\Tilde{\Omega}(n)$ and $\Tilde O(T^{\frac{3}{4}})$", "Ω̃(n) and Õ(T^(3/4))"),
        (r"beyond the $\smash{\sqrt{KT}}$ dependence", "beyond the √(KT) dependence"),
        (r"$\boldsymbol{V} \in \mathbbm{R}^{d \times r}$", "𝑽 ∈ ℝ^(d × r)"),
        (r"as $\delta \todown 0$", "as δ ↓ 0"),
        (r"$|f^{-1}(1) \triangle g^{-1}(1)|$", "|f⁻¹(1) △ g⁻¹(1)|"),
        (r"class $\H$ over $S \subset \X$", "class ℋ over S ⊂ 𝒳"),
        (r"$\gO(\epsilon^{-2/3})$, $\Ocal(\kappa)$, $\Lbar$, $\alpha_{\mX}$, ${\bx,\vy}$", "𝒪(ε^(-2/3)), 𝒪(κ), L̄, α_𝐗, 𝐱,𝐲"),
        (r"$\ReLU$-type and $\Omega(n)\allowbreak / (\epsilon^2)$", "ReLU-type and Ω(n) / (ε²)"),
        (r"the graph $\ergraph$", "the graph ergraph"),
    ],
)
def test_each_old_style_form_renders(raw: str, shown: str) -> None:
    assert to_unicode(raw) == shown


def test_font_groups_carry_their_style_and_a_private_macro_alone_in_math_reads_as_its_name() -> None:
    runs = render(r"{\it very} and {\bf bold}, {\tt code}; $\ergraph$").runs
    assert Run("very", "italic") in runs and Run("bold", "bold") in runs and Run("code", "mono") in runs
    assert Run("ergraph", "math dim") in runs


def test_what_still_cannot_be_converted_is_shown_whole() -> None:
    """A formula with a private macro among other math stays source, whole: never half-converted."""
    assert to_unicode(r"see $\unknownmacro{x} + 1$ here") == r"see $\unknownmacro{x} + 1$ here"
    assert to_unicode(r"costs $5 and $10") == "costs $5 and $10"


SHARED = Path("/work/shared/fixtures")


@pytest.mark.skipif(not list(SHARED.glob("*.bib")), reason="the shared conference files are not on this machine")
def test_no_leftovers_in_the_real_conference_files_the_bundled_lists_and_the_fixtures() -> None:
    from benchmarks.latex_leftovers import corpus, leftover
    from tui.core.ingest.readers import read_import
    from tui.core.render.titles import title_text

    found = {}
    for path in corpus():
        if path.name == "truncated.json":
            continue
        for paper in read_import(path).papers:
            left = leftover(paper.abstract, to_unicode(paper.abstract)) or leftover(paper.title, title_text(paper.title))
            if left:
                found.setdefault(path.name, []).append(left)
    assert found == {}
