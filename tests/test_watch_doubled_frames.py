"""A card sliding in is read once, and not asked for, at 60 fps as at 30 (rev18: the shared videos at 60 fps).

A camera at 60 fps, or a 30 fps stream converted to 60 (each frame sent twice), shows a sliding card unmoved
between two frames.  A card seen unread lying still in two sightings that the next card read covers cannot have
left, and is asked for (verC NEW-4); the two sightings of one frame sent twice were taken for that, and the
card read as it stopped was asked for too: at 60 fps the shared plastic baccarat video asked for three cards it
read.  A card first read in one frame sent twice lay "still", and its next step, a seventh of a card on over
the hand's first card, was taken for a second card of its code (the blackjack video's 4♣, held as put back).
Lying still is now judged over as long as the sightings take at 30 fps.  Sections of the shared videos, each
frame once at 30 fps and twice at 60, read by ``watch`` with the shipped plastic profile.
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
VIDEOS = ROOT.parent / "shared" / "cards" / "test_shoe" / "plastic"


def _events(folder: Path, video: str, first: int, last: int, fps: int) -> list:
    capture = cv2.VideoCapture(str(VIDEOS / video))
    n = 0
    for i in range(last):
        ok, image = capture.read()
        assert ok
        for _ in range(fps // 30 if i >= first else 0):
            cv2.imwrite(str(folder / f"{n:05d}.png"), image)
            n += 1
    capture.release()
    grabber = FrameGrabber(str(folder), drop=False, fps=fps).start()
    try:
        return [e for e, _ in watch(Profile.load(ROOT / "calibration" / "plastic" / "profile.json"), grabber)]
    finally:
        grabber.stop()


@pytest.mark.skipif(not VIDEOS.is_dir(), reason="shared test videos not found")
@pytest.mark.parametrize("video, first, last, cards", [("baccarat.mp4", 0, 75, ["AD", "9C"]),
                                                        ("blackjack.mp4", 130, 165, ["4S", "5H", "3S", "4C"])])
def test_the_cards_dealt_are_read_once_not_asked_for_at_30_and_60_fps(tmp_path, video, first, last, cards):
    for fps in (30, 60):
        (tmp_path / str(fps)).mkdir()
        events = _events(tmp_path / str(fps), video, first, last, fps)
        assert not [e for e in events if isinstance(e, UnreadCard)], f"asked for at {fps} fps"
        assert sorted((e.card.code, e.put_back) for e in events if isinstance(e, NewCard)) == sorted(
            (code, False) for code in cards), f"at {fps} fps"
