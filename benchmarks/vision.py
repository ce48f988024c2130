"""Camera-path benchmark: recognition and once-only reading on the shared test decks.

Run by hand:  python benchmarks/vision.py [--cards ../shared/cards] [--deck anglo ...] [--profile DIR]

For each deck a profile is calibrated from that deck's set-up shots only
(unless --profile is given), then:
- recognize: every test frame; a read is *correct* if a truth card of that
  code lies under it, *wrong* if another card does, a *phantom* if none does;
  *missed* are readable truth cards (index_visible) without a correct read.
  Milliseconds per 1280x720 frame on one core (cv2.setNumThreads(1)).
- watch: both shoe-mouth videos; per card the frames from index-visible and
  from rest to its event, plus missed, wrong and duplicate events.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_assist.vision.calibrate import calibrate  # noqa: E402
from dealer_assist.vision.capture import FrameGrabber  # noqa: E402
from dealer_assist.vision.profile import Profile  # noqa: E402
from dealer_assist.vision.recognize import Recognizer  # noqa: E402
from dealer_assist.vision.track import NewCard  # noqa: E402
from dealer_assist.vision.watch import watch  # noqa: E402


def canon(code: str) -> str:
    return code.replace("10", "T")


def bench_recognize(profile: Profile, folder: Path, verbose: bool) -> dict:
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
        used = set()
        for hit in res.cards:
            cen = np.array(hit.center)
            near = [i for i, (_, c, _) in enumerate(cards) if np.linalg.norm(c - cen) < 0.4 * h]
            same = [i for i in near if cards[i][0] == hit.card.code and i not in used]
            if same:
                stats["correct"] += 1
                used.add(same[0])
                if not cards[same[0]][2]["index_visible"]:
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
    stats["median_ms"] = round(float(np.median(ms)), 2)
    stats["p95_ms"] = round(float(np.percentile(ms, 95)), 2)
    stats["recall"] = round((stats["correct"] - stats["unreadable_read"]) / max(stats["readable"], 1), 4)
    return stats


def bench_watch(profile: Profile, video: Path) -> dict:
    truth = json.loads(video.with_suffix(".json").read_text())
    grabber = FrameGrabber(str(video), drop=False).start()
    events = []
    try:
        for event, _ in watch(profile, grabber):
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
                worst_after_rest=max(from_rest) if from_rest else None)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cards", default=str(Path(__file__).resolve().parents[2] / "shared" / "cards"))
    ap.add_argument("--deck", action="append", help="deck name (default: every deck in cards/test)")
    ap.add_argument("--profile", help="use this profile instead of calibrating")
    ap.add_argument("-v", "--verbose", action="store_true", help="list wrong reads and phantoms")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    cards = Path(args.cards)
    decks = args.deck or sorted(p.name for p in (cards / "test").iterdir() if p.is_dir())
    rows = []
    for deck in decks:
        if args.profile:
            profile = Profile.load(args.profile)
        else:
            t0 = time.perf_counter()
            profile = calibrate(cards / "calib" / deck)
            with tempfile.TemporaryDirectory() as tmp:
                profile = Profile.load(profile.save(tmp))
            print(f"{deck}: calibrated in {time.perf_counter() - t0:.1f} s, thresholds {profile.thresholds}")
        r = bench_recognize(profile, cards / "test" / deck, args.verbose)
        print(f"{deck} recognize: {json.dumps(r)}")
        w = {}
        for video in sorted((cards / "test_shoe" / deck).glob("*.mp4")):
            w[video.stem] = bench_watch(profile, video)
            print(f"{deck} watch {video.stem}: {json.dumps(w[video.stem])}")
        rows.append((deck, r, w))
    print()
    print("| deck | readable | correct | wrong | missed | phantom | uncertain | recall | median ms | p95 ms |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for deck, r, _ in rows:
        print(f"| {deck} | {r['readable']} | {r['correct']} | {r['wrong']} | {r['missed']} | {r['phantom']} | "
              f"{r['uncertain']} | {r['recall']:.1%} | {r['median_ms']} | {r['p95_ms']} |")
    print()
    print("| deck | video | cards | reported | missed | wrong | duplicates | frames after index visible | frames after rest |")
    print("|---|---|---|---|---|---|---|---|---|")
    for deck, _, w in rows:
        for name, s in w.items():
            print(f"| {deck} | {name} | {s['cards']} | {s['reported']} | {s['missed']} | {s['wrong']} | {s['duplicates']} | "
                  f"{s['frames_from_index_visible']} | {s['frames_from_rest']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
