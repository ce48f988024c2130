"""The banner: what is due next, in letters readable across the table, and the tableau's reason."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from dealer_assist.ui import theme
from dealer_assist.ui.loud_refusal import TITLES as REFUSALS


def banner_colour(text: str):
    """The colour that tells at a glance which hand the banner is about."""
    t = text.upper()
    if t.startswith(("TABLE STOPPED", "CONFIRM", *REFUSALS)):
        return theme.LEVEL["error"]
    if t.startswith("TIE"):
        return theme.TIE
    if t.startswith(("PLAYER", "DEAL PLAYER")):
        return theme.PLAYER
    if t.startswith(("BANKER", "DEAL BANKER")):
        return theme.BANKER
    return theme.FELT_DARK


class Banner(QWidget):
    """Big text (``BANKER DRAWS``) on a coloured bar, with the reason underneath."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAutoFillBackground(True)
        self.title = theme.plain(QLabel("PLACE YOUR BETS"))
        self.title.setObjectName("bannerTitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.reason = theme.plain(QLabel(""))
        self.reason.setObjectName("bannerReason")
        self.reason.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.reason.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 2, 8, 4)
        lay.setSpacing(0)
        lay.addWidget(self.title)
        lay.addWidget(self.reason)
        self._colour = theme.FELT_DARK
        self._paint_colour()
        self.set_unit(16)

    def set_unit(self, unit: int) -> None:
        self.title.setFont(theme.font(unit * 2.7, bold=True))
        self.reason.setFont(theme.font(unit * 1.1))

    def show_snapshot(self, snap) -> None:
        text = snap.banner
        if self.title.text() != text:
            self.title.setText(text)
        if self.reason.text() != snap.reason:
            self.reason.setText(snap.reason)
        colour = banner_colour(text)
        if colour != self._colour:
            self._colour = colour
            self._paint_colour()

    def _paint_colour(self) -> None:
        pal = self.palette()
        pal.setColor(self.backgroundRole(), self._colour)
        pal.setColor(self.foregroundRole(), theme.TEXT)
        self.setPalette(pal)
        for label in (self.title, self.reason):
            lp = label.palette()
            lp.setColor(label.foregroundRole(), theme.TEXT)
            label.setPalette(lp)
