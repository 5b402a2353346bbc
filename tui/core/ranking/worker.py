"""The build in a worker process: the SVD of a large library peaks near a gigabyte, and the app keeps none of it.

A spawned process (safe with the app's threads, and the same on every
platform) is sent the papers' raw texts a batch at a time (so the app never
holds all 50,000 at once: measured, holding them grew its memory by 200 MiB)
and folds them itself (the fold is CPU the app's threads would share), builds
the matrices (`build.build`) and writes them beside the library
(`store.save`); the app then reads what was written. Without a folder to
write to, the matrices come back through the queue. Progress comes back as
floats on the queue; a stop kills the process.
"""

from __future__ import annotations

import multiprocessing
import queue as queues
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tui.core.models import Paper
from tui.core.ranking.build import Matrices
from tui.core.ranking.text import raw_text
from tui.core.search.sorts import Cancelled

#: How often the app looks at the worker (and asks `should_stop`), in seconds.
POLL = 0.1


#: Papers sent to the worker at a time.
BATCH = 1000


def _run(texts_in: Any, folder: str | None, digest: str, out: Any) -> None:
    """In the worker: take the raw texts until None, fold them, build, then save (or send back) the matrices; the last
    message says which."""
    from tui.core.ranking import store
    from tui.core.ranking.build import build
    from tui.core.search.folding import fold

    texts: list[str] = []
    while (batch := texts_in.recv()) is not None:
        texts.extend(fold(text) for text in batch)
    matrices = build(texts, lambda share: out.put(("progress", share)))
    if folder is None:
        out.put(("matrices", matrices))
    else:
        store.save(Path(folder), digest, matrices)
        out.put(("saved", None))


def build_elsewhere(
    papers: Sequence[Paper], folder: Path | None, digest: str, progress: Callable[[float], None], should_stop: Callable[[], bool]
) -> Matrices | None:
    """Build in a worker process: the matrices when they came back through the queue, None when they were saved in
    `folder` (load them from there). Raises `Cancelled` on a stop (the worker is killed), `RuntimeError` when it died."""
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    texts_in, texts_out = context.Pipe(duplex=False)
    process = context.Process(target=_run, args=(texts_in, None if folder is None else str(folder), digest, out), daemon=True)
    process.start()
    texts_in.close()  # the worker's end: should it die, a send fails (BrokenPipeError) instead of waiting for ever
    try:
        for start in range(0, len(papers), BATCH):
            if should_stop():
                raise Cancelled
            texts_out.send([raw_text(paper) for paper in papers[start : start + BATCH]])
            progress(0.1 * min(1.0, (start + BATCH) / max(len(papers), 1)))
        texts_out.send(None)
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
        texts_out.close()
