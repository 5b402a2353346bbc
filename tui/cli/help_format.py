"""How every `--help` is laid out, and the epilog each one ends with (library folder, settings file, exit statuses)."""

from __future__ import annotations

import argparse

from tui.cli.exits import EXIT_FAIL, EXIT_HELD, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE


class Formatter(argparse.HelpFormatter):
    """Wraps each line of a description or epilog on its own (the default joins them)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        import textwrap

        return "\n".join(
            textwrap.fill(line, width, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False, break_long_words=False) if line else ""
            for line in text.splitlines()
        )


def epilog() -> str:
    """Where the library and the settings come from (shown under every --help)."""
    from tui.core.config import config_path
    from tui.core.paths import HOME_ENV

    return (
        f"library folder: --db DIR, else ${HOME_ENV}, else `library` in the settings file, else the user data folder\n"
        f"settings file:  {config_path()} (TOML: library, theme, layout, autosave_delay, first_steps, vault, [keys], "
        "arxiv_api, openreview_api, crossref_api, arxiv_delay, citekey_pattern, cite_style, group_tags, group_discuss, "
        "group_triage, group_column, for_me, for_me_tag)\n"
        f"exit status:    {EXIT_OK} done; {EXIT_FAIL} bad input, nothing matched, or nothing came in (an import whose every entry was "
        f"skipped, a fetch that found nothing, pairs `versions` found stored twice); {EXIT_USAGE} usage (a bad option or argument); "
        f"{EXIT_HELD} the library is held by another process (the message names its PID); "
        f"{EXIT_INTERRUPTED} interrupted (Ctrl+C) before anything was written"
    )
