"""Building a deck profile from set-up shots: one card per image, face up, named by its code.

Nothing about the deck is assumed: the card's aspect and size, where the
index sits, how big its glyphs are and what they look like are all measured
on the shots.  The index is found as the ink nearest the card's corner (the
rank) and the ink just below it (the suit); both index corners are read when
the deck has two.  The acceptance thresholds are then set by reading the
shots again through simulated table conditions (blur, noise, tilt, JPEG).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import cv2
import numpy as np

from dealer_assist.cards import RANKS, SUITS, Card, InvalidCardError, parse_card, printed_rank
from dealer_assist.vision.detect import LEAST_FRAME, MASK_SCALE, paper_mask
from dealer_assist.vision.light import no_colour
from dealer_assist.vision.glyph_pairs import find_glyph_pairs
from dealer_assist.vision.glyphs import normalise
from dealer_assist.vision.image_file import opencv_name, read_checked, read_image
from dealer_assist.vision.index_layout import PAD
from dealer_assist.vision.ink import INK, ink_colour_of, ink_map, redness_of
from dealer_assist.vision.profile import (CANON_H, CARD_H_NEEDED, MIN_SELF_TEST_READ, SMALL_CARDS_READ, Box,
                                          Profile, least_self_test_read)
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.selftest import derive_thresholds, learn_templates
from dealer_assist.vision.shifted_shots import find_shift, shift_warning
from dealer_assist.vision.suit_colours import colour_pairs, suit_inks

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")
RANK_TEMPLATE_H = 32
SUIT_TEMPLATE_H = 24
#: Canonical pixels a rank's (or suit's) median height may differ from the others' by the pixel grid
#: alone (each box edge lands on a whole pixel): only a larger difference is printed.
RANK_HEIGHT_GRID = 1.5


#: The smallest height (card heights) of a glyph an index prints.  The ranks of
#: 23 decks measured 0.083-0.133; what else touches a corner's edge (felt in a
#: rounded corner, a stub of the printed border) measured at most 0.046.
MIN_GLYPH_H = 0.06


#: How alike two set-up shots must look to show one card (normalised correlation): the whole card
#: (warped upright at :data:`FACE_SIZE`), its rank glyph and its suit glyph.  The same shot moved 3-5 px,
#: lit 5-8% brighter or dimmer, noised and saved as JPEG again: 0.994-1.00 whole, 0.93-1.00 the rank
#: (its crop moves a pixel), 0.99-1.00 the suit.  Two cards of a deck: whole at most 0.92 on the shared
#: decks (anglo's 8S and 9S) but 0.99 drawn (a blank face but for the index); two ranks at most 0.82
#: (plastic's 3 and 8), two suits 0.93 (anglo's small club and spade, alike in grey).  All three must pass.
SAME_CARD = {"card": 0.98, "rank": 0.9, "suit": 0.97}
#: The size (pixels, width x height) a card's face is compared at.
FACE_SIZE = (160, 240)


class CalibrationError(ValueError):
    """Calibration could not build a usable profile; the message says which shots failed and why.

    ``reason`` names the kind of failure for ``--json`` output (``"shots"``:
    fix or retake the shots named), ``details`` holds its figures.
    """

    def __init__(self, message: str, reason: str = "shots", details: Optional[dict] = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.details = details or {}


class DeckNotReadable(CalibrationError):
    """The shots show a deck whose index the recognizer cannot read: retaking them will not help.

    A profile built anyway would read such a deck's cards wrongly or not at
    all, silently; so none is built.
    """


#: Why a deck's corners show no rank-over-suit index (see :func:`layout_of`):
#: what a shot shows, what the deck's cards show, and what the recognizer reads.
BORDER, BESIDE, NOT_UNDER = "index_touches_border", "suit_beside_rank", "suit_not_under_rank"
NO_SUIT = "index not found (no suit below the rank in the corner)"
#: Why a shot whose index runs into the band along the card's edge is not used while other shots show its rank and suit.
NEAR_EDGE = ("index not used: it lies so near the card's edge that the band left along the edge cuts it (the card's "
             "outline found a little inside its edge?); the other shots show its rank and suit")
#: Why a shot whose index was not found is blurred (see :func:`blurred`): the layout's reasons would send the
#: user to the deck.
BLURRED = ("index not found: the shot is blurred (out of focus, or the card or camera moved), so its print "
           "cannot be cut; take it again in focus, the camera held still")
#: The steepest part of a card's outline, over the step from felt to paper, under which a shot is blurred: a
#: sharp shot's edge rises within a pixel or two (0.49-0.58 of the step per pixel on the shared decks' and
#: qaAS's shots), one blurred by a Gaussian of sigma s over about 2.5 s pixels (qaAS's 9S at sigma 6: 0.07);
#: 0.2 is a blur of about 2 pixels.
LEAST_SHARPNESS = 0.2
_LAYOUTS = {
    BORDER: ("index not found (its rank runs into the card's printed border)",
             "its corner index touches the card's printed border", "on {} the rank runs into the border",
             "this recognizer reads indexes printed clear of the border only"),
    BESIDE: ("index not found (a glyph stands beside the rank, none under it)",
             "its corner index prints the suit beside the rank, not under it", "on {} a glyph stands beside the rank",
             "this recognizer reads stacked rank-over-suit indexes only"),
    NOT_UNDER: (NO_SUIT,
                "its corner index does not print the suit under the rank", "",
                "this recognizer reads stacked rank-over-suit indexes only"),
}


@dataclass
class Shot:
    card: Card
    path: Path
    quad: Optional[np.ndarray] = None  # TL, TR, BR, BL
    error: str = ""
    glyphs: list = field(default_factory=list)  # (rank_crop, rank_box, suit_crop, suit_box, redness, suit ink colour)
    near_edge: bool = False  # its index was found only among glyphs running into the band along the card's edge
    bottom_right: bool = False  # its index was found at the bottom-right corner too


def shots_in(folder: str | Path) -> tuple[list[Shot], dict[str, str]]:
    """The card images of a folder, and the files skipped (not named by a card code)."""
    folder = Path(folder)
    if not folder.is_dir():
        what = "is a file, not a folder" if folder.exists() else "does not exist"
        raise CalibrationError(f"--images {str(folder)!r} {what}: give the folder holding one image per card "
                               "(AS.png, 10H.png ...)")
    skipped = {}
    seen: dict[Card, Path] = {}
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        try:
            card = parse_card(path.stem, require_suit=True)
        except InvalidCardError:
            skipped[path.name] = "file name is not a card code (name it like AS.png or 10H.png)"
            continue
        if card in seen:
            kept, dropped = sorted((seen[card], path), key=lambda p: _shot_preferred(card, p), reverse=True)
            seen[card] = kept
            skipped[dropped.name] = f"second shot of {card.code} ({kept.name} used{_why_preferred(card, kept, dropped)})"
            continue
        seen[card] = path
    return [Shot(card, path) for card, path in seen.items()], skipped


def _shot_preferred(card: Card, path: Path) -> tuple[bool, bool]:
    """Which of two shots of one card is used: one OpenCV can read, then one whose name spells the card
    (AH.png over 1H.png): a junk AS.jpg beside a good AS.png had left the ace of spades with no shot."""
    return cv2.haveImageReader(opencv_name(path)), path.stem.upper() in (card.code, printed_rank(card.rank) + card.suit)


def _why_preferred(card: Card, kept: Path, dropped: Path) -> str:
    a, b = _shot_preferred(card, kept), _shot_preferred(card, dropped)
    if a[0] and not b[0]:
        return f": {dropped.name} is not a readable image"
    if a[1] and not b[1]:
        return f": its name spells {card.code}"
    return ", the first by name"


def _paper_colour(image: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The card stock's colour (B, G, R) in a set-up shot: the median of the brightest fifth of the card.

    The brightest fifth (by the darkest channel) is bare paper even on a
    court card, whose picture covers most of the rest.
    """
    x0, y0 = np.maximum(quad.min(axis=0), 0).astype(int)
    x1, y1 = quad.max(axis=0).astype(int)
    pixels = image[y0:y1, x0:x1, :3].reshape(-1, 3)
    lo = pixels.min(axis=1)
    return np.median(pixels[lo >= np.percentile(lo, 80)], axis=0)


def find_card(image: np.ndarray) -> tuple[Optional[np.ndarray], str]:
    """The one card of a set-up shot as TL, TR, BR, BL (float), or None and why not."""
    if min(image.shape[:2]) < LEAST_FRAME:
        return None, (f"the shot is {image.shape[1]} x {image.shape[0]} pixels, too small to hold a card "
                      "(a camera's broken frame?): take it again")
    small = cv2.resize(image, None, fx=MASK_SCALE, fy=MASK_SCALE, interpolation=cv2.INTER_AREA)
    mask = paper_mask(small, hole_max=small.shape[0] * small.shape[1] * 0.05)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    min_area = small.shape[0] * small.shape[1] * 0.005

    def card_like(c) -> bool:
        # A card fills its bounding rectangle; a printed ring or a chip (a disc) does not.
        (_, _), (w, h), _ = cv2.minAreaRect(c)
        return w * h > 0 and cv2.contourArea(c) > 0.85 * w * h and 0.45 < min(w, h) / max(w, h) < 0.95

    blobs = sorted((c for c in contours if cv2.contourArea(c) > min_area), key=cv2.contourArea, reverse=True)
    cards = [c for c in blobs if card_like(c)]
    if not cards:
        # A court card's picture may run almost to the edge (some decks also
        # print a dark outline): little of it is white paper.  The shot shows
        # one card on plain felt, so what is not felt is the card.
        for felt_mask in _not_felt(small):
            contours, _ = cv2.findContours(felt_mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            found = sorted((c for c in contours if cv2.contourArea(c) > min_area), key=cv2.contourArea, reverse=True)
            blobs = blobs or found
            cards = [c for c in found if card_like(c)]
            if cards:
                break
    if not blobs:
        return None, "card not found (no bright card-sized area on the table)"
    if not cards:
        return None, _not_card_shaped(small, blobs[0])
    if len(cards) > 1 and cv2.contourArea(cards[1]) > 0.5 * cv2.contourArea(cards[0]):
        return None, "two cards in the shot (show one card at a time)"
    cnt = cards[0]
    if _more_paper_beside(small, cnt, blobs):
        return None, "more than one card in the shot (show one card at a time, alone on the table)"
    (cx, cy), (w, h), _ = cv2.minAreaRect(cnt)
    if cv2.contourArea(cnt) < 0.85 * w * h:
        return None, _not_card_shaped(small, cnt)
    pts = cv2.boxPoints(cv2.minAreaRect(cnt)) / MASK_SCALE
    # Order as an upright card: TL is the top-most of the two left-most points.
    s = pts.sum(axis=1)
    d = pts[:, 0] - pts[:, 1]
    quad = np.array([pts[np.argmin(s)], pts[np.argmax(d)], pts[np.argmax(s)], pts[np.argmin(d)]], dtype=np.float64)
    width = np.linalg.norm(quad[1] - quad[0])
    height = np.linalg.norm(quad[3] - quad[0])
    if width > height:
        return None, "card lies sideways (show it upright, index top-left)"
    x0, y0 = quad.min(axis=0)
    x1, y1 = quad.max(axis=0)
    if x0 < 2 or y0 < 2 or x1 > image.shape[1] - 3 or y1 > image.shape[0] - 3:
        return None, "card cut by the frame edge (move it to the middle)"
    return quad, ""


def sharpness(image: np.ndarray, quad: np.ndarray) -> float:
    """How steeply the outline of the card at ``quad`` (four corners) in ``image`` rises from the felt to
    the paper: its steepest gradients (95th percentile, per pixel) over the step between them."""
    grey = cv2.cvtColor(image[..., :3], cv2.COLOR_BGR2GRAY).astype(np.float32)
    slope = cv2.magnitude(cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)) / 8
    reach = max(3, int(0.04 * float(np.linalg.norm(quad[3] - quad[0]))))
    outline = [np.round(quad).astype(np.int32)]
    card, band = np.zeros(grey.shape, np.uint8), np.zeros(grey.shape, np.uint8)
    cv2.fillPoly(card, outline, 255)
    cv2.polylines(band, outline, True, 255, thickness=reach)
    inside = cv2.erode(card, np.ones((2 * reach + 1,) * 2, np.uint8))
    around = cv2.subtract(cv2.dilate(card, np.ones((2 * reach + 1,) * 2, np.uint8)),
                          cv2.dilate(card, np.ones((reach + 1,) * 2, np.uint8)))
    if not (cv2.countNonZero(inside) and cv2.countNonZero(around)):
        return 1.0  # nothing to compare: not said blurred
    step = abs(float(np.percentile(grey[inside > 0], 90)) - float(np.median(grey[around > 0])))
    return float(np.percentile(slope[band > 0], 95)) / max(step, 1.0)


def blurred(image: np.ndarray, quad: np.ndarray) -> bool:
    """Whether the shot ``image`` of the card at ``quad`` is blurred (see :data:`LEAST_SHARPNESS`)."""
    return sharpness(image, quad) < LEAST_SHARPNESS


def _not_card_shaped(small: np.ndarray, blob) -> str:
    """Why the biggest bright area (``blob``, in ``small``) is no card: cut by the frame's edge where it meets
    it; else covered, or a card whose dark print runs to its edge and breaks its outline (QA: 16 whole cards
    of a deck with big black pips were said to be "covered or cut by the frame?")."""
    x, y, w, h = cv2.boundingRect(blob)
    if x <= 1 or y <= 1 or x + w >= small.shape[1] - 1 or y + h >= small.shape[0] - 1:
        return "card not found (the bright area is not a card-shaped rectangle: covered or cut by the frame?)"
    return ("card not found (the bright area is not a card-shaped rectangle: is part of the card covered, or does "
            "its dark print run to its edge and hide its outline?)")


def _more_paper_beside(small: np.ndarray, card, blobs: list) -> bool:
    """Whether paper as big as half the card lies outside it: overlapping cards (a table photo taken
    for a set-up shot) make one blob of no card's shape, which the card-shape test passes over.

    Paper is counted as bright as the card's own (its darkest channel), pixel by pixel: the paper
    mask fills a printed ring's inside, which is felt.
    """
    box = cv2.boxPoints(cv2.minAreaRect(card))
    darkest = cv2.min(cv2.min(small[..., 0], small[..., 1]), small[..., 2])
    x, y, w, h = cv2.boundingRect(card)
    inside = np.zeros((h, w), np.uint8)
    cv2.drawContours(inside, [card], -1, 255, cv2.FILLED, offset=(-x, -y))
    level = 0.7 * float(np.percentile(darkest[y:y + h, x:x + w][inside > 0], 95))  # its paper, not its picture
    least = 0.5 * cv2.contourArea(card)
    for blob in blobs:
        m = cv2.moments(blob)
        if (blob is card or m["m00"] < least
                or cv2.pointPolygonTest(box, (m["m10"] / m["m00"], m["m01"] / m["m00"]), False) >= 0):
            continue  # too small to be a card, or a piece of this card's own paper (a picture splits it)
        x, y, w, h = cv2.boundingRect(blob)
        drawn = np.zeros((h, w), np.uint8)
        cv2.drawContours(drawn, [blob], -1, 255, cv2.FILLED, offset=(-x, -y))
        if np.count_nonzero(darkest[y:y + h, x:x + w][drawn > 0] >= level) > least:
            return True
    return False


def _not_felt(small: np.ndarray) -> list[np.ndarray]:
    """Masks of what differs clearly from the felt (its colour taken along the frame's border), filled.

    Two takes: printed lines (a pixel or two here) opened away before filling,
    so that a layout ring touching the card does not close around it; and
    filled as they are, for a card whose rim (white margin, printed outline)
    is as thin as such a line.  Either way the card is one solid blob.
    """
    border = np.concatenate([small[:4].reshape(-1, 3), small[-4:].reshape(-1, 3),
                             small[:, :4].reshape(-1, 3), small[:, -4:].reshape(-1, 3)])
    felt = np.median(border, axis=0)
    # Felt under a light gradient drifts by a few tens of levels; card print is far off it.
    spread = max(40.0, 3.0 * float(np.percentile(np.abs(border.astype(np.float32) - felt).max(axis=1), 90)))
    far = (np.abs(small.astype(np.float32) - felt).max(axis=2) > spread).astype(np.uint8) * 255
    masks = []
    for thin in (cv2.morphologyEx(far, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)), far):
        contours, _ = cv2.findContours(thin, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        filled = np.zeros_like(thin)
        cv2.drawContours(filled, contours, -1, 255, cv2.FILLED)
        masks.append(cv2.morphologyEx(filled, cv2.MORPH_OPEN, np.ones((7, 7), np.uint8)))
    return masks


def _corner_patch(image, quad, corner: int, aspect: float, region=(0.45, 0.5)) -> np.ndarray:
    """The upright canonical patch at the TL (corner 0) or BR (corner 2) of ``quad``."""
    canon_w = CANON_H * aspect
    c = quad[corner]
    wv = quad[(corner + 1) % 4] - c
    hv = quad[(corner + 3) % 4] - c
    su, sv = np.linalg.norm(wv) / canon_w, np.linalg.norm(hv) / CANON_H
    wd, hd = wv / np.linalg.norm(wv), hv / np.linalg.norm(hv)
    pw, ph = int(region[0] * canon_w) + PAD, int(region[1] * CANON_H) + PAD
    ax, ay, bx, by = su * wd[0], su * wd[1], sv * hd[0], sv * hd[1]
    m = np.array([[ax, bx, c[0] - PAD * (ax + bx)], [ay, by, c[1] - PAD * (ay + by)]])
    return cv2.warpAffine(image, m, (pw, ph), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)


def _print_strokes(patch: np.ndarray, blank: int) -> tuple[np.ndarray, float, np.ndarray]:
    """The patch's ink map, its paper level, and its print (0/1) without the card's border strokes.

    The outer ``blank`` rows and columns (table, card edge) are blanked first.
    """
    ink, paper = ink_map(patch)
    ink[:blank, :] = 0
    ink[:, :blank] = 0
    binary = (ink > INK).astype(np.uint8)
    # The card's printed border and the felt around it are long straight
    # strokes along the edges: remove them, so that a glyph printed close to
    # the edge is not lost with them.
    length = max(8, CANON_H // 6)
    lines = cv2.morphologyEx(binary, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, length)))
    lines |= cv2.morphologyEx(binary, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (length, 1)))
    binary &= ~cv2.dilate(lines, np.ones((3, 3), np.uint8))
    return ink, paper, binary


def _glyph_components(binary: np.ndarray, edge: int, near_edge: bool = False):
    """Labels, stats and the ids of the print blobs clear of the patch's edges (with ``near_edge``,
    also those that run into the blanked band along the card's edges, but for a speck of felt at the corner)."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    lo = edge - 1 if near_edge else edge
    comps = [i for i in range(1, n) if stats[i][4] >= 6 and stats[i][0] > lo and stats[i][1] > lo
             and not (stats[i][0] == edge and stats[i][1] == edge and stats[i][3] < MIN_GLYPH_H * CANON_H)
             and stats[i][0] + stats[i][2] < binary.shape[1] - 1 and stats[i][1] + stats[i][3] < binary.shape[0] - 1]
    return labels, stats, comps


def find_index(patch: np.ndarray, canon_w: float, two_glyphs: bool = True,
               near_edge: bool = False) -> tuple[Optional[tuple], str]:
    """Rank and suit of an upright corner patch of a set-up shot: the ink nearest the corner and the ink below it.

    With ``near_edge``, glyphs that run into the band blanked along the card's
    edges count too, where paper still parts them from the edge (see
    :func:`_runs_into_the_edge`): some decks print the rank that close to the
    corner (KDE's penguins).  Their tops may be cut by the band, so only a
    card whose index is not found clear of it is looked at again so, and kept
    only for a rank or suit no other card shows (see :func:`calibrate`).
    """
    edge = PAD + 2
    ink, paper, binary = _print_strokes(patch, edge)
    labels, stats, comps = _glyph_components(binary, edge, near_edge)
    if near_edge:
        inked = (ink_map(patch)[0] > INK).astype(np.uint8)
        comps = [i for i in comps if not _runs_into_the_edge(inked, labels, i, edge)]
    if not comps:
        return None, "index not found (no print near the top-left corner)"
    first = min(comps, key=lambda i: np.hypot(stats[i][0], stats[i][1]))
    x, y, w, h, _ = stats[first]
    rank_ids = [first]
    for i in comps if two_glyphs else ():  # a two-glyph rank ("10") sits side by side with the first
        xi, yi, wi, hi, _ = stats[i]
        if i == first:
            continue
        overlap = min(y + h, yi + hi) - max(y, yi)
        if overlap > 0.8 * min(h, hi) and 0.75 < hi / h < 1.33 and abs(yi - y) < 0.2 * h and 0 <= xi - (x + w) < 0.3 * h:
            rank_ids.append(i)
    rx0 = min(stats[i][0] for i in rank_ids)
    rx1 = max(stats[i][0] + stats[i][2] for i in rank_ids)
    ry0 = min(stats[i][1] for i in rank_ids)
    ry1 = max(stats[i][1] + stats[i][3] for i in rank_ids)
    below = [i for i in comps if i not in rank_ids and stats[i][1] >= ry1 - 1
             and min(rx1, stats[i][0] + stats[i][2]) - max(rx0, stats[i][0]) > 0.3 * min(rx1 - rx0, stats[i][2])
             and stats[i][1] - ry1 < (ry1 - ry0)]
    if not below:
        return None, NO_SUIT
    suit_id = min(below, key=lambda i: stats[i][1])
    sx, sy, sw, sh, _ = stats[suit_id]
    rank_mask = np.isin(labels, rank_ids)
    suit_mask = labels == suit_id
    rank_crop = np.where(rank_mask, ink, ink * 0.5)[ry0:ry1, rx0:rx1]
    suit_crop = np.where(suit_mask, ink, ink * 0.5)[sy:sy + sh, sx:sx + sw]

    def box(x0, y0, x1, y1):
        return Box((x0 - PAD) / canon_w, (y0 - PAD) / CANON_H, (x1 - PAD) / canon_w, (y1 - PAD) / CANON_H)

    return (rank_crop, box(rx0, ry0, rx1, ry1), suit_crop, box(sx, sy, sx + sw, sy + sh),
            redness_of(patch, suit_mask, paper), ink_colour_of(patch, suit_mask, paper)), ""


#: How far from the card's corner (of the canonical height) the felt beyond its rounded corner reaches in along an edge.
CORNER_FELT = 0.04


def _runs_into_the_edge(inked: np.ndarray, labels: np.ndarray, i: int, edge: int) -> bool:
    """Whether blob ``i``, where it meets the band blanked along the card's edges, goes on to the
    card's edge with no paper between (``inked``: the patch's ink before the band was blanked).

    A rank printed close to the edge of a card with no border (KDE's penguins)
    meets the band with paper beyond it, and the felt beyond a rounded corner
    joins it near the corner (where only felt lies beyond): it is clear of
    the edge.  A rank running on into the card's edge or its printed border
    line is what :func:`layout_of` refuses.
    """
    reach = edge + int(CORNER_FELT * CANON_H)
    top = np.flatnonzero(labels[edge, reach:] == i) + reach
    left = np.flatnonzero(labels[reach:, edge] == i) + reach
    return bool(inked[:edge, top].all(axis=0).any() or inked[left, :edge].all(axis=1).any())


def layout_of(image: np.ndarray, quad: np.ndarray, aspect: float) -> str:
    """What the top-left corner of a shot shows instead of a suit under the rank.

    :data:`BORDER`: a glyph-sized blob runs into one edge of the card (a
    felt corner runs into both); :data:`BESIDE`: along the top of the card, a
    glyph of about the rank's height stands level with it, to its right;
    else :data:`NOT_UNDER`.
    """
    edge = PAD + 2
    _, _, binary = _print_strokes(_corner_patch(image, quad, 0, aspect), PAD)
    _, _, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    for x, y, _, h, area in stats[1:]:
        if area >= 6 and (x <= edge) != (y <= edge) and h >= MIN_GLYPH_H * CANON_H:
            return BORDER
    # Here the print is taken whole: a glyph as wide as a border stroke is
    # long (a big diamond) would lose its middle with the strokes.
    ink, _ = ink_map(_corner_patch(image, quad, 0, aspect, region=(1.0, 0.5)))
    ink[:edge, :] = 0
    ink[:, :edge] = 0
    _, stats, comps = _glyph_components((ink > INK).astype(np.uint8), edge)
    glyphs = [i for i in comps if stats[i][3] >= MIN_GLYPH_H * CANON_H]
    if glyphs:
        first = min(glyphs, key=lambda i: np.hypot(stats[i][0], stats[i][1]))
        x, y, w, h, _ = stats[first]
        for i in glyphs:
            xi, yi, _, hi, _ = stats[i]
            if i != first and xi >= x + w and min(y + h, yi + hi) - max(y, yi) > 0.5 * min(h, hi) and 0.5 < hi / h < 2:
                return BESIDE
    return NOT_UNDER


def _layout_refusal(failed: list[tuple[Shot, np.ndarray]], found: list[Shot], images: dict, aspect: float,
                    shots: list[Shot], skipped: dict[str, str]) -> DeckNotReadable:
    """The error for a deck most of whose found cards show no suit under the rank: what they show instead."""
    seen: dict[str, int] = {}
    for shot, quad in failed:
        kind = layout_of(images[shot.card], quad, aspect)
        seen[kind] = seen.get(kind, 0) + 1
        shot.error = _LAYOUTS[kind][0]
    kind = max(seen, key=lambda k: (seen[k], k != NOT_UNDER))
    _, what, count, scope = _LAYOUTS[kind]
    tally = f"{len(failed)} of the {len(found)} cards found show no suit under the rank"
    if count:
        tally += "; " + count.format(seen[kind])
    headline = (f"this deck cannot be read: {what} ({tally}): {scope}. No profile was written. "
                "If the deck does print its rank over its suit, clear of the border, retake the shots "
                "(one card each, upright, index top-left, in focus); otherwise use another deck, "
                "or the shoe or the keyboard")
    return DeckNotReadable(_report(headline, shots, skipped), kind,
                           {"cards_found": len(found), "no_suit_under_rank": len(failed),
                            "layouts": {k: seen[k] for k in sorted(seen)}})


def _four_corners(good, images, aspect: float, canon_w: float) -> bool:
    """Whether the deck also prints its index, upright, at the top-right corner (so at all four).

    Then an index seen without its corner may sit at either top corner of
    its card, and the card cannot be placed from the index alone.  Told by
    the top-right corner, mirrored, holding glyphs where an index corner holds
    the index, of the same sizes (a column of pips does not line up so).
    """
    hits = 0
    for shot in good:
        image = images[shot.card]
        tl = shot.glyphs[0]  # an index corner's glyphs, in card fractions from that corner
        w = image.shape[1]
        q = shot.quad.copy()
        q[:, 0] = w - 1 - q[:, 0]
        mirrored = np.array([q[1], q[0], q[3], q[2]])  # the top-right corner, flipped, as a top-left
        tr = find_index(_corner_patch(cv2.flip(image, 1), mirrored, 0, aspect), canon_w,
                        two_glyphs=shot.card.rank == "T")[0]
        if tr is not None and all(abs(getattr(tr[i], f) - getattr(tl[i], f)) < 0.03
                                  for i in (1, 3) for f in ("u0", "v0", "u1", "v1")):
            hits += 1
    return hits > len(good) // 2


def look_alike(good: list[Shot], images: dict) -> list[tuple[str, str, dict[str, float]]]:
    """The pairs of shots (file names, and how alike their card, rank and suit are) that look as alike as
    one card does with itself (see :data:`SAME_CARD`): the same card under two names.  The read back of
    the finished profile says that a shot reads as another card, not that its file is another's copy (QA)."""
    if len(good) < 2:
        return []
    alike = {"card": _likeness([_face(images[s.card], s.quad) for s in good]),
             "rank": _likeness([normalise(s.glyphs[0][0], (RANK_TEMPLATE_H, RANK_TEMPLATE_H)) for s in good]),
             "suit": _likeness([normalise(s.glyphs[0][2], (SUIT_TEMPLATE_H, SUIT_TEMPLATE_H)) for s in good])}
    return [(good[i].path.name, good[j].path.name, {part: round(float(m[i, j]), 3) for part, m in alike.items()})
            for i in range(len(good)) for j in range(i + 1, len(good))
            if all(alike[part][i, j] >= bar for part, bar in SAME_CARD.items())]


def _face(image: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The card's face warped upright at :data:`FACE_SIZE`, blurred a little: its pips and index, not its grain."""
    w, h = FACE_SIZE
    upright = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    face = cv2.warpPerspective(image, cv2.getPerspectiveTransform(np.float32(quad), upright), (w, h))
    return cv2.GaussianBlur(face.astype(np.float32), (0, 0), 1.5)


def _likeness(pictures: list[np.ndarray]) -> np.ndarray:
    """Normalised correlation of each two of ``pictures`` (one size)."""
    flat = np.array([p.ravel() - p.mean() for p in pictures])
    flat /= np.linalg.norm(flat, axis=1, keepdims=True) + 1e-9
    return flat @ flat.T


def _one_size(images) -> list[int]:
    """The (width, height) the images all share, or [] when they differ (see :attr:`.Profile.shot_size`)."""
    sizes = {(int(i.shape[1]), int(i.shape[0])) for i in images}
    return list(sizes.pop()) if len(sizes) == 1 else []


def calibrate(folder: str | Path, name: Optional[str] = None, *, self_test: bool = True,
              allow_missing: bool = False, check_names: bool = True) -> Profile:
    """Build a profile from the shots in ``folder``; raises :class:`CalibrationError` if too few work.

    ``check_names`` (with ``self_test``) refuses a profile whose own shots read back as other cards
    (see :func:`read_back`): taught a glyph under the wrong name, it would misread that card."""
    shots, skipped = shots_in(folder)
    if not shots:
        raise CalibrationError(f"no card images in {str(folder)!r}: expected files named by card code (AS.png, 10H.png ...)")
    images = {}
    for shot in shots:
        image, damage = read_checked(shot.path)
        if image is None:
            shot.error = "not a readable image"
            continue
        if damage:
            # Its glyphs may lie past the damage: cut from a blank or garbled picture, they would teach nonsense.
            shot.error = f"the image is {damage}: copy it again, or take the shot again"
            continue
        images[shot.card] = image
    red = [s for s in shots if s.card in images and s.card.is_red]
    grey = {id(s) for s in red if no_colour(images[s.card])}
    if red and len(grey) == len(red):
        raise CalibrationError(
            "the shots have no colour (a camera set to greyscale, or shots saved grey): a profile made from them "
            "cannot tell red suits from black, and reads a colour camera's frames badly; set the camera to colour "
            "and take the shots again. No profile was written", "no_colour", {"grey_shots": len(grey)})
    for shot in shots:
        if id(shot) in grey:
            shot.error = "a red card with no colour (saved grey?): take it again in colour"
        elif shot.card in images:
            shot.quad, shot.error = find_card(images[shot.card])
    found = [s for s in shots if s.quad is not None]
    if not found:
        raise CalibrationError(_report("no card found in any shot", shots, skipped))
    sizes = np.array([(np.linalg.norm(s.quad[1] - s.quad[0]), np.linalg.norm(s.quad[3] - s.quad[0])) for s in found])
    aspect = float(np.median(sizes[:, 0] / sizes[:, 1]))
    card_h = float(np.median(sizes[:, 1]))
    canon_w = CANON_H * aspect
    other_shape = {s.path.name: float(w / h) for s, (w, h) in zip(found, sizes)
                   if abs(w / h / aspect - 1) > OTHER_SHAPE}
    failed = []  # (shot, its card's corners) of the cards found whose index was not
    for shot in found:
        image = images[shot.card]
        for near_edge in (False, True):
            for corner in (0, 2):
                # Only a ten has a two-glyph rank; anything beside another rank is a pip.
                glyphs, why = find_index(_corner_patch(image, shot.quad, corner, aspect), canon_w,
                                         two_glyphs=shot.card.rank == "T", near_edge=near_edge)
                if glyphs is not None:
                    shot.glyphs.append(glyphs)
                    shot.near_edge = near_edge
                    shot.bottom_right |= corner == 2
                elif corner == 0 and not near_edge:
                    shot.error = why
            if shot.glyphs or shot.error != NO_SUIT:
                break
    # A glyph running into the band is cut by it: such a shot is used only for a rank
    # or a suit that no other shot shows (its templates are the worse for it).
    clear = [s for s in found if s.glyphs and not s.near_edge]
    ranks_clear, suits_clear = {s.card.rank for s in clear}, {s.card.suit for s in clear}
    for shot in found:
        if shot.near_edge and shot.card.rank in ranks_clear and shot.card.suit in suits_clear:
            # Its index is there (QA: "no suit below the rank" said of a clean QC whose club lay 1% of the card's
            # width from its edge): cut by the band, and not needed.
            shot.glyphs, shot.near_edge = [], False
            shot.error = NEAR_EDGE
        if shot.glyphs:
            shot.error = ""
        else:
            if blurred(images[shot.card], shot.quad):
                shot.error = BLURRED
            failed.append((shot, shot.quad))
            shot.quad = None
    good = [s for s in found if s.glyphs]
    two_corners = sum(s.bottom_right for s in good)
    alike = look_alike(good, images)
    if alike:
        # Each would teach one card's glyphs under the other's name (QA: 5S.png copied as 5H.png).
        raise CalibrationError(
            "set-up shots show the same card under two names (a copy of a file, or one card shot twice): one "
            "of each pair is named wrong, and a profile taught a glyph under the wrong name would misread that "
            "card. No profile was written:\n" + "\n".join(
                f"  {a} and {b} look alike as one card does with itself (the card {sim['card']:.2f}, its rank "
                f"{sim['rank']:.2f}, its suit {sim['suit']:.2f}; two cards of a deck fall short in rank or suit): "
                "look at them, keep the one named by the card it shows, and take the other card's shot"
                for a, b, sim in alike), "look_alike_shots", {"look_alike": [[a, b, sim] for a, b, sim in alike]})
    if len(failed) * 2 > len(found):
        # A deck's layout is what most of its cards show; the "index" found
        # on the others is then something else (a pip taken for the suit).
        raise _layout_refusal(failed, found, images, aspect, shots, skipped)
    # Small cards are a likely cause of indexes not found: say so beside the shots named.
    small = f" ({_too_small(card_h)})" if card_h < CARD_H_NEEDED else ""
    ranks_seen = {s.card.rank for s in good}
    suits_seen = {s.card.suit for s in good}
    if len(ranks_seen) < 2 or len(suits_seen) < 2:
        raise CalibrationError(_report("too few cards with a readable index" + small, shots, skipped))
    lacking = [r for r in RANKS if r not in ranks_seen] + [su for su in SUITS if su not in suits_seen]
    if lacking and not allow_missing:
        # A profile that has never seen a rank cannot tell it from the others:
        # it would read every such card as something else.
        raise CalibrationError(_report(
            f"no usable shot of {' '.join(printed_rank(x) for x in lacking)}: retake those shots "
            "(or, for a deck that has none, pass --allow-missing: a profile that never saw them reads "
            "them as other cards)" + small, shots, skipped))
    samples = [(s.card, g) for s in good for g in s.glyphs]
    rank_boxes = np.array([[g[1].u0, g[1].v0, g[1].u1, g[1].v1] for _, g in samples])
    suit_boxes = np.array([[g[3].u0, g[3].v0, g[3].u1, g[3].v1] for _, g in samples])
    # Drop the odd shot whose "index" was something else (e.g. a picture frame).
    med_r, med_s = np.median(rank_boxes, axis=0), np.median(suit_boxes, axis=0)
    rank_h = float(np.median(rank_boxes[:, 3] - rank_boxes[:, 1]))
    # Across the card, fractions of the width are turned into fractions of the
    # height: a "suit" that runs on into a pip or a picture is far too wide.
    ok = [i for i in range(len(samples))
          if np.abs(rank_boxes[i, [1, 3]] - med_r[[1, 3]]).max() < 0.5 * rank_h
          and np.abs(suit_boxes[i, [1, 3]] - med_s[[1, 3]]).max() < 0.5 * rank_h
          and np.abs(rank_boxes[i, [0, 2]] - med_r[[0, 2]]).max() * aspect < 0.5 * rank_h
          and np.abs(suit_boxes[i, [0, 2]] - med_s[[0, 2]]).max() * aspect < 0.5 * rank_h]
    samples = [samples[i] for i in ok]
    rank_boxes, suit_boxes = rank_boxes[ok], suit_boxes[ok]

    def span(boxes):
        return Box(float(np.percentile(boxes[:, 0], 2)), float(np.percentile(boxes[:, 1], 2)),
                   float(np.percentile(boxes[:, 2], 98)), float(np.percentile(boxes[:, 3], 98)))

    rank_box, suit_box = span(rank_boxes), span(suit_boxes)
    suit_h = float(np.median(suit_boxes[:, 3] - suit_boxes[:, 1]))
    rank_h = float(np.median(rank_boxes[:, 3] - rank_boxes[:, 1]))
    rank_aspect_all = (rank_boxes[:, 2] - rank_boxes[:, 0]) * aspect / (rank_boxes[:, 3] - rank_boxes[:, 1])
    suit_aspect_all = (suit_boxes[:, 2] - suit_boxes[:, 0]) * aspect / (suit_boxes[:, 3] - suit_boxes[:, 1])
    # Glyphs are read in a window of one fixed aspect that fits the widest of them.
    rank_size = (int(np.clip(round(RANK_TEMPLATE_H * np.percentile(rank_aspect_all, 98)), 10, 48)), RANK_TEMPLATE_H)
    suit_size = (int(np.clip(round(SUIT_TEMPLATE_H * np.percentile(suit_aspect_all, 98)), 10, 36)), SUIT_TEMPLATE_H)
    edge_margin = float(min(np.percentile(rank_boxes[:, 0], 2) * aspect, np.percentile(rank_boxes[:, 1], 2),
                            np.percentile(suit_boxes[:, 0], 2) * aspect))
    rank_t, suit_t, rank_a, suit_a, red, rank_hs, suit_hs = {}, {}, {}, {}, {}, {}, {}
    for r in RANKS:
        idx = [i for i, (c, _) in enumerate(samples) if c.rank == r]
        if idx:
            rank_t[r] = np.mean([normalise(samples[i][1][0], rank_size) for i in idx], axis=0)
            rank_a[r] = float(np.median(rank_aspect_all[idx]))
            height = float(np.median(rank_boxes[idx, 3] - rank_boxes[idx, 1]))
            if abs(height - rank_h) * CANON_H > RANK_HEIGHT_GRID:
                rank_hs[r] = height
    for s in SUITS:
        idx = [i for i, (c, _) in enumerate(samples) if c.suit == s]
        if idx:
            suit_t[s] = np.mean([normalise(samples[i][1][2], suit_size) for i in idx], axis=0)
            suit_a[s] = float(np.median(suit_aspect_all[idx]))
            height = float(np.median(suit_boxes[idx, 3] - suit_boxes[idx, 1]))
            if abs(height - suit_h) * CANON_H > RANK_HEIGHT_GRID:
                suit_hs[s] = height
            red[s] = bool(np.median([samples[i][1][4] for i in idx]) > 0.15)
    inks = suit_inks(samples)
    papers = [float(np.percentile(images[s.card].min(axis=2)[int(s.quad[:, 1].min()):int(s.quad[:, 1].max()),
                                                              int(s.quad[:, 0].min()):int(s.quad[:, 0].max())], 90))
              for s in good[:8]]
    paper_colour = np.median([_paper_colour(images[s.card], s.quad) for s in good[:8]], axis=0)
    for shot in shots:
        if not shot.error and not shot.glyphs:
            shot.error = "index not found"
    profile = Profile(
        name=name or Path(folder).resolve().name,
        aspect=aspect,
        card_h_px=card_h,
        rank_box=rank_box,
        suit_box=suit_box,
        rank_h=rank_h,
        suit_h=suit_h,
        edge_margin=max(edge_margin, 0.0),
        rank_size=rank_size,
        suit_size=suit_size,
        suit_red=red,
        suit_ink={s: [round(float(v), 3) for v in c] for s, (c, _) in inks.items()},
        colour_pairs=colour_pairs(inks, red),
        paper_level=float(np.median(papers)),
        paper_colour=[round(float(v), 1) for v in paper_colour],
        shot_size=_one_size(images[s.card] for s in found),
        index_corners=4 if _four_corners(good, images, aspect, canon_w) else 2 if two_corners >= len(good) // 2 else 1,
        shots={**{s.path.name: (s.error or "ok") for s in shots}, **skipped},
        rank_templates=rank_t,
        suit_templates=suit_t,
        rank_aspect=rank_a,
        rank_heights=rank_hs,
        suit_heights=suit_hs,
        suit_aspect=suit_a,
    )
    shot_list = [(s.card, images[s.card], s.quad) for s in good]
    learn_templates(profile, shot_list)
    profile.glyphs_on_pips = glyphs_on_pips(profile, shot_list)
    if self_test:
        profile.thresholds = derive_thresholds(profile, shot_list)
        found: list[dict] = []
        misnamed = [w for w in read_back(profile, folder, found) if " reads as " in w] if check_names else []
        try:
            _check_self_test(profile, shots, skipped)
        except CalibrationError as exc:
            if not misnamed:
                raise
            if any(shot.get("shifted_from") for shot in found):
                # The shift explains the failed self-test: "if the names are right" would send to another deck.
                raise _misnamed(misnamed, found, shots, skipped, "", other_shape, aspect) from None
            # A swapped pair can fail the self-test outright: the names are the likelier fault than the deck.
            raise _misnamed(misnamed, found, shots, skipped, f"If the names are right: {str(exc).split(':' + chr(10))[0]}",
                            other_shape, aspect)
        if misnamed:
            raise _misnamed(misnamed, found, shots, skipped, "", other_shape, aspect)
    return profile


#: How far a shot's card (width over height) may be from the shots' median and still be of the same deck: a
#: deck's own cards measure within 3% of it (README), anglo's are 9% narrower than plastic's.
OTHER_SHAPE = 0.05


def _misnamed(warnings: list[str], found: list[dict], shots: list[Shot], skipped: dict[str, str],
              otherwise: str, other_shape: Optional[dict[str, float]] = None, aspect: float = 0.0) -> CalibrationError:
    """The refusal of shots that read back as other cards: those first, then the shots whose card is of
    another shape than the others' (``other_shape``: name -> width over height; the median is ``aspect``):
    another deck's shots mixed in, which read as their own cards but for one (QA: only that one was
    named), then any other shot not used (under its own heading: they are no part of the fault), then
    what it means if the names are right."""
    lines = ["set-up shots read back as other cards, so their names look wrong; a profile taught a glyph under "
             "the wrong name would misread that card. No profile was written:", *(f"  {w}" for w in warnings)]
    if other_shape:
        lines.append(f"  {len(other_shape)} shot(s) show a card of another shape than the others' (width over height "
                     f"{aspect:.3f}): another deck's cards mixed in? take them out, or shoot those cards of this deck: "
                     + ", ".join(f"{name} ({ratio:.3f})" for name, ratio in sorted(other_shape.items())))
    others = _report("", shots, skipped).splitlines()[1:]
    if others:
        lines += ["Other shots not used:", *others]
    if otherwise:
        lines.append(otherwise)
    not_used = {s.path.name: s.error for s in shots if s.error} | dict(skipped)
    return CalibrationError("\n".join(lines), "misnamed_shots",
                            {"misnamed": warnings, "shots": found, "not_used": not_used,
                             "other_shape": sorted(other_shape or ()),
                             **({"if_names_right": otherwise} if otherwise else {})})


def glyphs_on_pips(profile: Profile, shots: list) -> bool:
    """Whether some set-up shot's index is found by its glyphs only once glyphs are taken off pips.

    Taking glyphs off the pips they touch (:func:`.glyph_pairs.peel_pips`)
    finds KDE's tigullio-international's fanned cards, whose index nearly
    touches its pips; on a deck whose index stands clear of them it only
    adds glyph pairs of pips' fragments, each a look that reads nothing
    (some 1.5 ms a frame on the shared anglo deck).  Of the 35 benchmark
    designs tigullio-international shows it in 3 set-up shots, swiss-xvii
    in 2, tarocco in 1, the rest in none.  ``shots``: (card, image, quad).
    A four-index deck is never searched for glyph pairs: False.
    """
    if profile.index_corners >= 4:
        return False
    recognizer = Recognizer(profile)
    rb, sb = profile.rank_box, profile.suit_box
    for _, image, quad in shots:
        tl, tr, _, bl = (np.asarray(p, np.float64) for p in quad)
        w, h = np.linalg.norm(tr - tl), np.linalg.norm(bl - tl)
        wdir, hdir = (tr - tl) / w, (bl - tl) / h
        rank_at = tl + rb.cu * w * wdir + rb.cv * h * hdir
        suit_at = tl + sb.cu * w * wdir + sb.cv * h * hdir
        near = 0.3 * np.linalg.norm(suit_at - rank_at)
        masks = recognizer.masks(image)

        def found(pips: bool) -> bool:
            return any(np.linalg.norm(np.array(gp.rank_at) - rank_at) < near
                       and np.linalg.norm(np.array(gp.suit_at) - suit_at) < near
                       for gp in find_glyph_pairs((masks.ink, masks.faint_ink), profile, profile.card_h_px,
                                                  bays=masks.bay_ink, frame=image, pips=pips, colour=masks.frame))

        if not found(False) and found(True):
            return True
    return False


_CAMERA_ADVICE = ("move the camera closer or raise its resolution (1280x720 with the card about a third of the "
                  "frame's height is what it is tested on), then take the shots again")


def _too_small(card_h: float) -> str:
    return (f"the cards are about {round(card_h)} px tall in the shots; this recognizer needs about "
            f"{CARD_H_NEEDED} px or more: {_CAMERA_ADVICE}")


def small_card_warning(profile: Profile) -> Optional[str]:
    """A warning when the cards of the set-up shots are smaller than :data:`CARD_H_NEEDED`
    (the profile was accepted, but reads fewer cards than it would from closer); else None."""
    if profile.card_h_px >= CARD_H_NEEDED:
        return None
    read = profile.self_test.get("read") if profile.self_test else None
    said = f" (its self-test read {read:.0%} of the degraded copies)" if read is not None else ""
    return (_too_small(profile.card_h_px) + f" and calibrate: as it is, this profile misses more cards than "
            f"one made from closer{said}")


def _check_self_test(profile: Profile, shots: list[Shot], skipped: dict[str, str]) -> None:
    """Refuse a profile that cannot read its own deck's degraded shots, or misreads any of them."""
    test = profile.self_test
    read, wrong = test.get("read", 0.0), int(test.get("wrong", 0))
    least = least_self_test_read(profile.card_h_px)
    if read >= least and not wrong:
        return
    bar = (f"a usable profile reads at least {MIN_SELF_TEST_READ:.0%}" if least == MIN_SELF_TEST_READ else
           f"a profile from cards under {CARD_H_NEEDED} px reads at least {SMALL_CARDS_READ:.0%}: its templates, "
           "cut that small, misread cards, not only miss them")
    why = (f"{wrong} of its {int(test.get('trials', 0))} trial reads were accepted as the wrong card" if wrong else
           f"it read only {read:.1%} of the {int(test.get('trials', 0))} trial reads correctly, {bar}")
    if profile.card_h_px < CARD_H_NEEDED:
        # Small cards are read badly whatever the deck: that is the fix to ask for, not another deck.
        headline = (f"{_too_small(profile.card_h_px)}. The self-test (the set-up shots blurred, tilted and noised "
                    f"as at the table) failed: {why}. No profile was written")
        raise CalibrationError(_report(headline, shots, skipped), "cards_too_small",
                               {**test, "card_h_px": round(profile.card_h_px, 1), "card_h_needed": CARD_H_NEEDED})
    headline = (f"this deck cannot be read: its self-test (the set-up shots blurred, tilted and noised as at the table) "
                f"failed: {why}; the recognizer would miss or misread its cards. No profile was written. "
                "Check that each shot shows one card, upright, index top-left, in focus; if so, this deck's index "
                "is not one this recognizer reads (a rank printed over its suit, clear of the border): use another "
                "deck, or the shoe or the keyboard")
    raise DeckNotReadable(_report(headline, shots, skipped), "self_test_failed", dict(test))


def _report(headline: str, shots: list[Shot], skipped: dict[str, str]) -> str:
    """``headline``, then each failed or skipped shot and why (the headline alone when none did)."""
    lines = [f"  {s.path.name}: {s.error}" for s in shots if s.error]
    lines += [f"  {name}: {why}" for name, why in skipped.items()]
    return "\n".join([headline + ":", *lines] if lines else [headline])


def missing_cards(profile: Profile) -> list[str]:
    """Card codes with no usable shot (their rank or suit may still be known from others)."""
    ok = set()
    for fname, status in profile.shots.items():
        if status == "ok":
            try:
                ok.add(parse_card(Path(fname).stem).code)
            except InvalidCardError:
                pass
    return [r + s for s in SUITS for r in RANKS if r + s not in ok]


#: How much closer (cosine of the glyph images) a set-up shot's rank glyph must lie to the other
#: shots of another rank than to the other shots of its own for :func:`read_back` to take the shot
#: as that rank's.  Measured (see :func:`_glyph_reads`): on the correctly named shots of anglo,
#: plastic and 32 rendered designs another rank came at most 0.016 closer (tango's 10C, to the
#: kings; 0.001 Атласные's JD, to the eights; the others' own ranks lay closer); swapped shots'
#: ranks lay 0.11-0.12 (anglo 6S/8S) and 0.94-0.95 (plastic KH/QD) closer to the rank they show.
OTHER_RANK_LEAD = 0.06
#: How far the profile's best suit (one the ink's colour allows) must lead the shot's own suit,
#: in its templates' scores, for :func:`read_back` to take the shot as of that suit.  On the same
#: correctly named shots another suit led by at most 0.067 (tango's 10H), 0.037 (gnomangelo's 9S);
#: plastic's swapped KH/QD by 0.28 and 0.36.
OTHER_SUIT_LEAD = 0.15


def _name(card: Card) -> str:
    """A card's code as its set-up shot is named (10H, not TH)."""
    return printed_rank(card.rank) + card.suit


def read_back(profile: Profile, folder: str | Path, misnamed: Optional[list[dict]] = None) -> list[str]:
    """Warnings about set-up shots that the finished ``profile`` reads as another card than
    their file's name, or (where that is unusual) reads as nothing; [] when every shot reads
    as its name.

    A shot named by the wrong card (two names swapped) teaches the profile a glyph under the
    wrong name; its self-test then only reads less, and the recognizer misses that card at the
    table.  Each shot the profile used is read whole, as a table frame is (``Recognizer``);
    one read for sure as another card is named.  A profile taught a wrong glyph is seldom
    sure of those glyphs at all, so a shot not read as its name is read once more by its
    glyphs (see :func:`_glyph_reads`).  A shot read as nothing is named only where every
    other shot of its rank and of its suit was read (not, e.g., a deck's court cards).
    Shots the profile lists as failed are not read again.  The first warning is
    :func:`small_card_warning`'s, when the cards are small in the shots: it then stands for
    the shots read as nothing.  ``misnamed``, when given, gets each shot read as another card as
    ``{"shot", "reads_as", "swapped_with"}`` (the other shot of a swapped pair, or None), for ``--json``;
    shots shifted by one card in the set-up order (see :mod:`.shifted_shots`) are named together, each
    with ``"shifted_from"``: the first shifted shot's card.
    """
    shots = [s for s in shots_in(folder)[0] if profile.shots.get(s.path.name) == "ok"]
    recognizer = Recognizer(profile)
    images, sure = {}, {}
    for shot in shots:
        image = read_image(shot.path)
        if image is None:
            continue
        images[shot.path.name] = image
        sure[shot.path.name] = {hit.card for hit in recognizer.recognize(image).cards}
    reads_as: dict[str, Card] = {}  # shot name -> the other card it reads as
    unread = [s for s in shots if s.path.name in sure and s.card not in sure[s.path.name]]
    for shot in unread:
        others = sure[shot.path.name] - {shot.card}
        if others:
            reads_as[shot.path.name] = min(others, key=_name)
    glyphs = _corner_glyphs(profile, [s for s in shots if s.path.name in images], images) if unread else {}
    for name, card in _glyph_reads(glyphs).items():
        reads_as.setdefault(name, card)
    by_card = {s.card: s.path.name for s in shots}
    warnings = []
    small = small_card_warning(profile)
    if small:
        warnings.append(small)
    shift = find_shift({name: (_name(card), rank, suit) for name, (card, rank, suit, _) in glyphs.items()},
                       [(s.path.name, _name(s.card)) for s in shots]) if reads_as else None
    if shift:
        # Taught from the shifted names, the profile reads the shifted shots as named and blames the right ones.
        if misnamed is not None:
            misnamed += [{"shot": name, "reads_as": parse_card(code).code, "swapped_with": None,
                          "shifted_from": shift.start} for name, code in shift.shows]
        return [*warnings, shift_warning(shift)]
    for shot in shots:
        card = reads_as.get(shot.path.name)
        if card is None:
            continue
        other = by_card.get(card)
        swapped = other is not None and reads_as.get(other) == shot.card
        if misnamed is not None:
            misnamed.append({"shot": shot.path.name, "reads_as": card.code, "swapped_with": other if swapped else None})
        if swapped:
            if any(f"the names of {other} and {shot.path.name} swapped" in w for w in warnings):
                continue  # the pair is named once
            warnings.append(f"{shot.path.name} reads as {_name(card)} and {other} as {_name(shot.card)}: are the "
                            f"names of {shot.path.name} and {other} swapped? rename them and calibrate again")
        else:
            warnings.append(f"{shot.path.name} reads as {_name(card)}: is it named by the wrong card? name it by the "
                            "card it shows (AS.png, 10H.png ...) and calibrate again")
    if small:
        return warnings
    missed = {s.path.name for s in unread} | set(reads_as)
    for shot in unread:
        if shot.path.name in reads_as or sure[shot.path.name]:
            continue
        kin = [s for s in shots if s is not shot and (s.card.rank == shot.card.rank or s.card.suit == shot.card.suit)]
        # Shots the profile listed as failed share the rank or suit too: any such (or another missed) is a pattern.
        failed_kin = [n for n, why in profile.shots.items() if why != "ok" and _shares(n, shot.card)]
        if kin and not failed_kin and not any(s.path.name in missed for s in kin):
            warnings.append(f"{shot.path.name}: the profile reads nothing for sure in it, though it reads every other "
                            f"shot of its rank and suit: check that it shows the {_name(shot.card)} alone, upright, "
                            "index top-left, in focus, evenly lit; retake it and calibrate again")
    return warnings


def read_anyway(profile: Profile, folder: str | Path) -> list[str]:
    """The shots calibration could not use (their index not measured) that ``profile`` reads for sure
    as the card their name says: nothing to retake there.  A penguins or bellot shot whose suit sits
    too close to its rank for the set-up's measure is read at the table all the same, and a user told
    only "index not found" could not tell."""
    recognizer = Recognizer(profile)
    out = []
    for shot in shots_in(folder)[0]:
        if profile.shots.get(shot.path.name, "ok") == "ok":
            continue
        image = read_image(shot.path)
        if image is not None and [hit.card for hit in recognizer.recognize(image).cards] == [shot.card]:
            out.append(shot.path.name)
    return out


def _shares(file_name: str, card: Card) -> bool:
    """Whether the shot named ``file_name`` is of ``card``'s rank or suit."""
    try:
        other = parse_card(Path(file_name).stem, require_suit=True)
    except InvalidCardError:
        return False
    return other != card and (other.rank == card.rank or other.suit == card.suit)


def _glyph_reads(glyphs: dict) -> dict[str, Card]:
    """The shots whose index glyphs (:func:`_corner_glyphs`) show another card than their name:
    {file name: that card}.

    A profile learns each rank from only four shots; one of them named wrongly pulls that
    rank's templates towards the glyph it shows, and the shot's own glyph then matches its
    name's templates as well as any.  So the rank is judged against the *other* shots: the
    glyph read at the shot's top-left corner lies closer (:data:`OTHER_RANK_LEAD`) to the
    mean glyph of another rank's shots than to that of its own rank's other shots.  A suit
    has thirteen shots, one wrong among them hardly moves its templates: the profile's best
    suit that the ink's colour allows, leading the shot's own by :data:`OTHER_SUIT_LEAD`.
    """
    out = {}
    for name, (card, vector, _, other_suit) in glyphs.items():
        means: dict[str, list] = {}
        for other, (c, v, _, _) in glyphs.items():
            if other != name:
                means.setdefault(c.rank, []).append(v)
        likeness = {}
        for rank, vs in means.items():
            mean = np.mean(vs, axis=0)
            likeness[rank] = float(vector @ mean) / (float(np.linalg.norm(vector) * np.linalg.norm(mean)) or 1.0)
        rank = card.rank
        if card.rank in likeness:
            best = max((k for k in likeness if k != card.rank), key=likeness.get, default=None)
            if best is not None and likeness[best] - likeness[card.rank] >= OTHER_RANK_LEAD:
                rank = best
        suit = other_suit or card.suit
        if (rank, suit) != (card.rank, card.suit):
            out[name] = Card(rank, suit)
    return out


def _corner_glyphs(profile: Profile, shots: list[Shot], images: dict) -> dict:
    """Each shot's glyphs read at its card's top-left corner: {file name: (card as named, rank glyph
    vector, suit glyph vector, the suit the profile prefers by :data:`OTHER_SUIT_LEAD` where the ink's
    colour allows it, or None)}; a shot whose card or two glyphs are not found is left out."""
    from dealer_assist.vision.index import IndexMatcher, colour_fits, glyph_vector, suit_lead

    matcher = IndexMatcher(profile)
    glyphs = {}
    for shot in shots:
        quad, _ = find_card(images[shot.path.name])
        if quad is None:
            continue
        wv, hv = quad[1] - quad[0], quad[3] - quad[0]
        w, h = float(np.linalg.norm(wv)), float(np.linalg.norm(hv))
        r = matcher.read_corner(images[shot.path.name], quad[0][0], quad[0][1], wv / w, hv / h, w, h)
        if r is None or len(r.glyphs) < 2:
            continue
        suit, score, _ = suit_lead(profile, r)
        own = max((v for k, v in r.suit_scores.items() if k[0] == shot.card.suit), default=-1.0)
        other_suit = (suit[0] if suit[0] != shot.card.suit and score - own >= OTHER_SUIT_LEAD
                      and colour_fits(profile, suit[0], r.redness, r.ink_colour) else None)
        glyphs[shot.path.name] = (shot.card, glyph_vector(r.glyphs[0].image), glyph_vector(r.glyphs[1].image),
                                  other_suit)
    return glyphs
