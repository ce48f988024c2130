"""Chips on the layout: the betting controls of seed 000, with the table's limits.

Seed 000's controls: choose a chip, click a bet area to add it, Shift-click
to remove that much, Undo the last action (a removal or a Double too),
Clear All Bets, Double Bet, and Deal, after which nothing can change.  We
add Rebet (the last round's bets).  Every refusal names the limit and the
amount, and a refused action leaves the bets exactly as they were (the
:class:`Betting` value is immutable).
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, Iterable, Mapping, Optional

from dealer_assist.baccarat.paytable import STANDARD, Bet, InvalidBetError, Paytable, parse_bet
from dealer_assist.baccarat.round import Outcome
from dealer_assist.baccarat.settlement import Wager, settle_wager
from dealer_assist.chip_sums import ChipSums, gap_words, no_stake_between
from dealer_assist.money import ZERO, InvalidAmountError, fmt, parse_money

DEFAULT_CHIPS: tuple[Decimal, ...] = tuple(Decimal(v) for v in ("1", "5", "25", "100", "500", "1000"))


#: The end of a limit's refusal at the table: the display's key for a supervisor's new limits (the command
#: line, which has none, says :attr:`LimitError.command_line` instead).
RAISE_HINT = ", or a supervisor raises the limit (L)"

#: What a refused stake leaves at the table: the layout as it was.
BETS_KEPT = "the bets stay as they were; "


class BettingError(ValueError):
    """A betting action the table refuses; the bets are unchanged."""


class LimitError(BettingError):
    """A stake outside a limit; the message names the limit and the amount.

    ``command_line`` is the refusal as ``settle`` says it, where no bet was placed to stay as it was, and
    there is no chip to change nor key to press (qaAV F8); by default the message itself."""

    def __init__(self, message: str, command_line: Optional[str] = None) -> None:
        super().__init__(message)
        self.command_line = message if command_line is None else command_line


class BettingClosedError(BettingError):
    """A bet changed after the deal started: the cards may already show who wins."""

    def __init__(self, action: str) -> None:
        super().__init__(f"cannot {action}: bets are locked once the deal has started")


@dataclass(frozen=True)
class TableLimits:
    """Minimum and maximum stake per bet type, and the maximum potential payout per seat."""

    minimum: tuple[tuple[Bet, Decimal], ...] = tuple((b, Decimal("1.00")) for b in Bet)
    maximum: tuple[tuple[Bet, Decimal], ...] = (
        (Bet.PLAYER, Decimal("5000.00")), (Bet.BANKER, Decimal("5000.00")), (Bet.TIE, Decimal("500.00")),
        (Bet.PLAYER_PAIR, Decimal("500.00")), (Bet.BANKER_PAIR, Decimal("500.00")),
        (Bet.BIG, Decimal("2000.00")), (Bet.SMALL, Decimal("2000.00")),
    )
    max_payout: Decimal = Decimal("20000.00")

    def min_for(self, bet: Bet) -> Decimal:
        """The minimum stake on ``bet``; it is enforced at Deal (:meth:`Betting.lock`).  0.00 is no minimum:
        the smallest chip is then the least stake (as at the blackjack table)."""
        return dict(self.minimum).get(bet, ZERO)

    def max_for(self, bet: Bet) -> Decimal:
        """The maximum stake on ``bet``; checked as chips are placed, on Double and Rebet, and again at Deal."""
        return dict(self.maximum)[bet]

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> "TableLimits":
        """Build limits from config: ``{"min": {"tie": "5"}, "max": {...}, "max_payout": "10000"}``."""
        return cls().with_changes(data)

    def with_changes(self, data: Mapping[str, Any]) -> "TableLimits":
        """These limits with the amounts ``data`` gives (same form as :meth:`from_mapping`) changed.

        The config file and a supervisor's change at the table go through this
        one check, so a limit the table accepts at run time is one it would
        accept from the file.  Every refusal names the bet, the limit and the
        bad value: an unknown key or bet, an amount that is not money (negative,
        below a cent, a float), a maximum of zero (a bet nobody could place), a
        minimum above its maximum.
        """
        if not isinstance(data, Mapping):
            raise LimitError(f"limits {data!r} must be a table of min, max and max_payout")
        unknown = sorted(set(data) - {"min", "max", "max_payout"})
        if unknown:
            raise LimitError(f"unknown limit setting(s) {', '.join(map(repr, unknown))}: the settings are "
                             "min, max (per bet) and max_payout")
        minimum, maximum = dict(self.minimum), dict(self.maximum)
        for side, into in (("min", minimum), ("max", maximum)):
            per_bet = data.get(side) or {}
            if not isinstance(per_bet, Mapping):
                raise LimitError(f"limits {side} {per_bet!r} must map bets to amounts, e.g. {{\"tie\": \"5\"}}")
            for key, value in per_bet.items():
                try:
                    bet = parse_bet(key)
                except InvalidBetError as exc:
                    raise LimitError(f"the {side} limits name an {exc}") from None
                into[bet] = _limit_amount(value, f"{bet.label} {'minimum' if side == 'min' else 'maximum'}")
        payout = self.max_payout
        if "max_payout" in data:
            payout = _limit_amount(data["max_payout"], "maximum potential payout per seat")
            if payout <= 0:
                raise LimitError(f"maximum potential payout per seat {fmt(payout)}: it must be above 0.00")
        for b in Bet:
            if maximum[b] <= 0:
                raise LimitError(f"{b.label} maximum {fmt(maximum[b])}: a maximum must be above 0.00, "
                                 "or no one could bet on it")
            if minimum[b] > maximum[b]:
                raise LimitError(f"{b.label} minimum {fmt(minimum[b])} is above its maximum {fmt(maximum[b])}: "
                                 "lower the minimum or raise the maximum")
        return TableLimits(tuple((b, minimum[b]) for b in Bet), tuple((b, maximum[b]) for b in Bet), payout)

    def to_mapping(self) -> dict[str, Any]:
        """Every limit in the form :meth:`from_mapping` reads, money as two-decimal strings (for the journal)."""
        return {"min": {b.value: fmt(self.min_for(b)) for b in Bet},
                "max": {b.value: fmt(self.max_for(b)) for b in Bet},
                "max_payout": fmt(self.max_payout)}


def _limit_amount(value: object, what: str) -> Decimal:
    try:
        return parse_money(value)
    except InvalidAmountError as exc:
        raise LimitError(f"{what}: {exc}") from None


def _all_outcomes() -> tuple[Outcome, ...]:
    """One outcome per reachable combination of winner, pairs and card count (facts.md §1.6: all 36)."""
    out = []
    for winner, pp, bp, count in itertools.product(("player", "banker", "tie"), (False, True), (False, True), (4, 5, 6)):
        pt, bt = {"player": (9, 0), "banker": (0, 9), "tie": (5, 5)}[winner]
        out.append(Outcome(winner, pt, bt, count == 4, pp, bp, count))
    return tuple(out)


_OUTCOMES = _all_outcomes()


@functools.lru_cache(maxsize=4096)
def _winnings_by_outcome(bet: Bet, stake: Decimal, paytable: Paytable) -> tuple[Decimal, ...]:
    """What one wager wins on each of :data:`_OUTCOMES`, as its settlement pays it (floored to the penny)."""
    wager = Wager(0, bet, stake)
    return tuple(settle_wager(wager, o, paytable).pays for o in _OUTCOMES)


def potential_payout(wagers: Iterable[Wager], paytable: Paytable = STANDARD) -> Decimal:
    """The most these wagers can win together (winnings only, over every reachable outcome).

    Checked at every chip placed, and again for each one when a journal is replayed at a restart:
    each wager's winnings per outcome are kept (a layout is made of few distinct stakes), so a
    placement costs a sum over the outcomes, not their settlements (3,000 rounds' journal: 25 s
    of a 31 s restart were these settlements)."""
    wagers = tuple(wagers)
    if not wagers:
        return ZERO
    totals = [ZERO] * len(_OUTCOMES)
    for w in wagers:
        totals = [t + p for t, p in zip(totals, _winnings_by_outcome(w.bet, w.stake, paytable))]
    return max(totals)


class UnusableLimitsError(LimitError):
    """Limits a table is given (its config file, a supervisor at L) that leave a bet no stake.
    ``str()`` says what and why; what to do is the asker's: ``file_fix`` names
    the config file's settings, ``table_fix`` the limits dialog's fields."""

    def __init__(self, what: str, file_fix: str, table_fix: str) -> None:
        super().__init__(what)
        self.file_fix = file_fix
        self.table_fix = table_fix


def check_given_limits(limits: TableLimits, chips: Iterable[Decimal], paytable: Paytable) -> None:
    """Refuse limits that a table is given and could not use, with :class:`UnusableLimitsError`.

    The one check of the config file at start and of a supervisor's new limits
    (qaI F4: a table opened where no Tie bet could be placed; a later QA: the
    limits dialog set one), so the table never takes at run time limits it
    would refuse from the file.  Not of the limits a journal recorded: those
    are replayed as they were.  A minimum of 0.00 is allowed: no minimum but
    the smallest chip (the blackjack table's rule too, see docs/RULES.md).
    """
    chips = tuple(chips)
    smallest = min(chips)
    sums = ChipSums.of(chips)
    for bet in Bet:
        low, top = limits.min_for(bet), limits.max_for(bet)
        if smallest > top:
            raise UnusableLimitsError(
                f"the smallest chip {fmt(smallest)} is above the {bet.label} maximum {fmt(top)}, so no "
                f"{bet.label} bet could be placed",
                f"add a smaller chip to table.chips or raise limits.max.{bet.value}",
                f"raise the {bet.label} maximum to {fmt(smallest)} (the smallest chip) or more")
        gap = no_stake_between(chips, low, top)
        if gap is not None:  # qaL F1: chips 5, 25, 100 and a Player bet of 7.00 to 9.00
            below, above = gap
            lower_file = f" or lower limits.min.{bet.value} to {fmt(below)}" if below is not None else ""
            lower_table = f" or lower the {bet.label} minimum to {fmt(below)}" if below is not None else ""
            raise UnusableLimitsError(
                f"the {bet.label} minimum {fmt(low)} and maximum {fmt(top)} leave no stake: "
                f"{gap_words(chips, *gap)}, so no {bet.label} bet could be placed",
                f"raise limits.max.{bet.value} to {fmt(above)}{lower_file}, or add a chip that fits to table.chips",
                f"raise the {bet.label} maximum to {fmt(above)}{lower_table}")
        least = max(low, smallest) if sums is None else max(sums.at_least(low), low)
        wins = potential_payout([Wager(0, bet, least)], paytable)
        if wins > limits.max_payout:
            raise UnusableLimitsError(
                f"a {bet.label} bet of {fmt(least)} (its "
                f"{'minimum' if least == low else 'smallest chip' if least == smallest else 'least stake the chips make'}) can win "
                f"{fmt(wins)}, above the maximum potential payout per seat {fmt(limits.max_payout)}, so no "
                f"{bet.label} bet could be placed",
                f"lower limits.min.{bet.value} or raise limits.max_payout",
                f"lower the {bet.label} minimum or raise the max payout per seat to {fmt(wins)} or more")


@dataclass(frozen=True)
class Layout:
    """The stakes on the table: (seat, bet) -> amount.  Zero stakes are not kept."""

    stakes: tuple[tuple[tuple[int, Bet], Decimal], ...] = ()

    def get(self, seat: int, bet: Bet) -> Decimal:
        """The stake of ``seat`` on ``bet``, 0.00 if there is none."""
        return dict(self.stakes).get((seat, bet), ZERO)

    def with_stake(self, seat: int, bet: Bet, amount: Decimal) -> "Layout":
        """This layout with the stake on (``seat``, ``bet``) set to ``amount`` (0 or less removes it).

        Stakes are kept sorted by seat, then bet in layout order, so that the same bets make equal layouts.
        """
        d = dict(self.stakes)
        if amount > 0:
            d[(seat, bet)] = amount
        else:
            d.pop((seat, bet), None)
        order = list(Bet)
        return Layout(tuple(sorted(d.items(), key=lambda kv: (kv[0][0], order.index(kv[0][1])))))

    def wagers(self, seat: Optional[int] = None) -> tuple[Wager, ...]:
        """The stakes as :class:`Wager` values, of one ``seat`` or of all: what settlement and the payout limit use."""
        return tuple(Wager(s, b, a) for (s, b), a in self.stakes if seat is None or s == seat)

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats with at least one stake, in seat order."""
        return tuple(sorted({s for (s, _), _ in self.stakes}))

    def seat_total(self, seat: int) -> Decimal:
        """Everything ``seat`` has staked."""
        return sum((a for (s, _), a in self.stakes if s == seat), ZERO)

    @property
    def total(self) -> Decimal:
        """Everything staked on the table."""
        return sum((a for _, a in self.stakes), ZERO)

    def __bool__(self) -> bool:
        return bool(self.stakes)


@dataclass(frozen=True)
class Betting:
    """The bets of the coming round, the undo history, and the last round's bets for Rebet."""

    layout: Layout = Layout()
    limits: TableLimits = field(default_factory=TableLimits)
    paytable: Paytable = STANDARD
    seats: int = 7
    history: tuple[Layout, ...] = ()
    last_round: Layout = Layout()
    locked: bool = False

    # -- checks ---------------------------------------------------------------
    def _check_seat(self, seat: int) -> None:
        if not 1 <= seat <= self.seats:
            raise BettingError(f"no seat {seat} at this table: seats are 1 to {self.seats}")

    def _check_layout(self, layout: Layout) -> None:
        """Every bet over its maximum is named, not the first alone: a rebet after a lowered limit is all or
        nothing, and naming one bet at a time left the croupier refused again for the next (qaQ)."""
        over = [(seat, bet, amount, self.limits.max_for(bet)) for (seat, bet), amount in layout.stakes
                if amount > self.limits.max_for(bet)]
        if len(over) == 1:
            seat, bet, amount, top = over[0]
            fact = f"seat {seat} {bet.label} {fmt(amount)} is above the {bet.label} maximum of {fmt(top)}: "
            raise LimitError(f"{fact}{BETS_KEPT}bet at most {fmt(top)} there (a smaller chip){RAISE_HINT}",
                             f"{fact}stake at most {fmt(top)} there")
        if over:
            named = ", ".join(f"seat {seat} {bet.label} {fmt(amount)} (maximum {fmt(top)})"
                              for seat, bet, amount, top in over)
            fact = f"{len(over)} bets are above their maximums: {named}: "
            raise LimitError(f"{fact}{BETS_KEPT}bet at most the maximum on each{RAISE_HINT}",
                             f"{fact}stake at most the maximum on each")
        high = [(seat, payout) for seat in layout.seats
                if (payout := potential_payout(layout.wagers(seat), self.paytable)) > self.limits.max_payout]
        if high:
            seats = (f"seat {high[0][0]}: these bets could win {fmt(high[0][1])}" if len(high) == 1 else
                     "; ".join(f"seat {seat}'s bets could win {fmt(payout)}" for seat, payout in high))
            whose = "that seat's" if len(high) == 1 else "those seats'"
            fact = f"{seats}, above the maximum total potential payout of {fmt(self.limits.max_payout)} per seat: "
            raise LimitError(f"{fact}{BETS_KEPT}take some off {whose} bets{RAISE_HINT}",
                             f"{fact}stake less on {whose} bets")

    def _open(self, action: str) -> None:
        if self.locked:
            raise BettingClosedError(action)

    def _change(self, layout: Layout, action: str, lowers: bool = False) -> "Betting":
        """``lowers``: the change only takes chips off, so it cannot put a bet further over its maximum nor a
        seat's winnings over the payout limit, and is taken even while the layout is over them (bets reopened
        under lowered limits: refusing each chip taken off left the croupier only Clear)."""
        self._open(action)
        if not lowers:
            self._check_layout(layout)
        return replace(self, layout=layout, history=self.history + (self.layout,))

    # -- seed 000's controls --------------------------------------------------
    def place(self, seat: int, bet: Bet, chip: Decimal) -> "Betting":
        """Add a chip of value ``chip`` to ``bet`` at ``seat``."""
        self._open(f"place a chip on {bet.label}")
        self._check_seat(seat)
        chip = parse_money(chip)
        if chip <= 0:
            raise BettingError(f"a chip of {fmt(chip)} cannot be placed: choose a chip value above zero")
        return self._change(self.layout.with_stake(seat, bet, self.layout.get(seat, bet) + chip),
                            f"place {fmt(chip)} on {bet.label}")

    def remove(self, seat: int, bet: Bet, chip: Decimal) -> "Betting":
        """Take chips worth ``chip`` off (all of the bet if it holds less)."""
        self._open(f"remove chips from {bet.label}")
        self._check_seat(seat)
        chip = parse_money(chip)
        have = self.layout.get(seat, bet)
        if have <= 0:
            raise BettingError(f"seat {seat} has no chips on {bet.label} to remove")
        return self._change(self.layout.with_stake(seat, bet, max(have - chip, ZERO)),
                            f"remove chips from {bet.label}", lowers=True)

    def undo(self) -> "Betting":
        """Seed 000's Undo: the bets as they were before the last action (a chip placed or removed,
        Double, Clear or Rebet); refused once the deal has started.
        """
        self._open("undo")
        if not self.history:
            raise BettingError("nothing to undo")
        return replace(self, layout=self.history[-1], history=self.history[:-1])

    def clear(self) -> "Betting":
        """Seed 000's Clear All Bets: every chip off the table, as one action that Undo can take back."""
        self._open("clear the bets")
        if not self.layout:
            raise BettingError("there are no bets to clear")
        return self._change(Layout(), "clear the bets")

    def double(self) -> "Betting":
        """Double every bet on the table (one action for Undo)."""
        self._open("double the bets")
        if not self.layout:
            raise BettingError("there are no bets to double")
        doubled = Layout(tuple((k, a * 2) for k, a in self.layout.stakes))
        return self._change(doubled, "double the bets")

    def rebet(self) -> "Betting":
        """Put back the bets of the last round."""
        self._open("rebet")
        if not self.last_round:
            raise BettingError("no bets from a previous round to repeat")
        return self._change(self.last_round, "rebet")

    def _check_minimums(self, layout: Layout) -> None:
        for (seat, bet), amount in layout.stakes:
            low = self.limits.min_for(bet)
            if amount < low:
                fact = f"seat {seat} {bet.label} {fmt(amount)} is below the {bet.label} minimum of {fmt(low)}: "
                raise LimitError(f"{fact}add chips or remove the bet", f"{fact}stake at least {fmt(low)} there")

    def lock(self) -> "Betting":
        """Deal: check every limit (the minimums, and the maximums again: bets reopened by a voided
        round may predate a limit change) and freeze the bets."""
        self._open("deal again")
        self._check_minimums(self.layout)
        self._check_layout(self.layout)
        return replace(self, locked=True, history=())

    def with_limits(self, limits: TableLimits) -> "Betting":
        """The same bets under new limits; refused while a bet still open on the layout breaks them.

        The undo history starts again: undoing back to a layout the new limits
        forbid would slip a bet past them.  Locked bets (a round dealt or
        settled) are not checked here: they were taken under the limits then
        in force.
        """
        changed = replace(self, limits=limits, history=())
        if self.locked:
            return changed
        # Every bet outside them is named, as D names them (qaZ F8: the dialog named only the first, and was
        # refused again for the next once it was changed).
        outside = [(seat, bet, amount, limits.min_for(bet), limits.max_for(bet)) for (seat, bet), amount
                   in self.layout.stakes if not limits.min_for(bet) <= amount <= limits.max_for(bet)]
        if len(outside) == 1:
            seat, bet, amount, low, top = outside[0]
            raise LimitError(f"seat {seat} {bet.label} {fmt(amount)} is outside the new {bet.label} limits "
                             f"{fmt(low)} to {fmt(top)}: change that bet first, then the limits")
        if outside:
            named = ", ".join(f"seat {seat} {bet.label} {fmt(amount)} (new limits {fmt(low)} to {fmt(top)})"
                              for seat, bet, amount, low, top in outside)
            raise LimitError(f"{len(outside)} bets are outside the new limits: {named}: change those bets first, "
                             "then the limits")
        try:
            changed._check_layout(self.layout)
        except LimitError as exc:
            raise LimitError(f"{exc} under the new limits: change those bets first, then the limits") from None
        return changed

    def next_round(self) -> "Betting":
        """Fresh bets for the next round; the current ones become the Rebet."""
        return replace(self, layout=Layout(), history=(), last_round=self.layout or self.last_round, locked=False)

    @property
    def total_stake(self) -> Decimal:
        """Seed 000's Total Stake box: everything staked on the coming round."""
        return self.layout.total
