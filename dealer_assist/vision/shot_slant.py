"""Whether the set-up shots were taken by a camera looking at the table at a slant.

A camera tilted off straight down shows a card as a keystone: its far edge shorter than its near one.
Calibration measures the card's shape (width over height) from the shots as the camera shows it, so a
slanted set-up learns the card narrower or wider than it is (QA: 10%-keystone shots of qaAS's quartet deck
learnt it 8% narrower).  At the table the same camera shows a card lying sideways squeezed the other way,
16% off the profile's shape: such cards were read twice (7 of 200) or read wrong.  A single keystoned card
does not tell how far the slant squeezed it across (that needs the camera's focal length), so the shots are
not corrected: the user is told to take them looking straight down.

The slant is told from the card's own outline: a line fitted to the middle of each of its four sides
(the rounded corners left out) and the sides' lengths between where those lines meet.  Straight-down shots
(the shared anglo and plastic decks', qaAS's flat ones) show opposite sides 0.3% apart in the median shot,
more than 1.3% in one shot of ten; qaAS's 10%-keystone shots' top edge is 8.1% shorter than their bottom.
"""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Iterable, Optional

import cv2
import numpy as np

from dealer_assist.vision.detect import paper_mask

#: How much shorter than its opposite side a card's side may show in the median shot before the shots are
#: said to be slanted: 3%, twice the farthest of a straight-down set-up's shots (see the module's notes).
SLANTED = 0.03
#: The part of each side (from its middle) a line is fitted to: the rounded corners lie outside it.
SIDE_MIDDLE = (0.2, 0.8)
#: How far (a share of the card's height) an outline point may lie off the side found by calibration's
#: rectangle and still be taken as that side's.
SIDE_REACH = 0.06


def side_lengths(image: np.ndarray, quad: np.ndarray) -> Optional[list[float]]:
    """The lengths of the top, right, bottom and left sides of the card whose corners calibration found at
    ``quad`` (TL, TR, BR, BL, a rectangle) in ``image``, measured on its own outline; None when its outline
    cannot be told (a court picture running to the edge)."""
    height = float(np.linalg.norm(quad[3] - quad[0]))
    margin = int(SIDE_REACH * height) + 4
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int) - margin, 0)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + margin
    crop = image[y0:y1, x0:x1]
    contours, _ = cv2.findContours(paper_mask(crop, hole_max=crop.shape[0] * crop.shape[1]),
                                   cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return None
    points = max(contours, key=cv2.contourArea).reshape(-1, 2).astype(np.float64) + (x0, y0)
    lines = []
    for i in range(4):
        start, end = quad[i], quad[(i + 1) % 4]
        length = float(np.linalg.norm(end - start))
        along = (end - start) / length
        across = np.array([-along[1], along[0]])
        share = (points - start) @ along / length
        side = points[(SIDE_MIDDLE[0] < share) & (share < SIDE_MIDDLE[1])
                      & (np.abs((points - start) @ across) < SIDE_REACH * height)]
        if len(side) < 10:
            return None
        vx, vy, px, py = cv2.fitLine(side.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([px, py], np.float64), np.array([vx, vy], np.float64)))
    corners = []
    for i in range(4):  # corner i is where side i-1 meets side i
        (p1, d1), (p2, d2) = lines[i - 1], lines[i]
        try:
            s = np.linalg.solve(np.array([d1, -d2]).T, p2 - p1)
        except np.linalg.LinAlgError:
            return None
        corners.append(p1 + s[0] * d1)
    return [float(np.linalg.norm(corners[(i + 1) % 4] - corners[i])) for i in range(4)]


def card_keystone(frame: np.ndarray, corners) -> Optional[float]:
    """How keystoned the card read at ``corners`` (four, frame pixels) lies in ``frame``: the most one of its
    sides is shorter than the side opposite, as a share, measured on its own outline; None when its outline is
    no lone card's (a card overlapping others, or one cut by the frame's edge).

    A read's corners are a rectangle of the profile's shape placed at its index corner: under a slant the card's
    far sides lie off them, so its own outline's rectangle is measured instead."""
    quad = np.array(corners, np.float64)
    height = float(np.linalg.norm(quad[3] - quad[0]))
    width = float(np.linalg.norm(quad[1] - quad[0]))
    margin = int(0.2 * max(width, height)) + 4
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int) - margin, 0)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + margin
    crop = frame[y0:y1, x0:x1, :3]
    if x0 == 0 or y0 == 0 or x1 >= frame.shape[1] or y1 >= frame.shape[0]:
        return None
    contours, _ = cv2.findContours(paper_mask(crop, hole_max=crop.shape[0] * crop.shape[1]),
                                   cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return None
    outline = max(contours, key=cv2.contourArea)
    (_, _), (w, h), _ = cv2.minAreaRect(outline)
    # A lone card fills its rectangle and is the read's size; cards overlapping make one bigger blob.
    if not (w * h and cv2.contourArea(outline) > 0.9 * w * h
            and abs(max(w, h) / max(width, height) - 1) < 0.2 and abs(min(w, h) / min(width, height) - 1) < 0.2):
        return None
    sides = side_lengths(frame, cv2.boxPoints(cv2.minAreaRect(outline)).astype(np.float64) + (x0, y0))
    if sides is None or min(sides) <= 0:
        return None
    return max(1 - min(sides[0], sides[2]) / max(sides[0], sides[2]), 1 - min(sides[1], sides[3]) / max(sides[1], sides[3]))


def keystone(shots: Iterable[tuple[np.ndarray, np.ndarray]]) -> Optional[tuple[float, float]]:
    """The median over ``shots`` (image, card corners as calibration found them) of the top side's length
    over the bottom's and the right side's over the left's; None when no shot's outline could be told."""
    tops, rights = [], []
    for image, quad in shots:
        sides = side_lengths(image, quad)
        if sides is not None and min(sides) > 0:
            tops.append(sides[0] / sides[2])
            rights.append(sides[1] / sides[3])
    if not tops:
        return None
    return statistics.median(tops), statistics.median(rights)


def slant_warning(shots: Iterable[tuple[np.ndarray, np.ndarray]]) -> Optional[str]:
    """What to tell the user when the set-up ``shots`` (image, card corners) were taken at a slant (see
    :data:`SLANTED`); None when the camera looked straight down."""
    measured = keystone(shots)
    if measured is None:
        return None
    top, right = measured
    if abs(top - 1) >= abs(right - 1):
        off, edges = top, ("top", "bottom")
    else:
        off, edges = right, ("right", "left")
    if abs(off - 1) <= SLANTED:
        return None
    short, long = edges if off < 1 else edges[::-1]
    return (f"the set-up shots were taken at a slant: each card's {short} edge shows {abs(1 - min(off, 1 / off)):.0%} "
            f"shorter than its {long} edge, so the camera did not look straight down at the table, and the profile "
            "learnt the card's shape as the slant squeezes it. At the table cards lying sideways are then taken for "
            "another deck's, read twice or misread. Aim the camera straight down at the card for the set-up shots "
            "(its edges parallel in the picture), take them again and calibrate again")


def shots_slant_warning(profile, folder: str | Path) -> list[str]:
    """:func:`slant_warning` for the shots in ``folder`` that ``profile`` used, as a list (empty: none)."""
    from dealer_assist.vision.calibrate import find_card, shots_in
    from dealer_assist.vision.image_file import read_image

    def used():
        for shot in shots_in(folder)[0]:
            if profile.shots.get(shot.path.name) != "ok":
                continue
            image = read_image(shot.path)
            quad = find_card(image)[0] if image is not None else None
            if quad is not None:
                yield image, quad

    warning = slant_warning(used())
    return [warning] if warning else []
