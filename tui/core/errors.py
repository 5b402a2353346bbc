"""Errors the user sees as one line: they carry a message, never a traceback."""

from __future__ import annotations

from pathlib import Path


class PaperdeskError(Exception):
    """An expected failure with a message fit to print as a single line."""


class InputFileError(PaperdeskError):
    """A file given to paperdesk cannot be used; the message names the file."""

    def __init__(self, path: str | Path, problem: str) -> None:
        self.path = Path(path)
        self.problem = problem
        super().__init__(f"{path}: {problem}")


class LibraryError(PaperdeskError):
    """The library folder or one of its files cannot be used as asked."""


class ReadOnlyLibrary(LibraryError):
    """A write was attempted on a library opened read-only (locked or damaged)."""


class DamagedAnnotations(LibraryError):
    """A read that needs the reader's annotations, refused: the annotations file is damaged, wiped or wrong-typed."""


class LibraryHeld(ReadOnlyLibrary):
    """Another process holds the library's write lock; `pid` names it when known (exit status 3)."""

    def __init__(self, message: str, pid: int | None = None) -> None:
        self.pid = pid
        super().__init__(message)


class NotFound(PaperdeskError):
    """An id or query given on the command line names no paper, or several (`candidates`)."""

    def __init__(self, message: str, candidates: tuple[str, ...] = ()) -> None:
        self.candidates = candidates
        super().__init__(message)


class Cancelled(BaseException):
    """The user stopped an import (Esc in the app, Ctrl+C on the command line) before it wrote its papers.

    Not a `PaperdeskError`: nothing went wrong, and nothing was written; the
    import's outcome says so (`ImportOutcome.cancelled`). A `BaseException`,
    as KeyboardInterrupt is: Ctrl+C raises it wherever the import is, and a
    heuristic's `except Exception` guard (title deriving, LaTeX) must not
    swallow it.
    """


def os_reason(exc: OSError) -> str:
    """Why an operating-system call failed, in the words of the system ("No space left on device")."""
    return exc.strerror or str(exc)
