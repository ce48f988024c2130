"""Finding card corners in a frame.

Whole-card outlines are useless on a real table: fanned, overlapping and
touching cards merge into one white blob.  What survives overlap is the
*exposed corner*: a convex bend of the blob's outline between two straight
runs at about 90 degrees.  A corner index sits at a corner, so a card whose
index is readable almost always shows that corner.  Each corner is reported
with its two edge directions, ordered so that the patch cut from them is not
mirrored; which of the four corners of the card it is, is left to the index
reader (only the two index corners will hold an index).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional, Sequence

import cv2
import numpy as np

#: The mask is built at this fraction of the frame size: corners need a few
#: pixels of precision only, and a quarter of the pixels is four times faster.
MASK_SCALE = 0.5

#: Frames (and set-up shots) less than this many pixels high or wide hold no card:
#: nothing is looked for in them (half of one pixel is no mask).
LEAST_FRAME = 16

OPEN = 5
#: A thin stroke is ink when it is darker than the paper beside it by one
#: part in this many of the paper's level: a quarter (:data:`.ink.INK`
#: asks 0.4 of a sharp glyph).  Whole, so the test stays in integers.
STROKE_PART = 4
#: Straight walls a notch in the outline may have between the two edge runs
#: it is bridged across: a glyph printed across the border line bites a
#: notch with two side walls (its bottom is the glyph's own, never straight
#: for as long as an edge run at the index's size).
NOTCH_WALLS = 2
#: Width (mask pixels) of the closing that seals a glyph's bay (see :func:`frame_masks`):
#: a gap of up to two pixels at the mask's half size, a thin line or a glyph's stroke
#: touching the outline, is sealed; a glyph's own body is wider and stays ink.
SEAL = 3
#: Mask pixels round a sealed bay within which the felt its sealing encloses is filled (see
#: :func:`_sealed_paper`): a few strokes' widths.
POCKET_REACH = 8


@dataclass(frozen=True)
class Corner:
    """An exposed card corner: the point where the two edge lines meet.

    ``wdir``/``hdir`` are unit vectors along the two edges, chosen so that
    ``cross(wdir, hdir) > 0`` in image coordinates (x right, y down): at an
    index corner ``wdir`` runs along the card's width and ``hdir`` along its
    height, exactly as from the top-left corner of an upright card.
    ``wlen``/``hlen`` are the visible edge lengths (lower bounds of the sides).
    ``notched`` marks a corner inferred across a notch in the outline (see
    :func:`find_corners`): the tip itself was not seen, so something may
    cover part of it and a read there must be clearer than usual.
    """

    x: float
    y: float
    wdir: tuple[float, float]
    hdir: tuple[float, float]
    wlen: float
    hlen: float
    notched: bool = False
    #: Seen from outside: the concave bend another card's outline (the paper
    #: it lies on) makes around this corner; always ``notched`` too.
    outside: bool = False
    #: Seen only on the paper with its bays sealed (``Masks.sealed``): a guess at a
    #: tip that index ink touching the edge line hid, whose read counts only when sure.
    sealed: bool = False


@dataclass(frozen=True)
class Quad:
    """A card seen whole: four corners in outline order, and its side lengths."""

    points: tuple[tuple[float, float], ...]
    short: float
    long: float


@dataclass(frozen=True)
class Masks:
    """The 0/255 masks of a (reduced) frame, see :func:`frame_masks`."""

    whole: np.ndarray
    split: np.ndarray
    ink: np.ndarray
    faint_ink: np.ndarray
    #: Ink of glyphs open to the card's outline through a narrow gap, not in ``ink``
    #: (see :func:`frame_masks`); None when there is none.
    bay_ink: Optional[np.ndarray] = None
    #: ``whole`` made from the paper with its bays' holes filled (see :func:`frame_masks`);
    #: None where that adds no paper.
    sealed: Optional[np.ndarray] = None
    #: The (reduced) frame the masks were made from, for the colours of their ink.
    frame: Optional[np.ndarray] = None


def paper_balance(paper_colour: Sequence[float]) -> Optional[np.ndarray]:
    """Per-channel look-up tables (3 x 256, B G R) that make tinted card stock colourless, or None.

    The paper test of :func:`frame_masks` wants paper nearly colourless and
    allows a tint for warm light and JPEG chroma noise.  Cream or ivory
    stock spends much of that allowance on its own colour, so the chroma a
    red glyph bleeds into the paper beside it (JPEG halves the colour's
    resolution) tips that paper over: the index swells and eats the corner.
    Scaling each channel so that the profile's paper (``paper_colour``, B G
    R from the set-up shots) comes out grey at its brightest channel gives
    the test its whole allowance back.  Paper whose tint uses at most a
    quarter of the allowance (every white deck measured: camera photos
    within 8 levels of grey) keeps the frame as it is.
    """
    if len(paper_colour) != 3:
        return None
    top = max(paper_colour)
    lo = min(paper_colour)
    if top <= 0 or top - lo <= 0.25 * tint_allowance(top):
        return None
    return gain_tables([top / max(c, 1.0) for c in paper_colour])


def tint_allowance(level: float) -> float:
    """The tint (brightest channel less darkest) the paper test allows paper whose brightest channel
    is ``level`` (:func:`_paper` holds it rounded to whole levels)."""
    return level / 4 + 12


def gain_tables(gains: Sequence[float]) -> np.ndarray:
    """One look-up table per channel (len(gains) x 256) that multiplies each level by its gain, rounded and clipped."""
    levels = np.arange(256, dtype=np.float32)
    return np.stack([np.clip(np.round(levels * k), 0, 255) for k in gains]).astype(np.uint8)


#: Every 8-bit level once (see :func:`_through`).
_LEVELS = np.arange(256, dtype=np.uint8)


def _through(channel: np.ndarray, table: np.ndarray) -> np.ndarray:
    """``cv2.LUT(channel, table)`` for a row of :func:`gain_tables`, in under a third of the instructions where it can.

    OpenCV's 8-bit look-up is a scalar loop (1.4M instructions a half-size
    frame), its scaled conversion a vector one (0.4M) that rounds and clips as
    the table was made.  The table's gain is taken as the conversion that gives
    every level the table's own value; a table that is every level's own (the
    paper's brightest channel) leaves the channel as it is.
    """
    if np.array_equal(table, _LEVELS):
        return channel
    gain = _gain_of(table.tobytes())
    return cv2.LUT(channel, table) if gain is None else cv2.convertScaleAbs(channel, alpha=gain)


@lru_cache(maxsize=64)
def _gain_of(table: bytes) -> Optional[float]:
    """The gain a :func:`gain_tables` row (as bytes) was made with, as a scale :func:`cv2.convertScaleAbs` turns
    every level into the row's value with; None when no such scale is found."""
    levels = _LEVELS[1:].astype(np.float64)
    row = np.frombuffer(table, np.uint8)[1:].astype(np.float64)
    below = row < 255  # a clipped level says only that the gain is at least so much
    if not below.any():
        return None
    gain = 0.5 * (np.max((row[below] - 0.5) / levels[below]) + np.min((row[below] + 0.5) / levels[below]))
    if not np.array_equal(cv2.convertScaleAbs(_LEVELS, alpha=float(gain)).ravel(), np.frombuffer(table, np.uint8)):
        return None
    return float(gain)


def frame_masks(frame: np.ndarray, paper_min: int = 0, hole_max: float = 400.0, bay_max: float = 0.0,
                balance: Optional[np.ndarray] = None) -> Masks:
    """White-card pixels of a (reduced) BGR frame, and the ink printed on them.

    Card stock is bright and nearly colourless while felt, chips and skin are
    saturated or dark.  The brightness cut follows the frame (Otsu on the
    darkest channel) so that dim light or a gain change does not lose cards;
    ``paper_min`` (from the profile) is a floor under it.

    Where one card lies on another, white meets white: only the top card's
    thin edge line or shadow tells them apart.  ``split`` is also cut along
    thin dark lines, which gives each overlapping card its own outline; but
    it also cuts a court card's picture frame when that runs close to the
    edge, so ``whole`` (not cut) is kept for those.

    ``ink`` is what the cards print: the pixels inside ``whole`` that are
    not paper (the small holes it filled), for finding an index by its
    glyphs where its corner is not seen.  ``faint_ink`` adds thin strokes
    that blur left paler than the paper cut (a thin rank in blur), but
    also joins a glyph to a card's outline or a picture's frame close by.

    ``bay_ink`` (with ``bay_max`` > 0, an index's area in mask pixels) is
    the ink of glyphs that are no hole of the paper but a bay: printed so
    close to the card's edge, or touched by a thin line (another card's
    edge) running out to the felt, that the paper does not close around
    them, or cut by the frame's edge.  Sealing gaps narrower than a stroke
    (a closing; beyond the frame counts as paper) closes the paper around
    such a bay: the ink it seals, and that of the holes it then has of up
    to an index's area, counts.

    ``sealed`` is ``whole`` made from the paper with those holes filled
    (None where that adds no paper): an index touching the card's edge
    line is a bay, and the thin paper between it and the edges is opened
    away with the corner's tip; filled, the paper keeps its corner.

    ``balance`` (see :func:`paper_balance`) first makes tinted paper grey.
    """
    # One split (BGR or BGRA; the alpha plane is left unused): OpenCV splits a frame with vector
    # loads but extracts one channel pixel by pixel, and three extractions of a reduced
    # 1280x720 frame took 155 us to the split's 72 (8 times the instructions).
    b, g, r = cv2.split(frame)[:3]
    if balance is not None:
        b, g, r = _through(b, balance[0]), _through(g, balance[1]), _through(r, balance[2])
    lo = cv2.min(cv2.min(b, g), r)
    hi = cv2.max(cv2.max(b, g), r)
    otsu, _ = cv2.threshold(lo, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    level = max(float(otsu), float(paper_min))
    darkest = math.floor(level) + 1  # paper is brighter than the cut
    mask = _paper(lo, hi, darkest) if darkest <= 255 else np.zeros_like(lo)
    lines = cv2.morphologyEx(lo, cv2.MORPH_BLACKHAT, np.ones((5, 5), np.uint8))
    _, keep = cv2.threshold(lines, max(18, int(level * 0.1)), 255, cv2.THRESH_BINARY_INV)
    split = cv2.bitwise_and(mask, keep)
    filled = mask.copy()
    _fill_holes(filled, hole_max)
    whole = _opened(filled)
    # Thin strokes blurred to grey stay above the paper cut; against the
    # paper right beside them they are still clearly darker.
    # lines > paper / STROKE_PART, with paper = lo + lines, is lines * (STROKE_PART - 1) > lo.
    # (The product as saturating sums: OpenCV multiplies bytes by a scalar through floats, at twice the cost.)
    times = lines
    for _ in range(STROKE_PART - 2):
        times = cv2.add(times, lines)
    strokes = cv2.compare(times, lo, cv2.CMP_GT)
    not_paper = cv2.bitwise_not(mask)
    ink = cv2.bitwise_and(whole, not_paper)
    bays = sealed = None
    if bay_max > 0:
        closed, holes = _sealed(mask, bay_max, filled)
        # Ink the closing sealed (a glyph's thin strokes, a line touching it) or the holes hold.
        # Not paper and not ink is neither paper nor ``whole``; on 0/255 masks "a and not b" is a - b.
        bays = cv2.subtract(cv2.bitwise_or(closed, holes), cv2.bitwise_or(mask, whole))
        if not cv2.countNonZero(bays):
            bays = None
        if cv2.countNonZero(cv2.subtract(holes, whole)):
            sealed = _opened(_sealed_paper(filled, holes, hole_max))
    return Masks(whole, _clean(split, hole_max), ink,
                 cv2.bitwise_and(whole, cv2.bitwise_or(not_paper, strokes)), bays, sealed, frame)


def _sealed_paper(filled: np.ndarray, holes: np.ndarray, hole_max: float) -> np.ndarray:
    """The paper with its holes smaller than ``hole_max`` filled (``filled``) and the sealed ``holes``
    added, its own holes then filled: ``_fill_holes(paper | holes)``, near enough.

    The paper's holes are filled already; sealing a bay can only enclose felt
    right beside it (a sliver the closing walled in between the bay and the
    paper's edge), so only the surroundings of each bay are traced again, not
    the whole frame (a trace of the frame's some 180 outlines and its filling
    were 2.5% of a frame's work).  A sliver reaching past them is left
    unfilled, and so is a speck inside an island of paper inside a hole that
    the filling's even-odd rule left (the whole mask keeps those too).
    """
    paper = cv2.bitwise_or(filled, holes)
    bays, _ = cv2.findContours(cv2.subtract(holes, filled), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    rows, cols = paper.shape[:2]
    for bay in bays:
        x, y, w, h = cv2.boundingRect(bay)
        x0, y0 = max(x - POCKET_REACH, 0), max(y - POCKET_REACH, 0)
        _fill_holes(paper[y0:min(y + h + POCKET_REACH, rows), x0:min(x + w + POCKET_REACH, cols)], hole_max)
    return paper


def _sealed(mask: np.ndarray, bay_max: float, filled: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The paper ``mask`` with gaps narrower than a stroke sealed (a closing; beyond the frame
    counts as paper), and the holes of up to ``bay_max`` pixels it then has but those of
    ``filled`` (the paper with its own holes filled: ink enclosed already, whose some hundred
    outlines would cost the trace 40% more)."""
    closed = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, _square(SEAL))
    # The frame's outermost pixels stand for what lies beyond it: paper.
    closed[0, :] = closed[-1, :] = closed[:, 0] = closed[:, -1] = 255
    contours, hierarchy = cv2.findContours(cv2.bitwise_or(closed, filled), cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    holes = np.zeros_like(mask)
    if hierarchy is not None:
        cv2.drawContours(holes, [c for c, parent in zip(contours, hierarchy[0][:, 3].tolist())
                                 if parent >= 0 and cv2.contourArea(c) < bay_max], -1, 255, cv2.FILLED)
    closed[0, :] = closed[-1, :] = closed[:, 0] = closed[:, -1] = 0
    return closed, holes


@lru_cache(maxsize=8)
def _square(size: int) -> np.ndarray:
    return np.ones((size, size), np.uint8)


def paper_masks(frame: np.ndarray, paper_min: int = 0, hole_max: float = 400.0,
                balance: Optional[np.ndarray] = None) -> tuple[np.ndarray, np.ndarray]:
    """The ``(whole, split)`` masks of :func:`frame_masks`."""
    m = frame_masks(frame, paper_min, hole_max, balance=balance)
    return m.whole, m.split


def _paper(lo: np.ndarray, hi: np.ndarray, darkest: int) -> np.ndarray:
    """255 where a pixel, its darkest channel ``lo`` and brightest ``hi``, is paper, else 0.

    Paper is at least ``darkest`` and allows a tint (warm light, JPEG chroma
    noise) proportional to brightness: ``hi - lo`` below ``round(hi / 4) + 12``
    (rounded half to even).  Whole-frame vector passes: a byte look-up of the
    least paper ``lo`` per ``hi`` took twice the instructions (OpenCV's 8-bit
    look-up is a scalar loop).
    """
    # hi - lo - 11 <= round(hi / 4); saturating, a tint of up to 11 is 0 and passes.
    # convertScaleAbs rounds half to even, as the allowance always has.
    untinted = cv2.compare(cv2.subtract(cv2.subtract(hi, lo), 11), cv2.convertScaleAbs(hi, alpha=0.25), cv2.CMP_LE)
    return cv2.bitwise_and(untinted, cv2.threshold(lo, darkest - 1, 255, cv2.THRESH_BINARY)[1])


def paper_mask(frame: np.ndarray, paper_min: int = 0, hole_max: float = 400.0) -> np.ndarray:
    """The ``whole`` mask of :func:`paper_masks`: one blob per group of touching cards."""
    return paper_masks(frame, paper_min, hole_max)[0]


def _fill_holes(mask: np.ndarray, hole_max: float) -> None:
    """Fill the holes of ``mask`` smaller than ``hole_max`` (in place)."""
    contours, hierarchy = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is not None:
        parents = hierarchy[0][:, 3].tolist()
        holes = [c for c, parent in zip(contours, parents) if parent >= 0 and cv2.contourArea(c) < hole_max]
        cv2.drawContours(mask, holes, -1, 255, cv2.FILLED)


def _clean(mask: np.ndarray, hole_max: float) -> np.ndarray:
    # Fill the print inside the cards (small holes) so that an index printed
    # close to the edge does not bite a notch into the outline ...
    _fill_holes(mask, hole_max)
    return _opened(mask)


def _opened(mask: np.ndarray) -> np.ndarray:
    # Opening removes the thin pale lines of a printed layout, which would
    # otherwise join every card into one outline.
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((OPEN, OPEN), np.uint8))


def merge_corners(*lists: list["Corner"], tolerance: float = 4.0) -> list["Corner"]:
    """Corners of several masks, each physical corner once (the first list wins)."""
    out: list[Corner] = []
    for corners in lists:
        for c in corners:
            # A plain loop, not any() over a generator: this compares every
            # pair of a frame's corners (hundreds of pairs a frame).
            for o in out:
                if (abs(c.x - o.x) < tolerance and abs(c.y - o.y) < tolerance
                        and c.wdir[0] * o.wdir[0] + c.wdir[1] * o.wdir[1] > 0.9):
                    break
            else:
                out.append(c)
    return out


def find_corners(
    mask: np.ndarray,
    *,
    min_long: float,
    min_short: float,
    max_gap: float,
    scale: float = 1.0 / MASK_SCALE,
    max_skew_deg: float = 25.0,
    notch_gap: float = 0.0,
    contours: Optional[Sequence[np.ndarray]] = None,
    searched: Sequence[np.ndarray] = (),
    concave: bool = False,
    bridge: bool = False,
    runs: Optional["_Runs"] = None,
) -> list[Corner]:
    """Exposed corners of the white blobs in ``mask`` (coordinates x ``scale``).

    A corner needs one straight run of at least ``min_long`` and, after a bend
    of at most ``max_gap`` (the rounded corner), another of at least
    ``min_short``: in a fan only a sliver of the edge next to a covered card's
    index stays visible.  All lengths in mask pixels; the profile derives them
    from the card size.

    Some decks print the index so close to the corner that its ink eats the
    corner itself out of the mask (a notch, or the tip cut off as an island).
    With ``notch_gap`` > 0, two *long* square runs may also be joined across
    a bend (up to twice ``notch_gap`` long, all of it within ``notch_gap``
    of the corner) when everything between them lies inside the card,
    behind both lines: a notch, never another card's edge.

    With ``concave``, a card lying on another's paper whose own outline
    lost its corner (its index printed into the corner, joined to the edge
    line) is also found from outside: the outline of the card under it bends
    concave around that corner, rounded as a card's corner is (where two
    edges merely cross, the bend is sharp).  Such corners come back marked
    ``outside`` and ``notched`` (judged more strictly).

    With ``bridge`` (and ``notch_gap`` > 0), the index may also have cut
    the corner's paper in two: ink printed from one edge to the other (an
    index run into a row of pips, a rank nearly touching both edges) leaves
    one outline along each edge and the tip, if anything, an island.  Two
    long runs of different outlines are then joined at the point where their
    lines meet square, when each ends within ``notch_gap`` of it and both
    outlines turn the way one card's corner does (see :func:`_bridges`).
    Such corners are a guess too: marked ``outside`` and ``notched``.

    ``contours`` are the mask's :func:`outlines` when already traced.  An
    outline identical to one of ``searched`` (another mask's, already
    searched with the same lengths) gets the notch search only: its plain
    corners would come out the same again.  ``runs``: the table
    :func:`outline_runs` made of them with the same lengths and ``searched``,
    when the caller keeps it for another search (the edge-line follower).

    Every pair of runs of every outline is tested at once, in arrays (see
    :func:`_tips`): a frame has hundreds of pairs, and testing them one at a
    time in Python cost more than all the arithmetic.
    """
    if runs is None:
        if contours is None:
            contours = outlines(mask)
        runs = outline_runs(mask, contours, min_long=min_long, min_short=min_short, searched=searched)
    if runs is None:
        return []
    found, _ = _search(mask, runs, min_long=min_long, max_gap=max_gap, scale=scale, max_skew_deg=max_skew_deg,
                       notch_gap=notch_gap, concave=concave, bridge=bridge)
    return found


def outline_runs_apart(mask: np.ndarray, groups: Sequence[tuple[Sequence[np.ndarray], Sequence[np.ndarray]]], *,
                       min_long: float, min_short: float) -> Optional["_Runs"]:
    """The :func:`outline_runs` of several groups of outlines of masks of ``mask``'s size, in one
    table (None if none has a run): each group ``(contours, searched)`` as :func:`find_corners` takes them."""
    h, w = mask.shape[:2]
    return _Runs.of(groups, min_long, min_short, w, h)


def find_corners_apart(mask: np.ndarray, runs: Optional["_Runs"], groups: int, *, min_long: float, max_gap: float,
                       scale: float = 1.0 / MASK_SCALE, max_skew_deg: float = 25.0, notch_gap: float = 0.0,
                       first_bridged: bool = False) -> list[list[Corner]]:
    """:func:`find_corners` of each of the ``groups`` groups of outlines of the table ``runs``
    (:func:`outline_runs_apart`): one list per group.

    With ``first_bridged`` the first group is searched ``concave`` and
    ``bridge`` (the mask, ``mask``, is its own), the others neither.  A
    group's outlines are searched one by one, and bridges join two runs of
    the first group only, so searching all groups at once finds each group's
    very corners, in the same order; the arrays' steps, each some
    microseconds however few the runs, are taken once (the split, the whole
    and the sealed paper's searches: a third of a millisecond a frame).
    """
    if runs is None:
        return [[] for _ in range(groups)]
    found, outline = _search(mask, runs, min_long=min_long, max_gap=max_gap, scale=scale,
                             max_skew_deg=max_skew_deg, notch_gap=notch_gap, concave=first_bridged,
                             bridge=first_bridged)
    group = np.where(outline >= 0, runs.group[np.maximum(outline, 0)], 0).tolist()  # bridged: the first group's
    return [[c for c, g in zip(found, group) if g == n] for n in range(groups)]


def _search(mask: np.ndarray, runs: "_Runs", *, min_long: float, max_gap: float, scale: float, max_skew_deg: float,
            notch_gap: float, concave: bool, bridge: bool) -> tuple[list[Corner], np.ndarray]:
    """The corners of :func:`find_corners` in the run table ``runs``, and the outline of each (bridged
    corners, found across two, have none: -1).  ``concave`` and ``bridge`` are asked of the table's first
    group of outlines only (see :func:`find_corners_apart`)."""
    cos_lim = np.sin(np.radians(max_skew_deg))
    # A run and each of the next three runs after a bend of at most max_gap.
    rows = np.flatnonzero(runs.cand & runs.plain)
    k1, k2, alive = runs.pairs(rows, 3, max_gap * 1.6)
    l1, l2 = runs.length[k1], runs.length[k2]
    (u1x, u1y), (u2x, u2y) = runs.unit[k1].transpose(2, 0, 1), runs.unit[k2].transpose(2, 0, 1)
    # Cheap tests on the raw chords before fitting: roughly square, and which way the outline turns.
    tried = alive & ~((l1 < min_long) & (l2 < min_long)) & ~(np.abs(u1x * u2x + u1y * u2y) > cos_lim + 0.25)
    convex = ((u1x * u2y - u1y * u2x) > 0) == (runs.orient[k1] > 0)
    plain = np.nonzero(tried & (convex | (concave & (runs.group[runs.outline[k1]] == 0))))
    kinds = [np.where(convex[plain], _CONVEX, _OUTSIDE)]
    firsts, seconds, where = [k1[plain]], [k2[plain]], [(rows[plain[0]], np.zeros(len(plain[0]), int), plain[1])]
    if notch_gap > 0:
        # A deep notch (an index printed across the border line) has walls as
        # long as an edge run: the runs on either side may lie a wall or two
        # further on.  The bend test still asks the whole notch, walls too,
        # to lie inside the card.
        rows = np.flatnonzero(runs.cand & (runs.length >= min_long))
        k1, k2, alive = runs.pairs(rows, NOTCH_WALLS + 1, 2 * notch_gap)
        notch = np.nonzero(alive & (runs.gap(k1, k2) > max_gap * 1.6))
        kinds.append(np.full(len(notch[0]), _NOTCH))
        firsts.append(k1[notch])
        seconds.append(k2[notch])
        where.append((rows[notch[0]], np.ones(len(notch[0]), int), notch[1]))
    kind = np.concatenate(kinds)
    if not len(kind):
        found = _bridges(mask, runs, min_long, max_gap, notch_gap, cos_lim, scale) if bridge and notch_gap > 0 else []
        return found, np.full(len(found), -1)
    hit, tip, wdir, hdir, wlen, hlen = _tips(runs, np.concatenate(firsts), np.concatenate(seconds), kind, min_long,
                                             max_gap, notch_gap, cos_lim)
    run, phase, step = (np.concatenate(c) for c in zip(*where))
    # A run makes a corner with the first run it can: no later pair of it
    # counts, nor any corner seen from outside beyond that (in a search one
    # pair at a time they would never be tried).  Its notch bridges likewise.
    first = np.full((2, len(runs.start)), max(3, NOTCH_WALLS + 1))  # beyond every step: none yet
    claims = hit & (kind != _OUTSIDE)
    np.minimum.at(first, (phase[claims], run[claims]), step[claims])
    hit &= np.where(kind == _OUTSIDE, step < first[phase, run], step == first[phase, run])
    order = np.flatnonzero(hit)
    order = order[np.lexsort((step[order], run[order], phase[order], runs.outline[run[order]]))]
    cols = np.concatenate([(tip[order] * scale).T, wdir[order].T, hdir[order].T,
                           np.stack([wlen[order], hlen[order]]) * scale]).T.tolist()
    marks = [(k != _CONVEX, k == _OUTSIDE) for k in kind[order].tolist()]
    found = [Corner(x, y, (wx, wy), (hx, hy), wl, hl, notched=nt, outside=ou)
             for (x, y, wx, wy, hx, hy, wl, hl), (nt, ou) in zip(cols, marks)]
    outline = runs.outline[run[order]]
    if bridge and notch_gap > 0:
        bridged = _bridges(mask, runs, min_long, max_gap, notch_gap, cos_lim, scale)
        found += bridged
        outline = np.concatenate([outline, np.full(len(bridged), -1)])
    return found, outline


def _bridges(mask: np.ndarray, runs: "_Runs", min_long: float, max_gap: float, notch_gap: float, cos_lim: float,
             scale: float) -> list[Corner]:
    """Corners joined across two outlines (see :func:`find_corners`), frame coordinates x ``scale``.

    Run ``a`` of one outline leads into the corner and run ``b`` of another
    leads out of it: their lines meet square (as strictly as across a
    notch), the meeting point lies on past ``a``'s end and before ``b``'s
    start (two pixels of slack for the staircase), within ``notch_gap`` of
    both, and each outline turns there as a card's own outline turns round
    its corner (the card inside both lines).  Each run leading in joins the
    nearest such run leading out.  The edges of two cards, one lying on
    the other, also meet square where one runs on past the other's
    corner, and two cards lying apart have edges that meet square on the
    felt: each edge must go on up to the tip (see :func:`_edge_goes_on`), and
    the tip itself must be seen, cut off as an island (see :func:`_tip_island`).
    """
    k = np.flatnonzero(runs.cand & (runs.length >= min_long) & ~runs.border & (runs.group[runs.outline] == 0))
    if len(k) < 2:
        return []
    ends, starts = runs.point(k, runs.end[k]), runs.point(k, runs.start[k])
    gap = np.hypot(*(ends[:, None, :] - starts[None, :, :]).transpose(2, 0, 1))
    ia, ib = np.nonzero((gap <= 2 * notch_gap) & (runs.outline[k][:, None] != runs.outline[k][None, :]))
    # Cheap tests on the raw chords first: roughly square, and turning as each outline's corner would.
    ua, ub = runs.unit[k[ia]], runs.unit[k[ib]]
    turn = ua[:, 0] * ub[:, 1] - ua[:, 1] * ub[:, 0]
    keep = ((np.abs(ua[:, 0] * ub[:, 0] + ua[:, 1] * ub[:, 1]) <= cos_lim + 0.25)
            & (turn * runs.orient[k[ia]] > 0) & (turn * runs.orient[k[ib]] > 0))
    a, b = k[ia[keep]], k[ib[keep]]
    if not len(a):
        return []
    p1, d1, ok1 = runs.line(a)
    p2, d2, ok2 = runs.line(b)
    p1, d1, p2, d2 = (v.astype(np.float64) for v in (p1, d1, p2, d2))
    turn = d1[:, 0] * d2[:, 1] - d1[:, 1] * d2[:, 0]
    hit = (ok1 & ok2 & (np.abs(d1[:, 0] * d2[:, 0] + d1[:, 1] * d2[:, 1]) <= 0.5 * cos_lim)
           & (turn * runs.orient[a] > 0) & (turn * runs.orient[b] > 0))
    t = ((p2[:, 0] - p1[:, 0]) * d2[:, 1] - (p2[:, 1] - p1[:, 1]) * d2[:, 0]) / np.where(hit, turn, 1.0)
    tip = p1 + t[:, None] * d1
    into, out_of = tip - runs.point(a, runs.end[a]), runs.point(b, runs.start[b]) - tip
    hit &= ((into[:, 0] * d1[:, 0] + into[:, 1] * d1[:, 1] >= -2.0) & (np.hypot(into[:, 0], into[:, 1]) <= notch_gap)
            & (out_of[:, 0] * d2[:, 0] + out_of[:, 1] * d2[:, 1] >= -2.0)
            & (np.hypot(out_of[:, 0], out_of[:, 1]) <= notch_gap))
    out: list[Corner] = []
    taken: set[int] = set()
    spans = np.hypot(into[:, 0], into[:, 1]) + np.hypot(out_of[:, 0], out_of[:, 1])
    for n in np.flatnonzero(hit)[np.argsort(spans[hit], kind="stable")].tolist():
        if (int(a[n]) in taken or not _tip_island(mask, runs, (a[n], b[n]), tip[n], -d1[n] + d2[n], max_gap)
                or not _edge_goes_on(mask, runs.point(a[n:n + 1], runs.end[a[n:n + 1]])[0], tip[n], -d2[n])
                or not _edge_goes_on(mask, runs.point(b[n:n + 1], runs.start[b[n:n + 1]])[0], tip[n], d1[n])):
            continue
        taken.add(int(a[n]))
        e1, e2 = -d1[n], d2[n]
        len1 = float(np.hypot(*(tip[n] - runs.point(a[n:n + 1], runs.start[a[n:n + 1]])[0])))
        len2 = float(np.hypot(*(tip[n] - runs.point(b[n:n + 1], runs.end[b[n:n + 1]])[0])))
        if e1[0] * e2[1] - e1[1] * e2[0] < 0:
            e1, e2, len1, len2 = e2, e1, len2, len1
        out.append(Corner(float(tip[n, 0] * scale), float(tip[n, 1] * scale), (float(e1[0]), float(e1[1])),
                          (float(e2[0]), float(e2[1])), len1 * scale, len2 * scale, notched=True, outside=True))
    return out


def outline_runs(mask: np.ndarray, contours: Sequence[np.ndarray], *, min_long: float, min_short: float,
                 searched: Sequence[np.ndarray] = ()) -> Optional["_Runs"]:
    """The straight runs of ``mask``'s outlines ``contours`` that :func:`find_corners` pairs (None if none).

    Fitting the outlines' polygons is most of a frame's corner search; a
    caller that searches the same outlines again (the edge-line follower)
    makes the table once and hands it to both.
    """
    h, w = mask.shape[:2]
    return _Runs.of([(contours, searched)], min_long, min_short, w, h)


#: The kinds of pairs of runs :func:`_tips` tests: a convex bend (a card's
#: own corner), a concave one (a corner seen from outside), a notch.
_CONVEX, _OUTSIDE, _NOTCH = 0, 1, 2


@dataclass
class _Runs:
    """The straight runs of a mask's outlines, one row per run, each outline's in outline order.

    A run goes from one vertex of the outline's polygon (``start``, an index
    into the outline's own points) to the next (``end``).  The line fitted to
    a run is taken only when a pair asks for it: most runs never pair.
    """

    points: np.ndarray  # every outline's points twice over (a run may wrap round), outline after outline
    outline: np.ndarray  # which outline each run lies on
    offset: np.ndarray  # where that outline's points start in ``points``
    size: np.ndarray  # how many points that outline has
    start: np.ndarray
    end: np.ndarray
    chord: np.ndarray  # from the run's first vertex to its last (int32)
    length: np.ndarray  # the chord's
    unit: np.ndarray  # the chord's direction
    orient: np.ndarray  # the sign of the outline's oriented area
    plain: np.ndarray  # the outline was not searched before (see find_corners)
    cand: np.ndarray  # long enough to be a card's edge
    border: np.ndarray  # along the frame's edge: the frame cutting a card, not a card's edge
    group: np.ndarray  # per outline: which of the groups of outlines the table was made of it is in
    lines: Optional[np.ndarray] = None  # (vx, vy, x0, y0) of each run's line once fitted (float32)
    fitted: Optional[np.ndarray] = None

    @classmethod
    def of(cls, groups, min_long: float, min_short: float, w: int, h: int) -> Optional["_Runs"]:
        """The table of the outlines of ``groups``, each ``(contours, searched)`` (see :func:`find_corners`)."""
        kept, approx, plain, group = [], [], [], []
        for n, (contours, searched) in enumerate(groups):
            seen: dict[tuple[int, int, int], list[np.ndarray]] = {}
            for o in searched:
                seen.setdefault((len(o), int(o[0, 0, 0]), int(o[0, 0, 1])), []).append(o)
            for cnt in contours:
                if len(cnt) < 2 * min_long:
                    continue
                twins = seen.get((len(cnt), int(cnt[0, 0, 0]), int(cnt[0, 0, 1])), ())
                kept.append(cnt)
                approx.append(cv2.approxPolyDP(cnt, 1.2, True))
                plain.append(not any(np.array_equal(cnt, o) for o in twins))
                group.append(n)
        if not kept:
            return None
        sizes = np.array([len(c) for c in kept])
        base = np.cumsum(sizes) - sizes
        single = np.concatenate(kept).reshape(-1, 2)
        owner = np.repeat(np.arange(len(kept)), sizes)
        start = _vertex_indices(single, owner, np.concatenate(approx).reshape(-1, 2),
                                np.repeat(np.arange(len(kept)), [len(a) for a in approx]))
        # An outline of fewer than three vertices has no corner.
        runs = np.bincount(owner[start], minlength=len(kept))
        runs[runs < 3] = 0
        start = start[runs[owner[start]] > 0] - np.repeat(base, runs)
        if not len(start):
            return None
        # The sign of each outline's area (as cv2.contourArea's, oriented: exact in integers).
        x, y = single[:, 0].astype(np.int64), single[:, 1].astype(np.int64)
        following = np.arange(1, len(single) + 1)
        following[base + sizes - 1] = base
        orient = np.where(np.add.reduceat(x * y[following] - x[following] * y, base) >= 0, 1.0, -1.0)
        points = np.concatenate([c for cnt in kept for c in (cnt, cnt)]).reshape(-1, 2)
        offset = np.repeat(2 * base, runs)
        # Each run ends where the next starts; an outline's last run, where its first starts.
        following = np.arange(1, len(start) + 1)
        last = np.cumsum(runs)[runs > 0] - 1
        following[last] = last + 1 - runs[runs > 0]
        p = points[offset + start]
        q = p[following]
        chord = q - p
        length = np.hypot(chord[:, 0], chord[:, 1])
        border = along_frame_edge(p, q, w, h)
        return cls(points, np.repeat(np.arange(len(runs)), runs), offset, np.repeat(sizes, runs), start,
                   start[following], chord, length, chord / np.maximum(length, 1e-6)[:, None],
                   np.repeat(orient, runs), np.repeat(plain, runs), length >= min_short, border, np.array(group))

    def gap(self, k1: np.ndarray, k2: np.ndarray) -> np.ndarray:
        """Outline points from the end of run ``k1`` to the start of run ``k2``."""
        return (self.start[k2] - self.end[k1]) % self.size[k1]

    def point(self, k: np.ndarray, at: np.ndarray) -> np.ndarray:
        """Point ``at`` (an index into the outline's points, taken round the outline) of run ``k``'s outline."""
        return self.points[self.offset[k] + at % self.size[k]]

    def pairs(self, rows: np.ndarray, steps: int, max_gap: float):
        """Each run of ``rows`` with each of the next ``steps`` runs of ``rows`` on its outline.

        Returns ``(first, second, alive)``, arrays of rows x steps: a pair is
        alive while no step up to it came back round to the run itself or
        left more than ``max_gap`` outline points between the two.
        """
        group = self.outline[rows]
        first = np.searchsorted(group, group)  # rows are in outline order
        count = np.searchsorted(group, group, side="right") - first
        step = np.arange(1, steps + 1)[None, :]
        k1 = np.repeat(rows[:, None], steps, axis=1)
        k2 = rows[first[:, None] + (np.arange(len(rows))[:, None] - first[:, None] + step) % count[:, None]]
        alive = np.logical_and.accumulate((step < count[:, None]) & (self.gap(k1, k2) <= max_gap), axis=1)
        return k1, k2, alive

    def line(self, k: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(point, direction along the chord, fitted)`` of the lines of runs ``k`` (float32).

        Runs along the frame's edge get none.  A tenth of the run is left
        off at each end, where it bends into the next.
        """
        if self.lines is None:
            self.lines, self.fitted = np.zeros((len(self.start), 4), np.float32), np.zeros(len(self.start), bool)
        todo = np.unique(k[~self.fitted[k] & ~self.border[k]])
        if len(todo):
            lo = self.offset[todo] + self.start[todo]
            n = (self.end[todo] - self.start[todo]) % self.size[todo] + 1
            trim = np.where(n - 2 * (n // 10) >= 3, n // 10, 0)
            # Contour points go in as they are (int32): OpenCV converts them itself, to the same fit.
            fit = np.array([cv2.fitLine(self.points[a:b], cv2.DIST_L2, 0, 0.01, 0.01)
                            for a, b in zip((lo + trim).tolist(), (lo + n - trim).tolist())]).reshape(-1, 4)
            back = fit[:, 0].astype(np.float64) * self.chord[todo, 0] + fit[:, 1].astype(np.float64) * self.chord[todo, 1] < 0
            fit[back, :2] = -fit[back, :2]
            self.lines[todo] = fit
            self.fitted[todo] = True
        return self.lines[k, 2:], self.lines[k, :2], self.fitted[k]


def along_frame_edge(p: np.ndarray, q: np.ndarray, w: int, h: int) -> np.ndarray:
    """Whether a run from ``p`` to ``q`` (points, or rows of them) lies along the edge of a
    ``w`` x ``h`` mask: the frame cutting a card, not a card's edge."""
    p, q = np.asarray(p), np.asarray(q)
    return (((p[..., 0] <= 1) & (q[..., 0] <= 1)) | ((p[..., 0] >= w - 2) & (q[..., 0] >= w - 2))
            | ((p[..., 1] <= 1) & (q[..., 1] <= 1)) | ((p[..., 1] >= h - 2) & (q[..., 1] >= h - 2)))


def _tips(runs: _Runs, a: np.ndarray, b: np.ndarray, kind: np.ndarray, min_long: float, max_gap: float,
          notch_gap: float, cos_lim: float):
    """Which pairs of runs (run ``a`` into the bend, ``b`` out of it) make a corner of their ``kind``, and where.

    The lines are fitted in float32 and so is all arithmetic on them.
    Returns ``(hit, tip, wdir, hdir, wlen, hlen)`` per pair (the edges
    handed as :class:`Corner` asks).

    A convex bend is a card's own corner.  A concave one (``_OUTSIDE``) is
    that of a card lying on this blob, seen from outside: the card's rounded
    corner leaves the blob a little of the square's tip, so the bend lies
    inside the card's quadrant, off the lines' meeting point (two edges
    merely crossing meet sharp).  Across a notch both runs are long, so a
    true corner is square; every point of the bend must lie on the card's
    side of both lines (two pixels of slack for the staircase) and within
    ``notch_gap`` of the corner.
    """
    p1, d1, ok1 = runs.line(a)
    p2, d2, ok2 = runs.line(b)
    outside, notch = kind == _OUTSIDE, kind == _NOTCH
    hit = ok1 & ok2 & ~(np.abs((d1[:, 0] * d2[:, 0] + d1[:, 1] * d2[:, 1]).astype(np.float64))
                        > np.where(notch, 0.5 * cos_lim, cos_lim))
    hit &= outside | (((d1[:, 0] * d2[:, 1] - d1[:, 1] * d2[:, 0]) > 0) == (runs.orient[a] > 0))
    # A short run's direction is noisy: square it to the long edge, turning the way the bend does.
    sign = np.where((runs.orient[a] > 0) != outside, 1, -1).astype(np.float32)
    short2 = runs.length[b] < min_long
    short1 = (runs.length[a] < min_long) & ~short2
    d2 = np.where(short2[:, None], np.stack([-d1[:, 1] * sign, d1[:, 0] * sign], axis=1), d2)
    d1 = np.where(short1[:, None], np.stack([d2[:, 1] * sign, -d2[:, 0] * sign], axis=1), d1)
    den = d1[:, 0] * d2[:, 1] - d1[:, 1] * d2[:, 0]
    parallel = np.abs(den) < 1e-6
    hit &= ~parallel
    t = ((p2[:, 0] - p1[:, 0]) * d2[:, 1] - (p2[:, 1] - p1[:, 1]) * d2[:, 0]) / np.where(parallel, 1, den)
    tip = p1 + t[:, None] * d1
    e1, e2 = -_units(d1), _units(d2)
    # The rounded corner's bend: its middle point lies near the tip.
    off = runs.point(a, runs.end[a] + runs.gap(a, b) // 2) - tip  # float64
    hit &= notch | ~(np.hypot(off[:, 0], off[:, 1]) > max_gap)
    e = _units(e1 + e2)
    hit &= ~(outside & (off[:, 0] * e[:, 0] + off[:, 1] * e[:, 1] < 1.0))
    q = np.flatnonzero(hit & notch)
    if len(q):
        hit[q[_off_the_card(runs, a[q], b[q], p1[q], d1[q], p2[q], d2[q], tip[q], notch_gap)]] = False
    reach1, reach2 = tip - runs.point(a, runs.start[a]), tip - runs.point(b, runs.end[b])  # float64
    len1, len2 = np.hypot(reach1[:, 0], reach1[:, 1]), np.hypot(reach2[:, 0], reach2[:, 1])
    handed = (e1[:, 0] * e2[:, 1] - e1[:, 1] * e2[:, 0] > 0)
    return (hit, tip, np.where(handed[:, None], e1, e2), np.where(handed[:, None], e2, e1),
            np.where(handed, len1, len2), np.where(handed, len2, len1))


#: Share of the points along an edge's last stretch (see :func:`_edge_goes_on`) that may
#: show paper just outside it: a pixel or two of the staircase where the line is sampled.
EDGE_SLACK = 0.15


def _edge_goes_on(mask: np.ndarray, end: np.ndarray, tip: np.ndarray, outward: np.ndarray) -> bool:
    """Whether a card's edge goes on from the end of its run (``end``) to ``tip``: just outside
    the line (one or two pixels along unit ``outward``) lies no paper, or the line itself.

    An edge running on past another card's corner has that card's paper on both sides.
    """
    length = float(np.hypot(*(tip - end)))
    if length < 1.0:
        return True
    t = np.arange(0.0, length + 0.5)[:, None] / length
    line = end + t * (tip - end)
    h, w = mask.shape[:2]
    out = np.ones(len(line), bool)
    for off in (1.0, 2.0):
        x = np.rint(line[:, 0] + off * outward[0]).astype(int)
        y = np.rint(line[:, 1] + off * outward[1]).astype(int)
        inside = (x >= 0) & (y >= 0) & (x < w) & (y < h)
        paper = np.zeros(len(line), bool)
        paper[inside] = mask[y[inside], x[inside]] > 0
        out &= paper
    return out.mean() <= EDGE_SLACK


def _tip_island(mask: np.ndarray, runs: "_Runs", pair, tip: np.ndarray, inward: np.ndarray, max_gap: float) -> bool:
    """Whether the paper at a bridged corner's tip is an island: on the line from ``tip`` into the
    card (along ``inward``), within a rounded corner's bend (``max_gap``), some point is paper and
    none lies inside either run's outline.

    Where ink cut a card's corner off its two edges, nothing of those
    edges' paper is left at the tip but the tip itself, an island of its own.
    """
    inward = inward / max(float(np.hypot(*inward)), 1e-6)
    points = tip + np.arange(1.0, max_gap + 1.0)[:, None] * inward
    x, y = np.rint(points[:, 0]).astype(int), np.rint(points[:, 1]).astype(int)
    h, w = mask.shape[:2]
    inside = (x >= 0) & (y >= 0) & (x < w) & (y < h)
    if not (mask[y[inside], x[inside]] > 0).any():
        return False
    for k in pair:
        outline = runs.points[runs.offset[k]:runs.offset[k] + runs.size[k]].reshape(-1, 1, 2)
        if any(cv2.pointPolygonTest(outline, (float(px), float(py)), False) > 0 for px, py in points.tolist()):
            return False
    return True


def _off_the_card(runs: _Runs, a, b, p1, d1, p2, d2, tip, notch_gap: float) -> np.ndarray:
    """Per pair bridged across a notch: whether a point of the bend lies outside the card or far from the tip."""
    inward = d2 - d1  # from the corner into the card: back along run 1, on along run 2
    normals = []
    for d in (d1, d2):
        n = np.stack([-d[:, 1], d[:, 0]], axis=1)
        normals.append(np.where((n[:, 0] * inward[:, 0] + n[:, 1] * inward[:, 1] > 0)[:, None], n, -n))
    count = runs.gap(a, b) - 1  # the bend's points, between the runs
    owner = np.repeat(np.arange(len(a)), count)
    bend = runs.point(a[owner], runs.end[a][owner] + np.arange(len(owner))
                      - np.repeat(np.cumsum(count) - count, count) + 1).astype(np.float64)
    (p1x, p1y), (n1x, n1y) = p1[owner].T, normals[0][owner].T
    (p2x, p2y), (n2x, n2y) = p2[owner].T, normals[1][owner].T
    off = bend - tip[owner]
    bad = (((bend[:, 0] - p1x) * n1x + (bend[:, 1] - p1y) * n1y < -2.0)
           | ((bend[:, 0] - p2x) * n2x + (bend[:, 1] - p2y) * n2y < -2.0)
           | (np.hypot(off[:, 0], off[:, 1]) > notch_gap))
    return np.bincount(owner[bad], minlength=len(a)) > 0


def _units(v: np.ndarray) -> np.ndarray:
    """Rows of ``v`` made unit length (zero rows stay)."""
    n = np.hypot(v[:, 0], v[:, 1])
    return np.where((n > 0)[:, None], v / np.where(n > 0, n, 1)[:, None], v)


def outlines(mask: np.ndarray) -> Sequence[np.ndarray]:
    """The outer outline of each white blob, every pixel of it (what :func:`find_corners` searches)."""
    return cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0]


def outlines_gaining(mask: np.ndarray, before: np.ndarray) -> list[np.ndarray]:
    """The :func:`outlines` of ``mask``'s blobs that hold paper ``before`` lacks (the others are ``before``'s own)."""
    # The pieces' boxes from their outer outlines: a labelling of the whole frame costs ten times as much.
    pieces = outlines(cv2.bitwise_and(mask, cv2.bitwise_not(before)))
    if not pieces:
        return []
    x0, y0, w, h = np.array([cv2.boundingRect(c) for c in pieces]).T
    blobs = outlines(mask)
    bx, by, bw, bh = (v[:, None] for v in np.array([cv2.boundingRect(c) for c in blobs]).reshape(-1, 4).T)
    # A gained piece lies inside its blob, so within the blob's box (all blobs against all pieces at once).
    holds = ((x0 >= bx) & (y0 >= by) & (x0 + w <= bx + bw) & (y0 + h <= by + bh)).any(axis=1)
    return [c for c, gains in zip(blobs, holds.tolist()) if gains]


def _vertex_indices(pts: np.ndarray, outline: np.ndarray, approx: np.ndarray, approx_outline: np.ndarray) -> np.ndarray:
    """Where the polygons' vertices ``approx`` lie in ``pts``: indices in order, each once.

    ``pts`` holds the points of several outlines one after another
    (``outline`` says whose each is), ``approx`` their polygons' vertices
    (``approx_outline`` likewise).  approxPolyDP keeps contour points, so
    each vertex is found exactly, at its first place in its outline.
    """
    n = len(pts)
    span_x, span_y = int(pts[:, 0].max()) + 1, int(pts[:, 1].max()) + 1

    def place(p: np.ndarray, o: np.ndarray) -> np.ndarray:
        return (o.astype(np.int64) * span_y + p[:, 1]) * span_x + p[:, 0]

    # A point's place and its index make one key: sorted, a place's first index comes first.
    keys = np.sort(place(pts, outline) * n + np.arange(n))
    q = place(approx, approx_outline) * n
    pos = np.minimum(np.searchsorted(keys, q), n - 1)  # searchsorted gives 0 .. n
    return np.unique(keys[pos[keys[pos] // n == q // n]] % n)


def find_quads(mask: np.ndarray, aspect: float, scale: float = 1.0 / MASK_SCALE, min_short: float = 20.0,
               contours: Optional[Sequence[np.ndarray]] = None) -> list[Quad]:
    """Cards seen whole (a convex four-sided blob of the card's aspect): they give the scale.

    ``contours``: the mask's :func:`outlines` when already traced (every pixel
    of them; the polygon fit and the enclosing rectangle come out the same).
    """
    if contours is None:
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    quads = []
    for cnt in contours:
        peri = cv2.arcLength(cnt, True)
        if peri < 4 * min_short:
            continue
        approx = cv2.approxPolyDP(cnt, 0.02 * peri, True)
        if len(approx) != 4 or not cv2.isContourConvex(approx):
            continue
        p = approx.reshape(4, 2).astype(float)
        sides = [float(np.hypot(*(p[(i + 1) % 4] - p[i]))) for i in range(4)]
        a, b = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
        short, long_ = min(a, b), max(a, b)
        if short < min_short or abs(short / long_ - aspect) > 0.12 * aspect:
            continue
        if cv2.contourArea(approx) < 0.85 * short * long_:
            continue
        # The polygon cuts the rounded corners; the bounding rectangle is the card's size.
        (_, _), (rw, rh), _ = cv2.minAreaRect(cnt)
        short, long_ = min(rw, rh), max(rw, rh)
        quads.append(Quad(tuple((float(x * scale), float(y * scale)) for x, y in p), short * scale, long_ * scale))
    return quads
