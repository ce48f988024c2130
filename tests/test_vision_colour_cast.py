"""qaAS F3: a camera whose white balance went green read whole frames as nothing, and said nothing.

qaAS's "quartet" deck (profile ``tests/data/quartet``, calibrated in white light) under a camera
whose white balance went green: ``quartet_cast_green.jpg`` is a frame of 3♦, 5♦ and Q♠, each whole and
uncovered, with green's gain 1.2 and red's and blue's 0.8.  The stock shows mint green; no lamp gives
that colour (lamps run from warm to cool, green between red and blue), so the frame was not balanced,
the paper test found no card, and ``recognize`` printed ``"cards": []``, ``"uncertain": []``, exit 0,
nothing on stderr.  Now the paper's colour far off the lamps' line is taken as the camera's and
balanced back, and the user is told to set the camera's white balance.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.cli import main
from dealer_assist.vision.light import colour_cast
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer

DATA = Path(__file__).parent / "data"
GREEN = DATA / "quartet_cast_green.jpg"


@pytest.fixture(scope="module")
def profile():
    return Profile.load(DATA / "quartet")


def test_a_green_cast_frame_reads_its_three_cards(profile):
    result = Recognizer(profile).recognize(cv2.imread(str(GREEN)))
    assert sorted(h.card.code for h in result.cards) == ["3D", "5D", "QS"]
    assert result.uncertain == []


def test_the_cast_is_named_green_and_a_frame_in_the_set_up_light_has_none(profile):
    assert colour_cast(cv2.imread(str(GREEN)), profile.paper_colour) == "green"
    assert colour_cast(cv2.imread(str(DATA / "quartet_tilt_0020_d10.jpg")), profile.paper_colour) is None


def test_a_magenta_cast_is_named_too(profile):
    frame = cv2.imread(str(DATA / "quartet_tilt_0020_d10.jpg")).astype(np.float32)
    magenta = np.clip(frame * np.array([1.1, 0.75, 1.1], np.float32), 0, 255).astype(np.uint8)
    assert colour_cast(magenta, profile.paper_colour) == "magenta"


def test_recognize_warns_of_the_camera_white_balance_once_per_frame(capsys):
    plain = DATA / "quartet_tilt_0020_d10.jpg"
    assert main(["recognize", "--profile", str(DATA / "quartet"), "--json", str(GREEN), str(plain)]) == 0
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    assert sorted(c["card"] for c in lines[0]["cards"]) == ["3D", "5D", "QS"]
    assert err.count("picture is off colour") == 1
    assert "quartet_cast_green.jpg" in err and "white paper shows green" in err


def test_watch_warns_of_the_camera_white_balance_once(tmp_path, capsys):
    frames = tmp_path / "frames"
    frames.mkdir()
    image = cv2.imread(str(GREEN))
    for n in range(3):
        cv2.imwrite(str(frames / f"{n:04d}.png"), image)
    main(["watch", "--profile", str(DATA / "quartet"), "--video", str(frames), "--json"])
    err = capsys.readouterr().err
    assert err.count("picture is off colour") == 1 and "white paper shows green" in err
