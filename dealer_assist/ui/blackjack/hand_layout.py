"""Where a seat's hands go: cards, total and result badge of each hand, none over another.

A split seat holds two hands (more where the rules allow re-splits) in a box
a seventh of the table wide.  Stacking them blindly drew the second hand's
total over the first hand's badge, so the layout tries the ways the hands can
share the box (one above the other, side by side, a 2x2 grid; each hand's
total and badge under its cards or beside them) and keeps the one whose
words read biggest, cards next: the croupier reads a total and a
``WIN +25.00`` at a glance before anything else.  Every text is fitted to
its rect with the font's real metrics, so nothing is clipped or spills out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF

from dealer_assist.ui import theme
from dealer_assist.ui.hands import CARD_RATIO

#: How much of a card's width the next card of a fanned hand covers.
FAN = 0.42
#: The smallest text the layout draws (px); below it a text is still drawn at this size, not dropped.
MIN_PX = 8
CENTRE = Qt.AlignmentFlag.AlignCenter


@dataclass(frozen=True)
class Fitted:
    """A text as drawn: its pixel size, its lines and the rect its letters really take."""

    text: str
    px: int
    ink: QRectF


@dataclass(frozen=True)
class HandPlace:
    """One hand's place in its seat: the hand's box, its card row, total line and result badge."""

    box: QRectF
    cards: QRectF
    card_w: float
    label: QRectF
    badge: QRectF


def fit_text(text: str, rect: QRectF, max_px: float, bold: bool = True) -> Fitted:
    """The biggest size up to ``max_px`` at which ``text`` (lines split by ``\\n``) fits inside ``rect``."""
    px = max(MIN_PX, int(max_px))
    while True:
        ink = QFontMetricsF(theme.font(px, bold)).boundingRect(rect, int(CENTRE), text)
        if px <= MIN_PX or (ink.width() <= rect.width() and ink.height() <= rect.height()):
            return Fitted(text, px, ink)
        px -= 1


def badge_inside(badge: QRectF) -> QRectF:
    """Where a badge's letters go: off its rounded edges."""
    return badge.adjusted(3, 1, -3, -1)


def badge_text(result: str, amount: str = "") -> tuple[str, str]:
    """The badge on one line and on two (``WIN +25.00`` / ``WIN`` over ``+25.00``)."""
    if not amount:
        return result, result
    return f"{result} {amount}", f"{result}\n{amount}"


def total_text(label: str) -> tuple[str, str]:
    """A hand's total line on one line and on two (``soft 17  x2`` / ``soft 17`` over ``x2``)."""
    return label, label.replace("  x2", "\nx2")


def fit_badge(one_line: str, two_lines: str, rect: QRectF, max_px: float, short: str = "") -> Fitted:
    """A text on one line or two (a badge, a total), whichever reads bigger in ``rect``; if neither fits even at
    the least size, ``short`` (the badge's amount alone, its sign saying win or lose) rather than letters cut off
    (qaAF F6: "VIN +10,000.0(" in a split seat at 960x540)."""
    tried = [fit_text(one_line, rect, max_px)] + ([] if one_line == two_lines else [fit_text(two_lines, rect, max_px)])
    whole = [f for f in tried if _fits(f, rect)]
    if not whole and short:
        shorter = fit_text(short, rect, max_px)
        if _fits(shorter, rect):
            return shorter
    return max(whole or tried, key=lambda f: f.px)


def _fits(fitted: Fitted, rect: QRectF) -> bool:
    return fitted.ink.width() <= rect.width() + 0.5 and fitted.ink.height() <= rect.height() + 0.5


def short_badge(one_line: str) -> str:
    """A WIN or LOSE badge's amount alone, signed (``+10,000.00``, ``-5,000.00``); "" for any other badge."""
    word, _, amount = one_line.partition(" ")
    if word == "WIN" and amount.startswith("+"):
        return amount
    if word == "LOSE" and amount and "·" not in amount:
        return f"-{amount}"
    return ""


def _grids(n: int) -> list[tuple[int, int]]:
    """(columns, rows) for ``n`` hands: every column count, as few rows as it allows."""
    return sorted({(c, math.ceil(n / c)) for c in range(1, n + 1)})


def _places(body: QRectF, cols: int, rows: int, n: int, gap: float, beside: bool, share: float,
            cards: int) -> list[HandPlace]:
    cell_w = (body.width() - gap * (cols - 1)) / cols
    cell_h = (body.height() - gap * (rows - 1)) / rows
    places = []
    for i in range(n):
        col, row = i % cols, i // cols
        box = QRectF(body.left() + col * (cell_w + gap), body.top() + row * (cell_h + gap), cell_w, cell_h)
        pad = max(2.0, min(cell_w, cell_h) * 0.03)
        inner = box.adjusted(pad, pad, -pad, -pad)
        if beside:
            cards_area = QRectF(inner.left(), inner.top(), inner.width() * share, inner.height())
            info = QRectF(cards_area.right() + pad, inner.top(), inner.right() - cards_area.right() - pad,
                          inner.height())
            label = QRectF(info.left(), info.top(), info.width(), info.height() * 0.42)
            badge = QRectF(info.left(), label.bottom() + pad, info.width(), info.bottom() - label.bottom() - pad)
        else:
            label_h, badge_h = inner.height() * share, inner.height() * share * 1.25
            badge = QRectF(inner.left(), inner.bottom() - badge_h, inner.width(), badge_h)
            label = QRectF(inner.left(), badge.top() - pad - label_h, inner.width(), label_h)
            cards_area = QRectF(inner.left(), inner.top(), inner.width(), label.top() - pad - inner.top())
        card_w = max(1.0, min(cards_area.height() / CARD_RATIO,
                              cards_area.width() / (1 + (cards - 1) * FAN)))
        row_w = card_w * (1 + (cards - 1) * FAN)
        row = QRectF(cards_area.center().x() - row_w / 2, cards_area.center().y() - card_w * CARD_RATIO / 2, row_w,
                     card_w * CARD_RATIO)
        places.append(HandPlace(box, row, card_w, label, badge))
    return places


def layout_hands(body: QRectF, n: int, unit: float, label: str, badge: tuple[str, str],
                 cards: int = 2) -> list[HandPlace]:
    """The places of a seat's ``n`` hands in ``body``, sized for ``label`` (the longest total line),
    ``badge`` (the longest result, on one line and on two) and ``cards`` cards in a hand."""
    gap = max(3.0, unit * 0.4)
    cards = max(2, cards)
    best, best_score = None, -1.0
    for cols, rows in _grids(n):
        for beside, shares in ((False, (0.16, 0.2, 0.24, 0.28)), (True, (0.45, 0.55, 0.65))):
            for share in shares:
                places = _places(body, cols, rows, n, gap, beside, share, cards)
                first = places[0]
                if min(first.label.height(), first.badge.height(), first.cards.width()) <= 0:
                    continue
                text_px = min(fit_badge(*total_text(label), first.label, unit * 1.5).px,
                              fit_badge(*badge, badge_inside(first.badge), unit * 1.3).px)
                # neither the words nor the cards may be sacrificed: the weaker of the two, against what
                # reads well (a unit and a bit of letters, cards four units tall), decides; their sum breaks ties
                card_h = first.cards.height()
                score = min(text_px / (unit * 1.2), card_h / (unit * 4)) * 1000 + text_px + card_h / 4
                if score > best_score:
                    best, best_score = places, score
    return best if best is not None else _places(body, 1, n, n, gap, False, 0.2, cards)
