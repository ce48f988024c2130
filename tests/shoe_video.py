"""The shared baccarat shoe-mouth video (``../shared/cards/test_shoe/anglo``): its frames and its cards."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

VIDEO = Path(__file__).resolve().parents[2] / "shared" / "cards" / "test_shoe" / "anglo" / "baccarat.mp4"


def shoe_video() -> tuple[list, list[str]]:
    """Every frame (BGR) and the cards in the order dealt (tens as ``T``); skips the test without the video."""
    if not VIDEO.is_file():
        pytest.skip("shared shoe video not found")
    truth = [c["card"].replace("10", "T") for c in json.loads(VIDEO.with_suffix(".json").read_text())["cards"]]
    cap = cv2.VideoCapture(str(VIDEO))
    frames = []
    while True:
        ok, frame = cap.read()
        if not ok:
            break
        frames.append(frame)
    cap.release()
    return frames, truth
