"""Where the reader's Zotero database is (`paperdesk import --zotero`): the profile's `dataDir`, else ~/Zotero.

Zotero keeps its data folder at ~/Zotero unless the reader moved it; then the
profile's prefs.js says where (`extensions.zotero.dataDir`, with
`extensions.zotero.useDataDir` true). The profiles live in the platform's
Zotero folder (`paths.zotero_profile_roots`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tui.core.errors import InputFileError
from tui.core.ingest.zotero.reader import DATABASE
from tui.core.paths import zotero_profile_roots

_PREF = re.compile(r'user_pref\("extensions\.zotero\.(dataDir|useDataDir)",\s*(.+?)\);\s*$', re.M)


def _prefs(path: Path) -> dict[str, object]:
    """The Zotero data-folder prefs in one prefs.js ({} when unreadable)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}
    found: dict[str, object] = {}
    for name, value in _PREF.findall(text):
        try:
            found[name] = json.loads(value)  # prefs.js values are JavaScript literals: strings and booleans as JSON writes them
        except ValueError:
            continue
    return found


def data_dirs(home: Path | None = None) -> list[Path]:
    """The data folders to look in, in order: each profile's chosen `dataDir`, then ~/Zotero."""
    home = home if home is not None else Path.home()
    found: list[Path] = []
    for root in zotero_profile_roots(home):
        for prefs in sorted(root.glob("*/prefs.js")):
            values = _prefs(prefs)
            folder = values.get("dataDir")
            if isinstance(folder, str) and folder.strip() and values.get("useDataDir", True) is not False:
                found.append(Path(folder).expanduser())
    found.append(home / "Zotero")
    return list(dict.fromkeys(found))


def find_database(home: Path | None = None) -> Path:
    """The first zotero.sqlite among `data_dirs`; InputFileError saying where it looked when there is none."""
    places = data_dirs(home)
    for folder in places:
        if (folder / DATABASE).is_file():
            return folder / DATABASE
    looked = ", ".join(str(p) for p in places)
    raise InputFileError(places[-1] / DATABASE, f"not found (looked in {looked}); give the path: paperdesk import PATH/zotero.sqlite")
