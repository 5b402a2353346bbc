"""Reading a user's file as text, turning every way it can fail into one clear line."""

from __future__ import annotations

import codecs
import os
from pathlib import Path

from tui.core.errors import InputFileError

#: Files larger than this are refused before reading: no paper list is this big.
MAX_BYTES = 512 * 1024 * 1024

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def read_bytes(path: str | Path) -> bytes:
    """Read a whole file, naming the file and the reason when that is impossible."""
    p = Path(path)
    try:
        if p.is_dir():
            raise InputFileError(p, "is a directory, not a file")
        if not p.exists():
            raise InputFileError(p, "no such file")
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise InputFileError(p, f"too large ({size // (1024 * 1024)} MiB)")
        return p.read_bytes()
    except InputFileError:
        raise
    except PermissionError:
        raise InputFileError(p, "permission denied") from None
    except OSError as exc:
        raise InputFileError(p, f"cannot be read ({os.strerror(exc.errno) if exc.errno else exc})") from None


def decode_text(data: bytes, path: str | Path) -> str:
    """Decode UTF-8 (with or without BOM) or BOM-marked UTF-16/32 text.

    Anything else is refused with the offset of the first bad byte rather than
    guessed at: a wrong guess would store mojibake that ids then depend on.
    """
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(encoding)
            except UnicodeDecodeError as exc:
                raise InputFileError(path, f"is not valid {encoding.upper()} text (bad bytes at offset {exc.start})") from None
    if b"\x00" in data:
        raise InputFileError(path, "is a binary file, not text (it contains NUL bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputFileError(
            path, f"is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); save it as UTF-8"
        ) from None


def read_text(path: str | Path) -> str:
    """Read a file as text with universal newlines: CRLF and lone CR become LF."""
    text = decode_text(read_bytes(path), path)
    return text.replace("\r\n", "\n").replace("\r", "\n")
