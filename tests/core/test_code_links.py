"""Which links count as code (the "Code:" line): the code hosts, their subdomains, and `git.` servers."""

from __future__ import annotations

from tui.core.render.links import code_links, is_code_link


def test_subdomains_of_a_code_host_are_code_but_look_alike_hosts_are_not() -> None:
    assert is_code_link("https://gist.github.com/u/1")
    assert is_code_link("http://GitHub.com/a/b")
    assert not is_code_link("https://notgithub.com/x")
    assert not is_code_link("https://github.com.evil.org/x")


def test_a_git_server_is_code_with_or_without_www() -> None:
    assert is_code_link("https://git.example.org/team/repo")
    assert is_code_link("https://www.git.example.org/team/repo")
    assert not is_code_link("https://example.org/git./x")


def test_a_repository_is_listed_once_whatever_its_trailing_slash() -> None:
    text = "Code: https://github.com/me/repoX/ and https://github.com/me/repoX, https://gitlab.com/g/p."
    assert code_links(text) == ["https://github.com/me/repoX", "https://gitlab.com/g/p"]
