"""A file imported again: records that are their stored paper again (`merge.adds_nothing`) skip the matching walk.

The plan must be exactly the walk's, whatever else the file holds: records that
fill a field, add a tag, bring other authors, repeat in the file, meet a stored
paper whose abstract gives the same id (`aliases`), or are new. The walk alone
(`adds_nothing` always false) is the reference.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui.core.ingest import merge
from tui.core.ingest.matching import MatchIndex
from tui.core.ingest.merge import MergePlan, plan_import
from tui.core.ingest.parsed import ParsedFile
from tui.core.models import Paper, paper_id, variant_id

ABSTRACTS = [
    f"We study problem {i} of sequential decision making under uncertainty with {i * 7} arms and report regret bounds "
    f"that improve on the previous analysis by a factor depending on the horizon and the gap structure number {i}."
    for i in range(12)
]


def stored_papers() -> list[Paper]:
    """Eight stored papers with every kind of field, and a ninth stored under a variant id whose abstract is the
    first's (so its abstract gives the first's id: an alias), stored before it and sharing an author with it."""
    papers = []
    for i, text in enumerate(ABSTRACTS[:8]):
        papers.append(Paper(
            paper_id(text), text, "Stored", i + 1, title=f"Paper {i}" if i % 3 else "", derived_title=f"Derived {i}",
            authors=(f"Ann Author{i}", "Bo Second") if i != 4 else (), year="2024" if i % 2 else "", venue="ICML",
            url=f"https://example.org/{i}" if i != 5 else "", doi=f"10.1/{i}" if i % 4 == 0 else "", tags=("rl",) if i == 2 else (),
            extra={"note": "x"} if i == 6 else {}, citekey=f"key{i}" if i != 7 else "",
        ))
    first = papers[0]
    alias = Paper(variant_id(first.id, "other"), first.abstract, "Stored", 9, title="An Alias", authors=("Zed Other", "Bo Second"))
    bare = Paper(paper_id("", "Bare Title"), "", "Stored", 10, title="Bare Title", authors=("Di Fourth",))
    return [alias, *papers, bare]


#: How an incoming record is made from stored paper i (or a new one).
KINDS = (
    "same", "blank_fields", "fill_year", "new_tag", "new_extra", "other_authors", "no_authors", "other_title", "new", "alias_copy", "bare",
    "fill_abstract",
)


def record(kind: str, i: int, stored: list[Paper]) -> Paper:
    """A fresh incoming record (the planner numbers the ones it adds in place)."""
    papers = [p for p in stored if p.title not in ("An Alias", "Bare Title")]
    old = papers[i % 8]
    fields = {
        "title": old.title, "authors": old.authors, "year": old.year, "venue": old.venue, "url": old.url, "doi": old.doi,
        "tags": old.tags, "extra": dict(old.extra), "citekey": old.citekey,
    }
    text, pid = old.abstract, old.id
    if kind == "blank_fields":
        fields |= {"year": "", "venue": "", "url": "", "tags": (), "extra": {}, "citekey": ""}
    elif kind == "fill_year":
        fields["year"] = "2023"
    elif kind == "new_tag":
        fields["tags"] = (*old.tags, "new")
    elif kind == "new_extra":
        fields["extra"] = {**old.extra, "bibtex_type": "article"}
    elif kind == "other_authors":
        fields["authors"] = ("Carla Third",)
    elif kind == "no_authors":
        fields["authors"] = ()
    elif kind == "other_title":
        fields["title"] = "A Different Title"
    elif kind == "new":
        text = ABSTRACTS[8 + i % 4]
        pid = paper_id(text)
        fields["title"] = f"New {i}"
    elif kind in ("bare", "fill_abstract"):  # the stored paper without an abstract, again or with one now
        bare = stored[-1]
        pid, text = bare.id, ABSTRACTS[11] if kind == "fill_abstract" else ""
        fields |= {"title": bare.title, "authors": bare.authors, "year": "", "venue": "", "url": "", "doi": "", "tags": (), "extra": {}, "citekey": ""}
    elif kind == "alias_copy":
        alias = next(p for p in stored if p.title == "An Alias")
        text, pid = alias.abstract, alias.id
        fields |= {"title": alias.title, "authors": alias.authors, "year": "", "venue": "", "url": "", "doi": "", "tags": (), "extra": {}, "citekey": ""}
    return Paper(pid, text, "Incoming", 0, **fields)


def plan_of(stored: list[Paper], records: list[tuple[str, int]], known: bool) -> MergePlan:
    part = MatchIndex(stored).stored_part if known else None
    parsed = ParsedFile(Path("again.json"), "json", "Again", [record(kind, i, stored) for kind, i in records])
    return plan_import(stored, [parsed], 100, lambda abstract: "derived", known=part)


def outcome(plan: MergePlan) -> tuple:
    return (
        [p.to_doc() for p in plan.added] + [p.derived_title for p in plan.added],
        {pid: p.to_doc() for pid, p in plan.replaced.items()},
        plan.reports,
        list(plan.added_from),
    )


RECORDS = st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 15)), max_size=14)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(records=RECORDS, known=st.booleans())
def test_the_shortcut_plans_exactly_as_the_walk(records: list[tuple[str, int]], known: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    stored = stored_papers()
    fast = outcome(plan_of(stored, records, known))
    with monkeypatch.context() as walk_only:
        walk_only.setattr(merge, "adds_nothing", lambda old, new: False)
        assert outcome(plan_of(stored, records, known)) == fast


def test_a_file_imported_again_is_planned_without_the_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every record its stored paper again (fields blanked or equal), the stored abstracts' keys known: no index is built."""
    stored = stored_papers()
    monkeypatch.setattr(merge, "MatchIndex", None)  # would fail if used
    plan = plan_of(stored, [("same", i) for i in range(1, 8)] + [("blank_fields", 3)], known=True)
    assert (plan.added, plan.replaced, plan.reports[0].merged, plan.reports[0].updated, plan.reports[0].merges) == ([], {}, 8, 0, [])


def test_records_that_add_something_are_not_imported_again() -> None:
    stored = stored_papers()
    assert not merge.adds_nothing(stored[-1], record("fill_abstract", 0, stored)) and merge.adds_nothing(stored[-1], record("bare", 0, stored))
    for kind in ("fill_year", "new_tag", "new_extra", "other_authors", "other_title"):
        i = 1 if kind != "fill_year" else 2
        assert not merge.adds_nothing(stored[i + 1], record(kind, i, stored)), kind
    for kind in ("same", "blank_fields", "no_authors"):
        assert merge.adds_nothing(stored[2], record(kind, 1, stored)), kind


@pytest.mark.parametrize("name", merge._FILLED)
def test_a_record_filling_any_field_merge_fills_adds_something(name: str) -> None:
    """`adds_nothing` spells out the fields `merge_into` fills: each one, empty in the stored paper and set in the
    record, is something to add (and merging really adds it)."""
    old = Paper("a", ABSTRACTS[0], "Stored", 1, authors=("Ann Author",))
    new = Paper("a", ABSTRACTS[0], "Incoming", 0, authors=("Ann Author",), **{name: "2020" if name == "year" else "x"})
    assert merge.merge_into(old, new) is not old and not merge.adds_nothing(old, new)
    assert merge.adds_nothing(new, new) and merge.merge_into(new, new) is new
