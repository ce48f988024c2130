"""A face-down card with a light back is no card to ask for (verC NEW-5).

A back printing small red diamonds on a white lattice leaves more than half of it paper-white, so the test
that a back "leaves paper only at its border" let it through as a face whose index could not be read: the
table asked for every hole card.  A back's pattern repeats up to its border, a motif close by wherever one
looks; a face leaves a patch of bare paper between its pips, round its picture or beside its index.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from smudged_deal import _place, card_image, felt

NINE = (500, 360)
#: Where the face-down card lies: on the 9♠ read (a fan down-right or down-left), or alone on the felt.
SPOTS = {"down-right": (0.14, 0.055), "down-left": (-0.14, 0.055), "alone": (1.6, 0.0)}


@pytest.fixture(scope="module")
def anglo() -> Recognizer:
    return Recognizer(Profile.load(default_profile_path()))


def light_back() -> np.ndarray:
    """A card back of anglo's size: a white border, then red diamonds every 10 pixels on white paper."""
    back = card_image("9S")
    h, w = back.shape[:2]
    border = int(0.045 * w)
    pattern = np.full((h - 2 * border, w - 2 * border, 3), 238, np.uint8)
    for y in range(0, pattern.shape[0], 10):
        for x in range(5 * ((y // 10) % 2), pattern.shape[1], 10):
            diamond = np.array([[x, y - 3], [x + 3, y], [x, y + 3], [x - 3, y]], np.int32)
            cv2.fillConvexPoly(pattern, diamond, (40, 40, 170))
    back[border:h - border, border:w - border] = pattern
    return back


def _table(top: np.ndarray, spot: tuple[float, float]) -> tuple[np.ndarray, tuple[float, float]]:
    table = felt()
    nine = card_image("9S")
    _place(table, nine, *NINE, 0)
    at = (NINE[0] + spot[0] * nine.shape[0], NINE[1] + spot[1] * nine.shape[0])
    _place(table, top, *at, 0)
    return table, at


@pytest.mark.parametrize("spot", SPOTS.values(), ids=SPOTS.keys())
def test_a_light_card_back_is_not_asked_for(anglo, spot):
    back = light_back()
    assert (cv2.cvtColor(back, cv2.COLOR_BGR2GRAY) > 200).mean() > 0.5  # more than half of it paper-white
    table, _ = _table(back, spot)
    result = anglo.recognize(table)
    assert [h.card.code for h in result.cards] == ["9S"]
    assert result.uncertain == []


@pytest.mark.parametrize("code", ["TH", "JC", "AS"])
@pytest.mark.parametrize("spot", SPOTS.values(), ids=SPOTS.keys())
def test_a_smudged_face_there_is_still_asked_for(anglo, spot, code):
    table, at = _table(card_image(code, smudged=True), spot)
    result = anglo.recognize(table)
    assert [u.candidates for u in result.uncertain] == [()]
    assert np.linalg.norm(np.mean(result.uncertain[0].corners, axis=0) - at) < 25
