"""The ranking engine on tiny corpora where the right order is obvious (issue 43)."""

from __future__ import annotations

import numpy as np
import pytest

from tui.core.models import Paper
from tui.core.ranking.engine import LIKED, NEEDS_POSITIVES, Ranker
from tui.core.ranking.labels import Labels

ABSTRACTS = [
    "Graph neural networks predict properties of molecules from their atoms and bonds.",
    "Differential privacy for federated learning: clipping and noising the gradient updates of clients.",
    "Membership inference attacks on federated learning leak private training data.",
    "Convergence rates of accelerated gradient descent for smooth convex optimization.",
    "Message passing graph networks for molecules and chemistry property prediction.",
    "Lower bounds for stochastic convex optimization with noisy first-order oracles.",
]


def papers(abstracts: list[str] = ABSTRACTS) -> list[Paper]:
    return [Paper(id=f"p{i}", abstract=text, list="l", title=f"Paper {i}") for i, text in enumerate(abstracts)]


def labels(pos: set[int] = frozenset(), neg: set[int] = frozenset()) -> Labels:
    return Labels(frozenset(pos), frozenset(neg))


def test_no_positives_needs_ratings_and_scores_nothing() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    found = ranker.for_me(labels(neg={1}))
    assert found.needs == NEEDS_POSITIVES and found.mode == "none"
    assert not found.scores.any() and found.scores.dtype == np.float32 and len(found.scores) == 6


def test_one_positive_is_more_like_this() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    found = ranker.for_me(labels(pos={0}))
    assert found.mode == "like-this" and found.needs is None
    others = [j for j in np.argsort(-found.scores, kind="stable").tolist() if j != 0]
    assert others[0] == 4
    # Not close enough to name paper 0 (LSA cosine below WHY_CLOSE): the words the two share that weighed most.
    why = found.why(4)
    assert why.startswith("words: ") and set(why.removeprefix("words: ").split(", ")) == {"graph", "molecules", "networks"}


def test_about_finds_by_meaning() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    scores = ranker.about("privacy of federated clients")
    assert scores.dtype == np.float32
    assert np.argsort(-scores)[:2].tolist() == [1, 2]
    kept = ranker.about_cutoff(scores)
    assert kept[1] and not kept[[0, 4, 5]].any()


def test_two_positives_learn_and_negatives_push_down() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    found = ranker.for_me(labels(pos={1, 3}))
    assert found.mode == "learned" and found.needs is None
    order = [j for j in np.argsort(-found.scores, kind="stable").tolist() if j not in (1, 3)]
    assert set(order[:2]) == {2, 5}  # the other privacy paper and the other convex one
    assert found.why(2) == "like: Paper 1" and found.why(5) == "like: Paper 3"
    assert found.why(1) == found.why(3) == LIKED
    against = ranker.for_me(labels(pos={1, 3}, neg={5}))
    assert against.scores[5] < found.scores[5]
    assert against.scores[2] == pytest.approx(found.scores[2] - 0.5 * float(ranker.matrices.docs[2] @ ranker.matrices.docs[5]) / 2, abs=1e-5)


def test_a_negative_that_is_also_positive_counts_as_positive() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    np.testing.assert_array_equal(ranker.for_me(labels(pos={0}, neg={0})).scores, ranker.for_me(labels(pos={0})).scores)


def test_same_papers_and_labels_give_the_same_scores() -> None:
    one, two = Ranker.load_or_build(None, "d", papers()), Ranker.load_or_build(None, "d", papers())
    chosen = labels(pos={0, 2}, neg={3})
    np.testing.assert_array_equal(one.for_me(chosen).scores, two.for_me(chosen).scores)
    np.testing.assert_array_equal(one.about("convex rates"), two.about("convex rates"))
    np.testing.assert_array_equal(one.related(0, None, chosen), two.related(0, None, chosen))


def test_why_names_an_untitled_paper_by_its_id_and_keeps_a_title_of_exactly_the_width() -> None:
    corpus = papers()
    corpus[0] = Paper(id="p0", abstract=ABSTRACTS[0], list="l")
    corpus[1] = Paper(id="p1", abstract=ABSTRACTS[1], list="l", title="x" * 60)
    corpus[4] = Paper(id="p4", abstract=ABSTRACTS[0] + " Again.", list="l", title="Paper 4")  # close to paper 0: named
    corpus[2] = Paper(id="p2", abstract=ABSTRACTS[1] + " Again.", list="l", title="Paper 2")
    ranker = Ranker.load_or_build(None, "d", corpus)
    assert ranker.for_me(labels(pos={0})).why(4) == "like: p0"
    assert ranker.for_me(labels(pos={1})).why(2) == "like: " + "x" * 60


def test_why_is_one_line_of_plain_text_cut_when_long() -> None:
    texts = list(ABSTRACTS)
    many = [Paper(id=f"p{i}", abstract=t, list="l", title=t if i == 0 else f"Paper {i}") for i, t in enumerate(texts)]
    many[0] = Paper(id="p0", abstract=texts[0], list="l", title="[bold]Graph[/bold]   networks\n" + "for molecules " * 10)
    many[4] = Paper(id="p4", abstract=texts[0], list="l", title="Paper 4")  # close to paper 0: named
    ranker = Ranker.load_or_build(None, "d", many)
    why = ranker.for_me(labels(pos={0})).why(4)
    assert why.startswith("like: [bold]Graph[/bold] networks for molecules") and why.endswith("…")
    assert "\n" not in why and len(why) == len("like: ") + 60


def test_about_unknown_words_scores_nothing_and_matches_nothing() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    scores = ranker.about("zzyzx qwertyuiop")
    assert not scores.any() and not ranker.about_cutoff(scores).any()
    assert not ranker.about("").any()


def test_about_cutoff_is_half_the_best_with_a_floor() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    scores = np.array([0.8, 0.41, 0.39, 0.0, -0.2], dtype=np.float32)
    assert ranker.about_cutoff(scores).tolist() == [True, True, False, False, False]
    assert ranker.about_cutoff(np.array([0.5, 0.25, 0.24], dtype=np.float32)).tolist() == [True, True, False]  # half is in
    low = np.array([0.15, 0.09, 0.08], dtype=np.float32)
    assert ranker.about_cutoff(low).tolist() == [True, False, False]
    assert ranker.about_cutoff(np.zeros(0, dtype=np.float32)).tolist() == []


def test_related_fuses_words_meaning_and_ratings() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    plain = ranker.related(0, None, None)
    assert plain.dtype == np.float32 and plain[0] == 0 and int(np.argmax(plain)) == 4
    bm25 = np.zeros(6, dtype=np.float32)
    bm25[5] = 10.0  # words say 5
    assert ranker.related(0, bm25, None)[5] > plain[5]
    assert ranker.related(0, {5: 10.0}, None)[5] == pytest.approx(ranker.related(0, bm25, None)[5])
    liked = ranker.related(0, None, labels(pos={3}))
    assert liked[5] > plain[5] and liked[3] > plain[3]
    assert ranker.related(0, bm25, None)[5] - plain[5] == pytest.approx(0.5)  # BM25 scaled to its best, half the weight
    for_me = ranker.for_me(labels(pos={3})).scores
    np.testing.assert_allclose(np.delete(liked - plain, 0), np.delete(0.2 * for_me / for_me.max(), 0), atol=1e-6)


def test_reorder_puts_related_papers_by_the_fused_score() -> None:
    from tui.core.related.index import RelatedIndex

    corpus = papers()
    ranker = Ranker.load_or_build(None, "d", corpus)
    similar = RelatedIndex.of_papers(corpus).similar("p1", limit=5)
    assert similar
    again = ranker.reorder(1, similar, labels(pos={3}))
    assert sorted(s.paper.id for s in again) == sorted(s.paper.id for s in similar)
    fused = ranker.related(1, {int(s.paper.id[1:]): s.score for s in similar}, labels(pos={3}))
    assert [s.paper.id for s in again] == [f"p{j}" for j in sorted((int(s.paper.id[1:]) for s in similar), key=lambda j: -fused[j])]


def test_reorder_weighs_the_bm25_scores_it_is_given_and_puts_strangers_last() -> None:
    from tui.core.related.index import Similar

    corpus = papers()
    ranker = Ranker.load_or_build(None, "d", corpus)
    stranger = Paper(id="elsewhere", abstract="Not in this ranker.", list="l")
    similar = [Similar(stranger, 99.0, ()), Similar(corpus[3], 0.01, ()), Similar(corpus[2], 50.0, ()), Similar(corpus[0], 0.02, ())]
    by_meaning = ranker.related(1, None, None)
    assert by_meaning[3] > by_meaning[2] > 0  # meaning alone puts p3 first here (they share "gradient") ...
    again = ranker.reorder(1, similar)
    assert [s.paper.id for s in again][0] == "p2"  # ... BM25's strong vote for p2 wins
    assert again[-1].paper.id == "elsewhere" and len(again) == 4


def test_a_repeated_query_word_weighs_more_sublinearly() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    idf = ranker.matrices.idf
    terms = ranker.matrices.terms.tolist()
    ids, weights = ranker._query("molecules molecules privacy")
    by_term = {terms[t].decode(): float(w) for t, w in zip(ids.tolist(), weights.tolist(), strict=True)}
    ratio = (1 + np.log(2)) * idf[terms.index(b"molecules")] / idf[terms.index(b"privacy")]
    assert idf[terms.index(b"molecules")] != idf[terms.index(b"privacy")]
    assert by_term["molecules"] / by_term["privacy"] == pytest.approx(ratio, rel=1e-5)
    assert float(np.linalg.norm(weights)) == pytest.approx(1.0) and weights.dtype == np.float32


def test_the_first_last_and_longest_terms_are_found() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    terms = [t.decode() for t in ranker.matrices.terms.tolist()]
    for term in (terms[0], terms[-1], max(terms, key=len)):
        ids, _ = ranker._query(term)
        assert terms.index(term) in ids.tolist(), term


def test_libraries_of_one_term_and_of_none_answer() -> None:
    one = Ranker.load_or_build(None, "d", [Paper(id="a", abstract="graph", list="l"), Paper(id="b", abstract="graph.", list="l")])
    assert len(one.matrices.terms) == 1 and one.about("graph").tolist() == pytest.approx([1.0, 1.0])
    assert not one.about("zebra").any() and not one.about("aardvark").any()  # after and before the one term
    none = Ranker.load_or_build(None, "d", [Paper(id="a", abstract="the of and", list="l"), Paper(id="b", abstract="we", list="l")])
    assert len(none.matrices.terms) == 0 and not none.about("graph").any()
    assert none.for_me(labels(pos={0})).scores.tolist() == [0.0, 0.0]
