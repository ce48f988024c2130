#!/usr/bin/env python3
"""Start the real display under Xvfb and save screenshots into docs/.

    python scripts/screenshots.py [--out docs] [--size 1280x720] [--seed 21]

It starts an Xvfb server, then runs this script again inside it (``--inner``)
with the xcb platform: the real window on a real X server, fed by the
simulated shoe one card at a time, bets placed with the keyboard and the
mouse like a croupier would.  It saves:

* ``round.png``: a round in progress (a third card due, its place highlighted);
* ``settled.png``: the round settled, with what to take and pay;
* ``alert.png``: an alert (a card that came after the round);
* ``crowded.png``, ``crowded_end.png``: 28 bets to settle, more than the paying order
  shows at once: its title counts the rows out of sight, before and after PgDown.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def outer(args: argparse.Namespace) -> int:
    if not shutil.which("Xvfb"):
        sys.stderr.write("screenshots: Xvfb is not installed (Debian: apt-get install xvfb)\n")
        return 2
    w, h = args.size.split("x")
    display = f":{args.display}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{w}x{h}x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.0)
        if server.poll() is not None:
            sys.stderr.write(f"screenshots: Xvfb could not start on {display} (is it taken? try --display N)\n")
            return 2
        env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
        cmd = [sys.executable, __file__, "--inner", "--out", args.out, "--size", args.size, "--seed", str(args.seed)]
        return subprocess.run(cmd, env=env, timeout=120).returncode
    finally:
        server.terminate()
        server.wait(timeout=10)


def inner(args: argparse.Namespace) -> int:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from dealer_assist.baccarat.paytable import Bet
    from dealer_assist.table.state import TablePhase
    from dealer_assist.ui.app import open_table
    from dealer_assist.ui.main_window import Options

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    w, h = (int(v) for v in args.size.split("x"))
    journal = Path(tempfile.mkdtemp(prefix="dealer-assist-shots-")) / "journal.sqlite"
    table = open_table(source_spec="sim", journal_path=journal, seed=args.seed,
                       options=Options(sound=False, sim_interval=3600.0))
    window, session, source = table.window, table.session, table.source
    app = QApplication.instance()
    window.setGeometry(0, 0, w, h)
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.activateWindow()
    QTest.qWaitForWindowActive(window)

    def settle_ui(ms: int = 300) -> None:
        deadline = time.time() + 5
        while window._last.version != session.snapshot.version and time.time() < deadline:
            app.processEvents()
        QTest.qWait(ms)

    def deal_one(poke: bool = True) -> None:
        """The next card out of the simulated shoe; ``poke=False``: the round's first, which Deal asked for."""
        before = session.state.shoe.cards_seen
        if poke:
            source.poke()
        deadline = time.time() + 5
        while (session.state.shoe.cards_seen == before) if poke else not session.state.round.cards:
            if time.time() > deadline:
                raise SystemExit(f"screenshots: the simulated shoe dealt nothing after {len(session.state.round.cards)} cards, round {session.state.round_no} ({session.snapshot.banner}: "
                                 f"{session.snapshot.message or session.snapshot.reason})")
            app.processEvents()
        settle_ui(50)

    def key(k, target=None) -> None:
        QTest.keyClick(target or window.centralWidget(), k)
        settle_ui(50)

    def click(seat: int, bet: Bet) -> None:
        grid = window.betting.grid
        QTest.mouseClick(grid, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, grid.cell_centre(seat, bet))
        settle_ui(20)

    def odds_drawn() -> bool:
        snap = window._last
        return (snap.version == session.snapshot.version and snap.odds is not None
                and snap.odds.holds_for(snap.state.shoe))

    def shot(name: str) -> None:
        # The odds come from a worker thread: a shot taken before its answer showed the figures of the
        # shoe before the last card, and two runs' images differed in those digits.
        deadline = time.time() + 30
        while not odds_drawn():
            if time.time() > deadline:
                raise SystemExit(f"screenshots: no odds for the cards left within 30 s ({name})")
            QTest.qWait(10)
        settle_ui(400)
        screen = window.screen()
        image = screen.grabWindow(0, window.x(), window.y(), window.width(), window.height())
        path = out / name
        image.save(str(path))
        print(f"saved {path} ({image.width()}x{image.height()})")

    while session.state.phase == TablePhase.BURN:
        deal_one()
    played = 0
    while True:  # rounds until one needs a third card: that is the one to show in progress
        key(Qt.Key.Key_2)  # chip 5
        for seat, bet in ((1, Bet.BANKER), (1, Bet.BANKER), (2, Bet.PLAYER), (3, Bet.TIE), (4, Bet.BANKER_PAIR),
                          (5, Bet.BIG), (6, Bet.PLAYER)):
            click(seat, bet)
        key(Qt.Key.Key_3)  # chip 25
        click(2, Bet.PLAYER)
        click(6, Bet.BANKER)
        key(Qt.Key.Key_D)
        # Deal wakes the shoe, which deals the first card: a poke of ours before it came was a second wake,
        # and a loaded machine dealt a fifth card (Player's third) into the shot meant to show it due.
        deal_one(poke=False)
        while len(session.state.round.cards) < 4:
            deal_one()
        played += 1
        if not session.state.round.complete or played > 30:
            break
        key(Qt.Key.Key_N)
    shot("round.png")
    while not session.state.round.complete:
        deal_one()
    shot("settled.png")
    QTest.keyClick(window.centralWidget(), Qt.Key.Key_K)
    QTest.keyClicks(window.entry.field, "7h")  # typed after the round: held, with an alert
    QTest.keyClick(window.entry.field, Qt.Key.Key_Return)
    settle_ui(50)
    QTest.keyClick(window.centralWidget(), Qt.Key.Key_Escape)
    shot("alert.png")
    key(Qt.Key.Key_Delete)  # the held 7h set aside
    key(Qt.Key.Key_N)
    key(Qt.Key.Key_2)
    for seat in range(1, 8):
        for bet in (Bet.PLAYER, Bet.BANKER, Bet.BIG, Bet.SMALL):
            click(seat, bet)
    key(Qt.Key.Key_D)
    deal_one(poke=False)
    while not session.state.round.complete:
        deal_one()
    shot("crowded.png")
    key(Qt.Key.Key_PageDown)
    shot("crowded_end.png")
    table.close()
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(ROOT / "docs"))
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--display", type=int, default=97)
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    return inner(args) if args.inner else outer(args)


if __name__ == "__main__":
    sys.exit(main())
