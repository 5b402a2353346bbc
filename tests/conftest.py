"""Shared fixtures: a temporary library folder, an open library, and the app factory."""

from __future__ import annotations

import os

# One BLAS thread in every test process and in what it starts (set before anything imports numpy): xdist already
# runs a worker per core, and OpenBLAS's own threads on top spin on the shared cores: five builds of the ranking
# matrices of the bundled 33 papers spent 2.4 s of CPU with them and 0.2 s without (benchmarks/suite-times.md).
# The command line sets the same for itself (`tui.cli.main`).
for _blas in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_blas, "1")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from tests import built  # noqa: E402
from tui.core.library import Library  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "data"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test may touch the real user library or config."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("PAPERDESK_HOME", str(home / "library"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    monkeypatch.delenv("PAPERDESK_CACHE", raising=False)


@pytest.fixture(autouse=True, scope="session")
def _shared_builds(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Slow builds (`tests.built`) are kept for this run only, in a folder every xdist worker of the run shares."""
    base = tmp_path_factory.getbasetemp()
    built.ROOT = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "built"
    yield
    built.ROOT = None


@pytest.fixture
def library_dir(tmp_path: Path) -> Path:
    """A library folder that does not exist yet."""
    return tmp_path / "library"


@pytest.fixture
def library(library_dir: Path):
    """A fresh library seeded with the bundled lists, closed after the test."""
    lib = Library.open(library_dir)
    yield lib
    lib.close()


def folder_snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` with its bytes, to prove a command changed nothing."""
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def stored_annotations(folder: Path) -> dict[str, dict]:
    """The annotation documents on disk (annotations.json with its journal replayed), by document id."""
    from tui.core.store.journal import read_stored
    from tui.core.store.storage import ANNOTATIONS_FILE

    return read_stored(folder / ANNOTATIONS_FILE).get("annotations", {})


def annotation_files(folder: Path) -> dict[str, bytes]:
    """The bytes of annotations.json and its journal, to prove a failed save wrote nothing."""
    return {p.name: p.read_bytes() for p in sorted(folder.glob("annotations.json*")) if p.is_file()}
