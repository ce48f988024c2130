"""A camera that loses colour mid-shoe (an IP camera's night mode: grey frames from then on) leaves the
cards read before it lying there, and they now read unsure (a 9♦ as 9♠/9♣/9♦).  They were asked for
again: ``watch --unreadable`` printed 8 lines for 6 cards, and the display asked the croupier to type
the 9♦ it had already played (QA).  A card taken away and another dealt on its spot is still new."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.track import NewCard, UnreadCard
from dealer_assist.vision.watch import open_source, watch

from shoe_video import shoe_video

GREY_FROM = 100


def _grey(frame: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)


def _write(folder: Path, frames) -> str:
    folder.mkdir()
    for n, frame in enumerate(frames):
        cv2.imwrite(str(folder / f"{n:04d}.png"), frame, [cv2.IMWRITE_PNG_COMPRESSION, 1])
    return str(folder / "%04d.png")


def _watch(video: str) -> tuple[list[dict], subprocess.CompletedProcess]:
    run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "watch", "--profile", "anglo", "--json",
                          "--unreadable", "--video", video], capture_output=True, text=True, timeout=600)
    return [json.loads(line) for line in run.stdout.splitlines()], run


def _unread(lines: list[dict]) -> list[list[str]]:
    return [line["candidates"] for line in lines if line.get("unreadable")]


@pytest.fixture(scope="module")
def grey_from_100():
    frames, truth = shoe_video()
    return frames[:GREY_FROM] + [_grey(f) for f in frames[GREY_FROM:]], truth


@pytest.mark.parametrize("change", ["grey", "red and blue swapped"])
def test_watch_does_not_report_again_the_cards_read_before_the_colour_was_lost(grey_from_100, tmp_path, change):
    frames, truth = grey_from_100
    if change != "grey":
        frames, truth = shoe_video()
        frames = frames[:GREY_FROM] + [f[:, :, ::-1].copy() for f in frames[GREY_FROM:]]
    lines, run = _watch(_write(tmp_path / "changed", frames))
    cards = [line["card"] for line in lines if line["card"]]
    assert cards == ["9D", "2D", "2S", "AS"]
    # Only the 10♦ and 3♥, dealt after the colour went, are never read; 6 lines for the 6 cards dealt.
    assert _unread(lines) == [["TS", "TC", "TD"], ["3S", "3C", "3H"]] and len(lines) == len(truth)
    assert "4 card(s) reported, 2 never read" in run.stderr and "9S or 9C or 9D" not in run.stderr


def test_the_table_camera_does_not_ask_for_a_card_it_played_when_the_colour_goes(grey_from_100, tmp_path):
    """The display's way (a never-read card asked for at once): only the cards dealt after it are asked for."""
    frames, _ = grey_from_100
    grabber = open_source(_write(tmp_path / "grey", frames))
    events = [e for e, _ in watch(Profile.load(default_profile_path()), grabber, every_frame=True)]
    assert [e.card.code for e in events if isinstance(e, NewCard)] == ["9D", "2D", "2S", "AS"]
    asked = [[c.code for c in e.candidates] for e in events if isinstance(e, UnreadCard)]
    assert asked == [["TS", "TC", "TD"], ["3S", "3C", "3H"]]


def test_a_card_dealt_on_the_spot_of_one_taken_away_is_still_asked_for(grey_from_100, tmp_path):
    """The 9♦ taken away (its spot bare felt for a third of a second) and a card put there again: that one,
    read unsure, is a new card and is asked for."""
    frames, _ = grey_from_100
    hit = next(h for h in Recognizer(Profile.load(default_profile_path())).recognize(frames[GREY_FROM - 1]).cards
               if h.card.code == "9D")
    quad = np.asarray(hit.corners)
    centre = quad.mean(axis=0)
    mask = np.zeros(frames[0].shape[:2], np.uint8)
    cv2.fillPoly(mask, [np.round(centre + (quad - centre) * 1.08).astype(np.int32)], 255)
    taken = frames[130].copy()
    taken[mask > 0] = _grey(frames[0])[mask > 0]  # the felt, before any card was dealt
    lines, _ = _watch(_write(tmp_path / "again", frames[:130] + [taken] * 10 + frames[130:]))
    assert [line["card"] for line in lines if line["card"]] == ["9D", "2D", "2S", "AS"]
    assert sorted(_unread(lines)) == [["3S", "3C", "3H"], ["9S", "9C", "9D"], ["TS", "TC", "TD"]]
