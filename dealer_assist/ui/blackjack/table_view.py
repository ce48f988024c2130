"""The blackjack layout drawn as a table: the dealer's hand at the top, the seats along the bottom.

Each seat shows its stake, its hands as fanned cards, each hand's total
(``soft 17``, ``BLACKJACK``, ``BUST 24``), a doubled mark and, once the
round is settled, the hand's result.  The hand that a card or a decision is
due to has a gold frame.  Clicking a seat places the chosen chip on it
(Shift-click takes one off); the view only reports the click.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from dealer_assist.money import fmt_grouped
from dealer_assist.table.blackjack_state import BlackjackPhase
from dealer_assist.ui import theme
from dealer_assist.ui.betting import RESULT_MARKS
from dealer_assist.ui.blackjack.hand_layout import (CENTRE, FAN, Fitted, HandPlace, badge_forms, badge_inside, badge_text,
                                                    fit_badge, layout_hands, total_forms, total_text)
from dealer_assist.ui.hands import CARD_RATIO, paint_card

RESULT_COLOURS = {"win": theme.WIN, "lose": theme.LOSE, "push": theme.PUSH}
#: The table's least height (px), and how much of it it gives the rows around it when they need it
#: (three alerts and a long message at 960x540, see :mod:`dealer_assist.ui.row_room`): its cards shrink.
LEAST_HEIGHT = 240
MOST_ROOM_SHARE = 0.25


def hand_label(hand) -> str:
    """What the display writes under a hand: the total, or what ended it."""
    if not hand.cards:
        return ""
    if hand.blackjack:
        return "BLACKJACK"
    if hand.bust:
        return f"BUST {hand.total}"
    return f"soft {hand.total}" if hand.soft else str(hand.total)


class BlackjackTableView(QWidget):
    """Paints a :class:`~dealer_assist.table.blackjack_session.BlackjackSnapshot`.

    :attr:`painted_version` is the version of the snapshot last painted, and :attr:`drawn` what that
    painting showed, as text (tests, screen readers): ``{"DEALER": ("6H QS TS", "BUST 26"), "SEAT 1":
    (("7D 7H", "14", "WIN +25.00"),)}``, one (cards, total, result) per hand of a seat in the round.
    """

    seat_clicked = Signal(int, bool)  # seat, remove (Shift)

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(LEAST_HEIGHT)
        self.snapshot = None
        self.painted_version = -1
        self.drawn: dict[str, tuple] = {}
        self._seat_rects: dict[int, QRectF] = {}
        #: Where each seat's hands were last painted, by seat (see :class:`PlacedHand`).
        self.placed: dict[int, list[PlacedHand]] = {}
        #: Each seat's stake chip as last painted: its oval and the width of its amount in the oval's font.
        self.chips: dict[int, tuple[QRectF, float]] = {}
        #: The dealer's box and card places, as last painted.
        self.dealer_box = QRectF()
        self.dealer_cards: list[QRectF] = []
        #: The seat the keyboard bets on (+ / -), moved by the arrows; outlined while bets are open.
        self.cursor = 1

    def show_snapshot(self, snap) -> None:
        self.snapshot = snap
        self.update()

    def most_room(self) -> int:
        """The pixels of its least height the table can give the rows around it (see :mod:`.row_room`)."""
        return int(LEAST_HEIGHT * MOST_ROOM_SHARE)

    def set_room_given(self, px: int) -> None:
        self.setMinimumHeight(LEAST_HEIGHT - max(0, px))

    # -- reading what is drawn (tests, screen readers) --------------------------
    def seat_rect(self, seat: int) -> QRectF:
        self._layout_seats()
        return self._seat_rects[seat]

    def seat_at(self, x: float, y: float) -> Optional[int]:
        self._layout_seats()
        for seat, rect in self._seat_rects.items():
            if rect.contains(QPointF(x, y)):
                return seat
        return None

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        seat = self.seat_at(event.position().x(), event.position().y())
        if seat is not None:
            remove = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self.seat_clicked.emit(seat, remove)

    # -- geometry ---------------------------------------------------------------
    def _seats(self) -> int:
        return self.snapshot.state.rules.seats if self.snapshot is not None else 7

    def _dealer_height(self) -> float:
        # Bounded by the width too: a portrait screen's dealer box was half the height, its cards cut off.
        return min(self.height() * 0.38, self.width() * 0.3)

    def _layout_seats(self) -> None:
        n = self._seats()
        w, h = self.width(), self.height()
        gap = max(4.0, w * 0.008)
        top = self._dealer_height() + gap
        width = (w - gap * (n + 1)) / n
        self._seat_rects = {s: QRectF(gap + (s - 1) * (width + gap), top, width, h - top - gap)
                            for s in range(1, n + 1)}

    # -- painting ---------------------------------------------------------------
    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), theme.FELT)
        snap = self.snapshot
        self.drawn = {}
        self.placed = {}
        self.chips = {}
        if snap is not None:
            self._layout_seats()
            self._paint_dealer(p, snap)
            for seat, rect in self._seat_rects.items():
                self._paint_seat(p, snap, seat, rect)
            self.painted_version = snap.version
        p.end()

    def _paint_dealer(self, p: QPainter, snap) -> None:
        state = snap.state
        w, dh = self.width(), self._dealer_height()
        area = QRectF(w * 0.2, 4, w * 0.6, dh - 8)
        turn = state.dealer_turn or (state.phase == BlackjackPhase.SETTLED)
        p.setPen(QPen(theme.GOLD if state.dealer_turn else theme.MUTED.darker(130), 5 if state.dealer_turn else 2))
        p.setBrush(theme.FELT_DARK)
        p.drawRoundedRect(area, 14, 14)
        head_h = dh * 0.2
        p.setPen(theme.TEXT)
        head = QRectF(area.left() + 14, area.top() + 2, area.width() - 28, head_h)
        p.setFont(theme.fitted_font(head_h * 0.75, "DEALER", head.width() * 0.55))
        p.drawText(head, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, "DEALER")
        rnd = state.round
        hand = rnd.dealer if rnd is not None else None
        if hand is not None and hand.cards:
            p.setPen(theme.GOLD if turn else theme.TEXT)
            p.drawText(head, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, hand_label(hand))
        cards = hand.cards if hand is not None else ()
        self.drawn["DEALER"] = (" ".join(c.code for c in cards), hand_label(hand) if hand is not None else "")
        dealer_due = state.card_due and state.active is None
        count = max(2, len(cards) + (1 if dealer_due else 0))
        # As tall as the box allows, narrower where a long draw would run out of it (eight cards did).
        card_w = min((area.height() - head_h - 12) / CARD_RATIO, (area.width() - 28) / (1 + 1.08 * (count - 1)))
        card_h = card_w * CARD_RATIO
        step = card_w * 1.08
        row_w = card_w + step * (count - 1)
        left = area.center().x() - row_w / 2
        top = area.top() + head_h + 6
        self.dealer_box = area
        self.dealer_cards = [QRectF(left + i * step, top, card_w, card_h) for i in range(count)]
        for i, rect in enumerate(self.dealer_cards):
            if i < len(cards):
                paint_card(p, rect, cards[i])
            else:
                self._paint_empty(p, rect, due=dealer_due and i == len(cards))

    def _paint_empty(self, p: QPainter, rect: QRectF, due: bool) -> None:
        p.setPen(QPen(theme.GOLD if due else theme.MUTED.darker(160), 3 if due else 1.5, Qt.PenStyle.DashLine))
        p.setBrush(theme.GOLD.darker(300) if due else Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(rect, rect.width() * 0.08, rect.width() * 0.08)
        if due:
            p.setPen(theme.GOLD)
            p.setFont(theme.font(rect.height() * 0.16, bold=True))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, "NEXT")

    def _paint_seat(self, p: QPainter, snap, seat: int, rect: QRectF) -> None:
        state = snap.state
        active = state.active
        in_round = seat in state.seats_in and state.round is not None
        stake = state.stake(seat)
        is_active = active is not None and active[0] == seat
        p.setPen(QPen(theme.GOLD if is_active else theme.MUTED.darker(150), 5 if is_active else 2))
        p.setBrush(theme.PANEL if (stake or in_round) else theme.FELT.darker(115))
        p.drawRoundedRect(rect, 12, 12)
        unit = seat_unit(rect)
        head = QRectF(rect.left() + 8, rect.top() + 4, rect.width() - 16, unit * 1.8)
        p.setPen(theme.TEXT)
        p.setFont(theme.font(unit * 1.3, bold=True))
        p.drawText(head, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, f"SEAT {seat}")
        chip_row = QRectF(rect.left() + 8, head.bottom(), rect.width() - 16, unit * 1.7)
        if stake:
            in_play = state.in_play(seat)  # a doubled hand's stake twice, each split hand's once
            self.chips[seat] = self._paint_chip(p, QRectF(chip_row.left(), chip_row.top(),
                                                          min(chip_row.width(), unit * 5.2), chip_row.height() - 2),
                                                chip_row.width(), in_play)
            self.drawn[f"CHIP {seat}"] = fmt_grouped(in_play)
        # A replay takes no bet: no cursor and no "+ or click to bet" invite a key it refuses (qaM L9).
        betting = state.phase == BlackjackPhase.BETTING and not snap.replay
        if betting and seat == self.cursor:
            p.setPen(QPen(theme.GOLD, 3, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rect.adjusted(4, 4, -4, -4), 10, 10)
        if not in_round:
            if not stake and betting:
                p.setPen(theme.GOLD if seat == self.cursor else theme.MUTED)
                p.setFont(theme.font(unit * 0.9))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, "+ or click to bet" if seat == self.cursor else "click to bet")
            return
        hands = state.round.seat_hands(state.round_seat(seat))
        results = {}
        if state.settlement is not None:
            results = {h.hand: h for h in state.settlement.hands if h.seat == seat}
        body = hands_area(rect)
        labels = [hand_label(h) + ("  x2" if h.doubled else "") for h in hands]
        # Payments the journal did not write show no amount, only the result's mark, as baccarat's grid (qaAK F3).
        badges = [result_badge(results.get(i), snap.payments_unrecorded) for i in range(len(hands))]
        kinds = [results[i].result.value if i in results else "" for i in range(len(hands))]
        most = max([stake, *(r.stake for r in results.values())]) * 2  # a doubled hand's stake, before it is paid
        sample = max([*labels, "BUST 26  x2"], key=len)
        widest = max([b for b in badges if b[0]] + [badge_text("LOSE", fmt_grouped(most))], key=lambda b: len(b[0]))
        places = layout_hands(body, len(hands), unit, sample, widest,
                              max(len(h.cards) for h in hands), max(labels, key=len))
        drawn, self.placed[seat] = [], []
        for index, (hand, place) in enumerate(zip(hands, places)):
            drawn.append(self._paint_hand(p, place, hand, is_active and active[1] == index, labels[index],
                                          badges[index], kinds[index], unit, seat))
        self.drawn[f"SEAT {seat}"] = tuple(drawn)

    @staticmethod
    def _paint_chip(p: QPainter, rect: QRectF, widest: float, stake) -> tuple[QRectF, float]:
        """The stake in a gold oval, grouped as the pay list writes it; the oval as wide as its amount needs,
        up to ``widest``, and the amount's letters smaller beyond that (qaW F3: a doubled 500, "1000.00", ran
        out of its oval at 1920x1080).  Returns the oval and the amount's width."""
        text = fmt_grouped(stake)
        font = theme.font(rect.height() * 0.72, bold=True)
        pad = rect.height() * 0.8  # the rounded ends
        wide = QFontMetricsF(font).horizontalAdvance(text)
        rect = QRectF(rect.left(), rect.top(), min(widest, max(rect.width(), wide + pad)), rect.height())
        if wide > rect.width() - pad:
            font = theme.font(rect.height() * 0.72 * (rect.width() - pad) / wide, bold=True)
            wide = QFontMetricsF(font).horizontalAdvance(text)
        p.setPen(QPen(theme.GOLD, 2))
        p.setBrush(theme.FELT_DARK)
        p.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
        p.setPen(theme.GOLD)
        p.setFont(font)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        return rect, wide

    def _paint_hand(self, p: QPainter, place: HandPlace, hand, active: bool, label: str,
                    badge: tuple[str, str], kind: str, unit: float, seat: int) -> tuple[str, str, str]:
        """One hand in its place: fanned cards, the total line, the result badge; returns them as text
        (cards, total, result) and records where each was drawn in :attr:`placed`."""
        if active:
            p.setPen(QPen(theme.GOLD, 4))
            p.setBrush(theme.GOLD.darker(350))
            p.drawRoundedRect(place.box.adjusted(1, 1, -1, -1), 10, 10)
        row, card_w = place.cards, place.card_w
        for i, card in enumerate(hand.cards):
            paint_card(p, QRectF(row.left() + i * card_w * FAN, row.top(), card_w, row.height()), card)
        if not hand.cards:
            self._paint_empty(p, QRectF(row.left(), row.top(), card_w, row.height()), due=active)
        colour = theme.GOLD if hand.blackjack else theme.LEVEL["error"].lighter(130) if hand.bust else theme.TEXT
        total = fit_badge(*total_text(label), place.label, unit * 1.5, total_forms(label))
        p.setPen(colour)
        p.setFont(theme.font(total.px, bold=True))
        p.drawText(place.label, int(CENTRE), total.text)
        shown = None
        if badge[0]:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(RESULT_COLOURS[kind])
            p.drawRoundedRect(place.badge, 8, 8)
            inside = badge_inside(place.badge)
            shown = fit_badge(*badge, inside, unit * 1.3, badge_forms(badge[0]))
            p.setPen(theme.TEXT)
            p.setFont(theme.font(shown.px, bold=True))
            p.drawText(inside, int(CENTRE), shown.text)
        self.placed[seat].append(PlacedHand(place, total, shown))
        return " ".join(c.code for c in hand.cards), label, badge[0]


def seat_unit(rect: QRectF) -> float:
    """A seat's text unit, from its box: seven seats at 1280x720 still get letters a croupier reads."""
    return min(rect.width() / 9, rect.height() / 11)


def hands_area(rect: QRectF) -> QRectF:
    """The part of a seat's box under its name and stake, where its hands go."""
    unit = seat_unit(rect)
    top = rect.top() + 4 + unit * 1.8 + unit * 1.7 + 4
    return QRectF(rect.left() + 6, top, rect.width() - 12, rect.bottom() - top - 6)


@dataclass(frozen=True)
class PlacedHand:
    """Where one hand was painted (tests check that nothing overlaps): its place and its fitted texts."""

    place: HandPlace
    total: Fitted
    badge: Optional[Fitted]


def result_badge(result, unrecorded: bool = False) -> tuple[str, str]:
    """A settled hand's badge on one line and on two (``("", "")`` before the settlement); ``unrecorded``: the
    journal failed before the round's payments were written, and the badge shows the result's mark alone
    (``✓``, ``✗``, ``=``), no amount to pay from (qaAK F3: WIN +45.00 under NOT RECORDED: DO NOT PAY)."""
    if result is None:
        return "", ""
    kind = result.result.value
    if unrecorded:
        return (RESULT_MARKS[kind].strip(),) * 2
    if kind == "push":
        return "PUSH", "PUSH"
    if kind == "lose" and result.returns > 0:  # a double against a dealer blackjack, original bet only
        taken, back = badge_text("LOSE", fmt_grouped(result.taken)), f"RETURN {fmt_grouped(result.returns)}"
        return f"{taken[0]} · {back}", f"{taken[0]}\n{back}"
    return badge_text(kind.upper(), f"+{fmt_grouped(result.pays)}" if kind == "win" else fmt_grouped(result.taken))
