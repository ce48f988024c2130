"""Difficulty levels: which rule the next case should teach.

- Level 1: cases as they come off the shoe (the real mix at the table).
- Level 2: three cases in four from the rows trainees get wrong most
  (the Banker 3-6 rows, commission on odd stakes, soft 17 ...), odd stakes.
- Level 3: this trainee's own weak spots: each rule is picked in proportion
  to the trainee's stored error rate on it (rules never tried start at a
  prior that favours the hard rows), odd stakes.

Targeting needs a shoe that can be skipped through (the simulated one); on
real cards every hand is played as dealt.
"""

from __future__ import annotations

import random
from typing import Mapping, Optional

LEVELS = {1: "cases as dealt", 2: "the rows most often missed", 3: "your own weak spots"}
HARD_SHARE = 0.75


class LevelError(ValueError):
    def __init__(self, level: object) -> None:
        super().__init__(f"unknown level {level!r}: use " + ", ".join(f"{k} ({v})" for k, v in LEVELS.items()))


def check_level(level: object) -> int:
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise LevelError(level)
    return level


def weights(categories: tuple[str, ...], hard: frozenset[str], level: int,
            record: Optional[Mapping[str, Mapping[str, int]]] = None) -> Optional[dict[str, float]]:
    """Weight per category for the level (None at level 1: no targeting).

    ``record`` maps a category to ``{"seen": n, "wrong": m}`` for this trainee.
    """
    check_level(level)
    if level == 1 or not categories:
        return None
    if level == 2:
        hard_cats = [c for c in categories if c in hard]
        easy = [c for c in categories if c not in hard]
        if not hard_cats or not easy:
            return {c: 1.0 for c in categories}
        return {**{c: HARD_SHARE / len(hard_cats) for c in hard_cats},
                **{c: (1 - HARD_SHARE) / len(easy) for c in easy}}
    record = record or {}
    out = {}
    for c in categories:
        seen = int(record.get(c, {}).get("seen", 0))
        wrong = int(record.get(c, {}).get("wrong", 0))
        prior = 0.5 if c in hard else 0.1
        out[c] = (wrong + prior) / (seen + 1)
    return out


def pick(weights_by_category: Mapping[str, float], rng: random.Random) -> str:
    names = list(weights_by_category)
    return rng.choices(names, [weights_by_category[n] for n in names])[0]
