"""Watching passes over a frame that shows what the last frame read did, and over nothing else."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.still_scene import REREAD_EVERY, StillScene
from dealer_assist.vision.track import NewCard
from dealer_assist.vision.watch import WatchCost, watch

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
VIDEO = CARDS / "test_shoe" / "anglo" / "baccarat.mp4"
CLIP_FRAMES = 80


@pytest.fixture(scope="module")
def video():
    """The first frames of a real shoe-mouth video and its truth."""
    if not VIDEO.is_file():
        pytest.skip("shared shoe video not found")
    cap = cv2.VideoCapture(str(VIDEO))
    frames = []
    for _ in range(CLIP_FRAMES):
        ok, frame = cap.read()
        assert ok
        frames.append(frame)
    cap.release()
    return frames, json.loads(VIDEO.with_suffix(".json").read_text())


def _at_rest(truth) -> int:
    """A frame after which nothing moves for a while: the first card has lain still for nine
    frames (the croupier's hand has left it) and the next is not yet out of the shoe."""
    first, second = truth["cards"][:2]
    frame = first["t_rest"] + 9
    assert frame + REREAD_EVERY + 3 < second["t_appear"]
    return frame


def test_a_still_table_is_read_again_only_every_few_frames(video):
    frames, truth = video
    rest = _at_rest(truth)
    scene = StillScene()
    assert scene.needs_reading(frames[rest], settled=True)  # the first frame
    assert scene.needs_reading(frames[rest + 1], settled=True)  # the first was not known still
    # The video's own frames: its codec re-quantises the cards at rest from frame to frame.
    skipped = [not scene.needs_reading(frames[n], settled=True) for n in range(rest + 2, rest + REREAD_EVERY + 3)]
    assert skipped == [True] * REREAD_EVERY + [False]


def test_a_moved_card_an_unsettled_tracker_and_a_frame_after_motion_are_read(video):
    frames, truth = video
    rest = _at_rest(truth)
    still = frames[rest]
    scene = StillScene()
    scene.needs_reading(still, settled=True)
    scene.needs_reading(still, settled=True)
    assert not scene.needs_reading(still, settled=True)
    # A card (or anything) moved by two pixels.
    assert scene.needs_reading(np.roll(still, 2, axis=1), settled=True)
    assert scene.needs_reading(np.roll(still, 2, axis=1), settled=True)  # the read frame had moved
    assert not scene.needs_reading(np.roll(still, 2, axis=1), settled=True)
    # The tracker still waits for a card's confirming read.
    assert scene.needs_reading(np.roll(still, 2, axis=1), settled=False)
    # The second card sliding out of the shoe, frame by frame.
    second = truth["cards"][1]
    sliding = [scene.needs_reading(frames[n], settled=True) for n in range(second["t_index_visible"], second["t_rest"])]
    assert all(sliding)


def _events(folder: Path, every_frame: bool) -> tuple[list, WatchCost]:
    cost = WatchCost()
    grabber = FrameGrabber(str(folder / "%04d.jpg"), drop=False).start()
    try:
        events = [(e.card.code, e.frame) for e, _ in watch(Profile.load(default_profile_path()), grabber,
                                                            every_frame=every_frame, cost=cost)
                  if isinstance(e, NewCard)]
    finally:
        grabber.stop()
    return events, cost


def test_watching_passes_over_still_frames_and_reports_the_same_cards_at_the_same_frames(video, tmp_path):
    frames, truth = video
    for n, frame in enumerate(frames):
        cv2.imwrite(str(tmp_path / f"{n:04d}.jpg"), frame, [cv2.IMWRITE_JPEG_QUALITY, 92])
    passing, cost = _events(tmp_path, every_frame=False)
    reading, every = _events(tmp_path, every_frame=True)
    dealt = [c["card"].replace("10", "T") for c in truth["cards"] if c["t_rest"] < CLIP_FRAMES]
    assert [code for code, _ in passing] == dealt
    assert passing == reading
    assert every.read == len(every.ms) == CLIP_FRAMES
    assert len(cost.ms) == CLIP_FRAMES
    # The table lies still before the first card, and while the shoe waits between cards.
    assert cost.read < 0.7 * CLIP_FRAMES
    # The command's switch reads every frame, to the same events.
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "watch", "--profile", "anglo", "--json", "--every-frame",
                          "--video", str(tmp_path / "%04d.jpg")], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert [(e["card"], e["frame"]) for e in map(json.loads, out.stdout.splitlines())] == reading
