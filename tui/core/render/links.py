"""Links of a paper: which are code repositories, and what `o` opens."""

from __future__ import annotations

import re

from tui.core.render.latex import render
from tui.core.render.text import web_link

#: Hosts whose links are shown on the "Code:" line.
CODE_HOSTS = (
    "github.com",
    "gitlab.com",
    "bitbucket.org",
    "codeberg.org",
    "huggingface.co",
    "sourceforge.net",
    "git.",
    "anonymous.4open.science",
)


def is_code_link(url: str) -> bool:
    """True for links to code hosts (GitHub, GitLab, …)."""
    host = re.sub(r"^https?://", "", url).split("/", 1)[0].lower()
    host = host.removeprefix("www.")
    return any(host == h or host.endswith("." + h) or (h.endswith(".") and host.startswith(h)) for h in CODE_HOSTS)


def code_links(text: str) -> list[str]:
    """The code-repository links found in `text` (rendered or raw), each once."""
    seen: dict[str, None] = {}
    for url in render(text).links:
        if is_code_link(url):
            seen.setdefault(url.rstrip("/"), None)
    return list(seen)


def open_target(url: str, doi: str, abstract: str) -> str:
    """What `o` opens: the paper's http(s) URL, else its DOI's, else the first web link in the abstract.

    Only `web_link`s qualify (a `javascript:` or `file:` URL from an imported
    file is never opened); "" when there is none.
    """
    for candidate in (url, doi, *render(abstract).links):
        if link := web_link(candidate):
            return link
    return ""
