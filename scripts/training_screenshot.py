#!/usr/bin/env python3
"""Make ``docs/training.png``: the trainer window after a wrong payouts answer, beside a summary.

    python scripts/training_screenshot.py [--out docs/training.png]

The real :class:`TrainerWindow`, 1280x720 each, on seeded sessions and a throw-away progress file (a
few stored sessions, so that the summary's chart has a history, shown under the default store's path of a
user ``ana``, not the throw-away file's temporary one); it draws with Qt's offscreen
platform unless ``QT_QPA_PLATFORM`` says otherwise (``xvfb-run -a`` and ``xcb`` draw the same).
Run again whenever the window's wording changes: the picture in the README must say what the
program says.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QImage, QPainter  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession  # noqa: E402
from dealer_assist.ui.app import application  # noqa: E402
from dealer_assist.ui.training.window import TrainerWindow  # noqa: E402

SIZE = (1280, 720)
#: Where the summary says the session was stored: the default store (``train`` without ``--store``) of a
#: user ``ana``; the throw-away file's temporary path had shown in the README's picture (qaAN F7).
SHOWN_STORE = "/home/ana/.local/share/dealer-assist/training.json"


def _pump(app, seconds: float = 0.3) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def _session(drills, seed, cases):
    return TrainingSession(Settings(drills=drills, cases=cases, level=2),
                           {"baccarat": ShoeFeed(8, seed), "blackjack": ShoeFeed(1, seed)}, seed=seed)


def _history(store: ProgressStore) -> None:
    """Five practice sessions getting better, for the chart."""
    for n, wrong_every in enumerate((2, 3, 4, 6, 12)):
        session = _session(("third-card",), 100 + n, 12)
        for i in range(12):
            case = session.next_case()
            wrong = i % wrong_every == 0
            given = ["N" if case.answers[0] != "N" else "P"] if wrong else list(case.answers)
            session.submit(case, given, 3.5 - 0.5 * n)
        store.record("ana", session.summary(), "third-card")


def _many_bets_seed() -> int:
    """The first seed whose first payouts case is a baccarat one of five answers or more: the picture shows
    the arithmetic of many bets (the seed once chosen for it had come to deal a blackjack case of one bet)."""
    for seed in range(1, 1000):
        case = _session(("payouts",), seed, 4).next_case()
        if case.hands[0].name == "Player" and len(case.questions) >= 5:
            return seed
    raise RuntimeError("no seed deals a baccarat payouts case of five answers or more")


def _feedback(app) -> QImage:
    window = TrainerWindow(_session(("payouts",), _many_bets_seed(), 4), trainee="ana")
    window.resize(*SIZE)
    window.show()
    _pump(app)
    for q in window.case.questions:      # the amounts one off: the arithmetic of every bet is shown
        QTest.keyClicks(window.entry, "1.00")
        QTest.keyClick(window.entry, Qt.Key.Key_Return)
    _pump(app)
    image = window.grab().toImage()
    window.close()
    return image


def _summary(app, store: ProgressStore) -> QImage:
    window = TrainerWindow(_session(("third-card",), 5, 3), store=store, trainee="ana")
    window.resize(*SIZE)
    window.show()
    _pump(app)
    for i in range(3):
        q = window.question_now
        key = q.answer if i else next(c.key for c in q.choices if c.key != q.answer)
        QTest.keyClick(window, key)
        _pump(app, 1.0)
        if window.waiting:
            QTest.keyClick(window, Qt.Key.Key_Space)
            _pump(app)
    _pump(app)
    window.details.setPlainText(window.details.toPlainText().replace(str(store.path), SHOWN_STORE))
    image = window.grab().toImage()
    window.close()
    return image


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "training.png")
    args = parser.parse_args()
    app = application()
    with tempfile.TemporaryDirectory() as tmp:
        store = ProgressStore(Path(tmp) / "training.json")
        _history(store)
        left, right = _feedback(app), _summary(app, store)
    both = QImage(left.width() + right.width() + 8, max(left.height(), right.height()), QImage.Format.Format_RGB32)
    both.fill(Qt.GlobalColor.black)
    painter = QPainter(both)
    painter.drawImage(0, 0, left)
    painter.drawImage(left.width() + 8, 0, right)
    painter.end()
    if not both.save(str(args.out)):
        sys.stderr.write(f"training_screenshot: cannot write {args.out}\n")
        return 2
    print(f"wrote {args.out} ({both.width()}x{both.height()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
