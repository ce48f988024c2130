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
import threading
from typing import Callable, Optional

from dealer_assist.cards import Card
from dealer_assist.sources.base import CardSource
from dealer_assist.events import CardRead, DeviceError, DeviceHello, LinkState, SeqGap, Unreadable
from dealer_assist.shoe import shuffled_shoe

#: What a trainee at a real table does after a void hand: the trainer cannot know which cards lie there.
RESYNC = ("clear the table and put this hand's cards away; press Enter (or Space in the window) when the table is "
          "clear, then deal a fresh hand (cards read until then are not used)")


#: How each piece of card-reader news begins, and its ``state`` in ``train --text --json``'s ``reader`` event.
READER_STATES = (("card reader lost:", "lost"), ("card reader silent:", "silent"), ("no card from", "no_card"))


def reader_state(text: str) -> str:
    """The state a piece of news told through :attr:`CardFeed.on_status` stands for ("" is ``back``)."""
    if not text:
        return "back"
    return next((state for start, state in READER_STATES if text.startswith(start)), "news")


class FeedError(RuntimeError):
    """The feed cannot give the next card (a card was unreadable, lost, or none came); the hand is void.

    ``resync``: the feed is a real table whose cards the trainer no longer knows; it takes no card
    until :meth:`CardFeed.ready` says the trainee has cleared the table.
    """

    def __init__(self, message: str, resync: bool = False) -> None:
        super().__init__(message)
        self.resync = resync


class FeedClosed(FeedError):
    """The feed was closed (the session ended) while a card was awaited: nothing to tell anyone."""


class CardFeed(abc.ABC):
    """Cards in draw order.  Subclasses: :class:`ShoeFeed` and :class:`SourceFeed`."""

    can_skip: bool = False
    decks: int = 8
    name: str = "feed"

    @abc.abstractmethod
    def next_card(self) -> Card:
        """The next card in draw order, or :class:`FeedError`."""

    #: Called (from any thread) with what the trainee should know about the card reader now, "" when all is well.
    on_status: Optional[Callable[[str], None]] = None

    @property
    def hello(self) -> tuple[dict[str, str], ...]:
        """Each device that introduced itself on this feed (a serial shoe's HELLO): ``{"device", "firmware"}``.

        Stored with the session: whether an exam's cards came from a shoe or from the shoe simulator
        (which deals the same cards again for the same seed) is known only from what the device said.
        """
        return ()

    def new_hand(self, reserve: int) -> None:
        """A hand is about to start that may take up to ``reserve`` cards (a shoe may reshuffle now)."""

    @property
    def needs_ready(self) -> bool:
        """True after a void hand on a real table, until :meth:`ready`."""
        return False

    def void(self, why: str) -> str:
        """The hand in progress is void because of ``why``; the message to show the trainee."""
        return why

    def ready(self) -> None:
        """The trainee has cleared the table: cards from now on start a fresh hand."""

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

    An unreadable or lost card, a double feed or a long silence makes the hand
    void (:class:`FeedError`), and then the trainer no longer knows which cards lie
    on the table: the card that revealed a lost frame is already on it, as may be
    others.  So a void feed takes no card at all until the trainee has cleared the
    table and said so (:meth:`ready`); the cards read meanwhile are thrown away.  A
    trainer never guesses a card nor grades against cards that are not there.

    A lost or silent link is told through :attr:`on_status` at once, not when a card is wanted.
    """

    can_skip = False

    def __init__(self, source: CardSource, wait: float = 120.0, decks: int = 8) -> None:
        self.source = source
        self.wait = wait
        self.decks = decks
        self.name = getattr(source, "name", "source")
        self.status = ""
        self._events: "queue.Queue[object]" = queue.Queue()
        self._started = False
        self._void = ""
        self._lock = threading.Lock()
        self._hello: dict[tuple[str, str], None] = {}

    @property
    def hello(self) -> tuple[dict[str, str], ...]:
        return tuple({"device": d, "firmware": f} for d, f in list(self._hello))

    def _start(self) -> None:
        if not self._started:
            self.source.start(self._take)
            self._started = True

    def start(self) -> None:
        """Open the source now, so that a lost link is told before the first card is wanted."""
        self._start()

    def _take(self, event: object) -> None:
        if isinstance(event, LinkState):
            self._link(event)
        elif isinstance(event, DeviceHello):
            self._hello[(event.device, event.firmware)] = None
        else:
            self._events.put(event)

    def _link(self, event: LinkState) -> None:
        detail = event.detail or ""
        if event.state == "lost":
            then = ("it reconnects by itself and the training goes on" if event.retrying
                    else "it does not come back by itself: end the session and start it again")
            self._tell(f"card reader lost: {event.source}: {detail or 'the connection is gone'}; {then} "
                       "(a hand in progress is void if a card is missed meanwhile)")
        elif event.state == "stale":
            self._tell(f"card reader silent: {event.source}: {detail or 'no message for a while'}; check the shoe "
                       "or camera")
        elif event.state in ("up",):
            self._tell("")

    def _tell(self, text: str) -> None:
        self.status = text
        if self.on_status is not None:
            self.on_status(text)

    @property
    def needs_ready(self) -> bool:
        return bool(self._void)

    def void(self, why: str) -> str:
        with self._lock:
            if not self._void:
                self._void = f"{why}; {RESYNC}"
            return self._void

    def ready(self) -> None:
        with self._lock:
            if not self._void:
                return  # nothing to clear: the cards queued are this hand's
            self._void = ""
            while True:  # the cards read before the table was cleared
                try:
                    event = self._events.get_nowait()
                except queue.Empty:
                    break
                if event is _CLOSED:
                    self._events.put(event)
                    break

    def next_card(self) -> Card:
        self._start()
        waited = 0.0
        while True:
            if self._void:
                raise FeedError(self._void, resync=True)
            try:
                event = self._events.get(timeout=min(1.0, self.wait))
            except queue.Empty:
                waited += min(1.0, self.wait)
                if waited >= self.wait and not self.status:
                    self._tell(f"no card from {self.name} in {self.wait:.0f} s: check the shoe or camera; "
                               "the trainer waits for the next card")
                continue
            if event is _CLOSED:
                self._events.put(event)
                raise FeedClosed(f"{self.name} is closed")
            if self.status.startswith("no card from"):
                self._tell("")
            if self._void:
                raise FeedError(self._void, resync=True)
            if isinstance(event, CardRead):
                return event.card
            if isinstance(event, Unreadable) or (isinstance(event, DeviceError) and event.code.upper() == "MISREAD"):
                # No frame number: it means nothing to a trainee (qaP L6), in the window or at --text.
                raise FeedError(self.void(f"{self.name}: a card could not be read; this hand is void"), resync=True)
            if isinstance(event, SeqGap):
                raise FeedError(self.void(f"{self.name}: a message from the shoe was lost (it may have held a card); "
                                          "this hand is void"), resync=True)
            if isinstance(event, DeviceError) and event.code.upper() == "DOUBLE_FEED":
                raise FeedError(self.void(f"{self.name}: two cards left the shoe together (DOUBLE_FEED), one may "
                                          "not have been read; this hand is void"), resync=True)

    def close(self) -> None:
        if self._started:
            self.source.stop()
            self._started = False
        self._events.put(_CLOSED)


#: Put in the queue by :meth:`SourceFeed.close` to wake a trainer waiting for a card.
_CLOSED = object()


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
