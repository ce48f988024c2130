"""``python -m dealer_assist.ui.blackjack.screenshot [PATH]``: the picture of the blackjack display in the docs.

A scripted round typed in by hand (no card source): seat 1 splits its 8s,
seat 2 doubles on 11, seat 3 has a blackjack; the dealer draws on 16 to a
soft 17 and stands, so seat 1's second hand (17) loses the tie to the bank.
The window is grabbed offscreen at 1920x1080.
"""

from __future__ import annotations

import os
import sys
from decimal import Decimal
from pathlib import Path

SCRIPT = ("8H", "6C", "AS", "6D", "8S", "5D", "KH", "split", "3C", "hit", "TC", "9H", "stand", "double", "9S", "TD", "AC")


def save(path: str = "docs/blackjack.png", size: tuple[int, int] = (1920, 1080)) -> Path:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from dealer_assist.ui.app import application
    from dealer_assist.ui.blackjack.app import open_blackjack_table

    app = application()
    table = open_blackjack_table(source_spec="manual", seats=5)
    session, window = table.session, table.window
    for seat, stake in ((1, "25"), (2, "10"), (3, "5")):
        session.place(seat, Decimal(stake))
    session.deal()
    for token in SCRIPT:
        error = session.act(token) if token in ("hit", "stand", "double", "split") else session.enter_card(token)
        if error is not None:
            raise SystemExit(f"screenshot script stopped at {token}: {error}")
    window.resize(*size)
    window.show()
    for _ in range(5):
        app.processEvents()
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(out))
    table.close()
    return out


if __name__ == "__main__":
    print(save(*sys.argv[1:2]))
