"""One person, every spelling: a name's key (case, accents, spacing and "Family, Given" order aside) and whether two
spellings could be one person ("A. Aamand" and "Anders Aamand").

Lists spell one author many ways: PMLR's COLT and L4DC files hold "Cort\\'es, Jorge", "Cortés, Jorge" and
"Cortes, Jorge"; "Foster, Dylan J" and "Foster, Dylan J."; "McCulloch" and "Mcculloch"; "Vasile, Cristian-Ioan"
and "Vasile, Cristian Ioan". Those share a `name_key` and are one person without further evidence. A spelling
that only *could* be the same person (`could_be`: initials for given names, a middle name left out) is not
enough alone: the surname is shared by homonyms ("Musco, Cameron" and "Musco, Christopher" are both "C. Musco"),
so `core.people.person` asks the rest of the record (a shared co-author, the same paper) before joining them.

Pure and cheap: the author page and `followed:` key every author of a library with it.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

#: Letters NFKD does not take apart into a base letter and a mark (ø, ł, ß...), as the base letters people type.
_LETTERS = str.maketrans({"ø": "o", "Ø": "o", "ł": "l", "Ł": "l", "ß": "ss", "đ": "d", "Đ": "d", "æ": "ae", "Æ": "ae",
                          "œ": "oe", "Œ": "oe", "ı": "i", "ð": "d", "þ": "th"})
#: A nickname in parentheses ("Mufan (Bill) Li"): not part of the name compared.
_NICKNAME = re.compile(r"\([^)]*\)")
#: What separates the parts of a name: spaces, hyphens ("Cristian-Ioan"), the periods of initials ("A.M.H."), quotes.
_SEPARATORS = re.compile(r"[\s\-\u2010-\u2015.,'’`\"]+")
#: Generational suffixes, left out of the key's surname ("Ralph Jr." is still "Ralph").
_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})


def _plain(name: str) -> str:
    """The name as shown: LaTeX accents rendered ("G{\\'e}rard" -> "Gérard"), braces gone ("{van} Beethoven")."""
    if "\\" in name or "{" in name:
        from tui.core.render.latex import to_unicode  # only for names a BibTeX file left in LaTeX

        name = to_unicode(name)
    return name


def _reordered(name: str) -> str:
    """"Family, Given" (and "Family, Suffix, Given") as "Given Family Suffix"; a stray trailing comma ("Chewi, Sinho,") dropped."""
    parts = [part.strip() for part in name.strip().strip(",").split(",")]  # (the first part is never empty, then)
    if len(parts) == 2 and parts[1]:
        return f"{parts[1]} {parts[0]}"
    if len(parts) == 3 and parts[2]:
        return f"{parts[2]} {parts[0]} {parts[1]}"
    return " ".join(parts)


def bare(text: str) -> str:
    """Accents off, case folded: "Áda" -> "ada", "Łukasz" -> "lukasz"."""
    text = unicodedata.normalize("NFKD", text.translate(_LETTERS))
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold().translate(_LETTERS)


class Name:
    """A spelling taken apart: its words (bare, in "Given Family" order), its `key`, the family name (the last word
    that is not a suffix) and the given names before it. Computed once per spelling (`parse_name` caches it):
    a library's every author is looked at for each page and each follow."""

    __slots__ = ("words", "key", "family", "given")

    def __init__(self, words: tuple[str, ...]) -> None:
        self.words = words
        self.key = " ".join(words)
        """What every spelling of this name shares: "ada lovelace" for "LOVELACE, Ada" and "Áda  Lovelace"."""
        core = words
        while len(core) > 1 and core[-1] in _SUFFIXES:
            core = core[:-1]
        self.family = core[-1] if core else ""
        self.given = core[:-1]

    def __repr__(self) -> str:
        return f"Name({self.words!r})"

    @property
    def initial_key(self) -> str:
        """The family name and the first initial ("a aamand"): how a co-author is recognised in any spelling."""
        given = self.given
        return f"{given[0][0]} {self.family}" if given else self.family


@lru_cache(maxsize=65536)
def parse_name(name: str) -> Name:
    """A spelling as a `Name` (cached: a library repeats its authors, and every `followed:` walks them all)."""
    text = _NICKNAME.sub(" ", _reordered(_plain(name)))
    return Name(tuple(word for word in _SEPARATORS.split(bare(text)) if word))


def shown_name(name: str) -> str:
    """The spelling as a reader writes it: "Lovelace, Ada" -> "Ada Lovelace", LaTeX rendered, spaces collapsed."""
    return " ".join(_reordered(_plain(name)).split())


def name_key(name: str) -> str:
    """The key every spelling of one name shares (case, accents, spacing, hyphens, periods and "Family, Given" aside)."""
    return parse_name(name).key


def _given_fits(a: str, b: str) -> bool:
    """One given name and another could be the same: equal, or one is the other's initial."""
    if a == b:
        return True
    return (len(a) == 1 and b.startswith(a)) or (len(b) == 1 and a.startswith(b))


def could_be(a: str | Name, b: str | Name) -> bool:
    """Two spellings could name one person: the same family name, and given names that fit one by one (equal or
    an initial of the other), where one may leave out names the other has after its first ("Aaron Ames" and
    "Aaron D. Ames"). True for equal keys; False for another first name ("Cameron" and "Christopher" Musco) or
    a name with no given names (a surname alone joins nobody)."""
    left = a if isinstance(a, Name) else parse_name(a)
    right = b if isinstance(b, Name) else parse_name(b)
    if left.key == right.key:
        return bool(left.key)
    if not left.family or left.family != right.family or not left.given or not right.given:
        return False
    short, long = sorted((left.given, right.given), key=len)
    if not _given_fits(short[0], long[0]):
        return False
    rest = list(long[1:])
    for word in short[1:]:  # the shorter one's middle names, in order, among the longer one's
        while rest and not _given_fits(word, rest[0]):
            rest.pop(0)
        if not rest:
            return False
        rest.pop(0)
    return True


def is_abbreviated(name: str) -> bool:
    """The spelling gives a given name as an initial only ("A. Aamand", "Simon S. Du")."""
    return any(len(word) == 1 for word in parse_name(name).given)
