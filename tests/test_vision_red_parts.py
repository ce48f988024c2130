"""Red index glyphs parted by their colour from the black line they touch.

svg-penguins prints its kings' K in the narrow strip between the card's
edge and the picture's black frame: in fanned cards, where no corner shows,
the K made one blob with the frame's line, too big to pair with its suit,
and the line is as wide as the K's stem, so no opening parts them.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.glyph_pairs import RED_LEAD, _outline_stats, find_glyph_pairs, red_parts
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer

from test_vision_glyph_pairs import _index_cut, _index_on_paper, _paper, _suit_centre

RED, BLACK = (30, 30, 200), (20, 20, 20)


def _masks(img: np.ndarray, rec: Recognizer):
    """The half-size ink mask of ``img``, its blobs' rows and the half-size frame it was made from."""
    masks = rec.masks(img)
    return masks.ink, _outline_stats(masks.ink, 0), masks.frame


def test_a_red_bar_is_parted_from_the_black_line_it_touches_and_the_line_is_not():
    rec = Recognizer(Profile.load(default_profile_path()))
    img = _paper()
    cv2.rectangle(img, (100, 60), (106, 90), RED, -1)
    cv2.rectangle(img, (107, 30), (112, 200), BLACK, -1)  # touching the bar's right side
    ink, rows, colour = _masks(img, rec)
    assert len(rows) == 1  # one blob at the masks' half size
    part = red_parts(ink, rows, colour, 10, 200)
    assert part is not None
    ys, xs = np.nonzero(part)
    assert 49 <= 2 * xs.min() <= 101 and 2 * xs.max() <= 108  # the bar, not the line beyond it
    assert 58 <= 2 * ys.min() and 2 * ys.max() <= 92


def test_a_blob_all_red_or_all_black_gives_nothing():
    """A red pip or picture alone is no part of its own; a black blob has no red part."""
    rec = Recognizer(Profile.load(default_profile_path()))
    for colours in ((RED, RED), (BLACK, BLACK)):
        img = _paper()
        cv2.rectangle(img, (100, 60), (106, 90), colours[0], -1)
        cv2.rectangle(img, (107, 30), (112, 200), colours[1], -1)
        ink, rows, colour = _masks(img, rec)
        assert red_parts(ink, rows, colour, 10, 200) is None


def _index_on_a_line(code: str, rec: Recognizer) -> np.ndarray:
    """A real anglo index cut from inside its card's edges (no corner shows), with a black line
    as wide as the rank's stem touching the rank's right side from above it to its foot, as a
    picture's frame runs beside a penguins king's K."""
    img, cut, (_, _, right, bottom) = _index_on_paper(rec.profile, code)
    cv2.rectangle(img, (right + 2, 70), (right + 5, bottom), BLACK, -1)
    return img


@pytest.mark.parametrize("code", ["KD", "QH", "8D", "2H", "AH"])
def test_a_red_index_whose_rank_touches_a_black_line_is_read_from_its_glyphs(code, monkeypatch):
    """Read with the red parted from the line; without it the card is not read at all."""
    rec = Recognizer(Profile.load(default_profile_path()))
    img = _index_on_a_line(code, rec)
    assert [c.card.code for c in rec.recognize(img).cards] == [code]
    monkeypatch.setattr("dealer_assist.vision.glyph_pairs.red_parts", lambda *args: None)
    assert rec.recognize(img).cards == []


def test_a_red_part_pairs_only_with_a_red_glyph_standing_free():
    """A red bar parted from a black line, at the deck's spacing from a disc: an index when the
    disc is red, none when it is black (a court card's red robe beside a black pip)."""
    rec = Recognizer(Profile.load(default_profile_path()))
    p = rec.profile
    card_h = p.card_h_px
    rank_c = np.array([150.0, 80.0])
    suit_c = _suit_centre(p, card_h, rank_c)
    rank_h, suit_h = p.rank_h * card_h, p.suit_h * card_h
    found = {}
    for name, disc in (("red", RED), ("black", BLACK)):
        img = _paper()
        right = int(rank_c[0] + 0.12 * rank_h)
        cv2.rectangle(img, (int(rank_c[0] - 0.12 * rank_h), int(rank_c[1] - rank_h / 2)),
                      (right, int(rank_c[1] + rank_h / 2)), RED, -1)
        cv2.rectangle(img, (right + 1, 15), (right + 5, int(rank_c[1] + rank_h / 2)), BLACK, -1)
        cv2.circle(img, tuple(int(v) for v in suit_c), int(suit_h / 2), disc, -1)
        masks = rec.masks(img)
        found[name] = [gp for gp in find_glyph_pairs((masks.ink, masks.faint_ink), p, card_h, colour=masks.frame)
                       if np.hypot(*(np.array(gp.suit_at) - suit_c)) < 3]
    assert len(found["red"]) == 1 and np.hypot(*(np.array(found["red"][0].rank_at) - rank_c)) < 3
    assert found["black"] == []


def test_red_lead_sets_apart_red_ink_from_grey_and_black():
    """The anglo deck's own red ink, from its set-up shot, stands far above the lead; its paper,
    its black ink and a grey shadow do not reach it."""
    cut = _index_cut(Profile.load(default_profile_path()), "QH").astype(np.int16)
    lead = cut[..., 2] - np.maximum(cut[..., 0], cut[..., 1])
    inked = cut.min(axis=2) < 150
    assert np.median(lead[inked]) > 2 * RED_LEAD
    black = _index_cut(Profile.load(default_profile_path()), "QS").astype(np.int16)
    black_lead = black[..., 2] - np.maximum(black[..., 0], black[..., 1])
    assert np.percentile(black_lead[black.min(axis=2) < 150], 99) < RED_LEAD
