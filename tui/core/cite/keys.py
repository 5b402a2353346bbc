"""Citation keys: one per paper, given once and never changed by paperdesk, so a document that cites it keeps working.

A paper keeps the key its source gave it (a BibTeX key, a paper list's
embedded BibTeX key, a CSL `citation-key` or `id`, an RIS `ID`); a paper
without one gets a key made from the settings' pattern (`KeyPattern`:
first author's family name, year, first significant title word, folded to
lower-case ASCII). A key another paper already holds gets `a`, `b`, … on
the newcomer, never on the paper that held it first (`KeyBook`), and a key
held by a paper in the trash stays its own, so a restore brings it back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from tui.core.cite.ascii import key_words, key_words_of
from tui.core.models import Paper, id_as_key, valid_key

#: The settings' default (`citekey_pattern`): "aamand2026fast".
DEFAULT_PATTERN = "{auth}{year}{title}"
#: What a pattern may name: `{auth}`, `{year}`, `{title}` and `{title2}`…`{title5}` (that many title words).
_PLACEHOLDER = re.compile(r"\{([a-z]+)(\d?)\}")
_PLACES = ("auth", "year", "title")
#: Words never taken as a title's first significant word (Better BibTeX's list, shortened).
SKIP_WORDS = frozenset(
    "a ab about above across after against al along amid among an and anti around as at before behind below beneath beside "
    "besides between beyond but by d da das de del della dem den der des despite die do down du during ein eine el en et "
    "except for from how i il in inside into is it its l la las le les like lo los near nor of off on onto or our over past "
    "per plus since so some than that the their this through to toward towards un una under une unlike until up upon versus "
    "via von we what when where which while why with within without yet zu zum".split()
)
_SUFFIXES = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"})


def legacy_source_key(extra: Mapping[str, Any]) -> str:
    """The source's own key as an older paperdesk kept it in `extra`: a library written before keys existed."""
    for name in ("bibtex_key", "citation-key"):
        value = extra.get(name)
        if isinstance(value, str) and valid_key(value.strip()):
            return value.strip()
    if "type_of_reference" in extra:  # an RIS record (rispy's name for TY): its ID
        return id_as_key(extra.get("id"))
    return ""


def family_name(name: str) -> str:
    """The family name in a display name: "Ada Lovelace" -> "Lovelace", "Smith, John" -> "Smith", "J. Doe Jr." -> "Doe"."""
    name = name.strip()
    if "," in name:
        return name.partition(",")[0].strip()
    words = name.split()
    while len(words) > 1 and words[-1].casefold() in _SUFFIXES:
        words.pop()
    return words[-1] if words else ""


def title_words(title: str, count: int = 99) -> list[str]:
    """The first `count` significant words of a title, as a key spells them: LaTeX rendered, ASCII, lower case, skip
    words out (all words when every one is a skip word). Only the words needed are folded: every paper an import
    brings without a key of its own comes through here."""
    from tui.core.render.titles import title_text

    found, skipped = [], []
    for word in key_words_of(title_text(title)):
        if word in SKIP_WORDS or len(word) < 2:
            skipped.append(word)
            continue
        found.append(word)
        if len(found) == count:
            break
    return found or skipped[:count]


class KeyPattern:
    """A parsed `citekey_pattern`: placeholders (`{auth}`, `{year}`, `{title}`, `{title3}`) and literal text."""

    def __init__(self, text: str = DEFAULT_PATTERN) -> None:
        """Raises ValueError (one line) for an unknown placeholder or a character a key cannot hold."""
        self.text = text
        self.parts: list[tuple[str, int]] = []  # (placeholder, count) or (literal text, -1)
        at = 0
        for found in _PLACEHOLDER.finditer(text):
            self._literal(text[at : found.start()])
            name, count = found.group(1), int(found.group(2) or 1)
            if name not in _PLACES or (found.group(2) and (name != "title" or not 1 <= count <= 5)):
                raise ValueError(f"{found.group()} is not a key part (use {{auth}}, {{year}}, {{title}} or {{title2}}…{{title5}})")
            self.parts.append((name, count))
            at = found.end()
        self._literal(text[at:])
        if not any(count >= 0 for _, count in self.parts):
            raise ValueError("names no key part ({auth}, {year}, {title})")

    def _literal(self, text: str) -> None:
        if text:
            if not valid_key(text):  # braces too: a key cannot hold them
                raise ValueError(f"{text!r} holds a character a citation key cannot (spaces, commas, braces, quotes, control characters)")
            self.parts.append((text.lower(), -1))

    def key(self, paper: Paper) -> str:
        """The key this pattern makes for `paper` ("paper" when the paper gives it nothing at all)."""
        out = []
        first = next((a for a in paper.authors if a.strip() and a.strip().casefold() != "et al."), "")
        auth = "".join(key_words(family_name(first)))
        title = paper.title or paper.derived_title
        moved = False  # an author-less paper's key starts from its title, as Better BibTeX's: `loss2018`, not `2018loss`
        if not auth and title and any(name == "auth" for name, count in self.parts if count >= 0):
            words = max((count for name, count in self.parts if name == "title"), default=1)
            auth, moved = "".join(title_words(title, words)), True
        for name, count in self.parts:
            if count < 0:
                out.append(name)
            elif name == "auth":
                out.append(auth)
            elif name == "year":
                out.append("".join(ch for ch in paper.year if ch.isascii() and ch.isdigit())[:4])
            elif not moved:  # the title words stood in for the author: not twice
                out.append("".join(title_words(title, count)))
        key = "".join(out)
        return key if any(ch.isalnum() for ch in key) else "paper"


def _suffix(n: int) -> str:
    """The n-th clash suffix: a … z, aa, ab, …"""
    letters = ""
    n += 1
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


class KeyBook:
    """The keys in use (case-folded -> the paper holding it), and the trash's, which stay their papers'."""

    def __init__(self, held: dict[str, str], reserved: Mapping[str, str] | None = None) -> None:
        self.held = held
        self.reserved = reserved or {}
        #: Papers holding a key here: for any other paper, the suffixes a clash walked past stay taken.
        self._holders = set(held.values()) | set(self.reserved.values())
        #: Per wanted key (folded), how many tries the last clash walked past: a thousand papers
        #: wanting one key must not try a, b, c… again each (a quadratic import).
        self._walked: dict[str, int] = {}

    @classmethod
    def of(cls, papers: Iterable[Paper], reserved: Mapping[str, str] | None = None) -> KeyBook:
        held: dict[str, str] = {}
        for paper in papers:
            if paper.citekey:
                held.setdefault(paper.citekey.casefold(), paper.id)
        return cls(held, reserved)

    def holder(self, key: str) -> str | None:
        """The id of the paper (stored or in the trash) that holds `key`, or None."""
        folded = key.casefold()
        return self.held.get(folded) or self.reserved.get(folded)

    def take(self, wanted: str, pid: str) -> str:
        """`wanted` for paper `pid` when no other paper holds it, else the first of `wanted`+a, +b, … that is free."""
        base = wanted.casefold()
        n = self._walked.get(base, 0) if pid not in self._holders else 0
        key = wanted + _suffix(n - 1) if n else wanted
        while True:
            folded = key.casefold()
            if self.held.get(folded, pid) == pid and self.reserved.get(folded, pid) == pid:
                self.held[folded] = pid
                self._holders.add(pid)
                self._walked[base] = n
                return key
            key, n = wanted + _suffix(n), n + 1


class KeyChanges(Protocol):
    """What `LibraryStore.change_papers` is about to store (the shape every plan has)."""

    added: list[Paper]
    replaced: dict[str, Paper]
    removed: set[str]


def give_keys(stored: list[Paper], changes: KeyChanges, pattern: KeyPattern, reserved: Callable[[], Mapping[str, str]] = dict) -> int:
    """Give a key to every paper `changes` brings that has none, or whose key another paper holds; return how many.

    Stored papers keep theirs (a replaced paper whose key is the stored one's
    too): they held it first. Newcomers come in list order (replaced papers,
    then added ones), each keeping its own key (its source's) when free and
    valid (`valid_key`: no control character), else one the pattern makes.
    Added papers are the plan's own objects and get their key in place;
    replaced ones are copied. `reserved()`: the trash's keys (folded -> id).
    """
    by_id = {p.id: p for p in stored} if changes.replaced else {}
    waiting = [
        pid for pid, paper in changes.replaced.items()
        if not paper.citekey or (old := by_id.get(pid)) is None or old.citekey != paper.citekey
    ]
    if not waiting and not changes.added:
        return 0
    moving = set(waiting) | changes.removed
    book = KeyBook.of((p for p in stored if p.id not in moving), reserved())
    for pid in waiting:
        paper = changes.replaced[pid]
        key = book.take(_own_key(paper) or pattern.key(paper), pid)
        if key != paper.citekey:
            changes.replaced[pid] = paper.with_changes(citekey=key)
    for paper in changes.added:
        paper.citekey = book.take(_own_key(paper) or pattern.key(paper), paper.id)
    return len(waiting) + len(changes.added)


def _own_key(paper: Paper) -> str:
    """The key a paper brings, when BibTeX can read it (a .bib entry's key may hold an ESC: it gets a made key)."""
    return paper.citekey if paper.citekey and valid_key(paper.citekey) else ""


def trashed_keys(batches: Iterable[dict[str, Any]]) -> dict[str, str]:
    """The keys of the papers in the trash (`store.trash_file` batches): case-folded key -> paper id."""
    found: dict[str, str] = {}
    for batch in batches:
        for doc in batch.get("papers", []):
            key, pid = doc.get("citekey"), doc.get("id")
            if isinstance(key, str) and key and isinstance(pid, str):
                found.setdefault(key.casefold(), pid)
    return found
