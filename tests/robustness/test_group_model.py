"""The reading group's model-based test (`group_model.GroupMachine`) at a few fixed seeds, bounded to about half a minute.

Each seed is its own test (a failure names the seed that found it, and runs again the same way). Set
PAPERDESK_GROUP_MODEL_SEED (one seed or several, comma-separated), PAPERDESK_GROUP_MODEL_EXAMPLES and
PAPERDESK_GROUP_MODEL_STEPS for another run, e.g. a longer one before a release.
"""

from __future__ import annotations

import os
import shutil

import pytest
from hypothesis import HealthCheck, Phase, seed, settings
from hypothesis.stateful import run_state_machine_as_test

from tests.robustness.group_model import GroupMachine

SEEDS = [int(s) for s in os.environ.get("PAPERDESK_GROUP_MODEL_SEED", "4141,7,2026").split(",") if s.strip()]
EXAMPLES = int(os.environ.get("PAPERDESK_GROUP_MODEL_EXAMPLES", "3"))
STEPS = int(os.environ.get("PAPERDESK_GROUP_MODEL_STEPS", "16"))


@pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command line")
@pytest.mark.parametrize("at", SEEDS)
def test_no_member_breaks_another_members_library_or_sync(at: int) -> None:
    machine = seed(at)(type("SeededGroup", (GroupMachine,), {}))
    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=STEPS,
            deadline=None,
            derandomize=False,
            database=None,
            phases=[Phase.generate, Phase.shrink],
            suppress_health_check=list(HealthCheck),
        ),
    )
