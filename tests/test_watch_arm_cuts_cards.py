"""An arm across dealt cards cut them into card-shaped pieces, and ``watch`` reported phantom cards.

qaAS's video of its own deck under a 6% slant reported two "never read" cards that never were cards.
Where an arm lies across a card it leaves two pieces of it (or of the panel a printed frame line
encloses) each shaped like a smaller card; two of one size, and no card of the set-up's size seen
whole, made the recognizer take the camera as zoomed out (see ``Recognizer._camera_zoom``): it read
the frame scaled up, lost the real cards, and gave each piece as an unread card.  Pieces whose side
lies against something that is neither felt nor paper (the arm) are not cards seen whole.

qaAS's own frame (``quartet_tilt06_0070.jpg``, its quartet deck under the 6% slant, see
test_profile_fit_slanted_camera.py) with an arm drawn across the three cards: each card's framed panel
was cut to a smaller card's shape, the frame read zoomed out, its three cards lost and two phantoms given.
And a deal drawn from the shared anglo set-up shots (see :mod:`smudged_deal`): four cards slide in, an
arm reaches in across their middles and rests, and leaves; every frame under a 6% keystone.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.track import NewCard, UnreadCard
from dealer_assist.vision.watch import watch
from smudged_deal import SIZE, _place, card_image, felt

DATA = Path(__file__).parent / "data"

DEAL = ("9S", "KD", "TH", "4C")
#: Where each comes to rest: two pairs, the second card of each over the first's edge (as a baccarat layout).
SLOTS = ((330, 470), (830, 470), (480, 470), (980, 470))
SHOE = (1230, 120)
SKIN = (110, 145, 195)
#: A sleeve as near the felt's colour as the felt in a card's shadow, but of another hue.
SLEEVE = (60, 60, 60)
#: The arm's middle line at rest (it crosses the 4♣ where a piece of each half is a smaller card's shape).
ARM_Y = 465
ARM_WIDTH = 60
#: The share of the picture's width its top is narrower by on each side.
SLANT = 0.06


def _keystoned(frame: np.ndarray) -> np.ndarray:
    w, h = SIZE
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = src + np.float32([[SLANT * w, 0], [-SLANT * w, 0], [0, 0], [0, 0]])
    return cv2.warpPerspective(frame, cv2.getPerspectiveTransform(src, dst), SIZE, borderMode=cv2.BORDER_REPLICATE)


def _arm(frame: np.ndarray, reach: float, colour=SKIN) -> np.ndarray:
    """``frame`` with an arm in from the left, its hand ``reach`` (x) across the table."""
    out = frame.copy()
    hand = (int(reach), ARM_Y + 10)
    cv2.line(out, (-50, ARM_Y), hand, colour, ARM_WIDTH, cv2.LINE_AA)
    cv2.circle(out, hand, ARM_WIDTH // 2 + 10, colour, -1, cv2.LINE_AA)
    return out


def deal_frames():
    """The deal's frames (BGR, before the slant): each card slides in for 6 frames and rests 8; then the arm
    reaches in over 5 frames, rests 12, goes back over 5, and the cards lie alone 10 more."""
    table = felt()
    cards = {code: card_image(code) for code in DEAL}
    for n, (code, (tx, ty)) in enumerate(zip(DEAL, SLOTS)):
        for t in range(6):
            u = 1 - (1 - (t + 1) / 6) ** 2
            frame = table.copy()
            for c, (x, y) in zip(DEAL[:n], SLOTS):
                _place(frame, cards[c], x, y, 0)
            _place(frame, cards[code], SHOE[0] + (tx - SHOE[0]) * u, SHOE[1] + (ty - SHOE[1]) * u, 30 * (1 - u))
            yield frame
        _place(table, cards[code], tx, ty, 0)
        for _ in range(8):
            yield table.copy()
    reaches = [200 + 180 * k for k in range(1, 6)]
    for reach in reaches:
        yield _arm(table, reach)
    for _ in range(12):
        yield _arm(table, reaches[-1])
    for reach in reversed(reaches):
        yield _arm(table, reach)
    for _ in range(10):
        yield table.copy()


def write_video(path: Path) -> Path:
    """The deal under the slant as an MJPG video at 30 fps."""
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 30, SIZE)
    for frame in deal_frames():
        out.write(_keystoned(frame))
    out.release()
    return path


def test_an_arm_across_the_slanted_quartet_cards_panels_is_no_card():
    frame = cv2.imread(str(DATA / "quartet_tilt06_0070.jpg"))
    cv2.line(frame, (-50, 480), (1100, 490), SKIN, 40, cv2.LINE_AA)
    cv2.circle(frame, (1100, 490), 40, SKIN, -1, cv2.LINE_AA)
    recognizer = Recognizer(Profile.load(DATA / "quartet"))
    result = recognizer.recognize(frame)
    assert recognizer.zoom is None
    assert sorted(h.card.code for h in result.cards) == ["6H", "8D", "TD"] and result.uncertain == []


@pytest.mark.parametrize("colour", [SKIN, SLEEVE], ids=["bare arm", "dark grey sleeve"])
def test_an_arm_across_the_cards_is_read_as_no_card_and_leaves_them_read(colour):
    frame = _keystoned(_arm(list(deal_frames())[4 * 14 - 1], 1100, colour))
    recognizer = Recognizer(Profile.load(default_profile_path()))
    result = recognizer.recognize(frame)
    assert recognizer.zoom is None
    assert [u for u in result.uncertain if not u.candidates] == []
    assert sorted(h.card.code for h in result.cards) == sorted(DEAL)


def test_watch_reports_each_dealt_card_once_and_no_phantom(tmp_path):
    grabber = FrameGrabber(str(write_video(tmp_path / "arm.avi")), drop=False).start()
    try:
        events = [e for e, _ in watch(Profile.load(default_profile_path()), grabber)]
    finally:
        grabber.stop()
    assert [u.center for u in events if isinstance(u, UnreadCard)] == []
    assert sorted(e.card.code for e in events if isinstance(e, NewCard)) == sorted(DEAL)
