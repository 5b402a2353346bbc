"""Finding the method an abstract introduces ("we propose X"), and the acronyms it defines."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from tui.core.ingest.title_phrases import COMMON_WORDS, GENERIC_ACRONYMS, PHRASE_STOPS

# --- finding the method ----------------------------------------------------

_CUE = re.compile(
    r"\b(?:(?:[Ww]e|and|[Pp]aper|[Ww]ork|[Ss]tudy|[Hh]ere)\s+(?:also\s+|further\s+|then\s+)?"
    r"(?P<verb>propose|introduce|present|develop|design|devise|call|name|term|coin)(?:s|d|ed)?"
    r"|(?P<ours>(?:[Oo]ur|[Tt]he)\s+proposed)"
    r"|(?<!-)(?P<label>called|named|termed|dubbed|coined|refer\s+to\s+(?:\w+\s+){0,3}?as))\s+"
)
_LABEL_VERBS = ("call", "name", "term", "coin")
_HYPHENS = re.compile(r"[-–]+")
_WORD = re.compile(r"[\w-]+")
TRAILING_LABEL = re.compile(r"\b(?:called|named|termed|dubbed)\s*$")
_NAME_TOKEN = re.compile(r"[\"“'‘]?([^\W_]\w*(?:[-–]+\w+)*)")
_WINDOW_ITEM = re.compile(r"\([^()]*\)|[^\W_]\w*(?:[-–]+\w+)*")
_SHORT_PAREN = re.compile(r"\(\s*([A-Za-z][\w-]{0,19})\s*\)")
_FOLLOWING_WORDS = re.compile(r"(?:\s+[A-Z]\w*(?:[-–]+\w+)*){0,5}")
_FOLLOWING_PAREN = re.compile(r"\s*\(([^()]{2,120})\)|\s*:\s*([^,;:.()]{3,120})")
_COMMA_ARTICLE = re.compile(r",\s+an?\s")
_NAME_BEFORE = re.compile(r"(?<![\w-])([A-Za-z]\w*(?:-\w+)*)(\s*\([^()]{3,120}\))?\Z")

_LAST_ARTICLE = re.compile(r"\b(?:a|an|the)\s+((?:(?!\b(?:a|an|the)\s)[^.;:])*?)[\s,]*$", re.IGNORECASE)

class Method(NamedTuple):
    """What an abstract says about the method (or phenomenon) it introduces."""

    name: str
    long: str = ""  # the expansion of an acronym name
    pre: str = ""  # the noun phrase naming its kind: "a novel CL framework, ..."
    tail: str = ""  # what follows the name in its sentence
    coined_word: bool = False  # an ordinary word coined for a phenomenon ("supercollapse")

# --- acronyms --------------------------------------------------------------------


def abbreviation_start(short: str, phrase: str) -> int | None:
    """Where in `phrase` the long form of `short` starts (Schwartz & Hearst), or None."""
    s, p = len(short) - 1, len(phrase) - 1
    while s >= 0:
        c = short[s].lower()
        if not c.isalnum():
            s -= 1
            continue
        while p >= 0 and (phrase[p].lower() != c or (s == 0 and p > 0 and phrase[p - 1].isalnum())):
            p -= 1
        if p < 0:
            return None
        p -= 1
        s -= 1
    return phrase.rfind(" ", 0, p + 1) + 1


def _long_form_before(short: str, before: str) -> str:
    """The expansion of `short` ending right before it, as in "Low-Rank Adaptation (LoRA)"."""
    words = before.split()[-min(len(short) + 5, len(short) * 2) :]
    phrase = " ".join(words)
    start = abbreviation_start(short, phrase)
    long = phrase[start:] if start is not None else ""
    return long if len(long) > len(short) and short not in long.split() else ""


def _expands(short: str, phrase: str) -> bool:
    """Whether `phrase` as a whole spells out `short`, as in "SWAN (SGD with Whitening And ...)"."""
    return " " in phrase.strip() and abbreviation_start(short, phrase.strip()) == 0


def _is_short_form(token: str) -> bool:
    """Could be an acronym or a coined name in parentheses ("(LoRA)", "(OOD-Chameleon)")."""
    return 2 <= len(token) <= 20 and any(c.isupper() for c in token) and token[0].isalpha()


def definitions(sentences: list[str]) -> dict[str, str]:
    """Acronyms the abstract defines, mapped to their expansions."""
    defs: dict[str, str] = {}
    for sentence in sentences:
        for m in _SHORT_PAREN.finditer(sentence):
            short = m.group(1)
            if _is_short_form(short) and short not in defs:
                long = _long_form_before(short, sentence[: m.start()])
                if long:
                    defs[short] = long
    return defs


# --- finding the method --------------------------------------------------------------


def _is_strong_name(token: str) -> bool:
    """Looks like a coined name on its own: SlimLLM, LwI, FSL-SAGE, iTransformer."""
    if not token[:1].isalpha() or _HYPHENS.split(token)[-1].islower():  # "3D", "RL-based"
        return False
    uppers = sum(c.isupper() for c in token)
    return uppers >= 2 or (uppers == 1 and not token[0].isupper())


def occurrences(token: str, text: str) -> Iterator[int]:
    """Where `token` occurs in `text` as a whole word (no pattern is built per token)."""
    start = text.find(token) if token else -1
    while start >= 0:
        end = start + len(token)
        before_ok = start == 0 or not _is_word_char(text[start - 1])
        if before_ok and (end == len(text) or not _is_word_char(text[end])):
            yield start
        start = text.find(token, start + 1)


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char in "_-"


def mentioned(token: str, text: str) -> bool:
    """Whether `token` occurs as a word: a name used before its cue is background, not the method."""
    return next(occurrences(token, text), None) is not None


def find_method(sentences: list[str], defs: dict[str, str]) -> Method | None:
    """The method the abstract introduces: after a cue such as "we propose", else an appositive."""
    seen = ""
    for sentence in sentences:
        for cue in _CUE.finditer(sentence):
            found = _method_after_cue(cue, sentence, seen + sentence[: cue.start()], defs)
            if found:
                return found
        seen += sentence + " "
    for comma in _COMMA_ARTICLE.finditer(seen):  # "... USAM, a lightweight post-hoc UQ method"
        m = _NAME_BEFORE.search(seen, max(0, comma.start() - 160), comma.start())
        if not m:
            continue
        name, paren = m.group(1), (m.group(2) or "").strip()[1:-1]
        if _is_strong_name(name) and name not in GENERIC_ACRONYMS and not mentioned(name, seen[: m.start()]):
            return Method(name, paren if paren and _expands(name, paren) else defs.get(name, ""))
    return None


def _method_after_cue(cue: re.Match[str], sentence: str, before: str, defs: dict[str, str]) -> Method | None:
    """The name introduced right after a cue, with what the sentence says of it."""
    window = sentence[cue.end() :]
    verb = (cue.group("verb") or "").lower()
    if cue.group("label") or verb in _LABEL_VERBS:
        return _labelled_method(window, sentence[: cue.start()], defs)
    ours = bool(cue.group("ours"))  # "our proposed X": X was introduced before, so may be known
    known = "" if ours else before
    acronym = _acronym_after_cue(window, known)
    token = _name_after_cue(window, known)
    if acronym and (token is None or token.start() >= acronym[0]):
        start, short, long, end = acronym
        return Method(short, long, "" if ours else window[:start], window[end:])
    if token is None:
        return None
    following = _FOLLOWING_WORDS.match(window, token.end())  # "Bisection Projection"
    assert following is not None  # up to five words: at worst it matches none
    end = following.end()
    name = window[token.start() : end].strip()
    long, paren = "", _FOLLOWING_PAREN.match(window, end)
    if paren:
        inner = (paren.group(1) or paren.group(2)).strip()
        if _expands(name, inner):  # "MoHD (Mixture of Hidden Dimensions)"
            long, end = inner, paren.end()
        elif _is_short_form(inner) and _expands(inner, name):  # "Bisection Projection (BP)"
            name, long, end = inner, name, paren.end()
    return Method(name, long or defs.get(name, ""), "" if ours else window[: token.start()], window[end:])


def _acronym_after_cue(window: str, known: str) -> tuple[int, str, str, int] | None:
    """The first new acronym defined after a cue, if only describing words come before its
    expansion: "a novel optimization technique, Sync-Point Drop (SPD)", but not
    "the definition of the core kernel for multiple kernel clustering (MKC)"."""
    for m in _SHORT_PAREN.finditer(window):
        short = m.group(1)
        if short in GENERIC_ACRONYMS or (known and mentioned(short, known)):
            continue
        long = _long_form_before(short, window[: m.start()])
        start = window.rfind(long, 0, m.start()) if long else m.start()
        return (start, short, long, m.end()) if _is_glue(window[:start]) else None
    return None


def _name_after_cue(window: str, known: str) -> re.Match[str] | None:
    """The first word after a cue that reads as a coined name, before the phrase turns
    into a clause: "we propose Unifews, ...", "we propose a ... method named SlimLLM"."""
    for i, m in enumerate(_WINDOW_ITEM.finditer(window)):
        word = m.group()
        if word.startswith("("):
            continue
        if word.lower() in PHRASE_STOPS or i > 8:
            return None
        if word in GENERIC_ACRONYMS or (known and mentioned(word, known)):
            continue
        if _is_strong_name(word) or (i == 0 and word[0].isupper() and word not in COMMON_WORDS):
            return m
    return None


def _labelled_method(window: str, before: str, defs: dict[str, str]) -> Method | None:
    """The name after "called", "named", "we term", ...; its kind is the phrase before."""
    m = _NAME_TOKEN.match(window)
    if not m:
        return None
    word = m.group(1)
    quoted = m.group().startswith(("\"", "“", "'", "‘"))
    if word in GENERIC_ACRONYMS or not (quoted or _is_strong_name(word) or word[:1].isupper()):
        return None
    if word in COMMON_WORDS:
        return None
    tail = window[m.end() :].lstrip("\"”'’")
    pre = _LAST_ARTICLE.search(before)
    return Method(word, defs.get(word, ""), pre.group(1) if pre else "", tail, coined_word=word.islower())


def _is_glue(text: str) -> bool:
    """Whether the words between a cue and a name only describe the name ("a novel CL framework,")."""
    words = _WORD.findall(text)
    return len(words) <= 8 and not any(w.lower() in PHRASE_STOPS for w in words)
