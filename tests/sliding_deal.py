"""Frames of a deal whose cards slide in blurred by their motion, made from the shared anglo set-up shots."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

CALIB = Path(__file__).resolve().parents[2] / "shared" / "cards" / "calib" / "anglo"
#: Where each card comes to rest (centre x, y) and the angle it lies at.
SLOTS = ((330, 470, 0), (830, 470, 0), (480, 470, 3), (980, 470, -2), (330, 200, 90), (830, 200, 90))
#: Frames a card is pushed fast from the shoe for, smeared by :data:`FAST` px, then frames it is slid the last
#: :data:`CREEP` px a frame into its slot (a croupier squaring it up), smeared as far, then frames it lies still.
PUSH, SLIDE, REST = 5, 8, 6
FAST, CREEP = 31, 10


def _card(code: str) -> np.ndarray:
    """The card of ``code`` cut upright from its set-up shot (its corners in calib.json)."""
    corners = json.loads((CALIB / "calib.json").read_text())["cards"][code]["corners"]
    size = (166, 260)
    dst = np.float32([[0, 0], [size[0] - 1, 0], [size[0] - 1, size[1] - 1], [0, size[1] - 1]])
    warp = cv2.getPerspectiveTransform(np.float32(corners), dst)
    return cv2.warpPerspective(cv2.imread(str(CALIB / f"{code}.png")), warp, size)


def _lay(canvas: np.ndarray, card: np.ndarray, x: float, y: float, angle: float, motion: int = 0) -> None:
    """Lay ``card`` centred at (x, y) turned by ``angle`` degrees, smeared ``motion`` px along its path."""
    h, w = card.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    m[:, 2] += (x - w / 2, y - h / 2)
    size = (canvas.shape[1], canvas.shape[0])
    face = cv2.warpAffine(card, m, size, flags=cv2.INTER_LINEAR)
    mask = cv2.warpAffine(np.full((h, w), 255, np.uint8), m, size, flags=cv2.INTER_LINEAR).astype(np.float32) / 255
    if motion > 1:
        kernel = np.zeros((motion, motion), np.float32)
        kernel[motion // 2, :] = 1 / motion
        face, mask = cv2.filter2D(face, -1, kernel), cv2.filter2D(mask, -1, kernel)
    canvas[:] = (canvas * (1 - mask[..., None]) + face * mask[..., None]).astype(np.uint8)


def sliding_deal(folder: Path, codes: tuple[str, ...], slots=SLOTS) -> Path:
    """A folder of numbered frames: each card of ``codes`` is pushed from the shoe (top right) near its slot
    (``slots``: centre x, y and angle, one per card) and slid into it, smeared by its motion, then lies
    still; the cards at rest stay sharp."""
    folder.mkdir(parents=True, exist_ok=True)
    felt = cv2.imread(str(CALIB / "AS.png"))
    felt[:] = felt[5, 5]
    cards = {code: _card(code) for code in codes}
    resting: list[tuple[str, float, float, float]] = []
    n = 0
    for code, (tx, ty, ta) in zip(codes, slots):
        sx, sy = 1180.0, 90.0
        cx, cy = tx + CREEP * SLIDE, ty - CREEP * SLIDE * 0.2  # where the creep starts
        for t in range(PUSH + SLIDE + REST):
            frame = felt.copy()
            for rest in resting:
                _lay(frame, cards[rest[0]], *rest[1:])
            if t < PUSH:
                u = (t + 1) / PUSH
                _lay(frame, cards[code], sx + (cx - sx) * u, sy + (cy - sy) * u, 30 * (1 - u) + ta * u, motion=FAST)
            elif t < PUSH + SLIDE:
                u = (t + 1 - PUSH) / SLIDE
                _lay(frame, cards[code], cx + (tx - cx) * u, cy + (ty - cy) * u, ta, motion=CREEP + (t % 2))
            else:
                _lay(frame, cards[code], tx, ty, ta)
            cv2.imwrite(str(folder / f"{n:04d}.png"), frame)
            n += 1
        resting.append((code, tx, ty, ta))
    return folder
