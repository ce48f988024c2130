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

import argparse
import os
import sys
from decimal import Decimal
from pathlib import Path
from typing import Optional, Sequence

SCRIPT = ("8H", "6C", "AS", "6D", "8S", "5D", "KH", "split", "3C", "hit", "TC", "9H", "stand", "double", "9S", "TD", "AC")


#: Seven pairs, the dealer's king, each pair split and stood on with a ten each, the dealer's 5 and 2.
CROWDED = ("8H", "9H", "7H", "6H", "2H", "3H", "4H", "KC", "8S", "9S", "7S", "6S", "2S", "3S", "4S",
           *(t for tens in (("TC", "TD"), ("JC", "JD"), ("QC", "QD"), ("KD", "KH"), ("KS", "JH"), ("JS", "QH"),
                            ("QS", "TH")) for t in ("split", tens[0], "stand", tens[1], "stand")),
           "5C", "2C")


#: The image files Qt writes, by the file's extension (a name with none, or another, was saved nowhere).
IMAGE_TYPES = (".png", ".jpg", ".jpeg", ".bmp", ".ppm")


class ScreenshotError(Exception):
    """The picture could not be written where it was asked; the message names the path."""


def save(path: str = "docs/blackjack.png", size: tuple[int, int] = (1920, 1080), crowded: bool = False) -> Path:
    """Play the scripted round and write the window's picture to ``path``; raises :class:`ScreenshotError`
    when it cannot be written (qaAG F19: a failed save was printed as saved)."""
    out = Path(path)
    if out.suffix.lower() not in IMAGE_TYPES:
        raise ScreenshotError(f"{path}: save the picture as one of {', '.join(IMAGE_TYPES)} (the file's extension "
                              "says which)")
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
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        if not window.grab().save(str(out)):
            raise ScreenshotError(f"{path}: the picture could not be written there (a folder of that name, a "
                                  "folder this user cannot write in, or a full disk)")
    except OSError as exc:
        raise ScreenshotError(f"{path}: cannot make its folder: {exc.strerror}") from None
    finally:
        table.close()
    return out


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dealer_assist.ui.blackjack.screenshot", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", nargs="?", metavar="PATH",
                        help="the picture to write (default docs/blackjack.png, with --crowded "
                             "docs/blackjack_crowded.png); its extension says the format: "
                             + ", ".join(IMAGE_TYPES))
    parser.add_argument("--crowded", action="store_true",
                        help="seven seats, fourteen payments, at 1280x720 (else the scripted round at 1920x1080)")
    args = parser.parse_args(argv)
    path = args.path or ("docs/blackjack_crowded.png" if args.crowded else "docs/blackjack.png")
    size = (1280, 720) if args.crowded else (1920, 1080)
    try:
        out = save(path, size=size, crowded=args.crowded)
    except ScreenshotError as exc:
        sys.stderr.write(f"screenshot: error: {exc}\n")
        return 1
    print(f"saved {out} ({size[0]}x{size[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
