"""What lies on a real table besides cards, for the rendered scenes of ``vision.py --clutter``.

The shared photos show chips, a hand, glare and a tilted camera, but only
for two card designs; the rendered decks were seen on bare felt, flat from
above.  These add the same things to any rendered deck's test frames, so a
chip's white edge spots or a hand over an index are tried on every design.
A chip or a hand hides what it lies on; glare strong enough to wash out ink
does too (the truth counts an index under either as not visible).
"""

from __future__ import annotations

import cv2
import numpy as np

#: Chip colours (B, G, R) of the usual denominations: white, red, blue, green, black, purple.
CHIP_COLOURS = [(225, 225, 225), (40, 40, 190), (160, 70, 30), (60, 130, 40), (35, 35, 35), (120, 40, 110)]

#: Skin tones (B, G, R), light to dark.
SKIN = [(150, 180, 225), (110, 145, 195), (70, 100, 150), (45, 65, 100)]

#: Glare at least this strong (the share of the way to white) washes out an index's ink.
GLARE_HIDES = 0.35


def _shadowed(img: np.ndarray, shape: np.ndarray, depth: float = 0.35) -> None:
    """Darken ``img`` where ``shape`` (float 0..1) casts its soft shadow, down and right."""
    size = (img.shape[1], img.shape[0])
    sh = cv2.GaussianBlur(cv2.warpAffine(shape, np.float32([[1, 0, 4], [0, 1, 5]]), size), (0, 0), 4)
    img *= (1 - depth * sh)[..., None]


def _paint(img: np.ndarray, shape: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """Paint ``colour`` (per pixel or one) where ``shape`` (float 0..1, anti-aliased) lies; the mask it hides."""
    a = shape[..., None]
    img[:] = img * (1 - a) + colour * a
    return shape > 0.5


def chip(img: np.ndarray, rng, centre, height: float) -> np.ndarray:
    """A casino chip seen from above (a disc with white edge spots), about 0.44 of a card's height across."""
    r = 0.22 * height * rng.uniform(0.9, 1.1)
    disc = np.zeros(img.shape[:2], np.float32)
    c = (int(round(centre[0] * 16)), int(round(centre[1] * 16)))
    cv2.circle(disc, c, int(r * 16), 1.0, -1, cv2.LINE_AA, shift=4)
    _shadowed(img, disc)
    base = np.array(CHIP_COLOURS[rng.integers(len(CHIP_COLOURS))], np.float32)
    face = np.empty_like(img)
    face[:] = base
    spots = np.zeros(img.shape[:2], np.float32)
    turn = rng.uniform(0, 2 * np.pi)
    for k in range(6):
        a0 = turn + k * np.pi / 3
        pts = [(centre[0] + rr * np.cos(a), centre[1] + rr * np.sin(a))
               for rr, a in ((0.72 * r, a0 - 0.13), (0.98 * r, a0 - 0.13), (0.98 * r, a0 + 0.13), (0.72 * r, a0 + 0.13))]
        cv2.fillPoly(spots, [np.int32(np.round(np.array(pts) * 16))], 1.0, cv2.LINE_AA, shift=4)
    cv2.circle(spots, c, int(0.55 * r * 16), 0.8, max(int(0.04 * r), 1), cv2.LINE_AA, shift=4)
    spot_colour = np.array((235, 235, 235) if base.mean() < 200 else (60, 60, 190), np.float32)
    face = face * (1 - spots[..., None]) + spot_colour * spots[..., None]
    return _paint(img, disc, face)


def hand(img: np.ndarray, rng, centre, height: float) -> np.ndarray:
    """A croupier's hand reaching in (palm and four fingers), its fingertips near ``centre``."""
    shape = np.zeros(img.shape[:2], np.float32)
    a = rng.uniform(0, 2 * np.pi)
    d = np.array([np.cos(a), np.sin(a)])
    n = np.array([-d[1], d[0]])
    palm = np.asarray(centre, float) - d * 0.45 * height
    s = 16
    cv2.ellipse(shape, (int(palm[0] * s), int(palm[1] * s)), (int(0.3 * height * s), int(0.24 * height * s)),
                float(np.degrees(a)), 0, 360, 1.0, -1, cv2.LINE_AA, shift=4)
    for k, off in enumerate((-0.16, -0.05, 0.06, 0.16)):
        length = 0.3 * height * (0.85 if k in (0, 3) else 1.0)
        base = palm + d * 0.22 * height + n * off * height
        mid = base + d * length / 2
        cv2.ellipse(shape, (int(mid[0] * s), int(mid[1] * s)), (int(length / 2 * s), int(0.055 * height * s)),
                    float(np.degrees(a)), 0, 360, 1.0, -1, cv2.LINE_AA, shift=4)
    thumb = palm + n * 0.28 * height + d * 0.05 * height
    cv2.ellipse(shape, (int(thumb[0] * s), int(thumb[1] * s)), (int(0.16 * height * s), int(0.06 * height * s)),
                float(np.degrees(a) + 50), 0, 360, 1.0, -1, cv2.LINE_AA, shift=4)
    # The arm, out to the frame's edge behind the palm.
    back = palm - d * 3 * height
    cv2.line(shape, (int(palm[0] * s), int(palm[1] * s)), (int(back[0] * s), int(back[1] * s)), 1.0,
             int(0.4 * height), cv2.LINE_AA, shift=4)
    _shadowed(img, shape, 0.45)
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    # Rounded fingers and palm: lit on one side, darker on the other.
    shade = 1.0 + 0.12 * ((xx - palm[0]) * n[0] + (yy - palm[1]) * n[1]) / height
    skin = np.array(SKIN[rng.integers(len(SKIN))], np.float32)
    colour = np.clip(skin[None, None, :] * shade[..., None] + rng.normal(0, 3, img.shape), 0, 255)
    return _paint(img, shape, colour)


def glare(img: np.ndarray, rng, centre, height: float) -> np.ndarray:
    """An overhead light's reflection: a soft bright streak; returns its strength per pixel (0..1)."""
    shape = np.zeros(img.shape[:2], np.float32)
    axes = (int(rng.uniform(0.15, 0.45) * height), int(rng.uniform(0.04, 0.15) * height))
    cv2.ellipse(shape, (int(centre[0]), int(centre[1])), axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
    shape = cv2.GaussianBlur(shape, (0, 0), max(axes[1] * 0.6, 2)) * rng.uniform(0.4, 0.9)
    img[:] = img + (255.0 - img) * shape[..., None]
    return shape


def clutter(img: np.ndarray, rng, centres: list, height: float) -> np.ndarray:
    """Chips, perhaps a hand, perhaps glare, some over the cards at ``centres``; what they hide (bool)."""
    hidden = np.zeros(img.shape[:2], bool)
    h, w = img.shape[:2]

    def somewhere():
        if centres and rng.random() < 0.6:  # over a card, a little off its middle
            return np.asarray(centres[rng.integers(len(centres))], float) + rng.normal(0, 0.35 * height, 2)
        return np.array([rng.uniform(0, w), rng.uniform(0, h)])

    for _ in range(int(rng.integers(0, 4))):
        hidden |= chip(img, rng, somewhere(), height)
    if rng.random() < 0.35:
        hidden |= hand(img, rng, somewhere(), height)
    if rng.random() < 0.5:
        hidden |= glare(img, rng, somewhere(), height) > GLARE_HIDES
    return hidden


def camera_tilt(rng, size: tuple[int, int]) -> np.ndarray:
    """A homography for a camera tilted off straight down: the far side up to an eighth narrower."""
    w, h = size
    s = rng.uniform(0.0, 0.12) * w / 2
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[s, 0], [w - s, 0], [w, h], [0, h]])
    if rng.random() < 0.5:  # the camera on the other side of the table
        dst = dst[[3, 2, 1, 0]].copy()
        dst[:, 1] = h - dst[:, 1]
    return cv2.getPerspectiveTransform(src, dst)


def tilted(points, m: np.ndarray) -> np.ndarray:
    """``points`` (N x 2) where the homography ``m`` takes them."""
    return cv2.perspectiveTransform(np.float32(points).reshape(-1, 1, 2), m).reshape(-1, 2)
