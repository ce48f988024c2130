"""A table's camera (re)started blurred or washed out still places the cards lying there (rev17 F7).

The table holds 9♠ and K♦; 4♣ and 7♠ were dealt while its camera was away.  A camera opened again hunts
its focus or settles its exposure for a few frames, in which every card is seen whole but none read.  The
opening frames (those whose cards lay there before the camera came back) were counted from the first
frame not dark, so they were over before any card was read: the table's own were asked for as maybe the
table's and the two dealt meanwhile were played as new cards, in the order read.  The opening now starts
at the first frame that tells what lies there: not one showing no card at all while the table holds cards (a
V4L2 camera's solid green first buffers, rev18 G3).  Frames drawn from the shared anglo set-up shots (see
:mod:`smudged_deal`), read by ``watch`` as the display's camera source calls it.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.track import CountedCard, NewCard, UnplacedCard, UnreadCard
from dealer_assist.vision.watch import open_source, watch
from smudged_deal import _place, card_image, felt

HELD = ["9S", "KD"]


def _frames(folder: Path, kind: str, first: int) -> str:
    sharp = felt()
    for code, x, y, turn in (("9S", 300, 470, 0), ("KD", 900, 470, 0), ("4C", 580, 470, 0), ("7S", 300, 200, 90)):
        _place(sharp, card_image(code), x, y, turn)
    start = (cv2.GaussianBlur(sharp, (0, 0), 8) if kind == "blurred"
             else cv2.convertScaleAbs(sharp, alpha=2.5, beta=120) if kind == "washed out"
             else np.zeros_like(sharp))  # focus hunting; exposure settling; a V4L2 camera's first buffers
    if kind == "green":
        start[..., 1] = 135
    for n, image in enumerate([start] * first + [sharp] * 30):
        cv2.imwrite(str(folder / f"{n:04d}.png"), image)
    return str(folder / "*.png")


@pytest.mark.parametrize("kind, first", [("blurred", 5), ("washed out", 5), ("blurred", 20), ("blurred", 0),
                                         ("green", 3)])
def test_the_tables_cards_are_its_own_and_those_dealt_meanwhile_are_asked_for_in_their_places(tmp_path, kind, first):
    grabber = open_source(_frames(tmp_path, kind, first), fps=30)
    try:
        events = [e for e, _ in watch(Profile.load(default_profile_path()), grabber, counted=HELD,
                                      ask_unplaced=True, on_layout=lambda: HELD)]
    finally:
        grabber.stop()
    assert not any(isinstance(e, (NewCard, UnreadCard)) for e in events), events
    assert sorted(e.card.code for e in events if isinstance(e, CountedCard)) == HELD
    unplaced = [e for e in events if isinstance(e, UnplacedCard)]
    assert sorted((e.card.code, e.maybe_counted) for e in unplaced) == [("4C", False), ("7S", False)]


@pytest.mark.parametrize("first", [3, 40])
def test_the_last_rounds_cards_are_not_played_after_a_restart_between_rounds_on_green_first_frames(tmp_path, first):
    """The table holds no card (its round settled), the last round's four still lie there (``lingering``), and the
    camera's first frames are solid green: the first had opened the start (no card while the table held none), its
    second ran out in green, and the four were played into the next round (rev19 R3)."""
    grabber = open_source(_frames(tmp_path, "green", first), fps=30)
    try:
        events = [e for e, _ in watch(Profile.load(default_profile_path()), grabber, counted=[], ask_unplaced=True,
                                      lingering=["9S", "KD", "4C", "7S"], on_layout=lambda: [])]
    finally:
        grabber.stop()
    assert not any(isinstance(e, (NewCard, UnreadCard)) for e in events), events
    assert sorted(e.card.code for e in events) == ["4C", "7S", "9S", "KD"]
