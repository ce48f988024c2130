"""Checks of a recognizer's sure reads against a test frame's ground truth (truth.json)."""

from __future__ import annotations

import numpy as np


def assert_no_wrong_card(hits, cards: list[dict], card_h: float) -> None:
    """Every sure read names a card lying where it was read (within 0.4 card heights)."""
    for h in hits:
        near = [c["card"] for c in cards if np.linalg.norm(np.array(h.center) - c["center"]) < 0.4 * card_h]
        assert h.card.code in [c.replace("10", "T") for c in near], f"{h.card.code} read where {near} lie"


def assert_read_there(hits, code: str, center, card_h: float, within: float = 0.4) -> None:
    """``code`` is among the sure reads, within ``within`` card heights of ``center``."""
    assert any(h.card.code == code and np.linalg.norm(np.array(h.center) - center) < within * card_h for h in hits), \
        f"{code} at {center} is not read"
