"""The README's key table and the help screen (the actions registry) name the same keys."""

from __future__ import annotations

import re
from pathlib import Path

from tui.ui.actions import AREAS, in_area

README = Path(__file__).resolve().parents[2] / "README.md"

#: How the README writes a key -> Textual's key name (as the registry binds it).
_NAMES = {
    "?": "question_mark", "%": "percent_sign", "/": "slash", "[": "left_square_bracket", "]": "right_square_bracket",
    "↑": "up", "↓": "down", "shift+↓": "shift+down", "shift+↑": "shift+up", "shift+→": "shift+right", "shift+←": "shift+left",
    "pgup": "pageup", "pgdn": "pagedown", "esc": "escape",
}


def _key(written: str) -> str:
    if len(written) == 1 and written.isalpha():
        return written  # `g` and `G` are different keys
    folded = written.casefold()
    return _NAMES.get(folded, folded)


def readme_keys() -> set[str]:
    """Every key in the first column of the README's main key table (under "## Keys")."""
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Keys", 1)[1].split("\n## ", 1)[0]
    keys: set[str] = set()
    for line in section.splitlines():
        if not line.startswith("| `"):
            continue
        first = line.split("|")[1]
        for low, high in re.findall(r"`(\d)`–`(\d)`", first):
            keys.update(str(n) for n in range(int(low), int(high) + 1))
        keys.update(_key(k) for k in re.findall(r"`([^`]+)`", first))
    return keys


def help_keys() -> set[str]:
    """Every default key the help screen lists, in any area."""
    return {key for area in AREAS for action in in_area(area) for key in action.keys.split(",")}


def test_readme_key_table_matches_the_help_screen() -> None:
    readme, shown = readme_keys(), help_keys()
    assert {"question_mark", "ctrl+p", "f7", "ctrl+z", "escape", "1", "5", "G"} <= readme  # the parser reads the table
    assert sorted(shown - readme) == [], "keys in help but not in the README's key table"
    assert sorted(readme - shown) == [], "keys in the README's key table but not in help"
