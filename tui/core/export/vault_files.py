"""The files of a vault as a sync sees them: paper files found by id, names taken in each folder."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from tui.core.errors import InputFileError, PaperdeskError, os_reason
from tui.core.export.notes_import import MAX_FILE_BYTES, NotAnExport, NoteFile, markdown_files, parse_note_text
from tui.core.export.sync_state import text_hash


class Warns(Protocol):
    warnings: list[str]


@dataclass
class VaultFile:
    """One paper file found in the vault."""

    rel: str
    path: Path
    note: NoteFile
    text: str  # hash of its bytes


def stem_of(name: str) -> str:
    """`Title (2).md` -> `Title`: the part of a file name that comes from the title."""
    stem = name[:-3] if name.lower().endswith(".md") else name
    if stem.endswith(")") and " (" in stem:
        head, _, tail = stem.rpartition(" (")
        if tail[:-1].isdigit():
            return head
    return stem


class VaultNames:
    """The vault's folders: which names are taken (case-folded), for new and renamed files."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._taken: dict[Path, set[str]] = {}

    def taken(self, folder: Path) -> set[str]:
        if folder not in self._taken:
            try:
                self._taken[folder] = {name.casefold() for name in os.listdir(folder)}
            except OSError:
                self._taken[folder] = set()
        return self._taken[folder]

    def rel(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()


def scan(vault: Path, report: Warns) -> dict[str, list[VaultFile]]:
    """Paper id -> the paperdesk files holding it (conflict files and other notes left out)."""
    found: dict[str, list[VaultFile]] = {}
    for path in markdown_files(vault):
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                raise InputFileError(path, "too large for a notes file")
            raw = path.read_bytes()
            note = parse_note_text(raw.decode("utf-8"), path)
        except NotAnExport:
            continue
        except UnicodeDecodeError:
            report.warnings.append(f"{path.name}: not UTF-8 text; left alone")
            continue
        except OSError as exc:
            report.warnings.append(f"{path.name}: cannot be read ({os_reason(exc)}); left alone")
            continue
        except PaperdeskError as exc:
            report.warnings.append(f"{exc}; left alone")
            continue
        found.setdefault(note.id, []).append(VaultFile(path.relative_to(vault).as_posix(), path, note, text_hash(raw)))
    return found
