"""Words and phrases for derived titles: the word lists, cleaning abstract text, shaping and fitting phrases."""

from __future__ import annotations

import re

ELLIPSIS = "…"

# --- word lists ------------------------------------------------------------

# Acronyms of fields and tools, never the method a paper proposes.
GENERIC_ACRONYMS = frozenset(
    "AI API APIs CL CNN CNNs CV DNN DNNs GAN GANs GNN GNNs GPU GPUs IID KL LLM LLMs LM LMs "
    "LoRA MDP MDPs ML MLLM MLLMs MLP MLPs NLP NN NNs ODE ODEs OOD PDE PDEs RL RNN RNNs SGD "
    "SOTA ViT ViTs VLM VLMs".split()
)
# Capitalised words that can follow "we propose" without being a name.
COMMON_WORDS = frozenset(
    "A An The This That These Those Our It Its We In On To For With By As Here Such Each "
    "First Second New Novel Both Two Three".split()
)
# Words that end the noun phrase between a cue ("we propose") and the name.
PHRASE_STOPS = frozenset(
    "for to in on with by from that which where when while whose as at into over under "
    "between using via based through across than if because".split()
)
# Head nouns that say nothing about what a method does.
GENERIC_HEADS = frozenset(
    "method methods approach framework technique procedure algorithm model system scheme "
    "strategy solution proof concept tool pipeline paradigm module way".split()
)
# Head nouns that may follow a defined name: "the X (XYZ) estimator for ...".
TAIL_HEADS = (
    "method|model|framework|approach|algorithm|estimator|architecture|module|network|technique|"
    "procedure|strategy|scheme|system|mechanism|optimizer|benchmark|dataset|metric|test|policy|"
    "library|toolkit|pipeline|paradigm|operator|regularizer|sampler|solver|encoder|decoder|agent"
)
FILLERS = (
    "novel|new|simple|effective|efficient|fast|general|generic|principled|practical|powerful|"
    "versatile|proposed|dedicated|first|rigorous|recently introduced|well-known|so-called"
)

# --- text clean-up ---------------------------------------------------------

CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060\u2066-\u2069\ufeff]")
_URL = re.compile(r"\\url\s*\{[^{}]*\}|(?:https?://|www\.)\S+")
_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+\*?|\\.?")
_BOLD = re.compile(r"\*\*([^*]*)\*\*")
MARKUP = re.compile(r"[*$`{}]+")
_SPACES = re.compile(r"\s+")

_ASIDE = re.compile(r"(?:^|(?<=\s))\([^()]*\)\s*|(?<=[a-z])\([A-Z][\w-]*\)")

# --- shaping phrases ---------------------------------------------------------

_ARTICLE = re.compile(r"^(?:(?:a|an|the)(?:\s+|$))+", re.IGNORECASE)
_FILLER = re.compile(r"\b(?:" + FILLERS + r")(?:(?:\s*,\s*|\s+and\s+)(?:" + FILLERS + r"))*\s+(?=\w)")
_LEAD_IN = re.compile(
    r"^(?:(?:analysis|study|investigation|definition|notion|problem|question|task)\s+of\s+(?:(?:a|an|the)\s+)?"
    r"|(?:understanding|analy[sz]ing|studying|investigating)\s+)",
    re.IGNORECASE,
)
_GENERIC_TO_VERB = re.compile(
    r"^(?:(?:" + "|".join(sorted(GENERIC_HEADS)) + r")\s+)+(?:that\s+aims\s+|aimed\s+)?to\s+([a-z]+)\b"
)

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
        r"\s*(?:,(?!\s*[a-z]\w*-\w|\d)|;)\s*|\s+(?=(?:" + words + r")(?![\w-])|[a-z]{3,}ed\s+(?:"
        + _PREPOSITIONS + r")\b)"
    )
    for words in (_CLAUSE_WORDS, _CLAUSE_WORDS + "|" + _PREPOSITIONS)
)

_TAIL_STOPWORDS = frozenset("a an the of for to in on with by via and or that which from at as".split())
_TRIM = " \t.,;:!?-–—/\\([{\"'`“”‘’、，。；：！？"

# --- clean-up ----------------------------------------------------------------------


def clean_text(text: str) -> str:
    """Plain prose as the reading pane shows it: no control characters, URLs or emphasis, and LaTeX rendered
    (`$\\mu$-GDP` reads μ-GDP, `$\\ell_1$` ℓ₁), so a title never drops the math its sentence holds."""
    text = CONTROL.sub(" ", text)
    if "://" in text or "www." in text or "\\url" in text:
        text = _URL.sub(" ", text)
    if "**" in text:
        text = _BOLD.sub(_unbold, text)
    if "$" in text or "\\" in text:
        from tui.core.render.latex import to_unicode

        text = _LATEX_COMMAND.sub("", to_unicode(text))  # a macro the renderer keeps as written (a private `\ourmethod`) says nothing
    text = MARKUP.sub("", text).replace("~", " ")
    return " ".join(text.split())


def _unbold(match: re.Match[str]) -> str:
    """Drop bold markers; a letter bolded inside a word to spell an acronym is lowered ("Gr**A**dient")."""
    inner, start = match.group(1), match.start()
    if len(inner) == 1 and inner.isalpha() and start > 0 and match.string[start - 1].isalpha():
        return inner.lower()
    return inner

def shape(phrase: str, keep_case: bool = False) -> str:
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


def is_generic(phrase: str) -> bool:
    """Whether a phrase names no kind of thing ("proof of concept", "framework")."""
    return all(w.lower() in GENERIC_HEADS or w.lower() in ("of", "a", "an", "the") for w in phrase.split())

# --- fitting -------------------------------------------------------------------------------------


def fit(phrase: str, budget: int, protect: int = 0, min_ratio: float = 0.45) -> str:
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


def shorten(text: str, limit: int) -> str:
    """`text` within `limit`, never with an ellipsis: cut at a phrase boundary, else after a whole word,
    with a dangling "of"/"for"/"the" dropped, so what is left reads as a phrase."""
    if len(text) <= limit:
        return text
    if limit <= 1:
        return text[:limit]
    phrase = fit(text, limit, min_ratio=0.5)
    if phrase:
        return phrase.rstrip(_TRIM)
    head = text[: limit + 1]
    space = head.rfind(" ")
    head = _drop_dangling(head[:space]) if space >= limit // 3 else text[:limit]
    return head.rstrip(_TRIM) or text[:limit]


def capitalize(title: str) -> str:
    """A phrase-title starts upper-case; a name such as "pFedMe", and math ("ε-greedy", "α ∈ [0,1]"), keep their case."""
    first = title.split(" ", 1)[0]
    return title[:1].upper() + title[1:] if first.islower() and "a" <= first[:1] <= "z" else title


def finish(title: str, max_len: int) -> str:
    """One line, no markup, no trailing punctuation, at most `max_len` characters."""
    title = " ".join(MARKUP.sub("", title).split())
    if not title.isprintable():  # format, surrogate or unassigned code points
        title = "".join(ch for ch in title if ch.isprintable())
    title = title.strip(_TRIM)
    return shorten(title, max_len) if title else ""
