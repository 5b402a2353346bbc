"""The store's model-based test (`tests/robustness/store_model.py`), run longer than the suite's fixed seed.

Runs `--examples` random sequences of `--steps` steps each from `--seed`, and prints how often each
kind of step ran (imports, removals by id, list and query, restores, kills at a write, full disks...),
then as its last line one JSON object: {"examples": .., "steps": .., "seconds": .., "counts": {..},
"failed": null or the failure's first line}. A failure is shrunk and printed in full above that line.

    python benchmarks/store_model.py [--examples 300] [--steps 40] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hypothesis import HealthCheck, Phase, seed, settings  # noqa: E402
from hypothesis.stateful import run_state_machine_as_test  # noqa: E402

from tests.robustness.store_model import COUNTS, StoreMachine  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=300)
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    machine = seed(args.seed)(type("LongStore", (StoreMachine,), {}))
    start = time.perf_counter()
    failed = None
    try:
        run_state_machine_as_test(
            machine,
            settings=settings(
                max_examples=args.examples,
                stateful_step_count=args.steps,
                deadline=None,
                database=None,
                phases=[Phase.generate, Phase.shrink],
                report_multiple_bugs=False,
                suppress_health_check=list(HealthCheck),
            ),
        )
    except Exception as exc:  # noqa: BLE001 - the failure is the result: printed, then summed up
        traceback.print_exc()
        failed = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    seconds = time.perf_counter() - start
    for name, n in sorted(COUNTS.items()):
        print(f"{name:>20} {n:>7}")
    print(f"{args.examples} sequences of up to {args.steps} steps in {seconds:.0f} s: {'FAILED ' + failed if failed else 'no failure'}")
    print(json.dumps({"examples": args.examples, "steps": args.steps, "seconds": round(seconds, 1), "counts": dict(sorted(COUNTS.items())), "failed": failed}))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
