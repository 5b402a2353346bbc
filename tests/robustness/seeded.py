"""Running a hypothesis state machine from a fixed seed, as the model tests do (the same settings for each)."""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, seed, settings
from hypothesis.stateful import RuleBasedStateMachine, run_state_machine_as_test


def run_seeded(machine: type[RuleBasedStateMachine], at: int, examples: int, steps: int) -> None:
    """`examples` runs of up to `steps` steps from seed `at`: no deadline (disk and git are slow under load), no
    example database (a failure names its seed, which replays it), shrinking kept (a failure comes back short)."""
    seeded = seed(at)(type(f"Seeded{machine.__name__}", (machine,), {}))
    run_state_machine_as_test(
        seeded,
        settings=settings(
            max_examples=examples,
            stateful_step_count=steps,
            deadline=None,
            derandomize=False,
            database=None,
            phases=[Phase.generate, Phase.shrink],
            suppress_health_check=list(HealthCheck),
        ),
    )
