"""Corner reads, and which of them belong to one physical card.

A frame's corners are read one by one; a card shows up to two index
corners (four on some decks), found once or twice each.  Before a card is
judged, its reads are pooled: the same corner found twice merges, and each
index corner pairs with the one exactly opposite on its card, never with a
fanned neighbour's.  The geometry of a read index (where its neighbours'
corners and its own index lie) also tells the recognizer what not to read
again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from dealer_assist.vision.detect import Corner, Quad
from dealer_assist.vision.index import IndexRead


@dataclass
class CornerRead:
    """One corner's index read, judged: the card quad it implies, sure or not, and the candidates."""

    corner: Corner
    size: tuple[float, float]
    quad: np.ndarray
    center: np.ndarray
    read: IndexRead
    sure: bool
    code: str
    confidence: float
    margin: float
    candidates: list[str]
    colour_conflict: bool = False
    #: The pair score says surely the other suit of the pair, or the rank's lean surely its look-alike
    #: (see verdict.Judge.pair_contradicts and rank_contradicts).
    pair_conflict: bool = False
    #: Paired with a read of its code that lies about where the card's other index corner would,
    #: too loosely to tell one card from two (see :func:`group_corners`): the card is not sure.
    one_or_two: bool = False


#: How far (a share of the card's size) two index corners read as different
#: codes may lie from exactly opposite on one card and still be taken for
#: it (see :func:`one_card_two_ways`): the reads' card sizes are good to a
#: few percent, a fanned neighbour's corner lies a fifth of a card or more off.
ONE_CARD_FIT = 0.1


#: How close (in card sizes, along each edge) two reads of one code at opposite corners must
#: lie to one card's two index corners when measured again (see :func:`_refit`): a fanned copy
#: of the card lies a fifth of a card off along the diagonal.
REFIT = 0.12


#: How far (in card sizes, along each edge, at the reads' size or the frame's) two reads of one
#: code facing opposite ways, each left without a partner, may lie from one card's two index
#: corners and be taken for one card not known for sure (see :func:`group_corners`): a camera at a
#: 10-20% slant put them 1.28-1.51 card sizes apart along one edge (qaAS F1).
ONE_OR_TWO = 0.6

#: How much bigger (a factor) the read lower in the frame must size its card than the other read of
#: its code for the two to be taken for one slanted card (see :func:`_loosely_one_card`).
SLANT_SIZES = 1.07

#: How far from square (the cosine between its two edges) a read corner must be to show the
#: camera's slant, and how close (in card sizes along each edge, measured along those slanted
#: edges) two reads of one code must then lie to one card's two index corners to be taken for
#: one slanted card (see :func:`_loosely_one_card`): qaAS's keystone sheared corners 6-22
#: degrees off square and put their card's other index 0.87-1.18 card sizes along them.
SLANT_SKEW = 0.1
SLANT_FIT = 0.25


#: The least cosine between a read corner's edge and the edge of the corner across its card
#: that runs back along it, for one of the two, to take the edges as one card's sides (see
#: :func:`_far_corner_seen`): some six degrees.
EDGE_ALIKE = 0.995


#: How close (against the card's height) a corner found must lie to where a
#: card's corner or side is to be that corner or on that side: a found corner
#: is a pixel or two off at the mask's half size, a read's card size a few percent.
SAME_PLACE = 0.06


def neighbour_corners(cr: CornerRead) -> list[tuple[float, ...]]:
    """Where the two corners beside a surely read index corner lie, with their edge directions:
    per corner ``(x, y, e1x, e1y, e2x, e2y, tol)``, plain floats (see :func:`beside_a_read_index`).

    The card is read: whatever the corners beside its index corner hold (no
    index, or on a four-corner deck the same card's), reading them again is
    wasted time (a tango frame has some 23 corners, half of them of this kind).
    """
    x, y = cr.corner.x, cr.corner.y
    (wx, wy), (hx, hy) = cr.corner.wdir, cr.corner.hdir
    cw, ch = cr.size
    tol = SAME_PLACE * ch
    return [(x + wx * cw, y + wy * cw, -wx, -wy, hx, hy, tol), (x + hx * ch, y + hy * ch, wx, wy, -hx, -hy, tol)]


def beside_a_read_index(c: Corner, done) -> bool:
    """Whether ``c`` is one of :func:`neighbour_corners` of a sure read: same place, same two edges.

    Plain float arithmetic: it runs for every corner against every sure read
    so far, and numpy's call overhead on two-element vectors cost more than the sums.
    """
    (wx, wy), (hx, hy) = c.wdir, c.hdir
    for qx, qy, ax, ay, bx, by, tol in done:
        if (-tol < c.x - qx < tol and -tol < c.y - qy < tol
                and max(wx * ax + wy * ay, wx * bx + wy * by) > 0.95
                and max(hx * ax + hy * ay, hx * bx + hy * by) > 0.95):
            return True
    return False


def index_area(r: CornerRead, region) -> tuple:
    """Where a read corner's index lies: ``(origin, wdir, hdir, width, height)`` in frame pixels."""
    return (np.array([r.corner.x, r.corner.y]), r.corner.wdir, r.corner.hdir,
            region.u1 * r.size[0], region.v1 * r.size[1])


def far_tip(r: CornerRead) -> tuple[float, float]:
    """Where the corner across a read's card from its read corner lies (frame pixels), at the read's size."""
    (wx, wy), (hx, hy) = r.corner.wdir, r.corner.hdir
    w, h = r.size
    return r.corner.x + wx * w + hx * h, r.corner.y + wy * w + hy * h


def far_index_area(r: CornerRead, region) -> tuple:
    """Where the index at the corner across a read's card lies (its other index corner), as :func:`index_area`."""
    (wx, wy), (hx, hy) = r.corner.wdir, r.corner.hdir
    return np.array(far_tip(r)), (-wx, -wy), (-hx, -hy), region.u1 * r.size[0], region.v1 * r.size[1]


def inside(p, area) -> bool:
    """Whether point ``p`` lies in ``area`` = ``(origin, wdir, hdir, width, height)`` (frame pixels)."""
    origin, wdir, hdir, w, h = area
    d = np.asarray(p) - origin
    u, v = float(d @ np.asarray(wdir)) / w, float(d @ np.asarray(hdir)) / h
    return -0.05 <= u <= 1.0 and -0.05 <= v <= 1.0


def one_card_two_ways(a: CornerRead, b: CornerRead, u: float, v: float, facing: float,
                      reach: tuple[float, float] = (0.0, 0.0)) -> bool:
    """Whether two sure reads of different codes are one card's two index corners read two ways.

    They face exactly opposite ways (``facing``: the cosine between their
    width edges) and lie where one card's opposite index corner would (``u``,
    ``v``: the offset in card sizes): within :data:`ONE_CARD_FIT` sharing the
    rank or the suit (a glyph blurred past the self-test's trials read wrong
    at one corner only: an ace of diamonds read AH at one corner, AD at the
    other), or, whatever the codes, short of it by no more than ``reach``
    along either edge (the glyphs' far ends, in card sizes).  Two cards
    cannot lie so and both show their index: the second, turned half round
    with its corner within the first's card, covers the first's index if it
    lies on top, and the first covers its index if it lies below.  So it is one
    card whose lower index a covering card's edge cut (qakdeck's jack of
    hearts read 7D there, its queen QD, the corner found where its edge meets
    the covering card's: qaK F6).  A card dealt beside another and over its
    edge lies with its corner past the other's (1.13-1.25 of a card in qaK's
    hands).  Both go to ``uncertain``, which the croupier settles, where
    keeping them apart plays a wrong card.
    """
    if facing >= -0.99:
        return False
    if 1.0 - reach[0] <= u <= 1.0 and 1.0 - reach[1] <= v <= 1.0:
        return True
    exact = abs(u - 1.0) <= ONE_CARD_FIT and abs(v - 1.0) <= ONE_CARD_FIT
    return exact and (a.code[0] == b.code[0] or a.code[1] == b.code[1])


def group_corners(reads: list[CornerRead], card_w: float, card_h: float,
                  rank_h: float = 0.0, glyph_reach: tuple[float, float] = (0.0, 0.0),
                  corners: Sequence[Corner] = (), whole: Sequence[Quad] = ()) -> list[list[CornerRead]]:
    """Corner reads grouped by physical card.

    The same corner found twice merges, and so do two corners whose reads
    took a glyph from one printed glyph (centres closer than half the
    deck's rank height ``rank_h``, a share of the card's height, see
    :func:`_one_glyph`): a corner found on a picture beside an index reads
    that index too, and one glyph is one card's.  Then each corner pairs
    with at most one opposite corner, the best-fitting first, so that in a
    fan the neighbour's corner (offset by a fraction of a card) is not taken
    for it; two corners read surely as different cards never pair, unless
    they are one card read two ways (see :func:`one_card_two_ways`, ``glyph_reach``
    its ``reach``).  Two reads of one code that fit one card only loosely
    do not pair where the frame's ``corners`` show either read's own card
    its opposite corner elsewhere (see :func:`_own_far_corner`), nor, however
    well they fit, where a corner found is surely that card's opposite corner
    (see :func:`_far_corner_seen`).  Last, two reads
    of one code left without a partner pair when they lie at opposite corners
    of one card seen ``whole`` (see :func:`_across_one_outline`); if none
    shows them so, two such sure reads facing opposite ways within
    :data:`ONE_OR_TWO` of one card's two index corners are one card or two,
    which the frame cannot tell (a slant's trapezoid, or two cards each with
    one index hidden): they go into one group marked :attr:`CornerRead.one_or_two`,
    asked for, not two sure cards (so are two sized alike whose corners a
    slant sheared, see :func:`_loosely_one_card`).  A fanned pair's top card
    has paired its own two corners by then, or shown its far corner elsewhere.
    """
    parent = list(range(len(reads)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    # Plain float arithmetic: numpy's call overhead on two-element vectors, for every
    # pair of a frame's reads, cost more than the sums.
    pairs = []
    one_glyph = 0.5 * rank_h * card_h
    for i, a in enumerate(reads):
        ax, ay = a.corner.x, a.corner.y
        (wx, wy), (hx, hy) = a.corner.wdir, a.corner.hdir
        for j in range(i + 1, len(reads)):
            b = reads[j]
            if _one_glyph(a, b, one_glyph):
                parent[find(j)] = find(i)
                continue
            dx, dy = b.corner.x - ax, b.corner.y - ay
            bw = b.corner.wdir
            facing = wx * bw[0] + wy * bw[1]
            # One corner found twice; or two corners a little apart, facing the
            # same way, read as one code: one index seen from a corner found
            # once on the card's edge and once a little off it.
            near = 0.2 if a.sure and b.sure and a.code == b.code else 0.12
            if math.sqrt(dx * dx + dy * dy) < near * card_w and facing > 0.8:
                parent[find(j)] = find(i)
            elif facing < -0.8:
                w = (a.size[0] + b.size[0]) / 2
                h = (a.size[1] + b.size[1]) / 2
                pu, pv = dx * wx + dy * wy, dx * hx + dy * hy
                u, v = pu / w, pv / h
                if a.sure and b.sure and a.code != b.code:
                    if (one_card_two_ways(a, b, pu / card_w, pv / card_h, facing, glyph_reach)
                            and not one_card_two_ways(a, b, u, v, facing, glyph_reach)):
                        # The reads' sizes come from their ranks' heights, which may
                        # be 7-13% over the card's (qakdeck's queens, qaK F6);
                        # the frame's size, from the cards seen whole, says one card.
                        u, v = pu / card_w, pv / card_h
                    elif not one_card_two_ways(a, b, u, v, facing, glyph_reach):
                        # Two sure reads of different cards: a sure read is wrong
                        # far less often (none in the benchmarks' thousands) than
                        # a card overlapping another by a fifth puts its corner
                        # where the other's opposite corner would be.
                        continue
                if not (0.75 < u < 1.3 and 0.75 < v < 1.3) and a.code == b.code:
                    u, v = _refit(a, b, dx, dy, (w, h), (card_w, card_h))
                elif a.code == b.code and corners and (
                        (math.isinf(_refit(a, b, dx, dy, (w, h), (card_w, card_h))[0])
                         and (_own_far_corner(a, b, corners) or _own_far_corner(b, a, corners)))
                        or _far_corner_seen(a, b, corners) or _far_corner_seen(b, a, corners)):
                    continue
                if 0.75 < u < 1.3 and 0.75 < v < 1.3:
                    # The two index corners of one card have exactly opposite
                    # edges; a fanned neighbour is turned by a few degrees.
                    # Two reads of one code are likelier one card than two.
                    pairs.append((_pair_cost(u, v, facing) + (0.0 if a.code == b.code else 0.3), i, j))
    partner: dict[int, int] = {}
    for _, i, j in sorted(pairs):
        ri, rj = find(i), find(j)
        if ri == rj or ri in partner or rj in partner:
            continue
        partner[ri], partner[rj] = rj, ri
    if whole:
        for i, a in enumerate(reads):
            for j in range(i + 1, len(reads)):
                b = reads[j]
                ri, rj = find(i), find(j)
                if (ri != rj and ri not in partner and rj not in partner and a.sure and b.sure
                        and a.code == b.code and _across_one_outline(a, b, whole, SAME_PLACE * card_h)):
                    partner[ri], partner[rj] = rj, ri
    for i, a in enumerate(reads):
        for j in range(i + 1, len(reads)):
            b = reads[j]
            ri, rj = find(i), find(j)
            if (ri != rj and ri not in partner and rj not in partner and a.sure and b.sure
                    and a.code == b.code and _loosely_one_card(a, b, card_w, card_h)
                    and not (_far_corner_seen(a, b, corners) or _far_corner_seen(b, a, corners))):
                partner[ri], partner[rj] = rj, ri
                a.one_or_two = b.one_or_two = True
    groups: dict[int, list[CornerRead]] = {}
    for i, r in enumerate(reads):
        root = find(i)
        key = min(root, partner.get(root, root))
        groups.setdefault(key, []).append(r)
    return list(groups.values())


def _own_far_corner(a: CornerRead, b: CornerRead, corners: Sequence[Corner]) -> bool:
    """Whether one of ``corners`` (not ``b``'s) is ``a``'s card's opposite corner: at the read's
    :func:`far_tip` within :data:`SAME_PLACE`, its edges running back along ``a``'s.

    A blackjack pair fanned a seventh of a card apart shows both top-left
    indexes and the top card's lower one: the lower card's index lies where
    the top card's opposite index would, give or take a fifth of a card (the
    loose fit :func:`group_corners` allows a corner found off a notch).  The
    top card's own far corner, found where the read says, shows it is
    another card (rev17 F6: the pair read as one card).
    """
    fx, fy = far_tip(a)
    tol = SAME_PLACE * a.size[1]
    for c in _turned_back(a, b, corners, tol):
        if -tol < c.x - fx < tol and -tol < c.y - fy < tol:
            return True
    return False


def _far_corner_seen(a: CornerRead, b: CornerRead, corners: Sequence[Corner]) -> bool:
    """Whether one of ``corners`` (not ``b``'s) is surely ``a``'s card's opposite corner: ``a`` lies
    where that corner's own card's opposite corner would, within :data:`SAME_PLACE` measured along its
    edges, and it lies at ``a``'s :func:`far_tip` give or take what the two corners' edges differ by.

    A corner whose width edge is seen only as far as the card under it has
    that edge some ten degrees off, and the card its read places swings a
    tenth of a card aside; the corner across it, its edges seen along the
    card's sides, places the read corner within a few pixels.  So the read's
    card is found whole, and a read of its code where the read placed its
    far corner is another card's: a 4D fanned over its copy, the copy's index
    where the top card's would lie along the read's edges, was read as one
    card (qaAS F5).  Only one edge may be off: the other runs exactly back
    along the corner's (:data:`EDGE_ALIKE`); and both ways must agree: measured
    along a corner's edges alone, a corner of a card beside the read's far
    corner and turned a little to it can fit as well (a fanned ace's neighbour).
    """
    w, h = a.size
    tol = SAME_PLACE * h
    fx, fy = far_tip(a)
    (wx, wy), (hx, hy) = a.corner.wdir, a.corner.hdir
    # One corner found twice (once past the frame's edge, or off a notch) lies up to a tenth of a
    # card from itself: the other finding is that corner, not another across the read's card.
    for c in _turned_back(a, b, corners, 2.0 * tol):
        if _on_card(c, b):
            # A corner on the other read's own card: one of its printed frame's corners, found
            # where a read sizing its card small under a slant put its far corner.
            continue
        (cwx, cwy), (chx, chy) = c.wdir, c.hdir
        dx, dy = c.x - a.corner.x, c.y - a.corner.y
        if abs(-(dx * cwx + dy * cwy) - w) >= tol or abs(-(dx * chx + dy * chy) - h) >= tol:
            continue
        along_w, along_h = -(wx * cwx + wy * cwy), -(hx * chx + hy * chy)
        if max(along_w, along_h) < EDGE_ALIKE:
            continue
        swing = w * math.sqrt(max(0.0, 1.0 - along_w ** 2)) + h * math.sqrt(max(0.0, 1.0 - along_h ** 2))
        if math.hypot(c.x - fx, c.y - fy) < tol + swing:
            return True
    return False


def _on_card(c: Corner, r: CornerRead) -> bool:
    """Whether corner ``c`` lies within the card read ``r`` places (its quad)."""
    q = [(float(x), float(y)) for x, y in r.quad]
    signs = [(q[k - 1][0] - q[k][0]) * (c.y - q[k][1]) - (q[k - 1][1] - q[k][1]) * (c.x - q[k][0]) for k in range(4)]
    return all(v >= 0 for v in signs) or all(v <= 0 for v in signs)


def _turned_back(a: CornerRead, b: CornerRead, corners: Sequence[Corner], apart: float) -> list[Corner]:
    """The ``corners`` (not ``b``'s, nor within ``apart`` pixels of it) whose edges run back along ``a``'s."""
    (wx, wy), (hx, hy) = a.corner.wdir, a.corner.hdir
    return [c for c in corners
            if c is not b.corner and math.hypot(c.x - b.corner.x, c.y - b.corner.y) >= apart
            and all(max(-(d[0] * wx + d[1] * wy), -(d[0] * hx + d[1] * hy)) > 0.95 for d in (c.wdir, c.hdir))]


def _across_one_outline(a: CornerRead, b: CornerRead, whole: Sequence[Quad], tol: float) -> bool:
    """Whether ``a`` and ``b``, facing opposite ways, lie within ``tol`` pixels of two opposite
    corners of one card seen ``whole``.

    A camera at a slant shows a card as a trapezoid: its edges are not
    parallel and the half of it nearer the lens is bigger, and each index
    read sizes the card by its own rank, so the card each read places from
    its corner misses the other's (qaAS F1: a 9H under a 10% keystone, its
    two reads 1.30 and 1.11 card sizes apart, the same card listed twice).
    Its outline is traced all the same: two index corners on one four-sided
    outline of a card are one card.  A fanned pair's outline is not four-sided
    unless the fan runs straight along a side; then its top card pairs its
    own two corners first, and this is asked only of reads left without a partner.
    """
    (wx, wy), bw = a.corner.wdir, b.corner.wdir
    if wx * bw[0] + wy * bw[1] >= -0.8:
        return False
    pa, pb = (a.corner.x, a.corner.y), (b.corner.x, b.corner.y)
    for q in whole:
        pts = q.points
        for k in range(4):
            if _near(pa, pts[k], tol) and _near(pb, pts[(k + 2) % 4], tol):
                return True
    return False


def _loosely_one_card(a: CornerRead, b: CornerRead, card_w: float, card_h: float) -> bool:
    """Whether ``a`` and ``b`` face opposite ways and lie within :data:`ONE_OR_TWO` of one card's
    two index corners, at the reads' mean size or the frame's ``card_w`` x ``card_h``, the one lower
    in the frame sizing its card :data:`SLANT_SIZES` bigger or more: a slant's signature.

    A camera at a slant shows the half of a card nearer it (lower in the frame)
    bigger: qaAS's slanted reads of one card sized it 8-21% apart.  Two cards of
    one code in a flat frame's pile, each showing one index, lie as loosely
    placed (anglo's fanned 7H and 5H, plastic's 10D: 1.1-1.6 cards apart) but
    their reads size them alike (0-5% apart), and stay two cards.

    Sized alike, the reads are taken for one card when either corner is
    sheared off square by :data:`SLANT_SKEW` or more, as a slant shears a
    card's corners, and, measured along each corner's own sheared edges, the
    other lies within :data:`SLANT_FIT` of its card's far index corner (qaAS
    F1: a 3H and a 3C under a 12-20% keystone, sized 2-4% apart, whose far
    corners lay 0.71-0.73 card sizes off along square edges).  A flat frame's
    corners are square, so its piles of one code are measured as before.
    """
    (wx, wy), (hx, hy) = a.corner.wdir, a.corner.hdir
    bw = b.corner.wdir
    if wx * bw[0] + wy * bw[1] >= -0.9:
        return False
    near, far = (a, b) if a.corner.y > b.corner.y else (b, a)
    if near.size[1] < SLANT_SIZES * far.size[1]:
        return _sheared_one_card(a, b, card_w, card_h)
    dx, dy = b.corner.x - a.corner.x, b.corner.y - a.corner.y
    pu, pv = dx * wx + dy * wy, dx * hx + dy * hy
    for w, h in (((a.size[0] + b.size[0]) / 2, (a.size[1] + b.size[1]) / 2), (card_w, card_h)):
        if abs(pu / w - 1.0) <= ONE_OR_TWO and abs(pv / h - 1.0) <= ONE_OR_TWO:
            return True
    return False


def _sheared_one_card(a: CornerRead, b: CornerRead, card_w: float, card_h: float) -> bool:
    """Whether ``a`` or ``b`` is sheared off square by :data:`SLANT_SKEW` or more and each lies
    within :data:`SLANT_FIT` of the other's card's far index corner, measured along its own edges as
    they lie (oblique, not square, coordinates), at the reads' mean size or the frame's."""
    if max(_skew(a), _skew(b)) < SLANT_SKEW:
        return False
    sizes = (((a.size[0] + b.size[0]) / 2, (a.size[1] + b.size[1]) / 2), (card_w, card_h))
    for first, other in ((a, b), (b, a)):
        (wx, wy), (hx, hy) = first.corner.wdir, first.corner.hdir
        det = wx * hy - wy * hx
        if det < 0.5:
            return False
        dx, dy = other.corner.x - first.corner.x, other.corner.y - first.corner.y
        pu, pv = (dx * hy - dy * hx) / det, (wx * dy - wy * dx) / det
        if not any(abs(pu / w - 1.0) <= SLANT_FIT and abs(pv / h - 1.0) <= SLANT_FIT for w, h in sizes):
            return False
    return True


def _skew(r: CornerRead) -> float:
    """How far ``r``'s corner is off square: the cosine between its two edges, unsigned."""
    (wx, wy), (hx, hy) = r.corner.wdir, r.corner.hdir
    return abs(wx * hx + wy * hy)


def _pair_cost(u: float, v: float, facing: float) -> float:
    """How far two opposite corners, ``u``, ``v`` card sizes apart along the first's edges and
    ``facing`` (cosine of their width edges), lie from one card's two index corners."""
    return abs(u - 1) + abs(v - 1) + abs(u - v) + 4.0 * (1.0 + facing)


def _refit(a: CornerRead, b: CornerRead, dx: float, dy: float,
           read_size: tuple[float, float], frame_size: tuple[float, float]) -> tuple[float, float]:
    """The offset ``(dx, dy)`` from ``a`` to ``b`` in card sizes, measured again along ``b``'s edges
    and against the frame's card size: the way that fits one card best, when it fits within
    :data:`REFIT` on both edges; else ``(inf, inf)``.

    Two reads of one code at opposite corners that do not lie a card apart
    along the first corner's edges at their own size may still be one card:
    a corner inferred across a notch in the outline has edges a dozen degrees
    off and lies off the card's true corner (0.72 of a card along the other
    corner's edges, 1.07 and 0.91 along its own), and a rank thinned by dark
    light makes both reads' card a quarter too small (1.31 cards apart at
    their size, 0.99 at the frame's).  Measured again, they must fit closely:
    a copy of the card fanned over it lies about a fifth of a card further
    along the diagonal every way it is measured (1.22 and 1.17).
    """
    best, cost = (math.inf, math.inf), math.inf
    for first, sign in ((a, 1.0), (b, -1.0)):
        (wx, wy), (hx, hy) = first.corner.wdir, first.corner.hdir
        pu, pv = sign * (dx * wx + dy * wy), sign * (dx * hx + dy * hy)
        for w, h in (read_size, frame_size):
            u, v = pu / w, pv / h
            if abs(u - 1.0) <= REFIT and abs(v - 1.0) <= REFIT and _pair_cost(u, v, -1.0) < cost:
                best, cost = (u, v), _pair_cost(u, v, -1.0)
    return best


def _one_glyph(a: CornerRead, b: CornerRead, within: float) -> bool:
    """Whether the reads took a glyph from one printed glyph: their ranks' centres, or one's rank
    centre and the other's suit centre, lie ``within`` pixels of each other.

    The second: a corner found where a card's side meets the edge of the card
    above it, beside an index printed upside down to it, read that index's
    suit as its rank (an ornamental ace's heart read as an "A", its "A" as a heart).
    """
    ra, rb = a.read.rank_at, b.read.rank_at
    return (_near(ra, rb, within) or _near(ra, b.read.suit_at, within)
            or _near(a.read.suit_at, rb, within))


def _near(p, q, within: float) -> bool:
    return p is not None and q is not None and math.hypot(p[0] - q[0], p[1] - q[1]) < within
