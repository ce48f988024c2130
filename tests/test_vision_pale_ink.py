"""Ink the light paled is deepened back to the darkness of the deck's templates.

neoclassical_4_color prints its spades in lilac.  Under a camera's tone curve
that lifts the mid-tones (``gamma:0.7`` of ``benchmarks/frame_sweep.py``) the
paper stays white and the lilac fades: the whole index falls below the ink
level, the corner's first look sees no glyph, and 59 of the deck's 224 cards,
every spade, went unread.  The crop is frame 0 of the rendered test frames so
changed, read with the deck's profile as calibrated from its untouched set-up shots.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from dealer_assist.vision.detect import Corner
from dealer_assist.vision.ink import darkness
from dealer_assist.vision.pale_ink import deepen, deepen_gain, template_peaks
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.warp import warp_corner

IMAGES = Path(__file__).resolve().parent / "images"
PROFILE = IMAGES / "profiles" / "neoclassical_4_color"
#: The 6 of spades' corner in the crop: tip, edge along the index's width, along its height, card width guessed.
TIP, WDIR, HDIR, CARD_W = (49.8, 73.4), (0.84, -0.55), (0.54, 0.84), 146.9


def _corner(profile: Profile):
    wdir, hdir = tuple(np.array(WDIR) / np.hypot(*WDIR)), tuple(np.array(HDIR) / np.hypot(*HDIR))
    return wdir, hdir, CARD_W / profile.aspect


def test_a_pale_lilac_spade_index_is_read_for_sure():
    rec = Recognizer(Profile.load(PROFILE))
    frame = cv2.imread(str(IMAGES / "neoclassical_4_color_6S_gamma0.7.png"))
    wdir, hdir, card_h = _corner(rec.profile)
    read = rec.matcher.read_corner(frame, *TIP, wdir, hdir, CARD_W, card_h)
    assert read is not None
    rank, rank_score, rank_lead = read.best("rank")
    suit, suit_score, suit_lead = read.best("suit")
    assert rank == "6" and rank_score >= 0.9 and rank_lead >= 0.15
    assert suit == "S" and suit_score >= 0.85 and suit_lead >= 0.5
    # The amount of ink is the template's again, so the rank is not taken for a pip or a picture.
    assert 0.8 <= read.rank_ink <= 1.2
    judged = rec.judge.corner(Corner(*TIP, wdir, hdir, 80.0, 80.0), read, CARD_W, card_h)
    assert judged is not None and judged.code == "6S" and judged.sure


def test_the_pale_index_is_deepened_and_its_first_look_sees_nothing():
    profile = Profile.load(PROFILE)
    frame = cv2.imread(str(IMAGES / "neoclassical_4_color_6S_gamma0.7.png"))
    wdir, hdir, card_h = _corner(profile)
    patch = warp_corner(frame, *TIP, wdir, hdir, CARD_W, card_h, profile, None)
    levels = darkness(patch)
    rec = Recognizer(profile)
    rec.matcher._read_at(frame, *TIP, wdir, hdir, CARD_W, card_h, faint=False, patch=patch, levels=levels)
    assert not rec.matcher.saw_glyphs
    gain = deepen_gain(profile, levels, template_peaks(profile))
    assert gain is not None and 1.2 < gain <= 2.0


def test_ink_at_the_paper_level_is_not_deepened_and_a_dark_index_is_left_alone():
    profile = Profile.load(PROFILE)
    patch = np.full((90, 40, 3), 240, np.uint8)
    patch[20:40, 10:20] = 40  # ink as dark as a black index prints
    levels = darkness(patch)
    assert deepen_gain(profile, levels, template_peaks(profile)) is None
    patch[60:80, 10:20] = 160  # a pale ink
    deep = deepen(darkness(patch), 1.5)
    # Paper stays paper; a grey level's ink against the paper is taken 1.5 times darker.
    assert deep.paper == levels.paper == 240
    assert deep.lo8[0, 0] == 240
    assert deep.lo8[70, 15] == 240 - 1.5 * (240 - 160)
    assert deep.lo8[25, 15] == 0  # darker than black is black


def test_a_deepened_read_blurred_past_the_gate_is_dropped():
    """Blur fades ink as the light does; deepened, a blurred glyph is a blob (a club read as a
    spade in the blur stress).  The same pale corner blurred by 2 px gives no read at all."""
    rec = Recognizer(Profile.load(PROFILE))
    frame = cv2.GaussianBlur(cv2.imread(str(IMAGES / "neoclassical_4_color_6S_gamma0.7.png")), (0, 0), 2.0)
    wdir, hdir, card_h = _corner(rec.profile)
    assert rec.matcher.read_corner(frame, *TIP, wdir, hdir, CARD_W, card_h) is None
    assert not rec.matcher.saw_glyphs and rec.matcher.seen == []


def test_a_profile_without_a_learned_blur_level_never_takes_the_deepened_look():
    """Without the self-test's blur level a deepened read's blur cannot be judged: the pale
    corner then reads as before, as nothing."""
    rec = Recognizer(Profile.load(PROFILE))
    rec.profile.thresholds = replace(rec.profile.thresholds, blur_level=float("inf"))
    frame = cv2.imread(str(IMAGES / "neoclassical_4_color_6S_gamma0.7.png"))
    wdir, hdir, card_h = _corner(rec.profile)
    assert rec.matcher.read_corner(frame, *TIP, wdir, hdir, CARD_W, card_h) is None


def test_ink_too_pale_to_reach_the_ink_level_even_deepened_is_not_looked_at_again():
    # A corner of bare paper, or one whose darkest marks are a faint tint: deepened by the most
    # allowed, its darkest ink still falls under the ink level, so the deepened look could see no glyph.
    profile = Profile.load(PROFILE)
    patch = np.full((90, 40, 3), 240, np.uint8)
    assert deepen_gain(profile, darkness(patch), template_peaks(profile)) is None
    patch[10:80, 8:11] = 200  # 0.17 of the paper dark: 0.33 deepened twice, under the ink level (0.4)
    assert deepen_gain(profile, darkness(patch), template_peaks(profile)) is None
    patch[10:80, 8:11] = 180  # 0.25 dark: deepened twice it is ink
    assert deepen_gain(profile, darkness(patch), template_peaks(profile)) == 2.0
