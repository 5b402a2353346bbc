"""The store's model-based test (`store_model.StoreMachine`) at a fixed seed; `benchmarks/store_model.py` runs it longer.

Set PAPERDESK_STORE_EXAMPLES / PAPERDESK_STORE_STEPS / PAPERDESK_STORE_SEED for another run from here.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, seed, settings
from hypothesis.stateful import run_state_machine_as_test

from tests.robustness.store_model import StoreMachine

SEED = int(os.environ.get("PAPERDESK_STORE_SEED", "20261203"))
EXAMPLES = int(os.environ.get("PAPERDESK_STORE_EXAMPLES", "25"))
STEPS = int(os.environ.get("PAPERDESK_STORE_STEPS", "30"))


def test_the_store_keeps_what_the_model_keeps() -> None:
    machine = seed(SEED)(type("SeededStore", (StoreMachine,), {}))
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
