"""A card lying across another's corner hides the tip and the top of the rank: what is left of
the rank, read at its own height, is not taken for another rank.

``benchmarks/cover_stress.py`` (each index corner of every set-up shot covered in part by a
plain card, read and judged as a corner whose tip was not seen) found it: a 5's lower loop
read as a "Q" (plastic, here), a 6's or an 8's lower loop as a "10" on other designs.  Read at its own height, such a piece tells a card far
smaller than tilt or a lift make one (:data:`.index.RECUT_RANGE`), where every sure read at
such a corner on the benchmark's table frames told one at least 0.82 of the frame's size.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from covered_corner import SetUpCorner
from dealer_assist.vision.index import RECUT_RANGE
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
SHIPPED = default_profile_path().parent
needs_cards = pytest.mark.skipif(not (CARDS / "calib").is_dir(), reason="shared card images not found")


@pytest.fixture(scope="module")
def plastic() -> Recognizer:
    return Recognizer(Profile.load(SHIPPED / "plastic"))


def _judged(rec: Recognizer, code: str, level: float | None):
    """The top-left index of the ``code`` set-up shot read and judged at its true tip, the tip
    not seen: uncovered (``level`` None), or under a plain white card whose edge lies level
    ``level`` of the way down the rank's box."""
    shot = SetUpCorner(CARDS / "calib" / "plastic" / f"{code}.png")
    img = shot.image
    if level is not None:
        rb = rec.profile.rank_box
        img = shot.covered(shot.tip + shot.hd * (rb.v0 + level * (rb.v1 - rb.v0)) * shot.ch, shot.wd, -shot.hd,
                           (255, 255, 255))
    return shot.judged(rec, img, notched=True)


@needs_cards
def test_a_piece_of_a_rank_left_below_a_covering_card_is_never_sure(plastic):
    whole = _judged(plastic, "5C", None)
    assert whole.sure and whole.code == "5C"  # uncovered, the tip not seen: read
    piece = _judged(plastic, "5C", 0.3)
    assert piece.code == "QC"  # what is left of the 5 (its lower loop) reads as a Q, clearly ...
    assert piece.read.best("rank")[1] >= plastic.profile.thresholds.min_score
    assert piece.read.scale < RECUT_RANGE[0]  # ... at its own height, a card too small to be
    assert not piece.sure
