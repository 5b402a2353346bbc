"""Writing Markdown exports to disk: one file, or one file per paper, never a torn or silently replaced one."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from tui.core.errors import PaperdeskError, os_reason
from tui.core.export import frontmatter
from tui.core.export.filenames import safe_stem, unique_name
from tui.core.export.markdown import Entry, render_document, render_paper_file
from tui.core.export.vault_markdown import shown_title
from tui.core.models import utc_now
from tui.core.store.atomic import atomic_write_text, document_mode, fsync_dir
from tui.core.words import plural

#: Files bigger than this in an export folder are not scanned for a paperdesk id.
SCAN_LIMIT = 1_000_000


class ExportError(PaperdeskError):
    """An export could not be written; the message is one line naming the file."""


class WouldOverwrite(ExportError):
    """The export would replace existing files and `force` was not given."""

    def __init__(self, paths: Sequence[Path], why: str = "already exists") -> None:
        self.paths = list(paths)
        first = self.paths[0]
        more = f" (and {len(self.paths) - 1} more)" if len(self.paths) > 1 else ""
        super().__init__(f"{first}: {why}{more}; nothing written (use --force to overwrite)")


def _write(path: Path, text: str, done: int, durable: bool = True) -> None:
    try:
        atomic_write_text(path, text, durable=durable, mode=document_mode(path))
    except OSError as exc:
        kept = f"; the {plural(done, 'file')} written before it {'is' if done == 1 else 'are'} intact" if done else ""
        raise ExportError(f"{path}: cannot write ({os_reason(exc)}){kept}") from None


def write_document(path: str | os.PathLike[str], items: Sequence[Entry], *, force: bool = False, now: str | None = None) -> Path:
    """Write the one-document export to `path` atomically; refuse to replace a file unless `force`."""
    return write_file(path, lambda: render_document(items, now), force=force)


def write_file(path: str | os.PathLike[str], text: Callable[[], str], *, force: bool = False) -> Path:
    """Write one export file (`text()`, made once the path is known to be free) atomically; refuse to replace
    a file unless `force`. BibTeX, CSL-JSON and RIS exports are written here too."""
    target = Path(path)
    if target.is_dir():
        raise ExportError(f"{target}: is a folder; give a file name, or use per-paper files")
    if target.exists() and not force:
        raise WouldOverwrite([target])
    _make_folder(target.parent)
    _write(target, text(), 0)
    return target


def _make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ExportError(f"{folder}: cannot create the folder ({os_reason(exc)})") from None
    if not folder.is_dir():
        raise ExportError(f"{folder}: is not a folder")


def existing_ids(folder: Path) -> dict[str, str]:
    """Paper id -> file name of the per-paper files already in `folder`.

    A re-export writes each paper to the file that already holds it, even if
    the title changed since, so a vault never gets two files for one paper.
    """
    found: dict[str, str] = {}
    try:
        candidates = sorted(p for p in folder.iterdir() if p.suffix.lower() == ".md" and p.is_file())
    except OSError:
        return found
    for path in candidates:
        try:
            if path.stat().st_size > SCAN_LIMIT:
                continue
            fields, _ = frontmatter.split(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            continue
        pid = fields.get("id") if fields else None
        if isinstance(pid, str) and pid not in found:
            found[pid] = path.name
    return found


def paper_stem(entry: Entry) -> str:
    """The file-name stem of a paper: its shown title with LaTeX rendered, else its id."""
    return safe_stem(shown_title(entry.title), fallback=entry.paper.id)


def edited_outside(path: Path) -> bool:
    """True when `path` exists and is not a paperdesk file left as written (edited, foreign, unreadable).

    A file whose values still hash to its `export_hash` was not edited since
    an export wrote it, so writing over it loses nothing.
    """
    from tui.core.export.notes_import import read_note_file

    if not path.exists():
        return False
    try:
        return read_note_file(path).edited
    except PaperdeskError:
        return True


def plan_files(folder: str | os.PathLike[str], items: Sequence[Entry]) -> list[tuple[Path, Entry]]:
    """Where each paper's file goes: its existing file in `folder`, else a new unique name."""
    target = Path(folder)
    reuse = existing_ids(target) if target.is_dir() else {}
    try:
        taken = {p.name.casefold() for p in target.iterdir()} if target.is_dir() else set()
    except OSError:
        taken = set()
    plan = []
    for entry in items:
        name = reuse.get(entry.paper.id)
        if name is None:
            name = unique_name(paper_stem(entry), taken)
        plan.append((target / name, entry))
    return plan


def write_per_paper(
    folder: str | os.PathLike[str],
    items: Sequence[Entry],
    *,
    force: bool = False,
    now: str | None = None,
    library: str = "",
) -> list[Path]:
    """Write one file per paper into `folder` (created if needed); return the paths.

    Every target is checked before anything is written: without `force`, a
    file edited outside paperdesk since it was written (`edited_outside`)
    stops the export with nothing written; new papers' files and files left
    as written need no `force`. Each file is
    written atomically (temp file + rename: never a torn file); a failure
    stops at that file and leaves the ones before it intact. Files are not
    fsynced one by one (an fsync a file makes a large export crawl); the
    folder is synced once at the end. The library, not the export, is the
    copy that must survive a power cut.
    """
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise ExportError(f"{target}: is a file; per-paper export needs a folder")
    plan = plan_files(target, items)
    if not force:
        clashes = [path for path, _ in plan if edited_outside(path)]
        if clashes:
            raise WouldOverwrite(clashes, "edited outside paperdesk since it was written")
    _make_folder(target)
    stamp = now or utc_now()
    written: list[Path] = []
    for path, entry in plan:
        _write(path, render_paper_file(entry, stamp, library=library), len(written), durable=False)
        written.append(path)
    fsync_dir(target)
    return written
