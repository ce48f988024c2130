"""A rank whose top the corner's edge band cuts into is read, not thrown away as felt.

The patch's edge band (felt, the card's border) is blanked, and a blob
running along it is thrown away as what is left of felt or a border past a
corner found a little off.  Some decks print the index within a pixel or two
of the card's edge (bellot's rank box starts 0.8% of the card's height from
it), and a corner found a few pixels inside the card (its black outline,
widened by blur) puts the rank's top into the band: the rank's top row then
runs along it.  Such a blob, as tall as a rank and no wider, is the rank,
read as a cut glyph: on bellot's held-out frames these were 25 of its 40
misses.

Down the side of the band, a narrow blob of a rank's size is as likely a
ten's "1" standing apart from its "0".  Penguins prints its kings' K a
pixel or two from the card's edge, and a corner found a pixel inside puts
the K's stem into the band: a blob at least ``RANK_SIDE_W`` as wide as the
rank box now counts there.  It is as likely a piece of an ornate border
(ornamental's were read as jacks), so its read counts only when sure: not
sure, it is no alert.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.detect import Corner
from dealer_assist.vision.glyphs import CANON_H, _cut_rank
from dealer_assist.vision.index_layout import glyph_layout
from dealer_assist.vision.index import IndexMatcher
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer, outlines
from dealer_assist.vision.verdict import Judge

from frame_truth import setup_shot_corner

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
needs_cards = pytest.mark.skipif(not (CARDS / "calib" / "anglo").is_dir(), reason="shared card images not found")


def _read_cut_into_band(rec: Recognizer, code: str, into: float, side: bool = False):
    """The read of a set-up shot's top-left index at a corner moved down the card until the
    band covers ``into`` frame pixels of the rank's top (``side``: moved across the card, the
    rank's left side)."""
    p = rec.profile
    shot = cv2.imread(str(CARDS / "calib" / "anglo" / f"{code}.png"))
    masks = rec.masks(shot)
    found = outlines(masks.split)
    c = min(rec.outline_corners(masks, found, rec.split_runs(masks, found)), key=lambda c: c.x + c.y)
    band = glyph_layout(p).edge * p.card_h_px / CANON_H  # the band's width in frame pixels
    if side:
        s, way = p.rank_box.u0 * p.card_h_px * p.aspect - band + into, c.wdir
    else:
        s, way = p.rank_box.v0 * p.card_h_px - band + into, c.hdir
    return rec.matcher.read_corner(shot, c.x + s * way[0], c.y + s * way[1], c.wdir, c.hdir,
                                   p.card_h_px * p.aspect, p.card_h_px)


@needs_cards
@pytest.mark.parametrize("code", ["KS", "7H"])
def test_a_rank_whose_top_the_edge_band_covers_is_read(code):
    """Six pixels of the rank's top under the band (a quarter of its height): before, the K and
    the 7 ran along the band and were thrown away, and no index was seen."""
    rec = Recognizer(Profile.load(default_profile_path().parent / "anglo"))
    read = _read_cut_into_band(rec, code, 6.0)
    assert read is not None
    rank, score = read.best("rank")[:2]
    assert rank == code[:-1] and score >= 0.75
    assert read.best("suit")[0] == code[-1]
    # The band took the rank's top off: it is judged as a cut glyph (a clearer read is needed,
    # and it does not count against another corner of its card).
    assert read.cut


def _looks(read) -> tuple:
    return None if read is None else (read.best("rank")[:2], read.best("suit")[:2], read.cut)


def _verdict(judge: Judge, read) -> tuple:
    """What a read comes to: its code and whether it is sure, or None (no read, or no alert)."""
    if read is None:
        return None
    cr = judge.corner(Corner(0.0, 0.0, (1.0, 0.0), (0.0, 1.0), 100.0, 140.0), read, 100.0, 140.0)
    return None if cr is None else (cr.code, cr.sure)


@needs_cards
def test_a_rank_whose_side_the_edge_band_covers_comes_to_what_it_did(monkeypatch):
    """Down the side, a corner found off sideways comes to what it did without the rule (a
    glyph by the side that reads junk is no alert), while one found off downwards does not."""
    rec = Recognizer(Profile.load(default_profile_path().parent / "anglo"))
    codes, depths = ("KS", "7H", "5S", "QD"), (2.0, 4.0, 6.0, 8.0)
    side_reads = [_read_cut_into_band(rec, code, into, side=True) for code in codes for into in depths]
    side = [_verdict(rec.judge, r) for r in side_reads]
    top = [_looks(_read_cut_into_band(rec, code, into)) for code in codes for into in depths]
    # The deepest cuts leave a blob by the side that reads as no card.
    assert any(r is not None and r.doubtful for r in side_reads)
    monkeypatch.setattr("dealer_assist.vision.glyphs._cut_rank", lambda *args: False)
    assert [_verdict(rec.judge, _read_cut_into_band(rec, code, into, side=True))
            for code in codes for into in depths] == side
    assert [_looks(_read_cut_into_band(rec, code, into)) for code in codes for into in depths] != top


def test_only_a_blob_of_a_ranks_size_is_taken_for_a_cut_rank():
    """Felt or a border left over runs along the band far longer than a rank is wide, or is
    thinner than a rank is tall: those are still thrown away."""
    rank_px, rank_w = 30.0, 20.0
    assert _cut_rank(18, 27, rank_px, rank_w)  # a rank a few rows short
    assert not _cut_rank(60, 27, rank_px, rank_w)  # a strip of felt along the top
    assert not _cut_rank(18, 6, rank_px, rank_w)  # a piece of border line
    assert not _cut_rank(6, 80, rank_px, rank_w)  # felt down the side


#: Slides (frame pixels along the card's top edge) that bring anglo's rank to the band's side.
SLIDES = np.arange(6.0, 10.01, 0.25)


@pytest.fixture(scope="module")
def matcher() -> IndexMatcher:
    return IndexMatcher(Profile.load(default_profile_path()))


def _slid_reads(matcher: IndexMatcher, code: str) -> list:
    """(read, judged) of each look, at a set-up shot's corner slid along the card's top edge,
    whose glyph ran down the side band."""
    judge = Judge(matcher.profile, matcher)
    frame, (x, y, wdir, hdir, w, h) = setup_shot_corner("anglo", code)
    out = []
    for d in SLIDES:
        px, py = x + d * wdir[0], y + d * wdir[1]
        r = matcher.read_corner(frame, px, py, wdir, hdir, w, h)
        if r is not None and r.doubtful:
            out.append((r, judge.corner(Corner(px, py, wdir, hdir, w, h), r, w, h)))
    return out


@pytest.mark.parametrize("code", ["KS", "KC", "KH", "KD"])
def test_a_king_whose_stem_runs_down_the_band_is_read_sure(matcher, code):
    reads = _slid_reads(matcher, code)
    assert any(cr is not None and cr.sure and cr.code == code for _, cr in reads), \
        f"no slid look read {code} sure with its K's stem in the band"
    assert all(cr.code == code for _, cr in reads if cr is not None)


def test_a_read_by_the_side_not_sure_is_no_alert(matcher):
    t = matcher.profile.thresholds
    unsure = [(r, cr) for code in ("KC", "KH") for r, cr in _slid_reads(matcher, code)
              if max(r.rank_scores.values()) >= t.candidate_score and max(r.suit_scores.values()) >= t.candidate_score
              and not (cr is not None and cr.sure)]
    # Slid K's that lost their stem still score as candidates (an alert but for the rule) ...
    assert unsure
    # ... and none becomes one.
    assert all(cr is None for _, cr in unsure)


def test_the_calibration_reads_no_glyph_by_the_side(matcher):
    """The self-test's trials set the thresholds the rule depends on: they read without it."""
    trial = IndexMatcher(matcher.profile, trial=True)
    frame, (x, y, wdir, hdir, w, h) = setup_shot_corner("anglo", "KS")
    slid = [(x + d * wdir[0], y + d * wdir[1]) for d in SLIDES]
    assert any(r is not None and r.doubtful for r in (matcher.read_corner(frame, px, py, wdir, hdir, w, h)
                                                         for px, py in slid))
    assert not any(r is not None and r.doubtful for r in (trial.read_corner(frame, px, py, wdir, hdir, w, h)
                                                             for px, py in slid))


def test_a_look_that_saw_only_doubtful_glyphs_is_not_cut_again_at_their_size(matcher):
    """A corner is cut again at the size its rank's height tells; a doubtful glyph's height tells
    nothing (a cut again at it read a ten out of anglo_modern_4_color's picture, an alert).
    Slid and cut a quarter too small or too big, the looks whose glyphs were all doubtful
    return their own (doubtful) read."""
    looked = []
    for code in ("KS", "KC", "KH", "KD"):
        frame, (x, y, wdir, hdir, w, h) = setup_shot_corner("anglo", code)
        for size in (0.75, 0.8, 0.85, 1.2, 1.3):
            for d in np.arange(4.0, 12.01, 0.5):
                px, py = x + d * size * wdir[0], y + d * size * wdir[1]
                r = matcher.read_corner(frame, px, py, wdir, hdir, w * size, h * size)
                if r is not None and not matcher.saw_glyphs:
                    looked.append(r)
    assert looked
    assert all(r.doubtful for r in looked)
