"""Sort the missed cards of a benchmark run by what hid their index, from the test set's truth.

``vision.py --misses DIR`` saves one crop per missed card (``<frame>_<card>_<why>.png``
under ``DIR/<deck>``).  Before building a fix for one kind of miss it pays to know
how many misses are of that kind: this reads each missed card's index boxes from
``truth.json`` and says, for each index in view, whether the frame's edge cuts it,
another card lying above covers part of it, or it lies wholly in view (then the
cause is the glyphs themselves: blur, pale ink, an unusual design).

    python benchmarks/miss_causes.py --misses /tmp/me/miss --cards ../shared/cards
    python benchmarks/miss_causes.py --misses /tmp/me/missB --cards /tmp/v6
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

#: Points sampled across an index box (per side) to tell how much of it another card covers.
SAMPLES = 9


def _card_codes(code: str) -> tuple[str, str]:
    """The crop names a ten ``T``; some truth files spell it ``10``."""
    return code, code.replace("T", "10")


def _frame_size(truth: dict, folder: Path, file: str) -> tuple[int, int]:
    """(width, height) of the test frames: from the truth when it says, else from the image."""
    if "frame_size" in truth:
        w, h = truth["frame_size"]
        return int(w), int(h)
    h, w = cv2.imread(str(folder / file)).shape[:2]
    return w, h


def cause(card: dict, cards: list[dict], size: tuple[int, int]) -> str:
    """What hides each index in view of ``card`` (a truth entry among the frame's ``cards``)."""
    w, h = size
    above = [np.float32(o["corners"]) for o in cards if o.get("z", 0) > card.get("z", 0)]
    kinds = []
    for box, seen in zip(card["index_boxes"], card["index_visible_frac"]):
        if seen <= 0:
            continue
        b = np.array(box, dtype=np.float64)
        if b[:, 0].min() < 0 or b[:, 1].min() < 0 or b[:, 0].max() > w or b[:, 1].max() > h:
            kinds.append("frame edge")
            continue
        grid = np.linspace(0, 1, SAMPLES)
        points = [b[0] + (b[1] - b[0]) * u + (b[3] - b[0]) * v for u in grid for v in grid]
        if any(cv2.pointPolygonTest(q, (float(x), float(y)), False) >= 0 for q in above for x, y in points):
            kinds.append("under another card")
        elif seen < 1.0:
            kinds.append("other cover (chip, hand)")
        else:
            kinds.append("wholly in view")
    # Each index in view may be hidden another way (one cut by the frame, the other under a chip).
    return " + ".join(sorted(set(kinds))) if kinds else "no index in view"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--misses", required=True, help="the DIR given to vision.py --misses")
    ap.add_argument("--cards", required=True, help="the test set's root (holding test/<deck>/truth.json)")
    args = ap.parse_args()
    total: Counter = Counter()
    for deck_dir in sorted(p for p in Path(args.misses).iterdir() if p.is_dir()):
        folder = Path(args.cards) / "test" / deck_dir.name
        truth = json.loads((folder / "truth.json").read_text())
        frames = {f["file"].split(".")[0]: f for f in truth["frames"]}
        for crop in sorted(deck_dir.glob("*.png")):
            frame, code = crop.stem.split("_")[:2]
            entry = frames[frame]
            card = next(c for c in entry["cards"] if c["card"] in _card_codes(code))
            why = cause(card, entry["cards"], _frame_size(truth, folder, entry["file"]))
            total[why] += 1
            print(f"{deck_dir.name:24s} {crop.name:28s} {why}")
    print()
    for why, n in total.most_common():
        print(f"{n:4d}  {why}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
