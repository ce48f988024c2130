"""A crop of a benchmark frame with its cards' ground truth (their corners, shifted into the crop): read
it, and say which card lies under each read, so a test can tell a wrong read from a right one."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

IMAGES = Path(__file__).resolve().parent / "images"
TIGULLIO = IMAGES / "profiles" / "svg-tigullio-international"


@dataclass(frozen=True)
class CropScene:
    crop: str
    card_h: float
    cards: dict[str, list[tuple[float, float]]]

    def reads(self, rec) -> list:
        img = cv2.imread(str(IMAGES / self.crop))
        assert img is not None, self.crop
        return rec.recognize(img).cards

    def _off(self, hit, code: str) -> float:
        return float(np.hypot(*(np.array(hit.center) - np.mean(self.cards[code], axis=0))))

    def near(self, hit) -> list[str]:
        """The cards whose middle lies within 0.4 card heights of the read's."""
        return [code for code in self.cards if self._off(hit, code) < 0.4 * self.card_h]

    def nearest(self, hit) -> str:
        return min(self.cards, key=lambda code: self._off(hit, code))

    def assert_none_wrong(self, hits) -> None:
        for h in hits:
            assert h.card.code in self.near(h), f"read {h.card.code} at {h.center}, cards there: {self.near(h)}"
