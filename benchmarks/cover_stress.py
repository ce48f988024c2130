"""Camera-path stress benchmark: index corners covered in part by another card.

Run by hand:  python benchmarks/cover_stress.py [--cards ../shared/cards] [--deck anglo ...]
Unseen decks: python benchmarks/cover_stress.py --cards /tmp/synth/std --deck tango
  (a folder made by ``benchmarks/vision.py --synth`` or ``all_designs.py``).

A card lying across another's corner hides the tip and part of the index; what
is left of a rank can look like another rank (a 6's lower loop like a "10", a
ten's "0" below a diagonal edge like a "J").  The reader must then say
``uncertain``, never a wrong card.  Each set-up shot's two index corners are
covered by a plain card of the shot's paper colour (from the tip's side: an
upright edge across the rank at :data:`ACROSS` of its width, a level one at
:data:`DOWN` of its height, and one at 45 degrees at :data:`DIAGONAL` of the
way to the rank's far corner), once with no edge line (white on white, the
worst case) and once with a thin grey one; then read at the true tip and
judged as a corner whose tip was not seen, as the recognizer judges such a
corner.  The same is done with the tip in sight and the card lying over the
index's inner side (:data:`INNER`, the rank's right part hidden) or over its
lower side (:data:`BELOW`, the suit's lower part hidden), judged as a corner
seen whole.  Printed per deck: looks, sure reads, wrong sure reads (the
figure that matters), and each wrong read with its cover.
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_assist.vision.calibrate import find_card, shots_in  # noqa: E402
from dealer_assist.vision.detect import Corner  # noqa: E402
from dealer_assist.vision.profile import Profile  # noqa: E402
from dealer_assist.vision.recognize import Recognizer  # noqa: E402
from stress_table import arguments, print_table  # noqa: E402

#: Shares of the rank box's width an upright covering edge (from the tip's side) lies at.
ACROSS = (0.15, 0.26, 0.37, 0.48, 0.59, 0.7)
#: Shares of the rank box's height a level covering edge (from the tip's side) lies at.
DOWN = (0.15, 0.3, 0.45, 0.6)
#: Shares of the way from the tip to the rank box's far corner a 45-degree covering edge lies at.
DIAGONAL = (0.5, 0.7, 0.9)
#: Shares of the rank box's width an upright edge covering the index's inner side lies at.
INNER = (0.3, 0.5, 0.7, 0.85)
#: Shares of the suit box's height a level edge covering the index's lower side lies at (tip in sight).
BELOW = (0.3, 0.5, 0.7)
#: The thin edge line a card's rim leaves against the paper beneath it.
LINE = (90, 90, 90)


def covers(profile: Profile, tip, wd, hd, cw: float, ch: float):
    """(name, polygon, tip seen) of each cover of one index corner: the covering card's side of
    its edge, in frame pixels."""
    rb = profile.rank_box
    far = 3 * max(cw, ch)

    def beyond(edge_at, edge_dir, out_dir):
        a = tip + edge_at
        return np.array([a - edge_dir * far, a + edge_dir * far, a + edge_dir * far + out_dir * far,
                         a - edge_dir * far + out_dir * far])

    for f in ACROSS:
        yield f"across {f}", beyond(wd * (rb.u0 + f * (rb.u1 - rb.u0)) * cw, hd, -wd), False
    for f in DOWN:
        yield f"down {f}", beyond(hd * (rb.v0 + f * (rb.v1 - rb.v0)) * ch, wd, -hd), False
    inward = (wd + hd) / np.sqrt(2)
    for f in DIAGONAL:
        reach = f * (rb.u1 * cw + rb.v1 * ch) / np.sqrt(2)
        yield f"diagonal {f}", beyond(inward * reach, (wd - hd) / np.sqrt(2), -inward), False
    for f in INNER:
        yield f"inner {f}", beyond(wd * (rb.u0 + f * (rb.u1 - rb.u0)) * cw, hd, wd), True
    sb = profile.suit_box
    for f in BELOW:
        yield f"below {f}", beyond(hd * (sb.v0 + f * (sb.v1 - sb.v0)) * ch, wd, hd), True


def stress(profile: Profile, calib: Path) -> dict:
    """Every cover of both index corners of every set-up shot of ``calib``, with and without an
    edge line: looks, sure reads, wrong sure reads and the wrong reads."""
    rec = Recognizer(profile)
    out = {"looks": 0, "sure": 0, "wrong": 0, "wrong_reads": []}
    shots, _ = shots_in(calib)
    for shot in shots:
        img = cv2.imread(str(shot.path))
        quad, _ = find_card(img) if img is not None else (None, "")
        if quad is None:
            continue
        for k in (0, 2):  # the top-left index, and the bottom-right one (the card turned half round)
            tip = quad[k]
            wv, hv = quad[(k + 1) % 4] - tip, quad[(k + 3) % 4] - tip
            cw, ch = float(np.linalg.norm(wv)), float(np.linalg.norm(hv))
            wd, hd = wv / cw, hv / ch
            paper = tuple(int(v) for v in np.median(
                [img[int(round(p[1])), int(round(p[0]))]
                 for p in (tip + wd * u * cw + hd * v * ch for u in (0.03, 0.04, 0.05) for v in np.linspace(0.35, 0.6, 8))],
                axis=0))
            for name, poly, tip_seen in covers(profile, tip, wd, hd, cw, ch):
                for lined in (False, True):
                    frame = img.copy()
                    cv2.fillPoly(frame, [np.round(poly).astype(np.int32)], paper, lineType=cv2.LINE_AA)
                    if lined:
                        cv2.line(frame, tuple(int(v) for v in np.round(poly[0])), tuple(int(v) for v in np.round(poly[1])),
                                 LINE, 1, cv2.LINE_AA)
                    corner = Corner(float(tip[0]), float(tip[1]), tuple(wd), tuple(hd), cw, ch, notched=not tip_seen)
                    read = rec.matcher.read_corner(rec.balanced(frame), corner.x, corner.y, corner.wdir, corner.hdir,
                                                   cw, ch)
                    judged = rec.judge.corner(corner, read, cw, ch) if read is not None else None
                    out["looks"] += 1
                    if judged is None or not judged.sure:
                        continue
                    out["sure"] += 1
                    if judged.code != shot.card.code.replace("10", "T"):
                        out["wrong"] += 1
                        out["wrong_reads"].append(f"{shot.card.code} corner {k} read as {judged.code} ({name}"
                                                  f"{', edge line' if lined else ''}, score {judged.confidence:.2f})")
    return out


def main() -> int:
    return print_table(arguments(__doc__).parse_args(), ("looks", "sure", "wrong"), stress)


if __name__ == "__main__":
    sys.exit(main())
