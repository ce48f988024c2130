"""Alerts that cannot be missed: a big coloured bar per alert saying what happened and what to do."""

from __future__ import annotations

from typing import Any, Optional

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from dealer_assist.ui import theme

#: More than this many at once and the rest are summarised, so the table stays visible.
SHOWN = 3
#: The order of the bars: the most serious on top (a table-stopping refusal is never under a note
#: that the cut card came out), the newest first within a level.
SEVERITY = {"error": 0, "warning": 1, "info": 2}
#: An "info" alert (shoe connected, cut card out) goes away by itself after this many seconds.
INFO_SECONDS = 8.0


class _Fitted(QLabel):
    """A label whose shown text is its whole text fitted to its width (:meth:`_fit`), again at each resize and
    font change."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.whole = text

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit()

    def _fit(self) -> None:
        """Shown whole; each kind of label shortens its own way."""
        if self.text() != self.whole:
            self.setText(self.whole)


class _OneLine(_Fitted):
    """A line cut at its width with "…", so a cut reads as one (a bare cut read "…waits until ther")."""

    def set_whole(self, text: str) -> None:
        self.whole = text
        self._fit()

    def _fit(self) -> None:
        self.setText(self.fontMetrics().elidedText(self.whole, Qt.TextElideMode.ElideRight, max(0, self.width())))


#: A word naming a card ("A♠", "10♥"): a title's run of them is a list, shortened to fit (:class:`_Title`).
SUITS = frozenset("♠♥♦♣")


def _is_card(word: str) -> bool:
    return any(ch in SUITS for ch in word)


def shortened(title: str, fits) -> str:
    """``title`` with its run of card names cut to the first few and "… and N more", the words round it
    kept, so that ``fits(text)``; the title itself when it fits or has no list (it then wraps).  The bar's
    text under it names every card."""
    words = title.split(" ")
    marks = [i for i, w in enumerate(words) if _is_card(w)]
    if fits(title) or not marks:
        return title
    first, last = marks[0], marks[-1]
    head, cards, tail = words[:first], words[first:last + 1], words[last + 1:]
    for keep in range(len(cards) - 1, 0, -1):
        text = " ".join(head + cards[:keep] + [f"… and {len(cards) - keep} more"] + tail)
        if fits(text):
            return text
    return " ".join(head + cards[:1] + [f"… and {len(cards) - 1} more"] + tail)


class _Title(_Fitted):
    """The top bar's headline: whole on one line, or its list of cards shortened ("A♠ 9♠ … and 14 more
    COUNTED TOO OFTEN"), or wrapped; never run past the window's right edge (at 960x540 a deck check's
    twenty cards pushed "COUNTED TOO OFTEN" out of sight)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.setWordWrap(True)

    def _fit(self) -> None:
        room = self.contentsRect().width()
        metrics = self.fontMetrics()
        text = shortened(self.whole, lambda t: metrics.horizontalAdvance(t) <= room)
        if text != self.text():
            self.setText(text)


class AlertBar(QWidget):
    """One alert: title, what happened, and the action, on the level's colour."""

    def __init__(self, alert: Any, on_dismiss, unit: int, parent: Optional[QWidget] = None,
                 compact: bool = False) -> None:
        """``compact``: the title and the action only (a bar below the top one: the table keeps its room)."""
        super().__init__(parent)
        self.code = alert.code
        self.alert = alert
        self.setAutoFillBackground(True)
        pal = self.palette()
        pal.setColor(self.backgroundRole(), theme.LEVEL.get(alert.level, theme.LEVEL["error"]))
        self.setPalette(pal)
        self.title = theme.plain(_OneLine(alert.title) if compact else _Title(alert.title))
        self.text = theme.plain(QLabel(alert.text))
        self.text.setWordWrap(True)
        self.action = theme.plain(QLabel("DO: " + alert.action if alert.action and alert.action != "none" else ""))
        self.action.setWordWrap(True)
        ink = theme.ink_on(theme.LEVEL.get(alert.level, theme.LEVEL["error"]))
        for lab in (self.title, self.text, self.action):
            lab.setStyleSheet(f"color: {ink.name()};")
        self.title.setFont(theme.font(3 * unit / 2, bold=True))
        self.text.setFont(theme.font(unit * 0.9, bold=True))
        self.action.setFont(theme.font(unit * 1.0, bold=True))
        self.ok = QPushButton("OK (Esc)")
        self.ok.setFont(theme.font(unit * 1.0, bold=True))
        self.ok.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.ok.clicked.connect(lambda: on_dismiss(alert.code))
        if compact:
            self.text.setVisible(False)
            self.title.set_whole(alert.title + ("  ·  " + self.action.text() if self.action.text() else ""))
            self.title.setToolTip(f"{alert.title}: {alert.text}")
            # One line, cut at the window's edge rather than widening it: the top bar says it all.
            self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            self.title.setFont(theme.font(unit * 1.0, bold=True))  # a line, not a headline: the table keeps its room
            self.ok.setFont(theme.font(unit * 0.8, bold=True))
            self.action.setVisible(False)
        words = QVBoxLayout()
        words.setSpacing(0)
        words.addWidget(self.title)
        words.addWidget(self.text)
        words.addWidget(self.action)
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 2, 10, 2)
        row.addLayout(words, 1)
        row.addWidget(self.ok, 0, Qt.AlignmentFlag.AlignVCenter)


class AlertsPanel(QWidget):
    """The current alerts, the most serious first (:data:`SEVERITY`); hidden when there are none."""

    def __init__(self, session: Any, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.session = session
        self.bars: list[AlertBar] = []
        self.more = QLabel("")
        self.more.setStyleSheet(f"color: {theme.GOLD.name()};")
        self.more.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)  # fitted: _more_text
        self.more.installEventFilter(self)
        self._lay = QVBoxLayout(self)
        self._lay.setContentsMargins(0, 0, 0, 0)
        self._lay.setSpacing(2)
        self._lay.addWidget(self.more)
        self._shown: tuple = ()
        self._alerts_count = 0
        self._unshown: list[str] = []  # the titles of the alerts past the bars shown
        #: The bars shown as a count only, for room (see :meth:`fold`).
        self.folded = 0
        self.unit = 16
        self.setVisible(False)

    def set_unit(self, unit: int) -> None:
        self.unit = unit
        self.more.setFont(theme.font(unit * 0.9, bold=True))
        self._shown = ()  # rebuild at the new size on the next snapshot

    def titles(self) -> list[str]:
        return [bar.alert.title for bar in self.bars]

    def dismiss_newest(self) -> None:
        """Esc: dismiss the bar on top (the most serious, the newest of its level)."""
        if self.bars:
            self.session.dismiss(self.bars[0].code)

    def _expire(self, alert: Any) -> None:
        """Dismiss an info alert that is still the same one (not a newer alert with the same code)."""
        if alert in self.session.snapshot.alerts:
            self.session.dismiss(alert.code)

    def show_snapshot(self, snap) -> None:
        alerts = snap.alerts
        if alerts == self._shown:
            return
        self._shown = alerts
        for bar in self.bars:
            self._lay.removeWidget(bar)
            bar.hide()  # until it is deleted, its lines would be counted as a shown bar's (row_room._wrapped)
            bar.deleteLater()
        self.bars = []
        newest = sorted(reversed(alerts), key=lambda a: SEVERITY.get(a.level, 0))  # stable: newest first in a level
        for alert in newest[:SHOWN]:
            bar = AlertBar(alert, self.session.dismiss, self.unit, self, compact=bool(self.bars))
            self._lay.insertWidget(len(self.bars), bar)
            self.bars.append(bar)
        for alert in alerts:
            if alert.level == "info":
                QTimer.singleShot(int(INFO_SECONDS * 1000), self, lambda a=alert: self._expire(a))
        self._alerts_count = len(newest)
        self._unshown = [alert.title for alert in newest[SHOWN:]]
        self.fold(self.folded)
        self.setVisible(bool(alerts))

    def fold(self, bars: int) -> None:
        """Show the last ``bars`` bars (the least serious, the oldest in their level) only as a count on the
        "more" line, the top bar always whole.  The last step of :func:`.row_room.make_room`: where nothing
        else could give room (the least window, alerts over a long message), the rows had been drawn over one
        another, the action buttons over the blackjack seats and a read's question cut (d3).  Each folded
        bar is still there: Esc dismisses the top one and the next comes up."""
        self.folded = max(0, min(bars, len(self.bars) - 1))
        for i, bar in enumerate(self.bars):
            bar.setVisible(i < len(self.bars) - self.folded)
        hidden = self._alerts_count - len(self.bars) + self.folded
        self.more.setText(self._more_text())
        self.more.setVisible(hidden > 0)

    def hidden_titles(self) -> list[str]:
        """The titles of the alerts not shown as a bar, the most serious first."""
        return [bar.alert.title for bar in self.bars[len(self.bars) - self.folded:]] + self._unshown

    def _more_text(self) -> str:
        """"+ 2 more: FRAMES LOST, CARD HELD (Esc dismisses the top one)": the folded alerts by name, as many
        as the line's width holds ("… and 1 more" after them); a bare count said nothing of what waited under
        the top bar (small's leftover)."""
        titles = self.hidden_titles()
        if not titles:
            return ""
        tail = " (Esc dismisses the top one)"
        metrics, room = self.more.fontMetrics(), self.more.width()
        for keep in range(len(titles), 0, -1):
            rest = f", … and {len(titles) - keep} more" if keep < len(titles) else ""
            text = f"+ {len(titles)} more: {', '.join(titles[:keep])}{rest}{tail}"
            if room <= 0 or metrics.horizontalAdvance(text) <= room:
                return text
        shorter = (f"+ {len(titles)} more alert(s){tail}", f"+ {len(titles)} more alert(s)")
        return next((text for text in shorter if metrics.horizontalAdvance(text) <= room), f"+ {len(titles)} more")

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.more and event.type() == QEvent.Type.Resize:
            self.more.setText(self._more_text())  # the names its new width holds
        return super().eventFilter(watched, event)

    def can_fold(self) -> bool:
        """Whether a bar is left to fold (see :meth:`fold`)."""
        return self.folded < len(self.bars) - 1
