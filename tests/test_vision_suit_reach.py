"""Corners passed over before any look: no ink on their line of suit centres (see vision/suit_reach.py)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.detect import Corner
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.suit_reach import SuitReach, solid_suits
from frame_truth import setup_shot_corner


@pytest.fixture(scope="module")
def shot():
    """The anglo recognizer, a real set-up shot of the 7C and its top-left corner as a found corner."""
    frame, (x, y, wdir, hdir, w, h) = setup_shot_corner("anglo", "7C")
    return Recognizer(Profile.load(default_profile_path())), frame, Corner(x, y, wdir, hdir, w, h), (w, h)


def _reach(rec: Recognizer, frame: np.ndarray) -> SuitReach:
    return SuitReach(rec.profile, rec.masks(cv2.cvtColor(frame, cv2.COLOR_BGR2BGRA)), all_felt=False)


def _painted_out(rec: Recognizer, frame, c: Corner, size, pip: bool) -> np.ndarray:
    """The frame with the corner's index region painted over in paper; with ``pip``, a solid
    diamond as tall as a suit where the rank stood (a deck's lone corner pip)."""
    w, h = size
    p = rec.profile
    region, rank = p.index_region(), p.rank_box
    paper = frame[int(c.y + 0.5 * h), int(c.x + 0.5 * w)].tolist()
    out = frame.copy()
    # The region is cut at a card up to the biggest size a retry's recut reaches.
    reach = Recognizer._size_reach([1.0])[1]
    cv2.rectangle(out, (int(c.x + 3), int(c.y + 3)), (int(c.x + reach * region.u1 * w), int(c.y + reach * region.v1 * h)),
                  paper, cv2.FILLED)
    if pip:
        r = p.suit_h * h / 2
        cx, cy = c.x + rank.cu * w, c.y + rank.cv * h
        cv2.fillConvexPoly(out, np.array([[cx, cy - r], [cx + 0.7 * r, cy], [cx, cy + r], [cx - 0.7 * r, cy]],
                                         np.int32), (30, 30, 200))
    return out


def test_an_index_corner_may_hold_an_index_at_every_size_the_reader_tries(shot):
    rec, frame, c, (w, h) = shot
    reach = _reach(rec, frame)
    assert reach.may_hold_index(c, w, h, *Recognizer._size_reach([1.0]))
    # The suit centre lies on the line whatever the card's size guess, within the reach.
    for k in (0.8, 1.25):
        assert reach.may_hold_index(c, w * k, h * k, *Recognizer._size_reach([1.0]))


def test_a_bare_corner_is_passed_over_and_a_notched_one_beside_felt_is_not(shot):
    """A corner with no index (a deck printing none in its other corners): no ink near the line
    of suit centres at any card size."""
    rec, frame, c, (w, h) = shot
    bare = _painted_out(rec, frame, c, (w, h), False)
    assert not _reach(rec, bare).may_hold_index(c, w, h, *Recognizer._size_reach([1.0]))
    # A notched corner counts what is not card paper as well: the felt beyond the card's edge.
    beside = Corner(c.x - 0.2 * w, c.y, c.wdir, c.hdir, w, h, notched=True)
    assert _reach(rec, bare).may_hold_index(beside, w, h, 1.0, 1.0)


def test_ink_a_few_pixels_off_the_line_counts(shot):
    """A held-out Swiss deck's tens print a suit whose middle is pale, a little off the line of
    the deck's average suit centre: ink a few pixels beside the line still counts (three tens
    were lost when only a pixel's reach did)."""
    rec, frame, c, (w, h) = shot
    box = rec.profile.suit_box
    centre = np.array([c.x, c.y]) + box.cu * w * np.array(c.wdir) + box.cv * h * np.array(c.hdir)
    along = box.cu * w * np.array(c.wdir) + box.cv * h * np.array(c.hdir)
    along /= np.linalg.norm(along)
    beside = np.array([-along[1], along[0]])
    seg = [centre + 5.0 * beside - 6.0 * along, centre + 5.0 * beside + 6.0 * along]  # 2.5 mask pixels off
    out = _painted_out(rec, frame, c, (w, h), False)
    cv2.line(out, tuple(int(round(v)) for v in seg[0]), tuple(int(round(v)) for v in seg[1]), (30, 30, 30), 2)
    assert _reach(rec, out).may_hold_index(c, w, h, *Recognizer._size_reach([1.0]))


def test_a_corner_whose_line_leaves_the_frame_is_read(shot):
    rec, frame, c, (w, h) = shot
    reach = _reach(rec, _painted_out(rec, frame, c, (w, h), True))
    out = Corner(4.0, 4.0, (-1.0, 0.0), (0.0, -1.0), w, h)  # its suit centres lie beyond the frame's top left
    assert reach.may_hold_index(out, w, h, 0.6, 1.7)


def test_only_a_deck_printing_solid_suits_is_tested(shot):
    rec = shot[0]
    assert solid_suits(rec.profile)
    hollow = dict(rec.profile.suit_templates)
    ring = np.zeros_like(next(iter(hollow.values())))
    hh, ww = ring.shape
    cv2.ellipse(ring, (ww // 2, hh // 2), (ww // 2 - 2, hh // 2 - 2), 0, 0, 360, 1.0, 2)
    hollow["H"] = ring
    p = Profile.load(default_profile_path())
    p.suit_templates = hollow
    assert not solid_suits(p)
