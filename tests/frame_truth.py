"""Checks of a recognizer's sure reads against a test frame's ground truth (truth.json), and
the set-up shots' own truth (calib.json)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"


def setup_shot_corner(deck: str, code: str) -> tuple[np.ndarray, tuple]:
    """A real set-up shot of ``deck`` and its card's top-left corner as ``read_corner`` takes it
    (x, y, wdir, hdir, w, h), from the shot's calib.json; skips the test without the shared images."""
    frame = cv2.imread(str(CARDS / "calib" / deck / f"{code}.png")) if (CARDS / "calib").is_dir() else None
    if frame is None:
        pytest.skip("shared card images not found")
    calib = json.loads((CARDS / "calib" / deck / "calib.json").read_text())
    tl, tr, _, bl = (np.array(p) for p in calib["cards"][code]["corners"])
    w, h = float(np.linalg.norm(tr - tl)), float(np.linalg.norm(bl - tl))
    return frame, (*tl, tuple((tr - tl) / w), tuple((bl - tl) / h), w, h)


def assert_no_wrong_card(hits, cards: list[dict], card_h: float) -> None:
    """Every sure read names a card lying where it was read (within 0.4 card heights)."""
    for h in hits:
        near = [c["card"] for c in cards if np.linalg.norm(np.array(h.center) - c["center"]) < 0.4 * card_h]
        assert h.card.code in [c.replace("10", "T") for c in near], f"{h.card.code} read where {near} lie"


def assert_read_there(hits, code: str, center, card_h: float, within: float = 0.4) -> None:
    """``code`` is among the sure reads, within ``within`` card heights of ``center``."""
    assert any(h.card.code == code and np.linalg.norm(np.array(h.center) - center) < within * card_h for h in hits), \
        f"{code} at {center} is not read"


def shipped_readers() -> dict:
    """A recognizer per shared deck, from the profiles the package ships (skips without the shared cards)."""
    from dealer_assist.vision.profile import Profile, default_profile_path
    from dealer_assist.vision.recognize import Recognizer

    if not (CARDS / "test").is_dir():
        pytest.skip("shared card images not found")
    return {deck: Recognizer(Profile.load(default_profile_path().parent / deck)) for deck in ("anglo", "plastic")}


def assert_reads_as_unaltered(rec, deck: str, name: str, frame: np.ndarray, altered: np.ndarray) -> None:
    """Test frame ``name`` of ``deck`` (``frame``) changed to ``altered`` reads the cards it reads unchanged,
    at least four, none wrong."""
    truth = json.loads((CARDS / "test" / deck / "truth.json").read_text())
    cards = next(f["cards"] for f in truth["frames"] if f["file"] == name)
    full = sorted(h.card.code for h in rec.recognize(frame).cards)
    hits = rec.recognize(altered).cards
    assert len(full) >= 4 and sorted(h.card.code for h in hits) == full
    assert_no_wrong_card(hits, cards, rec.profile.card_h_px)


def anglo_shot(code: str) -> np.ndarray:
    """The shared anglo deck's set-up shot of ``code``: what a camera in guided set-up shows for that card."""
    return cv2.imread(str(CARDS / "calib" / "anglo" / f"{code}.png"))


def bare_felt() -> np.ndarray:
    """A set-up shot's size in the felt's colour: the camera's view with no card in it."""
    felt = anglo_shot("AS")
    felt[:] = felt[5, 5]
    return felt
