"""Cutting the rank and the suit out of an upright corner patch.

The rank is the ink in the profile's rank box, the suit the ink in its suit
box; long straight strokes (a court card's picture frame) and blobs that
cannot be one glyph (a pip melted onto the index in blur, a pip printed right
beside it) are removed or parted first.  Each glyph is taken in a fixed
window centred on its ink and scaled by the rank's height, so faint strokes
are kept and a wrong card-size guess does not matter.

The ink levels (:mod:`.ink`), where the index lies in the patch
(:mod:`.index_layout`), the lines taken off (:mod:`.border_lines`) and the
parting of blobs (:mod:`.blob_parts`) are modules of their own.
"""

from __future__ import annotations

import math
from typing import Callable, Optional

import cv2
import numpy as np

from dealer_assist.vision.blob_parts import (DILATE, blobs_to_part, cut_beside, glyph_parts, joined_faintly,
                                             off_dashes, off_pip_remnants, part_blobs, reaches_a_cut)
from dealer_assist.vision.border_lines import line_off_suit, painted, peel_border_line, runs_along_edge, thin_runs
from dealer_assist.vision.cover_lines import lines_off_unparted
from dealer_assist.vision.index_layout import PAD, Layout, Zones, glyph_layout
from dealer_assist.vision.ink import INK, Darkness, darkness, faint_level, ink_colour_of, ink_mask, redness_of
from dealer_assist.vision.lazy import lazy
from dealer_assist.vision.profile import CANON_H, Box, Profile
from dealer_assist.vision.rank_lines import line_off_rank, wide_line_off_rank


class Glyph:
    """One glyph cut from a corner: its normalised image, where it sat, and its ink colour.

    Many glyphs cut are never matched (a corner cut again at the size its
    rank shows, a lone rank without a suit), so the image and the colour are
    worked out when first asked for.
    """

    def __init__(self, box: Box, image: Callable[[float], np.ndarray], redness: Callable[[], float],
                 cut: bool = False, ink_colour: Optional[Callable[[], Optional[tuple]]] = None,
                 blur: Optional[Callable[[], float]] = None, doubtful: bool = False,
                 core: Optional[Callable[[], Optional["Glyph"]]] = None) -> None:
        self.box = box
        #: The normalised image, given a factor on the window's size.
        self._image, self._redness, self._ink_colour, self._blur = image, redness, ink_colour, blur
        self._core = core
        #: The glyph was parted from ink beside it by a cut through ink (see :func:`.blob_parts.cut_beside`):
        #: it may be a piece of a pip or a picture rather than a whole glyph.
        self.cut = cut
        #: The glyph is as likely something else: it runs down the edge band at the patch's side
        #: (felt, a card's border, see :func:`_runs_down_the_side`), or it was cut from a blob a
        #: rank and suit made together that thinning could not part (see :func:`.blob_parts.part_blobs`).
        self.doubtful = doubtful
        #: The templates it was scored against and its scores (see :meth:`.IndexMatcher._rank_scores`).
        self.scores: Optional[tuple] = None

    @lazy
    def image(self) -> np.ndarray:
        return self._image(1.0)

    def rescaled(self, factor: float) -> "Glyph":
        """The same glyph taken in a window ``factor`` times the size (the scale told by the rank was off)."""
        image, core = self._image, self._core
        return Glyph(self.box, lambda f: image(f * factor), self._redness, self.cut, self._ink_colour, self._blur,
                     self.doubtful, None if core is None else lambda: _rescaled(core(), factor))

    def core(self) -> Optional["Glyph"]:
        """The glyph without the thin strokes it is joined to (see :func:`solid_core`), marked cut;
        None when it has none to lose."""
        return self._core() if self._core is not None else None

    @lazy
    def redness(self) -> float:
        return self._redness()

    @lazy
    def ink_colour(self) -> Optional[tuple[float, float, float]]:
        """See :func:`.ink.ink_colour_of`."""
        return self._ink_colour() if self._ink_colour is not None else None

    @lazy
    def blur(self) -> float:
        """See :func:`edge_blur` (0 when not measured)."""
        return self._blur() if self._blur is not None else 0.0


def _components(binary: np.ndarray) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, list]:
    """The 8-connected components of ``binary``: count, labels, stats, centroids, and the stats as lists."""
    n, labels, stats, cents = cv2.connectedComponentsWithStats(binary, None, None, None, 8, cv2.CV_16U)
    return n, labels, stats, cents, stats.tolist()


def extract_glyphs(patch: np.ndarray, profile: Profile, faint: bool = False,
                   levels: Optional[Darkness] = None, faint_suit: bool = False,
                   doubtful: bool = True) -> tuple[Optional[Glyph], Optional[Glyph]]:
    """The rank and suit glyphs of an upright corner patch, or None where none fits.

    With ``faint`` the rank's rows are cut at :func:`.ink.faint_level` (both None
    when the rank is not faint): a second look at a corner whose rank did not
    read; with ``faint_suit`` the suit's rows, likewise (a pale ink's suit
    whose stem and point fall below :data:`.ink.INK` in blur), and the rank's too
    when its ink is faint.  The suit is always cut at ``INK``, as its templates were.

    Most of the patches of a frame hold no index, and the patch is small:
    the steps are OpenCV calls on whole arrays, and the geometry of the
    profile is worked out once (:func:`.index_layout._layout`).  ``levels``: the patch's
    :func:`.ink.darkness`, when already worked out.  ``doubtful``: whether
    glyphs that are as likely something else may count (:attr:`Glyph.doubtful`;
    the calibration reads without them).
    """
    lay = glyph_layout(profile)
    ch, cw = CANON_H, lay.cw
    side_w = RANK_SIDE_W if doubtful else math.inf
    lo8, lut, paper = levels if levels is not None else darkness(patch)
    ink = cv2.LUT(lo8, lut)
    binary = ink_mask(lo8, paper)
    edge = lay.edge
    ink[:edge, :] = 0
    ink[:, :edge] = 0
    binary[:edge, :] = 0
    binary[:, :edge] = 0
    r0, r1 = lay.rank_rows
    c0, c1 = lay.rank_cols
    if faint and not _lower_rank_level(ink, binary, lay):
        return None, None
    if faint_suit:
        if not _lower_suit_level(ink, binary, lay):
            return None, None
        _lower_rank_level(ink, binary, lay)  # the rank too, when its ink is as pale
    # Most corners of a frame are not index corners: no ink where the rank
    # should be means nothing to read (checked before any costly step).
    if cv2.countNonZero(binary[r0:r1, c0:c1]) < lay.rank_min_ink:
        return None, None
    # Nor when nothing lies where the suit should be: some decks print a
    # lone pip in every corner, which would otherwise go through every step.
    r0, r1 = lay.suit_rows
    c0, c1 = lay.suit_cols
    if cv2.countNonZero(binary[r0:r1, c0:c1]) < lay.suit_min_ink:
        return None, None
    inked = binary.copy()  # what counts as ink before lines, neighbours and melted blobs are taken off
    # Bridged: in blur a picture frame's hairline fades under the ink level every few pixels.
    lines = thin_runs(binary, lay.run_length, lay.run_thick, bridge=True)
    ran_into = None
    if lines is not None:
        binary &= ~cv2.dilate(lines, DILATE)
        ran_into = cv2.dilate(lines, DILATE, iterations=2) > 0
        ink = cv2.copyTo(ink, binary, cv2.min(ink, INK))  # ink kept only where still ink
    beside = [cut_beside(binary, rows_cols) for rows_cols in lay.beside]  # the rank's band, then the suit's
    rank_at = None if beside[0] is None else beside[0][0]
    # A cut beside a glyph counts only where the glyph may have lost ink to it (see .blob_parts.reaches_a_cut).
    cuts = [(*b, rows_cols) for b, rows_cols in zip(beside, lay.beside) if b is not None]
    rank_cut = suit_cut = False
    n, labels, stats, cents, boxes = _components(binary)
    peeled = peel_border_line(binary, labels, boxes, lay)
    if peeled is not None:
        n, labels, stats, cents, boxes = _components(binary)
        peeled = np.bincount(labels[peeled]).nonzero()[0].tolist()  # the labels under it (np.unique sorts)
    merged = blobs_to_part(boxes, binary.shape, lay)
    unparted = stacked = None
    if merged:
        stacked = np.zeros(binary.shape, np.uint8) if doubtful else None
        parted = part_blobs(binary, labels, boxes, merged, lay.max_w, lay.max_h, stacked=stacked)
        unparted = (binary, labels, boxes, merged)
        binary = parted
        n, labels, stats, cents, boxes = _components(binary)
    zones, fit = _index_zones(boxes, cents, labels, lay, cw, edge, side_w)
    crossed = None
    oversize = _too_big_for_suit(zones["suit"], boxes, labels, unparted, fit, cw) if unparted is not None else ()
    if unparted is not None and (not (zones["rank"] and zones["suit"]) or oversize):
        # A glyph short (a blob thinning kept nothing of), or a suit too big (thinning kept a stub
        # of a line as thick as its strokes on it): the blob may be crossed by a covering card's edge.
        crossed = lines_off_unparted(*unparted, binary, 0.5 * lay.rank_px, oversize)
        if crossed is not None:
            ink = _off_ink(ink, crossed > 0)
            n, labels, stats, cents, boxes = _components(binary)
            zones, fit = _index_zones(boxes, cents, labels, lay, cw, edge, side_w)
        elif oversize:
            # No straight line to take off (a covering card's rounded corner bends near the
            # patch's edge): thinned again without the rows of specks its thick outline left.
            binary = part_blobs(binary, unparted[1], unparted[2], list(oversize), lay.max_w, lay.max_h,
                                 specks_below=lay.zones[0][2])
            n, labels, stats, cents, boxes = _components(binary)
            zones, fit = _index_zones(boxes, cents, labels, lay, cw, edge, side_w)
    shrink = fit.k
    if peeled is not None:
        # A glyph parted from a border line by taking thin ink off it may
        # have lost a thin stroke of its own: it is read like a cut glyph.
        rank_cut |= any(i in peeled for i in zones["rank"])
        suit_cut |= any(i in peeled for i in zones["suit"])
    if zones["suit"]:
        line = line_off_suit(labels, boxes, zones["suit"], lay, shrink)
        if line is not None:
            binary[line] = 0
            ink = _off_ink(ink, line)
            n, labels, stats, cents, boxes = _components(binary)
            zones = _zones(boxes, cents, labels, fit, cw, edge, side_w)
            suit_cut = True
    if any(boxes[i][0] == edge for i in zones["rank"]) and any(boxes[i][1] == edge for i in zones["rank"]):
        # A covering card's edge joined to the rank crosses the patch from one side of
        # the edge band to the other (ink reaching the far sides is no rank's).
        args = (labels, boxes, glyph_parts(zones["rank"], boxes, lay.rank_px, two_glyphs=True), edge,
                fit.rank_h * ch, (fit.rank_box.u1 - fit.rank_box.u0) * cw * FAINT_JOIN_SLACK,
                (fit.rank_box.v1 - fit.rank_box.v0) * ch * FAINT_JOIN_SLACK)
        # A line thinner than the strokes, else one as thick (a design's black card outline).
        line = line_off_rank(*args)
        if line is None:
            line = wide_line_off_rank(*args)
        if line is not None:
            binary[line] = 0
            n, labels, stats, cents, boxes = _components(binary)
            zones = _zones(boxes, cents, labels, fit, cw, edge, side_w)
            rank_cut = True
    if crossed is not None:
        # A glyph a line was taken off may have lost what the line covered.
        crossed_ids = _labels_in(labels[cv2.dilate(crossed, DILATE) > 0])
        rank_cut |= any(i in crossed_ids for i in zones["rank"])
        suit_cut |= any(i in crossed_ids for i in zones["suit"])
    if ran_into is not None:
        # A card lying over the index's inner half draws its edge through both glyphs, which may
        # have lost what it covers: read them as cut.  Not for one glyph alone: a card's edge that
        # passes beside an index touches one (tango's 6 of diamonds, and court cards' frame lines
        # in blur, read whole).
        touched = _labels_in(labels[ran_into])
        if any(i in touched for i in zones["rank"]) and any(i in touched for i in zones["suit"]):
            rank_cut = suit_cut = True
    if any((boxes[i][0] == edge or boxes[i][1] == edge) and runs_along_edge(labels, i, *boxes[i][:4], edge)
           for i in zones["rank"]):
        # The edge band took a rank's top off (see _cut_rank): read it as cut.
        rank_cut = True
    short = _beside_the_frame_edge(patch, labels)
    if short:
        # A glyph running up to the frame's edge may go on beyond it.
        rank_cut |= any(i in short for i in zones["rank"])
        suit_cut |= any(i in short for i in zones["suit"])
    keep = np.zeros(n, dtype=np.uint8)
    kept: list[int] = []
    doubt = {}
    restored = stacked is not None and cv2.countNonZero(stacked) > 0
    for zone, ids in zones.items():
        parts = glyph_parts(ids, boxes, lay.rank_px, two_glyphs=zone == "rank")
        if zone == "rank" and len(parts) > 1:
            rest = off_dashes(parts, boxes, lay.stroke)
            if len(rest) < len(parts):
                ids = [i for i in ids if i in rest or i not in parts]  # nor joins a dash faintly
                parts = rest
        if zone == "rank" and rank_at is not None and len(parts) > 1:
            rest = off_pip_remnants(parts, boxes, rank_at)
            if len(rest) < len(parts):
                ids = [i for i in ids if i in rest or i not in parts]  # a pip's piece joins nothing either
                parts = rest
        if zone == "rank" and len(parts) < len(ids):
            # Ranks only: a suit is one solid shape, and faint ink below it
            # is more often a picture it touches than a stroke of its own.
            box = lay.rank_box
            parts += joined_faintly([i for i in ids if i not in parts], parts[0], boxes, labels, ink, binary, inked,
                                     (box.u1 - box.u0) * cw * shrink * FAINT_JOIN_SLACK,
                                     (box.v1 - box.v0) * ch * shrink * FAINT_JOIN_SLACK)
        for i in parts:  # a few labels: faster one by one than by numpy's indexing with a list
            keep[i] = 1
        kept += parts
        # Doubtful: a blob running down the side (only one of a cut rank's size gets past _zones),
        # or one part_blobs kept whole.
        doubt[zone] = (any(boxes[i][0] == edge and _runs_down_the_side(labels, i, boxes[i][0], boxes[i][1],
                                                                       boxes[i][3], edge) for i in parts)
                       or (restored and any(stacked[labels == i].any() for i in parts)))
    if not kept:
        return None, None
    index_ink = painted(labels, kept, n)
    # Rank above suit: cut where the ink thins out between the two expected boxes.
    rows = cv2.reduce(index_ink, 1, cv2.REDUCE_SUM, dtype=cv2.CV_32S).ravel()
    lo_v, hi_v = fit.split_band
    lo_v, hi_v = max(lo_v, 0), min(hi_v, len(rows) - 1)
    if hi_v <= lo_v:
        return None, None
    cut = lo_v + _widest_low(rows[lo_v:hi_v + 1])
    # Halving one blob makes no suit (the rank's half still tells the scale, see below).
    halved = bool(rows[cut]) and _one_blob_across(labels, keep, rows, cut)
    rb = _bbox(index_ink[:cut + 1])
    if rb is None:
        return None, None
    rank_part = index_ink.copy()
    rank_part[cut + 1:] = 0
    # The rank's height fixes the scale: the card-size guess may be 15% off.
    k = min(max((rb[3] - rb[1]) / lay.rank_px, 0.7), 1.4)
    rank_cut |= reaches_a_cut(rb, cuts, lay.stroke)
    rank = _glyph(patch, ink, rank_part, rb, paper, profile.rank_size, lay.rank_win * k * 1.15, cw, ch, rank_cut,
                  doubt["rank"])
    sb = None if halved else _bbox(index_ink[cut + 1:])
    if sb is None:
        # No suit: the rank alone still tells the card's size (the caller may cut again).
        return rank, None
    suit_part = index_ink
    suit_part[:cut + 1] = 0
    sb = (sb[0], sb[1] + cut + 1, sb[2], sb[3] + cut + 1)
    suit_cut |= reaches_a_cut(sb, cuts, lay.stroke)
    return rank, _glyph(patch, ink, suit_part, sb, paper, profile.suit_size, lay.suit_win * k * 1.15, cw, ch,
                        suit_cut, doubt["suit"])


def _labels_in(labels: np.ndarray) -> set[int]:
    """The labels among ``labels`` (a few hundred pixels' worth): counted, not sorted as ``np.unique`` would."""
    return set(np.bincount(labels).nonzero()[0].tolist())


def _off_ink(ink: np.ndarray, line: np.ndarray) -> np.ndarray:
    """``ink`` with no more than the ink level (:data:`.ink.INK`) left on the pixels of ``line``
    (bool, patch-sized): a covering card's edge taken off a glyph, as a level or upright
    line's is (see :func:`.border_lines.thin_runs`).

    A glyph's window takes the ink a pixel around its mask (see :func:`_window`): the edge's
    full ink along the glyph's side stayed in it as a dark rim (a diamond whose tip touched the
    edge read 0.73 with it, 0.87 without).  Not none: where the edge cuts the glyph, what lies
    under it is as likely the glyph's hidden ink as paper (taken off whole, a cut heart read
    as a diamond).
    """
    out = ink.copy()
    out[line] = np.minimum(out[line], INK)
    return out


def _too_big_for_suit(ids: list[int], boxes: list, labels: np.ndarray, unparted, fit: Zones, cw: int) -> tuple:
    """The merged blobs (of ``unparted``, see :func:`.blob_parts.part_blobs`) whose kept parts make the suit
    zone's glyph bigger than a suit: a covering card's edge as thick as the suit's strokes
    that thinning did not part from it."""
    if not ids:
        return ()
    box = fit.suit_box
    max_w, max_h = (box.u1 - box.u0) * cw, (box.v1 - box.v0) * CANON_H
    x0, y0 = min(boxes[i][0] for i in ids), min(boxes[i][1] for i in ids)
    x1, y1 = max(boxes[i][0] + boxes[i][2] for i in ids), max(boxes[i][1] + boxes[i][3] for i in ids)
    if x1 - x0 <= max_w and y1 - y0 <= max_h:
        return ()
    _, old_labels, _, merged = unparted
    under = set()
    for i in ids:
        under |= _labels_in(old_labels[labels == i])
    return tuple(j for j in merged if j in under)


def _index_zones(boxes: list, cents: np.ndarray, labels: np.ndarray, lay: Layout, cw: int,
                 edge: int, side_w: float) -> tuple[dict[str, list[int]], Zones]:
    """The components in the rank's and the suit's zones, and the card size they were found at.

    The card-size guess may be 15% too big: then the glyphs sit nearer the
    corner than the boxes say, and the suit falls in the rank's zone.  The
    zones are tried again shrunk so (the caller cuts again at the size the
    rank's height then tells).
    """
    zones = _zones(boxes, cents, labels, lay.as_cut, cw, edge, side_w)
    if not (zones["rank"] and zones["suit"]):
        smaller = _zones(boxes, cents, labels, lay.smaller, cw, edge, side_w)
        if smaller["rank"] and smaller["suit"]:
            return smaller, lay.smaller
    return zones, lay.as_cut


def _widest_low(rows: np.ndarray) -> int:
    """The middle of the longest run of rows holding the least ink.

    Between rank and suit lies the widest gap of the band: a rank drawn in
    two strokes (a "2" whose hairline to its foot fades) shows a gap of its
    own, a row or two high, above it.  Cutting at the first empty row gave
    the "2"'s foot to the suit.  (A plain loop: the band is some twenty rows,
    and numpy's run-finding costs more than the loop on so few.)
    """
    values = rows.tolist()
    low = min(values)
    best, best_len, start = 0, 0, -1
    for i, v in enumerate(values + [low - 1]):
        if v == low:
            if start < 0:
                start = i
        elif start >= 0:
            if i - start > best_len:
                best, best_len = start, i - start
            start = -1
    return best + (best_len - 1) // 2


def _beside_the_frame_edge(patch: np.ndarray, labels: np.ndarray) -> set[int]:
    """The components of ``labels`` touching the part of the patch beyond the frame (alpha 0, see
    :func:`.warp.warp_corner`); empty for a patch wholly inside it."""
    if patch.ndim != 3 or patch.shape[2] != 4:
        return set()
    alpha = patch[..., 3]
    if patch.strides[2] == 1:
        # Alpha is the high byte of each pixel read as a little-endian 32-bit word
        # (half the time of the alpha plane's minimum): all 255 when the least word has it.
        if int(np.minimum.reduce(patch.view("<u4"), None)) >= 0xFF000000:
            return set()
    elif int(alpha.min()) == 255:
        return set()
    beyond = cv2.dilate((alpha < 255).astype(np.uint8), DILATE)
    return _labels_in(labels[beyond > 0]) - {0}


def _zones(boxes: list, cents: np.ndarray, labels: np.ndarray, fit: Zones, cw: int,
           edge: int, side_w: float) -> dict[str, list[int]]:
    """The components lying in the rank's and in the suit's zone (each box grown for position
    error) of the card size ``fit`` stands for (``cw``: the patch's card width, pixels).

    ``side_w``: how wide against the rank box a cut rank's blob running down the side band
    must be to count (see :func:`_runs_down_the_side`; infinite: none does)."""
    ch = CANON_H
    rank_box, suit_box, rank_zone, suit_zone = fit.rank_box, fit.suit_box, fit.rank_zone, fit.suit_zone
    min_area, rank_h, suit_h = fit.min_area, fit.rank_h, fit.suit_h
    zones: dict[str, list[int]] = {"rank": [], "suit": []}
    bh, bw = labels.shape
    rank_px, rank_w = rank_h * ch, (rank_box.u1 - rank_box.u0) * cw
    for i, ((x, y, w, h, area), (cx, cy)) in enumerate(zip(boxes, cents.tolist())):
        if i == 0 or area < min_area:
            continue
        if ((x == edge or y == edge) and runs_along_edge(labels, i, x, y, w, h, edge)
                and not (_cut_rank(w, h, rank_px, rank_w) and not (_runs_down_the_side(labels, i, x, y, h, edge)
                                                               and w < side_w * rank_w))):
            continue
        if x + w >= bw - 1 or y + h >= bh - 1:
            continue  # cut by the patch edge: a pip or picture beside the index
        u = (cx - PAD) / cw
        v = (cy - PAD) / ch
        in_rank = rank_zone.u0 <= u <= rank_zone.u1 and rank_zone.v0 <= v <= rank_zone.v1
        in_suit = suit_zone.u0 <= u <= suit_zone.u1 and suit_zone.v0 <= v <= suit_zone.v1
        if in_rank and in_suit:  # the grown zones overlap: the nearer box centre decides
            in_rank = abs(v - rank_box.cv) / rank_h < abs(v - suit_box.cv) / suit_h
            in_suit = not in_rank
        if in_rank:
            zones["rank"].append(i)
        elif in_suit:
            zones["suit"].append(i)
    return zones


#: A blob the edge band cut is a rank when it stands this tall against the deck's rank (a band may
#: take a few rows off its top; the size guess may be 15% off) ...
RANK_CUT_H = (0.7, 1.3)
#: ... and is at most this wide against the deck's rank box.
RANK_CUT_W = 1.2
#: A cut rank running down the side band is a rank when at least this wide against the deck's rank box.
RANK_SIDE_W = 0.6


def _cut_rank(w: int, h: int, rank_px: float, rank_w: float) -> bool:
    """Whether a blob running along the edge band's top is a rank the band cut into, not felt or a border.

    Some decks print the index within a pixel or two of the card's edge
    (bellot's rank box starts 0.8% of the card's height from it), and a
    corner found a few pixels inside the card (its black outline, widened by
    blur) puts the rank's top into the band: its top row then runs along the
    band.  Felt or a border left over runs along the band for far longer
    than a glyph is wide or tall, or is thinner than a glyph.
    """
    return RANK_CUT_H[0] * rank_px <= h <= RANK_CUT_H[1] * rank_px and w <= RANK_CUT_W * rank_w


def _runs_down_the_side(labels: np.ndarray, i: int, x: int, y: int, h: int, edge: int) -> bool:
    """Whether component ``i`` runs down the edge band at the patch's side (see :func:`.border_lines.runs_along_edge`).

    A narrow blob of a rank's size running down the side is not taken for a
    cut rank: it is as likely a ten's "1" standing apart from its "0", or felt
    beside a corner found off sideways.  Taken for cut ranks, such blobs
    made jolly-royal's self-test find its 7s and 10s confusable and raise
    its bar from 0.70 to 0.85 (a held-out queen was lost).  One at least
    :data:`RANK_SIDE_W` as wide as the rank box is: penguins prints its
    kings' K a canonical pixel or two from the card's edge, and a corner
    found a pixel inside puts the K's stem into the band.  Such a blob is
    as often a piece of an ornate border (ornamental's, cut as a suit beside
    a stroke read as a jack), so a read of it counts only when sure
    (:attr:`Glyph.doubtful`).
    """
    return x == edge and np.count_nonzero(labels[y:y + h, edge] == i) > 0.5 * h


def _one_blob_across(labels: np.ndarray, keep: np.ndarray, rows: np.ndarray, cut: int) -> bool:
    """Whether the row cutting rank from suit halves one blob that makes up both glyphs.

    A rank and a suit are two glyphs: paper parts them, or in blur a narrow
    neck of ink.  A blob that is most of the ink on both sides of the cut and
    no narrower at the cut than above and below it is one shape (a big pip seen
    past a card's edge): halving it makes a "rank" and a "suit" out of nothing.
    (The tips of a suit's lobes poking above the cut, beside a whole rank, are
    no such blob.)  ``rows``: the index's ink (the components ``keep`` marks) per row.
    """
    above_all, below_all = rows[:cut].sum(), rows[cut + 1:].sum()
    for i in np.unique(labels[cut][keep[labels[cut]] > 0]):
        widths = cv2.reduce((labels == i).view(np.uint8), 1, cv2.REDUCE_SUM, dtype=cv2.CV_32S).ravel()
        above, below = widths[:cut], widths[cut + 1:]
        if above.sum() < 0.5 * above_all or below.sum() < 0.5 * below_all:
            continue
        if widths[cut] > 0.5 * min(above.max(), below.max()):
            return True
    return False


def _lower_rank_level(ink, binary, lay: Layout) -> bool:
    """Cut the rank's rows of ``binary`` at :func:`.ink.faint_level` in place; False (unchanged) when not faint."""
    (r0, r1), (c0, c1) = lay.rank_rows, lay.rank_cols
    level = faint_level(ink[r0:r1, c0:c1])
    if level is None:
        return False
    split = lay.faint_split
    binary[:split] = ink[:split] > level
    return True


def _lower_suit_level(ink, binary, lay: Layout) -> bool:
    """Cut the suit's rows of ``binary`` at :func:`.ink.faint_level` of the suit's ink in place; False
    (unchanged) when it is not faint."""
    (r0, r1), (c0, c1) = lay.suit_rows, lay.suit_cols
    level = faint_level(ink[r0:r1, c0:c1])
    if level is None:
        return False
    split = lay.faint_split
    binary[split:] = ink[split:] > level
    return True


#: How much bigger than the deck's glyph box (the card-size guess may be 15% off) pieces joined faintly may span.
FAINT_JOIN_SLACK = 1.15


def _bbox(part: np.ndarray):
    if cv2.countNonZero(part) < 4:
        return None
    x, y, w, h = cv2.boundingRect(part)
    return x, y, x + w, y + h


def _glyph(patch, ink, part, bbox, paper, size, win_h, cw, ch, cut: bool = False, doubtful: bool = False,
           whole: bool = True) -> Glyph:
    """The glyph of mask ``part`` (0/1, bounding box ``bbox``): see :func:`_window`.
    ``whole``: the glyph may be taken again as its :func:`solid_core`."""
    x0, y0, x1, y1 = bbox
    box = Box((x0 - PAD) / cw, (y0 - PAD) / ch, (x1 - PAD) / cw, (y1 - PAD) / ch)
    # Both are worked out on the part's corner of the patch only: from the
    # origin (so coordinates stay the same) to one pixel past the box.
    near = (slice(0, y1 + 1), slice(0, x1 + 1))

    def core() -> Optional[Glyph]:
        solid = solid_core(part, bbox)
        if solid is None:
            return None
        return _glyph(patch, ink, solid, _bbox(solid), paper, size, win_h, cw, ch, True, doubtful, whole=False)

    return Glyph(box, lambda f: _window(ink[near], part[near], size, win_h * f),
                 lambda: redness_of(patch[y0:y1, x0:x1], part[y0:y1, x0:x1], paper), cut,
                 lambda: ink_colour_of(patch[y0:y1, x0:x1], part[y0:y1, x0:x1], paper),
                 lambda: edge_blur(ink, part, bbox), doubtful, core if whole else None)


def _rescaled(glyph: Optional[Glyph], factor: float) -> Optional[Glyph]:
    return None if glyph is None else glyph.rescaled(factor)


#: The solid body of a suit glyph is what an opening this share of the glyph's height across keeps
#: (see :func:`solid_core`); strokes thinner than that, joined to it, are a picture's.
CORE_OPENING = 0.3

#: A core must lose at least this share of the glyph's ink to be worth scoring again.
CORE_LOSS = 0.04


def solid_core(part: np.ndarray, bbox) -> Optional[np.ndarray]:
    """``part`` (0/1) without the thin strokes joined to its solid body, or None when it has none.

    A court card's picture is drawn in thin lines, and on some designs they
    run into the index's suit (a spear's tip beside a jack's spade, the leaf
    under a queen's): the glyph is then the suit with a tail of lines, and
    its window is centred off the suit.  An opening :data:`CORE_OPENING` of
    the glyph's height across keeps the suit's body and drops the lines; the
    glyph's own pixels within half that width of its biggest solid piece are
    kept, so a suit's stem and points (thin, but short) come back.  A stroke
    running down beside the suit is cut off at the suit's mirrored side (see
    :func:`_cut_past_mirror`).  None when that loses less than :data:`CORE_LOSS`
    of the glyph: nothing was joined to it.
    """
    x0, y0, x1, y1 = bbox
    sub = part[y0:y1, x0:x1]
    k = max(3, int(CORE_OPENING * (y1 - y0)) | 1)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    body = cv2.morphologyEx(sub, cv2.MORPH_OPEN, disc)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(body, None, None, None, 8, cv2.CV_16U)
    if n < 2:
        return None
    biggest = 1 + int(stats[1:, cv2.CC_STAT_AREA].argmax())
    solid = (labels == biggest).astype(np.uint8)
    keep = cv2.bitwise_and(sub, cv2.dilate(solid, disc))
    _cut_past_mirror(keep, solid)
    kept, had = cv2.countNonZero(keep), cv2.countNonZero(sub)
    if kept < 4 or kept > (1.0 - CORE_LOSS) * had:
        return None
    out = np.zeros_like(part)
    out[y0:y1, x0:x1] = keep
    return out


#: A suit may reach this many pixels farther right of its axis than left (see :func:`_cut_past_mirror`):
#: blur takes a rim pixel over the ink level on one side and not the other.
MIRROR_SLACK = 1


def _cut_past_mirror(glyph: np.ndarray, solid: np.ndarray) -> None:
    """Blank the columns of ``glyph`` (0/1, in place) more than :data:`MIRROR_SLACK` right of
    the mirror of its left edge about the middle of the bottom row of ``solid``, its solid body.

    Every suit is mirror-symmetric, and the bottom row of its solid body (a
    spade's or a club's lobes, the stem too thin to be part of it; a heart's or
    a diamond's point) lies across its axis.  A picture's stroke running down
    beside the suit, touching its side where the suit is widest, is as thick
    as the suit there, and the opening of :func:`solid_core` keeps it: the suit
    then reaches farther right of its axis than left.  A tarocco jack's halberd
    meets his index spade so, and the shaft's end, taken in with the spade,
    made it read as no suit.  The picture lies right of the index, never left.
    """
    rows = np.flatnonzero(cv2.reduce(solid, 1, cv2.REDUCE_MAX).ravel())
    cols = np.flatnonzero(cv2.reduce(glyph, 0, cv2.REDUCE_MAX).ravel())
    if not rows.size:
        return
    foot = np.flatnonzero(solid[rows[-1]])
    glyph[:, int(foot[0] + foot[-1]) - int(cols[0]) + MIRROR_SLACK + 1:] = 0


#: Canonical pixels around a glyph's box in which its edge's blur is measured (room for a blurred edge's tail).
BLUR_REACH = 4


def edge_blur(ink: np.ndarray, part: np.ndarray, bbox) -> float:
    """How blurred a glyph is: the width (Gaussian sigma, canonical pixels) of its outline's edge.

    The glyph's window is cut at the ink level, which gives even a heavily
    blurred shape a crisp rim, so the window's own sharpness does not tell
    blur.  The ink map does: a solid shape of ink ``c`` blurred by a
    Gaussian of sigma ``s`` falls off at its edge with a slope of
    ``c / (s * sqrt(2 pi))``, whatever the shape.  The median slope over the
    mask's outline and the glyph's darkest ink give ``s`` (motion blur
    lowers the slope along its direction, and so the median).  Canonical
    pixels are fractions of the card's height, so the figure does not change
    with the card's size in the frame.  A small glyph blurred far past its
    own size measures less than its blur (its ink is cut where the slope has
    flattened again): the figure still grows with blur, but it is not the sigma.
    """
    h, w = part.shape
    x0, y0, x1, y1 = bbox
    x0, y0 = max(x0 - BLUR_REACH, 0), max(y0 - BLUR_REACH, 0)
    x1, y1 = min(x1 + BLUR_REACH, w), min(y1 + BLUR_REACH, h)
    roi = ink[y0:y1, x0:x1]
    mask = part[y0:y1, x0:x1]
    rim = cv2.subtract(mask, cv2.erode(mask, DILATE))
    n = cv2.countNonZero(rim)
    if n < 4:
        return 0.0
    rim = rim > 0
    # Sobel's 3x3 kernel weighs a unit slope 8 times.
    slopes = cv2.magnitude(cv2.Sobel(roi, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(roi, cv2.CV_32F, 0, 1, ksize=3))[rim] / 8
    # Both arrays are the masks' own copies: partitioned in place (np.partition copies them again).
    slopes.partition(n // 2)
    slope = float(slopes[n // 2])  # the median (np.median is several times slower)
    inside = roi[mask > 0]
    k = int(0.95 * (inside.size - 1))  # the 95th percentile: the darkest ink but a stray pixel
    inside.partition(k)
    peak = float(inside[k])
    return peak / (max(slope, 1e-6) * np.sqrt(2 * np.pi))


def _window(ink: np.ndarray, part: np.ndarray, size: tuple[int, int], win_h: float) -> np.ndarray:
    """The glyph's ink in a window of fixed size (scaled by ``win_h``) centred on its ink.

    Centring on the ink instead of cutting at a threshold keeps faint strokes
    (a spade's stem in blur) where the template has them.  Every pixel of
    ``part`` is ink (above some level > 0), so the weights are never all zero.
    The ink outside the dilated part is zero, so ``ink`` and ``part`` may be
    cut anywhere past it (what the window takes from beyond is zero either way).
    """
    sel = cv2.dilate(part, DILATE)
    weights = cv2.copyTo(ink, sel)  # the ink under the mask, zero elsewhere
    mom = cv2.moments(weights)
    cx, cy = mom["m10"] / mom["m00"], mom["m01"] / mom["m00"]
    win_w = win_h * size[0] / size[1]
    m = np.array([[win_w / size[0], 0, cx - win_w / 2], [0, win_h / size[1], cy - win_h / 2]])
    return cv2.warpAffine(weights, m, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=0)


def normalise(crop: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """A glyph crop resized to the template size (width, height), as float 0..1."""
    interp = cv2.INTER_AREA if crop.shape[0] > size[1] else cv2.INTER_LINEAR
    return cv2.resize(crop.astype(np.float32), size, interpolation=interp)
