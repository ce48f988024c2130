"""A court picture's colour touching the index: measured on the inks' own channels it is paper."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.glyphs import extract_glyphs
from dealer_assist.vision.index import IndexMatcher
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.suit_colours import ink_channels
from dealer_assist.vision.warp import warp_corner

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
needs_cards = pytest.mark.skipif(not (CARDS / "calib").is_dir(), reason="shared card images not found")


def test_black_and_red_share_blue_and_green_four_colours_share_none():
    black, red = [0.01, -0.01, 0.0], [0.4, 0.42, -0.82]
    assert ink_channels({"S": black, "C": black, "H": red, "D": red}) == (0, 1)
    blue, green = [1.19, -0.43, -0.75], [-0.6, 0.4, 0.2]
    assert ink_channels({"S": black, "C": green, "H": red, "D": blue}) == ()
    assert ink_channels({}) == ()


@needs_cards
@pytest.mark.parametrize("code", ["5S", "9C"])
def test_a_yellow_leaf_under_the_suit_is_no_ink(code):
    """A yellow shape (the queen of spades' leaf on the French designs) touching the
    index suit of a set-up shot: in the darkest channel it is as dark as ink and
    melts into the suit; the second look, on the channels black and red ink share, reads it."""
    profile = Profile.load(default_profile_path())
    calib = json.loads((CARDS / "calib" / "anglo" / "calib.json").read_text())
    q = np.array(calib["cards"][code]["corners"], float)
    wv, hv = q[1] - q[0], q[3] - q[0]
    args = (q[0][0], q[0][1], tuple(wv / np.linalg.norm(wv)), tuple(hv / np.linalg.norm(hv)),
            np.linalg.norm(wv), np.linalg.norm(hv))
    img = cv2.imread(str(CARDS / "calib" / "anglo" / f"{code}.png"))
    _, suit = extract_glyphs(warp_corner(img, *args, profile), profile)
    foot = q[0] + wv * (suit.box.cu + 0.03) + hv * (suit.box.v1 + 0.02)
    cv2.ellipse(img, (int(foot[0]), int(foot[1])), (9, 4), 30, 0, 360, (0, 215, 255), -1, cv2.LINE_AA)
    matcher = IndexMatcher(profile)
    read = matcher.read_corner(img, *args)
    t = profile.thresholds
    assert read is not None and read.best("rank")[0] + read.best("suit")[0] == code
    assert read.best("suit")[1] >= t.min_score and read.best("suit")[2] >= t.min_margin
    matcher._ink_channels = ()  # the darkest channel only: the leaf is ink
    assert matcher.read_corner(img, *args) is None


def _faded_corner(code: str, profile: Profile, fade: float, blur: float):
    """The set-up shot's corner printed in an ink ``fade`` as dark, blurred by ``blur`` px."""
    calib = json.loads((CARDS / "calib" / "anglo" / "calib.json").read_text())
    q = np.array(calib["cards"][code]["corners"], float)
    wv, hv = q[1] - q[0], q[3] - q[0]
    img = cv2.imread(str(CARDS / "calib" / "anglo" / f"{code}.png")).astype(np.float32)
    paper = np.percentile(img, 95)
    pale = cv2.GaussianBlur(paper - (paper - img) * fade, (0, 0), blur).astype(np.uint8)
    return warp_corner(pale, q[0][0], q[0][1], wv / np.linalg.norm(wv), hv / np.linalg.norm(hv),
                       np.linalg.norm(wv), np.linalg.norm(hv), profile)


@needs_cards
@pytest.mark.parametrize("code", ["2S", "7S"])
def test_a_pale_blurred_spade_keeps_its_stem_at_its_own_ink_level(code):
    """A light-blue spade (a four-colour deck's) in blur: its stem and point fall below the
    ink level and no suit is cut at all; cut at a level its own ink sets, the whole spade is."""
    profile = Profile.load(default_profile_path())
    patch = _faded_corner(code, profile, 0.45, 1.2)
    _, plain = extract_glyphs(patch, profile)
    _, pale = extract_glyphs(patch, profile, faint_suit=True)
    assert plain is None or plain.box.v1 - plain.box.v0 < 0.78 * profile.suit_h
    assert pale is not None and pale.box.v1 - pale.box.v0 > 0.78 * profile.suit_h


@needs_cards
def test_only_a_deck_with_a_suit_in_pale_ink_gets_the_pale_look():
    profile = Profile.load(default_profile_path())
    assert not IndexMatcher(profile)._pale_suits
    profile.suit_templates = {k: v * 0.55 if k.startswith("S") else v for k, v in profile.suit_templates.items()}
    assert IndexMatcher(profile)._pale_suits


@needs_cards
def test_a_corner_whose_first_look_read_no_index_is_looked_at_in_colour_only_for_a_clear_rank():
    """Picture corners whose first look sees glyphs but reads no index (glyphs scoring 0.3-0.55 as
    ranks) are not looked at again on the inks' channels: on anglo's 150 test frames 192 such looks
    would have read nothing.  Frame 0001 has such corners: it takes fewer colour looks than under
    the former rule and reads the same cards, every one its truth lists (the yellow-leaf test
    above keeps the look where the glyph seen is a clear rank)."""
    from dealer_assist.vision.recognize import Recognizer

    rec = Recognizer(Profile.load(default_profile_path()))
    firsts = []
    real = rec.matcher._colour_look

    def colour_look(*args):
        firsts.append(args[-1])
        return real(*args)

    rec.matcher._colour_look = colour_look
    truth = json.loads((CARDS / "test" / "anglo" / "truth.json").read_text())
    frame = next(f for f in truth["frames"] if f["file"] == "0001.jpg")
    image = cv2.imread(str(CARDS / "test" / "anglo" / "0001.jpg"))
    read = sorted(h.card.code for h in rec.recognize(image).cards)
    assert read == sorted(c["card"].replace("10", "T") for c in frame["cards"] if c["index_visible"])
    looks = sum(first is None for first in firsts)
    clear_rank = rec.matcher.saw_a_clear_rank
    rec.matcher.saw_a_clear_rank = lambda seen, beside=True: not beside or clear_rank(seen)  # the former rule
    firsts.clear()
    assert sorted(h.card.code for h in rec.recognize(image).cards) == read
    assert sum(first is None for first in firsts) > looks
