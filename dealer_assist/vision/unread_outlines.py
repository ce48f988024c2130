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

A card lying on another (every card of a blackjack hand after its first)
merges with it in the paper mask, and no corner of it runs two whole sides.
The top card of such a pile still shows all four of its sides: on the felt,
or as the thin edge line it draws over the paper below (cut out of
``split``, see :func:`.detect.frame_masks`).  A card's outline placed at a
corner that is seen along all four sides and on which no read lies is such
a top card (:func:`_pile_tops`); a card under it never is, its sides hidden
under the top card's face.

A card back is no face: its pattern leaves paper only at its border
(:data:`FACE_PAPER`), or a light pattern repeats a small motif up to its
border with no patch of bare paper anywhere inside (:data:`BACK_GAP`), and
a face-down card is not asked for; nor is a blank card or a paper slip of a
card's size, which prints nothing (:data:`FACE_INK`).
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

import cv2
import numpy as np

from dealer_assist.vision.detect import MASK_SCALE, Corner, Quad
from dealer_assist.vision.templates import norm

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
#: Band along its sides (a share of a card's width) left out when a card is looked over for bare paper: a
#: card back's white border.
BACK_BORDER = 0.06
#: Least radius (a share of a card's width) of the widest disc of bare paper inside that border for an
#: outline to be a face (:func:`_widest_gap`): 0.107 or more on every face of anglo, plastic and the 33
#: benchmark designs' set-up shots (anglo 0.15, smudged or not); 0.024 on a light back (red diamonds on a
#: white lattice, verC NEW-5).
BACK_GAP = 0.06
#: Least share of a card's face that is ink (see :mod:`.detect`): every face prints pips or a picture
#: besides its index (anglo's and plastic's set-up shots: at least 0.026, the A♦), a blank card nothing.
FACE_INK = 0.005
#: A read whose centre lies within this share of a card's width of an outline's centre is that card's.
SAME_CARD = 0.5
#: Mask pixels an outline must keep off the frame's edges (see :func:`_inside`).
EDGE_GAP = 2
#: Least share of a card's sides a corner's two edges must run along for a pile's top card to be placed
#: at it (see :func:`_pile_tops`).
PILE_SIDE = 0.25
#: Least share of each of its four sides a pile's top card must be seen along: the blur or glare that hides
#: an index blurs the edge beside it too (a quarter of the width, a fifth of the height at two corners).
SIDE_SEEN = 0.6
#: How far (mask pixels) across a side its edge may lie from the outline placed at a corner (a tilt of a
#: degree or two, a rounded tip).
SIDE_SLACK = 3
#: Least share of one of its sides along which a pile's top card must lie over paper (the card below): a card
#: lying alone is the whole outline's (:func:`unread_outlines`), seen whole or from a corner.
OVER_PAPER = 0.15
#: How much darker than the paper each side of it (a share of that paper's darkest channel, at least
#: :data:`LINE_DARK_LEAST` levels) a thin line in the frame must be to be a card's edge line (as
#: :func:`.detect.frame_masks` cuts ``split`` along such lines).
LINE_DARK = 0.1
LINE_DARK_LEAST = 18
#: Mask pixels inside a line seen in the frame (past the two of its slack) that must be paper for it to be a
#: card's edge line: its margin, not the picture inside a court card's frame line.
LINE_MARGIN = 3
#: Mask pixels past an edge line that must all be paper for the edge to lie over the card below: no card
#: alone on the felt shows so much paper beyond a printed line along its side.
PAST_LINE = 8
#: Distances (mask pixels) from an edge across its side at which :func:`_side_seen` looks in the frame: the
#: paper inside a line, the line, the paper past it; the margin inside it; the paper past it.
DARK_SHIFTS = np.array([-2.0, 0.0, 2.0])
MARGIN_SHIFTS = np.array([-2.0, -2.0 - LINE_MARGIN])
PAST_SHIFTS = np.arange(2.0, PAST_LINE + 1.0)
#: A read whose index tip lies within this share of a card's width outside a pile's top card is that card's.
ON_TOP = 0.12
#: A read whose centre lies within this share of a card's width of a pile's top card's is that card's: a
#: fanned card lies a quarter of a width off or more (0.15 of a height straight to the side), and an outline
#: placed along a court card's picture frame (some 0.15 of a width inside its side) and the far side of the
#: card below is that court card's.
SAME_TOP = 0.2


def unread_outlines(quads: Sequence[Quad], corners: Sequence[Corner], whole: np.ndarray, ink: np.ndarray,
                    read_quads: Sequence[Sequence[tuple[float, float]]], card_w: float,
                    card_h: float, split: Optional[np.ndarray] = None,
                    frame: Optional[np.ndarray] = None) -> list[tuple[tuple[float, float], ...]]:
    """The outlines (four corners, frame pixels) of cards seen whole that no read explains.

    ``quads``: the cards seen whole of the frame's card size; ``corners``: the outline corners found;
    ``whole``: the paper mask and ``ink`` the ink mask (at :data:`.detect.MASK_SCALE`); ``read_quads``: the card outlines of the
    frame's reads, sure or not; ``card_w``, ``card_h``: the frame's card size; ``split``: the paper cut along
    thin lines (see :func:`.detect.frame_masks`), for the top cards of piles (none looked for without it);
    ``frame``: the (reduced) BGR frame the masks were made from, for the edge lines ``split`` lost (see
    :func:`_side_seen`)."""
    found: list[np.ndarray] = []
    reads = _ReadOutlines(read_quads)
    for quad in [np.array(q.points, np.float64) for q in quads] + _from_corners(corners, card_w, card_h):
        centre = quad.mean(axis=0)
        if any(np.linalg.norm(centre - f.mean(axis=0)) < SAME_CARD * card_w for f in found):
            continue
        if _explained(centre, reads, card_w) or not _inside(quad, whole):
            continue
        if not a_face(quad, whole, ink):
            continue
        found.append(quad)
    if split is not None:
        def explained(quad: np.ndarray) -> bool:
            return _read_on(quad, reads, card_w) or not _inside(quad, whole)

        for quad in _pile_tops(corners, whole, split, card_w, card_h, explained, frame):
            centre = quad.mean(axis=0)
            if any(np.linalg.norm(centre - f.mean(axis=0)) < ON_TOP * card_w for f in found):
                continue
            if a_face(quad, whole, ink):
                found.append(quad)
    return [tuple((float(x), float(y)) for x, y in q) for q in found]


def a_face(quad: np.ndarray, whole: np.ndarray, ink: np.ndarray) -> bool:
    """Whether the outline holds a card's face: mostly paper, some ink (no back, no blank), and somewhere
    inside its border a patch of bare paper (no light back, see :func:`_widest_gap`)."""
    return (_share(quad, whole) >= FACE_PAPER and _share(quad, ink) >= FACE_INK
            and _widest_gap(quad, ink) >= BACK_GAP)


def _widest_gap(quad: np.ndarray, ink: np.ndarray) -> float:
    """Radius of the widest disc of bare paper (no ``ink``) inside the outline, :data:`BACK_BORDER` in from
    its sides, as a share of its short side.

    A face leaves paper between its pips, round its picture, beside its index; a back's pattern repeats
    over the whole card up to its border, a small motif close by wherever one looks, though it may leave
    more than half the card paper-white (red diamonds on a white lattice)."""
    q = (quad * MASK_SCALE).astype(np.float32)
    w = float(np.linalg.norm(q[1] - q[0]))
    h = float(np.linalg.norm(q[3] - q[0]))
    short = min(w, h)
    if short < 8:
        return 1.0
    upright = cv2.warpPerspective(ink, cv2.getPerspectiveTransform(q, np.float32([[0, 0], [w, 0], [w, h], [0, h]])),
                                  (int(round(w)), int(round(h))), flags=cv2.INTER_NEAREST)
    border = int(round(BACK_BORDER * short))
    inner = upright[border:upright.shape[0] - border, border:upright.shape[1] - border]
    if inner.size == 0:
        return 1.0
    bare = cv2.compare(inner, 0, cv2.CMP_EQ)
    # Beyond the inner rectangle counts as ink: a disc reaching past it would lie on the border.
    bare = cv2.copyMakeBorder(bare, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    return float(cv2.distanceTransform(bare, cv2.DIST_L2, 3).max()) / short


def _pile_tops(corners: Sequence[Corner], whole: np.ndarray, split: np.ndarray, card_w: float,
               card_h: float, explained: Callable[[np.ndarray], bool],
               frame: Optional[np.ndarray] = None) -> list[np.ndarray]:
    """Card outlines placed at corners (either way round) whose four sides are all seen: on the felt or
    as a line over the paper below; none that ``explained`` (a read lies on it).  The best placed first
    where two lie on one card."""
    scored = []
    for c in corners:
        if c.sealed or c.outside:
            continue
        for a, b in ((card_w, card_h), (card_h, card_w)):
            if not (PILE_SIDE * a <= c.wlen <= RUN_ON * a and PILE_SIDE * b <= c.hlen <= RUN_ON * b):
                continue
            # (Made only for the corners whose edges fit: most do not.)
            p, w, h = np.array([c.x, c.y]), np.array(c.wdir), np.array(c.hdir)
            quad = np.array([p, p + a * w, p + a * w + b * h, p + b * h])
            if explained(quad):
                continue
            seen, over = 1.0, 0.0
            centre = quad.mean(axis=0)
            for i in range(4):
                side, paper = _side_seen(quad[i], quad[(i + 1) % 4], centre, whole, split, frame)
                seen, over = min(seen, side), max(over, paper)
                if seen < SIDE_SEEN:
                    break
            else:
                if over >= OVER_PAPER:
                    scored.append((seen, quad))
    return [q for _, q in sorted(scored, key=lambda sq: -sq[0])]


def _side_seen(p: np.ndarray, q: np.ndarray, centre: np.ndarray, whole: np.ndarray,
               split: np.ndarray, frame: Optional[np.ndarray] = None) -> tuple[float, float]:
    """Shares of the side from ``p`` to ``q`` (frame pixels) along which an edge is seen within
    :data:`SIDE_SLACK` (paper, ``whole``, inside with felt just beyond, or the paper, ``split``, inside ending
    at a thin line or at ink over the card below: its edge line, the picture it lies on), and along which
    that edge lies over paper (the card below).

    ``split`` loses an edge line that a smudge cuts off the felt at both ends (a card lying down-left or
    up-left on another, its index corners blurred): it is a hole of the paper then, filled like ink.  With
    ``frame`` such a line is seen in the frame itself, a thin line darker than the paper each side of it
    (:data:`LINE_DARK`), with the card's own bare margin inside it (:data:`LINE_MARGIN`: a court card's
    picture lies right inside the frame line drawn round it).  An edge line dark enough to cut ``whole`` too
    reads there as felt just beyond the card (a fan straight to the side, its edge line running out to the
    felt at an end): the paper seen on past it (:data:`PAST_LINE`) tells it lies over the card below all the same."""
    a, b = p * MASK_SCALE, q * MASK_SCALE
    length = float(np.linalg.norm(b - a))
    if length < 4:
        return 0.0, 0.0
    along = (b - a) / length
    out = np.array([along[1], -along[0]])
    if np.dot(centre * MASK_SCALE - (a + b) / 2, out) > 0:
        out = -out
    rows, cols = whole.shape[:2]
    ts = np.arange(2.0, length - 2.0, 1.0)
    if not len(ts):
        return 0.0, 0.0
    # Every point looked at, once: one row per point along the side, one column per distance across
    # it of :data:`_ACROSS` (each look below takes its columns; the points of one distance are the
    # same whichever look asks).
    pts = a + ts[:, None, None] * along + np.broadcast_to(_ACROSS, (len(ts), len(_ACROSS)))[..., None] * out
    y = np.clip(np.round(pts[..., 1]).astype(int), 0, rows - 1)
    x = np.clip(np.round(pts[..., 0]).astype(int), 0, cols - 1)
    on_whole, on_split = whole[y, x] > 0, split[y, x] > 0
    inner, beyond = on_whole[:, _AT["inner"]], on_whole[:, _AT["beyond"]]
    felt_edge = inner & ~beyond
    line = on_split[:, _AT["inner"]] & ~on_split[:, _AT["edge"]] & beyond
    over = line & ~felt_edge.any(axis=1)[:, None]
    seen = (felt_edge | line).any(axis=1)
    if frame is not None and np.mean(seen | (inner & beyond).any(axis=1)) >= SIDE_SEEN:
        # (A side that stays short of :data:`SIDE_SEEN` with every line the frame may add is not looked
        # at in the frame: it fails all the same.)
        looks = frame[y, x].min(axis=-1)[:, _AT["dark"]].astype(np.int16)
        inside, mid, outside = np.moveaxis(looks, -1, 0)
        paper = np.minimum(inside, outside)
        margin = on_split[:, _AT["margin"]].all(axis=-1)
        line |= inner & beyond & margin & (paper - mid >= np.maximum(LINE_DARK_LEAST, LINE_DARK * paper))
        seen = (felt_edge | line).any(axis=1)
        if np.mean(seen) >= SIDE_SEEN and np.mean(over.any(axis=1)) < OVER_PAPER:
            over |= line & on_whole[:, _AT["past"]].all(axis=-1)
    return float(np.mean(seen)), float(np.mean(over.any(axis=1)))


def _across_looks() -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """The distances across a side (mask pixels) :func:`_side_seen` looks at, and per look, where its
    distances lie among them: the edge's place (within :data:`SIDE_SLACK`) and two pixels inside and
    beyond it, and per place the frame's looks (:data:`DARK_SHIFTS`), the margin's
    (:data:`MARGIN_SHIFTS`) and the paper's past the line (:data:`PAST_SHIFTS`)."""
    edge = np.arange(-SIDE_SLACK, SIDE_SLACK + 1, 1.0)
    looks = {"inner": edge - 2, "beyond": edge + 2, "edge": edge, "dark": edge[:, None] + DARK_SHIFTS,
             "margin": edge[:, None] + MARGIN_SHIFTS, "past": edge[:, None] + PAST_SHIFTS}
    across = np.unique(np.concatenate([v.ravel() for v in looks.values()]))
    return across, {k: np.searchsorted(across, v) for k, v in looks.items()}


_ACROSS, _AT = _across_looks()


class _ReadOutlines:
    """The frame's read outlines, each with its centre, worked out once: every outline placed at a
    corner (a few dozen a frame) is tested against all of them."""

    def __init__(self, read_quads) -> None:
        #: Per read: its tip (the first corner, frame pixels) and centre (as float64), those with corners.
        self.tips_centres: list[tuple[tuple[float, float], np.ndarray]] = []
        #: Per read: its centre (as float32, as :func:`_explained` measures) and its polygon, those with corners.
        self.polygons: list[tuple[np.ndarray, np.ndarray]] = []
        for q in read_quads:
            r = np.asarray(q, np.float64)
            if len(r):
                self.tips_centres.append(((float(r[0][0]), float(r[0][1])), r.mean(axis=0)))
            pts = np.asarray(q, np.float32)
            self.polygons.append((pts.mean(axis=0), pts.reshape(-1, 1, 2) if len(pts) >= 3 else None))


def _read_on(quad: np.ndarray, reads: _ReadOutlines, card_w: float) -> bool:
    """Whether a read lies on the pile's top card outlined by ``quad``: its index tip on it (nothing under
    a top card shows) or its centre by the top card's."""
    pts = quad.astype(np.float32).reshape(-1, 1, 2)
    centre = quad.mean(axis=0)
    for tip, mid in reads.tips_centres:
        if norm(mid - centre) < SAME_TOP * card_w:
            return True
        if cv2.pointPolygonTest(pts, tip, True) > -ON_TOP * card_w:
            return True
    return False


def _from_corners(corners: Sequence[Corner], card_w: float, card_h: float) -> list[np.ndarray]:
    """Card outlines told by corners whose two edges run a whole card's sides (either way round), no further."""
    out = []
    for c in corners:
        if c.sealed or c.outside:
            continue
        for a, b in ((card_w, card_h), (card_h, card_w)):
            if FULL_SIDE * a <= c.wlen <= RUN_ON * a and FULL_SIDE * b <= c.hlen <= RUN_ON * b:
                p, w, h = np.array([c.x, c.y]), np.array(c.wdir), np.array(c.hdir)
                out.append(np.array([p, p + a * w, p + a * w + b * h, p + b * h]))
    return out


def _explained(centre: np.ndarray, reads: _ReadOutlines, card_w: float) -> bool:
    """Whether a read lies on the card centred at ``centre``: its centre near, or within the read card."""
    for mid, polygon in reads.polygons:
        if norm(centre - mid) < SAME_CARD * card_w:
            return True
        if polygon is not None and cv2.pointPolygonTest(polygon, (float(centre[0]), float(centre[1])), False) >= 0:
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
