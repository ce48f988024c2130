"""Look-alike ranks parted by a learned direction: what the lean rules out, and what it never does."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.index import IndexMatcher, IndexRead
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.rank_pairs import RankPairs, close_pairs, misread_pairs, unsafe_pairs
from dealer_assist.vision.verdict import Judge

from stand_in_glyphs import WHOLE_RANK

SHIPPED = Path(__file__).resolve().parents[1] / "calibration"


class _Glyph:
    """Stands in for a cut glyph of a black index: only its image (and its blur, ink, box and whether
    it was cut) is asked for."""

    def __init__(self, image: np.ndarray) -> None:
        self.image = image
        self.box = WHOLE_RANK
        self.blur = 0.0
        self.redness = 0.0
        self.cut = False


def _read(profile: Profile, image: np.ndarray, scores: dict[str, float]) -> IndexRead:
    return IndexRead(scores, {"S": 0.9, "C": 0.2}, 0.0, glyphs=(_Glyph(image), _Glyph(image)))


@pytest.fixture(scope="module")
def anglo() -> Profile:
    return Profile.load(SHIPPED / "anglo")


def test_the_shipped_profiles_hold_rank_pairs_with_cuts(anglo):
    for profile in (anglo, Profile.load(SHIPPED / "plastic")):
        t = profile.thresholds
        assert profile.rank_pair_dirs, profile.name
        assert set(profile.rank_pair_dirs) == set(t.rank_pair_cuts) == set(t.rank_pair_cuts_blurred)
        for key, (to_second, to_first) in t.rank_pair_cuts.items():
            assert to_second < to_first
            blurred = t.rank_pair_cuts_blurred[key]
            assert blurred[0] <= to_second and blurred[1] >= to_first  # never looser past the blur limit


def test_each_ranks_template_leans_past_its_own_cut(anglo):
    """The templates are the mean glyphs of each rank: the direction must put each on its own side."""
    pairs = RankPairs(anglo)
    for key, (to_second, to_first) in anglo.thresholds.rank_pair_cuts.items():
        a, b = key
        assert pairs.lean(_read(anglo, anglo.rank_templates[a], {a: 0.9, b: 0.8}), key) >= to_first, key
        assert pairs.lean(_read(anglo, anglo.rank_templates[b], {a: 0.9, b: 0.8}), key) <= to_second, key


def test_the_lean_rules_out_the_runner_up_only_when_it_agrees_with_the_top(anglo):
    key = next(iter(anglo.thresholds.rank_pair_cuts))
    a, b = key
    third = next(r for r in anglo.rank_templates if r not in key and len(r) == 1)
    pairs = RankPairs(anglo)
    cuts = anglo.thresholds.rank_pair_cuts
    scores = {a: 0.85, b: 0.80, third: 0.40}
    # A glyph of the top rank: the look-alike is ruled out, the lead is over the third rank.
    assert pairs.lead(_read(anglo, anglo.rank_templates[a], scores), cuts) == (a, 0.85, pytest.approx(0.45))
    # A glyph of the runner-up scored (by blur) a little under the top: nothing is ruled out.
    assert pairs.lead(_read(anglo, anglo.rank_templates[b], scores), cuts) == (a, 0.85, pytest.approx(0.05))
    # Without cuts (an older profile) the lead is the plain one.
    assert pairs.lead(_read(anglo, anglo.rank_templates[a], scores), {}) == (a, 0.85, pytest.approx(0.05))


def test_the_judge_takes_a_look_alike_rank_the_lean_parts_and_no_other(anglo):
    from dealer_assist.vision.detect import Corner

    judge = Judge(anglo, IndexMatcher(anglo))
    key = next(iter(anglo.thresholds.rank_pair_cuts))
    a, b = key
    third = next(r for r in anglo.rank_templates if r not in key and len(r) == 1)
    scores = {a: 0.85, b: 0.80, third: 0.40}  # a lead of 0.05: short of any profile's margin
    corner = Corner(10.0, 10.0, (1.0, 0.0), (0.0, 1.0), 50.0, 80.0)
    like_a, like_b = anglo.rank_templates[a], anglo.rank_templates[b]
    took = judge.corner(corner, _read(anglo, like_a, scores), 100.0, 150.0)
    assert took.sure and took.code == a + "S"
    assert not judge.corner(corner, _read(anglo, like_b, scores), 100.0, 150.0).sure
    # A corner whose tip was not seen may hold a fragment: the lean is not asked.
    notched = Corner(10.0, 10.0, (1.0, 0.0), (0.0, 1.0), 50.0, 80.0, notched=True)
    assert not judge.corner(notched, _read(anglo, like_a, scores), 100.0, 150.0).sure


def _pair(profile: Profile):
    """The profile's first look-alike rank pair: its key, both ranks, a third rank, the cuts, the
    first rank's template."""
    key = next(iter(profile.thresholds.rank_pair_cuts))
    a, b = key
    third = next(r for r in profile.rank_templates if r not in key and len(r) == 1)
    return key, a, b, third, profile.thresholds.rank_pair_cuts, profile.rank_templates[a]


def test_a_pair_that_would_take_a_trial_wrongly_is_found(anglo):
    """The self-test's last check: a trial of the runner-up whose glyph leans past the top's cut."""
    key, a, b, third, cuts, glyph_a = _pair(anglo)
    # Truly a "b" card whose glyph looks like the "a" template and reads "a" first.
    trial = (Card(b, "S"), _read(anglo, glyph_a, {a: 0.85, b: 0.80, third: 0.40}))
    assert misread_pairs(anglo, [trial], cuts, 0.7, 0.15) == {key}
    right = (Card(a, "S"), _read(anglo, glyph_a, {a: 0.85, b: 0.80, third: 0.40}))
    assert misread_pairs(anglo, [right], cuts, 0.7, 0.15) == set()


def test_a_pair_that_would_let_two_corners_agree_wrongly_is_found(anglo):
    """A trial read short of one sure corner's score but within what two agreeing corners each
    need, taken wrongly through the pair's lean: the pair is not safe for two corners either."""
    key, a, b, third, cuts, glyph_a = _pair(anglo)
    trial = (Card(b, "S"), _read(anglo, glyph_a, {a: 0.67, b: 0.62, third: 0.30}))
    assert misread_pairs(anglo, [trial], cuts, 0.7 - 0.01, 0.15 - 0.01) == set()
    assert unsafe_pairs(anglo, [trial], cuts, 0.7, 0.15, 0.01) == {key}
    # Below what two corners need, no rule would take it.
    weak = (Card(b, "S"), _read(anglo, glyph_a, {a: 0.6, b: 0.55, third: 0.30}))
    assert unsafe_pairs(anglo, [weak], cuts, 0.7, 0.15, 0.01) == set()


def test_close_pairs_are_those_the_trials_bring_close():
    def read(scores):
        return IndexRead(scores, {"S": 0.9}, 0.0)

    trials = [(Card("8", "S"), read({"8": 0.8, "J": 0.7, "2": 0.1}))] * 3 + \
             [(Card("2", "S"), read({"2": 0.9, "7": 0.3, "8": 0.1}))] * 3 + \
             [(Card("6", "S"), read({"6": 0.9, "9": 0.8, "8": 0.1}))]
    assert close_pairs(trials) == ["8J"]  # 2/7 never came close, 6/9 only once


def test_an_older_profile_without_rank_pairs_loads_and_judges_by_the_plain_lead(anglo, tmp_path):
    folder = tmp_path / "old"
    shutil.copytree(SHIPPED / "anglo", folder)
    data = json.loads((folder / "profile.json").read_text())
    for f in folder.glob("rankpair_*.npy"):
        f.unlink()
        data["template_files"].remove(f.name)
        del data["template_digests"][f.name]
    data["thresholds"].pop("rank_pair_cuts")
    data["thresholds"].pop("rank_pair_cuts_blurred")
    data.pop("measured_digests")  # saved before its measurements were guarded, too
    (folder / "profile.json").write_text(json.dumps(data))
    old = Profile.load(folder)
    assert old.rank_pair_dirs == {} and old.thresholds.rank_pair_cuts == {} == old.thresholds.rank_pair_cuts_blurred
    key = next(iter(anglo.thresholds.rank_pair_cuts))
    a, b = key
    read = _read(old, anglo.rank_templates[a], {a: 0.85, b: 0.80, "K" if "K" not in key else "2": 0.4})
    assert Judge(old, IndexMatcher(old)).rank_lead(read) == read.best("rank")


def _third(profile: Profile, key: str) -> str:
    return next(r for r in profile.rank_templates if r not in key and len(r) == 1)


def test_a_rank_whose_glyph_leans_past_its_look_alikes_cut_is_not_sure(anglo):
    """The ranks' mirror of the suits' pair veto: a clear whole-glyph read of one rank whose
    pixels say the look-alike (its template) goes to uncertain; its own glyph is taken."""
    from dealer_assist.vision.detect import Corner

    judge = Judge(anglo, IndexMatcher(anglo))
    key = next(iter(anglo.thresholds.rank_pair_cuts))
    a, b = key
    scores = {a: 0.95, b: 0.5, _third(anglo, key): 0.3}  # a clear read of "a" by the plain scores
    corner = Corner(10.0, 10.0, (1.0, 0.0), (0.0, 1.0), 50.0, 80.0)
    assert judge.corner(corner, _read(anglo, anglo.rank_templates[a], scores), 100.0, 150.0).sure
    vetoed = judge.corner(corner, _read(anglo, anglo.rank_templates[b], scores), 100.0, 150.0)
    assert not vetoed.sure and vetoed.pair_conflict
    # A corner whose tip was not seen may hold a fragment: its lean is not asked.
    notched = Corner(10.0, 10.0, (1.0, 0.0), (0.0, 1.0), 50.0, 80.0, notched=True)
    assert not judge.corner(notched, _read(anglo, anglo.rank_templates[b], scores), 100.0, 150.0).pair_conflict


def test_two_corners_agree_on_a_look_alike_rank_only_when_both_glyphs_lean_past_its_cut(anglo):
    from dataclasses import replace

    from dealer_assist.vision.detect import Corner

    key = next(iter(anglo.thresholds.rank_pair_cuts))
    a, b = key
    t = anglo.thresholds
    # The self-test saw the two taken one for the other near the thresholds.
    profile = replace(anglo, thresholds=replace(t, confusable={key: 0.2}))
    judge = Judge(profile, IndexMatcher(profile))
    # Each corner a little short of a sure read: the score under the bar, the lead (over the third rank) enough.
    scores = {a: t.min_score - 0.03, b: t.min_score - 0.06, _third(anglo, key): t.min_score - 0.03 - t.min_margin}
    near, far = (Corner(x, 10.0, (1.0, 0.0), (0.0, 1.0), 50.0, 80.0) for x in (10.0, 300.0))

    def agreed(glyph_near, glyph_far):
        group = [judge.corner(c, _read(profile, g, scores), 100.0, 150.0) for c, g in ((near, glyph_near), (far, glyph_far))]
        assert not any(cr.sure for cr in group)
        return judge.two_corners_agree(group, 100.0)

    like_a, like_b = anglo.rank_templates[a], anglo.rank_templates[b]
    assert agreed(like_a, like_a) is not None
    assert agreed(like_a, like_b) is None  # one corner's pixels do not part them: the same confusion may lie twice
    # A suit look-alike is never parted so.
    suits = replace(anglo, thresholds=replace(t, confusable={"CS": 0.2}))
    judge = Judge(suits, IndexMatcher(suits))
    assert agreed(like_a, like_a) is None


def test_a_cut_suit_leaves_the_rank_lean_asked_and_a_cut_rank_does_not(anglo):
    """A covering card's edge cut from the suit leaves the rank glyph whole, so its lean still
    parts it from its look-alike (an Атласные 8D, its diamond beside such an edge, stayed
    uncertain against a jack); a cut rank may be a fragment, whose lean says nothing."""
    from dealer_assist.vision.detect import Corner
    from dealer_assist.vision.verdict import NOTCH_EXTRA

    judge = Judge(anglo, IndexMatcher(anglo))
    key, a, b, third, _, like_a = _pair(anglo)
    t = anglo.thresholds
    # A plain lead a sure read would take, short of what a read with a cut glyph needs.
    lead = max(t.min_margin, t.blurred_rank[1]) + NOTCH_EXTRA / 2
    scores = {a: 0.95, b: 0.95 - lead, third: 0.40}
    corner = Corner(10.0, 10.0, (1.0, 0.0), (0.0, 1.0), 50.0, 80.0)

    def read(image, rank_cut: bool, suit_cut: bool) -> IndexRead:
        rank, suit = _Glyph(image), _Glyph(image)
        rank.cut, suit.cut = rank_cut, suit_cut
        return IndexRead(scores, {"S": 0.95, "C": 0.2}, 0.0, cut=rank_cut or suit_cut, glyphs=(rank, suit))

    took = judge.corner(corner, read(like_a, False, True), 100.0, 150.0)
    assert took.sure and took.code == a + "S"
    assert not judge.corner(corner, read(like_a, True, False), 100.0, 150.0).sure
    # The look-alike's glyph is not ruled out by its own lean.
    assert not judge.corner(corner, read(anglo.rank_templates[b], False, True), 100.0, 150.0).sure
