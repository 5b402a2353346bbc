"""Ranking by the reader and by meaning (issue 43): "for me", `about:` and related papers fused with meaning.

What lives where, and why:

- `labels.py`: the reader's ratings, skips and tags as index sets (`Labels`, `labels_of`). Pure, cheap.
- `text.py`: the text read per paper and its split into terms, the same at build and at query time, without
  scikit-learn (so the app can turn a query into terms with numpy alone).
- `build.py`: TF-IDF and LSA (truncated SVD) of every paper (`Matrices`): the only scikit-learn user.
- `worker.py`: the build in a spawned worker process for a large library (its SVD peaks near a gigabyte); the app
  streams it the texts and keeps only what it saved.
- `store.py`: the matrices beside the library in `ranking/v<FORMAT>-<digest>/`, named by the papers' digest;
  stale or damaged means rebuilt, never an error and never a migration.
- `rows.py`: the big, sparsely read arrays (term vectors, postings) read by rows with `pread`, never mapped (a
  mapped row cost the app's memory ~1.5 MiB).
- `engine.py`: `Ranker` (load_or_build, for_me, about, about_cutoff, related, size, digest) and `ForMe`.

The contract of issue 43's brief, unchanged; added to it: `Ranker.reorder(i, similar, labels)` re-orders
`RelatedIndex.similar`'s list by `related`; `Ranker.papers` and `Ranker.matrices`.

Nothing heavy is imported here, and nothing in this package imports scikit-learn at import time: only
`build.build` does, when a ranking has to be built (tests/core/test_ranking_imports.py).
"""
