"""The shared blackjack shoe-mouth videos with one card's index corners smudged, as QA's F10 made them.

Each card of a blackjack hand after its first lies on the one before (a fan).  QA blurred the two index
corners of one card (a quarter of its width by a fifth of its height at its top-left and bottom-right
corners, Gaussian blur, as glare or a smudge would) in every frame it shows, from the truth file's track
and resting corners: the card was neither read nor asked for, and the next card was played in its place.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator, Optional

import cv2
import numpy as np
import pytest

SHOE = Path(__file__).resolve().parents[2] / "shared" / "cards" / "test_shoe"


def truth(deck: str) -> dict:
    path = SHOE / deck / "blackjack.json"
    if not path.is_file():
        pytest.skip("shared shoe-mouth videos not found")
    return json.loads(path.read_text())


def card_of(deck: str, code: str) -> dict:
    """The truth entry of the card ``code`` + slot (``KSP3``: K♠ in the Player's third place)."""
    return next(c for c in truth(deck)["cards"] if c["card"] + c["slot"] == code)


def centre(card: dict) -> np.ndarray:
    return np.mean(np.array(card["final_corners"], np.float64), axis=0)


def smudge(frame: np.ndarray, corners, sigma: float) -> np.ndarray:
    """``frame`` with the two index corners of the card lying at ``corners`` (tl tr br bl) blurred."""
    p = np.array(corners, np.float32)
    out = frame.copy()
    blurred = cv2.GaussianBlur(frame, (0, 0), sigma)
    for a, b, d in ((0, 1, 3), (2, 3, 1)):
        o, u, v = p[a], (p[b] - p[a]) * 0.28, (p[d] - p[a]) * 0.22
        mask = np.zeros(frame.shape[:2], np.uint8)
        cv2.fillConvexPoly(mask, np.array([o + 0.04 * (u + v), o + u, o + u + v, o + v], np.int32), 255)
        out[mask > 0] = blurred[mask > 0]
    return out


def frames(deck: str, code: Optional[str] = None, sigma: float = 9.0) -> Iterator[np.ndarray]:
    """The video's frames, the card ``code`` smudged wherever it shows."""
    card = card_of(deck, code) if code else None
    poses = {t["frame"]: t["corners"] for t in card["track"]} if card else {}
    cap = cv2.VideoCapture(str(SHOE / deck / "blackjack.mp4"))
    try:
        n = 0
        while True:
            ok, frame = cap.read()
            if not ok:
                return
            if card is not None:
                at = poses.get(n, card["final_corners"] if n >= card["t_rest"] else None)
                if at is not None:
                    frame = smudge(frame, at, sigma)
            yield frame
            n += 1
    finally:
        cap.release()


def frame_at(deck: str, number: int, code: Optional[str] = None, sigma: float = 9.0) -> np.ndarray:
    return next(f for n, f in enumerate(frames(deck, code, sigma)) if n == number)


def write_video(path: Path, deck: str, code: str, sigma: float = 9.0) -> Path:
    """The video, the card ``code`` smudged, as an MJPG video at the source's 30 fps."""
    out = None
    for frame in frames(deck, code, sigma):
        if out is None:
            out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 30, frame.shape[1::-1])
        out.write(frame)
    out.release()
    return path
