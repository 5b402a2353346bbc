"""What papers.json says it was written to ({"titles": 2}): one small table beside the papers, for migrations."""

from __future__ import annotations

from typing import Any

FORMATS_TABLE = "formats"
TITLES = "titles"
#: The version of the title rules of `ingest.titles` (raise it when they change; 3: math rendered as the
#: reading pane shows it, not dropped). Kept here, not with
#: `core.migrations`' steps: every open reads it, and only a library behind it needs the steps.
TITLE_RULE = 3
CITEKEYS = "citekeys"
#: 1: every paper holds a citation key (`Paper.citekey`); a library written before keys gets them once.
CITEKEY_RULE = 1
#: What a papers file written today records: `core.migrations` brings one that records less up to date.
CURRENT = {TITLES: TITLE_RULE, CITEKEYS: CITEKEY_RULE}


def outdated(formats: dict[str, int]) -> bool:
    """Whether a papers file recording `formats` was written by older rules than today's (`core.migrations`)."""
    return any(formats.get(name, 0) < version for name, version in CURRENT.items())


def read_formats(data: dict[str, Any]) -> dict[str, int]:
    """The format numbers a papers file records; {} for a file written before they were recorded."""
    found: object = next(iter((data.get(FORMATS_TABLE) or {}).values()), {})
    return {k: v for k, v in found.items() if isinstance(v, int)} if isinstance(found, dict) else {}


def with_formats(data: dict[str, Any], formats: dict[str, int]) -> dict[str, Any]:
    """`data` recording `formats` (unchanged when there are none)."""
    return {**data, FORMATS_TABLE: {"1": formats}} if formats else data
