"""A rank glyph far narrower than its rank is printed is a piece of a wider glyph, never read sure.

``benchmarks/cover_stress.py`` found it on a rendered Russian deck: a card lying over the inner
side of a ten's index, paper on paper with no line between, left the ten's "1", which that deck's
ace is not; it read as the ace at 0.72, half as wide as the ace is printed.  Sure reads of 35
designs lie at 0.7 of their rank's printed shape or wider.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from covered_corner import SetUpCorner
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.verdict import NARROWEST

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
SHIPPED = default_profile_path().parent
needs_cards = pytest.mark.skipif(not (CARDS / "calib").is_dir(), reason="shared card images not found")


def _judged(profile: Profile, code: str):
    shot = SetUpCorner(CARDS / "calib" / "plastic" / f"{code}.png")
    return shot.judged(Recognizer(profile), shot.image, notched=False)


def _shape(profile: Profile, judged) -> float:
    box = judged.read.glyphs[0].box
    return (box.u1 - box.u0) * profile.aspect / (box.v1 - box.v0)


@needs_cards
@pytest.mark.parametrize("code", ["10H", "7S", "AD"])
def test_a_rank_far_narrower_than_printed_is_not_sure(code):
    profile = Profile.load(SHIPPED / "plastic")
    whole = _judged(profile, code)
    assert whole.sure and whole.code == code.replace("10", "T")
    shape = _shape(profile, whole)
    assert shape >= NARROWEST * profile.rank_aspect[whole.code[0]]
    # The same glyph, judged by a profile whose rank is printed a little wider than
    # NARROWEST allows it: what was read is now a piece of that rank.
    wider = {**profile.rank_aspect, whole.code[0]: shape / NARROWEST * 1.05}
    piece = _judged(replace(profile, rank_aspect=wider), code)
    assert piece is not None and piece.code == whole.code and not piece.sure
    # Just inside NARROWEST, it is still sure: the rule is the shape, nothing else.
    near = {**profile.rank_aspect, whole.code[0]: shape / NARROWEST * 0.95}
    assert _judged(replace(profile, rank_aspect=near), code).sure
