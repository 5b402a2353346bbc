"""The reader's own text in a per-paper file: what paperdesk neither writes nor reads, kept where it was.

A per-paper file is paperdesk's parts (the title line, the abstract's quote,
the highlights' quotes and comments, `## Notes` and all after it) and
whatever the reader wrote between them: a line under the title, a paragraph
after the abstract, a `## My take` section of their own. A sync that rewrites
the file (the paper renamed, a note changed in the app) renders paperdesk's
parts again; each run of the reader's own lines is put back after the part
it followed, so it is never lost and a second rewrite gives the same file.
"""

from __future__ import annotations

from collections.abc import Iterable

from tui.core.export.highlights_md import COMMENT_MARK, HIGHLIGHTS_HEADING

ABSTRACT_HEADING = "## Abstract"

#: The parts paperdesk writes before the notes, in file order; own text follows one of them ("start": the front matter).
START, TITLE, ABSTRACT, HIGHLIGHTS = "start", "title", "abstract", "highlights"
_ORDER = (START, TITLE, ABSTRACT, HIGHLIGHTS)

#: Each run of the reader's own lines, with the part of the file it follows.
OwnText = tuple[tuple[str, str], ...]


def own_text(body: str) -> OwnText:
    """The reader's own runs of lines in `body`, a file's text after its front matter and before `## Notes`.

    In the abstract's section only the quote right under the heading is
    paperdesk's; in the highlights' section every quote and comment line is
    (the notes import reads them all as highlights); a level-2 heading that
    is not one of paperdesk's starts a section that is all the reader's.
    """
    found: list[tuple[str, str]] = []
    after, section, quote = START, START, ""  # quote, in the abstract: "" before it, "in", then "done"
    run: list[str] = []

    def close() -> None:
        text = "\n".join(run).strip("\n")
        if text.strip():
            found.append((after, text))
        run.clear()

    for line in body.split("\n"):
        if after == START and line.startswith("# "):  # the first level-1 heading is the title
            close()
            after = section = TITLE
            continue
        if line in (ABSTRACT_HEADING, HIGHLIGHTS_HEADING) and section != (ABSTRACT if line == ABSTRACT_HEADING else HIGHLIGHTS):
            close()
            after = section = ABSTRACT if line == ABSTRACT_HEADING else HIGHLIGHTS
            quote = ""
            continue
        if line.startswith("## ") or line == "##":
            section = "own"  # the reader's section: the heading and all under it are theirs
        if not line.strip():
            if run:
                run.append(line)  # kept only when more of the reader's text follows
            continue
        if section == ABSTRACT and quote != "done":
            if line.startswith(">"):
                quote = "in"
                close()
                continue
            quote = "done"
        elif section == HIGHLIGHTS and line.startswith((">", COMMENT_MARK)):
            close()
            continue
        run.append(line)
    close()
    return tuple(found)


def with_own_text(parts: Iterable[tuple[str, str]], own: OwnText) -> list[str]:
    """paperdesk's `parts` ((part name, text) in file order) with each run of `own` after the part it followed.

    A run whose part the new file lacks (its highlights all removed) goes
    after the nearest part before it; runs that came before the title stay there.
    """
    parts = list(parts)
    present = {name for name, _ in parts} | {START}
    placed: dict[str, list[str]] = {name: [] for name in _ORDER}
    for after, text in own:
        at = _ORDER.index(after) if after in _ORDER else len(_ORDER) - 1
        while _ORDER[at] not in present:
            at -= 1
        placed[_ORDER[at]].append(text + "\n")
    out = list(placed[START])
    for name, text in parts:
        out.append(text)
        out += placed.get(name, [])
    return out
