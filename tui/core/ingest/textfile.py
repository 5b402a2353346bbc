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


def check_file(path: str | Path) -> Path:
    """The path, when it names a file paperdesk may read; InputFileError naming it and the reason otherwise."""
    p = Path(path)
    try:
        if p.is_dir():
            raise InputFileError(p, "is a directory, not a file")
        if not p.exists():
            raise InputFileError(p, "no such file")
        size = p.stat().st_size
    except OSError as exc:
        raise os_error(p, exc) from None
    if size > MAX_BYTES:
        raise InputFileError(p, f"too large ({size // (1024 * 1024)} MiB)")
    return p


def os_error(path: Path, exc: OSError) -> InputFileError:
    """A failed read as the one line to show."""
    if isinstance(exc, PermissionError):
        return InputFileError(path, "permission denied")
    return InputFileError(path, f"cannot be read ({os.strerror(exc.errno) if exc.errno else exc})")


def read_bytes(path: str | Path) -> bytes:
    """Read a whole file, naming the file and the reason when that is impossible."""
    p = check_file(path)
    try:
        return p.read_bytes()
    except OSError as exc:
        raise os_error(p, exc) from None


def decode_text(data: bytes, path: str | Path) -> str:
    """Decode UTF-8 (with or without BOM), BOM-marked UTF-16/32, or unmistakable BOM-less UTF-16.

    Anything else (Latin-1, Windows-1252, …) is refused with the offset of the
    first bad byte rather than guessed at: the same bytes mean different
    letters in each 8-bit code page, and a wrong guess would store mojibake
    that ids then depend on. The message says to save the file as UTF-8.
    """
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(encoding)
            except UnicodeDecodeError as exc:
                raise InputFileError(path, f"is not valid {encoding.upper()} text (bad bytes at offset {exc.start})") from None
    if b"\x00" in data:
        text = _bomless_utf16(data)
        if text is not None:
            return text
        raise InputFileError(path, "is a binary file, not text (it contains NUL bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputFileError(
            path, f"is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); save it as UTF-8"
        ) from None


def _bomless_utf16(data: bytes) -> str | None:
    """UTF-16 saved without a byte-order mark (some Windows tools), when that is beyond doubt.

    Text in a Latin script as UTF-16 has a NUL in every other byte, all on one
    side; binary data does not. Decode only then, and only when the result
    holds no NUL or other control character besides whitespace.
    """
    if len(data) % 2 or len(data) < 4:
        return None
    even, odd = data[0::2].count(0), data[1::2].count(0)
    if even and odd or max(even, odd) < len(data) // 6:
        return None
    try:
        text = data.decode("utf-16-le" if odd else "utf-16-be")
    except UnicodeDecodeError:
        return None
    if any(ord(c) < 0x20 and c not in "\t\n\r\f" for c in text):
        return None
    return text


def read_text(path: str | Path) -> str:
    """Read a file as text with universal newlines: CRLF and lone CR become LF."""
    text = decode_text(read_bytes(path), path)
    return text.replace("\r\n", "\n").replace("\r", "\n")
