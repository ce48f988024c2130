"""The camera view (W): what the table's camera sees, each card it read outlined with its code.

A croupier told UNREADABLE CARD, or doubting a read, looks at the card on the
felt; the view shows which card the camera meant (the unsure one outlined in
orange with its candidates) and whether the camera still sees the table at all
(a frame's age shows when frames stop).  It asks the source for its latest view
a few times a second, only while shown.
"""

from __future__ import annotations

import time
from typing import Any, Optional

import cv2
import numpy as np
from PySide6.QtCore import QEvent, QPoint, QRect, Qt, QTimer
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QVBoxLayout, QWidget

from dealer_assist.cards import Card
from dealer_assist.ui import theme
from dealer_assist.ui.frame_pixmap import pixmap_of

#: How often the shown view asks for a new frame (ms).
REFRESH_MS = 200
#: A frame this many seconds old is named as old: the camera stopped sending.
OLD_AFTER = 3.0
#: The least share of the window's height the view takes, over the roads below the side column if need be.
LEAST_SHARE = 0.45
#: A picture less tall than this (px) shows no card's index: at 1280x720 with seven seats the side column's
#: picture was about 290x160 px, its cards 40 px tall (qaAO F6).  The view then takes the table's area.
LEGIBLE_HEIGHT = 270
SURE = (95, 211, 95)  # BGR
UNSURE = (11, 142, 224)  # BGR: the warning orange
ZONE = (200, 200, 200)  # BGR: the zones, in light grey beside the cards' colours
BACKING = tuple(int(v) for v in theme.FELT_DARK.getRgb()[2::-1])  # BGR: under a label, the panel's dark felt


class CameraViewPanel(QFrame):
    """The view, laid over the table's side column ``anchor`` (from its top, its width: the hands and
    seats stay in sight) and never over ``floor``, a panel under it that stays in sight whole (the
    blackjack deck panel); or, where the column is too narrow for a picture whose cards can be read, over
    ``wide`` (the blackjack table's hands) when that gives it a larger one; :meth:`toggle` shows or hides it."""

    def __init__(self, parent: QWidget, source: Any, anchor: QWidget, floor: Optional[QWidget] = None,
                 wide: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.source = source
        self.anchor = anchor
        self.floor = floor
        self.wide = wide
        self.setFrameShape(QFrame.Shape.Box)
        self.setAutoFillBackground(True)
        self.setStyleSheet(f"CameraViewPanel {{ background: {theme.FELT_DARK.name()}; border: 2px solid "
                           f"{theme.GOLD.name()}; }}")
        self.title = theme.plain(QLabel("CAMERA (W hides)"))
        self.title.setStyleSheet(f"color: {theme.GOLD.name()}")
        self.picture = QLabel()
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picture.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.note = theme.plain(QLabel())
        self.note.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 4, 6, 4)
        lay.setSpacing(2)
        lay.addWidget(self.title)
        lay.addWidget(self.picture, 1)
        lay.addWidget(self.note)
        #: The view shown (its ``at``), so that an unchanged one is not drawn again.
        self.shown_at: Optional[float] = None
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.refresh)
        self.set_unit(16)
        self.hide()
        anchor.installEventFilter(self)  # the column moved or resized (an alert bar above it): follow it
        if floor is not None:
            floor.installEventFilter(self)  # the panel under it grew (the deck check's lines): stop above it
        if wide is not None:
            wide.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if watched in (self.anchor, self.floor, self.wide) and watched is not None \
                and event.type() in (QEvent.Type.Move, QEvent.Type.Resize) and self.isVisible():
            self.place()
        return False

    def set_unit(self, unit: int) -> None:
        self.title.setFont(theme.font(unit, bold=True))
        self.note.setFont(theme.font(unit * 0.9, bold=True))

    def place(self) -> None:
        """Over the side column, from its top (under the banner and the alerts, which it must not hide),
        a 16:9 picture as wide as the column; the picture drawn again at that size.  No taller than the
        column while that leaves :data:`LEAST_SHARE` of the window's height (the roads and buttons stay in
        sight); when alerts above make the column short, the view runs down over the roads rather than
        shrink: alerts send the croupier to it, and a thumbnail shows no card's index (qaU F7: 180x100 px).
        Never over :attr:`floor`: at blackjack it ran down over the deck panel's heading (qaY, 1280x720).
        A column whose picture would be under :data:`LEGIBLE_HEIGHT` gives way to :attr:`wide`, the table's
        area, when the picture is taller there (qaAO F6): the croupier opened the view to read a card."""
        area = self.parentWidget().rect()
        top_left = self.anchor.mapTo(self.parentWidget(), QPoint(0, 0))
        width = self.anchor.width()
        whole = int(width * 9 / 16) + self.title.sizeHint().height() + 2 * self.note.sizeHint().height()
        bottom = area.bottom()
        if self.floor is not None and self.floor.isVisible():
            bottom = min(bottom, self.floor.mapTo(self.parentWidget(), QPoint(0, 0)).y() - 1)
        height = min(whole, max(self.anchor.height(), int(area.height() * LEAST_SHARE)), bottom - top_left.y())
        height = self._on_a_line(top_left, width, height)
        place = QRect(top_left.x(), top_left.y(), width, height)
        if self.wide is not None and self.wide.isVisible() and self.picture_height(place) < LEGIBLE_HEIGHT:
            # Only the table's: run down over the action buttons as well, it cut the chips' "CHIP" in two.
            table = QRect(self.wide.mapTo(self.parentWidget(), QPoint(0, 0)), self.wide.size())
            if self.picture_height(table) > self.picture_height(place):
                place = table
        if self.geometry() != place:
            self.setGeometry(place)
            self.shown_at = None  # drawn again at the new size
            if self.isVisible():
                self.refresh()

    def picture_height(self, place: QRect) -> int:
        """How tall a 16:9 picture the view shows when laid over ``place``: as wide as its room, or as tall
        as its height leaves under the title and over the note (wrapped at that width)."""
        margins = self.layout().contentsMargins()
        inner = place.width() - margins.left() - margins.right() - 2 * self.frameWidth()
        note = self.note.heightForWidth(inner) if self.note.text() else self.note.sizeHint().height()
        room = (place.height() - margins.top() - margins.bottom() - 2 * self.frameWidth()
                - self.title.sizeHint().height() - max(note, self.note.sizeHint().height()) - 2 * self.layout().spacing())
        return max(0, min(int(inner * 9 / 16), room))

    def _on_a_line(self, top_left: QPoint, width: int, height: int) -> int:
        """``height``, less where the view would end across a line of text beside it: at 960x540 it hid the top
        half of "No burn at this table · cut card not out", the rest left to read as something else (qaAH F17)."""
        parent = self.parentWidget()
        foot = top_left.y() + height
        for label in parent.findChildren(QLabel):
            if not label.isVisible() or self.isAncestorOf(label) or not label.text():
                continue
            rect = QRect(label.mapTo(parent, QPoint(0, 0)), label.size())
            if rect.right() >= top_left.x() and rect.left() < top_left.x() + width and rect.top() < foot <= rect.bottom():
                foot = rect.top()
        return max(foot - top_left.y(), 0) if foot - top_left.y() >= height // 2 else height

    def toggle(self) -> bool:
        """Show or hide the view; whether it is shown now."""
        if self.isVisible():
            self.hide()
            return False
        self.place()
        self.show()
        self.raise_()
        return True

    def refresh(self) -> None:
        view = self.source.latest_view()
        if view is None:
            self._say("no frame from the camera yet", bad=True)
            return
        age = time.monotonic() - view.at
        if view.at != self.shown_at:
            self.shown_at = view.at
            self._draw(view)
        if getattr(self.source, "link", None) == "ended":
            line = _reads_line(view, "its last frame")
            self._say("the video ended; " + (line if line.startswith("no card") else f"its last frame {line}"), bad=True)
        elif age >= OLD_AFTER:
            self._say(f"last frame {age:.0f} s ago: the camera stopped sending", bad=True)
        else:
            self._say(_reads_line(view), bad=bool(view.uncertain))

    def _draw(self, view: Any) -> None:
        size = self.picture.size()
        h, w = view.image.shape[:2]
        k = min(size.width() / w, size.height() / h)
        if k <= 0:
            return
        shown = cv2.resize(view.image, (max(1, int(w * k)), max(1, int(h * k))), interpolation=cv2.INTER_AREA)
        thick = max(2, int(round(shown.shape[0] / 180)))
        zh, zw = shown.shape[:2]
        # OpenCV's fonts have no suit symbols: a sure card is marked by its code (7H), the note names it.
        marks = [(label, np.round(np.array(corners) * k).astype(np.int32), colour)
                 for label, corners, colour in ([(code, c, SURE) for code, c in view.cards]
                                                + [("?", c, UNSURE) for _, c in view.uncertain])]
        taken = [_box(pts) for _, pts, _ in marks] + [_label_box(shown, label, pts, thick) for label, pts, _ in marks]
        for name, (left, top, right, bottom) in view.zones:  # the hands' boxes the cards are placed by
            corner, far = (int(left * (zw - 1)), int(top * (zh - 1))), (int(right * (zw - 1)), int(bottom * (zh - 1)))
            cv2.rectangle(shown, corner, far, ZONE, max(1, thick // 2))
        # Each zone named inside its box where no card, card label or other zone's name is: "DEALER" was drawn
        # over the dealer's card, and seven seats' names ran together ("SEAT 7 SEAT 6 ...": qaAO F6).
        for name, (left, top, right, bottom) in view.zones:
            box = (int(left * (zw - 1)), int(top * (zh - 1)), int(right * (zw - 1)), int(bottom * (zh - 1)))
            placed = _zone_label(shown, name, box, taken, thick)
            if placed is not None:
                taken.append(placed)
        for _, pts, colour in marks:
            cv2.polylines(shown, [pts], True, colour, thick, cv2.LINE_AA)
        # Labels after every outline, each on its own backing: a label drawn before the next card's outline
        # was crossed by it (QA: "9S" half hidden under 8S's outline, "TC" shown as "C").
        for label, pts, colour in marks:
            _label(shown, label, pts, colour, thick)
        self.picture.setPixmap(pixmap_of(shown))

    def _say(self, text: str, bad: bool) -> None:
        if self.note.text() != text:
            self.note.setText(text)
        colour = (theme.LEVEL["warning"] if bad else theme.GOOD_INK).name()
        self.note.setStyleSheet(f"color: {colour}")

    def showEvent(self, event) -> None:  # noqa: N802 (Qt)
        # Also when the window comes back from being minimized: the view must not freeze looking live.
        self.shown_at = None
        self.refresh()
        self._timer.start(REFRESH_MS)
        super().showEvent(event)

    def hideEvent(self, event) -> None:  # noqa: N802 (Qt)
        self._timer.stop()
        super().hideEvent(event)


def toggled(panel: Optional[CameraViewPanel], parent: QWidget, source: Any, anchor: QWidget,
            unit: int, floor: Optional[QWidget] = None,
            wide: Optional[QWidget] = None) -> tuple[Optional[CameraViewPanel], Optional[str]]:
    """W at a table: its camera view (made on the first press) shown or hidden over the side column
    ``anchor``, above ``floor`` (or over ``wide``, see :meth:`CameraViewPanel.place`); or, at a table
    without a camera, what to say instead."""
    if not hasattr(source, "latest_view"):
        return panel, "no camera at this table: the cards come from " + (getattr(source, "name", "") or "the keyboard")
    if panel is None:
        panel = CameraViewPanel(parent, source, anchor, floor, wide)
        panel.set_unit(unit or 16)
    panel.toggle()
    return panel, None


def keep_placed(panel: Optional[CameraViewPanel]) -> None:
    """After the window's layout settles (a resize, an alert come or gone): the shown view placed again."""
    if panel is not None and panel.isVisible():
        QTimer.singleShot(0, panel.place)


def _label_scale(shown: np.ndarray) -> float:
    return max(0.4, shown.shape[0] / 400)


def _label_box(shown: np.ndarray, label: str, pts: np.ndarray, thick: int) -> tuple[int, int, int, int]:
    """Where :func:`_label` draws ``label`` for the card at ``pts``: left, top, right, bottom."""
    (w, h), below = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, _label_scale(shown), thick)
    x, y = (int(v) for v in pts.min(axis=0))
    y = max(y - 4, h + 2)
    pad = max(1, thick // 2)
    return x - pad, y - h - pad, x + w + pad, y + below


def _label(shown: np.ndarray, label: str, pts: np.ndarray, colour, thick: int) -> None:
    """``label`` drawn above the card outlined at ``pts`` (its bounding box's top left), on a backing of
    the panel's dark felt that hides whatever outline runs under it."""
    left, top, right, bottom = _label_box(shown, label, pts, thick)
    pad = max(1, thick // 2)
    cv2.rectangle(shown, (left, top), (right, bottom), BACKING, cv2.FILLED)
    below = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, _label_scale(shown), thick)[1]
    cv2.putText(shown, label, (left + pad, bottom - below), cv2.FONT_HERSHEY_SIMPLEX, _label_scale(shown), colour,
                thick, cv2.LINE_AA)


def _box(pts: np.ndarray) -> tuple[int, int, int, int]:
    (left, top), (right, bottom) = pts.min(axis=0), pts.max(axis=0)
    return int(left), int(top), int(right), int(bottom)


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> int:
    return max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))


def _zone_label(shown: np.ndarray, name: str, box: tuple[int, int, int, int], taken: list,
                thick: int) -> Optional[tuple[int, int, int, int]]:
    """The zone ``name`` written inside its ``box`` (left, top, right, bottom): its full name ("SEAT 7") or,
    where that is wider than the box, its short one ("S7"); at the first of its corners that crosses nothing
    ``taken`` (cards, their labels, names already written), else where it crosses least.  Where it was
    written, or None where even the short name is wider than the box."""
    scale = _label_scale(shown) * 0.8
    weight = max(1, thick // 2)
    pad = max(2, thick)
    words = name.upper().split()
    for text in (" ".join(words), "".join(w if w.isdigit() else w[0] for w in words)):
        (w, h), below = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, weight)
        if w + 2 * pad <= box[2] - box[0] and h + below + 2 * pad <= box[3] - box[1]:
            break
    else:
        return None
    left, top, right, bottom = box[0] + pad, box[1] + pad, box[2] - pad - w, box[3] - pad - h - below
    spots = [(left, bottom), (left, top), (right, bottom), (right, top)]
    rects = [(x - 1, y - 1, x + w + 1, y + h + below + 1) for x, y in spots]
    rect = min(rects, key=lambda r: (sum(_overlap(r, t) for t in taken), rects.index(r)))
    cv2.rectangle(shown, rect[:2], rect[2:], BACKING, cv2.FILLED)
    cv2.putText(shown, text, (rect[0] + 1, rect[1] + 1 + h), cv2.FONT_HERSHEY_SIMPLEX, scale, ZONE, weight,
                cv2.LINE_AA)
    return rect


def _reads_line(view: Any, frame: str = "this frame") -> str:
    """What the frame read, in words: the sure cards, then the unsure ones with their candidates; or that
    it read none, and how many cards it showed whole all the same."""
    parts = []
    if view.cards:
        parts.append("read: " + " ".join(Card.parse(code).label for code, _ in view.cards))
    for candidates, _ in view.uncertain:
        if candidates:
            parts.append("unsure (orange): " + " or ".join(Card.parse(c).label for c in candidates))
    unread = sum(1 for candidates, _ in view.uncertain if not candidates)  # seen whole, no index found
    if parts:
        return "; ".join(parts) + (f"; {unread} card(s) seen whose index was not read (orange)" if unread else "")
    # Nothing read is no proof of no card: one still sliding in, blurred or under a hand reads nothing.
    whole = max(view.whole, unread)
    return f"no card read in {frame}" + (f" ({whole} card(s) seen whose index was not read: still moving, "
                                           "blurred or covered?)" if whole else "")
