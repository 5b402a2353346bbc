"""The plain-text list format and reading user files: edge cases and clear errors."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from tests.conftest import DATA
from tui.core.errors import InputFileError
from tui.core.ingest.lists import parse_list, read_list_file


def write(tmp_path: Path, data: bytes, name: str = "list.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_bundled_lists_parse_with_their_header_names() -> None:
    en = read_list_file(DATA / "icml2025-papers.txt")
    zh = read_list_file(DATA / "icml2025-papers-zh.txt")
    assert (en.name, len(en.abstracts)) == ("ICML 2025 Papers", 19)
    assert (zh.name, len(zh.abstracts)) == ("ICML 2025 论文列表", 14)
    assert en.abstracts[0].startswith("Low-Rank Adaptation (LoRA)")


def test_crlf_bom_trailing_spaces_and_whitespace_separators(tmp_path: Path) -> None:
    text = "My List  \r\n\r\nFirst abstract.   \r\n \t \r\nSecond\r\nabstract wraps.\r\n\t\r\n\r\n"
    parsed = read_list_file(write(tmp_path, codecs.BOM_UTF8 + text.encode()))
    assert parsed.name == "My List"
    assert parsed.abstracts == ["First abstract.", "Second abstract wraps."]


def test_lone_cr_line_ends(tmp_path: Path) -> None:
    parsed = read_list_file(write(tmp_path, b"L\r\rA one\r\rB two\r"))
    assert parsed.abstracts == ["A one", "B two"]


def test_utf16_with_bom_is_read(tmp_path: Path) -> None:
    parsed = read_list_file(write(tmp_path, "Liste\n\nRésumé un\n".encode("utf-16")))
    assert (parsed.name, parsed.abstracts) == ("Liste", ["Résumé un"])


def test_header_paragraph_with_more_lines_keeps_the_rest_as_abstract() -> None:
    parsed = parse_list("Name\nAn abstract right under it.\n\nAnother one.\n")
    assert parsed.name == "Name"
    assert parsed.abstracts == ["An abstract right under it.", "Another one."]


def test_a_first_line_that_is_an_abstract_names_the_list_after_the_file(tmp_path: Path) -> None:
    long = "We study " + "very " * 60 + "long things."
    parsed = read_list_file(write(tmp_path, f"{long}\n\nSecond.\n".encode(), name="neurips.txt"))
    assert parsed.name == "neurips"
    assert parsed.abstracts[0] == long
    assert parsed.warnings and "named after the file" in parsed.warnings[0]


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"", "is empty"),
        (b"  \n\t\n \r\n", "only whitespace"),
        (b"Just A Header\n\n  \n", "only a header line ('Just A Header')"),
        (b"List\n\nabc\x00def\n", "binary file"),
        (b"List\n\ncaf\xe9 au lait\n", "not UTF-8 text (byte 0xe9 at offset 9)"),
    ],
)
def test_bad_files_raise_one_line_errors_naming_the_file(tmp_path: Path, data: bytes, problem: str) -> None:
    path = write(tmp_path, data)
    with pytest.raises(InputFileError) as err:
        read_list_file(path)
    message = str(err.value)
    assert message.startswith(str(path))
    assert problem in message
    assert "\n" not in message


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match="no such file"):
        read_list_file(tmp_path / "nope.txt")
    with pytest.raises(InputFileError, match="is a directory"):
        read_list_file(tmp_path)
