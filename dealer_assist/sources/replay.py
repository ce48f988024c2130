"""Replay a recorded shoe: the table's operations from its journal, played again at a pace.

Bets, deal, every card with its correction, next round: the replay applies
the same operations the table journaled, so the display shows the shoe as
it was played, round by round.  That is how a dispute is walked through
card by card, or a real shoe becomes a training session.  It is a card
source like the others, so the display treats it like a shoe reader.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Callable, Optional

from dealer_assist.cards import Card, parse_card
from dealer_assist.sources.base import CardSource, Sink, SourceError
from dealer_assist.sources.events import LinkState, RecordedOp

#: Operations after which the replay pauses, so that a person can follow (times the interval).
PAUSE_AFTER = {"card": 1.0, "play_held": 1.0, "next_round": 2.0, "new_shoe": 2.0, "deal": 1.0}


def journal_ops(path: Path) -> list[dict]:
    """The table operations of a baccarat journal, in order."""
    from dealer_assist.table.journal import Journal, JournalError

    try:
        journal = Journal.open(path, readonly=True)
    except JournalError as exc:
        raise SourceError(f"cannot replay {path}: {exc}") from None
    with journal:
        ops = []
        for entry in journal.entries():
            payload = entry.payload
            if payload.get("game") not in (None, "baccarat"):
                raise SourceError(f"{path} is a {payload['game']} journal: the replay plays baccarat tables")
            if isinstance(payload.get("op"), str):
                ops.append(dict(payload))
    if not ops:
        raise SourceError(f"{path} holds no table operations to replay")
    return ops


def journal_cards(path: Path) -> list[Card]:
    """Every card the table accepted, in order (voided cards left out)."""
    cards: list[Card] = []
    held: list[Card] = []
    for op in journal_ops(path):
        if op["op"] == "card":
            cards.append(parse_card(op["card"]))
        elif op["op"] == "hold":
            held.append(parse_card(op["card"]))
        elif op["op"] in ("play_held", "discard_held"):
            cards.extend(held)
            held.clear()
        elif op["op"] == "void_card" and cards:
            cards.pop()
    return cards


class ReplaySource(CardSource):
    """Plays a journal's operations again, pausing ``interval`` seconds after each card."""

    def __init__(self, path: str | Path, *, interval: float = 1.0, demand: Optional[Callable[[], bool]] = None) -> None:
        self.path = Path(path)
        self.name = f"replay:{self.path.name}"
        self.ops = journal_ops(self.path)
        self.interval = interval
        self._next = 0
        self._sink: Optional[Sink] = None
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None

    @property
    def done(self) -> bool:
        return self._next >= len(self.ops)

    def start(self, sink: Sink) -> None:
        self._sink = sink
        sink(LinkState(self.name, time.time(), "up", f"{len(self.ops)} recorded operations"))
        self._thread = threading.Thread(target=self._run, name="source-replay", daemon=True)
        self._thread.start()

    def set_sink(self, sink: Sink) -> None:
        """Step by hand (tests, a step key) without the pacing thread."""
        self._sink = sink

    def step(self) -> Optional[dict]:
        """Play the next recorded operation; ``None`` at the end of the record."""
        if self.done or self._sink is None:
            return None
        op = self.ops[self._next]
        self._next += 1
        self._sink(RecordedOp(self.name, time.time(), op))
        if self.done:
            self._sink(LinkState(self.name, time.time(), "ended", "end of the record"))
        return op

    def _run(self) -> None:
        while not self._stop.is_set():
            op = self.step()
            if op is None:
                return
            pause = PAUSE_AFTER.get(op["op"], 0.0) * self.interval
            if pause and self._stop.wait(pause):
                return

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None
