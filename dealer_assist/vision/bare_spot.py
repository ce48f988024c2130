"""Telling a remembered card's spot seen as bare table from one covered by a hand or chips.

The once-only tracker remembers a card it no longer reads (see
:class:`.track.OnceOnlyTracker`): a hand may lie over it, and a card read
again where it lay is that card.  A card taken away leaves its spot as bare
felt, and a card of its code dealt there soon after was taken for it and
never reported (QA: a soak test's shoe loop lost 156 of 240 cards).  Felt is
neither paper (a card's stock, even a sliver of a covered one) nor skin or
chips: its colour is the frame's own most common one, whatever the table.
The frame's reduced image and paper mask are made for every read anyway;
a few dozen pixels of each remembered card's spot are all this looks at.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

import numpy as np

#: Points sampled across a card's spot, per side (inset, see :data:`INSET`).
GRID = 8
#: A spot is sampled within this share of the card's quad about its centre: its edges are where a
#: slightly moved quad or the card's shadow would sample something else.
INSET = 0.8
#: The frame is sampled every this many (reduced) pixels for the felt's colour: the median of some
#: thousands of pixels, most of them felt on any table a camera watches.
FELT_STEP = 8
#: A pixel is felt when no channel is further from the felt's colour than this share of its
#: brightest channel (and :data:`FELT_FLOOR` levels): the felt's light falls off to the frame's edges
#: and printed lines cross it, while paper is two or three times as bright and skin of another hue
#: (on the anglo shoe video felt spots sat within 20 levels of (80, 58, 22), skin 180 off).  Relative,
#: so that a frame gone dark does not make a card's dimmed paper look like felt.
FELT_REACH = 0.5
FELT_FLOOR = 8.0
#: A spot is bare when this share of its points is felt (a betting box's print covered a fifth of
#: one) and no more than :data:`MOST_PAPER` of them is paper (a covered card shows some).
LEAST_FELT = 0.7
MOST_PAPER = 0.1
#: A frame shows the table when this share of its pixels that are not paper is within reach of the felt
#: colour the frames that read cards showed (see :meth:`TableView.shows`): a hand or a cloth over the lens
#: leaves none of it, while a camera framing a rail (or any second colour) as wide as the felt tipped the
#: median of a frame with cards to the rail's colour, and an empty table's frames, their median the felt's,
#: had been taken for a covered lens (rev19 R7).
LEAST_TABLE = 0.2
#: Least share of a card's spot that the cards lying there now must leave uncovered for it to tell whether the
#: card that lay there left it (see :meth:`TableView.bare_left`): a sliver a card pushed a step leaves may be
#: its shadow or the croupier's finger.
LEAST_LEFT = 0.3
#: A spot looks as it did in an earlier frame (see :meth:`TableView.same_as`) when this share of its points
#: is within :data:`SAME_LEVELS` (each channel) of what they showed then: a camera's noise moves a pixel a
#: few levels, another card's face put there moves its ink and print far more.
SAME_SHARE = 0.9
SAME_LEVELS = 24
#: Points a side sampled across a spot compared so, and the least share of them left uncovered that tells.
SAME_GRID = 16
LEAST_SEEN = 0.1
#: The table round a card is sampled between these scales of its quad about its centre (see
#: :meth:`TableView.ground`): just outside its edge and its shadow, well inside a box printed for it.
RING = (1.15, 1.3)
#: Reduced pixels past each side of an outline at which :meth:`TableView.cut_off` looks: past the edge's
#: blur and its line, within the margin a printed frame line leaves (qaAS's quartet deck: some 16) and an
#: arm's width (20 or more), and wider than a printed box's line along the side (anglo frame 0083's 7♠).
PAST_SIDE = (3.0, 6.0, 9.0)
#: Least share of the points past a side that must be felt or paper for the side to be a card's edge:
#: a card lies on the table or on another card, a piece of one against whatever cut it off.  Half had
#: taken 2 of the 631 cards seen whole of anglo's and plastic's test frames for pieces (an A♦ over a
#: jack's picture, a 9♥ over a printed BANKER); a quarter takes none.
SIDE_ON_TABLE = 0.25
#: How far (each channel's share of the three's sum) a point past a side may be from the felt's hue to be felt
#: there: felt in a card's shadow keeps its hue, a dark grey sleeve is as near the felt's colour as that shadow
#: (:data:`FELT_REACH`) but a quarter off its hue.
SIDE_HUE = 0.1


def commonest(colours: Sequence[np.ndarray]) -> np.ndarray:
    """Of ``colours`` (B, G, R; at least one), the one the most others lie within reach of (see
    :data:`FELT_REACH`), the latest of those tied: the felt of a run of frames, whatever a few of them showed."""
    near = [sum(bool(np.abs(other - c).max() <= max(FELT_REACH * float(c.max()), FELT_FLOOR)) for other in colours)
            for c in colours]
    return colours[max(range(len(colours)), key=lambda i: (near[i], i))]


@dataclass(eq=False)
class TableView:
    """A frame's reduced image and paper mask as its read made them, with ``scale`` from the
    frame's pixels to theirs."""

    small: np.ndarray
    paper: np.ndarray
    scale: float
    _felt: Optional[np.ndarray] = field(default=None, repr=False)

    def felt(self) -> np.ndarray:
        """The felt's colour (B, G, R): the median of the frame's pixels that are not paper."""
        if self._felt is None:
            pixels = self.small[::FELT_STEP, ::FELT_STEP, :3].reshape(-1, 3)
            table = pixels[self.paper[::FELT_STEP, ::FELT_STEP].reshape(-1) == 0]
            self._felt = np.median(table if len(table) else pixels, axis=0)
        return self._felt

    def shows(self, felt: np.ndarray) -> bool:
        """Whether the frame shows the table whose felt was ``felt`` (B, G, R) in the frames that read cards:
        at least :data:`LEAST_TABLE` of its pixels that are not paper are within reach of it."""
        pixels = self.small[::FELT_STEP, ::FELT_STEP, :3].reshape(-1, 3).astype(np.float64)
        table = pixels[self.paper[::FELT_STEP, ::FELT_STEP].reshape(-1) == 0]
        table = table if len(table) else pixels
        reach = max(FELT_REACH * float(felt.max()), FELT_FLOOR)
        return bool(np.count_nonzero(np.abs(table - felt).max(axis=1) <= reach) >= LEAST_TABLE * len(table))

    def ground(self, corners: Sequence[tuple[float, float]]) -> Optional[np.ndarray]:
        """The colour (B, G, R) of the table round a card whose quad (in the frame's pixels) is ``corners``, when
        the ring just outside it (see :data:`RING`) is mostly in the frame, mostly not paper, and of one colour:
        a box printed for the card in a colour of its own, or the felt.  None otherwise (another card beside it, a
        hand reaching for it)."""
        quad = np.asarray(corners, np.float64) * self.scale
        if quad.shape != (4, 2):
            return None
        centre = quad.mean(axis=0)
        u = (np.arange(GRID) + 0.5) / GRID
        ring = []
        for scale in RING:
            grown = centre + (quad - centre) * scale
            ring += [grown[i] + np.outer(u, grown[(i + 1) % 4] - grown[i]) for i in range(4)]
        points = np.concatenate(ring).round().astype(int)
        h, w = self.paper.shape[:2]
        inside = (points[:, 0] >= 0) & (points[:, 0] < w) & (points[:, 1] >= 0) & (points[:, 1] < h)
        xs, ys = points[inside, 0], points[inside, 1]
        table = ~self.paper[ys, xs].astype(bool)
        if np.count_nonzero(table) < 0.5 * len(points):
            return None
        colours = self.small[ys[table], xs[table], :3].astype(np.float64)
        colour = np.median(colours, axis=0)
        return colour if self._near(colours, colour) >= LEAST_FELT else None

    def cut_off(self, corners: Sequence[tuple[float, float]]) -> bool:
        """Whether an outline whose quad (in the frame's pixels) is ``corners`` has a side along something
        that is neither felt nor paper (less than :data:`SIDE_ON_TABLE` of the points just past it, see
        :data:`PAST_SIDE`): the piece of a card, or of the panel its printed frame line encloses, left beside
        an arm lying across it, not a card.  Points off the image tell nothing."""
        quad = np.asarray(corners, np.float64) * self.scale
        if quad.shape != (4, 2):
            return False
        centre = quad.mean(axis=0)
        h, w = self.paper.shape[:2]
        u = (np.arange(GRID) + 0.5) / GRID
        felt = self.felt()
        reach = max(FELT_REACH * float(felt.max()), FELT_FLOOR)
        hue = felt / max(float(felt.sum()), 1.0)
        for i in range(4):
            a, b = quad[i], quad[(i + 1) % 4]
            normal = np.array([b[1] - a[1], a[0] - b[0]])
            normal /= max(float(np.hypot(*normal)), 1e-9)
            if np.dot(normal, (a + b) / 2 - centre) < 0:
                normal = -normal
            side = a + np.outer(u, b - a)
            points = np.concatenate([side + past * normal for past in PAST_SIDE]).round().astype(int)
            points = points[(points[:, 0] >= 0) & (points[:, 0] < w) & (points[:, 1] >= 0) & (points[:, 1] < h)]
            if not len(points):
                continue
            xs, ys = points[:, 0], points[:, 1]
            colours = self.small[ys, xs, :3].astype(np.float64)
            on_felt = (np.abs(colours - felt).max(axis=1) <= reach) & (
                np.abs(colours / np.maximum(colours.sum(axis=1, keepdims=True), 1.0) - hue).max(axis=1) <= SIDE_HUE)
            if np.count_nonzero(self.paper[ys, xs].astype(bool) | on_felt) < SIDE_ON_TABLE * len(points):
                return True
        return False

    def bare(self, corners: Sequence[tuple[float, float]], ground: Optional[np.ndarray] = None) -> bool:
        """Whether the spot of a card whose quad (in the frame's pixels) is ``corners`` shows bare
        felt: no paper, and not a hand or chips.  A spot mostly off the frame tells nothing.  ``ground``:
        the colour round the card when it lay there (see :meth:`ground`), its spot bare when of that colour
        too: a box printed for the card in a colour of its own was never seen bare, and a card of the last
        round's code dealt there was taken for that card (rev19 R1, R2, R6)."""
        points = self._spot(corners)
        h, w = self.paper.shape[:2]
        inside = (points[:, 0] >= 0) & (points[:, 0] < w) & (points[:, 1] >= 0) & (points[:, 1] < h)
        if inside.mean() < 0.5:
            return False
        return self._bare_at(points[inside], ground)

    def bare_left(self, corners: Sequence[tuple[float, float]], covering: Sequence = (),
                  ground: Optional[np.ndarray] = None) -> bool:
        """Whether the part of the spot of a card whose quad is ``corners`` that the quads ``covering`` (cards
        read lying there now, in the frame's pixels) leave uncovered shows bare felt, as :meth:`bare` tells of a
        whole spot: the card that lay there left it, though a card under it or beside it still shows.  A part
        smaller than :data:`LEAST_LEFT` of the spot in the frame tells nothing."""
        points = self._left(corners, covering)
        return points is not None and self._bare_at(points, ground)

    def same_as(self, before: "TableView", corners: Sequence[tuple[float, float]], covering: Sequence = ()) -> bool:
        """Whether the part of the spot of a card whose quad is ``corners`` that the quads ``covering`` (the other
        cards read now) leave uncovered looks as it did in ``before``, an earlier frame of the same camera: the
        card lay there then, the cards now on it or beside it aside (:data:`SAME_LEVELS`, :data:`SAME_SHARE`).
        A card dealt there since shows its face where the felt or another card's face was.  A part smaller than
        :data:`LEAST_SEEN` of the spot tells nothing (the strip a fanned pile leaves of its first card, its index,
        is a fifth of it)."""
        if before.small.shape != self.small.shape or before.scale != self.scale:
            return False
        points = self._left(corners, covering, SAME_GRID, LEAST_SEEN)
        if points is None:
            return False
        xs, ys = points[:, 0], points[:, 1]
        now, then = self.small[ys, xs, :3].astype(np.float64), before.small[ys, xs, :3].astype(np.float64)
        alike = np.count_nonzero(np.abs(now - then).max(axis=1) <= SAME_LEVELS)
        return alike >= SAME_SHARE * len(points)

    def _left(self, corners: Sequence[tuple[float, float]], covering: Sequence, grid: int = GRID,
              least: float = LEAST_LEFT) -> Optional[np.ndarray]:
        """The points sampled across a card's spot (see :meth:`_spot`, ``grid`` a side) in the image and outside
        the quads ``covering`` (frame pixels); None when fewer than ``least`` of them, or the spot is mostly off
        the frame."""
        points = self._spot(corners, grid)
        h, w = self.paper.shape[:2]
        inside = (points[:, 0] >= 0) & (points[:, 0] < w) & (points[:, 1] >= 0) & (points[:, 1] < h)
        if inside.mean() < 0.5:
            return None
        points = points[inside]
        quads = [np.asarray(q, np.float64) * self.scale for q in covering if len(q) == 4]
        left = np.array([not any(_inside(q, p) for q in quads) for p in points.astype(np.float64)], bool)
        return points[left] if left.sum() >= least * len(points) else None

    def _spot(self, corners: Sequence[tuple[float, float]], grid: int = GRID) -> np.ndarray:
        """The points (reduced pixels, maybe off the image), ``grid`` a side, sampled across the spot of a card
        whose quad (in the frame's pixels) is ``corners``, within :data:`INSET` of it."""
        quad = np.asarray(corners, np.float64) * self.scale
        centre = quad.mean(axis=0)
        quad = centre + (quad - centre) * INSET
        u = (np.arange(grid) + 0.5) / grid
        top = quad[0] + np.outer(u, quad[1] - quad[0])
        bottom = quad[3] + np.outer(u, quad[2] - quad[3])
        return (top[None] + (bottom - top)[None] * u[:, None, None]).reshape(-1, 2).round().astype(int)

    def _bare_at(self, points: np.ndarray, ground: Optional[np.ndarray]) -> bool:
        """Whether ``points`` (reduced pixels, in the image) show bare felt (or ``ground``), no paper."""
        xs, ys = points[:, 0], points[:, 1]
        if np.count_nonzero(self.paper[ys, xs]) > MOST_PAPER * len(xs):
            return False
        colours = self.small[ys, xs, :3].astype(np.float64)
        return self._near(colours, self.felt()) >= LEAST_FELT or (
            ground is not None and self._near(colours, ground) >= LEAST_FELT)

    @staticmethod
    def _near(colours: np.ndarray, colour: np.ndarray) -> float:
        """The share of ``colours`` within reach of ``colour`` (see :data:`FELT_REACH`)."""
        reach = max(FELT_REACH * float(colour.max()), FELT_FLOOR)
        return float(np.count_nonzero(np.abs(colours - colour).max(axis=1) <= reach)) / max(len(colours), 1)


def _inside(quad: np.ndarray, point: np.ndarray) -> bool:
    """Whether ``point`` lies inside the convex ``quad`` (corners in either turning order)."""
    edges, to = np.roll(quad, -1, axis=0) - quad, point - quad
    turns = edges[:, 0] * to[:, 1] - edges[:, 1] * to[:, 0]
    return bool((turns > 0).all() or (turns < 0).all())
