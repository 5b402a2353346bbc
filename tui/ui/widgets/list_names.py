"""Short labels for the list-name column: what tells the library's lists apart, in terminal cells.

Lists of one conference share most of their name ("ICML 2025 Papers", "ICML
2025 论文列表"): cutting every name at the end would make them look alike, so
the labels drop the words all names share before cutting anything. Widths are
counted in cells (a CJK character takes two), and a cut never splits one.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len

ELLIPSIS = "…"


def fit_cells(text: str, width: int) -> str:
    """`text` in at most `width` cells: cut at the end with "…", never through a wide character."""
    if cell_len(text) <= width:
        return text
    if width <= 0:
        return ""
    out, used = [], 0
    for char in text:
        size = cell_len(char)
        if used + size > width - 1:
            break
        out.append(char)
        used += size
    return "".join(out).rstrip().rstrip(ELLIPSIS) + ELLIPSIS


def _shared(names: list[list[str]], from_end: bool) -> int:
    """How many words every name shares at its start (or end)."""
    count = 0
    shortest = min(len(words) for words in names)
    while count < shortest - 1:  # leave every name at least one word of its own
        at = -1 - count if from_end else count
        if len({words[at] for words in names}) != 1:
            break
        count += 1
    return count


def _candidates(name: str, head: int, tail: int) -> list[str]:
    """The ways to write `name`, longest first, when `head` words start and `tail` words end every name."""
    words = name.split()
    middle = " ".join(words[head : len(words) - tail])
    if not middle or not (head or tail):
        return [name]
    before = ELLIPSIS if head else ""
    after = ELLIPSIS if tail else ""
    found = [name]
    if head > 1 or (head and tail):
        found.append(f"{words[0]}{ELLIPSIS}{middle}{after}")  # keep the first word: "ICML…Papers"
    found.append(f"{before}{middle}{after}")  # only what differs: "…Papers"
    return found


def list_labels(names: Iterable[str], width: int) -> dict[str, str]:
    """A label of at most `width` cells for each list name, as long as lets its group fit.

    Names are grouped by their first word (one conference's lists); every
    name of a group gets its label in the same style (all full, all "ICML…X",
    or all "…X"), the longest style in which all fit; what still does not
    fit is cut at the end.
    """
    groups: dict[str, list[str]] = {}
    for name in sorted(set(names)):
        groups.setdefault(name.split(" ", 1)[0], []).append(name)
    labels: dict[str, str] = {}
    for group in groups.values():
        labels.update(_group_labels(group, width))
    return labels


def _group_labels(unique: list[str], width: int) -> dict[str, str]:
    split = [n.split() or [n] for n in unique]
    head = _shared(split, from_end=False) if len(unique) > 1 else 0
    tail = _shared([w[head:] for w in split], from_end=True) if len(unique) > 1 else 0
    options = {name: _candidates(name, head, tail) for name in unique}
    for style in range(max(len(o) for o in options.values())):
        chosen = {name: o[min(style, len(o) - 1)] for name, o in options.items()}
        if all(cell_len(label) <= width for label in chosen.values()):
            return chosen
    return {name: fit_cells(o[-1], width) for name, o in options.items()}
