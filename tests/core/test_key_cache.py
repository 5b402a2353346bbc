"""The keys an import keeps for the next one (`ingest.key_cache`): what the stored abstracts gave the match keys,
kept for papers.json as the import wrote it. With it, an import matches exactly as it does without it; a file
that no longer fits papers.json (changed since, damaged) is never used."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.core.test_import_scale import abstract, row
from tests.core.test_import_stream import _near
from tui.core.ingest import key_cache
from tui.core.ingest.key_cache import KEYS_FILE, loads
from tui.core.ingest.match_keys import key_rows
from tui.core.library import Library
from tui.core.usecases.imports import import_paths
from tui.core.usecases.remove import remove_papers


def _files(folder: Path) -> tuple[Path, Path]:
    """A first export, and a second one that repeats, rewords, extends and adds to it."""
    rng = random.Random(11)
    first = [row(rng, i) for i in range(300)]
    first.append({**first[5], "title": "Another paper with the same abstract", "authors": ["Zed Other"]})  # a variant id
    first.append({"title": "A title-only record", "authors": ["Ann Author"]})
    first.append({"title": "Short", "abstract": "No abstract available."})  # not specific: no abstract id
    second = [dict(r) for r in first[:100]]  # again, as they were
    second += [{**r, "doi": f"10.1/{i}", "url": f"https://example.org/p/{i}"} for i, r in enumerate(first[100:150])]  # new fields
    second += [{"title": "Reworded", "authors": first[200]["authors"], "abstract": _near(first[200]["abstract"])}]
    second += [row(rng, 1000 + i) for i in range(120)]
    second.append({"title": "Fresh without authors", "abstract": abstract(rng)})
    (folder / "a.json").write_text(json.dumps(first))
    (folder / "b.json").write_text(json.dumps(second))
    return folder / "a.json", folder / "b.json"


def _kept(lib: Library):
    return loads((lib.folder / KEYS_FILE).read_bytes(), lib.papers_digest, len(lib.papers))


def _same_keys(lib: Library) -> None:
    """The kept part gives every stored paper the keys reading its abstract gives."""
    known = _kept(lib)
    assert known is not None
    fresh, cached = key_rows(lib.papers), key_rows(lib.papers, known=known)
    as_set = lambda r: sorted(zip(r.hashes.tolist(), r.slots.tolist(), r.kinds.tolist(), strict=True))  # noqa: E731
    assert as_set(cached) == as_set(fresh)
    assert cached.abstract_ids == fresh.abstract_ids and list(cached.lengths) == list(fresh.lengths)


def test_the_kept_keys_are_the_keys_of_the_papers_written(tmp_path: Path) -> None:
    a, b = _files(tmp_path)
    with Library.open(tmp_path / "lib") as lib:
        import_paths(lib, [a])
        _same_keys(lib)  # the papers added, as they came and renumbered
        outcome = import_paths(lib, [b])
        assert "b.json: 121 papers added, 151 merged (50 with new fields), 0 skipped" in " ".join(t for _, t in outcome.messages)
        _same_keys(lib)  # stored ones kept, merged ones read again, new ones added


def test_an_import_matches_the_same_with_the_kept_keys_and_without(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = _files(tmp_path)
    results = []
    for name, keep in (("with", True), ("without", False)):
        with Library.open(tmp_path / name) as lib:
            import_paths(lib, [a])
            if not keep:
                (lib.folder / KEYS_FILE).unlink()
            used: list[bool] = []

            def watched(self: Library, n: int, real=Library._known_keys, used=used):
                got = real(self, n)
                used.append(got is not None)
                return got

            monkeypatch.setattr(Library, "_known_keys", watched)
            outcome = import_paths(lib, [b])
            monkeypatch.undo()
            assert used == [keep]
            results.append(([m for m in outcome.messages if m[0] != "note"], (lib.folder / "papers.json").read_bytes()))
    assert results[0] == results[1]


def test_kept_keys_that_no_longer_fit_papers_json_are_not_used(tmp_path: Path) -> None:
    a, _ = _files(tmp_path)
    with Library.open(tmp_path / "lib") as lib:
        import_paths(lib, [a])
        kept = (lib.folder / KEYS_FILE).read_bytes()
        assert _kept(lib) is not None
        remove_papers(lib, ids=[lib.papers[40].id])  # papers.json written by another path: the digest moves on
        assert loads(kept, lib.papers_digest, len(lib.papers)) is None
        assert lib._known_keys(len(lib.papers)) is None
        assert loads(kept[:-30], lib.papers_digest, len(lib.papers)) is None  # cut short
        assert loads(b"not numpy at all", lib.papers_digest, len(lib.papers)) is None


def test_a_kept_file_that_cannot_be_written_costs_nothing_but_the_next_import_s_work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = _files(tmp_path)

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    with Library.open(tmp_path / "lib") as lib:
        monkeypatch.setattr(key_cache, "write", refuse)
        import_paths(lib, [a])
        assert not (lib.folder / KEYS_FILE).exists()
        monkeypatch.undo()
        assert "b.json: 121 papers added" in " ".join(t for _, t in import_paths(lib, [b]).messages)
        _same_keys(lib)
