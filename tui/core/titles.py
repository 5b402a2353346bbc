"""Short display titles derived from abstracts, because the bundled paper lists carry none."""

from __future__ import annotations

import re
from typing import NamedTuple

UNTITLED = "(untitled)"
ELLIPSIS = "…"
_SCAN_CHARS = 6000  # a method is named near the start; huge inputs stay fast
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
    r"\\(?:text(?:bf|it|sc|tt|rm|sf|up)?|emph|math(?:rm|bf|it|sf|tt|bb|cal|frak)|operatorname|boldsymbol)"
    r"\s*\{([^{}]*)\}"
)
_MATH = re.compile(r"\$\$?([^$]*)\$\$?")
_PLAIN_MATH = re.compile(r"[\w .,'()+=/-]{1,30}")
_LATEX_ESCAPE = re.compile(r"\\([%&#_$])")
_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+\*?|\\.?")
_BOLD = re.compile(r"\*\*([^*]*)\*\*")
_MARKUP = re.compile(r"[*$`{}]+")
_SPACES = re.compile(r"\s+")
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[\"'“(\[]?[A-Z])|(?<=[。！？])\s*")
_ASIDE = re.compile(r"(?:^|(?<=\s))\([^()]*\)\s*|(?<=[a-z])\([A-Z][\w-]*\)")

# --- finding the method ----------------------------------------------------

_CUE = re.compile(
    r"\b(?:(?:we|and|paper|work|study|here)\s+(?:also\s+|further\s+|then\s+)?"
    r"(?P<verb>propose|introduce|present|develop|design|devise|call|name|term|coin)(?:s|d|ed)?"
    r"|(?P<ours>(?:our|the)\s+proposed)|results?\s+in"
    r"|(?<!-)(?P<label>called|named|termed|dubbed|coined))\s+",
    re.IGNORECASE,
)
_LABEL_VERBS = ("call", "name", "term", "coin")
_NAME_TOKEN = re.compile(r"[\"“'‘]?([^\W_]\w*(?:[-–]\w+)*)")
_WINDOW_ITEM = re.compile(r"\([^()]*\)|[^\W_]\w*(?:[-–]\w+)*")
_SHORT_PAREN = re.compile(r"\(\s*([A-Za-z][\w-]{0,19})\s*\)")
_FOLLOWING_WORDS = re.compile(r"(?:\s+[A-Z]\w*(?:-\w+)*){0,3}")
_FOLLOWING_PAREN = re.compile(r"\s*\(([^()]{2,120})\)")
_APPOSITIVE_NAME = re.compile(r"(?<![\w-])([A-Za-z]\w*(?:-\w+)*)(\s*\([^()]{3,120}\))?,\s+(?:a|an)\s")
_LAST_ARTICLE = re.compile(r"\b(?:a|an|the)\s+((?:(?!\b(?:a|an|the)\s)[^.;:])*?)[\s,]*$", re.IGNORECASE)
_TAIL = re.compile(r"\s*,?\s*((?:to|for)\s[^,;:.]+)|\s+((?:" + _TAIL_HEADS + r")\b[^,;:.]*)")

# --- shaping phrases ---------------------------------------------------------

_ARTICLE = re.compile(r"^(?:(?:a|an|the)\s+)+", re.IGNORECASE)
_FILLER = re.compile(r"\b(?:" + _FILLERS + r")(?:(?:\s*,\s*|\s+and\s+)(?:" + _FILLERS + r"))*\s+(?=\w)")
_LEAD_IN = re.compile(
    r"^(?:(?:analysis|study|investigation|definition|notion|problem|question|task)\s+of\s+(?:(?:a|an|the)\s+)?"
    r"|(?:understanding|analy[sz]ing|studying|investigating)\s+)",
    re.IGNORECASE,
)
_GENERIC_TO_VERB = re.compile(
    r"^(?:(?:" + "|".join(sorted(_GENERIC_HEADS)) + r")\s+)+(?:that\s+aims\s+|aimed\s+)?to\s+([a-z]+)\b"
)
_HEAD_BEFORE_FOR = re.compile(r"(?<!ed) (?:model|method|framework|approach|technique|algorithm|procedure)(?= for\b)")
_CLAUSE_WORDS = (
    "that|which|where|while|when|whose|without|by|using|based|through|during|allowing|leveraging|including|"
    "enabling|yielding|aimed"
)
# Places a phrase may be cut: clause boundaries first, then any preposition.
_BOUNDARIES = tuple(
    re.compile(r"\s*[,;]\s*|\s+(?=(?:" + words + r")(?![\w-]))")
    for words in (_CLAUSE_WORDS, _CLAUSE_WORDS + "|for|to|in|on|with|via|across|under|over|beyond|from|at|into")
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
    r"\b(?:we|paper|work)\s+(?:also\s+|first\s+)?(?:propose|introduce|present|develop|consider|study|"
    r"investigate|revisit|address|provide|analy[sz]e|explore)(?:s|d|ed)?\s+",
    re.IGNORECASE,
)
_OPENING = re.compile(r"^(?:(?:in|within)\s+this\s+(?:paper|work|study)|recently|however|here),?\s+", re.IGNORECASE)
_WE_VERB = re.compile(r"^we\s+\w+\s+", re.IGNORECASE)
_VERB = re.compile(
    r"\s(?:is|are|was|were|has|have|had|can|could|may|might|will|would|should|must|remains?|plays?|often|"
    r"aims?|enables?|provides?|suffers?|encounters?|shows?|seems?|becomes?|requires?|relies|rely|lies|lie)\b"
)
_CLAUSE_END = re.compile(r"\s*(?:[,;:—]|\s[–-]\s|[，；：])")


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
    sentences = [s for s in _SENTENCE_BREAK.split(text) if s.strip()][:_SCAN_SENTENCES]
    if not sentences:
        return ""
    defs = _definitions(sentences)
    method = _find_method(sentences, defs)
    if method:
        return _method_title(method, text, sentences, defs, max_len)
    phrase = _fallback_phrase(sentences, defs)
    fitted = _fit(phrase, max_len, min_ratio=0.6) or _shorten(phrase, max_len)
    return _capitalize(_with_field(fitted, _fields(sentences, defs, ""), max_len))


# --- clean-up ----------------------------------------------------------------------


def _clean(text: str) -> str:
    """Plain prose: no control characters, URLs, LaTeX or Markdown emphasis."""
    text = _URL.sub(" ", _CONTROL.sub(" ", text))
    for _ in range(2):  # nested wrappers such as \textbf{\emph{X}}
        text = _LATEX_WRAPPER.sub(r"\1", text)
    text = _MATH.sub(_math_text, text)
    text = _LATEX_COMMAND.sub("", _LATEX_ESCAPE.sub(r"\1", text))
    text = _BOLD.sub(_unbold, text)
    text = _MARKUP.sub("", text).replace("~", " ")
    return _SPACES.sub(" ", text).strip()


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
    uppers = sum(c.isupper() for c in token)
    return uppers >= 2 or (uppers == 1 and not token[0].isupper())


def _mentioned(token: str, text: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(token) + r"(?![\w-])", text) is not None


def _find_method(sentences: list[str], defs: dict[str, str]) -> _Method | None:
    """The method the abstract introduces: after a cue such as "we propose", else an appositive."""
    seen = ""
    for sentence in sentences:
        for cue in _CUE.finditer(sentence):
            found = _method_after_cue(cue, sentence, seen + sentence[: cue.start()], defs)
            if found:
                return found
        seen += sentence + " "
    for m in _APPOSITIVE_NAME.finditer(seen):
        name, paren = m.group(1), (m.group(2) or "").strip()[1:-1]
        if _is_strong_name(name) and name not in _GENERIC_ACRONYMS and not _mentioned(name, seen[: m.start()]):
            return _Method(name, paren if paren and _expands(name, paren) else defs.get(name, ""))
    return None


def _method_after_cue(cue: re.Match[str], sentence: str, before: str, defs: dict[str, str]) -> _Method | None:
    window = sentence[cue.end() :]
    verb = (cue.group("verb") or "").lower()
    if cue.group("label") or verb in _LABEL_VERBS:
        return _labelled_method(window, sentence[: cue.start()], defs)
    ours = bool(cue.group("ours"))
    known = "" if ours else before

    acronym = None  # the first acronym defined in the window: "... Drop (SPD)"
    for m in _SHORT_PAREN.finditer(window):
        short = m.group(1)
        if short in _GENERIC_ACRONYMS or (known and _mentioned(short, known)):
            continue
        long = _long_form_before(short, window[: m.start()])
        start = window.rfind(long, 0, m.start()) if long else m.start()
        if _is_glue(window[:start]):
            acronym = (start, short, long, m.end())
        break

    token = None  # the first word that reads as a name: "we propose Unifews, ..."
    for i, m in enumerate(_WINDOW_ITEM.finditer(window)):
        word = m.group()
        if word.startswith("("):
            continue
        if word.lower() in _PHRASE_STOPS or i > 8:
            break
        if word in _GENERIC_ACRONYMS or (known and _mentioned(word, known)):
            continue
        if _is_strong_name(word) or (i == 0 and word[0].isupper() and word not in _COMMON_WORDS):
            token = m
            break

    if acronym and (token is None or token.start() >= acronym[0]):
        start, short, long, end = acronym
        return _Method(short, long, "" if ours else window[:start], window[end:])
    if token is None:
        return None
    end = token.end() + _FOLLOWING_WORDS.match(window, token.end()).end() - token.end()
    name = window[token.start() : end].strip()
    long, paren = "", _FOLLOWING_PAREN.match(window, end)
    if paren:
        inner = paren.group(1).strip()
        if _expands(name, inner):
            long, end = inner, paren.end()
        elif _is_short_form(inner) and _expands(inner, name):
            name, long, end = inner, name, paren.end()
    return _Method(name, long or defs.get(name, ""), "" if ours else window[: token.start()], window[end:])


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
    words = re.findall(r"[\w-]+", text)
    return len(words) <= 8 and not any(w.lower() in _PHRASE_STOPS for w in words)


# --- titles for methods ------------------------------------------------------------------


def _method_title(method: _Method, text: str, sentences: list[str], defs: dict[str, str], max_len: int) -> str:
    name = method.name[:1].upper() + method.name[1:] if method.coined_word else method.name
    budget = max_len - len(name) - 2
    if budget < 12:
        return _shorten(name, max_len)
    fields = _fields(sentences, defs, method.pre)
    for desc, protect in _descriptions(method, text, sentences, defs):
        fitted = _fit(desc, budget, protect)
        if fitted:
            return f"{name}: {_with_field(fitted, fields, budget)}"
    return _shorten(f"{name}: {_fallback_phrase(sentences, defs)}", max_len)


def _descriptions(method: _Method, text: str, sentences: list[str], defs: dict[str, str]) -> list[tuple[str, int]]:
    """Ways to say what the method is, best first, each with how much of it must not be cut."""
    if method.coined_word:
        return [(_fallback_phrase(sentences, defs), 0)]
    m = _TAIL.match(method.tail)
    tail = " " + (m.group(1) or m.group(2)).strip() if m else ""
    pre = _shape(re.sub(r"\b(?:called|named|termed|dubbed)\s*$", "", method.pre))
    out: list[tuple[str, int]] = []
    if method.long:
        long = _shape(method.long, keep_case=True)
        out += [(_shape(long + tail, keep_case=True), len(long)), (long, len(long))]
    if pre and not _is_generic(pre):
        out.append((_shape(pre + tail), len(pre)))
    appositive = re.search(
        r"(?<![\w-])" + re.escape(method.name) + r"(?![\w-])(?:\s*\([^()]*\))?,\s+(?:a|an|the)\s+([^.;:,]+)", text
    )
    if appositive:
        out.append((_shape(appositive.group(1)), 0))
    if pre:
        out.append((pre, len(pre)))
    return [(d, p) for d, p in out if d]


def _shape(phrase: str, keep_case: bool = False) -> str:
    """A phrase fit for a title: no asides, articles or praise; "approach to ensure X" -> "ensuring X"."""
    phrase = _SPACES.sub(" ", _ASIDE.sub(" ", phrase)).strip(_TRIM)
    phrase = _FILLER.sub("", _ARTICLE.sub("", phrase))
    if not keep_case:
        phrase = _LEAD_IN.sub("", _ARTICLE.sub("", phrase))
        m = _GENERIC_TO_VERB.match(phrase)
        if m:
            phrase = _gerund(m.group(1)) + phrase[m.end() :]
    return _SPACES.sub(" ", phrase).strip(_TRIM)


def _gerund(verb: str) -> str:
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and len(verb) > 2 and not verb.endswith(("ee", "ye", "oe")):
        return verb[:-1] + "ing"
    return verb + "ing"


def _is_generic(phrase: str) -> bool:
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


def _with_field(desc: str, fields: list[list[str]], budget: int) -> str:
    """`desc` + " for <field>" when it says nothing of where it applies and there is room."""
    if _HAS_PREPOSITION.search(desc):
        return desc
    lowered = desc.lower()
    for spellings in fields:
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
        if cue and not sentence[cue.end() :].lower().startswith("that "):
            phrase = _CLAUSE_END.split(sentence[cue.end() :], 1)[0]
            break
    if not phrase:
        phrase = _OPENING.sub("", sentences[0])
        if _WE_VERB.match(phrase):
            phrase = _WE_VERB.sub("", phrase)
        else:
            phrase = _VERB.split(phrase, 1)[0]
        phrase = _CLAUSE_END.split(phrase, 1)[0]
    phrase = _shape(phrase) or sentences[0]
    for short, long in defs.items():
        if short not in _GENERIC_ACRONYMS and _mentioned(short, phrase):
            phrase = re.sub(r"(?<![\w-])" + re.escape(short) + r"(?![\w-])", lambda _: long, phrase)
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
            return phrase[:best].strip(_TRIM)
    return ""


def _shorten(text: str, limit: int) -> str:
    """`text` cut at a word boundary with an ellipsis when longer than `limit`."""
    if len(text) <= limit:
        return text
    if limit <= 1:
        return text[:limit]
    head = text[: limit - 1]
    space = head.rfind(" ")
    if space >= limit // 3:
        words = head[:space].split(" ")
        while len(words) > 1 and words[-1].lower() in _TAIL_STOPWORDS:
            words.pop()
        head = " ".join(words)
    return head.rstrip(_TRIM) + ELLIPSIS


def _capitalize(title: str) -> str:
    first = title.split(" ", 1)[0]
    return title[:1].upper() + title[1:] if first.islower() else title


def _finish(title: str, max_len: int) -> str:
    """One line, no markup, no trailing punctuation, at most `max_len` characters."""
    title = _SPACES.sub(" ", _MARKUP.sub("", title)).strip(_TRIM)
    return _shorten(title, max_len).strip(_TRIM.replace(".", "")) if title else ""
