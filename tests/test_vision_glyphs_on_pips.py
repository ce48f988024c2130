"""Index glyphs touching a big pip, found by their glyphs where the card's corner is not seen.

svg-tigullio-international prints its index so near its pips that in the
half-size ink masks a 6 joins its big heart, or a queen's small spade its
picture's big spade: the glyph pair search found no glyph there (11 of the
deck's 24 cards missed with no corner seen).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.glyph_pairs import find_glyph_pairs, peel_pips
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer

from test_vision_glyph_pairs import _index_on_paper, _paper, _rank_and_suit


def _blobs(mask: np.ndarray) -> list[tuple[int, int, int, int]]:
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask)
    return [tuple(int(v) for v in stats[k, :4]) for k in range(1, n)]


def test_a_glyph_touching_a_pip_is_taken_off_it_and_the_pip_is_not():
    """A bar (a rank's stroke) touching a disc three times a suit's size makes one blob; the
    opening keeps the disc and gives back the bar, less the pixel where they touched."""
    ink = np.zeros((80, 80), np.uint8)
    cv2.rectangle(ink, (10, 20), (12, 35), 255, -1)
    cv2.circle(ink, (25, 28), 12, 255, -1)  # its left edge at x = 13: touching the bar
    rows = np.array([[10, 16, 28, 25, 400, 0]], np.float32)
    off = peel_pips(ink, rows, 20, 60, 8)
    assert off is not None
    (x, y, w, h), = _blobs(off)
    assert (x, y, h) == (10, 20, 16) and w <= 4  # the bar, and at most the disc's outermost pixels
    assert not off[:, 15:].any()  # nothing of the disc's body


def test_a_line_or_a_pictures_strokes_give_nothing():
    """Only a blob with a solid body gives glyphs back: strokes vanish whole in the opening."""
    ink = np.zeros((80, 80), np.uint8)
    cv2.polylines(ink, [np.array([[5, 5], [70, 10], [40, 70], [10, 40]], np.int32)], False, 255, 2)
    rows = np.array([[5, 5, 66, 66, 300, 0]], np.float32)
    assert peel_pips(ink, rows, 20, 100, 8) is None
    # A blob no bigger than a glyph is left to the plain masks.
    assert peel_pips(ink, rows, 70, 100, 8) is None


def _marked() -> Profile:
    """The shipped anglo profile, marked as a deck whose glyphs touch its pips (see the last test)."""
    profile = Profile.load(default_profile_path())
    profile.glyphs_on_pips = True
    return profile


def _pairs_on(img: np.ndarray, rec: Recognizer):
    masks = rec.masks(img)
    return find_glyph_pairs((masks.ink, masks.faint_ink), rec.profile, rec.profile.card_h_px,
                            pips=rec.profile.glyphs_on_pips)


def _bar_and_disc() -> tuple[Recognizer, np.ndarray, np.ndarray, np.ndarray]:
    """The marked recognizer and paper with the glyph pair tests' rank and suit (a bar above a
    disc at the deck's spacing): (recognizer, image, rank centre, suit centre)."""
    rec = Recognizer(_marked())
    rank_c = np.array([150.0, 80.0])
    img = _paper()
    suit_c = _rank_and_suit(img, rec.profile, rec.profile.card_h_px, rank_c)
    return rec, img, rank_c, suit_c


def test_a_glyph_off_a_pip_pairs_with_a_free_glyph_only():
    """A bar off one pip and a disc off another, at the index's spacing, are two fragments of
    openings (a picture's strokes about its solid parts): no pair.  The same bar with a disc
    standing free is an index."""
    rec, index, rank_c, suit_c = _bar_and_disc()
    p = rec.profile
    rank_h, suit_h = p.rank_h * p.card_h_px, p.suit_h * p.card_h_px
    pip, r = int(1.6 * suit_h), int(suit_h / 2)
    # Each pip a pixel off its glyph's corner, up and out: joined to it at half size.
    off = (pip + 1) / np.sqrt(2)

    def layout(suit_on_a_pip: bool) -> np.ndarray:
        img = index.copy()
        cv2.circle(img, (int(rank_c[0] + 0.12 * rank_h + off), int(rank_c[1] - rank_h / 2 - off)), pip,
                   (20, 20, 20), -1)
        if suit_on_a_pip:
            cv2.circle(img, (int(suit_c[0] - r * 0.7 - off), int(suit_c[1] + r * 0.7 + off)), pip, (20, 20, 20), -1)
        return img

    assert len(_pairs_on(layout(False), rec)) == 1
    assert _pairs_on(layout(True), rec) == []


@pytest.mark.parametrize("code", ["QH", "2H", "8H", "7S", "KS"])
def test_an_index_whose_rank_joins_a_pip_at_half_size_is_read_from_its_glyphs(code, monkeypatch):
    """A real anglo index, cut from inside its card's edges (no corner shows), with a pip of
    the rank's ink a pixel from the rank's side: one blob at the masks' half size.  The card
    is read, and without the opening it is not."""
    rec = Recognizer(_marked())
    p = rec.profile
    img, cut, (_, top, right, bottom) = _index_on_paper(p, code)
    pip = int(1.6 * p.suit_h * p.card_h_px)
    ink = cut.min(axis=2) < 150
    colour = tuple(int(v) for v in cut[ink].mean(axis=0))
    cv2.circle(img, (right + pip + 1, (top + bottom) // 2), pip, colour, -1, cv2.LINE_AA)
    assert [c.card.code for c in rec.recognize(img).cards] == [code]
    # Not for a deck whose set-up shots never showed a glyph on a pip ...
    assert Recognizer(Profile.load(default_profile_path())).recognize(img).cards == []
    # ... and not without the opening.
    monkeypatch.setattr("dealer_assist.vision.glyph_pairs.peel_pips", lambda *args: None)
    assert rec.recognize(img).cards == []


def test_a_suit_on_a_pip_no_bigger_than_a_rank_is_taken_off_it(monkeypatch):
    """tigullio-international's queen of hearts: its small heart on a big heart made one blob
    of a rank's size, too big for a suit.  Every blob too big for a suit is opened."""
    from dealer_assist.vision.glyph_pairs import _outline_stats
    rec, img, rank_c, suit_c = _bar_and_disc()
    p = rec.profile
    rank_h, suit_h = p.rank_h * p.card_h_px, p.suit_h * p.card_h_px
    r, pip = int(suit_h / 2), int(0.7 * suit_h)
    cv2.circle(img, (int(suit_c[0]) + r + pip + 1, int(suit_c[1])), pip, (20, 20, 20), -1)
    sizes = sorted(_outline_stats(rec.masks(img).ink, 0)[:, 2:4].max(axis=1).tolist())
    assert len(sizes) == 2 and sizes[1] < 1.2 * rank_h  # the bar, and the joined blob of a rank's size

    def index_found() -> bool:
        return any(np.hypot(*(np.array(gp.rank_at) - rank_c)) < 2 and np.hypot(*(np.array(gp.suit_at) - suit_c)) < 2
                   for gp in _pairs_on(img, rec))

    assert index_found()
    monkeypatch.setattr("dealer_assist.vision.glyph_pairs.peel_pips", lambda *args: None)
    assert not index_found()


def test_a_glyph_off_a_pip_places_the_corner_from_its_partner():
    """The glyph taken off a pip lost what touched the pip, so its centre is off: the corner is
    placed from the other glyph at the frame's card size.  (Placed from both, as other pairs
    are, tigullio-international read one card fewer and left one more alert.)"""
    from dealer_assist.vision.detect import MASK_SCALE
    from dealer_assist.vision.glyph_pairs import _pair
    p = Profile.load(default_profile_path())
    h_px = p.card_h_px * MASK_SCALE
    w_px = h_px * p.aspect
    du, dv = (p.suit_box.cu - p.rank_box.cu) * w_px, (p.suit_box.cv - p.rank_box.cv) * h_px
    suit = np.array([200.0, 200.0])
    rank = suit - np.array([du, dv]) / MASK_SCALE * 0.8  # the rank's centre moved by its lost strokes
    for off_pip, anchor, box in (((True, False), suit, p.suit_box), ((False, True), rank, p.rank_box)):
        gp = _pair(rank, suit, du, dv, w_px, h_px, p, 0.0, (), off_pip=off_pip)
        c = gp.corner
        assert gp.scale == 1.0
        at = (np.array([c.x, c.y]) + box.cu * p.card_h_px * p.aspect * np.array(c.wdir)
              + box.cv * p.card_h_px * np.array(c.hdir))
        assert np.linalg.norm(at - anchor) < 1e-6
    assert _pair(rank, suit, du, dv, w_px, h_px, p, 0.0, ()).scale == pytest.approx(0.8)


def _shot_with_a_pip_on_its_rank(code: str, pip_on: bool):
    """A real anglo set-up shot, ``(card, image, quad)`` as calibration holds it, with a pip of
    the rank's ink drawn two pixels right of the rank (one blob at half size) when ``pip_on``."""
    import json
    from dealer_assist.cards import parse_card
    from frame_truth import CARDS, setup_shot_corner
    image, (x, y, wdir, hdir, w, h) = setup_shot_corner("anglo", code)
    quad = np.array(json.loads((CARDS / "calib" / "anglo" / "calib.json").read_text())["cards"][code]["corners"])
    if pip_on:
        p = Profile.load(default_profile_path())
        rb = p.rank_box
        corner, wdir, hdir = np.array([x, y]), np.array(wdir), np.array(hdir)
        ink = image.min(axis=2) < 150
        # The rank's ink: the shot's card lies upright, so its rank box is a rectangle of the image.
        x0, y0 = (corner + rb.u0 * w * wdir + rb.v0 * h * hdir).astype(int)
        x1, y1 = (corner + rb.u1 * w * wdir + rb.v1 * h * hdir).astype(int)
        ys, xs = np.nonzero(ink[y0:y1, x0:x1])
        right, middle = x0 + xs.max(), y0 + (ys.min() + ys.max()) / 2
        pip = int(1.1 * p.suit_h * h)
        colour = tuple(int(v) for v in image[y0:y1, x0:x1][ink[y0:y1, x0:x1]].mean(axis=0))
        cv2.circle(image, (int(right + pip + 2), int(middle + pip * 0.5)), pip, colour, -1, cv2.LINE_AA)
    return parse_card(code), image, quad


def test_a_deck_is_marked_for_taking_glyphs_off_pips_only_where_its_shots_need_it():
    """Calibration takes glyphs off pips only for a deck whose own set-up shots show an index
    found so and not otherwise (tigullio-international, swiss-xvii, tarocco of the benchmark's 35)."""
    from dealer_assist.vision.calibrate import glyphs_on_pips
    p = Profile.load(default_profile_path())
    clear = [_shot_with_a_pip_on_its_rank(code, False) for code in ("QH", "8H")]
    assert not glyphs_on_pips(p, clear)
    assert glyphs_on_pips(p, clear + [_shot_with_a_pip_on_its_rank("8H", True)])
    # A deck printing an index at all four corners is never searched for glyph pairs.
    from dataclasses import replace
    assert not glyphs_on_pips(replace(p, index_corners=4), [_shot_with_a_pip_on_its_rank("8H", True)])
