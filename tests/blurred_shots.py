"""Set-up shots of the shared anglo deck shrunk, turned and blurred past the self-test's trials."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def blurred_shot(code: str, scale: float, blur: float, angle: float = 30.0) -> np.ndarray:
    """The anglo set-up shot of ``code`` (file name spelling, "10S") turned, scaled and blurred."""
    img = cv2.imread(str(CARDS / "calib" / "anglo" / f"{code}.png"))
    h, w = img.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, scale)
    out = cv2.warpAffine(img, m, (w, h), flags=cv2.INTER_AREA, borderValue=tuple(int(v) for v in img[5, 5]))
    return cv2.GaussianBlur(out, (0, 0), blur)


def black_suit_reads(recognizer, baseline, scale: float, blur: float) -> tuple[int, int]:
    """Spades and clubs read right by ``recognizer`` and by ``baseline`` over every rank;
    fails on any card ``recognizer`` reads wrong (a wrong read is never a fair price)."""
    read = read_baseline = 0
    for rank in RANKS:
        for suit in "SC":
            frame = blurred_shot(rank + suit, scale, blur)
            code = rank.replace("10", "T") + suit
            cards = [c.card.code for c in recognizer.recognize(frame).cards]
            assert set(cards) <= {code}, f"{code} read as {cards}"
            read += code in cards
            read_baseline += code in [c.card.code for c in baseline.recognize(frame).cards]
    return read, read_baseline
