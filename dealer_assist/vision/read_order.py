"""Which corners of a frame to read, in what order, and which to skip.

A fanned hand shows many square bends of the outline that are no index
corner: where one card's edge crosses another's side.  Reading the likely
index corners first lets a sure read spare the corners beside and across
its card; a corner is skipped only where its patch lies on the face of a
card already read, within that card's own outline, or where it is one of
the two corners beside a read index corner, at that card's own size, or the
corner across from an index read clearly past any doubt its card's other
index could raise.
"""

from __future__ import annotations

from typing import Optional

import cv2
import numpy as np

from dealer_assist.vision.card_groups import SAME_PLACE, CornerRead, beside_a_read_index, far_tip, neighbour_corners
from dealer_assist.vision.detect import MASK_SCALE, Corner
from dealer_assist.vision.profile import CANON_H, Profile


#: Pixels (at the canonical card height) by which blur or the ink cut may move
#: each end of a rank glyph's box: a pixel or two.
GLYPH_END_PX = 2


#: How far inside a corner (against the card's width, along both edges) its
#: patch is looked at to tell whose paper it is: past the rounded tip, within the index.
PATCH_INSIDE = 0.1


class OutlineFinder:
    """Which outline of the split mask holds the paper just inside a corner (looked up once per corner)."""

    def __init__(self, contours, card_w: float) -> None:
        self._contours = contours
        self._rects = None
        self._reach = PATCH_INSIDE * card_w
        self._found: dict[int, Optional[int]] = {}

    def __call__(self, c: Corner) -> Optional[int]:
        if id(c) not in self._found:
            if self._rects is None:
                self._rects = [cv2.boundingRect(o) for o in self._contours]
            x = (c.x + self._reach * (c.wdir[0] + c.hdir[0])) * MASK_SCALE
            y = (c.y + self._reach * (c.wdir[1] + c.hdir[1])) * MASK_SCALE
            self._found[id(c)] = next(
                (i for i, (rx, ry, rw, rh) in enumerate(self._rects)
                 if rx <= x <= rx + rw and ry <= y <= ry + rh
                 and cv2.pointPolygonTest(self._contours[i], (float(x), float(y)), False) > 0), None)
        return self._found[id(c)]


def read_face(cr: CornerRead) -> tuple:
    """A sure read's card as :func:`on_a_read_face` looks at it, worked out once per read:
    ``(corner, x, y, wx, wy, hx, hy, w, h, tol, inner)``, plain floats."""
    w, h = cr.size
    o = cr.corner
    (wx, wy), (hx, hy) = o.wdir, o.hdir
    return (o, o.x, o.y, wx, wy, hx, hy, w, h, SAME_PLACE * h, PATCH_INSIDE * w)


def on_a_read_face(c: Corner, faces: list[tuple], outline_of: OutlineFinder) -> bool:
    """Whether ``c`` lies on a side of a card read for sure (``faces``: the reads' :func:`read_face`),
    between its corners, with its patch on the face of a card read for sure (the same card,
    or one that card lies on).

    Such a corner is where one card's edge crosses another (in a fan, a
    third of a tango frame's corners): its patch holds the read card's pips
    or picture, never an index still to read.  The split mask must give the
    corner the outline of that card's read corner: where it did not part two
    cards (cream on cream), a corner on one card's side may be the other
    card's own.  The read cards' own corners are left alone (the opposite
    index corner checks the read).  So is a corner seen from outside (the
    concave bend of the paper it lies on): it is the tip of a card lying on
    the read one, whose patch shows that card's own face.  Where glossy
    white meets white unparted, its outline is the read card's, and in a
    fan its edge may run along the read card's side (tigullio-international's
    5D was spared so).
    """
    if c.outside:
        return False
    on_side = False
    on_face = []  # the read corners of the cards whose face the patch lies on
    (cwx, cwy), (chx, chy) = c.wdir, c.hdir
    sx, sy = cwx + chx, cwy + chy
    # Chained comparisons, not abs/min/max: this runs for every corner against every sure read.
    for o, ox, oy, wx, wy, hx, hy, w, h, tol, inner in faces:
        dx, dy = c.x - ox, c.y - oy
        u, v = dx * wx + dy * wy, dx * hx + dy * hy
        ix, iy = dx + inner * sx, dy + inner * sy
        if 0 < ix * wx + iy * wy < w and 0 < ix * hx + iy * hy < h:
            if (-tol < u < tol or -tol < u - w < tol) and (-tol < v < tol or -tol < v - h < tol):
                return False  # a corner of this card itself
            on_face.append(o)
        # One of the corner's two edges runs along the side (within some 18 degrees).
        if not on_side and (-tol < v < tol or -tol < v - h < tol) and tol < u < w - tol:
            a, b = cwx * wx + cwy * wy, chx * wx + chy * wy
            on_side = not (-0.95 <= a <= 0.95 and -0.95 <= b <= 0.95)
        if not on_side and (-tol < u < tol or -tol < u - w < tol) and tol < v < h - tol:
            a, b = cwx * hx + cwy * hy, chx * hx + chy * hy
            on_side = not (-0.95 <= a <= 0.95 and -0.95 <= b <= 0.95)
    if not (on_side and on_face):
        return False
    # The outlines last: looking them up costs more than all the sums above.
    mine = outline_of(c)
    return mine is not None and any(mine == outline_of(o) for o in on_face)


def side_ends(cr: CornerRead, profile: Profile) -> list[tuple[float, ...]]:
    """Where the two corners beside a sure read's index corner may lie, for :func:`beside_a_read_card`.

    A read's card size is what its rank's height tells against the height the
    deck prints that rank at (see ``Recognizer._read_sizes``), good to the glyph
    box's ends, :data:`GLYPH_END_PX` each.  Per side: the corner's place and
    directions, the side's direction and the other edge's, the side's length
    and its slack, and how far off the side's line a corner may lie.
    """
    doubt = 2 * GLYPH_END_PX / (profile.printed_height(cr.code[:-1]) * CANON_H)
    w, h = cr.size
    o, wd, hd = cr.corner, cr.corner.wdir, cr.corner.hdir
    tol = SAME_PLACE * cr.size[1]
    return [(o.x, o.y, wd[0], wd[1], hd[0], hd[1], w, doubt * w + tol, tol),
            (o.x, o.y, hd[0], hd[1], wd[0], wd[1], h, doubt * h + tol, tol)]


def beside_a_read_card(c: Corner, ends: list[tuple[float, ...]]) -> bool:
    """Whether ``c`` is a corner beside a sure read's index corner (``ends``: the reads'
    :func:`side_ends`), at the end of one of its sides wherever the card's size may
    put it, its edges running back along that side and along the card's other side.

    Such a corner holds no index in the reader's turn of it on any deck (a
    four-index deck prints them upright at the top).
    """
    for ox, oy, ax, ay, bx, by, length, slack, tol in ends:
        dx, dy = c.x - ox, c.y - oy
        if -tol < dx * bx + dy * by < tol and -slack < dx * ax + dy * ay - length < slack and _edges(c, (-ax, -ay), (bx, by)):
            return True
    return False


def _edges(c: Corner, e1, e2) -> bool:
    """Whether each edge of ``c`` runs along ``e1`` or ``e2`` (within some 18 degrees)."""
    return all(max(d[0] * e1[0] + d[1] * e1[1], d[0] * e2[0] + d[1] * e2[1]) > 0.95 for d in (c.wdir, c.hdir))


class SureReads:
    """The cards a frame has read for sure so far, kept as the three skip tests look at them."""

    def __init__(self, profile: Profile, outline_of: OutlineFinder) -> None:
        self._profile = profile
        self._outline_of = outline_of
        self._beside: list[tuple[float, ...]] = []  # see :func:`.card_groups.neighbour_corners`
        self._ends: list[tuple[float, ...]] = []  # see :func:`side_ends`
        self._faces: list[tuple] = []  # see :func:`read_face`
        self._across: list[tuple[CornerRead, tuple[float, ...]]] = []  # see :func:`far_end`
        #: The clear reads whose card's opposite index corner was spared (see :func:`across_a_clear_read`).
        self.spared_across: dict[int, CornerRead] = {}

    def add(self, cr: CornerRead, clear: bool = False) -> None:
        """Count ``cr`` as read; ``clear``: so clearly that its card's opposite index corner need not check it."""
        self._beside.extend(neighbour_corners(cr))
        self._ends.extend(side_ends(cr, self._profile))
        self._faces.append(read_face(cr))
        if clear:
            self._across.append((cr, far_end(cr, self._profile)))

    def spare(self, c: Corner) -> bool:
        """Whether reading ``c`` is spared: beside a read index corner (at the read's size or its
        card's own), across a clearly read one, or with its patch on a read card's face."""
        if beside_a_read_index(c, self._beside) or beside_a_read_card(c, self._ends):
            return True
        across = across_a_clear_read(c, self._across, self._outline_of)
        if across is not None:
            self.spared_across[id(across)] = across
            return True
        return on_a_read_face(c, self._faces, self._outline_of)


def far_end(cr: CornerRead, profile: Profile) -> tuple[float, ...]:
    """Where the corner across a sure read's card from its index corner may lie, for
    :func:`across_a_clear_read`: its place, the read's edge directions, and the slack
    along each (the card's size is good to the rank glyph's ends, see :func:`side_ends`)."""
    doubt = 2 * GLYPH_END_PX / (profile.printed_height(cr.code[:-1]) * CANON_H)
    w, h = cr.size
    (wx, wy), (hx, hy) = cr.corner.wdir, cr.corner.hdir
    tol = SAME_PLACE * h
    return (*far_tip(cr), wx, wy, hx, hy, doubt * w + tol, doubt * h + tol)


def across_a_clear_read(c: Corner, across: list[tuple[CornerRead, tuple[float, ...]]],
                        outline_of: OutlineFinder) -> Optional[CornerRead]:
    """The clear read (of ``across``: reads and their :func:`far_end`) whose card ``c`` is the
    corner across from its read index corner, its edges running back along the card's sides
    and its patch on the same outline of the split mask as the read's; or None.

    That corner holds the card's other index (in the reader's turn of it),
    which only checks a read already clear past any doubt the other corner
    could raise (see ``Recognizer._clear_alone``): reading it again cost a
    twelfth of a frame on the shared photos, where most cards show both.
    Another card may lie there, turned half round over the read card's far
    corner, its tip a few pixels off and its edges along the read card's:
    without the outline test the benchmark scenes lost 19 such cards (8 of
    dondorf's and bonded's), whose edge line parts their paper from the read card's.
    """
    for cr, (x, y, wx, wy, hx, hy, w_slack, h_slack) in across:
        dx, dy = c.x - x, c.y - y
        if (-w_slack < dx * wx + dy * wy < w_slack and -h_slack < dx * hx + dy * hy < h_slack
                and _edges(c, (-wx, -wy), (-hx, -hy))):
            mine = outline_of(c)
            if mine is not None and mine == outline_of(cr.corner):
                return cr
    return None


def inked_index_first(corners: list[Corner], ink: np.ndarray, profile: Profile, card_w: float,
                       card_h: float) -> list[Corner]:
    """The corners in the order to read them: first those with ink where an index's suit and rank
    lie, then those with ink where the suit lies, then the rest, each group in its former order.

    A sure read spares the reads of the corners beside it and of those where
    other cards cross it (:func:`beside_a_read_index`, :func:`on_a_read_face`),
    so index corners are best read first.  A suit is a solid shape: the
    half-size ink mask (see :func:`~.detect.frame_masks`) has ink at its centre
    (within a pixel), where a bare corner or a lone pip beside a card's
    corner leaves the paper blank; most ranks have ink at theirs too.  Only
    the order changes.
    """
    rows, cols = ink.shape[:2]

    def inked(c: Corner, box) -> bool:
        u, v = box.cu * card_w, box.cv * card_h
        x = int(round((c.x + u * c.wdir[0] + v * c.hdir[0]) * MASK_SCALE))
        y = int(round((c.y + u * c.wdir[1] + v * c.hdir[1]) * MASK_SCALE))
        return 1 <= x < cols - 1 and 1 <= y < rows - 1 and cv2.countNonZero(ink[y - 1:y + 2, x - 1:x + 2]) > 0

    groups: tuple[list[Corner], list[Corner], list[Corner]] = ([], [], [])
    for c in corners:
        suit = inked(c, profile.suit_box)
        groups[0 if suit and inked(c, profile.rank_box) else 1 if suit else 2].append(c)
    return groups[0] + groups[1] + groups[2]


def side_ends_last(corners: list[Corner], card_w: float, card_h: float) -> list[Corner]:
    """The corners in the same order, but for those that lie at the far end of a visible side
    from a corner that can be that card's index corner: these go last, in their former order.

    A card shows its index corner and the corner beside it at the two ends of
    one side; once the index is read for sure, the corner beside it is not
    read (:func:`beside_a_read_card`), but only if it comes later.  Both
    corners have ink where an index would lie on a deck that prints pips
    by its corners.  From the two corners alone it is plain which can hold
    the index: walking the side from the index corner runs along its width
    edge, and the other corner's height edge runs back along the side (the
    reader's turn of a corner, see :class:`~.detect.Corner`).  Seen from the
    other end the roles swap, so the side's length decides: along a short
    side (the card's width) the corner whose width edge runs along it holds
    the index, along a long side the other.  The two lengths are told apart
    at their geometric mean (``sqrt(card_w * card_h)``: the frame's card size
    guess may be off by a sixth either way).  Only the order changes.
    """
    if len(corners) < 2:
        return corners
    arr = np.array([(c.x, c.y, *c.wdir, *c.hdir) for c in corners])
    pos, wd, hd = arr[:, :2], arr[:, 2:4], arr[:, 4:]
    # Pairs (a, b) where b's height edge runs back along a's width edge and b's width edge along a's height edge.
    # (Not ``wd @ hd.T``: OpenBLAS hands even a product this small to its thread pool.)
    cos = np.einsum("ak,bk->ab", wd, hd)  # cos[a, b]: a's width edge against b's height edge
    a, b = np.nonzero((cos < -0.95) & (cos.T > 0.95))
    if not len(a):
        return corners
    d = pos[b] - pos[a]
    along = (d * wd[a]).sum(axis=1)
    across = (d * hd[a]).sum(axis=1)
    # On one line, and as far apart as a card's side may be at the sizes the reader tries.
    on = (np.abs(across) < SAME_PLACE * card_h) & (along > 0.5 * card_w) & (along < 1.5 * card_h)
    a, b, along = a[on], b[on], along[on]
    if not len(a):
        return corners
    later = np.zeros(len(corners), bool)
    index = np.zeros(len(corners), bool)
    short = along < np.sqrt(card_w * card_h)
    later[b[short]] = index[a[short]] = True
    later[a[~short]] = index[b[~short]] = True
    # A corner that can be the index corner of one side is never put off for
    # another (a side of some other card may run on in line with its edge).
    later &= ~index
    if not later.any():
        return corners
    return [c for c, x in zip(corners, later) if not x] + [c for c, x in zip(corners, later) if x]
