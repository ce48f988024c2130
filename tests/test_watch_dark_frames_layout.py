"""A few frames too dark to read do not take the layout away (rev17 F2).

Three cards lie read; the lights are cut (or the lens covered) for a few frames, then the picture comes
back.  In a near-black frame every spot is as dark as the felt, so after three such frames every
remembered card had been "taken away", and the frame with no card had cleared the put-back memory too:
each card was played a second time once the light came back.  A frame too dark to show a card's paper
(see :mod:`dealer_assist.vision.dark_frames`) tells nothing of the spots.  Frames drawn from the shared
anglo set-up shots (see :mod:`smudged_deal`), read by ``watch`` with the shipped anglo profile.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.dark_frames import least_paper, light_share
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.track import NewCard
from dealer_assist.vision.watch import watch
from smudged_deal import _place, card_image, felt

LAYOUT = (("9S", 300, 470), ("KD", 900, 470), ("4C", 580, 470))


@pytest.fixture(scope="module")
def profile() -> Profile:
    return Profile.load(default_profile_path())


def _frames(folder: Path, dark: int, light: float) -> Path:
    lit = felt()
    for code, x, y in LAYOUT:
        _place(lit, card_image(code), x, y, 0)
    dim = (lit * light).astype(np.uint8)
    for n, image in enumerate([lit] * 20 + [dim] * dark + [lit] * 20):
        cv2.imwrite(str(folder / f"{n:05d}.png"), image)
    return folder


def _reported(profile: Profile, folder: Path) -> list[str]:
    grabber = FrameGrabber(str(folder), drop=False).start()
    try:
        return [e.card.code for e, _ in watch(profile, grabber, every_frame=True) if isinstance(e, NewCard)]
    finally:
        grabber.stop()


@pytest.mark.parametrize("dark, light", [(5, 0.03), (5, 0.0)])
def test_cards_lying_through_dark_frames_are_reported_once(profile, tmp_path, dark, light):
    folder = _frames(tmp_path, dark, light)
    assert light_share(cv2.imread(str(folder / "00021.png")), least_paper(profile)) < 1.0  # too dark to read
    reported = _reported(profile, folder)
    assert sorted(reported) == sorted(code for code, _, _ in LAYOUT), f"played again after the dark: {reported}"


def test_a_card_taken_away_in_the_light_is_still_forgotten(profile, tmp_path):
    """The light's own frames still tell: a K♦ taken away and another dealt on its spot is a new card."""
    lit, without = felt(), felt()
    for code, x, y in LAYOUT:
        _place(lit, card_image(code), x, y, 0)
        if code != "KD":
            _place(without, card_image(code), x, y, 0)
    for n, image in enumerate([lit] * 20 + [without] * 10 + [lit] * 20):
        cv2.imwrite(str(tmp_path / f"{n:05d}.png"), image)
    assert sorted(_reported(profile, tmp_path)) == sorted(["9S", "KD", "4C", "KD"])
