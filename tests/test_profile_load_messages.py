"""A profile.json edited by hand is refused in words that say what to write, or read when nothing is
wrong with it: no format had said "has format None", the text "1" "has format '1', this version reads
1", and a profile saved by Windows Notepad (with a BOM) was refused (QA).  And an empty image file is
called that."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_assist.vision.profile import Profile, ProfileError

ANGLO = Path(__file__).resolve().parents[1] / "calibration" / "anglo"


def _saved(tmp_path: Path) -> tuple[Path, dict]:
    folder = Profile.load(ANGLO).save(tmp_path / "p")
    return folder, json.loads((folder / "profile.json").read_text())


def test_a_profile_without_format_says_it_has_none(tmp_path):
    folder, data = _saved(tmp_path)
    del data["format"]
    (folder / "profile.json").write_text(json.dumps(data))
    with pytest.raises(ProfileError) as err:
        Profile.load(folder)
    assert "has no format" in str(err.value) and "None" not in str(err.value) and "recalibrate" in str(err.value)


def test_a_format_written_as_text_says_it_must_be_the_number(tmp_path):
    folder, data = _saved(tmp_path)
    data["format"] = str(data["format"])
    (folder / "profile.json").write_text(json.dumps(data))
    with pytest.raises(ProfileError) as err:
        Profile.load(folder)
    assert f"format must be the number {data['format']}, not the text '{data['format']}'" in str(err.value)
    assert "this version reads" not in str(err.value)


def test_a_profile_saved_with_a_bom_is_read(tmp_path):
    folder, data = _saved(tmp_path)
    data["name"] = "my deck"
    (folder / "profile.json").write_bytes(b"\xef\xbb\xbf" + json.dumps(data).encode("utf-8"))
    assert Profile.load(folder).name == "my deck"


def test_recognize_calls_an_empty_image_file_empty(tmp_path):
    empty = tmp_path / "frame.png"
    empty.write_bytes(b"")
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "recognize", "--profile", "anglo", str(empty)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 1 and "empty file (0 bytes)" in out.stderr
