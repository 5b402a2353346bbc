"""`paperdesk list --json` carries each paper's annotation as top-level fields."""

from __future__ import annotations

import json
from pathlib import Path

from tui.cli import main
from tui.core.library import Library


def test_list_json_has_the_annotation_fields(library_dir: Path, capsys) -> None:
    with Library.open(library_dir) as lib:
        pid = lib.papers[2].id
        lib.save_annotation(pid, notes="line 1\nline [2]", rating=5, status="read", tags=["rl", "theory"], title="Renamed")
    assert main(["--db", str(library_dir), "list", "--json"]) == 0
    records = {r["id"]: r for r in map(json.loads, capsys.readouterr().out.splitlines())}
    rec = records[pid]
    assert (rec["notes"], rec["rating"], rec["status"], rec["tags"], rec["title"]) == (
        "line 1\nline [2]", 5, "read", ["rl", "theory"], "Renamed",
    )
    assert rec["derived_title"] and rec["finished"] and rec["created"] and rec["updated"]
    assert main(["--db", str(library_dir), "list"]) == 0
    assert f"{pid}\tRenamed\t" in capsys.readouterr().out
