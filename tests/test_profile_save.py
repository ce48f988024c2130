"""A profile is written whole or not at all: the one it replaces stays until the new one is complete."""

from __future__ import annotations

import filecmp
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.profile import Profile, shipped_profile

ANGLO = shipped_profile("anglo")
PLASTIC = shipped_profile("plastic")


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_failed_write_leaves_the_profile_that_was_there_whole(tmp_path, monkeypatch):
    target = Profile.load(PLASTIC).save(tmp_path / "prof")
    (target / "NOTES.txt").write_text("camera 2, table 7")
    before = _files(target)
    writes = []
    real = cv2.imwrite

    def full_disk(path, img, *args):
        writes.append(path)
        return real(path, img, *args) if len(writes) < 5 else False  # the disk fills after four templates

    monkeypatch.setattr(cv2, "imwrite", full_disk)
    with pytest.raises(OSError, match="could not be written"):
        Profile.load(ANGLO).save(target)
    assert _files(target) == before
    assert Profile.load(target).name == Profile.load(PLASTIC).name
    assert [p.name for p in tmp_path.iterdir()] == ["prof"]  # no half-written folder left beside it


def test_a_new_profile_replaces_the_old_one_and_keeps_other_files(tmp_path):
    target = Profile.load(PLASTIC).save(tmp_path / "prof")
    (target / "NOTES.txt").write_text("camera 2, table 7")
    (target / "rank_Z-9.png").write_bytes(b"a template of no profile")  # stale: the new profile has no such file
    Profile.load(ANGLO).save(target)
    assert (target / "NOTES.txt").read_text() == "camera 2, table 7"
    assert not (target / "rank_Z-9.png").exists()
    fresh = Profile.load(ANGLO).save(tmp_path / "fresh")
    same = filecmp.dircmp(target, fresh)
    assert same.left_only == ["NOTES.txt"] and not same.right_only and not same.diff_files
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fresh", "prof"]


def test_a_profile_saved_to_a_new_folder_makes_it(tmp_path):
    folder = Profile.load(ANGLO).save(tmp_path / "a" / "b" / "prof")
    assert Profile.load(folder).name == Profile.load(ANGLO).name


CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
needs_shared = pytest.mark.skipif(not (CARDS / "calib").is_dir(), reason="shared card images not found")


def _three_shots(tmp_path: Path) -> Path:
    """A folder of three of anglo's set-up shots (enough for a profile with --allow-missing)."""
    import shutil

    shots = tmp_path / "shots"
    shots.mkdir()
    for code in ("AS", "2H", "3D"):
        shutil.copy(CARDS / "calib" / "anglo" / f"{code}.png", shots)
    return shots


@needs_shared
def test_calibrate_over_another_profile_says_which_deck_it_replaced(tmp_path, capsys):
    from dealer_assist.cli import main

    shots = _three_shots(tmp_path)
    target = Profile.load(PLASTIC).save(tmp_path / "prof")
    assert main(["calibrate", "--images", str(shots), "--out", str(target), "--allow-missing", "--name", "mine"]) == 0
    assert f"{str(target)!r} held the profile of deck 'plastic': replaced" in capsys.readouterr().err
    assert Profile.load(target).name == "mine"
    assert main(["calibrate", "--images", str(shots), "--out", str(tmp_path / "new"), "--allow-missing"]) == 0
    assert "replaced" not in capsys.readouterr().err


def test_a_profile_of_a_newer_format_says_to_update(tmp_path):
    import json

    from dealer_assist.vision.profile import ProfileError

    folder = Profile.load(ANGLO).save(tmp_path / "p")
    data = json.loads((folder / "profile.json").read_text())
    for found, says in ((data["format"] + 1, "made by a newer dealer-assist: update"), ("2", "made by a newer"),
                        (0, "; recalibrate"), ("one", "; recalibrate")):
        data["format"] = found
        (folder / "profile.json").write_text(json.dumps(data))
        with pytest.raises(ProfileError, match=f"has format {found!r}.*{says}"):
            Profile.load(folder)


@needs_shared
def test_a_folder_of_set_up_shots_given_as_a_profile_says_to_calibrate_it(tmp_path):
    from dealer_assist.vision.profile import ProfileError

    with pytest.raises(ProfileError, match="holds images, not a deck profile.*calibrate --images .* --out calibration/anglo"):
        Profile.load(CARDS / "calib" / "anglo")


@needs_shared
def test_set_up_shots_of_two_sizes_are_warned_of(tmp_path, capsys):
    from dealer_assist.cli import main

    shots = _three_shots(tmp_path)
    assert main(["calibrate", "--images", str(shots), "--out", str(tmp_path / "one"), "--allow-missing"]) == 0
    assert "not all of one size" not in capsys.readouterr().out
    big = cv2.resize(cv2.imread(str(shots / "3D.png")), (1920, 1080), interpolation=cv2.INTER_CUBIC)
    cv2.imwrite(str(shots / "3D.png"), big)
    assert main(["calibrate", "--images", str(shots), "--out", str(tmp_path / "two"), "--allow-missing"]) == 0
    assert "the set-up shots are not all of one size" in capsys.readouterr().out


def _mounted(monkeypatch, target: Path, error: int):
    """Make ``target`` act as a mount point: it cannot be renamed (``error``: EBUSY, or EXDEV)."""
    import errno
    import os

    real = os.rename

    def rename(src, dst, *args, **kwargs):
        if Path(src) == target:
            raise OSError(error, os.strerror(error), str(src))
        return real(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "rename", rename)
    return errno


@pytest.mark.parametrize("error", ["EBUSY", "EXDEV"])
def test_a_folder_that_cannot_be_moved_gets_the_profile_written_inside_it(tmp_path, monkeypatch, error):
    """A Docker volume (a mount point) as --out: the swap had failed with 'Device or resource busy' after
    the whole calibration, where the old code wrote the profile."""
    import errno

    target = Profile.load(PLASTIC).save(tmp_path / "vol")
    (target / "NOTES.txt").write_text("kept")
    _mounted(monkeypatch, target.absolute(), getattr(errno, error))
    Profile.load(ANGLO).save(target)
    assert Profile.load(target).name == Profile.load(ANGLO).name
    assert (target / "NOTES.txt").read_text() == "kept"
    fresh = Profile.load(ANGLO).save(tmp_path / "fresh")
    same = filecmp.dircmp(target, fresh)
    assert same.left_only == ["NOTES.txt"] and not same.right_only and not same.diff_files
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fresh", "vol"]


def test_a_parent_that_cannot_be_written_gets_the_profile_written_inside_the_folder(tmp_path, monkeypatch):
    target = Profile.load(PLASTIC).save(tmp_path / "prof")
    real = Path.mkdir

    def mkdir(self, *args, **kwargs):
        if self.name.startswith(".prof.new-"):
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", mkdir)
    Profile.load(ANGLO).save(target)
    assert Profile.load(target).name == Profile.load(ANGLO).name and [p.name for p in tmp_path.iterdir()] == ["prof"]


def test_a_symlink_to_a_profile_folder_stays_a_link_and_its_target_gets_the_profile(tmp_path):
    real = Profile.load(PLASTIC).save(tmp_path / "real")
    (real / "README.txt").write_text("kept")
    link = tmp_path / "link"
    link.symlink_to(real)
    Profile.load(ANGLO).save(link)
    assert link.is_symlink() and Profile.load(real).name == Profile.load(ANGLO).name
    assert (real / "README.txt").read_text() == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "real"]


def test_ctrl_c_while_swapping_waits_until_the_new_profile_is_whole(tmp_path, monkeypatch):
    """Ctrl+C right after the old folder was moved aside had left no profile, its other files hidden."""
    import os
    import signal
    import threading

    target = Profile.load(PLASTIC).save(tmp_path / "prof")
    (target / "NOTES.txt").write_text("kept")
    real = os.rename

    def rename(src, dst, *args, **kwargs):
        real(src, dst, *args, **kwargs)
        if Path(dst).name.startswith(".prof.old-"):
            os.kill(os.getpid(), signal.SIGINT)  # the croupier's Ctrl+C, just after the old folder moved aside

    monkeypatch.setattr(os, "rename", rename)
    # Ctrl+C as at a terminal: a run started as a background job ignores SIGINT, and Python keeps it ignored.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    # Another thread running (Qt's, a camera's) takes a signal the main thread's mask holds back.
    stop = threading.Event()
    threading.Thread(target=stop.wait, args=(30,), daemon=True).start()
    try:
        with pytest.raises(KeyboardInterrupt):
            Profile.load(ANGLO).save(target)
    finally:
        stop.set()
        signal.signal(signal.SIGINT, previous)
    assert Profile.load(target).name == Profile.load(ANGLO).name and (target / "NOTES.txt").read_text() == "kept"
    assert [p.name for p in tmp_path.iterdir()] == ["prof"]


def test_saving_to_the_current_folder_writes_inside_it(tmp_path, monkeypatch):
    """--out . had swapped the folder the shell stood in for a new one (its listing then empty)."""
    target = Profile.load(PLASTIC).save(tmp_path / "prof")
    monkeypatch.chdir(target)
    inode = target.stat().st_ino
    Profile.load(ANGLO).save(".")
    assert target.stat().st_ino == inode and Profile.load(target).name == Profile.load(ANGLO).name


@needs_shared
def test_an_out_folder_root_cannot_write_is_refused_before_calibrating(tmp_path, capsys):
    """/sys/kernel passes os.access for root: the refusal had come after the whole calibration."""
    from dealer_assist.cli import main

    if not Path("/sys/kernel").is_dir():
        pytest.skip("no /sys/kernel here")
    shots = _three_shots(tmp_path)
    assert main(["calibrate", "--images", str(shots), "--out", "/sys/kernel/prof", "--allow-missing"]) != 0
    assert "'/sys/kernel' cannot be written" in capsys.readouterr().err


def test_a_deleted_current_folder_does_not_stop_a_save_elsewhere(tmp_path, monkeypatch):
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    folder = Profile.load(ANGLO).save(tmp_path / "prof")
    assert Profile.load(folder).name == Profile.load(ANGLO).name


def test_sigterm_while_the_templates_are_written_leaves_no_hidden_folder(tmp_path):
    """A kill during the writes had left a full hidden .prof.new-* folder beside the profile, one per run."""
    import subprocess
    import sys

    target = Profile.load(PLASTIC).save(tmp_path / "prof")
    child = f"""
import os, signal, cv2
from dealer_assist.vision.profile import Profile, shipped_profile
real = cv2.imwrite
calls = []
def imwrite(*a, **k):
    calls.append(1)
    if len(calls) == 3:
        os.kill(os.getpid(), signal.SIGTERM)
    return real(*a, **k)
cv2.imwrite = imwrite
Profile.load(shipped_profile("anglo")).save({str(target)!r})
"""
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).resolve().parents[1])
    assert out.returncode == -15, out.stderr  # the kill still kills, once the save is done
    assert Profile.load(target).name == Profile.load(ANGLO).name
    assert [p.name for p in tmp_path.iterdir()] == ["prof"]


def test_a_profile_with_templates_swapped_or_resized_is_refused_by_name(tmp_path):
    """QA: rank_6.png and rank_9.png swapped read 59 sixes and nines of 150 frames as each other, sure,
    without a word; a template scaled by hand crashed every read ("all input arrays must have the same
    shape"), which the display showed as a camera fault."""
    import shutil

    from dealer_assist.vision.profile import ProfileError

    shipped = shipped_profile("anglo")
    Profile.load(shipped)  # as shipped: whole
    swapped = tmp_path / "swapped"
    shutil.copytree(shipped, swapped)
    six, nine = (swapped / "rank_6.png").read_bytes(), (swapped / "rank_9.png").read_bytes()
    (swapped / "rank_6.png").write_bytes(nine)
    (swapped / "rank_9.png").write_bytes(six)
    with pytest.raises(ProfileError, match=r"rank_6\.png, rank_9\.png changed since it was saved"):
        Profile.load(swapped)
    resized = tmp_path / "resized"
    shutil.copytree(shipped, resized)
    ace = cv2.imread(str(resized / "rank_A.png"), cv2.IMREAD_GRAYSCALE)
    cv2.imwrite(str(resized / "rank_A.png"), cv2.resize(ace, None, fx=2, fy=2))
    import json

    data = json.loads((resized / "profile.json").read_text())
    from dealer_assist.vision.profile_files import digest

    # Its digest made to fit, the size is checked all the same.
    data["template_digests"]["rank_A.png"] = digest(resized / "rank_A.png")
    (resized / "profile.json").write_text(json.dumps(data))
    with pytest.raises(ProfileError, match=r"rank_A\.png.* not the profile's"):
        Profile.load(resized)
    saved = tmp_path / "saved"
    Profile.load(shipped).save(saved)  # a profile saved now keeps its digests: loads whole
    Profile.load(saved)


def test_a_folder_that_hides_a_shipped_profiles_name_is_named_with_the_way_round_it(tmp_path, monkeypatch):
    """QA: a folder called anglo in the working directory made --profile anglo fail, and the message did
    not say the shipped anglo was hidden."""
    from dealer_assist.vision.profile import ProfileError

    (tmp_path / "anglo").mkdir()
    cv2.imwrite(str(tmp_path / "anglo" / "0000.jpg"), np.zeros((8, 8, 3), np.uint8))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ProfileError, match="hidden by the folder 'anglo' here: give --profile calibration/anglo"):
        Profile.load("anglo")
    assert Profile.load("calibration/anglo").rank_templates  # the way round it
