"""What kind of publication each paper is: the source's own type word wins over the venue's words, the venue's words
over a name paperdesk knows, and an arXiv id makes a preprint only when nothing else says otherwise. (Found unpinned by
the mutation run of issue 41: `kind_of` was reached only through whole fixtures.)"""

from __future__ import annotations

import pytest

from tui.core.cite.kinds import CONFERENCE, JOURNAL, OTHER, PREPRINT, kind_of
from tui.core.models import Paper

ARXIV = "https://arxiv.org/abs/2001.00001"


@pytest.mark.parametrize(
    ("venue", "url", "extra", "kind"),
    [
        ("Journal of X", "", {"bibtex_type": "inproceedings"}, CONFERENCE),
        ("Proceedings of Y", "", {"bibtex_type": "article"}, JOURNAL),
        ("Journal of X", "", {"bibtex_type": "incollection"}, CONFERENCE),
        ("Proceedings of Y", "", {"bibtex_type": 3}, CONFERENCE),
        ("Journal of X", "", {"type": "paper-conference"}, CONFERENCE),
        ("Proceedings of Y", "", {"type": "Journal-Article"}, JOURNAL),
        ("Journal of X", "", {"type_of_reference": "CONF"}, CONFERENCE),
        ("Proceedings of Y", "", {"type_of_reference": "JOUR"}, JOURNAL),
        ("Journal of X", "", {"type_of_reference": "UNPB"}, PREPRINT),
        ("Journal of X", "", {"type": "dataset", "type_of_reference": "CPAPER"}, CONFERENCE),
        ("Journal of X", "", {"type": "posted-content", "type_of_reference": "JOUR"}, PREPRINT),
        ("IEEE Transactions on Z", ARXIV, {}, JOURNAL),
        ("Physical Review Letters", "", {}, JOURNAL),
        ("Annals of Statistics", "", {}, JOURNAL),
        ("Workshop on Y", ARXIV, {}, CONFERENCE),
        ("13th Symposium", "", {}, CONFERENCE),
        ("Congress", "", {}, CONFERENCE),
        ("NeurIPS 2020", ARXIV, {}, CONFERENCE),
        ("Adv. in NIPS", "", {}, CONFERENCE),
        ("TMLR", ARXIV, {}, JOURNAL),
        ("Trans. Mach. Learn. Res. (tmlr)", "", {}, JOURNAL),
        ("Some Blog", "", {}, CONFERENCE),
        ("Some Blog", ARXIV, {}, PREPRINT),
        ("Some Blog", "", {"bibtex_type": "misc"}, OTHER),
        ("Some Blog", "", {"bibtex_type": "techreport"}, OTHER),
        ("Some Blog", "", {"bibtex_type": "book"}, CONFERENCE),
        ("arXiv preprint", "", {}, PREPRINT),
        ("CoRR Journal", "", {}, PREPRINT),
        ("arXiv preprint", "", {"bibtex_type": "misc"}, OTHER),
        ("", ARXIV, {}, PREPRINT),
        ("", ARXIV, {"bibtex_type": "misc"}, PREPRINT),
        ("Some Blog", "", {"bibtex_type": "online"}, OTHER),
        ("Some Blog", "", {"bibtex_type": "unpublished"}, OTHER),
        ("", "", {}, OTHER),
        ("", "", {"type": "book"}, OTHER),
    ],
)
def test_the_kind_of_a_paper(venue: str, url: str, extra: dict, kind: str) -> None:
    assert kind_of(Paper("a" * 12, "x", "L", title="T", venue=venue, url=url, extra=extra)) == kind
