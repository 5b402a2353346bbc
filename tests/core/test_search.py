"""Ranking on the 33 bundled abstracts, field filters over annotations, and the index overlay."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tui.core.library import Library
from tui.core.models import Annotation, Paper
from tui.core.search.index import SearchIndex
from tui.core.search.query import parse_query
from tui.core.search.sorts import SORTS, next_sort


def by_start(library: Library, start: str) -> Paper:
    (paper,) = [p for p in library.papers if p.abstract.startswith(start)]
    return paper


def ranked(library: Library, text: str, sort: str = "relevance") -> list[Paper]:
    return list(SearchIndex(library.papers, library.annotations()).search(parse_query(text), sort))


def starts(papers: list[Paper], n: int = 40) -> list[str]:
    return [p.abstract[:n] for p in papers]


def test_typos_prefixes_and_partial_words_find_the_intended_papers(library: Library) -> None:
    fl = ranked(library, "fedrated lerning")
    # The three federated-learning papers (split learning, graph learning, Q-learning) lead.
    assert {p.abstract[:20] for p in fl[:3]} == {"Collaborative traini", "Federated Graph Lear", "We present the first"}
    assert ranked(library, "lora")[0] is by_start(library, "Low-Rank Adaptation (LoRA)")
    graph = ranked(library, "graph spars")
    assert {p.abstract[:20] for p in graph[:2]} == {"Graph Neural Network", "Federated Graph Lear"}


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("spiking", "Spiking Neural Networks"),
        ("segment anything", "The introduction of the Segment Anything"),
        ("speculative decoding", "We introduce Reward-Guided Speculative"),
        ("shapelets", "Shapelets are discriminative"),
        ("theorem prover", "The synergy between deep learning"),
        ("schrodinger bridge", "The classical static Schrödinger"),
        ("time series forecasting", "Long-term time series forecasting"),
        ("thompson sampling", "We address differentially private"),
        ("adam optimizer", "Adaptive optimizers such as Adam"),
        ("coreset clustering", "Inspired by the well-known coreset"),
        ("molecular conformation", "Predicting molecular ground-state"),
        ("out of distribution", "Out-of-distribution (OOD)"),
        ("glivenko cantelli", "We revisit the recently introduced Local"),
        ("catastrophic forgeting", "Deep networks are prone"),
        ("treatment rules", "Individualized treatment rules"),
        ("hidden dimensions sparsity", "Transformer models encounter"),
        ("constraint satisfaction", "Neural networks (NNs) have emerged"),
    ],
)
def test_a_dozen_more_rank_the_right_paper_first(library: Library, query: str, first: str) -> None:
    assert ranked(library, query)[0].abstract.startswith(first)


def test_words_match_in_any_order_and_each_must_match(library: Library) -> None:
    assert starts(ranked(library, "lerning fedrated")) == starts(ranked(library, "fedrated lerning"))
    assert ranked(library, "lora zzzzqqq") == []


def test_title_hits_outrank_abstract_hits(library: Library) -> None:
    result = ranked(library, "federated")
    # FSL-SAGE and the federated Q-learning paper say "federated" in their shown titles; the others in the abstract.
    assert {p.derived_title.split(":")[0].split()[0] for p in result[:2]} == {"FSL-SAGE", "Gap-dependent"}
    assert len(result) >= 3


def test_both_papers_on_scaling_laws_lead(library: Library) -> None:
    result = ranked(library, "scaling laws")
    assert {p.abstract[:20] for p in result[:2]} == {"We challenge the dom", "Understanding neural"}


def test_a_short_query_does_not_weakly_match_every_abstract(library: Library) -> None:
    assert len(ranked(library, "lora")) <= 3  # not "exploration", "collaborative"...
    assert len(ranked(library, "a")) < 33  # one letter: word starts in titles only
    assert len(ranked(library, "net")) < 33
    assert len(ranked(library, "xq")) == 0


def test_the_ranking_is_stable(library: Library) -> None:
    index = SearchIndex(library.papers, library.annotations())
    for text in ("learning", "model", "graph spars", "ne"):
        first = [p.id for p in index.search(parse_query(text))]
        assert [p.id for p in index.search(parse_query(text))] == first
        assert [p.id for p in SearchIndex(library.papers, {}).search(parse_query(text))] == first


def test_empty_query_is_the_list_in_order(library: Library) -> None:
    assert ranked(library, "") == library.papers
    assert ranked(library, "[\\") == library.papers


def test_exact_phrase_and_exclusions(library: Library) -> None:
    phrase = ranked(library, '"neural networks"')
    assert phrase and all("neural networks" in p.abstract.casefold() for p in phrase)
    assert len(ranked(library, '"networks neural"')) == 0
    no_graph = ranked(library, "learning -graph")
    assert no_graph and all("graph" not in p.abstract.casefold() for p in no_graph)
    not_phrase = ranked(library, 'learning -"federated learning"')
    assert not_phrase and all("federated learning" not in p.abstract.casefold() for p in not_phrase)


def test_a_phrase_at_the_very_start_of_an_abstract_is_found() -> None:
    """`"graph neural networks"` finds the abstract that opens with it, as it finds one holding it later on.

    The first word of an abstract is where a phrase most often sits (many
    abstracts open with their topic). Offset 0 is a word start although no
    character precedes it: the check must not look at the character before
    (Python's `text[-1]` is the abstract's last one, a letter here).
    A match inside a word (`subgraph neural networks`) is not a phrase match.
    """
    papers = [
        Paper("p1", "Graph neural networks scale to millions of nodes with sampling", "L", 0, title="Message Passing at Scale"),
        Paper("p2", "We show that graph neural networks generalise.", "L", 1, title="Generalisation"),
        Paper("p3", "Subgraph neural networks count motifs", "L", 2, title="Motif Counting"),
    ]
    index = SearchIndex(papers)

    def ids(text: str) -> list[str]:
        return sorted(p.id for p in index.search(parse_query(text)))

    assert ids('"graph neural networks"') == ["p1", "p2"]
    assert ids('"graph neural"') == ["p1", "p2"]  # the last word as typed so far
    assert ids('networks -"graph neural networks"') == ["p3"]
    assert ids('"neural networks scale"') == ["p1"]


def test_list_filter_is_fuzzy_on_the_list_name(library: Library) -> None:
    english = ranked(library, 'list:"ICML 2025 Papers"')
    assert len(english) == 19 and all(p.list == "ICML 2025 Papers" for p in english)
    assert ranked(library, "list:papers") == english
    assert ranked(library, "list:icml") == library.papers
    assert {p.list for p in ranked(library, "list:论文")} == {"ICML 2025 论文列表"}
    assert ranked(library, 'list:"ICML 2025 Paprs"') == english  # a typo still finds it


def test_annotation_filters(library: Library) -> None:
    lora = by_start(library, "Low-Rank Adaptation")
    gnn = by_start(library, "Graph Neural Networks")
    snn = by_start(library, "Spiking Neural Networks")
    library.save_annotation(lora.id, status="read", rating=5, tags=["llm", "peft"], notes="Try on our adapter bank")
    library.save_annotation(gnn.id, status="reading", rating=3)
    library.save_annotation(snn.id, status="to-read", tags=["neuro"])
    assert ranked(library, "status:read") == [lora]
    assert {p.id for p in ranked(library, "status:re")} == {lora.id, gnn.id}
    assert ranked(library, "rating:>=4") == [lora]
    assert ranked(library, "rating:3-5", sort="rating") == [lora, gnn]
    assert len(ranked(library, "rating:0")) == 31
    assert ranked(library, "tag:llm") == [lora]
    assert ranked(library, "tag:LL") == [lora]
    assert ranked(library, "-tag:llm has:tags") == [snn]
    assert ranked(library, "has:notes") == [lora]
    assert ranked(library, "has:rating") == [lora, gnn]  # list order
    assert ranked(library, "adaptr bank")[0] == lora  # notes are searched, with typos
    assert ranked(library, "peft") == [lora]
    assert len(ranked(library, "-status:unread")) == 3


def test_update_annotation_refreshes_the_index_cheaply(library: Library) -> None:
    index = SearchIndex(library.papers, library.annotations())
    paper = by_start(library, "Shapelets are")
    assert list(index.search(parse_query("has:notes"))) == []
    assert list(index.search(parse_query("zebrafish"))) == []
    index.update_annotation(paper.id, library.save_annotation(paper.id, notes="zebrafish data", title="Shapelet Zoo"))
    assert list(index.search(parse_query("has:notes"))) == [paper]
    assert list(index.search(parse_query("zebrafsh"))) == [paper]
    result = index.search(parse_query("shapelet zoo"))
    assert list(result)[0] == paper
    assert result.spans[paper.id] == [(0, 8), (9, 12)]
    index.update_annotation(paper.id, library.save_annotation(paper.id, notes="", title=""))
    assert list(index.search(parse_query("zebrafish"))) == []
    assert list(index.search(parse_query("zoo"))) == []


def test_authors_venue_year(library: Library) -> None:
    papers = [
        Paper(
            "a1", "Sparse attention for long documents.", "L", 0, title="Sparse Attention", authors=("Ada Lovelace", "Alan Turing"), venue="ICML", year="2024"
        ),
        Paper("a2", "Dense retrieval at scale.", "L", 1, title="Dense Retrieval", authors=("Grace Hopper",), venue="NeurIPS", year="2019"),
        Paper("a3", "No metadata here.", "L", 2, title="Plain"),
    ]
    index = SearchIndex(papers, {})

    def ids(text: str) -> list[str]:
        return [p.id for p in index.search(parse_query(text))]

    assert ids("author:turing") == ["a1"]
    assert ids('author:"grace hopper"') == ["a2"]
    assert ids("author:hoper") == ["a2"]
    assert ids("year:2024") == ["a1"]
    assert ids("year:>=2020") == ["a1"]
    assert ids("year:<2020") == ["a2"]
    assert ids("venue:neurips") == ["a2"]
    assert ids("lovelace") == ["a1"]  # authors are searched as free text too
    assert ids("2019") == ["a2"]
    assert ids("has:authors") == ["a1", "a2"]


def test_matched_words_and_title_spans(library: Library) -> None:
    index = SearchIndex(library.papers, {})
    result = index.search(parse_query("fedrated lerning"))
    top = result[0]
    title = top.shown_title
    spans = result.spans[top.id]
    assert [title[a:b].casefold() for a, b in spans] == ["federated", "learning"]
    assert {"federated", "learning"} <= set(result.words_for(top))
    phrase = index.search(parse_query('"graph neural"'))
    assert phrase.words_for(phrase[0])[-1] == "graph neural"


def test_sort_orders(library: Library) -> None:
    a, b, c = library.papers[3], library.papers[10], library.papers[20]
    library.save_annotation(b.id, rating=5)
    library.save_annotation(c.id, rating=4)
    library.save_annotation(a.id, rating=1)
    assert ranked(library, "", sort="rating")[:3] == [b, c, a]
    stamps = {a.id: "2026-01-03", b.id: "2026-01-01", c.id: "2026-01-02"}
    annotations = {pid: replace(library.annotation(pid), updated=day) for pid, day in stamps.items()}
    recent = list(SearchIndex(library.papers, annotations).search(parse_query(""), "recent"))
    assert recent[:3] == [a, c, b]
    assert recent[3:] == [p for p in library.papers if p.id not in stamps]
    titles = [p.shown_title.casefold() for p in ranked(library, "", sort="title")]
    assert titles == sorted(titles)
    assert ranked(library, "", sort="list") == library.papers
    assert [next_sort(s, in_group=True) for s in SORTS] == list(SORTS[1:]) + [SORTS[0]]
    # Outside a reading group the group score (the rating order again) is left out of the cycle.
    assert next_sort("title") == next_sort("title", ranks=False) == "relevance"


def test_a_renamed_papers_old_title_words_lose_their_title_weight() -> None:
    """After a rename (`e`), the old title's words rank the paper as abstract words only, the new title's as title words.

    Guards the index zeroing the data title's field for renamed papers: else
    a word of the title the reader replaced still lifts the paper above
    papers that hold it in their abstract alone, as if it were in its title.
    The title sort follows the rename too (its cached order is dropped).
    """
    papers = [
        Paper("b1", "A quantum circuit simulator built on tensor networks.", "L", 0, title="Tensor Networks"),
        Paper("c1", "Wavelets on graphs for signal processing.", "L", 1, title="Graph Signals"),
        Paper("a1", "Schedules for optimisation on annealing hardware, where quantum effects matter.", "L", 2, title="Quantum Annealing Schedules"),
    ]

    def first(index: SearchIndex, text: str) -> list[str]:
        return [p.id for p in index.search(parse_query(text))]

    index = SearchIndex(papers, {"a1": Annotation("a1", notes="to read")})
    assert first(index, "quantum") == ["a1", "b1"] and first(index, "wavelets") == ["c1"]
    assert [p.id for p in index.search(parse_query(""), "title")] == ["c1", "a1", "b1"]
    renamed = Annotation("a1", notes="to read", title="Wavelets on Spectral Graphs")
    index.update_annotation("a1", renamed)
    for ranked_now in (index, SearchIndex(papers, {"a1": renamed})):  # refreshed after the save, and built at a start
        assert first(ranked_now, "quantum") == ["b1", "a1"]  # both by their abstracts: list order
        assert first(ranked_now, "wavelets") == ["a1", "c1"]
        assert first(ranked_now, "annealing") == ["a1"]  # still found by its abstract
        assert [p.id for p in ranked_now.search(parse_query(""), "title")] == ["c1", "b1", "a1"]  # sorted by the new title
    index.update_annotation("a1", Annotation("a1"))  # the rename undone: the data title weighs again
    assert first(index, "quantum") == ["a1", "b1"]
