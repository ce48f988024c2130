"""How long the exact baccarat odds take per shoe composition (target: <= 20 ms on one core).

Run by hand:  python benchmarks/odds.py [--runs N] [--seed S]

Prints the one-off table build (first call), then median and p95 milliseconds for the full
8-deck shoe and for random part-used 8-deck shoes (what the display recomputes after every
card), plus 6 and 1 decks and the Python-int fallback for a 30-deck shoe for reference.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one core: numpy must not spread the matrix product

import argparse  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

from dealer_assist.cards import full_deck  # noqa: E402
from dealer_assist.odds import counts_for, shoe_odds  # noqa: E402


def timed(counts) -> float:
    start = time.perf_counter()
    shoe_odds(counts)
    return (time.perf_counter() - start) * 1000.0


def summary(label: str, samples: list[float]) -> None:
    samples = sorted(samples)
    p95 = samples[min(len(samples) - 1, int(round(0.95 * (len(samples) - 1))))]
    print(f"{label:<38} median {statistics.median(samples):7.3f} ms   p95 {p95:7.3f} ms   "
          f"max {samples[-1]:7.3f} ms   (n={len(samples)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=300, help="compositions per case (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    rng = random.Random(args.seed)

    print(f"first call (builds the static tables): {timed(counts_for(8)):.1f} ms")
    summary("full 8-deck shoe", [timed(counts_for(8)) for _ in range(args.runs)])

    shoe = full_deck() * 8
    part_used = []
    for _ in range(args.runs):
        rng.shuffle(shoe)
        seen = shoe[: rng.randrange(0, len(shoe) - 20)]
        part_used.append(counts_for(8, seen))
    summary("random part-used 8-deck shoes", [timed(c) for c in part_used])
    summary("full 6-deck shoe", [timed(counts_for(6)) for _ in range(args.runs)])
    summary("full 1-deck shoe", [timed(counts_for(1)) for _ in range(args.runs)])
    summary("30 decks (Python-int fallback)", [timed(counts_for(30)) for _ in range(max(5, args.runs // 30))])


if __name__ == "__main__":
    main()
