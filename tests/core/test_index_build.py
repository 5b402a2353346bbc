"""Building the search postings and the related-papers weights a step at a time: the result is each word's
papers (each term's BM25 weights) exactly, whatever the step, with papers that have no words, words longer
than a step, and terms that occur in no title or abstract."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from tui.core.models import Paper
from tui.core.related import weights as weights_module
from tui.core.related.tokens import Tokenizer
from tui.core.related.weights import ABSTRACT_WEIGHT, K1, TAG_WEIGHT, TITLE_WEIGHT, B, from_search
from tui.core.search import terms as terms_module
from tui.core.search.folding import fold
from tui.core.search.index import SearchIndex
from tui.core.search.query import WORD
from tui.core.search.terms import BODY, META, TITLE, split_papers

WORDS = "graph graphs sparse sparsify network networks learning learn model models the we of edge edges prune ε-VAE Schrödinger".split()


def corpus(n: int, seed: int = 3) -> list[Paper]:
    """Papers of a small vocabulary, so words recur across many papers; some without a title, an abstract or tags."""
    rng = random.Random(seed)
    papers = []
    for i in range(n):
        abstract = " ".join(rng.choices(WORDS, k=rng.choice((0, 3, 12, 40)))) + (f" rare{i}" if i % 5 == 0 else "")
        title = " ".join(rng.choices(WORDS, k=rng.choice((0, 2, 5))))
        tags = tuple(rng.sample(("graph learning", "pruning", "notes", "we"), rng.choice((0, 1, 2))))
        papers.append(Paper(id=f"p{i}", abstract=abstract, list=rng.choice(("A", "B")), seq=i, title=title, tags=tags, year=str(2000 + i % 7)))
    return papers


def expected_postings(papers: list[Paper]) -> list[dict[str, list[int]]]:
    """Word -> the papers holding it, per field, straight from the text."""
    fields: list[dict[str, list[int]]] = [{}, {}, {}]
    for i, p in enumerate(papers):
        meta = " ".join((p.list, " ".join(p.tags), " ".join(p.authors), p.venue, p.year))
        for field_no, text in ((TITLE, fold(p.shown_title)), (META, meta), (BODY, fold(p.abstract))):
            for word in set(WORD.findall(text.casefold())):
                fields[field_no].setdefault(word, []).append(i)
    return fields


@pytest.mark.parametrize("step", [1, 7, 64, 1 << 16])
def test_postings_hold_each_words_papers_in_order_whatever_the_step(monkeypatch: pytest.MonkeyPatch, step: int) -> None:
    papers = corpus(120)
    monkeypatch.setattr(terms_module, "STEP", step)
    vocabulary, fields = split_papers(papers)
    expected = expected_postings(papers)
    assert vocabulary.words == sorted(set().union(*expected))
    for field_no, postings in enumerate(fields):
        assert postings.indices.dtype == np.int32 and postings.indptr.dtype == np.int64
        assert len(postings.indptr) == len(vocabulary.words) + 1
        found = {word: postings.range(w, w + 1).tolist() for w, word in enumerate(vocabulary.words)}
        assert {w: docs for w, docs in found.items() if docs} == expected[field_no]


def test_postings_of_no_papers_and_of_papers_without_words() -> None:
    vocabulary, fields = split_papers([])
    assert vocabulary.words == [] and all(len(f.indices) == 0 and f.indptr.tolist() == [0] for f in fields)
    vocabulary, fields = split_papers([Paper(id="a", abstract="", list="L"), Paper(id="b", abstract="Graphs!", list="L")])
    assert fields[BODY].range(vocabulary.words.index("graphs"), vocabulary.words.index("graphs") + 1).tolist() == [1]


def reference_weights(papers: list[Paper]) -> dict[tuple[str, int], float]:
    """BM25 of every (term, paper) pair computed directly (float64): a term's frequency is the distinct words of
    each field that stem to it, weighted by field, plus the list's tags (each tag's terms once)."""
    tokens = Tokenizer()
    tf: dict[tuple[str, int], float] = {}
    doc_len = [0.0] * len(papers)
    for i, p in enumerate(papers):
        for text, weight in ((p.shown_title, TITLE_WEIGHT), (p.abstract, ABSTRACT_WEIGHT)):
            for word in set(WORD.findall(fold(text).casefold())):
                (term,) = tokens.terms([word])
                if term is not None:
                    tf[term, i] = tf.get((term, i), 0.0) + weight
                    doc_len[i] += weight
        for tag in {t.casefold() for t in p.tags}:
            for term in tokens.counts(tag):
                tf[term, i] = tf.get((term, i), 0.0) + TAG_WEIGHT
                doc_len[i] += TAG_WEIGHT
    n, mean = len(papers), sum(doc_len) / len(papers)
    df: dict[str, int] = {}
    for term, _ in tf:
        df[term] = df.get(term, 0) + 1
    return {
        (term, i): math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5)) * f * (K1 + 1) / (f + K1 * (1 - B + B * doc_len[i] / mean))
        for (term, i), f in tf.items()
    }


@pytest.mark.parametrize("step", [1, 5, 50, 1 << 18])
def test_bm25_weights_are_each_pairs_whatever_the_batch(monkeypatch: pytest.MonkeyPatch, step: int) -> None:
    papers = corpus(150)
    monkeypatch.setattr(weights_module, "STEP", step)
    weights = from_search(SearchIndex(papers), Tokenizer())
    assert weights.data.dtype == np.float32 and weights.indices.dtype == np.int32
    got = {}
    for term, t in weights.terms.items():
        docs = weights.indices[weights.indptr[t] : weights.indptr[t + 1]]
        assert (np.diff(docs) > 0).all()  # each paper once, ascending
        got.update({(term, int(i)): float(w) for i, w in zip(docs, weights.data[weights.indptr[t] : weights.indptr[t + 1]], strict=True)})
    expected = reference_weights(papers)
    assert got.keys() == expected.keys()
    assert all(math.isclose(got[key], expected[key], rel_tol=1e-5) for key in expected)


def test_the_weights_are_the_same_bits_in_batches_as_in_one() -> None:
    papers = corpus(200, seed=11)
    index = SearchIndex(papers)
    whole = from_search(index, Tokenizer())
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(weights_module, "STEP", 3)
        batched = from_search(index, Tokenizer())
    assert whole.terms == batched.terms
    for name in ("data", "indices", "indptr"):
        assert np.array_equal(getattr(whole, name), getattr(batched, name))
