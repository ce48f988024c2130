"""Cutting the rank and the suit out of an upright corner patch.

The rank is the ink in the profile's rank box, the suit the ink in its suit
box; long straight strokes (a court card's picture frame) and blobs that
cannot be one glyph (a pip melted onto the index in blur, a pip printed right
beside it) are removed or parted first.  Each glyph is taken in a fixed
window centred on its ink and scaled by the rank's height, so faint strokes
are kept and a wrong card-size guess does not matter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import cv2
import numpy as np

from dealer_assist.vision.profile import CANON_H, Box, Profile

#: Canonical pixels of table kept around the corner so the card edge is in view.
PAD = 4
#: Relative darkness (0 paper .. 1 black) above which a pixel is ink.
INK = 0.40
#: A faint rank's ink level: this share of its darkest ink, never below INK_FLOOR (see :func:`faint_level`).
FAINT_SHARE = 0.6
INK_FLOOR = 0.2
#: A card this much smaller than the size guessed for it (the guess may be 15% off) still has its glyphs found.
SMALLER_CARD = 1 / 1.15
_DILATE = np.ones((3, 3), np.uint8)


@dataclass(frozen=True)
class Glyph:
    """One glyph cut from a corner: its normalised image and where it sat."""

    image: np.ndarray
    box: Box
    redness: float


def ink_map(patch: np.ndarray) -> tuple[np.ndarray, float]:
    """Relative darkness of each pixel against the paper of this patch, and the paper level.

    The darkest channel makes red ink as dark as black ink; dividing by the
    local paper level cancels uneven light and exposure.
    """
    b, g, r = cv2.split(patch)
    lo8 = cv2.min(cv2.min(b, g), r)
    inner = lo8[PAD:, PAD:]
    if inner.size:
        cdf = np.cumsum(np.bincount(inner.ravel(), minlength=256))
        paper = float(np.searchsorted(cdf, 0.9 * cdf[-1]))  # the 90th percentile
    else:
        paper = 255.0
    paper = max(paper, 1.0)
    lo = lo8.astype(np.float32)
    return np.clip((paper - lo) / paper, 0.0, 1.0), paper


def redness_of(patch: np.ndarray, mask: np.ndarray, paper: float) -> float:
    """How red the ink under ``mask`` is: 0 for black or grey, about 0.5 or more for red."""
    m = mask.astype(np.uint8)
    if not cv2.countNonZero(m):
        return 0.0
    b, g, r, _ = cv2.mean(patch, mask=m)
    return float((r - max(g, b)) / paper)


def faint_level(rank_ink: np.ndarray) -> Optional[float]:
    """A lower ink level for a rank too faint for :data:`INK`, or None when it is not faint.

    In heavy blur a rank's thin strokes fade to a pale grey (or pink) that
    barely reaches ``INK`` while the solid suit below still does: the rank
    breaks apart or is lost.  The level then follows the rank's darkest ink
    down (to :data:`FAINT_SHARE` of it, never below :data:`INK_FLOOR`).
    """
    if not rank_ink.size:
        return None
    peak = float(np.percentile(rank_ink, 98))
    level = max(INK_FLOOR, FAINT_SHARE * peak)
    return level if peak >= INK_FLOOR / FAINT_SHARE and level < INK - 0.02 else None


def extract_glyphs(patch: np.ndarray, profile: Profile, faint: bool = False) -> tuple[Optional[Glyph], Optional[Glyph]]:
    """The rank and suit glyphs of an upright corner patch, or None where none fits.

    With ``faint`` the rank's rows are cut at :func:`faint_level` (both None
    when the rank is not faint): a second look at a corner whose rank did not
    read.  The suit is always cut at ``INK``, as its templates were.
    """
    ink, paper = ink_map(patch)
    ch, cw = CANON_H, profile.canon_w
    edge = PAD + max(1, int(profile.edge_margin * 0.5 * min(cw, ch)))
    ink[:edge, :] = 0
    ink[:, :edge] = 0
    binary = (ink > INK).astype(np.uint8)
    rz = profile.rank_box
    r0, r1 = PAD + int(rz.v0 * ch), PAD + int(rz.v1 * ch) + 1
    c0, c1 = PAD + int(rz.u0 * cw), PAD + int(rz.u1 * cw) + 1
    if faint and not _lower_rank_level(ink, binary, r0, r1, c0, c1, profile, ch):
        return None, None
    # Most corners of a frame are not index corners: no ink where the rank
    # should be means nothing to read (checked before any costly step).
    if binary[r0:r1, c0:c1].sum() < 0.05 * (r1 - r0) * (c1 - c0):
        return None, None
    # Nor when nothing lies where the suit should be: some decks print a
    # lone pip in every corner, which would otherwise go through every step.
    sz = profile.suit_box.grow(0.2, 0.35)
    r0, r1 = max(PAD + int(sz.v0 * ch), 0), PAD + int(sz.v1 * ch) + 1
    c0, c1 = max(PAD + int(sz.u0 * cw), 0), PAD + int(sz.u1 * cw) + 1
    if binary[r0:r1, c0:c1].sum() < 0.03 * (r1 - r0) * (c1 - c0):
        return None, None
    # A court card's picture frame runs close to the index and may touch it:
    # straight strokes longer than any glyph are frame, not index.
    longest = max(profile.rank_box.v1 - profile.rank_box.v0, profile.suit_box.v1 - profile.suit_box.v0,
                  (profile.rank_box.u1 - profile.rank_box.u0) * profile.aspect,
                  (profile.suit_box.u1 - profile.suit_box.u0) * profile.aspect)
    # Only *thin* runs are frame: a glyph melted onto a big pip beside it also
    # makes long runs of ink, but thick ones, and those are parted further down.
    length = max(5, int(1.3 * longest * ch))
    thick = max(5, int(0.35 * profile.suit_h * ch))
    lines = _thin_runs(binary, length, thick)
    if lines.any():
        binary &= ~cv2.dilate(lines, _DILATE)
        ink = np.where(binary > 0, ink, np.minimum(ink, INK))
    for box in (profile.rank_box, profile.suit_box):
        _cut_beside(binary, box, cw, ch)
    n, labels, stats, cents = cv2.connectedComponentsWithStats(binary, connectivity=8)
    merged = _blobs_to_part(stats, n, binary.shape, profile, cw, ch)
    if merged:
        max_w = 1.5 * max(profile.rank_box.u1 - profile.rank_box.u0, profile.suit_box.u1 - profile.suit_box.u0) * cw
        max_h = 1.5 * max(profile.rank_box.v1 - profile.rank_box.v0, profile.suit_box.v1 - profile.suit_box.v0) * ch
        binary = _part_blobs(binary, labels, merged, max_w, max_h)
        n, labels, stats, cents = cv2.connectedComponentsWithStats(binary, connectivity=8)
    # The card-size guess may be 15% too big: then the glyphs sit nearer the
    # corner than the boxes say, and the suit falls in the rank's zone.  The
    # zones are tried again shrunk so (the caller cuts again at the size the
    # rank's height then tells).
    shrink = 1.0
    zones = _zones(stats, cents, labels, profile, shrink, edge)
    if not (zones["rank"] and zones["suit"]):
        smaller = _zones(stats, cents, labels, profile, SMALLER_CARD, edge)
        if smaller["rank"] and smaller["suit"]:
            zones, shrink = smaller, SMALLER_CARD
    rank_box, suit_box = _scaled(profile.rank_box, shrink), _scaled(profile.suit_box, shrink)
    keep = np.zeros(n, dtype=bool)
    for zone, ids in zones.items():
        keep[_glyph_parts(ids, stats, profile.rank_h * ch, two_glyphs=zone == "rank")] = True
    if not keep.any():
        return None, None
    index_ink = keep[labels]
    # Rank above suit: cut where the ink thins out between the two expected boxes.
    lo_v = PAD + int((rank_box.v1 - 0.35 * profile.rank_h) * ch)
    hi_v = PAD + int((suit_box.v0 + 0.35 * profile.suit_h) * ch)
    rows = index_ink.sum(axis=1)
    lo_v, hi_v = max(lo_v, 0), min(hi_v, len(rows) - 1)
    if hi_v <= lo_v:
        return None, None
    cut = lo_v + int(np.argmin(rows[lo_v:hi_v + 1]))
    # Halving one blob makes no suit (the rank's half still tells the scale, see below).
    halved = bool(rows[cut]) and _one_blob_across(labels, keep, cut)
    rank_part = index_ink.copy()
    rank_part[cut + 1:] = False
    suit_part = index_ink.copy()
    suit_part[:cut + 1] = False
    rb = _bbox(rank_part)
    if rb is None:
        return None, None
    # The rank's height fixes the scale: the card-size guess may be 15% off.
    k = float(np.clip((rb[3] - rb[1]) / (profile.rank_h * ch), 0.7, 1.4))
    # Windows fit the tallest glyph of the deck (some print a bigger club, or a bigger court-card suit).
    rank_win = max(profile.rank_h, 0.85 * (profile.rank_box.v1 - profile.rank_box.v0)) * ch * k * 1.15
    suit_win = max(profile.suit_h, 0.85 * (profile.suit_box.v1 - profile.suit_box.v0)) * ch * k * 1.15
    rank = _glyph(patch, ink, rank_part, paper, profile.rank_size, rank_win, cw, ch)
    # No suit: the rank alone still tells the card's size (the caller may cut again).
    suit = _glyph(patch, ink, suit_part, paper, profile.suit_size, suit_win, cw, ch) \
        if _bbox(suit_part) and not halved else None
    return rank, suit


def _scaled(box: Box, k: float) -> Box:
    """``box`` on a card ``k`` times the size: card fractions from the index corner scale with it."""
    return Box(box.u0 * k, box.v0 * k, box.u1 * k, box.v1 * k)


def _zones(stats, cents, labels: np.ndarray, profile: Profile, k: float, edge: int) -> dict[str, list[int]]:
    """The components lying in the rank's and in the suit's zone (each box grown for position
    error) of a card ``k`` times the size the patch was cut for."""
    cw, ch = profile.canon_w, CANON_H
    rank_box, suit_box = _scaled(profile.rank_box, k), _scaled(profile.suit_box, k)
    rank_h, suit_h = profile.rank_h * k, profile.suit_h * k
    rank_zone = rank_box.grow(0.2, 0.35)
    suit_zone = suit_box.grow(0.2, 0.35)
    min_area = max(3, int(0.02 * suit_h * ch * suit_h * ch))
    zones: dict[str, list[int]] = {"rank": [], "suit": []}
    shape = labels.shape
    for i in range(1, len(stats)):
        x, y, w, h, area = stats[i]
        if area < min_area or _runs_along_edge(labels, i, x, y, w, h, edge):
            continue
        if x + w >= shape[1] - 1 or y + h >= shape[0] - 1:
            continue  # cut by the patch edge: a pip or picture beside the index
        u = (cents[i][0] - PAD) / cw
        v = (cents[i][1] - PAD) / ch
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


def _runs_along_edge(labels: np.ndarray, i: int, x: int, y: int, w: int, h: int, edge: int) -> bool:
    """Whether component ``i`` (bounding box x, y, w, h) runs along the card's edge band.

    Ink up to ``edge`` from the card's edges is blanked (felt, the card's
    border).  What touches the band over most of its length is felt or border
    left over past a corner found a little off; a glyph only grazes it with a
    tip (a diamond's point, a heart's lobe on a card smaller than guessed).
    """
    if x == edge and (labels[y:y + h, edge] == i).sum() > 0.5 * h:
        return True
    return y == edge and (labels[edge, x:x + w] == i).sum() > 0.5 * w


def _one_blob_across(labels: np.ndarray, keep: np.ndarray, cut: int) -> bool:
    """Whether the row cutting rank from suit halves one blob that makes up both glyphs.

    A rank and a suit are two glyphs: paper parts them, or in blur a narrow
    neck of ink.  A blob that is most of the ink on both sides of the cut and
    no narrower at the cut than above and below it is one shape (a big pip seen
    past a card's edge): halving it makes a "rank" and a "suit" out of nothing.
    (The tips of a suit's lobes poking above the cut, beside a whole rank, are
    no such blob.)
    """
    index = keep[labels]
    above_all, below_all = index[:cut].sum(), index[cut + 1:].sum()
    for i in np.unique(labels[cut][keep[labels[cut]]]):
        widths = (labels == i).sum(axis=1)
        above, below = widths[:cut], widths[cut + 1:]
        if above.sum() < 0.5 * above_all or below.sum() < 0.5 * below_all:
            continue
        if widths[cut] > 0.5 * min(above.max(), below.max()):
            return True
    return False


def _lower_rank_level(ink, binary, r0, r1, c0, c1, profile: Profile, ch: float) -> bool:
    """Cut the rank's rows of ``binary`` at :func:`faint_level` in place; False (unchanged) when not faint."""
    level = faint_level(ink[r0:r1, c0:c1])
    if level is None:
        return False
    rz = profile.rank_box
    split = PAD + int((rz.v1 + 0.5 * max(profile.suit_box.v0 - rz.v1, 0.0)) * ch)
    binary[:split] = ink[:split] > level
    return True


def _thin_runs(binary: np.ndarray, length: int, thick: int) -> np.ndarray:
    """Ink in straight horizontal or vertical runs of ``length``, where the ink across them is thinner than ``thick``."""
    def rect(w: int, h: int) -> np.ndarray:
        # Odd sizes (rounded down): OpenCV shifts an opening with an even kernel by a pixel.
        return cv2.getStructuringElement(cv2.MORPH_RECT, (w - 1 + w % 2, h - 1 + h % 2))

    horiz = cv2.morphologyEx(binary, cv2.MORPH_OPEN, rect(length, 1))
    vert = cv2.morphologyEx(binary, cv2.MORPH_OPEN, rect(1, length))
    if horiz.any():
        horiz &= ~cv2.morphologyEx(binary, cv2.MORPH_OPEN, rect(1, thick))
    if vert.any():
        vert &= ~cv2.morphologyEx(binary, cv2.MORPH_OPEN, rect(thick, 1))
    return horiz | vert


def _cut_beside(binary: np.ndarray, box: Box, cw: float, ch: float) -> None:
    """Part an index glyph from a big pip printed right beside it.

    Within the glyph's band of rows, ink is cut at the thinnest column just
    past the box's right edge: a gap where there is one, the narrowest
    junction where blur or the design makes the two touch.
    """
    bw, bh = (box.u1 - box.u0) * cw, (box.v1 - box.v0) * ch
    r0 = max(0, int(PAD + box.v0 * ch - 0.1 * bh))
    r1 = min(binary.shape[0], int(PAD + box.v1 * ch + 0.1 * bh) + 1)
    c0 = int(PAD + box.u1 * cw - 0.15 * bw)
    c1 = min(binary.shape[1], int(PAD + box.u1 * cw + 0.35 * bw) + 1)
    if c1 - c0 < 2 or r1 <= r0:
        return
    band = binary[r0:r1]
    cols = band[:, c0:c1].sum(axis=0)
    if cols.min() == 0 and not band[:, c0 + int(np.argmin(cols)):].any():
        return
    cut = c0 + int(np.argmin(cols))
    band[:, cut:] = 0


def _blobs_to_part(stats, n, shape, profile: Profile, cw, ch) -> list[int]:
    """Ink blobs over the index zones that cannot be one glyph: cut by the patch
    edge (a pip or picture beside the index) or far bigger than any glyph."""
    h, w = shape
    max_w = 1.5 * max(profile.rank_box.u1 - profile.rank_box.u0, profile.suit_box.u1 - profile.suit_box.u0) * cw
    max_h = 1.5 * max(profile.rank_box.v1 - profile.rank_box.v0, profile.suit_box.v1 - profile.suit_box.v0) * ch
    out = []
    for i in range(1, n):
        x, y, bw, bh, _ = stats[i]
        if x + bw < w - 1 and y + bh < h - 1 and bw <= max_w and bh <= max_h:
            continue
        for zone in (profile.suit_box, profile.rank_box):
            zx0, zx1 = PAD + zone.u0 * cw, PAD + zone.u1 * cw
            zy0, zy1 = PAD + zone.v0 * ch, PAD + zone.v1 * ch
            if x < zx1 and x + bw > zx0 and y < zy1 and y + bh > zy0:
                out.append(i)
                break
    return out


def _part_blobs(binary: np.ndarray, labels: np.ndarray, ids: list[int], max_w: float, max_h: float) -> np.ndarray:
    """Thin merged blobs until they part; keep the parts that can be glyphs, at their former width.

    In blur an index glyph can melt into the big pip or picture beside it;
    eroding the merged blob once or twice parts them.  A part still cut by the
    patch edge, or still too big for a glyph, is dropped.
    """
    h, w = binary.shape
    out = binary.copy()
    for i in ids:
        blob = (labels == i).astype(np.uint8)
        out[blob > 0] = 0
        core = blob
        for step in (1, 2):
            core = cv2.erode(core, _DILATE)
            m, sub, sstats, _ = cv2.connectedComponentsWithStats(core, connectivity=8)
            pieces = [j for j in range(1, m)
                      if sstats[j][0] + sstats[j][2] < w - 1 - step and sstats[j][1] + sstats[j][3] < h - 1 - step
                      and sstats[j][2] <= max_w and sstats[j][3] <= max_h]
            if m > 2 and pieces:
                for j in pieces:
                    grown = cv2.dilate((sub == j).astype(np.uint8), _DILATE, iterations=step)
                    out[(grown > 0) & (blob > 0)] = 1
                break
    return out


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


def _bbox(part: np.ndarray):
    m = part.astype(np.uint8)
    if cv2.countNonZero(m) < 4:
        return None
    x, y, w, h = cv2.boundingRect(m)
    return x, y, x + w, y + h




def _glyph(patch, ink, part, paper, size, win_h, cw, ch) -> Optional[Glyph]:
    """The glyph's ink in a window of fixed size (scaled by ``win_h``) centred on its ink.

    Centring on the ink instead of cutting at a threshold keeps faint strokes
    (a spade's stem in blur) where the template has them.
    """
    x0, y0, x1, y1 = _bbox(part)
    sel = cv2.dilate(part.astype(np.uint8), _DILATE).astype(bool)
    weights = np.where(sel, ink, 0.0)
    total = float(weights.sum())
    if total <= 0:
        return None
    mom = cv2.moments(weights.astype(np.float32))
    cx, cy = mom["m10"] / mom["m00"], mom["m01"] / mom["m00"]
    win_w = win_h * size[0] / size[1]
    m = np.array([[win_w / size[0], 0, cx - win_w / 2], [0, win_h / size[1], cy - win_h / 2]])
    image = cv2.warpAffine(weights.astype(np.float32), m, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                           borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    box = Box((x0 - PAD) / cw, (y0 - PAD) / ch, (x1 - PAD) / cw, (y1 - PAD) / ch)
    return Glyph(image, box, redness_of(patch, part, paper))


def normalise(crop: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """A glyph crop resized to the template size (width, height), as float 0..1."""
    interp = cv2.INTER_AREA if crop.shape[0] > size[1] else cv2.INTER_LINEAR
    return cv2.resize(crop.astype(np.float32), size, interpolation=interp)
