"""Text made safe in a BibTeX value, for the three readers of a .bib file: BibTeX, LaTeX and bibtexparser.

Each counts differently. BibTeX ends a braced value where its braces
balance, counting every brace, `\\{` too: a lone `{` in a title swallows the
entries after it. bibtexparser skips a brace after a backslash, and takes a
line starting with `@word` for the next entry. LaTeX reads `& % # _ ^ ~ $ \\`
as commands. So a value leaves here with its braces paired kind with kind
(`{`…`}`, `\\{`…`\\}`) and any other brace spelled `\\textbraceleft{}`, no
backslash before its end, no line starting with `@`, and no terminal control
character (`render.text.clean`: an ESC in a .bib printed to a terminal acts).

`plain_value` is for text that is not LaTeX (a name, a venue, a note, the
title of an RIS record): every special character is escaped, so LaTeX prints
it as written. `latex_value` is for text that is LaTeX already (a BibTeX
field as its source wrote it, an arXiv title with `$k$`): only what would
break the file or the run is changed.
"""

from __future__ import annotations

import re

from tui.core.render.text import clean

#: What each LaTeX special character of plain text becomes (braces escaped, then paired by `balanced`).
_PLAIN = {
    "\\": r"\textbackslash{}", "$": r"\$", "&": r"\&", "%": r"\%", "#": r"\#", "_": r"\_",
    "^": r"\textasciicircum{}", "~": r"\textasciitilde{}", "{": r"\{", "}": r"\}",
}
_PLAIN_SPECIAL = re.compile(r"[\\$&%#_^~{}]")
#: A brace no other brace of its kind closes, as LaTeX prints it and every reader counts nothing.
_LONE = {"{": r"\textbraceleft{}", "}": r"\textbraceright{}"}
#: A brace, with the run of backslashes before it (odd: LaTeX's escaped brace).
_BRACE = re.compile(r"(\\*)([{}])")
#: `\\` pairs (a line break, meaningless in a field) right before a brace or the end: bibtexparser would read `\{`.
_BREAK_BEFORE_BRACE = re.compile(r"(?<!\\)((?:\\\\)+)(?=[{}]|$)")
#: A line that starts with `@`: bibtexparser reads the start of another entry there.
_AT_LINE = re.compile(r"(\n[ \t]*)@")
#: LaTeX text's characters that are errors outside math when bare: `& % #`, the scripts, a `$` that opens no math.
_BARE = {"&": r"\&", "%": r"\%", "#": r"\#", "_": r"\_", "^": r"\textasciicircum{}", "$": r"\$"}
#: Math that opens with a command, and what closes it.
_MATH_CLOSE = {"(": "\\)", "[": "\\]"}


def plain_value(text: str, *, lines: bool = False) -> str:
    """Text that is not LaTeX as a BibTeX value that prints it as written; `lines`: keep line breaks (an abstract)."""
    text = _cleaned(text, lines)
    text = _PLAIN_SPECIAL.sub(lambda m: _PLAIN[m.group()], text)
    return _finished(text)


def latex_value(text: str, *, lines: bool = False, escape_bare: bool = False) -> str:
    """LaTeX text as a safe BibTeX value; `escape_bare`: also `& % # _ ^` outside math (text not from BibTeX)."""
    text = _cleaned(text, lines)
    if escape_bare:
        text = _bare_escaped(text)
    text = _BREAK_BEFORE_BRACE.sub(lambda m: " " * (len(m.group(1)) // 2), text).rstrip(" ")
    if text.endswith("\\"):  # an odd run at the end: its last backslash is a character, not a command
        text = text[:-1] + r"\textbackslash{}"
    return _finished(text)


#: How `plain_value` (and other programs escaping LaTeX as if it were text) spell LaTeX's special characters.
_ESCAPED = re.compile(r"\\textbackslash(?:\{\}|\s*(?=[A-Za-z])|(?![A-Za-z]))|\\text(ascii(?:circum|tilde))(?:\{\})?|\\([$&%#_])")
_ASCII = {"asciicircum": "^", "asciitilde": "~"}
#: Braces, escaped or not, and spaces: what a comparison of two spellings of one title sets aside.
_GROUPING = re.compile(r"\\?[{}]|\s+")


def escaped_twice(written: str, latex: str) -> bool:
    """True when `written` is the LaTeX text `latex` escaped as if it were plain (`$\\textbackslash ell\\_1$` for
    `$\\ell_1$`): what a paper list's embedded BibTeX does to a title its program took for plain text. Braces and
    spaces aside; only a `written` holding `\\textbackslash` counts (a bare `\\_` is an ordinary escape)."""
    if "\\textbackslash" not in written or "\\" not in latex:
        return False

    def read(m: re.Match[str]) -> str:
        return _ASCII[m.group(1)] if m.group(1) else m.group(2) or "\\"

    return _GROUPING.sub("", _ESCAPED.sub(read, written)) == _GROUPING.sub("", latex)


def _bare_escaped(text: str) -> str:
    """LaTeX text with `_BARE`'s characters escaped outside math; math as the reading pane finds it (`$…$`, `$$…$$`,
    `\\(…\\)`, `\\[…\\]`; "costs $5 and $10" holds none), an escaped character (`\\&`) left alone."""
    from tui.core.render.latex import closing_dollar

    out, i, n = [], 0, len(text)
    while i < n:
        ch = text[i]
        end = i + 1
        if ch == "\\":
            close = text.find(_MATH_CLOSE[text[i + 1]], i + 2) if text[i + 1 : i + 2] in _MATH_CLOSE else -1
            end = close + 2 if close >= 0 else i + 2
        elif ch == "$":
            close = text.find("$$", i + 2) if text[i + 1 : i + 2] == "$" else closing_dollar(text, i + 1)
            end = (close + (2 if text[i + 1 : i + 2] == "$" else 1)) if close >= 0 else end
            if close < 0:
                out.append(_BARE[ch])
                i = end
                continue
        out.append(_BARE.get(ch, ch) if end == i + 1 else text[i:end])
        i = end
    return "".join(out)


def _cleaned(text: str, lines: bool) -> str:
    """Controls gone; on one line unless `lines` (then blank lines between paragraphs kept, nothing more)."""
    text = clean(text).replace("\t", " ")
    if not lines:
        return " ".join(text.split())
    return "\n".join(line.rstrip() for line in text.strip().split("\n"))


def _finished(text: str) -> str:
    """Braces paired kind with kind, every other spelled out; no line starting with `@`."""
    return _AT_LINE.sub(r"\1{@}", balanced(text))


def balanced(text: str) -> str:
    """`text` with each brace paired with one of its kind (`{`…`}`, `\\{`…`\\}`), any other as `\\textbraceleft{}`."""
    if "{" not in text and "}" not in text:
        return text
    found = list(_BRACE.finditer(text))
    open_at: dict[bool, list[int]] = {True: [], False: []}  # escaped? -> indexes into `found` of open braces
    lone: set[int] = set()
    for i, m in enumerate(found):
        escaped = len(m.group(1)) % 2 == 1
        if m.group(2) == "{":
            open_at[escaped].append(i)
        elif open_at[escaped]:
            open_at[escaped].pop()
        else:
            lone.add(i)
    lone.update(open_at[True], open_at[False])
    if not lone:
        return text
    out, at = [], 0
    for i, m in enumerate(found):
        if i not in lone:
            continue
        slashes = m.group(1)
        out += [text[at : m.start()], slashes[: len(slashes) - len(slashes) % 2], _LONE[m.group(2)]]
        at = m.end()
    out.append(text[at:])
    return "".join(out)
