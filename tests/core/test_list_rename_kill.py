"""A list rename changes papers.json and then the saved views in annotations.json: a kill in between is finished by
the next open, so the views never keep filtering a list that no longer has that name."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.library import RENAME_MARKER, Library
from tui.core.usecases.rename import rename_list


class Killed(BaseException):
    """The process dies here."""


def test_a_rename_killed_before_the_views_followed_is_finished_by_the_next_open(library_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with Library.open(library_dir) as lib:
        lib.save_view("english", "list:papers graph")
    real = Library.save_view

    def killed(self, name, query):  # noqa: ANN001 - the store's own signature
        raise Killed

    monkeypatch.setattr(Library, "save_view", killed)
    lib = Library.open(library_dir)
    with pytest.raises(Killed):
        rename_list(lib, "ICML 2025 Papers", "ICML main track")
    lib.close()
    monkeypatch.setattr(Library, "save_view", real)
    assert (library_dir / RENAME_MARKER).exists()
    with Library.open(library_dir) as again:
        assert "ICML main track" in {p.list for p in again.papers}
        assert again.views()["english"] == 'list:"ICML main track" graph'
    assert not (library_dir / RENAME_MARKER).exists()
