"""The virtual shoe: a shuffled N-deck shoe that deals by itself, paced like a croupier.

It is the default source of the display (so dealer-assist works with no
hardware) and the virtual backend of the tests.  It deals only when the
table says a card is due (``demand``), so it never runs ahead of the
round, and it signals the cut card and the end of the shoe as a
card-reading shoe would.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from typing import Callable, Optional

from dealer_assist.cards import Card, full_deck
from dealer_assist.events import CardRead, LinkState, ShoeSignal
from dealer_assist.shoe import shuffled_shoe
from dealer_assist.sources.base import CardSource, Sink

__all__ = ["VirtualShoe", "shuffled_shoe"]

_log = logging.getLogger(__name__)


class VirtualShoe(CardSource):
    """Deals a seeded shuffled shoe; one card every ``interval`` seconds while ``demand()`` is true."""

    def __init__(self, decks: int = 8, seed: Optional[int] = None, interval: float = 1.0,
                 demand: Optional[Callable[[], bool]] = None, cut_from_end: int = 16, name: str = "sim") -> None:
        self.name = name
        self.decks = decks
        self.seed = seed
        self.interval = interval
        self.demand = demand or (lambda: True)
        self.cut_from_end = cut_from_end
        self._cards = shuffled_shoe(decks, seed)
        self._next = 0
        self._shoes = 0
        self._sink: Optional[Sink] = None
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread: Optional[threading.Thread] = None
        self._lock = threading.Lock()

    @property
    def cards_left(self) -> int:
        return len(self._cards) - self._next

    def start(self, sink: Sink) -> None:
        if self._thread is not None:
            return
        self._sink = sink
        self._stop.clear()
        sink(LinkState(self.name, time.time(), "up", f"virtual {self.decks}-deck shoe"))
        self._thread = threading.Thread(target=self._run, name=f"source-{self.name}", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None

    def poke(self) -> None:
        """Deal now if a card is due, instead of waiting for the next tick (turbo, tests)."""
        self._wake.set()

    def new_shoe(self) -> None:
        """Reshuffle: the next shoe of the session (seeded from the first seed, so runs repeat)."""
        with self._lock:
            self._shoes += 1
            seed = None if self.seed is None else self.seed + self._shoes
            self._cards = shuffled_shoe(self.decks, seed)
            self._next = 0
        if self._sink:
            self._sink(ShoeSignal(self.name, time.time(), "new"))

    def resume(self, counts: dict[Card, int], unknown: int = 0) -> None:
        """Go on with a shoe the table already partly saw (a recovered table): deal only the cards
        not yet seen, reshuffled; ``unknown`` more cards left face down and unread are taken out at random."""
        cards = [c for c in full_deck() for _ in range(max(0, self.decks - counts.get(c, 0)))]
        rng = random.Random(self.seed)
        rng.shuffle(cards)
        with self._lock:
            self._cards = cards[unknown:]
            self._next = 0

    def deal_one(self) -> Optional[Card]:
        """Take the next card and report it (also the cut card and the end of the shoe)."""
        with self._lock:
            if self._next >= len(self._cards):
                return None
            if self._next == len(self._cards) - self.cut_from_end and self._sink:
                self._sink(ShoeSignal(self.name, time.time(), "cut"))
            card = self._cards[self._next]
            self._next += 1
            seq = self._next
            empty = self._next >= len(self._cards)
        if self._sink:
            self._sink(CardRead(card, self.name, time.time(), 1.0, seq))
            if empty:
                self._sink(ShoeSignal(self.name, time.time(), "empty"))
        return card

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(self.interval)
            self._wake.clear()
            if self._stop.is_set():
                break
            try:
                due = self.demand()
            except Exception:
                if not self._stop.is_set():  # not the table being torn down: a fault, which the log names
                    _log.exception("the simulated shoe could not ask the table whether a card is due")
                due = False
            if due:
                self.deal_one()
