"""Building the matrices: TF-IDF of every paper, then LSA (a truncated SVD of it). The only module that uses scikit-learn.

Run in a worker process for a large library (`worker.py`): the SVD of 50,000
abstracts peaks near a gigabyte, and the app keeps only what this returns.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from tui.core.ranking.rows import SavedRows

#: LSA dimensions: ~256 is where title -> abstract retrieval stops improving (benchmarks/ranking.md).
DIMS = 256
#: At most this many terms (the most frequent): the query side keeps one vector of DIMS floats per term, on disk.
MAX_TERMS = 100_000
#: A term must be in this many papers: one seen once cannot relate two papers (and terms cost memory on the query side).
MIN_DF = 1


@dataclass
class Matrices:
    """What a ranker keeps: the terms, their idf, the papers' LSA vectors (float32) and the terms' (float16:
    only a query's few rows are ever read, and they are the biggest array on disk), and the papers' TF-IDF as
    term -> papers postings (CSC) for the lexical half of `about:`.

    `terms` is sorted UTF-8 bytes (a numpy `S` array: memory-mapped and binary-searched, never a dict of
    100,000 strings in the app). `docs` rows are unit length (cosine = dot product); `term_vectors[t]`
    is term t's column of the SVD, so a query's LSA vector is the sum of its terms' rows weighed by their TF-IDF.
    """

    terms: np.ndarray
    idf: np.ndarray
    docs: np.ndarray
    term_vectors: np.ndarray | SavedRows
    indptr: np.ndarray
    indices: np.ndarray | SavedRows
    data: np.ndarray | SavedRows

    @property
    def size(self) -> int:
        return len(self.docs)

    def fits(self, size: int) -> bool:
        """True when the arrays agree with each other and with a library of `size` papers (a damaged file does not)."""
        n_terms = len(self.terms)
        return (
            self.terms.ndim == 1 and self.terms.dtype.kind == "S" and self.docs.dtype == np.float32 and self.docs.ndim == 2
            and len(self.docs) == size and self.idf.shape == (n_terms,)
            and self.term_vectors.shape == (n_terms, self.docs.shape[1]) and self.indptr.shape == (n_terms + 1,)
            and len(self.indices) == len(self.data) and (n_terms == 0 or int(self.indptr[-1]) == len(self.indices))
            and (n_terms == 0 or (int(self.indptr[0]) == 0 and bool((np.diff(self.indptr) >= 0).all())))
            and bool(np.isfinite(self.docs).all())
        )


def unit_rows(matrix: np.ndarray) -> np.ndarray:
    """`matrix` with every non-zero row scaled to length 1 (in place), as float32."""
    matrix = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1
    matrix /= norms
    return matrix


def build(texts: Sequence[str], progress: Callable[[float], None] = lambda _: None, dims: int = DIMS) -> Matrices:
    """The matrices of `texts` (one per paper). Deterministic: the SVD's random start is seeded."""
    from sklearn.decomposition import TruncatedSVD
    from sklearn.feature_extraction.text import TfidfVectorizer

    from tui.core.ranking.text import analyze

    n = len(texts)
    vectorizer = TfidfVectorizer(analyzer=analyze, sublinear_tf=True, max_features=MAX_TERMS, min_df=MIN_DF, dtype=np.float32)
    try:
        tfidf = vectorizer.fit_transform(texts)
    except ValueError:  # no terms at all (an empty library, or only stop words)
        return _empty(n)
    progress(0.3)
    terms = np.array([term.encode() for term in vectorizer.get_feature_names_out().tolist()], dtype=np.bytes_)
    idf = vectorizer.idf_.astype(np.float32)
    k = min(dims, n - 1, len(terms) - 1)
    if k >= 2:  # one dimension would make every paper's vector +1 or -1: all papers alike in meaning
        svd = TruncatedSVD(n_components=k, algorithm="randomized", n_iter=5, random_state=0)
        with warnings.catch_warnings():  # papers all alike: the explained variance ratio (unused) divides by 0
            warnings.simplefilter("ignore", RuntimeWarning)
            docs = unit_rows(svd.fit_transform(tfidf))
        term_vectors = np.ascontiguousarray(svd.components_.T, dtype=np.float16)
    else:  # two papers, or two terms or fewer: the TF-IDF itself is the space
        docs = unit_rows(tfidf.toarray())
        term_vectors = np.eye(len(terms), dtype=np.float16)
    progress(0.9)
    csc = tfidf.tocsc()
    csc.sort_indices()
    return Matrices(terms, idf, docs, term_vectors, csc.indptr.astype(np.int64), csc.indices.astype(np.int32), csc.data.astype(np.float32))


def _empty(n: int) -> Matrices:
    return Matrices(np.zeros(0, np.bytes_), np.zeros(0, np.float32), np.zeros((n, 1), np.float32), np.zeros((0, 1), np.float16),
                    np.zeros(1, np.int64), np.zeros(0, np.int32), np.zeros(0, np.float32))
