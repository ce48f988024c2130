"""A blackjack card and the boxes: the words for a box, the boxes holding a card, a card the deck dealt already."""

from __future__ import annotations

from typing import Any

from dealer_assist.blackjack.round import given_position
from dealer_assist.cards import Card
from dealer_assist.table.blackjack_names import KEYBOARD
from dealer_assist.table.blackjack_state import BlackjackState, BlackjackTableError, DuplicateCardError, apply


def _boxes_holding(rnd: Any, seats: tuple[int, ...], card: Card) -> set:
    """The boxes (``"dealer"``, a table seat) whose hands in ``rnd`` (its seats being table ``seats``) hold ``card``."""
    boxes: set = {"dealer"} if card in rnd.dealer.cards else set()
    return boxes | {seats[seat - 1] for seat, _, hand in rnd.all_hands() if card in hand.cards}


def _box_words(zone: str) -> str:
    """A camera's zone as the croupier calls the box: ``the dealer's box``, ``seat 3's box``."""
    place = given_position(zone)
    return "the dealer's box" if place == "dealer" else f"seat {place}'s box"


def _dealt_already(state: BlackjackState, card: Card, source: Any = KEYBOARD) -> bool:
    """Whether ``card`` would now be refused as dealt from this deck already (a supervisor may accept it)."""
    try:
        apply(state, {"op": "card", "card": card.code, "source": source})
    except DuplicateCardError:
        return True
    except (BlackjackTableError, TypeError, ValueError):
        return False
    return False
