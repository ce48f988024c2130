"""A table's card being squared as the camera (re)starts is maybe the table's own, not a card it does not have
(rev17 F14).

The table holds 9♠ and K♦; the camera comes back while the croupier squares the 9♠ (it moves 20 px a frame in
the camera's first four frames, then lies still).  A counted code was taken only by a card lying still in the
opening frames, so the moving 9♠ became an UnplacedCard "a card the table does not have: it came while the
camera was away", and typing it in, as that alert says, played the 9♠ a second time.  A card of a code the
table holds, moving then, is "maybe the table's own" (``maybe_counted``: the croupier says which).
"""

from __future__ import annotations

import cv2
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.track import CountedCard, UnplacedCard
from dealer_assist.vision.watch import open_source, watch
from smudged_deal import _place, card_image, felt


@pytest.fixture(scope="module")
def frames(tmp_path_factory) -> str:
    """The 9♠ squared 20 px a frame in the first four frames, then both cards lying 40 frames, at 30 fps."""
    folder = tmp_path_factory.mktemp("squared")
    for i in range(44):
        frame = felt()
        _place(frame, card_image("9S"), 300 + 20 * min(i, 3), 470, 0)
        _place(frame, card_image("KD"), 900, 470, 0)
        cv2.imwrite(str(folder / f"{i:04d}.png"), frame)
    return str(folder / "*.png")


def _watched(frames: str, counted: list) -> list:
    grabber = open_source(frames, fps=30)
    try:
        return [e for e, _ in watch(Profile.load(default_profile_path()), grabber, counted=counted,
                                    ask_unplaced=True, on_layout=lambda: counted)]
    finally:
        grabber.stop()


def test_a_counted_card_moving_at_the_start_is_maybe_the_tables_own(frames):
    events = _watched(frames, ["9S", "KD"])
    assert [e.card.code for e in events if isinstance(e, CountedCard)] == ["KD"]
    assert [(e.card.code, e.maybe_counted) for e in events if isinstance(e, UnplacedCard)] == [("9S", True)]
    assert len(events) == 2


def test_one_of_a_code_the_table_does_not_hold_is_still_a_card_it_does_not_have(frames):
    events = _watched(frames, ["KD"])
    assert [e.card.code for e in events if isinstance(e, CountedCard)] == ["KD"]
    assert [(e.card.code, e.maybe_counted) for e in events if isinstance(e, UnplacedCard)] == [("9S", False)]
