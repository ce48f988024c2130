"""Finding a card's index by its glyphs when the card's corner is not seen.

The outline finder (:mod:`.detect`) needs the corner of the white paper:
a cream card on a cream card, a picture or a layout line cutting the
outline, or the tip hidden under another card, a hand or a chip while the
index itself is in view, and the corner is lost.  The index still shows:
a dark rank glyph and, at a fixed offset below it, a smaller suit glyph.
The step from the rank to the suit is the card's "down", so the pair
gives the card's two edge directions, and the profile's index geometry
gives the corner itself.  Such a corner is only a guess of where the tip
lies; the recognizer reads it like a corner inferred across a notch (a
clearer read is needed) and only where no read index already explains
the glyphs.

Everything works on the half-size ink masks of :func:`.detect.frame_masks`:
two contour passes and a few array tests per frame, and no warp until a
pair has passed every test.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import cv2
import numpy as np

from dealer_assist.vision.detect import MASK_SCALE, Corner
from dealer_assist.vision.fine_peel import peel_lines_full
from dealer_assist.vision.profile import Profile

#: Card size in a frame against the frame's guess: tilt and a card lifted off
#: the felt reach +-15% (the test scenes' range), and a blob's box is a pixel
#: or so off its glyph at the mask's scale.
SIZE_SLACK = (0.75, 1.3)
#: A glyph's height along the pair's "down", against the pair's spacing, may
#: be this far (a factor) from the deck's: glyphs of one deck differ in
#: height (a Q's tail, a 1), blur adds a pixel, and a rank may touch a line.
HEIGHT_FIT = (0.7, 1.5)
#: A rank parted from a line or a pip (see :func:`peel_lines`, :func:`peel_pips`) may stand this
#: short against the frame's card size: the opening that parts it at the mask's half size takes
#: the end of a thin stroke that touched the line with it (tigullio-international's fanned 5H,
#: frame 0045: its 5, its foot's curve on the big heart beside it, 0.62 of the deck's rank).  A
#: suit is a solid shape the opening leaves whole: it keeps the plain fit (a parted suit let
#: short too looked at three times as many pairs on tigullio-international, penguins and
#: bellot, and read no card more).
PARTED_SHORT = 0.6
#: Either glyph may stand this much taller still: a deck may print a suit beside
#: its rank as much as under it, and the two glyphs' centres then lie closer than
#: the deck's boxes say, so both stand taller against the spacing (nicu-white's
#: ace of hearts: the heart's top level with the A's foot, the A 1.55 times as
#: tall as the deck's rank; tigullio-international's fanned 2H: its heart 1.54
#: times as tall as the deck's suit).
BESIDE_TALLER = 1.6 / 1.5
#: Both glyphs may stand this much taller together, each past the height fit: the
#: spacing, not a glyph, is then off (tigullio-international's 2H lying on a 9 of
#: clubs, frame 0034: its 2 1.64 and its heart 1.72 times the deck's heights against
#: it).  One glyph alone so tall is more often a picture's piece or another card's
#: pip: 24 such pairs in 151 of plastic's frames, none an index.
BOTH_TALLER = 1.75 / 1.5
#: Two blobs are of one size when their boxes differ by at most this many
#: mask pixels (blur and the pixel grid move a solid shape's edge by one).
TWIN_PX = 1
#: Areas this close (a share of the larger) make two blobs of one box size twins.
TWIN_AREA = 0.2
#: Grid (a side, cells) two blobs' shapes are compared on, and the least overlap
#: (shared ink over all ink) of pips of one shape.
TWIN_GRID = 12
TWIN_SHAPE = 0.7
#: Width (mask pixels) of the opening that parts a glyph from a line it
#: touches (see :func:`peel_lines`): a printed border line, or the dark edge
#: of a card lying on another, is one pixel wide in the ink mask at its half
#: size, an index glyph's stroke two or more (wider takes the thin strokes
#: of light fonts off too).  Where the glyph is lost all the same, nothing
#: changes: its blob was too big to pair before.
PEEL_WIDTH = 2
#: Diameter of the round opening that takes an index glyph off a pip it
#: touches (see :func:`peel_pips`), against the deck's suit glyph height: a
#: rank's strokes and a small suit are no wider than the suit is tall, so
#: they go; a pip, three times the suit's size and more, stays.
PIP_OPENING = 1.0
#: A red glyph's red level stands this far above its green and blue (8-bit
#: levels) at least: the anglo deck's red indexes stand 150-180 above them (the
#: median of their ink), its black ones and a grey shadow not at all.
RED_LEAD = 50
#: The least and most share of a too-big blob its red pixels hold to be parted
#: from it (:func:`red_parts`): svg-penguins' red K and 5 held 0.29 and 0.48
#: of the blobs they made with a picture's frame and a card's edge; a red pip
#: or picture alone holds all of its blob.
RED_SHARE = (0.1, 0.95)
#: Least share of its box a suit blob fills (its outline's area, see :func:`box_fill`: a solid
#: heart, spade, club or diamond fills 0.4 to 0.6 at the mask's scale).
SUIT_FILL = 0.3


@dataclass(frozen=True)
class GlyphPair:
    """A rank-sized and a suit-sized ink blob at the index's offset, and the corner they imply."""

    corner: Corner
    #: Centres of the two blobs in frame pixels (rank first).
    rank_at: tuple[float, float]
    suit_at: tuple[float, float]
    #: Card size against the frame's guess, from the pair's spacing.
    scale: float
    #: How far the pair's spacing is from the profile's (0 = exactly), for ordering.
    misfit: float
    #: The two blobs in the half-size masks, as :func:`ink_blobs` gives them, rank first.
    blobs: tuple = ()

    def turned(self, degrees: float) -> Corner:
        """The corner with the card turned by ``degrees`` about the rank glyph."""
        if not degrees:
            return self.corner
        a = np.radians(degrees)
        rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        c = self.corner
        pivot = np.array(self.rank_at)
        p = pivot + rot @ (np.array([c.x, c.y]) - pivot)
        w, h = rot @ np.array(c.wdir), rot @ np.array(c.hdir)
        return Corner(float(p[0]), float(p[1]), (float(w[0]), float(w[1])), (float(h[0]), float(h[1])),
                      c.wlen, c.hlen, notched=True)


def peel_lines(ink: np.ndarray, rows: np.ndarray, max_size: float, limit: float, max_area: float,
               stroke: int) -> Optional[np.ndarray]:
    """The blobs of ``ink`` too big for a glyph (up to ``limit`` across), opened by a glyph's ``stroke`` width.

    ``rows`` are the blobs' :func:`_outline_stats`.  Only a blob whose
    outline holds no more than ``max_area`` (an index's worth of ink) is
    opened: a line has next to none inside its outline, a picture a lot.

    A glyph printed across a card's border line, or touching the dark edge
    of the card lying on it, makes one blob with that line: too big for a
    glyph, so never paired.  The line is thinner than any stroke of the
    glyph, and an opening by a stroke's width takes it off and leaves the
    glyph.  Only the too-big blobs are opened (a few small crops a frame):
    the glyphs standing free are already in ``ink`` as they are.  None when
    there is no such blob.
    """
    size = rows[:, 2:4].max(axis=1)
    big = rows[(size > max_size) & (size <= limit) & (rows[:, 4] <= max_area)].astype(int)
    if not len(big):
        return None
    out = np.zeros_like(ink)
    kernel = np.ones((stroke, stroke), np.uint8)
    rows, cols = ink.shape[:2]
    for x, y, w, h in big[:, :4].tolist():
        # Beyond the frame is no ink: a line along the crop's side is opened away too.
        y0, y1, x0, x1 = max(y - stroke, 0), min(y + h + stroke, rows), max(x - stroke, 0), min(x + w + stroke, cols)
        # Eroded at one end of the kernel and grown back from the other: an
        # opening by an even kernel that does not shift the glyph by a pixel.
        core = cv2.erode(ink[y0:y1, x0:x1], kernel, anchor=(0, 0), borderType=cv2.BORDER_CONSTANT, borderValue=0)
        out[y0:y1, x0:x1] |= cv2.dilate(core, kernel, anchor=(stroke - 1, stroke - 1),
                                        borderType=cv2.BORDER_CONSTANT, borderValue=0)
    return out


def peel_pips(ink: np.ndarray, rows: np.ndarray, max_size: float, limit: float,
              glyph: float) -> Optional[np.ndarray]:
    """The blobs of ``ink`` from ``max_size`` to ``limit`` across, less their solid bodies.

    A deck may print its index so near its pips that a glyph touches one:
    svg-tigullio-international's 6 of hearts has its 6 on a big heart, its
    queen of spades the small spade's stem on the picture's big spade.  The
    glyph and the pip make one blob too big to pair, and no line is thinner
    than the glyph to peel off (:func:`peel_lines`).  But a pip is solid and
    big: a round opening ``glyph`` across (mask pixels) keeps the pip and
    takes the glyph (a rank's strokes, a small suit).  What it took, less a
    pixel round the pip's body, is the glyph.  Only blobs with such a body
    give anything: a line or a picture's strokes vanish whole.  ``max_size``
    is a suit's: a small heart on a big one can be no bigger than a rank
    (tigullio-international's queen of hearts).  None when nothing is left.
    """
    size = rows[:, 2:4].max(axis=1)
    big = rows[(size > max_size) & (size <= limit)].astype(int)
    if not len(big):
        return None
    side = max(3, int(round(glyph)))
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    ring = np.ones((3, 3), np.uint8)
    out = np.zeros_like(ink)
    for x, y, w, h in big[:, :4].tolist():
        # The blob alone: a glyph standing free inside its box is no part of it.
        n, labels, stats, _ = cv2.connectedComponentsWithStats(ink[y:y + h, x:x + w])
        crop = (labels == 1 + int(np.argmax(stats[1:, 4]))).astype(np.uint8) * 255
        body = cv2.morphologyEx(crop, cv2.MORPH_OPEN, disc, borderType=cv2.BORDER_CONSTANT, borderValue=0)
        if body.any():
            out[y:y + h, x:x + w] |= cv2.bitwise_and(crop, cv2.bitwise_not(cv2.dilate(body, ring)))
    return out if out.any() else None


def red_parts(ink: np.ndarray, rows: np.ndarray, colour: np.ndarray, max_size: float,
              limit: float) -> Optional[np.ndarray]:
    """The red ink of the blobs of ``ink`` from ``max_size`` to ``limit`` across that are partly red.

    A red index glyph printed against a black line makes one blob with it,
    too big to pair, and no opening parts them when the glyph's stem is as
    wide as the line (:func:`peel_lines`): svg-penguins prints its kings' K
    in the narrow strip between the card's edge and the picture's black
    frame (frame 25, a KD); the 5 of a fanned 5H touches the dark edge of
    the card lying on it (frame 45).  Their colours part them.  A blob
    gives its red pixels only when they are some of it and not nearly all
    (a red pip, a red picture, is no part of its own).  ``colour``: the
    half-size frame ``ink`` was made from (``Masks.frame``).  None when
    nothing is parted.
    """
    size = rows[:, 2:4].max(axis=1)
    big = rows[(size > max_size) & (size <= limit)].astype(int)
    if not len(big):
        return None
    out = np.zeros_like(ink)
    lo, hi = RED_SHARE
    for x, y, w, h in big[:, :4].tolist():
        part = cv2.bitwise_and(ink[y:y + h, x:x + w], _red(colour[y:y + h, x:x + w]))
        n_blob, n_part = cv2.countNonZero(ink[y:y + h, x:x + w]), cv2.countNonZero(part)
        if lo * n_blob <= n_part <= hi * n_blob:
            out[y:y + h, x:x + w] |= part
    return out if cv2.countNonZero(out) else None


def _red(box: np.ndarray) -> np.ndarray:
    """The pixels (0/255) of a BGR image whose red stands more than :data:`RED_LEAD` above green and blue."""
    # In saturating 8-bit steps: where green or blue is above 255 - RED_LEAD, red cannot lead.
    return cv2.compare(cv2.extractChannel(box, 2),
                       cv2.add(cv2.max(cv2.extractChannel(box, 0), cv2.extractChannel(box, 1)), RED_LEAD), cv2.CMP_GT)


def _is_red(inks, row: np.ndarray, colour: np.ndarray) -> bool:
    """Whether the blob of ``row`` (see :func:`ink_blobs`) is printed in red: most of its ink is."""
    x, y, w, h = (int(v) for v in row[:4])
    blob = inks[int(row[5])][y:y + h, x:x + w]
    return 2 * cv2.countNonZero(cv2.bitwise_and(blob, _red(colour[y:y + h, x:x + w]))) > cv2.countNonZero(blob)


def ink_blobs(*inks: np.ndarray, min_size: float = 0.0, max_size: float = np.inf,
              first: Optional[np.ndarray] = None, taken: Optional[dict[int, np.ndarray]] = None) -> np.ndarray:
    """``(x, y, w, h, area, mask)`` of the marks of ink masks from ``min_size`` to ``max_size`` across.

    ``area`` is that inside the mark's outline, ``mask`` the index of the
    mask it was found in.  A mark of a later mask that an earlier one
    already holds (its box within two pixels: a stroke's blur around a
    solid shape) is left out: every mark counts once.  ``first``: the
    first mask's :func:`_outline_stats`, when already taken; ``taken``: those
    of other masks already taken (with ``mask`` their index in ``inks``), by
    that index: tracing a frame's outlines is the costly part.
    """
    found: list[np.ndarray] = []
    for n, ink in enumerate(inks):
        if n == 0 and first is not None:
            rows = first
        elif taken and n in taken:
            rows = taken[n]
        else:
            rows = _outline_stats(ink, n)
        size = np.maximum.reduce(rows[:, 2:4], 1)
        rows = rows[(size >= min_size) & (size <= max_size)]
        for earlier in found:
            if len(rows) and len(earlier):
                rows = rows[~_held(rows, earlier)]
        found.append(rows)
    return np.concatenate(found) if found else np.zeros((0, 6), np.float32)


def _held(rows: np.ndarray, earlier: np.ndarray) -> np.ndarray:
    """Per row of ``rows`` (see :func:`ink_blobs`): whether a row of ``earlier`` has its box within two pixels.

    Only the few pairs whose left sides are that close are compared on the
    rest: the difference of every pair on all four at once took twice as long
    (its maximum over the four is a reduction numpy walks slowly)."""
    a, b = (np.abs(rows[:, None, 0] - earlier[None, :, 0]) <= 2).nonzero()
    held = np.zeros(len(rows), bool)
    if len(a):
        held[a[np.logical_and.reduce(np.abs(rows[a, 1:4] - earlier[b, 1:4]) <= 2, 1)]] = True
    return held


def _outline_stats(ink: np.ndarray, mask: int) -> np.ndarray:
    """``(x, y, w, h, area, mask)`` of every outer outline, for all outlines at once (a frame has a hundred)."""
    contours, _ = cv2.findContours(ink, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return np.zeros((0, 6), np.float32)
    lens = np.array(list(map(len, contours)), np.int64)
    pts = np.concatenate(contours).reshape(-1, 2).astype(np.int64)
    start = np.zeros(len(lens), np.int64)
    np.cumsum(lens[:-1], out=start[1:])
    x, y = pts[:, 0], pts[:, 1]
    # Filled column by column: stacking the columns first costs more than the sums.
    rows = np.empty((len(lens), 6), np.float32)
    x0, y0 = np.minimum.reduceat(x, start), np.minimum.reduceat(y, start)
    rows[:, 0], rows[:, 1] = x0, y0
    rows[:, 2] = np.maximum.reduceat(x, start) - x0 + 1
    rows[:, 3] = np.maximum.reduceat(y, start) - y0 + 1
    following = np.arange(1, len(pts) + 1)
    following[start + lens - 1] = start  # each outline closes on its first point
    cross = x * y[following] - x[following] * y
    rows[:, 4] = np.abs(np.add.reduceat(cross, start)) / 2
    rows[:, 5] = mask
    return rows


def box_fill(rows: np.ndarray) -> np.ndarray:
    """The share of its box each blob's outline encloses (``rows`` as :func:`_outline_stats` gives them).

    The outline runs through the centres of the blob's border pixels, so it
    spans one pixel less than the box each way: a filled square fills 1.0
    whatever its size.  Against the whole box a suit of nine mask pixels
    (a small index at the mask's half size) would lose a fifth of its fill
    and fail :data:`SUIT_FILL`; a blob one pixel thin encloses nothing.
    """
    return rows[:, 4] / np.maximum((rows[:, 2] - 1) * (rows[:, 3] - 1), 1)


def find_glyph_pairs(inks, profile: Profile, card_h: float, known=(),
                     bays: Optional[np.ndarray] = None, frame: Optional[np.ndarray] = None,
                     pips: bool = False, colour: Optional[np.ndarray] = None) -> list[GlyphPair]:
    """Index corners implied by rank/suit blob pairs of half-size ink masks (frame coordinates).

    The blobs of every mask in ``inks`` take part (a faint glyph may show
    in one, and the same glyph apart from a line beside it in another).
    ``card_h`` is the frame's card height (full-size pixels).  ``known``
    holds the index regions already read, each ``(origin, wdir, hdir,
    width, height)`` in frame pixels: blobs inside them are not paired.
    ``bays``: ink with glyphs open to the outline sealed in (``Masks.bay_ink``);
    its blobs take part too, and like the first mask's, those too big for a
    glyph are opened apart from the lines they touch.  ``frame``: the
    full-size frame, where the first mask's too-big blobs are opened again
    (see :func:`.fine_peel.peel_lines_full`).  ``colour``: the half-size
    frame the masks were made from (``Masks.frame``), where the red ink of
    the first mask's and the bays' too-big blobs is parted from the rest
    (:func:`red_parts`).  ``pips``: glyphs are also
    taken off the pips they touch (:func:`peel_pips`), for a deck whose
    set-up shots need it (``Profile.glyphs_on_pips``).
    Best-fitting pairs first; each pair of blobs once (a blob may be in several pairs:
    the best-fitting partner of a rank may be another card's glyph).
    """
    lo, hi = SIZE_SLACK
    h_px = card_h * MASK_SCALE
    w_px = h_px * profile.aspect
    rb, sb = profile.rank_box, profile.suit_box
    # A blob's larger side is at least its glyph's height (a narrow rank
    # upright) and at most its box's diagonal (a wide rank turned 45 degrees).
    rank_min, suit_min = 0.7 * profile.rank_h * h_px * lo, 0.7 * profile.suit_h * h_px * lo
    rank_max = np.hypot((rb.v1 - rb.v0) * h_px, (rb.u1 - rb.u0) * w_px) * hi
    suit_max = np.hypot((sb.v1 - sb.v0) * h_px, (sb.u1 - sb.u0) * w_px) * hi
    first = _outline_stats(inks[0], 0)
    # An index's worth of ink: both glyph boxes full (a glyph fills less).
    index_area = ((rb.v1 - rb.v0) * (rb.u1 - rb.u0) + (sb.v1 - sb.v0) * (sb.u1 - sb.u0)) * h_px * w_px * hi * hi
    peeled = peel_lines(inks[0], first, max(rank_max, suit_max), h_px * hi, index_area, PEEL_WIDTH)
    if frame is not None:
        # A glyph of thin strokes is lost in the half-size opening: opened again at full size.
        fine = peel_lines_full(frame, inks[0], first, max(rank_max, suit_max), h_px * hi, index_area)
        if fine is not None:
            peeled = fine if peeled is None else cv2.bitwise_or(peeled, fine)
    taken = {}
    if bays is not None:
        # A glyph sealed into a bay is joined to the line that opened it.
        taken[len(inks)] = bay_rows = _outline_stats(bays, len(inks))
        more = peel_lines(bays, bay_rows, max(rank_max, suit_max), h_px * hi, index_area, PEEL_WIDTH)
        if more is not None:
            peeled = more if peeled is None else cv2.bitwise_or(peeled, more)
        inks = (*inks, bays)
    parted = []
    if peeled is not None:
        inks = (*inks, peeled)
        parted.append(len(inks) - 1)
    red_at = -1
    if colour is not None:
        reds = [red_parts(inks[0], first, colour, max(rank_max, suit_max), h_px * hi)]
        if bays is not None:
            reds.append(red_parts(bays, bay_rows, colour, max(rank_max, suit_max), h_px * hi))
        reds = [r for r in reds if r is not None]
        if reds:
            inks = (*inks, reds[0] if len(reds) == 1 else cv2.bitwise_or(*reds))
            parted.append(len(inks) - 1)
            red_at = len(inks) - 1
    off_pips = peel_pips(inks[0], first, suit_max, h_px * hi, profile.suit_h * h_px * PIP_OPENING) if pips else None
    if off_pips is not None:
        inks = (*inks, off_pips)
        parted.append(len(inks) - 1)
    boxes = ink_blobs(*inks, min_size=min(rank_min, suit_min), max_size=max(rank_max, suit_max), first=first,
                      taken=taken)
    centre = (boxes[:, :2] + boxes[:, 2:4] / 2) / MASK_SCALE
    free = np.ones(len(boxes), bool)
    if len(known):
        origin, wdir, hdir, w, h = (np.array(a, np.float64) for a in zip(*known))
        d = centre[:, None, :] - origin[None, :, :]
        u = np.einsum("nkc,kc->nk", d, wdir) / w
        v = np.einsum("nkc,kc->nk", d, hdir) / h
        free = ~((u >= -0.05) & (u <= 1.0) & (v >= -0.05) & (v <= 1.0)).any(axis=1)
    # Every glyph-sized blob, free or not, counts as a neighbour below.
    # Not those parted from a line: a fragment of a picture's frame opened
    # must not make a real index look like part of a row of pips.
    plain = ~np.isin(boxes[:, 5], parted)
    all_boxes, all_centres = boxes[plain], centre[plain] * MASK_SCALE
    boxes, centre, plain_free = boxes[free], centre[free] * MASK_SCALE, plain[free]
    size = boxes[:, 2:4].max(axis=1)
    ri = np.nonzero((size >= rank_min) & (size <= rank_max))[0]
    si = np.nonzero((size >= suit_min) & (size <= suit_max))[0]
    if not len(ri) or not len(si):
        return []
    # The step from the rank's centre to the suit's, in card pixels (u across, v down).
    du = (sb.cu - rb.cu) * w_px
    dv = (sb.cv - rb.cv) * h_px
    step = float(np.hypot(du, dv))
    d = centre[si][None, :, :] - centre[ri][:, None, :]
    dist = np.hypot(d[..., 0], d[..., 1])
    ok = (dist >= step * lo) & (dist <= step * hi)
    # The suit is the smaller glyph where the deck prints it smaller (sizes
    # measured along the blob's larger side, so within a generous factor).
    ok &= size[si][None, :] <= size[ri][:, None] * max(1.0, profile.suit_h / profile.rank_h) * 1.5
    ok &= ri[:, None] != si[None, :]
    a_idx, b_idx = np.nonzero(ok)
    if not len(a_idx):
        return []
    i, j = ri[a_idx], si[b_idx]
    misfit = np.abs(dist[a_idx, b_idx] / step - 1.0)
    # Two pips of one card are twins: the same shape turned the same way,
    # so the same box and area.  An index's rank and suit differ.
    twin = ((np.abs(boxes[i, 2] - boxes[j, 2]) <= TWIN_PX) & (np.abs(boxes[i, 3] - boxes[j, 3]) <= TWIN_PX)
            & (np.abs(boxes[i, 4] - boxes[j, 4]) <= TWIN_AREA * np.maximum(boxes[i, 4], boxes[j, 4])))
    # A suit is a solid shape: a blob that fills little of its box is a
    # stroke, a line or a picture's outline.
    solid = box_fill(boxes[j]) >= SUIT_FILL
    for q in np.nonzero(twin)[0].tolist():
        twin[q] = _shapes_alike(inks, boxes[i[q]], boxes[j[q]])
    keep = solid & ~twin
    # A glyph taken off a pip pairs only with one standing free: two
    # fragments of one picture's opening are no index.
    off = boxes[:, 5] == (len(inks) - 1 if off_pips is not None else -1)
    keep &= ~((off[i] & ~plain_free[j]) | (off[j] & ~plain_free[i]))
    # A glyph parted by its colour pairs only with one standing free and red itself: a deck prints
    # its index in one colour, and a court card's red robe parted from its black outline is no index.
    red = boxes[:, 5] == red_at
    keep &= ~((red[i] & ~plain_free[j]) | (red[j] & ~plain_free[i]))
    for q in np.nonzero(keep & (red[i] | red[j]))[0].tolist():
        keep[q] = _is_red(inks, boxes[j[q]] if red[i[q]] else boxes[i[q]], colour)
    i, j, misfit = i[keep], j[keep], misfit[keep]
    step_vec = centre[j] - centre[i]
    # Pips stand in rows and columns at about an index's spacing: a third
    # blob one more step on (beyond the suit, or before the rank), of the
    # same size as its neighbour in the pair and solid as a pip is, makes
    # the pair part of a row of pips.  Beyond an index's suit the card is
    # bare; before its rank lies the card's edge (or whatever covers the
    # corner), and a court card's picture, whose strokes and line ends at
    # a glyph's size are no pips.
    tol = 0.3 * np.hypot(step_vec[:, 0], step_vec[:, 1])
    in_row = np.zeros(len(i), bool)
    pip_like = box_fill(all_boxes) >= SUIT_FILL
    for ahead, next_to in ((centre[j] + step_vec, j), (centre[i] - step_vec, i)):
        gap = np.hypot(*(all_centres[None, :, :] - ahead[:, None, :]).transpose(2, 0, 1))
        alike = (np.abs(all_boxes[None, :, 2:4] - boxes[next_to][:, None, 2:4]).max(axis=2) <= TWIN_PX) & pip_like
        in_row |= ((gap < tol[:, None]) & alike).any(axis=1)
    pairs = []
    used = set()
    rank_want, suit_want = profile.rank_h * h_px / step, profile.suit_h * h_px / step
    # A deck may print one suit taller than the others (ornamental's hearts
    # half again its spades' height): the suit may stand as tall as its tallest.
    suit_tall = profile.tallest_suit() / profile.suit_h
    # Pairs with a glyph parted from a line come after all others: a court
    # picture's frame opened leaves fragments that can fit better than a
    # real index, and must not take its glyphs or the frame's looks first.
    late = ~(plain_free[i] & plain_free[j])
    for n in np.lexsort((misfit, late)):
        if in_row[n]:
            continue
        # The same glyph seen in two masks gives near-copies of one pair: kept once.  A glyph
        # already in another pair is not left out (its own partner may fit less well).
        rc, sc = centre[i[n]], centre[j[n]]
        r_key, s_key = (round(rc[0] / 2), round(rc[1] / 2)), (round(sc[0] / 2), round(sc[1] / 2))
        if (r_key, s_key) in used:
            continue
        # Turned upright, each glyph must stand as tall against the pair's
        # spacing as the deck prints it (a pip, a picture's fragment or two
        # glyphs of different cards rarely do).
        hdir = _down(sc - rc, du, dv)
        spacing = float(np.hypot(*step_vec[n]))
        fit = HEIGHT_FIT
        if late[n]:
            # A glyph parted from a line lost the line's ink and perhaps a
            # thin stroke: its centre, and so the pair's spacing, may be off
            # by a stroke.  Its height is then held against the frame's card
            # size instead, with the same fit (not widened by the size slack:
            # the fit is already wider than any glyph of an index needs, and
            # on the benchmark decks the glyphs it let through beyond it,
            # some 40% of these pairs, were pieces of pictures' frames that
            # never read, each a wasted warp and match of some 0.5 ms).
            spacing = step
        heights = [_extent_along(inks[int(box[5])], box, hdir) / spacing / want
                   for box, want in ((boxes[i[n]], rank_want), (boxes[j[n]], suit_want))]
        # Only a parted rank may fall short by the stroke its parting took.
        least = (fit[0] if plain_free[i[n]] else PARTED_SHORT, fit[0])
        if (all(lo_h <= h <= fit[1] * tall * BESIDE_TALLER
                for h, tall, lo_h in zip(heights, (1.0, suit_tall), least))
                or all(fit[1] < h <= fit[1] * tall * BOTH_TALLER for h, tall in zip(heights, (1.0, suit_tall)))):
            used.add((r_key, s_key))
            pairs.append(_pair(rc / MASK_SCALE, sc / MASK_SCALE, du, dv, w_px, h_px, profile, float(misfit[n]),
                               (tuple(boxes[i[n]]), tuple(boxes[j[n]])),
                               off_pip=(bool(off[i[n]]), bool(off[j[n]]))))
    return pairs


def _down(step: np.ndarray, du: float, dv: float) -> np.ndarray:
    """The card's "down" (unit ``hdir``) for a rank-to-suit step, the deck's step being ``(du, dv)`` on the card.

    As complex numbers, step = (dv - i du) * e^{i phi} with hdir = e^{i phi}.
    """
    z = complex(step[0], step[1]) / complex(dv, -du)
    z /= abs(z)
    return np.array([z.real, z.imag])


def _shapes_alike(inks, a, b) -> bool:
    """Whether blobs ``a`` and ``b`` (rows as :func:`ink_blobs` gives them) have one shape, either
    way up: pips of one card (the lower half's turned over), not a rank and a suit of one size."""
    crops = []
    for box in (a, b):
        x, y, w, h = (int(v) for v in box[:4])
        crops.append(cv2.resize(inks[int(box[5])][y:y + h, x:x + w], (TWIN_GRID, TWIN_GRID),
                                interpolation=cv2.INTER_AREA).astype(np.float32))
    ca, cb = crops
    alike = max(float(np.add.reduce(np.minimum(ca, c), None) / max(np.add.reduce(np.maximum(ca, c), None), 1.0))
                for c in (cb, cb[::-1, ::-1]))
    return alike >= TWIN_SHAPE


def _extent_along(ink: np.ndarray, box, axis: np.ndarray) -> float:
    """How far the ink in ``box`` (mask pixels) reaches along a unit ``axis``, in mask pixels."""
    x, y, w, h = (int(v) for v in box[:4])
    ys, xs = ink[y:y + h, x:x + w].nonzero()
    along = xs * axis[0] + ys * axis[1]
    return float(np.maximum.reduce(along) - np.minimum.reduce(along)) + 1.0 if len(along) else 0.0


def _pair(rc: np.ndarray, sc: np.ndarray, du: float, dv: float, w_px: float, h_px: float, profile: Profile,
          misfit: float, blobs: tuple, off_pip: tuple[bool, bool] = (False, False)) -> GlyphPair:
    """The corner implied by a rank centre ``rc`` and a suit centre ``sc`` (frame pixels).

    ``off_pip``: whether the rank, the suit was taken off a pip (:func:`peel_pips`).  Such a
    glyph lost the strokes that touched the pip, so its centre is off: the card's size is the
    frame's guess, not the spacing's, and the corner is placed from the other glyph.
    """
    hdir = _down(sc - rc, du, dv)
    wdir = np.array([hdir[1], -hdir[0]])  # so that cross(wdir, hdir) > 0
    # The card's size against the frame's guess, from the pair's spacing.
    k = 1.0 if any(off_pip) else float(np.clip(np.hypot(*(sc - rc)) * MASK_SCALE / np.hypot(du, dv), *SIZE_SLACK))
    cw, ch = w_px / MASK_SCALE * k, h_px / MASK_SCALE * k
    box, at = (profile.suit_box, sc) if off_pip[0] else (profile.rank_box, rc)
    p = at - box.cu * cw * wdir - box.cv * ch * hdir
    corner = Corner(float(p[0]), float(p[1]), (float(wdir[0]), float(wdir[1])),
                    (float(hdir[0]), float(hdir[1])), 0.0, 0.0, notched=True)
    return GlyphPair(corner, (float(rc[0]), float(rc[1])), (float(sc[0]), float(sc[1])), k, misfit, blobs)
