"""A profile.json whose fields were edited or damaged is refused when it is loaded, by the field.

QA set each field of a profile to null, a text or a list: 102 of them loaded and then crashed the
first frame read (TypeError, AttributeError deep in the recognizer) or read nothing at all.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_assist.vision.profile import Profile, ProfileError, default_profile_path

FRAME = Path(__file__).resolve().parents[2] / "shared" / "cards" / "test" / "anglo" / "0000.jpg"


@pytest.fixture(scope="module")
def saved() -> dict:
    return json.loads((default_profile_path() / "profile.json").read_text())


def _fields(data: dict) -> list[tuple[str, ...]]:
    return [(k,) for k in data if k != "format"] + [("thresholds", k) for k in data["thresholds"]]


def _with(data: dict, key: tuple[str, ...], value) -> dict:
    changed = json.loads(json.dumps(data))
    target = changed
    for k in key[:-1]:
        target = target[k]
    target[key[-1]] = value
    return changed


def test_every_field_of_a_wrong_type_is_refused_by_its_name_with_what_it_holds(tmp_path, saved):
    folder = tmp_path / "p"
    shutil.copytree(default_profile_path(), folder)
    for key in _fields(saved):
        for value in (None, "x", [1, 2, 3]):
            if key == ("name",) and value == "x" or key == ("paper_colour",) and value == [1, 2, 3]:
                continue  # a deck's name is any text, and (1, 2, 3) a colour (B, G, R)
            (folder / "profile.json").write_text(json.dumps(_with(saved, key, value)))
            with pytest.raises(ProfileError) as info:
                Profile.load(folder)
                pytest.fail(f"{key} {value!r} loaded")
            said = str(info.value)
            assert f"field {'.'.join(key)} holds {value!r}; expected " in said, said
            assert "edited or damaged; recalibrate with 'dealer-assist calibrate --images DIR --out" in said


def test_numbers_out_of_their_range_and_unknown_or_missing_fields_are_refused(tmp_path, saved):
    folder = tmp_path / "p"
    shutil.copytree(default_profile_path(), folder)
    for key, value, expected in ((("suit_h",), 1e9, "a number from 0.01 to 1"),  # crashed cv2.resize
                                 (("edge_margin",), 1e9, "a number from 0 to 0.5"),  # read nothing
                                 (("index_corners",), 3.5, "a whole number from 1 to 4"),
                                 (("suit_red",), {"X": True}, "an object of suits"),
                                 (("thresholds", "cut_suit"), [0.8], "a list of 2 items, each a number")):
        (folder / "profile.json").write_text(json.dumps(_with(saved, key, value)))
        with pytest.raises(ProfileError, match=f"field {'.'.join(key)} holds .*expected {expected}"):
            Profile.load(folder)
    (folder / "profile.json").write_text(json.dumps(_with(saved, ("thresholds", "min_scroe"), 0.7)))
    with pytest.raises(ProfileError, match=r"a field thresholds\.min_scroe \(0\.7\) this version does not know"):
        Profile.load(folder)
    gone = dict(saved)
    del gone["suit_box"]
    (folder / "profile.json").write_text(json.dumps(gone))
    with pytest.raises(ProfileError, match="its field suit_box is missing"):
        Profile.load(folder)


@pytest.mark.skipif(not FRAME.is_file(), reason="shared test frames not found")
def test_recognize_and_watch_say_which_field_is_wrong_without_a_traceback(tmp_path, saved):
    folder = tmp_path / "p"
    shutil.copytree(default_profile_path(), folder)
    (folder / "profile.json").write_text(json.dumps(_with(saved, ("suit_red",), "x")))
    for args in (["recognize", str(FRAME)], ["watch", "--video", str(FRAME.parent / "%04d.jpg")]):
        run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", *args, "--profile", str(folder), "--json"],
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 2 and run.stdout == ""
        assert "Traceback" not in run.stderr and "field suit_red holds 'x'; expected an object of suits" in run.stderr


def test_a_measurement_edited_by_hand_is_refused_by_name_and_the_decks_name_may_be_changed(tmp_path):
    """QA: shot_size made 1920x1080 in a 720p set-up's profile.json was taken, and every frame's cards
    were looked for at 1.5 times their size."""
    folder = Profile.load(default_profile_path()).save(tmp_path / "p")
    path = folder / "profile.json"
    data = json.loads(path.read_text())
    for key, value in ((("shot_size",), [1920, 1080]), (("thresholds", "min_score"), 0.5), (("aspect",), 0.7)):
        path.write_text(json.dumps(_with(data, key, value)))
        with pytest.raises(ProfileError, match=f": {key[0]} changed since it was saved .*only the deck's name may be "
                                               r"changed by hand\); recalibrate with 'dealer-assist calibrate"):
            Profile.load(folder)
    gone = dict(data)
    del gone["glyphs_on_pips"]
    path.write_text(json.dumps(gone))
    with pytest.raises(ProfileError, match="glyphs_on_pips changed since it was saved"):
        Profile.load(folder)
    path.write_text(json.dumps(dict(data, name="table 7 deck", shots={})))
    assert Profile.load(folder).name == "table 7 deck"
    older = dict(data, shot_size=[1920, 1080])
    del older["measured_digests"]  # saved before its measurements were guarded: loads as before
    path.write_text(json.dumps(older))
    assert Profile.load(folder).shot_size == [1920, 1080]


@pytest.mark.skipif(not FRAME.is_file(), reason="shared test frames not found")
def test_the_shipped_profiles_are_guarded_too(tmp_path, saved):
    assert "measured_digests" in saved
    folder = tmp_path / "anglo"
    shutil.copytree(default_profile_path(), folder)
    (folder / "profile.json").write_text(json.dumps(_with(saved, ("shot_size",), [1920, 1080])))
    run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "recognize", str(FRAME), "--profile", str(folder)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and run.stdout == "" and "shot_size changed since it was saved" in run.stderr


def test_a_profile_renamed_by_a_tool_that_writes_whole_floats_as_integers_still_loads(tmp_path):
    """QA: `jq '.name="My deck"'` writes 240.0 as 240: the same value, and the profile was refused as edited."""
    folder = Profile.load(default_profile_path()).save(tmp_path / "p")
    path = folder / "profile.json"

    def as_jq(value):
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, dict):
            return {k: as_jq(v) for k, v in value.items()}
        if isinstance(value, list):
            return [as_jq(v) for v in value]
        return value

    data = json.loads(path.read_text())
    rewritten = as_jq(dict(data, name="My deck"))
    assert json.dumps(rewritten) != json.dumps(dict(data, name="My deck"))  # some whole float was rewritten
    path.write_text(json.dumps(rewritten))
    assert Profile.load(folder).name == "My deck"
