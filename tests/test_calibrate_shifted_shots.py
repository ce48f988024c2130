"""Set-up shots shifted by one card: a card left out of a guided set-up, and every later shot kept under
the name of the card before the one it shows.

QA (qaAZ finding 4): anglo's shots with the 5♠ left out (5S.png holds the 6♠ ... QC.png the K♣) were
refused as misnamed, but the refusal named 2S, 3S, 4S, AS, KD, KH, KS (shots that hold their own card: the
read-back used templates taught from the shifted names) and none of the 46 wrong ones.
"""

from __future__ import annotations

import shutil

import pytest

from conftest import SHARED_CARDS
from dealer_assist.cards import parse_card
from dealer_assist.vision.calibrate import CalibrationError, calibrate
from dealer_assist.vision.guided import SET_UP_ORDER

SHOTS = SHARED_CARDS / "calib" / "anglo"
pytestmark = pytest.mark.skipif(not SHOTS.is_dir(), reason="shared card images not found")


def test_shots_shifted_from_a_card_left_out_are_named_from_that_card_on(tmp_path):
    left_out = SET_UP_ORDER.index("5S")
    for n, code in enumerate(SET_UP_ORDER[:-1]):
        shown = SET_UP_ORDER[n + 1] if n >= left_out else code
        shutil.copy(SHOTS / f"{shown}.png", tmp_path / f"{code}.png")
    with pytest.raises(CalibrationError) as err:
        calibrate(tmp_path)
    assert err.value.reason == "misnamed_shots"
    named = {d["shot"]: d["reads_as"] for d in err.value.details["shots"]}
    wrong = {f"{code}.png": parse_card(SET_UP_ORDER[n + 1]).code for n, code in enumerate(SET_UP_ORDER[:-1]) if n >= left_out}
    assert named == wrong  # the 47 shifted shots (5S.png to QC.png), each with the card it shows; none of the right ones
    text = str(err.value)
    assert f"from 5S.png on, each of the {len(wrong)} shots reads as the next card in the set-up order" in text
    assert "was the 5S left out" in text and "Delete 5S.png and every shot after it" in text
    assert {d["shifted_from"] for d in err.value.details["shots"]} == {"5S"}
    assert "if_names_right" not in err.value.details and "another deck" not in text  # the shift explains the self-test
    for right in ("2S.png", "3S.png", "4S.png", "AS.png"):
        assert f"{right} reads as" not in text
