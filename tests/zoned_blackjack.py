"""A blackjack table fed a zoned camera's reads as the camera source sends them, and what it holds: shared by
the tests of the zoned blackjack camera (a card early in its box, moved, a split laid out)."""

from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead


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
