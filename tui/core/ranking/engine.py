"""The ranker: "for me" from the reader's ratings, `about:` by meaning, and related papers fused with meaning.

Built once per papers digest (`load_or_build`), then every question is a few
numpy products over the float32 LSA matrix: no scikit-learn in the app (only
the build uses it, in a worker process for a large library).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from tui.core.models import Paper
from tui.core.ranking.labels import Labels
from tui.core.ranking.rows import rows_of, span_of
from tui.core.ranking.text import analyze, paper_text
from tui.core.search.folding import fold
from tui.core.search.sorts import Cancelled

if TYPE_CHECKING:
    from tui.core.ranking.build import Matrices
    from tui.core.related.index import Similar

#: What "for me" asks for when the reader has rated nothing 4 or 5.
NEEDS_POSITIVES = "rate a few papers 4 or 5"
#: Why a positive itself is where it is (not "like: its own title").
LIKED = "you liked it"
#: `about:` fuses meaning (LSA cosine) with words (TF-IDF cosine): this much of meaning.
MEANING_SHARE = 0.7
#: Why a followed author's paper is where it is, when the follow's name is not known.
FOLLOWED = "by an author you follow"
#: A paper by a followed author counts as a positive this much of a 4–5★ rating (issue 44: a weak signal).
FOLLOW_WEIGHT = 0.3
#: The why line names the liked paper nearest ("like: ‹title›") when its LSA cosine is at least this; below it, the words
#: shared with the liked papers that weighed most ("words: privacy, federated, gradient"). In a real conference the
#: papers "for me" puts in its top 20 are rarely that close to one liked paper (COLT 2025 ranked from an author's
#: 2024 papers: 5% of them; median cosine 0.09): a title would name a paper they barely share a topic with.
WHY_CLOSE = 0.2
#: How many shared words the why line names.
WHY_WORDS = 3
#: A negative (1–2★, skipped) counts against what is near it this much of what a positive counts for.
NEGATIVE_WEIGHT = 0.5
#: `about:` keeps papers scoring at least this fraction of the best one, and at least ABOUT_FLOOR.
ABOUT_FRACTION, ABOUT_FLOOR = 0.5, 0.1
#: Related: how much of the fused score is BM25, meaning, and the reader's "for me".
RELATED_BM25, RELATED_MEANING, RELATED_FOR_ME = 0.5, 0.5, 0.2
#: From this many papers the build runs in a worker process (below it, spawning costs more than it saves).
WORKER_FROM = 3000
#: Title length shown in `why` before it is cut with an ellipsis.
WHY_TITLE = 60


@dataclass
class ForMe:
    """The "for me" scores of every paper (float32, higher = more for me), what is missing, the mode, and why."""

    scores: np.ndarray
    needs: str | None
    mode: str  # "none" | "like-this" | "learned"
    _why: Callable[[int], str] = field(default=lambda i: "", repr=False)

    def why(self, i: int) -> str:
        """One line of plain text saying why paper i scores as it does ("" when there is no ranking)."""
        return self._why(i)


class Ranker:
    """The ranking matrices of `papers` (in `SearchIndex.papers` order: score arrays index the same way)."""

    def __init__(self, papers: Sequence[Paper], matrices: Matrices, digest: str = "") -> None:
        self.papers: Sequence[Paper] = tuple(papers)  # as they were: the library's list grows with an import
        self.matrices = matrices
        self.digest = digest

    @property
    def size(self) -> int:
        """How many papers the scores cover (the papers it was built over)."""
        return len(self.papers)

    @classmethod
    def load_or_build(
        cls,
        folder: Path | None,
        digest: str,
        papers: Sequence[Paper],
        *,
        progress: Callable[[float], None] | None = None,
        should_stop: Callable[[], bool] = lambda: False,
        save: bool = True,
    ) -> Ranker:
        """The ranker of `papers`: loaded from `folder` when its matrices for `digest` are there and sound,
        else built (and saved there when `save`). `folder=None`: built in memory only. Raises `Cancelled`
        when `should_stop()` says so before the build ends."""
        from tui.core.ranking import store

        report = progress or (lambda _: None)
        if folder is not None:
            found = store.load(folder, digest, len(papers))
            if found is not None:
                report(1.0)
                return cls(papers, found, digest)
        matrices = None
        if len(papers) >= WORKER_FROM:
            from tui.core.ranking.worker import build_elsewhere

            target = folder if folder is not None and save else None
            try:
                matrices = build_elsewhere(papers, target, digest, report, should_stop)
                if matrices is None and target is not None:
                    matrices = store.load(target, digest, len(papers))
            except (RuntimeError, OSError):
                matrices = None  # the worker could not start or died: build here
        if matrices is None:
            from tui.core.ranking.build import build

            texts = _texts(papers, should_stop)
            report(0.1)
            matrices = build(texts, lambda share: report(0.1 + 0.8 * share))
            if folder is not None and save:
                try:
                    store.save(folder, digest, matrices)
                except OSError:
                    pass  # derived data: the next start builds it again
        report(1.0)
        return cls(papers, matrices, digest)

    # -- for me ----------------------------------------------------------------------------

    def for_me(self, labels: Labels) -> ForMe:
        """Every paper scored by what the reader rated and follows (see `ForMe`): the sum of its cosines (in LSA
        space) to the positives, plus `FOLLOW_WEIGHT` times those to papers by followed authors (weak positives,
        issue 44), less `NEGATIVE_WEIGHT` times those to the negatives; over the positives' total weight.

        A linear model (Rocchio's): its weight vector is the positives' LSA vectors summed, the
        negatives' subtracted. Measured against a logistic regression on the same features and a
        LinearSVC on the TF-IDF (both with balanced classes, the rest of the library as weak negatives,
        as arxiv-sanity-lite) and against nearest-positive cosine: all within 0.02 nDCG@20 of each other
        (benchmarks/ranking.md), and this one needs no solver (scikit-learn stays out of the app; a
        re-rank is one product) and provably lifts what a new rating is near: rating p adds cos(x, p)
        to every paper x (or 1 − FOLLOW_WEIGHT times it, when p was a followed author's), and no x gains
        more than p's nearest neighbour, so nothing overtakes it. Follows alone are a cold start: three
        followed people give a learned order before the first rating.
        """
        positives = sorted(labels.positives)
        follows = sorted(labels.follows - labels.positives - labels.negatives)
        if not positives and not follows:
            return ForMe(np.zeros(self.size, dtype=np.float32), NEEDS_POSITIVES, "none")
        negatives = sorted(labels.negatives - labels.positives)
        docs = self.matrices.docs
        liked = positives + follows
        weight_of = np.array([1.0] * len(positives) + [FOLLOW_WEIGHT] * len(follows))
        liked_docs = docs[liked]
        weights = (liked_docs.astype(np.float64) * weight_of[:, None]).sum(axis=0)
        if negatives:
            weights -= NEGATIVE_WEIGHT * docs[negatives].astype(np.float64).sum(axis=0)
        # One matrix-vector product: a matrix-matrix one (papers x positives) made OpenBLAS's threads take ~50 MiB
        # of buffers at 50,000 papers, for good.
        scores = docs @ (weights / float(weight_of.sum())).astype(np.float32)
        mode = "like-this" if len(positives) == 1 and not follows else "learned"
        words: list[dict[int, float]] = []  # the liked papers' TF-IDF, weighed, summed: read once, when a why needs it

        def liked_words() -> dict[int, float]:
            if not words:
                summed: dict[int, float] = {}
                for j, w in zip(liked, weight_of.tolist(), strict=True):
                    for t, v in self._tfidf(j).items():
                        summed[t] = summed.get(t, 0.0) + w * v
                words.append(summed)
            return words[0]

        def why(i: int) -> str:
            if i in labels.positives:
                return LIKED
            if i in labels.follows:
                name = labels.followed_by.get(i, "")
                return f"by {name} (followed)" if name else FOLLOWED
            closeness = liked_docs @ docs[i]
            nearest = int(np.argmax(closeness * weight_of))  # the liked paper that adds most to the score
            if float(closeness[nearest]) < WHY_CLOSE:
                shared = self._shared_words(i, liked_words())
                if shared:
                    return f"words: {', '.join(shared)}"
            return f"like: {self._short_title(liked[nearest])}"

        return ForMe(np.asarray(scores, dtype=np.float32), None, mode, why)

    def _tfidf(self, i: int) -> dict[int, float]:
        """Paper i's TF-IDF (unit length) as term id -> weight, from its text as the build read it."""
        ids, weights = self._query(paper_text(self.papers[i]))
        return dict(zip(ids.tolist(), weights.tolist(), strict=True))

    def _shared_words(self, i: int, liked: Mapping[int, float]) -> list[str]:
        """The terms paper i shares with the liked papers that weigh most in their TF-IDF cosine, at most `WHY_WORDS`
        (a term sharing a word with one named already is skipped: not "federated" and "federated learning")."""
        mine = self._tfidf(i)
        shared = sorted(((w * liked[t], t) for t, w in mine.items() if liked.get(t, 0.0) > 0), key=lambda wt: (-wt[0], wt[1]))
        said: list[str] = []
        seen: set[str] = set()
        for _, t in shared:
            term = bytes(self.matrices.terms[t]).decode("utf-8", "replace")
            if seen.intersection(term.split()):
                continue
            said.append(term)
            seen.update(term.split())
            if len(said) == WHY_WORDS:
                break
        return said

    def _short_title(self, i: int) -> str:
        paper = self.papers[i]
        title = " ".join((paper.title or paper.derived_title or paper.id).split())
        return title if len(title) <= WHY_TITLE else title[: WHY_TITLE - 1] + "…"

    # -- about -----------------------------------------------------------------------------

    def _query(self, text: str) -> tuple[np.ndarray, np.ndarray]:
        """The query's term ids and their TF-IDF weights (unit length), as the papers were weighed."""
        terms = self.matrices.terms
        asked: dict[bytes, int] = {}
        for term in analyze(fold(text)):
            asked[term.encode()] = asked.get(term.encode(), 0) + 1
        # In the terms' own width (a longer word is no term): searchsorted would otherwise cast, so read, every term.
        width = terms.dtype.itemsize
        fit = [term for term in asked if len(term) <= width]
        wanted = np.array(fit, dtype=terms.dtype) if fit else np.zeros(0, terms.dtype)
        at = np.minimum(np.searchsorted(terms, wanted), max(len(terms) - 1, 0))
        known = terms[at] == wanted if len(terms) else np.zeros(len(wanted), dtype=bool)
        ids, order = np.unique(at[known], return_index=True)
        counts = np.array([asked[term] for term in fit], dtype=np.float32)[known][order]
        weights = (1 + np.log(counts)) * self.matrices.idf[ids]
        norm = float(np.linalg.norm(weights))
        return ids, (weights / norm if norm else weights).astype(np.float32)

    def about(self, text: str) -> np.ndarray:
        """Each paper's closeness in meaning to `text` (float32; 0 for a query of unknown words)."""
        ids, weights = self._query(text)
        scores = np.zeros(self.size, dtype=np.float32)
        if not len(ids):
            return scores
        m = self.matrices
        vector = weights @ rows_of(m.term_vectors, ids).astype(np.float32)
        norm = float(np.linalg.norm(vector))
        if norm:
            scores += np.float32(MEANING_SHARE) * (m.docs @ (vector / norm)).astype(np.float32)
        lexical = np.zeros(self.size, dtype=np.float32)
        for t, w in zip(ids.tolist(), weights.tolist(), strict=True):
            lo, hi = int(m.indptr[t]), int(m.indptr[t + 1])
            lexical[span_of(m.indices, lo, hi)] += w * span_of(m.data, lo, hi)
        scores += np.float32(1 - MEANING_SHARE) * lexical
        return scores

    def about_cutoff(self, scores: np.ndarray) -> np.ndarray:
        """Which papers match an `about:` term: those scoring at least `ABOUT_FRACTION` of the best and at least
        `ABOUT_FLOOR`.

        Relative to the best because a score's scale depends on the query (a title's own abstract scores
        ~0.8, a two-word topic's best paper ~0.4): half the best keeps a topic's dozen papers in a
        conference and a title's one or two (benchmarks/ranking.md); the floor keeps a query of words
        the library hardly uses from matching its noise.
        """
        best = float(scores.max()) if len(scores) else 0.0
        return np.asarray(scores >= max(ABOUT_FRACTION * best, ABOUT_FLOOR))

    # -- related ---------------------------------------------------------------------------

    def related(self, i: int, bm25: Mapping[int, float] | np.ndarray | None, labels: Labels | None) -> np.ndarray:
        """Papers related to paper i, fused: BM25 (`RelatedIndex`'s scores, by position), meaning, and the
        reader's "for me" when they rated something; each part scaled to its best. Paper i itself scores 0."""
        lexical = np.zeros(self.size, dtype=np.float32)
        if isinstance(bm25, np.ndarray):
            lexical[:] = bm25
        elif bm25:
            for j, score in bm25.items():
                lexical[j] = score
        meaning = np.asarray(self.matrices.docs @ self.matrices.docs[i], dtype=np.float32)
        fused = RELATED_BM25 * _scaled(lexical) + RELATED_MEANING * _scaled(meaning)
        if labels is not None and labels.positives:
            fused += RELATED_FOR_ME * _scaled(self.for_me(labels).scores)
        fused = fused.astype(np.float32)
        fused[i] = 0
        return fused

    def reorder(self, i: int, similar: Sequence[Similar], labels: Labels | None = None) -> list[Similar]:
        """`RelatedIndex.similar`'s answer for paper i, re-ordered by `related` (ties keep their order)."""
        position = {paper.id: j for j, paper in enumerate(self.papers)}
        bm25 = {position[s.paper.id]: s.score for s in similar if s.paper.id in position}
        fused = self.related(i, bm25, labels)
        order = sorted(range(len(similar)), key=lambda k: (-float(fused[position.get(similar[k].paper.id, i)]), k))
        return [similar[k] for k in order]


def _scaled(scores: np.ndarray) -> np.ndarray:
    """`scores` divided by their best (all 0 when none is above 0)."""
    best = float(scores.max()) if len(scores) else 0.0
    return scores / best if best > 0 else np.zeros_like(scores)


def _texts(papers: Sequence[Paper], should_stop: Callable[[], bool]) -> list[str]:
    """Every paper's text (`text.paper_text`), asking `should_stop` now and then: shelved abstracts are read from disk."""
    texts = []
    for n, paper in enumerate(papers):
        if n % 1000 == 0 and should_stop():
            raise Cancelled
        texts.append(paper_text(paper))
    return texts
