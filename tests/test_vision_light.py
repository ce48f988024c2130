"""A table whose light turned warm after set-up still reads.

Calibrated in white light and played under a warm lamp, white stock turns as
yellow as a wooden table: the paper test found no card at all (0 of 1,300
rendered cards).  The frame's brightest pixels, the paper's, tell the light's
colour and the frame is scaled back to the set-up's paper colour.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from dealer_assist.vision import recognize as recognize_module
from dealer_assist.vision.light import LEAST_INK_CHANGE, brightest_levels, exposure, light_balance
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from frame_truth import setup_shot_corner

WARM = (0.6, 0.82, 1.0)  # B, G, R gains of a tungsten lamp against daylight


def _lit(frame: np.ndarray, gains) -> np.ndarray:
    return np.clip(frame.astype(np.float32) * np.array(gains, np.float32), 0, 255).astype(np.uint8)


@pytest.fixture(scope="module")
def shot():
    frame, corner = setup_shot_corner("anglo", "7H")
    return Recognizer(Profile.load(default_profile_path())), frame, corner


def test_a_warm_lit_card_reads_and_would_not_unbalanced(shot, monkeypatch):
    anglo, frame, _ = shot
    warm = _lit(frame, WARM)
    assert [h.card.code for h in anglo.recognize(warm).cards] == ["7H"]
    monkeypatch.setattr(recognize_module, "frame_light", lambda *a: None)
    assert anglo.recognize(warm).cards == []


def test_the_balanced_paper_is_the_set_up_paper(shot):
    anglo, frame, (x, y, wdir, hdir, w, h) = shot
    warm = _lit(frame, WARM)
    table = light_balance(warm, anglo.profile.paper_colour)
    assert table is not None
    cx, cy = int(x + 0.5 * w), int(y + 0.5 * h)  # mid-card: bare paper on the anglo 7H
    before = frame[cy - 3:cy + 3, cx - 3:cx + 3].reshape(-1, 3).mean(axis=0)
    lit = warm[cy - 3:cy + 3, cx - 3:cx + 3].reshape(-1, 3)
    after = np.array([table[0, v, ch] for v, ch in zip(lit.mean(axis=0).round().astype(int), range(3))], float)
    assert np.abs(after - before).max() < 12


def test_the_set_up_light_and_a_felt_without_cards_are_left_alone(shot):
    anglo, frame, (x, y, _, _, w, h) = shot
    assert light_balance(frame, anglo.profile.paper_colour) is None
    felt = frame[: int(y) - 20, : int(x) - 20]  # the shot's felt above and left of the card
    assert felt.size and light_balance(felt, anglo.profile.paper_colour) is None
    assert light_balance(_lit(felt, WARM), anglo.profile.paper_colour) is None


def test_a_mildly_warm_light_is_left_but_the_paper_test_balanced(shot):
    """A light off by less than LEAST_CHANGE is not rebalanced, but its paper tint would use
    most of the paper test's allowance: the test gets the frame's paper made grey."""
    anglo, frame, (x, y, _, _, w, h) = shot
    mild = _lit(frame, (0.75, 0.9, 1.0))
    assert light_balance(mild, anglo.profile.paper_colour) is None
    lit, _ = anglo._lit(mild)
    assert np.array_equal(lit[..., :3], mild)
    assert anglo._balance is not None
    cx, cy = int(x + 0.5 * w), int(y + 0.5 * h)
    paper = mild[cy - 3:cy + 3, cx - 3:cx + 3].reshape(-1, 3).mean(axis=0).round().astype(int)
    grey = [int(anglo._balance[ch][v]) for ch, v in enumerate(paper)]
    assert max(paper) - min(paper) > 40 and max(grey) - min(grey) < 12
    anglo._lit(frame)
    assert anglo._balance is None  # the set-up light: the paper test as calibrated


def test_a_deck_told_by_ink_colours_has_a_light_balanced_that_others_leave(shot):
    """A four-colour deck's suits are told apart by their inks' colours, which a light an eighth
    warmer already shifts (a warm lamp turned a quarter of one such deck's cards uncertain): its
    frames are balanced from LEAST_INK_CHANGE on, a two-colour deck's only from LEAST_CHANGE."""
    anglo, frame, (x, y, _, _, w, h) = shot
    inks = Recognizer(replace(anglo.profile, colour_pairs=["CS"]))
    mild = _lit(frame, (1 - 1.5 * LEAST_INK_CHANGE, 1 - 0.75 * LEAST_INK_CHANGE, 1.0))
    cx, cy = int(x + 0.5 * w), int(y + 0.5 * h)

    def paper(image):
        return image[cy - 3:cy + 3, cx - 3:cx + 3, :3].reshape(-1, 3).mean(axis=0)

    plain, _ = anglo._lit(mild)
    assert np.array_equal(plain[..., :3], mild)
    balanced, _ = inks._lit(mild)
    assert np.abs(paper(mild) - paper(frame)).max() > 20
    assert np.abs(paper(balanced) - paper(frame)).max() < 6
    assert np.array_equal(inks._lit(frame)[0][..., :3], frame)  # the set-up's light is left alone


def test_a_room_dimmed_to_a_third_reads_brightened_back_and_would_not_as_it_is(shot, monkeypatch):
    anglo, frame, _ = shot
    dim = _lit(frame, (1 / 3, 1 / 3, 1 / 3))
    assert [h.card.code for h in anglo.recognize(dim).cards] == ["7H"]
    monkeypatch.setattr(recognize_module, "exposure", lambda *a: None)
    assert anglo.recognize(dim).cards == []


def test_the_brightened_paper_is_the_set_up_paper(shot):
    anglo, frame, (x, y, _, _, w, h) = shot
    paper = np.asarray(anglo.profile.paper_colour)
    dim = _lit(frame, (0.5, 0.5, 0.5))
    gain = exposure(brightest_levels(dim), paper)
    assert gain is not None and 1.8 < gain < 2.2
    lit, _ = anglo._lit(dim)
    cx, cy = int(x + 0.5 * w), int(y + 0.5 * h)  # mid-card: bare paper on the anglo 7H
    before = frame[cy - 3:cy + 3, cx - 3:cx + 3].reshape(-1, 3).mean(axis=0)
    after = lit[cy - 3:cy + 3, cx - 3:cx + 3, :3].reshape(-1, 3).mean(axis=0)
    assert np.abs(after - before).max() < 6


def test_a_frame_about_as_bright_as_the_set_up_and_a_dim_felt_are_left_as_they_are(shot):
    anglo, frame, (x, y, _, _, _, _) = shot
    paper = np.asarray(anglo.profile.paper_colour)
    slightly = _lit(frame, (0.8, 0.8, 0.8))  # within DIMMED: the shared photos' light wanders so
    assert exposure(brightest_levels(slightly), paper) is None
    assert np.array_equal(anglo._lit(slightly)[0][..., :3], slightly)
    felt = _lit(frame[: int(y) - 20, : int(x) - 20], (0.5, 0.5, 0.5))  # no card: no light on paper seen
    assert felt.size and np.array_equal(anglo._lit(felt)[0][..., :3], felt)


def test_a_grey_table_without_cards_brightened_shows_no_card(shot):
    """A grey table's brightest pixels look like dim paper, so the frame is brightened: nothing
    in it has a card's outline and index, so nothing is read, not even as uncertain."""
    anglo, _, _ = shot
    rng = np.random.default_rng(7)
    table = np.clip(rng.normal(110, 6, (720, 1280, 3)), 0, 255).astype(np.uint8)
    assert exposure(brightest_levels(table), np.asarray(anglo.profile.paper_colour)) is not None
    result = anglo.recognize(table)
    assert result.cards == [] and result.uncertain == []
