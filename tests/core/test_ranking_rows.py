"""Saved arrays read by rows (`ranking.rows.SavedRows`): what a query reads of the term vectors and postings."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tui.core.ranking.rows import SavedRows, rows_of, span_of


def test_rows_and_spans_read_back_what_was_saved(tmp_path: Path) -> None:
    matrix = np.arange(24, dtype=np.float16).reshape(6, 4)
    vector = np.arange(10, dtype=np.int32)
    np.save(tmp_path / "m.npy", matrix)
    np.save(tmp_path / "v.npy", vector)
    m, v = SavedRows(tmp_path / "m.npy"), SavedRows(tmp_path / "v.npy")
    assert len(m) == 6 and m.shape == (6, 4) and m.dtype == np.float16
    got = m.rows(np.array([5, 0, 2]))
    assert got.dtype == np.float16 and got.tolist() == matrix[[5, 0, 2]].tolist()
    assert m.rows(np.zeros(0, dtype=np.int64)).shape == (0, 4)
    assert v.span(3, 7).tolist() == [3, 4, 5, 6] and v.span(3, 7).dtype == np.int32
    empty = v.span(4, 4)
    assert empty.dtype == np.int32 and empty.shape == (0,)
    assert rows_of(matrix, np.array([1])).tolist() == matrix[[1]].tolist() and span_of(vector, 2, 4).tolist() == [2, 3]
    m.close()


@pytest.mark.parametrize("cut", [1, 8])
def test_a_file_cut_short_or_grown_is_refused(tmp_path: Path, cut: int) -> None:
    np.save(tmp_path / "m.npy", np.zeros((6, 4), dtype=np.float32))
    data = (tmp_path / "m.npy").read_bytes()
    (tmp_path / "m.npy").write_bytes(data[:-cut])
    with pytest.raises(ValueError):
        SavedRows(tmp_path / "m.npy")
    (tmp_path / "m.npy").write_bytes(data + b"\0" * cut)
    with pytest.raises(ValueError):
        SavedRows(tmp_path / "m.npy")
