"""The faster forms of the corner reader's small steps give exactly what the plain forms gave:
a component's look-up table painted on its pixels, the two best scores of a read, and a
corner patch's darkness worked out once and passed on."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from dealer_assist.vision.counted_percentile import counted_percentile
from dealer_assist.vision.border_lines import FEW_LABELS, painted as _painted
from dealer_assist.vision.glyphs import extract_glyphs
from dealer_assist.vision.ink import _ink_table, darkness, has_faint_rank
from dealer_assist.vision.index import IndexRead
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.warp import PAPER_SHARE, _paper_of, warp_corner

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
needs_cards = pytest.mark.skipif(not (CARDS / "test").is_dir(), reason="shared card images not found")


def test_components_painted_on_their_pixels_are_numpys_indexing_whatever_the_label_count():
    """Few labels (compares), many (OpenCV's byte look-up up to 256 labels, numpy's above), and a cut-out of the labels."""
    rng = np.random.default_rng(3)
    for n in (2, 5, 40, 256, 257, 900):
        labels = rng.integers(0, n, (37, 23)).astype(np.uint16)
        for k in (0, 1, FEW_LABELS, FEW_LABELS + 1, n // 2):
            ids = sorted(rng.choice(np.arange(1, n), size=min(k, n - 1), replace=False).tolist())
            table = np.zeros(n, np.uint8)
            table[ids] = 1
            out = _painted(labels, ids, n)
            assert out.dtype == np.uint8
            assert np.array_equal(out, table[labels])
            assert np.array_equal(_painted(labels[3:20, 5:17], ids, n), table[labels[3:20, 5:17]])


def test_the_best_score_is_the_first_of_equals_and_its_lead_is_over_the_next():
    read = IndexRead({"Q": 0.8, "K": 0.9, "J": 0.9, "A": 0.1}, {"S": 0.7}, 0.0)
    assert read.best("rank") == ("K", 0.9, 0.0)  # a tie leads by nothing
    read = IndexRead({"Q": 0.8, "K": 0.95, "J": 0.6}, {"S": 0.7}, 0.0)
    code, score, lead = read.best("rank")
    assert (code, score) == ("K", 0.95) and abs(lead - 0.15) < 1e-12
    assert read.best("suit") == ("S", 0.7, 0.7 - -1.0)  # one template only: its lead is over -1


@needs_cards
def test_a_patchs_darkness_passed_on_reads_as_worked_out_again():
    """Every corner of a real frame, sharp and blurred (so that some ranks go faint): the
    glyphs cut with the darkness passed on are those cut with it worked out again."""
    rec = Recognizer(Profile.load(default_profile_path()))
    p = rec.profile
    frame = cv2.cvtColor(cv2.imread(str(CARDS / "test" / "anglo" / "0000.jpg")), cv2.COLOR_BGR2BGRA)
    looked = glyphs = faint_ranks = 0
    for image in (frame, cv2.GaussianBlur(frame, (0, 0), 2.5)):
        for c in rec.outline_corners(rec.masks(image)):
            patch = warp_corner(image, c.x, c.y, c.wdir, c.hdir, p.card_h_px * p.aspect, p.card_h_px, p)
            levels = darkness(patch)
            assert has_faint_rank(patch, p) == has_faint_rank(patch, p, levels)
            for faint in (False, True):
                plain, passed = extract_glyphs(patch, p, faint), extract_glyphs(patch, p, faint, levels)
                for a, b in zip(plain, passed):
                    assert (a is None) == (b is None)
                    if a is not None:
                        assert a.box == b.box and a.cut == b.cut and np.array_equal(a.image, b.image)
                        glyphs += 1
                        faint_ranks += faint and a is plain[0]
                looked += 1
    assert looked > 20 and glyphs > 10 and faint_ranks > 0  # corners, indexes, and faint ranks were cut


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 40), st.integers(1, 40), st.integers(0, 2 ** 32 - 1), st.sampled_from([0.02, 0.5, 0.9, 0.98, 1.0]),
       st.integers(1, 255))
def test_a_counted_percentile_is_numpys_to_the_bit(rows, cols, seed, share, paper):
    """Of a patch's levels (a view into a bigger image, as a glyph box is) and of their ink through a
    falling ink table: counted from the histogram, the figure numpy's sort gives, to the bit."""
    rng = np.random.default_rng(seed)
    image = rng.choice([rng.integers(0, 256, 50), np.full(50, 200)][seed % 2], (rows + 4, cols + 3)).astype(np.uint8)
    box = image[2:2 + rows, 1:1 + cols]
    counts = cv2.calcHist([box], [0], None, [256], [0, 256]).ravel()
    assert counted_percentile(counts, np.arange(256, dtype=np.uint8), share) == np.percentile(box, share * 100)
    ink = _ink_table(float(paper))[0]
    assert (float(counted_percentile(counts[::-1], ink[::-1], share))
            == float(np.percentile(cv2.LUT(box, ink), share * 100)))


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 30), st.integers(2, 30), st.integers(0, 2 ** 32 - 1))
def test_a_patchs_paper_colour_is_numpys_percentile_of_the_pixels_inside(rows, cols, seed):
    """The paper's colour of a corner patch (each channel's 90th percentile over the mask) is numpy's figure."""
    rng = np.random.default_rng(seed)
    patch = rng.integers(0, 256, (rows, cols, 4)).astype(np.uint8)
    inside = np.where(rng.random((rows, cols)) < 0.7, 255, 0).astype(np.uint8)
    inside[0, 0] = 255
    want = np.percentile(patch[inside > 0][:, :3].astype(np.float64), PAPER_SHARE * 100, axis=0)
    assert np.array_equal(_paper_of(patch, inside), want)
