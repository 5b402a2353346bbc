"""The shelf: an abstract read from papers.json by its span, or "" whenever the span does not hold one."""

from __future__ import annotations

import gc
import os
import pickle
from array import array
from pathlib import Path

import pytest

import tui.core.store.shelf as shelf_module
from tui.core.store.shelf import AbstractShelf, OpenFile

RAW = (
    b'{"papers":{"1":{"id":"a","abstract":"Caf\\u00e9 \\"quoted\\" text","list":"x"},"2":{"id":"b","abstract":"second","list":"x"},'
    b'"3":{"id":"c","abstract":"bad \\q escape","list":"x"},"4":{"id":"d","abstract":"one", "two":"x"}}}'
)
#: Where each slot's span starts and what it ends with: the two good abstracts; an escape JSON refuses; a span
#: that runs past its string; a span that holds no abstract at all. A sixth slot has no span.
SPANS = [
    (b'"abstract":"Caf', b'text"'),
    (b'"abstract":"second"', b'second"'),
    (b'"abstract":"bad', b'escape"'),
    (b'"abstract":"one"', b'"two":"x"'),
    (b'"id":"b"', b'"b"'),
]


def _shelf(tmp_path: Path) -> AbstractShelf:
    path = tmp_path / "papers.json"
    path.write_bytes(RAW)
    spans = array("q")
    for begins, ends in SPANS:
        start = RAW.index(begins)
        spans.extend((start, RAW.index(ends, start + 1) + len(ends)))
    spans.extend((-1, -1))
    shelf = AbstractShelf()
    shelf.move_to(OpenFile(os.open(path, os.O_RDONLY)), spans)
    return shelf


def _texts(shelf: AbstractShelf) -> list[str]:
    return [shelf.text(slot) for slot in range(6)]


def test_an_abstract_is_read_by_its_span_and_anything_else_reads_as_nothing(tmp_path: Path) -> None:
    assert _texts(_shelf(tmp_path)) == ['Café "quoted" text', "second", "", "", "", ""]


def test_without_pread_the_same_texts_are_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where os.pread is missing (Windows), a seek and a read under a lock stand in for it."""
    shelf = _shelf(tmp_path)
    monkeypatch.delattr(shelf_module.os, "pread")
    assert _texts(shelf) == ['Café "quoted" text', "second", "", "", "", ""]
    assert [shelf.text(1), shelf.text(0)] == ["second", 'Café "quoted" text']  # each read seeks, whatever came before


def test_a_shelf_without_a_file_or_whose_file_fails_reads_as_nothing(tmp_path: Path) -> None:
    shelf = _shelf(tmp_path)
    file, spans = shelf.file, shelf.spans
    assert file is not None
    shelf.move_to(None, spans)  # papers.json was gone, or never read
    assert _texts(shelf) == [""] * 6
    shelf.move_to(OpenFile(os.open(tmp_path, os.O_RDONLY)), spans)  # a descriptor that cannot be read (EISDIR)
    assert _texts(shelf) == [""] * 6


def test_an_open_papers_file_refuses_to_be_pickled(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(_shelf(tmp_path).file)


def _open_on(path: Path) -> int:
    """How many of this process's descriptors are open on `path` (other tests' descriptors do not count)."""
    fds = Path("/proc/self/fd")
    return sum(1 for fd in os.listdir(fds) if os.path.realpath(fds / fd) == str(path.resolve()))


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts descriptors in /proc")
def test_the_file_is_closed_when_the_last_reader_lets_go(tmp_path: Path) -> None:
    shelf = _shelf(tmp_path)
    assert _open_on(tmp_path / "papers.json") == 1 and shelf.text(1) == "second"
    shelf.move_to(None, array("q"))  # the last reference goes
    gc.collect()
    assert _open_on(tmp_path / "papers.json") == 0
