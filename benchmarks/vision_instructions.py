"""Camera-path cost in instructions per frame, a measure no other load on the machine changes.

Run by hand:  python benchmarks/vision_instructions.py [--deck anglo --deck plastic] [--frames 25]

Wall-clock medians (``benchmarks/vision.py``) drift with the machine's other work; valgrind's
instruction count does not.  Each deck is calibrated from its set-up shots once, then its first
``--frames`` test frames are recognized in a child process under ``valgrind --tool=callgrind``, and
again with no frame at all: the difference over the frames is the recognizer's own work (the
interpreter's start, the imports and the profile's loading cancel out).  A mean over the frames, not
a median.  Valgrind runs the child some 70 times slower: 25 frames take a minute or two a deck.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"


def recognize_frames(profile_dir: str, folder: Path, frames: int) -> None:
    """The child's work: load the profile, recognize the first ``frames`` test frames of ``folder``."""
    import cv2

    from dealer_assist.vision.profile import Profile
    from dealer_assist.vision.recognize import Recognizer

    cv2.setNumThreads(1)
    rec = Recognizer(Profile.load(profile_dir))
    truth = json.loads((folder / "truth.json").read_text())
    for f in truth["frames"][:frames]:
        rec.recognize(cv2.imread(str(folder / f["file"]), cv2.IMREAD_COLOR))


def instructions(profile_dir: str, folder: Path, frames: int, out: Path) -> int:
    """Instructions callgrind counts for a child recognizing ``frames`` frames."""
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, __file__,
                    "--child", profile_dir, "--folder", str(folder), "--frames", str(frames)],
                   check=True, capture_output=True)
    found = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
    if found is None:
        raise SystemExit(f"no instruction total in {out}")
    return int(found.group(1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cards", default=str(CARDS))
    ap.add_argument("--deck", action="append", help="deck name (default: anglo and plastic)")
    ap.add_argument("--frames", type=int, default=25, help="test frames per deck (default 25)")
    ap.add_argument("--child", metavar="PROFILE", help=argparse.SUPPRESS)
    ap.add_argument("--folder", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        recognize_frames(args.child, Path(args.folder), args.frames)
        return 0
    if not shutil.which("valgrind"):
        print("valgrind not found: install it (sudo apt-get install valgrind)", file=sys.stderr)
        return 2
    from dealer_assist.vision.calibrate import calibrate

    cards = Path(args.cards)
    with tempfile.TemporaryDirectory() as tmp:
        for deck in args.deck or ["anglo", "plastic"]:
            profile_dir = str(calibrate(cards / "calib" / deck, allow_missing=True).save(Path(tmp) / deck))
            folder = cards / "test" / deck
            bare = instructions(profile_dir, folder, 0, Path(tmp) / "none.out")
            full = instructions(profile_dir, folder, args.frames, Path(tmp) / "frames.out")
            print(f"{deck}: {(full - bare) / args.frames / 1e6:.2f} million instructions a frame "
                  f"(mean of its first {args.frames} test frames)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
