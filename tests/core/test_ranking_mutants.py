"""Tests that kill the ranking's surviving mutants (benchmarks/mutation-43-ranking.md, second round)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

from tui.core.models import Paper
from tui.core.ranking import build as build_module
from tui.core.ranking import engine as engine_module
from tui.core.ranking import store
from tui.core.ranking.build import Matrices, build, unit_rows
from tui.core.ranking.engine import FOLLOW_WEIGHT, MEANING_SHARE, WHY_CLOSE, Ranker
from tui.core.ranking.labels import Labels
from tui.core.ranking.text import LONGEST, analyze, paper_text, raw_text

ABSTRACTS = [
    "Federated learning with differential privacy: clipping the updates of federated clients.",
    "Membership inference attacks on federated learning leak private training data.",
    "Graph neural networks predict properties of molecules from their atoms and bonds.",
    "Learning rates of accelerated gradient descent for smooth convex optimization.",
    "Privacy accounting for differentially private learning of language models.",
]


def _papers() -> list[Paper]:
    return [Paper(id=f"p{i}", abstract=text, list="l", title=f"Paper {i}") for i, text in enumerate(ABSTRACTS)]


def test_about_is_meaning_and_the_tfidf_cosine_in_their_shares() -> None:
    """`about:` = MEANING_SHARE of the LSA cosine + the rest of the TF-IDF cosine, the latter computed here by
    scikit-learn itself from the papers' texts: every query term's postings, summed per paper (terms share papers)."""
    from sklearn.feature_extraction.text import TfidfVectorizer

    papers = _papers()
    ranker = Ranker.load_or_build(None, "d", papers)
    query = "federated learning privacy"
    vectorizer = TfidfVectorizer(analyzer=analyze, sublinear_tf=True, dtype=np.float64)
    tfidf = vectorizer.fit_transform([paper_text(p) for p in papers])
    asked = vectorizer.transform([query])
    lexical = (tfidf @ asked.T).toarray().ravel()
    assert (lexical > 0).sum() >= 3 and asked.nnz >= 4  # several terms, several papers, papers with several terms
    vector = asked.toarray().ravel() @ np.asarray(ranker.matrices.term_vectors, dtype=np.float64)
    meaning = np.asarray(ranker.matrices.docs, dtype=np.float64) @ (vector / np.linalg.norm(vector))
    expected = MEANING_SHARE * meaning + (1 - MEANING_SHARE) * lexical
    assert ranker.about(query).tolist() == pytest.approx(expected.tolist(), abs=1e-4)


def _built() -> tuple[list[Paper], Matrices]:
    papers = _papers()
    return papers, build([paper_text(p) for p in papers])


@pytest.mark.parametrize("field", ["terms", "size", "format"])
def test_a_meta_file_that_disagrees_with_the_arrays_is_not_loaded(tmp_path: Path, field: str) -> None:
    """The arrays agree with each other and with the library; only meta.json says otherwise (edited, or from
    another writer): each of its three facts is checked on its own."""
    papers, matrices = _built()
    store.save(tmp_path, "d", matrices)
    assert store.load(tmp_path, "d", len(papers)) is not None
    meta_file = tmp_path / store.RANKING_DIR / store.key_for("d") / "meta.json"
    meta = json.loads(meta_file.read_text(encoding="utf-8"))
    meta[field] = meta[field] + 1 if isinstance(meta[field], int) else meta[field] + "0"
    meta_file.write_text(json.dumps(meta), encoding="utf-8")
    assert store.load(tmp_path, "d", len(papers)) is None


def test_a_save_that_fails_half_way_raises_its_error_and_leaves_nothing(tmp_path: Path) -> None:
    """An array that cannot be saved without pickle (never written: a pickle runs code when loaded) stops the save
    with numpy's error, the temp folder removed and no folder for the digest."""
    _, matrices = _built()
    damaged = dataclasses.replace(matrices, data=np.array([object()], dtype=object))
    with pytest.raises(ValueError, match="allow_pickle"):
        store.save(tmp_path, "d", damaged)
    assert list((tmp_path / store.RANKING_DIR).iterdir()) == []


def test_a_stray_file_in_the_ranking_folder_does_not_stop_a_save(tmp_path: Path) -> None:
    """Removing the other digests' folders is tidying: a file put there by hand (not a folder) is left, quietly."""
    papers, matrices = _built()
    (tmp_path / store.RANKING_DIR).mkdir()
    (tmp_path / store.RANKING_DIR / "notes.txt").write_text("mine", encoding="utf-8")
    store.save(tmp_path, "d", matrices)
    assert store.load(tmp_path, "d", len(papers)) is not None


def test_a_word_of_exactly_the_longest_length_is_a_term_and_a_longer_one_is_not() -> None:
    at_most, longer = "x" * LONGEST, "y" * (LONGEST + 1)
    assert analyze(f"{at_most} {longer} graph") == [at_most, "graph", f"{at_most} graph"]


def test_the_text_read_is_the_title_else_the_derived_one_then_the_abstract() -> None:
    titled = Paper(id="a", abstract="Body.", list="l", title="Own title", derived_title="Derived")
    untitled = Paper(id="b", abstract="Body.", list="l", derived_title="Derived")
    assert (raw_text(titled), raw_text(untitled)) == ("Own title\nBody.", "Derived\nBody.")


def test_unit_rows_scales_each_row_to_length_one_and_leaves_empty_rows_zero() -> None:
    rows = unit_rows(np.array([[3.0, 4.0], [0.0, 0.0], [0.0, 0.5]], dtype=np.float64))
    assert rows.dtype == np.float32
    assert rows.tolist() == [[pytest.approx(0.6), pytest.approx(0.8)], [0.0, 0.0], [0.0, 1.0]]


def _one_term() -> Matrices:
    matrices = build(["graph", "graph."])
    assert len(matrices.terms) == 1 and matrices.fits(2)
    return matrices


@pytest.mark.parametrize("made", [_built, _one_term], ids=["many terms", "one term"])
def test_fits_refuses_each_kind_of_disagreement(made) -> None:  # type: ignore[no-untyped-def]
    """Each check of `Matrices.fits` on its own: every other array left as built."""
    matrices = made()[1] if made is _built else made()
    size = len(matrices.docs)
    assert matrices.fits(size)
    assert not matrices.fits(size + 1)  # another library
    cut = dataclasses.replace(matrices, indices=matrices.indices[:-1], data=matrices.data[:-1])
    assert not cut.fits(size)  # postings cut short, both arrays alike
    shifted = matrices.indptr.copy()
    shifted[0] = 1
    assert not dataclasses.replace(matrices, indptr=shifted).fits(size)  # postings that do not start at 0
    if len(matrices.terms) > 1:
        backwards = matrices.indptr.copy()
        backwards[1] = backwards[2] + 1
        assert not dataclasses.replace(matrices, indptr=backwards).fits(size)  # a term ending before it starts


def test_the_build_keeps_the_most_frequent_terms_and_those_in_enough_papers(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = ["graph networks", "networks graph", "graph privacy"]  # graph 3 times in 3 papers, networks 2 in 2, the rest once
    assert len(build(texts).terms) == 6
    monkeypatch.setattr(build_module, "MAX_TERMS", 2)
    assert build(texts).terms.tolist() == [b"graph", b"networks"]
    monkeypatch.setattr(build_module, "MAX_TERMS", 100)
    monkeypatch.setattr(build_module, "MIN_DF", 2)
    assert build(texts).terms.tolist() == [b"graph", b"networks"]


DTYPES = {"terms": "S", "idf": "float32", "docs": "float32", "term_vectors": "float16", "indptr": "int64",
          "indices": "int32", "data": "float32"}


@pytest.mark.parametrize("texts", [ABSTRACTS, ["graph", "graph."], ["the of and", "we"]], ids=["lsa", "one term", "no terms"])
def test_every_build_has_the_documented_kinds_fits_and_survives_a_save(tmp_path: Path, texts: list[str]) -> None:
    """What `Matrices` promises (float16 term vectors: the biggest array on disk), for the SVD, the TF-IDF-as-space
    and the empty build alike; each fits its library and loads back after a save."""
    matrices = build(texts)
    kinds = {name: getattr(matrices, name).dtype for name in DTYPES}
    assert {name: kind.kind if name == "terms" else kind.name for name, kind in kinds.items()} == DTYPES
    assert matrices.fits(len(texts))
    store.save(tmp_path, "d", matrices)
    assert store.load(tmp_path, "d", len(texts)) is not None


def test_the_lsa_width_is_the_dims_asked_for_else_one_less_than_the_papers_or_the_terms() -> None:
    assert build(ABSTRACTS, dims=2).docs.shape == (5, 2)
    assert build(ABSTRACTS).docs.shape == (5, 4)  # five papers: four dimensions
    few_terms = ["graph networks", "graph", "networks", "graph networks", "networks graph", "graph"]
    assert build(few_terms).docs.shape == (6, len(build(few_terms).terms) - 1)


def test_two_papers_on_unrelated_topics_are_apart_in_meaning() -> None:
    """Two papers make an LSA of at most one dimension, where every vector is +1 or -1 and the two would be alike
    (an `about:` of one's words matched both): the build keeps their TF-IDF as the space instead (mutants 37, 38)."""
    two = [Paper(id="a", abstract="graph networks for molecules", list="l"),
           Paper(id="b", abstract="privacy of federated clients", list="l")]
    ranker = Ranker.load_or_build(None, "d", two)
    docs = ranker.matrices.docs
    assert float(docs[0] @ docs[1]) == pytest.approx(0.0)
    assert ranker.about_cutoff(ranker.about("molecules")).tolist() == [True, False]
    assert ranker.related(1, None, None).tolist() == [0.0, 0.0]  # nothing about graphs is related to privacy


# Third round (engine.py run again after the follows of issue 44).


def test_why_words_weigh_each_term_summed_over_every_liked_paper() -> None:
    """Two liked papers sharing "federated" and "privacy": their weights add up, and the paper far from both names
    those before "federated learning", which only the second weighs much (for_me 74: only the last liked paper)."""
    from tests.core.test_ranking_why import TEXTS, cosine, ranker_of

    ranker = ranker_of([*TEXTS, "Privacy of federated clients: secure aggregation of their updates."])
    assert max(cosine(ranker, 1, 0), cosine(ranker, 1, 6)) < WHY_CLOSE
    assert ranker.for_me(Labels(frozenset({0, 6}), frozenset())).why(1) == "words: federated, privacy, learning"


def test_why_names_the_liked_paper_that_adds_most_and_a_title_from_exactly_why_close(monkeypatch: pytest.MonkeyPatch) -> None:
    """Paper 1 is a little closer to the followed paper 3 than to the rated paper 2, but a follow counts
    FOLLOW_WEIGHT of a rating: paper 2 adds most and is named (for_me 96: divided by the weight); a cosine of
    exactly WHY_CLOSE is close enough for a title (98: `<=`)."""
    from tests.core.test_ranking_engine import papers

    ranker = Ranker.load_or_build(None, "d", papers())
    closeness = ranker.matrices.docs[[2, 3]] @ ranker.matrices.docs[1]
    assert WHY_CLOSE <= closeness[0] < closeness[1] and closeness[1] * FOLLOW_WEIGHT < closeness[0]
    labels = Labels(frozenset({2}), frozenset(), frozenset({3}))
    assert ranker.for_me(labels).why(1) == "like: Paper 2"
    monkeypatch.setattr(engine_module, "WHY_CLOSE", float(closeness[0]))
    assert ranker.for_me(labels).why(1) == "like: Paper 2"
    monkeypatch.setattr(engine_module, "WHY_CLOSE", float(np.nextafter(closeness[0], np.float32(1))))
    assert ranker.for_me(labels).why(1).startswith("words: ")  # just above: the shared words instead


def test_reading_the_texts_asks_for_a_stop_before_the_first_paper_and_every_thousand() -> None:
    """Shelved abstracts are read from disk: a stop is asked at papers 0, 1000, 2000 (_texts 4–7: other steps)."""
    from tui.core.ranking.engine import _texts
    from tui.core.search.sorts import Cancelled

    many = [Paper(id=f"p{i}", abstract="graph", list="l") for i in range(2001)]
    asked: list[int] = []
    assert len(_texts(many, lambda: bool(asked.append(1)))) == 2001 and len(asked) == 3
    with pytest.raises(Cancelled):
        _texts(many, lambda: True)


def test_matrices_loaded_from_disk_report_the_progress_done(tmp_path: Path) -> None:
    """A later start loads the saved matrices: its progress is one step, done (load_or_build 14: None)."""
    papers = _papers()
    Ranker.load_or_build(tmp_path, "d", papers)
    seen: list[float] = []
    Ranker.load_or_build(tmp_path, "d", papers, progress=seen.append)
    assert seen == [1.0]
