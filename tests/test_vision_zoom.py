"""A camera showing cards far bigger or smaller than the set-up shots did: its frames are read scaled.

A camera switched from 1280x720 (the set-up shots) to 1920x1080 shows every
card half as big again; the masks work in the set-up's pixels, and before
this half of anglo's readable cards were missed at 1080p.  Cards seen whole
of one size far off the set-up's make the frame be read scaled to it, the
corners given back in the frame's pixels, and the size is kept for the frames
that show no card whole.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from frame_truth import CARDS

HD = (1920, 1080)


@pytest.fixture(scope="module")
def profile():
    return Profile.load(default_profile_path())


def _frame(name: str, size=None) -> np.ndarray:
    path = CARDS / "test" / "anglo" / f"{name}.jpg"
    if not path.is_file():
        pytest.skip("shared card images not found")
    frame = cv2.imread(str(path))
    return frame if size is None else cv2.resize(frame, size, interpolation=cv2.INTER_CUBIC)


def _codes(result) -> list[str]:
    return sorted(hit.card.code for hit in result.cards)


def test_a_1080p_frame_is_read_as_its_720p_self_with_corners_in_its_own_pixels(profile):
    small = Recognizer(profile).recognize(_frame("0013"))
    rec = Recognizer(profile)
    big = rec.recognize(_frame("0013", HD))
    assert _codes(big) == _codes(small) and len(small.cards) == 6
    assert rec.zoom == pytest.approx(1.4, abs=0.1)  # 1.5 times the frame, the cards of this one a bit smaller
    card_h = 1.5 * profile.card_h_px
    for hit in big.cards:  # where the same card lies at 720p, scaled (a card's place is guessed from a corner)
        assert min(np.hypot(*(1.5 * np.array(h.center) - hit.center)) for h in small.cards if h.card == hit.card) \
            < 0.1 * card_h


def test_a_frame_showing_no_card_whole_is_read_at_the_size_the_last_frames_told(profile):
    assert _codes(Recognizer(profile).recognize(_frame("0003", HD))) == []  # alone, no size to go by
    rec = Recognizer(profile)
    rec.recognize(_frame("0013", HD))
    assert _codes(rec.recognize(_frame("0003", HD))) == _codes(Recognizer(profile).recognize(_frame("0003")))
    assert rec.zoom is not None


def test_cards_seen_whole_at_the_set_ups_size_again_end_the_zoom(profile):
    rec = Recognizer(profile)
    rec.recognize(_frame("0013", HD))
    assert rec.zoom is not None
    assert _codes(rec.recognize(_frame("0013"))) == _codes(Recognizer(profile).recognize(_frame("0013")))
    assert rec.zoom is None


def test_frames_at_the_set_ups_size_are_never_scaled(profile, monkeypatch):
    rec = Recognizer(profile)
    monkeypatch.setattr(Recognizer, "_zoomed", lambda *a, **k: pytest.fail("a 720p frame was scaled"))
    for n in range(0, 150, 5):
        rec.recognize(_frame(f"{n:04d}"))
        assert rec.zoom is None


def test_a_single_card_of_another_size_does_not_scale_the_frame(profile):
    """A card half covered can show a smaller card's shape: two cards of one size are needed."""
    rec = Recognizer(profile)
    frame = np.full((720, 1280, 3), (40, 110, 40), np.uint8)
    h = profile.card_h_px * 1.5
    w = h * profile.aspect
    cv2.rectangle(frame, (100, 100), (int(100 + w), int(100 + h)), (235, 235, 235), -1)
    rec.recognize(frame)
    assert rec.zoom is None
    cv2.rectangle(frame, (700, 150), (int(700 + w), int(150 + h)), (235, 235, 235), -1)
    rec.recognize(frame)
    assert rec.zoom == pytest.approx(1.5, abs=0.05)
