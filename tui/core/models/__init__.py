"""The small value types the rest of paperdesk passes around: papers and annotations.

One module per idea (`text`, `ids`, `stamps`, `paper`, `annotation`, `citekeys`, `marks`); every public
name is importable from here, which is where the rest of paperdesk imports it from.
"""

from __future__ import annotations

from tui.core.models.annotation import DATED_FIELDS, EDITABLE_FIELDS, Annotation, Highlight, Status, highlights_from, shown_title, source_tags
from tui.core.models.citekeys import id_as_key, valid_key
from tui.core.models.ids import abstract_basis, paper_id, variant_id
from tui.core.models.marks import VOTE, MemberMark
from tui.core.models.paper import OPTIONAL_PAPER_FIELDS, Paper, Shelf
from tui.core.models.stamps import day, utc_now
from tui.core.models.text import BOILERPLATE_ABSTRACTS, SPECIFIC_WORDS, is_specific_abstract, normalize_space

__all__ = [
    "BOILERPLATE_ABSTRACTS",
    "DATED_FIELDS",
    "EDITABLE_FIELDS",
    "OPTIONAL_PAPER_FIELDS",
    "SPECIFIC_WORDS",
    "VOTE",
    "Annotation",
    "Highlight",
    "MemberMark",
    "Paper",
    "Shelf",
    "Status",
    "abstract_basis",
    "day",
    "highlights_from",
    "id_as_key",
    "is_specific_abstract",
    "normalize_space",
    "paper_id",
    "shown_title",
    "source_tags",
    "utc_now",
    "valid_key",
    "variant_id",
]
