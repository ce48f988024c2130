"""A card lying over the lower or the inner half of another's index, the tip in sight: what is left
of the glyphs is not taken for other glyphs.

``benchmarks/cover_stress.py`` found it: with the tip seen the corner is judged as whole, and a
club's upper lobes read as a spade (plastic's face cards, here), a heart's left lobe as a
diamond, an 8's left loops as an ace (other designs).  The covering card's edge leaves a side
straighter than any printed suit's (:mod:`dealer_assist.vision.straight_sides`).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from covered_corner import SetUpCorner
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.straight_sides import Sides, _flat_share, flat_share, template_flats
from dealer_assist.vision.verdict import LEVEL_SUIT, STRAIGHT_SUIT

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
SHIPPED = default_profile_path().parent
needs_cards = pytest.mark.skipif(not (CARDS / "calib").is_dir(), reason="shared card images not found")


def _disc() -> np.ndarray:
    img = np.zeros((40, 40), np.float32)
    cv2.circle(img, (20, 20), 12, 1.0, -1, cv2.LINE_AA)
    return img


def test_both_upright_sides_at_once_are_each_side_alone():
    """A suit's left and right sides are measured in one pass (the verdict asks both): the very same
    shares as each measured alone, whichever side is asked first, on windows of every kind."""
    rng = np.random.default_rng(7)
    for k in range(3000):
        h, w = int(rng.integers(1, 30)), int(rng.integers(1, 30))
        window = rng.random((h, w)).astype(np.float32)
        if k % 3 == 0:
            window = (window > rng.random()).astype(np.float32) * np.float32(rng.random())
        window[:, : int(rng.integers(0, w + 1)) if k % 5 == 0 else 0] = 0
        peak = float(window.max()) if window.size else 0.0
        # Each side measured on its own (as the verdict's rules once asked them, one by one).
        alone = [_flat_share(window / peak, side) if peak > 0 else 0.0 for side in ("left", "right")]
        left_first, right_first = Sides(window), Sides(window)
        assert [left_first.flat_share("left"), left_first.flat_share("right")] == alone
        assert [right_first.flat_share("right"), right_first.flat_share("left")] == alone[::-1]


def test_a_round_side_is_not_straight_and_a_cut_one_is():
    disc = _disc()
    assert flat_share(disc) < 0.15 and flat_share(disc, "bottom") < 0.15
    left_half = disc.copy()
    left_half[:, 21:] = 0
    assert flat_share(left_half) > 0.9  # every row ends on the cut
    upper_half = disc.copy()
    upper_half[21:, :] = 0
    assert flat_share(upper_half, "bottom") > 0.9 and flat_share(upper_half) < 0.5


def test_a_pointed_side_keeps_only_its_tip_on_the_line():
    diamond = np.zeros((40, 40), np.float32)
    cv2.fillPoly(diamond, [np.array([[20, 4], [32, 20], [20, 36], [8, 20]])], 1.0, cv2.LINE_AA)
    assert flat_share(diamond) < 0.15 and flat_share(diamond, "bottom") < 0.15


def test_a_straight_sided_glyph_is_as_straight_on_its_left_as_on_its_right():
    """A suit printed with straight sides (a narrow club, small) is so on both: only a cut is one-sided."""
    blob = np.zeros((40, 40), np.float32)
    cv2.rectangle(blob, (14, 10), (26, 30), 1.0, -1)
    cv2.circle(blob, (20, 10), 6, 1.0, -1, cv2.LINE_AA)
    assert flat_share(blob) > 0.6 and abs(flat_share(blob) - flat_share(blob, "left")) < 0.1
    cut = blob.copy()
    cut[:, 20:] = 0
    assert flat_share(cut) - flat_share(cut, "left") > 0.1


def test_each_code_takes_its_straightest_template():
    disc, cut = _disc(), _disc()
    cut[:, 21:] = 0
    flats = template_flats({"D": disc, "D-1": cut, "H": disc})
    assert flats["D"] == flat_share(cut) and flats["H"] == flat_share(disc)


@pytest.fixture(scope="module")
def plastic() -> Recognizer:
    return Recognizer(Profile.load(SHIPPED / "plastic"))


def _judged(rec: Recognizer, code: str, cover: tuple[str, float] | None, lined: bool = False):
    """The top-left index of the ``code`` set-up shot read and judged at its true tip, seen:
    uncovered (``cover`` None), or under a card of the paper's colour whose edge lies level
    ``share`` of the way down the suit's box, covering what lies below it (``("below", share)``),
    or upright ``share`` of the way across the rank's, covering what lies inside it (``("inner", share)``);
    ``lined``: the edge drawn as a grey line a pixel wide, as a card's edge often shows."""
    shot = SetUpCorner(CARDS / "calib" / "plastic" / f"{code}.png")
    img, tip, wd, hd, cw, ch = shot.image, shot.tip, shot.wd, shot.hd, shot.cw, shot.ch
    if cover is not None:
        paper = np.median([img[int(p[1]), int(p[0])] for p in (tip + wd * 0.04 * cw + hd * v * ch
                                                               for v in np.linspace(0.35, 0.6, 8))], axis=0)
        side, share = cover
        sb, rb = rec.profile.suit_box, rec.profile.rank_box
        if side == "below":
            at, along = tip + hd * (sb.v0 + share * (sb.v1 - sb.v0)) * ch, wd
            img = shot.covered(at, along, hd, paper)
        else:
            at, along = tip + wd * (rb.u0 + share * (rb.u1 - rb.u0)) * cw, hd
            img = shot.covered(at, along, wd, paper)
        if lined:
            ends = [tuple(int(v) for v in np.round(at + along * k * ch)) for k in (-3, 3)]
            cv2.line(img, *ends, (90, 90, 90), 1, cv2.LINE_AA)
    return shot.judged(rec, img, notched=False)


@needs_cards
@pytest.mark.parametrize("code", ["JC", "QC", "KC"])
def test_a_clubs_upper_lobes_below_a_covering_card_are_never_a_sure_spade(plastic, code):
    whole = _judged(plastic, code, None)
    assert whole.sure and whole.code == code
    cut = _judged(plastic, code, ("below", 0.5))
    assert cut.code == code[0] + "S"  # the lobes left read as a spade ...
    suits = cut.read.suit_scores
    assert suits["S"] > suits["C"]
    # ... whose foot, level across the lobes' width, is straighter than the spade's
    assert flat_share(cut.read.suit_image, "bottom") - plastic.judge.suit_levels["S"] > LEVEL_SUIT
    assert not cut.sure


@needs_cards
@pytest.mark.parametrize("code, share", [("2C", 0.7), ("7D", 0.6)])
def test_a_suit_cut_upright_by_a_card_over_the_index_is_never_sure_even_where_it_reads_right(plastic, code, share):
    """Plastic's left halves happen to read as their own suits; other designs' read a heart's
    as a diamond (ancient_french's 8 of hearts, 0.62), so no cut suit is sure."""
    whole = _judged(plastic, code, None)
    assert whole.sure and whole.code == code
    cut = _judged(plastic, code, ("inner", share))
    assert cut.code == code
    straight = flat_share(cut.read.suit_image)
    assert straight - plastic.judge.suit_flats[code[1]] > STRAIGHT_SUIT  # straighter than printed ...
    assert straight - flat_share(cut.read.suit_image, "left") > STRAIGHT_SUIT  # ... and than its own left
    assert not cut.sure


@needs_cards
@pytest.mark.parametrize("code, share", [("2S", 0.7), ("3C", 0.7)])
def test_an_edge_line_through_both_glyphs_reads_them_as_cut(plastic, code, share):
    """The covering card's edge drawn as a line through both glyphs is taken off as an upright
    line (:func:`dealer_assist.vision.glyphs._thin_runs`), but what stays of it along the glyphs'
    cut sides hides how straight they are: slavic_costumes' ace of hearts, so covered at half the
    index, read as a sure ace of diamonds, its heart's right side 0.43 straight against the
    template's 0.31.  Glyphs such a line ran into both are read as cut, by a fragment's rules."""
    plain = _judged(plastic, code, ("inner", share))
    assert not plain.read.cut  # paper on paper: nothing shows where the card lies
    lined = _judged(plastic, code, ("inner", share), lined=True)
    assert lined.read.cut
    assert not lined.sure or lined.code == code
