"""Camera-path benchmark over every design at once: the table a closing note gives, on any machine.

Run by hand:  python benchmarks/all_designs.py --out /tmp/bench/new [--data /tmp/designs] [--jobs 2]
Compare:      python benchmarks/all_designs.py --out /tmp/bench/new --compare /tmp/bench/old
Re-tabulate:  python benchmarks/all_designs.py --out /tmp/bench/new --table-only

Runs, each as its own process (``--jobs`` at a time), and keeps each one's output in ``--out``:
- ``vision.py`` on the two shared decks and on every design of :data:`DESIGNS`, rendered into
  ``--data``/std on the first run (Debian's ``gnome-cards-data``, ``bonded`` from ``aisleriot``,
  KDE's ``kdegames-card-data-kf5``, and ``librsvg2-bin``; a design that is not installed is named
  and left out);
- ``vision.py --clutter`` on :data:`CLUTTER_DESIGNS` (chips, a hand, glare, a tilted camera), into
  ``--data``/clutter;
- ``blur_stress.py`` and ``cover_stress.py`` on every deck's set-up shots.

The renders are seeded, so two machines (or two versions of the code) benchmark the same frames,
and ``--compare`` lists every row whose counts differ. Speed figures are only comparable between
runs with the same ``--jobs`` on an otherwise idle machine: two streams share two cores.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHARED_CARDS = HERE.parents[1] / "shared" / "cards"
SHARED_DECKS = ("anglo", "plastic")
#: Debian's 28 designs the recognizer reads (tango_nuevo is refused at calibration: its suit stands
#: beside the rank) and five of KDE's. KDE's others: refused at calibration (oxygen, oxygen-white,
#: oxygen-air: suit beside the rank or light on dark; ancient-egyptians: upright bottom index;
#: future: no card face), not rendered (konqi-modern, xskat-french), German suits (xskat-german),
#: Debian's designs again (dondorf, nicu-ornamental), or named so the renderer cannot map them
#: (gm-paris).
DESIGNS = (
    "tango", "simplistic", "gnomangelo", "guyenne-classic", "anglo_modern", "paris", "lattmann",
    "rheinland", "berlin", "orell", "dondorf", "slavic_costumes", "tigullio", "atlasnye",
    "ancient_french", "anglo_modern_4_color", "neoclassical_4_color", "anglo_bitmap",
    "gnomangelo_bitmap", "atlasnye_skat", "Атласные", "tarocco", "neoclassical", "ornamental",
    "anglo_poker", "swiss-xvii", "svg-jolly-royal", "svg-nicu-white", "svg-penguins",
    "svg-standard", "svg-tigullio-international", "bonded", "bellot",
)
CLUTTER_DESIGNS = ("ornamental", "swiss-xvii", "paris", "neoclassical_4_color", "tango", "gnomangelo",
                   "dondorf", "guyenne-classic", "bellot", "svg-penguins")
TARGET_RECALL = 0.995
RECOGNIZE = re.compile(r"^(?P<deck>\S+) recognize: (?P<json>\{.*\})$")
WATCH = re.compile(r"^(?P<deck>\S+) watch (?P<video>\S+): (?P<json>\{.*\})$")
STRESS_ALL = re.compile(r"^\| all \| (\d+) \| (\d+) \| (\d+) \|$")


def jobs(data: Path) -> list[tuple[str, list[str]]]:
    """(output file stem, arguments of a benchmark script) for every run, shared decks first."""
    runs = []
    for deck in SHARED_DECKS:
        runs.append((f"rec_shared_{deck}", ["vision.py", "--cards", str(SHARED_CARDS), "--deck", deck]))
    for deck in DESIGNS:
        runs.append((f"rec_std_{deck}", ["vision.py", "--synth", str(data / "std"), "--svg", deck]))
    for deck in CLUTTER_DESIGNS:
        runs.append((f"rec_clutter_{deck}",
                     ["vision.py", "--synth", str(data / "clutter"), "--svg", deck, "--clutter"]))
    for deck in SHARED_DECKS:
        runs.append((f"bs_shared_{deck}", ["blur_stress.py", "--cards", str(SHARED_CARDS), "--deck", deck]))
    for deck in DESIGNS:
        runs.append((f"bs_std_{deck}", ["blur_stress.py", "--cards", str(data / "std"), "--deck", deck]))
    for deck in SHARED_DECKS:
        runs.append((f"cs_shared_{deck}", ["cover_stress.py", "--cards", str(SHARED_CARDS), "--deck", deck]))
    for deck in DESIGNS:
        runs.append((f"cs_std_{deck}", ["cover_stress.py", "--cards", str(data / "std"), "--deck", deck]))
    return runs


def run_all(out: Path, data: Path, workers: int) -> None:
    """Each run's output into ``out/<stem>.txt``; blur stress waits for its deck's render."""
    out.mkdir(parents=True, exist_ok=True)
    runs = jobs(data)

    def one(stem_args: tuple[str, list[str]]) -> None:
        stem, args = stem_args
        with open(out / f"{stem}.txt", "w") as f:
            subprocess.run([sys.executable, str(HERE / args[0]), *args[1:]], stdout=f, stderr=subprocess.STDOUT,
                           cwd=HERE.parent, check=False)
        print(f"done {stem}", file=sys.stderr, flush=True)

    recognize = [r for r in runs if r[0].startswith("rec_")]
    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(one, recognize))
    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(one, [r for r in runs if not r[0].startswith("rec_")]))


def results(out: Path) -> dict[str, dict]:
    """Every run's figures by its stem: ``recognize`` and ``watch`` rows, or ``blur`` totals,
    or ``problem`` (a refused calibration, a design not rendered, a run that died)."""
    found: dict[str, dict] = {}
    for path in sorted(out.glob("*.txt")):
        text = path.read_text(errors="replace")
        r: dict = {"watch": {}}
        for line in text.splitlines():
            if m := RECOGNIZE.match(line):
                r["recognize"] = json.loads(m["json"])
            elif m := WATCH.match(line):
                r["watch"][m["video"]] = json.loads(m["json"])
            elif m := STRESS_ALL.match(line):
                r["cover" if path.stem.startswith("cs_") else "blur"] = tuple(int(v) for v in m.groups())
            elif "REFUSED" in line or "NOT RENDERED" in line or "cannot render" in line:
                r["problem"] = line.strip()
        if not {"recognize", "blur", "cover", "problem"} & r.keys():
            r["problem"] = "no result: " + (text.strip().splitlines() or ["empty output"])[-1][:200]
        found[path.stem] = r
    return found


def design(stem: str) -> str:
    return stem.split("_", 2)[2]


def _markdown(header: tuple[str, ...], rows: list[tuple]) -> list[str]:
    return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header),
            *("| " + " | ".join(str(v) for v in row) + " |" for row in rows)]


def _counts(g: dict) -> tuple:
    """readable, read right, wrong, missed, phantom, uncertain of a ``recognize`` row."""
    return g["readable"], g["readable"] - g["missed"], g["wrong"], g["missed"], g["phantom"], g["uncertain"]


COUNTS = ("readable", "read right", "wrong", "missed", "phantom", "uncertain")


def table(found: dict[str, dict]) -> str:
    """The closing note's tables: table frames, clutter, shoe-mouth videos, blur stress, problems.

    "read right" counts readable cards read correctly (readable less missed); ``vision.py``'s
    ``correct`` also counts cards read although most of their index was hidden."""
    frames = [(design(s), r["recognize"]) for prefix in ("rec_shared_", "rec_std_")
              for s, r in found.items() if s.startswith(prefix) and "recognize" in r]
    rows = [(d, *_counts(g), f"{g['recall']:.1%}", g["median_ms"], g["p95_ms"]) for d, g in frames]
    rows.append(("all", *(sum(col) for col in zip(*(_counts(g) for _, g in frames))), "", "", ""))
    lines = _markdown(("design", *COUNTS, "recall", "median ms", "p95 ms"), rows)
    met = sum(g["recall"] >= TARGET_RECALL for _, g in frames)
    lines.append(f"\n{met} of {len(frames)} designs read at least {TARGET_RECALL:.1%} of their readable cards.\n")
    clutter = [(design(s), r["recognize"]) for s, r in found.items()
               if s.startswith("rec_clutter_") and "recognize" in r]
    if clutter:
        lines += _markdown(("clutter design", *COUNTS, "recall"),
                           [(d, *_counts(g), f"{g['recall']:.1%}") for d, g in clutter])
    videos = [(design(s), v, w) for s, r in found.items() for v, w in r["watch"].items()]
    if videos:
        lines += [""] + _markdown(
            ("deck", "video", "cards", "reported", "missed", "wrong", "duplicates", "frames after index visible",
             "frames after rest", "frames read", "median ms"),
            [(d, v, w["cards"], w["reported"], w["missed"], w["wrong"], w["duplicates"], w["frames_from_index_visible"],
              w["frames_from_rest"], f"{w.get('frames_read', '?')} of {w.get('frames', '?')}", w.get("median_ms", "?"))
             for d, v, w in videos])
    blur = [r["blur"] for s, r in found.items() if "blur" in r]
    if blur:
        lines.append(f"\nBlur stress: {sum(b[1] for b in blur):,} of {sum(b[0] for b in blur):,} shots of "
                     f"{len(blur)} decks read, {sum(b[2] for b in blur)} wrong.")
    cover = [r["cover"] for s, r in found.items() if "cover" in r]
    if cover:
        lines.append(f"Cover stress: {sum(c[1] for c in cover):,} sure reads in {sum(c[0] for c in cover):,} looks at "
                     f"index corners covered in part, {len(cover)} decks, {sum(c[2] for c in cover)} wrong.")
    problems = [f"- {s}: {r['problem']}" for s, r in found.items() if "problem" in r]
    if problems:
        lines += ["", "Problems:", *problems]
    return "\n".join(lines)


def _watch_differs(a: dict | None, b: dict | None) -> bool:
    """Whether two ``watch`` rows of one video differ in a count both have: not in milliseconds,
    nor in what only a later version of the benchmark counts."""
    if a is None or b is None:
        return a is not b
    return any(a[k] != b[k] for k in set(a) & set(b) - {"worst_after_rest", "median_ms", "p95_ms"})


def compare(old: dict[str, dict], new: dict[str, dict]) -> str:
    """Every run whose counts (not its milliseconds) differ between two result folders."""
    changes = []
    for stem in sorted(set(old) | set(new)):
        a, b = old.get(stem, {}), new.get(stem, {})
        if "recognize" in a and "recognize" in b:
            diff = [f"{k} {x} -> {y}" for k, x, y in zip(COUNTS, _counts(a["recognize"]), _counts(b["recognize"]))
                    if x != y]
            diff += [f"{v}: {a['watch'].get(v)} -> {b['watch'].get(v)}" for v in set(a["watch"]) | set(b["watch"])
                     if _watch_differs(a["watch"].get(v), b["watch"].get(v))]
        elif "blur" in a and "blur" in b:
            diff = [f"blur read {a['blur'][1]} -> {b['blur'][1]}, wrong {a['blur'][2]} -> {b['blur'][2]}"] \
                if a["blur"] != b["blur"] else []
        elif "cover" in a and "cover" in b:
            diff = [f"cover sure {a['cover'][1]} -> {b['cover'][1]}, wrong {a['cover'][2]} -> {b['cover'][2]}"] \
                if a["cover"] != b["cover"] else []
        else:
            diff = [f"only in {'new' if stem in new else 'old'} or failed: "
                    f"{a.get('problem', '-')} / {b.get('problem', '-')}"] if a.keys() != b.keys() else []
        changes += [f"- {stem}: {', '.join(diff)}"] if diff else []
    return "\n".join(changes) or "No run's counts changed."


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, type=Path, help="folder for each run's output (made if missing)")
    ap.add_argument("--data", type=Path, default=Path("/tmp/dealer-assist-designs"),
                    help="where the designs are rendered (kept: later runs reuse the renders)")
    ap.add_argument("--jobs", type=int, default=2, help="runs at a time (default 2)")
    ap.add_argument("--table-only", action="store_true", help="tabulate the outputs already in --out")
    ap.add_argument("--compare", type=Path, metavar="OLD_OUT", help="list the runs whose counts differ from OLD_OUT's")
    args = ap.parse_args()
    if not args.table_only:
        run_all(args.out, args.data, args.jobs)
    found = results(args.out)
    if not found:
        print(f"no benchmark output in {args.out}", file=sys.stderr)
        return 2
    print(table(found))
    if args.compare:
        print("\nChanged against", args.compare)
        print(compare(results(args.compare), found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
