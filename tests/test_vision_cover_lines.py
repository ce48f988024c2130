"""A covering card's edge across a corner index: the line goes, the glyph stays (exact drawings and real shots)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.cover_lines import cover_lines, lines_off_unparted
from dealer_assist.vision.glyphs import extract_glyphs
from dealer_assist.vision.index import IndexMatcher
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.warp import warp_corner

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


def _edge_over_the_suit(code: str):
    """The shared deck's set-up shot of ``code``, its top-left corner patch, and the patch with
    another card lying over the tip of its suit: the covering card's face (paper) beyond its
    edge, its edge a dark line two pixels wide running in from the patch's bottom edge up to
    its right edge, over the suit's lower right side."""
    profile = Profile.load(default_profile_path())
    calib = json.loads((CARDS / "calib" / "anglo" / "calib.json").read_text())
    q = np.array(calib["cards"][code]["corners"], float)
    wv, hv = q[1] - q[0], q[3] - q[0]
    img = cv2.imread(str(CARDS / "calib" / "anglo" / f"{code}.png"))
    patch = warp_corner(img, q[0][0], q[0][1], wv / np.linalg.norm(wv), hv / np.linalg.norm(hv),
                        np.linalg.norm(wv), np.linalg.norm(hv), profile)
    _, suit = extract_glyphs(patch, profile)
    x0 = int(suit.box.u1 * profile.canon_w) + 4 - 3
    y1 = int(suit.box.v1 * 240) + 4 - 3
    h, w = patch.shape[:2]
    a = np.array([x0 - (h - 1 - y1), h - 1], float)
    b = np.array([w - 1, y1 - (w - 1 - x0)], float)
    covered = patch.copy()
    beyond = np.array([a, b, [w + 5, h + 5]], np.int32)
    cv2.fillPoly(covered, [beyond], tuple(int(v) for v in np.percentile(patch.reshape(-1, 3), 90, axis=0)))
    cv2.line(covered, tuple(a.astype(int)), tuple(b.astype(int)), (30, 30, 30), 2, cv2.LINE_AA)
    return profile, patch, covered


@needs_cards
def test_an_index_crossed_by_a_covering_cards_edge_reads():
    """Thinning took the diamond with the covering card's edge (one pixel further out, it
    parts them: then this path is not taken)."""
    profile, patch, covered = _edge_over_the_suit("8D")
    matcher = IndexMatcher(profile)
    assert matcher.read(patch).best("suit")[0] == "D"
    rank, suit = extract_glyphs(covered, profile)
    assert suit is not None and suit.cut
    read = matcher.read(covered)
    assert read is not None and read.best("suit")[0] == "D" and read.best("rank")[0] == "8"


@needs_cards
@pytest.mark.parametrize("code", ["8D", "4H"])
def test_the_edge_taken_off_a_suit_leaves_no_dark_rim_in_its_window(code):
    """A glyph's window takes the ink a pixel around its mask: the covering card's edge, taken
    off the mask, stayed in the window at full ink along the suit's cut side, and the suit read
    0.81 (8D) and 0.82 (4H), short of what a cut glyph needs.  Its ink is now no more than the
    ink level (as a level or upright line's is): both read above 0.9."""
    profile, _, covered = _edge_over_the_suit(code)
    read = IndexMatcher(profile).read(covered)
    assert read is not None and read.cut
    suit, score, _ = read.best("suit")
    assert suit == code[1] and score >= 0.9


def _diamond_under_a_wide_edge() -> tuple[np.ndarray, np.ndarray]:
    """A diamond and a straight edge 3.5 pixels wide (a design's black card outline) along its
    lower right side, in from the patch's bottom edge and out at its right edge; and the
    diamond alone."""
    img = np.zeros((76, 38), np.uint8)
    _diamond(img, 20, 50, 9)
    diamond = img.copy()
    a, b = np.array([8.0, 75.0]), np.array([37.0, 29.0])
    half = np.array([46.0, 29.0]) / np.hypot(46.0, 29.0) * 1.75  # across the edge
    cv2.fillPoly(img, [np.round(np.array([a - half, b - half, b + half, a + half])).astype(np.int32)], 1)
    return img, diamond


def test_an_edge_as_thick_as_the_strokes_goes_whole_and_leaves_no_fringe_on_the_diamond():
    """Taken off only within a thin line's half width of its centre, a pixel of a wide edge
    stayed along each of its sides, joined to the diamond it touched (a suit too big for its
    box, read as nothing)."""
    img, diamond = _diamond_under_a_wide_edge()
    lines = cover_lines(img.copy(), 14.0)
    assert lines is not None
    rest = img & (1 - lines)
    assert not (rest & (1 - diamond)).any()  # no fringe of the edge left
    assert cv2.countNonZero(rest & diamond) >= 0.75 * cv2.countNonZero(diamond)


def test_a_line_stub_thinning_left_on_a_glyph_is_taken_off_what_thinning_kept():
    """A blob that thinning parted from the patch's edges but kept with a stub of the edge on
    it (``oversize``): the edge comes off what was kept, and nothing else of the blob is added."""
    binary, diamond = _diamond_under_a_wide_edge()
    n, labels, stats, _ = cv2.connectedComponentsWithStats(binary, None, None, None, 8)
    boxes = stats.tolist()
    (blob,) = [i for i in range(1, n) if boxes[i][4] > 50]
    kept = diamond.copy()
    cv2.line(kept, (21, 60), (26, 52), 1, 2)  # the stub thinning kept along the diamond's side
    parted = kept.copy()
    lines = lines_off_unparted(binary, labels, boxes, [blob], parted, 14.0, oversize=(blob,))
    assert lines is not None
    assert not (parted & lines).any()  # the stub went
    assert not (parted & (1 - kept)).any()  # nothing came back
    assert cv2.countNonZero(parted & diamond) >= 0.75 * cv2.countNonZero(diamond)
