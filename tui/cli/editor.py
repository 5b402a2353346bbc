"""Editing a text in the user's own editor ($VISUAL, else $EDITOR), as git and crontab do (for `note --edit`)."""

from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
from pathlib import Path

from tui.core.errors import PaperdeskError

#: Used when neither $VISUAL nor $EDITOR is set.
FALLBACK_EDITOR = "vi"


class EditorFailed(PaperdeskError):
    """The editor could not be started or exited with a non-zero status; nothing is saved."""


def editor_command() -> list[str]:
    """$VISUAL, else $EDITOR, else vi, split as a shell would split it ("code --wait" works)."""
    for name in ("VISUAL", "EDITOR"):
        value = os.environ.get(name, "").strip()
        if value:
            return shlex.split(value)
    return [FALLBACK_EDITOR]


def edit_text(text: str, suffix: str = ".md") -> str:
    """Open `text` in the user's editor and return what was saved when it exits with status 0.

    The text goes into a private temp file (0600) that is removed afterwards;
    an editor that cannot start or exits non-zero raises `EditorFailed`.
    """
    command = editor_command()
    fd, name = tempfile.mkstemp(prefix="paperdesk-", suffix=suffix)
    path = Path(name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        try:
            status = subprocess.call([*command, str(path)])
        except OSError as exc:
            raise EditorFailed(f"{command[0]}: the editor could not be started ({exc.strerror or exc}); nothing changed") from None
        if status != 0:
            raise EditorFailed(f"{command[0]}: the editor exited with status {status}; nothing changed")
        try:
            return path.read_bytes().decode("utf-8")
        except UnicodeDecodeError as exc:
            raise EditorFailed(f"{path}: the edited notes are not UTF-8 (offset {exc.start}); nothing changed") from None
    finally:
        try:
            path.unlink()
        except OSError:
            pass
