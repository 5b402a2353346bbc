"""Stable paper ids: a hash of what names a paper (its abstract, else its title)."""

from __future__ import annotations

from tui.core.models.text import SPECIFIC_WORDS, normalize_space


def abstract_basis(abstract: str) -> tuple[str, bool]:
    """(the abstract as ids are made from it: spacing normalized, whether it is specific enough to name a paper)."""
    basis = normalize_space(abstract)
    # `is_specific_abstract`, for text whose words are one space apart: counting them allocates nothing,
    # and the first 200 characters almost always hold enough (an import counts every abstract it reads).
    return basis, basis.count(" ", 0, 200) >= SPECIFIC_WORDS - 1 or basis.count(" ") >= SPECIFIC_WORDS - 1


def paper_id(abstract: str, title: str = "", basis: tuple[str, bool] | None = None) -> str:
    """A short stable id: twelve hex digits of SHA-1 over what names the paper.

    A long, specific abstract is the basis (whitespace-normalized, so a list
    imported twice, re-wrapped or with CRLF line ends maps onto the papers
    already stored) — the rule every library written before issue 13 used, so
    stored ids and the annotations keyed on them stay valid. A paper whose
    abstract is boilerplate or very short is keyed by its case-folded title;
    with neither, by whatever abstract text there is. `basis` is the
    abstract's `abstract_basis`, when the caller has it already.
    """
    import hashlib  # loaded on first use: importing the models (`paperdesk --version`, every command) does not load OpenSSL

    text, specific = basis or abstract_basis(abstract)
    if not specific and normalize_space(title):
        text = "title:" + normalize_space(title).casefold()
    elif not text:
        text = "title:"
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def variant_id(pid: str, salt: str) -> str:
    """Another stable id for a paper whose natural id is taken by a different paper."""
    import hashlib

    return hashlib.sha1(f"{pid}|{salt}".encode()).hexdigest()[:12]
