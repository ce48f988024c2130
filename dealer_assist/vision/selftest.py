"""Learning templates and thresholds from the set-up shots seen through simulated table conditions.

A set-up shot is sharp, evenly lit and at the reference distance; a table
frame is not.  Templates averaged over copies of the shots that are rescaled
and blurred match blurred table glyphs far better than templates cut from the
sharp shot alone (a thin spade stem vanishes in blur; the template must know
that).  The thresholds are set on a second, randomly degraded set of copies
(noise, JPEG, card-size and corner errors): the margin a wrong template ever
won by there, plus a safety step, is the margin a read must beat.
"""

from __future__ import annotations

import numpy as np
import cv2

from dataclasses import replace
from typing import Optional

from dealer_assist.vision.cut_glyphs import cut_suit_thresholds
from dealer_assist.vision.cut_glyphs import cut_trials as covered_trials
from dealer_assist.vision.glyphs import extract_glyphs
from dealer_assist.vision.index import (BLACK_MOST, RED_LEAST, IndexMatcher, colour_fits, glyph_vector, suit_lead,
                                        suit_pairs)
from dealer_assist.vision.rank_pairs import cuts_between, learn_rank_pairs
from dealer_assist.vision.profile import TWO_CORNER_MARGIN, TWO_CORNER_SCORE, Profile, Thresholds
from dealer_assist.vision.warp import warp_corner

#: (scale, blur sigma) pairs the templates are averaged over.
TEMPLATE_VARIANTS = ((1.0, 0.0), (0.85, 0.0), (1.15, 0.0), (1.0, 1.0), (0.85, 1.0), (1.15, 0.8), (0.9, 1.5))
#: Copies blurred by this much or more would make a second, soft template of
#: each glyph (``S~``).  Measured: soft templates bring blurred glyphs closer to
#: *every* class and cost more sure reads than they win, so none are made.
#: (A blurred rank is instead scored against all rank templates blurred as
#: much as it is, the level measured on the glyph: see ``templates.BLUR_LEVELS``.)
SOFT_BLUR = float("inf")
#: Floors under the learned thresholds: the self-test cannot imitate every scene.
MIN_MARGIN_FLOOR = 0.15
MIN_SCORE_FLOOR = 0.70


def degrade(image: np.ndarray, quad: np.ndarray, scale: float, blur: float, noise: float = 0.0,
            jpeg: int = 0, rng: np.random.Generator | None = None, motion: int = 0,
            light: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """The card's neighbourhood rescaled, blurred, unevenly lit, noisy and JPEG-compressed; with the moved quad."""
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 12
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 12
    x0, y0 = max(x0, 0), max(y0, 0)
    crop = image[y0:y1, x0:x1]
    out = cv2.resize(crop, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    if blur > 0:
        out = cv2.GaussianBlur(out, (0, 0), blur)
    if motion > 1 and rng is not None:
        kernel = np.zeros((motion, motion), np.float32)
        kernel[motion // 2, :] = 1.0 / motion
        rot = cv2.getRotationMatrix2D(((motion - 1) / 2, (motion - 1) / 2), float(rng.uniform(0, 180)), 1.0)
        kernel = cv2.warpAffine(kernel, rot, (motion, motion))
        out = cv2.filter2D(out, -1, kernel / max(kernel.sum(), 1e-6))
    if light and rng is not None:
        h, w = out.shape[:2]
        angle = rng.uniform(0, 2 * np.pi)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        ramp = ((xx - w / 2) * np.cos(angle) + (yy - h / 2) * np.sin(angle)) / max(w, h)
        gain = (1.0 - light / 2) + light * ramp
        out = np.clip(out.astype(np.float32) * gain[..., None], 0, 255).astype(np.uint8)
    if noise > 0 and rng is not None:
        out = np.clip(out.astype(np.float32) + rng.normal(0, noise, out.shape), 0, 255).astype(np.uint8)
    if jpeg:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(jpeg)])
        if ok:
            out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out, (quad - [x0, y0]) * scale


def corner_patches(profile: Profile, image: np.ndarray, quad: np.ndarray, size_error: float = 1.0,
                   shift: tuple[float, float] = (0.0, 0.0), turn_deg: float = 0.0):
    """Upright patches of both index corners of an upright card ``quad`` (with simulated detection errors)."""
    out = []
    t = np.radians(turn_deg)
    rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    for k in (0, 2):
        c = quad[k] + shift
        wv = rot @ (quad[(k + 1) % 4] - quad[k])
        hv = rot @ (quad[(k + 3) % 4] - quad[k])
        w, h = np.linalg.norm(wv), np.linalg.norm(hv)
        out.append(warp_corner(image, c[0], c[1], wv / w, hv / h, w * size_error, h * size_error, profile))
        if profile.index_corners < 2:
            break
    return out


def learn_templates(profile: Profile, shots) -> None:
    """Replace the profile's templates by their average over :data:`TEMPLATE_VARIANTS`.

    Some decks print a bigger suit (or rank) on the court cards: glyphs whose
    size, relative to the other glyph of the same index, differs by a step of
    25% get a template of their own, stored as ``D+1`` beside ``D``.

    Where the steps are measured from is a choice with no right answer for
    every deck.  From the usual ratio over all glyphs, a suit printed bigger
    than the others can sit on a step's edge: its pips are split between two
    templates, and a court card's bigger suit averaged into one of them
    (KDE's jolly-royal read its king of diamonds as a heart).  From each
    glyph's own usual size, other steps' edges fall elsewhere, and a few
    odd cuts a deck gives often may no longer make a template of their own
    (anglo_modern_4_color then read a blurred club as a spade).  So both are
    built, and the second replaces the first only where it reads clearly
    more of the self-test's trials (:data:`OWN_STEPS_GAIN`) and misreads no
    more of its heavily blurred ones (tigullio's own-size templates read 2%
    more, and misread 5 heavy trials where the usual ones misread none: in
    blur past the trials they read a blurred ace of clubs as a spade).

    A rank the calibration's first look at the shots left without a printed shape
    (``Profile.rank_aspect``) gets it here, from the same glyphs.
    """
    copies, shapes = _glyph_copies(profile, shots)
    for rank, seen in shapes.items():
        # A rank whose set-up shots' index the first look passed over (printed against a picture,
        # or into the edge band) has its templates only from here: its shape too.
        profile.rank_aspect.setdefault(rank, float(np.median(seen)))
    candidates = [_templates(copies, own) for own in (False, True)]
    if _same_templates(*candidates):
        profile.rank_templates, profile.suit_templates = candidates[0]
        return
    found = []
    for ranks, suits in candidates:
        profile.rank_templates, profile.suit_templates = ranks, suits
        found.append(safe_thresholds(profile, trial_reads(profile, shots)) or (1.0, 1.0, 0.0, 0, None))
    if found[1][2] >= found[0][2] + OWN_STEPS_GAIN:
        misreads = []
        for (ranks, suits), (score, margin, *_) in zip(candidates, found):
            profile.rank_templates, profile.suit_templates = ranks, suits
            misreads.append(_heavy_misreads(profile, shots, score, margin))
        if misreads[1] <= misreads[0]:
            return
    profile.rank_templates, profile.suit_templates = candidates[0]


def _heavy_misreads(profile: Profile, shots, score: float, margin: float) -> int:
    """How many heavily blurred trials the profile's templates read as a wrong card under
    ``score`` and ``margin`` (a suit the ink's colour rules out is no misread)."""
    wrong = 0
    for card, r in trial_reads(profile, shots, seed=11, heavy=True):
        if r is None:
            continue
        rank, rs, rm = r.best("rank")
        suit, ss, sm = suit_lead(profile, r)
        if (min(rs, ss) >= score and min(rm, sm) >= margin and (rank, suit) != (card.rank, card.suit)
                and colour_fits(profile, suit, r.redness, r.ink_colour)):
            wrong += 1
    return wrong


#: How much larger a share of the self-test's trials the templates with size steps measured
#: from each glyph's own size must read to replace the usual ones (see :func:`learn_templates`).
#: Measured on 35 designs: gains of 0.3-0.7% came with 1-3 fewer table-frame cards read
#: (noise of the trials' random degradations); jolly-royal's own steps read 5.5% more.
OWN_STEPS_GAIN = 0.02


def _glyph_copies(profile: Profile, shots) -> tuple[dict[tuple[str, str], list], dict[str, list[float]]]:
    """Each rank's and suit's glyph images cut from copies of the shots, with the glyph's size
    relative to the other glyph of its index; and each rank glyph's width against its height."""
    copies: dict[tuple[str, str], list] = {}
    shapes: dict[str, list[float]] = {}
    for card, image, quad in shots:
        for scale, blur in TEMPLATE_VARIANTS:
            img, q = degrade(image, quad, scale, blur)
            soft = "~" if blur >= SOFT_BLUR else ""
            for patch in corner_patches(profile, img, q):
                # No doubtful glyph, as the self-test reads (see trial_reads).
                rank, suit = extract_glyphs(patch, profile, doubtful=False)
                if rank is None or suit is None:
                    continue
                rh, sh = rank.box.v1 - rank.box.v0, suit.box.v1 - suit.box.v0
                shapes.setdefault(card.rank, []).append((rank.box.u1 - rank.box.u0) * profile.aspect / max(rh, 1e-6))
                factor = profile.suit_window_factor(card.rank)
                if factor != 1.0:
                    suit = suit.rescaled(factor)  # as the recognizer takes it, once the rank is read
                copies.setdefault(("rank", card.rank), []).append((rank.image, rh / max(sh, 1e-6), soft))
                copies.setdefault(("suit", card.suit), []).append((suit.image, sh / max(rh, 1e-6), soft))
    return copies, shapes


def _templates(copies: dict[tuple[str, str], list], own: bool) -> tuple[dict, dict]:
    """Rank and suit templates with their size variants, the steps measured from each glyph's
    own usual size (``own``) or from the usual size over all ranks, or all suits."""
    usual_all = {kind: float(np.median([r for (k, _), items in copies.items() if k == kind for _, r, _ in items]))
                 for kind in ("rank", "suit") if any(k == kind for k, _ in copies)}
    ranks: dict[str, np.ndarray] = {}
    suits: dict[str, np.ndarray] = {}
    for (kind, code), items in copies.items():
        usual = float(np.median([r for _, r, _ in items])) if own else usual_all[kind]
        buckets: dict[int, list] = {}
        for img, r, soft in items:
            step = int(round(np.log(r / usual) / np.log(1.25)))
            buckets.setdefault(step, []).append((img, soft))
        store = ranks if kind == "rank" else suits
        main = max(buckets, key=lambda b: len(buckets[b]))
        for step, entries in buckets.items():
            # A few copies are a stray read, not a size variant of the deck;
            # and no deck prints one index glyph twice the size of another:
            # such a "variant" is a picture or a fragment cut as a glyph, and
            # a template of it would match anything blob-like.
            if step != main and (len(entries) < len(TEMPLATE_VARIANTS) or abs(step - main) > 2):
                continue
            for soft in ("", "~"):
                imgs = [img for img, sf in entries if sf == soft]
                if imgs:
                    key = (code if step == main else f"{code}{step - main:+d}") + soft
                    store[key] = np.mean(imgs, axis=0)
        for key in [k for k in store if len(k) > 1 and k[1] in "+-" and k[0] + k[3:] in store]:
            if shape_likeness(store[key], store[key[0] + key[3:]]) < VARIANT_LIKENESS:
                # A court picture or a neighbouring pip cut as a bigger or smaller "glyph".
                del store[key]
    return ranks, suits


def _same_templates(a: tuple[dict, dict], b: tuple[dict, dict]) -> bool:
    return all(x.keys() == y.keys() and all(np.array_equal(x[k], y[k]) for k in x) for x, y in zip(a, b))


#: How alike (see :func:`shape_likeness`) a size variant must be to its glyph's usual template.
#: Printed size variants measured 0.85-1.0; fragments and pictures cut as glyphs 0.32-0.49.
VARIANT_LIKENESS = 0.75


def shape_likeness(a: np.ndarray, b: np.ndarray) -> float:
    """Correlation of two glyph images, each cut to its ink and brought to one size: same shape, any size."""
    def norm(img: np.ndarray) -> np.ndarray:
        ys, xs = np.nonzero(img > 0.3 * img.max())
        if not len(ys):
            return np.zeros(24 * 24)
        crop = cv2.resize(img[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32), (24, 24),
                          interpolation=cv2.INTER_AREA).ravel()
        crop = crop - crop.mean()
        return crop / (np.linalg.norm(crop) + 1e-6)

    return float(norm(a) @ norm(b))


#: Gaussian blur (px) and motion blur (px) of the trials: a table camera in focus, cards at rest or sliding slowly.
TRIAL_BLUR, TRIAL_MOTION = 1.4, 5
#: How far past those the heavy trials go (a factor): a camera out of focus, a card dealt fast.
HEAVY = 2.0


def trial_reads(profile: Profile, shots, rounds: int = 3, seed: int = 7, heavy: bool = False):
    """(card, IndexRead) for randomly degraded copies of every shot, read as the recognizer reads them
    but for the rescues whose worth depends on the thresholds these trials set (see
    ``IndexMatcher.trial``): a suit clear of the others just below the least score is not taken
    again in its own window, and no glyph that is as likely something else counts.

    ``heavy``: each copy blurred past the usual trials in one way, up to
    :data:`HEAVY` times as far: defocus, or a fast slide (see :func:`blurred_rank_thresholds`).
    """
    rng = np.random.default_rng(seed)
    matcher = IndexMatcher(profile, trial=True)
    out = []
    for card, image, quad in shots:
        for _ in range(rounds):
            scale, blur, noise, jpeg = rng.uniform(0.8, 1.2), rng.uniform(0.0, TRIAL_BLUR), rng.uniform(0, 6), int(rng.integers(45, 95))
            motion, light = int(rng.integers(0, TRIAL_MOTION + 1)), rng.uniform(0, 0.5)
            if heavy and rng.uniform() < 0.5:
                blur, motion = rng.uniform(TRIAL_BLUR, HEAVY * TRIAL_BLUR), int(rng.integers(0, TRIAL_MOTION // 2 + 1))
            elif heavy:
                blur, motion = rng.uniform(0.0, TRIAL_BLUR / 2), int(rng.integers(TRIAL_MOTION + 1, HEAVY * TRIAL_MOTION + 1))
            img, q = degrade(image, quad, scale, blur, noise, jpeg, rng, motion=motion, light=light)
            size_error = rng.uniform(0.88, 1.12)
            shift = rng.uniform(-2.5, 2.5, 2)
            t = np.radians(rng.uniform(-2.5, 2.5))
            rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
            for k in ((0, 2) if profile.index_corners >= 2 else (0,)):
                # read as the recognizer reads: a corner slightly off, a card-size guess off
                c = q[k] + shift
                wv = rot @ (q[(k + 1) % 4] - q[k])
                hv = rot @ (q[(k + 3) % 4] - q[k])
                w, h = np.linalg.norm(wv), np.linalg.norm(hv)
                r = matcher.read_corner(img, c[0], c[1], wv / w, hv / h, w * size_error, h * size_error)
                out.append((card, r))
    return out


#: The step of the thresholds' grid (see :func:`safe_thresholds`).
GRID_STEP = 0.03


def safe_thresholds(profile: Profile, trials) -> Optional[tuple[float, float, float, int, np.ndarray]]:
    """The loosest ``min_score`` and ``min_margin`` under which no trial read is accepted wrongly,
    one grid step inside (see :func:`derive_thresholds`); the share of the trials read right
    under them, the number accepted wrongly (none, unless no pair is safe), and a row per
    trial read: its weaker score and lead, wrong, right, and its blur.  None without a read.
    """
    rows = []
    for card, r in trials:
        if r is None:
            continue
        rank, rs, rm = r.best("rank")
        suit, ss, sm = suit_lead(profile, r)
        # The recognizer never accepts a suit the ink's colour rules out: such a trial is no risk.
        wrong = (rank != card.rank or suit != card.suit) and colour_fits(profile, suit, r.redness, r.ink_colour)
        rows.append((min(rs, ss), min(rm, sm), wrong, rank == card.rank and suit == card.suit, r.blur))
    if not rows:
        return None
    data = np.array(rows, dtype=np.float64)
    score, margin, wrong, right = data[:, 0], data[:, 1], data[:, 2] > 0, data[:, 3] > 0
    step = GRID_STEP
    best = None
    for s in np.arange(MIN_SCORE_FLOOR, 0.951, step):
        for m in np.arange(MIN_MARGIN_FLOOR, 0.451, step):
            unsafe = wrong & (score >= s - step) & (margin >= m - step)
            if unsafe.any():
                continue
            accepted = int(((score >= s) & (margin >= m)).sum())
            if best is None or accepted > best[0]:
                best = (accepted, s, m)
    if best is None:
        s, m = 0.95, 0.45
    else:
        _, s, m = best
    accepted = (score >= s) & (margin >= m)
    return (float(s), float(m), round(float((accepted & right).sum()) / len(trials), 3),
            int((accepted & wrong).sum()), data)


def derive_thresholds(profile: Profile, shots) -> Thresholds:
    """The loosest thresholds under which no trial read is accepted wrongly, one safety step inside.

    A read is accepted when rank and suit each reach ``min_score`` and lead by
    ``min_margin``.  Over a grid of both, keep the pairs for which no trial
    read would have been accepted with a wrong rank or suit, even with both
    thresholds one step lower; of those, take the one accepting most trials.

    How the profile fares on the trials under the thresholds chosen is kept
    in ``profile.self_test``: the share read as the right card, and the
    number accepted as a wrong one (none, unless no pair of thresholds was safe).
    """
    trials = trial_reads(profile, shots)
    profile.self_test = {"trials": len(trials), "read": 0.0, "wrong": 0}
    more = trial_reads(profile, shots, seed=9)
    learn_pair_dirs(profile, trials + more)
    found = safe_thresholds(profile, trials)
    if found is None:
        return Thresholds()
    s, m, read, wrong, data = found
    profile.self_test = {"trials": len(trials), "read": read, "wrong": wrong}
    step = GRID_STEP
    right = data[:, 3] > 0
    # The blurriest trial whose glyphs still matched the right card: past it,
    # no trial showed what blur does to this deck's glyphs.
    read_blur = data[:, 4][right]
    heavy = trial_reads(profile, shots, seed=11, heavy=True)
    level, rank_bar = blurred_rank_thresholds(trials + heavy, data[:, 4], float(s), float(m), step)
    suit_bar = blurred_suit_threshold(profile, trials + heavy, level, float(s), float(m), step)
    cut_trials = trial_reads(profile, shots, rounds=6, seed=8)
    usual_cuts = pair_cuts(profile, cut_trials)
    rank_cuts, rank_cuts_blurred = learn_rank_pairs(profile, trials + more, heavy, cut_trials, float(s), float(m), step)
    # A suit cut by a covering card: judged by its own thresholds, learned with a card drawn
    # over it (the look is made where the recognizer makes it: the suit short of these thresholds).
    profile.thresholds = replace(profile.thresholds, min_score=float(s), min_margin=float(m))
    cut_suit, profile.self_test["cut_suit"] = cut_suit_thresholds(profile, covered_trials(profile, shots), float(s), float(m))
    return Thresholds(cut_suit=cut_suit, min_score=round(float(s), 3), min_margin=round(float(m), 3),
                      blur_limit=round(float(read_blur.max()), 3) if read_blur.size else float("inf"),
                      smear_limit=smear_limit(trials), blur_level=level, blurred_rank=rank_bar, blurred_suit=suit_bar,
                      candidate_score=round(float(s) - 0.2, 3),
                      pair_cuts=usual_cuts,
                      pair_cuts_blurred=blurred_pair_cuts(usual_cuts, pair_cuts(profile, cut_trials + heavy)),
                      confusable=confusions(profile, trials, float(s) - TWO_CORNER_SCORE - step,
                                            float(m) * TWO_CORNER_MARGIN - step),
                      rank_pair_cuts=rank_cuts, rank_pair_cuts_blurred=rank_cuts_blurred,
                      rank_redness=rank_ink_bounds(profile, trials + heavy))


def rank_ink_bounds(profile: Profile, trials) -> tuple[float, float]:
    """The least redness of a rank glyph beside a red suit, the most beside a black one.

    A deck prints an index's rank in its suit's ink, so a black rank beside a
    red "suit" is not one index: a covered index's suit window once showed a
    neighbour's red print beside its black 8 (read as an 8 of hearts).  The
    bounds are those of :func:`~dealer_assist.vision.index.colour_fits`,
    loosened to half (twice) what any trial read right showed, usual and
    heavily blurred (thin strokes blurred pale): a deck printing every rank
    black learns a floor of nothing and is never vetoed.
    """
    red, black = [], []
    for card, r in trials:
        if r is None or not r.glyphs or r.best("rank")[0] != card.rank or suit_lead(profile, r)[0] != card.suit:
            continue
        is_red = profile.suit_red.get(card.suit)
        if is_red is not None:
            (red if is_red else black).append(r.glyphs[0].redness)
    floor = min(RED_LEAST, 0.5 * min(red)) if red else float("-inf")
    ceiling = max(BLACK_MOST, 2.0 * max(black)) if black else float("inf")
    return round(floor, 3), round(ceiling, 3)


#: Share of the usual trials (by index blur) within which the thresholds learned from
#: them hold alone: the blurriest twentieth is a dozen reads or so, too few to show
#: what blur that far does to a deck's ranks (see :func:`blurred_rank_thresholds`).
BLUR_SHARE = 95


def blurred_rank_thresholds(trials, trial_blurs: np.ndarray, score: float, margin: float,
                            step: float) -> tuple[float, tuple[float, float]]:
    """The blur level past which a rank needs more, and the (score, margin) it needs there.

    Blurred past most of the usual trials, a rank's thin stroke fades: a 4
    becomes an A, a queen without its tail an A, at both corners alike and
    with leads the usual trials never showed.  The heavy trials
    (:func:`trial_reads` with ``heavy``) show them: over every trial read
    blurrier than the level (:data:`BLUR_SHARE` of the usual trials' blur),
    the loosest rank score and margin under which no rank misread is
    accepted, one safety step inside, and never looser than ``score`` and
    ``margin``.  ``trial_blurs``: the usual trials' blurs.
    """
    level = round(float(np.percentile(trial_blurs, BLUR_SHARE)), 3) if trial_blurs.size else float("inf")
    rows = []
    for card, r in trials:
        if r is not None and r.blur > level:
            rank, rs, rm = r.best("rank")
            rows.append((rs, rm, rank != card.rank))
    return level, _loosest_safe(rows, score, margin, step)


def blurred_suit_threshold(profile: Profile, trials, level: float, score: float, margin: float,
                           step: float) -> tuple[float, float]:
    """The (score, margin) a suit read blurrier than ``level`` needs; (0, 0) where ``score`` and
    ``margin`` are safe there.

    Blurred that far, a small club's lobes melt into a spade's outline: KDE's
    tigullio-international read clubs as spades at 0.65-0.71 with leads up to
    0.35 in its heavy trials, and so read them in blurred frames.  As for the
    rank (see :func:`blurred_rank_thresholds`), from every trial read past the
    level, with the suit's lead over the next suit its ink's colour allows.
    """
    rows = []
    for card, r in trials:
        if r is not None and r.blur > level:
            suit, ss, sm = suit_lead(profile, r)
            rows.append((ss, sm, suit != card.suit and colour_fits(profile, suit, r.redness, r.ink_colour)))
    bar = _loosest_safe(rows, score, margin, step)
    return (0.0, 0.0) if bar == (round(float(score), 3), round(float(margin), 3)) else bar


def _loosest_safe(rows, score: float, margin: float, step: float) -> tuple[float, float]:
    """Of the (score, margin) pairs no looser than ``score`` and ``margin``, the one accepting most
    of ``rows`` (score, margin, wrong) right under which none wrong is accepted, one step inside."""
    if not rows:
        return round(float(score), 3), round(float(margin), 3)
    data = np.array(rows, dtype=np.float64)
    rs, rm, wrong = data[:, 0], data[:, 1], data[:, 2] > 0
    best = None
    for s in np.arange(score, 0.951, step):
        for m in np.arange(margin, 0.451, step):
            if (wrong & (rs >= s - step) & (rm >= m - step)).any():
                continue
            accepted = int(((rs >= s) & (rm >= m) & ~wrong).sum())
            if best is None or accepted > best[0]:
                best = (accepted, s, m)
    _, s, m = best if best is not None else (0, 0.95, 0.45)
    return round(float(s), 3), round(float(m), 3)


#: How many times its usual ratio to the suit's (the trials' median) a rank's edge
#: blur may reach.  Rank and suit lie side by side and a frame blurs both alike:
#: reads of real blurred frames reach 1.8 times the usual ratio; a rank whose
#: outline runs through a blur's halo (a "B" read as a "K") measured 3.
SMEAR_FACTOR = 2.0


def smear_limit(trials) -> float:
    """How much blurrier than its suit's a rank's edge may be (a factor, see
    :meth:`~dealer_assist.vision.verdict.Judge.smeared`): :data:`SMEAR_FACTOR`
    times the trial reads' median ratio."""
    ratios = [r.rank_blur / r.blur for _, r in trials if r is not None and r.blur > 0]
    return round(SMEAR_FACTOR * float(np.median(ratios)), 3) if ratios else float("inf")


def confusions(profile: Profile, trials, min_score: float, min_margin: float) -> dict[str, float]:
    """Glyph pairs the trial reads took one for the other near the thresholds, with the misreads' widest lead.

    Some decks print two glyphs that blur into each other (a Cyrillic "B"
    jack and an 8).  The thresholds keep every trial misread out; but the
    recognizer also takes a card whose two index corners agree when each is
    a little short of them, as two independent looks.  Between look-alikes
    the two looks are not independent (the same confusion twice), so the
    pairs with a misread in that relaxed zone (``min_score``, ``min_margin``)
    are learned here and that rule is not used for them.  Misreads the ink
    colour rules out do not count.
    """
    worst: dict[str, float] = {}
    for card, r in trials:
        if r is None:
            continue
        rank, rs, rm = r.best("rank")
        suit, ss, sm = suit_lead(profile, r)
        if min(rs, ss) < min_score or min(rm, sm) < min_margin or not colour_fits(profile, suit, r.redness, r.ink_colour):
            continue
        for got, truth, scores in ((rank, card.rank, r.rank_scores), (suit, card.suit, r.suit_scores)):
            if got != truth:
                key = "".join(sorted(got + truth))
                worst[key] = round(max(worst.get(key, 0.0), scores[got] - scores.get(truth, -1.0)), 3)
    return worst


def learn_pair_dirs(profile: Profile, trials) -> None:
    """Per pair of same-colour suits, the glyph direction that best parts them (Fisher's discriminant).

    Learned from the suit glyphs of degraded trial reads: the difference of
    the two suits' mean glyphs, weighed down where glyphs of one suit vary
    anyway (blur, scale, position).  The spread is shrunk towards plain
    variance: a few hundred glyphs cannot pin down every pixel pair.
    The cuts are then set on *other* trial reads (:func:`pair_cuts`).
    """
    profile.pair_dirs.clear()
    h, w = profile.suit_size[1], profile.suit_size[0]
    for a, b in suit_pairs(profile):
        of: dict[str, list[np.ndarray]] = {a: [], b: []}
        for card, r in trials:
            if r is not None and card.suit in of and r.suit_image is not None and r.suit_image.shape == (h, w):
                of[card.suit].append(glyph_vector(r.suit_image))
        if min(len(of[a]), len(of[b])) < MIN_PAIR_TRIALS:
            continue
        xa, xb = np.array(of[a], np.float64), np.array(of[b], np.float64)
        within = np.cov(np.vstack([xa - xa.mean(axis=0), xb - xb.mean(axis=0)]).T)
        shrunk = (1 - PAIR_SHRINK) * within + PAIR_SHRINK * np.eye(len(within)) * np.trace(within) / len(within)
        direction = np.linalg.solve(shrunk, xa.mean(axis=0) - xb.mean(axis=0))
        profile.pair_dirs[a + b] = direction.reshape(h, w).astype(np.float32)


#: How far the glyph spread is shrunk towards plain variance when learning a pair direction.
PAIR_SHRINK = 0.5
#: Trial reads of each suit a pair cut needs: with fewer, the spread of the
#: pair score is not known and the pair is never decided by it.
MIN_PAIR_TRIALS = 40


def pair_cuts(profile: Profile, trials) -> dict[str, tuple[float, float]]:
    """Per pair of same-colour suits, the pair scores beyond which a glyph is surely one of the two.

    A glyph is the first suit when its score lies above every trial read of
    the *second* suit by a safety step and four of that suit's deviations
    above its mean, whichever is further, and past the middle between the
    two suits; the second suit likewise below the first.  No trial read
    would have been taken for the other suit of its pair.
    """
    out = {}
    for a, b in suit_pairs(profile):
        key = a + b
        of: dict[str, list[float]] = {a: [], b: []}
        for card, r in trials:
            if r is not None and card.suit in of and key in r.pair_scores:
                of[card.suit].append(r.pair_scores[key])
        if min(len(of[a]), len(of[b])) < MIN_PAIR_TRIALS:
            continue
        out[key] = cuts_between(of[a], of[b])
    return out


def blurred_pair_cuts(usual: dict[str, tuple[float, float]],
                      heavy: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """The pair cuts for reads past ``blur_limit``: those set on the usual and the heavy
    trials together (``heavy``), never looser than the ``usual`` ones.

    The heavy trials drift a suit's pair score towards its look-alike's and
    so push that look-alike's cut further out; but the cuts also keep a step
    past the middle of the two, and a middle moved by one suit's drift would
    loosen the other suit's cut.  A read blurred past every usual trial
    deserves no looser cut than a sharp one: per side, the stricter of the two.
    Only pairs with cuts in both are decided (cuts need enough trials of each suit).
    """
    return {key: (min(usual[key][0], cut[0]), max(usual[key][1], cut[1]))
            for key, cut in heavy.items() if key in usual}
