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
#: The smallest text the layout draws (px); a text that does not fit at it is drawn shorter or not at all.
MIN_PX = 8
#: The least height of a hand's cards (px, and at most two seat units) a layout keeps before it gives the
#: words room: below it a card's corner index no longer reads.
CARD_LEAST_PX = 24
#: The height of cards that read well, in seat units, against a unit and a bit of letters: at four, a split
#: seat's cards at 1280x720 were 40 px tall under 18 px totals, their indices 5 px (qaAH F7).
CARD_UNITS = 5
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


def fit_badge(one_line: str, two_lines: str, rect: QRectF, max_px: float, short: tuple[str, ...] = ()) -> Fitted:
    """A text on one line or two (a badge, a total), whichever reads bigger in ``rect``; if neither fits even at
    the least size, the first of the ``short`` forms that does (a badge's signed amount, then its word; a total's
    words a line each), and if none does, nothing (``text`` ""): a figure is drawn whole or not at all, never
    with letters cut off (qaAF F6: "VIN +10,000.0("; qaAH F6: "10,0" for LOSE 10,000.00 under three alerts)."""
    tried = [fit_text(one_line, rect, max_px)] + ([] if one_line == two_lines else [fit_text(two_lines, rect, max_px)])
    whole = [f for f in tried if _fits(f, rect)]
    if whole:
        return max(whole, key=lambda f: f.px)
    for form in short:
        shorter = fit_text(form, rect, max_px)
        if _fits(shorter, rect):
            return shorter
    return Fitted("", MIN_PX, QRectF(rect.center(), rect.center()))


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


def badge_forms(one_line: str) -> tuple[str, ...]:
    """What a badge shows, shortest last, when it has no room for its word and amount: the signed amount,
    then the word alone (the amount is on the pay list); a badge with no such amount keeps its whole text."""
    amount = short_badge(one_line)
    return (amount, one_line.split(" ", 1)[0]) if amount else ()


def total_forms(label: str) -> tuple[str, ...]:
    """A total's last form, each word on a line (``BUST`` over ``26`` over ``x2``)."""
    return ("\n".join(label.split()),) if " " in label else ()


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
                 cards: int = 2, shown: str = "") -> list[HandPlace]:
    """The places of a seat's ``n`` hands in ``body``, sized for ``label`` (the longest total line a hand may
    come to), ``badge`` (the longest result, on one line and on two) and ``cards`` cards in a hand.

    First of all the total now ``shown`` (the longest, ``label`` by default) must be drawn whole, then the cards
    must keep :data:`CARD_LEAST_PX` of height, then the badge's amount must be drawn whole (in its short form
    if need be), then its word: a layout that fits only by letters cut off or clipped figures is taken last
    (qaAH F6: a badge beside the cards read "10,0" at 960x540 under three alerts)."""
    gap = max(3.0, unit * 0.4)
    cards = max(2, cards)
    needed = total_text(shown or label)
    best, best_key = None, None
    for cols, rows in _grids(n):
        for beside, shares in ((False, (0.16, 0.2, 0.24, 0.28)), (True, (0.45, 0.55, 0.65))):
            for share in shares:
                places = _places(body, cols, rows, n, gap, beside, share, cards)
                first = places[0]
                if min(first.label.height(), first.badge.height(), first.cards.width()) <= 0:
                    continue
                total = fit_badge(*total_text(label), first.label, unit * 1.5)
                inside = badge_inside(first.badge)
                shown_badge = fit_badge(*badge, inside, unit * 1.3, badge_forms(badge[0]))
                text_px = min(total.px, shown_badge.px)
                # neither the words nor the cards may be sacrificed: the weaker of the two, against what
                # reads well (a unit and a bit of letters, cards :data:`CARD_UNITS` tall), decides; their sum breaks ties
                card_h = first.cards.height()
                score = min(text_px / (unit * 1.2), card_h / (unit * CARD_UNITS)) * 1000 + text_px + card_h / 4
                forms = badge_forms(badge[0])
                key = (bool(fit_badge(*needed, first.label, unit * 1.5, total_forms(shown or label)).text),
                       card_h >= min(unit * 2, CARD_LEAST_PX),
                       bool(shown_badge.text) and shown_badge.text not in forms[1:],  # the amount whole
                       bool(shown_badge.text),
                       score)
                if best_key is None or key > best_key:
                    best, best_key = places, key
    return best if best is not None else _places(body, 1, n, n, gap, False, 0.2, cards)
