"""Replay a recorded shoe: the cards of a journal, dealt again in the order the table took them.

This is how a real shoe becomes a training session or a dispute is walked
through card by card: the replay is just another card source, so the
display, the trainer and the tests treat it like a shoe reader.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Callable, Optional

from dealer_assist.cards import Card, parse_card
from dealer_assist.sources.base import CardSource, Sink, SourceError
from dealer_assist.sources.events import CardRead, LinkState, ShoeSignal


def journal_cards(path: Path, shoe: Optional[int] = None) -> list[tuple[int, Card]]:
    """``(shoe number, card)`` for every card the table accepted, in order (burn cards included)."""
    from dealer_assist.table.journal import Journal, JournalError

    try:
        journal = Journal.open(path, readonly=True)
    except JournalError as exc:
        raise SourceError(f"cannot replay {path}: {exc}") from None
    with journal:
        out = []
        held: Optional[Card] = None
        for entry in journal.entries():
            p = entry.payload
            op = p.get("op")
            if op == "card":
                out.append((int(p.get("shoe", 1)), parse_card(p["card"])))
            elif op == "hold":
                held = parse_card(p["card"])
            elif op in ("play_held", "discard_held") and held is not None:
                out.append((int(p.get("shoe", 1)), held))
                held = None
            elif op == "void_card" and out:
                out.pop()
    if shoe is not None:
        out = [(s, c) for s, c in out if s == shoe]
    if not out:
        raise SourceError(f"{path} holds no cards to replay" + (f" for shoe {shoe}" if shoe else ""))
    return out


class ReplaySource(CardSource):
    """Deals the cards of a journal again, one every ``interval`` seconds while ``demand()`` is true."""

    def __init__(self, path: str | Path, *, shoe: Optional[int] = None, interval: float = 1.0,
                 demand: Optional[Callable[[], bool]] = None) -> None:
        self.path = Path(path)
        self.name = f"replay:{self.path.name}"
        self.cards = journal_cards(self.path, shoe)
        self.interval = interval
        self.demand = demand or (lambda: True)
        self._next = 0
        self._sink: Optional[Sink] = None
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None

    def start(self, sink: Sink) -> None:
        self._sink = sink
        sink(LinkState(self.name, time.time(), "up", f"{len(self.cards)} recorded cards"))
        self._thread = threading.Thread(target=self._run, name="source-replay", daemon=True)
        self._thread.start()

    def step(self) -> Optional[Card]:
        """Deal the next recorded card (the display's step key, and the tests)."""
        if self._next >= len(self.cards) or self._sink is None:
            return None
        shoe, card = self.cards[self._next]
        if self._next and self.cards[self._next - 1][0] != shoe:
            self._sink(ShoeSignal(self.name, time.time(), "new"))
        self._next += 1
        self._sink(CardRead(card, self.name, time.time(), 1.0, self._next))
        if self._next == len(self.cards):
            self._sink(ShoeSignal(self.name, time.time(), "empty"))
        return card

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            if self.demand():
                self.step()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None
