"""A camera that frames the table's rail as wide as its felt sees an empty table as a table, not as a covered lens.

A frame reading nothing whose most common colour was far from the felt of the frames that read cards was taken
for a hand or a cloth over the lens: it told nothing and its time was not counted (see
:meth:`dealer_assist.vision.track.OnceOnlyTracker.update`).  With the wooden rail nearly half the picture, the
cards lying on the felt tipped the median of the frames with cards to the rail's colour; every empty table's
frame, its median the felt's, was then a "covered lens": the last round's spots were never seen bare and its time
stood still, so the next round's card of a code of the last round was taken for that card and silently lost, or
held as "put back" (rev19 R7).  Frames drawn from the shared anglo set-up shots (see :mod:`smudged_deal`), read
by ``watch`` as frames of a 5 fps source (their times from the frame rate).
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
RAIL = (30, 45, 70)  # dark wood (BGR)


@pytest.fixture(scope="module")
def profile() -> Profile:
    return Profile.load(default_profile_path())


def _table(rail_rows: int, cards) -> np.ndarray:
    """The felt framed with the rail over its top ``rail_rows`` rows and its right strip (47% of the picture at 232)."""
    image = felt()
    cv2.rectangle(image, (0, 0), (1280, rail_rows), RAIL, -1)
    cv2.rectangle(image, (1000, 0), (1280, 720), RAIL, -1)
    for code, x, y in cards:
        _place(image, card_image(code), x, y, 0)
    return image


def _events(profile: Profile, folder: Path, frames: list) -> list:
    for n, image in enumerate(frames):
        cv2.imwrite(str(folder / f"{n:05d}.png"), image)
    grabber = FrameGrabber(str(folder), drop=False, fps=FPS).start()
    try:
        return [(e.card.code, e.put_back) for e, _ in watch(profile, grabber) if isinstance(e, NewCard)]
    finally:
        grabber.stop()


@pytest.mark.parametrize("rail_rows", [0, 220, 232, 245])
@pytest.mark.parametrize("x", [600, 310])  # the next round's 9♠ a card's width off the last one's spot, or on it
def test_the_next_rounds_card_of_a_code_of_the_last_is_reported_with_the_rail_in_view(profile, tmp_path, rail_rows, x):
    first = _table(rail_rows, [("9S", 300, 480), ("KD", 700, 480)])
    empty = _table(rail_rows, [])
    nine = _table(rail_rows, [("9S", x, 480)])
    both = _table(rail_rows, [("4C", 700, 480), ("9S", x, 480)])
    events = _events(profile, tmp_path, [first] * 2 * FPS + [empty] * 10 * FPS + [nine] * FPS + [both] * 2 * FPS)
    assert sorted(events[:2]) == [("9S", False), ("KD", False)]
    assert events[2:] == [("9S", False), ("4C", False)], f"rail over {rail_rows} rows, the 9♠ at x {x}"


@pytest.mark.parametrize("code, x", [("KD", 500), ("KD", 900), ("9S", 300)])
def test_an_arm_over_half_the_picture_gathering_the_round_leaves_the_empty_table_a_table(profile, tmp_path, code, x):
    """rev19 R7 too: the last frames that read a card showed the croupier's arm over 58% of the picture, gathering
    the 9♠ while the K♦ still lay read; its skin was taken for the felt, every empty table's frame after it was "no
    table", and the next round's card of a code of the last was silently lost (or held as put back)."""
    def table(cards, arm=False):
        image = _table(0, cards)
        if arm:
            cv2.rectangle(image, (0, 0), (740, 720), (120, 150, 205), -1)
        return image

    first = table([("9S", 300, 480), ("KD", 900, 480)])
    arm = table([("KD", 900, 480)], arm=True)
    nxt = table([(code, x, 480)])
    both = table([(code, x, 480), ("4C", 1000, 200)])
    events = _events(profile, tmp_path, [first] * 2 * FPS + [arm] * 3 + [table([])] * 10 * FPS + [nxt] * FPS
                     + [both] * 2 * FPS)
    assert sorted(events[:2]) == [("9S", False), ("KD", False)]
    assert events[2:] == [(code, False), ("4C", False)], f"the next round's {code} at x {x}"
