"""Small suits blurred past their plain templates: scored against the templates blurred alike."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.index import IndexRead
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer

from blurred_shots import black_suit_reads

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
needs_cards = pytest.mark.skipif(not (CARDS / "test").is_dir(), reason="shared card images not found")


@pytest.fixture(scope="module")
def anglo():
    return Recognizer(Profile.load(default_profile_path()))


@pytest.fixture(scope="module")
def plain_only():
    """The recognizer without the blurred look at the suit, nor a whole corner's slid cut (which
    reads 0061's king of clubs, beside it, by the plain templates)."""
    rec = Recognizer(Profile.load(default_profile_path()))
    rec.matcher.blurred_suit_scores = lambda read: {}
    rec._plainly_sure = lambda cr: False
    return rec


def _reads_there(rec: Recognizer, frame: str, code: str) -> list[str]:
    truth = json.loads((CARDS / "test" / "anglo" / "truth.json").read_text())
    card = next(c for f in truth["frames"] if f["file"] == frame for c in f["cards"] if c["card"] == code)
    res = rec.recognize(cv2.imread(str(CARDS / "test" / "anglo" / frame)))
    return [h.card.code for h in res.cards if np.linalg.norm(np.subtract(h.center, card["center"])) < 80]


@needs_cards
@pytest.mark.parametrize("frame,code", [("0025.jpg", "3S"), ("0107.jpg", "10S"), ("0025.jpg", "QC"),
                                        ("0061.jpg", "KC")])
def test_a_suit_blurred_to_a_blob_is_read_by_the_templates_blurred_alike(anglo, plain_only, frame, code):
    """Anglo frames: small spades in motion blur score 0.3-0.5 against every plain suit
    template (a heart as high as a spade), and court clubs beside the picture's frame
    0.5-0.8; blurred alike, the templates of the other colour fall far behind, and the
    pair score tells the spade from the club."""
    want = code.replace("10", "T")
    assert _reads_there(anglo, frame, code) == [want]
    assert _reads_there(plain_only, frame, code) == []


@needs_cards
def test_set_up_shots_blurred_far_past_the_self_test_read_more_and_never_wrong(anglo, plain_only):
    """Shrunk to 0.8 and blurred by 1.8 px (the self-test blurs up to 1.4), the black suits
    are read more often with the blurred look, and never as the wrong card."""
    read, read_plain = black_suit_reads(anglo, plain_only, 0.8, 1.8)
    assert read >= read_plain + 3


def test_the_blurred_scores_decide_only_above_their_floor_and_with_the_pair(anglo):
    """The blurred look goes through the same pair rule: the top suit must clear the floor
    asked (the plain minimum score where the tip was not seen), lead the other colour, and
    agree with the pair score."""
    t = anglo.profile.thresholds
    to_s, to_c = t.pair_cuts["CS"]
    read = IndexRead({"3": 0.9, "5": 0.3}, {"S": 0.3, "H": 0.26, "C": 0.2, "D": 0.0}, 0.0,
                     pair_scores={"CS": to_s - 0.02, "DH": 0.0})
    blurred = {"S": 0.55, "C": 0.3, "H": 0.0, "D": -0.1}
    assert not anglo.judge.pair_decides(read, "S")  # the plain scores: far too low to call
    assert anglo.judge.pair_decides(read, "S", blurred, t.candidate_score)
    assert not anglo.judge.pair_decides(read, "S", blurred, t.min_score)  # the floor where the tip was not seen
    assert not anglo.judge.pair_decides(read, "S", {"S": 0.55, "H": 0.45, "C": 0.3, "D": 0.0}, t.candidate_score)
    leaning_to_club = IndexRead(read.rank_scores, read.suit_scores, 0.0, pair_scores={"CS": to_c + 0.01, "DH": 0.0})
    assert not anglo.judge.pair_decides(leaning_to_club, "S", blurred, t.candidate_score)


def test_the_suit_leads_only_over_the_suits_its_ink_colour_allows(anglo):
    """A black spade that blur has rounded towards a diamond: the diamond is no rival when the
    ink is plainly black, but is one when the colour could be either."""
    from dealer_assist.vision.index import suit_lead

    scores = {"S": 0.86, "D": 0.74, "C": 0.32, "H": 0.3}
    suit, score, lead = suit_lead(anglo.profile, IndexRead({"4": 0.95}, scores, 0.0))
    assert (suit, score) == ("S", 0.86) and lead == pytest.approx(0.54)
    _, _, lead = suit_lead(anglo.profile, IndexRead({"4": 0.95}, scores, 0.15))  # red or black
    assert lead == pytest.approx(0.12)


@needs_cards
def test_a_black_spade_followed_closely_by_the_diamond_template_is_read():
    """Plastic frame 92: the 4S's spade scores 0.86, the diamond 0.74 (the club 0.32); the
    ink is black, so only the club is a rival."""
    rec = Recognizer(Profile.load(Path(default_profile_path()).parent / "plastic"))
    truth = json.loads((CARDS / "test" / "plastic" / "truth.json").read_text())
    card = next(c for f in truth["frames"] if f["file"] == "0092.jpg" for c in f["cards"] if c["card"] == "4S")
    res = rec.recognize(cv2.imread(str(CARDS / "test" / "plastic" / "0092.jpg")))
    assert [h.card.code for h in res.cards if np.linalg.norm(np.subtract(h.center, card["center"])) < 80] == ["4S"]


def test_a_plain_read_the_pair_score_surely_contradicts_is_not_taken(anglo):
    """Dondorf set-up shots blurred by 2 px and more: spades pass the plain thresholds as
    clubs (0.71, lead 0.17) while the pair score lies past the spade's cut.  Two looks
    disagreeing leave the card uncertain; a pair score between the cuts does not object."""
    from dealer_assist.vision.detect import Corner

    t = anglo.profile.thresholds
    to_s, to_c = t.pair_cuts["CS"]
    corner = Corner(100.0, 100.0, (1.0, 0.0), (0.0, 1.0), 150.0, 200.0)

    def judged(pair: float):
        read = IndexRead({"K": 0.86, "A": 0.2}, {"C": 0.8, "S": 0.6, "D": -0.2, "H": -0.3}, 0.0,
                         pair_scores={"CS": pair, "DH": 0.0})
        return anglo.judge.corner(corner, read, 150.0, 230.0)

    assert judged((to_s + to_c) / 2).sure
    assert judged(to_c + 0.01).sure
    contradicted = judged(to_s - 0.01)
    assert not contradicted.sure and contradicted.pair_conflict
    assert "KC" in contradicted.candidates


def test_look_alikes_the_plain_scores_do_not_part_are_told_by_the_pair_score(anglo):
    """Gnomangelo's small spades score 0.5 against both black templates, the club a hair
    ahead as often as not (its 5S: club 0.502, spade 0.501) while the pair score lies past
    the spade's cut.  The cuts are set on trials of both suits whatever their plain order,
    so the pair score decides either way round; a club ahead by a plain read's margin, or
    a pair score short of the cut, leaves the card uncertain."""
    from dealer_assist.vision.detect import Corner

    t = anglo.profile.thresholds
    to_s, to_c = t.pair_cuts["CS"]
    corner = Corner(100.0, 100.0, (1.0, 0.0), (0.0, 1.0), 150.0, 200.0)

    def judged(club: float, spade: float, pair: float):
        read = IndexRead({"5": 0.97, "6": 0.6}, {"C": club, "S": spade, "D": -0.4, "H": -0.38}, 0.0,
                         pair_scores={"CS": pair, "DH": 0.03})
        return anglo.judge.corner(corner, read, 150.0, 230.0)

    tied = judged(0.502, 0.501, to_s - 0.007)
    assert tied.sure and tied.code == "5S"
    assert judged(0.501, 0.502, to_s - 0.007).code == "5S"  # as before: the spade ahead
    assert not judged(0.502, 0.501, (to_s + to_c) / 2).sure  # the pair score does not decide
    clear_club = judged(0.502 + t.min_margin, 0.501, to_s - 0.007)
    assert not clear_club.sure and clear_club.pair_conflict
