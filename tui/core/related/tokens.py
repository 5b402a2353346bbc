"""The words "more like this" compares: the text as shown (LaTeX folded), without stop words, stemmed.

Stemming (Snowball, through PyStemmer) lets "sparsification", "sparsify"
and "sparsified" count as one term; the stop words are common English plus
the boilerplate every abstract shares ("we propose a novel method"), which
would otherwise make every pair of papers look alike. A term remembers the
shortest word it was seen as, so the reader is shown "sparsify", never the
stem "sparsifi".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import Stemmer

from tui.core.search.folding import fold
from tui.core.search.query import WORD

#: Words are split as search splits them (\w+); a term must start with a letter ("llama2" is one, "7b" is not).

_ENGLISH = """
a about above after again against all almost along already also although always am among an and another any
are around as at be because been before being below between both but by can cannot could did do does doing done
down due during each either else enough even ever every few for from further get gets given gives had has have
having he her here hers herself him himself his how however i if in into is it its itself just less like made
make makes many may me might more most much must my myself neither no nor not now of off often on once one only
onto or other others otherwise our ours ourselves out over own per rather same several she should since so some
still such than that the their theirs them themselves then there thereby therefore these they this those though
through thus to too toward towards under until up upon us very was we were what when where whether which while
who whom whose why will with within without would yet you your yours yourself yourselves
"""
#: Words nearly every abstract uses to talk about itself: they say nothing about its problem.
_BOILERPLATE = """
propose proposed proposes novel method methods approach approaches paper work works show shows shown
demonstrate demonstrates result results experiment experiments experimental extensive existing
moreover furthermore additionally specifically significantly significant state art
performance outperform outperforms achieve achieves achieving new first via well based using use
used code available github https http com www org introduce introduces present presents study studies
framework effective effectively efficient efficiently problem problems task tasks et al two non untitled
"""
STOP_WORDS = frozenset(_ENGLISH.split()) | frozenset(_BOILERPLATE.split())
#: Academic prose any abstract may use whatever its problem ("carefully", "in addition", "crucial"). Shown
#: as what two papers share they read as a false reason, so they are never shown (matched by stem: "allow",
#: "allows" and "allowing" alike). They still count in the score: dropping them from it too moved one of
#: the labelled same-problem pairs (FSL-SAGE / SPD, tests/core/test_related.py) out of the top 5.
#: Words that can name a topic ("point", "gap", "potential", "critical") are not listed.
_GENERIC = """
ability able accurately acquired across addition additional address aim allow analyze analyse appropriate
away better careful carefully challenge challenging common commonly compare competitive comprehensive conduct
consider consistent consistently controlled crucial crucially demonstrate despite determine develop development
difference different effectiveness efficiency employ enable enhance ensure especially essential establish etc
exhibit explore extensively face fail failure finally finding findings fundamental fundamentally goal guarantee
guide hence highlight identify importance important importantly improve improvement increase increasingly
instead introduce invoke issue key known large largely lead leverage limitation maintain need notable notably
number numerous observe offer often opens overall overcome particular particularly perform play practical
practically practice previous previously produce promising provide question rather recent recently remain
remarkable remarkably require requirement respectively reveal rigorous rigorously right robustly seamless
seamlessly serve share simple simply solve specific strictly studied substantial substantially suffer superior
synergy thus traditional traditionally type typical typically unified unify usually utilize validate variety
various version whereas wide widely
"""


class Tokenizer:
    """Splits text into stemmed terms, remembering for each term the shortest word it came from."""

    def __init__(self) -> None:
        self._stemmer = Stemmer.Stemmer("english")
        self.generic = frozenset(self._stemmer.stemWords(_GENERIC.split()))
        """Stems of generic academic prose: scored, never shown as a shared term."""
        self._terms: dict[str, str | None] = {}  # word -> term (None: a stop word)
        self.shown: dict[str, str] = {}
        """Term -> the shortest word seen for it: what the reader is shown."""

    def terms(self, words: Iterable[str], *, remember: bool = True) -> list[str | None]:
        """The term of each (case-folded) word, None for a stop word; new words are stemmed in one batch.

        `remember=False` (the library's whole vocabulary, once, `weights.from_search`):
        the new words are not kept in the word cache, which would then hold every
        word of the library for questions that each stem one paper's few words
        again, cheaply. Their terms' `shown` words are learned alike.
        """
        words = list(words)
        known = self._terms
        learned: dict[str, str | None] = dict.fromkeys(w for w in words if w not in known)
        if learned:
            kept = [w for w in learned if len(w) > 1 and w[0].isalpha() and w not in STOP_WORDS]
            shown = self.shown
            for word, term in zip(kept, self._stemmer.stemWords(kept), strict=True):
                learned[word] = term
                if term not in shown or len(word) < len(shown[term]):
                    shown[term] = word
            if remember:
                known.update(learned)
            else:
                return [learned[w] if w in learned else known[w] for w in words]
        return [known[w] for w in words]

    def counts(self, text: str) -> Counter[str]:
        """How often each term occurs in `text`."""
        found = Counter(words(text))
        out: Counter[str] = Counter()
        for term, n in zip(self.terms(found), found.values(), strict=True):
            if term is not None:
                out[term] += n
        return out

    def spelling(self, text: str) -> dict[str, str]:
        """Term -> the word `text` uses most often for it (how the reader saw it written)."""
        found = Counter(words(text))
        seen: Counter[tuple[str, str]] = Counter()
        for (word, n), term in zip(found.items(), self.terms(found), strict=True):
            if term is not None:
                seen[term, word] += n
        out: dict[str, str] = {}
        for term, word in (pair for pair, _ in seen.most_common()):
            out.setdefault(term, word)
        return out


def words(text: str) -> list[str]:
    """The case-folded words of `text` exactly as the search index splits it (the related index is built
    from its words): LaTeX markup read as the words it shows (`$\\epsilon$-VAE` -> `ε-VAE`, `K^2` -> `K2`),
    with search's cheap regex fold rather than the reading pane's LaTeX parser."""
    return WORD.findall(fold(text).casefold())
