"""Ranking by the reader and by meaning (issue 43): "for me", `about:` and related papers fused with meaning.

What lives where, and why:

- `labels.py`: the reader's ratings, skips and tags as index sets (`Labels`, `labels_of`). Pure, cheap.
- `text.py`: the text read per paper and its split into terms, the same at build and at query time, without scikit-learn.
- `build.py`: TF-IDF and LSA (truncated SVD) of every paper: the only scikit-learn user, run in a worker
  process for a large library so the app keeps only the float32 matrices.
- `store.py`: the matrices beside the library, named by the papers' digest; stale or damaged means rebuilt.
- `engine.py`: `Ranker` (load_or_build, for_me, about, about_cutoff, related, reorder) and `ForMe`.

Nothing heavy is imported here: the app imports this package at start-up without numpy's
linear algebra being exercised and without scikit-learn (`sklearn` is imported only by `build.build`).
"""
