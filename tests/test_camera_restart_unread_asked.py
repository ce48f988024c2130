"""A card seen whole with no index found as a table's camera (re)starts is asked for unless the table may own it
(rev16 F3).

A table's camera came back mid-round: the table held 9♠ and K♦, and a third card, 10♥ with both index corners
smudged, was dealt while it was away.  The three lie still (anglo's set-up shots, see :mod:`smudged_deal`).
The 9♠ and K♦ are read at once, each the table's own; the 10♥ was taken for the table's too, because a card
seen whole with no index in the camera's first second may be one of its counted cards whose index cannot be
seen: it was never asked for, and the next card read took its place.  It is the table's only while a card
the table counted is left unclaimed once the camera's opening frames are over.
"""

from __future__ import annotations

import cv2
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.track import CountedCard, UnplacedCard, UnreadCard
from dealer_assist.vision.watch import open_source, watch
from smudged_deal import at_rest


@pytest.fixture(scope="module")
def frames(tmp_path_factory) -> str:
    """Two seconds of the 9♠, K♦ and the smudged 10♥ lying still, as an image sequence at 30 fps."""
    folder = tmp_path_factory.mktemp("restart")
    frame = at_rest(3)
    for i in range(60):
        cv2.imwrite(str(folder / f"{i:04d}.png"), frame)
    return str(folder / "*.png")


def _watched(frames: str, counted: list, held: list) -> list:
    grabber = open_source(frames, fps=30)
    try:
        return [e for e, _ in watch(Profile.load(default_profile_path()), grabber, counted=counted,
                                    ask_unplaced=True, on_layout=lambda: held)]
    finally:
        grabber.stop()


def test_a_card_unread_beside_the_tables_cards_each_read_is_asked_for(frames):
    events = _watched(frames, ["9S", "KD"], ["9S", "KD"])
    assert sorted(e.card.code for e in events if isinstance(e, CountedCard)) == ["9S", "KD"]
    asked = [e for e in events if isinstance(e, UnreadCard)]
    assert len(asked) == 1 and asked[0].candidates == ()
    assert abs(asked[0].center[0] - 480) < 30 and abs(asked[0].center[1] - 470) < 30  # where the 10♥ lies


def test_with_nothing_counted_the_unread_card_is_asked_for_as_the_cards_read_are(frames):
    events = _watched(frames, [], [])
    assert sorted(e.card.code for e in events if isinstance(e, UnplacedCard)) == ["9S", "KD"]
    assert [e.candidates for e in events if isinstance(e, UnreadCard)] == [()]


def test_an_unread_card_the_table_counted_is_still_its_own(frames):
    # The table holds the 10♥ too: the card unread is most likely it, and is not asked for.
    events = _watched(frames, ["9S", "KD", "TH"], ["9S", "KD", "TH"])
    assert sorted(e.card.code for e in events if isinstance(e, CountedCard)) == ["9S", "KD"]
    assert not any(isinstance(e, (UnreadCard, UnplacedCard)) for e in events)
