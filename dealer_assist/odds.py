"""Exact odds of the seven baccarat bets for any shoe composition.

The display recomputes these after every card, so the whole calculation has to
take well under 20 ms, yet it must stay *exact*: the figures are compared digit
for digit with the published full-shoe tables (facts.md §1).

Counting convention (Wizard of Odds, facts.md §1.1): every coup is weighted as
an ordered sequence of 6 cards drawn from the N cards left, so the counts add up
to N!/(N-6)!; a coup that used 4 cards is multiplied by (N-4)(N-5), one that used
5 cards by (N-5).  Probabilities are these counts over N!/(N-6)!.

Why it is fast: the weight of the first four cards (P1 B1 P2 B2) depends only on
the multiset of their values, and what happens next depends only on the two
totals and on the cards left, which is the shoe minus that multiset.  The at most
two third cards contribute a polynomial of degree two in the removed counts, so
per pair of totals we need only the weighted sums of 1, k[v] and k[v]·k[u] over
the 715 value multisets (one float64 matrix product, exact because every entry
stays below 2**53).  The third-card stage then runs on 10×10×10×10 int64 arrays.
Shoes too big for int64 (N**6 >= 2**63, about 27 decks) fall back to Python ints.

Pairs do not depend on the rest of the coup, so they come from a closed form.

Usage::

    report = shoe_odds(counts_for(8, ["AS", "9H", "K"]), decks=8)
    report.bets[Bet.BANKER].house_edge      # Fraction
    report.to_json()                        # the DESIGN.md ``odds`` contract
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Iterable, Iterator, Mapping, Optional, Sequence

import numpy as np

from dealer_assist.baccarat.paytable import STANDARD, Bet, Paytable
from dealer_assist.baccarat.tableau import banker_draws, player_draws
from dealer_assist.cards import RANKS, parse_card

__all__ = [
    "OddsError",
    "InvalidCompositionError",
    "ShoeTooSmallError",
    "ShoeTooLargeError",
    "SeenTooOftenError",
    "BetOdds",
    "OddsReport",
    "counts_for",
    "shoe_odds",
    "MIN_CARDS",
    "MAX_CARDS",
]

MIN_CARDS = 6
"""A coup can need six cards; with fewer left the dealer cannot start one."""

MAX_CARDS = 4800
"""About 92 decks: beyond this the float64 moment sums could lose exactness (16·N**4 >= 2**53)."""

_INT64_SAFE = 2**63
_VALUE_OF_RANK = tuple(min(i + 1, 10) % 10 for i in range(13))  # A..K -> 1..9, 0,0,0,0


class OddsError(ValueError):
    """Base class of the errors of this module: the message says what to fix."""


class InvalidCompositionError(OddsError):
    """The counts are not 13 whole numbers >= 0 (one per rank A23456789TJQK)."""


class ShoeTooSmallError(OddsError):
    """Fewer than :data:`MIN_CARDS` cards left: no coup can be dealt for sure."""


class ShoeTooLargeError(OddsError):
    """More than :data:`MAX_CARDS` cards (about 92 decks): the exact arithmetic here stops there."""


class SeenTooOftenError(OddsError):
    """A card was seen more often than the shoe holds it (an accounting alarm)."""


class UnknownEventError(OddsError, KeyError):
    """An event :meth:`OddsReport.probability` does not count; the message lists those it does.
    (A KeyError too, for callers that looked it up like a mapping; its message is printed plainly.)"""

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class _Tables:
    """Everything that does not depend on the shoe: built once, on first use."""

    multisets: np.ndarray  # (M, 10) int64: how many of each value among the first four cards
    orderings: np.ndarray  # (100, M) float64: orderings P1 B1 P2 B2 giving totals (pt, bt)
    moments: np.ndarray  # (M, 111) int64: 1, k[v], k[v]*k[u] per multiset
    stand4: np.ndarray  # (10, 10) bool: nobody draws (naturals, 6/7 v 6/7)
    banker_only: np.ndarray  # (10, 10) bool: Player stands, Banker draws
    player_only: np.ndarray  # (10, 10, 10) bool [pt, bt, p3]: Banker stands on p3
    both: np.ndarray  # (10, 10, 10) bool [pt, bt, p3]: Banker draws on p3
    gather: tuple  # (start, third) index arrays [final total, start total]: start total, third card


@lru_cache(maxsize=1)
def _tables() -> _Tables:
    index: dict[tuple[int, ...], int] = {}
    tally: Counter = Counter()
    for p1, b1, p2, b2 in product(range(10), repeat=4):
        m = index.setdefault(tuple(sorted((p1, b1, p2, b2))), len(index))
        tally[((p1 + p2) % 10) * 10 + (b1 + b2) % 10, m] += 1
    multisets = np.zeros((len(index), 10), dtype=np.int64)
    for key, m in index.items():
        for v in key:
            multisets[m, v] += 1
    orderings = np.zeros((100, len(index)), dtype=np.float64)
    for (g, m), n in tally.items():
        orderings[g, m] = n
    pairs = (multisets[:, :, None] * multisets[:, None, :]).reshape(len(index), 100)
    moments = np.concatenate([np.ones((len(index), 1), dtype=np.int64), multisets, pairs], axis=1)

    stand4 = np.zeros((10, 10), dtype=bool)
    banker_only = np.zeros((10, 10), dtype=bool)
    player_only = np.zeros((10, 10, 10), dtype=bool)
    both = np.zeros((10, 10, 10), dtype=bool)
    for pt in range(10):
        for bt in range(10):
            if player_draws(pt, bt):
                for p3 in range(10):
                    (both if banker_draws(pt, bt, p3) else player_only)[pt, bt, p3] = True
            elif banker_draws(pt, bt, None):
                banker_only[pt, bt] = True
            else:
                stand4[pt, bt] = True
    final, start = np.indices((10, 10))
    third = (final - start) % 10  # [final, start]: the card that takes `start` to `final`
    return _Tables(multisets, orderings, moments, stand4, banker_only, player_only, both, (start, third))


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


def _outcome_table(values: Sequence[int], n: int, wide: Optional[bool] = None) -> np.ndarray:
    """Ordered-6-sequence counts by [player drew][banker drew][player total][banker total].

    ``wide`` (default: only when int64 could overflow) does the last stage in Python ints.
    """
    t = _tables()
    if wide is None:
        wide = n**6 >= _INT64_SAFE
    c = np.array(values, dtype=np.int64)
    ff = np.ones((10, 5), dtype=np.int64)
    for j in range(1, 5):
        ff[:, j] = ff[:, j - 1] * np.maximum(c - (j - 1), 0)
    w4 = ff[np.arange(10), t.multisets].prod(axis=1)  # weight of the first four cards
    s = t.orderings @ (w4[:, None] * t.moments).astype(np.float64)
    if wide:
        s = np.array([[int(x) for x in row] for row in s], dtype=object)
        c = np.array([int(x) for x in c], dtype=object)
    else:
        s = s.astype(np.int64)
    s0 = s[:, 0].reshape(10, 10)
    s1 = s[:, 1:11].reshape(10, 10, 10)
    s2 = s[:, 11:].reshape(10, 10, 10, 10)

    one_more = s0[:, :, None] * c[None, None, :] - s1  # [pt, bt, v]: 4 cards then one v
    c_second = c[None, :] - np.eye(10, dtype=np.int64)  # [p, b]: b left after p was drawn
    two_more = (
        s0[:, :, None, None] * (c[:, None] * c_second)[None, None]
        - c[None, None, :, None] * s1[:, :, None, :]
        - c_second[None, None] * s1[:, :, :, None]
        + s2
    )  # [pt, bt, p3, b3]

    zero = 0 if wide else np.int64(0)
    out = np.zeros((2, 2, 10, 10), dtype=object if wide else np.int64)
    out[0, 0] = np.where(t.stand4, s0, zero) * ((n - 4) * (n - 5))
    start, third = t.gather
    # out[.., f, x] = sum over start totals s of array[.., s, .., (f - s) % 10]
    banker_only = np.where(t.banker_only[:, :, None], one_more, zero) * (n - 5)  # [pt, bt, b3]
    out[0, 1] = banker_only[:, start, third].sum(axis=2)
    player_only = np.where(t.player_only, one_more, zero) * (n - 5)  # [pt, bt, p3]
    out[1, 0] = player_only[start, :, third].sum(axis=1)
    both = np.where(t.both[:, :, :, None], two_more, zero)  # [pt, bt, p3, b3]
    out[1, 1] = both[start[:, None, :, None], start[None, :, None, :],
                     third[:, None, :, None], third[None, :, None, :]].sum(axis=(2, 3))
    return out


class _ReadOnlyMap(Mapping):
    """A read-only dict that, unlike ``MappingProxyType``, survives ``copy.deepcopy`` and pickle."""

    __slots__ = ("_data",)

    def __init__(self, data: dict) -> None:
        self._data = dict(data)

    def __getitem__(self, key):
        return self._data[key]

    def __iter__(self) -> Iterator:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return hash(tuple(self._data.items()))

    def __repr__(self) -> str:
        return repr(self._data)

    def __getstate__(self) -> dict:
        return self._data

    def __setstate__(self, data: dict) -> None:
        self._data = data


@dataclass(frozen=True)
class BetOdds:
    """One bet's exact result probabilities and house edge (= minus EV per unit staked)."""

    bet: Bet
    win: Fraction
    lose: Fraction
    push: Fraction
    house_edge: Fraction

    @property
    def expected_value(self) -> Fraction:
        return -self.house_edge

    def floats(self) -> dict[str, float]:
        return {"win": float(self.win), "lose": float(self.lose), "push": float(self.push),
                "house_edge": float(self.house_edge)}

    def fractions(self) -> dict[str, str]:
        return {k: f"{v.numerator}/{v.denominator}" for k, v in
                (("win", self.win), ("lose", self.lose), ("push", self.push), ("house_edge", self.house_edge))}


@dataclass(frozen=True)
class OddsReport:
    """The exact odds of one shoe composition under one paytable.

    ``combinations`` holds the raw integer counts (ordered 6-card sequences, the
    WoO convention) so they can be checked against published tables: ``total``,
    ``player``, ``banker``, ``tie``, ``player_pair``, ``banker_pair``,
    ``either_pair``, ``cards_4``, ``cards_5``, ``cards_6`` and the events the
    commission-free variants need: ``banker_six`` (Banker wins with 6),
    ``banker_three_card_seven`` (EZ "Dragon 7") and ``player_three_card_eight``
    (EZ "Panda 8").  ``outcomes`` is the full table behind them, indexed
    ``[player drew][banker drew][player total][banker total]``.
    """

    counts: tuple[int, ...]
    cards_left: int
    paytable: Paytable
    combinations: Mapping[str, int]
    bets: Mapping[Bet, BetOdds]
    outcomes: tuple = field(repr=False)
    decks: Optional[int] = None
    ms: float = 0.0

    def probability(self, event: str) -> Fraction:
        """Exact probability of one of the ``combinations`` events."""
        try:
            count = self.combinations[event]
        except KeyError:
            raise UnknownEventError(f"unknown event {event!r} (events: {', '.join(self.combinations)})") from None
        return Fraction(count, self.combinations["total"])

    def to_json(self) -> dict:
        """The DESIGN.md ``odds`` contract: floats under ``bets``, ``"num/den"`` under ``exact``."""
        return {
            "decks": self.decks,
            "cards_left": self.cards_left,
            "bets": {b.value: self.bets[b].floats() for b in Bet},
            "exact": {b.value: self.bets[b].fractions() for b in Bet},
            "combinations": dict(self.combinations),
            "pair_by": self.paytable.pair_by,
            "ms": round(self.ms, 3),
        }


def _check_counts(counts: Sequence[int]) -> tuple[int, ...]:
    if isinstance(counts, (str, bytes)) or not hasattr(counts, "__len__"):
        raise InvalidCompositionError(
            f"shoe composition {counts!r} is not a sequence of 13 counts (one per rank {RANKS})")
    if len(counts) != 13:
        raise InvalidCompositionError(
            f"shoe composition has {len(counts)} counts, expected 13 (one per rank {RANKS})")
    out = []
    for rank, x in zip(RANKS, counts):
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or x < 0:
            raise InvalidCompositionError(
                f"count for rank {rank!r} is {x!r}: each count must be a whole number >= 0")
        out.append(int(x))
    n = sum(out)
    if n < MIN_CARDS:
        raise ShoeTooSmallError(
            f"only {n} card(s) left in the shoe: a coup can need {MIN_CARDS}, so odds need at least "
            f"{MIN_CARDS} cards (start a new shoe)")
    if n > MAX_CARDS:
        raise ShoeTooLargeError(
            f"{n} cards left is more than the exact calculation supports (at most {MAX_CARDS}, about 92 decks)")
    return tuple(out)


def counts_for(decks: int = 8, seen: Iterable[object] = ()) -> tuple[int, ...]:
    """The 13 rank counts (A..K) of a ``decks``-deck shoe after the ``seen`` cards left it.

    ``seen`` holds :class:`Card` objects or card codes in any accepted spelling;
    a rank alone (``"9"``) removes one card of that rank.  A card seen more often
    than the shoe holds raises :class:`SeenTooOftenError` naming it.
    """
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise InvalidCompositionError(f"number of decks {decks!r} must be a whole number >= 1")
    counts = [4 * decks] * 13
    per_card: Counter = Counter()
    for item in seen:
        card = parse_card(item)
        i = RANKS.index(card.rank)
        if counts[i] == 0:
            raise SeenTooOftenError(
                f"card {card.code!r} seen more often than a {decks}-deck shoe holds that rank "
                f"({4 * decks}): check the cards entered")
        if card.suit is not None:
            per_card[card.code] += 1
            if per_card[card.code] > decks:
                raise SeenTooOftenError(
                    f"card {card.code!r} seen {per_card[card.code]} times but a {decks}-deck shoe holds "
                    f"{decks}: check the cards entered")
        counts[i] -= 1
    return tuple(counts)


def _pair_counts(counts: tuple[int, ...], by: str, n: int) -> tuple[int, int]:
    """(ordered first-four sequences with a Player pair, with both pairs)."""
    if by == "rank":
        classes = list(counts)
    elif by == "value":
        by_value = [0] * 10
        for i, x in enumerate(counts):
            by_value[_VALUE_OF_RANK[i]] += x
        classes = by_value
    else:
        raise InvalidCompositionError(f"paytable pair_by {by!r} must be 'rank' or 'value'")
    one = sum(x * (x - 1) for x in classes) * (n - 2) * (n - 3)
    both = 0
    for i, x in enumerate(classes):
        for j, y in enumerate(classes):
            both += _falling(x, 4) if i == j else x * (x - 1) * y * (y - 1)
    return one, both


def _bet_odds(bet: Bet, win: Fraction, lose: Fraction, push: Fraction, ev: Fraction) -> BetOdds:
    return BetOdds(bet, win, lose, push, -ev)


def shoe_odds(counts: Sequence[int], paytable: Paytable = STANDARD, *, decks: Optional[int] = None) -> OddsReport:
    """Exact odds of all seven bets for the shoe ``counts`` (13 rank counts, A..K).

    ``decks`` is only reported back (the JSON's ``"decks"``).  Raises
    :class:`OddsError` subclasses for bad or too-small compositions.
    """
    start = time.perf_counter()
    counts = _check_counts(counts)
    n = sum(counts)
    values = [0] * 10
    for i, x in enumerate(counts):
        values[_VALUE_OF_RANK[i]] += x
    table = _outcome_table(values, n)

    total = _falling(n, 6)
    pf = np.arange(10)[:, None]
    bf = np.arange(10)[None, :]
    flat = table.sum(axis=(0, 1))

    def total_of(arr, mask) -> int:
        return int(np.where(mask, arr, 0).sum())

    player = total_of(flat, pf > bf)
    banker = total_of(flat, pf < bf)
    tie = total_of(flat, pf == bf)
    pair_one, pair_both = _pair_counts(counts, paytable.pair_by, n)
    pair_one *= (n - 4) * (n - 5)
    pair_both *= (n - 4) * (n - 5)
    comb = {
        "total": total,
        "player": player,
        "banker": banker,
        "tie": tie,
        "player_pair": pair_one,
        "banker_pair": pair_one,
        "either_pair": 2 * pair_one - pair_both,
        "cards_4": int(table[0, 0].sum()),
        "cards_5": int(table[0, 1].sum() + table[1, 0].sum()),
        "cards_6": int(table[1, 1].sum()),
        "banker_six": total_of(flat, (bf == 6) & (pf < 6)),
        "banker_three_card_seven": total_of(table[:, 1].sum(axis=0), (bf == 7) & (pf < 7)),
        "player_three_card_eight": total_of(table[1].sum(axis=0), (pf == 8) & (bf < 8)),
    }
    p = {k: Fraction(v, total) for k, v in comb.items()}
    pt = paytable
    fr = Fraction  # Decimal -> exact Fraction

    # Player/Banker on a tie: push, or lose (paytable option).
    tie_push, tie_lose = (p["tie"], Fraction(0)) if pt.tie_pushes else (Fraction(0), p["tie"])
    bets: dict[Bet, BetOdds] = {}
    bets[Bet.PLAYER] = _bet_odds(Bet.PLAYER, p["player"], p["banker"] + tie_lose, tie_push,
                                 fr(pt.player) * p["player"] - p["banker"] - tie_lose)

    banker_win, banker_push = p["banker"], tie_push
    ev_banker = Fraction(0)
    if pt.banker_three_card_seven_pushes:
        banker_win -= p["banker_three_card_seven"]
        banker_push += p["banker_three_card_seven"]
    if pt.banker_six_pays is not None:
        ev_banker += fr(pt.banker_six_pays) * p["banker_six"]
        full_pay = banker_win - p["banker_six"]
    else:
        full_pay = banker_win
    ev_banker += fr(pt.banker) * full_pay - p["player"] - tie_lose
    bets[Bet.BANKER] = _bet_odds(Bet.BANKER, banker_win, p["player"] + tie_lose, banker_push, ev_banker)

    for bet, key in ((Bet.TIE, "tie"), (Bet.PLAYER_PAIR, "player_pair"), (Bet.BANKER_PAIR, "banker_pair")):
        win = p[key]
        bets[bet] = _bet_odds(bet, win, 1 - win, Fraction(0), fr(pt.ratio(bet)) * win - (1 - win))
    big = p["cards_5"] + p["cards_6"]
    small = p["cards_4"]
    bets[Bet.BIG] = _bet_odds(Bet.BIG, big, small, Fraction(0), fr(pt.big) * big - small)
    bets[Bet.SMALL] = _bet_odds(Bet.SMALL, small, big, Fraction(0), fr(pt.small) * small - big)

    outcomes = tuple(tuple(tuple(tuple(int(x) for x in row) for row in sub) for sub in half) for half in table)
    return OddsReport(
        counts=counts,
        cards_left=n,
        paytable=paytable,
        combinations=_ReadOnlyMap(comb),
        bets=_ReadOnlyMap(bets),
        outcomes=outcomes,
        decks=decks,
        ms=(time.perf_counter() - start) * 1000.0,
    )
