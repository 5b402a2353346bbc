"""Reading per-paper Markdown exports back: notes, highlights, rating, status, tags and title, by paper id.

A file is matched to a paper by the `id` in its front matter. For each paper
the file's values are compared with the library's:

- equal: nothing to do;
- the library's annotation still hashes to the file's `export_hash` (it did
  not change since the export), or every differing field is empty in the
  library (nothing would be lost): the file's values are saved;
- otherwise the library changed after the export: a conflict, reported and
  left alone unless `force`.

The title in the file is the shown title. `renamed: false` in the front
matter means the reader had not renamed the paper, so the title is not
imported as a rename: a paper's derived title may differ on the other
machine (another paperdesk version) and must not become a rename there. To
rename a paper from Obsidian, edit `title` and set `renamed: true`. Without
a `renamed` key, a title that differs from the paper's own is a rename.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from tui.core.errors import InputFileError, PaperdeskError, os_reason
from tui.core.export import frontmatter
from tui.core.export.filenames import is_conflict_name
from tui.core.export.highlights_md import highlights_section, merged
from tui.core.export.markdown import NOTES_HEADING, annotation_hash, values_hash
from tui.core.export.own_text import OwnText, own_text
from tui.core.export.vault_markdown import library_tags, shift_headings, tag_lookup, vault_tag
from tui.core.models import EDITABLE_FIELDS, Annotation, Paper, Status
from tui.core.render.text import clean, one_line
from tui.core.words import plural


class NotesLibrary(Protocol):
    """What a notes import (and a vault sync) reads and writes of a library: `core.library.Library`, which the
    export layer, below it, does not import."""

    def get(self, pid: str) -> Paper | None: ...

    def annotation(self, pid: str) -> Annotation: ...

    def annotations(self) -> dict[str, Annotation]: ...

    def save_annotations(self, changes: dict[str, dict[str, Any]]) -> dict[str, Annotation]: ...


#: Notes files larger than this are refused (a vault note is a few kilobytes).
MAX_FILE_BYTES = 5_000_000


class NotAnExport(InputFileError):
    """A Markdown file without a paperdesk front matter: a folder import skips it quietly."""


@dataclass(slots=True)
class NoteFile:
    """What one exported file says about one paper."""

    path: Path
    id: str
    title: str
    renamed: bool | None
    rating: int
    status: Status
    tags: tuple[str, ...]
    notes: str | None  # None: the file has no `## Notes` section, so the library's notes stay
    export_hash: str = ""
    typed_tags: tuple[str, ...] = ()  # the library's spelling of `tags`, when any differs
    exported: str = ""  # when paperdesk wrote the file: a sync renders it again with this stamp to compare
    front_matter: dict[str, Any] = field(default_factory=dict)  # as read, for a rewrite to keep the vault's own keys
    highlights: list[tuple[str, str]] | None = None  # (text, comment) under `## Highlights`; None: no such section
    own_text: OwnText = ()  # the reader's own text before the notes, for a rewrite to put back (`own_text`)

    @property
    def library_id(self) -> str:
        """The `library_id` of the library that wrote the file ("" when not said)."""
        return str(self.front_matter.get("library_id") or "")

    @property
    def edited(self) -> bool:
        """True when the file's values no longer hash to its `export_hash`: edited since it was written."""
        return not self.export_hash or file_hash(self) != self.export_hash


def file_hash(note: NoteFile) -> str:
    """`annotation_hash` of what the file says (a file without a notes section counts as edited)."""
    if note.notes is None:
        return ""
    pairs = [[" ".join(t.split()), c] for t, c in note.highlights or ()]
    return values_hash(note.notes, note.rating, note.status, note.tags, note.title if note.renamed else "", pairs)


@dataclass
class Change:
    """One paper whose annotation the import changed, or would change but for a conflict."""

    path: Path
    pid: str
    fields: list[str]

    def line(self, verb: str) -> str:
        return f"{verb} {self.path.name}: {', '.join(self.fields)}"


@dataclass
class NotesImportReport:
    """Everything an import did and did not do, for the CLI and the app to print."""

    changed: list[Change] = field(default_factory=list)
    conflicts: list[Change] = field(default_factory=list)
    unchanged: int = 0
    unmatched: list[Path] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """A line per changed paper, conflict and unmatched file, then a summary line."""
        out = [c.line("updated") for c in self.changed]
        out += [
            c.line("conflict") + " (changed in the library since the export; kept the library's, use --force to take the file's)"
            for c in self.conflicts
        ]
        out += [f"unmatched {p.name}: no paper with this id in the library" for p in self.unmatched]
        out.append(
            f"notes: {len(self.changed)} updated, {self.unchanged} unchanged, "
            f"{plural(len(self.conflicts), 'conflict')}, {len(self.unmatched)} unmatched, {len(self.errors)} unreadable"
        )
        return out


# -- reading files --------------------------------------------------------------------


def parse_note_text(text: str, path: Path) -> NoteFile:
    """Parse one exported file; raise `InputFileError` naming the file and the problem."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:
        fields, body = frontmatter.split(text)
    except ValueError as exc:
        raise InputFileError(path, str(exc)) from None
    if fields is None or "id" not in fields:
        raise NotAnExport(path, "not a paperdesk notes export (no front matter with an id)")
    raw_id = fields["id"]
    # An all-digit id whose quotes were removed by hand reads back as a number.
    pid = f"{raw_id:012d}" if isinstance(raw_id, int) and not isinstance(raw_id, bool) else str(raw_id).strip()
    return NoteFile(
        path=path,
        id=pid,
        title=_text(fields.get("title"), path, "title"),
        renamed=fields["renamed"] if isinstance(fields.get("renamed"), bool) else None,
        rating=_rating(fields.get("rating"), path),
        status=_status(fields.get("status"), path),
        tags=_tags(fields.get("tags"), path),
        notes=_unnested(notes_section(body), fields.get("notes_heading_offset")),
        export_hash=str(fields.get("export_hash") or ""),
        typed_tags=_tags(fields.get("typed_tags"), path),
        exported=str(fields.get("exported") or ""),
        front_matter=fields,
        highlights=highlights_section(before_notes := _before_notes(body)),
        own_text=own_text(before_notes),
    )


def _before_notes(body: str) -> str:
    """The part of a file's body before `## Notes` (a note's own headings are no sections of ours)."""
    at = ("\n" + body).find("\n" + NOTES_HEADING + "\n")
    return body if at < 0 else body[:at]


def _unnested(notes: str | None, offset: Any) -> str | None:
    """The notes with their headings back at the levels typed (files say how far export moved them)."""
    if notes is None or isinstance(offset, bool) or not isinstance(offset, int) or not 0 < offset < 6:
        return notes
    return shift_headings(notes, -offset)


def notes_section(body: str) -> str | None:
    """The notes: everything after the first `## Notes` line and the blank line after it.

    Export ends the notes with one newline, removed here, so notes
    round-trip exactly. No `## Notes` heading gives None: a heading
    deleted by hand must not wipe the library's notes.
    """
    marker = NOTES_HEADING + "\n"
    if body.startswith(marker):
        start = len(marker)
    else:
        at = body.find("\n" + marker)
        if at < 0:
            return None if body.rstrip("\n").rsplit("\n", 1)[-1] != NOTES_HEADING else ""
        start = at + 1 + len(marker)
    rest = body[start:]
    rest = rest.removeprefix("\n")
    return clean(rest.removesuffix("\n"))


def _text(value: Any, path: Path, key: str) -> str:
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        raise InputFileError(path, f"'{key}' in the front matter should be text")
    return clean(str(value))


def _rating(value: Any, path: Path) -> int:
    if value in (None, ""):
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 5:
        raise InputFileError(path, f"'rating' should be a whole number from 0 to 5, not {one_line(repr(value))[:40]}")
    return value


def _status(value: Any, path: Path) -> Status:
    if value in (None, ""):
        return Status.UNREAD
    try:
        return Status(str(value).strip().lower())
    except ValueError:
        known = ", ".join(s.value for s in Status)
        raise InputFileError(path, f"unknown 'status' {one_line(str(value))[:40]!r} (expected one of {known})") from None


def _tags(value: Any, path: Path) -> tuple[str, ...]:
    if value in (None, ""):
        return ()
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, list) or any(isinstance(t, (dict, list)) for t in value):
        raise InputFileError(path, "'tags' should be a list of words")
    tags = (one_line(clean(str(t))) for t in value if t is not None)
    return tuple(dict.fromkeys(t for t in tags if t))


def read_note_file(path: str | os.PathLike[str]) -> NoteFile:
    """Read and parse one exported `.md` file."""
    source = Path(path)
    try:
        if source.stat().st_size > MAX_FILE_BYTES:
            raise InputFileError(source, "too large for a notes file")
        raw = source.read_bytes()
    except FileNotFoundError:
        raise InputFileError(source, "no such file") from None
    except IsADirectoryError:
        raise InputFileError(source, "is a directory") from None
    except OSError as exc:
        raise InputFileError(source, f"cannot be read ({os_reason(exc)})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputFileError(source, "not UTF-8 text") from None
    return parse_note_text(text, source)


#: How deep a notes import looks into sub-folders (a vault's folders, not a whole home directory).
MAX_DEPTH = 3


def markdown_files(folder: Path) -> Iterator[Path]:
    """The `.md` files under `folder`, sorted, skipping hidden folders like `.obsidian` and `.trash`."""
    base = len(folder.parts)
    for root, dirs, files in os.walk(folder):
        deep = len(Path(root).parts) - base >= MAX_DEPTH
        dirs[:] = [] if deep else sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.lower().endswith(".md") and not name.startswith(".") and not is_conflict_name(name):
                yield Path(root) / name


def _looks_exported(path: Path) -> bool:
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096).decode("utf-8", errors="replace").replace("\r\n", "\n")
    except OSError:
        return False
    head = head.removeprefix("\ufeff")
    return head.startswith("---\n") and any(line.startswith("id:") for line in head.split("\n---")[0].split("\n"))


def is_notes_export(path: str | os.PathLike[str]) -> bool:
    """True for a `.md` file with a paperdesk id in its front matter, or a folder holding one.

    The CLI's `import` uses this to send notes to this importer and paper
    lists to the list importer.
    """
    source = Path(path)
    if source.is_dir():
        # The first few notes decide: an export folder is full of them.
        return any(_looks_exported(p) for p in itertools.islice(markdown_files(source), 50))
    return source.suffix.lower() == ".md" and source.is_file() and _looks_exported(source)


# -- applying ---------------------------------------------------------------------------


def wanted(note: NoteFile, paper_title: str, current: Annotation | None = None, tags: dict[str, str] | None = None, abstract: str = "") -> dict[str, Any]:
    """The annotation fields the file asks for (title "" for "not renamed").

    Highlights are asked for only when the file has a `## Highlights` section;
    new ones are anchored in `abstract` (`highlights_md.merged`).

    Tags in their vault form (`llm-training`) map back to the tag as the
    library holds it (`llm training`): the paper's own (`current`) first,
    then any tag in `tags` (vault form -> library form).
    """
    title = "" if note.renamed is False or note.title == paper_title else note.title
    if note.typed_tags and list(dict.fromkeys(vault_tag(t) for t in note.typed_tags)) == list(note.tags):
        file_tags = tuple(dict.fromkeys(note.typed_tags))  # tags not edited in the vault
    else:
        typed = tag_lookup(note.typed_tags)
        own = tuple(note.typed_tags) + (current.tags if current else ())
        file_tags = library_tags((typed.get(t, t) for t in note.tags), own, tags or {})
    want: dict[str, Any] = {"rating": note.rating, "status": note.status, "tags": file_tags, "title": title}
    if note.notes is not None:
        want["notes"] = note.notes
    if note.highlights is not None:
        want["highlights"] = merged(note.highlights, current.highlights if current else (), abstract)
    return want


def differing(current: Annotation, want: dict[str, Any]) -> list[str]:
    """The fields where the library and the file disagree (notes ignore trailing whitespace)."""
    out = []
    for key in EDITABLE_FIELDS:
        if key not in want:
            continue
        mine, theirs = getattr(current, key), want[key]
        if key == "notes" and mine:
            # An editor adding or trimming a final newline is not a change.
            mine, theirs = mine.rstrip(), theirs.rstrip()
        if mine != theirs:
            out.append(key)
    return out


def _empty(current: Annotation, key: str) -> bool:
    return getattr(current, key) == getattr(Annotation(current.id), key)


def import_notes(library: NotesLibrary, path: str | os.PathLike[str], *, force: bool = False) -> NotesImportReport:
    """Restore annotations from an exported folder or file into `library`; report what happened.

    Unreadable files are reported and skipped; the rest still import, all
    in one atomic `save_annotations` write (all or nothing).
    """
    source = Path(path)
    report = NotesImportReport()
    if not source.exists():
        raise InputFileError(source, "no such file or folder")
    paths = list(markdown_files(source)) if source.is_dir() else [source]
    seen: dict[str, Path] = {}
    pending: list[tuple[Change, dict[str, Any]]] = []
    known_tags = tag_lookup(t for a in library.annotations().values() for t in a.tags)
    for file in paths:
        try:
            note = read_note_file(file)
        except NotAnExport as exc:
            if not source.is_dir():
                report.errors.append(str(exc))
            continue  # in a folder, the vault's other notes are none of our business
        except PaperdeskError as exc:
            report.errors.append(str(exc))
            continue
        paper = library.get(note.id)
        if paper is None:
            report.unmatched.append(file)
            continue
        if note.id in seen:
            report.errors.append(f"{file}: paper {note.id} is also in {seen[note.id].name}; skipped")
            continue
        seen[note.id] = file
        _plan(library, paper, note, force, report, pending, known_tags)
    if pending:
        try:
            library.save_annotations({c.pid: fields for c, fields in pending})
        except (PaperdeskError, OSError) as exc:
            report.errors.append(f"{source}: nothing imported, the library could not be saved ({exc})")
        else:
            report.changed.extend(c for c, _ in pending)
    return report


def _plan(library: NotesLibrary, paper: Paper, note: NoteFile, force: bool, report: NotesImportReport, pending: list, tags: dict[str, str]) -> None:
    """Compare one file with the library: unchanged, a conflict, or a change to save."""
    current = library.annotation(paper.id)
    want = wanted(note, paper.shown_title, current, tags, paper.abstract)
    diff = differing(current, want)
    if not diff:
        report.unchanged += 1
        return
    untouched = bool(note.export_hash) and annotation_hash(current) == note.export_hash
    nothing_lost = all(_empty(current, key) for key in diff)
    change = Change(note.path, paper.id, diff)
    if not (untouched or nothing_lost or force):
        report.conflicts.append(change)
        return
    pending.append((change, {key: want[key] for key in diff}))
