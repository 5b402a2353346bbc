"""Short display titles derived from abstracts, because the bundled paper lists carry none."""

from __future__ import annotations

import re
from typing import Callable, Iterator, NamedTuple

UNTITLED = "(untitled)"
ELLIPSIS = "…"
_SCAN_CHARS = 4000  # a method is named near the start; huge inputs stay fast
_SCAN_SENTENCES = 12

# --- word lists ------------------------------------------------------------

# Acronyms of fields and tools, never the method a paper proposes.
_GENERIC_ACRONYMS = frozenset(
    "AI API APIs CL CNN CNNs CV DNN DNNs GAN GANs GNN GNNs GPU GPUs IID KL LLM LLMs LM LMs "
    "LoRA MDP MDPs ML MLLM MLLMs MLP MLPs NLP NN NNs ODE ODEs OOD PDE PDEs RL RNN RNNs SGD "
    "SOTA ViT ViTs VLM VLMs".split()
)
# Capitalised words that can follow "we propose" without being a name.
_COMMON_WORDS = frozenset(
    "A An The This That These Those Our It Its We In On To For With By As Here Such Each "
    "First Second New Novel Both Two Three".split()
)
# Words that end the noun phrase between a cue ("we propose") and the name.
_PHRASE_STOPS = frozenset(
    "for to in on with by from that which where when while whose as at into over under "
    "between using via based through across than if because".split()
)
# Head nouns that say nothing about what a method does.
_GENERIC_HEADS = frozenset(
    "method methods approach framework technique procedure algorithm model system scheme "
    "strategy solution proof concept tool pipeline paradigm module way".split()
)
# Head nouns that may follow a defined name: "the X (XYZ) estimator for ...".
_TAIL_HEADS = (
    "method|model|framework|approach|algorithm|estimator|architecture|module|network|technique|"
    "procedure|strategy|scheme|system|mechanism|optimizer|benchmark|dataset|metric|test|policy|"
    "library|toolkit|pipeline|paradigm|operator|regularizer|sampler|solver|encoder|decoder|agent"
)
_FILLERS = (
    "novel|new|simple|effective|efficient|fast|general|generic|principled|practical|powerful|"
    "versatile|proposed|dedicated|first|rigorous|recently introduced|well-known|so-called"
)

# --- text clean-up ---------------------------------------------------------

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060\u2066-\u2069\ufeff]")
_URL = re.compile(r"\\url\s*\{[^{}]*\}|(?:https?://|www\.)\S+")
_LATEX_WRAPPER = re.compile(
    r"\\(?:text(?:bf|it|sc|tt|rm|sf|up|normal)?|emph|underline|overline|[mh]box|"
    r"math(?:rm|bf|it|sf|tt|bb|cal|frak)|operatorname|boldsymbol)"
    r"\s*\{([^{}]*)\}"
)
_MATH = re.compile(r"\$\$?([^$]*)\$\$?")
_PLAIN_MATH = re.compile(r"[\w .,'()+=/-]{1,30}")
_LATEX_ESCAPE = re.compile(r"\\([%&#_$])")
_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+\*?|\\.?")
_BOLD = re.compile(r"\*\*([^*]*)\*\*")
_MARKUP = re.compile(r"[*$`{}]+")
_SPACES = re.compile(r"\s+")
# Patterns that scan whole abstracts avoid IGNORECASE and leading look-behinds: both
# make the engine try every position, which costs more than the rest put together.
_SENTENCE_BREAK = re.compile(r"[.!?][\"”']?\s+(?=[\"'“(\[]?[A-Z])|[。！？]\s*")
_ASIDE = re.compile(r"(?:^|(?<=\s))\([^()]*\)\s*|(?<=[a-z])\([A-Z][\w-]*\)")

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
_TRAILING_LABEL = re.compile(r"\b(?:called|named|termed|dubbed)\s*$")
_NAME_TOKEN = re.compile(r"[\"“'‘]?([^\W_]\w*(?:[-–]+\w+)*)")
_WINDOW_ITEM = re.compile(r"\([^()]*\)|[^\W_]\w*(?:[-–]+\w+)*")
_SHORT_PAREN = re.compile(r"\(\s*([A-Za-z][\w-]{0,19})\s*\)")
_FOLLOWING_WORDS = re.compile(r"(?:\s+[A-Z]\w*(?:[-–]+\w+)*){0,5}")
_FOLLOWING_PAREN = re.compile(r"\s*\(([^()]{2,120})\)|\s*:\s*([^,;:.()]{3,120})")
_COMMA_ARTICLE = re.compile(r",\s+an?\s")
_NAME_BEFORE = re.compile(r"(?<![\w-])([A-Za-z]\w*(?:-\w+)*)(\s*\([^()]{3,120}\))?\Z")
_APPOSITIVE = re.compile(r"(?:\s*\([^()]*\)|:[^,;:.]*)?,\s+(?:a|an|the)\s+([^.;:,]+)")
_LAST_ARTICLE = re.compile(r"\b(?:a|an|the)\s+((?:(?!\b(?:a|an|the)\s)[^.;:])*?)[\s,]*$", re.IGNORECASE)
_TAIL = re.compile(r"\s*,?\s*((?:to|for)\s[^,;:.]+)|\s+((?:" + _TAIL_HEADS + r")\b[^,;:.]*)")

# --- shaping phrases ---------------------------------------------------------

_ARTICLE = re.compile(r"^(?:(?:a|an|the)(?:\s+|$))+", re.IGNORECASE)
_FILLER = re.compile(r"\b(?:" + _FILLERS + r")(?:(?:\s*,\s*|\s+and\s+)(?:" + _FILLERS + r"))*\s+(?=\w)")
_LEAD_IN = re.compile(
    r"^(?:(?:analysis|study|investigation|definition|notion|problem|question|task)\s+of\s+(?:(?:a|an|the)\s+)?"
    r"|(?:understanding|analy[sz]ing|studying|investigating)\s+)",
    re.IGNORECASE,
)
_GENERIC_TO_VERB = re.compile(
    r"^(?:(?:" + "|".join(sorted(_GENERIC_HEADS)) + r")\s+)+(?:that\s+aims\s+|aimed\s+)?to\s+([a-z]+)\b"
)
_GENERIC_FOR = re.compile(r"^(?:" + "|".join(sorted(_GENERIC_HEADS)) + r")\s+for\s+(?:(?:a|an|the)\s+)?")
_HEAD_BEFORE_FOR = re.compile(
    r"(?<!ed) (?:model|method|framework|approach|technique|algorithm|procedure)(?= for\b)"
)
_CLAUSE_WORDS = (
    "that|which|where|while|when|whose|without|by|using|based|through|during|allowing|leveraging|including|"
    "enabling|yielding|aimed"
)
_PREPOSITIONS = "for|to|in|on|with|via|across|under|over|beyond|from|at|into|by|through"
# Places a phrase may be cut: clause boundaries first, then any preposition. A comma
# before a hyphenated modifier ("probabilistic, data-driven ...") is inside a phrase,
# and a participle before a preposition ("pretrained in") starts a reduced clause.
_BOUNDARIES = tuple(
    re.compile(
        r"\s*(?:,(?!\s*[a-z]\w*-\w)|;)\s*|\s+(?=(?:" + words + r")(?![\w-])|[a-z]{3,}ed\s+(?:"
        + _PREPOSITIONS + r")\b)"
    )
    for words in (_CLAUSE_WORDS, _CLAUSE_WORDS + "|" + _PREPOSITIONS)
)
_HAS_PREPOSITION = re.compile(r"\b(?:for|to|in|on|with|via|into)\b")
_TAIL_STOPWORDS = frozenset("a an the of for to in on with by via and or that which from at as".split())
_TRIM = " \t.,;:!?-–—/\\([{\"'`“”‘’、，。；：！？"

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
    r"stud(?:y|ie)|investigate|revisit|address|provide|analy[sz]e|explore)(?:es|s|ed|d)?\s+"
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
_CLAUSE_END = re.compile(r"\s*(?:,(?!\s*[a-z]\w*-\w)|[;:—]|\s[–-]\s|[，；：])")


class _Method(NamedTuple):
    """What an abstract says about the method (or phenomenon) it introduces."""

    name: str
    long: str = ""  # the expansion of an acronym name
    pre: str = ""  # the noun phrase naming its kind: "a novel CL framework, ..."
    tail: str = ""  # what follows the name in its sentence
    coined_word: bool = False  # an ordinary word coined for a phenomenon ("supercollapse")


def derive_title(abstract: str, max_len: int = 60) -> str:
    """A one-line title for a paper that came without one, so a list of abstracts can be skimmed.

    The method's name with a few words on what it is when the abstract introduces one,
    else a short phrase from its opening; never empty, at most `max_len` characters,
    and never raising, whatever the text holds.
    """
    if not isinstance(abstract, str):
        abstract = "" if abstract is None else str(abstract)
    try:
        max_len = max(1, int(max_len))
    except (TypeError, ValueError, OverflowError):
        max_len = 60
    if not abstract.strip():
        return _shorten(UNTITLED, max_len)
    try:
        title = _finish(_derive(_clean(abstract[:_SCAN_CHARS]), max_len), max_len)
    except Exception:  # a heuristic must never take the app down with it
        title = ""
    if not title:  # e.g. only math: show what is there rather than nothing
        title = _finish(_MARKUP.sub(" ", _CONTROL.sub(" ", abstract[:_SCAN_CHARS])), max_len)
    return title or _shorten(UNTITLED, max_len)


def _derive(text: str, max_len: int) -> str:
    """The title of cleaned text: the method's name and kind, else what the paper studies."""
    sentences = [s for s in _SENTENCE_BREAK.split(text) if s.strip()][:_SCAN_SENTENCES]
    if not sentences:
        return ""
    defs = _definitions(sentences)
    method = _find_method(sentences, defs)
    if method:
        return _method_title(method, text, sentences, defs, max_len)
    phrase = _fallback_phrase(sentences, defs)
    fitted = _fit(phrase, max_len, min_ratio=0.6)
    if not fitted:
        return _capitalize(_shorten(phrase, max_len))
    return _capitalize(_with_field(fitted, lambda: _fields(sentences, defs, ""), max_len))


# --- clean-up ----------------------------------------------------------------------


def _clean(text: str) -> str:
    """Plain prose: no control characters, URLs, LaTeX or Markdown emphasis."""
    text = _CONTROL.sub(" ", text)
    if "://" in text or "www." in text or "\\url" in text:
        text = _URL.sub(" ", text)
    if "\\" in text:
        for _ in range(2):  # nested wrappers such as \textbf{\emph{X}}
            text = _LATEX_WRAPPER.sub(r"\1", text)
    if "$" in text:
        text = _MATH.sub(_math_text, text)
    if "\\" in text:
        text = _LATEX_COMMAND.sub("", _LATEX_ESCAPE.sub(r"\1", text))
    if "**" in text:
        text = _BOLD.sub(_unbold, text)
    text = _MARKUP.sub("", text).replace("~", " ")
    return " ".join(text.split())


def _math_text(match: re.Match[str]) -> str:
    """Keep math that reads as text ($Q$-learning, $\\textbf{EAGLES}$); drop formulas."""
    inner = match.group(1).strip()
    return inner if _PLAIN_MATH.fullmatch(inner) else " "


def _unbold(match: re.Match[str]) -> str:
    """Drop bold markers; a letter bolded inside a word to spell an acronym is lowered ("Gr**A**dient")."""
    inner, start = match.group(1), match.start()
    if len(inner) == 1 and inner.isalpha() and start > 0 and match.string[start - 1].isalpha():
        return inner.lower()
    return inner


# --- acronyms --------------------------------------------------------------------


def _abbreviation_start(short: str, phrase: str) -> int | None:
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
    start = _abbreviation_start(short, phrase)
    long = phrase[start:] if start is not None else ""
    return long if len(long) > len(short) and short not in long.split() else ""


def _expands(short: str, phrase: str) -> bool:
    """Whether `phrase` as a whole spells out `short`, as in "SWAN (SGD with Whitening And ...)"."""
    return " " in phrase.strip() and _abbreviation_start(short, phrase.strip()) == 0


def _is_short_form(token: str) -> bool:
    """Could be an acronym or a coined name in parentheses ("(LoRA)", "(OOD-Chameleon)")."""
    return 2 <= len(token) <= 20 and any(c.isupper() for c in token) and token[0].isalpha()


def _definitions(sentences: list[str]) -> dict[str, str]:
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


def _occurrences(token: str, text: str) -> Iterator[int]:
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


def _mentioned(token: str, text: str) -> bool:
    """Whether `token` occurs as a word: a name used before its cue is background, not the method."""
    return next(_occurrences(token, text), None) is not None


def _find_method(sentences: list[str], defs: dict[str, str]) -> _Method | None:
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
        if _is_strong_name(name) and name not in _GENERIC_ACRONYMS and not _mentioned(name, seen[: m.start()]):
            return _Method(name, paren if paren and _expands(name, paren) else defs.get(name, ""))
    return None


def _method_after_cue(cue: re.Match[str], sentence: str, before: str, defs: dict[str, str]) -> _Method | None:
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
        return _Method(short, long, "" if ours else window[:start], window[end:])
    if token is None:
        return None
    end = _FOLLOWING_WORDS.match(window, token.end()).end()  # "Bisection Projection"
    name = window[token.start() : end].strip()
    long, paren = "", _FOLLOWING_PAREN.match(window, end)
    if paren:
        inner = (paren.group(1) or paren.group(2)).strip()
        if _expands(name, inner):  # "MoHD (Mixture of Hidden Dimensions)"
            long, end = inner, paren.end()
        elif _is_short_form(inner) and _expands(inner, name):  # "Bisection Projection (BP)"
            name, long, end = inner, name, paren.end()
    return _Method(name, long or defs.get(name, ""), "" if ours else window[: token.start()], window[end:])


def _acronym_after_cue(window: str, known: str) -> tuple[int, str, str, int] | None:
    """The first new acronym defined after a cue, if only describing words come before its
    expansion: "a novel optimization technique, Sync-Point Drop (SPD)", but not
    "the definition of the core kernel for multiple kernel clustering (MKC)"."""
    for m in _SHORT_PAREN.finditer(window):
        short = m.group(1)
        if short in _GENERIC_ACRONYMS or (known and _mentioned(short, known)):
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
        if word.lower() in _PHRASE_STOPS or i > 8:
            return None
        if word in _GENERIC_ACRONYMS or (known and _mentioned(word, known)):
            continue
        if _is_strong_name(word) or (i == 0 and word[0].isupper() and word not in _COMMON_WORDS):
            return m
    return None


def _labelled_method(window: str, before: str, defs: dict[str, str]) -> _Method | None:
    """The name after "called", "named", "we term", ...; its kind is the phrase before."""
    m = _NAME_TOKEN.match(window)
    if not m:
        return None
    word = m.group(1)
    quoted = m.group().startswith(("\"", "“", "'", "‘"))
    if word in _GENERIC_ACRONYMS or not (quoted or _is_strong_name(word) or word[:1].isupper()):
        return None
    if word in _COMMON_WORDS:
        return None
    tail = window[m.end() :].lstrip("\"”'’")
    pre = _LAST_ARTICLE.search(before)
    return _Method(word, defs.get(word, ""), pre.group(1) if pre else "", tail, coined_word=word.islower())


def _is_glue(text: str) -> bool:
    """Whether the words between a cue and a name only describe the name ("a novel CL framework,")."""
    words = _WORD.findall(text)
    return len(words) <= 8 and not any(w.lower() in _PHRASE_STOPS for w in words)


# --- titles for methods ------------------------------------------------------------------


def _method_title(method: _Method, text: str, sentences: list[str], defs: dict[str, str], max_len: int) -> str:
    """The name and the best description of it that fits whole; the name alone if none does."""
    name = method.name[:1].upper() + method.name[1:] if method.coined_word else method.name
    budget = max_len - len(name) - 2
    if budget < 12:
        return _shorten(name, max_len)
    first = ""
    for desc, protect in _descriptions(method, text, sentences, defs):
        fitted = _fit(desc, budget, protect)
        if fitted:
            return f"{name}: {_with_field(fitted, lambda: _fields(sentences, defs, method.pre), budget)}"
        first = first or desc
    if not first:
        return name
    cut = _shorten(f"{name}: {first}", max_len)
    return cut if len(cut) >= len(name) + 14 else name  # a stub of a description says nothing


def _descriptions(
    method: _Method, text: str, sentences: list[str], defs: dict[str, str]
) -> Iterator[tuple[str, int]]:
    """Ways to say what the method is, best first, each with how much of it must not be cut."""
    seen: set[str] = set()
    for desc, protect in _description_drafts(method, text, sentences, defs):
        if desc and desc not in seen and not _mentioned(method.name, desc):
            seen.add(desc)
            yield desc, protect


def _description_drafts(
    method: _Method, text: str, sentences: list[str], defs: dict[str, str]
) -> Iterator[tuple[str, int]]:
    """Candidates, lazily: the expansion (+ "estimator for ..."), the kind named before it,
    the appositive ("X, a ... method"), and at last what the paper studies."""
    if method.coined_word:  # a phenomenon: say where it shows up
        yield _fallback_phrase(sentences, defs), 0
        return
    m = _TAIL.match(method.tail)
    tail = " " + (m.group(1) or m.group(2)).strip() if m else ""
    pre = _shape(_TRAILING_LABEL.sub("", method.pre))
    if method.long:
        long = _shape(method.long, keep_case=True)
        yield _shape(long + tail, keep_case=True), len(long)
        yield long, len(long)
    if pre and not _is_generic(pre):
        yield _shape(pre + tail), len(pre)
    for start in _occurrences(method.name, text):
        appositive = _APPOSITIVE.match(text, start + len(method.name))
        if appositive:
            kind = _shape(appositive.group(1))
            yield kind, 0
            yield _GENERIC_FOR.sub("", kind), 0  # "framework for the Robust Verification of ..."
            break
    if pre:
        yield pre, len(pre)  # "proof of concept", to be completed by the field
    yield _fallback_phrase(sentences, defs), 0


def _shape(phrase: str, keep_case: bool = False) -> str:
    """A phrase fit for a title: no asides, articles or praise; "approach to ensure X" -> "ensuring X"."""
    phrase = _SPACES.sub(" ", _ASIDE.sub(" ", phrase)).strip(_TRIM)
    phrase = _FILLER.sub("", _ARTICLE.sub("", phrase))
    if not keep_case:
        phrase = _LEAD_IN.sub("", _ARTICLE.sub("", phrase))
        m = _GENERIC_TO_VERB.match(phrase)
        if m:
            phrase = _gerund(m.group(1)) + phrase[m.end() :]
    return _drop_dangling(_SPACES.sub(" ", phrase))


def _gerund(verb: str) -> str:
    """The -ing form, so "an approach to ensure X" can shrink to "ensuring X"."""
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and len(verb) > 2 and not verb.endswith(("ee", "ye", "oe")):
        return verb[:-1] + "ing"
    return verb + "ing"


def _is_generic(phrase: str) -> bool:
    """Whether a phrase names no kind of thing ("proof of concept", "framework")."""
    return all(w.lower() in _GENERIC_HEADS or w.lower() in ("of", "a", "an", "the") for w in phrase.split())


# --- the field a paper works in -------------------------------------------------------------


def _fields(sentences: list[str], defs: dict[str, str], pre: str) -> list[list[str]]:
    """Names of the paper's field, each as a list of spellings, longest first."""
    fields = []
    kind = [w for w in _shape(pre).split() if w.lower() not in _GENERIC_HEADS]
    if len(kind) == 1 and kind[0] in defs:  # "a novel CL framework" -> continual learning
        fields.append([defs[kind[0]], kind[0]])
    first = sentences[0]
    m = _SUBJECT.match(first)
    if m and _abbreviation_start(m.group("short"), m.group("long")) == 0:
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
        if any(_mentioned(s.lower(), lowered) or _mentioned(s.lower().rstrip("s"), lowered) for s in spellings):
            continue
        for spelling in spellings:
            if len(desc) + 5 + len(spelling) <= budget:
                return f"{desc} for {spelling}"
    return desc


def _soft_lower(phrase: str) -> str:
    """"Large language models" -> "large language models"; "Graph Neural Networks" stays."""
    words = phrase.split()
    if words and words[0][1:] == words[0][1:].lower() and all(w == w.lower() for w in words[1:]):
        return phrase[:1].lower() + phrase[1:]
    return phrase


# --- titles without a method name ----------------------------------------------------------------


def _fallback_phrase(sentences: list[str], defs: dict[str, str]) -> str:
    """What the paper studies: the object of "we propose/consider/...", else the opening's subject."""
    phrase = ""
    for sentence in sentences[:6]:
        cue = _FALLBACK_CUE.search(sentence)
        if cue and not _ANAPHORA.match(sentence, cue.end()):
            phrase = _CLAUSE_END.split(sentence[cue.end() :], 1)[0]
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
    phrase = _shape(phrase)
    if len(phrase.split()) < 2:  # "Safety has been a major concern ..."
        phrase = _shape(sentences[0])
    for short, long in defs.items():  # "generalized SSB" -> "generalized static Schrödinger Bridge"
        if short not in _GENERIC_ACRONYMS:
            for start in reversed(list(_occurrences(short, phrase))):
                phrase = phrase[:start] + long + phrase[start + len(short) :]
    return phrase


# --- fitting -------------------------------------------------------------------------------------


def _fit(phrase: str, budget: int, protect: int = 0, min_ratio: float = 0.45) -> str:
    """`phrase` within `budget` characters, cut only at a phrase boundary; "" if that loses too much."""
    if len(phrase) <= budget:
        return phrase
    shorter = _HEAD_BEFORE_FOR.sub("", phrase, count=1)
    if len(shorter) <= budget:
        return shorter
    for boundary in _BOUNDARIES:
        best = max((m.start() for m in boundary.finditer(phrase) if protect <= m.start() <= budget), default=0)
        if best and best >= budget * min_ratio:
            return _drop_dangling(phrase[:best])
    return ""


def _drop_dangling(phrase: str) -> str:
    """Without trailing words that lead nowhere: "... in environments that" -> "... in environments"."""
    words = phrase.strip(_TRIM).split(" ")
    while len(words) > 1 and words[-1].lower() in _TAIL_STOPWORDS:
        words.pop()
    return " ".join(words).strip(_TRIM)


def _shorten(text: str, limit: int) -> str:
    """`text` cut at a word boundary with an ellipsis when longer than `limit`."""
    if len(text) <= limit:
        return text
    if limit <= 1:
        return text[:limit]
    head = text[: limit - 1]
    space = head.rfind(" ")
    if space >= limit // 3:
        head = _drop_dangling(head[:space])
    return head.rstrip(_TRIM) + ELLIPSIS


def _capitalize(title: str) -> str:
    """A phrase-title starts upper-case; a name such as "pFedMe" keeps its case."""
    first = title.split(" ", 1)[0]
    return title[:1].upper() + title[1:] if first.islower() else title


def _finish(title: str, max_len: int) -> str:
    """One line, no markup, no trailing punctuation, at most `max_len` characters."""
    title = " ".join(_MARKUP.sub("", title).split())
    if not title.isprintable():  # format, surrogate or unassigned code points
        title = "".join(ch for ch in title if ch.isprintable())
    title = title.strip(_TRIM)
    return _shorten(title, max_len) if title else ""
