"""Camera-path benchmark: recognition and once-only reading on the shared test decks.

Run by hand:  python benchmarks/vision.py [--cards ../shared/cards] [--deck anglo ...] [--profile DIR]
Unseen decks: python benchmarks/vision.py --synth /tmp/synth --svg tango --svg simplistic
  renders set-up shots and test frames of other Debian card decks (gnome-cards-data,
  rsvg-convert; KDE's themes of kdegames-card-data-kf5 by folder name: --svg svg-standard)
  into /tmp/synth/{calib,test}/<deck>, then benchmarks them the same way.
  A rendered card counts as readable where the render itself shows a corner index
  (a rank above a suit, see index_boxes) and at least 90% of that index is unoccluded;
  court cards that print no rank letter (guyenne-classic) never count.
  --paper R,G,B prints the rendered deck on tinted (cream) stock and --shadow sets how
  dark a card's edge shadow falls on what lies under it, --felt R,G,B lays the scenes on
  another table colour (a wooden table) and --light R,G,B colours the test frames' light
  (calibrated in white light), --clutter adds chips, a hand, glare and a tilted camera,
  --noise and --jpeg a cheaper camera's noise and compression, each into a new --synth DIR.

For each deck a profile is calibrated from that deck's set-up shots only
(unless --profile is given), then:
- recognize: every test frame; a read is *correct* if a truth card of that
  code lies under it, *wrong* if another card does, a *phantom* if none does;
  *missed* are readable truth cards (index_visible) without a correct read.
  Milliseconds per 1280x720 frame on one core (cv2.setNumThreads(1)).
  --misses DIR saves a crop of every missed card, named by why: no corner
  found at its visible index (``no_corner``) or found but not read (``not_read``);
  the counts are printed as missed_no_corner / missed_not_read.
- watch: both shoe-mouth videos; per card the frames from index-visible and
  from rest to its event, plus missed, wrong and duplicate events, and the
  milliseconds watching spent per frame (a frame showing what the last frame
  read did is not read again: see dealer_assist.vision.still_scene; how many
  frames were read is printed; --every-frame reads them all).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_assist.vision.calibrate import CalibrationError, calibrate  # noqa: E402
from dealer_assist.vision.capture import FrameGrabber  # noqa: E402
from dealer_assist.vision.detect import outlines  # noqa: E402
from dealer_assist.vision.profile import Profile  # noqa: E402
from dealer_assist.vision.recognize import Recognizer  # noqa: E402
from dealer_assist.vision.track import NewCard  # noqa: E402
from dealer_assist.vision.watch import WatchCost, watch  # noqa: E402
import table_clutter  # noqa: E402


def canon(code: str) -> str:
    return code.replace("10", "T")


def deck_profile(cards: Path, deck: str) -> Optional[Profile]:
    """The profile calibrated from ``cards/calib/<deck>`` alone, as saved and loaded again (what a user
    gets from ``dealer-assist calibrate``); None, with the reason printed, when calibration refuses the deck."""
    t0 = time.perf_counter()
    try:
        profile = calibrate(cards / "calib" / deck, allow_missing=True)
    except CalibrationError as exc:
        print(f"{deck}: REFUSED at calibration ({exc.reason}): {str(exc).splitlines()[0].rstrip(':')}")
        return None
    with tempfile.TemporaryDirectory() as tmp:
        profile = Profile.load(profile.save(tmp))
    print(f"{deck}: calibrated in {time.perf_counter() - t0:.1f} s, thresholds {profile.thresholds}, "
          f"self-test {profile.self_test}", flush=True)
    return profile


def bench_recognize(profile: Profile, folder: Path, verbose: bool, misses: Path | None = None) -> dict:
    truth = json.loads((folder / "truth.json").read_text())
    rec = Recognizer(profile)
    stats = dict(frames=0, readable=0, correct=0, wrong=0, phantom=0, missed=0, uncertain=0, unreadable_read=0)
    ms = []
    for f in truth["frames"]:
        image = cv2.imread(str(folder / f["file"]), cv2.IMREAD_COLOR)
        t0 = time.perf_counter()
        res = rec.recognize(image)
        ms.append((time.perf_counter() - t0) * 1000)
        stats["frames"] += 1
        cards = [(canon(c["card"]), np.array(c["center"]), c) for c in f["cards"]]
        if cards:
            h = float(np.median([np.linalg.norm(np.subtract(c["corners"][0], c["corners"][3])) for c in f["cards"]]))
        else:
            h = profile.card_h_px
        near_of = [[i for i, (_, c, _) in enumerate(cards) if np.linalg.norm(c - np.array(hit.center)) < 0.4 * h]
                   for hit in res.cards]
        match = _match_reads([[i for i in near if cards[i][0] == hit.card.code]
                              for hit, near in zip(res.cards, near_of)])
        used = set(match.values())
        for k, hit in enumerate(res.cards):
            near = near_of[k]
            if k in match:
                stats["correct"] += 1
                if not cards[match[k]][2]["index_visible"]:
                    stats["unreadable_read"] += 1
            elif near:
                stats["wrong"] += 1
                if verbose:
                    print(f"  WRONG {f['file']}: read {hit.card.code}, truth {[cards[i][0] for i in near]}")
            else:
                stats["phantom"] += 1
                if verbose:
                    print(f"  PHANTOM {f['file']}: {hit.card.code} at {hit.center}")
        stats["uncertain"] += len(res.uncertain)
        for i, (_, _, c) in enumerate(cards):
            if c["index_visible"]:
                stats["readable"] += 1
                if i not in used:
                    stats["missed"] += 1
                    if misses is not None:
                        _save_miss(rec, image, f["file"], cards[i][0], c, misses, stats)
    stats["median_ms"] = round(float(np.median(ms)), 2)
    stats["p95_ms"] = round(float(np.percentile(ms, 95)), 2)
    stats["recall"] = round((stats["correct"] - stats["unreadable_read"]) / max(stats["readable"], 1), 4)
    return stats


def _match_reads(options: list[list[int]]) -> dict[int, int]:
    """Reads matched to truth cards of their code, as many as can be (read index -> card index).

    An 8-deck shoe puts two of a code side by side: taking the first or the
    nearest card for each read in turn can leave the other read without one.
    """
    match: dict[int, int] = {}  # card -> read

    def place(read: int, seen: set) -> bool:
        for card in options[read]:
            if card not in seen:
                seen.add(card)
                if card not in match or place(match[card], seen):
                    match[card] = read
                    return True
        return False

    for read in range(len(options)):
        place(read, set())
    return {read: card for card, read in match.items()}


def _save_miss(rec: Recognizer, image: np.ndarray, name: str, code: str, card: dict, out: Path, stats: dict) -> None:
    """Crop of a missed card, named by why: no corner found at a visible index, or found but not read."""
    # The corners recognize itself tries (notched, outside and edge-line ones too), so that a
    # corner found but not read is never filed as not found.
    masks = rec.masks(rec.balanced(image))
    split_outlines = outlines(masks.split)
    corners = rec.outline_corners(masks, split_outlines)
    corners += rec.edge_corners(masks, split_outlines, corners)
    seen = [np.array(card["corners"][2 * k]) for k, v in enumerate(card.get("index_visible_frac", [1, 1])) if v >= 0.5]
    found = any(np.hypot(c.x - p[0], c.y - p[1]) < 8 for c in corners for p in seen)
    kind = "not_read" if found else "no_corner"
    stats["missed_" + kind] = stats.get("missed_" + kind, 0) + 1
    out.mkdir(parents=True, exist_ok=True)
    pts = np.array(card["corners"])
    x0, y0 = np.maximum(pts.min(axis=0).astype(int) - 30, 0)
    x1, y1 = pts.max(axis=0).astype(int) + 30
    cv2.imwrite(str(out / f"{Path(name).stem}_{code}_{kind}.png"), image[y0:y1, x0:x1])


def bench_watch(profile: Profile, video: Path, every_frame: bool = False) -> dict:
    truth = json.loads(video.with_suffix(".json").read_text())
    grabber = FrameGrabber(str(video), drop=False).start()
    events = []
    cost = WatchCost()
    try:
        for event, _ in watch(profile, grabber, every_frame=every_frame, cost=cost):
            if isinstance(event, NewCard):
                events.append((event.card.code, event.frame))
    finally:
        grabber.stop()
    pending = [dict(c, code=canon(c["card"])) for c in truth["cards"]]
    from_visible, from_rest, wrong, dup = [], [], 0, 0
    matched = []
    for code, frame in events:
        cands = [c for c in pending if c["code"] == code and c["t_appear"] <= frame]
        if cands:
            c = cands[0]
            pending.remove(c)
            matched.append(c)
            from_visible.append(frame - c["t_index_visible"])
            from_rest.append(frame - c["t_rest"])
        elif any(c["code"] == code for c in matched):
            dup += 1
        else:
            wrong += 1
    return dict(cards=len(truth["cards"]), reported=len(matched), missed=len(pending), wrong=wrong, duplicates=dup,
                frames_from_index_visible=from_visible, frames_from_rest=from_rest,
                worst_after_rest=max(from_rest) if from_rest else None,
                frames=len(cost.ms), frames_read=cost.read,
                median_ms=round(float(np.median(cost.ms)), 2) if cost.ms else None,
                p95_ms=round(float(np.percentile(cost.ms, 95)), 2) if cost.ms else None)


SVG_DIR = Path("/usr/share/aisleriot/cards")
#: KDE's card themes (kdegames-card-data-kf5), one folder each, named as --svg takes them: svg-oxygen.
KDE_DIR = Path("/usr/share/carddecks")
SVG_RANKS = {"A": "1", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
SVG_SUITS = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
FELTS = [(40, 110, 45), (30, 80, 25), (110, 60, 30), (35, 40, 120), (60, 95, 60)]


def svg_source(svg_name: str) -> Optional[Path]:
    """The SVG file of a card theme: Debian's aisleriot themes by name (tango), KDE's by their
    folder's name (svg-oxygen); None when not installed."""
    if svg_name.startswith("svg-"):
        found = sorted((KDE_DIR / svg_name).glob("*.svg*")) if (KDE_DIR / svg_name).is_dir() else []
        return found[0] if found else None
    src = SVG_DIR / f"{svg_name}.svgz"
    return src if src.is_file() else None


def render_deck(svg_name: str, height: int = 520) -> dict:
    """RGBA images of the 52 cards of a Debian or KDE card theme, cropped to the card."""
    import gzip

    src = svg_source(svg_name)
    tmp = Path(tempfile.mkdtemp())
    svg = tmp / "deck.svg"
    data = src.read_bytes()
    svg.write_bytes(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)
    # aisleriot names a card's element suit first (spade_1), KDE rank first (1_spade).
    rank_first = b'id="1_spade"' in svg.read_bytes()
    cards = {}
    for r in "A23456789TJQK":
        for su in "SHDC":
            out = tmp / f"{r}{su}.png"
            # rsvg-convert scales the element's whole extent to the height asked, and in
            # some themes that extent runs far past the card (anglo_modern's 2S came out
            # 74 px tall): render again, enlarged by what the card fell short.
            asked = height
            for _ in range(3):
                subprocess.run(["rsvg-convert", f"--export-id={element_id(r, su, rank_first)}", "-h", str(asked),
                                str(svg), "-o", str(out)], check=True, capture_output=True)
                img = cv2.imread(str(out), cv2.IMREAD_UNCHANGED)
                ys, xs = np.nonzero(img[:, :, 3] > 128)
                card = img[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
                if card.shape[0] >= 0.97 * height:
                    break
                asked = int(np.ceil(asked * height / card.shape[0])) + 1
            if card.shape[0] > 1.03 * height:
                card = cv2.resize(card, (round(card.shape[1] * height / card.shape[0]), height), interpolation=cv2.INTER_AREA)
            cards[r + su] = card
    return cards


def element_id(rank: str, suit: str, rank_first: bool) -> str:
    parts = [SVG_SUITS[suit], SVG_RANKS.get(rank, rank)]
    return "_".join(parts[::-1] if rank_first else parts)


#: Where a corner index may lie on a rendered card (fractions of width, height from the corner):
#: any deck's index stays within the card's outer third across and its top half down.
INDEX_REACH = (0.4, 0.5)
#: A glyph of an index is this tall against the card, at least and at most: smaller is a
#: speck of print, taller is a picture or a centre pip.
GLYPH_H = (0.025, 0.2)


def index_boxes(card: np.ndarray) -> list:
    """Per index corner of a rendered card (top-left, bottom-right): the box around its
    rank and suit in card fractions ``(u0, v0, u1, v1)``, or None where the corner prints none.

    Decided from the render alone, not by the recognizer: an index is two or more
    glyph-sized ink blobs lying together at the corner (the rank above or beside the
    suit; a ten's two digits). A lone suit printed beside a picture (guyenne's court
    cards print no rank letter) is no index, so such a card is not readable there.
    """
    out = []
    for flipped in (False, True):
        img = card[::-1, ::-1] if flipped else card
        box = _corner_index(img)
        if box is not None and flipped:
            u0, v0, u1, v1 = box
            box = (1 - u1, 1 - v1, 1 - u0, 1 - v0)
        out.append(box)
    return out


def _corner_index(card: np.ndarray):
    """The top-left index box of an RGBA card render (see :func:`index_boxes`)."""
    h, w = card.shape[:2]
    rgb = card[:, :, :3].astype(np.int16)
    lo, hi = rgb.min(axis=2), rgb.max(axis=2)
    face = card[:, :, 3] > 128
    paper = float(np.percentile(lo[face], 90))
    # Ink is anything darker than the paper or coloured: black and red print, and a picture's fills.
    ink = (face & (((paper - lo) > 60) | ((hi - lo) > 60))).astype(np.uint8)
    # The card's printed outline runs along its (rounded) edge, and some decks print
    # the rank over it (tango's "10"): a thin band inside the edge is not looked at.
    band = max(2, int(0.02 * w))
    ink &= cv2.erode(face.astype(np.uint8), np.ones((2 * band + 1, 2 * band + 1), np.uint8))
    n, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    reach_w, reach_h = INDEX_REACH[0] * w, INDEX_REACH[1] * h
    glyphs = [tuple(int(v) for v in stats[i][:4]) for i in range(1, n)
              if GLYPH_H[0] * h <= stats[i][3] <= GLYPH_H[1] * h and stats[i][2] <= GLYPH_H[1] * h
              and stats[i][0] + stats[i][2] <= reach_w and stats[i][1] + stats[i][3] <= reach_h]
    if not glyphs:
        return None
    # The rank is the glyph nearest the corner, with a ten's second digit beside it
    # (as tall, level with it, close); the suit is the nearest glyph right below.
    # A big pip or suit printed beside the index is neither.
    rank = [min(glyphs, key=lambda g: np.hypot(g[0], g[1]))]
    rx, ry, rw, rh = rank[0]
    rank += [g for g in glyphs if g != rank[0] and 0.8 * rh <= g[3] <= 1.25 * rh and abs(g[1] - ry) < 0.15 * rh
             and 0 <= g[0] - (rx + rw) < 0.25 * rh]
    x0, y0 = min(g[0] for g in rank), min(g[1] for g in rank)
    x1, y1 = max(g[0] + g[2] for g in rank), max(g[1] + g[3] for g in rank)
    below = [g for g in glyphs if g not in rank and 0 <= g[1] - y1 < 0.6 * rh
             and min(x1, g[0] + g[2]) - max(x0, g[0]) > 0.3 * min(x1 - x0, g[2])]
    if not below:
        return None
    suit = min(below, key=lambda g: g[1])
    x0, x1, y1 = min(x0, suit[0]), max(x1, suit[0] + suit[2]), suit[1] + suit[3]
    return (x0 / w, y0 / h, x1 / w, y1 / h)


def _felt(rng, size=(720, 1280), felts=FELTS):
    h, w = size
    base = np.array(felts[rng.integers(len(felts))], np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * np.pi)
    gain = 1.0 + rng.uniform(0, 0.35) * ((xx / w - 0.5) * np.cos(a) + (yy / h - 0.5) * np.sin(a))
    img = base[None, None, :] * gain[..., None] + rng.normal(0, 3, (h, w, 3))
    if rng.random() < 0.6:  # a pale printed layout line
        img = np.clip(img, 0, 255).astype(np.uint8)
        cv2.circle(img, (int(rng.integers(200, 1080)), int(rng.integers(150, 570))), int(rng.integers(60, 220)),
                   (200, 215, 215), 2, cv2.LINE_AA)
        return img.astype(np.float32)
    return img


def _place(img, card, quad, shadow=0.35):
    """Paint an RGBA card onto float image ``img`` at ``quad`` (TL, TR, BR, BL), with a soft shadow of that depth."""
    h, w = card.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    m = cv2.getPerspectiveTransform(src, np.float32(quad))
    size = (img.shape[1], img.shape[0])
    alpha = cv2.warpPerspective(card[:, :, 3].astype(np.float32) / 255, m, size)
    if shadow:
        sh = cv2.GaussianBlur(cv2.warpAffine(alpha, np.float32([[1, 0, 3], [0, 1, 4]]), size), (0, 0), 3)
        img *= (1 - shadow * sh)[..., None]
    rgb = cv2.warpPerspective(card[:, :, :3].astype(np.float32), m, size)
    img[:] = img * (1 - alpha[..., None]) + rgb * alpha[..., None]
    return alpha > 0.5


def _card_to_frame(card, quad, box) -> np.ndarray:
    """The corners of ``box`` (card fractions u0, v0, u1, v1) where :func:`_place` put the card."""
    h, w = card.shape[:2]
    m = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), np.float32(quad))
    u0, v0, u1, v1 = box
    pts = np.float32([[[u0 * w, v0 * h]], [[u1 * w, v0 * h]], [[u1 * w, v1 * h]], [[u0 * w, v1 * h]]])
    return cv2.perspectiveTransform(pts, m).reshape(4, 2)


def _card_quad(center, angle, height, aspect):
    w, h = height * aspect, height
    c, s = np.cos(angle), np.sin(angle)
    pts = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    return pts @ np.array([[c, s], [-s, c]]) + center


def make_synthetic(svg_name: str, out: Path, frames: int = 60, seed: int = 1,
                   paper: tuple[float, float, float] | None = None, shadow: float = 0.35,
                   felt: tuple[float, float, float] | None = None,
                   light: tuple[float, float, float] | None = None, clutter: bool = False,
                   noise: float = 4.0, jpeg: tuple[int, int] = (60, 93)) -> None:
    """Set-up shots and test frames (with truth.json) of one Debian deck, like the shared card sets.

    ``paper`` (R, G, B of the card stock, 255 = white) prints the deck on tinted
    stock, e.g. cream: every pixel of the card is multiplied by it, as ink on
    tinted paper.  ``shadow`` is how much a card darkens what lies under it
    next to its edge: a smaller one leaves fainter paper-on-paper edges.
    ``felt`` (R, G, B) lays every scene on that one surface instead of the
    green, blue and red felts, e.g. a wooden table.  ``light`` (R, G, B gains)
    colours the test frames' light only, e.g. a warm lamp: the set-up shots
    keep white light, as when a table is calibrated once and its light changes.
    ``clutter`` adds chips, a hand, glare and a tilted camera to the test frames
    (see :mod:`table_clutter`); what a chip, a hand or strong glare hides is not visible.
    ``noise`` is the most sensor noise (sigma, levels) a test frame gets and ``jpeg``
    the range of its JPEG quality: a cheap camera in a dim room gives more and lower.
    """
    rng = np.random.default_rng(seed)
    felts = [(felt[2], felt[1], felt[0])] if felt is not None else FELTS
    cards = render_deck(svg_name)
    # Where the index is does not depend on the stock's colour: found on the white render.
    index_of = {code: index_boxes(card) for code, card in cards.items()}
    if paper is not None:
        gain = np.array([paper[2], paper[1], paper[0], 255.0], np.float32) / 255  # BGRA
        cards = {code: np.clip(np.round(card.astype(np.float32) * gain), 0, 255).astype(np.uint8)
                 for code, card in cards.items()}
    aspect = float(np.median([c.shape[1] / c.shape[0] for c in cards.values()]))
    calib = out / "calib" / svg_name
    test = out / "test" / svg_name
    calib.mkdir(parents=True, exist_ok=True)
    test.mkdir(parents=True, exist_ok=True)
    for code, card in cards.items():
        img = _felt(rng, felts=felts)
        center = np.array([640, 360]) + rng.uniform(-20, 20, 2)
        _place(img, card, _card_quad(center, rng.uniform(-0.02, 0.02), 260, aspect), shadow)
        img = cv2.GaussianBlur(np.clip(img, 0, 255).astype(np.uint8), (0, 0), 0.5)
        cv2.imwrite(str(calib / f"{code.replace('T', '10')}.png"), img)
    codes = list(cards)
    truth = []
    for n in range(frames):
        img = _felt(rng, felts=felts)
        height = 260 * rng.uniform(0.85, 1.15)
        placed = []
        groups = int(rng.integers(1, 4))
        for _ in range(groups):
            count = int(rng.integers(1, 5))
            start = np.array([rng.uniform(150, 1130), rng.uniform(140, 580)])
            angle = rng.uniform(0, 2 * np.pi)
            step = rng.uniform(0.22, 0.45) * height * np.array([np.cos(angle + 0.6), np.sin(angle + 0.6)])
            for i in range(count):
                placed.append((codes[rng.integers(len(codes))], _card_quad(start + i * step, angle + rng.normal(0, 0.05), height, aspect)))
        masks, entries = [], []
        for code, quad in placed:
            masks.append(_place(img, cards[code], quad, shadow))
        hidden = table_clutter.clutter(img, rng, [q.mean(axis=0) for _, q in placed], height) if clutter else None
        tilt = table_clutter.camera_tilt(rng, (img.shape[1], img.shape[0])) if clutter else np.eye(3)
        for code, quad in placed:
            quad = table_clutter.tilted(quad, tilt)
            entries.append({"card": code.replace("T", "10"), "corners": quad.round(1).tolist(),
                            "center": quad.mean(axis=0).round(1).tolist()})
        for i, (code, quad) in enumerate(placed):
            above = np.zeros(img.shape[:2], bool) if hidden is None else hidden.copy()
            for m in masks[i + 1:]:
                above |= m
            fracs = []
            boxes = []
            for box in index_of[code]:  # TL and BR index, where the card prints one
                if box is None:
                    fracs.append(0.0)
                    boxes.append(None)
                    continue
                poly = _card_to_frame(cards[code], quad, box)
                seen = table_clutter.tilted(poly, tilt)  # where the frame shows it
                boxes.append(seen.round(1).tolist())
                region = np.zeros(img.shape[:2], np.uint8)
                cv2.fillPoly(region, [np.int32(np.round(poly))], 1)
                x0, y0 = seen.min(axis=0)
                x1, y1 = seen.max(axis=0)
                inside = x0 >= 0 and y0 >= 0 and x1 < img.shape[1] and y1 < img.shape[0]
                total = max(int(region.sum()), 1)
                fracs.append(float((region.astype(bool) & ~above).sum()) / total if inside else 0.0)
            entries[i]["index_boxes"] = boxes
            entries[i]["index_visible_frac"] = [round(f, 3) for f in fracs]
            entries[i]["index_visible"] = max(fracs) >= 0.9
            entries[i]["z"] = i
        if light is not None:
            img = img * np.array([light[2], light[1], light[0]], np.float32)
        if clutter:
            img = cv2.warpPerspective(img, tilt, (img.shape[1], img.shape[0]), flags=cv2.INTER_LINEAR,
                                      borderMode=cv2.BORDER_REFLECT)
        out_img = np.clip(img, 0, 255).astype(np.uint8)
        out_img = cv2.GaussianBlur(out_img, (0, 0), rng.uniform(0.3, 1.1))
        out_img = np.clip(out_img.astype(np.float32) + rng.normal(0, rng.uniform(0, noise), out_img.shape), 0, 255).astype(np.uint8)
        name = f"{n:04d}.jpg"
        cv2.imwrite(str(test / name), out_img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(*jpeg))])
        truth.append({"file": name, "cards": entries})
    (test / "truth.json").write_text(json.dumps({"deck": svg_name, "frames": truth}))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cards", default=str(Path(__file__).resolve().parents[2] / "shared" / "cards"))
    ap.add_argument("--deck", action="append", help="deck name (default: every deck in cards/test)")
    ap.add_argument("--profile", help="use this profile instead of calibrating")
    ap.add_argument("-v", "--verbose", action="store_true", help="list wrong reads and phantoms")
    ap.add_argument("--every-frame", action="store_true", help="watch: read every frame of the videos, "
                    "still or not")
    ap.add_argument("--misses", metavar="DIR", help="save a crop of every missed card into DIR/<deck>, named "
                    "<frame>_<card>_no_corner.png (no corner found at its visible index) or _not_read.png")
    ap.add_argument("--synth", metavar="DIR", help="render unseen Debian or KDE decks (--svg) into DIR and benchmark them")
    ap.add_argument("--svg", action="append", help="card theme for --synth: Debian's (gnome-cards-data), e.g. tango, "
                    "simplistic, or KDE's (kdegames-card-data-kf5) by folder, e.g. svg-oxygen")
    ap.add_argument("--frames", type=int, default=60, help="test frames per synthetic deck")
    ap.add_argument("--paper", metavar="R,G,B", help="for --synth: card stock colour, e.g. 250,240,210 for cream "
                    "(default white; use a new --synth DIR, rendered decks are not re-rendered)")
    ap.add_argument("--felt", metavar="R,G,B", help="for --synth: the table's colour under every scene, e.g. "
                    "170,120,75 for a wooden table (default: green, blue and red felts; use a new --synth DIR)")
    ap.add_argument("--light", metavar="R,G,B", help="for --synth: gains of the test frames' light, e.g. "
                    "1,0.85,0.65 for a warm lamp (the set-up shots keep white light; use a new --synth DIR)")
    ap.add_argument("--clutter", action="store_true", help="for --synth: chips, a hand, glare and a tilted camera "
                    "in the test frames (use a new --synth DIR)")
    ap.add_argument("--noise", type=float, default=4.0, help="for --synth: the most sensor noise (sigma) of a "
                    "test frame (default 4; use a new --synth DIR)")
    ap.add_argument("--jpeg", metavar="LO,HI", default="60,93", help="for --synth: the test frames' JPEG quality "
                    "range (default 60,93; use a new --synth DIR)")
    ap.add_argument("--shadow", type=float, default=0.35, help="for --synth: depth of a card's shadow on what lies "
                    "under it (default 0.35; smaller = fainter edges between cards)")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    cards = Path(args.cards)
    if args.synth:
        cards = Path(args.synth)
        unrendered = [n for n in args.svg or ["tango"] if not (cards / "test" / n / "truth.json").is_file()]
        missing = [f"{KDE_DIR / n}/*.svgz" if n.startswith("svg-") else f"{SVG_DIR / n}.svgz"
                   for n in unrendered if svg_source(n) is None]
        if unrendered and not shutil.which("rsvg-convert"):
            missing.append("the rsvg-convert program")
        if missing:
            print(f"--synth cannot render {', '.join(unrendered)}: {', '.join(missing)} not found.\n"
                  "Install Debian's card themes and SVG renderer (sudo apt-get update, then sudo apt-get install gnome-cards-data "
                  "kdegames-card-data-kf5 librsvg2-bin; the bonded theme comes with aisleriot), or name a deck "
                  "that is installed.", file=sys.stderr)
            return 2
        failed = []
        for name in unrendered:
            paper = tuple(float(v) for v in args.paper.split(",")) if args.paper else None
            felt = tuple(float(v) for v in args.felt.split(",")) if args.felt else None
            light = tuple(float(v) for v in args.light.split(",")) if args.light else None
            try:
                make_synthetic(name, cards, args.frames, paper=paper, shadow=args.shadow, felt=felt, light=light,
                               clutter=args.clutter, noise=args.noise,
                               jpeg=tuple(int(v) for v in args.jpeg.split(",")))
            except subprocess.CalledProcessError as exc:
                # Some themes link images rsvg-convert cannot load (KDE's konqi-modern, xskat-french).
                print(f"{name}: NOT RENDERED: rsvg-convert failed on {exc.cmd[1]}: "
                      f"{(exc.stderr or b'').decode(errors='replace').strip()[:200] or 'no message'}")
                failed.append(name)
        args.deck = [n for n in args.svg or ["tango"] if n not in failed]
        if not args.deck:
            return 2
    decks = args.deck or sorted(p.name for p in (cards / "test").iterdir() if p.is_dir())
    rows = []
    for deck in decks:
        profile = Profile.load(args.profile) if args.profile else deck_profile(cards, deck)
        if profile is None:
            continue
        r = bench_recognize(profile, cards / "test" / deck, args.verbose,
                            Path(args.misses) / deck if args.misses else None)
        print(f"{deck} recognize: {json.dumps(r)}")
        w = {}
        for video in sorted((cards / "test_shoe" / deck).glob("*.mp4")) if (cards / "test_shoe" / deck).is_dir() else []:
            w[video.stem] = bench_watch(profile, video, args.every_frame)
            print(f"{deck} watch {video.stem}: {json.dumps(w[video.stem])}")
        rows.append((deck, r, w))
    print()
    print("| deck | readable | correct | wrong | missed | phantom | uncertain | recall | median ms | p95 ms |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for deck, r, _ in rows:
        print(f"| {deck} | {r['readable']} | {r['correct']} | {r['wrong']} | {r['missed']} | {r['phantom']} | "
              f"{r['uncertain']} | {r['recall']:.1%} | {r['median_ms']} | {r['p95_ms']} |")
    print()
    print("| deck | video | cards | reported | missed | wrong | duplicates | frames after index visible | frames after rest "
          "| frames read | median ms | p95 ms |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for deck, _, w in rows:
        for name, s in w.items():
            print(f"| {deck} | {name} | {s['cards']} | {s['reported']} | {s['missed']} | {s['wrong']} | {s['duplicates']} | "
                  f"{s['frames_from_index_visible']} | {s['frames_from_rest']} | {s['frames_read']} of {s['frames']} | "
                  f"{s['median_ms']} | {s['p95_ms']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
