"""An image file that ends before its picture does, or whose JPEG data is corrupt inside, is named as
such, not read as a table with no cards on its lower part (OpenCV decodes what it can of such a JPEG
and greys or garbles the rest; only libjpeg said a word, naming no file)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.image_file import cut_short, read_checked

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
FRAME = CARDS / "test" / "anglo" / "0000.jpg"
pytestmark = pytest.mark.skipif(not FRAME.is_file(), reason="shared card images not found")


def _cut(tmp_path: Path, share: float, name: str = "cut.jpg") -> Path:
    data = FRAME.read_bytes()
    cut = tmp_path / name
    cut.write_bytes(data[:int(len(data) * share)])
    return cut


def test_whole_images_are_not_cut_short_and_cut_ones_are(tmp_path):
    whole = sorted((CARDS / "test" / "anglo").glob("*.jpg"))[:20]
    assert whole and not any(cut_short(f) for f in whole)
    assert cut_short(_cut(tmp_path, 0.6))
    assert cv2.imread(str(_cut(tmp_path, 0.6))) is not None  # what made it silent: OpenCV reads it
    progressive = tmp_path / "progressive.jpg"
    cv2.imwrite(str(progressive), cv2.imread(str(FRAME)), [cv2.IMWRITE_JPEG_PROGRESSIVE, 1])
    assert not cut_short(progressive)
    progressive.write_bytes(progressive.read_bytes()[:-5000])
    assert cut_short(progressive)
    trailer = tmp_path / "trailer.jpg"  # data some cameras append after the picture
    trailer.write_bytes(FRAME.read_bytes() + b"\x00" * 100 + b"vendor trailer")
    assert not cut_short(trailer)
    png = tmp_path / "frame.png"
    cv2.imwrite(str(png), np.full((40, 60, 3), 200, np.uint8))
    assert not cut_short(png)
    png.write_bytes(png.read_bytes()[:-12])
    assert cut_short(png)
    assert not cut_short(tmp_path / "missing.jpg")


def test_recognize_warns_of_a_cut_short_frame_and_still_reads_what_it_shows(tmp_path):
    cut = _cut(tmp_path, 0.7)
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "recognize", "--profile", "anglo", "--json", str(cut), str(FRAME)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    assert "'" + str(cut) + "' is cut short" in out.stderr and str(FRAME) not in out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [line["image"] for line in lines] == [str(cut), str(FRAME)]
    whole = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "recognize", "--profile", "anglo", "--json", str(FRAME)],
                           capture_output=True, text=True, timeout=60)
    assert whole.returncode == 0 and "cut short" not in whole.stderr


def test_watch_names_cut_short_images_of_a_sequence(tmp_path):
    frames = sorted((CARDS / "test" / "anglo").glob("*.jpg"))[:3]
    for f in frames:
        (tmp_path / f.name).write_bytes(f.read_bytes())
    (tmp_path / frames[1].name).write_bytes(frames[1].read_bytes()[:30000])
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "watch", "--profile", "anglo", "--json", "--confirm", "1",
                          "--video", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 1
    assert "1 image(s) are damaged, read only as far as they decode" in out.stderr
    assert f"{frames[1].name} is cut short" in out.stderr and frames[0].name not in out.stderr


def _corrupt(tmp_path: Path, name: str = "corrupt.jpg") -> Path:
    """The frame with 200 bytes of its coded picture overwritten, as a bad sector or a garbled copy leaves it:
    it still ends with its end marker, so it is not cut short."""
    data = bytearray(FRAME.read_bytes())
    at = len(data) // 3
    data[at:at + 200] = np.random.default_rng(7).integers(0, 256, 200, dtype=np.uint8).tobytes()
    corrupt = tmp_path / name
    corrupt.write_bytes(bytes(data))
    return corrupt


def test_a_jpeg_corrupt_inside_is_told_from_a_whole_one(tmp_path):
    corrupt = _corrupt(tmp_path)
    assert not cut_short(corrupt) and cv2.imread(str(corrupt)) is not None
    image, damage = read_checked(corrupt)
    assert image is not None and damage.startswith("corrupt inside (libjpeg: 'Corrupt JPEG data")
    assert read_checked(FRAME)[1] == "" and read_checked(_cut(tmp_path, 0.6))[1].startswith("cut short")
    assert read_checked(tmp_path / "missing.jpg") == (None, "")


def test_recognize_and_watch_name_a_corrupt_jpeg_and_what_was_read_of_it(tmp_path):
    corrupt = _corrupt(tmp_path)
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "recognize", "--profile", "anglo", "--json",
                          str(corrupt)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and json.loads(out.stdout)["image"] == str(corrupt)
    assert f"'{corrupt}' is corrupt inside (libjpeg: 'Corrupt JPEG data" in out.stderr
    assert "read only as far as it decodes" in out.stderr
    assert not any(line.startswith("Corrupt JPEG") for line in out.stderr.splitlines())  # libjpeg's own line, alone
    frames = sorted((CARDS / "test" / "anglo").glob("*.jpg"))[:3]
    for f in frames:
        (tmp_path / "seq").mkdir(exist_ok=True)
        (tmp_path / "seq" / f.name).write_bytes(f.read_bytes())
    _corrupt(tmp_path / "seq", frames[2].name)
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "watch", "--profile", "anglo", "--json",
                          "--video", str(tmp_path / "seq")], capture_output=True, text=True, timeout=120)
    assert out.returncode == 1
    assert f"{frames[2].name} is corrupt inside (libjpeg:" in out.stderr and frames[1].name not in out.stderr


def test_calibration_does_not_use_a_damaged_shot(tmp_path):
    from dealer_assist.vision.calibrate import CalibrationError, calibrate

    shots = tmp_path / "shots"
    shots.mkdir()
    for code in ("AS", "2H"):
        (shots / f"{code}.png").write_bytes((CARDS / "calib" / "anglo" / f"{code}.png").read_bytes())
    png = cv2.imread(str(CARDS / "calib" / "anglo" / "3D.png"))
    cv2.imwrite(str(shots / "3D.jpg"), png)
    (shots / "3D.jpg").write_bytes((shots / "3D.jpg").read_bytes()[:-3000])
    with pytest.raises(CalibrationError, match=r"3D\.jpg: the image is cut short .*copy it again, or take the shot again"):
        calibrate(shots)


def test_a_frame_bigger_than_an_8k_camera_gives_is_refused_by_name():
    from dealer_assist.vision.profile import Profile, default_profile_path
    from dealer_assist.vision.recognize import MOST_PIXELS, FrameError, Recognizer

    recognizer = Recognizer(Profile.load(default_profile_path()))
    with pytest.raises(FrameError, match="a frame of 9000x4000 is more than an 8K camera gives"):
        recognizer.recognize(np.zeros((4000, 9000, 3), np.uint8))
    assert 7680 * 4320 == MOST_PIXELS
    assert recognizer.recognize(np.zeros((4320, 7680, 3), np.uint8)).cards == []  # 8K itself is read


@pytest.mark.parametrize("share", [0.5, 0.9, 0.99, None])  # None: only its IEND lost
def test_a_png_cut_short_is_read_as_far_as_it_decodes(tmp_path, share):
    """OpenCV (libpng) refused every cut PNG, after a bare "libpng error: Read Error" line, though the
    README said it was read as far as it decodes (QA)."""
    png = tmp_path / "frame.png"
    cv2.imwrite(str(png), cv2.imread(str(FRAME)))
    data = png.read_bytes()
    png.write_bytes(data[:-12] if share is None else data[:int(len(data) * share)])
    image, damage = read_checked(png)
    assert image is not None and image.shape == cv2.imread(str(FRAME)).shape and damage.startswith("cut short")
    if share is None:
        assert np.array_equal(image, cv2.imread(str(FRAME)))
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "recognize", "--profile", "anglo", "--json", str(png)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 1 and "is cut short" in out.stderr and "libpng" not in out.stderr
    if share != 0.5:
        assert json.loads(out.stdout)["cards"]  # the frame's upper cards lie above a 90% cut


def test_a_png_cut_in_its_header_is_still_refused(tmp_path):
    png = tmp_path / "frame.png"
    cv2.imwrite(str(png), cv2.imread(str(FRAME)))
    png.write_bytes(png.read_bytes()[:30])
    assert read_checked(png) == (None, "")
