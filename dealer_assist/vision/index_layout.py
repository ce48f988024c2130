"""Where a deck's index lies in an upright corner patch: rows, columns, zones and window sizes.

Worked out once per deck from its profile (:func:`glyph_layout`), in the
patch's pixels.  Apart from :mod:`.glyphs` because it is the profile's
geometry only, no image, and the ink levels and the cut-glyph looks read it too.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from dealer_assist.vision.profile import CANON_H, Box, Profile


#: Canonical pixels of table kept around the corner so the card edge is in view.
PAD = 4
#: A card this much smaller than the size guessed for it (the guess may be 15% off) still has its glyphs found.
SMALLER_CARD = 1 / 1.15


@dataclass(frozen=True)
class Zones:
    """Where the rank and the suit are looked for on a card ``k`` times the size the patch was cut for
    (see :func:`.glyphs._zones`): the boxes, each grown for position error, in card fractions."""

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
class Layout:
    """A profile's index geometry in corner-patch pixels: rows and columns of
    the boxes and zones, window sizes and limits (see :func:`.glyphs.extract_glyphs`)."""

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
    as_cut: Zones
    smaller: Zones
    rank_px: float
    rank_win: float
    suit_win: float
    faint_split: int
    cw: int
    stroke: int


def _scaled_zones(rank_box: Box, suit_box: Box, rank_h: float, suit_h: float, k: float) -> Zones:
    """The :class:`Zones` of a card ``k`` times the size the patch was cut for (``k`` != 1)."""
    ch = CANON_H
    rank_k, suit_k = _scaled(rank_box, k), _scaled(suit_box, k)
    # The band keeps the unscaled glyph heights: it only moves with the boxes.
    return Zones(k, rank_k, suit_k, rank_k.grow(0.2, 0.35), suit_k.grow(0.2, 0.35), rank_h * k, suit_h * k,
                  max(3, int(0.02 * (suit_h * k * ch) ** 2)),
                  (PAD + int((rank_k.v1 - 0.35 * rank_h) * ch), PAD + int((suit_k.v0 + 0.35 * suit_h) * ch)))


def glyph_layout(profile: Profile) -> Layout:
    """Where a profile's rank and suit lie in an upright corner patch, in its pixels (worked out once per deck).

    Asked some forty times a frame: the last profile's geometry and layout are
    kept, and compared first (the same boxes compare by identity, where the
    cache's key would hash each box in Python).
    """
    key = (profile.rank_box, profile.suit_box, profile.rank_h, profile.suit_h, profile.edge_margin, profile.aspect)
    if key != _last[0]:
        _last[:] = key, _layout(*key, profile.canon_w)
    return _last[1]


#: The geometry :func:`glyph_layout` was last asked for, and its layout.
_last: list = [None, None]


@lru_cache(maxsize=32)
def _layout(rank_box: Box, suit_box: Box, rank_h: float, suit_h: float, edge_margin: float, aspect: float,
            cw: int) -> Layout:
    """Everything of :func:`.glyphs.extract_glyphs` that depends on the profile only (computed once, not per corner)."""
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
    # Where a glyph is parted from a pip beside it (see :func:`.blob_parts.cut_beside`):
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
    return Layout(
        edge=PAD + max(1, int(edge_margin * 0.5 * min(cw, ch))),
        rank_rows=(r0, r1), rank_cols=(c0, c1), rank_min_ink=0.05 * (r1 - r0) * (c1 - c0),
        suit_rows=(s_r0, s_r1), suit_cols=(s_c0, s_c1), suit_min_ink=0.03 * (s_r1 - s_r0) * (s_c1 - s_c0),
        run_length=max(5, int(1.3 * longest * ch)), run_thick=max(5, int(0.35 * suit_h * ch)),
        beside=tuple(beside),
        zones=tuple((PAD + z.u0 * cw, PAD + z.u1 * cw, PAD + z.v0 * ch, PAD + z.v1 * ch) for z in (suit_box, rank_box)),
        max_w=1.5 * max(rank_box.u1 - rank_box.u0, suit_box.u1 - suit_box.u0) * cw,
        max_h=1.5 * max(rank_box.v1 - rank_box.v0, suit_box.v1 - suit_box.v0) * ch,
        rank_box=rank_box, suit_box=suit_box, rank_h=rank_h, suit_h=suit_h,
        as_cut=Zones(1.0, rank_box, suit_box, rank_box.grow(0.2, 0.35), suit_box.grow(0.2, 0.35), rank_h, suit_h,
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


def _scaled(box: Box, k: float) -> Box:
    """``box`` on a card ``k`` times the size: card fractions from the index corner scale with it."""
    return Box(box.u0 * k, box.v0 * k, box.u1 * k, box.v1 * k)
