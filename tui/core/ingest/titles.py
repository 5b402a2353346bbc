"""Short display titles derived from abstracts, because the bundled paper lists carry none."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from tui.core.ingest.title_method import (
    TRAILING_LABEL,
    Method,
    abbreviation_start,
    definitions,
    find_method,
    mentioned,
    occurrences,
)
from tui.core.ingest.title_phrases import (
    CONTROL,
    GENERIC_ACRONYMS,
    GENERIC_HEADS,
    MARKUP,
    TAIL_HEADS,
    capitalize,
    clean_text,
    finish,
    fit,
    is_generic,
    shape,
    shorten,
)

UNTITLED = "(untitled)"
# When the rules below change, raise `TITLE_RULE` in core/store/formats.py: a library opened next
# re-derives the titles it stored by older rules, keeping ids and annotations.
_SCAN_CHARS = 4000  # a method is named near the start; huge inputs stay fast
_SCAN_SENTENCES = 12

# Patterns that scan whole abstracts avoid IGNORECASE and leading look-behinds: both
# make the engine try every position, which costs more than the rest put together.
_SENTENCE_BREAK = re.compile(r"[.!?][\"”']?\s+(?=[\"'“(\[]?[A-Z])|[。！？]\s*")

_APPOSITIVE = re.compile(r"(?:\s*\([^()]*\)|:[^,;:.]*)?,\s+(?:a|an|the)\s+([^.;:,]+)")

_TAIL = re.compile(r"\s*,?\s*((?:to|for)\s[^,;:.]+)|\s+((?:" + TAIL_HEADS + r")\b[^,;:.]*)")

_GENERIC_FOR = re.compile(r"^(?:" + "|".join(sorted(GENERIC_HEADS)) + r")\s+for\s+(?:(?:a|an|the)\s+)?")

_HAS_PREPOSITION = re.compile(r"\b(?:for|to|in|on|with|via|into)\b")

# --- the first sentence: field of the paper, and fallback phrases ---------------

_SUBJECT = re.compile(
    r"^(?:The\s+(?:introduction|advent|emergence|rise|success|development)\s+of\s+)?(?:the\s+|The\s+)?"
    r"(?P<long>[^\s(),][^(),]{1,60}?)\s*\((?P<short>[A-Za-z][\w-]{0,14})\)"
    r"(?P<noun>\s+[a-z][\w-]*(?:tion|ment|ness|ity|ing|ance|ence|sis))?\s+(?P<rest>.*)$"
)
_PREDICATE = re.compile(
    r"^(?:is|are)\s+an?\s+(?:(?:widely|commonly|increasingly)\s+(?:adopted|used|popular)\s+|popular\s+|"
    r"powerful\s+|prominent\s+|standard\s+|common\s+|leading\s+)?(?P<what>[\w-]+(?:\s+[\w-]+){0,3}?)\s+"
    r"(?:method|technique|approach|framework|paradigm|strategy)\b"
)
_TRAILING_FOR = re.compile(r"\bfor\s+((?:[\w-]+\s+){0,3}[\w-]+)\s*[.!?]?$")
_FALLBACK_CUE = re.compile(
    r"\b(?:[Ww]e|[Pp]aper|[Ww]ork)\s+(?:also\s+|first\s+)?(?:propose|introduce|present|develop|consider|"
    r"stud(?:y|ie)|investigate|revisit|address|provide|analy[sz]e|explore|train)(?:es|s|ed|d)?\s+"
)
_OPENING = re.compile(
    r"^(?:(?:in|within)\s+this\s+(?:paper|work|study)|recently|however|here),?\s+", re.IGNORECASE
)
_ANAPHORA = re.compile(r"(?:that|this|these|those|such|it|them)\b", re.IGNORECASE)
_SETTING = re.compile(
    r"In\s+(?!(?:recent|the|this|these|order|practice|particular|general|addition|contrast|summary|short|"
    r"many|most)\b)([^,]{3,80}),"
)
_WE_VERB = re.compile(r"^we\s+\w+\s+", re.IGNORECASE)
_VERB = re.compile(
    r"\s(?:is|are|was|were|has|have|had|can|could|may|might|will|would|should|must|remains?|plays?|often|"
    r"aims?|enables?|provides?|suffers?|encounters?|shows?|seems?|becomes?|requires?|relies|rely|lies|lie)\b"
)
_CLAUSE_END = re.compile(r"\s*(?:,(?!\s*[a-z]\w*-\w|\d)|[;:—]|\s[–-]\s|[，；：])")  # not [0,1]: math renders as is

#: A method's description is chosen to fit this many characters; a phrase may use up to `max_len`.
TARGET_LEN = 60


def derive_title(abstract: str, max_len: int = 90) -> str:
    """A one-line title for a paper that came without one, so a list of abstracts can be skimmed.

    The method's name with a few words on what it is when the abstract introduces one,
    else a complete phrase saying what the paper studies; never empty, at most `max_len`
    characters, never cut with an ellipsis, and never raising, whatever the text holds.
    """
    if not isinstance(abstract, str):
        abstract = "" if abstract is None else str(abstract)
    try:
        max_len = max(1, int(max_len))
    except (TypeError, ValueError, OverflowError):
        max_len = 60
    if not abstract.strip():
        return shorten(UNTITLED, max_len)
    try:
        title = finish(_derive(clean_text(abstract[:_SCAN_CHARS]), max_len), max_len)
    except Exception:  # a heuristic must never take the app down with it
        title = ""
    if not title:  # e.g. only math: show what is there rather than nothing
        title = finish(MARKUP.sub(" ", CONTROL.sub(" ", abstract[:_SCAN_CHARS])), max_len)
    return title or shorten(UNTITLED, max_len)


def _derive(text: str, max_len: int) -> str:
    """The title of cleaned text: the method's name and kind, else what the paper studies."""
    sentences = [s for s in _SENTENCE_BREAK.split(text) if s.strip()][:_SCAN_SENTENCES]
    if not sentences:
        return ""
    defs = definitions(sentences)
    method = find_method(sentences, defs)
    if method:
        return _method_title(method, text, sentences, defs, min(TARGET_LEN, max_len))
    phrase = _fallback_phrase(sentences, defs)
    fitted = fit(phrase, max_len, min_ratio=0.6)
    if len(fitted) > TARGET_LEN:
        fitted = _shortest_complete(phrase, max_len) or fitted
    if not fitted:
        return capitalize(shorten(phrase, max_len))
    return capitalize(_with_field(fitted, lambda: _fields(sentences, defs, ""), max_len))

# --- titles for methods ------------------------------------------------------------------


def _method_title(method: Method, text: str, sentences: list[str], defs: dict[str, str], max_len: int) -> str:
    """The name and the best description of it that fits whole; the name alone if none does."""
    name = method.name[:1].upper() + method.name[1:] if method.coined_word else method.name
    budget = max_len - len(name) - 2
    if budget < 12:
        return shorten(name, max_len)
    first = ""
    for desc, protect in _descriptions(method, text, sentences, defs):
        fitted = fit(desc, budget, protect)
        if fitted:
            return f"{name}: {_with_field(fitted, lambda: _fields(sentences, defs, method.pre), budget)}"
        first = first or desc
    if not first:
        return name
    cut = shorten(f"{name}: {first}", max_len)
    return cut if len(cut) >= len(name) + 14 else name  # a stub of a description says nothing


def _descriptions(
    method: Method, text: str, sentences: list[str], defs: dict[str, str]
) -> Iterator[tuple[str, int]]:
    """Ways to say what the method is, best first, each with how much of it must not be cut."""
    seen: set[str] = set()
    for desc, protect in _description_drafts(method, text, sentences, defs):
        if desc and desc not in seen and not mentioned(method.name, desc):
            seen.add(desc)
            yield desc, protect


def _description_drafts(
    method: Method, text: str, sentences: list[str], defs: dict[str, str]
) -> Iterator[tuple[str, int]]:
    """Candidates, lazily: the expansion (+ "estimator for ..."), the kind named before it,
    the appositive ("X, a ... method"), and at last what the paper studies."""
    if method.coined_word:  # a phenomenon: say where it shows up
        yield _fallback_phrase(sentences, defs), 0
        return
    m = _TAIL.match(method.tail)
    tail = " " + (m.group(1) or m.group(2)).strip() if m else ""
    pre = shape(TRAILING_LABEL.sub("", method.pre))
    if method.long:
        long = shape(method.long, keep_case=True)
        yield shape(long + tail, keep_case=True), len(long)
        yield long, len(long)
    if pre and not is_generic(pre):
        yield shape(pre + tail), len(pre)
    for start in occurrences(method.name, text):
        appositive = _APPOSITIVE.match(text, start + len(method.name))
        if appositive:
            kind = shape(appositive.group(1))
            yield kind, 0
            yield _GENERIC_FOR.sub("", kind), 0  # "framework for the Robust Verification of ..."
            break
    if pre:
        yield pre, len(pre)  # "proof of concept", to be completed by the field
    yield _fallback_phrase(sentences, defs), 0

# --- the field a paper works in -------------------------------------------------------------


def _fields(sentences: list[str], defs: dict[str, str], pre: str) -> list[list[str]]:
    """Names of the paper's field, each as a list of spellings, longest first."""
    fields = []
    kind = [w for w in shape(pre).split() if w.lower() not in GENERIC_HEADS]
    if len(kind) == 1 and kind[0] in defs:  # "a novel CL framework" -> continual learning
        fields.append([defs[kind[0]], kind[0]])
    first = sentences[0]
    m = _SUBJECT.match(first)
    if m and abbreviation_start(m.group("short"), m.group("long")) == 0:
        noun = m.group("noun") or ""
        predicate = _PREDICATE.match(m.group("rest"))
        if predicate:
            fields.append([predicate.group("what")])
        fields.append([_soft_lower(m.group("long")) + noun, m.group("short") + noun])
    if first.startswith("We "):
        trailing = _TRAILING_FOR.search(first)
        if trailing:
            fields.append([trailing.group(1)])
    return fields


def _with_field(desc: str, fields: Callable[[], list[list[str]]], budget: int) -> str:
    """`desc` + " for <field>" when it says nothing of where it applies and there is room."""
    if _HAS_PREPOSITION.search(desc):
        return desc
    lowered = desc.lower()
    for spellings in fields():
        if any(mentioned(s.lower(), lowered) or mentioned(s.lower().rstrip("s"), lowered) for s in spellings):
            continue
        for spelling in spellings:
            if len(desc) + 5 + len(spelling) <= budget:
                return f"{desc} for {spelling}"
    return desc


def _shortest_complete(phrase: str, max_len: int) -> str:
    """The phrase cut at the first boundary after TARGET_LEN that still ends in a complete phrase."""
    cut = fit(phrase, TARGET_LEN, min_ratio=0.75)
    cut = re.sub(r"\s+(?:that|which|who|where)(?:\s+[\w-]+)?$", "", cut)  # never end on "that seeks"
    # Keep the longer phrase when the short one drops a qualifier the title needs ("… for federated Q-learning").
    return "" if not cut or re.search(r"\b(?:for|in|on|of)\s+[\w-]+", phrase[len(cut) : max_len]) else cut


def _soft_lower(phrase: str) -> str:
    """"Large language models" -> "large language models"; "Graph Neural Networks" stays."""
    words = phrase.split()
    if words and words[0][1:] == words[0][1:].lower() and all(w == w.lower() for w in words[1:]):
        return phrase[:1].lower() + phrase[1:]
    return phrase


# --- titles without a method name ----------------------------------------------------------------

_THIS_THING = re.compile(r"\b(?:this|that|the)\s+(setting|problem|framework|model|question|task)\b")


def _what_is_new(revisited: str, following: list[str]) -> str:
    """For "we revisit X": what the next sentences do with it ("generalizations of this setting"), with X named."""
    for sentence in following:
        cue = _FALLBACK_CUE.search(sentence)
        if not cue:
            continue
        rest = _CLAUSE_END.split(sentence[cue.end() :], 1)[0]
        m = _THIS_THING.search(rest)
        if m:
            named = re.sub(r"^(?:the\s+)?(?:recently\s+)?(?:introduced\s+|proposed\s+)?", "", revisited, flags=re.I)
            return rest[: m.start()] + "the " + named + rest[m.end() :]
    return ""


def _fallback_phrase(sentences: list[str], defs: dict[str, str]) -> str:
    """What the paper studies: the object of "we propose/consider/...", else the opening's subject."""
    phrase = ""
    for number, sentence in enumerate(sentences[:_SCAN_SENTENCES]):
        cue = _FALLBACK_CUE.search(sentence)
        if cue and number >= 6 and not sentence[cue.start() :].startswith(("We train", "we train")):
            continue  # late in the abstract only "we train a model that ..." says what the paper does
        if cue and not _ANAPHORA.match(sentence, cue.end()):
            phrase = _CLAUSE_END.split(sentence[cue.end() :], 1)[0]
            if "revisit" in cue.group():  # "We revisit X. ... we investigate generalizations of this setting"
                phrase = _what_is_new(phrase, sentences[number + 1 : number + 4]) or phrase
            break
    if not phrase:
        phrase = _OPENING.sub("", sentences[0])
        setting = _SETTING.match(phrase)
        if setting:  # "In offline-to-online reinforcement learning, ..."
            phrase = setting.group(1)
        elif _WE_VERB.match(phrase):
            phrase = _WE_VERB.sub("", phrase)
        else:
            phrase = _VERB.split(phrase, 1)[0]
        phrase = _CLAUSE_END.split(phrase, 1)[0]
    phrase = shape(phrase)
    if sum(len(word) > 1 for word in phrase.split()) < 2:  # "Safety has been a major concern ...", "Greek α, sets ℝ, ..."
        phrase = shape(sentences[0])
    for short, long in defs.items():  # "generalized SSB" -> "generalized static Schrödinger Bridge"
        if short not in GENERIC_ACRONYMS:
            for start in reversed(list(occurrences(short, phrase))):
                phrase = phrase[:start] + long + phrase[start + len(short) :]
    return phrase


def title_source(abstract: str, derived: str) -> str:
    """The sentence of `abstract` a derived title was taken from (most of its words), for the pane to mark; "" if none."""
    want = {w for w in re.findall(r"\w+", derived.casefold()) if len(w) > 2}
    if not want or not abstract.strip():
        return ""
    best, best_score = "", 0
    for sentence in _SENTENCE_BREAK.split(abstract[:_SCAN_CHARS]):
        score = len(want & set(re.findall(r"\w+", sentence.casefold())))
        if score > best_score:
            best, best_score = sentence.strip(), score
    return best if best_score >= min(2, len(want)) else ""
