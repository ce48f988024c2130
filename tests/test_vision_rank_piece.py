"""A piece of a rank beside a covering card's edge is not read for sure by the blurred look at its suit.

In test frame 128 of anglo the ace of diamonds covers most of the ten of
clubs' index: a sliver of the ten's 0 is left beside its edge, over a whole
club.  Read in a window its own height sizes, the sliver fills it as a whole
rank would and scores as a J (0.85).  The club, in a window sized by that
too-short rank, scores 0.57, and the suit templates blurred (fatter) fit it
at 0.74: the blurred look made a sure jack of clubs of it when the frame was
5-12% smaller than as shot.  The guards: a rank whose height tells a card size
at which no index is found (``IndexRead.unsized``), or that is far shorter than
its suit says (``Judge.rank_short_of_suit``), gets no blurred look; and, the corner's tip
not seen, a read whose rank tells a card smaller than tilt or a lift make one is not sure.
"""

from __future__ import annotations

import json
from dataclasses import replace

import cv2
import numpy as np
import pytest

from dealer_assist.vision import card_groups, verdict
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from frame_truth import CARDS, assert_no_wrong_card

FRAME = "0128.jpg"


@pytest.fixture(scope="module")
def anglo():
    return Recognizer(Profile.load(default_profile_path()))


def _frame_at(scale: float):
    """Test frame 128 of anglo made ``scale`` times the size, its cards' truth scaled alike, and their height."""
    folder = CARDS / "test" / "anglo"
    if not (folder / FRAME).is_file():
        pytest.skip("shared card images not found")
    frame = cv2.imread(str(folder / FRAME))
    cards = next(f["cards"] for f in json.loads((folder / "truth.json").read_text())["frames"] if f["file"] == FRAME)
    cards = [dict(c, center=[v * scale for v in c["center"]]) for c in cards]
    card_h = scale * float(np.median([np.linalg.norm(np.subtract(c["corners"][0], c["corners"][3])) for c in cards]))
    return cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA), cards, card_h


@pytest.mark.parametrize("scale", [0.88, 0.92, 0.95, 0.96])
def test_a_tens_piece_beside_a_covering_card_is_never_read_as_a_jack(anglo, scale):
    img, cards, card_h = _frame_at(scale)
    assert_no_wrong_card(anglo.recognize(img).cards, cards, card_h)


def _without_the_size_guard(monkeypatch) -> None:
    """No card size too small for a sure read where the tip was not seen (see Judge.corner)."""
    monkeypatch.setattr(verdict, "RECUT_RANGE", (0.0, verdict.RECUT_RANGE[1]))


def _without_the_unsized_guard(monkeypatch) -> None:
    corner = verdict.Judge.corner
    monkeypatch.setattr(verdict.Judge, "corner", lambda self, c, r, w, h: corner(self, c, replace(r, unsized=False), w, h))


def _without_the_height_guard(monkeypatch) -> None:
    monkeypatch.setattr(verdict.Judge, "rank_short_of_suit", lambda self, r, rank, suit: False)


def _without_the_qak_f6_guards(monkeypatch) -> None:
    """Since qaK F6 two more guards catch the piece, each alone: it is a glyph cut on a line (its
    straight side, see Judge.cut_on_a_line, which a fragment's blurred-suit rule asks too), and it
    lies at the ten's own lower index, read TC at the top (one card read two ways, see
    card_groups.one_card_two_ways).  Both off, to see what the other guards do."""
    monkeypatch.setattr(verdict.Judge, "cut_on_a_line", lambda self, r, rank, suit: False)
    monkeypatch.setattr(card_groups, "one_card_two_ways", lambda *a, **k: False)


def _cut_though_its_card_is_read(monkeypatch) -> None:
    """The ten's other index reads clearly, which spares this corner altogether (see
    Recognizer._clear_alone): cut it all the same, to see what the guards do with it."""
    monkeypatch.setattr(Recognizer, "_clear_alone", lambda self, cr: False)


def test_without_the_unsized_guard_the_piece_is_read_as_a_jack(anglo, monkeypatch):
    _cut_though_its_card_is_read(monkeypatch)
    _without_the_qak_f6_guards(monkeypatch)
    _without_the_size_guard(monkeypatch)
    _without_the_unsized_guard(monkeypatch)
    img, _, _ = _frame_at(0.92)
    assert "JC" in [hit.card.code for hit in anglo.recognize(img).cards]


def test_without_the_height_guard_the_piece_is_read_as_a_jack(anglo, monkeypatch):
    _cut_though_its_card_is_read(monkeypatch)
    _without_the_qak_f6_guards(monkeypatch)
    _without_the_size_guard(monkeypatch)
    _without_the_height_guard(monkeypatch)
    img, _, _ = _frame_at(0.96)
    assert "JC" in [hit.card.code for hit in anglo.recognize(img).cards]


def test_the_size_guard_alone_keeps_the_jack_out_of_the_smaller_frame(anglo, monkeypatch):
    """In the frame 0.92 the size the sliver, read at its own height, tells a card far smaller
    than tilt or a lift make one: where the tip was not seen, that alone keeps it from being sure."""
    _cut_though_its_card_is_read(monkeypatch)
    _without_the_unsized_guard(monkeypatch)
    _without_the_height_guard(monkeypatch)
    img, _, _ = _frame_at(0.92)
    assert "JC" not in [hit.card.code for hit in anglo.recognize(img).cards]


def test_a_doubtful_read_not_cut_at_its_short_ranks_size_is_judged_as_at_a_notched_corner(anglo):
    """A Swiss deck's ace whose apex a card over its corner hid read as the ace of shields
    (its rose in a window sized by the too-short ace): such a read needs a notched corner's lead."""
    from dealer_assist.vision.detect import Corner
    from frame_truth import setup_shot_corner

    frame, (x, y, wdir, hdir, w, h) = setup_shot_corner("anglo", "5H")
    read = anglo.matcher.read_corner(frame, x, y, wdir, hdir, w, h)
    corner = Corner(x, y, wdir, hdir, w, h)
    t = anglo.profile.thresholds
    assert anglo.judge.corner(corner, read, w, h).sure
    # Scores a plain corner's read clears and a notched corner's does not.
    just = {k: (t.min_score + verdict.NOTCH_EXTRA / 2 if k == "H" else 0.0) for k in read.suit_scores}
    plain = replace(read, suit_scores=just, suit_image=None)  # no blurred look at it either
    assert anglo.judge.corner(corner, plain, w, h).sure
    assert anglo.judge.corner(corner, replace(plain, doubtful=True), w, h).sure
    assert anglo.judge.corner(corner, replace(plain, unsized=True), w, h).sure
    judged = anglo.judge.corner(corner, replace(plain, unsized=True, doubtful=True), w, h)
    assert judged is None or not judged.sure  # a doubtful read not sure is no alert either
    # At a notched corner a suit that short of a clear score is sure only far ahead of every
    # other suit and decided by its pair score (Judge.clearly_ahead); a heart a plain corner's
    # lead ahead of the spade is not.
    near = {**just, "S": t.min_score + verdict.NOTCH_EXTRA / 2 - t.min_margin - verdict.NOTCH_EXTRA / 2}
    close = replace(read, suit_scores=near, suit_image=None)
    assert anglo.judge.corner(corner, close, w, h).sure
    assert not anglo.judge.corner(Corner(x, y, wdir, hdir, w, h, notched=True), close, w, h).sure
