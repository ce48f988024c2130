"""A deck profile loads the files its profile.json lists, each as its digest says, and no other.

QA: the shipped anglo profile with pair_CS.npy and pair_DH.npy swapped loaded without a word and read
20 wrong cards of its 150 test frames as sure; with its .npy files deleted it read on without them;
a PNG dropped into its folder was loaded as a template.  The .npy files were neither listed nor digested.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from dealer_assist.vision.profile import Profile, ProfileError, shipped_profile
from dealer_assist.vision.profile_files import digest

ANGLO = shipped_profile("anglo")
REPO = Path(__file__).resolve().parents[1]
FRAMES = REPO.parent / "shared" / "cards" / "test" / "anglo"


@pytest.fixture
def copy(tmp_path):
    folder = tmp_path / "anglo"
    shutil.copytree(ANGLO, folder)
    return folder


def _json(folder: Path) -> dict:
    return json.loads((folder / "profile.json").read_text())


def _rewrite(folder: Path, data: dict) -> None:
    (folder / "profile.json").write_text(json.dumps(data, indent=1))


def test_the_shipped_profiles_list_every_file_they_load_with_its_digest():
    for name in ("anglo", "plastic"):
        folder = shipped_profile(name)
        data = _json(folder)
        on_disk = sorted(p.name for p in folder.iterdir() if p.suffix in (".png", ".npy"))
        assert sorted(data["template_files"]) == on_disk
        assert {n: digest(folder / n) for n in on_disk} == data["template_digests"]


def test_swapped_pair_directions_are_refused_by_name(copy):
    cs, dh = (copy / "pair_CS.npy").read_bytes(), (copy / "pair_DH.npy").read_bytes()
    (copy / "pair_CS.npy").write_bytes(dh)
    (copy / "pair_DH.npy").write_bytes(cs)
    with pytest.raises(ProfileError, match=r"pair_CS\.npy, pair_DH\.npy changed since it was saved \(swapped or "
                                           r"edited\); restore them .*, or re-run calibrate"):
        Profile.load(copy)


def test_an_edited_direction_is_refused(copy):
    direction = np.load(copy / "rankpair_68.npy")
    np.save(copy / "rankpair_68.npy", -direction)
    with pytest.raises(ProfileError, match=r"rankpair_68\.npy changed since it was saved"):
        Profile.load(copy)


def test_deleted_directions_are_refused_by_name(copy):
    for f in [*copy.glob("pair_*.npy"), *copy.glob("rankpair_*.npy")]:
        f.unlink()
    with pytest.raises(ProfileError, match=r"lacks .*pair_CS\.npy.*rankpair_KT\.npy.*which it was saved with.*"
                                           r"restore them .* or re-run calibrate"):
        Profile.load(copy)


def test_a_template_added_to_the_folder_is_refused_not_loaded(copy):
    shutil.copy(copy / "rank_7.png", copy / "rank_8-9.png")  # the QA's extra 8: a 7 glyph
    with pytest.raises(ProfileError, match=r"holds rank_8-9\.png, which its profile\.json does not list.*move it "
                                           r"out of the folder"):
        Profile.load(copy)
    (copy / "rank_8-9.png").unlink()
    (copy / "NOTES.txt").write_text("table 7")  # no file of a profile's kinds: never loaded, never in the way
    assert "8-9" not in Profile.load(copy).rank_templates


def test_a_profile_listing_its_pngs_only_is_refused_naming_its_unlisted_directions(copy):
    """As saved before this fix: its .npy files could be swapped unseen, so it is calibrated again."""
    data = _json(copy)
    data["template_files"] = [n for n in data["template_files"] if n.endswith(".png")]
    data["template_digests"] = {n: d for n, d in data["template_digests"].items() if n.endswith(".png")}
    _rewrite(copy, data)
    with pytest.raises(ProfileError, match=r"holds pair_CS\.npy, pair_DH\.npy, rankpair_.*does not list.*"
                                           r"re-run calibrate: 'dealer-assist calibrate --images DIR --out "):
        Profile.load(copy)


def test_a_profile_without_digests_is_refused(copy):
    data = _json(copy)
    del data["template_digests"]
    _rewrite(copy, data)
    with pytest.raises(ProfileError, match=r"does not list its files with their SHA-256"):
        Profile.load(copy)


def test_a_listed_file_no_calibration_saves_is_refused(copy):
    (copy / "notes.txt").write_text("table 7")
    data = _json(copy)
    data["template_files"].append("notes.txt")
    data["template_digests"]["notes.txt"] = digest(copy / "notes.txt")
    _rewrite(copy, data)
    with pytest.raises(ProfileError, match=r"lists 'notes\.txt', which no calibration saves"):
        Profile.load(copy)


def test_a_direction_of_another_size_is_refused_not_skipped(copy):
    np.save(copy / "pair_CS.npy", np.zeros((3, 3), np.float32))
    data = _json(copy)
    data["template_digests"]["pair_CS.npy"] = digest(copy / "pair_CS.npy")
    _rewrite(copy, data)
    with pytest.raises(ProfileError, match=r"pair direction .*pair_CS\.npy.* is \(3, 3\), not the profile's"):
        Profile.load(copy)


def test_a_saved_profile_lists_and_digests_its_directions(tmp_path):
    saved = Profile.load(ANGLO).save(tmp_path / "saved")
    data = _json(saved)
    npys = sorted(p.name for p in saved.glob("*.npy"))
    assert npys and set(npys) <= set(data["template_files"])
    assert all(data["template_digests"][n] == digest(saved / n) for n in npys)
    again = Profile.load(saved)
    assert set(again.pair_dirs) == {"CS", "DH"} and again.rank_pair_dirs.keys() == Profile.load(ANGLO).rank_pair_dirs.keys()


@pytest.mark.skipif(not FRAMES.is_dir(), reason="shared card images not found")
def test_recognize_with_swapped_directions_reads_nothing_and_says_why(copy):
    cs, dh = (copy / "pair_CS.npy").read_bytes(), (copy / "pair_DH.npy").read_bytes()
    (copy / "pair_CS.npy").write_bytes(dh)
    (copy / "pair_DH.npy").write_bytes(cs)
    frames = sorted(FRAMES.glob("00[2-4]*.jpg"))[:5]
    out = subprocess.run([sys.executable, "-m", "dealer_assist", "recognize", "--profile", str(copy), "--json",
                          *map(str, frames)], capture_output=True, text=True, timeout=120)
    assert out.returncode != 0 and '"cards"' not in out.stdout
    assert "pair_CS.npy, pair_DH.npy changed since it was saved" in out.stderr


def test_a_listed_file_that_cannot_be_read_is_refused_by_name_not_a_crash(copy):
    (copy / "pair_DH.npy").chmod(0)
    frame = ANGLO / "rank_A.png"  # any image: the profile is refused before it is read
    load = [sys.executable, "-m", "dealer_assist", "recognize", "--profile", str(copy), str(frame)]
    if os.geteuid() == 0:  # root reads a file of mode 000: run as root without that power
        if not shutil.which("setpriv"):
            pytest.skip("running as root, and no setpriv to drop the power to read any file")
        load = ["setpriv", "--inh-caps=-all", "--bounding-set=-dac_override,-dac_read_search", "--", *load]
    out = subprocess.run(load, capture_output=True, text=True, timeout=60, cwd=REPO)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert re.search(r"error: deck profile .*: its file '.*pair_DH\.npy' cannot be read \(Permission denied\): "
                     r"let this user read the folder and its files", out.stderr), out.stderr
