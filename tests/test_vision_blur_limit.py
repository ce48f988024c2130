"""Reads blurred past the self-test's trials: the blur is measured, and such reads are judged strictly."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from types import SimpleNamespace

import cv2
import numpy as np
import pytest

from dealer_assist.vision.card_groups import CornerRead
from dealer_assist.vision.detect import Corner
from dealer_assist.vision.glyphs import edge_blur
from dealer_assist.vision.ink import INK
from dealer_assist.vision.index import IndexRead
from dealer_assist.vision.profile import Profile, Thresholds, default_profile_path
from dealer_assist.vision.recognize import Recognizer

from blurred_shots import blurred_shot
from stand_in_glyphs import WHOLE_RANK


CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
needs_cards = pytest.mark.skipif(not (CARDS / "calib").is_dir(), reason="shared card images not found")


@pytest.fixture(scope="module")
def anglo() -> Recognizer:
    return Recognizer(Profile.load(default_profile_path()))


def _blurred_disc(sigma: float) -> tuple[np.ndarray, np.ndarray]:
    """An ink map of a solid disc (ink 0.9) blurred by ``sigma``, and its ink mask."""
    ink = np.zeros((60, 60), np.float32)
    cv2.circle(ink, (30, 30), 12, 0.9, -1)
    if sigma:
        ink = cv2.GaussianBlur(ink, (0, 0), sigma)
    return ink, (ink > INK).astype(np.uint8)


@pytest.mark.parametrize("sigma", [1.5, 2.5, 3.5])
def test_the_edge_blur_of_a_drawn_shape_is_the_blur_it_was_given(sigma):
    """A disc blurred by a known Gaussian: the edge's width measures that sigma (the
    pixel grid adds a little to a sharp edge, so within a fifth)."""
    ink, mask = _blurred_disc(sigma)
    ys, xs = np.nonzero(mask)
    assert edge_blur(ink, mask, (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1)) == pytest.approx(sigma, rel=0.2)


def _suit_blurs(rec: Recognizer, frame: np.ndarray) -> list[float]:
    blurs = []
    judge = rec.judge.corner

    def corner(c, r, w, h):
        blurs.append(r.blur)
        return judge(c, r, w, h)

    rec.judge.corner = corner
    try:
        rec.recognize(frame)
    finally:
        rec.judge.corner = judge
    return blurs


@needs_cards
def test_a_set_up_shot_blurred_as_the_self_test_tries_is_within_its_limit_and_past_it_blurred_more(anglo):
    """The shipped profile learned the blurriest index its trials still read right: an anglo
    set-up shot blurred by 1 px reads and lies within it; shrunk to 0.8 and blurred by 3 px
    (twice the trials' 1.4) every index read lies past it, and the card is never misread."""
    limit = anglo.profile.thresholds.blur_limit
    assert np.isfinite(limit)
    mild = blurred_shot("7H", 1.0, 1.0)
    assert [h.card.code for h in anglo.recognize(mild).cards] == ["7H"]
    assert max(_suit_blurs(anglo, mild)) <= limit
    heavy = blurred_shot("4D", 0.8, 3.0)
    blurs = _suit_blurs(anglo, heavy)
    assert blurs and min(blurs) > limit
    assert {h.card.code for h in anglo.recognize(heavy).cards} <= {"4D"}


def _with(rec: Recognizer, **changes) -> Recognizer:
    profile = copy.deepcopy(rec.profile)
    profile.thresholds = dataclasses.replace(profile.thresholds, **changes)
    return Recognizer(profile)


def _glyphs(suit_blur: float, rank_blur: float = 0.0, redness: float = 0.0) -> tuple:
    """Stand-ins for an index's rank and suit glyphs: only their edge blur, whether they were
    cut, the rank's ink colour (``redness``, as its suit's) and its box (:data:`WHOLE_RANK`) are asked
    for (no rank image is kept, so no rank pair lean is asked)."""
    return (SimpleNamespace(blur=rank_blur or suit_blur, image=None, redness=redness, cut=False, box=WHOLE_RANK),
            SimpleNamespace(blur=suit_blur, image=None, cut=False))


def _blob_spade(pair_score: float, blur: float) -> IndexRead:
    """A spade blurred to a blob (plain score 0.3): only its pair score can say spade."""
    return IndexRead({"3": 0.9, "5": 0.3}, {"S": 0.3, "H": 0.26, "C": 0.2, "D": 0.0}, 0.0,
                     pair_scores={"CS": pair_score, "DH": 0.0}, glyphs=_glyphs(blur))


def test_past_the_blur_limit_without_blurred_cuts_the_pair_score_does_not_make_a_blurred_suit_sure(anglo):
    """A profile without cuts learned on heavy trials (an older one): a spade blob whose pair
    score lies past the spade's cut is sure within the self-test's blur, and uncertain past
    it: the cut was learned on the trials' spread, which heavier blur widens."""
    t = anglo.profile.thresholds
    to_s, _ = t.pair_cuts["CS"]
    corner = Corner(10.0, 10.0, (1.0, 0.0), (0.0, 1.0), 50.0, 50.0)
    rec = _with(anglo, pair_cuts_blurred={})
    rec.matcher.blurred_suit_scores = lambda r: {"S": 0.55, "C": 0.3, "H": 0.0, "D": -0.1}
    assert rec.judge.corner(corner, _blob_spade(to_s - 0.02, 0.9 * t.blur_limit), 180.0, 260.0).sure
    past = rec.judge.corner(corner, _blob_spade(to_s - 0.02, 1.1 * t.blur_limit), 180.0, 260.0)
    assert past is None or not past.sure  # None: the suit's plain score is no index's


def test_the_shipped_profiles_learned_blurred_cuts_further_out_than_the_usual_ones():
    """Heavy blur drifts each suit's pair score towards its look-alike's: cuts set on the
    heavy trials too lie at least as far out as the usual ones, for every pair."""
    for deck in ("anglo", "plastic"):
        t = Profile.load(Path(__file__).resolve().parents[1] / "calibration" / deck).thresholds
        assert set(t.pair_cuts_blurred) == set(t.pair_cuts) == {"CS", "DH"}
        for key, (to_second, to_first) in t.pair_cuts.items():
            blurred_second, blurred_first = t.pair_cuts_blurred[key]
            assert blurred_second <= to_second and blurred_first >= to_first


def test_past_the_blur_limit_the_pair_score_alone_does_not_make_a_blurred_suit_sure(anglo):
    """Within the limit a spade blob (plain score 0.3, 0.55 against the blurred templates)
    is sure by its pair score; past it, it is not, not even beyond the cut learned on heavy
    trials: KDE's tigullio-international's clubs, blurred further, scored beyond the spade's
    blurred cut.  Only a blurred suit as clear as a notched corner's is."""
    t = anglo.profile.thresholds
    to_s, _ = t.pair_cuts["CS"]
    blurred_to_s, _ = t.pair_cuts_blurred["CS"]
    assert blurred_to_s < to_s
    corner = Corner(10.0, 10.0, (1.0, 0.0), (0.0, 1.0), 50.0, 50.0)
    rec = _with(anglo)
    rec.matcher.blurred_suit_scores = lambda r: {"S": 0.55, "C": 0.3, "H": 0.0, "D": -0.1}
    between = (to_s + blurred_to_s) / 2
    assert rec.judge.corner(corner, _blob_spade(between, 0.9 * t.blur_limit), 180.0, 260.0).sure
    for pair_score in (between, blurred_to_s - 0.02):
        past = rec.judge.corner(corner, _blob_spade(pair_score, 1.1 * t.blur_limit), 180.0, 260.0)
        assert past is None or not past.sure
    rec.matcher.blurred_suit_scores = lambda r: {"S": 0.85, "C": 0.3, "H": 0.0, "D": -0.1}
    clear = rec.judge.corner(corner, _blob_spade(blurred_to_s - 0.02, 1.1 * t.blur_limit), 180.0, 260.0)
    assert clear is not None and clear.sure and clear.code == "3S"


def test_a_rank_whose_edge_is_far_blurrier_than_its_suits_is_not_sure(anglo):
    """Rank and suit lie side by side and blur alike: past the blur level, a rank whose
    outline runs through a blur's halo (a "B" blurred into a blob that read as a "K", 3
    times its suit's edge width) is not sure, however clear its scores."""
    t = anglo.profile.thresholds
    corner = Corner(10.0, 10.0, (1.0, 0.0), (0.0, 1.0), 50.0, 50.0)
    suit_blur = 1.05 * t.blur_level

    def read(rank_blur: float) -> IndexRead:
        return IndexRead({"K": 0.9, "J": 0.3}, {"H": 0.9, "D": 0.3}, 0.6, glyphs=_glyphs(suit_blur, rank_blur, 0.6))

    assert anglo.judge.corner(corner, read(suit_blur), 180.0, 260.0).sure
    assert not anglo.judge.corner(corner, read(suit_blur * (t.smear_limit + 0.1)), 180.0, 260.0).sure


def test_past_the_blur_limit_two_corners_agree_only_with_full_margins(anglo):
    """Both corners of a motion-blurred 4 read as an A, each leading by less than a single
    read's margin: within the self-test's blur two such looks make a sure card, past it they
    share the blur that faded the 4's stroke and do not."""
    t = anglo.profile.thresholds

    def read(blur: float) -> IndexRead:
        return IndexRead({"A": t.min_score + 0.02, "4": 0.4}, {"D": 0.95, "H": 0.3}, 0.6, glyphs=_glyphs(blur, redness=0.6))

    for blur, agree in ((0.9 * t.blur_limit, True), (1.1 * t.blur_limit, False)):
        pair = _both_corners(read(blur), "AD", t.min_score + 0.02, t.min_margin * 0.8)
        assert (anglo.judge.two_corners_agree(pair, CARD_W) is not None) == agree


CARD_W, CARD_H = 180.0, 260.0


def _both_corners(read: IndexRead, code: str, confidence: float, margin: float) -> list[CornerRead]:
    """The two index corners of one card (top-left and bottom-right), each with ``read``, judged not sure alone."""
    out = []
    for x, y, wdir in ((100.0, 100.0, (1.0, 0.0)), (100.0 + CARD_W, 100.0 + CARD_H, (-1.0, 0.0))):
        wd = np.array(wdir, float)
        hd = np.array([-wd[1], wd[0]])
        quad = np.array([[x, y], [x, y] + wd * CARD_W, [x, y] + wd * CARD_W + hd * CARD_H, [x, y] + hd * CARD_H])
        out.append(CornerRead(Corner(x, y, tuple(wd), tuple(hd), 50.0, 50.0), (CARD_W, CARD_H), quad, quad.mean(axis=0),
                              read, False, code, confidence, margin, [code]))
    return out


def _spade_like_club(spade: float, club: float, blur: float) -> IndexRead:
    """A small club blurred until its lobes melt into a spade's outline (KDE's
    tigullio-international): it scores as a spade, its pair score between the two cuts."""
    return IndexRead({"4": 0.9, "A": 0.3}, {"S": spade, "C": club, "H": -0.1, "D": -0.2}, 0.0,
                     pair_scores={"CS": 0.0, "DH": 0.0}, glyphs=_glyphs(blur))


def test_past_the_blur_limit_a_suit_with_a_look_alike_counts_only_as_clearly_as_at_a_notched_corner(anglo):
    """Within the self-test's blur the plain thresholds make a spade sure; past it such a read
    (0.72 against a club's 0.5: what tigullio-international's blurred clubs scored) is not,
    while one as clear as a notched corner needs (0.85 against 0.5) still is."""
    t = anglo.profile.thresholds
    corner = Corner(10.0, 10.0, (1.0, 0.0), (0.0, 1.0), 50.0, 50.0)
    to_c, to_s = t.pair_cuts["CS"][1], t.pair_cuts["CS"][0]

    def judged(spade: float, blur: float):
        read = _spade_like_club(spade, 0.5, blur)
        read.pair_scores["CS"] = (to_c + to_s) / 2  # the pair score decides nothing
        return anglo.judge.corner(corner, read, 180.0, 260.0)

    assert judged(t.min_score + 0.02, 0.9 * t.blur_limit).sure
    assert not judged(t.min_score + 0.02, 1.1 * t.blur_limit).sure
    clear = judged(t.min_score + 0.15, 1.1 * t.blur_limit)
    assert clear.sure and clear.code == "4S"


def test_past_the_blur_limit_two_corners_of_a_suit_with_a_look_alike_agree_only_when_clear(anglo):
    """Both corners of a blurred club read as a spade at 0.68 against 0.4 (a full margin):
    within the self-test's blur the two looks make a sure card, past it they share the blur
    that melted the club's lobes and do not."""
    t = anglo.profile.thresholds
    for blur, agree in ((0.9 * t.blur_limit, True), (1.1 * t.blur_limit, False)):
        pair = _both_corners(_spade_like_club(t.min_score - 0.02, 0.4, blur), "4S", t.min_score - 0.02, 0.28)
        assert (anglo.judge.two_corners_agree(pair, CARD_W) is not None) == agree


def test_profiles_made_before_the_blur_limit_judge_as_before():
    """Thresholds without a learned limit never find a read past it."""
    assert Thresholds().blur_limit == float("inf") and Thresholds().smear_limit == float("inf")
    assert Thresholds().pair_cuts_blurred == {}


def test_heavily_blurred_trials_that_misread_a_rank_raise_its_bar_only_past_the_blur_level():
    """A 4 whose thin stroke faded, read as an A leading by 0.25, among trials blurrier than
    most: past that level a rank must lead by more than the misread did; a misread within
    the usual blur (already kept out by the plain thresholds' own learning) changes nothing."""
    from dealer_assist.cards import Card
    from dealer_assist.vision.selftest import blurred_rank_thresholds

    usual = np.linspace(1.0, 2.0, 100)  # the usual trials' blurs: the level lies at 1.95
    right = [(Card("7", "S"), IndexRead({"7": 0.9, "1": 0.5}, {"S": 0.9}, 0.0, glyphs=_glyphs(2.2)))] * 5
    four_as_ace = IndexRead({"A": 0.9, "4": 0.65}, {"D": 0.9}, 0.6, glyphs=_glyphs(2.2, redness=0.6))
    level, (score, margin) = blurred_rank_thresholds(right + [(Card("4", "D"), four_as_ace)], usual, 0.7, 0.15, 0.03)
    assert level == pytest.approx(1.95)
    assert margin > 0.25 + 0.03 and score >= 0.7
    mild = IndexRead(four_as_ace.rank_scores, four_as_ace.suit_scores, 0.6, glyphs=_glyphs(1.5, redness=0.6))
    assert blurred_rank_thresholds(right + [(Card("4", "D"), mild)], usual, 0.7, 0.15, 0.03)[1] == (0.7, 0.15)


def test_a_rank_read_clearly_by_the_plain_thresholds_is_not_sure_past_the_blur_level_below_its_bar(anglo):
    """The same clear A (lead 0.25) is sure at a usual blur and uncertain past the level
    where heavily blurred trials misread ranks by such leads."""
    rec = _with(anglo, blur_level=2.0, blurred_rank=(0.7, 0.3))
    corner = Corner(10.0, 10.0, (1.0, 0.0), (0.0, 1.0), 50.0, 50.0)

    def read(blur: float) -> IndexRead:
        return IndexRead({"A": 0.9, "4": 0.65}, {"D": 0.9, "H": 0.3}, 0.6, glyphs=_glyphs(blur, redness=0.6))

    assert rec.judge.corner(corner, read(1.9), 180.0, 260.0).sure
    assert not rec.judge.corner(corner, read(2.1), 180.0, 260.0).sure


def test_heavy_trials_push_the_blurred_cut_out_and_it_is_never_looser_than_the_usual_one(anglo):
    """Clubs whose pair score drifts towards the spades' in heavy blur: the cuts set on the
    usual plus the heavy trials call a glyph a spade only further out, and taking the
    stricter side of each never leaves a blurred cut looser than the usual one."""
    from dealer_assist.cards import Card
    from dealer_assist.vision.selftest import blurred_pair_cuts, pair_cuts

    rng = np.random.default_rng(0)

    def trials(suit: str, scores) -> list:
        return [(Card("7", suit), IndexRead({"7": 0.9}, {suit: 0.9}, 0.0, pair_scores={"CS": float(v)}))
                for v in scores]

    usual = trials("C", rng.normal(0.1, 0.01, 60)) + trials("S", rng.normal(-0.1, 0.01, 60))
    heavy = trials("C", rng.normal(-0.02, 0.02, 60)) + trials("S", rng.normal(-0.1, 0.02, 60))
    plain, wide = pair_cuts(anglo.profile, usual)["CS"], pair_cuts(anglo.profile, usual + heavy)["CS"]
    heavy_clubs = [r.pair_scores["CS"] for card, r in heavy if card.suit == "C"]
    assert wide[0] < plain[0] and wide[0] < min(heavy_clubs)  # no heavy club lies at the spade cut
    blurred = blurred_pair_cuts({"CS": plain}, {"CS": wide, "DH": (-0.1, 0.1)})
    assert set(blurred) == {"CS"}  # no usual cut for DH: never decided past the limit
    assert blurred["CS"][0] <= min(plain[0], wide[0]) and blurred["CS"][1] >= max(plain[1], wide[1])


def test_heavily_blurred_trials_that_read_a_club_as_a_spade_raise_the_suits_bar_past_the_blur_level(anglo):
    """Clubs blurred until they read as spades at 0.72 leading by 0.2 (KDE's
    tigullio-international's heavy trials), past the blur level: there a suit must lead by
    more than that; the same misread within the usual blur, or none at all, sets no bar."""
    from dealer_assist.cards import Card
    from dealer_assist.vision.selftest import blurred_suit_threshold

    spades = [(Card("4", "S"), _spade_like_club(0.9, 0.3, 2.2))] * 5
    club_as_spade = [(Card("4", "C"), _spade_like_club(0.72, 0.52, 2.2))]
    score, margin = blurred_suit_threshold(anglo.profile, spades + club_as_spade, 2.0, 0.7, 0.15, 0.03)
    assert score >= 0.7 and margin > 0.2 + 0.03
    mild = [(Card("4", "C"), _spade_like_club(0.72, 0.52, 1.8))]
    assert blurred_suit_threshold(anglo.profile, spades + mild, 2.0, 0.7, 0.15, 0.03) == (0.0, 0.0)
    assert blurred_suit_threshold(anglo.profile, spades, 2.0, 0.7, 0.15, 0.03) == (0.0, 0.0)


def test_a_suit_below_its_blurred_bar_is_not_sure_past_the_blur_level_alone_or_at_two_corners(anglo):
    """A spade at 0.72 leading by 0.22 is sure at a usual blur; past the level where the deck's
    heavy trials read clubs as spades by such leads it is not, at one corner or at two; a
    profile that learned no such bar (an older one, or a deck whose trials never did) judges
    it as before."""
    t = anglo.profile.thresholds
    level = 0.8 * t.blur_limit
    barred = _with(anglo, blur_level=level, blurred_suit=(0.7, 0.39))
    unbarred = _with(anglo, blur_level=level)
    corner = Corner(10.0, 10.0, (1.0, 0.0), (0.0, 1.0), 50.0, 50.0)

    def read(blur: float) -> IndexRead:
        r = _spade_like_club(0.72, 0.5, blur)
        r.pair_scores["CS"] = sum(t.pair_cuts["CS"]) / 2  # the pair score decides nothing
        return r

    assert barred.judge.corner(corner, read(0.9 * level), CARD_W, CARD_H).sure
    assert not barred.judge.corner(corner, read(1.1 * level), CARD_W, CARD_H).sure
    assert unbarred.judge.corner(corner, read(1.1 * level), CARD_W, CARD_H).sure
    pair = _both_corners(read(1.1 * level), "4S", 0.72, 0.22)
    assert barred.judge.two_corners_agree(pair, CARD_W) is None
    assert unbarred.judge.two_corners_agree(pair, CARD_W) is not None


def test_a_cut_rank_blurred_past_the_self_test_is_never_sure(anglo):
    """A rank cut from ink beside it (a covering card's edge, a line, the patch's edge band)
    and blurred past the self-test's trials: the shape left beside the cut is the blur's as
    much as the glyph's (a bellot 3 smeared 9 px, its top in the edge band, read as a J at
    0.85 leading by 0.33).  However clear its scores, it is not sure; a whole rank so blurred,
    or a cut one within the self-test's blur, still is."""
    t = anglo.profile.thresholds
    corner = Corner(10.0, 10.0, (1.0, 0.0), (0.0, 1.0), 50.0, 50.0)

    def read(blur: float, cut: bool) -> IndexRead:
        rank, suit = _glyphs(blur, redness=0.6)
        rank.cut = cut
        return IndexRead({"J": 0.97, "4": 0.4}, {"H": 0.97, "D": 0.3}, 0.6, cut=cut, glyphs=(rank, suit))

    def sure(blur: float, cut: bool) -> bool:
        return anglo.judge.corner(corner, read(blur, cut), CARD_W, CARD_H).sure

    within, past = 0.9 * t.blur_limit, 1.05 * t.blur_limit
    assert sure(within, cut=True) and sure(past, cut=False)
    assert not sure(past, cut=True)
