"""What a paying list's title says of the lines it cannot show: a croupier must not miss a payment.

Both games' settlement panels list more lines than fit on a crowded table
(28 baccarat bets, seven blackjack seats split twice); the rest scroll, and
the title counts them and names the key that brings them into sight.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy


def titled(label: QLabel, title: str, above: int, below: int) -> str:
    """``title`` with the lines out of sight: those still below first (a croupier pays down the
    list), then, scrolled to the end, those left above.  Where the whole does not fit ``label``'s
    width, the count is said shorter (``9 MORE: PgDown``, then ``9 ▼ PgDown``), and the title is said
    without its round (``ROUND 4: ``): the count and its key matter most (qaM L6: at 1280x720 "ROUND 1:
    PAY" went whole, for the count in its longest words), and then what the list is, which is never left
    out (qaR F15: "ROUND 5: BETS · PAID SETTLE", "ROUND 1: CORRECT THE PAYM" were cut where they said it,
    and the count had taken its place).  Where even that does not fit one line, the count takes a line of
    its own, and ``label`` wraps a title too long for its line (see :func:`wrapping_title`)."""
    what = title.split(": ", 1)[1] if ": " in title else title
    fits = label.fontMetrics().horizontalAdvance
    if not (above or below):
        return title if fits(title) <= label.width() else what
    counts = ((f"{below} MORE BELOW: PgDown", f"{below} MORE: PgDown", f"{below} ▼ PgDown") if below
              else (f"{above} ABOVE: PgUp", f"{above} ▲ PgUp"))
    for head in (title, what):
        for more in counts:
            if fits(f"{head} · {more}") <= label.width():
                return f"{head} · {more}"
    return f"{what}\n{counts[0]}"  # a line each


def wrapping_title(text: str) -> QLabel:
    """A paying list's title: it follows the column's width, never widens it (with rows out of sight it
    grows a count, and a window pushed past the screen would cut off the table's right side), and wraps
    its words where they do not fit one line (see :func:`titled`)."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    return label
