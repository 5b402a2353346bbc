"""LaTeX for display: math and accents to Unicode, styles and links as runs, raw text whenever unsure."""

from __future__ import annotations

import pytest

from tui.core.render import latex, latex_math
from tui.core.render.latex import Run, render, to_unicode
from tui.core.render.links import code_links, is_code_link, open_target
from tui.core.render.urls import find_urls


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        (r"$\mathcal{O}(1/\sqrt{T})$", "𝒪(1/√T)"),
        (r"$\alpha \in [0,1]$", "α ∈ [0,1]"),
        (r"rate $\tilde{O}(\sqrt{dT})$ here", "rate Õ(√(dT)) here"),
        (r"$x^2_i \leq \epsilon$", "x²ᵢ ≤ ε"),  # \epsilon reads as the ε people write
        (r"$\mathbb{R}^d$ and $\ell_2$", "ℝᵈ and ℓ₂"),
        (r"$T^{2/3}$", "T^(2/3)"),
        (r"$\frac{1}{\sqrt{T}}$", "1/√T"),
        (r"$\frac{a+b}{2}$", "(a+b)/2"),
        (r"$O(T \log T)$", "O(T log T)"),
        (r"$\|x\|_2$", "‖x‖₂"),
        (r"$\epsilon$-greedy", "ε-greedy"),
        (r"\[ \sum_{i=1}^n x_i \]", "∑ᵢ₌₁ⁿ xᵢ"),
        (r"$$E=mc^2$$", "E=mc²"),
        (r"\(a+b\)", "a+b"),
        (r"Erd\H{o}s--R\'enyi graphs", "Erdős–Rényi graphs"),
        (r"M{\"u}ller and {B}ayesian", "Müller and Bayesian"),
        (r"known as {\it Log Linear Learning}", "known as Log Linear Learning"),
        (r"50\% faster \& cheaper", "50% faster & cheaper"),
    ],
)
def test_latex_reads_as_unicode(raw: str, shown: str) -> None:
    assert to_unicode(raw) == shown


@pytest.mark.parametrize(
    "raw",
    [
        "costs $5 and $10 in total",
        "a lone $ sign",
        "an unbalanced $x + y and no end",
        "trailing dollar $",
        "50% better, ~10 times faster; a~b stays",
        "plain text with no LaTeX at all: [bold]x[/] and \x1b[31m",
        "A hyphen -- stays when nothing else is LaTeX",
    ],
)
def test_text_that_is_not_latex_is_untouched(raw: str) -> None:
    assert to_unicode(raw) == raw


def test_math_it_cannot_convert_stays_raw() -> None:
    assert to_unicode(r"see $\unknownmacro{x}$ here") == r"see $\unknownmacro{x}$ here"
    assert to_unicode(r"$\begin{pmatrix}a\end{pmatrix}$") == r"$\begin{pmatrix}a\end{pmatrix}$"
    assert to_unicode(r"a dangling $x^$ script") == r"a dangling $x^$ script"


def test_unknown_text_macros_show_their_name_once_dimmed() -> None:
    """A private macro reads as its name, in a dim style, never with half its braces."""
    rendered = render(r"the method \ourmethod{} and \foo{bar} work; \method, too")
    assert rendered.plain == "the method ourmethod and foo bar work; method, too"
    assert Run("ourmethod", "dim") in rendered.runs and Run("method", "dim") in rendered.runs


def test_styles_are_runs() -> None:
    runs = render(r"\textbf{Bold} then \emph{it} and **md** with $\alpha$").runs
    assert Run("Bold", "bold") in runs
    assert Run("it", "italic") in runs
    assert Run("md", "bold") in runs
    assert Run("α", "math") in runs
    nested = render(r"\textbf{a \emph{b}}").runs
    assert Run("b", "bold italic") in nested


def test_links_are_runs_and_targets() -> None:
    rendered = render(r"Code at \url{https://github.com/a/b\_c}, docs https://x.org/p_(1). and \href{https://y.org}{the site}")
    assert rendered.links == ("https://github.com/a/b_c", "https://x.org/p_(1)", "https://y.org")
    assert Run("the site", "link", "https://y.org") in rendered.runs
    assert rendered.plain == "Code at https://github.com/a/b_c, docs https://x.org/p_(1). and the site"


def test_bare_urls_drop_trailing_punctuation() -> None:
    assert find_urls("see (https://a.org/x), or https://b.org/y.") == ["https://a.org/x", "https://b.org/y"]


def test_code_links() -> None:
    text = r"Code: https://github.com/me/repo and \url{https://gitlab.com/g/p}; paper https://arxiv.org/abs/1"
    assert code_links(text) == ["https://github.com/me/repo", "https://gitlab.com/g/p"]
    assert is_code_link("https://www.github.com/x") and not is_code_link("https://notgithub.com/x")


def test_open_target_prefers_url_then_doi_then_abstract() -> None:
    assert open_target("https://u.org", "10.1/x", "see https://a.org") == "https://u.org"
    assert open_target("", "10.1/x", "see https://a.org") == "https://doi.org/10.1/x"
    assert open_target("", "", "see https://a.org.") == "https://a.org"
    assert open_target("", "", "no links") == ""


def test_any_failure_falls_back_to_the_raw_text(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args, **kwargs):
        raise RuntimeError("converter bug")

    monkeypatch.setattr(latex, "_scan", boom)
    raw = r"odd $\alpha$ text https://a.org only for this test"
    assert render(raw).runs == (Run(raw),)
    assert render(raw).links == ("https://a.org",)


def test_a_pylatexenc_failure_in_text_keeps_that_text(monkeypatch: pytest.MonkeyPatch) -> None:
    walker, math, text = latex_math._converters()

    class Broken:
        latex_context = text.latex_context

        def nodelist_to_text(self, nodes):
            raise ValueError("bad")

    monkeypatch.setattr(latex_math, "_converters", lambda: (walker, math, Broken()))
    latex_math._convert_island.cache_clear()
    try:
        assert latex_math.text_to_unicode(r"Erd\H{o}s {unbalanced") == r"Erd\H{o}s {unbalanced"
    finally:  # the broken results must not outlive this test in the caches
        latex_math._convert_island.cache_clear()
        latex.render.cache_clear()


def test_deeply_nested_and_huge_input_do_not_crash() -> None:
    deep = r"\textbf{" * 50 + "x" + "}" * 50
    assert "x" in to_unicode(deep)
    assert to_unicode("{" * 500) is not None
    assert to_unicode("$" * 1000) == "$" * 1000


def test_the_fast_math_reader_agrees_with_pylatexenc() -> None:
    """Every formula of the PMLR file the quick reader handles reads the same through pylatexenc."""
    import re

    from tests.conftest import FIXTURES
    from tui.core.render.math_subset import fast_math

    walker, math, _ = latex_math._converters()
    source = (FIXTURES / "pmlr_l4dc2026.bib").read_text()
    checked = 0
    for m in re.finditer(r"\$([^$]+)\$", source):
        fast = fast_math(m.group(1), latex_math._math_symbols(), latex_math._script, latex_math._wrap)
        if fast is None:
            continue
        nodes, _, _ = walker(m.group(1).replace("'", "′")).get_latex_nodes()
        slow = math.nodelist_to_text(nodes)
        assert "".join(fast.split()) == "".join(slow.split()), m.group(1)
        checked += 1
    assert checked > 50


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        (r"$\sqrt[3]{x}$", "∛x"),  # outside the quick reader: pylatexenc does it
        (r"$\mathbf{x}^\top \mathbb{E}[X]$", "𝐱ᵀ 𝔼[X]"),
        (r"$\left\{ a \right.$", "{ a"),
        (r"$\hat{\theta}_n$", "θ̂ₙ"),
    ],
)
def test_more_math(raw: str, shown: str) -> None:
    assert to_unicode(raw) == shown
