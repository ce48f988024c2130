"""Two set-up shots of one card under two names (a file copied under another card's name, a card shot
twice) are refused by their names, before the profile is built: the read back of the finished profile
said only that one shot read as another card, and to rename it (QA: 5S.png copied as 5H.png; renamed
as told, it would have replaced the real 5S.png)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from drawn_shots import card_shot

from dealer_assist.vision.calibrate import CalibrationError, calibrate

SHOTS = Path(__file__).resolve().parents[2] / "shared" / "cards" / "calib" / "anglo"
pytestmark = pytest.mark.skipif(not SHOTS.is_dir(), reason="shared card images not found")


def _shots(tmp_path: Path) -> Path:
    folder = tmp_path / "shots"
    shutil.copytree(SHOTS, folder, ignore=shutil.ignore_patterns("*.json"))
    return folder


def test_a_shot_copied_under_another_cards_name_is_refused_naming_both(tmp_path):
    folder = _shots(tmp_path)
    shutil.copy(folder / "5S.png", folder / "5H.png")
    with pytest.raises(CalibrationError) as info:
        calibrate(folder)
    assert info.value.reason == "look_alike_shots"
    assert info.value.details["look_alike"] == [["5H.png", "5S.png", {"card": 1.0, "rank": 1.0, "suit": 1.0}]]
    assert "  5H.png and 5S.png look alike as one card does with itself (the card 1.00, its rank 1.00, its suit " \
           "1.00; two cards of a deck fall short in rank or suit): look at them, keep the one named by the card it " \
           "shows, and take the other card's shot" in str(info.value)


def test_the_same_card_shot_again_a_little_moved_and_lit_is_refused_too_and_json_says_which(tmp_path):
    folder = _shots(tmp_path)
    shot = cv2.imread(str(folder / "9D.png"))
    moved = cv2.warpAffine(shot, np.float32([[1, 0, -5], [0, 1, 4]]), shot.shape[1::-1], borderMode=cv2.BORDER_REPLICATE)
    moved = np.clip(moved * 1.05 - 6 + np.random.default_rng(0).normal(0, 3, moved.shape), 0, 255).astype(np.uint8)
    cv2.imwrite(str(folder / "9H.png"), cv2.imdecode(cv2.imencode(".jpg", moved, [cv2.IMWRITE_JPEG_QUALITY, 80])[1], 1))
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "calibrate", "--images", str(folder), "--out",
                          str(tmp_path / "profile"), "--json"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and not (tmp_path / "profile").exists()
    said = json.loads(out.stdout)
    assert said["refused"] == "look_alike_shots" and [pair[:2] for pair in said["look_alike"]] == [["9D.png", "9H.png"]]


def test_cards_alike_but_for_their_index_are_not_taken_for_one(tmp_path):
    """Drawn cards are blank but for their index and a pip: 0.98-0.99 alike whole, told apart by the index."""
    from dealer_assist.vision.calibrate import find_card, find_index, look_alike, shots_in, _corner_patch

    for code in ("5S", "5C", "8S", "KS", "KC"):
        cv2.imwrite(str(tmp_path / f"{code}.png"), card_shot(code))
    shots, _ = shots_in(tmp_path)
    images = {s.card: cv2.imread(str(s.path)) for s in shots}
    for s in shots:
        s.quad, _ = find_card(images[s.card])
        aspect = np.linalg.norm(s.quad[1] - s.quad[0]) / np.linalg.norm(s.quad[3] - s.quad[0])
        glyphs, _ = find_index(_corner_patch(images[s.card], s.quad, 0, aspect), 240 * aspect, two_glyphs=False)
        s.glyphs.append(glyphs)
    assert look_alike(shots, images) == []
    shots[1].glyphs, images[shots[1].card] = shots[0].glyphs, images[shots[0].card]  # a copy after all
    assert [pair[:2] for pair in look_alike(shots, images)] == [(shots[0].path.name, shots[1].path.name)]
