"""Abstract text as identity sees it: spacing normalized, boilerplate told from a real abstract."""

from __future__ import annotations


def normalize_space(text: str) -> str:
    """Collapse every run of whitespace to one space, so re-wrapped text hashes the same.

    Most long text (every abstract an import hashes, several times) is
    already normalized: a few substring scans say so and return it as it is,
    quicker than splitting it into words, and allocating nothing.
    """
    if (
        len(text) > 100
        and text.isascii()
        and "  " not in text
        and "\n" not in text
        and "\t" not in text
        and "\r" not in text
        and "\x0b" not in text
        and "\x0c" not in text
        and "\x1c" not in text
        and "\x1d" not in text
        and "\x1e" not in text
        and "\x1f" not in text
        and text[:1] != " "
        and text[-1:] != " "
    ):
        return text
    return " ".join(text.split())


#: Abstracts scraped exports put where there is none; they name no paper.
BOILERPLATE_ABSTRACTS = frozenset(
    {
        "", "part of", "abstract", "no abstract", "no abstract available", "abstract not available",
        "abstract unavailable", "not available", "n a", "na", "none", "null", "tba", "tbd", "to appear",
        "coming soon", "missing", "abstract missing", "no abstract provided", "abstract forthcoming",
    }
)
#: An abstract shorter than this (in words) is too generic to tell papers apart.
SPECIFIC_WORDS = 15


def is_specific_abstract(abstract: str) -> bool:
    """True when the abstract is long and specific enough to name one paper.

    Boilerplate ("Part of", "No abstract available.", "Abstract", empty) and
    very short abstracts are stored and shown but never used for identity;
    `BOILERPLATE_ABSTRACTS` names the common ones (tests check each is caught).
    """
    # Every boilerplate phrase is far shorter than SPECIFIC_WORDS words, so length alone decides.
    return len(abstract.split(None, SPECIFIC_WORDS)) > SPECIFIC_WORDS - 1
