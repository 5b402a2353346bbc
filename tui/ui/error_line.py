"""Errors as the one line a notification shows: the file and the system's reason, never a traceback."""

from __future__ import annotations

from tui.core.errors import PaperdeskError, os_reason
from tui.core.render.text import one_line


def error_line(exc: BaseException, where: object = None) -> str:
    """`exc` as one line; an operating-system error names its file (`where` when it names none).

    paperdesk's own errors already name the file and say why, so they are shown as they are.
    """
    if isinstance(exc, OSError) and not isinstance(exc, PaperdeskError):
        place = exc.filename or where
        return one_line(f"{place}: {os_reason(exc)}" if place else os_reason(exc))
    return one_line(str(exc) or type(exc).__name__)
