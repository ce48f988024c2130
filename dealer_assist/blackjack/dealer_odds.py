"""The dealer's final total by up card, computed exactly over the cards left in the shoe.

No hole card (the European game of seed 002): only the up card is known when
the dealer starts, so a blackjack is a possible outcome, not something
already ruled out by a peek.  This is the situation of the Wizard of Odds
appendix 2B tables quoted in facts.md §2.1, which the tests reproduce digit
for digit.  The recursion follows every draw with its exact probability
(:class:`fractions.Fraction`), either from a finite composition (each card
drawn leaves the shoe) or from an infinite deck (every draw 1/13, tens 4/13).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Optional, Sequence

#: The dealer's possible final results, in the order of the published tables.
OUTCOMES = ("17", "18", "19", "20", "21", "blackjack", "bust")

Composition = tuple[int, ...]
Distribution = dict[str, Fraction]

_INFINITE = (1, 1, 1, 1, 1, 1, 1, 1, 1, 4)


class DealerOddsError(ValueError):
    """An up card or a composition that cannot be used; the message names it."""


def shoe_composition(decks: int) -> Composition:
    """Cards per value 1 (ace) to 10 (ten and pictures) in a full shoe of ``decks`` decks."""
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise DealerOddsError(f"invalid number of decks {decks!r}: a whole number, at least 1")
    return (4 * decks,) * 9 + (16 * decks,)


def dealer_distribution(up: int, composition: Optional[Sequence[int]] = None, *,
                        hits_soft_17: bool = False) -> Distribution:
    """Probability of each of :data:`OUTCOMES` given the up card value ``up`` (ace = 1, tens = 10).

    ``composition`` is the shoe *before* the up card is taken out (10 counts,
    ace first); None means an infinite deck.
    """
    if isinstance(up, bool) or not isinstance(up, int) or not 1 <= up <= 10:
        raise DealerOddsError(f"invalid up card value {up!r}: 1 (ace) to 10")
    if composition is None:
        probs = _play(up, up == 1, 1, None, bool(hits_soft_17))
    else:
        counts = _check_composition(composition)
        if counts[up - 1] == 0:
            raise DealerOddsError(f"up card value {up} is not in the composition {counts}")
        left = list(counts)
        left[up - 1] -= 1
        probs = _play(up, up == 1, 1, tuple(left), bool(hits_soft_17))
    return dict(zip(OUTCOMES, probs))


def dealer_distribution_all(composition: Optional[Sequence[int]] = None, *,
                            hits_soft_17: bool = False) -> Distribution:
    """The distribution before the up card is seen: each up card weighted by its chance."""
    counts = _INFINITE if composition is None else _check_composition(composition)
    total = sum(counts)
    result = {o: Fraction(0) for o in OUTCOMES}
    for up, n in enumerate(counts, start=1):
        if n == 0:
            continue
        for outcome, p in dealer_distribution(up, composition, hits_soft_17=hits_soft_17).items():
            result[outcome] += Fraction(n, total) * p
    return result


def given_no_blackjack(distribution: Distribution) -> Distribution:
    """The distribution after a peek found no blackjack, to compare with US hole-card tables."""
    rest = 1 - distribution["blackjack"]
    if rest == 0:
        raise DealerOddsError("the dealer always has blackjack here; nothing is left to condition on")
    return {o: (Fraction(0) if o == "blackjack" else p / rest) for o, p in distribution.items()}


def _check_composition(composition: Sequence[int]) -> Composition:
    counts = tuple(composition)
    if len(counts) != 10 or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts):
        raise DealerOddsError(f"invalid composition {composition!r}: 10 card counts (ace, 2 ... 9, tens), none negative")
    return counts


_ZERO = (Fraction(0),) * len(OUTCOMES)


@lru_cache(maxsize=1 << 18)
def _play(hard: int, ace: bool, cards: int, left: Optional[Composition], h17: bool) -> tuple[Fraction, ...]:
    """Outcome probabilities from a dealer hand (hard total, holds an ace, card count) and the shoe left."""
    soft = ace and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if hard > 21:
        return _one("bust")
    if cards == 2 and total == 21:
        return _one("blackjack")
    if total > 17 or (total == 17 and not (soft and h17)):
        return _one(str(total))
    weights = _INFINITE if left is None else left
    size = sum(weights)
    if size == 0:
        raise DealerOddsError("the composition ran out of cards before the dealer finished")
    result = list(_ZERO)
    for value, n in enumerate(weights, start=1):
        if n == 0:
            continue
        if left is None:
            after = None
        else:
            rest = list(left)
            rest[value - 1] -= 1
            after = tuple(rest)
        sub = _play(hard + value, ace or value == 1, min(cards + 1, 3), after, h17)
        p = Fraction(n, size)
        for i, q in enumerate(sub):
            if q:
                result[i] += p * q
    return tuple(result)


def _one(outcome: str) -> tuple[Fraction, ...]:
    probs = list(_ZERO)
    probs[OUTCOMES.index(outcome)] = Fraction(1)
    return tuple(probs)
