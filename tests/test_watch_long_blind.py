"""Cards lying through a long spell the camera shows nothing of are still the table's when it shows them again.

Three cards lie read; then the view is gone half a minute: the lights cut (frames too dark to read), or a hand
or a cloth over the lens (frames bright but showing no table).  A card unseen is remembered some seconds, and a
ghost of it four times longer (20 s); a covered lens's frames showed every spot as "bare" (their most common
colour, the hand's, taken for the felt), so every card was taken away at once.  Either way the same layout seen
again was played a second time.  A frame that shows no table (too dark, or its most common colour far from the
felt of the frames that read cards) tells nothing, and its time is not counted; a card taken away in the dark
is found out once its spot is seen bare.  Frames drawn from the shared anglo set-up shots (see
:mod:`smudged_deal`), read by ``watch`` as frames of a 5 fps source (their times from the frame rate).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.track import NewCard
from dealer_assist.vision.watch import watch
from smudged_deal import _place, card_image, felt

FPS = 5
LAYOUT = (("9S", 300, 470), ("KD", 900, 470), ("4C", 580, 470))


@pytest.fixture(scope="module")
def profile() -> Profile:
    return Profile.load(default_profile_path())


def _layout(*codes: str) -> np.ndarray:
    image = felt()
    for code, x, y in LAYOUT:
        if code in codes:
            _place(image, card_image(code), x, y, 0)
    return image


def _cover(kind: str, like: np.ndarray) -> np.ndarray:
    if kind == "dark":
        return np.zeros_like(like)
    hand = np.full_like(like, (120, 150, 200))  # skin (BGR), a little grain, out of focus
    grain = np.random.default_rng(1).integers(-6, 7, like.shape)
    return cv2.GaussianBlur(np.clip(hand + grain, 0, 255).astype(np.uint8), (9, 9), 0)


def _new_cards(profile: Profile, folder: Path, frames: list) -> list:
    for n, image in enumerate(frames):
        cv2.imwrite(str(folder / f"{n:05d}.png"), image)
    grabber = FrameGrabber(str(folder), drop=False, fps=FPS).start()
    try:
        return [e.card.code for e, _ in watch(profile, grabber) if isinstance(e, NewCard)]
    finally:
        grabber.stop()


@pytest.mark.parametrize("kind", ["dark", "lens covered"])
@pytest.mark.parametrize("seconds", [3, 30])
def test_cards_lying_while_the_view_is_gone_are_reported_once(profile, tmp_path, kind, seconds):
    lit = _layout("9S", "KD", "4C")
    reported = _new_cards(profile, tmp_path, [lit] * 10 + [_cover(kind, lit)] * seconds * FPS + [lit] * 10)
    assert sorted(reported) == ["4C", "9S", "KD"], f"after {seconds} s {kind}: {reported}"


def test_a_card_taken_away_in_the_dark_is_found_out_when_its_spot_is_seen_bare(profile, tmp_path):
    """The K♦ went while the lights were out; its spot shows bare felt for 12 s, then another K♦ is dealt there."""
    lit = _layout("9S", "KD", "4C")
    frames = [lit] * 10 + [_cover("dark", lit)] * 30 * FPS + [_layout("9S", "4C")] * 12 * FPS + [lit] * 10
    assert sorted(_new_cards(profile, tmp_path, frames)) == ["4C", "9S", "KD", "KD"]
