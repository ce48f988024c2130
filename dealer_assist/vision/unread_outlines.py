"""Cards seen whole whose index was not found at all: unsure cards with no candidates.

A card whose two index corners are both smudged, glared or blurred past
reading gives the corner reader nothing, not even an unsure read, so
without this the tracker never knew a card lay there: a dealt card was
skipped silently and every later card went into the wrong hand (QA).
Such a card still shows its outline: seen whole (a blob of the deck's
shape and size), or from one corner whose two edges run the card's whole
width and height (a card lying on another merges with it where a smudge
crosses its edge line).  One that no read of the frame explains, its face
mostly paper, is reported as uncertain with no candidates.

A card back is no face: its pattern leaves paper only at its border, and
a face-down card is not asked for (:data:`FACE_PAPER`); nor is a blank card
or a paper slip of a card's size, which prints nothing (:data:`FACE_INK`).
"""

from __future__ import annotations

from typing import Sequence

import cv2
import numpy as np

from dealer_assist.vision.detect import MASK_SCALE, Corner, Quad

#: Share of a card's sides a corner's two edges must both run along for the card to be taken as seen
#: whole from it (a smudge or a rounded tip shortens a side by a few percent).
FULL_SIDE = 0.9
#: An edge running on past this many of the card's side is another card's too: the card's extent along it
#: is not told by it.
RUN_ON = 1.15
#: Least share of a card's face that is paper (holes of ink filled, see :mod:`.detect`) for an outline to be
#: a face: a court card's picture frame leaves some half of it (anglo's and plastic's set-up shots: at
#: least 0.5), a card back's pattern only its border.
FACE_PAPER = 0.4
#: Least share of a card's face that is ink (see :mod:`.detect`): every face prints pips or a picture
#: besides its index (anglo's and plastic's set-up shots: at least 0.026, the A♦), a blank card nothing.
FACE_INK = 0.005
#: A read whose centre lies within this share of a card's width of an outline's centre is that card's.
SAME_CARD = 0.5
#: Mask pixels an outline must keep off the frame's edges (see :func:`_inside`).
EDGE_GAP = 2


def unread_outlines(quads: Sequence[Quad], corners: Sequence[Corner], whole: np.ndarray, ink: np.ndarray,
                    read_quads: Sequence[Sequence[tuple[float, float]]], card_w: float,
                    card_h: float) -> list[tuple[tuple[float, float], ...]]:
    """The outlines (four corners, frame pixels) of cards seen whole that no read explains.

    ``quads``: the cards seen whole of the frame's card size; ``corners``: the outline corners found;
    ``whole``: the paper mask and ``ink`` the ink mask (at :data:`.detect.MASK_SCALE`); ``read_quads``: the card outlines of the
    frame's reads, sure or not; ``card_w``, ``card_h``: the frame's card size."""
    found: list[np.ndarray] = []
    for quad in [np.array(q.points, np.float64) for q in quads] + _from_corners(corners, card_w, card_h):
        centre = quad.mean(axis=0)
        if any(np.linalg.norm(centre - f.mean(axis=0)) < SAME_CARD * card_w for f in found):
            continue
        if _explained(centre, read_quads, card_w) or not _inside(quad, whole):
            continue
        if _share(quad, whole) < FACE_PAPER or _share(quad, ink) < FACE_INK:
            continue
        found.append(quad)
    return [tuple((float(x), float(y)) for x, y in q) for q in found]


def _from_corners(corners: Sequence[Corner], card_w: float, card_h: float) -> list[np.ndarray]:
    """Card outlines told by corners whose two edges run a whole card's sides (either way round), no further."""
    out = []
    for c in corners:
        if c.sealed or c.outside:
            continue
        p, w, h = np.array([c.x, c.y]), np.array(c.wdir), np.array(c.hdir)
        for a, b in ((card_w, card_h), (card_h, card_w)):
            if FULL_SIDE * a <= c.wlen <= RUN_ON * a and FULL_SIDE * b <= c.hlen <= RUN_ON * b:
                out.append(np.array([p, p + a * w, p + a * w + b * h, p + b * h]))
    return out


def _explained(centre: np.ndarray, read_quads, card_w: float) -> bool:
    """Whether a read lies on the card centred at ``centre``: its centre near, or within the read card."""
    for q in read_quads:
        pts = np.asarray(q, np.float32)
        if np.linalg.norm(centre - pts.mean(axis=0)) < SAME_CARD * card_w:
            return True
        if len(pts) >= 3 and cv2.pointPolygonTest(pts.reshape(-1, 1, 2), (float(centre[0]), float(centre[1])), False) >= 0:
            return True
    return False


def _inside(quad: np.ndarray, whole: np.ndarray) -> bool:
    """Whether the outline lies clear of the frame's edges: a card the edge cuts may hide its index beyond
    it, and its outline is not seen whole."""
    rows, cols = whole.shape[:2]
    q = quad * MASK_SCALE
    return bool(q[:, 0].min() >= EDGE_GAP and q[:, 1].min() >= EDGE_GAP
                and q[:, 0].max() <= cols - 1 - EDGE_GAP and q[:, 1].max() <= rows - 1 - EDGE_GAP)


def _share(quad: np.ndarray, mask: np.ndarray) -> float:
    """Share of the outline's area that ``mask`` covers."""
    rows, cols = mask.shape[:2]
    q = np.round(quad * MASK_SCALE).astype(np.int32)
    x0, y0 = max(int(q[:, 0].min()), 0), max(int(q[:, 1].min()), 0)
    x1, y1 = min(int(q[:, 0].max()) + 1, cols), min(int(q[:, 1].max()) + 1, rows)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    inside = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillConvexPoly(inside, q - np.array([x0, y0], np.int32), 255)
    area = cv2.countNonZero(inside)
    return cv2.countNonZero(cv2.bitwise_and(inside, mask[y0:y1, x0:x1])) / area if area else 0.0
