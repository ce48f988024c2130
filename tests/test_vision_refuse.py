"""Calibration refuses a deck whose index the recognizer cannot read, saying why, and writes no profile.

The set-up shots are drawn here (a white card on felt, the rank written with
``cv2.putText``, the suit drawn as a shape), three ways: the usual stacked
index (rank over suit), the suit beside the rank (level with it, at the
other top corner), a rank that runs into the card's printed border, and
a rank printed close to a borderless card's rounded corner.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import cv2
import pytest
from drawn_shots import card_shot

from dealer_assist.vision import selftest
from dealer_assist.vision.calibrate import BESIDE, BORDER, DeckNotReadable, calibrate
from dealer_assist.vision.profile import MIN_SELF_TEST_READ

CODES = ("AS", "2H", "3D", "4C", "5S", "6H", "7D", "8C", "9S", "10H", "JD", "QC", "KS")
CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"


def _shots(folder: Path, layout: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for code in CODES:
        cv2.imwrite(str(folder / f"{code}.png"), card_shot(code, layout))
    return folder


def test_a_stacked_drawn_deck_calibrates(tmp_path):
    """The control: the same drawing with the suit under the rank is a usable layout."""
    profile = calibrate(_shots(tmp_path, "stacked"), allow_missing=True)
    assert set(profile.shots.values()) == {"ok"}
    assert profile.self_test["read"] >= MIN_SELF_TEST_READ and profile.self_test["wrong"] == 0
    assert profile.rank_box.v1 <= profile.suit_box.v0 + 0.01


def test_a_rank_the_felt_beyond_a_rounded_corner_touches_is_an_index_not_a_border(tmp_path):
    """A borderless card whose rank is printed so close to the corner that the felt beyond
    the card's rounded corner joins it (KDE's penguins): paper lies between the rank and
    the card's edges, so the rank is read, not refused as running into a border.  Before,
    such shots went unused ("no suit below the rank"): 7 of these 13, 24 of penguins' 52."""
    profile = calibrate(_shots(tmp_path, "tight"), allow_missing=True)
    assert set(profile.shots.values()) == {"ok"}
    assert profile.self_test["read"] >= MIN_SELF_TEST_READ and profile.self_test["wrong"] == 0


@pytest.mark.parametrize("layout, reason, what, scope", [
    ("beside", BESIDE, "suit beside the rank, not under it", "reads stacked rank-over-suit indexes only"),
    ("border", BORDER, "touches the card's printed border", "reads indexes printed clear of the border only"),
])
def test_a_layout_the_recognizer_cannot_read_is_refused_with_why(tmp_path, layout, reason, what, scope):
    with pytest.raises(DeckNotReadable) as err:
        # allow_missing builds profiles from few good shots: it must not build one of a deck that has none
        calibrate(_shots(tmp_path, layout), self_test=False, allow_missing=True)
    message = str(err.value)
    assert err.value.reason == reason
    assert what in message and scope in message and "No profile was written" in message
    assert "13 of the 13 cards found show no suit under the rank" in message
    assert err.value.details["layouts"] == {reason: 13}


def test_the_cli_refuses_with_json_a_non_zero_exit_and_no_profile(tmp_path):
    shots = _shots(tmp_path / "shots", "beside")
    out = tmp_path / "profile"
    run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "calibrate", "--images", str(shots),
                          "--out", str(out), "--json", "--allow-missing"], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0
    answer = json.loads(run.stdout)
    assert answer["profile"] is None and answer["refused"] == BESIDE
    assert "beside the rank" in answer["error"] and answer["no_suit_under_rank"] == 13
    assert "beside the rank" in run.stderr and "Traceback" not in run.stderr
    assert not out.exists()


@pytest.mark.skipif(not (CARDS / "calib").is_dir(), reason="shared card images not found")
@pytest.mark.parametrize("trial, reason", [("none", "read only 0.0%"), ("wrong", "accepted as the wrong card")])
def test_a_profile_that_cannot_read_its_own_degraded_shots_is_refused(tmp_path, monkeypatch, trial, reason):
    """Good shots, but a self-test that reads none of its trials (or misreads them all, clearly):
    no profile, and the message says so."""
    from dealer_assist.cards import Card
    from dealer_assist.vision.index import IndexRead

    for code in ("AS", "2H", "3D", "KC"):
        shutil.copy(CARDS / "calib" / "anglo" / f"{code}.png", tmp_path)

    def trials(profile, shots, rounds=3, seed=7, heavy=False):
        if trial == "none":
            return [(card, None) for card, _, _ in shots for _ in range(rounds)]
        # every spade read, far ahead, as a heart in red ink: no pair of thresholds is safe
        return [(Card("A", "S"), IndexRead({"A": 0.99, "2": 0.1}, {"H": 0.99, "S": 0.1}, 0.6)) for _ in range(rounds * 4)]

    monkeypatch.setattr(selftest, "trial_reads", trials)
    with pytest.raises(DeckNotReadable, match=reason) as err:
        calibrate(tmp_path, allow_missing=True)
    assert err.value.reason == "self_test_failed"
    assert err.value.details["read"] == 0.0


@pytest.mark.skipif(not (CARDS / "calib").is_dir(), reason="shared card images not found")
def test_the_profile_keeps_its_self_test_figures(tmp_path):
    for code in ("AS", "2H", "3D", "KC"):
        shutil.copy(CARDS / "calib" / "anglo" / f"{code}.png", tmp_path)
    profile = calibrate(tmp_path, allow_missing=True)
    assert profile.self_test["trials"] == 4 * 3 * 2  # 4 shots, 3 rounds, both index corners
    assert MIN_SELF_TEST_READ <= profile.self_test["read"] <= 1.0 and profile.self_test["wrong"] == 0


@pytest.mark.skipif(not (CARDS / "calib").is_dir(), reason="shared card images not found")
def test_a_profile_marked_as_failing_its_self_test_is_refused_by_recognize_and_the_camera(tmp_path):
    """A profile whose recorded self-test fails (written by hand, or by an older run) is never used."""
    from dealer_assist.sources.base import SourceError
    from dealer_assist.sources.camera import CameraSource
    from dealer_assist.vision.profile import Profile, ProfileError

    src = Path(__file__).resolve().parents[1] / "calibration" / "plastic"
    shutil.copytree(src, tmp_path / "p")
    Profile.load(tmp_path / "p")  # as shipped: usable
    data = json.loads((tmp_path / "p" / "profile.json").read_text())
    data["self_test"] = {"trials": 100, "read": 0.04, "wrong": 0}
    data.pop("measured_digests")  # by an older run, which kept no digests of its measurements
    (tmp_path / "p" / "profile.json").write_text(json.dumps(data))
    with pytest.raises(ProfileError, match="failed its self-test.*read 4.0%"):
        Profile.load(tmp_path / "p")
    with pytest.raises(SourceError, match="failed its self-test"):
        CameraSource(str(CARDS / "test" / "plastic" / "0000.jpg"), profile=tmp_path / "p").start(lambda e: None)
    run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "recognize", "--profile", str(tmp_path / "p"),
                          str(CARDS / "test" / "plastic" / "0000.jpg"), "--json"], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0 and run.stdout == "" and "failed its self-test" in run.stderr


def test_recognize_says_why_each_image_cannot_be_read(tmp_path):
    """A missing file, a folder and a file that is no image each get their own reason; the
    images that can be read are read all the same."""
    (tmp_path / "notes.jpg").write_text("not an image")
    good = CARDS / "test" / "anglo" / "0000.jpg"
    if not good.is_file():
        pytest.skip("shared test frames not found")
    run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "recognize", "--profile", "anglo", str(tmp_path / "gone.jpg"),
                          str(tmp_path), str(tmp_path / "notes.jpg"), str(good), "--json"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    errors = run.stderr.strip().splitlines()
    assert [e.split("': ")[-1].split(":")[0].split(",")[0] for e in errors] == [
        "no such file", "a folder", "not an image OpenCV can read (PNG"]
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert [line["image"] for line in lines] == [str(tmp_path / "gone.jpg"), str(tmp_path),
                                                 str(tmp_path / "notes.jpg"), str(good)]
    assert [("error" in line, "cards" in line) for line in lines] == [(True, False)] * 3 + [(False, True)]


@pytest.mark.parametrize("change, named", [
    (lambda d: d.update(aspect=0), "aspect holds 0"), (lambda d: d.update(aspect=-1), "aspect holds -1"),
    (lambda d: d.update(aspect="wide"), "aspect holds 'wide'"), (lambda d: d.update(card_h_px=0), "card_h_px holds 0"),
    (lambda d: d.update(card_h_px=float("nan")), "card_h_px holds nan"),
    (lambda d: d["rank_box"].update(u0=0.5, u1=0.1), "rank_box"), (lambda d: d.update(rank_size=[0, 0]), "rank_size"),
    (lambda d: d.update(rank_size="24x32"), "rank_size"), (lambda d: d.update(thresholds=None), "thresholds holds None"),
    (lambda d: d["thresholds"].update(min_score="high"), "thresholds.min_score holds 'high'"),
    (lambda d: d.update(paper_level="x"), "paper_level holds 'x'"),
])
def test_a_profile_json_no_calibration_writes_is_refused_by_its_field(tmp_path, change, named):
    """Each one read nothing without a word (a card of no size has no corner) or ended in a
    traceback (ZeroDivisionError, TypeError, ...) at the first frame."""
    from dealer_assist.vision.profile import Profile, ProfileError, default_profile_path

    folder = tmp_path / "p"
    shutil.copytree(default_profile_path(), folder)
    data = json.loads((folder / "profile.json").read_text())
    change(data)
    (folder / "profile.json").write_text(json.dumps(data))
    with pytest.raises(ProfileError) as info:
        Profile.load(folder)
    assert named in str(info.value) and "recalibrate" in str(info.value)


def test_a_shipped_profile_is_found_by_name_from_any_folder(tmp_path, monkeypatch):
    """``--profile plastic`` (or ``calibration/plastic``, as the README writes it) from another folder
    than the checkout's found nothing: an installed package's profiles had no name a user could give."""
    from dealer_assist.vision.profile import Profile, ProfileError, SHIPPED

    monkeypatch.chdir(tmp_path)
    for name in ("plastic", "calibration/plastic"):
        assert Profile.load(name).aspect == Profile.load(SHIPPED / "plastic").aspect
    own = tmp_path / "plastic"  # a folder of the user's own by that name is theirs, never the shipped one
    own.mkdir()
    with pytest.raises(ProfileError, match="no deck profile at 'plastic'.*profiles by name, in calibration/: anglo, plastic"):
        Profile.load("plastic")
    with pytest.raises(ProfileError, match="profiles by name, in calibration/: anglo, plastic"):
        Profile.load("elsewhere/plastic")
