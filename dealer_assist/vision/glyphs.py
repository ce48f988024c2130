"""Cutting the rank and the suit out of an upright corner patch.

The rank is the ink in the profile's rank box, the suit the ink in its suit
box; long straight strokes (a court card's picture frame) and blobs that
cannot be one glyph (a pip melted onto the index in blur, a pip printed right
beside it) are removed or parted first.  Each glyph is taken in a fixed
window centred on its ink and scaled by the rank's height, so faint strokes
are kept and a wrong card-size guess does not matter.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Callable, NamedTuple, Optional

import cv2
import numpy as np

from dealer_assist.vision.cover_lines import lines_off_unparted
from dealer_assist.vision.profile import CANON_H, Box, Profile
from dealer_assist.vision.rank_lines import line_off_rank, wide_line_off_rank
from dealer_assist.vision.thin_lines import LINE_WIDTH, leaves_a_glyph, straight_piece

#: Canonical pixels of table kept around the corner so the card edge is in view.
PAD = 4
#: Relative darkness (0 paper .. 1 black) above which a pixel is ink.
INK = 0.40
#: A faint rank's ink level: this share of its darkest ink, never below INK_FLOOR (see :func:`faint_level`).
FAINT_SHARE = 0.6
INK_FLOOR = 0.2
#: Ink level down to which a glyph's pieces still count as one stroke (see :func:`_joined_faintly`).
JOIN_LEVEL = 0.2
#: A card this much smaller than the size guessed for it (the guess may be 15% off) still has its glyphs found.
SMALLER_CARD = 1 / 1.15
_DILATE = np.ones((3, 3), np.uint8)
_LEVELS = np.arange(256, dtype=np.float32)


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
        #: The glyph was parted from ink beside it by a cut through ink (see :func:`_cut_beside`):
        #: it may be a piece of a pip or a picture rather than a whole glyph.
        self.cut = cut
        #: The glyph is as likely something else: it runs down the edge band at the patch's side
        #: (felt, a card's border, see :func:`_runs_down_the_side`), or it was cut from a blob a
        #: rank and suit made together that thinning could not part (see :func:`_part_blobs`).
        self.doubtful = doubtful

    @cached_property
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

    @cached_property
    def redness(self) -> float:
        return self._redness()

    @cached_property
    def ink_colour(self) -> Optional[tuple[float, float, float]]:
        """See :func:`ink_colour_of`."""
        return self._ink_colour() if self._ink_colour is not None else None

    @cached_property
    def blur(self) -> float:
        """See :func:`edge_blur` (0 when not measured)."""
        return self._blur() if self._blur is not None else 0.0


def ink_map(patch: np.ndarray) -> tuple[np.ndarray, float]:
    """Relative darkness of each pixel against the paper of this patch, and the paper level.

    The darkest channel makes red ink as dark as black ink; dividing by the
    local paper level cancels uneven light and exposure.
    """
    lo8, lut, paper = darkness(patch)
    return lut[lo8], paper


class Darkness(NamedTuple):
    """A patch's darkest channel (uint8), its ink value per grey level (256 entries), and the paper level."""

    lo8: np.ndarray
    lut: np.ndarray
    paper: float


def darkness(patch: np.ndarray, channels: tuple[int, ...] = ()) -> Darkness:
    """The :class:`Darkness` of ``patch``: what :func:`extract_glyphs` cuts the glyphs from.

    A patch holds only 256 grey levels, so the ink map is a table look-up
    (the same float32 arithmetic, once per level instead of once per pixel).
    A corner looked at twice (the faint look) passes it on instead of
    working it out again.  ``channels``: those every index ink of the deck
    darkens (:func:`.suit_colours.ink_channels`); a pixel is as dark as the
    least darkened of them, so a colour no index ink has is pale.  Without
    them, as its darkest channel.
    """
    planes = [cv2.extractChannel(patch, i) for i in range(3)]  # BGR or BGRA (cv2.split copies alpha too)
    if channels:
        lo8 = planes[channels[0]]
        for c in channels[1:]:
            lo8 = cv2.max(lo8, planes[c])
    else:
        lo8 = cv2.min(cv2.min(planes[0], planes[1]), planes[2])
    inner = lo8[PAD:, PAD:]
    if inner.size:
        # Counts below 2**24 add up exactly in float32, the histogram's type.
        cdf = cv2.calcHist([inner], [0], None, [256], [0, 256]).ravel().cumsum()
        paper = float(cdf.searchsorted(0.9 * inner.size))  # the 90th percentile
    else:
        paper = 255.0
    return Darkness(lo8, _ink_table(max(paper, 1.0))[0], max(paper, 1.0))


def brighter_paper(levels: Darkness, factor: float) -> Darkness:
    """``levels`` with the paper taken ``factor`` times brighter (a clipped paper shows darker than it is)."""
    paper = levels.paper * factor
    return Darkness(levels.lo8, _ink_table(paper)[0], paper)


@lru_cache(maxsize=256)
def _ink_table(paper: float) -> tuple[np.ndarray, int]:
    """Ink per grey level against ``paper`` (float32), and how many grey levels are ink (> :data:`INK`).

    Ink falls as the level rises, so the levels that are ink are the darkest
    ones: the ink mask is a plain threshold (a tenth of the time of a byte look-up).
    """
    ink = np.clip((paper - _LEVELS) / paper, 0.0, 1.0)
    ink.flags.writeable = False
    dark = ink > INK
    below = int(dark.sum())
    assert dark[:below].all(), "ink must fall as the grey level rises"
    return ink, below


def ink_mask(lo8: np.ndarray, paper: float) -> np.ndarray:
    """1 where the darkest channel ``lo8`` is ink against ``paper`` (see :func:`_ink_table`), else 0."""
    return cv2.threshold(lo8, _ink_table(paper)[1] - 1, 1, cv2.THRESH_BINARY_INV)[1]


def redness_of(patch: np.ndarray, mask: np.ndarray, paper: float) -> float:
    """How red the ink under ``mask`` is: 0 for black or grey, about 0.5 or more for red."""
    m = mask.astype(np.uint8)
    if not cv2.countNonZero(m):
        return 0.0
    b, g, r, _ = cv2.mean(patch, mask=m)
    return float((r - max(g, b)) / paper)


#: Least darkness (against the paper) of a glyph's ink whose colour is told:
#: paler ink (a glyph blurred to a ghost) holds too little colour to measure.
COLOUR_DARKNESS = 0.08


def ink_colour_of(patch: np.ndarray, mask: np.ndarray, paper: float) -> Optional[tuple[float, float, float]]:
    """The colour of the ink under ``mask`` as what it takes from the paper, per channel (B, G, R).

    Each channel's loss against the paper beside the glyph, less the mean
    loss, over the mean loss: 0 for black or grey ink, away from 0 towards
    the channels the ink lets through (red ink takes little red).  A pixel
    blurred half into the paper loses half of each channel, so the figure
    does not fade with blur or pale print, and a tinted light shifts the
    paper as much as the ink.  None when the ink is too pale to tell.
    """
    m = mask.astype(np.uint8)
    if cv2.countNonZero(m) < 4:
        return None
    ink = np.array(cv2.mean(patch, mask=m)[:3])
    lo = patch[..., :3].min(axis=2)
    bright = ((lo >= 0.85 * paper) & (m == 0)).astype(np.uint8)
    paper_bgr = np.array(cv2.mean(patch, mask=bright)[:3]) if cv2.countNonZero(bright) >= 4 else np.full(3, paper)
    loss = paper_bgr - ink
    dark = float(loss.mean())
    if dark < COLOUR_DARKNESS * paper:
        return None
    c = (loss - dark) / dark
    return float(c[0]), float(c[1]), float(c[2])


def faint_level(rank_ink: np.ndarray) -> Optional[float]:
    """A lower ink level for a rank too faint for :data:`INK`, or None when it is not faint.

    In heavy blur a rank's thin strokes fade to a pale grey (or pink) that
    barely reaches ``INK`` while the solid suit below still does: the rank
    breaks apart or is lost.  The level then follows the rank's darkest ink
    down (to :data:`FAINT_SHARE` of it, never below :data:`INK_FLOOR`).
    """
    if not rank_ink.size or not _may_be_faint(rank_ink):
        return None
    peak = float(np.percentile(rank_ink, 98))
    level = max(INK_FLOOR, FAINT_SHARE * peak)
    return level if peak >= INK_FLOOR / FAINT_SHARE and level < INK - 0.02 else None


def _may_be_faint(rank_ink: np.ndarray) -> bool:
    """False when the 98th percentile surely lies outside the faint range (a percentile is slow).

    Pixel counts past a level bound the two order statistics the percentile
    lies between; a pixel of slack on each side and 0.01 on the levels make
    this a shortcut only, never a different answer.
    """
    n = rank_ink.size
    g = int(0.98 * (n - 1))  # the lower of the two order statistics
    dark = (INK - 0.02) / FAINT_SHARE + 0.01  # a peak this dark is not faint
    pale = INK_FLOOR / FAINT_SHARE - 0.01  # nor one this pale
    if np.count_nonzero(rank_ink >= dark) >= n - g + 1:
        return False
    return np.count_nonzero(rank_ink > pale) > n - g - 3


def has_faint_rank(patch: np.ndarray, profile: Profile, levels: Optional[Darkness] = None) -> bool:
    """Whether the rank box of an upright corner patch holds ink faint enough
    for a second, faint look (:func:`extract_glyphs` with ``faint``; it finds nothing otherwise).

    ``levels``: the patch's :func:`darkness`, when already worked out."""
    lay = glyph_layout(profile)
    lo8, lut, _ = levels if levels is not None else darkness(patch)
    (r0, r1), (c0, c1) = lay.rank_rows, lay.rank_cols
    ink = cv2.LUT(lo8[:r1, :c1], lut)
    ink[:lay.edge, :] = 0
    ink[:, :lay.edge] = 0
    return faint_level(ink[r0:r1, c0:c1]) is not None


@dataclass(frozen=True)
class _Zones:
    """Where the rank and the suit are looked for on a card ``k`` times the size the patch was cut for
    (see :func:`_zones`): the boxes, each grown for position error, in card fractions."""

    k: float
    rank_box: Box
    suit_box: Box
    rank_zone: Box
    suit_zone: Box
    rank_h: float
    suit_h: float
    #: Least area of a component that may be a glyph (pixels).
    min_area: int
    #: The rows between which rank and suit are parted.
    split_band: tuple[int, int]


@dataclass(frozen=True)
class _Layout:
    """A profile's index geometry in corner-patch pixels: rows and columns of
    the boxes and zones, window sizes and limits (see :func:`extract_glyphs`)."""

    edge: int
    rank_rows: tuple[int, int]
    rank_cols: tuple[int, int]
    rank_min_ink: float
    suit_rows: tuple[int, int]
    suit_cols: tuple[int, int]
    suit_min_ink: float
    run_length: int
    run_thick: int
    beside: tuple[tuple[float, float, int, int], ...]
    zones: tuple[tuple[float, float, float, float], ...]
    max_w: float
    max_h: float
    rank_box: Box
    suit_box: Box
    rank_h: float
    suit_h: float
    #: The zones of the card as cut, and of a card :data:`SMALLER_CARD` the size.
    as_cut: _Zones
    smaller: _Zones
    rank_px: float
    rank_win: float
    suit_win: float
    faint_split: int
    cw: int
    stroke: int


def _scaled_zones(rank_box: Box, suit_box: Box, rank_h: float, suit_h: float, k: float) -> _Zones:
    """The :class:`_Zones` of a card ``k`` times the size the patch was cut for (``k`` != 1)."""
    ch = CANON_H
    rank_k, suit_k = _scaled(rank_box, k), _scaled(suit_box, k)
    # The band keeps the unscaled glyph heights: it only moves with the boxes.
    return _Zones(k, rank_k, suit_k, rank_k.grow(0.2, 0.35), suit_k.grow(0.2, 0.35), rank_h * k, suit_h * k,
                  max(3, int(0.02 * (suit_h * k * ch) ** 2)),
                  (PAD + int((rank_k.v1 - 0.35 * rank_h) * ch), PAD + int((suit_k.v0 + 0.35 * suit_h) * ch)))


def glyph_layout(profile: Profile) -> _Layout:
    """Where a profile's rank and suit lie in an upright corner patch, in its pixels (worked out once per deck)."""
    return _layout(profile.rank_box, profile.suit_box, profile.rank_h, profile.suit_h, profile.edge_margin,
                   profile.aspect, profile.canon_w)


@lru_cache(maxsize=32)
def _layout(rank_box: Box, suit_box: Box, rank_h: float, suit_h: float, edge_margin: float, aspect: float,
            cw: int) -> _Layout:
    """Everything of :func:`extract_glyphs` that depends on the profile only (computed once, not per corner)."""
    ch = CANON_H
    rz = rank_box
    r0, r1 = PAD + int(rz.v0 * ch), PAD + int(rz.v1 * ch) + 1
    c0, c1 = PAD + int(rz.u0 * cw), PAD + int(rz.u1 * cw) + 1
    sz = suit_box.grow(0.2, 0.35)
    s_r0, s_r1 = max(PAD + int(sz.v0 * ch), 0), PAD + int(sz.v1 * ch) + 1
    s_c0, s_c1 = max(PAD + int(sz.u0 * cw), 0), PAD + int(sz.u1 * cw) + 1
    # A court card's picture frame runs close to the index and may touch it:
    # straight strokes longer than any glyph are frame, not index.  Only
    # *thin* runs are frame: a glyph melted onto a big pip beside it also
    # makes long runs of ink, but thick ones, and those are parted later.
    longest = max(rank_box.v1 - rank_box.v0, suit_box.v1 - suit_box.v0,
                  (rank_box.u1 - rank_box.u0) * aspect, (suit_box.u1 - suit_box.u0) * aspect)
    # Where a glyph is parted from a pip beside it (see :func:`_cut_beside`):
    # from a little inside its box's right edge for the rank (further in
    # lies the gap between a ten's two digits), from the box's middle for the
    # suit.  A corner found a few pixels off, or a card a little smaller than
    # guessed, puts the suit left of its box's right edge, and its junction
    # with the pip inside the box; one suit glyph has no thin column between
    # its middle and its right edge, so the thinnest one there is the junction.
    beside = []
    for box, inside in ((rank_box, 0.15), (suit_box, 0.5)):
        bw, bh = (box.u1 - box.u0) * cw, (box.v1 - box.v0) * ch
        beside.append((PAD + box.v0 * ch - 0.1 * bh, PAD + box.v1 * ch + 0.1 * bh,
                       int(PAD + box.u1 * cw - inside * bw), int(PAD + box.u1 * cw + 0.35 * bw) + 1))
    return _Layout(
        edge=PAD + max(1, int(edge_margin * 0.5 * min(cw, ch))),
        rank_rows=(r0, r1), rank_cols=(c0, c1), rank_min_ink=0.05 * (r1 - r0) * (c1 - c0),
        suit_rows=(s_r0, s_r1), suit_cols=(s_c0, s_c1), suit_min_ink=0.03 * (s_r1 - s_r0) * (s_c1 - s_c0),
        run_length=max(5, int(1.3 * longest * ch)), run_thick=max(5, int(0.35 * suit_h * ch)),
        beside=tuple(beside),
        zones=tuple((PAD + z.u0 * cw, PAD + z.u1 * cw, PAD + z.v0 * ch, PAD + z.v1 * ch) for z in (suit_box, rank_box)),
        max_w=1.5 * max(rank_box.u1 - rank_box.u0, suit_box.u1 - suit_box.u0) * cw,
        max_h=1.5 * max(rank_box.v1 - rank_box.v0, suit_box.v1 - suit_box.v0) * ch,
        rank_box=rank_box, suit_box=suit_box, rank_h=rank_h, suit_h=suit_h,
        as_cut=_Zones(1.0, rank_box, suit_box, rank_box.grow(0.2, 0.35), suit_box.grow(0.2, 0.35), rank_h, suit_h,
                      max(3, int(0.02 * suit_h * ch * suit_h * ch)),
                      (PAD + int((rank_box.v1 - 0.35 * rank_h) * ch), PAD + int((suit_box.v0 + 0.35 * suit_h) * ch))),
        smaller=_scaled_zones(rank_box, suit_box, rank_h, suit_h, SMALLER_CARD),
        rank_px=rank_h * ch,
        # Windows fit the tallest glyph of the deck (some print a bigger club, or a bigger court-card suit).
        rank_win=max(rank_h, 0.85 * (rank_box.v1 - rank_box.v0)) * ch,
        suit_win=max(suit_h, 0.85 * (suit_box.v1 - suit_box.v0)) * ch,
        faint_split=PAD + int((rz.v1 + 0.5 * max(suit_box.v0 - rz.v1, 0.0)) * ch),
        cw=cw,
        # An index glyph's strokes are at least a tenth of its height (the
        # thinnest printed rank fonts); a border line is thinner than that.
        stroke=max(3, int(0.1 * rank_h * ch)),
    )


def _components(binary: np.ndarray) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, list]:
    """The 8-connected components of ``binary``: count, labels, stats, centroids, and the stats as lists."""
    n, labels, stats, cents = cv2.connectedComponentsWithStats(binary, None, None, None, 8, cv2.CV_16U)
    return n, labels, stats, cents, stats.tolist()


def extract_glyphs(patch: np.ndarray, profile: Profile, faint: bool = False,
                   levels: Optional[Darkness] = None, faint_suit: bool = False,
                   doubtful: bool = True) -> tuple[Optional[Glyph], Optional[Glyph]]:
    """The rank and suit glyphs of an upright corner patch, or None where none fits.

    With ``faint`` the rank's rows are cut at :func:`faint_level` (both None
    when the rank is not faint): a second look at a corner whose rank did not
    read; with ``faint_suit`` the suit's rows, likewise (a pale ink's suit
    whose stem and point fall below :data:`INK` in blur), and the rank's too
    when its ink is faint.  The suit is always cut at ``INK``, as its templates were.

    Most of the patches of a frame hold no index, and the patch is small:
    the steps are OpenCV calls on whole arrays, and the geometry of the
    profile is worked out once (:func:`_layout`).  ``levels``: the patch's
    :func:`darkness`, when already worked out.  ``doubtful``: whether
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
    inked = binary.copy()  # what counts as ink before lines, neighbours and melted blobs are taken off
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
    lines = _thin_runs(binary, lay.run_length, lay.run_thick)
    ran_into = None
    if cv2.countNonZero(lines):
        binary &= ~cv2.dilate(lines, _DILATE)
        ran_into = cv2.dilate(lines, _DILATE, iterations=2) > 0
        ink = cv2.copyTo(ink, binary, cv2.min(ink, INK))  # ink kept only where still ink
    beside = [_cut_beside(binary, rows_cols) for rows_cols in lay.beside]  # the rank's band, then the suit's
    rank_at = None if beside[0] is None else beside[0][0]
    # A cut beside a glyph counts only where the glyph may have lost ink to it (see _reaches_a_cut, below).
    cuts = [(*b, rows_cols) for b, rows_cols in zip(beside, lay.beside) if b is not None]
    rank_cut = suit_cut = False
    n, labels, stats, cents, boxes = _components(binary)
    peeled = _peel_border_line(binary, labels, boxes, lay)
    if peeled is not None:
        n, labels, stats, cents, boxes = _components(binary)
        peeled = np.flatnonzero(np.bincount(labels[peeled])).tolist()  # the labels under it (np.unique sorts)
    merged = _blobs_to_part(boxes, binary.shape, lay)
    unparted = stacked = None
    if merged:
        stacked = np.zeros_like(binary) if doubtful else None
        parted = _part_blobs(binary, labels, boxes, merged, lay.max_w, lay.max_h, stacked=stacked)
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
            binary = _part_blobs(binary, unparted[1], unparted[2], list(oversize), lay.max_w, lay.max_h,
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
        line = _line_off_suit(labels, boxes, zones["suit"], lay, shrink)
        if line is not None:
            binary[line] = 0
            ink = _off_ink(ink, line)
            n, labels, stats, cents, boxes = _components(binary)
            zones = _zones(boxes, cents, labels, fit, cw, edge, side_w)
            suit_cut = True
    if any(boxes[i][0] == edge for i in zones["rank"]) and any(boxes[i][1] == edge for i in zones["rank"]):
        # A covering card's edge joined to the rank crosses the patch from one side of
        # the edge band to the other (ink reaching the far sides is no rank's).
        args = (labels, boxes, _glyph_parts(zones["rank"], boxes, lay.rank_px, two_glyphs=True), edge,
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
        crossed_ids = set(np.unique(labels[cv2.dilate(crossed, _DILATE) > 0]).tolist())
        rank_cut |= any(i in crossed_ids for i in zones["rank"])
        suit_cut |= any(i in crossed_ids for i in zones["suit"])
    if ran_into is not None:
        # A card lying over the index's inner half draws its edge through both glyphs, which may
        # have lost what it covers: read them as cut.  Not for one glyph alone: a card's edge that
        # passes beside an index touches one (tango's 6 of diamonds, and court cards' frame lines
        # in blur, read whole).
        touched = set(np.unique(labels[ran_into]).tolist())
        if any(i in touched for i in zones["rank"]) and any(i in touched for i in zones["suit"]):
            rank_cut = suit_cut = True
    if any((boxes[i][0] == edge or boxes[i][1] == edge) and _runs_along_edge(labels, i, *boxes[i][:4], edge)
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
    restored = stacked is not None and bool(stacked.any())
    for zone, ids in zones.items():
        parts = _glyph_parts(ids, boxes, lay.rank_px, two_glyphs=zone == "rank")
        if zone == "rank" and rank_at is not None and len(parts) > 1:
            rest = _off_pip_remnants(parts, boxes, rank_at)
            if len(rest) < len(parts):
                ids = [i for i in ids if i in rest or i not in parts]  # a pip's piece joins nothing either
                parts = rest
        if zone == "rank" and len(parts) < len(ids):
            # Ranks only: a suit is one solid shape, and faint ink below it
            # is more often a picture it touches than a stroke of its own.
            box = lay.rank_box
            parts += _joined_faintly([i for i in ids if i not in parts], parts[0], boxes, labels, ink, binary, inked,
                                     (box.u1 - box.u0) * cw * shrink * FAINT_JOIN_SLACK,
                                     (box.v1 - box.v0) * ch * shrink * FAINT_JOIN_SLACK)
        for i in parts:  # a few labels: faster one by one than by numpy's indexing with a list
            keep[i] = 1
        kept += parts
        # Doubtful: a blob running down the side (only one of a cut rank's size gets past _zones),
        # or one _part_blobs kept whole.
        doubt[zone] = (any(boxes[i][0] == edge and _runs_down_the_side(labels, i, boxes[i][0], boxes[i][1],
                                                                       boxes[i][3], edge) for i in parts)
                       or (restored and any(stacked[labels == i].any() for i in parts)))
    if not kept:
        return None, None
    index_ink = _painted(labels, kept, n)
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
    rank_cut |= _reaches_a_cut(rb, cuts, lay.stroke)
    rank = _glyph(patch, ink, rank_part, rb, paper, profile.rank_size, lay.rank_win * k * 1.15, cw, ch, rank_cut,
                  doubt["rank"])
    sb = None if halved else _bbox(index_ink[cut + 1:])
    if sb is None:
        # No suit: the rank alone still tells the card's size (the caller may cut again).
        return rank, None
    suit_part = index_ink
    suit_part[:cut + 1] = 0
    sb = (sb[0], sb[1] + cut + 1, sb[2], sb[3] + cut + 1)
    suit_cut |= _reaches_a_cut(sb, cuts, lay.stroke)
    return rank, _glyph(patch, ink, suit_part, sb, paper, profile.suit_size, lay.suit_win * k * 1.15, cw, ch,
                        suit_cut, doubt["suit"])


def _off_ink(ink: np.ndarray, line: np.ndarray) -> np.ndarray:
    """``ink`` with no more than the ink level (:data:`INK`) left on the pixels of ``line``
    (bool, patch-sized): a covering card's edge taken off a glyph, as a level or upright
    line's is (see :func:`_thin_runs`).

    A glyph's window takes the ink a pixel around its mask (see :func:`_window`): the edge's
    full ink along the glyph's side stayed in it as a dark rim (a diamond whose tip touched the
    edge read 0.73 with it, 0.87 without).  Not none: where the edge cuts the glyph, what lies
    under it is as likely the glyph's hidden ink as paper (taken off whole, a cut heart read
    as a diamond).
    """
    out = ink.copy()
    out[line] = np.minimum(out[line], INK)
    return out


def _too_big_for_suit(ids: list[int], boxes: list, labels: np.ndarray, unparted, fit: _Zones, cw: int) -> tuple:
    """The merged blobs (of ``unparted``, see :func:`_part_blobs`) whose kept parts make the suit
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
        under |= set(np.unique(old_labels[labels == i]).tolist())
    return tuple(j for j in merged if j in under)


def _index_zones(boxes: list, cents: np.ndarray, labels: np.ndarray, lay: _Layout, cw: int,
                 edge: int, side_w: float) -> tuple[dict[str, list[int]], _Zones]:
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
    :func:`.index.warp_corner`); empty for a patch wholly inside it."""
    if patch.ndim != 3 or patch.shape[2] != 4:
        return set()
    alpha = patch[..., 3]
    if patch.strides[2] == 1:
        # Alpha is the high byte of each pixel read as a little-endian 32-bit word
        # (half the time of the alpha plane's minimum): all 255 when the least word has it.
        if int(patch.view("<u4").min()) >= 0xFF000000:
            return set()
    elif int(alpha.min()) == 255:
        return set()
    beyond = cv2.dilate((alpha < 255).astype(np.uint8), _DILATE)
    return set(np.unique(labels[beyond > 0]).tolist()) - {0}


def _scaled(box: Box, k: float) -> Box:
    """``box`` on a card ``k`` times the size: card fractions from the index corner scale with it."""
    return Box(box.u0 * k, box.v0 * k, box.u1 * k, box.v1 * k)


def _zones(boxes: list, cents: np.ndarray, labels: np.ndarray, fit: _Zones, cw: int,
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
        if ((x == edge or y == edge) and _runs_along_edge(labels, i, x, y, w, h, edge)
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
    """Whether component ``i`` runs down the edge band at the patch's side (see :func:`_runs_along_edge`).

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


def _runs_along_edge(labels: np.ndarray, i: int, x: int, y: int, w: int, h: int, edge: int) -> bool:
    """Whether component ``i`` (bounding box x, y, w, h) runs along the card's edge band.

    Ink up to ``edge`` from the card's edges is blanked (felt, the card's
    border).  What touches the band over most of its length is felt or border
    left over past a corner found a little off; a glyph only grazes it with a
    tip (a diamond's point, a heart's lobe on a card smaller than guessed).
    """
    if x == edge and np.count_nonzero(labels[y:y + h, edge] == i) > 0.5 * h:
        return True
    return y == edge and np.count_nonzero(labels[edge, x:x + w] == i) > 0.5 * w


def _peel_border_line(binary: np.ndarray, labels: np.ndarray, boxes: list, lay: _Layout) -> Optional[np.ndarray]:
    """Take the thin ink next to the card's edge off the blobs that run along it; where ink was taken, or None.

    Many decks print a dark border line just inside the card's edge, and
    some print the index so close to the corner that a glyph touches it:
    glyph and line then make one blob running along the edge, which
    :func:`_runs_along_edge` throws away whole.  A printed line is thinner
    than a glyph's stroke, so an opening by a stroke's width removes the
    line and keeps the glyph.  Only thin ink within a stroke's width of the
    edge band goes: a thin stroke of the glyph away from the edge stays.
    ``binary`` is changed in place; the caller labels it again.
    """
    edge, k = lay.edge, lay.stroke
    # Only a blob with more ink than a stroke-wide line along its box's two
    # sides can hold a glyph, and only one reaching past the band cleared
    # below (most corners show a bare border or felt there: no work).
    along = [i for i, (x, y, w, h, area) in enumerate(boxes)
             if i and (x == edge or y == edge) and area > (w + h) * k
             and x + w > edge + 2 * k and y + h > edge + 2 * k and _runs_along_edge(labels, i, x, y, w, h, edge)]
    if not along:
        return None
    comp = _painted(labels, along, len(boxes))
    thin = cv2.subtract(comp, cv2.morphologyEx(comp, cv2.MORPH_OPEN, _rect(k, k)))
    near = np.zeros_like(thin)
    near[:edge + k, :] = 1
    near[:, :edge + k] = 1
    thin &= near
    if not thin.any():
        return None
    binary[thin > 0] = 0
    rest = cv2.bitwise_and(comp, binary)
    # What is left within two strokes of the edge is the border's own
    # thick part (where its arc meets the card's corner), not a glyph.
    n, labels, stats, _ = cv2.connectedComponentsWithStats(rest, None, None, None, 8, cv2.CV_16U)
    hug = [i for i, (x, y, w, h, _) in enumerate(stats.tolist())
           if i and (x + w <= edge + 2 * k or y + h <= edge + 2 * k)]
    if hug:
        gone = _painted(labels, hug, n) > 0
        binary[gone] = 0
        rest[gone] = 0
    return rest > 0


#: A suit's thin strokes (a spade's or club's stem) are shorter than this share of
#: its height; a straight thin run this long on the suit is a line across it.
LINE_ON_SUIT = 0.45


def _line_off_suit(labels: np.ndarray, boxes: list, ids: list[int], lay: _Layout, k: float) -> Optional[np.ndarray]:
    """The ink of a straight thin line on the suit (a patch-sized mask), or None.

    The edge of a card lying over the index, or a line printed on the
    table, often passes just by the suit: in the ink mask it melts into the
    suit's blob or lies right under it, where it is taken for a piece of the
    glyph (a stem broken off), and no template fits what is cut.  A suit is a
    solid shape whose only thin strokes are short (a stem, a foot); a line is
    thin, straight, and runs on past the suit's solid part.  What an opening
    by three pixels takes off the glyph (a line is one or two wide, a suit's
    body more) and lies along one straight line that long is taken off.  The suit left may have lost what the line
    covered: the caller reads it as a cut glyph.  ``ids``: the suit zone's
    components; ``k``: the card's size against the patch's (see :func:`_zones`).
    """
    box = lay.suit_box
    max_w, max_h = (box.u1 - box.u0) * k * lay.cw, (box.v1 - box.v0) * k * CANON_H

    def span(ids):
        x0, y0 = min(boxes[i][0] for i in ids), min(boxes[i][1] for i in ids)
        return x0, y0, max(boxes[i][0] + boxes[i][2] for i in ids), max(boxes[i][1] + boxes[i][3] for i in ids)

    # What fits the deck's suit box has no line running on from it (most
    # corners: no work); all of the zone's ink fitting, its glyph does too.
    x0, y0, x1, y1 = span(ids)
    if x1 - x0 <= max_w and y1 - y0 <= max_h:
        return None
    parts = _glyph_parts(ids, boxes, lay.rank_px, two_glyphs=False)
    x0, y0, x1, y1 = span(parts)
    if x1 - x0 <= max_w and y1 - y0 <= max_h:
        return None
    x0, y0, x1, y1 = max(x0 - 1, 0), max(y0 - 1, 0), x1 + 1, y1 + 1
    glyph = _painted(labels[y0:y1, x0:x1], parts, len(boxes))
    core = cv2.morphologyEx(glyph, cv2.MORPH_OPEN, _rect(3, 3))
    if not cv2.countNonZero(core):
        return None  # all thin: an outline drawn suit, or no suit at all
    thin = cv2.subtract(glyph, core)
    ty, tx = np.nonzero(thin)
    m, pieces, stats, _ = cv2.connectedComponentsWithStats(thin, None, None, None, 8, cv2.CV_16U)
    long_ = LINE_ON_SUIT * lay.suit_h * k * CANON_H
    cy_all, cx_all = np.nonzero(core)
    # All ink within a suit's height around the glyph, in the glyph's coordinates.
    reach = int(np.ceil(lay.suit_h * k * CANON_H))
    wy0, wx0 = max(y0 - reach, 0), max(x0 - reach, 0)
    ay, ax = np.nonzero(labels[wy0:y1 + reach, wx0:x1 + reach])
    ay, ax = ay + (wy0 - y0), ax + (wx0 - x0)
    found = np.zeros(len(tx), bool)
    for j in range(1, m):
        if max(stats[j][2], stats[j][3]) < 3:
            continue  # a speck: too short to give a direction
        line = straight_piece(pieces, j, tx, ty)
        if line is None or float(line.along.max() - line.along.min()) < long_:
            continue
        # It must run on along its own direction past the suit's solid part
        # (ink beyond the glyph's parts counts: the line goes on there),
        # where a stem, or a spade's foot, ends within the suit's width.
        core_along = (cx_all - line.px) * line.vx + (cy_all - line.py) * line.vy
        lo, hi = float(core_along.min()) - 1, float(core_along.max()) + 1
        ink_on = line.off(ax, ay) <= LINE_WIDTH
        ink_along = (ax[ink_on] - line.px) * line.vx + (ay[ink_on] - line.py) * line.vy
        if ((ink_along < lo) | (ink_along > hi)).sum() < 0.5 * long_:
            continue
        # And pass by the solid part, not through it: a spade's stem and its
        # top point lie on one straight line, the glyph's own axis.
        if line.passes_by(cx_all, cy_all):
            found |= line.on
    if not found.any() or not leaves_a_glyph(glyph, tx, ty, found, 1.3 * max_w, 1.3 * max_h):
        return None
    out = np.zeros(labels.shape, bool)
    out[ty[found] + y0, tx[found] + x0] = True
    return out


#: Up to this many labels are painted by comparing the label image with each
#: (a vector compare and an "or" a label); more by one byte look-up, which
#: first converts the labels and costs as much as some eight compares.
FEW_LABELS = 6


def _painted(labels: np.ndarray, ids: list[int], n: int) -> np.ndarray:
    """1 on the pixels of the components ``ids`` of ``labels`` (``n`` labels), 0 elsewhere (uint8)."""
    if len(ids) <= FEW_LABELS:
        if not ids:
            return np.zeros(labels.shape, np.uint8)
        mask = labels == ids[0]
        for i in ids[1:]:
            mask |= labels == i
        return mask.view(np.uint8)
    table = np.zeros(n, np.uint8)
    table[ids] = 1
    if n > 256:
        return np.take(table, labels)
    # OpenCV's byte look-up: several times faster than numpy's indexing by 16-bit labels.
    lut = np.zeros(256, np.uint8)
    lut[:n] = table
    return cv2.LUT(labels.astype(np.uint8), lut)


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


def _lower_rank_level(ink, binary, lay: _Layout) -> bool:
    """Cut the rank's rows of ``binary`` at :func:`faint_level` in place; False (unchanged) when not faint."""
    (r0, r1), (c0, c1) = lay.rank_rows, lay.rank_cols
    level = faint_level(ink[r0:r1, c0:c1])
    if level is None:
        return False
    split = lay.faint_split
    binary[:split] = ink[:split] > level
    return True


def _lower_suit_level(ink, binary, lay: _Layout) -> bool:
    """Cut the suit's rows of ``binary`` at :func:`faint_level` of the suit's ink in place; False
    (unchanged) when it is not faint."""
    (r0, r1), (c0, c1) = lay.suit_rows, lay.suit_cols
    level = faint_level(ink[r0:r1, c0:c1])
    if level is None:
        return False
    split = lay.faint_split
    binary[split:] = ink[split:] > level
    return True


@lru_cache(maxsize=64)
def _rect(w: int, h: int) -> np.ndarray:
    # Odd sizes (rounded down): OpenCV shifts an opening with an even kernel by a pixel.
    return cv2.getStructuringElement(cv2.MORPH_RECT, (w - 1 + w % 2, h - 1 + h % 2))


def _thin_runs(binary: np.ndarray, length: int, thick: int) -> np.ndarray:
    """Ink in straight horizontal or vertical runs of ``length``, where the ink across them is thinner than ``thick``."""
    lines = np.zeros_like(binary)
    # The opening across (by ``thick``) treats each column on its own, and
    # at the runs sees rows up to two half-kernels away.
    reach = 2 * (_rect(1, thick).shape[0] // 2)
    for along_rows in (True, False):
        # Upright runs are found as runs along the rows of the transposed
        # image: OpenCV erodes along rows several times faster than along columns.
        img = binary if along_rows else cv2.transpose(binary)
        out = lines if along_rows else lines.T
        found = _row_runs(img, _rect(length, 1))
        if found is None:
            continue
        r0, c0, runs = found
        r1, c1 = r0 + runs.shape[0], c0 + runs.shape[1]
        t0, t1 = max(r0 - reach, 0), min(r1 + reach, img.shape[0])
        across = cv2.morphologyEx(img[t0:t1, c0:c1], cv2.MORPH_OPEN, _rect(1, thick))
        out[r0:r1, c0:c1] |= cv2.subtract(runs, across[r0 - t0:r1 - t0])  # runs and not across (all 0/1)
    return lines


def _row_runs(img: np.ndarray, kernel: np.ndarray) -> Optional[tuple[int, int, np.ndarray]]:
    """The opening of ``img`` by a one-row ``kernel`` within its bounding box, as (first row,
    first column, the opening there); None when empty.

    A one-row kernel treats each row on its own, so only the rows that can
    hold a run are worked on: outside the image erosion counts as ink, so a
    run survives when it covers the kernel's half past the image edge, and a
    row with fewer ink pixels than that holds none.  The erosion is grown
    back only over its own rows, and the columns it can reach.
    """
    span, half = img.shape[1], kernel.shape[1] // 2
    sums = cv2.reduce(img, 1, cv2.REDUCE_SUM, dtype=cv2.CV_32S).ravel()
    rows = (sums >= min(span, half + 1)).nonzero()[0]
    if not rows.size:
        return None
    r0 = int(rows[0])
    eroded = cv2.erode(img[r0:int(rows[-1]) + 1], kernel)
    x, y, w, h = cv2.boundingRect(eroded)
    if not w:
        return None
    # Dilation counts outside as no ink: cutting the erosion where it holds none changes nothing.
    c0, c1 = max(x - half, 0), min(x + w + half, span)
    return r0 + y, c0, cv2.dilate(eroded[y:y + h, c0:c1], kernel)


def _cut_beside(binary: np.ndarray, rows_cols: tuple[float, float, int, int]) -> Optional[tuple[int, int]]:
    """Part an index glyph from a big pip printed right beside it; the column cut at and the
    ink pixels it cut across, when it cut through a stroke (see :func:`_joined_across`), else None.

    Within the glyph's band of rows, ink is cut at the thinnest column just
    past the box's right edge: a gap where there is one, the narrowest
    junction where blur or the design makes the two touch.  ``rows_cols``
    is the band (rows, before clipping) and the columns searched, from :func:`_layout`.
    """
    top, bottom, c0, c1 = rows_cols
    r0 = max(0, int(top))
    r1 = min(binary.shape[0], int(bottom) + 1)
    c1 = min(binary.shape[1], c1)
    if c1 - c0 < 2 or r1 <= r0:
        return None
    band = binary[r0:r1]
    cols = cv2.reduce(band[:, c0:c1], 0, cv2.REDUCE_SUM, dtype=cv2.CV_32S).ravel()
    at = int(cols.argmin())
    if cols[at] == 0 and not cv2.countNonZero(band[:, c0 + at:]):
        return None
    through = cols[at] > 0 and _joined_across(band, c0 + at)
    band[:, c0 + at:] = 0
    return (c0 + at, int(cols[at])) if through else None


def _joined_across(band: np.ndarray, at: int) -> bool:
    """Whether ink in column ``at`` of ``band`` touches ink in the column before it (8-connected):
    a cut there goes through a stroke, not past the first column of a pip lying wholly beyond it.

    A cut of the latter kind parts nothing from the glyph, as a gap would: the
    tip of a big pip beside a Russian jack's "B" once made both of its glyphs
    read as cut, and the cut rules left a clear jack unsure against an 8.
    """
    if at < 1:
        return True
    here = band[:, at] > 0
    before = band[:, at - 1] > 0
    near = before.copy()
    near[1:] |= before[:-1]
    near[:-1] |= before[1:]
    return bool((here & near).any())


def _reaches_a_cut(bbox, cuts, stroke: int) -> bool:
    """Whether a glyph (``bbox``: x0, y0, x1, y1, ends past) may have lost ink to a cut of
    :func:`_cut_beside` within that cut's band of rows (``cuts``: the column, the ink pixels
    cut across, the band's ``rows_cols``): it reaches the cut's column, or the cut went
    through ink no thicker than two of the index's strokes (``stroke``, pixels).

    A glyph standing clear of a cut through a pip's body, paper between (a narrow
    rank beside a big pip whose tip was cut off), lost nothing to it: it is whole.
    A cut through a stroke may have taken a piece of the glyph itself that had
    come apart from it (a queen's tail faded in blur: read without it, the "Q"
    was an "A" at both corners).
    """
    x0, y0, x1, y1 = bbox
    return any((x1 >= at or across < 2 * stroke) and y0 <= int(bottom) and y1 > int(top)
               for at, across, (top, bottom, _, _) in cuts)


def _off_pip_remnants(parts: list[int], boxes: list, cut_at: int) -> list[int]:
    """The rank's parts (its biggest first, see :func:`_glyph_parts`) but the pieces of a pip that
    :func:`_cut_beside` cut through at column ``cut_at``: right of the rank's biggest piece, ending at the cut.

    Some decks print a court card's big pip (or its picture) so close to the
    rank that the pip reaches into the rank's box, where the cut must look
    for the gap between a ten's two digits: the pip is then cut inside
    itself, and its strip left of the cut stands beside the rank, tall as
    a digit, and is kept as a ten's other digit.  A ten's digits are parted
    by paper and its biggest piece is the "0", the rightmost: no digit of a
    rank lies right of it and ends at a cut made through ink.
    """
    x, _, w, _, _ = boxes[parts[0]]
    return [i for i in parts if i == parts[0] or not (boxes[i][0] >= x + w and boxes[i][0] + boxes[i][2] == cut_at)]


def _blobs_to_part(boxes: list, shape, lay: _Layout) -> list[int]:
    """Ink blobs over the index zones that cannot be one glyph: cut by the patch
    edge (a pip or picture beside the index) or far bigger than any glyph."""
    h, w = shape
    max_w, max_h = lay.max_w, lay.max_h
    out = []
    for i in range(1, len(boxes)):
        x, y, bw, bh, _ = boxes[i]
        if x + bw < w - 1 and y + bh < h - 1 and bw <= max_w and bh <= max_h:
            continue
        for zx0, zx1, zy0, zy1 in lay.zones:
            if x < zx1 and x + bw > zx0 and y < zy1 and y + bh > zy0:
                out.append(i)
                break
    return out


def _part_blobs(binary: np.ndarray, labels: np.ndarray, boxes: list, ids: list[int], max_w: float,
                max_h: float, specks_below: float = np.inf, stacked: Optional[np.ndarray] = None) -> np.ndarray:
    """Thin merged blobs until they part; keep the parts that can be glyphs, at their former width.

    In blur an index glyph can melt into the big pip or picture beside it;
    eroding the merged blob once or twice parts them.  A part still cut by the
    patch edge, or still too big for a glyph, is dropped.  Each blob is worked
    on within its box and two pixels around it: all that erosion and growth
    by two pixels can see.  Specks in a row lying below the patch's row
    ``specks_below`` are not kept (see :func:`_off_speck_rows`).

    With ``stacked`` (0/1, the patch's size) a blob that thinning left whole,
    inside the patch, no wider than a glyph and no taller than two, is kept
    whole and marked there: a rank and its suit joined by a neck too thick
    to thin apart (ornamental's Q of hearts, its tail on the heart, in
    blur), which the index's own cut between them parts (and a blob as wide
    at that row as above and below it is one shape, see
    :func:`_one_blob_across`).  Its glyphs are doubtful (:attr:`Glyph.doubtful`):
    kept so, junk of other decks raised alerts.
    """
    h, w = binary.shape
    out = binary.copy()
    for i in ids:
        x, y, bw, bh, _ = boxes[i]
        x0, y0 = max(x - 2, 0), max(y - 2, 0)
        x1, y1 = min(x + bw + 2, w), min(y + bh + 2, h)
        blob = (labels[y0:y1, x0:x1] == i).astype(np.uint8)
        roi = out[y0:y1, x0:x1]
        roi &= 1 - blob  # the blob taken out (all masks here are 0/1)
        core = blob
        for step in (1, 2):
            core = cv2.erode(core, _DILATE)
            m, sub, sstats, _ = cv2.connectedComponentsWithStats(core, None, None, None, 8, cv2.CV_16U)
            pieces = [j for j, (sx, sy, sw, sh, _) in enumerate(sstats.tolist())
                      if j > 0 and sx + x0 + sw < w - 1 - step and sy + y0 + sh < h - 1 - step
                      and sw <= max_w and sh <= max_h]
            if specks_below < y1:
                pieces = _off_speck_rows(pieces, sstats, step, specks_below - y0)
            if m > 2 and pieces:
                for j in pieces:
                    grown = cv2.dilate((sub == j).astype(np.uint8), _DILATE, iterations=step)
                    roi |= grown & blob
                break
        else:
            if stacked is not None and x + bw < w - 1 and y + bh < h - 1 and bw <= max_w and bh <= 2 * max_h:
                roi |= blob
                stacked[y0:y1, x0:x1] |= blob
    return out


#: Pixels a thinned blob's piece may hold and be a speck (see :func:`_off_speck_rows`).
SPECK = 4
#: Specks whose centres lie this close (pixels, per thinning step) are a row of them.
SPECK_ROW = 4.0


def _off_speck_rows(pieces: list[int], stats: np.ndarray, step: int, below: float) -> list[int]:
    """``pieces`` of a thinned blob (``stats`` of its labels) but specks in a row lying below row ``below``.

    A line a stroke thick (a design's black card outline over the index)
    thins to a row of specks a few pixels apart; grown back one by one, they
    join up again into the line, and the line onto the glyph it touched.  A
    glyph's own stroke thinned to a lone speck (a spade's stem) stays; one
    thinned to a row (a K's arm) does not, so this is asked only of a blob
    whose suit came out too big for a suit (see :func:`extract_glyphs`), and
    only below the top of the suit's box (a rank above it may share the blob).
    """
    specks = [j for j in pieces if stats[j][4] <= SPECK and stats[j][1] + stats[j][3] / 2 >= below]
    if len(specks) < 2:
        return pieces
    c = np.array([(stats[j][0] + stats[j][2] / 2, stats[j][1] + stats[j][3] / 2) for j in specks])
    d = np.hypot(c[:, None, 0] - c[None, :, 0], c[:, None, 1] - c[None, :, 1])
    np.fill_diagonal(d, np.inf)
    in_row = {j for j, near in zip(specks, (d <= SPECK_ROW * step).any(axis=1)) if near}
    return [j for j in pieces if j not in in_row]


def _glyph_parts(ids: list[int], stats: np.ndarray, rank_px: float, two_glyphs: bool) -> list[int]:
    """The biggest component of a zone and the pieces beside it that belong to the same glyph.

    A "10" is two glyphs side by side (``two_glyphs``: ranks only); a thin
    stroke may break in blur.  A
    stray speck or a fragment of a picture frame that merely lies in the zone
    is left out: it would change the glyph's shape under the window.
    """
    if not ids:
        return []
    main = max(ids, key=lambda i: stats[i][4])
    x, y, w, h, _ = stats[main]
    out = [main]
    for i in ids:
        if i == main:
            continue
        xi, yi, wi, hi, _ = stats[i]
        overlap_y = min(y + h, yi + hi) - max(y, yi)
        gap_x = max(xi - (x + w), x - (xi + wi))
        # a piece broken off the glyph (a thin stem in resampling) lies next to it
        gx, gy = 2 + 0.15 * w, 2 + 0.3 * h
        inside = xi >= x - gx and yi >= y - gy and xi + wi <= x + w + gx and yi + hi <= y + h + gy
        side_by_side = two_glyphs and overlap_y > 0.6 * min(h, hi) and hi > 0.6 * h and gap_x < 0.35 * rank_px
        overlap_x = min(x + w, xi + wi) - max(x, xi)
        gap_y = max(yi - (y + h), y - (yi + hi))
        stacked = overlap_x > 0.5 * min(w, wi) and gap_y < 0.15 * rank_px
        if inside or side_by_side or stacked:
            out.append(i)
    return out


#: How much bigger than the deck's glyph box (the card-size guess may be 15% off) pieces joined faintly may span.
FAINT_JOIN_SLACK = 1.15


def _joined_faintly(ids: list[int], main: int, stats: list, labels: np.ndarray, ink: np.ndarray, binary: np.ndarray,
                    inked: np.ndarray, max_w: float, max_h: float) -> list[int]:
    """The pieces of ``ids`` that faint ink joins to the glyph ``main``, where the two fit in one glyph's box.

    A serif face draws its glyphs with hairlines: in blur the hairline
    joining a "3"'s ball terminals to its body fades below :data:`INK`, and
    the balls fall off as pieces of their own (the rest of the "3" then
    looks like a "1").  A piece joined to the glyph by ink down to
    :data:`JOIN_LEVEL`, within the box the two make together, is the same
    stroke.  Ink taken off before (lines, a neighbour's pip cut away) joins
    nothing.
    """
    out = []
    x, y, w, h, _ = stats[main]
    for i in ids:
        xi, yi, wi, hi, _ = stats[i]
        x0, y0 = min(x, xi), min(y, yi)
        x1, y1 = max(x + w, xi + wi), max(y + h, yi + hi)
        if x1 - x0 > max_w or y1 - y0 > max_h:
            continue
        win = (slice(y0, y1), slice(x0, x1))
        low = binary[win] | ((ink[win] > JOIN_LEVEL) & (inked[win] == 0)).astype(np.uint8)
        _, joined = cv2.connectedComponents(low, None, 8, cv2.CV_16U)
        own = labels[win]
        if joined[own == main][0] == joined[own == i][0]:
            out.append(i)
    return out


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
    rim = cv2.subtract(mask, cv2.erode(mask, _DILATE)) > 0
    n = int(np.count_nonzero(rim))
    if n < 4:
        return 0.0
    # Sobel's 3x3 kernel weighs a unit slope 8 times.
    slopes = cv2.magnitude(cv2.Sobel(roi, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(roi, cv2.CV_32F, 0, 1, ksize=3))[rim] / 8
    slope = float(np.partition(slopes, n // 2)[n // 2])  # the median (np.median is several times slower)
    inside = roi[mask > 0]
    k = int(0.95 * (inside.size - 1))  # the 95th percentile: the darkest ink but a stray pixel
    peak = float(np.partition(inside, k)[k])
    return peak / (max(slope, 1e-6) * np.sqrt(2 * np.pi))


def _window(ink: np.ndarray, part: np.ndarray, size: tuple[int, int], win_h: float) -> np.ndarray:
    """The glyph's ink in a window of fixed size (scaled by ``win_h``) centred on its ink.

    Centring on the ink instead of cutting at a threshold keeps faint strokes
    (a spade's stem in blur) where the template has them.  Every pixel of
    ``part`` is ink (above some level > 0), so the weights are never all zero.
    The ink outside the dilated part is zero, so ``ink`` and ``part`` may be
    cut anywhere past it (what the window takes from beyond is zero either way).
    """
    sel = cv2.dilate(part, _DILATE)
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
