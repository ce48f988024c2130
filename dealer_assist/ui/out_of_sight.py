"""What a paying list's title says of the lines it cannot show: a croupier must not miss a payment.

Both games' settlement panels list more lines than fit on a crowded table
(28 baccarat bets, seven blackjack seats split twice); the rest scroll, and
the title counts them and names the key that brings them into sight.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel


def titled(label: QLabel, title: str, above: int, below: int) -> str:
    """``title`` with the lines out of sight: those still below first (a croupier pays down the
    list), then, scrolled to the end, those left above.  Where the whole does not fit ``label``'s
    width, the count is said shorter (``9 MORE: PgDown``, then ``9 ▼ PgDown``) before the title is
    shortened to the part before its colon (``ROUND 4``), then left out: the count and its key
    matter most, then what the list is (qaM L6: at 1280x720 "ROUND 1: PAY" went whole, for the count
    in its longest words)."""
    if not (above or below):
        return title
    counts = ((f"{below} MORE BELOW: PgDown", f"{below} MORE: PgDown", f"{below} ▼ PgDown") if below
              else (f"{above} ABOVE: PgUp", f"{above} ▲ PgUp"))
    fits = label.fontMetrics().horizontalAdvance
    for head in (title, title.split(":")[0]):
        for more in counts:
            if fits(f"{head} · {more}") <= label.width():
                return f"{head} · {more}"
    return next((more for more in counts if fits(more) <= label.width()), counts[-1])
