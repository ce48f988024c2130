"""What a broken journal still records after its break: the entries a salvage (``--allow-broken``) leaves out.

A summary or an export of a broken journal gives its verified entries only, up to the break.  One entry
damaged in the middle of a shift (a zeroed record, a flipped bit) left the rest of the shift out with no word
of it, so a pit boss signed the figures of the first rounds as the shift's (qaAX M2).  Here the entries after
the break that can still be read are looked through, not trusted: how many there are, which rounds they name,
and the money of those rounds' last settlements there, all said as unverified.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, Dict, Optional, Tuple

from dealer_assist.table.chain import VerifyReport


@dataclass(frozen=True)
class PastBreak:
    """The entries ``first``..``last`` a salvage left out (``unreadable`` of them cannot be read at all), the
    rounds they name (``(shoe, round)``, shoe None where none is named), and of the ``settled`` rounds whose
    last settlement lies among them, the stakes and the house's result as those settlements recorded them."""

    first: int
    last: int
    unreadable: int
    rounds: Tuple[Tuple[Optional[int], int], ...]
    settled: int
    stakes: Decimal
    house: Decimal

    @property
    def entries(self) -> int:
        return self.last - self.first + 1

    def round_names(self) -> str:
        """The rounds by shoe: "shoe 1 rounds 1..4", "shoe 2 round 7"."""
        by_shoe: Dict[Optional[int], list] = {}
        for shoe, number in self.rounds:
            by_shoe.setdefault(shoe, []).append(number)
        said = []
        for shoe, numbers in by_shoe.items():
            numbers = sorted(set(numbers))
            where = "" if shoe is None else f"shoe {shoe} "
            if len(numbers) > 1 and numbers == list(range(numbers[0], numbers[-1] + 1)):
                said.append(f"{where}rounds {numbers[0]}..{numbers[-1]}")
            else:
                said.append(f"{where}round{'s' * (len(numbers) > 1)} {', '.join(map(str, numbers))}")
        return "; ".join(said)

    def words(self) -> str:
        """What was left out, in a warning's words."""
        unread = f", {self.unreadable} of them unreadable" if self.unreadable else ""
        rounds = f"; they record {self.round_names()}" if self.rounds else "; they record no round"
        money = (f", {self.settled} of them settled there (stakes {self.stakes:,.2f}, the house "
                 f"{'won' if self.house >= 0 else 'lost'} {abs(self.house):,.2f}, as their last settlements "
                 f"recorded it)" if self.settled else ", none settled there")
        return (f"entries {self.first}..{self.last} after the break ({self.entries}{unread}) are LEFT OUT, not "
                f"counted: they cannot be verified{rounds}{money if self.rounds else ''}")

    def to_json(self) -> Dict[str, Any]:
        return {"first": self.first, "last": self.last, "entries": self.entries, "unreadable": self.unreadable,
                "rounds": [{"shoe": shoe, "round": number} for shoe, number in self.rounds],
                "settled": self.settled, "stakes": f"{self.stakes:.2f}", "house": f"{self.house:.2f}"}


def past_break(journal: Any, report: VerifyReport) -> Optional[PastBreak]:
    """What the entries after ``report``'s break hold; None when the chain holds or nothing follows the break."""
    if report.ok or report.count <= report.head_seq:
        return None
    rounds: Dict[Tuple[Optional[int], int], None] = {}
    settlements: Dict[Tuple[Optional[int], int], dict] = {}
    readable, shoe = 0, _shoe_at(journal, report.head_seq)
    skipping, journal.skip_unreadable = journal.skip_unreadable, True
    try:
        for entry in journal.entries_where("seq > ?", (report.head_seq,)):
            readable += 1
            payload = entry.payload
            shoe = payload["shoe"] if isinstance(payload.get("shoe"), int) else shoe
            number = payload.get("round")
            if not isinstance(number, int) or isinstance(number, bool):
                continue
            rounds.setdefault((shoe, number), None)
            if entry.kind == "settlement" and isinstance(payload.get("totals"), dict):
                settlements[(shoe, number)] = payload["totals"]
    finally:
        journal.skip_unreadable = skipping
    last = report.head_seq + report.count - report.verified
    return PastBreak(report.head_seq + 1, last, last - report.head_seq - readable, tuple(rounds),
                     len(settlements), sum((_amount(t.get("stakes")) for t in settlements.values()), Decimal(0)),
                     sum((_amount(t.get("house")) for t in settlements.values()), Decimal(0)))


def _shoe_at(journal: Any, seq: int) -> Optional[int]:
    """The shoe in play at entry ``seq``: the one the last entry up to it that names one names."""
    for entry in journal.entries_where("seq <= ? AND kind IN ('shoe_start', 'round_start', 'settlement')",
                                       (seq,), newest_first=True):
        if isinstance(entry.payload.get("shoe"), int):
            return entry.payload["shoe"]
    return None


def _amount(text: Any) -> Decimal:
    try:
        value = Decimal(str(text))
    except (InvalidOperation, ValueError):
        return Decimal(0)
    return value if value.is_finite() else Decimal(0)
