"""Camera-path robustness sweep: each deck's test frames changed as a camera or a room changes them,
read with the profile calibrated from the deck's untouched set-up shots.

Run by hand:  python benchmarks/frame_sweep.py [--cards DIR] [--deck NAME ...] [--change scale:0.94 ...]
Rendered designs (``all_designs.py --data DIR`` renders them into DIR/std) are read the same way:
              python benchmarks/frame_sweep.py --cards DIR/std --change turn:90

A change is ``KIND:VALUE``:
- ``scale:K`` the frame scaled by K (a camera nearer or farther, or set to another resolution:
  ``scale:1.5`` is 1920x1080, ``scale:0.75`` 960x540);
- ``turn:90`` / ``turn:180`` / ``turn:270`` the frame turned clockwise (a camera mounted on its
  side or upside down: a portrait frame at 90 and 270);
- ``gain:G`` every pixel times G, clipped (exposure: ``gain:0.6`` a dimmer room, ``gain:1.25``
  brighter light that saturates the paper);
- ``gamma:G`` levels raised to the power G (another camera's tone curve: 1.5 darkens mid-tones);
- ``warm:K`` the light's colour: red over blue K times the set-up's, no channel brightened
  (``warm:1.3`` a tungsten lamp or a camera's white balance left on daylight, ``warm:0.8``
  cold light).

The set-up shots keep the calibration's size, light and orientation, so each change is one the
recognizer meets unprepared.  The changed frames are written as PNG (no second JPEG pass) into a
temporary folder with their truth moved along, and counted as ``vision.py`` counts (correct,
wrong, missed, phantom, uncertain).  The never-guess rule is the point: the script ends with the
total of wrong reads and phantom cards, and exits 1 when there is any.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Callable

import cv2
import numpy as np

#: What a run tries when no ``--change`` is given: the scales stop 32's wrong reads were found at and
#: beyond, the camera turned, the light dimmed and brightened, another tone curve.
DEFAULT_CHANGES = ("scale:0.9", "scale:1.1", "turn:90", "turn:180", "gain:0.6", "gain:1.25", "gamma:1.5")

Point = tuple[float, float]


class ChangeError(ValueError):
    """A ``--change`` that names no known kind, or a value that kind cannot take."""


def parse_change(spec: str) -> tuple[Callable[[np.ndarray], np.ndarray], Callable[[Point, tuple[int, int]], Point]]:
    """``(image change, point change)`` for a change ``KIND:VALUE`` (see the module's docstring); the
    point change takes a frame point and the frame's (width, height) before the change."""
    kind, _, value = spec.partition(":")
    try:
        v = float(value)
    except ValueError:
        raise ChangeError(f"change {spec!r}: its value {value!r} is no number (write e.g. scale:0.9, turn:90)") from None
    if kind == "scale":
        if not 0.2 <= v <= 4.0:
            raise ChangeError(f"change {spec!r}: a scale must lie between 0.2 and 4")
        return (lambda im: cv2.resize(im, None, fx=v, fy=v, interpolation=cv2.INTER_AREA if v < 1 else cv2.INTER_CUBIC),
                lambda p, size: (p[0] * v, p[1] * v))
    if kind == "turn":
        turns = {90: (cv2.ROTATE_90_CLOCKWISE, lambda x, y, w, h: (h - 1 - y, x)),
                 180: (cv2.ROTATE_180, lambda x, y, w, h: (w - 1 - x, h - 1 - y)),
                 270: (cv2.ROTATE_90_COUNTERCLOCKWISE, lambda x, y, w, h: (y, w - 1 - x))}
        if v not in turns:
            raise ChangeError(f"change {spec!r}: a turn is 90, 180 or 270 degrees")
        code, move = turns[int(v)]
        return lambda im: cv2.rotate(im, code), lambda p, size: move(p[0], p[1], *size)
    if kind in ("gain", "gamma"):
        if not 0.1 <= v <= 5.0:
            raise ChangeError(f"change {spec!r}: a {kind} must lie between 0.1 and 5")
        levels = np.arange(256, dtype=np.float64)
        table = levels * v if kind == "gain" else 255.0 * (levels / 255.0) ** v
        lut = np.clip(np.round(table), 0, 255).astype(np.uint8)
        return lambda im: cv2.LUT(im, lut), lambda p, size: p
    if kind == "warm":
        if not 0.25 <= v <= 4.0:
            raise ChangeError(f"change {spec!r}: a warmth must lie between 0.25 and 4")
        gains = np.array([1.0 / v, v ** -0.5, 1.0]) if v >= 1 else np.array([1.0, v ** 0.5, v])  # B, G, R
        return lambda im: np.clip(np.round(im * gains), 0, 255).astype(np.uint8), lambda p, size: p
    raise ChangeError(f"change {spec!r}: unknown kind {kind!r} (scale, turn, gain, gamma or warm)")


def changed_frames(folder: Path, spec: str, out: Path) -> Path:
    """``folder``'s test frames and ``truth.json`` changed by ``spec``, written into ``out`` (returned)."""
    image_change, point_change = parse_change(spec)
    truth = json.loads((folder / "truth.json").read_text())
    out.mkdir(parents=True, exist_ok=True)
    for f in truth["frames"]:
        image = cv2.imread(str(folder / f["file"]), cv2.IMREAD_COLOR)
        if image is None:
            raise FileNotFoundError(f"test frame {folder / f['file']} is missing or not an image")
        size = (image.shape[1], image.shape[0])
        for card in f["cards"]:
            card["corners"] = [list(point_change(tuple(p), size)) for p in card["corners"]]
            card["center"] = list(point_change(tuple(card["center"]), size))
        f["file"] = Path(f["file"]).stem + ".png"
        cv2.imwrite(str(out / f["file"]), image_change(image))
    truth.pop("frame_size", None)  # the changed frames say their own size
    (out / "truth.json").write_text(json.dumps(truth))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cards", default=str(Path(__file__).resolve().parents[2] / "shared" / "cards"),
                    help="a folder with calib/<deck> and test/<deck> (the shared cards, or a rendered DIR/std)")
    ap.add_argument("--deck", action="append", help="deck name (default: every deck in cards/test)")
    ap.add_argument("--change", action="append", help=f"KIND:VALUE, repeatable (default: {' '.join(DEFAULT_CHANGES)})")
    ap.add_argument("-v", "--verbose", action="store_true", help="list wrong reads and phantoms")
    args = ap.parse_args()
    changes = args.change or list(DEFAULT_CHANGES)
    try:
        for spec in changes:
            parse_change(spec)
    except ChangeError as exc:
        print(exc, file=sys.stderr)
        return 2
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import vision  # the counting and calibration vision.py does, imported only to run

    cv2.setNumThreads(1)
    cards = Path(args.cards)
    decks = args.deck or sorted(p.name for p in (cards / "test").iterdir() if p.is_dir())
    rows = []
    for deck in decks:
        profile = vision.deck_profile(cards, deck)
        if profile is None:
            continue
        for spec in changes:
            with tempfile.TemporaryDirectory() as tmp:
                r = vision.bench_recognize(profile, changed_frames(cards / "test" / deck, spec, Path(tmp)), args.verbose)
            print(f"{deck} {spec}: {json.dumps(r)}", flush=True)
            rows.append((deck, spec, r))
    print()
    print("| deck | change | readable | read right | wrong | missed | phantom | uncertain | recall |")
    print("|---|---|---|---|---|---|---|---|---|")
    for deck, spec, r in rows:
        print(f"| {deck} | {spec} | {r['readable']} | {r['correct'] - r['unreadable_read']} | {r['wrong']} | "
              f"{r['missed']} | {r['phantom']} | {r['uncertain']} | {r['recall']:.1%} |")
    readable = sum(r["readable"] for _, _, r in rows)
    wrong = sum(r["wrong"] for _, _, r in rows)
    phantom = sum(r["phantom"] for _, _, r in rows)
    right = sum(r["correct"] - r["unreadable_read"] for _, _, r in rows)
    print(f"\n{len(rows)} runs, {readable} readable cards: {right} read right, {wrong} wrong, {phantom} phantom.")
    return 1 if wrong or phantom else 0


if __name__ == "__main__":
    sys.exit(main())
