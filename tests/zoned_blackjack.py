"""A blackjack table fed a zoned camera's reads as the camera source sends them, and what it holds: shared by
the tests of the zoned blackjack camera (a card early in its box, moved, a split laid out)."""

from __future__ import annotations

import time
from decimal import Decimal

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal

#: Seat 3's box on the left, seat 2's in the middle, seat 1's on the right (the croupier's view), the dealer's on top.
THREE_SEATS = {"zones": {"seat 3": [0.0, 0.45, 0.33, 1.0], "seat 2": [0.34, 0.45, 0.66, 1.0],
                         "seat 1": [0.67, 0.45, 1.0, 1.0], "dealer": [0.2, 0.0, 0.8, 0.42]}}


def table(path, seats, decks: int = 6) -> BlackjackSession:
    """A journaled table of ``decks`` decks, 10 bet on each of ``seats``, dealt."""
    session = BlackjackSession(BlackjackTableRules(house=HouseRules(decks=decks)), journal=Journal.open(path))
    for seat in seats:
        assert session.place(seat, Decimal("10")) is None
    assert session.deal() is None
    return session


def read(session, code: str, seq: int, zone: str, **kw) -> None:
    """A zoned camera's sure read of ``code`` in the box ``zone`` (``doubt=...`` and the like as keywords)."""
    session.handle(CardRead(parse_card(code), "camera:x", time.time(), seq=seq, zone=zone, **kw))


def hands(session) -> dict:
    """Each table seat's first hand and the dealer's, as card codes."""
    state = session.state
    seats = {state.table_seat(i): [c.code for c in hs[0].cards] for i, hs in enumerate(state.round.hands, 1)}
    return {**seats, "dealer": [c.code for c in state.round.dealer.cards]}


def refusals(session) -> list:
    """The CARD REFUSED alerts standing."""
    return [a for a in session.snapshot.alerts if a.code == "refused"]
