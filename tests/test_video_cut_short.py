"""A video file that ends before the frames its container counts says so: a recording cut at half its
bytes had ended as a whole one does ("154 frame(s) watched", exit 0; the display's SOURCE FINISHED said
"end of the video"), its last cards lost without a word (QA)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import cv2
import pytest

from dealer_assist.events import LinkState
from dealer_assist.vision.capture import FrameGrabber

VIDEO = Path(__file__).resolve().parents[2] / "shared" / "cards" / "test_shoe" / "anglo" / "baccarat.mp4"
FRAMES = 60


def _avi(folder: Path) -> Path:
    """The shoe video's first :data:`FRAMES` frames as an MJPEG AVI (its header counts them)."""
    if not VIDEO.is_file():
        pytest.skip("shared shoe video not found")
    whole = folder / "whole.avi"
    cap = cv2.VideoCapture(str(VIDEO))
    out = cv2.VideoWriter(str(whole), cv2.VideoWriter_fourcc(*"MJPG"), 30, (1280, 720))
    for _ in range(FRAMES):
        ok, frame = cap.read()
        assert ok
        out.write(frame)
    out.release()
    cap.release()
    return whole


def _cut(whole: Path) -> Path:
    cut = whole.with_name("cut.avi")
    data = whole.read_bytes()
    cut.write_bytes(data[: len(data) // 2])
    return cut


def _grab_all(src: Path) -> FrameGrabber:
    grabber = FrameGrabber(str(src)).start()
    while grabber.read(timeout=5.0) is not None:
        pass
    grabber.stop()
    return grabber


def test_a_video_cut_at_half_its_bytes_says_where_it_ends_of_its_count(tmp_path):
    grabber = _grab_all(_cut(_avi(tmp_path)))
    assert grabber.declared == FRAMES and 0 < grabber.frames < FRAMES - 3
    assert grabber.cut_short.startswith(f"the video ends at frame {grabber.frames} of {FRAMES}: cut short?")
    assert grabber.error is None


@pytest.mark.parametrize("deck", ["anglo", "plastic"])
@pytest.mark.parametrize("name", ["baccarat.mp4", "blackjack.mp4"])
def test_the_shared_whole_videos_are_not_taken_for_cut_ones(deck, name):
    video = VIDEO.parents[1] / deck / name
    if not video.is_file():
        pytest.skip("shared shoe video not found")
    grabber = _grab_all(video)
    assert grabber.frames > 200 and grabber.cut_short is None


def test_watch_says_a_cut_video_ends_early_and_exits_1(tmp_path):
    whole = _avi(tmp_path)
    cut = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "watch", "--profile", "anglo", "--json",
                          "--video", str(_cut(whole))], capture_output=True, text=True, timeout=120)
    assert cut.returncode == 1
    assert f"warning: the video ends at frame " in cut.stderr and f" of {FRAMES}: cut short?" in cut.stderr
    kept = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "watch", "--profile", "anglo", "--json",
                           "--video", str(whole)], capture_output=True, text=True, timeout=120)
    assert kept.returncode == 0 and "cut short" not in kept.stderr


def test_the_display_source_says_a_cut_video_ends_early(tmp_path):
    from dealer_assist.sources.camera import CameraSource

    events = []
    source = CameraSource(str(_cut(_avi(tmp_path))), profile="anglo")
    source.start(events.append)
    try:
        for _ in range(600):
            if any(isinstance(e, LinkState) and e.state in ("ended", "lost") for e in events):
                break
            time.sleep(0.05)
    finally:
        source.stop()
    ended = next(e for e in events if isinstance(e, LinkState) and e.state in ("ended", "lost"))
    assert ended.state == "ended" and ended.detail.startswith("the video ends at frame ")
    assert f" of {FRAMES}: cut short?" in ended.detail
