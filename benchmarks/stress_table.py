"""The per-deck table the stress benchmarks (``blur_stress.py``, ``cover_stress.py``) print.

Each deck is calibrated from its own set-up shots, as a user would, then stressed; the
table ends in an ``| all |`` row, which ``all_designs.py`` reads.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Callable

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_assist.vision.calibrate import calibrate  # noqa: E402
from dealer_assist.vision.profile import Profile  # noqa: E402


def arguments(doc: str) -> argparse.ArgumentParser:
    """The options every stress benchmark takes: ``--cards`` and ``--deck``."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cards", default=str(Path(__file__).resolve().parents[2] / "shared" / "cards"))
    ap.add_argument("--deck", action="append", help="deck name (default: every deck in cards/calib)")
    return ap


def print_table(args: argparse.Namespace, columns: tuple[str, str, str],
                stress: Callable[[Profile, Path], dict]) -> int:
    """Each deck of ``args`` calibrated and ``stress``-ed: a row of its ``columns`` (counts the
    stress returns, the last the wrong reads), its ``wrong_reads`` each on a row, and the totals."""
    cv2.setNumThreads(1)
    cards = Path(args.cards)
    decks = args.deck or sorted(p.name for p in (cards / "calib").iterdir() if p.is_dir())
    print("| deck | " + " | ".join(columns) + " |")
    print("|---|---|---|---|")
    total = dict.fromkeys(columns, 0)
    for deck in decks:
        with tempfile.TemporaryDirectory() as tmp:
            profile = Profile.load(calibrate(cards / "calib" / deck, allow_missing=True).save(tmp))
        r = stress(profile, cards / "calib" / deck)
        print(f"| {deck} | " + " | ".join(str(r[c]) for c in columns) + " |", flush=True)
        for line in r["wrong_reads"]:
            print(f"|   {line} | | | |")
        for c in columns:
            total[c] += r[c]
    print("| all | " + " | ".join(str(total[c]) for c in columns) + " |")
    return 0
