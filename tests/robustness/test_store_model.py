"""The store's model-based test (`store_model.StoreMachine`) at a fixed seed; `benchmarks/store_model.py` runs it longer.

Set PAPERDESK_STORE_EXAMPLES / PAPERDESK_STORE_STEPS / PAPERDESK_STORE_SEED for another run from here.
"""

from __future__ import annotations

import os

from tests.robustness.seeded import run_seeded
from tests.robustness.store_model import StoreMachine

SEED = int(os.environ.get("PAPERDESK_STORE_SEED", "20261203"))
EXAMPLES = int(os.environ.get("PAPERDESK_STORE_EXAMPLES", "25"))
STEPS = int(os.environ.get("PAPERDESK_STORE_STEPS", "30"))


def test_the_store_keeps_what_the_model_keeps() -> None:
    run_seeded(StoreMachine, SEED, EXAMPLES, STEPS)
