"""Turning loosely typed field values from imported files into Paper fields, with clear complaints."""

from __future__ import annotations

import re
from typing import Any

from tui.core.models import normalize_space


class BadField(ValueError):
    """A field of one entry has a value paperdesk cannot use; the entry is skipped."""


_KIND = {str: "text", dict: "an object", list: "a list", bool: "true/false", int: "a number", float: "a number", type(None): "null"}


def kind_of(value: Any) -> str:
    """How a value reads to a user: "a number", "a list", …"""
    return _KIND.get(type(value), type(value).__name__)


def text_field(name: str, value: Any) -> str:
    """A text field; None counts as missing, anything but a string is refused."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise BadField(f"{name} is {kind_of(value)}, not text")
    return value.strip()


def year_field(value: Any) -> str:
    """A year as text: 2024, "2024" and 2024.0 are all fine."""
    if value is None or value == "":
        return ""
    if isinstance(value, bool):
        raise BadField(f"year is {kind_of(value)}, not a year")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, (int, str)):
        return normalize_space(str(value))
    raise BadField(f"year is {kind_of(value)}, not a year")


_AND = re.compile(r"\s+and\s+")
_DOI_URL = re.compile(r"^(https?://)?(dx\.)?doi\.org/", re.I)
_DOI_LABEL = re.compile(r"^doi:\s*", re.I)


def split_names(text: str) -> list[str]:
    """Names in one string, separated by semicolons, commas, or " and "."""
    if ";" in text:
        parts = text.split(";")
    elif "," in text:
        parts = text.split(",")
    else:
        parts = _AND.split(text)
    return [normalize_space(p) for p in parts if p.strip()]


def names_field(name: str, value: Any, known: dict[str, str] | None = None) -> tuple[str, ...]:
    """Authors or tags: a list of strings (or of {"name": …} objects), or one separated string.

    `known` maps names already seen (as written) to their cleaned form, and
    learns the new ones: a file's authors repeat, and each is then cleaned
    once and held once.
    """
    if value is None:
        return ()
    if isinstance(value, str):
        names = split_names(value)
        return tuple([known.setdefault(n, n) for n in names] if known is not None else names)
    if isinstance(value, list):
        out = []
        for item in value:
            if known is not None and item.__class__ is str and (seen := known.get(item)):
                out.append(seen)
                continue
            raw = item
            if isinstance(item, dict) and isinstance(item.get("name"), str):
                item = item["name"]
            if not isinstance(item, str):
                raise BadField(f"{name} holds {kind_of(item)}, not text")
            if item.strip():
                clean = normalize_space(item)
                if known is not None:
                    clean = known.setdefault(clean, clean)
                    if raw.__class__ is str:
                        known[raw] = clean
                out.append(clean)
        return tuple(out)
    raise BadField(f"{name} is {kind_of(value)}, not a list or text")


def clean_doi(doi: str) -> str:
    """A bare DOI (10.x/…) from the forms people paste."""
    d = doi.strip()
    d = _DOI_URL.sub("", d)
    return _DOI_LABEL.sub("", d)
