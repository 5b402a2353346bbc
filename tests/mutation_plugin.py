"""A pytest plugin loaded only by mutmut's runs (pyproject's [tool.mutmut]): its stats pass stays in this process.

mutmut first runs every test once with MUTANT_UNDER_TEST=stats to learn which
tests call which mutated function. A test that starts `python -m tui` in a
temporary folder passes that variable on, and the child, recording its hits,
looks for mutmut's config in its own folder and dies. Its hits would be lost
anyway (only this process reports them), so during the stats pass the variable
is taken out of the environment children inherit; this process still knows it
(mutmut keeps a copy). While a mutant is tested the variable stays, so a child
runs the mutant too and a CLI test can kill it.

`PAPERDESK_MUTATION_SKIP` (opt-in: comma-separated path prefixes such as
`tests/cli/`) leaves those tests out of each mutant's run, never out of the
stats pass. mutmut runs every covering test against a survivor; for a function
that every CLI test's fixture calls, that is minutes of subprocesses a mutant,
which rarely kill what the in-process tests let live. A mutant only such tests
cover then reads "no tests".
"""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True)
def _stats_stay_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        monkeypatch.delenv("MUTANT_UNDER_TEST")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    skip = tuple(prefix for prefix in os.environ.get("PAPERDESK_MUTATION_SKIP", "").split(",") if prefix)
    if not skip or os.environ.get("MUTANT_UNDER_TEST") == "stats":
        return
    left_out = [item for item in items if item.nodeid.startswith(skip)]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if not item.nodeid.startswith(skip)]
