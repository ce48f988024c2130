"""Chips, a hand and glare on the table are never read as cards, nor make a card read wrong.

A chip's white edge spots are bright and colourless like card stock, a
hand's outline has corners, glare washes ink out of an index: each is drawn
(as ``benchmarks/vision.py --clutter`` draws them on the rendered decks) on a
real set-up shot, on the felt, on the card and over its index.
"""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from bench_scripts import load
from frame_truth import setup_shot_corner

table_clutter = load("table_clutter")


@pytest.fixture(scope="module")
def anglo():
    return Recognizer(Profile.load(default_profile_path()))


def _shot(code: str):
    frame, (x, y, wdir, hdir, w, h) = setup_shot_corner("anglo", code)
    corner = np.array([x, y])
    centre = corner + np.array(wdir) * w / 2 + np.array(hdir) * h / 2
    return frame.astype(np.float32), corner, centre, np.array(wdir) * w, np.array(hdir) * h, h


def _reads(rec, img) -> list[str]:
    return [hit.card.code for hit in rec.recognize(np.clip(img, 0, 255).astype(np.uint8)).cards]


@pytest.mark.parametrize("code", ["7H", "QS", "10D"])
def test_chips_on_the_felt_beside_a_card_are_not_cards(anglo, code):
    img, corner, centre, w, h, height = _shot(code)
    rng = np.random.default_rng(3)
    for at in (centre - 1.6 * w, centre + 1.7 * w, centre - 0.9 * h - 1.2 * w):
        table_clutter.chip(img, rng, at, height)
    assert _reads(anglo, img) == [code.replace("10", "T")]


@pytest.mark.parametrize("code", ["7H", "QS", "10D"])
def test_a_chip_over_one_index_leaves_the_other_to_read_and_never_a_wrong_card(anglo, code):
    img, corner, centre, w, h, height = _shot(code)
    table_clutter.chip(img, np.random.default_rng(5), corner + 0.12 * w + 0.12 * h, height)
    assert _reads(anglo, img) in ([code.replace("10", "T")], [])


def test_a_hand_over_the_cards_middle_leaves_its_indexes_to_read(anglo):
    img, corner, centre, w, h, height = _shot("9C")
    rng = np.random.default_rng(1)
    table_clutter.hand(img, rng, centre, height)
    assert _reads(anglo, img) == ["9C"]


@pytest.mark.parametrize("seed", range(6))
def test_glare_across_an_index_reads_the_card_or_nothing(anglo, seed):
    img, corner, centre, w, h, height = _shot("8S")
    rng = np.random.default_rng(seed)
    table_clutter.glare(img, rng, corner + 0.1 * w + 0.15 * h, height)
    assert _reads(anglo, img) in (["8S"], [])

