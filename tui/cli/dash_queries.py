"""A filter query may start with `-` on the command line (`list --query -status:read`, `show -has:abstract`).

argparse takes any word starting with `-` for an option: `-status:read` after
`--query` reads as a missing value, and `show -has:abstract` as `-h` given
`as:abstract`. `query_argv` rewrites such words before argparse reads the line:
the value of a query option is attached to it (`--query=-status:read`), and a
query in the place of `show`'s, `cite`'s or `key`'s first positional goes after
`--`, the command's options before it. Nothing else changes, and a line that
already holds `--` is left as the user wrote it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

#: Options whose value is a filter query, and the commands that have them (`fetch arxiv` takes arXiv's query):
#: elsewhere `-q` may mean something else (`tag ID -q` removes the tag q).
QUERY_OPTIONS = ("--query", "-q")
QUERY_OPTION_COMMANDS = ("list", "export", "remove", "fetch")
#: Options the global parser and every command take with a value.
COMMON_VALUE_OPTIONS: dict[str, tuple[str, ...] | None] = {"--db": None}


def query_argv(argv: Sequence[str], query_commands: Mapping[str, Mapping[str, tuple[str, ...] | None]]) -> list[str]:
    """`argv` with every query that starts with `-` placed where argparse reads it as a value.

    `query_commands`: the commands whose first positional may be a query, each with its options
    that take a value (and the values they accept, or None for any): the words between them are
    the command's positionals.
    """
    words = list(argv)
    at = _command_at(words)
    if "--" in words or at is None:
        return words
    command, rest = words[: at + 1], words[at + 1 :]
    if words[at] in QUERY_OPTION_COMMANDS:
        return command + _attach_option_values(rest)
    if words[at] in query_commands:
        return command + _positionals_last(rest, {**COMMON_VALUE_OPTIONS, **query_commands[words[at]]})
    return words


def _is_dashed(word: str) -> bool:
    """`-status:read`, `-graph`, `-x`: one dash and more; never `-` (standard input) or `--long`."""
    return word.startswith("-") and not word.startswith("--") and word != "-"


def _attach_option_values(words: list[str]) -> list[str]:
    out: list[str] = []
    rest = iter(words)
    for word in rest:
        out.append(word)
        if word in QUERY_OPTIONS:
            value = next(rest, None)
            if value is None:
                break
            if _is_dashed(value):
                out[-1] = f"{word}={value}" if word.startswith("--") else f"{word}{value}"
            else:
                out.append(value)
    return out


def _command_at(words: list[str]) -> int | None:
    """Where the command's name is: the first word that is neither a global option nor its value."""
    at = 0
    while at < len(words):
        word = words[at]
        if word in COMMON_VALUE_OPTIONS:
            at += 2
        elif word.startswith("-"):
            at += 1
        else:
            return at
    return None


def _option(word: str, options: Mapping[str, tuple[str, ...] | None]) -> tuple[bool, bool]:
    """(is `word` one of the command's options, is the next word its value)."""
    if word.startswith("--"):
        named = [o for o in options if o.startswith(word)]  # argparse takes a unique start of a long option
        return True, "=" not in word and (word in options or len(named) == 1)
    if word in options:
        return True, True
    choices = options.get(word[:2])
    if choices and word[2:] in choices:  # `-fhtml`: a short option with its value attached
        return True, False
    return word == "-h", False


def _positionals_last(words: list[str], options: Mapping[str, tuple[str, ...] | None]) -> list[str]:
    """The command's words, or, when a positional starts with `-`, its options first and its positionals after `--`."""
    flags: list[str] = []
    positionals: list[str] = []
    rest = iter(words)
    for word in rest:
        is_option, takes_value = _option(word, options) if word.startswith("-") and word != "-" else (False, False)
        if not is_option:
            positionals.append(word)
            continue
        flags.append(word)
        value = next(rest, None) if takes_value else None
        if value is not None:
            flags.append(value)
    if not any(_is_dashed(word) for word in positionals):
        return words
    return [*flags, "--", *positionals]
