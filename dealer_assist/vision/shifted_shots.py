"""Set-up shots shifted by one card in the set-up order: a card left out (or shown twice) while the
guided set-up named each shot by the card it asked for, so every later shot holds its neighbour's card.

A profile taught from such names learns each rank's glyph under the rank before it, and reads its own
shots back as their names, but for the few where the shift crosses a suit (QA: it named 2S, 3S, 4S and AS,
which hold their own cards, and none of the 46 shifted shots).  So the names are judged against the
shots' glyphs alone: named as shifted from one card on, do the glyphs agree with their ranks and suits
far better than as named?  Pure numpy: the glyphs are read by :mod:`.calibrate`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from dealer_assist.cards import RANKS, SUITS, printed_rank

#: The cards in the order the guided set-up asks for them: A to K of spades, then hearts, diamonds, clubs.
SET_UP_ORDER = tuple(printed_rank(rank) + suit for suit in SUITS for rank in RANKS)
#: How much closer (cosine) a glyph must lie to another rank's (suit's) mean glyph than to its own
#: label's other glyphs to count against a naming (as :data:`.calibrate.OTHER_RANK_LEAD`).
LEAD = 0.06


@dataclass(frozen=True)
class Shift:
    """From the shot named ``start`` on, each shot shows the card ``step`` places on in
    :data:`SET_UP_ORDER` (+1: a card left out; -1: a card shown twice)."""

    start: str
    step: int
    #: Each shifted shot's file name and the card code it shows, in the set-up order.
    shows: tuple[tuple[str, str], ...]


def _misfits(labels: list[Optional[str]], vectors: np.ndarray) -> int:
    """How many glyphs lie closer (by :data:`LEAD`) to another label's mean glyph than to their own
    label's other glyphs; a glyph alone under its label, or with none, is not judged."""
    known = [i for i, label in enumerate(labels) if label is not None]
    groups: dict[str, list[int]] = {}
    for i in known:
        groups.setdefault(labels[i], []).append(i)
    sums = {label: vectors[idx].sum(axis=0) for label, idx in groups.items()}
    count = 0
    for i in known:
        own = labels[i]
        if len(groups[own]) < 2:
            continue
        v = vectors[i]
        likeness = {}
        for label, total in sums.items():
            mean = total - v if label == own else total
            likeness[label] = float(v @ mean) / (float(np.linalg.norm(v) * np.linalg.norm(mean)) or 1.0)
        if max((s for label, s in likeness.items() if label != own), default=-1.0) - likeness[own] >= LEAD:
            count += 1
    return count


def _score(codes: list[Optional[str]], ranks: np.ndarray, suits: np.ndarray) -> int:
    return (_misfits([c[:-1] if c else None for c in codes], ranks)
            + _misfits([c[-1] if c else None for c in codes], suits))


def find_shift(glyphs: dict[str, tuple[str, np.ndarray, np.ndarray]], names: list[tuple[str, str]]) -> Optional[Shift]:
    """The shift by one card from some shot on that fits the shots' glyphs, when it fits them far better
    than their names do; else None.  ``glyphs``: file name -> (card code as named, rank glyph vector, suit
    glyph vector); ``names``: every shot judged (file name, card code as named), whether or not its glyphs
    were read."""
    if len(glyphs) < 8 or any(code not in SET_UP_ORDER for code, _, _ in glyphs.values()):
        return None
    files = list(glyphs)
    at = [SET_UP_ORDER.index(glyphs[f][0]) for f in files]
    ranks = np.array([glyphs[f][1] for f in files])
    suits = np.array([glyphs[f][2] for f in files])
    as_named = _score([SET_UP_ORDER[p] for p in at], ranks, suits)
    scores = {}
    for step in (1, -1):
        for start in sorted(set(at)):
            codes = [SET_UP_ORDER[p + step] if p >= start and 0 <= p + step < len(SET_UP_ORDER) else
                     None if p >= start else SET_UP_ORDER[p] for p in at]
            scores[(step, start)] = _score(codes, ranks, suits)
    best = min(scores.values())
    fits = [key for key, score in scores.items() if score == best]
    if len(fits) != 1 or as_named - best < 3 or best * 4 > as_named:
        return None
    step, start = fits[0]
    shows = tuple((f, SET_UP_ORDER[SET_UP_ORDER.index(code) + step]) for f, code in
                  sorted(names, key=lambda n: SET_UP_ORDER.index(n[1]) if n[1] in SET_UP_ORDER else -1)
                  if code in SET_UP_ORDER and SET_UP_ORDER.index(code) >= start
                  and 0 <= SET_UP_ORDER.index(code) + step < len(SET_UP_ORDER))
    return Shift(SET_UP_ORDER[start], step, shows) if shows else None


def shift_warning(shift: Shift) -> str:
    """The warning for ``shift``: which shots, what they show, the likely slip, and what to do."""
    first, last = shift.shows[0], shift.shows[-1]
    sample = f"{first[0]} as {first[1]}" + (f" ... {last[0]} as {last[1]}" if len(shift.shows) > 1 else "")
    if shift.step > 0:
        how, slip = "the next card", f"was the {shift.start} left out when the shots were taken?"
    else:
        before = shift.shows[0][1]
        how, slip = "the card before it", f"was the {before} shown twice, in its own turn and in the {shift.start}'s?"
    return (f"from {shift.start}.png on, each of the {len(shift.shows)} shots reads as {how} in the set-up order "
            f"({sample}): {slip} Delete {shift.start}.png and every shot after it in the set-up order and take them "
            f"again from the {shift.start} (calibrate --camera asks for each card with no shot), or rename each of "
            "them by the card it shows, and calibrate again")
