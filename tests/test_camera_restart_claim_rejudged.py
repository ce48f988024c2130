"""A card taken for the table's own at a camera restart is asked for once the table's card shows up (rev17 F9).

A table's camera came back mid-round: the table holds 9♠ and K♦; a 10♥ with both index corners smudged was
dealt while it was away.  The K♦ is read at once; the 9♠ lies under the croupier's hand for the camera's first
two seconds.  The 10♥, seen whole with no index, was taken for the 9♠ hidden (a counted card not read in the
opening frames) and judged so once: when the hand lifted, the 9♠ was named "maybe the table's own" but the
10♥ was never asked for, never named.  The claim is judged again when a counted card comes into view.
"""

from __future__ import annotations

import cv2
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.track import CountedCard, UnplacedCard, UnreadCard
from dealer_assist.vision.watch import open_source, watch
from smudged_deal import _place, card_image, felt


def _frames(folder, hand: int, after: int = 60) -> str:
    table = felt()
    _place(table, card_image("KD"), 900, 470, 0)
    _place(table, card_image("TH", smudged=True), 600, 250, 0)
    _place(table, card_image("9S"), 300, 470, 0)
    covered = table.copy()
    cv2.ellipse(covered, (300, 480), (170, 200), 10, 0, 360, (120, 150, 205), -1)
    for i, frame in enumerate([covered] * hand + [table] * after):
        cv2.imwrite(str(folder / f"{i:04d}.png"), frame)
    return str(folder / "*.png")


def _watched(frames: str) -> list:
    held = ["9S", "KD"]
    grabber = open_source(frames, fps=30)
    try:
        return [e for e, _ in watch(Profile.load(default_profile_path()), grabber, counted=held,
                                    ask_unplaced=True, on_layout=lambda: held)]
    finally:
        grabber.stop()


@pytest.mark.parametrize("hand", [0, 60])
def test_the_unread_card_is_asked_for_once_the_tables_hidden_card_shows_up(tmp_path, hand):
    events = _watched(_frames(tmp_path, hand))
    asked = [e for e in events if isinstance(e, UnreadCard)]
    assert len(asked) == 1 and asked[0].candidates == (), events
    assert abs(asked[0].center[0] - 600) < 30 and abs(asked[0].center[1] - 250) < 30  # where the 10♥ lies
    counted = sorted(e.card.code for e in events if isinstance(e, CountedCard))
    unplaced = [(e.card.code, e.maybe_counted) for e in events if isinstance(e, UnplacedCard)]
    assert (counted, unplaced) == ((["9S", "KD"], []) if hand == 0 else (["KD"], [("9S", True)]))


def test_while_the_tables_card_stays_hidden_the_unread_card_is_taken_for_it(tmp_path):
    events = _watched(_frames(tmp_path, 60, after=0))
    assert [type(e).__name__ for e in events] == ["CountedCard"], events
