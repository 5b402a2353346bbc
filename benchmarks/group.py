"""A reading group on a large library: reading the others' marks, a first sync, an idle sync, `votes:`.

Usage: python benchmarks/group.py [--papers N] [--rated K]
Two members hold the same N synthetic papers (benchmarks/corpus.py); each rated K of them.
Prints CPU seconds (user+sys; git's child processes counted apart) of: ana's first sync
(her file written, committed, pushed), an idle sync (nothing new: no commit), reading
the group (`usecases.group.sight`: bob's file met with N papers), setting the marks on the
search index, and one `votes:>=1` query. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.corpus import write_list  # noqa: E402
from tui.core.ingest.lists import read_list_file  # noqa: E402
from tui.core.library import Library  # noqa: E402
from tui.core.search.query import parse_query  # noqa: E402
from tui.core.usecases import group as grouping  # noqa: E402
from tui.core.usecases.list import search_index


def cpu(label: str, fn, figures: dict[str, object]):  # type: ignore[no-untyped-def]
    before = os.times()
    result = fn()
    after = os.times()
    own = (after.user - before.user) + (after.system - before.system)
    git = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    print(f"{label:<44} {own:7.3f} s CPU   git {git:6.3f} s CPU")
    figures[label] = {"cpu": round(own, 3), "git_cpu": round(git, 3)}
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--papers", type=int, default=20000)
    parser.add_argument("--rated", type=int, default=500)
    args = parser.parse_args()
    figures: dict[str, object] = {"papers": args.papers, "rated": args.rated}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        subprocess.run(["git", "init", "-q", "--bare", str(root / "shared.git")], check=True)
        ana = Library.open(root / "ana", seed=False)
        ana.add_lists([read_list_file(write_list(root / "list.txt", args.papers))])
        ana.close()
        shutil.copytree(root / "ana", root / "bob")
        libs = {}
        for name, offset in (("bob", 1), ("ana", 0)):
            lib = libs[name] = Library.open(root / name, seed=False)
            grouping.join(lib, str(root / "shared.git"), name)
            lib.save_annotations({p.id: {"rating": 3 + (i + offset) % 3} for i, p in enumerate(lib.papers[: args.rated])})
        grouping.sync(libs["bob"])
        ana = libs["ana"]
        cpu("first sync (file written, committed, pushed)", lambda: grouping.sync(ana), figures)
        cpu("idle sync (nothing new)", lambda: grouping.sync(ana), figures)
        sight = cpu("reading the group (grouping.sight)", lambda: grouping.sight(ana), figures)
        index = search_index(ana)
        cpu("marks set on the search index", lambda: sight.attach(index), figures)
        found = cpu("votes:>=1", lambda: index.search(parse_query("votes:>=1")), figures)
        figures["votes_found"] = len(found)
        size = (root / "ana" / "group" / "members" / "ana.json").stat().st_size
        figures["member_file_bytes"] = size
        print(f"member file: {size:,} bytes for {args.rated} papers; votes:>=1 finds {len(found)}")
        for lib in libs.values():
            lib.close()
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
