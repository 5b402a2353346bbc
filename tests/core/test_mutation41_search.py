"""The group sort as a member reads it: a low rating of one's own pulls a paper's mean down like anyone's.

Written from a survivor of issue 41's mutation round on `search/group.py` (benchmarks/mutation-41-search.md).
"""

from __future__ import annotations

from tests.core.test_search_mutants import ids
from tui.core.models import Annotation, MemberMark, Paper
from tui.core.search.index import SearchIndex


def test_this_member_s_one_star_counts_in_the_group_mean() -> None:
    """Both papers have one vote; p0's ratings are Ana's 5 and this member's 1 (mean 3), p1's Bo's 4 (mean 4):
    p1 first. Leaving the one-star rating out of the mean's count would put p0 at 6 stars, first."""
    papers = [Paper(f"p{k}", "x", "L", k) for k in range(2)]
    index = SearchIndex(papers, {"p0": Annotation("p0", rating=1)})
    index.set_group({"p0": [MemberMark("Ana", 5)], "p1": [MemberMark("Bo", 4)]}, me="me")
    assert ids(index, "", "group") == ["p1", "p0"]
