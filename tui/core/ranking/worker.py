"""The build in a worker process: the SVD of a large library peaks near a gigabyte, and the app keeps none of it.

A spawned process (safe with the app's threads, and the same on every
platform) gets the papers' texts, builds the matrices (`build.build`) and
writes them beside the library (`store.save`); the app then memory-maps what
was written. Without a folder to write to, the matrices come back through the
pipe. Progress comes back as floats on a queue; a stop kills the process.
"""

from __future__ import annotations

import multiprocessing
import queue as queues
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tui.core.ranking.build import Matrices
from tui.core.search.sorts import Cancelled

#: How often the app looks at the worker (and asks `should_stop`), in seconds.
POLL = 0.1


def _run(texts: Sequence[str], folder: str | None, digest: str, out: Any) -> None:
    """In the worker: build, then save (or send back) the matrices; the last message says which."""
    from tui.core.ranking import store
    from tui.core.ranking.build import build

    matrices = build(texts, lambda share: out.put(("progress", share)))
    if folder is None:
        out.put(("matrices", matrices))
    else:
        store.save(Path(folder), digest, matrices)
        out.put(("saved", None))


def build_elsewhere(
    texts: Sequence[str], folder: Path | None, digest: str, progress: Callable[[float], None], should_stop: Callable[[], bool]
) -> Matrices | None:
    """Build in a worker process: the matrices when they came back through the pipe, None when they were saved in
    `folder` (load them from there). Raises `Cancelled` on a stop (the worker is killed), `RuntimeError` when it died."""
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    process = context.Process(target=_run, args=(list(texts), None if folder is None else str(folder), digest, out), daemon=True)
    process.start()
    try:
        while True:
            if should_stop():
                raise Cancelled
            try:
                kind, value = out.get(timeout=POLL)
            except queues.Empty:
                if not process.is_alive() and out.empty():
                    raise RuntimeError(f"the ranking build stopped (exit code {process.exitcode})") from None
                continue
            if kind == "progress":
                progress(0.1 + 0.8 * float(value))
            elif kind == "matrices":
                return value
            else:
                return None
    finally:
        if process.is_alive():
            process.kill()
        process.join(timeout=5)
        out.close()
