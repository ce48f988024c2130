"""``python -m dealer_assist.ui.blackjack.screenshot [--crowded] [PATH]``: the pictures of the blackjack display
in the docs.

A scripted round typed in by hand (no card source): seat 1 splits its 8s,
seat 2 doubles on 11, seat 3 has a blackjack; the dealer draws on 16 to a
soft 17 and stands, so seat 1's second hand (17) loses the tie to the bank.
The window is grabbed offscreen at 1920x1080.  ``--crowded``: seven seats
each split a pair and stand, the dealer stands on 17: fourteen payments,
more than a 1280x720 window shows (docs/blackjack_crowded.png).
"""

from __future__ import annotations

import os
import sys
from decimal import Decimal
from pathlib import Path

SCRIPT = ("8H", "6C", "AS", "6D", "8S", "5D", "KH", "split", "3C", "hit", "TC", "9H", "stand", "double", "9S", "TD", "AC")


#: Seven pairs, the dealer's king, each pair split and stood on with a ten each, the dealer's 5 and 2.
CROWDED = ("8H", "9H", "7H", "6H", "2H", "3H", "4H", "KC", "8S", "9S", "7S", "6S", "2S", "3S", "4S",
           *(t for tens in (("TC", "TD"), ("JC", "JD"), ("QC", "QD"), ("KD", "KH"), ("KS", "JH"), ("JS", "QH"),
                            ("QS", "TH")) for t in ("split", tens[0], "stand", tens[1], "stand")),
           "5C", "2C")


def save(path: str = "docs/blackjack.png", size: tuple[int, int] = (1920, 1080), crowded: bool = False) -> Path:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from dealer_assist.ui.app import application
    from dealer_assist.ui.blackjack.app import open_blackjack_table

    app = application()
    table = open_blackjack_table(source_spec="manual", seats=7 if crowded else 5)
    session, window = table.session, table.window
    bets = [(seat, "5") for seat in range(1, 8)] if crowded else [(1, "25"), (2, "10"), (3, "5")]
    for seat, stake in bets:
        session.place(seat, Decimal(stake))
    session.deal()
    for token in CROWDED if crowded else SCRIPT:
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
    crowded = "--crowded" in sys.argv
    paths = [a for a in sys.argv[1:] if a != "--crowded"]
    print(save(*(paths[:1] or ["docs/blackjack_crowded.png" if crowded else "docs/blackjack.png"]),
               size=(1280, 720) if crowded else (1920, 1080), crowded=crowded))
