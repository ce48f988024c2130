"""A shift's totals from a journal's rounds: what the pit boss checks and signs at a shift's end.

Summed from the rounds as the export finally gives them (:func:`dealer_assist.table.export.iter_rounds`),
so a settlement taken back by a correction counts as it was settled again, and a round still open
counts in no money.  A bet's house result is its stake less what went back to the player (stake and
winnings), the same at baccarat and blackjack; a round's ``house`` is the sum of its bets'.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from decimal import Decimal, InvalidOperation
from typing import Any, Iterable, Optional

from dealer_assist.table.export import voids_round

ZERO = Decimal("0.00")


class ShiftTimeError(ValueError):
    """A --from or --to time that cannot be read: the text given is in the message."""

    def __init__(self, text: str) -> None:
        super().__init__(f"time {text!r} cannot be read: give it as 2026-12-06T14:00 (UTC, as the journal "
                         "writes its times) or with its offset, 2026-12-06T15:00+01:00")


def parse_time(text: str) -> datetime:
    """A shift's bound as typed: ISO 8601, UTC when no offset is given."""
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ShiftTimeError(text) from None
    return when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)


@dataclass
class BetTotals:
    """One bet type's bets over the shift."""

    bets: int = 0
    stakes: Decimal = ZERO
    returned: Decimal = ZERO
    won: int = 0
    lost: int = 0
    pushed: int = 0

    @property
    def house(self) -> Decimal:
        return self.stakes - self.returned

    def to_json(self) -> dict:
        return {"bets": self.bets, "stakes": f"{self.stakes:.2f}", "returned": f"{self.returned:.2f}",
                "house": f"{self.house:.2f}", "won": self.won, "lost": self.lost, "pushed": self.pushed}


@dataclass
class GameTotals:
    """One game's settled rounds over the shift."""

    rounds: int = 0
    stakes: Decimal = ZERO
    paid: Decimal = ZERO
    returned: Decimal = ZERO
    commission: Decimal = ZERO
    house: Decimal = ZERO
    by_bet: dict[str, BetTotals] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"rounds": self.rounds, "stakes": f"{self.stakes:.2f}", "paid": f"{self.paid:.2f}",
                "returned": f"{self.returned:.2f}", "commission": f"{self.commission:.2f}",
                "house": f"{self.house:.2f}", "by_bet": {k: v.to_json() for k, v in sorted(self.by_bet.items())}}


@dataclass
class ShiftTotals:
    """The rounds of a journal between two times (either open) and their money, by game."""

    since: Optional[datetime] = None
    until: Optional[datetime] = None
    games: dict[str, GameTotals] = field(default_factory=dict)
    first: Optional[str] = None
    last: Optional[str] = None
    open_rounds: list[str] = field(default_factory=list)
    voided: int = 0
    #: The ``voided`` rounds, named ("shoe 1 round 3": qaAM F5, a round left voided was a count alone).
    voided_names: list[str] = field(default_factory=list)
    corrections: int = 0
    #: Limit changes (L), apart from ``corrections``: no round's play is corrected by them (qaAX M1).
    limit_changes: int = 0
    settlements_taken_back: int = 0
    #: Of those, the ones of rounds left voided (a misdeal not dealt again in its round): not settled again there.
    settlements_voided: int = 0
    #: Of those, the ones of rounds left open (bets reopened, not settled again): no money counted for them.
    settlements_reopened: int = 0
    #: Each misdeal among ``corrections`` (baccarat's Shift+V; blackjack's deal voided, its steps each a correction
    #: of their own: qaAM F1, a misdeal read as 23 corrections), in order: its round ("shoe 4 round 16"), when it
    #: voided the round and when the round was dealt again after it (None: it was not), as ``journal rounds``
    #: gives a round's ``misdeals`` (fixM2: the summary's were round names under the same name).
    misdeals: list[tuple[str, Optional[str], Optional[str]]] = field(default_factory=list)
    #: Voided rounds whose bets a new shoe carried to its round ("shoe 1 round 2 to shoe 2 round 1"), dealt there.
    carried: list[str] = field(default_factory=list)
    #: Amounts in the exported rounds that are no number (a damaged entry): counted as 0.00 and said, not hidden.
    unreadable_amounts: int = 0
    #: Rounds settled (ended) in the window whose settlement a correction took back after its end (settled again
    #: later, left open, or voided as a misdeal): a summary signed at the window's end had it, this one has not
    #: (qaAE F11; rev24 E3: the misdeal's too).
    corrected_later: list[str] = field(default_factory=list)
    #: Rounds counted here, settled again after a correction, whose first settlement ended before the window,
    #: whenever the correction was made (in it, or in a window between: rev27 F1): a summary of an earlier
    #: window, signed before the correction, had it (rev24 E3b: not said of a round whose first settlement was
    #: itself in this window).
    corrected_from_earlier: list[str] = field(default_factory=list)
    #: Rounds settled before the window, voided as a misdeal (in it or before it), whose bets were carried to a
    #: round counted here ("shoe 1 round 1 to shoe 2 round 1"): a summary of an earlier window, signed before
    #: the misdeal, had them.
    carried_from_earlier: list[str] = field(default_factory=list)
    #: The settlements of those two lists' rounds that ended before the window, each with when it ended and
    #: when it was taken back: a summary signed between the two counted it.
    earlier_settlements: list[dict] = field(default_factory=list)
    #: Rounds whose bets were carried after a settlement that ended before the window, by the round they went
    #: to, with those settlements.
    _carried_in: dict = field(default_factory=dict, repr=False)

    def add(self, record: dict) -> None:
        """Count one exported round if it ended within the shift; one with no end (voided, still open) if the
        correction that took its last settlement back (a misdeal called, its bets reopened) was made within it,
        else if it started within it (rev27: a misdeal called in the next shift was counted, with its
        correction, where the round had started).  A voided round counts where the misdeal that voided it was
        called, the time ``journal rounds`` says it was "voided as a misdeal at" and the export gives that
        correction: one voided in the re-deal after a V was filed under the V's time, in another shift when a
        shift ended between the two."""
        name = f"shoe {record.get('shoe')} round {record.get('round')}"
        status = record.get("status")
        taken = [v for v in record.get("voided_settlements") or () if isinstance(v, dict)]
        when = (record.get("ended") or (_misdeal_time(record) if status == "voided" else None)
                or (taken[-1].get("voided_at") if taken else None) or record.get("started"))
        to = record.get("carried_to")
        within = self._within(when)
        if any(self._counted_then_taken_back(v) for v in taken):
            self.corrected_later.append(name)
        before = [v for v in taken if self._counted_before(v)]
        if before:
            if status == "voided" and isinstance(to, dict):
                self._carried_in[(to.get("shoe"), to.get("round"))] = (name, before)
            elif within and status in ("settled", "complete"):
                self.corrected_from_earlier.append(name)
                self._earlier(name, before)
        came = self._carried_in.pop((record.get("shoe"), record.get("round")), None)
        if came is not None and within and status in ("settled", "complete"):
            self.carried_from_earlier.append(f"{came[0]} to {name}")
            self._earlier(came[0], came[1])
        if not within:
            return
        self.corrections += len(record.get("corrections") or ())
        self.limit_changes += len(record.get("limit_changes") or ())
        self.misdeals += [(name, _text(c.get("time")), _text(c.get("dealt_again")))
                          for c in record.get("corrections") or () if isinstance(c, dict) and voids_round(c)]
        self.settlements_taken_back += len(taken)
        settlement = record.get("settlement")
        if status == "voided":
            self.voided += 1
            self.voided_names.append(name)
            self.settlements_voided += len(taken)
            if isinstance(to, dict):
                self.carried.append(f"{name} to shoe {to.get('shoe')} round {to.get('round')}")
            return
        if status == "open":
            self.settlements_reopened += len(taken)
        if not settlement or record.get("status") not in ("settled", "complete"):
            if record.get("status") == "open" and (record.get("cards") or record.get("bets")):
                self.open_rounds.append(name)
            return
        game = self.games.setdefault(str(record.get("game") or settlement.get("game") or "baccarat"), GameTotals())
        totals = settlement.get("totals") or {}
        game.rounds += 1
        game.stakes += self._money(totals.get("stakes"))
        game.paid += self._money(totals.get("paid"))
        game.commission += self._money(totals.get("commission"))
        game.house += self._money(totals.get("house"))
        for bet in settlement.get("bets") or ():
            kind = game.by_bet.setdefault(str(bet.get("bet")), BetTotals())
            kind.bets += 1
            kind.stakes += self._money(bet.get("stake"))
            back = self._money(bet.get("returns"))
            kind.returned += back
            game.returned += back
            result = bet.get("result")
            kind.won += result == "win"
            kind.lost += result == "lose"
            kind.pushed += result not in ("win", "lose")
        self.first = self.first or when
        self.last = when

    def _money(self, value: Any) -> Decimal:
        try:
            return Decimal(str(value)) if value is not None else ZERO
        except InvalidOperation:
            self.unreadable_amounts += 1
            return ZERO

    def _counted_then_taken_back(self, taken: dict) -> bool:
        """Whether a settlement taken back had ended in the window and was taken back after its end: a summary
        run at the window's end counted it."""
        return (self.until is not None and bool(taken.get("round_ended")) and self._within(taken["round_ended"])
                and self._after(taken.get("voided_at"), self.until))

    def _counted_before(self, taken: dict) -> bool:
        """Whether a settlement taken back had ended before the window: a summary of an earlier window, run
        before the correction, counted it.  When the correction was made does not matter: this window cannot
        know where the earlier summaries ended (rev27 F1: settled in A, reopened in B, settled again in C was
        counted in C with no word, A's signed figure holding it too)."""
        if self.since is None or not taken.get("round_ended"):
            return False
        try:
            return parse_time(str(taken["round_ended"])) < self.since
        except ShiftTimeError:
            return False

    def _earlier(self, name: str, taken: list) -> None:
        self.earlier_settlements.extend({"round": name, "settled": v.get("round_ended"),
                                         "taken_back": v.get("voided_at")} for v in taken)

    @staticmethod
    def _after(when: Optional[str], bound: datetime) -> bool:
        """``when`` at or after ``bound`` (an unreadable time: not)."""
        try:
            return parse_time(str(when)) >= bound
        except ShiftTimeError:
            return False

    def _within(self, when: Optional[str]) -> bool:
        if self.since is None and self.until is None:
            return True
        try:
            at = parse_time(str(when))
        except ShiftTimeError:
            return False
        return (self.since is None or at >= self.since) and (self.until is None or at < self.until)

    def to_json(self) -> dict:
        from dealer_assist.table.round_times import misdeals_json

        return {"from": self.since.isoformat() if self.since else None,
                "to": self.until.isoformat() if self.until else None,
                "first_round_ended": self.first, "last_round_ended": self.last,
                "rounds": sum(g.rounds for g in self.games.values()), "open_rounds": self.open_rounds,
                "voided_rounds": self.voided, "voided_round_names": self.voided_names, "corrections": self.corrections,
                "limit_changes": self.limit_changes,
                "misdeals": [{"round": name, **one} for (name, *_), one in zip(
                    self.misdeals, misdeals_json((at, again) for _, at, again in self.misdeals))],
                "misdeal_rounds": [name for name, _, _ in self.misdeals],
                "settlements_taken_back": self.settlements_taken_back, "settlements_voided": self.settlements_voided,
                "settlements_reopened": self.settlements_reopened,
                "voided_carried": self.carried, "unreadable_amounts": self.unreadable_amounts,
                "corrected_later": self.corrected_later, "corrected_from_earlier": self.corrected_from_earlier,
                "carried_from_earlier": self.carried_from_earlier, "earlier_settlements": self.earlier_settlements,
                "games": {k: v.to_json() for k, v in sorted(self.games.items())}}


def _text(value: Any) -> Optional[str]:
    return value if isinstance(value, str) else None


def _misdeal_time(record: dict) -> Optional[str]:
    """The time of the misdeal that left an exported round voided: its last ``void_round`` correction's (older
    journals: the correction's action only, as the export reads them), None when none gives one."""
    for one in reversed(record.get("corrections") or ()):
        if isinstance(one, dict) and voids_round(one):
            return one.get("time") if isinstance(one.get("time"), str) else None
    return None


def shift_totals(rounds: Iterable[dict], since: Optional[datetime] = None,
                 until: Optional[datetime] = None) -> ShiftTotals:
    """The totals of the exported ``rounds`` that ended at or after ``since`` and before ``until``."""
    totals = ShiftTotals(since, until)
    for record in rounds:
        if "round" in record:
            totals.add(record)
    return totals
