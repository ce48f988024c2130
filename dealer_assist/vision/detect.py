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
OPEN = 5
#: A thin stroke is ink when it is darker than the paper beside it by one
#: part in this many of the paper's level: a quarter (:data:`.glyphs.INK`
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
    if top <= 0 or top - lo <= 0.25 * (top / 4 + 12):
        return None
    levels = np.arange(256, dtype=np.float32)
    return np.stack([np.clip(np.round(levels * (top / max(c, 1.0))), 0, 255) for c in paper_colour]).astype(np.uint8)


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

    ``balance`` (see :func:`paper_balance`) first makes tinted paper grey.
    """
    b, g, r = cv2.split(frame)[:3]  # BGR or BGRA
    if balance is not None:
        b, g, r = cv2.LUT(b, balance[0]), cv2.LUT(g, balance[1]), cv2.LUT(r, balance[2])
    lo = cv2.min(cv2.min(b, g), r)
    hi = cv2.max(cv2.max(b, g), r)
    otsu, _ = cv2.threshold(lo, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    level = max(float(otsu), float(paper_min))
    darkest = math.floor(level) + 1  # paper is brighter than the cut
    mask = cv2.compare(lo, cv2.LUT(hi, _paper_floor(darkest)), cv2.CMP_GE) if darkest <= 255 else np.zeros_like(lo)
    lines = cv2.morphologyEx(lo, cv2.MORPH_BLACKHAT, np.ones((5, 5), np.uint8))
    _, keep = cv2.threshold(lines, max(18, int(level * 0.1)), 255, cv2.THRESH_BINARY_INV)
    split = cv2.bitwise_and(mask, keep)
    whole = _clean(mask.copy(), hole_max)
    # Thin strokes blurred to grey stay above the paper cut; against the
    # paper right beside them they are still clearly darker.
    # lines > paper / STROKE_PART, with paper = lo + lines, is lines * (STROKE_PART - 1) > lo.
    scaled = lines
    for _ in range(STROKE_PART - 2):
        scaled = cv2.add(scaled, lines)
    strokes = cv2.compare(scaled, lo, cv2.CMP_GT)
    not_paper = cv2.bitwise_not(mask)
    ink = cv2.bitwise_and(whole, not_paper)
    return Masks(whole, _clean(split, hole_max), ink,
                 cv2.bitwise_and(whole, cv2.bitwise_or(not_paper, strokes)),
                 _bays(mask, not_paper, ink, bay_max) if bay_max > 0 else None)


def _bays(mask: np.ndarray, not_paper: np.ndarray, ink: np.ndarray, bay_max: float) -> Optional[np.ndarray]:
    """The ink of glyphs in bays of the paper ``mask`` (see :func:`frame_masks`) that ``ink`` lacks; None if none."""
    sealed = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, _square(SEAL))
    # The frame's outermost pixels stand for what lies beyond it: paper.
    sealed[0, :] = sealed[-1, :] = sealed[:, 0] = sealed[:, -1] = 255
    contours, hierarchy = cv2.findContours(sealed, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return None
    holes = [c for c, parent in zip(contours, hierarchy[0][:, 3].tolist())
             if parent >= 0 and cv2.contourArea(c) < bay_max]
    cv2.drawContours(sealed, holes, -1, 255, cv2.FILLED)
    sealed[0, :] = sealed[-1, :] = sealed[:, 0] = sealed[:, -1] = 0
    # Ink the closing sealed (a glyph's thin strokes, a line touching it) or the holes hold.
    bays = cv2.bitwise_and(sealed, cv2.bitwise_and(not_paper, cv2.bitwise_not(ink)))
    return bays if cv2.countNonZero(bays) else None


@lru_cache(maxsize=8)
def _square(size: int) -> np.ndarray:
    return np.ones((size, size), np.uint8)


def paper_masks(frame: np.ndarray, paper_min: int = 0, hole_max: float = 400.0,
                balance: Optional[np.ndarray] = None) -> tuple[np.ndarray, np.ndarray]:
    """The ``(whole, split)`` masks of :func:`frame_masks`."""
    m = frame_masks(frame, paper_min, hole_max, balance=balance)
    return m.whole, m.split


@lru_cache(maxsize=256)
def _paper_floor(darkest: int) -> np.ndarray:
    """Per brightest channel value ``hi``: the least darkest channel ``lo`` of paper (a 256-entry table).

    Paper is at least ``darkest`` and allows a tint (warm light, JPEG chroma
    noise) proportional to brightness: ``hi - lo`` below ``round(hi / 4) + 12``,
    i.e. ``lo >= hi - allowed + 1``.  One look-up and one comparison per pixel
    instead of five passes.
    """
    levels = np.arange(256, dtype=np.uint8).reshape(1, -1)
    allowed = cv2.add(cv2.multiply(levels, 0.25, dtype=cv2.CV_8U), 12).astype(np.int32).ravel()
    return np.maximum(np.arange(256) - allowed + 1, darkest).astype(np.uint8)


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
    # ... then opening removes the thin pale lines of a printed layout, which
    # would otherwise join every card into one outline.
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


def _unit(v: np.ndarray) -> np.ndarray:
    n = float(np.hypot(v[0], v[1]))
    return v / n if n > 0 else v


def _line_fit(points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    # Contour points go in as they are (int32): OpenCV converts them itself, to the same fit.
    line = cv2.fitLine(points, cv2.DIST_L2, 0, 0.01, 0.01).ravel()  # vx, vy, x0, y0
    return line[2:], line[:2]


def _intersect(p1: np.ndarray, d1: np.ndarray, p2: np.ndarray, d2: np.ndarray):
    den = d1[0] * d2[1] - d1[1] * d2[0]
    if abs(den) < 1e-6:
        return None
    t = ((p2[0] - p1[0]) * d2[1] - (p2[1] - p1[1]) * d2[0]) / den
    return p1 + t * d1


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

    ``contours`` are the mask's :func:`outlines` when already traced.  An
    outline identical to one of ``searched`` (another mask's, already
    searched with the same lengths) gets the notch search only: its plain
    corners would come out the same again.
    """
    h, w = mask.shape[:2]
    if contours is None:
        contours = outlines(mask)
    seen: dict[tuple[int, int, int], list[np.ndarray]] = {}
    for o in searched:
        seen.setdefault((len(o), int(o[0, 0, 0]), int(o[0, 0, 1])), []).append(o)
    corners: list[Corner] = []
    cos_lim = np.sin(np.radians(max_skew_deg))
    for cnt in contours:
        if len(cnt) < 2 * min_long:
            continue
        twins = seen.get((len(cnt), int(cnt[0, 0, 0]), int(cnt[0, 0, 1])), ())
        plain = not any(np.array_equal(cnt, o) for o in twins)
        pts = cnt.reshape(-1, 2)
        n = len(pts)
        orient = 1.0 if cv2.contourArea(cnt, oriented=True) >= 0 else -1.0
        approx = cv2.approxPolyDP(cnt, 1.2, True).reshape(-1, 2)
        idx = _vertex_indices(pts, approx)
        m = len(idx)
        if m < 3:
            continue
        # Segment ends, lengths and unit chords for all vertices at once (a
        # contour has dozens; per-segment numpy calls cost more than the maths).
        vertices = pts[idx]
        chords = np.concatenate((vertices[1:], vertices[:1])) - vertices
        lengths = np.hypot(chords[:, 0], chords[:, 1])
        segs = list(zip(idx, idx[1:] + idx[:1], lengths.tolist()))  # (start index, end index, length)
        cand = [k for k, s in enumerate(segs) if s[2] >= min_short]
        if len(cand) < 2:
            continue
        units = chords / np.maximum(lengths, 1e-6)[:, None]
        ends = vertices.tolist()
        chord_x, chord_y = chords.T.tolist()
        fits: dict[int, object] = {}

        def fit(k: int):
            # Lines are fitted lazily: most segments never pair into a corner.
            if k not in fits:
                a, b, _ = segs[k]
                if _touches_border(ends[k], ends[(k + 1) % m], w, h):
                    fits[k] = None
                else:
                    run = pts[a:b + 1] if b >= a else np.vstack([pts[a:], pts[:b + 1]])
                    trim = len(run) // 10
                    if len(run) - 2 * trim >= 3:
                        run = run[trim:len(run) - trim]
                    p0, d = _line_fit(run)
                    if float(d[0]) * chord_x[k] + float(d[1]) * chord_y[k] < 0:
                        d = -d
                    fits[k] = (p0, d)
            return fits[k]

        unit = units.tolist()
        n_cand = len(cand)
        for i, k in enumerate(cand if plain else ()):
            a1, b1, l1 = segs[k]
            u1x, u1y = unit[k]
            for step in (1, 2, 3):
                k2 = cand[(i + step) % n_cand]
                if k2 == k:
                    break
                a2, b2, l2 = segs[k2]
                gap = (a2 - b1) % n
                if gap > max_gap * 1.6:
                    break
                if l1 < min_long and l2 < min_long:
                    continue
                u2x, u2y = unit[k2]
                # Cheap test on the raw chords before fitting: roughly square and convex.
                if abs(u1x * u2x + u1y * u2y) > cos_lim + 0.25:
                    continue
                if ((u1x * u2y - u1y * u2x) > 0) != (orient > 0):
                    if concave:
                        f1, f2 = fit(k), fit(k2)
                        if f1 is not None and f2 is not None:
                            corner = _corner_outside(pts, f1, f2, (a1, b1, l1), (a2, b2, l2), gap, orient, min_long,
                                                     max_gap, cos_lim)
                            if corner is not None:
                                c, wd, hd, wl, hl = corner
                                corners.append(Corner(
                                    float(c[0] * scale), float(c[1] * scale),
                                    (float(wd[0]), float(wd[1])), (float(hd[0]), float(hd[1])),
                                    wl * scale, hl * scale, notched=True, outside=True,
                                ))
                    continue
                f1, f2 = fit(k), fit(k2)
                if f1 is None or f2 is None:
                    continue
                corner = _corner_between(pts, f1, f2, (a1, b1, l1), (a2, b2, l2),
                                         gap, orient, min_long, max_gap, cos_lim)
                if corner is not None:
                    c, wd, hd, wl, hl = corner
                    corners.append(Corner(
                        float(c[0] * scale), float(c[1] * scale),
                        (float(wd[0]), float(wd[1])), (float(hd[0]), float(hd[1])),
                        wl * scale, hl * scale,
                    ))
                    break
        if notch_gap > 0:
            longs = [k for k in cand if segs[k][2] >= min_long]
            for i, k in enumerate(longs):
                # A deep notch (an index printed across the border line) has
                # walls as long as an edge run: the runs on either side may
                # lie a wall or two further on.  The bend test below still
                # asks the whole notch, walls too, to lie inside the card.
                for step in range(1, NOTCH_WALLS + 2):
                    k2 = longs[(i + step) % len(longs)]
                    if k2 == k:
                        break
                    gap = (segs[k2][0] - segs[k][1]) % n
                    if gap > 2 * notch_gap:
                        break
                    if gap <= max_gap * 1.6:
                        continue
                    f1, f2 = fit(k), fit(k2)
                    if f1 is None or f2 is None:
                        continue
                    corner = _corner_across_notch(pts, f1, f2, segs[k], segs[k2], gap, orient, notch_gap, cos_lim)
                    if corner is not None:
                        c, wd, hd, wl, hl = corner
                        corners.append(Corner(
                            float(c[0] * scale), float(c[1] * scale),
                            (float(wd[0]), float(wd[1])), (float(hd[0]), float(hd[1])),
                            wl * scale, hl * scale, notched=True,
                        ))
                        break
    return corners


def outlines(mask: np.ndarray) -> Sequence[np.ndarray]:
    """The outer outline of each white blob, every pixel of it (what :func:`find_corners` searches)."""
    return cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0]


def _corner_between(pts, fit1, fit2, seg1, seg2, gap, orient, min_long, max_gap, cos_lim):
    # Scalar float32 arithmetic (the fits are float32): the very operations
    # of two-element arrays, without their overhead (this runs ~50 times a frame).
    (p1, d1), (p2, d2) = fit1, fit2
    a1, b1, l1 = seg1
    a2, b2, l2 = seg2
    if abs(float(np.dot(d1, d2))) > cos_lim:
        return None
    d1x, d1y = d1
    d2x, d2y = d2
    turn = d1x * d2y - d1y * d2x
    if (turn > 0) != (orient > 0):
        return None  # concave: where two cards meet
    # A short run's direction is noisy: square it to the long edge.
    sign = 1 if orient > 0 else -1
    if l2 < min_long:
        d2x, d2y = -d1y * sign, d1x * sign
    elif l1 < min_long:
        d1x, d1y = d2y * sign, -d2x * sign
    den = d1x * d2y - d1y * d2x
    if abs(den) < 1e-6:
        return None
    p1x, p1y = p1
    p2x, p2y = p2
    t = ((p2x - p1x) * d2y - (p2y - p1y) * d2x) / den
    cx, cy = p1x + t * d1x, p1y + t * d1y
    n = len(pts)
    bx, by = pts[(b1 + gap // 2) % n].tolist()
    if np.hypot(float(cx) - bx, float(cy) - by) > max_gap:
        return None
    n1, n2 = float(np.hypot(d1x, d1y)), float(np.hypot(d2x, d2y))
    e1 = (-(d1x / n1), -(d1y / n1)) if n1 > 0 else (-d1x, -d1y)
    e2 = (d2x / n2, d2y / n2) if n2 > 0 else (d2x, d2y)
    (ax, ay), (zx, zy) = pts[a1].tolist(), pts[b2].tolist()
    len1 = float(np.hypot(float(cx) - ax, float(cy) - ay))
    len2 = float(np.hypot(float(cx) - zx, float(cy) - zy))
    if e1[0] * e2[1] - e1[1] * e2[0] > 0:
        return (cx, cy), e1, e2, len1, len2
    return (cx, cy), e2, e1, len2, len1


def _corner_outside(pts, fit1, fit2, seg1, seg2, gap, orient, min_long, max_gap, cos_lim):
    """The corner of a card lying on this blob, seen from outside: a concave, rounded bend between two runs."""
    (p1, d1), (p2, d2) = fit1, fit2
    a1, b1, l1 = seg1
    a2, b2, l2 = seg2
    if abs(float(np.dot(d1, d2))) > cos_lim:
        return None
    # A short run's direction is noisy: square it to the long edge (turning the other way than a convex bend).
    sign = -1 if orient > 0 else 1
    if l2 < min_long:
        d2 = np.array([-d1[1] * sign, d1[0] * sign], np.float32)
    elif l1 < min_long:
        d1 = np.array([d2[1] * sign, -d2[0] * sign], np.float32)
    c = _intersect(p1, d1, p2, d2)
    if c is None:
        return None
    n = len(pts)
    e1, e2 = -_unit(d1), _unit(d2)
    mid = pts[(b1 + gap // 2) % n].astype(float)
    # The card's rounded corner leaves the blob a little of the square's tip: the
    # bend lies inside the card's quadrant, off the lines' meeting point.  Two
    # edges crossing meet sharp.
    inside = float(np.dot(mid - c, _unit(e1 + e2)))
    if inside < 1.0 or np.hypot(*(mid - c)) > max_gap:
        return None
    len1 = float(np.hypot(*(c - pts[a1])))
    len2 = float(np.hypot(*(c - pts[b2])))
    if e1[0] * e2[1] - e1[1] * e2[0] > 0:
        return c, e1, e2, len1, len2
    return c, e2, e1, len2, len1


def _corner_across_notch(pts, fit1, fit2, seg1, seg2, gap, orient, notch_gap, cos_lim):
    (p1, d1), (p2, d2) = fit1, fit2
    a1, b1, l1 = seg1
    a2, b2, l2 = seg2
    if abs(float(np.dot(d1, d2))) > 0.5 * cos_lim:
        return None  # both runs are long: a true corner is square
    turn = d1[0] * d2[1] - d1[1] * d2[0]
    if (turn > 0) != (orient > 0):
        return None
    c = _intersect(p1, d1, p2, d2)
    if c is None:
        return None
    n = len(pts)
    between = pts[(b1 + np.arange(1, gap)) % n].astype(float)
    # Every point of the bend must lie on the card's side of both lines
    # (two pixels of slack for the staircase) and near the corner.
    inward = d2 - d1  # from the corner into the card: back along run 1, on along run 2
    n1 = np.array([-d1[1], d1[0]])
    n2 = np.array([-d2[1], d2[0]])
    n1 = n1 if np.dot(n1, inward) > 0 else -n1
    n2 = n2 if np.dot(n2, inward) > 0 else -n2
    if ((between - p1) @ n1).min() < -2.0 or ((between - p2) @ n2).min() < -2.0:
        return None
    if np.hypot(*(between - c).T).max() > notch_gap:
        return None
    e1, e2 = -_unit(d1), _unit(d2)
    len1 = float(np.hypot(*(c - pts[a1])))
    len2 = float(np.hypot(*(c - pts[b2])))
    if e1[0] * e2[1] - e1[1] * e2[0] > 0:
        return c, e1, e2, len1, len2
    return c, e2, e1, len2, len1


def _vertex_indices(pts: np.ndarray, approx: np.ndarray) -> list[int]:
    # approxPolyDP keeps contour points, so each vertex is found exactly.
    # A point's two int32 coordinates read as one int64 are its key (any
    # one-to-one key finds the same first index of each vertex).
    keys = np.ascontiguousarray(pts, np.int32).view(np.int64).ravel()
    order = np.argsort(keys, kind="stable")
    sk = keys[order]
    q = np.ascontiguousarray(approx, np.int32).view(np.int64).ravel()
    pos = np.searchsorted(sk, q)
    pos = np.minimum(pos, len(sk) - 1)  # searchsorted gives 0 .. len(sk)
    found = sk[pos] == q
    return sorted(set(order[pos[found]].tolist()))


def _touches_border(p: np.ndarray, q: np.ndarray, w: int, h: int) -> bool:
    """A straight run along the frame edge is the frame cutting a card, not a card edge."""
    return bool((p[0] <= 1 and q[0] <= 1) or (p[0] >= w - 2 and q[0] >= w - 2)
                or (p[1] <= 1 and q[1] <= 1) or (p[1] >= h - 2 and q[1] >= h - 2))


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
