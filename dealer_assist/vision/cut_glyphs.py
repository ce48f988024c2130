"""A suit glyph cut by the edge of a card lying over it, scored on its visible part only.

A card lying over another card's index hides part of a glyph behind a
straight edge.  The whole-glyph templates then fit the rest badly (a diamond
with its right tip gone scores 0.25 against every suit) and the corner goes to
``uncertain``.  Here the covering card's edge is found as a straight thin line
in the corner patch that runs on to the patch's right or bottom edge (the
covering card lies beyond it, away from the card's own corner), and the
visible part of the suit is compared with each template cut by the same line
in the template's coordinates.  Where the line lies in template coordinates
depends on where the whole glyph's centre would be: it is found, per template,
as the centre at which the template's visible part has its ink centred where
the glyph's visible ink is.

Such a score is not the whole-glyph score: a half suit fits several templates
fairly well, and the alignment is chosen per template.  Only thresholds the
self-test learned from cut trials (set-up shots with a covering card drawn
over the suit, see :func:`cut_trials` and :func:`cut_suit_thresholds`) may
judge it.  ``IndexMatcher.read_corner`` keeps :func:`cut_suit_look` of its read on the
read (``IndexRead.cut_suit``); ``verdict.Judge.corner`` makes a corner not
otherwise sure sure by :func:`cut_suit_decides` (the rank by a cut read's
rules, ink plausible, no pair conflict, within the self-test's blur);
``selftest.derive_thresholds`` learns the bar (``Thresholds.cut_suit``) by
:func:`cut_suit_thresholds` on :func:`cut_trials`.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, NamedTuple, Optional

import cv2
import numpy as np

from dealer_assist.vision.index_layout import PAD, glyph_layout
from dealer_assist.vision.ink import darkness, ink_mask
from dealer_assist.vision.profile import CANON_H, Profile
from dealer_assist.vision.thin_lines import LINE_WIDTH
from dealer_assist.vision.warp import warp_corner

#: Canonical pixels either side of the covering card's edge line counted as neither
#: visible nor hidden: the line's own ink and its blur (a line is about :data:`LINE_WIDTH` wide).
LINE_HALF = LINE_WIDTH + 1.0
#: Least share of every suit's template's ink on the visible side: with less, too little of
#: the shape is left to tell that suit from the others, and the glyph is not scored.
LEAST_INK = 0.6
#: Steps of the centre's fixed-point search (it settles within a few hundredths of a pixel in three).
ALIGN_STEPS = 4


class CoverLine(NamedTuple):
    """The covering card's edge in patch pixels: a point on it and the unit normal towards the covered side."""

    px: float
    py: float
    nx: float
    ny: float

    def depth(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Signed distance of points from the line, positive on the covered side."""
        return (xs - self.px) * self.nx + (ys - self.py) * self.ny


class CutRead(NamedTuple):
    """The best suit on the visible part of a cut suit glyph, its score, and its lead over the next suit.

    ``leans``: per same-colour pair of the profile's pair directions (``"CS"``), how the
    visible part leans on the pair's direction, and how the two suits' templates cut alike
    lean (see :func:`visible_leans`)."""

    suit: str
    score: float
    margin: float
    scores: dict
    leans: Mapping[str, tuple[float, float, float]] = MappingProxyType({})

    def leans_to_mate(self, suit: str) -> bool:
        """Whether, on the visible part, the glyph leans nearer the template of ``suit``'s
        same-colour look-alike than to its own (see :func:`visible_leans`)."""
        for key, (glyph, first, second) in self.leans.items():
            if suit in key:
                own, mate = (first, second) if suit == key[0] else (second, first)
                if (glyph - (own + mate) / 2) * (own - mate) <= 0:
                    return True
        return False


def cover_line(binary: np.ndarray, box: tuple[int, int, int, int], suit_px: float,
               keep: Optional[tuple[int, int, int, int]] = None) -> Optional[CoverLine]:
    """The straight thin line through or along the glyph box ``box`` (x0, y0, x1, y1,
    patch pixels) that runs on to the patch's right or bottom edge, or None.

    The patch's top and left edges are the card's own edges, so the covering
    card lies beyond the line on the side away from the patch's corner (and
    away from the box ``keep``, the rank's, when given: the rank must be seen
    whole).  ``suit_px``: a suit's height in patch pixels.  A line is thinner
    than a third of it; its ink runs on straight, without a gap, from the
    glyph to the patch's edge for at least :data:`LEAST_RUN` of it (no
    glyph's stroke reaches the patch's edge: a glyph there is cut and never read).
    """
    h, w = binary.shape
    k = max(3, int(round(suit_px / 3)) | 1)
    thin = cv2.subtract(binary, cv2.morphologyEx(binary, cv2.MORPH_OPEN, np.ones((k, k), np.uint8)))
    segs = cv2.HoughLinesP(thin * 255, 1, np.pi / 180, 5, minLineLength=max(4, int(0.4 * suit_px)), maxLineGap=2)
    if segs is None:
        return None
    x0, y0, x1, y1 = box
    # The tests of where a segment's line lies, for every segment at once (there are dozens).
    sx0, sy0, sx1, sy1 = segs.reshape(-1, 4).astype(np.float64).T
    length = np.hypot(sx1 - sx0, sy1 - sy0)
    vx, vy = (sx1 - sx0) / length, (sy1 - sy0) / length
    # Normals towards the covered side: away from the card's corner (PAD, PAD).
    flip = np.where((PAD - sx0) * -vy + (PAD - sy0) * vx > 0, -1.0, 1.0)
    nx, ny = -vy * flip, vx * flip

    def sides(xs: list, ys: list) -> np.ndarray:
        """Signed distances (segments x points) of points from each segment's line."""
        return (np.array(xs)[None] - sx0[:, None]) * nx[:, None] + (np.array(ys)[None] - sy0[:, None]) * ny[:, None]

    ok = sides([PAD], [PAD])[:, 0] <= -2 * LINE_HALF  # not through the card's corner: the card's own edge
    if keep is not None:
        ok &= sides([keep[0], keep[2], keep[0], keep[2]], [keep[1], keep[1], keep[3], keep[3]]).max(axis=1) <= -LINE_HALF
    # It must cut the glyph's box (the glyph ends at it) or run along it.
    dd = sides([x0, x1, x0, x1], [y0, y0, y1, y1])
    ok &= (dd.max(axis=1) >= -LINE_HALF - 1) & (dd.min(axis=1) <= 0)
    near = cv2.dilate(binary, np.ones((3, 3), np.uint8))
    best = None
    walked = set()
    for i in np.flatnonzero(ok):
        # Hough gives one line as several segments: each line (to a pixel and two degrees) is walked once.
        key = (round(float(np.arctan2(ny[i], nx[i])) / np.radians(2)), round(float(sx0[i] * nx[i] + sy0[i] * ny[i])))
        if key in walked:
            continue
        walked.add(key)
        run = _run_to_far_edge(sx0[i], sy0[i], vx[i], vy[i], near, w, h)
        if run >= LEAST_RUN * suit_px and (best is None or run > best[0]):
            best = (run, sx0[i], sy0[i], vx[i], vy[i], nx[i], ny[i])
    if best is None:
        return None
    _, px, py, _, _, nx, ny = (float(v) for v in best)
    # Refined on the thin ink along the segment's line.
    ys, xs = np.nonzero(thin)
    on = np.abs((xs - px) * nx + (ys - py) * ny) <= LINE_WIDTH
    if on.sum() >= 0.4 * suit_px:
        fx, fy, qx, qy = cv2.fitLine(np.stack([xs[on], ys[on]], axis=1).astype(np.float32), cv2.DIST_L2, 0, 0.01, 0.01).ravel()
        mx, my = -fy, fx
        if (PAD - qx) * mx + (PAD - qy) * my > 0:
            mx, my = -mx, -my
        if abs(mx * nx + my * ny) > 0.97:  # the fit kept the direction (a stroke beside it did not pull it off)
            return CoverLine(float(qx), float(qy), float(mx), float(my))
    return CoverLine(px, py, nx, ny)


#: Least length (suit heights) of a cover line's unbroken ink from the glyph to the patch's edge.
LEAST_RUN = 1.0


def _run_to_far_edge(px: float, py: float, vx: float, vy: float, near: np.ndarray, w: int, h: int) -> float:
    """Length (pixels) of the unbroken ink along the line through (px, py) in direction
    (vx, vy), from where it leaves the patch by the right or bottom edge inwards (through a
    glyph's body where the line crosses one; gaps of two pixels, lost to JPEG or
    resampling, do not break it); 0 when no ink lies at that edge.  ``near``: the ink
    mask dilated by one pixel (ink within a pixel of the line counts)."""
    best = 0.0
    reach = np.arange(-2 * (w + h), 2 * (w + h) + 1, dtype=np.float64)
    xs, ys = px + reach * vx, py + reach * vy
    inside = (xs > -0.5) & (xs < w - 0.5) & (ys > -0.5) & (ys < h - 0.5)
    if not inside.any():
        return 0.0
    first, last = np.flatnonzero(inside)[[0, -1]]
    for end, step in ((last, -1), (first, 1)):
        # From the far edge inwards: the line must leave the patch by its right or bottom edge.
        if not (xs[end] > w - 1.5 or ys[end] > h - 1.5):
            continue
        idx = np.arange(end, first - 1 if step < 0 else last + 1, step)
        lit = near[np.rint(ys[idx]).astype(int), np.rint(xs[idx]).astype(int)] > 0
        # The run ends at the first three unlit steps in a row.
        dark = ~lit
        gaps = dark[:-2] & dark[1:-1] & dark[2:] if len(dark) > 2 else dark
        stop = int(np.argmax(gaps)) if gaps.any() else len(lit)
        if stop and lit[:stop].any():
            best = max(best, float(np.flatnonzero(lit[:stop])[-1] + 1))
    return best


def _card_scale(profile: Profile, rank_box) -> float:
    """The card's size against the patch's, from the rank's height (as :func:`.glyphs.extract_glyphs` has it)."""
    return min(max((rank_box.v1 - rank_box.v0) * CANON_H / glyph_layout(profile).rank_px, 0.7), 1.4)


def _suit_window_scale(profile: Profile, rank_box, rank_code: str) -> float:
    """Patch pixels per suit-window pixel, as :func:`.glyphs.extract_glyphs` and
    :meth:`.index.IndexMatcher._score` size the suit's window (from the rank's height)."""
    win_h = glyph_layout(profile).suit_win * _card_scale(profile, rank_box) * 1.15 * profile.suit_window_factor(rank_code)
    return win_h / profile.suit_size[1]


def score_cut_suit(profile: Profile, patch: np.ndarray, rank_box, suit_box, rank_code: str,
                   templates: dict[str, np.ndarray]) -> Optional[CutRead]:
    """The suit of a corner ``patch`` whose suit glyph (box ``suit_box``, fractions of the card)
    a covering card's edge cuts, scored on its visible part; None when no such line is
    found or too little of the glyph is left."""
    lay = glyph_layout(profile)
    cw = lay.cw
    levels = darkness(patch)
    binary = ink_mask(levels.lo8, levels.paper)
    ink = levels.lut[levels.lo8]
    x0, y0 = int(np.floor(suit_box.u0 * cw)) + PAD, int(np.floor(suit_box.v0 * CANON_H)) + PAD
    x1, y1 = int(np.ceil(suit_box.u1 * cw)) + PAD, int(np.ceil(suit_box.v1 * CANON_H)) + PAD
    s = _suit_window_scale(profile, rank_box, rank_code)
    W, H = profile.suit_size
    rb = (int(rank_box.u0 * cw) + PAD, int(rank_box.v0 * CANON_H) + PAD, int(np.ceil(rank_box.u1 * cw)) + PAD,
          int(np.ceil(rank_box.v1 * CANON_H)) + PAD)
    line = cover_line(binary, (x0, y0, x1, y1), profile.suit_h * CANON_H * _card_scale(profile, rank_box), rb)
    if line is None:
        return None
    ph, pw = binary.shape
    ys, xs = np.mgrid[0:ph, 0:pw].astype(np.float32)
    visible = line.depth(xs, ys) < -LINE_HALF
    # The glyph's visible ink: ink blobs meeting its box, on the visible side.
    part = np.zeros_like(binary)
    part[max(y0 - 1, 0):y1 + 2, max(x0 - 1, 0):x1 + 2] = binary[max(y0 - 1, 0):y1 + 2, max(x0 - 1, 0):x1 + 2]
    part &= visible.astype(np.uint8)
    if cv2.countNonZero(part) < 4:
        return None
    weights = np.where(cv2.dilate(part, np.ones((3, 3), np.uint8)) > 0, ink, 0).astype(np.float32)
    m = cv2.moments(weights)
    ox, oy = m["m10"] / m["m00"], m["m01"] / m["m00"]
    uu, vv = np.meshgrid(np.arange(W, dtype=np.float32), np.arange(H, dtype=np.float32))
    looks: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
    for key, tmpl in templates.items():
        t = tmpl.astype(np.float32)
        tm = cv2.moments(t)
        tcx, tcy = tm["m10"] / tm["m00"], tm["m01"] / tm["m00"]
        cx, cy = ox, oy  # the whole glyph's centre in the patch: first guess, the visible ink's
        for _ in range(ALIGN_STEPS):
            # Window pixel (u, v) lies at patch (cx + (u - tcx) s, cy + (v - tcy) s).
            seen = line.depth(cx + (uu - tcx) * s, cy + (vv - tcy) * s) < -LINE_HALF
            vm = cv2.moments(np.where(seen, t, 0))
            if vm["m00"] <= 0:
                break
            # The template's visible ink centre, in the patch, must fall on the glyph's.
            cx += ox - (cx + (vm["m10"] / vm["m00"] - tcx) * s)
            cy += oy - (cy + (vm["m01"] / vm["m00"] - tcy) * s)
        seen = line.depth(cx + (uu - tcx) * s, cy + (vv - tcy) * s) < -LINE_HALF
        if t[seen].sum() < LEAST_INK * t.sum():
            continue
        a = np.float32([[s, 0, cx - tcx * s], [0, s, cy - tcy * s]])
        obs = cv2.warpAffine(weights, a, (W, H), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                             borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        looks[key] = (seen, _unit(np.where(seen, obs, 0)), _unit(np.where(seen, t, 0)))
    if not looks:
        return None
    # What every template's visible part shares is taken off, as the matcher does for
    # whole glyphs (see :func:`.templates.zncc_matrix`): what is left tells the suits apart.
    common = _unit(np.mean([tv for _, _, tv in looks.values()], axis=0))
    scores = {key: _zncc((ov - common)[seen], (tv - common)[seen]) for key, (seen, ov, tv) in looks.items()}
    if {k[0] for k in scores} != {k[0] for k in templates}:
        return None  # a suit left out (too little of it seen) cannot be led by a margin
    best: dict[str, float] = {}
    for key, v in scores.items():
        best[key[0]] = max(v, best.get(key[0], -1.0))
    order = sorted(best, key=best.get, reverse=True)
    top = max(scores, key=scores.get)
    leans = visible_leans(profile, looks[top][0], looks[top][1], templates, scores)
    return CutRead(order[0], best[order[0]], best[order[0]] - best[order[1]], best, leans)


def visible_leans(profile: Profile, seen: np.ndarray, glyph: np.ndarray, templates: dict[str, np.ndarray],
                  scores: dict[str, float]) -> dict[str, tuple[float, float, float]]:
    """Per pair direction of the profile, the lean (normalised correlation) of the visible part
    ``glyph`` (suit window, zero where hidden) on the direction's visible pixels ``seen``, and
    the leans of the pair's two best-scoring templates cut by the same line.

    The pair score of the whole glyph (:meth:`.index.IndexMatcher.pair_score`) weighs the
    hidden pixels too, where the covering card's paper lies: a diamond with its foot hidden
    leant past the heart's cut.  On the visible pixels alone the glyph is compared with what
    each of the two suits would show there, with no learned cut (the few covered trials
    cannot set one): nearer the look-alike's template than its own, it is not surely its
    own suit (see :meth:`CutRead.leans_to_mate`)."""
    out = {}
    for key, direction in profile.pair_dirs.items():
        keys = [max((k for k in scores if k[0] == s), key=scores.get, default=None) for s in key]
        if None in keys or direction.shape != seen.shape:
            continue
        d = direction.astype(np.float32)[seen]
        out[key] = tuple(_zncc(v[seen], d) for v in (glyph, templates[keys[0]].astype(np.float32),
                                                     templates[keys[1]].astype(np.float32)))
    return out


def _unit(a: np.ndarray) -> np.ndarray:
    return a / (np.linalg.norm(a) + 1e-9)


def _zncc(a: np.ndarray, b: np.ndarray) -> float:
    a = a - a.mean()
    b = b - b.mean()
    return float(a @ b / (np.sqrt((a @ a) * (b @ b)) + 1e-9))


def cut_suit_look(profile: Profile, frame: np.ndarray, x: float, y: float, wdir, hdir, card_w: float,
                  card_h: float, read, bleed=None) -> Optional[CutRead]:
    """The suit of ``read`` (the corner's look by :meth:`.index.IndexMatcher.read_corner`) scored
    on its visible part, when a covering card may have cut it: its suit does not clear the
    profile's thresholds (for a read marked cut, those the judge asks of a cut read:
    ``verdict.NOTCH_EXTRA`` more) and a covering card's edge runs through it; else None.

    The glyph cutter marks a glyph cut (:attr:`.index.IndexRead.cut`) only where it took a
    line off the glyph; a covering card's edge often lies just beside the glyph's ink
    (the paper between glyph and edge is hidden too), so the edge is looked for here.
    ``bleed``: as for :func:`.warp.warp_corner`."""
    if read is None or not read.glyphs:
        return None
    t = profile.thresholds
    _, ss, sm = read.best("suit")
    if ss >= t.min_score and sm >= t.min_margin and not read.cut:
        return None  # the common case (every clear corner): kept cheap, before the import below
    from dealer_assist.vision.verdict import NOTCH_EXTRA  # verdict imports this module
    if ss >= t.min_score + NOTCH_EXTRA and sm >= t.min_margin + NOTCH_EXTRA:
        return None  # clear even by a cut read's rules
    _, rs, rm = read.best("rank")
    if rs < t.min_score + NOTCH_EXTRA or rm < t.min_margin + NOTCH_EXTRA:
        return None  # the rank would not make the corner sure (see :func:`cut_suit_decides`): no use looking
    # The patch the read was cut from: at the card size its rank said (see ``IndexRead.scale``).
    patch = warp_corner(frame, x, y, wdir, hdir, card_w * read.scale, card_h * read.scale, profile, bleed)
    rank, suit = read.glyphs
    return score_cut_suit(profile, patch, rank.box, suit.box, read.best("rank")[0], profile.suit_templates)


def cut_suit_decides(bar: tuple[float, float], cut: Optional[CutRead], rank_clear: bool,
                     colour_fits_suit) -> Optional[CutRead]:
    """``cut`` when it makes the corner sure: the rank clears the rules of a cut read
    (``rank_clear``), the visible part's score and lead reach ``bar`` (the learned least
    score and lead), and the ink's colour allows that suit (``colour_fits_suit(suit)``)."""
    if cut is None or not rank_clear or not np.isfinite(bar[0]):
        return None
    if cut.score >= bar[0] and cut.margin >= bar[1] and colour_fits_suit(cut.suit):
        return cut
    return None


# --- the self-test's cut trials -------------------------------------------------------------

#: Share of the suit's extent (across the covering card's edge) hidden in the cut trials:
#: from a sliver to as much as :data:`LEAST_INK` lets a score be made of.
TRIAL_DEPTH = (0.1, 0.45)
#: Width of the covering card's drawn edge, in canonical pixels (a card's rim and its shadow).
TRIAL_EDGE = (1.0, 3.0)


def draw_cover(image: np.ndarray, origin, wv, hv, profile: Profile, rng: np.random.Generator,
               slant: Optional[float] = None, depth: Optional[float] = None, edge: Optional[float] = None,
               grey: Optional[float] = None) -> np.ndarray:
    """``image`` with a card drawn lying over the suit of the index at corner ``origin`` (card
    edge vectors ``wv`` across and ``hv`` down): its straight edge crosses the suit at a
    random slant and depth, from the side away from the card's corner, as a covering card does.

    Any of these may be given instead: ``slant`` (radians, 0: the edge upright, covering
    the suit's right side; pi/2: level, covering its foot), ``depth`` (share of the suit's
    extent across the edge hidden), ``edge`` (the edge's width, canonical pixels) and
    ``grey`` (its grey level)."""
    out = image.copy()
    o, wv, hv = np.asarray(origin, float), np.asarray(wv, float), np.asarray(hv, float)
    w, h = np.linalg.norm(wv), np.linalg.norm(hv)
    eu, ev = wv / w, hv / h
    b = profile.suit_box
    centre = o + (b.u0 + b.u1) / 2 * wv + (b.v0 + b.v1) / 2 * hv
    a = rng.uniform(0.0, np.pi / 2) if slant is None else slant
    n = np.cos(a) * eu + np.sin(a) * ev  # towards the covered side, away from the corner
    half = (abs(np.cos(a)) * (b.u1 - b.u0) * w + abs(np.sin(a)) * (b.v1 - b.v0) * h) / 2
    depth = rng.uniform(*TRIAL_DEPTH) if depth is None else depth
    p = centre + n * half * (1 - 2 * depth)
    t = np.array([-n[1], n[0]])
    far = 4 * (w + h)
    poly = np.array([p + t * far, p + t * far + n * far, p - t * far + n * far, p - t * far])
    # The covering card's paper: as bright as this card's (its brightest tenth, the index ink aside).
    x0, y0 = np.maximum(np.floor(np.minimum(o, o + wv + hv)), 0).astype(int)
    x1, y1 = np.ceil(np.maximum(o, o + wv + hv)).astype(int)
    paper = np.percentile(image[y0:y1, x0:x1].reshape(-1, image.shape[-1]), 90, axis=0)
    cv2.fillPoly(out, [np.round(poly * 16).astype(np.int32)], tuple(float(c) for c in paper), cv2.LINE_AA, 4)
    px_per_canon = h / CANON_H
    thick = max(1, int(round((rng.uniform(*TRIAL_EDGE) if edge is None else edge) * px_per_canon)))
    grey = float(rng.uniform(40, 140)) if grey is None else grey
    cv2.line(out, tuple(np.round((p + t * far) * 16).astype(int)), tuple(np.round((p - t * far) * 16).astype(int)),
             (grey, grey, grey), thick, cv2.LINE_AA, 4)
    return out


#: Every this many copies of a shot in :func:`cut_trials`, one is left uncovered: a suit
#: short of the thresholds for other reasons (blur, JPEG) and an edge found where none is
#: must not pass the learned bar either.
UNCOVERED = 3


def cut_trials(profile: Profile, shots, rounds: int = 6, seed: int = 13) -> list[tuple[object, object, object]]:
    """(card, IndexRead, CutRead or None) of degraded copies of the set-up shots, most with a card
    drawn over an index's suit (see :func:`draw_cover`, :data:`UNCOVERED`), read as the recognizer
    reads them (the cut look included)."""
    from dealer_assist.vision.index import IndexMatcher
    from dealer_assist.vision.selftest import TRIAL_BLUR, TRIAL_MOTION, degrade
    rng = np.random.default_rng(seed)
    matcher = IndexMatcher(profile, trial=True)
    out = []
    for card, image, quad in shots:
        for i in range(rounds):
            # One index covered a copy: the covering card's far side reaches across the card.
            corners = (2 * (i % 2),) if profile.index_corners >= 2 else (0,)
            k = corners[0]
            covered = image
            if i % UNCOVERED:
                covered = draw_cover(image, quad[k], quad[(k + 1) % 4] - quad[k], quad[(k + 3) % 4] - quad[k],
                                     profile, rng)
            scale, blur, noise, jpeg = rng.uniform(0.8, 1.2), rng.uniform(0.0, TRIAL_BLUR), rng.uniform(0, 6), int(rng.integers(45, 95))
            motion, light = int(rng.integers(0, TRIAL_MOTION + 1)), rng.uniform(0, 0.5)
            img, q = degrade(covered, quad, scale, blur, noise, jpeg, rng, motion=motion, light=light)
            size_error = rng.uniform(0.88, 1.12)
            shift = rng.uniform(-2.5, 2.5, 2)
            t = np.radians(rng.uniform(-2.5, 2.5))
            rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
            for k in corners:
                c = q[k] + shift
                wv = rot @ (q[(k + 1) % 4] - q[k])
                hv = rot @ (q[(k + 3) % 4] - q[k])
                w, h = np.linalg.norm(wv), np.linalg.norm(hv)
                r = matcher.read_corner(img, c[0], c[1], wv / w, hv / h, w * size_error, h * size_error)
                out.append((card, r, cut_suit_look(profile, img, c[0], c[1], wv / w, hv / h, w * size_error,
                                                   h * size_error, r)))
    return out


def cut_suit_thresholds(profile: Profile, trials, min_score: float, min_margin: float,
                        step: float = 0.03) -> tuple[tuple[float, float], dict]:
    """The least score and lead of a cut suit under which no trial is taken wrongly, one step
    inside (as :func:`.selftest.derive_thresholds` sets the plain ones), with the trials'
    figures; ``(inf, inf)`` (never) when no pair is safe or no trial was scored so.

    Only trials whose rank clears a cut read's rules count (the rule needs that too).
    The floors are what any cut read's suit must reach (the plain thresholds and
    ``verdict.NOTCH_EXTRA``): a glyph partly hidden never asks less than that.
    """
    from dealer_assist.vision.index import colour_fits
    from dealer_assist.vision.verdict import NOTCH_EXTRA
    rows = []
    for card, r, cut in trials:
        if cut is None:
            continue
        rank, rs, rm = r.best("rank")
        if rs < min_score + NOTCH_EXTRA or rm < min_margin + NOTCH_EXTRA:
            continue
        if not colour_fits(profile, cut.suit, r.redness, r.ink_colour):
            continue
        wrong = rank != card.rank or cut.suit != card.suit
        rows.append((cut.score, cut.margin, wrong))
    info = {"trials": len(trials), "scored": len(rows), "read": 0, "wrong": 0}
    if not rows:
        return (float("inf"), float("inf")), info
    data = np.array(rows, dtype=np.float64)
    score, margin, wrong = data[:, 0], data[:, 1], data[:, 2] > 0
    best = None
    for s in np.arange(min_score + NOTCH_EXTRA, 0.951, step):
        for m in np.arange(min_margin + NOTCH_EXTRA, 0.651, step):
            if (wrong & (score >= s - step) & (margin >= m - step)).any():
                continue
            accepted = int(((score >= s) & (margin >= m)).sum())
            if best is None or accepted > best[0]:
                best = (accepted, s, m)
    if best is None or best[0] == 0:
        return (float("inf"), float("inf")), info
    _, s, m = best
    info["read"] = best[0]
    return (round(float(s), 3), round(float(m), 3)), info
