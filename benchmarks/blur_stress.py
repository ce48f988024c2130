"""Camera-path stress benchmark: cards blurred past anything the calibration's self-test tries.

Run by hand:  python benchmarks/blur_stress.py [--cards ../shared/cards] [--deck anglo ...]
Unseen decks: python benchmarks/blur_stress.py --cards /tmp/synth --deck tango
  (a folder made by ``benchmarks/vision.py --synth``).

The self-test that sets a profile's thresholds degrades the set-up shots by
up to about 1.4 px of blur and 5 px of motion blur.  A camera out of focus,
or a card dealt fast, can blur a glyph more: the recognizer must then say
``uncertain``, never a wrong card.  Each set-up shot is turned to a random
angle, scaled, blurred by each of :data:`VARIANTS` and saved as a 70%
JPEG; the profile is calibrated from the same deck's sharp shots.  Printed
per deck: shots, cards read correctly, wrong cards reported (the figure that
matters: a wrong read in heavy blur is as bad as anywhere), and each wrong
read with its degradation.
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_assist.vision.profile import Profile  # noqa: E402
from dealer_assist.vision.recognize import Recognizer  # noqa: E402
from stress_table import arguments, print_table  # noqa: E402

#: (scale, Gaussian sigma px, motion length px): heavier than the self-test's
#: trials, each alone past them in one way (defocus, or a fast slide).
VARIANTS = ((0.8, 1.8, 0), (0.85, 2.2, 0), (0.85, 0.8, 7), (0.9, 1.0, 9), (1.0, 2.5, 0))


def degrade(img: np.ndarray, scale: float, sigma: float, motion: int, angle: float, motion_angle: float) -> np.ndarray:
    """The shot turned by ``angle``, scaled, motion-blurred along ``motion_angle``, blurred and JPEG-compressed."""
    h, w = img.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, scale)
    out = cv2.warpAffine(img, m, (w, h), flags=cv2.INTER_AREA, borderValue=tuple(int(v) for v in img[5, 5]))
    if motion:
        k = np.zeros((motion, motion), np.float32)
        k[motion // 2, :] = 1.0
        turn = cv2.getRotationMatrix2D(((motion - 1) / 2, (motion - 1) / 2), motion_angle, 1.0)
        k = cv2.warpAffine(k, turn, (motion, motion))
        out = cv2.filter2D(out, -1, k / k.sum())
    if sigma:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 70])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def stress(profile: Profile, calib: Path, seed: int = 3, save: Path | None = None) -> dict:
    """Every set-up shot of ``calib`` under every variant: shots, correct, wrong and the wrong reads
    (each frame with a wrong read saved into ``save``, when given)."""
    rec = Recognizer(profile)
    rng = np.random.default_rng(seed)
    out = {"shots": 0, "correct": 0, "wrong": 0, "wrong_reads": []}
    for path in sorted(calib.glob("*.png")) + sorted(calib.glob("*.jpg")):
        code = path.stem.upper().replace("10", "T")
        img = cv2.imread(str(path))
        if len(code) != 2 or img is None:
            continue
        for scale, sigma, motion in VARIANTS:
            frame = degrade(img, scale, sigma, motion, rng.uniform(0, 360), rng.uniform(0, 180))
            reads = [hit.card.code for hit in rec.recognize(frame).cards]
            out["shots"] += 1
            out["correct"] += code in reads
            for got in reads:
                if got != code:
                    out["wrong"] += 1
                    out["wrong_reads"].append(f"{code} read as {got} (scale {scale}, blur {sigma}, motion {motion})")
                    if save is not None:
                        save.mkdir(parents=True, exist_ok=True)
                        cv2.imwrite(str(save / f"{calib.name}_{code}_as_{got}_{sigma}_{motion}.png"), frame)
    return out


def main() -> int:
    ap = arguments(__doc__)
    ap.add_argument("--save", metavar="DIR", help="save every frame with a wrong read into DIR")
    args = ap.parse_args()
    save = Path(args.save) if args.save else None
    return print_table(args, ("shots", "correct", "wrong"), lambda profile, calib: stress(profile, calib, save=save))


if __name__ == "__main__":
    sys.exit(main())
