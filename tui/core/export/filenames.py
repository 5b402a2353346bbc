"""Safe file names from paper titles: valid on Linux, macOS and Windows, and in an Obsidian vault."""

from __future__ import annotations

import re
import unicodedata

from tui.core.render.text import clean

#: Longest stem, in UTF-8 bytes: file systems allow 255 bytes per name, and a
#: suffix like " (12).md", a sync's ".conflict-2026-11-30 (2)" and the temp
#: names of atomic writes need room. Long enough for any real title in full.
MAX_STEM_BYTES = 200

# Characters Windows forbids in names, plus the ones Obsidian's links trip on (# ^ [ ]).
_FORBIDDEN = re.compile(r'[<>"/\\|?*#^\[\]\x00-\x1f\x7f]+')
_RESERVED = {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"} | {
    f"{base}{n}" for base in ("COM", "LPT") for n in (*"123456789", "¹", "²", "³")
}


def safe_stem(title: str, fallback: str = "untitled", max_bytes: int = MAX_STEM_BYTES) -> str:
    """A file-name stem for `title`: never empty, never a path, never reserved.

    Path separators and characters Windows or Obsidian reject become spaces
    (a colon becomes " - "), whitespace collapses, leading dots and dashes
    go (no hidden files, no `..`, nothing that reads as a command option),
    trailing dots and spaces go (Windows drops them), device names like CON
    or NUL get a leading underscore, and the result is cut to `max_bytes` of
    UTF-8 at a character boundary. NFC, so macOS's decomposed
    names compare equal.
    """
    text = unicodedata.normalize("NFC", clean(title))
    text = text.replace(":", " - ")
    text = _FORBIDDEN.sub(" ", text)
    text = " ".join(text.split())
    text = _trim(text)
    encoded = text.encode("utf-8")
    if len(encoded) > max_bytes:
        text = _trim(encoded[:max_bytes].decode("utf-8", errors="ignore"))
    if not text:
        text = _trim(" ".join(_FORBIDDEN.sub(" ", clean(fallback)).split())) or "untitled"
    if text.split(".")[0].rstrip().upper() in _RESERVED:
        text = "_" + text
    return text


def _trim(text: str) -> str:
    # Leading dashes too: a name like "-rf.md" reads as an option on a command line.
    return text.lstrip(". -").rstrip(". ")


def unique_name(stem: str, taken: set[str], suffix: str = ".md") -> str:
    """`stem + suffix`, or `stem (2) + suffix`, … : the first whose case-folded form is not in `taken`.

    `taken` holds case-folded names (Windows and macOS ignore case) and the
    chosen name is added to it, so a loop over many papers stays linear.
    """
    name = stem + suffix
    n = 2
    while name.casefold() in taken:
        name = f"{stem} ({n}){suffix}"
        n += 1
    taken.add(name.casefold())
    return name


#: `NAME.conflict-2026-11-30.md` (or `… (2).md`): the library's side of a sync conflict, beside NAME.md.
_CONFLICT = re.compile(r"\.conflict-\d{4}-\d{2}-\d{2}(?: \(\d+\))?\.md$", re.IGNORECASE)


def is_conflict_name(name: str) -> bool:
    """True for a conflict file a sync wrote: never read as the paper's file."""
    return bool(_CONFLICT.search(name))


def conflict_name(name: str, date: str, taken: set[str]) -> str:
    """`NAME.conflict-DATE.md` for the file `NAME.md`, unique among `taken` (case-folded names)."""
    stem = name[:-3] if name.lower().endswith(".md") else name
    return unique_name(f"{stem}.conflict-{date}", taken)
