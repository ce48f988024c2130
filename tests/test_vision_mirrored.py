"""A camera that mirrors its image (a webcam's mirror mode) is named: its frames read nothing but the
symmetric cards (an A♥, an A♠), and said nothing of why (QA).  Frames reading as they should are
never read twice for it."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import cv2
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.profile_fit import ProfileFit, fresh_reader
from dealer_assist.vision.recognize import Recognizer

FRAMES = Path(__file__).resolve().parents[2] / "shared" / "cards" / "test" / "anglo"
pytestmark = pytest.mark.skipif(not FRAMES.is_dir(), reason="shared test frames not found")
SAID = "the camera image looks mirrored"


def _mirrored(tmp_path: Path, count: int) -> list[Path]:
    out = []
    for frame in sorted(FRAMES.glob("*.jpg"))[:count]:
        cv2.imwrite(str(tmp_path / frame.name), cv2.flip(cv2.imread(str(frame)), 1))
        out.append(tmp_path / frame.name)
    return out


def test_recognize_says_a_mirrored_image_looks_mirrored_and_a_true_one_is_read_as_ever(tmp_path):
    mirrored = _mirrored(tmp_path, 1)[0]
    run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "recognize", "--profile", "anglo", str(mirrored)],
                         capture_output=True, text=True, timeout=60)
    assert f"dealer-assist: warning: {SAID}: of the " in run.stderr
    assert "Turn the camera's mirroring off" in run.stderr
    true = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "recognize", "--profile", "anglo",
                           str(FRAMES / "0000.jpg")], capture_output=True, text=True, timeout=60)
    assert true.stderr == "" and true.stdout.split(":")[1].split("(")[0].split() == ["9H", "AH", "5S", "4S"]


def test_watch_says_once_that_the_camera_looks_mirrored(tmp_path):
    _mirrored(tmp_path, 12)
    run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "watch", "--profile", "anglo", "--json",
                          "--video", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert run.stderr.count(SAID) == 1


def test_frames_that_read_as_they_should_are_never_read_turned_back():
    """Only a frame reading one code at two places is (a mirrored camera's sign, and an 8-deck shoe's two
    copies), and it is not called mirrored."""
    profile = Profile.load(default_profile_path())
    recognizer = Recognizer(profile)
    looks, said, twice = [], [], []
    reader = fresh_reader(profile)
    fit = ProfileFit("anglo", said.append, reread=lambda frame: looks.append(twice[-1]) or reader(frame))
    for frame in sorted(FRAMES.glob("*.jpg"))[:40]:
        image = cv2.imread(str(frame))
        result = recognizer.recognize(image)
        codes = [hit.card.code for hit in result.cards]
        twice.append(len(set(codes)) < len(codes))
        fit.add(result, image)
    assert all(looks) and said == [] and not fit.mirrored


def test_the_display_names_a_mirrored_camera_with_what_to_do():

    from dealer_assist.events import ProfileDoubt
    from dealer_assist.table.session import TableSession

    session = TableSession(odds=False)
    session.handle(ProfileDoubt("camera:0", time.time(), f"{SAID}: ...", mirrored=True))
    (alert,) = session.snapshot.alerts
    assert alert.title == "CAMERA MIRRORED?" and "turn the camera's mirroring off" in alert.action
    session.close()


def test_once_the_camera_looks_mirrored_its_reads_wait_for_the_croupier(tmp_path):
    """The shoe video mirrored, in the display: the one A♠ was read at its two outlines and dealt twice
    (P1 and B1) after CAMERA MIRRORED? was raised.  Each read now waits for Enter."""
    from dealer_assist.events import CardRead, LinkState, ProfileDoubt
    from dealer_assist.sources.camera import CameraSource

    video = FRAMES.parents[1] / "test_shoe" / "anglo" / "baccarat.mp4"
    cap = cv2.VideoCapture(str(video))
    for n in range(300):
        ok, frame = cap.read()
        if not ok:
            break
        cv2.imwrite(str(tmp_path / f"{n:04d}.png"), cv2.flip(frame, 1), [cv2.IMWRITE_PNG_COMPRESSION, 1])
    events: list = []
    source = CameraSource(str(tmp_path / "%04d.png"), profile="anglo")
    source.start(events.append)
    deadline = time.time() + 120
    while time.time() < deadline and not any(isinstance(e, LinkState) and e.state == "ended" for e in events):
        time.sleep(0.2)
    source.stop()
    doubt = next(i for i, e in enumerate(events) if isinstance(e, ProfileDoubt) and e.mirrored)
    reads = [e for e in events[doubt:] if isinstance(e, CardRead)]
    assert reads and all(e.doubt for e in reads) and "CAMERA MIRRORED?" in reads[0].doubt
    # The A♠'s second outline says it is read twice at once (Del drops it) rather than only mirrored.
    assert [e.doubt.startswith("read at two places") for e in reads] == [False, True]


def _video(tmp_path: Path, name: str, change) -> str:
    """plastic's baccarat shoe video, each frame changed by ``change``, as an mp4 file."""
    cap = cv2.VideoCapture(str(FRAMES.parents[1] / "test_shoe" / "plastic" / "baccarat.mp4"))
    out, writer = str(tmp_path / f"{name}.mp4"), None
    while True:
        ok, frame = cap.read()
        if not ok:
            break
        if writer is None:
            writer = cv2.VideoWriter(out, cv2.VideoWriter_fourcc(*"mp4v"), 30, frame.shape[1::-1])
        writer.write(change(frame))
    writer.release()
    return out


def test_a_mirrored_camera_reading_each_symmetric_card_twice_is_named_and_a_grey_one_is_not(tmp_path):
    """QA: plastic's shoe video mirrored read A♦ A♦ 9♣ 9♣ A♠ A♠ 9♦ 9♦ (each at its two outlines): so many reads
    looked like a fitting camera's and it was never named; the same video in grey was called mirrored, and
    CAMERA MIRRORED? replaced CAMERA IN GREYSCALE? (one alert code)."""
    def watch_err(video):
        return subprocess.run([sys.executable, "-m", "dealer_assist.cli", "watch", "--profile", "plastic", "--json",
                               "--video", video], capture_output=True, text=True, timeout=300).stderr

    assert SAID in watch_err(_video(tmp_path, "mirrored", lambda f: cv2.flip(f, 1)))
    grey = watch_err(_video(tmp_path, "grey", lambda f: cv2.cvtColor(cv2.cvtColor(f, cv2.COLOR_BGR2GRAY),
                                                                    cv2.COLOR_GRAY2BGR)))
    assert "greyscale" in grey and SAID not in grey


def test_a_mirrored_and_a_grey_camera_are_two_alerts():
    from dealer_assist.events import ProfileDoubt
    from dealer_assist.table.session import TableSession

    session = TableSession(odds=False)
    session.handle(ProfileDoubt("camera:0", time.time(), "the frames have no colour", grey=True))
    session.handle(ProfileDoubt("camera:0", time.time(), f"{SAID}: ...", mirrored=True))
    assert [a.title for a in session.snapshot.alerts] == ["CAMERA IN GREYSCALE?", "CAMERA MIRRORED?"]
    session.close()
