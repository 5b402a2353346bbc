"""The README and the manual hold together: every relative link reaches a file (and a heading, for `#anchor`),
every page of docs/ is linked from the README and links back to it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
PAGES = sorted((ROOT / "docs").glob("*.md"))

#: `[text](target)` and `![alt](target)`, the target without a title.
_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def prose(text: str) -> str:
    """The text without fenced code blocks and inline code, where brackets are not links."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def links(path: Path) -> list[str]:
    return _LINK.findall(prose(path.read_text(encoding="utf-8")))


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading's anchor in a Markdown file (a repeated one gets -1, -2, … as on GitHub)."""
    seen: dict[str, int] = {}
    found: set[str] = set()
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)
    for heading in re.findall(r"^#{1,6} +(.+?) *#*$", text, flags=re.M):
        base = slug(heading)
        found.add(f"{base}-{seen[base]}" if base in seen else base)
        seen[base] = seen.get(base, 0) + 1
    return found


def test_slugs_are_githubs() -> None:
    assert slug("Triage: `T`") == "triage-t"
    assert slug("Keys: the `[keys]` table") == "keys-the-keys-table"
    assert slug("From the web: `paperdesk add` and `paperdesk fetch`") == "from-the-web-paperdesk-add-and-paperdesk-fetch"


@pytest.mark.parametrize("page", [README, *PAGES], ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_reaches_a_file_and_a_heading(page: Path) -> None:
    broken = []
    for target in links(page):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:: not ours to check
            continue
        file_part, _, anchor = target.partition("#")
        dest = (page.parent / file_part).resolve() if file_part else page
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"{target}: no heading #{anchor} in {dest.relative_to(ROOT)}")
    assert broken == []


def test_the_link_reader_reads_links() -> None:
    targets = links(README)
    assert "docs/reading.md" in targets and any(t.startswith("docs/finding.md#") for t in targets)
    assert "tests/ui/snapshots/__snapshots__/test_snapshots/test_main_screen.svg" in targets


def test_every_page_of_the_manual_is_linked_from_the_readme_and_back() -> None:
    from_readme = {(README.parent / t.partition("#")[0]).resolve() for t in links(README)}
    assert [p.name for p in PAGES if p.resolve() not in from_readme] == [], "pages of docs/ the README does not link"
    assert [p.name for p in PAGES if "../README.md" not in links(p)] == [], "pages of docs/ without a link back to the README"
