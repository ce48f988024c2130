"""A video file as a table's camera plays at its own frame rate, as a camera sends it (QA F12).

QA's blackjack table on the shared shoe-mouth video read its 922 frames in some 3 s: the first card came
within the first second of the file and was refused ("no seat has a bet"), 20 s of empty table put before
it changed nothing.  The display's camera source now hands out a file's frames no faster than its frame
rate; ``watch``, ``recognize`` and the benchmarks still read a file as fast as they can.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from dealer_assist.sources.factory import open_source as open_card_source
from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.watch import open_source


def _images(folder: Path, count: int = 3) -> Path:
    folder.mkdir()
    for n in range(count):
        cv2.imwrite(str(folder / f"{n:03d}.png"), np.full((120, 160, 3), 40 * n, np.uint8))
    return folder


def test_a_paced_file_hands_out_no_frame_before_its_time(tmp_path):
    grabber = FrameGrabber(str(_images(tmp_path / "frames")), fps=0.5, pace=True).start()
    try:
        first = grabber.read(timeout=5.0)
        assert first is not None and first.number == 0
        assert grabber.read(timeout=0.5) is None  # the next is due 2 s after the first
        assert not grabber.finished
    finally:
        grabber.stop()


def test_an_unpaced_file_is_read_as_fast_as_it_is_asked_for(tmp_path):
    grabber = FrameGrabber(str(_images(tmp_path / "frames")), fps=0.5).start()
    try:
        assert [grabber.read(timeout=5.0).number for _ in range(3)] == [0, 1, 2]
    finally:
        grabber.stop()


def test_the_tables_camera_paces_a_file_and_watch_does_not(tmp_path):
    frames = _images(tmp_path / "frames")
    camera = open_card_source(f"camera:{frames}?profile=anglo", lambda: False)
    assert camera._pace
    grabber = open_source(str(frames))
    try:
        assert not grabber.pace
    finally:
        grabber.stop()


def test_a_live_camera_is_never_held_back(tmp_path):
    assert not FrameGrabber(0, pace=True).pace
    assert not FrameGrabber("http://cam.example/v.mjpg", pace=True).pace
