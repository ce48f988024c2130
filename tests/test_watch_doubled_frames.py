"""A card sliding in read unsure is not asked for at 60 fps when it is not at 30 (rev18: the shared videos at 60 fps).

A camera at 60 fps, or a 30 fps stream converted to 60 (each frame sent twice), shows a sliding card unmoved
between two frames.  A card seen unread lying still in two sightings that the next card read covers cannot have
left, and is asked for (verC NEW-4); the two sightings of one frame sent twice were taken for that, and the
card read as it stopped was asked for too: at 60 fps the shared plastic baccarat video asked for three cards it
read.  Lying still is now judged over as long as the sightings take at 30 fps.  The shared video's first two
cards, each frame once at 30 fps and twice at 60, read by ``watch`` with the shipped plastic profile.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.track import NewCard, UnreadCard
from dealer_assist.vision.watch import watch

ROOT = Path(__file__).resolve().parents[1]
VIDEO = ROOT.parent / "shared" / "cards" / "test_shoe" / "plastic" / "baccarat.mp4"


@pytest.mark.skipif(not VIDEO.is_file(), reason="shared test videos not found")
@pytest.mark.parametrize("fps", [30, 60])
def test_the_first_cards_of_the_shared_video_are_read_not_asked_for_at_30_and_60_fps(tmp_path, fps):
    capture = cv2.VideoCapture(str(VIDEO))
    n = 0
    for _ in range(75):  # the A♦ and the 9♣ dealt and at rest
        ok, image = capture.read()
        assert ok
        for _ in range(fps // 30):
            cv2.imwrite(str(tmp_path / f"{n:05d}.png"), image)
            n += 1
    capture.release()
    grabber = FrameGrabber(str(tmp_path), drop=False, fps=fps).start()
    try:
        events = [e for e, _ in watch(Profile.load(ROOT / "calibration" / "plastic" / "profile.json"), grabber)]
    finally:
        grabber.stop()
    assert not [e for e in events if isinstance(e, UnreadCard)], f"asked for at {fps} fps"
    assert [e.card.code for e in events if isinstance(e, NewCard)] == ["AD", "9C"]
