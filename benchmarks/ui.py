#!/usr/bin/env python3
"""Display speed: card event -> repainted window (target < 16 ms) and cold start -> first paint (< 2 s).

    python benchmarks/ui.py [--cards 200] [--starts 5] [--platform offscreen|xcb]

Card to paint: a card reader thread hands ``CardRead`` events to the table
session; the time runs from ``session.handle`` on that thread until the
hands view has finished painting the snapshot that holds the card (the real
path: session, bridge to the GUI thread, every widget's update, paint).
Cold start: a fresh Python process imports the display, builds the session,
the simulated shoe and the window, and reports its first paint; the time
runs from just before the process is spawned.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time

CHILD = r"""
import sys, time
t0 = float(sys.argv[1])
from dealer_assist.ui.app import application, open_table
from dealer_assist.ui.main_window import Options
import tempfile, pathlib
app = application()
table = open_table(source_spec="sim", journal_path=pathlib.Path(tempfile.mkdtemp()) / "j.sqlite",
                   options=Options(sound=False))
def first(_t):
    print(f"{time.time() - t0:.4f}", flush=True)
    app.quit()
table.window.first_paint.connect(first)
table.window.show()
app.exec()
table.close()
"""


def card_to_paint(cards: int) -> list[float]:
    from PySide6.QtWidgets import QApplication

    from dealer_assist.cards import full_deck
    from dealer_assist.events import CardRead
    from dealer_assist.table.session import TableSession
    from dealer_assist.ui.app import application
    from dealer_assist.ui.main_window import MainWindow, Options

    app = application()
    session = TableSession(odds=False)
    window = MainWindow(session, None, Options(sound=False))
    window.resize(1920, 1080)
    window.show()
    session.skip_burn()
    deck = full_deck() * 8
    times: list[float] = []
    i = 0
    while len(times) < cards:
        state = session.state
        if state.phase == "settled":
            session.next_round()
        if session.state.phase == "betting":
            session.place(1, __import__("dealer_assist.baccarat.paytable", fromlist=["Bet"]).Bet.BANKER)
            session.deal()
        app.processEvents()
        card = deck[i]
        i += 1
        start = [0.0]

        def reader() -> None:
            start[0] = time.perf_counter()
            session.handle(CardRead(card, "bench", time.time(), 1.0, i))

        target = session.snapshot.version
        t = threading.Thread(target=reader)
        t.start()
        t.join()
        target = session.snapshot.version
        if target == window.hands.painted_version:
            continue
        while window.hands.painted_version < target:
            app.processEvents()
        times.append((time.perf_counter() - start[0]) * 1000)
    window.close()
    session.close()
    return times


def cold_starts(n: int, platform: str) -> list[float]:
    env = {**os.environ, "QT_QPA_PLATFORM": platform}
    out = []
    for _ in range(n):
        t0 = time.time()
        proc = subprocess.run([sys.executable, "-c", CHILD, repr(t0)], env=env, capture_output=True, text=True,
                              timeout=60)
        if proc.returncode != 0 or not proc.stdout.strip():
            raise SystemExit(f"cold start failed: {proc.stderr.strip()[-400:]}")
        out.append(float(proc.stdout.strip().splitlines()[-1]))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cards", type=int, default=200)
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--platform", default=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    args = parser.parse_args()
    os.environ["QT_QPA_PLATFORM"] = args.platform
    times = sorted(card_to_paint(args.cards))
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"card event -> repainted window ({args.platform}, 1920x1080, {len(times)} cards): "
          f"median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, max {times[-1]:.2f} ms "
          f"(target < 16 ms: {'met' if p95 < 16 else 'NOT met'})")
    starts = cold_starts(args.starts, args.platform)
    print(f"cold start -> first paint ({args.platform}, {len(starts)} runs): median {statistics.median(starts):.2f} s, "
          f"max {max(starts):.2f} s (target < 2 s: {'met' if max(starts) < 2 else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
