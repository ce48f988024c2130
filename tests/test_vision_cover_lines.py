"""A covering card's edge across a corner index: the line goes, the glyph stays (exact drawings and real shots)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.cover_lines import cover_lines
from dealer_assist.vision.glyphs import extract_glyphs
from dealer_assist.vision.index import IndexMatcher, warp_corner
from dealer_assist.vision.profile import Profile, default_profile_path

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
needs_cards = pytest.mark.skipif(not (CARDS / "calib").is_dir(), reason="shared card images not found")


def _diamond(img: np.ndarray, cx: int, cy: int, r: int) -> None:
    cv2.fillPoly(img, [np.array([[cx, cy - r], [cx + r, cy], [cx, cy + r], [cx - r, cy]], np.int32)], 1)


def test_a_slanted_line_from_the_patch_edge_goes_and_the_diamond_it_touches_stays():
    img = np.zeros((70, 45), np.uint8)
    _diamond(img, 18, 45, 7)
    cv2.line(img, (12, 69), (44, 20), 1, 2)  # in from the bottom edge, past the diamond's right point, out at the right
    blob = img.copy()
    lines = cover_lines(blob, 12.0)
    assert lines is not None
    assert lines[62:68].any() and lines[22:28].any()  # both ends of the line
    assert not lines[40:50, 12:22].any()  # the diamond's body
    rest = img & (1 - lines)
    n, _, stats, _ = cv2.connectedComponentsWithStats(rest, None, None, None, 8)
    big = stats[1:][stats[1:, 4] >= 10]
    assert len(big) == 1  # the diamond alone, no longer joined to the patch edge
    x, y, w, h, _ = big[0]
    assert x + w < 45 - 1 and y + h < 70 - 1 and h <= 17


def test_a_line_through_a_suits_lobe_leaves_the_lobe_whole():
    img = np.zeros((70, 45), np.uint8)
    cv2.circle(img, (20, 40), 8, 1, -1)
    cv2.line(img, (14, 69), (30, 20), 1, 2)  # through the disc, from the bottom edge
    lines = cover_lines(img.copy(), 12.0)
    assert lines is not None
    assert lines[60:68].any()
    disc = np.zeros_like(img)
    cv2.circle(disc, (20, 40), 8, 1, -1)
    assert not lines[36:45, 14:22].any()  # ink on both sides of the line: the body stays
    assert cv2.countNonZero(disc & (1 - lines)) > 0.85 * cv2.countNonZero(disc)


def test_a_pip_cut_by_the_patch_edge_is_no_line():
    img = np.zeros((70, 45), np.uint8)
    _diamond(img, 44, 40, 12)  # a big pip half beyond the right edge: straight edges, but solid
    assert cover_lines(img, 12.0) is None
    img = np.zeros((70, 45), np.uint8)
    cv2.circle(img, (40, 69), 10, 1, -1)  # a round lobe cut by the bottom edge
    assert cover_lines(img, 12.0) is None


@needs_cards
def test_an_index_crossed_by_a_covering_cards_edge_reads():
    """A set-up shot's corner with another card lying over the tip of its suit: the covering
    card's face (paper) beyond its edge, its edge a line as thick as the glyphs' strokes,
    running in from the patch's bottom edge.  Thinning took the diamond with the line
    (one pixel further out, it parts them: then this path is not taken)."""
    profile = Profile.load(default_profile_path())
    calib = json.loads((CARDS / "calib" / "anglo" / "calib.json").read_text())
    card = calib["cards"]["8D"]
    q = np.array(card["corners"], float)
    wv, hv = q[1] - q[0], q[3] - q[0]
    img = cv2.imread(str(CARDS / "calib" / "anglo" / "8D.png"))
    patch = warp_corner(img, q[0][0], q[0][1], wv / np.linalg.norm(wv), hv / np.linalg.norm(hv),
                        np.linalg.norm(wv), np.linalg.norm(hv), profile)
    matcher = IndexMatcher(profile)
    assert matcher.read(patch).best("suit")[0] == "D"
    _, suit = extract_glyphs(patch, profile)
    x0 = int(suit.box.u1 * profile.canon_w) + 4 - 3
    y1 = int(suit.box.v1 * 240) + 4 - 3
    h, w = patch.shape[:2]
    # The edge: from the bottom edge up to the right edge, over the diamond's lower right side.
    a = np.array([x0 - (h - 1 - y1), h - 1], float)
    b = np.array([w - 1, y1 - (w - 1 - x0)], float)
    covered = patch.copy()
    beyond = np.array([a, b, [w + 5, h + 5]], np.int32)
    cv2.fillPoly(covered, [beyond], tuple(int(v) for v in np.percentile(patch.reshape(-1, 3), 90, axis=0)))
    cv2.line(covered, tuple(a.astype(int)), tuple(b.astype(int)), (30, 30, 30), 2, cv2.LINE_AA)
    rank, suit = extract_glyphs(covered, profile)
    assert suit is not None and suit.cut
    read = matcher.read(covered)
    assert read is not None and read.best("suit")[0] == "D" and read.best("rank")[0] == "8"
