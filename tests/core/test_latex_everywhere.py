"""LaTeX as it appears in real abstracts and titles: quotes, environments, scripts, italics, private macros."""

from __future__ import annotations

import pytest

from tui.core.render.latex import Run, render, to_unicode


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("We call this ``quoted'' text.", "We call this “quoted” text."),
        (r"a bound $O\left(\min\left\{\sqrt{dT\ln T}, d\right\}\right)$ holds", "a bound O(min {√(dT ln T), d}) holds"),
        (r"regret $\big( T \big)$ and $\Big[x\Big]$", "regret (T) and [x]"),
        (r"CO\textsubscript{2} and x\textsuperscript{2}", "CO₂ and x²"),
        (r"over $\R^d$, $\N$, $\E[X]$, $\eps$-net, $\poly(n)$, $\tO(\sqrt{T})$, class $\cA$", "over ℝᵈ, ℕ, 𝔼[X], ε-net, poly(n), Õ(√T), class 𝒜"),
        (r"$\epsilon$-VAE", "ε-VAE"),
        (r"$\texttt{I$^2$MoE}$: experts", "I²MoE: experts"),
        (r"$K^2$VAE", "K²VAE"),
        (r"Streaming Kernel PCA with $\tilde{O}(\sqrt{n})$ Random Features", "Streaming Kernel PCA with Õ(√n) Random Features"),
        (r"satisfies $ \tilde{O} \left(T^{1/4}\right)$-GDP", "satisfies Õ (T^(1/4))-GDP"),
        ("costs $5 and $10, and $ 3 $ too", "costs $5 and $10, and $ 3 $ too"),
    ],
)
def test_real_latex_reads_as_unicode(raw: str, shown: str) -> None:
    assert to_unicode(raw) == shown


def test_lists_become_bulleted_lines() -> None:
    raw = r"We contribute: \begin{itemize} \item a method \item a \emph{proof} \end{itemize} Finally"
    assert to_unicode(raw) == "We contribute: \n• a method\n• a proof\nFinally"
    assert to_unicode(r"\begin{enumerate}\item one \item two\end{enumerate}") == "\n1. one\n2. two\n"


def test_display_math_becomes_lines() -> None:
    assert to_unicode(r"so \begin{align*} x &= y^2 \\ z &\leq w \end{align*} holds") == "so \nx = y²\nz ≤ w\nholds"
    assert to_unicode(r"see \begin{equation} E = mc^2 \label{eq:e} \end{equation}") == "see \nE = mc²\n"


def test_a_span_that_cannot_be_converted_is_shown_whole() -> None:
    raw = r"\begin{align} \frob{x} &= 1 \end{align}"
    assert to_unicode("a " + raw + " b") == "a " + raw + " b"
    assert to_unicode(r"then $O\left(\frob\left\{x\right\}\right)$ holds") == r"then $O\left(\frob\left\{x\right\}\right)$ holds"


def test_emphasis_and_markdown_italic_are_italic() -> None:
    runs = render(r"\emph{very}, \textit{quite} and *markdown* but not A* or 2*3*4").runs
    assert Run("very", "italic") in runs and Run("quite", "italic") in runs and Run("markdown", "italic") in runs
    assert render(r"not A* or 2*3*4").plain == "not A* or 2*3*4"


def test_other_environments_keep_their_text() -> None:
    assert to_unicode(r"\begin{theorem}Every x is y.\end{theorem}") == "Every x is y."
