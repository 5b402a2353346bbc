"""The reading group's model-based test (`group_model.GroupMachine`) at a few fixed seeds, bounded to about half a minute.

Each seed is its own test (a failure names the seed that found it, and runs again the same way). Set
PAPERDESK_GROUP_MODEL_SEED (one seed or several, comma-separated), PAPERDESK_GROUP_MODEL_EXAMPLES and
PAPERDESK_GROUP_MODEL_STEPS for another run, e.g. a longer one before a release.
"""

from __future__ import annotations

import os
import shutil

import pytest

from tests.robustness.group_model import GroupMachine
from tests.robustness.seeded import run_seeded

SEEDS = [int(s) for s in os.environ.get("PAPERDESK_GROUP_MODEL_SEED", "4141,7,2026").split(",") if s.strip()]
EXAMPLES = int(os.environ.get("PAPERDESK_GROUP_MODEL_EXAMPLES", "3"))
STEPS = int(os.environ.get("PAPERDESK_GROUP_MODEL_STEPS", "16"))


@pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command line")
@pytest.mark.parametrize("at", SEEDS)
def test_no_member_breaks_another_members_library_or_sync(at: int) -> None:
    run_seeded(GroupMachine, at, EXAMPLES, STEPS)
