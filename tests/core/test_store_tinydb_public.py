"""The store uses TinyDB through its public API only: no write into its private table cache.

TinyDB keeps one `Table` per name, each with the next document id it once read. The store replaces the
annotations file under TinyDB (a change made outside merged in, a rewrite, the journal folded), so it makes
a fresh `Table` for each use instead of reaching into `TinyDB._tables` to forget the kept ones
(`test_outside_changes.test_a_view_saved_after_a_merge_never_takes_the_place_of_one_synced_in` fails when a
kept table hands out a stale id).
"""

from __future__ import annotations

from pathlib import Path

import tui

TUI = Path(tui.__file__).parent

#: TinyDB's private caches: the tables it keeps by name, and the next document id each one keeps.
PRIVATE = ("._tables", "._next_id")


def test_no_code_in_tui_reaches_into_tinydbs_private_caches() -> None:
    found = [
        f"{path.relative_to(TUI.parent)}:{number}: {line.strip()}"
        for path in sorted(TUI.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if any(name in line for name in PRIVATE)
    ]
    assert found == []
