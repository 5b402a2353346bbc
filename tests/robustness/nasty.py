"""Hostile strings and files shared by the robustness tests."""

from __future__ import annotations

import json
from pathlib import Path

#: Terminal sequences that would act if they reached the terminal raw: a window-title change,
#: an OSC 52 clipboard write, a hyperlink, colours, a bell, and a C1 CSI.
ESCAPES = (
    "\x1b]0;PWNED-TITLE\x07"
    "\x1b]52;c;cHduZWQ=\x07"
    "\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\"
    "\x1b[31mred\x1b[0m\x1b[2J"
    "\x07bell\x08\x08back\rreturn\x9b31m"
)
#: Rich/Textual markup that must show literally and never run an action.
MARKUP = "[bold]bold[/] [/] [@click=app.quit]quit[/] [link=https://evil.example]link[/link] [unclosed [red"
#: Invisible, reordering and wide characters.
UNICODE = "zero\u200bwidth\u200d RTL\u202eevil\u202c \u05e9\u05dc\u05d5\u05dd \u4e2d\u6587\u8bba\u6587 \U0001f389\U0001f9ea\u2028sep"

NASTY = f"{MARKUP} {ESCAPES} {UNICODE}"

#: Raw sequences from the data that must never reach the terminal (their text may, as pictures).
PAYLOADS = ("\x1b]0;", "\x1b]52;", "\x1b[2J", "\x1b[31m", "\x9b")


TOPICS = (
    "We prove lower bounds for sparse graph sketches.",
    "A diffusion model that denoises molecular conformations.",
    "Reinforcement learning agents negotiate under partial observability.",
    "Kernel methods meet transformers on tabular benchmarks.",
)


def nasty_papers(n: int = 3) -> list[dict]:
    """Paper objects (JSON import format) whose every text field is hostile."""
    return [
        {
            "title": f"{NASTY} title {i}",
            "abstract": f"{TOPICS[i % len(TOPICS)]} {NASTY}\n\nSecond paragraph {MARKUP} https://github.com/a/b\x1b]52;c;cHduZWQ=\x07 end.",
            "authors": [f"Author {MARKUP}", f"\x1b]0;PWNED-TITLE\x07Name {i}"],
            "venue": f"Venue {MARKUP}",
            "list": f"List {MARKUP}\x1b]0;PWNED-TITLE\x07",
            "url": "https://github.com/x/y\x1b]52;c;cHduZWQ=\x07",
            "year": "2025",
        }
        for i in range(n)
    ]


def write_json(path: Path, objects: list) -> Path:
    path.write_text(json.dumps(objects, ensure_ascii=False), encoding="utf-8")
    return path
