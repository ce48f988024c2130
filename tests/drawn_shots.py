"""Set-up shots of drawn cards: a rank and a suit in the corner, a pip in the middle."""

from __future__ import annotations

import cv2
import numpy as np

RED, BLACK = (30, 30, 200), (20, 20, 20)


def _suit(img: np.ndarray, suit: str, cx: int, cy: int, r: int) -> None:
    col = RED if suit in "HD" else BLACK
    if suit == "D":
        cv2.fillPoly(img, [np.array([(cx, cy - r), (cx + 3 * r // 4, cy), (cx, cy + r), (cx - 3 * r // 4, cy)])], col)
    elif suit == "H":
        for dx in (-r // 2, r // 2):
            cv2.circle(img, (cx + dx, cy - r // 3), r // 2 + 1, col, -1)
        cv2.fillPoly(img, [np.array([(cx - r, cy - r // 4), (cx + r, cy - r // 4), (cx, cy + r)])], col)
    elif suit == "S":
        for dx in (-r // 2, r // 2):
            cv2.circle(img, (cx + dx, cy + r // 4), r // 2 + 1, col, -1)
        cv2.fillPoly(img, [np.array([(cx - r, cy), (cx + r, cy), (cx, cy - r)])], col)
        cv2.fillPoly(img, [np.array([(cx, cy + r // 3), (cx + r // 2, cy + r), (cx - r // 2, cy + r)])], col)
    else:
        for dx, dy in ((0, -r // 2), (-r // 2, r // 5), (r // 2, r // 5)):
            cv2.circle(img, (cx + dx, cy + dy), r // 2, col, -1)
        cv2.fillPoly(img, [np.array([(cx, cy), (cx + r // 2, cy + r), (cx - r // 2, cy + r)])], col)


def card_shot(code: str, layout: str = "stacked", suit_r: int = 8) -> np.ndarray:
    """A 1280x720 set-up shot of one drawn card: ``layout`` is "stacked", "beside", "border" or "tight";
    the index's suit is ``suit_r`` pixels from its centre to its tip."""
    rank, suit = code[:-1], code[-1]
    img = np.zeros((720, 1280, 3), np.uint8)
    img[:] = (50, 110, 40)
    w, h = 150, 210
    x0, y0 = (1280 - w) // 2, (720 - h) // 2
    cv2.rectangle(img, (x0, y0), (x0 + w, y0 + h), (245, 245, 245), -1)
    top, left = y0 + 8, x0 + 8
    if layout == "tight":
        # No border, round corners, and the rank printed so close to the card's top and left edges
        # that the felt beyond the rounded corner touches it (KDE's penguins).
        r = 12
        img[y0:y0 + h + 1, x0:x0 + w + 1] = (50, 110, 40)
        cv2.rectangle(img, (x0 + r, y0), (x0 + w - r, y0 + h), (245, 245, 245), -1)
        cv2.rectangle(img, (x0, y0 + r), (x0 + w, y0 + h - r), (245, 245, 245), -1)
        for cx, cy in ((x0 + r, y0 + r), (x0 + w - r, y0 + r), (x0 + r, y0 + h - r), (x0 + w - r, y0 + h - r)):
            cv2.circle(img, (cx, cy), r, (245, 245, 245), -1, cv2.LINE_AA)
        top, left = y0 + 1, x0 + 2
    if layout == "border":
        cv2.rectangle(img, (x0, y0), (x0 + w, y0 + h), BLACK, 2)
        top = y0 - 4  # the rank's top runs into the border line
    col = RED if suit in "HD" else BLACK
    (tw, th), _ = cv2.getTextSize(rank, cv2.FONT_HERSHEY_SIMPLEX, 0.8, 2)
    cv2.putText(img, rank, (left, top + th), cv2.FONT_HERSHEY_SIMPLEX, 0.8, col, 2, cv2.LINE_AA)
    if layout == "beside":
        _suit(img, suit, x0 + w - 16, top + th // 2, suit_r)
    else:
        _suit(img, suit, left + tw // 2, top + th + 8 + suit_r, suit_r)
    _suit(img, suit, x0 + w // 2, y0 + h // 2, 16)  # a pip in the middle
    return img
