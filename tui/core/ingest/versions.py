"""One paper across its versions: when two records are the preprint and the proceedings of one work, and how they merge.

An arXiv preprint reaches a library in spring and the proceedings in summer,
with a reworded title, initials instead of names, another year and a revised
abstract. The sure evidence (the same arXiv id in any form, a DOI, an
abstract) is `matching`'s; this module adds the rule for the rest: a
near-identical title after rendering and case folding (rapidfuzz), most of the
same author surnames, and a year within one. Records matched by their title
that give two years or two DOIs (`cited_apart`) are two versions too. Never merged: "Part II" and
"Part 2" against another part, a title whose authors are mostly others
(an "Extended version" by a different team), and papers of the same authors
with different titles.

A version merge keeps everything: the proceedings record wins for citing
(venue, year, pages, DOI), the stored paper keeps its id, and the record it
absorbed (with what the stored paper was before, and the absorbed paper's
annotation when it had one) stays in the paper's `extra["versions"]`, so that
`split` brings back the two papers as they were.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from tui.core.ingest.identity import arxiv_id, names_surnames, normalize_doi, surnames
from tui.core.models import Annotation, Paper

#: Where a paper keeps the versions it absorbed (`extra`): a list of `absorbed` records, oldest first.
VERSIONS = "versions"
#: Rendered, folded titles at least this similar (rapidfuzz ratio, 0-100) may be one work's versions.
TITLE_SIMILARITY = 90.0

_NON_WORD = re.compile(r"[\W_]+")
#: Words a version's title adds that do not make it another work.
_VERSION_WORDS = re.compile(
    r"[(\[]?\s*\b(?:extended|full|long|short|journal|conference|preprint|arxiv)\s+(?:version|abstract|paper)\b\s*[)\]]?",
    re.IGNORECASE,
)
_ROMAN = {"i": 1, "v": 5, "x": 10}
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "first": 1, "second": 2, "third": 3}
_PART = re.compile(r"\b(?:part|paper|vol(?:ume)?)\s+([ivx]+|\d+|one|two|three|four|five|first|second|third)\b", re.IGNORECASE)
_PREPRINT_VENUES = ("arxiv", "corr", "preprint", "biorxiv", "ssrn")
_DIGITS = re.compile(r"\d+")


@lru_cache(maxsize=65536)
def title_key(title: str) -> str:
    """The title as versions are compared: LaTeX rendered, "(Extended version)" and the like dropped, case, accents,
    punctuation and spacing folded."""
    if "\\" in title or "$" in title or "{" in title:
        from tui.core.render.titles import title_text

        title = title_text(title)
    title = _VERSION_WORDS.sub(" ", title)
    if not title.isascii():  # accents as written aside; Greek letters stay letters
        title = "".join(c for c in unicodedata.normalize("NFKD", title) if not unicodedata.combining(c))
    return " ".join(_NON_WORD.sub(" ", title.casefold()).split())


def part_number(title: str) -> int:
    """The part a title names ("Part II", "Part 2", "Part two"), else 0."""
    m = _PART.search(title)
    if m is None:
        return 0
    word = m.group(1).casefold()
    if word.isdigit():
        return int(word)
    if word in _WORDS:
        return _WORDS[word]
    # A Roman numeral, any ("XI" is not "XII"): a letter before a larger one counts against it ("IV", "IX").
    values = [_ROMAN[c] for c in word]
    return sum(-v if v < after else v for v, after in zip(values, [*values[1:], 0], strict=True))


def mostly_same_authors(a: Paper, b: Paper) -> bool:
    """More than half of the longer author list's surnames are on the other (initials meet full names: surnames
    are compared); records without authors say nothing against it."""
    sa, sb = surnames(a), surnames(b)
    if not sa or not sb:
        return True
    return 2 * len(sa & sb) > max(len(sa), len(sb))


def years_close(a: Paper, b: Paper) -> bool:
    """The years are at most one apart (a preprint in December, the proceedings in the spring); an unknown year
    says nothing against it."""
    ya, yb = _year(a.year), _year(b.year)
    return ya is None or yb is None or abs(ya - yb) <= 1


def _year(text: str) -> int | None:
    m = re.search(r"\d{4}", text)
    return int(m.group()) if m else None


def titles_close(a: str, b: str) -> bool:
    """The rendered, folded titles are near-identical (a small rewording) and name the same part and numbers, if any."""
    ka, kb = title_key(a), title_key(b)
    if not ka or part_number(a) != part_number(b) or _DIGITS.findall(ka) != _DIGITS.findall(kb):
        # nothing to compare (an empty `kb` fails the length bar below), another part, or another number ("GPT-3"
        # and "GPT-4", "Report 7" and "Report 8"): another work
        return False
    if ka == kb:
        return True
    low, high = sorted((len(ka), len(kb)))
    if 200 * low < TITLE_SIMILARITY * (low + high):
        return False  # the ratio is at most 200 * the shorter length / both lengths: below the bar without comparing
    from rapidfuzz import fuzz

    return bool(fuzz.ratio(ka, kb, score_cutoff=TITLE_SIMILARITY))


def other_version(a: Paper, b: Paper) -> bool:
    """True when `a` and `b` are versions of one work by their titles, authors and years (no identifier shared).
    The cheap tests first: most candidates fail on the year or the title."""
    return years_close(a, b) and titles_close(a.title, b.title) and mostly_same_authors(a, b)


def block_keys(paper: Paper, title: str) -> tuple[tuple[str, ...], ...]:
    """What candidate versions share, two keys: the first author's surname with the title's two longest words, and
    the title's three longest words alone (`title`: `identity.normalize_title` of it; "extended", "abstract" and
    such aside, a plural's "s" off; among words of one length, the first). A small rewording keeps the longest
    words (a title at least 90% alike changes a tenth of its letters) and initials and full names give the same
    surname: a version keeping its first author shares the first key, one whose first author changed (an author
    added in front, the order changed) the second, unless its rewording took one of three words. Two papers of
    one author seldom share two words, two unrelated papers three even less (a 50,000-paper import: a few hundred
    comparisons). Asked of every paper an import meets, so a few calls in C."""
    authors = paper.authors
    if not authors or not title:
        return ()
    words = sorted(title.split(), key=len, reverse=True)  # stable: the title's order among words of one length
    if not _NOT_ANCHORS.isdisjoint(words[:3]):
        words = [w for w in words if w not in _NOT_ANCHORS]
        if not words:
            return ()
    first, second, third = (w.removesuffix("s") for w in (*words[:3], "", "")[:3])
    name = authors[0]
    name = name[name.rfind(" ") + 1 :].lower() if name.isascii() else next(iter(names_surnames(authors[:1])), "")
    return ((name, first, second), ("", first, second, third)) if name else (("", first, second, third),)


#: Words a version's title may add or drop (`_VERSION_WORDS`): never what blocks.
_NOT_ANCHORS = frozenset({"extended", "abstract", "version", "preprint", "journal", "conference", "full", "long", "short", "paper", "arxiv"})




def is_preprint(paper: Paper) -> bool:
    """A preprint record: an arXiv id (or an arXiv DOI) and no venue but a preprint server. A paper that absorbed
    versions is what it was before the first (a proceedings record that took a preprint's link stays one)."""
    if VERSIONS in paper.extra and (records := absorbed(paper)) and isinstance(before := records[0].get("before"), dict):
        paper = Paper.from_doc(before)
    venue = paper.venue.casefold()
    if normalize_doi(paper.doi).startswith("10.48550/"):
        return not venue or any(v in venue for v in _PREPRINT_VENUES)
    if venue:
        return any(v in venue for v in _PREPRINT_VENUES)
    return bool(arxiv_id(paper))


def is_version_merge(old: Paper, new: Paper, reason: str) -> bool:
    """A match that joins two versions (kept apart in the paper, to split again) rather than a record imported
    again: found by the versions rule, a preprint meeting a published record, or one title published twice (`cited_apart`)."""
    return reason == ANOTHER_VERSION or is_preprint(old) != is_preprint(new) or reason == SAME_TITLE and cited_apart(old, new)


def cited_apart(old: Paper, new: Paper) -> bool:
    """Both records give a year or both a DOI, and they differ: one title published twice (a conference paper and
    its journal version), whose citing fields a fill-in merge would drop. A record that only fills gaps, or agrees,
    is the same version from another source."""
    years = _year(old.year), _year(new.year)
    dois = normalize_doi(old.doi), normalize_doi(new.doi)
    return None not in years and years[0] != years[1] or all(dois) and dois[0] != dois[1]


#: The reason `matching.MatchIndex.find` gives for a match by the normalized title.
SAME_TITLE = "same title"


#: The reason `matching.MatchIndex.find` gives for a match by this module's rule.
ANOTHER_VERSION = "another version"


def absorbed(paper: Paper) -> list[dict[str, Any]]:
    """The version records a paper keeps (`extra["versions"]`), oldest first; none for a broken value."""
    value = paper.extra.get(VERSIONS)
    return [v for v in value if isinstance(v, dict) and isinstance(v.get("paper"), dict)] if isinstance(value, list) else []


def absorbed_ids(paper: Paper) -> list[str]:
    """The ids of the papers this one absorbed: each comes back under it when split."""
    return [str(v["paper"].get("id", "")) for v in absorbed(paper)]


def _inner(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The versions an absorbed paper held itself when it was absorbed (`versions --merge` of two merged papers)."""
    value = record.get(VERSIONS)
    return [v for v in value if isinstance(v, dict) and isinstance(v.get("paper"), dict)] if isinstance(value, list) else []


def held_records(paper: Paper) -> list[dict[str, Any]]:
    """Every version record `paper` holds, those its absorbed papers held included (depth first)."""
    found: list[dict[str, Any]] = []
    todo = list(reversed(absorbed(paper)))
    while todo:
        record = todo.pop()
        found.append(record)
        todo.extend(reversed(_inner(record)))
    return found


def held_ids(paper: Paper) -> list[str]:
    """The ids of every version `paper` holds, however deep: none may be taken by a new paper, and a record
    imported again under one changes nothing."""
    return [str(v["paper"].get("id", "")) for v in held_records(paper)]


def holds_version(paper: Paper, record: Paper) -> bool:
    """`record` is one `paper` already absorbed (its id): importing it again changes nothing."""
    return record.id in held_ids(paper)


def absorb(old: Paper, new: Paper, merged: Paper, annotation: Annotation | None = None, kept: Annotation | None = None,
           joined: Annotation | None = None) -> Paper:
    """`merged` (what the two became, under `old`'s id) keeping what a split needs: `new` as it was, `old` as it was
    (without its own versions), and the annotations: `new`'s (`annotation`), `old`'s before (`kept`) and what the
    merge made of them (`joined`)."""
    record: dict[str, Any] = {"paper": _doc(new), "before": _doc(old)}
    if inner := absorbed(new):  # `new` held versions itself: they go with it (a split gives it back holding them)
        record[VERSIONS] = inner
    if annotation is not None:
        record["annotation"] = annotation.to_doc()
    if kept is not None:
        record["kept"] = kept.to_doc()
    if joined is not None:
        record["joined"] = joined.to_doc()
    return merged.with_changes(extra={**merged.extra, VERSIONS: [*absorbed(old), record]})


def _doc(paper: Paper) -> dict[str, Any]:
    doc = paper.to_doc()
    extra = dict(doc.get("extra") or {})
    if VERSIONS in extra:
        del extra[VERSIONS]
        doc["extra"] = extra
        if not extra:
            del doc["extra"]
    return doc


def join_annotations(pid: str, a: Annotation | None, b: Annotation | None) -> Annotation | None:
    """One annotation holding both (under `pid`): both notes (one after the other when they differ), every tag and
    highlight, the higher rating, the further status, a title renamed in either, the earliest stamps."""
    if a is None or b is None:
        one = a or b
        return None if one is None else _renamed(one, pid)
    from tui.core.models import Status

    order = [Status.UNREAD, Status.SKIPPED, Status.TO_READ, Status.READING, Status.READ]
    if not b.notes.strip() or b.notes.strip() == a.notes.strip():
        notes = a.notes
    else:
        notes = b.notes if not a.notes.strip() else f"{a.notes.rstrip()}\n\n{b.notes.lstrip()}"
    return Annotation(
        id=pid,
        notes=notes,
        rating=max(a.rating, b.rating),
        status=max(a.status, b.status, key=order.index),
        tags=a.tags + tuple(t for t in b.tags if t not in a.tags),
        title=a.title or b.title,
        created=_first(a.created, b.created),
        updated=max(a.updated, b.updated),
        opened=_first(a.opened, b.opened),
        started=_first(a.started, b.started),
        finished=_first(a.finished, b.finished),
        highlights=a.highlights + tuple(h for h in b.highlights if h not in a.highlights),
    )


def _renamed(annotation: Annotation, pid: str) -> Annotation:
    doc = annotation.to_doc()
    doc["id"] = pid
    return Annotation.from_doc(doc)


def _first(x: str, y: str) -> str:
    return min(v for v in (x, y) if v) if x or y else ""


def split(paper: Paper, current: Annotation | None, last: int | None = None) -> tuple[Paper, list[Paper], dict[str, Annotation | None]]:
    """The papers a merged `paper` came from: itself as it was before its first absorption (its id kept), the papers
    it absorbed (their ids, fields and text), and the annotation each should have (`None`: none). The stored
    paper's annotation goes back to what it was when it is still what the merge made of it; when the reader
    changed it since, it stays as it is (nothing they wrote is lost). `last`: only the newest `last` versions
    come back (an import's undo), the paper keeping the older ones."""
    kept = absorbed(paper)
    if not kept:
        return paper, [], {}
    at = 0 if last is None else max(0, len(kept) - last)
    kept, records = kept[:at], kept[at:]
    restored = Paper.from_doc({**records[0]["before"], "id": paper.id, "seq": paper.seq})
    if kept:
        restored = restored.with_changes(extra={**restored.extra, VERSIONS: kept})
    papers = [_with_inner(Paper.from_doc(record["paper"]), record) for record in records]
    notes: dict[str, Annotation | None] = {}
    mine = current
    for record in reversed(records):
        joined = record.get("joined")
        if mine is not None and isinstance(joined, dict) and _same_work(mine, Annotation.from_doc(joined)):
            kept = record.get("kept")
            mine = Annotation.from_doc(kept) if isinstance(kept, dict) else None
        theirs = record.get("annotation")
        notes[str(record["paper"].get("id", ""))] = Annotation.from_doc(theirs) if isinstance(theirs, dict) else None
    notes[paper.id] = mine
    return restored, papers, notes


def _with_inner(paper: Paper, record: dict[str, Any]) -> Paper:
    """An absorbed paper as it comes back from a split: holding again the versions it held when it was absorbed."""
    inner = _inner(record)
    return paper.with_changes(extra={**paper.extra, VERSIONS: inner}) if inner else paper


def _same_work(a: Annotation, b: Annotation) -> bool:
    """The reader's own fields agree (stamps aside)."""
    fields = ("notes", "rating", "status", "tags", "title", "highlights")
    return all(getattr(a, f) == getattr(b, f) for f in fields)


def version_lines(paper: Paper) -> list[str]:
    """One line per version a paper holds (itself first): its venue and year, and its links and ids."""
    records = absorbed(paper)
    before = records[0].get("before") if records else None
    lines = [_version_line(Paper.from_doc({**before, "id": paper.id}) if isinstance(before, dict) else paper)]
    for record in held_records(paper):
        lines.append(_version_line(Paper.from_doc(record["paper"])))
    return lines if len(lines) > 1 else []


def _version_line(paper: Paper) -> str:
    where = " ".join(x for x in (paper.venue or ("arXiv" if is_preprint(paper) else ""), paper.year) if x) or "(no venue)"
    ids = [paper.url] if paper.url else []
    if paper.doi:
        ids.append(f"doi:{normalize_doi(paper.doi)}")
    if (arxiv := arxiv_id(paper)) and not any(arxiv in x for x in ids):
        ids.append(f"arXiv:{arxiv}")
    pdf = paper.extra.get("pdf")
    if isinstance(pdf, str) and pdf and pdf not in ids:
        ids.append(pdf)
    return f"{paper.id}  {where}" + (f"  {'  '.join(ids)}" if ids else "")


def stored_ids(papers: Iterable[Paper]) -> set[str]:
    """The ids absorbed versions hold in these papers: no new paper may take one (a split brings it back)."""
    return {pid for paper in papers if VERSIONS in paper.extra for pid in held_ids(paper)}
