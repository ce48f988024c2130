"""Which stakes a set of chips can make: any sum of them, each chip as often as wanted.

A bet's limits are met only by a stake the chips make; limits between two such
sums (chips 5, 25, 100 and a Player bet of 7.00 to 9.00) leave the bet no stake
at all, though each limit alone looks right (qaL F1).  Pure arithmetic in cents.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from decimal import Decimal
from math import gcd
from typing import Iterable, Optional

CENT = Decimal("0.01")
#: Beyond this many residues (the smallest chip over the chips' common step) the sums are not worked out:
#: only chips like 9,999.99 and 10,000.00 get there, and such a table is taken as able to make any stake.
MOST_RESIDUES = 200_000


@dataclass(frozen=True)
class ChipSums:
    """The sums of ``chips``, known by the least sum in each residue class of the smallest chip (in steps
    of the chips' greatest common divisor): every larger sum of that class is that one plus smallest chips."""

    step: int
    modulus: int
    least: tuple[Optional[int], ...]

    @classmethod
    def of(cls, chips: Iterable[Decimal]) -> Optional["ChipSums"]:
        """The sums of ``chips`` (positive amounts in cents), or None when there are too many to work out."""
        cents = sorted({int(c / CENT) for c in chips if c > 0})
        if not cents:
            return None
        step = 0
        for c in cents:
            step = gcd(step, c)
        units = [c // step for c in cents]
        modulus = units[0]
        if modulus > MOST_RESIDUES:
            return None
        least: list[Optional[int]] = [None] * modulus
        least[0] = 0
        queue = [(0, 0)]
        while queue:  # shortest paths over the residues (Dijkstra): the least sum reaching each one
            total, residue = heapq.heappop(queue)
            if least[residue] != total:
                continue
            for u in units[1:]:
                t = total + u
                r = t % modulus
                if least[r] is None or t < least[r]:
                    least[r] = t
                    heapq.heappush(queue, (t, r))
        return cls(step, modulus, tuple(least))

    def at_least(self, amount: Decimal) -> Decimal:
        """The smallest sum of the chips that is ``amount`` or more (and above zero)."""
        target = max(1, -(-int(amount / CENT) // self.step))
        best = min(base if base >= target else base + -(-(target - base) // self.modulus) * self.modulus
                   for base in self.least if base is not None)
        return (best * self.step * CENT).quantize(CENT)

    def at_most(self, amount: Decimal) -> Optional[Decimal]:
        """The largest sum of the chips that is ``amount`` or less and above zero, None if there is none."""
        target = int(amount / CENT) // self.step
        sums = [base + (target - base) // self.modulus * self.modulus for base in self.least
                if base is not None and base <= target]
        best = max((s for s in sums if s > 0), default=None)
        return None if best is None else (best * self.step * CENT).quantize(CENT)


def no_stake_between(chips: Iterable[Decimal], low: Decimal, top: Decimal) -> Optional[tuple[Optional[Decimal], Decimal]]:
    """When no sum of ``chips`` lies from ``low`` to ``top``: the nearest sums below and above them
    (below None when there is none); None when a stake can be made there (or the sums are too many to know)."""
    sums = ChipSums.of(chips)
    if sums is None:
        return None
    above = sums.at_least(low)
    if above <= top:
        return None
    return sums.at_most(top), above


def gap_words(chips: Iterable[Decimal], below: Optional[Decimal], above: Decimal) -> str:
    """The gap :func:`no_stake_between` found, in words: no sum of the chips lies between the limits."""
    from dealer_assist.money import fmt

    near = f"{fmt(below)} and {fmt(above)}" if below is not None else f"{fmt(above)} at the least"
    return f"no sum of the chips ({', '.join(fmt(c) for c in sorted(set(chips)))}) lies between them: the nearest are {near}"
