"""Settling a complete blackjack round, hand by hand, in Decimal money.

Each hand is settled on its own: a split seat has two results, a doubled
hand stakes twice.  The order of the checks is the rule sheet's: a bust
loses whatever the dealer does, blackjacks are compared first (the table's
ratio, 3:2 or 6:5, unless the dealer has one too), a dealer blackjack beats every other hand including a
21, and equal totals go to the bank unless the house rules say push.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from typing import Mapping

from dealer_assist.blackjack.hand import Hand
from dealer_assist.blackjack.round import Round
from dealer_assist.blackjack.rules import BlackjackError, ratio_text
from dealer_assist.money import ZERO, parse_money, winnings


class Result(str, Enum):
    """How a hand came out: win, lose, or push (the stake goes back)."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"


class SettlementError(BlackjackError):
    """The round or the bets cannot be settled yet; the message says which and why."""


@dataclass(frozen=True)
class HandSettlement:
    """One hand's outcome.  ``stake`` includes a double; ``returns`` is what goes back to the player."""

    seat: int
    hand: int
    stake: Decimal
    result: Result
    pays: Decimal
    returns: Decimal
    reason: str

    @property
    def taken(self) -> Decimal:
        """What the croupier takes from this hand: less than its stake when part of a lost stake goes
        back (a double against a dealer blackjack, original bet only)."""
        return max(self.stake - self.returns, ZERO)


@dataclass(frozen=True)
class Settlement:
    """Every hand's settlement of one round, in playing order, and the round's totals."""

    hands: tuple[HandSettlement, ...]

    @property
    def stakes(self) -> Decimal:
        """The total staked, doubles and split hands included."""
        return sum((h.stake for h in self.hands), ZERO)

    @property
    def paid(self) -> Decimal:
        """Winnings paid out, stakes returned not included."""
        return sum((h.pays for h in self.hands), ZERO)

    @property
    def taken(self) -> Decimal:
        """Everything taken from losing hands; the house keeps this less what it :attr:`paid`."""
        return sum((h.taken for h in self.hands), ZERO)

    @property
    def returned(self) -> Decimal:
        """Everything handed back to the players, stakes and winnings together."""
        return sum((h.returns for h in self.hands), ZERO)

    @property
    def house(self) -> Decimal:
        """What the house keeps (negative when it pays out more than it takes)."""
        return self.stakes - self.returned


def settle(round: Round, bets: Mapping[int, object]) -> Settlement:
    """Settle every hand of a complete round.

    ``bets`` maps each seat (from 1) to its original stake; every seat of the
    round needs one, since every seat was dealt in.
    """
    if not round.complete:
        raise SettlementError(f"cannot settle yet: {round.due().describe()} is still due")
    stakes = _check_bets(round, bets)
    results = []
    for seat, index, hand in round.all_hands():
        results.append(_settle_hand(round, seat, index, hand, stakes[seat]))
    return Settlement(tuple(results))


def _check_bets(round: Round, bets: Mapping[int, object]) -> dict[int, Decimal]:
    stakes: dict[int, Decimal] = {}
    for seat, stake in bets.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= round.seat_count:
            raise SettlementError(f"bet for seat {seat!r} refused: this round has seats 1 to {round.seat_count}")
        amount = parse_money(stake)
        if amount <= 0:
            raise SettlementError(f"bet for seat {seat} refused: the stake must be more than 0.00")
        stakes[seat] = amount
    missing = [s for s in range(1, round.seat_count + 1) if s not in stakes]
    if missing:
        seats = ", ".join(str(s) for s in missing)
        raise SettlementError(f"no bet for seat {seats}: every seat dealt in needs its stake")
    return stakes


def _settle_hand(round: Round, seat: int, index: int, hand: Hand, base: Decimal) -> HandSettlement:
    rules = round.rules
    dealer = round.dealer
    stake = base * 2 if hand.doubled else base

    def result(res: Result, reason: str, pays: Decimal = ZERO, returns: Decimal | None = None) -> HandSettlement:
        if returns is None:
            returns = {Result.WIN: stake + pays, Result.PUSH: stake, Result.LOSE: ZERO}[res]
        return HandSettlement(seat, index, stake, res, pays, returns, reason)

    if hand.bust:
        return result(Result.LOSE, f"bust ({hand.total})")
    if hand.blackjack:
        if dealer.blackjack:
            return result(Result.PUSH, "blackjack against dealer blackjack: push")
        return result(Result.WIN, f"blackjack pays {ratio_text(rules.blackjack_pays)}",
                      winnings(stake, rules.blackjack_pays))
    if dealer.blackjack:
        reason = "dealer blackjack beats 21" if hand.total == 21 else "dealer blackjack"
        if rules.dealer_blackjack_takes_all:
            return result(Result.LOSE, reason)
        # Original bet only: the seat loses one original stake, on its first hand still standing;
        # doubles and the other split hands go back (a bust hand has already lost its own stake).
        first_live = next(i for i, h in enumerate(round.seat_hands(seat)) if not h.bust)
        if index != first_live:
            return result(Result.PUSH, reason + ": split stake returned (original bet only)")
        return result(Result.LOSE, reason + ": original bet only", returns=stake - base)
    if dealer.bust:
        return result(Result.WIN, f"dealer busts ({dealer.total})", winnings(stake, Decimal(1)))
    if hand.total > dealer.total:
        return result(Result.WIN, f"{hand.total} beats {dealer.total}", winnings(stake, Decimal(1)))
    if hand.total < dealer.total:
        return result(Result.LOSE, f"{dealer.total} beats {hand.total}")
    if rules.ties_push:
        return result(Result.PUSH, f"tie at {hand.total}: push")
    return result(Result.LOSE, f"tie at {hand.total}: the bank wins")


@dataclass(frozen=True)
class HandCorrection:
    """One hand of a round whose settlement a void took back after it was paid: what was done under it
    (``was``) and what is due now (``now``; ``None`` once the deal is voided too and the bets open again,
    when the payment is undone, or when the round, settled again, no longer has the hand: a split voided)."""

    seat: int
    hand: int
    was: "HandSettlement | None"
    now: "HandSettlement | None"
    #: Whether the round is settled again (``now`` None: the hand is gone from it, the deal stands).
    settled: bool = False

    @property
    def difference(self) -> Decimal:
        """Paid more (positive) or taken back (negative), stakes included."""
        return _net(self.now) - _net(self.was)

    def call(self, money) -> str:
        """What to do now that the table stands as the voided settlement left it, in the words baccarat's
        correction uses (qaR F15: a taken stake now won was "pay 20.00", stake and win in one sum, where the
        ordinary pay list's "pay" is the winnings alone): ``return the stake, pay 10.00``, ``take back 15.00
        and the stake``; a hand whose stake changed (doubled one way only) by the difference alone."""
        was, now = self.was, self.now
        if was is not None and now is not None and was.stake == now.stake:
            before, after = was.result.value, now.result.value
            if before == "lose" and after != "lose" and was.taken:
                back = "the stake" if was.taken == was.stake else money(was.taken)
                return f"return {back}" + (f", pay {money(now.pays)}" if after == "win" and now.pays else "")
            if before == "win" and after != "win":
                if after == "push" or not now.taken:
                    return f"take back {money(was.pays)}"
                stake = "the stake" if now.taken == now.stake else f"{money(now.taken)} of the stake"
                return f"take back {money(was.pays)} and {stake}"
            if before == "push" and after == "lose" and now.taken:
                return "take the stake" if now.taken == now.stake else f"take {money(now.taken)}"
            if before == "win" and after == "win" and self.difference > 0:
                return f"pay {money(self.difference)} more"
        change = self.difference
        if change > 0:
            return f"pay {money(change)}"
        return f"take back {money(-change)}" if change < 0 else "nothing (as paid)"

    def why(self, money) -> str:
        """What was done under the settlement taken back, and what is due now."""
        def done(h: "HandSettlement | None") -> str:
            if h is None:
                return "no hand"
            return {"win": f"paid {money(h.pays)}", "push": "pushed",
                    "lose": f"took {money(h.taken)}"}[h.result.value]
        if self.now is not None:
            now = done(self.now)
        elif self.settled:  # rev16 F1: said "the deal voided" of a split hand gone from a round that stands
            now = "no such hand (the split voided): its stake goes back"
        else:
            now = "the deal voided: the bet stands again"
        return f"under the voided settlement: {done(self.was)}; now: {now}"


def _net(hand: "HandSettlement | None") -> Decimal:
    """What a settled hand moved to the player: winnings, or the stake it lost (less what went back)."""
    return ZERO if hand is None else hand.returns - hand.stake


def corrections(was: Settlement, now: "Settlement | None") -> tuple[HandCorrection, ...]:
    """Every hand of ``was`` and of ``now`` and what to do for it: those taken back first, then those paid,
    seat by seat, then those that stay as paid."""
    rows: dict[tuple[int, int], HandCorrection] = {}
    for h in was.hands:
        rows[(h.seat, h.hand)] = HandCorrection(h.seat, h.hand, h, None, settled=now is not None)
    for h in now.hands if now is not None else ():
        before = rows.get((h.seat, h.hand))
        rows[(h.seat, h.hand)] = HandCorrection(h.seat, h.hand, before.was if before is not None else None, h, True)

    def order(c: HandCorrection) -> tuple:
        return (0 if c.difference < 0 else 1 if c.difference > 0 else 2), c.seat, c.hand
    return tuple(sorted(rows.values(), key=order))
