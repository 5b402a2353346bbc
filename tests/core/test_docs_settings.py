"""docs/settings.md's table names every setting the settings file takes, and only those, with defaults the program has.

The program's side is the settings record (`Settings`: one attribute per top-level key, `keys` for the
`[keys]` table) and the reader of the file (`load_settings`), which warns about a key it does not know.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tui.core.config import Settings, load_settings

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

PAGE = Path(__file__).resolve().parents[2] / "docs" / "settings.md"


def documented() -> dict[str, str]:
    """The settings table's rows: setting -> its default cell (`keys` for the `[keys]` row)."""
    rows: dict[str, str] = {}
    in_table = False
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        if re.match(r"\|\s*setting\s*\|", line):
            in_table = True
        elif in_table and line.startswith("| `"):
            cells = [cell.strip() for cell in line.split("|")[1:-1]]
            name = re.fullmatch(r"`\[?(\w+)\]?`", cells[0])
            assert name, f"docs/settings.md: a setting's name is one `code` span, not {cells[0]!r}"
            rows[name[1]] = cells[1]
        elif in_table and not line.startswith("|"):
            break
    return rows


def program_settings() -> set[str]:
    """Every setting the program keeps: the attributes of its settings record."""
    return set(vars(Settings()))


def test_the_settings_table_names_every_setting_and_no_other() -> None:
    docs, program = set(documented()), program_settings()
    assert {"library", "theme", "keys", "group_column"} <= docs  # the parser reads the table
    assert sorted(program - docs) == [], "settings the program reads but docs/settings.md's table lacks"
    assert sorted(docs - program) == [], "settings in docs/settings.md's table that the program does not have"


def _toml_default(cell: str) -> str | None:
    """A default cell written as one TOML value in code (`"apa"`, `1.0`, `["group"]`); None for words."""
    value = re.fullmatch(r"`([^`]+)`", cell)
    return value[1] if value else None


def test_a_default_said_in_words_is_one_the_program_leaves_unset() -> None:
    """"the user data folder", "unset (off)": only a setting whose default is no value at all is described so."""
    in_words = {name for name, cell in documented().items() if _toml_default(cell) is None} - {"keys"}
    assert in_words == {name for name, value in vars(Settings()).items() if value is None}


@pytest.mark.parametrize("name", sorted(name for name, cell in documented().items() if _toml_default(cell) is not None))
def test_each_documented_default_is_one_the_program_takes(name: str, tmp_path: Path) -> None:
    """A default in code loads without a warning and, where the program's own default is not empty, is that default."""
    value = _toml_default(documented()[name])
    assert value is not None
    config = tmp_path / "config.toml"
    config.write_text(f"{name} = {value}\n", encoding="utf-8")
    settings, warnings = load_settings(config)
    assert warnings == []
    default = getattr(Settings(), name)
    if default not in ("", None):
        assert getattr(settings, name) == default, f"docs/settings.md gives {name} the default {value}, the program {default!r}"


def test_the_example_file_loads_without_a_warning(tmp_path: Path) -> None:
    """The page's example config.toml is one the program reads as it stands, every key known."""
    example = re.search(r"```toml\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert example, "docs/settings.md has an example config.toml"
    tomllib.loads(example[1])  # valid TOML
    config = tmp_path / "config.toml"
    config.write_text(example[1], encoding="utf-8")
    settings, warnings = load_settings(config)
    assert warnings == []
    assert settings.keys == {"rate_5": "f5", "toggle_layout": "ctrl+l"}
