"""The shoe: which cards it held, which have been seen, the burn and the cut card.

A shoe of N decks holds each card N times.  Every card that leaves it
(burned or dealt) is accounted for, and a card seen more often than the
shoe holds is an alarm (:class:`ImpossibleCardError`), never silently
accepted: it means a misread, a foreign card or a marked deck.

:class:`Shoe` is immutable: every change returns a new shoe, so a refused
card leaves the old value exactly as it was.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Optional

from dealer_assist.cards import RANKS, SUITS, Card, full_deck


class ShoeError(ValueError):
    """Base class of the shoe's refusals."""


class InvalidShoeRulesError(ShoeError):
    """Shoe rules that no table can play (decks, rounds after the cut card, the cut card's place); the
    message names the value and the range.  Raised when the rules are made, before any card."""


class ImpossibleCardError(ShoeError):
    """A card was seen more often than the shoe holds it.

    The message ends with what the croupier does at the table (:attr:`AT_TABLE`); :attr:`reason` is the
    fact alone, for a caller with other remedies (the command line's ``odds --seen`` and ``deal``, where
    nothing is corrected by hand).
    """

    #: How the message ends: the table's remedy (the display swaps it for the key to press).
    AT_TABLE = "Correct it by hand or call a supervisor"

    def __init__(self, card: Card, seen: int, holds: int) -> None:
        self.card = card
        self.seen = seen
        self.holds = holds
        self.reason = (f"impossible card {card.label} ({card.code}): it would be copy {seen + 1} but the shoe holds "
                       f"only {holds}")
        super().__init__(f"{self.reason}; check the card: a misread, a foreign card or a card left from the last "
                         f"shoe. {self.AT_TABLE}")


class ShoeFinishedError(ShoeError):
    """A card came after the shoe was finished (the cut-card rounds are played)."""

    def __init__(self, card: Card) -> None:
        self.card = card
        super().__init__(f"card {card.code} refused: this shoe is finished; start a new shoe first")


class Phase(str, Enum):
    """Where the shoe is in its life."""

    BURN_CARD = "burn_card"  # waiting for the first card, which is shown and decides the burn
    BURNING = "burning"  # that many cards go face down
    PLAY = "play"
    FINISHED = "finished"


@dataclass(frozen=True)
class ShoeRules:
    """House rules of the shoe (facts.md §0 and §4 defaults).

    ``burn``: whether a new shoe starts with the burn procedure.
    ``rounds_after_cut``: rounds played after the one in which the cut card
    comes out (1 = "this round and one more", 0 = "stop after this round").
    ``cut_from_end``: where the cut card sits, counted from the back of the
    shoe (the simulated shoe uses it; a real shoe tells us by a signal).
    """

    decks: int = 8
    burn: bool = True
    rounds_after_cut: int = 1
    cut_from_end: int = 16

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= 16:
            raise InvalidShoeRulesError(f"invalid number of decks {self.decks}: use 1 to 16")
        if self.rounds_after_cut not in (0, 1):
            raise InvalidShoeRulesError(f"invalid rounds after the cut card {self.rounds_after_cut}: use 0 or 1")
        if not 1 <= self.cut_from_end < 52 * self.decks:
            # Out of the shoe, the cut card never comes out: the shoe is dealt dry.
            raise InvalidShoeRulesError(f"invalid cut card place {self.cut_from_end} cards from the back: use 1 to "
                            f"{52 * self.decks - 1} (the usual is 14-16 for 8 decks)")


def _slot(card: Card) -> int:
    return SUITS.index(card.suit) * 13 + RANKS.index(card.rank) if card.suit else -1


@dataclass(frozen=True)
class Shoe:
    """An N-deck shoe and the accounting of every card that left it."""

    rules: ShoeRules = field(default_factory=ShoeRules)
    seen: tuple[int, ...] = (0,) * 52  # by suit then rank, cards with a known suit
    rank_seen: tuple[int, ...] = (0,) * 13  # by rank, every known card
    unknown: int = 0  # cards that left face down, unread (burned by hand)
    burned: tuple[Card, ...] = ()
    #: Cards that left the shoe but belong to no hand and were no burn (a misdrawn card, a voided round's).
    set_aside_cards: tuple[Card, ...] = ()
    dealt: int = 0
    phase: Phase = Phase.PLAY
    burn_left: int = 0
    cut_out: bool = False
    rounds_left: Optional[int] = None  # after the cut card: rounds still to play, this one included

    @classmethod
    def new(cls, rules: ShoeRules = ShoeRules()) -> "Shoe":
        """A fresh shoe under ``rules``: waiting for the burn card when the house burns, else ready to play."""
        return cls(rules=rules, phase=Phase.BURN_CARD if rules.burn else Phase.PLAY)

    @property
    def decks(self) -> int:
        """How many decks the shoe holds."""
        return self.rules.decks

    @property
    def size(self) -> int:
        """Cards in the full shoe: 52 per deck."""
        return 52 * self.rules.decks

    @property
    def cards_seen(self) -> int:
        """Cards that have left the shoe: every card read, plus those burned face down unread."""
        return sum(self.rank_seen) + self.unknown

    @property
    def cards_left(self) -> int:
        """Cards still in the shoe, by the accounting."""
        return self.size - self.cards_seen

    def copies_seen(self, card: Card) -> int:
        """How many copies of ``card`` have left the shoe (by rank alone when it has no suit);
        with :meth:`holds`, how an impossible card is found.
        """
        if card.suit is None:
            return self.rank_seen[card.index]
        return self.seen[_slot(card)]

    def holds(self, card: Card) -> int:
        """How many copies of ``card`` a full shoe holds."""
        return self.rules.decks * (4 if card.suit is None else 1)

    def counts_left(self) -> tuple[int, ...]:
        """Cards of each rank (A..K) not yet seen: the composition the odds work on."""
        return tuple(4 * self.rules.decks - n for n in self.rank_seen)

    def check(self, card: Card) -> None:
        """Raise :class:`ImpossibleCardError` if one more ``card`` is more than the shoe holds."""
        if self.phase is Phase.FINISHED:
            raise ShoeFinishedError(card)
        if self.rank_seen[card.index] >= 4 * self.rules.decks:
            raise ImpossibleCardError(Card(card.rank), self.rank_seen[card.index], 4 * self.rules.decks)
        if card.suit is not None and self.seen[_slot(card)] >= self.rules.decks:
            raise ImpossibleCardError(card, self.seen[_slot(card)], self.rules.decks)
        if self.cards_left <= 0:
            raise ShoeError(f"card {card.code} refused: all {self.size} cards of the shoe are accounted for")

    def _with_card(self, card: Card) -> "Shoe":
        self.check(card)
        seen = self.seen
        if card.suit is not None:
            i = _slot(card)
            seen = seen[:i] + (seen[i] + 1,) + seen[i + 1:]
        r = card.index
        rank_seen = self.rank_seen[:r] + (self.rank_seen[r] + 1,) + self.rank_seen[r + 1:]
        return replace(self, seen=seen, rank_seen=rank_seen)

    @property
    def expects_burn(self) -> bool:
        """True while the next card out of the shoe belongs to the burn, not to a round."""
        return self.phase in (Phase.BURN_CARD, Phase.BURNING)

    def burn(self, card: Card) -> "Shoe":
        """Account for a card of the burn: the first one shown sets how many follow face down."""
        if not self.expects_burn:
            raise ShoeError(f"card {card.code} is not a burn card: the burn is done")
        shoe = self._with_card(card)
        if self.phase is Phase.BURN_CARD:
            left = card.burn_value
        else:
            left = self.burn_left - 1
        return replace(shoe, burned=self.burned + (card,), burn_left=left,
                       phase=Phase.BURNING if left > 0 else Phase.PLAY)

    def burn_unseen(self, count: Optional[int] = None) -> "Shoe":
        """The croupier burned cards face down that no source read: count them as unknown."""
        if self.phase is not Phase.BURNING:
            raise ShoeError("no face-down burn is due" if self.phase is not Phase.BURN_CARD
                            else "the first burn card must be shown: it decides how many are burned")
        n = self.burn_left if count is None else count
        if not 0 < n <= self.burn_left:
            raise ShoeError(f"cannot burn {n} cards face down: {self.burn_left} are due")
        if n > self.cards_left:
            raise ShoeError(f"cannot burn {n} cards: only {self.cards_left} are left")
        left = self.burn_left - n
        return replace(self, unknown=self.unknown + n, burn_left=left,
                       phase=Phase.BURNING if left else Phase.PLAY)

    def unburn(self) -> "Shoe":
        """Take back the last burn card read (typed or read wrong): the burn is due again from its place,
        the shown card's value setting it anew.  Only while no round card is out and none was burned face
        down unread: those unknowns cannot be told apart from the cards read."""
        if not self.burned:
            raise ShoeError("no burn card to void")
        if self.dealt or self.unknown:
            raise ShoeError("the burn cannot be voided now: cards were dealt or burned face down unread since "
                            "it; if the shown burn card was wrong, start the shoe again (Ctrl+N)")
        shoe = self._without_card(self.burned[-1], "burned")
        if len(self.burned) == 1:
            return replace(shoe, burned=(), burn_left=0, phase=Phase.BURN_CARD)
        return replace(shoe, burned=self.burned[:-1], burn_left=self.burn_left + 1, phase=Phase.BURNING)

    def skip_burn(self) -> "Shoe":
        """Start play without a burn (a house that does not burn, or a burn already done by hand)."""
        return replace(self, phase=Phase.PLAY, burn_left=0)

    def deal(self, card: Card) -> "Shoe":
        """Account for a card dealt to a hand."""
        if self.expects_burn:
            raise ShoeError(f"card {card.code} refused: the burn is not finished ({self._burn_text()})")
        shoe = self._with_card(card)
        return replace(shoe, dealt=self.dealt + 1)

    def _without_card(self, card: Card, what: str) -> "Shoe":
        if self.copies_seen(card) <= 0:
            raise ShoeError(f"card {card.code} was never {what} from this shoe")
        seen = self.seen
        if card.suit is not None:
            i = _slot(card)
            seen = seen[:i] + (seen[i] - 1,) + seen[i + 1:]
        r = card.index
        rank_seen = self.rank_seen[:r] + (self.rank_seen[r] - 1,) + self.rank_seen[r + 1:]
        return replace(self, seen=seen, rank_seen=rank_seen)

    def undeal(self, card: Card) -> "Shoe":
        """Take back a dealt card (a voided card goes back into the accounting)."""
        return replace(self._without_card(card, "dealt"), dealt=self.dealt - 1)

    def hold(self, card: Card) -> "Shoe":
        """Account for a card out of the shoe whose place is not decided yet (one that came after
        the round opens a no-bet hand or is set aside): it is out, so the cards left and the
        copies a shoe holds count it meanwhile."""
        if self.phase is Phase.FINISHED:
            raise ShoeFinishedError(card)
        return self._with_card(card)

    def set_held_aside(self, card: Card) -> "Shoe":
        """A held card set aside as misdrawn: already counted out, now among the cards set aside
        (also once the shoe is finished: its last round may be the one it came after)."""
        if self.copies_seen(card) <= 0:
            raise ShoeError(f"card {card.code} was never held from this shoe")
        return replace(self, set_aside_cards=self.set_aside_cards + (card,))

    def release(self, card: Card) -> "Shoe":
        """A held card's place decided: its count taken back, to be dealt or set aside as any card is."""
        return self._without_card(card, "held")

    def set_aside(self, card: Card) -> "Shoe":
        """Account for a card that left the shoe but belongs to no hand (a misdrawn card)."""
        if self.phase is Phase.FINISHED:
            raise ShoeFinishedError(card)
        return replace(self._with_card(card), set_aside_cards=self.set_aside_cards + (card,))

    def _burn_text(self) -> str:
        if self.phase is Phase.BURN_CARD:
            return "show the first card of the shoe to set the burn"
        return f"{self.burn_left} more card(s) to burn"

    def cut_card_out(self, *, before_first_card: bool = False) -> "Shoe":
        """The cut card came out: finish this round and play ``rounds_after_cut`` more.

        If it comes out instead of the first card of a round, that round is
        the last one (WoO's rule), whatever ``rounds_after_cut`` says.
        """
        if self.cut_out:
            return self
        left = 1 if before_first_card else 1 + self.rules.rounds_after_cut
        return replace(self, cut_out=True, rounds_left=left)

    def cut_taken_back(self) -> "Shoe":
        """The cut card recorded by mistake: no longer out, the shoe plays on (one that had finished too)."""
        return replace(self, cut_out=False, rounds_left=None,
                       phase=Phase.PLAY if self.phase is Phase.FINISHED else self.phase)

    def round_finished(self) -> "Shoe":
        """A round was completed: after the cut card, count down to the end of the shoe."""
        if self.rounds_left is None:
            return self
        left = self.rounds_left - 1
        return replace(self, rounds_left=left, phase=Phase.FINISHED if left <= 0 else self.phase)

    @property
    def status(self) -> str:
        """One line for the display: cards dealt and left, burn, cut card."""
        if self.phase is Phase.BURN_CARD:
            return "new shoe: show the first card to set the burn"
        if self.phase is Phase.BURNING:
            return f"burning: {self.burn_left} more card(s) face down"
        if self.phase is Phase.FINISHED:
            return "shoe finished: start a new shoe"
        text = f"{self.dealt} dealt, {self.cards_left} left"
        if self.cut_out:
            text += ", cut card out: " + ("last round" if self.rounds_left == 1 else "one more round after this")
        return text


def shuffled_shoe(decks: int, seed: Optional[int]) -> list[Card]:
    """``decks`` full decks shuffled; a seed gives the same order every time (a replayable simulated
    shoe, a training drill two trainees can compare).  A game shuffle, not a casino's: never for play."""
    cards = full_deck() * decks
    random.Random(seed).shuffle(cards)
    return cards
