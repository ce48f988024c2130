"""Telling two look-alike ranks apart by a learned pixel direction, as the suit pairs are.

Some decks print two ranks that whole-glyph correlation barely parts: a German
"B" (Bube) and an "8", a "D" and a "0", a blurred "2" and "7".  Their templates
share most of their ink, so a glyph of one leads the other by less than the
profile's margin and the card goes to ``uncertain`` even when the few pixels
that differ (the B's straight back, the 8's waist) are plainly there.

The self-test finds the pairs whose runner-up comes close in its trial reads,
learns per pair the direction that weighs exactly those pixels (Fisher's
discriminant on the trials' rank glyphs, as :func:`.selftest.learn_pair_dirs`
does for suits) and sets cuts on other trial reads beyond which no trial of
the other rank lay.  At read time a rank whose plain lead over its runner-up
is short, but whose lean on the pair's direction lies past its cut, has that
runner-up ruled out: its lead is then counted over the next rank, just as a
suit's lead is counted over the suits its ink colour allows
(:func:`.index.suit_lead`).  Nothing else changes: the rank must still reach
every score and margin the profile asks.
"""

from __future__ import annotations

from collections import Counter
from typing import Optional

import numpy as np

from dealer_assist.vision.index import IndexRead, glyph_vector
from dealer_assist.vision.profile import TWO_CORNER_MARGIN, TWO_CORNER_SCORE, Profile
from dealer_assist.vision.templates import norm

#: A trial read whose runner-up rank came within this of its top marks the two as a
#: look-alike pair.  Twice the floor of the learned margin (0.15): a runner-up that
#: close is the one a blurrier glyph leaves within the margin.
NEAR = 0.3
#: Trial reads within :data:`NEAR` a pair needs: one alone is a fluke of one shot's noise.
MIN_NEAR = 2
#: Most pairs learned, the closest first: each costs a direction of a rank glyph's size
#: in the profile, and only the closest ones ever leave a read short of its margin.
MAX_PAIRS = 12
#: Trial reads of each rank of a pair needed to learn its direction and to set its cuts
#: (a rank has 8 per round of trials: four suits, two corners).
MIN_TRIALS = 20
#: How far the glyph spread is shrunk towards plain variance (as for suits: a few dozen
#: glyphs cannot pin down every pixel pair).
SHRINK = 0.5
#: Safety step beyond the other glyph's most extreme trial (the learned thresholds' grid step).
STEP = 0.03
#: Standard deviations of a glyph's trial leans or pair scores kept between it and the cut
#: for the other of its pair.  Table frames are blurrier than the trials: their tails run
#: wider than the trials' extremes (measured: by up to 0.03 on the demo deck), but not past
#: four deviations.
SPREAD = 4.0


def rank_image(read: IndexRead) -> Optional[np.ndarray]:
    """The rank glyph as matched, or None when the read kept none."""
    return read.glyphs[0].image if read.glyphs else None


def close_pairs(trials) -> list[str]:
    """Rank pairs (``"8J"``, sorted) whose runner-up came within :data:`NEAR` of the top
    in at least :data:`MIN_NEAR` trial reads, the most often close first."""
    near: Counter = Counter()
    for _, r in trials:
        if r is None or len(r.rank_scores) < 2:
            continue
        ordered = sorted(r.rank_scores.items(), key=lambda kv: -kv[1])
        if ordered[0][1] - ordered[1][1] < NEAR:
            near["".join(sorted(ordered[0][0] + ordered[1][0]))] += 1
    return [key for key, n in near.most_common(MAX_PAIRS) if n >= MIN_NEAR]


def learn_rank_pair_dirs(profile: Profile, trials, pairs: list[str]) -> None:
    """Per look-alike pair of ``pairs``, the rank-glyph direction that best parts them
    (Fisher's discriminant, shrunk), into ``profile.rank_pair_dirs``."""
    profile.rank_pair_dirs.clear()
    w, h = profile.rank_size
    glyphs: dict[str, list[np.ndarray]] = {}
    for card, r in trials:
        img = rank_image(r) if r is not None else None
        if img is not None and img.shape == (h, w):
            glyphs.setdefault(card.rank, []).append(glyph_vector(img))
    for key in pairs:
        a, b = key
        if min(len(glyphs.get(a, ())), len(glyphs.get(b, ()))) < MIN_TRIALS:
            continue
        xa, xb = np.array(glyphs[a], np.float64), np.array(glyphs[b], np.float64)
        within = np.cov(np.vstack([xa - xa.mean(axis=0), xb - xb.mean(axis=0)]).T)
        shrunk = (1 - SHRINK) * within + SHRINK * np.eye(len(within)) * np.trace(within) / len(within)
        direction = np.linalg.solve(shrunk, xa.mean(axis=0) - xb.mean(axis=0))
        profile.rank_pair_dirs[key] = direction.reshape(h, w).astype(np.float32)


class RankPairs:
    """A profile's rank pair directions, centred once, and the leads they allow."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        w, h = profile.rank_size
        self._dirs: dict[str, tuple[np.ndarray, float]] = {}
        for key, d in profile.rank_pair_dirs.items():
            if d.shape == (h, w):
                v = d.astype(np.float32).ravel()
                v = v - v.mean()
                self._dirs[key] = (v, float(np.linalg.norm(v)))

    def lean(self, read: IndexRead, key: str) -> Optional[float]:
        """How the read's rank glyph leans between the ranks of ``key`` (positive: to ``key[0]``);
        None without a direction for the pair or a rank glyph of the profile's size."""
        if key not in self._dirs:
            return None
        img = rank_image(read)
        if img is None or img.size != self._dirs[key][0].size:
            return None
        g = glyph_vector(img)
        d, norm_d = self._dirs[key]
        return float(g @ d / (norm_d * norm(g) + 1e-6))

    def lead(self, read: IndexRead, cuts: dict[str, tuple[float, float]]) -> tuple[str, float, float]:
        """The read's best rank, its score, and its lead over the next rank the pair lean does not rule out.

        The runner-up is ruled out when the top and it have ``cuts`` and the
        glyph leans past the top's cut (no trial read of the runner-up lay
        there); the lead is then over the third rank.  Else as ``read.best("rank")``.
        """
        rank, score, margin = read.best("rank")
        if not cuts or len(read.rank_scores) < 3:
            return rank, score, margin
        ordered = sorted(read.rank_scores.items(), key=lambda kv: -kv[1])
        second = ordered[1][0]
        key = "".join(sorted(rank + second))
        if key not in cuts:
            return rank, score, margin
        lean = self.lean(read, key)
        if lean is None:
            return rank, score, margin
        to_second, to_first = cuts[key]
        if lean >= to_first if rank == key[0] else lean <= to_second:
            return rank, score, score - ordered[2][1]
        return rank, score, margin


def rank_pair_cuts(profile: Profile, trials) -> dict[str, tuple[float, float]]:
    """Per rank pair with a direction, the leans at or beyond which a glyph is surely one of the two.

    As :func:`.selftest.pair_cuts` for suits: a glyph is the first rank when it
    leans above every trial read of the second rank by a safety step and
    :data:`SPREAD` of that rank's deviations above its mean, and past the middle
    of the two; the second rank likewise below the first.
    """
    pairs = RankPairs(profile)
    out = {}
    for key in profile.rank_pair_dirs:
        a, b = key
        of: dict[str, list[float]] = {a: [], b: []}
        for card, r in trials:
            if r is not None and card.rank in of:
                lean = pairs.lean(r, key)
                if lean is not None:
                    of[card.rank].append(lean)
        if min(len(of[a]), len(of[b])) < MIN_TRIALS:
            continue
        out[key] = cuts_between(of[a], of[b])
    return out


def cuts_between(of_a, of_b) -> tuple[float, float]:
    """The two cuts of a pair (rank or suit) from its trials' leans or pair scores, ``of_a`` for
    the first of the pair, ``of_b`` for the second: below the first cut a glyph is surely the
    second, above the second cut surely the first.  Each cut keeps :data:`SPREAD` deviations and
    a :data:`STEP` past the other's trials; two far apart leave a wide gap between the cuts,
    where a glyph resembles neither and is decided by neither."""
    sa, sb = np.array(of_a), np.array(of_b)
    to_b = min(sa.min() - STEP, sa.mean() - SPREAD * sa.std())
    to_a = max(sb.max() + STEP, sb.mean() + SPREAD * sb.std())
    mid = (to_a + to_b) / 2
    return round(float(min(to_b, mid - STEP)), 3), round(float(max(to_a, mid + STEP)), 3)


def misread_pairs(profile: Profile, trials, cuts: dict[str, tuple[float, float]], min_score: float,
                  min_margin: float) -> set[str]:
    """The pairs of ``cuts`` through which some trial read of ``trials`` would have its rank
    taken wrongly: a wrong top rank reaching ``min_score`` whose lead, counted past its
    runner-up ruled out by the pair, reaches ``min_margin``.  Such a pair's cuts are not kept."""
    pairs = RankPairs(profile)
    bad = set()
    for card, r in trials:
        if r is None:
            continue
        rank, score, margin = r.best("rank")
        if rank == card.rank or score < min_score:
            continue
        _, _, lead = pairs.lead(r, cuts)
        if lead > margin and lead >= min_margin:
            second = max((k for k in r.rank_scores if k != rank), key=r.rank_scores.get)
            bad.add("".join(sorted(rank + second)))
    return bad


def unsafe_pairs(profile: Profile, trials, cuts: dict[str, tuple[float, float]], min_score: float,
                 min_margin: float, step: float) -> set[str]:
    """The pairs of ``cuts`` through which some trial's rank would be taken wrongly by any rule
    that trusts the pair's lean, one safety ``step`` inside its thresholds (see :func:`misread_pairs`).

    One sure corner needs ``min_score`` and ``min_margin``.  Two corners
    agreeing each need less (``TWO_CORNER_SCORE`` below the score, a
    ``TWO_CORNER_MARGIN`` share of the margin), and for a rank with a
    look-alike only where the lean parts the two at both corners (see
    :meth:`.verdict.Judge.look_alike_unparted`): the same lean that took a
    trial wrongly there would make the card's two looks agree on the same
    confusion.  Those looser thresholds ask about every read the stricter
    ones do, and more.
    """
    return misread_pairs(profile, trials, cuts, min_score - TWO_CORNER_SCORE - step,
                         min_margin * TWO_CORNER_MARGIN - step)


def learn_rank_pairs(profile: Profile, trials, heavy, cut_trials, min_score: float, min_margin: float,
                     step: float) -> tuple[dict[str, tuple[float, float]], dict[str, tuple[float, float]]]:
    """Learn the look-alike rank pairs' directions (into ``profile.rank_pair_dirs``) and their cuts.

    The pairs and directions come from the usual ``trials`` and the ``heavy``
    ones (a blurred glyph is where a look-alike comes close); the cuts are set on
    ``cut_trials`` (``rank_pair_cuts``) and on those with the heavy ones, never
    looser (``rank_pair_cuts_blurred``, for reads past the self-test's blur, as
    :func:`.selftest.blurred_pair_cuts` for suits).  Then every trial is judged
    again with the runner-ups the cuts rule out, one safety ``step`` inside
    the thresholds of two corners agreeing (see :func:`unsafe_pairs`): a pair
    through which any trial's rank would have been taken wrongly keeps no cuts
    (and so never decides a read).
    """
    learn_rank_pair_dirs(profile, list(trials) + list(heavy), close_pairs(list(trials) + list(heavy)))
    usual = rank_pair_cuts(profile, cut_trials)
    wide = rank_pair_cuts(profile, list(cut_trials) + list(heavy))
    blurred = {key: (min(usual[key][0], cut[0]), max(usual[key][1], cut[1])) for key, cut in wide.items() if key in usual}
    every = list(trials) + list(heavy) + list(cut_trials)
    bad = unsafe_pairs(profile, every, usual, min_score, min_margin, step)
    bad |= unsafe_pairs(profile, every, blurred, min_score, min_margin, step)
    for key in list(profile.rank_pair_dirs):
        if key in bad or key not in usual:
            del profile.rank_pair_dirs[key]
    return ({k: v for k, v in usual.items() if k in profile.rank_pair_dirs},
            {k: v for k, v in blurred.items() if k in profile.rank_pair_dirs})
