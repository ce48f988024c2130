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
from dealer_assist.vision.track import REFERENCE_FPS

#: Moved less than this share of its diagonal in a 30 fps frame's time (see :data:`STILL_OVER`): lying still.
STILL = 0.04
#: Seconds over which a card is judged still: from the last sighting at least this long before (a 30 fps frame, less
#: a camera's uneven times).  Between two frames read in a row, a 60 fps camera's card sliding moved half as far and
#: was taken as lying still in the other hand's box it crossed (a stream sending each frame twice: not at all).
STILL_OVER = 0.75 / REFERENCE_FPS
#: Frames read without seeing a card held (at 30 fps; seconds from the frames' times: 4.5/30 after it was last seen,
#: and :data:`UNSEEN_LEAST` frames at least, a slow camera's or PC's, as a card sliding blurred may go unread in
#: a few): it is covered (a hand) and is given the zone it was last seen in.
UNSEEN_READS = 5
UNSEEN_LEAST = 3
#: Frames read at most (at 30 fps; seconds from the frames' times: 29.5/30 after it was reported) before a card held
#: is given the zone it lies in, still or not (a card pushed about).
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
    #: When it was reported, and its sightings since (time, centre), the last first.
    since: float = 0.0
    sightings: list = field(default_factory=list)
    at_rest: bool = False
    unseen: int = 0  # frames since it was last seen

    @property
    def seen(self) -> float:
        """When it was last seen."""
        return self.sightings[0][0]


@dataclass
class RestingZones:
    """Events in the order reported; a card's event goes out once it rests, with its zone."""

    zones: LayoutZones
    size: tuple[int, int] = (0, 0)
    _queue: list = field(default_factory=list)
    _t: float = 0.0  # the last frame's time
    _count: int = 0  # frames given: a frame with no time is taken 1/30 s after the one before

    def card(self, code: str, center: tuple[float, float], diagonal: float,
             make: Callable[[Optional[str]], Any]) -> list:
        """A card reported at ``center``; ``make(zone)`` builds its event.  The events ready, in order."""
        self._queue.append(_Held(code, center, max(diagonal, 1.0), make, self._t, [(self._t, center)]))
        return self._ready()

    def other(self, event: Any) -> list:
        """An event that needs no zone; it goes out after the cards reported before it."""
        self._queue.append(event)
        return self._ready()

    def frame(self, size: tuple[int, int], seen: list[tuple[str, tuple[float, float]]],
              t: Optional[float] = None) -> list:
        """A frame read of ``size`` (width, height) at ``t`` seconds (None: counted, 1/30 s after the one before)
        and the cards read in it (code, centre)."""
        self._count += 1
        self.size, self._t = size, self._count / REFERENCE_FPS if t is None else t
        free = list(seen)
        for held in self._queue:
            if not isinstance(held, _Held):
                continue
            near = [(math.dist(c, held.center), i) for i, (code, c) in enumerate(free) if code == held.code]
            near = [(d, i) for d, i in near if d <= REACH * held.diagonal]
            if not near:
                held.unseen += 1
                continue
            held.center, held.unseen = free.pop(min(near)[1])[1], 0
            old = [n for n, (when, _) in enumerate(held.sightings) if self._t - when >= STILL_OVER]
            held.at_rest = bool(old) and math.dist(held.center, held.sightings[old[0]][1]) <= STILL * held.diagonal
            held.sightings = [(self._t, held.center)] + held.sightings[:old[0] + 1 if old else None]
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
            if isinstance(head, _Held) and not (head.at_rest or self._covered(head)
                                                or self._t - head.since >= (LONGEST_READS - 0.5) / REFERENCE_FPS):
                break
            out.append(self._out(self._queue.pop(0)))
        return out

    def _covered(self, held: _Held) -> bool:
        return held.unseen >= UNSEEN_LEAST and self._t - held.seen >= (UNSEEN_READS - 0.5) / REFERENCE_FPS

    def _out(self, item: Any) -> Any:
        if not isinstance(item, _Held):
            return item
        return item.make(self.zones.at(item.center, self.size, reach=item.diagonal / 2))
