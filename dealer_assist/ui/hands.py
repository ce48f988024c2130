"""The Player and Banker hands, drawn as cards, with the place of the next card highlighted."""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from dealer_assist.cards import SUIT_GLYPHS, Card, printed_rank
from dealer_assist.ui import theme

#: Card proportions (a real playing card is 63 x 88 mm).
CARD_RATIO = 88 / 63
#: The least height (px) the alert bars leave the cards before the ones under the top bar fold into its "+ N more"
#: line: three alerts at 960x540 had them 39 px high, a rank and suit hard to read across the table (fixAV3).
CARDS_LEAST = 50


def measures(w: float, h: float) -> tuple[float, float, float, float]:
    """The gap, a hand's panel width, its title's height and the cards' height in a hands view of ``w`` x ``h``."""
    gap = w * 0.02
    half = (w - 3 * gap) / 2
    widest_card = (half - 4 * gap) / 3 * CARD_RATIO  # three cards side by side fill a panel's width
    title_h = min(h * 0.22, widest_card * 0.5)  # a tall, narrow window: the title stays a title
    return gap, half, title_h, min(h - title_h - 3 * gap / 2, widest_card)


def corner_of(rect: QRectF, index: str = "10\n♦") -> tuple[QRectF, int, bool]:
    """A card's corner ``index`` (rank over suit): its rect, its font's pixel size, and whether the card has room
    for its big rank in the middle too.  The index's rect is as tall as its two lines need (the least font in a
    small card; a suit from a fallback font), and where they reach the big rank the middle keeps its suit
    alone: in a 40 px card of a split hand the suit was cut off the index and the big rank drawn over it ("1("
    for a 10, qaAH F7), while a fanned card shows its index only."""
    px = max(8, int(rect.height() * 0.13))
    flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    need = QFontMetricsF(theme.font(px, bold=True)).boundingRect(QRectF(0, 0, 1000, 1000), flags, index).height()
    top = rect.top() + rect.height() * 0.03
    corner = QRectF(rect.left() + rect.width() * 0.07, top, rect.width() * 0.4, max(rect.height() * 0.3, need))
    big = QFontMetricsF(theme.font(rect.height() * 0.27, bold=True)).tightBoundingRect("10").height()
    rank_top = rect.top() + rect.height() * (0.2 + 0.24) - big / 2
    return corner, px, top + need <= rank_top + 1


def paint_card(p: QPainter, rect: QRectF, card: Card) -> None:
    """A face-up card: rank and suit in the corner, big rank and suit in the middle, red or black."""
    radius = rect.width() * 0.08
    p.setPen(QPen(theme.CARD_BLACK, max(1.0, rect.width() * 0.015)))
    p.setBrush(theme.card_face())
    p.drawRoundedRect(rect, radius, radius)
    colour = theme.CARD_RED if card.is_red else theme.CARD_BLACK
    p.setPen(colour)
    rank = printed_rank(card.rank)
    glyph = SUIT_GLYPHS.get(card.suit or "", "")
    index = rank + ("\n" + glyph if glyph else "")
    corner, px, middle = corner_of(rect, index)
    p.setFont(theme.font(px, bold=True))
    p.drawText(corner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, index)
    if middle or not glyph:
        p.setFont(theme.font(rect.height() * (0.27 if len(rank) > 1 else 0.34), bold=True))
        centre = QRectF(rect.left(), rect.top() + rect.height() * 0.2, rect.width(), rect.height() * 0.48)
        p.drawText(centre, Qt.AlignmentFlag.AlignCenter, rank)
    if glyph:
        p.setFont(theme.font(rect.height() * 0.26))
        low = QRectF(rect.left(), rect.top() + rect.height() * 0.6, rect.width(), rect.height() * 0.36)
        p.drawText(low, Qt.AlignmentFlag.AlignCenter, glyph)


def paint_slot(p: QPainter, rect: QRectF, label: str, due: bool) -> None:
    """An empty place on the layout; the one where the next card goes glows gold."""
    radius = rect.width() * 0.08
    if due:
        p.setPen(QPen(theme.GOLD, max(3.0, rect.width() * 0.06), Qt.PenStyle.DashLine))
        p.setBrush(theme.GOLD.darker(300))
    else:
        p.setPen(QPen(theme.MUTED.darker(150), max(1.0, rect.width() * 0.02), Qt.PenStyle.DotLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(rect, radius, radius)
    p.setPen(theme.GOLD if due else theme.MUTED.darker(130))
    p.setFont(theme.font(rect.height() * 0.2, bold=due))
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, label + ("\nNEXT" if due else ""))


class HandsView(QWidget):
    """Paints the round of the current snapshot; :attr:`painted_version` is for tests and benchmarks."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(120)
        self.snapshot = None
        self.painted_version = -1
        self.animate = True
        self._grow = 1.0
        self._anim = QVariantAnimation(self)
        self._anim.setStartValue(0.55)
        self._anim.setEndValue(1.0)
        self._anim.setDuration(180)
        self._anim.valueChanged.connect(self._on_grow)
        self._last_count = 0

    def room_lacking(self) -> int:
        """The pixels of height the view lacks for cards :data:`CARDS_LEAST` px high at its width (0 when they
        are, or when its width alone keeps them smaller)."""
        w, h = self.width(), self.height()
        if measures(w, 10 ** 6)[3] < CARDS_LEAST:
            return 0
        return next(more for more in range(10 ** 6) if measures(w, h + more)[3] >= CARDS_LEAST)

    def _on_grow(self, value) -> None:
        self._grow = float(value)
        self.update()

    def show_snapshot(self, snap) -> None:
        count = len(snap.state.round.cards)
        if self.animate and count > self._last_count and self.isVisible():
            self._anim.stop()
            self._anim.start()
        else:
            self._grow = 1.0
        self._last_count = count
        self.snapshot = snap
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), theme.FELT)
        snap = self.snapshot
        if snap is not None:
            self._paint_round(p, snap)
            self.painted_version = snap.version
        p.end()

    def _paint_round(self, p: QPainter, snap) -> None:
        state = snap.state
        rnd = state.round
        w, h = self.width(), self.height()
        gap, half, title_h, card_h = measures(w, h)
        card_w = card_h / CARD_RATIO
        # A read held behind an UNREADABLE CARD ask, or waiting for the croupier, goes to the same place: it
        # stays marked NEXT (qaAI F5: the croupier no longer saw which place was due).
        dealing = state.phase in ("betting", "dealing")
        due = rnd.next_position if dealing else None
        positions = dict((step_pos.value, card) for card, step_pos in zip(rnd.cards, rnd.positions))
        outcome = rnd.outcome
        for i, hand in enumerate(("player", "banker")):
            x0 = gap + i * (half + gap)
            panel = QRectF(x0, gap / 2, half, h - gap)
            won = outcome is not None and outcome.winner in (hand, "tie")
            colour = theme.hand_colour(hand)
            p.setPen(QPen(theme.GOLD if won else colour, 6 if won else 2))
            p.setBrush(colour.darker(260))
            p.drawRoundedRect(panel, 12, 12)
            cards = rnd.player_cards if hand == "player" else rnd.banker_cards
            total = rnd.player_total if hand == "player" else rnd.banker_total
            p.setPen(theme.TEXT)
            name = hand.upper()
            if outcome is not None and outcome.winner == hand:
                name += " WINS"
            elif outcome is not None and outcome.winner == "tie":
                name += " TIE"
            head = QRectF(x0 + gap, gap / 2, half - 2 * gap, title_h)
            p.setFont(theme.fitted_font(title_h * 0.62, f"{name}  {total}", head.width()))
            p.drawText(head, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, name)
            if cards:
                p.setPen(theme.GOLD)
                p.drawText(head, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, str(total))
            row_w = 3 * card_w + 2 * gap
            left = x0 + (half - row_w) / 2
            top = gap / 2 + title_h + (h - gap - title_h - card_h) / 2
            for slot in range(3):
                code = f"{hand[0].upper()}{slot + 1}"
                rect = QRectF(left + slot * (card_w + gap), top, card_w, card_h)
                card = positions.get(code)
                if card is not None:
                    if self._grow < 1.0 and rnd.positions and rnd.positions[-1].value == code:
                        c = rect.center()
                        rect = QRectF(0, 0, rect.width() * self._grow, rect.height() * self._grow)
                        rect.moveCenter(c)
                    paint_card(p, rect, card)
                elif slot < 2 or (due is not None and due.value == code):
                    paint_slot(p, rect, code, due is not None and due.value == code)
