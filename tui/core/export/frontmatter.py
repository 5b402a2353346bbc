"""YAML front matter (`---` block at the top of a Markdown file), written and read by PyYAML."""

from __future__ import annotations

from typing import Any

DELIMITER = "---"

# PyYAML is imported on first use: the app reaches this module at start (export is one of
# its screens' actions), and the list's first frame needs no YAML.


def dump(fields: dict[str, Any]) -> str:
    """The front-matter block for `fields`, keys in the given order, ending in a newline.

    PyYAML quotes whatever needs it (colons, `#`, quotes, leading spaces,
    values that would read back as numbers or dates); an infinite width keeps
    each value on its key's line, and multi-line strings continue indented,
    so no line of the block is ever a bare `---`.
    """
    import yaml

    body = yaml.dump(
        fields,
        Dumper=yaml.SafeDumper,
        allow_unicode=True,
        sort_keys=False,
        default_flow_style=False,
        width=float("inf"),
    )
    return f"{DELIMITER}\n{body}{DELIMITER}\n"


def split(text: str) -> tuple[dict[str, Any] | None, str]:
    """(front matter, the rest) of a Markdown text; (None, text) when it has none.

    Raises `ValueError` with a short reason when the block is there but is
    not a YAML mapping (unclosed, bad YAML).
    """
    text = text.removeprefix("\ufeff")
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != DELIMITER:
        return None, text
    for end in range(1, len(lines)):
        if lines[end].rstrip() == DELIMITER:
            break
    else:
        raise ValueError("the front matter is not closed by a '---' line")
    import yaml

    # libyaml's C loader when PyYAML was built with it: far quicker reading a big vault.
    # Writing always uses the pure-Python dumper, so the bytes written do not depend
    # on how PyYAML was built.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        data = yaml.load("\n".join(lines[1:end]), Loader=loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 2})" if mark is not None else ""
        raise ValueError(f"the front matter is not valid YAML{where}") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ValueError("the front matter is not a YAML mapping")
    return data, "\n".join(lines[end + 1 :])
