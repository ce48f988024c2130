"""A baccarat deal drawn from the shared anglo set-up shots, its third card's index corners smudged.

QA's video of its own deck (F2): six cards slide from the shoe at the top right into their places, the
third (the Player's second) lying whole in view but both its index corners smudged past reading.  The
same deal is drawn here with anglo's cards, read with the shipped anglo profile.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

CALIB = Path(__file__).resolve().parents[2] / "shared" / "cards" / "calib" / "anglo"
#: The cards dealt, in order (P1 B1 P2 B2 P3 B3), and the one whose index corners are smudged.
DEAL = ("9S", "KD", "TH", "4C", "7S", "QH")
SMUDGED = "TH"
#: Where each comes to rest (centre, turn in degrees): the Player's second lies over the first's edge.
SLOTS = ((330, 470, 0), (830, 470, 0), (480, 470, 0), (980, 470, 0), (330, 220, 90), (830, 220, 90))
SHOE = (1230, 120)
SLIDE, REST, END = 6, 12, 10
SIZE = (1280, 720)


def card_image(code: str, smudged: bool = False, suits: float = 0.0) -> np.ndarray:
    """The card of ``code`` cut upright from its set-up shot (its bounding rectangle, as calib.json gives
    it); ``smudged``: both index corners blurred (sigma 6) past reading, the rest of the card as it is, or
    with ``suits`` only their suit glyphs blurred so much, the ranks clear (QA F4's card: read unsure, with
    candidates; sigma 5 on anglo's 10♥ reads unsure as TH)."""
    if not CALIB.is_dir():
        pytest.skip("shared card images not found")
    calib = json.loads((CALIB / "calib.json").read_text())["cards"][code.replace("T", "10")]
    shot = cv2.imread(str(CALIB / calib["file"]))
    tl, tr, br, bl = (np.array(p, np.float32) for p in calib["corners"])
    w, h = int(round(np.linalg.norm(tr - tl))), int(round(np.linalg.norm(bl - tl)))
    m = cv2.getPerspectiveTransform(np.array([tl, tr, br, bl]), np.float32([[0, 0], [w, 0], [w, h], [0, h]]))
    card = cv2.warpPerspective(shot, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    if smudged:
        iw, ih = int(0.3 * w), int(0.32 * h)
        top = int(0.15 * h) if suits else 0  # the suit lies under the rank
        blurred = cv2.GaussianBlur(card, (0, 0), suits or 6)
        card[top:ih, :iw] = blurred[top:ih, :iw]
        card[h - ih:h - top, w - iw:] = blurred[h - ih:h - top, w - iw:]
    return card


def felt() -> np.ndarray:
    """The table with nothing on it, in the set-up shots' felt colour."""
    shot = cv2.imread(str(CALIB / "AS.png"))
    if shot is None:
        pytest.skip("shared card images not found")
    return np.full((SIZE[1], SIZE[0], 3), shot[5, 5], np.uint8)


def _place(frame: np.ndarray, card: np.ndarray, cx: float, cy: float, turn: float) -> None:
    h, w = card.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), turn, 1.0)
    m[:, 2] += (cx - w / 2, cy - h / 2)
    cv2.warpAffine(card, m, SIZE, dst=frame, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT)


def deal_frames(suits: float = 0.0):
    """Each frame of the deal (BGR): a card slides in for :data:`SLIDE` frames (blurred along its way
    while it moves fast), then lies with the others :data:`REST` frames; :data:`END` frames at the end.
    ``suits``: see :func:`card_image`."""
    table = felt()
    cards = {code: card_image(code, code == SMUDGED, suits) for code in DEAL}
    lying: list = []
    for code, (tx, ty, turn) in zip(DEAL, SLOTS):
        for t in range(SLIDE):
            u = 1 - (1 - (t + 1) / SLIDE) ** 2
            frame = table.copy()
            for args in lying:
                _place(frame, *args)
            _place(frame, cards[code], SHOE[0] + (tx - SHOE[0]) * u, SHOE[1] + (ty - SHOE[1]) * u, 30 * (1 - u) + turn * u)
            smear = int(3 + 10 * (1 - u)) | 1
            kernel = np.zeros((smear, smear), np.float32)
            kernel[smear // 2, :] = 1.0 / smear
            yield cv2.filter2D(frame, -1, kernel)
        lying.append((cards[code], tx, ty, turn))
        frame = table.copy()
        for args in lying:
            _place(frame, *args)
        for _ in range(REST + (END if len(lying) == len(DEAL) else 0)):
            yield frame.copy()


def at_rest(count: int, suits: float = 0.0) -> np.ndarray:
    """The table once the first ``count`` cards of the deal lie still."""
    frame = felt()
    for code, (tx, ty, turn) in zip(DEAL[:count], SLOTS):
        _place(frame, card_image(code, code == SMUDGED, suits), tx, ty, turn)
    return frame


def write_video(path: Path, suits: float = 0.0) -> Path:
    """The deal as an MJPG video at 30 fps (what a camera's recording gives)."""
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 30, SIZE)
    for frame in deal_frames(suits):
        out.write(frame)
    out.release()
    return path
