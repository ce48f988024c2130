"""Which record of ``journal export`` each entry belongs to, and when a record is final.

A round is not final when its round ends: a correction, a settlement written
again at recovery, the bets of a new shoe carried over to it can all come
later.  So the export reads the journal twice.  The first reading
(:func:`plan_records`) follows only which record each entry reaches and notes,
per record, the last entry that can change it; the second builds the records
(:mod:`dealer_assist.table.export`) and writes each one as soon as it and every
record before it are final.  Memory is then held by the records still open
(one round, or a deck check, for a journal the table wrote) and by one number
per record of the plan, not by the journal's entries.

:class:`Router` is the one place that says which record an entry reaches, so
that both readings agree.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import Any, Container, Iterable, NamedTuple

#: A round's own record, even while a deck check is open (written at recovery for a round already over).
ROUND_END_KINDS = ("outcome", "settlement", "round_end")


class Route(NamedTuple):
    """Where one entry goes (see :meth:`Router.route`)."""

    #: The key of the deck check this entry opens, else ``None``.
    opened: Any
    #: A new shoe or deck: its ``open_bets`` may carry the last round's bets over (``_carry_over``).
    carries: bool
    #: The round record made last before this entry (the one a new shoe's carried bets reach).
    last_round: Any
    #: The key of the record the entry is added to (a round, or the open deck check), else ``None``.
    target: Any
    #: The entry closes the open deck check (back to play, or a new deck).
    closes: bool


class Router:
    """Follows the shoe in play and the open deck check through the entries, and routes each entry.

    A round's key is ``("round", shoe, number)`` (a baccarat shoe counts its rounds from 1 again), a
    deck check's ``("deck_check", n)``."""

    def __init__(self) -> None:
        self.shoe: Any = None
        self.checks = 0
        self.check: Any = None
        self.last_round: Any = None

    def route(self, entry: Any, known: Container) -> Route:
        """Where ``entry`` goes; ``known`` holds the keys of the records made so far and not yet written
        (an entry never reaches a record after the plan said it was final)."""
        payload, kind = entry.payload, entry.kind
        op = payload.get("op")
        if isinstance(payload.get("shoe"), int):  # the shoe in play; an entry that names none is of it
            self.shoe = payload["shoe"]
        opened = None
        if op == "deck_check" and self.check is None:
            self.checks += 1
            opened = self.check = ("deck_check", self.checks)
        carries = kind == "shoe_start" and op in ("new_shoe", "new_deck")
        last_round = self.last_round
        number = payload.get("round")
        if self.check is not None and number is not None and kind not in ROUND_END_KINDS:
            target, closes = self.check, op in ("resume", "new_deck")
            if closes:
                self.check = None
            return Route(opened, carries, last_round, target, closes)
        if number is None or isinstance(number, (dict, list)):
            return Route(opened, carries, last_round, None, False)  # the table's own: see table_entries
        target = ("round", payload.get("shoe", self.shoe), number)
        if target not in known:
            self.last_round = target
        return Route(opened, carries, last_round, target, False)


def carried_to(payload: dict) -> dict:
    """The round a new shoe's (blackjack: deck's) ``open_bets`` are the bets of."""
    return {"shoe": payload.get("shoe"), "round": payload.get("round", 1)}


@dataclass(frozen=True)
class Plan:
    """What the first reading found: how many entries and records, and for each record in the order
    they are made, the position (0-based, in the entries) of the last entry that can change it."""

    entries: int
    finals: array

    @property
    def records(self) -> int:
        return len(self.finals)


def plan_records(entries: Iterable[Any]) -> Plan:
    """Read the entries once, following only where each goes (nothing of them is kept)."""
    router = Router()
    last: dict = {}  # record key -> position of the last entry that reaches it; made in the records' order
    count = 0
    for position, entry in enumerate(entries):
        count += 1
        route = router.route(entry, last)
        if route.opened is not None:
            last[route.opened] = position
        if route.carries and entry.payload.get("open_bets"):
            to = carried_to(entry.payload)
            to_key = ("round", to["shoe"], to["round"])
            if to_key in last:  # its layout is set now
                last[to_key] = position
            if route.last_round is not None:  # it may be marked carried_over
                last[route.last_round] = position
            paid_in = entry.payload.get("paid_in")
            paid_key = ("round", paid_in.get("shoe"), paid_in.get("round")) if isinstance(paid_in, dict) else None
            if paid_key in last:  # the misdealt round it names may be marked carried_to (export._carry_over)
                last[paid_key] = position
        if route.target is not None:
            last[route.target] = position
    return Plan(count, array("q", last.values()))
