"""Synthetic paper lists built from the bundled abstracts' sentences, for benchmarks."""

from __future__ import annotations

import random
import re
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"


def seed_sentences() -> list[str]:
    """Every sentence of the bundled abstracts."""
    sentences: list[str] = []
    for path in sorted(DATA.glob("*.txt")):
        paragraphs = [p.strip() for p in path.read_text(encoding="utf-8").split("\n\n") if p.strip()]
        for abstract in paragraphs[1:]:
            sentences.extend(s for s in re.split(r"(?<=[.!?])\s+", abstract) if s)
    return sentences


def synthetic_abstracts(n: int, seed: int = 0) -> list[str]:
    """`n` distinct abstracts of 5–9 seed sentences each, reproducible for a given seed."""
    rng = random.Random(seed)
    sentences = seed_sentences()
    return [f"{' '.join(rng.choices(sentences, k=rng.randint(5, 9)))} (#{i})" for i in range(n)]


def write_list(path: Path, n: int, name: str = "Synthetic", seed: int = 0) -> Path:
    """A plain-text list file of `n` synthetic abstracts."""
    path.write_text(name + "\n\n" + "\n\n".join(synthetic_abstracts(n, seed)) + "\n", encoding="utf-8")
    return path
