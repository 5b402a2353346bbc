"""Synthetic libraries for the benchmarks: papers recombined from the bundled abstracts' sentences.

Each paper is 5-9 seed sentences in random order plus a made-up method name
("We call it KORVAX."), so the vocabulary grows with the corpus the way real
acronyms make it grow. Generating 100,000 papers takes about a second.
"""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

from tui.core.ingest.lists import read_list_file
from tui.core.models import Annotation, Paper, Status, paper_id
from tui.core.paths import bundled_lists

LIST_NAMES = ("ICML 2025 Papers", "NeurIPS 2024", "ICLR 2025 Orals", "Reading group", "ACL 2024 Findings")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def seed_sentences() -> list[str]:
    """Every sentence of the bundled lists' abstracts."""
    sentences: list[str] = []
    for path in bundled_lists():
        for abstract in read_list_file(path).abstracts:
            sentences.extend(s for s in _SENTENCE.split(abstract) if len(s) > 20)
    return sentences


def abstracts(n: int, seed: int = 7) -> list[str]:
    """`n` distinct synthetic abstracts."""
    rng = random.Random(seed)
    sentences = seed_sentences()
    letters = string.ascii_uppercase
    out = []
    for i in range(n):
        name = "".join(rng.choice(letters) for _ in range(rng.randint(4, 7)))
        picked = rng.sample(sentences, rng.randint(5, 9))
        picked.insert(rng.randint(1, len(picked)), f"We call our method {name} ({i}).")
        out.append(" ".join(picked))
    return out


_METHOD = re.compile(r"We call our method (\w+)")


def quick_title(abstract: str) -> str:
    """The made-up method's name and the first words: derive_title's shape at a fraction of its
    cost, so building 100,000 papers does not dominate the benchmarks that need them."""
    match = _METHOD.search(abstract)
    return f"{match.group(1) if match else 'Paper'}: {' '.join(abstract.split()[:6])}"


def papers(n: int, seed: int = 7) -> list[Paper]:
    """`n` papers in memory (no library on disk), spread over a few lists and years."""
    rng = random.Random(seed)
    result = []
    for i, abstract in enumerate(abstracts(n, seed)):
        result.append(
            Paper(
                paper_id(abstract),
                abstract,
                rng.choice(LIST_NAMES),
                seq=i,
                derived_title=quick_title(abstract),
                year=str(rng.randint(2015, 2025)),
            )
        )
    return result


def annotations(papers: list[Paper], share: float = 0.05, seed: int = 7) -> dict[str, Annotation]:
    """Annotations on a share of the papers: status, rating, a note now and then."""
    rng = random.Random(seed)
    result = {}
    for paper in rng.sample(papers, int(len(papers) * share)):
        result[paper.id] = Annotation(
            paper.id,
            notes=rng.choice(["", "", "check the proofs", "baseline for our graph work", "reread section 3"]),
            rating=rng.randint(0, 5),
            status=rng.choice(list(Status)),
            updated=f"2026-01-{rng.randint(1, 28):02d}T10:00:00+00:00",
        )
    return result


def write_list(path: Path, n: int, name: str = "Synthetic", seed: int = 7) -> Path:
    """A plain-text list file of `n` synthetic abstracts (for import and start-up benchmarks)."""
    path.write_text(name + "\n\n" + "\n\n".join(abstracts(n, seed)) + "\n", encoding="utf-8")
    return path
