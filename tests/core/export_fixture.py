"""A fixed small library for the export golden files: papers and annotations with fixed dates."""

from __future__ import annotations

from tui.core.export.markdown import Entry
from tui.core.models import Annotation, Paper, Status

NOW = "2026-11-30T12:00:00+00:00"

ABSTRACT_MATH = (
    "We bound the $\\alpha$-divergence $D_\\alpha(P\\|Q)$ for $x \\in \\mathbb{R}^d$,\n"
    "improving on prior work by a factor of $O(\\sqrt{n})$.\n"
    "\n"
    "Code: https://github.com/example/alpha_div"
)

NOTES_MARKDOWN = (
    "# My take\n"
    "\n"
    "- *strong* result, but see [appendix](#a)\n"
    "- check `eq. (3)`: $\\int_0^1 f$\n"
    "\n"
    "---\n"
    "\n"
    "```python\n"
    "print('kept as is')\n"
    "```\n"
    "  indented line\x1b[31m (an escape was here)\n"
)


def fixed_entries() -> list[Entry]:
    """Three papers: math + Markdown notes, a renamed title full of specials, a data title with authors."""
    math = Paper("a1b2c3d4e5f6", ABSTRACT_MATH, "ICML 2025 Papers", seq=0, derived_title="Alpha-divergence bounds")
    odd = Paper("0123456789ab", "短い要旨。A second paper: with a colon.", "ICML 2025 论文列表", seq=1, derived_title="Short")
    plain = Paper(
        "ffffeeeedddd",
        "A plain abstract.",
        "Reading group",
        seq=2,
        title="Attention Is All You Need",
        authors=("A. Vaswani", "N. Shazeer"),
        year="2017",
    )
    return [
        Entry(
            math,
            Annotation(
                math.id,
                notes=NOTES_MARKDOWN,
                rating=4,
                status=Status.READING,
                tags=("theory", "f-divergence"),
                created="2026-11-01T09:00:00+00:00",
                updated="2026-11-02T10:00:00+00:00",
                opened="2026-11-01T09:00:00+00:00",
                started="2026-11-01T09:05:00+00:00",
            ),
        ),
        Entry(
            odd,
            Annotation(
                odd.id,
                notes="  leading spaces kept\n---\ntitle: \"not front matter\"\n",
                rating=2,
                status=Status.TO_READ,
                tags=("#hash", "key: value"),
                title='---: "Quoted" # not a comment 🎉 中文',
                created="2026-11-03T08:00:00+00:00",
                updated="2026-11-03T08:30:00+00:00",
            ),
        ),
        Entry(
            plain,
            Annotation(
                plain.id,
                status=Status.READ,
                created="2026-11-04T08:00:00+00:00",
                updated="2026-11-05T08:00:00+00:00",
                finished="2026-11-05T08:00:00+00:00",
            ),
        ),
    ]
