"""A layout camera's cards held until they come to rest, so that each is given the zone it lies in.

The tracker reports a card as soon as two frames read it alike, which may be while it slides from the
shoe across the other hand's box: its zone then would be where it passed, not where it was dealt.  So
with zones a card read is held until three frames read in a row see it in one place (or it is no longer
seen: covered by a hand where it lay last), and what the camera reported after it waits behind it, so
the table gets them in the order read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from dealer_assist.vision.layout_zones import LayoutZones

#: Within this share of its diagonal of where it was :data:`RESTING_READS` frames read before: lying still.
#: Measured from one place, not frame to frame: a card slid slowly moves less than this between two frames
#: (rev19 R8: slid 10 px a frame it was taken at rest in the box it was crossing).
STILL = 0.04
#: Frames read in a row within :data:`STILL` of one place: the card has come to rest.
RESTING_READS = 3
#: Frames read without seeing a card held: it is covered (a hand) and is given the zone it was last seen in.
UNSEEN_READS = 5
#: Frames read at most before a card held goes out still moving (a card pushed about): with no zone, so
#: that the croupier says whose it is, not the box it was crossing (rev19 R8).  Two seconds at 30 fps: a
#: card slid the length of a long layout comes to rest before it.
LONGEST_READS = 60
#: Frames read a card placed (gone out at rest) is kept in mind unseen: its read is its own, never a held
#: card of its code that a hand hid for a frame (rev19 R12).
PLACED_READS = 90
#: How far (in its diagonals) a card read may have slid since the last frame read and still be that card.
REACH = 2.0


def diagonal_near(cards, code: Optional[str], center: tuple[float, float]) -> float:
    """The diagonal (pixels) of the card of ``code`` (None: of any code) among ``cards`` (code, corners)
    nearest ``center``: how far a card that size may move and still be the card reported, and how far
    outside a box it may lie and still be in it (0 when none is in view)."""
    quads = [corners for c, corners in cards if code is None or c == code]
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
    anchor: tuple[float, float] = (0.0, 0.0)  # where it lay when the reads in one place began
    still: int = 1  # reads in a row within STILL of the anchor, the anchor's own included


@dataclass
class _Placed:
    code: str
    center: tuple[float, float]
    diagonal: float
    unseen: int = 0


@dataclass
class RestingZones:
    """Events in the order reported; a card's event goes out once it rests, with its zone."""

    zones: LayoutZones
    size: tuple[int, int] = (0, 0)
    _queue: list = field(default_factory=list)
    _placed: list = field(default_factory=list)

    def card(self, code: str, center: tuple[float, float], diagonal: float,
             make: Callable[[Optional[str]], Any]) -> list:
        """A card reported at ``center``; ``make(zone)`` builds its event.  The events ready, in order."""
        self._queue.append(_Held(code, center, max(diagonal, 1.0), make, anchor=center))
        return self._ready()

    def other(self, event: Any) -> list:
        """An event that needs no zone; it goes out after the cards reported before it."""
        self._queue.append(event)
        return self._ready()

    def frame(self, size: tuple[int, int], seen: list[tuple[str, tuple[float, float]]]) -> list:
        """A frame read of ``size`` (width, height) and the cards read in it (code, centre)."""
        self.size = size
        free = list(seen)
        for placed in self._placed:  # the reads of the cards already placed, where they lie, are theirs
            near = [(math.dist(c, placed.center), i) for i, (code, c) in enumerate(free) if code == placed.code]
            near = [(d, i) for d, i in near if d <= STILL * 2 * placed.diagonal]
            if near:
                placed.unseen, placed.center = 0, free.pop(min(near)[1])[1]
            else:
                placed.unseen += 1
        self._placed = [p for p in self._placed if p.unseen < PLACED_READS]
        for held in self._queue:
            if not isinstance(held, _Held):
                continue
            held.reads += 1
            near = [(math.dist(c, held.center), i) for i, (code, c) in enumerate(free) if code == held.code]
            near = [(d, i) for d, i in near if d <= REACH * held.diagonal]
            if not near:
                held.unseen += 1
                continue
            held.unseen, held.center = 0, free.pop(min(near)[1])[1]
            if math.dist(held.center, held.anchor) <= STILL * held.diagonal:
                held.still += 1
            else:
                held.anchor, held.still = held.center, 1
            if held.still >= RESTING_READS:
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
        if item.unseen < 0:
            self._placed.append(_Placed(item.code, item.center, item.diagonal))
        moving = 0 <= item.unseen < UNSEEN_READS and item.reads >= LONGEST_READS
        return item.make(None if moving else self.zone_at(item.center, item.diagonal))

    def zone_at(self, center: tuple[float, float], diagonal: float) -> Optional[str]:
        """The zone of a card of ``diagonal`` (pixels) lying at ``center`` in the last frame's picture: its
        box, or the one whose edge it overlaps (within half its diagonal), or None."""
        return self.zones.at(center, self.size, reach=diagonal / 2)
