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


_PMLR = re.compile(r"^(https?://proceedings\.mlr\.press/v\d+/)([\w\-]+)\.html$", re.IGNORECASE)
_OPENREVIEW = re.compile(r"^(https?://openreview\.net)/(?:forum|pdf)\?id=([\w\-]+)", re.IGNORECASE)
_ARXIV_PAGE = re.compile(r"^https?://(?:export\.)?arxiv\.org/(?:abs|pdf)/([\w.\-/]+?)(?:\.pdf)?$", re.IGNORECASE)


def pdf_link(url: str) -> str:
    """The PDF a paper page links to by its address alone: PMLR's `vN/key.html` -> `vN/key/key.pdf`, OpenReview's
    `forum?id=X` -> `pdf?id=X`, arXiv's `abs/ID` -> `pdf/ID`; a link already to a PDF as it is; else ""."""
    url = url.strip()
    if m := _PMLR.match(url):
        return f"{m.group(1)}{m.group(2)}/{m.group(2)}.pdf"
    if m := _OPENREVIEW.match(url):
        return f"{m.group(1)}/pdf?id={m.group(2)}"
    if m := _ARXIV_PAGE.match(url):
        return f"https://arxiv.org/pdf/{m.group(1)}"
    if url.casefold().split("?", 1)[0].endswith(".pdf"):
        return url
    return ""


def pdf_target(url: str, pdf: str, arxiv: str, others: tuple[str, ...] = ()) -> str:
    """What `o` offers as the paper's PDF: the list's own `pdf` link, else the PDF its page (or another version's
    page, `others`) names (`pdf_link`), else arXiv's `/pdf/` of its arXiv id; only http(s) links (`web_link`), "" when none."""
    for candidate in (pdf, pdf_link(url), *(pdf_link(u) for u in others), f"https://arxiv.org/pdf/{arxiv}" if arxiv else ""):
        if candidate and (link := web_link(candidate)):
            return link
    return ""
