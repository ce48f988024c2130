"""Index glyphs the usual cut got wrong: a rank in fine strokes that blur parts (kept as one
glyph where faint ink still joins the pieces), and a suit beside a rank printed taller than the
others (taken at the card's scale, not the tall rank's)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.blob_parts import JOIN_LEVEL
from dealer_assist.vision.glyphs import extract_glyphs
from dealer_assist.vision.index_layout import PAD
from dealer_assist.vision.ink import INK
from dealer_assist.vision.profile import CANON_H, Profile, default_profile_path

PAPER = 230


@pytest.fixture(scope="module")
def profile():
    return Profile.load(default_profile_path())


def _grey(ink: float) -> int:
    """The grey level that is ``ink`` dark against the paper (see ``glyphs.ink_map``)."""
    return int(round(PAPER * (1.0 - ink)))


def _index_patch(profile: Profile, hairline: float | None, ball_u: float = 0.0) -> np.ndarray:
    """An upright corner patch: a rank drawn as a stem with a ball terminal to its left
    (``ball_u`` further left, in card widths), a hairline of ink ``hairline`` between
    them (None: paper), and a solid suit below."""
    cw, ch = profile.canon_w, CANON_H
    region = profile.index_region()
    patch = np.full((int(region.v1 * ch) + PAD, int(region.u1 * cw) + PAD, 3), PAPER, np.uint8)
    rb, sb = profile.rank_box, profile.suit_box
    top, bottom = PAD + int(rb.v1 * ch - profile.rank_h * ch), PAD + int(rb.v1 * ch)
    right = PAD + int(rb.u1 * cw) - 2
    cv2.rectangle(patch, (right - 4, top), (right, bottom), (20, 20, 20), -1)  # the body
    ball = (right - 13 - int(ball_u * cw), (top + bottom) // 2 - 6)
    if hairline is not None:
        cv2.line(patch, ball, (right - 4, ball[1]), (_grey(hairline),) * 3, 1)
    cv2.circle(patch, ball, 3, (20, 20, 20), -1)
    sx, sy = PAD + int(sb.cu * cw), PAD + int(sb.cv * ch)
    r = int(0.4 * profile.suit_h * ch)
    cv2.circle(patch, (sx, sy), r, (20, 20, 20), -1)
    return patch


def _rank_width(profile: Profile, patch: np.ndarray) -> float:
    rank, suit = extract_glyphs(patch, profile)
    assert rank is not None and suit is not None
    return (rank.box.u1 - rank.box.u0) * profile.canon_w


def test_a_terminal_joined_by_a_faint_hairline_stays_with_its_glyph(profile):
    """A hairline fading below the ink level (a serif "3" in blur) no longer
    drops the ball terminal: the glyph spans body and ball."""
    hairline = (JOIN_LEVEL + INK) / 2
    assert _rank_width(profile, _index_patch(profile, hairline)) >= 15


def test_a_piece_with_paper_between_is_not_taken_in(profile):
    """Without the hairline the ball is a stray speck beside the glyph, left out as before."""
    assert _rank_width(profile, _index_patch(profile, None)) <= 6


def test_a_piece_joined_faintly_but_wider_apart_than_any_glyph_is_not_taken_in(profile):
    """Faint ink may join a glyph to a picture's stroke: no glyph spans more than the deck's rank box."""
    patch = _index_patch(profile, (JOIN_LEVEL + INK) / 2, ball_u=0.06)
    assert _rank_width(profile, patch) <= 6


def _tall_rank_patch(profile: Profile, rank_scale: float) -> np.ndarray:
    """An upright corner patch: a bar of ``rank_scale`` times the deck's rank height, from
    the rank box's top, and a solid suit at the suit box (the same for every rank)."""
    cw, ch = profile.canon_w, CANON_H
    region = profile.index_region()
    patch = np.full((int(region.v1 * ch) + PAD, int(region.u1 * cw) + PAD, 3), PAPER, np.uint8)
    rb, sb = profile.rank_box, profile.suit_box
    top = PAD + int(rb.v0 * ch) + 2
    left = PAD + int(rb.cu * cw) - 3
    cv2.rectangle(patch, (left, top), (left + 6, top + int(round(rank_scale * profile.rank_h * ch)) - 1),
                  (20, 20, 20), -1)
    cv2.circle(patch, (PAD + int(sb.cu * cw), PAD + int(sb.cv * ch)), int(0.4 * profile.suit_h * ch),
               (20, 20, 20), -1)
    return patch


def test_a_suit_beside_a_rank_printed_taller_is_matched_at_the_cards_scale(profile):
    """A queen's tail makes her rank a tenth taller: the window scaled by that height
    shows her suit a tenth too small (a spade so shrunk lost a third of its score).
    With the rank's own printed height known, her suit looks as any other."""
    from dataclasses import replace

    from dealer_assist.vision.index import IndexMatcher

    usual = IndexMatcher(profile).read(_tall_rank_patch(profile, 1.0))
    shrunk = IndexMatcher(profile).read(_tall_rank_patch(profile, 1.1))
    tall = replace(profile, rank_heights={r: 1.1 * profile.rank_h for r in profile.rank_templates})
    fixed = IndexMatcher(tall).read(_tall_rank_patch(tall, 1.1))

    def gap(a, b):
        return float(np.abs(a.suit_image - b.suit_image).mean())

    assert gap(fixed, usual) < 0.5 * gap(shrunk, usual)


def test_the_suit_window_factor_follows_the_ranks_printed_height(profile):
    from dataclasses import replace

    tall = replace(profile, rank_heights={"Q": 1.1 * profile.rank_h, "A": 3.0 * profile.rank_h})
    assert tall.suit_window_factor("Q") == pytest.approx(1 / 1.1)
    assert tall.suit_window_factor("7") == 1.0  # printed as tall as the others
    assert tall.suit_window_factor("A") == 0.8  # no rank is printed three times the others' height


def test_a_blurred_nine_whose_strokes_parted_reads_at_the_first_look(profile):
    """Shared frame 0107 (heavy blur): the 9H's thin strokes fade and part; the pieces,
    still joined by faint ink, make one "9" at the usual ink level (before, only the
    second, faint look read it)."""
    import json
    from pathlib import Path

    from dealer_assist.vision.index import IndexMatcher

    cards = Path(__file__).resolve().parents[2] / "shared" / "cards" / "test" / "anglo"
    if not (cards / "truth.json").is_file():
        pytest.skip("shared card images not found")
    truth = json.loads((cards / "truth.json").read_text())
    card = next(c for f in truth["frames"] if f["file"] == "0107.jpg" for c in f["cards"] if c["card"] == "9H")
    q = np.array(card["corners"])
    wv, hv = q[1] - q[0], q[3] - q[0]
    img = cv2.imread(str(cards / "0107.jpg"))
    read = IndexMatcher(profile)._read_at(img, q[0][0], q[0][1], wv / np.linalg.norm(wv), hv / np.linalg.norm(hv),
                                          np.linalg.norm(wv), np.linalg.norm(hv), faint=False)
    t = profile.thresholds
    rank, rs, rm = read.best("rank")
    assert rank == "9" and rs >= t.min_score and rm >= t.min_margin
    assert read.best("suit")[0] == "H"
