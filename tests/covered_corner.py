"""A set-up shot's top-left index read and judged at its true tip, uncovered or under a plain card
laid over part of it (the cases ``benchmarks/cover_stress.py`` found)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import cv2
import numpy as np

from dealer_assist.vision.calibrate import find_card
from dealer_assist.vision.card_groups import CornerRead
from dealer_assist.vision.detect import Corner
from dealer_assist.vision.recognize import Recognizer


class SetUpCorner:
    """The top-left index corner of one set-up shot, as calibration finds the card."""

    def __init__(self, shot: Path) -> None:
        self.image = cv2.imread(str(shot))
        q, _ = find_card(self.image)  # TL, TR, BR, BL
        self.tip, wv, hv = q[0], q[1] - q[0], q[3] - q[0]
        self.cw, self.ch = float(np.linalg.norm(wv)), float(np.linalg.norm(hv))
        self.wd, self.hd = wv / self.cw, hv / self.ch

    def covered(self, edge_at: np.ndarray, along: np.ndarray, away: np.ndarray, colour) -> np.ndarray:
        """The shot under a card of ``colour`` whose edge runs ``along`` through ``edge_at``, lying
        on its ``away`` side."""
        far = 3 * self.ch
        poly = [edge_at - along * far, edge_at + along * far, edge_at + along * far + away * far,
                edge_at - along * far + away * far]
        img = self.image.copy()
        cv2.fillPoly(img, [np.round(np.array(poly)).astype(np.int32)], tuple(int(v) for v in colour),
                     lineType=cv2.LINE_AA)
        return img

    def judged(self, rec: Recognizer, image: np.ndarray, notched: bool) -> Optional[CornerRead]:
        """``image``'s index read at the true tip and judged, the tip seen or not (``notched``)."""
        c = Corner(float(self.tip[0]), float(self.tip[1]), tuple(self.wd), tuple(self.hd), self.cw, self.ch,
                   notched=notched)
        read = rec.matcher.read_corner(rec.balanced(image), c.x, c.y, c.wdir, c.hdir, self.cw, self.ch)
        return None if read is None else rec.judge.corner(c, read, self.cw, self.ch)
