"""The reading group's model-based test (`group_model.GroupMachine`) at a fixed seed, bounded to about half a minute.

Set PAPERDESK_GROUP_MODEL_EXAMPLES / PAPERDESK_GROUP_MODEL_STEPS / PAPERDESK_GROUP_MODEL_SEED for another run.
"""

from __future__ import annotations

import os
import shutil

import pytest
from hypothesis import HealthCheck, Phase, seed, settings
from hypothesis.stateful import run_state_machine_as_test

from tests.robustness.group_model import GroupMachine

SEED = int(os.environ.get("PAPERDESK_GROUP_MODEL_SEED", "4141"))
EXAMPLES = int(os.environ.get("PAPERDESK_GROUP_MODEL_EXAMPLES", "5"))
STEPS = int(os.environ.get("PAPERDESK_GROUP_MODEL_STEPS", "16"))


@pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command line")
def test_no_member_breaks_another_members_library_or_sync() -> None:
    machine = seed(SEED)(type("SeededGroup", (GroupMachine,), {}))
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
