"""Merging two papers that each hold a version already (`paperdesk versions --merge`): nothing is dropped.

Before, the absorbed paper was stored without the versions it held, so its own
version could never be split back and its id was free to be taken again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.ingest.parsed import ParsedFile
from tui.core.ingest.versions import ANOTHER_VERSION, absorbed_ids, held_ids, version_lines
from tui.core.library import Library
from tui.core.models import Paper
from tui.core.usecases import versions

TITLES = {
    "a": "Graph neural networks for molecules",
    "b": "Private federated clients at scale",
    "c": "Sparse attention for long documents",
    "d": "Bandits with delayed feedback",
}


def _paper(key: str) -> Paper:
    return Paper(f"{key * 12}", f"An abstract about {TITLES[key].lower()}, its own words.", "L", title=TITLES[key],
                 year="2024", authors=(f"Author {key.upper()}",), url=f"https://example.org/{key}")


@pytest.fixture
def lib(tmp_path: Path):
    with Library.open(tmp_path / "lib", seed=False) as library:
        library.add_papers([ParsedFile(Path("l.json"), "json", "L", [_paper(k) for k in "abcd"])])
        for k in "abcd":
            library.save_annotation(k * 12, notes=f"note {k}", rating=ord(k) - ord("a") + 1)
        yield library


def _pair(lib: Library, kept: str, other: str) -> versions.Pair:
    return versions.Pair(lib.get(kept * 12), lib.get(other * 12), ANOTHER_VERSION)  # type: ignore[arg-type]


def _check_merged_then_split(lib: Library) -> None:
    a, b, c, d = (k * 12 for k in "abcd")
    assert {p.id for p in lib.papers} == {a}
    assert absorbed_ids(lib.get(a)) == [b, c]  # type: ignore[arg-type]
    assert held_ids(lib.get(a)) == [b, c, d]  # type: ignore[arg-type]
    assert len(version_lines(lib.get(a))) == 4  # type: ignore[arg-type]
    assert lib.annotation(a).notes.split("\n\n") == ["note a", "note b", "note c", "note d"]
    assert versions.split(lib, lib.get(a)) == f"split {a}: 2 versions back as {b}, {c}"  # type: ignore[arg-type]
    assert absorbed_ids(lib.get(c)) == [d]  # type: ignore[arg-type]
    assert lib.annotation(c).notes == "note c\n\nnote d"
    versions.split(lib, lib.get(c))  # type: ignore[arg-type]
    assert {p.id for p in lib.papers} == {a, b, c, d}
    for k in "abcd":
        assert lib.annotation(k * 12).notes == f"note {k}"
        assert lib.annotation(k * 12).rating == ord(k) - ord("a") + 1
        assert lib.get(k * 12).url == f"https://example.org/{k}"  # type: ignore[union-attr]


def test_a_paper_that_held_a_version_keeps_it_when_merged(lib: Library) -> None:
    versions.merge(lib, [_pair(lib, "a", "b")])
    versions.merge(lib, [_pair(lib, "c", "d")])
    versions.merge(lib, [_pair(lib, "a", "c")])
    _check_merged_then_split(lib)


def test_one_merge_that_joins_a_chain_keeps_every_version(lib: Library) -> None:
    """c absorbs d, then a absorbs c, in one request: a takes c as the batch left it, d inside."""
    versions.merge(lib, [_pair(lib, "a", "b")])
    versions.merge(lib, [_pair(lib, "c", "d"), _pair(lib, "a", "c")])
    _check_merged_then_split(lib)


def test_the_id_of_a_version_held_inside_another_stays_its_own(lib: Library) -> None:
    """A record imported under the id of a version held two deep takes another id, so a split brings both back apart."""
    a, c, d = "a" * 12, "c" * 12, "d" * 12
    versions.merge(lib, [_pair(lib, "c", "d")])
    versions.merge(lib, [_pair(lib, "a", "c")])
    lib.add_papers([ParsedFile(Path("again.json"), "json", "L", [_paper("d")])])
    again = [p.id for p in lib.papers if p.title == TITLES["d"]]
    assert len(again) == 1 and again[0] != d
    versions.split(lib, lib.get(a))  # type: ignore[arg-type]
    versions.split(lib, lib.get(c))  # type: ignore[arg-type]
    assert lib.annotation(d).notes == "note d" and not lib.annotation(again[0]).notes


def test_a_damaged_inner_version_list_is_read_past() -> None:
    """A record's inner versions written by hand or by another program: what is not a version record is skipped."""
    paper = _paper("a").with_changes(extra={"versions": [
        {"paper": _paper("b").to_doc(), "before": _paper("a").to_doc(), "versions": ["junk", {"no": "paper"}, {"paper": _paper("c").to_doc()}]},
    ]})
    assert held_ids(paper) == ["b" * 12, "c" * 12]
