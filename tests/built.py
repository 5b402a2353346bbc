"""Folders that take seconds to build (a 20,000-paper library) are built once per run and copied per test.

Copying a folder costs a tenth of a second where building it through the real import path costs
seconds of CPU, and every test still gets its own folder to change. The root conftest points `ROOT`
at a folder all xdist workers of one run share (a run never reuses another run's builds, so a
change to the store cannot meet a folder an older version built). A build goes to a folder of its
own and is renamed into place: two workers building at once both succeed and one copy is kept.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

#: Where this run's builds are kept (set by the root conftest; None outside pytest: build in place every time).
ROOT: Path | None = None

#: Left behind by the build, not part of what is copied: the lock file a closed library leaves.
_NOT_COPIED = shutil.ignore_patterns(".lock")


def built_copy(folder: Path, name: str, build: Callable[[Path], None]) -> None:
    """Make `folder` a copy of what `build(folder)` makes, building it only the first time `name` is asked for."""
    if ROOT is None:
        build(folder)
        return
    kept = ROOT / name
    if not kept.exists():
        ROOT.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=ROOT))
        build(scratch / "built")
        try:
            os.rename(scratch / "built", kept)
        except OSError:  # another worker put its build there first: the same bytes
            pass
        shutil.rmtree(scratch, ignore_errors=True)
    shutil.copytree(kept, folder, ignore=_NOT_COPIED)
