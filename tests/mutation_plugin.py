"""A pytest plugin loaded only by mutmut's runs (pyproject's [tool.mutmut]): its stats pass stays in this process.

mutmut first runs every test once with MUTANT_UNDER_TEST=stats to learn which
tests call which mutated function. A test that starts `python -m tui` in a
temporary folder passes that variable on, and the child, recording its hits,
looks for mutmut's config in its own folder and dies. Its hits would be lost
anyway (only this process reports them), so during the stats pass the variable
is taken out of the environment children inherit; this process still knows it
(mutmut keeps a copy). While a mutant is tested the variable stays, so a child
runs the mutant too and a CLI test can kill it.
"""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True)
def _stats_stay_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        monkeypatch.delenv("MUTANT_UNDER_TEST")
