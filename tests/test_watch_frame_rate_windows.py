"""The tracker's last windows counted in frames are seconds too: the same scene at 30 and 60 fps gives the same events.

A remembered card was gone once its spot showed bare felt in 3 frames in a row: a tenth of a second at 30 fps, a
twentieth at 60, so a flicker of 1/15 s (a fast hand's shadow, a frame torn by the camera) took the 9♠ away at
60 fps and it came back as a card held "put back".  A table's camera come back mid-round took the cards of its
first 3 frames for those dealt while it was away: at 60 fps a card uncovered 1/15 s after the start was played as
a new card.  Frames drawn from the shared anglo set-up shots (see :mod:`smudged_deal`), read by ``watch`` as
frames of a 30 or 60 fps source (their times from the frame rate).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.track import CountedCard, NewCard, UnplacedCard
from dealer_assist.vision.watch import watch
from smudged_deal import _place, card_image, felt


@pytest.fixture(scope="module")
def profile() -> Profile:
    return Profile.load(default_profile_path())


def _layout(*codes: str):
    image = felt()
    for code, x, y in (("KD", 900, 470), ("9S", 300, 470), ("4C", 580, 470)):
        if code in codes:
            _place(image, card_image(code), x, y, 0)
    return image


def _events(profile: Profile, folder: Path, frames: list, fps: int, **kwargs) -> list:
    for n, image in enumerate(frames):
        cv2.imwrite(str(folder / f"{n:05d}.png"), image)
    grabber = FrameGrabber(str(folder), drop=False, fps=fps).start()
    try:
        return [e for e, _ in watch(profile, grabber, every_frame=True, **kwargs)]
    finally:
        grabber.stop()


@pytest.mark.parametrize("fps", [30, 60])
def test_a_spot_seen_bare_a_fifteenth_of_a_second_keeps_its_card_at_any_frame_rate(profile, tmp_path, fps):
    k = fps // 30
    both, kd = _layout("KD", "9S"), _layout("KD")
    events = _events(profile, tmp_path, [both] * 10 * k + [kd] * 2 * k + [both] * 10 * k, fps)
    assert [(e.card.code, e.put_back) for e in events if isinstance(e, NewCard)] == [("KD", False), ("9S", False)], (
        f"at {fps} fps")


@pytest.mark.parametrize("fps", [30, 60])
def test_a_card_uncovered_a_fifteenth_of_a_second_after_a_restart_is_placed_at_any_frame_rate(profile, tmp_path, fps):
    """The table holds the K♦; the 4♣ was dealt while the camera was away, and shows from 1/15 s on."""
    k = fps // 30
    held = ["KD"]
    events = _events(profile, tmp_path, [_layout("KD")] * 2 * k + [_layout("KD", "4C")] * 10 * k, fps,
                     counted=held, ask_unplaced=True, on_layout=lambda: held)
    assert not any(isinstance(e, NewCard) for e in events), f"played at {fps} fps: {events}"
    assert [e.card.code for e in events if isinstance(e, CountedCard)] == ["KD"]
    assert [(e.card.code, e.maybe_counted) for e in events if isinstance(e, UnplacedCard)] == [("4C", False)]
