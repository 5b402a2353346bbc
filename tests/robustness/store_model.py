"""A model-based test of the store itself: what the library holds, step after step, against a plain model.

Hypothesis runs random sequences of what changes a library: imports of JSON
files drawn from a small pool of papers (duplicates inside one file, and
records of a stored paper that fill in fields it lacked), removals (by id,
list or query; refused without force when they carry work), restores (the
last removal, all, or one removal named by its ids as the app's undo does),
list renames, every annotation field through the store and through the
command line's edits, saved views, closing and reopening, a kill at any
write (the folder as it was on disk at that moment, a torn journal line
included), a torn journal tail, and a full disk at any write.

After every step the library is compared with `Model`: the same papers with
the same fields (abstracts read back from the file), one paper per pool
paper, unique ids and positions, the same annotations, the same saved views,
and a trash that restores the same things. The model is deliberately plain:
a paper is its pool index, an import fills a stored paper's empty fields,
a removal moves papers and their annotations into a batch, and a restore
brings a batch back, filling in (never overwriting) what is stored by then.

`tests/robustness/test_store_model.py` runs a fixed seed in the suite;
`benchmarks/store_model.py` runs it longer and prints what it did.
"""

from __future__ import annotations

import copy
import errno
import os
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tui.core.errors import LibraryError
from tui.core.library import Library
from tui.core.models import Highlight, Status
from tui.core.store.journal import journal_path, read_stored
from tui.core.store.storage import ANNOTATIONS_FILE
from tui.core.store.trash_file import TRASH_FILE, read_trash
from tui.core.usecases import edit as edits
from tui.core.usecases.imports import import_paths
from tui.core.usecases.list import papers_matching
from tui.core.usecases.remove import remove_papers
from tui.core.usecases.rename import rename_list
from tui.core.usecases.restore import restore_papers

REPO = Path(__file__).resolve().parents[2]

# -- the pool of papers imports draw from ------------------------------------------------------


def _abstracts() -> list[str]:
    """Real abstracts (LaTeX, Unicode, long and specific): the bundled ICML list's first ones."""
    text = (REPO / "data" / "icml2025-papers.txt").read_text(encoding="utf-8")
    paragraphs = [p.strip() for p in text.split("\n\n")[1:] if p.strip()]
    return paragraphs[:POOL_SIZE]


POOL_SIZE = 9
TITLES = [
    "Sparse Graph Transformers under Distribution Drift",
    "Low-Rank Adapters Revisited: A Spectral View",
    "Stein Discrepancies for Bayesian Model Criticism",
    "Wasserstein Flows on SE(3) for Molecules",
    "Continual Learning without Isolation",
    "Local Glivenko–Cantelli Rates in High Dimension",
    "Structured Pruning of Large Language Models",
    "Exponential Lower Bounds for Spectral Density Estimation",
    "Ψ-Regularised Policy Gradients with ℓ₁ Constraints",
]
#: One word of each title that no other title holds (a query that picks the paper).
TITLE_WORDS = ["drift", "adapters", "criticism", "molecules", "isolation", "glivenko", "pruning", "exponential", "policy"]
AUTHORS = [[f"Author{k} One", f"Author{k} Two"] for k in range(POOL_SIZE)]
FIELDS = {
    "doi": [f"10.5555/pool.{k}" for k in range(POOL_SIZE)],
    "url": [f"https://papers.example.org/pool/{k}" for k in range(POOL_SIZE)],
    "year": [str(2015 + k) for k in range(POOL_SIZE)],
    "venue": [f"Venue {chr(65 + k)}" for k in range(POOL_SIZE)],
}
DATA_TAGS = ["theory", "graphs", "rl", "ml"]
LISTS = ["alpha", "beta", "gamma"]
NOTE_TEXT = st.lists(st.sampled_from(list("ab xy.,-") + ["\n", "é", "中", "[b]", "$x$"]), min_size=1, max_size=12).map("".join)
TAG = st.sampled_from(["to-read", "gnn", "ood generalization", "Ω", "a,b"])
PAPER_FIELDS = ("abstract", "title", "year", "venue", "url", "doi")


def record_of(k: int, present: dict[str, bool], tags: list[str], abstracts: list[str]) -> dict[str, Any]:
    """One JSON record of pool paper `k` with the fields `present` says it carries."""
    rec: dict[str, Any] = {"title": TITLES[k], "authors": AUTHORS[k]}
    if present.get("abstract"):
        rec["abstract"] = abstracts[k]
    for name, values in FIELDS.items():
        if present.get(name):
            rec[name] = values[k]
    if tags:
        rec["tags"] = tags
    return rec


RECORD = st.tuples(
    st.integers(0, POOL_SIZE - 1),
    st.fixed_dictionaries({name: st.booleans() for name in ("abstract", *FIELDS)}),
    st.lists(st.sampled_from(DATA_TAGS), unique=True, max_size=2),
)

# -- the model ----------------------------------------------------------------------------------


@dataclass
class ModelPaper:
    """A stored paper as the model sees it: its fields (empty when unknown) and its list."""

    fields: dict[str, str]
    authors: tuple[str, ...]
    tags: tuple[str, ...]
    list: str
    pid: str = ""

    def fill_from(self, other: ModelPaper) -> None:
        """An import's (or a restore's) rule: empty fields filled, tags added, nothing removed."""
        for name, value in other.fields.items():
            if not self.fields.get(name) and value:
                self.fields[name] = value
        if not self.authors:
            self.authors = other.authors
        self.tags = self.tags + tuple(t for t in other.tags if t not in self.tags)


@dataclass
class ModelNote:
    """What the reader wrote about a paper."""

    notes: str = ""
    rating: int = 0
    status: str = "unread"
    tags: tuple[str, ...] = ()
    title: str = ""
    highlights: tuple[tuple[str, str], ...] = ()

    @property
    def carries_work(self) -> bool:
        return bool(self.notes.strip() or self.rating or self.tags or self.highlights)

    @property
    def is_annotated(self) -> bool:
        return self.carries_work or self.status != "unread" or bool(self.title)

    def filled_from(self, old: ModelNote) -> ModelNote:
        """A restore's rule for a paper annotated again since its removal: what is there stays, gaps filled, notes kept both."""
        notes = self.notes
        if old.notes.strip() and old.notes.strip() not in notes:
            notes = f"{notes.rstrip()}\n\n{old.notes}" if notes.strip() else old.notes
        return ModelNote(
            notes=notes,
            rating=self.rating or old.rating,
            status=self.status if self.status != "unread" else old.status,
            tags=self.tags + tuple(t for t in old.tags if t.casefold() not in {s.casefold() for s in self.tags}),
            title=self.title or old.title,
            highlights=self.highlights + tuple(h for h in old.highlights if h not in self.highlights),
        )


@dataclass
class Model:
    """The library as plain data: pool index -> paper, paper -> note, the trash's batches, the views."""

    papers: dict[int, ModelPaper] = field(default_factory=dict)
    notes: dict[int, ModelNote] = field(default_factory=dict)
    trash: list[dict[int, tuple[ModelPaper, ModelNote | None]]] = field(default_factory=list)
    views: dict[str, str] = field(default_factory=dict)

    def copy(self) -> Model:
        return copy.deepcopy(self)


def note_of(annotation: Any) -> ModelNote:
    """A stored annotation (an `Annotation`, or its dict in the trash) as the model's note."""
    from tui.core.models import Annotation

    ann = annotation if isinstance(annotation, Annotation) else Annotation.from_doc(annotation)
    return ModelNote(
        ann.notes, ann.rating, ann.status.value, tuple(ann.tags), ann.title, tuple((h.text, h.comment) for h in ann.highlights)
    )


def expect_list_rename(m: Model, old: str, new: str) -> None:
    """A list renamed: its papers follow, and saved views' `list:` filters (`list_rename.rename_in_query`, the rule itself)."""
    from tui.core.list_rename import rename_in_query

    names = sorted({p.list for p in m.papers.values()})
    for paper in m.papers.values():
        if paper.list == old:
            paper.list = new
    m.views = {name: rename_in_query(query, names, old, new)[0] for name, query in m.views.items()}


def pool_index(title: str) -> int:
    return TITLES.index(title)


# -- faults: the folder at every write, and a disk that fills up ------------------------------------

_MUTATIONS = ("replace", "rename", "unlink", "write", "ftruncate")


def folder_files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def put_files(folder: Path, files: dict[str, bytes]) -> None:
    shutil.rmtree(folder, ignore_errors=True)
    for name, data in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


class DiskFull(Exception):
    """Raised in place of the n-th write when the test fills the disk (turned into ENOSPC)."""


@contextmanager
def faults(folder: Path, *, snapshots: list[dict[str, bytes]] | None = None, full_at: int | None = None) -> Iterator[list[int]]:
    """Watch every change to files in `folder`: record the folder before each (and a torn journal line),
    or fail the `full_at`-th one (and every fsync after it) with ENOSPC, as a full disk does."""
    seen = [0]
    real = {name: getattr(os, name) for name in (*_MUTATIONS, "fsync")}
    root = str(folder)

    def ours(args: tuple) -> bool:
        first = args[0] if args else None
        if isinstance(first, int):  # a descriptor: the journal's, or a temp file's
            try:
                return os.readlink(f"/proc/self/fd/{first}").startswith(root)
            except OSError:
                return False
        return str(first).startswith(root)

    def wrap(name: str) -> Callable[..., Any]:
        def mutation(*args: Any, **kwargs: Any) -> Any:
            if ours(args):
                seen[0] += 1
                if full_at is not None and seen[0] >= full_at:
                    raise OSError(errno.ENOSPC, "No space left on device")
                if snapshots is not None:
                    snapshots.append(folder_files(folder))
                    if name == "write" and len(args) >= 2 and len(args[1]) > 1:
                        torn = dict(snapshots[-1])
                        journal = journal_path(folder / ANNOTATIONS_FILE).name
                        torn[journal] = torn.get(journal, b"") + bytes(args[1])[: len(args[1]) // 2]
                        snapshots.append(torn)
            return real[name](*args, **kwargs)

        return mutation

    def fsync(fd: int) -> None:
        if full_at is not None and seen[0] >= full_at - 1 and ours((fd,)):
            seen[0] += 1
            raise OSError(errno.ENOSPC, "No space left on device")
        real["fsync"](fd)

    for name in _MUTATIONS:
        setattr(os, name, wrap(name))
    os.fsync = fsync
    try:
        yield seen
    finally:
        for name, fn in real.items():
            setattr(os, name, fn)


# -- the machine --------------------------------------------------------------------------------

#: How many times each rule ran, and how faults ended (read by benchmarks/store_model.py).
COUNTS: Counter[str] = Counter()


class StoreMachine(RuleBasedStateMachine):
    """The store driven through its use cases (as the CLI and the app call them), checked against `Model`."""

    def __init__(self) -> None:
        super().__init__()
        self.base = Path(tempfile.mkdtemp(prefix="paperdesk store model "))
        self.generation = 0
        self.folder = self.base / "library-0"
        self.abstracts = _abstracts()
        self.model = Model()
        self.lib = Library.open(self.folder, seed=False)

    def teardown(self) -> None:
        try:
            self.lib.close()
        finally:
            shutil.rmtree(self.base, ignore_errors=True)

    # -- helpers ------------------------------------------------------------------------------

    def reopen(self, files: dict[str, bytes] | None = None) -> None:
        """Close the library and open it again; with `files`, from the folder as a kill left it."""
        self.lib.close()
        if files is not None:
            self.generation += 1
            self.folder = self.base / f"library-{self.generation}"
            put_files(self.folder, files)
        self.lib = Library.open(self.folder, seed=False)

    def pid(self, k: int) -> str:
        return self.model.papers[k].pid

    def stored_keys(self) -> list[int]:
        return sorted(self.model.papers)

    def write_import(self, records: list[tuple[int, dict[str, bool], list[str]]], list_name: str) -> Path:
        path = self.base / f"{list_name}.json"
        path.write_bytes(orjson.dumps([record_of(k, present, tags, self.abstracts) for k, present, tags in records]))
        return path

    def expect_import(self, model: Model, records: list[tuple[int, dict[str, bool], list[str]]], list_name: str) -> None:
        for k, present, tags in records:
            rec = record_of(k, present, tags, self.abstracts)
            incoming = ModelPaper({name: str(rec.get(name, "")) for name in PAPER_FIELDS}, tuple(AUTHORS[k]), tuple(tags), list_name)
            if k in model.papers:
                model.papers[k].fill_from(incoming)
            else:
                model.papers[k] = incoming

    def learn_ids(self) -> None:
        """New papers' ids as the library gave them (the model knows papers by pool index)."""
        for paper in self.lib.papers:
            k = pool_index(paper.title)
            if k in self.model.papers and not self.model.papers[k].pid:
                self.model.papers[k].pid = paper.id

    def attempt(self, change: Callable[[], Any], expect: Callable[[Model], Any]) -> None:
        """Run one change of the library, and what the model expects of it."""
        after = self.model.copy()
        expect(after)
        change()
        self.model = after
        self.learn_ids()

    # -- steps ----------------------------------------------------------------------------------

    @initialize(records=st.lists(RECORD, min_size=3, max_size=10), list_name=st.sampled_from(LISTS))
    def first_import(self, records, list_name) -> None:
        self.do_import(records, list_name)

    @rule(records=st.lists(RECORD, min_size=1, max_size=6), list_name=st.sampled_from(LISTS))
    def do_import(self, records, list_name) -> None:
        COUNTS["import"] += 1
        path = self.write_import(records, list_name)
        self.attempt(lambda: import_paths(self.lib, [path]), lambda m: self.expect_import(m, records, list_name))

    @precondition(lambda self: self.model.papers)
    @rule(data=st.data())
    def annotate(self, data) -> None:
        COUNTS["annotate"] += 1
        k = data.draw(st.sampled_from(self.stored_keys()))
        fields = data.draw(
            st.fixed_dictionaries(
                {},
                optional={
                    "notes": NOTE_TEXT | st.just(""),
                    "rating": st.integers(0, 5),
                    "status": st.sampled_from([s.value for s in Status]),
                    "tags": st.lists(TAG, unique=True, max_size=3).map(tuple),
                    "title": st.sampled_from(["", "My own name", "[b]not markup[/b]"]),
                    "highlights": st.lists(st.integers(0, 30), max_size=2),
                },
            )
        )
        stored = self.lib.get(self.pid(k))
        assert stored is not None
        if "highlights" in fields:
            words = (stored.abstract or stored.title).split()
            fields["highlights"] = [
                Highlight(text=" ".join(words[i : i + 3]), comment=f"c{i}", created=f"2026-01-01T00:00:{i:02d}+00:00")
                for i in sorted(set(fields["highlights"]))
                if " ".join(words[i : i + 3]).strip()
            ]

        def expect(m: Model) -> None:
            note = copy.deepcopy(m.notes.get(k) or ModelNote())
            for name, value in fields.items():
                if name == "highlights":
                    note.highlights = tuple((h.text, h.comment) for h in value)
                else:
                    setattr(note, name, value)
            m.notes[k] = note

        self.attempt(lambda: self.lib.save_annotation(self.pid(k), **fields), expect)

    @precondition(lambda self: self.model.papers)
    @rule(data=st.data())
    def cli_edit(self, data) -> None:
        """The command line's edits (`paperdesk rate/status/tag/note`), logged for the app's undo."""
        COUNTS["cli_edit"] += 1
        k = data.draw(st.sampled_from(self.stored_keys()))
        pid = self.pid(k)
        what = data.draw(st.sampled_from(["rate", "status", "tag", "note"]))
        note = copy.deepcopy(self.model.notes.get(k) or ModelNote())
        if what == "rate":
            rating = data.draw(st.integers(0, 5))

            def change() -> Any:
                return edits.rate(self.lib, pid, rating)

            note.rating = rating
        elif what == "status":
            status = data.draw(st.sampled_from([s.value for s in Status]))

            def change() -> Any:
                return edits.set_status(self.lib, pid, status)

            note.status = status
        elif what == "tag":
            add = data.draw(st.lists(st.sampled_from(["x", "gnn", "y z"]), unique=True, max_size=2))
            drop = data.draw(st.lists(st.sampled_from([t for t in note.tags if "," not in t] or ["none"]), unique=True, max_size=1))
            add = add if add or drop else ["x"]

            def change() -> Any:
                return edits.edit_tags(self.lib, pid, [f"+{t}" for t in add] + [f"-{t}" for t in drop])

            grown = note.tags + tuple(t for t in add if t.casefold() not in {s.casefold() for s in note.tags})
            note.tags = tuple(t for t in grown if t.casefold() not in {d.casefold() for d in drop})  # in the order given
        else:
            text = data.draw(NOTE_TEXT.filter(lambda t: t.strip()))

            def change() -> Any:
                return edits.set_notes(self.lib, pid, text, append=True)

            note.notes = edits.appended(note.notes, text)

        def expect(m: Model) -> None:
            m.notes[k] = note

        self.attempt(change, expect)

    @precondition(lambda self: self.model.papers)
    @rule(data=st.data(), force=st.booleans(), how=st.sampled_from(["ids", "list", "query"]))
    def remove(self, data, force, how) -> None:
        COUNTS[f"remove_{how}"] += 1
        m = self.model
        if how == "ids":
            keys = data.draw(st.lists(st.sampled_from(self.stored_keys()), min_size=1, max_size=3, unique=True))

            def call() -> Any:
                return remove_papers(self.lib, ids=[self.pid(k) for k in keys], force=force)

        elif how == "list":
            name = data.draw(st.sampled_from(sorted({p.list for p in m.papers.values()})))
            keys = [k for k, p in m.papers.items() if p.list == name]

            def call() -> Any:
                return remove_papers(self.lib, lists=[name], force=force)

        else:
            word = TITLE_WORDS[data.draw(st.sampled_from(self.stored_keys()))]
            keys = sorted({pool_index(p.title) for p in papers_matching(self.lib, word)})
            again = sorted({pool_index(p.title) for p in papers_matching(self.lib, word)})
            assert keys == again, f"{word!r} matched {keys}, then {again}"

            def call() -> Any:
                return remove_papers(self.lib, query=word, force=force)

        refused = not force and any(k in m.notes and m.notes[k].carries_work for k in keys)

        def expect(after: Model) -> None:
            if refused or not keys:
                return
            after.trash.append({k: (copy.deepcopy(after.papers[k]), after.notes.get(k)) for k in keys})
            for k in keys:
                del after.papers[k]
                after.notes.pop(k, None)

        outcome: list[Any] = []
        self.attempt(lambda: outcome.append(call()), expect)
        assert bool(outcome[0].refused) == refused, outcome[0].refused
        assert outcome[0].removed == (0 if refused else len(keys))

    def expect_restore(self, m: Model, batches: list[int]) -> None:
        """Restore the trash batches at `batches` (indexes into m.trash), newest first."""
        for at in sorted(batches, reverse=True):
            batch = m.trash.pop(at)
            for k, (paper, note) in batch.items():
                if k in m.papers:
                    m.papers[k].fill_from(paper)
                else:
                    m.papers[k] = copy.deepcopy(paper)
                if note is not None:
                    current = m.notes.get(k)
                    m.notes[k] = current.filled_from(note) if current is not None and current.is_annotated else copy.deepcopy(note)

    @rule(everything=st.booleans())
    def restore(self, everything) -> None:
        COUNTS["restore_all" if everything else "restore_last"] += 1
        taken = list(range(len(self.model.trash))) if everything else [len(self.model.trash) - 1] if self.model.trash else []
        self.attempt(lambda: restore_papers(self.lib, everything=everything), lambda m: self.expect_restore(m, taken))

    @precondition(lambda self: self.model.trash)
    @rule(data=st.data())
    def undo_removal(self, data) -> None:
        """The app's undo of one removal: named by its papers' ids (an older one, if a removal came since)."""
        COUNTS["restore_ids"] += 1
        at = data.draw(st.integers(0, len(self.model.trash) - 1))
        ids = [paper.pid for paper, _ in self.model.trash[at].values()]
        same = [i for i, batch in enumerate(self.model.trash) if sorted(p.pid for p, _ in batch.values()) == sorted(ids)]
        self.attempt(lambda: self.lib.restore_papers(ids=ids), lambda m: self.expect_restore(m, same[-1:]))

    @precondition(lambda self: self.model.papers)
    @rule(data=st.data())
    def rename_a_list(self, data) -> None:
        COUNTS["rename_list"] += 1
        names = sorted({p.list for p in self.model.papers.values()})
        old = data.draw(st.sampled_from(names))
        new = data.draw(st.sampled_from([n for n in [*LISTS, "Reading group / COLT", "Ω list"] if n not in names] or ["fresh"]))

        self.attempt(lambda: rename_list(self.lib, old, new), lambda m: expect_list_rename(m, old, new))

    @rule(name=st.sampled_from(["mine", "Ω"]), query=st.sampled_from(["graph", "rating:>=3", "list:alpha", ""]), delete=st.booleans())
    def view(self, name, query, delete) -> None:
        COUNTS["view"] += 1

        def expect(m: Model) -> None:
            if delete:
                m.views.pop(name, None)
            else:
                m.views[name] = query

        self.attempt(lambda: self.lib.delete_view(name) if delete else self.lib.save_view(name, query), expect)

    @rule()
    def close_and_reopen(self) -> None:
        COUNTS["reopen"] += 1
        self.reopen()

    @rule()
    def torn_journal_tail(self) -> None:
        """A kill mid-append left half a line at the journal's end: never acknowledged, so ignored."""
        COUNTS["torn_tail"] += 1
        self.lib.close()
        journal = journal_path(self.folder / ANNOTATIONS_FILE)
        with open(journal, "ab") as handle:
            handle.write(b'{"annotations":{"1":{"id":"0000')
        self.lib = Library.open(self.folder, seed=False)

    # -- changes from outside: a sync tool or an editor replaces a file while the library is open --------

    @precondition(lambda self: self.model.papers)
    @rule(data=st.data(), how=st.sampled_from(["note", "note", "wipe", "garbage"]))
    def outside_replaces_the_annotations(self, data, how) -> None:
        """annotations.json replaced by another program (from the file on disk, as another machine synced it) while
        the library is open; the next change merges it in (`take_outside`, which every change calls first).

        The promises: nothing acknowledged is lost, an outside note on a paper paperdesk did not change since its
        last fold is taken, and the outside version is kept as it was in `backups/` whatever happened to it.
        """
        COUNTS[f"outside_{how}"] += 1
        path = self.folder / ANNOTATIONS_FILE
        on_file = orjson.loads(path.read_bytes()) if path.exists() else {}
        k = data.draw(st.sampled_from(self.stored_keys()))
        pid = self.pid(k)
        key = str(int(pid, 16))
        if how == "note":
            text = data.draw(NOTE_TEXT.filter(lambda t: t.strip()))
            theirs = copy.deepcopy(on_file)
            docs = theirs.setdefault("annotations", {})
            docs[key] = {**docs.get(key, {"id": pid}), "notes": text}
            raw = orjson.dumps(theirs)
        else:
            raw = b'{"annotations": {}}' if how == "wipe" else b"\x00 not json"
        filed = ((on_file.get("annotations") or {}).get(key) or {}).get("notes") or ""
        ours = ((read_stored(path).get("annotations") or {}).get(key) or {}).get("notes") or ""
        tmp = path.with_name("synced.tmp")
        tmp.write_bytes(raw)
        os.replace(tmp, path)
        self.lib.take_outside()
        if how == "note" and filed == ours:  # only the outside changed the note: taken
            note = copy.deepcopy(self.model.notes.get(k) or ModelNote())
            note.notes = text
            self.model.notes[k] = note
        kept = [p.read_bytes() for p in (self.folder / "backups").glob("annotations-outside-*.json")]
        assert raw in kept, "the outside version is not kept aside"
        (told,) = self.lib.outside_changes()
        assert "\n" not in told.line and str(path) in told.line

    @precondition(lambda self: self.model.papers or self.model.trash)
    @rule(raw=st.sampled_from([b"{}", b"[1]", b'{"batches": [1]}', b"\x00"]))
    def outside_damages_the_trash(self, raw) -> None:
        """trash.json replaced by something that is not a trash: removing and restoring refuse, naming it, and it is
        never written over; put back as it was (the reader restores it), the trash works again."""
        COUNTS["outside_trash"] += 1
        path = self.folder / TRASH_FILE
        was = path.read_bytes() if path.exists() else None
        path.write_bytes(raw)
        changes: list[Callable[[], Any]] = [self.lib.restore_papers]
        if self.model.papers:
            changes.append(lambda: self.lib.remove_papers([self.pid(self.stored_keys()[0])], "x"))
        for change in changes:
            try:
                change()
            except LibraryError as exc:
                assert str(exc).startswith(f"{path}: damaged trash (") and "\n" not in str(exc)
            else:
                raise AssertionError("a damaged trash was used")
            assert path.read_bytes() == raw
        if was is None:
            path.unlink()
        else:
            path.write_bytes(was)

    # -- faults ---------------------------------------------------------------------------------

    def one_change(self, data) -> tuple[Callable[[], Any], Callable[[Model], Any]]:
        """A change to run under a fault: an import, a note, a removal, a restore or a view (`self.moving`: the
        change moves papers to or from the trash, across three files)."""
        choices = ["import", "view"] + (["annotate", "remove", "rename"] if self.model.papers else []) + (["restore"] if self.model.trash else [])
        what = data.draw(st.sampled_from(choices))
        self.moving = what in ("remove", "restore", "rename")
        if what == "import":
            records = data.draw(st.lists(RECORD, min_size=1, max_size=4))
            name = data.draw(st.sampled_from(LISTS))
            path = self.write_import(records, name)
            return lambda: import_paths(self.lib, [path]), lambda m: self.expect_import(m, records, name)
        if what == "annotate":
            k = data.draw(st.sampled_from(self.stored_keys()))
            notes, rating = data.draw(NOTE_TEXT), data.draw(st.integers(0, 5))

            def expect_note(m: Model) -> None:
                note = copy.deepcopy(m.notes.get(k) or ModelNote())
                note.notes, note.rating = notes, rating
                m.notes[k] = note

            return lambda: self.lib.save_annotation(self.pid(k), notes=notes, rating=rating), expect_note
        if what == "remove":
            keys = data.draw(st.lists(st.sampled_from(self.stored_keys()), min_size=1, max_size=2, unique=True))

            def expect_removal(m: Model) -> None:
                m.trash.append({k: (copy.deepcopy(m.papers[k]), m.notes.get(k)) for k in keys})
                for k in keys:
                    del m.papers[k]
                    m.notes.pop(k, None)

            return lambda: remove_papers(self.lib, ids=[self.pid(k) for k in keys], force=True), expect_removal
        if what == "rename":
            names = {p.list for p in self.model.papers.values()}
            old = sorted(names)[0]
            new = "renamed " + old
            while new in names:
                new = "renamed " + new
            self.lib.save_view("by list", f'list:"{old}"')  # a view the rename rewrites: a second file to change
            self.model.views["by list"] = f'list:"{old}"'

            return lambda: rename_list(self.lib, old, new), lambda m: expect_list_rename(m, old, new)
        if what == "restore":
            last = len(self.model.trash) - 1
            return lambda: restore_papers(self.lib), lambda m: self.expect_restore(m, [last])
        query = data.draw(st.sampled_from(["graph", "status:read"]))
        return lambda: self.lib.save_view("v", query), lambda m: m.views.__setitem__("v", query)

    @rule(data=st.data())
    def killed_during_a_change(self, data) -> None:
        """kill -9 at any write of a change: the folder as it was then must open as before or as after."""
        change, expect = self.one_change(data)
        after = self.model.copy()
        expect(after)
        snapshots: list[dict[str, bytes]] = []
        with faults(self.folder, snapshots=snapshots):
            change()
        snapshots.append(folder_files(self.folder))
        at = data.draw(st.integers(0, len(snapshots) - 1))
        before = self.model
        self.model = after
        self.learn_ids()
        self.reopen(snapshots[at])
        if at == len(snapshots) - 1:
            COUNTS["kill_after"] += 1
            return  # acknowledged: the invariants compare with `after`
        COUNTS["kill_during"] += 1
        try:
            self.check_against(after)
        except AssertionError:
            self.model = before
            self.check_against(before)  # neither before nor after fails here, naming what differs from before

    @rule(data=st.data())
    def disk_full_during_a_change(self, data) -> None:
        """A full disk at any write: the change fails with one line and nothing changes, or it is all done."""
        change, expect = self.one_change(data)
        after = self.model.copy()
        expect(after)
        full_at = data.draw(st.integers(1, 12))
        try:
            with faults(self.folder, full_at=full_at):
                change()
        except LibraryError as exc:
            assert "\n" not in str(exc)
            COUNTS["disk_full_refused"] += 1
            # A change of one file is as before; a move across the trash, papers and annotations that the disk
            # stopped midway is, once the disk has room, as before or done (`LibraryStore.settle_trash`).
            before = self.model
            if not self.moving:  # one file: memory too is as before
                self.check_against(before)
            self.reopen()
            try:
                self.check_against(before)
            except AssertionError:
                self.model = after
                self.learn_ids()
                self.check_against(after)
            return
        COUNTS["disk_full_done"] += 1
        self.model = after
        self.learn_ids()
        self.check_against(after)
        self.reopen()

    # -- the comparison -----------------------------------------------------------------------

    @invariant()
    def library_matches_the_model(self) -> None:
        self.check_against(self.model)

    def check_against(self, model: Model) -> None:
        lib = self.lib
        ids = [p.id for p in lib.papers]
        assert len(ids) == len(set(ids)), f"a paper stored twice: {sorted(i for i in ids if ids.count(i) > 1)}"
        seqs = [p.seq for p in lib.papers]
        assert seqs == sorted(set(seqs)), f"papers out of order or sharing a place: {seqs}"
        on_disk = orjson.loads((self.folder / "papers.json").read_bytes()) if (self.folder / "papers.json").exists() else {}
        records = list(on_disk.get("papers", {}).values())
        assert sorted(r["id"] for r in records) == sorted(ids), "papers.json does not hold what the library shows"
        keys = [pool_index(p.title) for p in lib.papers]
        assert sorted(keys) == sorted(model.papers), f"stored pool papers {sorted(keys)} != model {sorted(model.papers)}"
        by_id = {r["id"]: r for r in records}
        for paper, k in zip(lib.papers, keys, strict=True):
            want = model.papers[k]
            if want.pid:
                assert paper.id == want.pid, f"pool paper {k}: id {paper.id} != {want.pid}"
            got = {name: str(getattr(paper, name)) for name in PAPER_FIELDS}
            assert got == {name: want.fields.get(name, "") for name in PAPER_FIELDS}, f"pool paper {k}: fields"
            assert by_id[paper.id].get("abstract", "") == want.fields.get("abstract", ""), f"pool paper {k}: abstract on disk"
            assert paper.list == want.list and tuple(paper.authors) == want.authors and tuple(paper.tags) == want.tags
            got_note = note_of(lib.annotation(paper.id))
            assert got_note == (model.notes.get(k) or ModelNote()), f"pool paper {k}: annotation {got_note} != model {model.notes.get(k)}"
        stored = set(ids)
        orphans = [a for pid, a in lib.annotations().items() if pid not in stored and a.is_annotated]
        assert not orphans, f"annotations of papers not in the library: {orphans}"
        assert lib.views() == dict(sorted(model.views.items(), key=lambda kv: kv[0].casefold()))
        trash = []
        for batch in read_trash(self.folder):
            notes = {doc["id"]: note_of(doc) for doc in batch.get("annotations", [])}
            trash.append({pool_index(doc["title"]): (doc.get("abstract", ""), notes.get(doc["id"]) or ModelNote()) for doc in batch.get("papers", [])})
        want_trash = [{k: (p.fields.get("abstract", ""), n or ModelNote()) for k, (p, n) in batch.items()} for batch in model.trash]
        differences = "; ".join(
            f"batch {i} paper {k}: {got!r} != {batch.get(k)!r}"
            for i, (have, batch) in enumerate(zip(trash, want_trash, strict=False))  # a batch too many or missing is in the message's first part
            for k, got in have.items()
            if got != batch.get(k)
        )[:2000]
        batches = f"{[sorted(b) for b in trash]} != model {[sorted(b) for b in want_trash]}"
        assert trash == want_trash, f"the trash does not hold what was removed: {batches}; {differences}"
