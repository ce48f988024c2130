"""The guided set-up fed shots already named by card, or shown the cards out of turn.

QA: ``calibrate --camera DIR`` on a folder of set-up shots named by card (the README says ``--camera``
takes a folder of images) took them in the order of their names (10C first) as the cards it asked for
(AS first), kept every shot under another card's name, then refused the deck as misnamed with a rename
list built from those names, "this deck cannot be read ... use another deck", and "the same command
goes on from the first card not yet taken" though all 52 were taken.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import SHARED_CARDS
from dealer_assist.vision.guided import SET_UP_ORDER

SHOTS = SHARED_CARDS / "calib" / "anglo"


def _calibrate(camera: Path, tmp_path: Path, answers: int, *more: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-m", "dealer_assist.cli", "calibrate", "--camera", str(camera),
                           "--images", str(tmp_path / "shots"), "--out", str(tmp_path / "profile"), "--no-preview",
                           *more], input="\n" * answers, capture_output=True, text=True, timeout=600, env=env)


def test_a_folder_of_shots_named_by_card_is_sent_to_calibrate_images(tmp_path):
    named = tmp_path / "named"
    named.mkdir()
    for code in ("AS", "10C", "2S"):
        shutil.copy(SHOTS / f"{code}.png", named / f"{code}.png")
    run = _calibrate(named, tmp_path, 3, "--json")
    assert run.returncode == 2
    refusal = json.loads(run.stdout)
    assert refusal["refused"] == "named_shots" and refusal["shots"] == 3
    assert f"dealer-assist calibrate --images {named} --out {tmp_path / 'profile'}" in run.stderr
    assert not (tmp_path / "shots").exists()


def _file_name(code: str) -> str:
    return code.replace("T", "10") + ".png"


def test_cards_shown_out_of_turn_are_named_as_such_not_as_an_unreadable_deck(tmp_path):
    """The whole anglo set-up shown in the asked order but for 2♠ and 3♠, each shown in the other's turn."""
    frames = tmp_path / "frames"
    frames.mkdir()
    order = list(SET_UP_ORDER)
    two, three = order.index("2S"), order.index("3S")
    order[two], order[three] = order[three], order[two]
    for n, code in enumerate(order):
        shutil.copy(SHOTS / _file_name(code), frames / f"{n:04d}.png")
    run = _calibrate(frames, tmp_path, len(order), "--json")
    assert run.returncode != 0 and not (tmp_path / "profile" / "profile.json").exists()
    refusal = json.loads(run.stdout.splitlines()[-1])
    assert refusal["refused"] == "misnamed_shots" and "if_names_right" not in refusal
    assert refusal["error"].startswith("set-up shots read back as other cards than the one asked for")
    err = run.stderr
    assert "2S.png reads as" in err and "shown each in the other's turn" in err
    assert "those cards were shown out of turn" in err and f"Delete those shots from {str(tmp_path / 'shots')!r}" in err
    assert "cannot be read" not in err and "another deck" not in err and "goes on from" not in err
    assert "rename them" not in err


def test_a_folder_that_ends_before_the_deck_says_where_the_same_command_goes_on(tmp_path):
    """qaAZ F4: a folder of the first three set-up shots answered at the fourth card with only "camera DIR stopped
    delivering frames" (exit 2): not that the folder had ended, nor that three shots were kept, nor where to go on."""
    frames = tmp_path / "frames"
    frames.mkdir()
    for n, code in enumerate(SET_UP_ORDER[:3]):
        shutil.copy(SHOTS / _file_name(code), frames / f"{n:04d}.png")
    run = _calibrate(frames, tmp_path, 6)
    assert run.returncode == 1 and not (tmp_path / "profile" / "profile.json").exists()
    assert sorted(p.name for p in (tmp_path / "shots").iterdir()) == sorted(_file_name(c) for c in SET_UP_ORDER[:3])
    fourth = SET_UP_ORDER[3]
    assert f"{str(frames)!r} has no further image: {fourth} and the cards after it have no shot" in run.stderr
    assert f"with 3 of {len(SET_UP_ORDER)} cards shot" in run.stderr
    assert f"the same command goes on from {fourth}" in run.stderr and "stopped delivering" not in run.stderr
