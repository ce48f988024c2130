"""The camera path's shortcuts give exactly the answers of the plain definitions they replace.

Each shortcut (a table look-up, work restricted to where it can matter, an
outline traced once) is checked against the plain computation, written out
here, on drawings and random images chosen to hit its edge cases.
"""

from __future__ import annotations

import cv2
import numpy as np

from dealer_assist.vision import detect
from dealer_assist.vision.detect import find_corners, find_quads, merge_corners, outlines, paper_masks
from dealer_assist.vision.border_lines import thin_runs as _thin_runs
from dealer_assist.vision.ink import FAINT_SHARE, INK, INK_FLOOR, faint_level
from dealer_assist.vision.profile import Box, Profile
from dealer_assist.vision.warp import warp_corner


def _plain_paper_masks(frame: np.ndarray, paper_min: int) -> tuple[np.ndarray, np.ndarray]:
    """The masks as first written (before their clean-up): a brightness cut, then a tint allowance, five passes."""
    b, g, r = cv2.split(frame)
    lo = cv2.min(cv2.min(b, g), r)
    hi = cv2.max(cv2.max(b, g), r)
    otsu, _ = cv2.threshold(lo, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    level = max(float(otsu), float(paper_min))
    _, mask = cv2.threshold(lo, level, 255, cv2.THRESH_BINARY)
    allowed = cv2.add(cv2.multiply(hi, 0.25, dtype=cv2.CV_8U), 12)
    mask = cv2.bitwise_and(mask, cv2.compare(cv2.subtract(hi, lo), allowed, cv2.CMP_LT))
    lines = cv2.morphologyEx(lo, cv2.MORPH_BLACKHAT, np.ones((5, 5), np.uint8))
    split = mask.copy()
    split[lines > max(18, int(level * 0.1))] = 0
    return mask, split


def test_the_paper_table_is_the_brightness_cut_and_tint_allowance(monkeypatch):
    """Every pixel, every tint up to the allowance and one past it, every cut level."""
    # Compare the masks as cut: no holes filled, no opening.
    monkeypatch.setattr(detect, "_fill_holes", lambda mask, hole_max: None)
    monkeypatch.setattr(detect, "_opened", lambda mask: mask)
    rng = np.random.default_rng(3)
    frames = [rng.integers(0, 256, (48, 64, 3), dtype=np.uint8) for _ in range(20)]
    frames += [np.clip(f.astype(int) // 5 + 190, 0, 255).astype(np.uint8) for f in frames[:10]]  # pale, tinted
    frames += [np.full((48, 64, 3), 255, np.uint8), np.zeros((48, 64, 3), np.uint8)]
    for frame in frames:
        for paper_min in (0, 90, 200, 255):
            got = paper_masks(frame, paper_min, 300.0)
            want = _plain_paper_masks(frame, paper_min)
            assert all(np.array_equal(a, b) for a, b in zip(got, want))


def _plain_thin_runs(binary: np.ndarray, length: int, thick: int) -> np.ndarray:
    """The thin-run search as first written: four openings of the whole patch."""
    def rect(w: int, h: int) -> np.ndarray:
        return cv2.getStructuringElement(cv2.MORPH_RECT, (w - 1 + w % 2, h - 1 + h % 2))

    horiz = cv2.morphologyEx(binary, cv2.MORPH_OPEN, rect(length, 1))
    vert = cv2.morphologyEx(binary, cv2.MORPH_OPEN, rect(1, length))
    if horiz.any():
        horiz &= ~cv2.morphologyEx(binary, cv2.MORPH_OPEN, rect(1, thick))
    if vert.any():
        vert &= ~cv2.morphologyEx(binary, cv2.MORPH_OPEN, rect(thick, 1))
    return horiz | vert


def test_the_thin_run_search_equals_the_openings_it_stands_for():
    """Runs inside, runs cut by each patch edge (erosion counts outside as ink), thick bands, noise."""
    rng = np.random.default_rng(5)
    for _ in range(150):
        h, w = int(rng.integers(30, 120)), int(rng.integers(30, 90))
        img = (rng.random((h, w)) > 0.93).astype(np.uint8)
        for _ in range(int(rng.integers(0, 6))):
            y, x = int(rng.integers(0, h)), int(rng.integers(0, w))
            t, n = int(rng.integers(1, 9)), int(rng.integers(5, max(h, w)))
            if rng.random() < 0.5:
                img[y:y + t, max(0, x - n // 2):x + n // 2] = 1
            else:
                img[max(0, y - n // 2):y + n // 2, x:x + t] = 1
        length, thick = int(rng.integers(9, 40)), int(rng.integers(3, 9))
        runs = _thin_runs(img.copy(), length, thick)
        want = _plain_thin_runs(img.copy(), length, thick)
        assert np.array_equal(runs, want) if runs is not None else not want.any()


def _plain_faint_level(rank_ink: np.ndarray):
    peak = float(np.percentile(rank_ink, 98))
    level = max(INK_FLOOR, FAINT_SHARE * peak)
    return level if peak >= INK_FLOOR / FAINT_SHARE and level < INK - 0.02 else None


def test_a_paper_balance_scaled_is_its_look_up_table():
    """Every level through the gains of tinted paper, a gain of one, and gains the look-up clips."""
    rng = np.random.default_rng(9)
    channel = rng.integers(0, 256, (37, 641), dtype=np.uint8)
    channel[0, :256] = np.arange(256)
    gains = [1.0, 1.5, 2.0, 255 / 254, 255 / 180, 300.0] + rng.uniform(1.0, 3.0, 200).tolist()
    for table in detect.gain_tables(gains):
        assert np.array_equal(detect._through(channel, table), cv2.LUT(channel, table))


def test_the_faint_level_shortcut_agrees_with_the_percentile():
    """Peaks around both ends of the faint range, where the shortcut must not decide wrongly."""
    rng = np.random.default_rng(7)
    edges = (INK_FLOOR / FAINT_SHARE, (INK - 0.02) / FAINT_SHARE)
    for _ in range(400):
        ink = np.zeros(int(rng.integers(20, 900)), np.float32)
        k = int(rng.integers(0, ink.size))
        ink[:k] = rng.choice(edges) + rng.normal(0, 0.02, k)
        ink = rng.permutation(np.clip(ink, 0, 1)).reshape(-1, 1)
        assert faint_level(ink) == _plain_faint_level(ink)


def _cards(mask_shape=(360, 640), overlap=True) -> np.ndarray:
    """Four card-shaped blobs (aspect 0.7) with rounded corners, two of them overlapping."""
    mask = np.zeros(mask_shape, np.uint8)
    cards = (((110, 110), 12.0), ((420, 200), -30.0), ((470 if overlap else 560, 230), -18.0), ((150, 280), 5.0))
    for (cx, cy), angle in cards:
        box = cv2.boxPoints(((cx, cy), (84, 120), angle)).astype(np.int32)
        cv2.fillConvexPoly(mask, box, 255)
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7)))


def test_cards_seen_whole_are_the_same_on_the_outlines_traced_for_the_corners():
    for overlap in (True, False):
        mask = _cards(overlap=overlap)
        assert find_quads(mask, 0.7, min_short=30.0) == find_quads(mask, 0.7, min_short=30.0, contours=outlines(mask))
        assert find_quads(mask, 0.7, min_short=30.0)  # the lone card is found at all


def test_an_outline_both_masks_share_is_searched_once_with_the_same_corners():
    whole = _cards(overlap=True)
    split = whole.copy()
    cv2.line(split, (380, 120), (520, 330), 0, 3)  # the top card's edge parts the overlapping pair
    cv2.line(split, (106, 242), (139, 214), 0, 3)  # a frame line cuts a corner off the bottom card
    kw = dict(min_long=20.0, min_short=4.0, max_gap=8.0)
    plain = merge_corners(find_corners(split, **kw), find_corners(whole, notch_gap=40.0, **kw))
    traced = outlines(split)
    once = merge_corners(find_corners(split, contours=traced, **kw),
                         find_corners(whole, notch_gap=40.0, searched=traced, **kw))
    assert once == plain
    # The first card is the same outline in both masks; the cut corner is found in the whole mask only.
    assert any(c not in find_corners(split, **kw) for c in plain)


def test_a_bgra_frame_cuts_the_same_corner_as_its_bgr_frame():
    rng = np.random.default_rng(11)
    frame = cv2.GaussianBlur(rng.integers(0, 256, (200, 300, 3), dtype=np.uint8), (0, 0), 1.5)
    profile = Profile(name="t", aspect=0.7, card_h_px=160.0, rank_box=Box(0.05, 0.05, 0.2, 0.2),
                      suit_box=Box(0.05, 0.22, 0.2, 0.33), rank_h=0.14, suit_h=0.1, edge_margin=0.03,
                      rank_size=(24, 32), suit_size=(24, 24), suit_red={}, paper_level=200.0)
    bgra = cv2.cvtColor(frame, cv2.COLOR_BGR2BGRA)
    for angle in np.linspace(0, 2 * np.pi, 9):
        w, h = (np.cos(angle), np.sin(angle)), (-np.sin(angle), np.cos(angle))
        a = warp_corner(frame, 150.3, 99.7, w, h, 112.0, 160.0, profile)
        b = warp_corner(bgra, 150.3, 99.7, w, h, 112.0, 160.0, profile)
        assert np.array_equal(a, b[:, :, :3])


def test_a_patch_reaches_past_the_frame_exactly_where_its_mapped_corners_say():
    """The bounds check in plain floats against the matrix product it replaces, on patches around every edge."""
    from dealer_assist.vision.warp import _reaches_past

    rng = np.random.default_rng(13)
    for _ in range(3000):
        angle, scale = rng.uniform(0, 2 * np.pi), rng.uniform(0.5, 2.0)
        ax, ay = scale * np.cos(angle), scale * np.sin(angle)
        bx, by = -scale * np.sin(angle), scale * np.cos(angle)
        tx, ty = rng.uniform(-150, 1430), rng.uniform(-150, 870)
        pw, ph = int(rng.integers(20, 120)), int(rng.integers(30, 160))
        m = np.array([[ax, bx, tx], [ay, by, ty]])
        ends = m[:, :2] @ np.array([[0, pw, 0, pw], [0, 0, ph, ph]], np.float64) + m[:, 2:]
        plain = ends.min() < 0.5 or ends[0].max() > 1280 - 1.5 or ends[1].max() > 720 - 1.5
        assert _reaches_past((720, 1280, 4), (ax, bx, tx, ay, by, ty), pw, ph) == plain


def test_the_part_beyond_the_frame_is_painted_as_with_a_boolean_mask():
    from dealer_assist.vision.warp import _blank_beyond_frame

    rng = np.random.default_rng(17)
    for _ in range(20):
        patch = rng.integers(0, 256, (60, 40, 4), dtype=np.uint8)
        patch[..., 3] = 255
        patch[:int(rng.integers(0, 30)), :, 3] = rng.choice([0, 128])
        want = patch.copy()
        inside = want[..., 3] == 255
        got = _blank_beyond_frame(patch)
        want[~inside] = got[~inside][0] if (~inside).any() else 0
        assert np.array_equal(got, want)
        assert (got[~inside][:, 3] == 0).all() and np.array_equal(got[inside], patch[inside])


def test_a_glyph_touching_the_frame_edge_is_told_from_the_alpha_plane():
    from dealer_assist.vision.glyphs import _beside_the_frame_edge

    labels = np.zeros((30, 20), np.uint16)
    labels[2:6, 3:8], labels[20:25, 10:16] = 1, 2  # the second ends a pixel short of column 16
    patch = np.full((30, 20, 4), 255, np.uint8)
    assert _beside_the_frame_edge(patch, labels) == set()
    assert _beside_the_frame_edge(patch[:, ::-1], labels) == set()  # a view whose channels are not adjacent
    patch[:, 16:, 3] = 0
    assert _beside_the_frame_edge(patch, labels) == {2}
    patch[..., :3] = 0  # the colour never counts, alpha only
    patch[:, 16:, 3] = 255
    assert _beside_the_frame_edge(patch, labels) == set()


def test_the_ink_mask_threshold_is_the_ink_table_cut_at_its_level():
    """Every paper level, every grey level: the threshold marks exactly the levels whose ink passes INK."""
    from dealer_assist.vision.ink import ink_mask, _ink_table

    lo8 = np.arange(256, dtype=np.uint8).reshape(16, 16)
    for paper in range(1, 256):
        ink = _ink_table(float(paper))[0]
        assert np.array_equal(ink_mask(lo8, float(paper)), (ink[lo8] > INK).astype(np.uint8))

