"""Deriving a short display title from an abstract (placeholder until the full version lands)."""


def derive_title(abstract: str, max_len: int = 60) -> str:
    """The first words of the abstract, cut at a word boundary."""
    words = " ".join(abstract.split())
    if not words:
        return "(untitled)"
    if len(words) <= max_len:
        return words
    return words[: max_len - 1].rsplit(" ", 1)[0] + "…"
