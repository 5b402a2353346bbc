"""Links from data: only http(s) (and DOIs / arXiv ids as their https address) are links."""

from __future__ import annotations

import pytest

from tui.core.render.links import open_target
from tui.core.render.text import link_host, web_link

HOSTILE = [
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "file:///etc/passwd",
    "file://fileserver/share/paper.pdf",  # a host, so the path does not start with "/": only the scheme refuses it
    "FILE://host/x",
    "File:///etc/passwd",
    "file:/etc/passwd",
    "javascript://%0aalert(1)",  # "://" as in a web link, a comment line break after it
    "data://text/html,x",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox",
    "ftp://example.org/x",
    "--help",
    "-o /tmp/x",
    "http:///no-host",
    "https://",
    "\x1b]8;;https://evil.org\x07x",
    "ssh://host",
    "mailto:a@b.org",
]


@pytest.mark.parametrize("target", HOSTILE)
def test_anything_but_http_is_never_a_link(target: str) -> None:
    assert web_link(target) == ""
    assert open_target(target, target, "") == ""
    if "http" not in target:  # (an https URL inside running text is a web link in its own right)
        assert open_target("", "", f"see {target}") == ""


def test_web_links_doi_and_arxiv_become_https() -> None:
    assert web_link("https://openreview.net/forum?id=x") == "https://openreview.net/forum?id=x"
    assert web_link("HTTP://Example.org/a") == "http://Example.org/a"
    assert web_link("10.1145/3372297.3417251") == "https://doi.org/10.1145/3372297.3417251"
    assert web_link("doi:10.1/x") == "https://doi.org/10.1/x"
    assert web_link("2501.01234v2") == "https://arxiv.org/abs/2501.01234v2"
    assert web_link("arXiv:hep-th/9901001") == "https://arxiv.org/abs/hep-th/9901001"


def test_open_target_skips_hostile_fields_for_the_next_web_link() -> None:
    assert open_target("javascript:alert(1)", "10.5555/abc", "") == "https://doi.org/10.5555/abc"
    assert open_target("file:///etc/passwd", "", "code at https://github.com/a/b.") == "https://github.com/a/b"


def test_the_host_shown_before_opening() -> None:
    assert link_host("https://user:pw@evil.example.org:8080/path") == "evil.example.org:8080"
    assert link_host("javascript:alert(1)") == ""


def test_the_abstracts_own_hostile_links_are_never_opened() -> None:
    """LaTeX links in an abstract (`\\href`, `\\url`) go through the same check as the paper's URL."""
    abstract = (
        r"See \href{file://fileserver/share/paper.pdf}{the PDF}, \url{FILE://host/x}, "
        r"\href{javascript://%0aalert(1)}{a demo} and \url{data:text/html,x}."
    )
    assert open_target("", "", abstract) == ""
    assert open_target("", "", abstract + r" Code: \url{https://github.com/a/b}") == "https://github.com/a/b"


def test_a_doi_or_arxiv_prefix_in_capitals_still_names_the_paper() -> None:
    assert web_link("DOI:10.1/X") == "https://doi.org/10.1/X"
    assert web_link("ARXIV:2501.01234") == "https://arxiv.org/abs/2501.01234"


def test_a_web_link_that_carries_another_url_keeps_its_own_scheme_and_host() -> None:
    """A redirect parameter (`?to=http://…`) is part of the path, not the scheme or the host."""
    link = "https://a.org/r?to=http://evil.org/x"
    assert web_link(link) == link
    assert link_host(link) == "a.org"


def test_a_link_with_an_empty_user_before_the_host_is_refused() -> None:
    assert web_link("https://@evil.org/x") == ""
    assert web_link("https:///evil.org/x") == ""


def test_the_host_shown_is_the_one_after_the_last_at_and_before_the_first_slash() -> None:
    """Browsers read `a@b@host` as user info `a@b` at `host`: the host shown must be the one opened."""
    assert link_host("https://a@trusted.org@evil.org/x") == "evil.org"
    assert link_host("https://h.org/a/b/c") == "h.org"
    assert link_host("https://h.org") == "h.org"
    assert link_host("") == ""
