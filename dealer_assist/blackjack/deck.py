"""The deck in play and its reconciliation before a new deck goes in.

Seed 002: "Before using a new deck remember to check that you have received
all the cards back from the deck previously in use (this will avoid any
player retaining a card by mistake)."  The ledger records every card dealt
from the deck and every card counted back; the reconciliation says which
cards were dealt, which are still due back, and flags a card missing or seen
more often than the deck holds it.  Cards are counted, never dropped: a
duplicate is recorded and flagged, not refused, because it did pass the shoe.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Iterable, Union

from dealer_assist.blackjack.rules import BlackjackError
from dealer_assist.cards import Card, InvalidCardError, full_deck, parse_card


class DeckError(BlackjackError):
    """A card the ledger cannot count; the message names it."""


@dataclass(frozen=True)
class Reconciliation:
    """The state of the deck's cards at one moment; ``ok`` only when all of them are back, once each."""

    dealt: tuple[Card, ...]
    returned: tuple[Card, ...]
    due_back: tuple[Card, ...]
    missing: tuple[Card, ...]
    duplicated: tuple[Card, ...]
    #: Of ``duplicated``, the cards counted back more often than they can be there (than the deck holds
    #: them, or were dealt): read back twice, a count to void; the others were dealt too often (a foreign
    #: card let in at the deal), with nothing counted back to void.
    counted_too_often: tuple[Card, ...] = ()

    @property
    def ok(self) -> bool:
        """True when no card is missing and none was seen too often: the new deck may go in (seed 002)."""
        return not self.missing and not self.duplicated

    def describe(self) -> list[str]:
        """Lines for the display: what is wrong first, then the counts."""
        lines = []
        if self.counted_too_often:
            lines.append("SEEN TOO OFTEN: " + " ".join(c.label for c in self.counted_too_often)
                         + " (counted back too often: read back twice? void the count of the last card, or one count "
                           "of it by name; else check the deck for a foreign card, and the reader)")
        dealt_too_often = [c for c in self.duplicated if c not in self.counted_too_often]
        if dealt_too_often:  # nothing counted back to void (QA: the void was offered before any count)
            lines.append("SEEN TOO OFTEN: " + " ".join(c.label for c in dealt_too_often)
                         + " (dealt more often than the deck holds it: check the deck for a foreign card, and "
                           "the reader)")
        if self.missing:
            lines.append(f"MISSING {len(self.missing)}: " + " ".join(c.label for c in self.missing)
                         + " (look on the table and ask the players before the new deck goes in)")
        lines.append(f"{len(self.dealt)} dealt, {len(self.returned)} counted back, {len(self.due_back)} dealt and not back")
        if self.ok:
            lines.append("deck complete: every card is back once")
        return lines


@dataclass(frozen=True)
class DeckLedger:
    """Cards dealt from the deck in use and cards counted back at the change of deck.

    ``decks`` is how many complete decks the shoe holds (seed 002: one at a
    time).  Cards need their suit: a rank alone cannot be reconciled.
    """

    decks: int = 1
    dealt: tuple[Card, ...] = ()
    returned: tuple[Card, ...] = ()
    #: Of ``returned``, the cards counted with the undealt stub (:meth:`receive_stub`), as the shoe was
    #: thought to hold them.
    stub: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.decks, bool) or not isinstance(self.decks, int) or self.decks < 1:
            raise DeckError(f"invalid number of decks {self.decks!r}: a whole number, at least 1")

    def deal(self, card: Union[Card, str]) -> "DeckLedger":
        """A card left the shoe."""
        return replace(self, dealt=self.dealt + (_suited(card),))

    def deal_all(self, cards: Iterable[Union[Card, str]]) -> "DeckLedger":
        """Several cards left the shoe, in order: :meth:`deal` for each."""
        return replace(self, dealt=self.dealt + tuple(_suited(c) for c in cards))

    def receive(self, card: Union[Card, str]) -> "DeckLedger":
        """A card counted back, from the discard rack or the undealt stub."""
        return replace(self, returned=self.returned + (_suited(card),))

    def receive_all(self, cards: Iterable[Union[Card, str]]) -> "DeckLedger":
        """Several cards counted back: :meth:`receive` for each."""
        return replace(self, returned=self.returned + tuple(_suited(c) for c in cards))

    def receive_stub(self, cards: Iterable[Union[Card, str]]) -> "DeckLedger":
        """The undealt stub counted back: :meth:`receive_all`, each card remembered as the stub's."""
        cards = tuple(_suited(c) for c in cards)
        return replace(self, returned=self.returned + cards, stub=self.stub + cards)

    def counted_with_the_stub(self, card: Union[Card, str]) -> bool:
        """Whether ``card``, counted back now, is one the stub was counted with although every copy dealt
        is back already: it was out of the shoe, never dealt (a card set aside after the round), so the
        stub's count of it was wrong.  Counted before the stub, it is left out of the stub; counted after,
        it was counted twice (QA)."""
        card = _suited(card)
        by_hand = self.returned.count(card) - self.stub.count(card)
        return card in self.stub and by_hand >= self.dealt.count(card)

    def receive_out_of_the_stub(self, card: Union[Card, str]) -> "DeckLedger":
        """A card :meth:`counted_with_the_stub` counted back: the stub's count of it is taken back, and
        this one counts, so the deck reconciles as when it is counted before the stub."""
        card = _suited(card)
        if not self.counted_with_the_stub(card):
            raise DeckError(f"card {card.label} was not counted with the stub: count it back as any other")
        returned, stub = list(self.returned), list(self.stub)
        returned.remove(card)
        stub.remove(card)
        return replace(self, returned=tuple(returned) + (card,), stub=tuple(stub))

    @property
    def counted_beyond_dealt(self) -> tuple[Card, ...]:
        """Cards dealt and counted back by hand (not with the stub) more often than they were dealt, yet no more
        often than the deck holds them: a card read back twice, or one of the undealt stub counted by hand; the stub
        (T) then counts one fewer of it.  A card never dealt (a burn done unrecorded, a misdraw set aside) is not
        one.  Deck order (qaAQ F5: a dealt 9♠ read back twice was taken so, with no word)."""
        by_hand = Counter(self.returned) - Counter(self.stub)
        dealt = Counter(self.dealt)
        return tuple(c for c in full_deck() if 0 < dealt[c] < by_hand[c] <= self.decks)

    def void_last_receipt(self) -> "DeckLedger":
        """The ledger without the last card counted back: the correction for a card counted by mistake."""
        if not self.returned:
            raise DeckError("nothing to void: no card has been counted back yet")
        return self.void_receipt(self.returned[-1])

    def void_receipt(self, card: Union[Card, str]) -> "DeckLedger":
        """The ledger without one count of ``card`` (its latest): a card read back twice early in the count
        is taken back on its own, not with every card counted after it (qaAO F4).  For the last card
        counted this is :meth:`void_last_receipt`."""
        card = _suited(card)
        if card not in self.returned:
            raise DeckError(f"card {card.label} is not counted back: there is no count of it to take back")
        at = len(self.returned) - 1 - self.returned[::-1].index(card)
        returned, stub = self.returned[:at] + self.returned[at + 1:], list(self.stub)
        if stub.count(card) > returned.count(card):  # it was the stub's
            stub.remove(card)
        return replace(self, returned=returned, stub=tuple(stub))

    @property
    def in_shoe(self) -> tuple[Card, ...]:
        """Cards of the deck not dealt yet (deck order), as far as the ledger knows."""
        left = Counter({c: self.decks for c in full_deck()})
        left.subtract(self.dealt)
        return tuple(c for c in full_deck() for _ in range(max(left[c], 0)))

    def reconcile(self) -> Reconciliation:
        """Seed 002's check before a new deck goes in, on the cards recorded so far.

        Lists the dealt cards not back yet, the deck's cards not counted back (undealt stub included),
        and any card dealt or counted back more often than the deck holds it.
        """
        held = Counter({c: self.decks for c in full_deck()})
        dealt = Counter(self.dealt)
        back = Counter(self.returned)
        due_back = dealt - back
        missing = held - back
        duplicated = [c for c in full_deck() if dealt[c] > held[c] or back[c] > held[c]]
        return Reconciliation(
            dealt=self.dealt,
            returned=self.returned,
            due_back=tuple(_deck_order(due_back)),
            missing=tuple(_deck_order(missing)),
            duplicated=tuple(duplicated),
            counted_too_often=tuple(c for c in duplicated if back[c] > max(held[c], dealt[c])),
        )


def cut_from_end(decks: int, seats: int) -> int:
    """Where a simulated deck puts its cut card, counted from the back: a quarter of the deck, at most 16,
    or deeper, 4 cards a seat and 6 more, when a round of every seat could need more.  The cut card only
    stops the next round, so the round it comes out in must be able to finish (QA: at 5 seats, 13 cards
    behind it, a third of the single decks ran dry in a round).  In 10,500 single decks dealt by the demo
    rule, every seat betting, no round took more than that (the most: 12 cards at 1 seat, 26 at 5, 30 at 7);
    a full table of 7 then gets one round from a single deck, and 5 seats two."""
    return min(52 * decks - 1, max(min(16, 52 * decks // 4), 4 * seats + 6))


def _suited(card: Union[Card, str]) -> Card:
    try:
        return parse_card(card, require_suit=True)
    except InvalidCardError as exc:
        raise DeckError(f"{exc}; the deck check counts each card by rank and suit") from None


def _deck_order(counts: Counter) -> list[Card]:
    return [c for c in full_deck() for _ in range(counts[c])]
