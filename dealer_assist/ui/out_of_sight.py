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
    width, the title is shortened to the part before its colon (``ROUND 4``), then left out: the
    count and its key matter more than the rest."""
    if not (above or below):
        return title
    more = f"{below} MORE BELOW: PgDown" if below else f"{above} ABOVE: PgUp"
    fits = label.fontMetrics().horizontalAdvance
    for text in (f"{title} · {more}", f"{title.split(':')[0]} · {more}"):
        if fits(text) <= label.width():
            return text
    return more
