"""A four-index card read with a two-index deck's profile is one card, not two, and the profile is doubted.

QA: anglo's profile on a bonded 10♦ (bonded prints its index at all four corners) read the card's
turned bottom index and its top-right one, read as a top-left index, as two sure 10♦: ``recognize``
printed ``TD TD``, ``watch`` two lines for one card, with no warning.  The crops are of the rendered
bonded test frames 0001 (the 10♦ alone on felt) and 0000 (its left fan, whose 5♦ read twice).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from conftest import SHARED_CARDS
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.profile_fit import ProfileFit
from dealer_assist.vision.recognize import Recognizer

IMAGES = Path(__file__).parent / "images"
CALIBRATION = Path(__file__).resolve().parents[1] / "calibration"


def _read(profile: str, image: Path):
    return Recognizer(Profile.load(CALIBRATION / profile)).recognize(cv2.imread(str(image)))


@pytest.mark.parametrize("image, cards", [("bonded_TD_four_corners_on_felt.jpg", ["TD"]),
                                          ("bonded_5D_fanned_over.jpg", ["JC", "5D"])])
def test_a_four_index_card_under_a_two_index_profile_is_one_card(image, cards):
    result = _read("anglo", IMAGES / image)
    assert sorted(hit.card.code for hit in result.cards) == sorted(cards)
    assert result.side_reads >= 1


def test_cards_read_at_neighbouring_corners_doubt_the_profile():
    fit = ProfileFit("anglo")
    for image in ("bonded_TD_four_corners_on_felt.jpg", "bonded_5D_fanned_over.jpg"):
        fit.add(_read("anglo", IMAGES / image))
    assert fit.doubted() and fit.shape_off() is None
    assert "read at two neighbouring corners" in fit.warning() and "'anglo' this deck's profile?" in fit.warning()


def test_two_copies_dealt_side_by_side_stay_two_cards():
    """plastic's test frame 0045 has two 2♣ lying side by side, read at their top-left corners."""
    result = _read("plastic", SHARED_CARDS / "test" / "plastic" / "0045.jpg")
    assert [hit.card.code for hit in result.cards].count("2C") == 2 and result.side_reads == 0


def test_watch_reports_the_card_once_and_warns(tmp_path):
    card = cv2.imread(str(IMAGES / "bonded_TD_four_corners_on_felt.jpg"))
    felt = np.full_like(card, card[-5:, -5:].reshape(-1, 3).mean(axis=0).astype(np.uint8))
    for n, image in enumerate([felt] * 3 + [card] * 8):
        cv2.imwrite(str(tmp_path / f"{n:04d}.png"), image)
    run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "watch", "--profile", str(CALIBRATION / "anglo"),
                          "--video", str(tmp_path), "--json"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert [json.loads(line)["card"] for line in run.stdout.splitlines()] == ["TD"]
    assert "read at two neighbouring corners" in run.stderr
