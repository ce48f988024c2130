"""Where the drills get their cards: a simulated shoe, or a real source at the school's own table.

A drill asks :meth:`CardFeed.next_card` for cards in draw order, as a croupier
takes them from the shoe.  The simulated shoe may be skipped through (a
difficulty level throws away hands that do not teach the chosen rule); a real
shoe may not, since every card is a physical card the trainee has to deal:
:attr:`CardFeed.can_skip` tells the drills which one they hold.
"""

from __future__ import annotations

import abc
import queue
from typing import Optional

from dealer_assist.cards import Card
from dealer_assist.sources.base import CardSource
from dealer_assist.events import CardRead, SeqGap, Unreadable
from dealer_assist.shoe import shuffled_shoe


class FeedError(RuntimeError):
    """The feed cannot give the next card (a card was unreadable, lost, or none came); the hand is void."""


class CardFeed(abc.ABC):
    """Cards in draw order.  Subclasses: :class:`ShoeFeed` and :class:`SourceFeed`."""

    can_skip: bool = False
    decks: int = 8
    name: str = "feed"

    @abc.abstractmethod
    def next_card(self) -> Card:
        """The next card in draw order, or :class:`FeedError`."""

    def new_hand(self, reserve: int) -> None:
        """A hand is about to start that may take up to ``reserve`` cards (a shoe may reshuffle now)."""

    def close(self) -> None:
        """Release the device, if any."""


class ShoeFeed(CardFeed):
    """A seeded shuffled shoe of ``decks`` decks; a new shoe (next seed) when it runs out.

    No burn and no cut card: a drill is not a game, it only needs cards in a
    realistic mix.
    """

    can_skip = True

    def __init__(self, decks: int = 8, seed: Optional[int] = None) -> None:
        self.decks = decks
        self.seed = seed
        self.shoes = 0
        self.name = f"simulated {decks}-deck shoe"
        self._cards = shuffled_shoe(decks, seed)
        self._next = 0

    def _reshuffle(self) -> None:
        self.shoes += 1
        self._cards = shuffled_shoe(self.decks, None if self.seed is None else self.seed + self.shoes)
        self._next = 0

    def new_hand(self, reserve: int) -> None:
        """Change the shoe between hands, as a dealer does, rather than in the middle of one."""
        if len(self._cards) - self._next < reserve:
            self._reshuffle()

    def next_card(self) -> Card:
        if self._next >= len(self._cards):
            self._reshuffle()
        card = self._cards[self._next]
        self._next += 1
        return card


class SourceFeed(CardFeed):
    """Cards from a real :class:`CardSource` (serial shoe, camera), waiting for each as it is dealt.

    An unreadable or lost card makes the hand void (:class:`FeedError`):
    a trainer never guesses a card, the trainee deals a new hand.
    """

    can_skip = False

    def __init__(self, source: CardSource, wait: float = 120.0, decks: int = 8) -> None:
        self.source = source
        self.wait = wait
        self.decks = decks
        self.name = getattr(source, "name", "source")
        self._events: "queue.Queue[object]" = queue.Queue()
        self._started = False

    def _start(self) -> None:
        if not self._started:
            self.source.start(self._events.put)
            self._started = True

    def next_card(self) -> Card:
        self._start()
        while True:
            try:
                event = self._events.get(timeout=self.wait)
            except queue.Empty:
                raise FeedError(f"no card from {self.name} in {self.wait:.0f} s: "
                                "check the shoe or camera, then deal the next hand") from None
            if isinstance(event, CardRead):
                return event.card
            if isinstance(event, Unreadable):
                raise FeedError(f"{self.name}: a card could not be read (seq {event.seq}); "
                                "this hand is void, deal a new hand")
            if isinstance(event, SeqGap):
                missing = ", ".join(str(m) for m in event.missing)
                raise FeedError(f"{self.name}: frames {missing} were lost and may have held a card; "
                                "this hand is void, deal a new hand")

    def close(self) -> None:
        if self._started:
            self.source.stop()
            self._started = False


class ListFeed(CardFeed):
    """Given cards in order (tests, replaying a hand); :class:`FeedError` when they run out."""

    can_skip = True

    def __init__(self, cards, decks: int = 8) -> None:
        self._cards = list(cards)
        self.decks = decks
        self.name = "card list"

    @property
    def left(self) -> int:
        return len(self._cards)

    def next_card(self) -> Card:
        if not self._cards:
            raise FeedError("the card list ran out")
        return self._cards.pop(0)
