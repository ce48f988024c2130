"""fixAU3 leftover: CAMERA OFF COLOUR never went away once the camera's white balance was set right.

The display's camera said the cast once a run, and the sign stood until Esc over a picture whose colour was right
again: the croupier kept checking each red card for nothing, and a second cast later in the run went unsaid.  The
camera now says the colour right again once the frames with card paper in view have shown it well inside the
threshold for a second (a band and a time, as CAMERA TOO DARK's "lit again", so a picture near the threshold does
not make the sign flap); the table takes the sign down, and a cast that comes back is said again.  The frames are
qaAS's real quartet frames: 3♦ 5♦ Q♠ under a camera gone green, and in the set-up's light.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

from camera_runs import run_to_end
from dealer_assist.events import ProfileDoubt
from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.camera import CameraSource
from dealer_assist.table.state import TableRules
from dealer_assist.vision.cast_frames import CAST_RIGHT, RIGHT_SECONDS, CastWatch
from dealer_assist.vision.light import CAST_OFF, paper_cast
from dealer_assist.vision.profile import Profile

DATA = Path(__file__).parent / "data"
PROFILE = DATA / "quartet"
GREEN, RIGHT = DATA / "quartet_cast_green.jpg", DATA / "quartet_tilt_0020_d10.jpg"
FPS = 30  # a folder's frames are 1/30 s apart


def _folder(folder: Path, *runs: tuple[Path, int]) -> Path:
    """The frames ``runs`` (an image, how many copies), one after the other, a folder the camera plays as a video."""
    folder.mkdir()
    n = 0
    for image, count in runs:
        for _ in range(count):
            shutil.copy(image, folder / f"{n:04d}{image.suffix}")
            n += 1
    return folder


def _between(share: float) -> np.ndarray:
    """The green frame's colour taken ``share`` of the way back to the set-up's light (green's gain over red's and
    blue's shrinking), a camera's white balance part set."""
    green = cv2.imread(str(GREEN)).astype(np.float32)
    light = np.array([0.8, 1.2, 0.8], np.float32)  # qaAS's cast: green 1.2, red and blue 0.8
    towards = 1 + (light - 1) * (1 - share)
    return np.clip(green / light * towards, 0, 255).astype(np.uint8)


def test_the_watch_says_the_cast_then_right_again_after_a_second_inside_the_band():
    paper = Profile.load(str(PROFILE)).paper_colour
    watch, green, right = CastWatch(paper), cv2.imread(str(GREEN)), cv2.imread(str(RIGHT))
    said = watch.add(green, 0.0)
    assert watch.said and said.startswith("the camera's picture is off colour: the cards' white paper shows green")
    assert watch.add(green, 0.1) is None  # said once while it lasts
    frames = int(RIGHT_SECONDS * FPS)
    told = [watch.add(right, 0.2 + n / FPS) for n in range(frames + 2)]
    assert told[:frames - 1] == [None] * (frames - 1) and watch.said is False
    again = [t for t in told if t is not None]
    assert again == ["the camera's picture shows the cards' white paper white again: its colour is right"]
    assert watch.add(green, 9.0) is not None and watch.said  # a cast that comes back is said again


def test_a_picture_between_the_thresholds_neither_says_it_nor_takes_it_down():
    """Near the threshold the sign does not flap: off a little less than CAST_OFF is not right again, and over
    a picture that was never said off colour it says nothing."""
    paper = Profile.load(str(PROFILE)).paper_colour
    near = _between(0.45)
    off = paper_cast(near, paper)[0]
    assert CAST_RIGHT < off <= CAST_OFF, off  # inside the band
    never = CastWatch(paper)
    assert all(never.add(near, n / FPS) is None for n in range(3 * FPS)) and not never.said
    watch = CastWatch(paper)
    assert watch.add(cv2.imread(str(GREEN)), 0.0) is not None
    assert all(watch.add(near, 0.1 + n / FPS) is None for n in range(3 * FPS)) and watch.said  # not right again
    assert all(watch.add(_between(0.9), 5 + n / FPS) is None for n in range(int(RIGHT_SECONDS * FPS) - 1))
    assert watch.add(_between(0.9), 5 + RIGHT_SECONDS + 0.05) is not None and not watch.said  # well inside: right


def test_the_camera_source_says_the_colour_right_again(tmp_path):
    folder = _folder(tmp_path / "frames", (GREEN, 4), (RIGHT, int(RIGHT_SECONDS * FPS) + 6))
    events: list = []
    run_to_end(CameraSource(str(folder), profile=PROFILE), events.append, seconds=240)
    casts = [(e.balanced, e.text) for e in events if isinstance(e, ProfileDoubt) and e.cast]
    assert [balanced for balanced, _ in casts] == [False, True], casts
    assert casts[0][1].startswith("the camera's picture is off colour: the cards' white paper shows green")
    assert casts[1][1] == "the camera's picture shows the cards' white paper white again: its colour is right"


def test_the_display_takes_camera_off_colour_down_once_the_colour_is_right(qtbot, table_factory, tmp_path):
    folder = _folder(tmp_path / "frames", (GREEN, 4), (RIGHT, int(RIGHT_SECONDS * FPS) + 6))
    source = CameraSource(str(folder), profile=PROFILE)
    window = table_factory(source, rules=TableRules(shoe=ShoeRules(burn=False)))
    seen = []
    qtbot.waitUntil(lambda: seen.append(window.alerts.titles()) or "CAMERA OFF COLOUR" in window.alerts.titles(),
                    timeout=120_000)
    alert = next(a for a in window.session.snapshot.alerts if a.title == "CAMERA OFF COLOUR")
    assert "goes once the colour is right again" in alert.action
    qtbot.waitUntil(lambda: "CAMERA OFF COLOUR" not in window.alerts.titles(), timeout=240_000)
    assert not any(a.code.startswith("cast:") for a in window.session.snapshot.alerts)
    assert not any(a.title == "CAMERA TOO DARK" for a in window.session.snapshot.alerts)


@pytest.fixture(autouse=True)
def _profile_there():
    if not (PROFILE / "profile.json").is_file():
        pytest.skip("the quartet profile is not in tests/data")
