"""A layout camera's cards held until they come to rest, so that each is given the zone it lies in.

The tracker reports a card as soon as two frames read it alike, which may be while it slides from the
shoe across the other hand's box: its zone then would be where it passed, not where it was dealt.  So
with zones a card read is held until two frames read in a row see it in one place (or it is no longer
seen: covered by a hand where it lay last), and what the camera reported after it waits behind it, so
the table gets them in the order read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from dealer_assist.vision.layout_zones import LayoutZones

#: Moved less than this share of its diagonal between two frames read: lying still.
STILL = 0.04
#: Frames read without seeing a card held: it is covered (a hand) and is given the zone it was last seen in.
UNSEEN_READS = 5
#: Frames read at most before a card held is given the zone it lies in, still or not (a card pushed about).
LONGEST_READS = 30
#: How far (in its diagonals) a card read may have slid since the last frame read and still be that card.
REACH = 2.0


def diagonal_near(cards, code: str, center: tuple[float, float]) -> float:
    """The diagonal (pixels) of the card of ``code`` among ``cards`` (code, corners) nearest ``center``:
    how far a card that size may move and still be the card reported (0 when none is in view)."""
    quads = [corners for c, corners in cards if c == code]
    if not quads:
        return 0.0
    corners = min(quads, key=lambda cs: math.dist(_mean(cs), center))
    return max(math.dist(a, b) for a in corners for b in corners)


def _mean(points) -> tuple[float, float]:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


@dataclass
class _Held:
    code: str
    center: tuple[float, float]
    diagonal: float
    make: Callable[[Optional[str]], Any]
    unseen: int = 0
    reads: int = 0


@dataclass
class RestingZones:
    """Events in the order reported; a card's event goes out once it rests, with its zone."""

    zones: LayoutZones
    size: tuple[int, int] = (0, 0)
    _queue: list = field(default_factory=list)

    def card(self, code: str, center: tuple[float, float], diagonal: float,
             make: Callable[[Optional[str]], Any]) -> list:
        """A card reported at ``center``; ``make(zone)`` builds its event.  The events ready, in order."""
        self._queue.append(_Held(code, center, max(diagonal, 1.0), make))
        return self._ready()

    def other(self, event: Any) -> list:
        """An event that needs no zone; it goes out after the cards reported before it."""
        self._queue.append(event)
        return self._ready()

    def frame(self, size: tuple[int, int], seen: list[tuple[str, tuple[float, float]]]) -> list:
        """A frame read of ``size`` (width, height) and the cards read in it (code, centre)."""
        self.size = size
        free = list(seen)
        for held in self._queue:
            if not isinstance(held, _Held):
                continue
            held.reads += 1
            near = [(math.dist(c, held.center), i) for i, (code, c) in enumerate(free) if code == held.code]
            near = [(d, i) for d, i in near if d <= REACH * held.diagonal]
            if not near:
                held.unseen += 1
                continue
            d, i = min(near)
            held.unseen, held.center = 0, free.pop(i)[1]
            if d <= STILL * held.diagonal:
                held.unseen = -1  # at rest
        return self._ready()

    def flush(self) -> list:
        """Every event held, in order, each card with the zone it was last seen in (the source ended)."""
        out = [self._out(e) for e in self._queue]
        self._queue.clear()
        return out

    def _ready(self) -> list:
        out = []
        while self._queue:
            head = self._queue[0]
            if isinstance(head, _Held) and not (head.unseen < 0 or head.unseen >= UNSEEN_READS
                                                or head.reads >= LONGEST_READS):
                break
            out.append(self._out(self._queue.pop(0)))
        return out

    def _out(self, item: Any) -> Any:
        if not isinstance(item, _Held):
            return item
        return item.make(self.zones.at(item.center, self.size, reach=item.diagonal / 2))
