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

Everything works on the half-size frame the paper masks are built from,
and costs a morphological filter and one contour pass before any warp.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from dealer_assist.vision.detect import MASK_SCALE, Corner
from dealer_assist.vision.glyphs import INK
from dealer_assist.vision.profile import Profile

#: Card size in a frame against the frame's guess: tilt and a card lifted off
#: the felt reach +-15% (the test scenes' range), blobs are cut a little wider.
SIZE_SLACK = (0.75, 1.3)
#: Areas this close (a share of the larger) make two blobs of one box size twins.
TWIN_AREA = 0.2
#: Least share of its box a suit blob fills (its outline's area: a solid
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
    #: The two blobs in the half-size mask: ``(x, y, w, h, area)``, rank first.
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


def ink_blobs(*inks: np.ndarray) -> np.ndarray:
    """``(x, y, w, h, area)`` of the separate marks of ink masks (area inside the outline).

    A mark of a later mask that an earlier one already holds (its box
    within two pixels: a stroke's blur around a solid shape) is left out:
    every mark counts once.
    """
    out = np.zeros((0, 5), np.float32)
    for ink in inks:
        contours, _ = cv2.findContours(ink, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        if not contours:
            continue
        rows = np.array([(*cv2.boundingRect(c), cv2.contourArea(c)) for c in contours], np.float32)
        if len(out):
            near = np.abs(rows[:, None, :4] - out[None, :, :4]).max(axis=2) <= 2
            rows = rows[~near.any(axis=1)]
        out = np.vstack([out, rows])
    return out


def find_glyph_pairs(inks, profile: Profile, card_h: float, known=()) -> list[GlyphPair]:
    """Index corners implied by rank/suit blob pairs of half-size ink masks (frame coordinates).

    The blobs of every mask in ``inks`` take part (a faint glyph may show
    in one, and the same glyph apart from a line beside it in another).
    ``card_h`` is the frame's card height (full-size pixels).  ``known``
    holds the index regions already read, each ``(origin, wdir, hdir,
    width, height)`` in frame pixels: blobs inside them are not paired.
    """
    h_px = card_h * MASK_SCALE
    w_px = h_px * profile.aspect
    rb, sb = profile.rank_box, profile.suit_box
    rank_span = (rb.v1 - rb.v0) * h_px
    suit_span = (sb.v1 - sb.v0) * h_px
    boxes = ink_blobs(*inks)
    if not len(boxes):
        return []
    centre = (boxes[:, :2] + boxes[:, 2:4] / 2) / MASK_SCALE
    free = np.ones(len(boxes), bool)
    for origin, wdir, hdir, w, h in known:
        d = centre - origin
        u = d @ np.asarray(wdir) / w
        v = d @ np.asarray(hdir) / h
        free &= ~((u >= -0.05) & (u <= 1.0) & (v >= -0.05) & (v <= 1.0))
    boxes, centre = boxes[free], centre[free] * MASK_SCALE
    size = boxes[:, 2:4].max(axis=1)
    lo, hi = SIZE_SLACK
    # The blob's larger side: at least the glyph's height (a narrow rank
    # upright), at most its box's diagonal (a wide rank turned 45 degrees).
    rank_diag = np.hypot(rank_span, (rb.u1 - rb.u0) * w_px)
    suit_diag = np.hypot(suit_span, (sb.u1 - sb.u0) * w_px)
    is_rank_lo = 0.7 * profile.rank_h * h_px * lo
    is_suit_lo = 0.7 * profile.suit_h * h_px * lo
    is_rank = (size >= is_rank_lo) & (size <= rank_diag * hi)
    is_suit = (size >= is_suit_lo) & (size <= suit_diag * hi)
    ri, si = np.nonzero(is_rank)[0], np.nonzero(is_suit)[0]
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
    ratio = profile.suit_h / profile.rank_h
    ok &= size[si][None, :] <= size[ri][:, None] * max(1.0, ratio) * 1.5
    a_idx, b_idx = np.nonzero(ok)
    i_all, j_all = ri[a_idx], si[b_idx]
    keep = i_all != j_all
    a_idx, b_idx, i_all, j_all = a_idx[keep], b_idx[keep], i_all[keep], j_all[keep]
    if not len(i_all):
        return []
    # Pips stand in rows and columns at about an index's spacing: a third
    # blob of glyph size one more step on (beyond the suit, or before the
    # rank) makes the pair part of a row of pips.  Beyond an index's suit
    # the card is bare; before its rank lies the card's edge.
    glyph = (size >= min(is_rank_lo, is_suit_lo)) & (size <= max(rank_diag, suit_diag) * hi)
    gc = centre[glyph]
    step_vec = centre[j_all] - centre[i_all]
    tol = 0.3 * np.hypot(step_vec[:, 0], step_vec[:, 1])
    beyond = centre[j_all] + step_vec
    before = centre[i_all] - step_vec
    in_row = ((np.hypot(*(gc[None, :, :] - beyond[:, None, :]).transpose(2, 0, 1)) < tol[:, None]).any(axis=1)
              | (np.hypot(*(gc[None, :, :] - before[:, None, :]).transpose(2, 0, 1)) < tol[:, None]).any(axis=1))
    # Two pips of one card are twins: the same shape turned the same way,
    # so the same box and area.  An index's rank and suit differ.
    twin = ((np.abs(boxes[i_all, 2] - boxes[j_all, 2]) <= 1) & (np.abs(boxes[i_all, 3] - boxes[j_all, 3]) <= 1)
            & (np.abs(boxes[i_all, 4] - boxes[j_all, 4]) <= TWIN_AREA * np.maximum(boxes[i_all, 4], boxes[j_all, 4])))
    # A suit is a solid shape: a blob that fills little of its box is a
    # stroke, a line or a picture's outline.
    solid = boxes[j_all, 4] >= SUIT_FILL * boxes[j_all, 2] * boxes[j_all, 3]
    pairs = []
    for a, b, i, j, row, tw, so in zip(a_idx, b_idx, i_all, j_all, in_row, twin, solid):
        if row or tw or not so:
            continue
        rc = centre[i] / MASK_SCALE
        sc = centre[j] / MASK_SCALE
        # d = (dv - i du) * e^{i phi}, with hdir = e^{i phi} and wdir = (hdir_y, -hdir_x).
        z = complex(*(sc - rc)) / complex(dv, -du)
        rot = z / abs(z)
        hdir = np.array([rot.real, rot.imag])
        wdir = np.array([hdir[1], -hdir[0]])
        k = abs(z) * MASK_SCALE  # card size against the frame's guess, from the pair's spacing
        k = float(np.clip(k, lo, hi))
        cw, ch = w_px / MASK_SCALE * k, h_px / MASK_SCALE * k
        p = rc - rb.cu * cw * wdir - rb.cv * ch * hdir
        corner = Corner(float(p[0]), float(p[1]), (float(wdir[0]), float(wdir[1])),
                        (float(hdir[0]), float(hdir[1])), 0.0, 0.0, notched=True)
        pairs.append(GlyphPair(corner, (float(rc[0]), float(rc[1])), (float(sc[0]), float(sc[1])), k,
                               abs(float(dist[a, b]) / step - 1.0), (tuple(boxes[i]), tuple(boxes[j]))))
    pairs.sort(key=lambda gp: gp.misfit)
    return pairs
