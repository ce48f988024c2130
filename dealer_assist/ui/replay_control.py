"""What both games' windows do alike in a replay: pause and step it, grey out its table commands.

A trainer or a supervisor walking through a dispute stops the record where
it is and plays it one operation at a time.  :func:`toggle_pause` and
:func:`step` return None when done, else why not (the window shows
``notice`` texts to the croupier).  :func:`menu_command` puts a command in
a window's menu; each window decides, in one place, which commands a
replay refuses, and the same answer greys the menu item and refuses the key.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QMenu, QSizePolicy, QWidget

ENDED = "the record has ended"
#: The tooltip and status tip of a menu item a replay greys out.
READ_ONLY_TIP = "replay is read-only: the table follows the journal (`dealer-assist run` plays a live table)"


class WrappedLine(QLabel):
    """A replay's line (plain text) wrapped at the width it is given and exactly as tall as its lines: cut at the
    right edge, the round's times and corrections were lost (qaAM F6); a status bar gives a wrapped label all
    the height it asks for, the table then drawn in none."""

    def __init__(self) -> None:
        super().__init__("")
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        super().setText(text)
        self._fit()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name): a new font is more or fewer lines
        super().changeEvent(event)
        self._fit()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name): a status bar's height is its widgets' least
        return QSize(0, self.height())  # (a wrapped label's is its text a word a line)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(0, self.height())

    def _fit(self) -> None:
        held = self.minimumHeight()
        self.setMinimumHeight(0)  # Qt's height for a width is never less than the least height held
        lines = self.heightForWidth(self.width()) if self.text() and self.width() > 0 else -1
        height = max(lines, self.fontMetrics().height()) if self.text() else 0
        self.setMinimumHeight(held)
        if height != held or height != self.maximumHeight():
            self.setFixedHeight(height)


def menu_command(window: QWidget, menu: QMenu, text: str, keys: Sequence[str], trigger: Callable[[], Any], *,
                 refused: bool) -> QAction:
    """Add a command to ``menu`` with its ``keys`` as window shortcuts; ``trigger`` runs it.

    ``refused`` (a replay's table command): the item is greyed out with
    :data:`READ_ONLY_TIP`, since the replay does not offer it; its keys stay
    shown and still reach ``trigger``, whose refusal says why, so a key
    pressed out of habit gets an answer rather than silence."""
    act = QAction(text, window)
    menu.addAction(act)
    shortcuts = [QKeySequence(k) for k in keys]
    if not refused:
        act.setShortcuts(shortcuts)
        act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        act.triggered.connect(lambda _=False: trigger())
        window.addAction(act)
        return act
    act.setEnabled(False)
    act.setToolTip(READ_ONLY_TIP)
    act.setStatusTip(READ_ONLY_TIP)
    menu.setToolTipsVisible(True)
    if keys:
        act.setText(f"{text}\t{' / '.join(keys)}")
        answer = QAction(window)  # not in the menu: a greyed item's own shortcuts would be switched off with it
        answer.setShortcuts(shortcuts)
        answer.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        answer.triggered.connect(lambda _=False: trigger())
        window.addAction(answer)
    return act


def break_note(source: Any) -> str:
    """What a replay of a broken journal (``--allow-broken``) says where it names the journal; "" otherwise."""
    return getattr(getattr(source, "recorded", None), "break_note", "")


def round_played(source: Any, shoe: Any, round_no: Any) -> str:
    """When a replay's round ``round_no`` of ``shoe`` was played (local time, with its offset), to match the
    replay to the surveillance footage; "" for no replay or a journal that does not say (qaAE F1)."""
    recorded = getattr(source, "recorded", None)
    return recorded.played(shoe, round_no) if hasattr(recorded, "played") else ""


def toggle_pause(source, replay: bool, notice: Callable[[str], None]) -> Optional[str]:
    """A replay: stop it where it is (PAUSED), or let it go on at its pace."""
    if not replay or not hasattr(source, "pause"):
        return "no replay to pause: Space pauses a replay (`dealer-assist replay`)"
    if source.paused:
        source.resume()
    elif not source.pause():
        notice(f"{ENDED}: nothing left to pause; Ctrl+Q leaves the replay")
        return ENDED
    return None


def step(source, replay: bool, notice: Callable[[str], None]) -> Optional[str]:
    """A paused replay: play the next recorded operation, and only that one."""
    if not replay or not hasattr(source, "step"):
        return "no replay to step"
    if not source.paused:
        notice("Right steps a paused replay: Space pauses it first")
        return "the replay is playing: Space pauses it first"
    if source.step() is None:
        notice(f"{ENDED}: nothing more to step; Ctrl+Q leaves the replay")
        return ENDED
    return None
