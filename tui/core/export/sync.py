"""Two-way sync of a library with a folder of per-paper Markdown files (an Obsidian vault).

One sync reads the vault first, then writes. For each paper, each editable
field (notes, rating, status, tags, title) is compared on both sides with its
value at the last sync (`sync_state`):

- changed in the vault only: the vault's value goes into the library;
- changed in the library only: the file is rewritten (atomically);
- changed on both sides to different values: a conflict. Neither side is
  overwritten; the library's side is written beside the file as
  `NAME.conflict-DATE.md` and the report names both. The user resolves it by
  making `NAME.md` what they want (copying from the conflict file) and
  deleting the conflict file: the next sync takes `NAME.md` into the library.

New annotated papers get new files named from the shown title; a file the
sync named follows a renamed paper; a file the user renamed or moved keeps
its name. A deleted file never deletes notes (the paper keeps them; the file
comes back only when they change again), and a paper removed from the library
leaves its file. The library is saved first, in one atomic write; then each
file is written atomically; the state last. A failure halfway leaves every
file and the library valid, and the next sync finishes the job.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from tui.core.errors import PaperdeskError, os_reason
from tui.core.export.filenames import conflict_name, unique_name
from tui.core.export.markdown import FILE_FORMAT, Entry, annotation_hash, library_id, render_paper_file
from tui.core.export.notes_import import NoteFile, NotesLibrary, wanted
from tui.core.export.sync_state import EMPTY, Synced, SyncState, annotation_values, field_hashes, render_key, text_hash, value_hash
from tui.core.export.vault_files import VaultFile, VaultNames, scan, stem_of
from tui.core.export.vault_markdown import tag_lookup
from tui.core.export.writing import paper_stem
from tui.core.models import EDITABLE_FIELDS, Annotation, Paper, day, utc_now
from tui.core.store.atomic import atomic_write_text, document_mode, fsync_dir
from tui.core.words import plural


class SyncLibrary(NotesLibrary, Protocol):
    """What a vault sync uses of a library (`core.library.Library`): a notes import's part, and the papers in order."""

    papers: list[Paper]


class SyncError(PaperdeskError):
    """A sync could not finish; the message says what was kept."""


@dataclass
class SyncReport:
    """What one sync did, line by line, with the counts the summary gives."""

    lines: list[str] = field(default_factory=list)
    imported: int = 0  # papers whose annotation the vault changed
    written: int = 0  # files written, renamed or created (conflict files included)
    conflicts: int = 0
    in_step: int = 0
    warnings: list[str] = field(default_factory=list)
    updated_ids: list[str] = field(default_factory=list)  # papers the vault changed, for the app to redraw

    @property
    def changed(self) -> bool:
        return bool(self.imported or self.written)

    def summary(self) -> str:
        if not self.changed and not self.conflicts:
            return f"sync: nothing to do; {plural(self.in_step)} in step, nothing written"
        return (
            f"sync: {plural(self.imported)} updated from the vault, {plural(self.written, 'file')} written, "
            f"{plural(self.conflicts, 'conflict')}, {plural(self.in_step)} in step"
        )

    def all_lines(self) -> list[str]:
        return [*(f"warning: {w}" for w in self.warnings), *self.lines, self.summary()]


@dataclass
class _Step:
    """What the sync does for one paper: a library change, a file operation, the new state entry."""

    pid: str
    state: Synced | None
    library: dict[str, Any] | None = None
    write: tuple[Path, str] | None = None  # (path, text)
    remove: Path | None = None  # the old name, after a rename
    line: str = ""
    paper: Any = None  # for a file rendered again once the library is saved (its dates move)
    keep: NoteFile | None = None  # the file being replaced: its own keys and text are kept


def _same(key: str, a: Any, b: Any) -> bool:
    return value_hash(key, a) == value_hash(key, b)


class _Planner:
    """Decides, paper by paper, what one sync does (reading only; nothing is written here)."""

    def __init__(self, library: SyncLibrary, vault: Path, state: SyncState, found: dict[str, list[VaultFile]], now: str, report: SyncReport) -> None:
        self.library = library
        self.vault = VaultNames(vault)
        self.state = state
        self.found = found
        self.now = now
        self.report = report
        self.tags = tag_lookup(t for a in library.annotations().values() for t in a.tags)
        self.library_id = library_id(state.library_key)

    def _render(self, entry: Entry, stamp: str | None = None, keep: NoteFile | None = None) -> str:
        """The file for `entry`; `keep`, the file it replaces, gives the vault's own keys and the reader's own text."""
        if keep is None:
            return render_paper_file(entry, stamp or self.now, library=self.library_id)
        return render_paper_file(entry, stamp or self.now, keep.front_matter, self.library_id, keep.own_text)

    def _new_file(self, entry: Entry, folder: Path | None = None) -> Path:
        folder = folder or self.vault.root
        return folder / unique_name(paper_stem(entry), self.vault.taken(folder))

    def _pick(self, pid: str, st: Synced | None) -> VaultFile | None:
        files = self.found.get(pid, [])
        if not files:
            return None
        chosen = next((f for f in files if st is not None and f.rel == st.name), files[0])
        for other in files:
            if other is not chosen:
                self.report.lines.append(f"{other.rel}: also holds the paper in {chosen.rel}; left alone")
        return chosen

    def plan(self, pid: str) -> _Step | None:
        st = self.state.entries.get(pid)
        paper = self.library.get(pid)
        found = self._pick(pid, st)
        if paper is None:
            return self._orphan(pid, st, found)
        current = self.library.annotation(pid)
        if found is None:
            return self._no_file(pid, paper, current, st)
        if st is not None and st.conflict:
            return self._open_conflict(pid, paper, current, st, found)
        return self._both(pid, paper, current, st, found)

    # -- the cases ---------------------------------------------------------------

    def _orphan(self, pid: str, st: Synced | None, found: VaultFile | None) -> _Step | None:
        """A file whose paper is not in the library: left as it is, said once."""
        if found is None:
            return _Step(pid, None)  # neither side has it any more: forget it
        if st is None:
            self.report.lines.append(f"unmatched {found.rel}: no paper with this id in the library; left alone")
            return None
        line = "" if st.gone == "paper" else f"kept {found.rel}: its paper is no longer in the library"
        return _Step(pid, Synced(found.rel, st.fields, found.text, gone="paper"), line=line)

    def _no_file(self, pid: str, paper: Any, current: Annotation, st: Synced | None) -> _Step | None:
        entry = Entry(paper, current)
        if st is None or st.gone == "paper":
            if not current.is_annotated:
                return None
            path = self._new_file(entry)
            return self._written(pid, entry, path, f"new {self.vault.rel(path)}")
        changed = [k for k in EDITABLE_FIELDS if value_hash(k, getattr(current, k)) != st.fields.get(k, EMPTY[k])]
        if st.gone == "file":
            if not changed:
                return None
            path = self._new_file(entry)
            return self._written(pid, entry, path, f"re-created {self.vault.rel(path)}: its notes changed since the file was deleted in the vault")
        line = f"{st.name}: deleted in the vault; the notes stay in the library (the file comes back when they change)"
        return _Step(pid, Synced(st.name, st.fields, st.text, gone="file"), line=line)

    def _written(
        self, pid: str, entry: Entry, path: Path, line: str, remove: Path | None = None, keep: VaultFile | None = None, user_named: bool = False
    ) -> _Step:
        text = self._render(entry, keep=keep.note if keep else None)
        values = annotation_values(entry.annotation)
        synced = Synced(self.vault.rel(path), field_hashes(values), text_hash(text.encode("utf-8")), user_named=user_named)
        synced.render = render_key(entry.paper.to_doc(), values, FILE_FORMAT)
        return _Step(pid, synced, write=(path, text), remove=remove, line=line, paper=entry.paper, keep=keep.note if keep else None)

    def _open_conflict(self, pid: str, paper: Any, current: Annotation, st: Synced, found: VaultFile) -> _Step:
        conflict = self.vault.root / st.conflict
        if conflict.exists():
            self.report.conflicts += 1
            line = f"conflict {found.rel}: still open; make it what you want and delete {st.conflict}"
            if annotation_hash(current) == st.conflict_lib:
                return _Step(pid, Synced(found.rel, st.fields, found.text, st.conflict, st.conflict_lib, user_named=st.user_named), line=line)
            text = self._render(Entry(paper, current))
            synced = Synced(found.rel, st.fields, found.text, st.conflict, annotation_hash(current), user_named=st.user_named)
            return _Step(pid, synced, write=(conflict, text), line=line + " (its library side updated)")
        # Resolved: the conflict file is gone, so the vault's file is what the user wants.
        want = wanted(found.note, paper.shown_title, current, self.tags, paper.abstract)
        changes = {k: v for k, v in want.items() if not _same(k, v, getattr(current, k))}
        merged = {**annotation_values(current), **changes}
        entry = Entry(paper, Annotation(**{**_dates(current), **merged}))
        step = self._written(pid, entry, found.path, "", keep=found, user_named=st.user_named or st.name != found.rel)
        step.library = changes or None
        step.line = f"resolved {found.rel}: took the vault's file" + (f" ({', '.join(changes)})" if changes else "")
        if changes:
            self.report.imported += 1
        return step

    def _both(self, pid: str, paper: Any, current: Annotation, st: Synced | None, found: VaultFile) -> _Step:
        note = found.note
        want = wanted(note, paper.shown_title, current, self.tags, paper.abstract)
        mine = annotation_values(current)
        if st is not None:
            base = st.fields
        elif note.export_hash and annotation_hash(current) == note.export_hash:
            base = field_hashes(mine)  # the library did not change since this file was written
        elif not note.edited and note.library_id and note.library_id == self.library_id:
            base = field_hashes(want)  # this library wrote the file and nobody edited it since
        else:
            base = {}  # nothing known: a field only one side filled in loses nothing
        theirs_changed = [k for k in EDITABLE_FIELDS if k in want and value_hash(k, want[k]) != base.get(k, EMPTY[k])]
        mine_changed = [k for k in EDITABLE_FIELDS if value_hash(k, mine[k]) != base.get(k, EMPTY[k])]
        clash = [k for k in theirs_changed if k in mine_changed and not _same(k, want[k], mine[k])]
        if clash:
            return self._conflict(pid, paper, current, st, found, base, clash)
        changes = {k: want[k] for k in theirs_changed if not _same(k, want[k], mine[k])}
        merged = {**mine, **changes}
        entry = Entry(paper, Annotation(**{**_dates(current), **merged}))
        behind = [k for k in mine_changed if k not in changes and (k not in want or not _same(k, want[k], mine[k]))]
        untouched = (st is not None and st.text == found.text) or (st is None and not note.edited)
        key = render_key(paper.to_doc(), merged, FILE_FORMAT)
        # Stale: paperdesk would write it differently now (the paper's data, the format). The dates
        # are the file's own: another machine's library has other dates, and that is no change.
        as_filed = Entry(paper, Annotation(**{**_dates(current), **_file_dates(note), **merged}))
        stale = (
            untouched
            and (st is None or st.render != key)
            and text_hash(self._render(as_filed, note.exported or self.now, note).encode("utf-8")) != found.text
        )
        user_named = st is not None and (st.user_named or st.name != found.rel)
        target = None if user_named else self._rename(entry, st, found)
        lines = []
        if changes:
            self.report.imported += 1
            lines.append(f"from the vault {found.rel}: {', '.join(changes)}")
        if st is not None and st.name != found.rel and not st.gone:
            lines.append(f"followed {st.name} -> {found.rel} (moved or renamed in the vault)")
        if behind or stale or changes:
            # Imported changes are written back too: the file then carries a fresh export_hash, so
            # `export --per-paper` and a sync without state see it as paperdesk's again.
            step = self._written(pid, entry, target or found.path, "", remove=found.path if target else None, keep=found, user_named=user_named)
            lines.append(f"updated {self.vault.rel(target or found.path)}" + (f" (renamed from {found.rel})" if target else ""))
        elif target:
            step = _Step(pid, Synced(self.vault.rel(target), field_hashes(merged), found.text, user_named=user_named, render=key), remove=found.path)
            step.write = (target, "")  # a rename: the bytes stay
            lines.append(f"renamed {found.rel} -> {self.vault.rel(target)}")
        else:
            step = _Step(pid, Synced(found.rel, field_hashes(merged), found.text, user_named=user_named, render=key))
            if not changes:
                self.report.in_step += 1
        step.library = changes or None
        step.line = "; ".join(lines)
        return step

    def _rename(self, entry: Entry, st: Synced | None, found: VaultFile) -> Path | None:
        """The new path when the paper's title changed and the sync named the file; else None."""
        if st is None or st.name != found.rel or stem_of(found.path.name) == paper_stem(entry):
            return None
        taken = self.vault.taken(found.path.parent)
        taken.discard(found.path.name.casefold())
        target = found.path.parent / unique_name(paper_stem(entry), taken)
        return None if target == found.path else target

    def _conflict(self, pid: str, paper: Any, current: Annotation, st: Synced | None, found: VaultFile, base: dict[str, str], clash: list[str]) -> _Step:
        self.report.conflicts += 1
        folder = found.path.parent
        path = folder / conflict_name(found.path.name, day(self.now), self.vault.taken(folder))
        text = self._render(Entry(paper, current))
        user_named = st is not None and (st.user_named or st.name != found.rel)
        synced = Synced(found.rel, dict(base), found.text, self.vault.rel(path), annotation_hash(current), user_named=user_named)
        line = (
            f"conflict {found.rel}: {', '.join(clash)} changed in the vault and in the library since the last sync; "
            f"both kept, the library's side in {self.vault.rel(path)}"
        )
        return _Step(pid, synced, write=(path, text), line=line)


_DATES = ("created", "updated", "opened", "started", "finished")


def _dates(annotation: Annotation) -> dict[str, Any]:
    return {k: getattr(annotation, k) for k in ("id", *_DATES)}


def _file_dates(note: NoteFile) -> dict[str, str]:
    return {k: str(note.front_matter.get(k) or "") for k in _DATES}


#: Swapped by the failure tests (a full disk halfway).
write_text: Callable[..., None] = atomic_write_text


def sync_vault(library: SyncLibrary, vault: str | os.PathLike[str], *, library_key: str, now: str | None = None) -> SyncReport:
    """Sync `library` with the per-paper files in `vault`; return what happened.

    Raises `SyncError` when the library cannot be saved (nothing written to
    the vault then) or a file cannot be written (the files before it, the
    library and the state stay valid; the next sync finishes).
    """
    root = Path(vault).expanduser()
    if root.exists() and not root.is_dir():
        raise SyncError(f"{root}: is a file; a vault is a folder")
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SyncError(f"{root}: cannot create the folder ({os_reason(exc)})") from None
    if getattr(library, "read_only", False):
        raise SyncError(f"{getattr(library, 'notice', '') or 'the library is open read-only'}; nothing synced")
    report = SyncReport()
    state = SyncState.load(root, library_key)
    if state.warning:
        report.warnings.append(state.warning)
    found = scan(root, report)
    planner = _Planner(library, root, state, found, now or utc_now(), report)
    notes = library.annotations()
    annotated = [p.id for p in library.papers if p.id in found or p.id in state.entries or (p.id in notes and notes[p.id].is_annotated)]
    order = list(dict.fromkeys([*annotated, *sorted(found), *sorted(state.entries)]))
    steps = [step for pid in order if (step := planner.plan(pid)) is not None]
    changes = {s.pid: s.library for s in steps if s.library}
    if changes:
        try:
            library.save_annotations(changes)
        except (PaperdeskError, OSError) as exc:
            raise SyncError(f"nothing synced: the library could not be saved ({exc})") from None
        report.updated_ids = list(changes)
        for step in steps:
            if step.library and step.write is not None and step.write[1] and step.paper is not None and step.state is not None:
                # Saving set the dates (updated, finished): the file shows what the library now holds.
                text = planner._render(Entry(step.paper, library.annotation(step.pid)), keep=step.keep)
                step.write = (step.write[0], text)
                step.state.text = text_hash(text.encode("utf-8"))
    try:
        for step in steps:
            _apply(step, report, state)
    finally:
        fsync_dir(root)
        try:
            state.save()
        except OSError as exc:
            report.warnings.append(f"{state.path.name}: not saved ({os_reason(exc)}); the next sync compares the files themselves")
    return report


def _apply(step: _Step, report: SyncReport, state: SyncState) -> None:
    """Do one paper's file operation, then record its new state (not before: a failure keeps the old)."""
    if step.write is not None:
        path, text = step.write
        try:
            if step.remove is not None and step.remove != path:
                # Rename first, then write: a failure between leaves one file, under the new name.
                os.replace(step.remove, path)
            if text:
                write_text(path, text, durable=False, mode=document_mode(path))
        except OSError as exc:
            done = f"; the {plural(report.written, 'file')} written before it {'is' if report.written == 1 else 'are'} in place" if report.written else ""
            raise SyncError(f"{path}: cannot write ({os_reason(exc)}); the library and the vault are valid, sync again{done}") from None
        report.written += 1
    if step.line:
        report.lines.append(step.line)
    if step.state is None:
        state.entries.pop(step.pid, None)
    else:
        state.entries[step.pid] = step.state
