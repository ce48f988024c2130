"""A court card's picture drawn into its index suit: the suit is read without the picture's lines.

On some designs the thin lines of a court card's picture run into the
index's suit (paris' queen of spades: the leaf under her spade; tarocco's
jack: his spear's tip): the glyph cut is the suit with a tail of lines, and
reads as no suit.  Its solid core reads.  A stroke running down beside the
suit, touching it where it is widest (tarocco's jack of spades: his
halberd's shaft), is cut off at the mirror of the suit's other side.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.detect import Corner
from dealer_assist.vision.glyphs import Glyph, solid_core
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from frame_truth import setup_shot_corner

IMAGES = Path(__file__).resolve().parent / "images"


def _blob_with_tail(tail: bool) -> np.ndarray:
    part = np.zeros((60, 60), np.uint8)
    cv2.circle(part, (20, 20), 9, 1, -1)
    if tail:
        cv2.line(part, (27, 26), (50, 50), 1, 2)
    return part


def test_the_core_keeps_the_solid_body_and_drops_the_line_joined_to_it():
    part = _blob_with_tail(True)
    x, y, w, h = cv2.boundingRect(part)
    core = solid_core(part, (x, y, x + w, y + h))
    assert core is not None
    body = _blob_with_tail(False)
    assert np.array_equal(core & body, body)  # every pixel of the body stays
    assert not core[40:, 40:].any()  # the line's far end is gone
    assert cv2.countNonZero(core) < cv2.countNonZero(part)


def test_a_glyph_with_nothing_joined_has_no_core():
    part = _blob_with_tail(False)
    x, y, w, h = cv2.boundingRect(part)
    assert solid_core(part, (x, y, x + w, y + h)) is None


@pytest.fixture(scope="module")
def anglo():
    return Recognizer(Profile.load(default_profile_path()))


def _leaf_on_both_suits(code: str, leaf=(0.05, 0.0, 0.05, 0.025, 0)) -> np.ndarray:
    """The set-up shot of ``code`` with a picture's leaf drawn in outline at each index suit's foot,
    touching it (the card is turned half round for its second index)."""
    frame, (x, y, wdir, hdir, w, h) = setup_shot_corner("anglo", code)
    profile = Profile.load(default_profile_path())
    sb = profile.suit_box
    out = frame.copy()
    wdir, hdir = np.array(wdir), np.array(hdir)
    du, dv, au, av, turn = leaf
    stroke = max(2, int(round(0.1 * profile.suit_h * h)))
    for origin, sign in ((np.array([x, y]), 1.0), (np.array([x, y]) + w * wdir + h * hdir, -1.0)):
        centre = origin + sign * ((sb.cu + du) * w * wdir + (sb.v1 + dv - 0.1 * (sb.v1 - sb.v0)) * h * hdir)
        angle = np.degrees(np.arctan2(wdir[1], wdir[0])) + turn + (180 if sign < 0 else 0)
        cv2.ellipse(out, (int(round(centre[0])), int(round(centre[1]))), (int(au * w), int(av * h)), angle, 0, 360,
                    (45, 40, 40), stroke, cv2.LINE_AA)
    return out


@pytest.mark.parametrize("code", ["2C", "5H", "8D", "7C"])
def test_a_suit_with_a_pictures_leaf_drawn_into_it_reads_by_its_core(anglo, code, monkeypatch):
    img = _leaf_on_both_suits(code)
    assert [hit.card.code for hit in anglo.recognize(img).cards] == [code]
    # The leaf does spoil the suit as cut: without its core the card is not read.
    monkeypatch.setattr(Glyph, "core", lambda self: None)
    assert code not in [hit.card.code for hit in anglo.recognize(img).cards]


def test_a_leaf_drawn_into_any_pip_cards_suit_never_makes_it_read_wrong(anglo):
    for code in (r + s for r in "A23456789" for s in "SCHD"):
        reads = [hit.card.code for hit in anglo.recognize(_leaf_on_both_suits(code)).cards]
        assert reads in ([code], []), f"{code} read as {reads}"


#: The tarocco benchmark's frame 25 (normal light) as the reader works on it, cut round the jack
#: of spades' upper index: the corner's tip in the crop, the card's width direction and its size.
TAROCCO_JS = ("tarocco_JS_halberd_beside_the_spade.png", (31.5726318359375, 54.17047119140625),
              (0.4137040674686432, -0.9104114174842834), (160.29173469543457, 269.96502685546875))


def test_a_suit_with_a_pictures_stroke_down_its_side_reads_by_its_core():
    image, (x, y), wdir, (card_w, card_h) = TAROCCO_JS
    rec = Recognizer(Profile.load(IMAGES / "profiles" / "tarocco"))
    frame = cv2.imread(str(IMAGES / image), cv2.IMREAD_UNCHANGED)
    hdir = (-wdir[1], wdir[0])
    read = rec.matcher.read_corner(frame, x, y, np.array(wdir), np.array(hdir), card_w, card_h)
    corner = Corner(x, y, wdir, hdir, 80.0, 80.0)
    # The jack reads; the spade, taken in with the end of the halberd's shaft beside it, as no suit.
    assert read.best("rank")[0] == "J"
    assert read.best("suit")[1] < rec.profile.thresholds.candidate_score
    judged = rec.judge.corner(corner, read, card_w, card_h)
    assert judged is None or not judged.sure
    # Cut off at the mirror of the spade's left side, the shaft's end goes: the core is a sure jack of spades.
    assert read.core is not None
    core = rec.judge.corner(corner, read.core, card_w, card_h)
    assert core is not None and core.sure and core.code == "JS"
