"""Derived titles: each bundled paper gets a recognisable, distinct, one-line title."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui.core.ingest import titles
from tui.core.ingest.titles import derive_title

DATA = Path(__file__).resolve().parents[2] / "data"
MAX = 90  # derive_title's default: a complete phrase, never cut with an ellipsis

# Per abstract, in file order: what its title must contain. A paper that names its
# method leads with "Name:"; the others need the phrase a reader would recognise.
EXPECTED: list[tuple[str, ...]] = [
    # icml2025-papers.txt
    ("BSLoRA: ", "Bi-Share LoRA", "fine-tuning"),
    ("Unifews: ", "sparsification"),
    ("FSL-SAGE: ", "federated split learning"),
    ("FPT: ", "Fixed-point Parallel Training"),
    ("Bisection Projection: ", "feasibility"),
    ("predicts question difficulty",),
    ("MoHD: ", "Mixture of Hidden Dimensions"),
    ("TimeBase: ", "lightweight"),
    ("LSMI: ", "Multimodal Interaction"),
    ("ProofAug: ", "automation"),
    ("USAM: ", "UQ"),
    ("Supercollapse: ", "training dynamics"),
    ("DP-TS-UCB: ", "private"),
    ("downscaling LLMs",),
    ("SWAN: ", "Whitening And Normalization"),
    ("EAGLES: ", "sparsification"),
    ("SoftShape: ", "time series classification"),
    ("FRUGAL: ", "Full-Rank Updates with Gradient splitting"),
    ("RSD: ", "Reward-Guided Speculative Decoding"),
    # icml2025-papers-zh.txt
    ("LwI: ", "learning without isolation", "continual learning"),
    ("Local Glivenko-Cantelli",),
    ("SlimLLM: ", "pruning"),
    ("WGFormer: ", "Wasserstein"),
    ("PSD: ", "polynomial Stein discrepancy"),
    ("Implicit regularization", "tensor"),
    ("NP-hard permutation",),
    ("SPD: ", "Sync-Point Drop"),
    ("treatment fusion",),
    ("RLEdit: ", "editing"),
    ("OOD-Chameleon: ", "OOD generalization"),
    ("Gap-dependent", "regret"),
    ("Schrödinger Bridge",),
    ("Core kernel", "multiple kernel clustering"),
]

# Acronyms the abstracts use or define that are not the paper's method.
NOT_METHODS = ("LoRA:", "LLM", "GNN", "CL:", "IRT", "MKC", "KSD", "EME", "SSB", "MDP", "IPNN", "NP-hard:", "SAM:")


def bundled_abstracts() -> list[str]:
    """The abstracts of both bundled lists: paragraphs after each file's header line."""
    abstracts: list[str] = []
    for name in ("icml2025-papers.txt", "icml2025-papers-zh.txt"):
        text = (DATA / name).read_text(encoding="utf-8")
        paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
        abstracts += paragraphs[1:]
    return abstracts


ABSTRACTS = bundled_abstracts()


def assert_displayable(title: str, max_len: int = MAX) -> None:
    assert title and title == title.strip()
    assert len(title) <= max_len
    assert "\n" not in title and "\r" not in title
    assert "$" not in title and "**" not in title
    assert all(ch.isprintable() for ch in title), repr(title)
    assert title[-1] not in ".,;:!?-"


def test_the_bundled_lists_hold_33_abstracts() -> None:
    assert len(ABSTRACTS) == len(EXPECTED) == 33


@pytest.mark.parametrize(("index", "expected"), list(enumerate(EXPECTED)), ids=[e[0].strip(": ") for e in EXPECTED])
def test_each_bundled_paper_gets_a_recognisable_title(index: int, expected: tuple[str, ...]) -> None:
    title = derive_title(ABSTRACTS[index])
    assert_displayable(title)
    for part in expected:
        assert part in title, f"{part!r} not in {title!r}"
    if expected[0].endswith(": "):
        assert title.startswith(expected[0])
    assert not title.startswith(NOT_METHODS)


def test_bundled_titles_are_distinct() -> None:
    derived = [derive_title(a) for a in ABSTRACTS]
    assert len(set(derived)) == len(derived)


def test_titles_are_deterministic() -> None:
    assert [derive_title(a) for a in ABSTRACTS] == [derive_title(a) for a in ABSTRACTS]


@pytest.mark.parametrize("max_len", [8, 20, 35, 80])
def test_other_lengths_are_respected(max_len: int) -> None:
    for abstract in ABSTRACTS:
        assert_displayable(derive_title(abstract, max_len=max_len), max_len)


def test_long_titles_are_cut_at_a_word_never_with_an_ellipsis() -> None:
    abstract = "We study " + " ".join(f"word{i}" for i in range(40)) + "."
    title = derive_title(abstract)
    assert "…" not in title and len(title) <= MAX
    assert re.fullmatch(r"[\w ]+", title) and not title.endswith(" ")


@pytest.mark.parametrize(
    ("start", "wanted"),
    [("We provide a rigorous analysis of implicit", "Implicit regularization in an overparametrized tensor factorization problem"),
     ("We consider a learning augmented", "Learning augmented framework for NP-hard permutation problems"),
     ("We revisit the recently introduced Local", "Generalizations of the Local Glivenko-Cantelli setting"),
     ("We present the first gap-dependent", "Gap-dependent analysis of regret and communication cost for on-policy federated Q-Learning"),
     ("Comprehensive evaluations of language models", "Model that predicts question difficulty from its content")],
)
def test_the_bundled_titles_the_issue_named(start: str, wanted: str) -> None:
    """Issue 13: one wrong, two cut with "…", two vague; each now a complete phrase naming the paper."""
    abstract = next(a for a in ABSTRACTS if a.startswith(start))
    assert derive_title(abstract) == wanted


def test_no_bundled_title_is_cut() -> None:
    assert not [t for t in map(derive_title, ABSTRACTS) if "…" in t]


def test_markup_is_stripped_from_names() -> None:
    abstract = "Graphs are big. We propose $\\textbf{FooNet}$, a **sparse** graph encoder for $O(n)$ inference."
    title = derive_title(abstract)
    assert title.startswith("FooNet: ") and "sparse graph encoder" in title


@pytest.mark.parametrize(
    "abstract",
    [
        "",
        "   \n\t  ",
        "$x^2 + \\alpha_{i}$",
        "$$ $$",
        "** ** $",
        "\x00\x01\x1b[31mWe propose\x07 ZetaNet, a method for\x0c things.\x7f",
        "我们提出了一种新的方法来解决大规模图学习中的效率问题。实验表明该方法在多个基准上有效。",
        "深度学习" * 200,
        "See https://example.org/x and \\url{https://a.b} (1) [2] {3} ~ \\\\ \\",
        ("We propose FooNet, a fast thing. " * 4000)[:100_000],
        "x" * 100_000,
        "Ünïcödé ßtraße — “quotes” ‘single’ … ½ ∑ ∫ \u202e reversed \u2066 isolate",
    ],
)
def test_edge_cases_never_crash_or_come_back_empty(abstract: str) -> None:
    title = derive_title(abstract)
    assert_displayable(title)
    if not abstract.strip():
        assert title == "(untitled)"


def test_non_string_input_is_tolerated() -> None:
    assert derive_title(None) == "(untitled)"  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=400), st.integers(min_value=1, max_value=100))
def test_any_text_gives_a_displayable_title(abstract: str, max_len: int) -> None:
    assert_displayable(derive_title(abstract, max_len=max_len), max_len)


PIECES = ["We propose ", "called ", " (ABC) ", "Foo-Bar", "**", "$x$", "\\textbf{", "(", ")", ", a ", "Q", "é", "。"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES + list("ab $*\\{}_^.,;:-\n\t")), max_size=60).map("".join))
def test_abstract_like_fragments_give_a_displayable_title(abstract: str) -> None:
    assert_displayable(derive_title(abstract))


def test_standard_library_only() -> None:
    """The heuristics are plain Python; the one thing they borrow is the reading pane's rendering of LaTeX,
    so a title shows its math as the pane does."""
    for path in Path(titles.__file__).parent.glob("title*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        ours = {m for m in imported if m.startswith("tui.core.ingest.title") or m == "tui.core.render.latex"}
        assert {m.split(".")[0] for m in imported - ours} <= set(sys.stdlib_module_names) | {"__future__"}, path


def test_a_derived_title_names_the_sentence_it_came_from() -> None:
    from tui.core.ingest.titles import title_source

    abstract = next(a for a in ABSTRACTS if a.startswith("We revisit the recently introduced Local"))
    source = title_source(abstract, derive_title(abstract))
    assert source.startswith("We revisit the recently introduced Local Glivenko-Cantelli setting") and source in abstract
    assert title_source("", "Anything") == "" and title_source("Unrelated words here.", "Quantum gravity") == ""
