"""Settling the seven bets of a baccarat round, to the penny.

Winnings are computed per bet in Decimal and rounded down to the penny
(:func:`dealer_assist.money.winnings`); commission is what the house keeps
of an even-money Banker win.  Super 6's half pay on a Banker 6 is no
commission (that table takes none): it is called as a half pay.  The lines come out in the order a croupier
pays: collect the losing bets first, then pay seat by seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Callable, Iterable

from dealer_assist.baccarat.paytable import STANDARD, Bet, Paytable
from dealer_assist.baccarat.round import Outcome
from dealer_assist.money import ZERO, fmt, winnings


@dataclass(frozen=True)
class Wager:
    """A stake on one bet at one seat."""

    seat: int
    bet: Bet
    stake: Decimal


@dataclass(frozen=True)
class BetResult:
    """How one wager came out.  ``pays`` is the winnings, ``returns`` what goes back to the player."""

    seat: int
    bet: Bet
    stake: Decimal
    result: str  # "win" | "lose" | "push"
    pays: Decimal
    returns: Decimal
    commission: Decimal
    #: Whether the win is paid at half its stake by a commission-free table's rule (Super 6's Banker 6).
    half_pay: bool = False
    #: Whether a Banker win pushes by a commission-free table's rule (EZ's three-card 7): a push with
    #: Banker the winner, which the croupier and the player would otherwise take for a mistake.
    seven_push: bool = False

    @property
    def call(self) -> str:
        """What the croupier does: ``take``, ``push``, ``push (EZ: Banker 3-card 7)``, ``pay 9.54`` or
        ``pay 5.00 (half: Banker 6)``."""
        return self.call_in(fmt)

    def call_in(self, money: Callable[[Decimal], str]) -> str:
        """:attr:`call` with its amount written by ``money`` (the display groups thousands: ``pay 4,750.00``)."""
        if self.result == "lose":
            return "take"
        if self.result == "push":
            return "push" + (" (EZ: Banker 3-card 7)" if self.seven_push else "")
        return f"pay {money(self.pays)}" + (" (half: Banker 6)" if self.half_pay else "")

    def to_json(self) -> dict:
        """This line as JSON-ready values, money as two-decimal strings (never float)."""
        return {"seat": self.seat, "bet": self.bet.value, "stake": fmt(self.stake), "result": self.result,
                "pays": fmt(self.pays), "returns": fmt(self.returns), "commission": fmt(self.commission),
                **({"half_pay": True} if self.half_pay else {}), **({"seven_push": True} if self.seven_push else {})}


@dataclass(frozen=True)
class Settlement:
    """Every wager's result, and the table's totals."""

    lines: tuple[BetResult, ...]

    @property
    def stakes(self) -> Decimal:
        """The total staked on every wager settled."""
        return sum((r.stake for r in self.lines), ZERO)

    @property
    def paid(self) -> Decimal:
        """The total winnings paid; stakes returned are not included."""
        return sum((r.pays for r in self.lines), ZERO)

    @property
    def commission(self) -> Decimal:
        """The total commission kept on Banker wins (floored fractions of a cent included)."""
        return sum((r.commission for r in self.lines), ZERO)

    @property
    def house(self) -> Decimal:
        """The house's result: stakes taken minus winnings paid (negative when the table won)."""
        taken = sum((r.stake for r in self.lines if r.result == "lose"), ZERO)
        return taken - self.paid

    @property
    def paying_order(self) -> tuple[BetResult, ...]:
        """Losing bets first (take), then pushes and wins seat by seat."""
        rank = {"lose": 0, "push": 1, "win": 2}
        return tuple(sorted(self.lines, key=lambda r: (rank[r.result], r.seat, list(Bet).index(r.bet))))

    def totals_json(self) -> dict:
        """The table's totals as JSON-ready values, money as two-decimal strings."""
        return {"stakes": fmt(self.stakes), "paid": fmt(self.paid), "commission": fmt(self.commission),
                "house": fmt(self.house)}

    def to_json(self) -> dict:
        """Every line and the totals as JSON-ready values."""
        return {"bets": [r.to_json() for r in self.lines], "totals": self.totals_json()}


def bet_result(bet: Bet, outcome: Outcome, paytable: Paytable) -> tuple[str, Decimal]:
    """``(result, ratio)`` of one bet on one outcome: win/lose/push and the winnings per unit."""
    w = outcome.winner
    if bet in (Bet.PLAYER, Bet.BANKER):
        if w == "tie":
            return ("push", ZERO) if paytable.tie_pushes else ("lose", ZERO)
        if w != bet.value:
            return "lose", ZERO
        if bet is Bet.BANKER:
            if paytable.banker_three_card_seven_pushes and outcome.banker_total == 7 and outcome.banker_cards == 3:
                return "push", ZERO
            if paytable.banker_six_pays is not None and outcome.banker_total == 6:
                return "win", paytable.banker_six_pays
        return "win", paytable.ratio(bet)
    won = {
        Bet.TIE: w == "tie",
        Bet.PLAYER_PAIR: outcome.player_pair,
        Bet.BANKER_PAIR: outcome.banker_pair,
        Bet.BIG: outcome.card_count >= 5,
        Bet.SMALL: outcome.card_count == 4,
    }[bet]
    return ("win", paytable.ratio(bet)) if won else ("lose", ZERO)


def settle_wager(wager: Wager, outcome: Outcome, paytable: Paytable = STANDARD) -> BetResult:
    """How one wager came out.

    The winnings are floored to the penny first, and the commission is what the house keeps of the
    even-money win: stake minus winnings, so the floored fraction of a cent counts as commission
    (10.05 on Banker pays 9.54, commission 0.51) and the two always add up to the even-money win.
    Super 6's half pay is no commission (``half_pay``).
    """
    result, ratio = bet_result(wager.bet, outcome, paytable)
    pays = winnings(wager.stake, ratio)
    commission = ZERO
    half_pay = result == "win" and wager.bet is Bet.BANKER and ratio != paytable.banker
    if result == "win" and wager.bet is Bet.BANKER and not half_pay and ratio < 1:
        commission = wager.stake - pays
    returns = ZERO if result == "lose" else wager.stake + pays
    seven_push = result == "push" and wager.bet is Bet.BANKER and outcome.winner == "banker"
    return BetResult(wager.seat, wager.bet, wager.stake, result, pays, returns, commission, half_pay, seven_push)


def settle(wagers: Iterable[Wager], outcome: Outcome, paytable: Paytable = STANDARD) -> Settlement:
    """Settle every wager on one complete round's ``outcome`` under ``paytable``.

    The lines keep the wagers' order; :attr:`Settlement.paying_order` is the order a croupier pays in.
    """
    return Settlement(tuple(settle_wager(w, outcome, paytable) for w in wagers))


def _net(line: "BetResult | None") -> Decimal:
    """What a settled line moved to the player: its winnings, the stake lost, or nothing."""
    if line is None or line.result == "push":
        return ZERO
    return line.pays if line.result == "win" else -line.stake


@dataclass(frozen=True)
class Correction:
    """One bet of a round whose settlement a void took back after it was paid: what was done under it
    (``was``) and what is due now (``now``; ``None`` while the bets are open again after a misdeal, when
    the payment is undone), so what the croupier takes back or pays more."""

    seat: int
    bet: Bet
    stake: Decimal
    was: "BetResult | None"
    now: "BetResult | None"

    @property
    def difference(self) -> Decimal:
        """Paid more (positive) or taken back (negative), stakes included."""
        return _net(self.now) - _net(self.was)

    def call_in(self, money: Callable[[Decimal], str]) -> str:
        """What to do now that the table stands as the voided settlement left it."""
        was = self.was.result if self.was is not None else "push"
        now = self.now.result if self.now is not None else "push"
        if self.was is not None and self.now is not None and self.was.stake != self.now.stake:
            # The stake was recorded wrong (a bet corrected after the settlement): what changes hands is the
            # difference of the two settlements, stakes included (qaAB F13: the calls left the stake out).
            change = self.difference
            if change == 0:
                return "nothing (as paid)"
            if change > 0:
                return f"pay {money(change)} more"
            return f"take back {money(-change)}" if was == "win" else f"take {money(-change)} more"
        if was == "push":
            return self.now.call_in(money) if self.now is not None else "nothing"
        if was == "lose":
            return {"lose": "nothing (taken)", "push": "return the stake",
                    "win": f"return the stake, pay {money(self.now.pays if self.now else ZERO)}"}[now]
        paid = self.was.pays
        if now == "lose":
            return f"take back {money(paid)} and the stake"
        if now == "push":
            return f"take back {money(paid)}"
        change = self.difference
        if change > 0:
            return f"pay {money(change)} more"
        return f"take back {money(-change)}" if change < 0 else "nothing (as paid)"


def corrections(was: Settlement, now: "Settlement | None") -> tuple[Correction, ...]:
    """Every bet of ``was`` and of ``now``, what to do for it; those that change money first (takes, then
    pays), seat by seat, then those that stay as paid."""
    rows: dict[tuple[int, Bet], Correction] = {}
    for line in was.lines:
        rows[(line.seat, line.bet)] = Correction(line.seat, line.bet, line.stake, line, None)
    for line in now.lines if now is not None else ():
        before = rows.get((line.seat, line.bet))
        rows[(line.seat, line.bet)] = Correction(line.seat, line.bet, line.stake,
                                                 before.was if before is not None else None, line)

    def order(c: Correction) -> tuple:
        sign = 0 if c.difference < 0 else 1 if c.difference > 0 else 2
        return sign, c.seat, list(Bet).index(c.bet)
    return tuple(sorted(rows.values(), key=order))
