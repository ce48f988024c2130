"""A camera showing cards far bigger or smaller than the set-up shots did: its frames are read scaled.

A camera switched from 1280x720 (the set-up shots) to 1920x1080 shows every
card half as big again; the masks work in the set-up's pixels, and before
this half of anglo's readable cards were missed at 1080p.  Cards seen whole
of one size far off the set-up's make the frame be read scaled to it, the
corners given back in the frame's pixels, and the size is kept for the frames
that show no card whole.

A profile that keeps its set-up shots' size (``shot_size``) also guesses the
zoom from a frame's resolution: a 5K frame of a 720p set-up shows cards four
times as big, past what the frame's own cards can tell.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from frame_truth import CARDS

HD = (1920, 1080)


@pytest.fixture(scope="module")
def shipped():
    return Profile.load(default_profile_path())


@pytest.fixture(scope="module")
def profile(shipped):
    """The shipped profile without its shots' size: the zoom is told by the frames' cards alone."""
    return replace(shipped, shot_size=[])


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


def test_the_shipped_profile_keeps_its_set_up_shots_size(shipped):
    assert shipped.shot_size == [1280, 720]


@pytest.mark.parametrize("size, zoom", [((1280, 720), None), ((1366, 768), None), ((1920, 1080), 1.5),
                                        ((5120, 2880), 4.0), ((7680, 4320), 6.0), ((640, 360), 0.5),
                                        ((1024, 768), None), ((1080, 1920), None), ((160, 90), 1 / 3)])
def test_a_frames_resolution_guesses_its_zoom_only_for_the_set_ups_shape(shipped, size, zoom):
    got = Recognizer(shipped).resolution_zoom(*size)
    assert got == (None if zoom is None else pytest.approx(zoom, abs=0.01))
    assert Recognizer(replace(shipped, shot_size=[])).resolution_zoom(*size) is None


@pytest.mark.parametrize("size", [(5120, 2880), (7680, 4320)])
def test_a_5k_or_8k_frame_of_a_720p_set_up_reads_as_its_720p_self(shipped, size):
    small = Recognizer(shipped).recognize(_frame("0013"))
    big = Recognizer(shipped).recognize(_frame("0013", size))
    assert _codes(big) == _codes(small) and len(small.cards) == 6
    k = size[0] / 1280
    for hit in big.cards:  # in the big frame's pixels
        assert min(np.hypot(*(k * np.array(h.center) - hit.center)) for h in small.cards if h.card == hit.card) \
            < 0.1 * k * shipped.card_h_px
    assert _codes(Recognizer(replace(shipped, shot_size=[])).recognize(_frame("0013", size))) == []  # no guess


def test_a_frame_showing_no_card_whole_is_read_at_its_resolutions_size_from_the_first(shipped):
    assert _codes(Recognizer(shipped).recognize(_frame("0003", HD))) == \
        _codes(Recognizer(shipped).recognize(_frame("0003"))) != []


def test_a_wrong_resolution_guess_gives_way_to_the_cards_seen(shipped):
    """A camera moved back as it was set to 1080p: the cards keep the set-up's size, and are read as such."""
    frame = _frame("0013")
    wider = cv2.copyMakeBorder(frame, 180, 180, 320, 320, cv2.BORDER_REPLICATE)
    assert wider.shape[:2] == (1080, 1920)
    rec = Recognizer(shipped)
    assert _codes(rec.recognize(wider)) == _codes(Recognizer(shipped).recognize(frame))
    assert rec.zoom is None


def test_a_frame_of_no_height_or_width_reads_nothing_without_a_guess(shipped):
    """The resolution's guess had divided by a frame's height of 0."""
    for shape in ((0, 1280, 3), (720, 0, 3)):
        assert Recognizer(shipped).recognize(np.zeros(shape, np.uint8)).cards == []
