"""File names from titles: safe on every system, never empty, never a path, unique in a folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tui.core.export.filenames import MAX_STEM_BYTES, safe_stem, unique_name

WINDOWS_FORBIDDEN = set('<>:"/\\|?*')


@pytest.mark.parametrize(
    ("title", "stem"),
    [
        ("Attention Is All You Need", "Attention Is All You Need"),
        ("WGFormer: a SE(3)-Transformer", "WGFormer - a SE(3)-Transformer"),
        ("a/b\\c", "a b c"),
        ("../../etc/passwd", "etc passwd"),
        ("..", "fallback"),
        (".hidden", "hidden"),
        ("-rf", "rf"),
        ("", "fallback"),
        ("   \t\n ", "fallback"),
        ('???***""', "fallback"),
        ("CON", "_CON"),
        ("nul", "_nul"),
        ("Com1.txt", "_Com1.txt"),
        ("LPT9", "_LPT9"),
        ("CONTROL theory", "CONTROL theory"),
        ("ends with dots...", "ends with dots"),
        ("tab\there", "tab here"),
        ("\x1b[31mred\x1b[0m", "red"),
        ("[[wiki]] #tag ^block | pipe", "wiki tag block pipe"),
        ("e\u0301te\u0301", "\u00e9t\u00e9"),  # NFC
        ("深層学習: 🎉 emoji", "深層学習 - 🎉 emoji"),
    ],
)
def test_safe_stem_cases(title: str, stem: str) -> None:
    assert safe_stem(title, fallback="fallback") == stem


def test_long_titles_are_cut_by_bytes_at_a_character_boundary() -> None:
    assert len(safe_stem("a" * 1000).encode()) == MAX_STEM_BYTES
    cjk = safe_stem("学" * 1000)
    assert len(cjk.encode()) <= MAX_STEM_BYTES and set(cjk) == {"学"}
    assert safe_stem("x" * (MAX_STEM_BYTES - 1) + " ." + "y" * 10) == "x" * (MAX_STEM_BYTES - 1)


def test_unique_name_ignores_case_and_counts_up() -> None:
    taken = {"notes.md", "paper.md"}
    assert unique_name("Paper", taken) == "Paper (2).md"
    assert unique_name("Paper", taken) == "Paper (3).md"
    assert unique_name("Other", taken) == "Other.md"
    assert "other.md" in taken


@given(st.text(max_size=300))
def test_any_title_gives_a_usable_name(title: str) -> None:
    stem = safe_stem(title, fallback="0123456789ab")
    assert stem and stem == stem.strip() and not stem.startswith((".", "-")) and not stem.endswith(".")
    assert not (set(stem) & WINDOWS_FORBIDDEN)
    assert all(ord(c) >= 0x20 and not 0x7F <= ord(c) <= 0x9F for c in stem)
    assert len(stem.encode("utf-8")) <= MAX_STEM_BYTES + 1  # +1: a reserved name's "_"
    assert Path(stem).name == stem and ".." not in Path(stem).parts


def test_names_work_on_this_file_system(tmp_path: Path) -> None:
    taken: set[str] = set()
    for title in ["a: b", "A: B", "学" * 200, "CON", "..", "x/y", "🎉" * 100]:
        name = unique_name(safe_stem(title), taken)
        (tmp_path / name).write_text(title)
    assert len(list(tmp_path.iterdir())) == 7
