"""A blackjack hand as a value: its cards, its soft or hard total, and how it stands.

A hand knows only what its own cards and flags say; which hand is active and
what the croupier may do with it is the round's business
(:mod:`dealer_assist.blackjack.round`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from dealer_assist.cards import Card


@dataclass(frozen=True)
class Hand:
    """Cards in the order they were dealt, plus what happened to the hand.

    ``split`` marks a hand made by splitting: its ace and 10 are 21 but never a
    blackjack (seed 002).  ``drawing`` is set by Hit or Double until the card
    arrives, so that the next card from the shoe goes to this hand.
    """

    cards: tuple[Card, ...] = ()
    split: bool = False
    doubled: bool = False
    stood: bool = False
    drawing: bool = False

    @property
    def hard_total(self) -> int:
        """Every ace counted as 1."""
        return sum(c.blackjack_value for c in self.cards)

    @property
    def soft(self) -> bool:
        """True when an ace counts 11 without going over 21, so one more card cannot bust it."""
        return any(c.rank == "A" for c in self.cards) and self.hard_total + 10 <= 21

    @property
    def total(self) -> int:
        """The best total: one ace counted as 11 when that does not bust."""
        return self.hard_total + 10 if self.soft else self.hard_total

    @property
    def blackjack(self) -> bool:
        """An ace and a 10-value card as the first two cards of a hand that was not split."""
        return len(self.cards) == 2 and self.total == 21 and not self.split

    @property
    def bust(self) -> bool:
        """Over 21 even with every ace counted 1: the hand loses whatever the dealer does."""
        return self.hard_total > 21

    @property
    def split_aces(self) -> bool:
        """A hand made by splitting aces: it takes only one card (seed 002)."""
        return self.split and bool(self.cards) and self.cards[0].rank == "A"

    @property
    def finished(self) -> bool:
        """No more cards or decisions for this hand.

        21 and bust end a hand by themselves; a double takes exactly one card and
        split aces take one card each.
        """
        if self.drawing:
            return False
        if self.stood or self.hard_total > 21 or self.total == 21:
            return True
        if self.doubled and len(self.cards) >= 3:
            return True
        return self.split_aces and len(self.cards) >= 2

    @property
    def needs_card(self) -> bool:
        """A card is due to this hand without any decision: the second card, or after Hit/Double."""
        return self.drawing or (len(self.cards) < 2 and not self.finished)

    def describe_total(self) -> str:
        """``17``, ``soft 17``, ``blackjack`` or ``bust (24)``, as the display writes it."""
        if self.blackjack:
            return "blackjack"
        if self.bust:
            return f"bust ({self.total})"
        return f"soft {self.total}" if self.soft else str(self.total)

    def with_card(self, card: Card) -> "Hand":
        """The hand with ``card`` added; a Hit or Double waiting for its card is then served."""
        return replace(self, cards=self.cards + (card,), drawing=False)
