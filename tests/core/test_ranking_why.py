"""The one line of why beside "for me" (issue 43): a liked paper's title when it is close, else the words that weighed most."""

from __future__ import annotations

from tui.core.models import Paper
from tui.core.ranking.engine import LIKED, WHY_CLOSE, WHY_WORDS, Ranker
from tui.core.ranking.labels import Labels

LIKED_TEXT = "Differential privacy for federated learning: clipping the gradient updates of clients in federated learning."
TEXTS = [
    LIKED_TEXT,
    # Far from the liked paper overall (a different topic), but sharing three of its words, one of them rare here.
    "Federated learning of robotic grasping policies with privacy. Robotic grasping policies for warehouses use cameras, depth"
    " sensors and robots; grasping policies transfer across warehouses, cameras and robots. Robots grasp boxes; cameras see"
    " boxes; depth sensors see robots in warehouses.",
    "Robotic grasping policies for warehouses with robots and cameras.",
    "Robots and cameras in warehouses: grasping policies learning from demonstration.",
    "Convex optimization lower bounds for stochastic gradient oracles.",
    "Spectral graph theory of expanders and random walks on graphs.",
]


def ranker_of(texts: list[str]) -> Ranker:
    return Ranker.load_or_build(None, "d", [Paper(id=f"p{i}", abstract=t, list="l", title=f"Paper {i}") for i, t in enumerate(texts)])


def cosine(ranker: Ranker, i: int, j: int) -> float:
    return float(ranker.matrices.docs[i] @ ranker.matrices.docs[j])


def test_a_paper_far_from_every_liked_one_says_the_shared_words_that_weighed_most() -> None:
    ranker = ranker_of(TEXTS)
    assert cosine(ranker, 0, 1) < WHY_CLOSE
    why = ranker.for_me(Labels(frozenset({0}), frozenset())).why(1)
    assert why.startswith("words: ")
    words = why.removeprefix("words: ").split(", ")
    # Only terms both papers use, none repeating a word named ("federated learning"), heaviest first by tf-idf in both:
    # "federated" (twice in the liked paper, in 2 of 6 papers) > "learning" (twice, but in 3) > "privacy" (once, in 2).
    assert WHY_WORDS == 3 and words == ["federated", "learning", "privacy"]


def test_a_close_liked_paper_is_named_by_its_title() -> None:
    texts = [*TEXTS, LIKED_TEXT + " Revised."]
    ranker = ranker_of(texts)
    assert cosine(ranker, 0, 6) >= WHY_CLOSE
    found = ranker.for_me(Labels(frozenset({0}), frozenset()))
    assert found.why(6) == "like: Paper 0"
    assert found.why(0) == LIKED


def test_nothing_shared_falls_back_to_the_nearest_liked_title() -> None:
    ranker = ranker_of(TEXTS)
    found = ranker.for_me(Labels(frozenset({0}), frozenset()))
    assert found.why(5) == "like: Paper 0"  # the graph paper shares no word with the liked one


def test_words_are_plain_text_and_the_same_each_time() -> None:
    texts = [*TEXTS]
    texts[1] = texts[1].replace("Federated learning", "[bold]Federated[/bold] learning").replace("privacy.", "[red privacy.")
    ranker = ranker_of(texts)
    labels = Labels(frozenset({0}), frozenset())
    why = ranker.for_me(labels).why(1)
    assert "[" not in why and "\n" not in why and why.startswith("words: ")
    assert ranker_of(texts).for_me(labels).why(1) == why
