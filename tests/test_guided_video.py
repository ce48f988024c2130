"""``calibrate --camera VIDEO``: a recorded set-up video (each card slides in, rests for a while, is taken
away) is sought through by itself to each card at rest, on the terminal and in the preview window.  The
video is written with cv2.VideoWriter from the shared set-up shots."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from PySide6.QtCore import Qt

from dealer_assist.vision.guided import GuidedSetUp
from frame_truth import anglo_shot, bare_felt

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
pytestmark = pytest.mark.skipif(not (CARDS / "calib").is_dir(), reason="shared card images not found")


def _two_cards() -> np.ndarray:
    """A view at rest that no shot takes: a second card beside the one asked for."""
    both = anglo_shot("2S")
    x0, y0, x1, y1 = 540, 200, 740, 500
    both[y0:y1, x0 + 330:x1 + 330] = anglo_shot("KD")[y0:y1, x0:x1]
    return both


def _video(path: Path, views: list[np.ndarray], rest: int = 12, felt: int = 6) -> Path:
    """Each view slides in from the left over four frames, rests ``rest`` frames, and is taken away;
    ``felt`` frames of bare felt before each."""
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), 30, (1280, 720))
    assert out.isOpened()
    for view in views:
        for _ in range(felt):
            out.write(bare_felt())
        for dx in (-400, -300, -200, -100):  # a card still sliding: blurred in a real camera, not at rest
            out.write(np.roll(view, dx, axis=1))
        for _ in range(rest):
            out.write(view)
    for _ in range(felt):
        out.write(bare_felt())
    out.release()
    return path


def _like(path: Path, code: str) -> bool:
    """Whether the shot saved at ``path`` is ``code``'s set-up shot at rest (up to the video's compression)."""
    saved = cv2.imread(str(path)).astype(int)
    return float(np.abs(saved - anglo_shot(code)).mean()) < 4


def _calibrate(camera: Path, shots: Path, answers: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dealer_assist.cli", "calibrate", "--camera", str(camera), "--no-preview",
         "--images", str(shots), "--out", str(shots.parent / "profile")],
        input=answers, capture_output=True, text=True, timeout=180)


def test_a_recorded_video_gives_each_card_at_rest_one_enter_each(tmp_path):
    video = _video(tmp_path / "setup.mp4", [anglo_shot("AS"), anglo_shot("2S"), anglo_shot("3S")])
    shots = tmp_path / "shots"
    out = _calibrate(video, shots, "\n\n\n\n")
    assert sorted(p.name for p in shots.iterdir()) == ["2S.png", "3S.png", "AS.png"], out.stderr
    for code in ("AS", "2S", "3S"):
        assert _like(shots / f"{code}.png", code), code  # the card at rest, not a frame of its slide
    assert "AS taken from frame 12" in out.stderr  # 6 felt, 4 sliding, then the third frame at rest
    assert "not taken" not in out.stderr
    # The fourth Enter finds no card: the video's end is said, and where the same command goes on.
    assert "has ended after" in out.stderr and "4S and the cards after it have no shot" in out.stderr
    assert out.returncode == 1 and "goes on from 4S" in out.stderr and "Traceback" not in out.stderr


def test_a_view_at_rest_that_no_shot_takes_stops_the_seek_and_s_passes_it(tmp_path):
    video = _video(tmp_path / "setup.mp4", [anglo_shot("AS"), _two_cards(), anglo_shot("3S")])
    shots = tmp_path / "shots"
    out = _calibrate(video, shots, "\n\ns\n\nq\n")
    assert "not taken as 2S: two cards in the shot" in out.stderr
    # The card refused is skipped: 3S's frames are 3S's, not taken under 2S's name.
    assert sorted(p.name for p in shots.iterdir()) == ["3S.png", "AS.png"], out.stderr
    assert _like(shots / "3S.png", "3S")


def test_s_before_a_cards_frames_passes_that_card_over(tmp_path):
    video = _video(tmp_path / "setup.mp4", [anglo_shot("AS"), anglo_shot("2S"), anglo_shot("3S")])
    shots = tmp_path / "shots"
    out = _calibrate(video, shots, "s\n\nq\n")
    assert "AS skipped" in out.stderr
    assert sorted(p.name for p in shots.iterdir()) == ["2S.png"] and _like(shots / "2S.png", "2S")


def test_the_window_seeks_a_recorded_video_to_each_card_at_rest(qtbot, show_window, tmp_path):
    from dealer_assist.ui.guided_setup import GuidedSetUpWindow
    from dealer_assist.vision.capture import FrameGrabber

    video = _video(tmp_path / "setup.mp4", [anglo_shot("AS"), _two_cards(), anglo_shot("3S")])
    steps = GuidedSetUp(tmp_path / "shots")
    grabber = FrameGrabber(str(video)).start()
    window = show_window(GuidedSetUpWindow(steps, grabber, "the test video"), size=(1024, 720))
    try:
        def at_rest():
            return not window._want_next and window.frame is not None

        qtbot.waitUntil(at_rest, timeout=10000)
        assert "a card in view" in window.seen.text()
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert steps.taken == ["AS"] and _like(tmp_path / "shots" / "AS.png", "AS")
        qtbot.waitUntil(at_rest, timeout=10000)
        assert "two cards in the shot" in window.seen.text()  # stopped at: not passed over silently
        qtbot.keyClick(window, Qt.Key.Key_S)
        qtbot.waitUntil(at_rest, timeout=10000)
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert steps.taken == ["AS", "3S"] and _like(tmp_path / "shots" / "3S.png", "3S")
        qtbot.waitUntil(lambda: "has ended" in window.seen.text(), timeout=10000)
        assert "4♠ and the cards after it have no shot" in window.seen.text()
    finally:
        grabber.stop()


def test_a_slow_decode_is_waited_for_not_taken_as_the_videos_end(tmp_path, monkeypatch, capsys):
    """Review: a frame taking over 3 s to decode (a slow disk, a busy machine) ended the run as the video's end,
    on the terminal only (the window checks that the video has in fact finished)."""
    import io
    import time

    from dealer_assist.commands import vision
    from dealer_assist.vision import capture

    video = _video(tmp_path / "setup.mp4", [anglo_shot("AS"), anglo_shot("2S")])
    real = capture.FrameGrabber._next_image

    def slow(self, n):
        if n == 20:  # between the first card's frames and the second's
            time.sleep(3.5)
        return real(self, n)

    monkeypatch.setattr(capture.FrameGrabber, "_next_image", slow)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n\n"))
    vision._guided_shots(str(video), tmp_path / "shots")
    err = capsys.readouterr().err
    assert "has ended" not in err and "2S taken from frame" in err, err
    assert sorted(p.name for p in (tmp_path / "shots").iterdir()) == ["2S.png", "AS.png"]
    assert _like(tmp_path / "shots" / "2S.png", "2S")
