"""Related papers (tui/core/related): BM25 "more like this" on the bundled lists, the reader's boost, edge cases."""

from __future__ import annotations

import pytest

from tui.core.models import Annotation, Paper
from tui.core.related.index import RelatedIndex
from tui.core.related.tokens import Tokenizer

#: Pairs of bundled papers about the same problem, labelled by reading their abstracts (not by the ranking).
#: The two bundled lists share papers; the library keeps one copy of each, so no pair is a paper and its twin.
SAME_PROBLEM = [
    ("74391c31feb1", "bc1f9967bb7f", "optimizer-state memory in LLM training: SWAN (stateless SGD) and FRUGAL (state-free subspace)"),
    ("a6f7564e9eff", "f33912230845", "sparsifying graph and weights for cheaper GNNs: Unifews and EAGLES"),
    ("3ff71ac2d343", "83973016ff31", "regret bounds for bandits / tabular RL: DP-TS-UCB and federated Q-learning"),
    ("dd38e59d33ac", "d8847d45eeac", "communication overhead of distributed training/inference: FSL-SAGE and SPD"),
    ("dc9991ad8c5c", "b418ff18bf8d", "time series models: TimeBase (forecasting) and SoftShape (classification)"),
    ("c3d2c281e531", "55f1515270dc", "scaling laws: Supercollapse and downscaling LLMs"),
    ("0d995a537f49", "bc1f9967bb7f", "memory-efficient low-rank LLM training: BSLoRA and FRUGAL"),
]


@pytest.fixture(scope="module")
def bundled() -> RelatedIndex:
    import tempfile
    from pathlib import Path

    from tui.core.library import Library

    with tempfile.TemporaryDirectory() as folder:
        with Library.open(Path(folder) / "library") as lib:
            return RelatedIndex.of_papers(lib.papers, lib.annotations())


def top_ids(index: RelatedIndex, pid: str, n: int = 5) -> list[str]:
    return [s.paper.id for s in index.similar(pid, n)]


def test_bundled_lists_hold_every_labelled_paper_once(bundled: RelatedIndex) -> None:
    ids = [p.id for p in bundled.papers]
    assert len(ids) == len(set(ids))
    abstracts = [p.abstract for p in bundled.papers]
    assert len(abstracts) == len(set(abstracts))  # the lists' shared papers were merged, not kept twice
    for a, b, _ in SAME_PROBLEM:
        assert a in bundled.position and b in bundled.position


@pytest.mark.parametrize("a,b,why", SAME_PROBLEM, ids=[why.split(":")[0] for _, _, why in SAME_PROBLEM])
def test_papers_about_the_same_problem_are_in_each_others_top_5(bundled: RelatedIndex, a: str, b: str, why: str) -> None:
    assert b in top_ids(bundled, a), why
    assert a in top_ids(bundled, b), why


def test_ten_at_most_best_first_never_the_paper_itself_with_shared_words(bundled: RelatedIndex) -> None:
    found = bundled.similar("a6f7564e9eff", 10)
    assert len(found) == 10
    assert "a6f7564e9eff" not in [s.paper.id for s in found]
    scores = [s.score for s in found]
    assert scores == sorted(scores, reverse=True)
    # The graph-sparsification partner first, and why: the words shown are words both abstracts use.
    assert found[0].paper.id == "f33912230845"
    assert "sparsification" in found[0].terms and "graph" in found[0].terms
    source = bundled.papers[bundled.position["a6f7564e9eff"]]
    for term in found[0].terms:
        assert term in source.abstract.casefold() or term in source.title.casefold()
    assert bundled.similar("a6f7564e9eff", 3) == found[:3]


def test_the_readers_tags_and_notes_pull_papers_together(bundled: RelatedIndex) -> None:
    a, b = "82b6445bf54e", "3f82fa4e264d"  # spiking-network training and kernel clustering: nothing in common
    assert b not in top_ids(bundled, a, 10)
    bundled.update_annotation(a, Annotation(id=a, tags=("zebrafish",), notes="reminds me of the quokka model"))
    bundled.update_annotation(b, Annotation(id=b, tags=("zebrafish",), notes="quokka"))
    try:
        found = bundled.similar(a, 10)
        assert found[0].paper.id == b
        assert set(found[0].terms) >= {"zebrafish", "quokka"}
    finally:
        bundled.update_annotation(a, Annotation(id=a))
        bundled.update_annotation(b, Annotation(id=b))
    assert b not in top_ids(bundled, a, 10)


def paper(pid: str, abstract: str, title: str = "") -> Paper:
    return Paper(id=pid, abstract=abstract, list="L", title=title)


def test_no_abstract_an_unknown_id_a_lone_paper_and_an_empty_library() -> None:
    index = RelatedIndex.of_papers([paper("a", "", "Graph sparsification"), paper("b", "We sparsify a graph."), paper("c", "Birds sing.")])
    assert [s.paper.id for s in index.similar("a")] == ["b"]  # the title alone still finds its neighbour
    assert index.similar("nope") == []
    assert RelatedIndex.of_papers([paper("a", "Graph sparsification.")]).similar("a") == []
    assert RelatedIndex.of_papers([]).similar("a") == []
    assert RelatedIndex.of_papers([paper("a", ""), paper("b", "")]).similar("a") == []


def test_latex_is_read_as_shown_and_stop_words_never_count() -> None:
    index = RelatedIndex.of_papers([paper("a", r"We bound $\epsilon$-VAE error."), paper("b", "An ε-VAE model."), paper("c", "We propose the novel method.")])
    assert [s.paper.id for s in index.similar("a")] == ["b"]
    assert index.similar("c") == []  # "we propose a novel method" is every abstract's boilerplate


def test_generic_prose_is_never_a_shared_term(bundled: RelatedIndex) -> None:
    """"carefully" and "addition" were shown as what two bundled papers shared; any form of such words is dropped."""
    generic = {"carefully", "careful", "addition", "additionally", "crucial", "consider", "allowing", "allows", "finally", "numerous"}
    shown = {term for p in bundled.papers for s in bundled.similar(p.id, 5) for term in s.terms}
    assert shown and not shown & generic, shown & generic
    index = RelatedIndex.of_papers([paper("a", "In addition we carefully allow graphs."), paper("b", "Additionally, careful allowing; graph.")])
    assert [s.terms for s in index.similar("a")] == [("graphs",)]  # still related, by what they share that is not generic


def test_terms_are_stemmed_and_shown_as_a_word() -> None:
    tokens = Tokenizer()
    counts = tokens.counts("Sparsified graphs; we sparsify the graph.")
    assert len(counts) == 2 and sum(counts.values()) == 4
    # Key terms read as the source paper writes them most often.
    assert sorted(tokens.spelling("Sparsified graphs; we sparsify the graph. Graphs!").values()) == ["graphs", "sparsified"]
    assert sorted(tokens.shown[t] for t in counts) == ["graph", "sparsify"]


def test_the_vocabulary_is_stemmed_without_being_kept_and_shown_words_are_learned_alike() -> None:
    words = ["sparsified", "graphs", "the", "sparsify", "graph", "7b", "x", "graphs"]
    kept, passing = Tokenizer(), Tokenizer()
    assert passing.terms(words, remember=False) == kept.terms(words)
    assert passing.shown == kept.shown and passing.shown["graph"] == "graph"
    assert passing._terms == {} and set(kept._terms) == set(words)
    assert passing.counts("Sparsified graphs") == kept.counts("Sparsified graphs")  # stemmed again when asked


def test_papers_removed_to_the_trash_are_never_offered_and_come_back_when_restored() -> None:
    from tui.core.search.index import SearchIndex

    papers = [
        Paper(id=f"p{i}", abstract=text, list="L", seq=i)
        for i, text in enumerate((
            "Graph sparsification prunes edges of graph neural networks for cheaper message passing.",
            "Sparsification of graph edges and weights makes graph neural networks cheaper.",
            "Edge pruning in graph neural networks speeds up message passing on large graphs.",
            "Protein folding with diffusion models.",
        ))
    ]
    search = SearchIndex(papers)
    related = RelatedIndex(search)
    partner = papers[1].id
    assert partner in top_ids(related, papers[0].id)
    assert search.set_hidden([partner], True)  # what removing the paper in the app does
    assert partner not in top_ids(related, papers[0].id)
    assert papers[2].id in top_ids(related, papers[0].id)
    search.set_hidden([partner], False)
    assert partner in top_ids(related, papers[0].id)
