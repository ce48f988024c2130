"""The trainer window: a case in big text, answers from the keyboard, feedback at once, then the summary.

Keys: the answer keys shown under the question (P B S N for the third card,
H S for the dealer) answer at once; amounts, totals and "every key that
applies" are typed and confirmed with Enter.  In a case of several answers
(a payout case's bets, calling's totals and winner) the answers given so
far show beside their bets, the one asked marked, and Backspace in the
empty box (or Shift+Tab) goes back to the answer before; the case is scored
once its last answer is in.  After a wrong answer Space or
Enter goes on (after a right one the next case comes by itself); the
explanation of a payout case with many bets is longer than a 1280x720 window,
so it scrolls, as the summary's mistakes do, with PgDn PgUp, Down Up, Home End.
Esc pressed twice within a few seconds, or Ctrl+Q, ends the session and shows
the summary (one stray Esc must not end an exam; any other key in between,
one typed into the answer box too, cancels the first; Esc while the box holds text
only clears it); on the summary Esc or
Ctrl+Q closes the window.  F1 shows the list of keys; F11 toggles full screen, which the
config's ``[display] fullscreen`` opens it in.

An exam opens on a start screen (its terms, and whether it meets the
standard) and its clock starts with Space or Enter.  During an exam the
status line shows only "case k of N" and the time left: a running count of
right answers would be the feedback the exam withholds.

A key that comes as the case or the explanation it acts on is drawn is not
taken (:mod:`dealer_assist.ui.training.settle`), nor is a character typed into
the answer box as its case is drawn; Tab never takes the cursor out of the
answer box.  An exam with a session clock (``--minutes``) ends at 0:00.
"""

from __future__ import annotations

import threading
from html import escape
from typing import Optional, Sequence

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtWidgets import (QAbstractScrollArea, QFrame, QLabel, QLineEdit, QProgressBar, QScrollArea,
                               QSizePolicy, QStackedLayout, QTextEdit, QVBoxLayout, QHBoxLayout, QWidget)

from dealer_assist.training.case import AnswerError, Attempt, Case
from dealer_assist.training.drill import case_time
from dealer_assist.training.feed import FeedClosed, FeedError
from dealer_assist.training.progress import LockBusy, ProgressError, ProgressStore
from dealer_assist.training.report import weak_lines
from dealer_assist.training.scoring import Summary
from dealer_assist.training.session import ExamTimeUp, TrainingSession
from dealer_assist.training.standard import SIMULATOR_COMMAND, simulator
from dealer_assist.ui import theme
from dealer_assist.ui.activation import activate_soon
from dealer_assist.ui.second_press import SecondPress
from dealer_assist.ui.training.case_view import LEAST_HEIGHT, CaseView
from dealer_assist.ui.training.chart import ProgressChart
from dealer_assist.ui.training.settle import Settle

#: An exam's start screen: what it is, before its clock starts.
START_LINE = "Press Space or Enter to start the exam"
#: How long a right answer stays on screen before the next case (ms).
RIGHT_PAUSE_MS = 700
#: The window's size when the screen has room for it: a 1280x720 screen shows all of it.
DEFAULT_SIZE = (1280, 720)
#: The least window, fixed as the tables' (theme.LEAST_WINDOW): the layout's own least size follows the text,
#: and under a larger text scale it held a big window's resize to 640x480 at 640x536 (rev30 R4).
LEAST_SIZE = (640, 480)
#: The key line under the drill; the first Esc replaces it with :data:`ESC_AGAIN`.
KEY_LINE = "F1 keys    Esc twice or Ctrl+Q: end the session"
#: The key line on an exam's start screen.
START_KEYS = "Space or Enter: start    " + KEY_LINE
#: The key line while the feedback on a wrong answer waits (the feedback itself may be scrolled away).
NEXT_LINE = "[Space] or Enter: next case    PgDn PgUp: scroll    " + KEY_LINE
#: The key line while a void hand waits to be cleared away (its message may be scrolled).
VOID_LINE = "Clear the table, then Space or Enter    PgDn PgUp: scroll    " + KEY_LINE
#: The title while a void hand waits; the next hand's (:meth:`TrainerWindow.next_case`) replaces it.
VOID_TITLE = "Void hand: the trainer cannot tell which cards lie on the table"
#: Lines of feedback from which it is set smaller (a payout case of several bets explained).
LONG_FEEDBACK = 9
#: The text unit's largest and smallest size (px); between them it follows the window's size.
UNIT_MAX, UNIT_MIN = 22.0, 11.0
#: The verdict's sizes, as parts of the unit: the largest at which it fits :data:`VERDICT_SHARE` of the height.
VERDICT_SIZES = (1.6, 1.3, 1.1, 0.9, 0.8)
VERDICT_SHARE = 0.45
#: The question's sizes, as parts of the unit: the largest at which it takes at most :data:`QUESTION_SHARE` of
#: the height.  The card reader's news stands in the question's place, and at text scale 1.25 it ran five lines
#: of 50 px, its end ("it reconnects by itself") cut off (qaAN F3).
QUESTION_SIZES = (1.8, 1.5, 1.3, 1.1, 1.0, 0.9)
QUESTION_SHARE = 0.3
#: The sizes, as parts of the unit, the text beside the cards is tried at until it fits beside them whole.
CONTEXT_SIZES = (1.1, 1.0, 0.9, 0.8, 0.7, 0.6)
#: How far the trainer steps its text scale back toward 1 at a time, where the case's text would not fit.
SCALE_STEP = 0.05
#: How far below the window's own size the text may step back where a case's cards would not be readable
#: otherwise (three hands of a split at 640x480): the cards come first (qaAN F2, F6).
LEAST_SCALE = 0.8
HOUSE = "House rule: "
#: Keys that scroll the feedback and the summary's mistakes: a step, a page, or to an end.
SCROLL_KEYS = {Qt.Key.Key_Down: 1, Qt.Key.Key_Up: -1, Qt.Key.Key_PageDown: 2, Qt.Key.Key_PageUp: -2,
               Qt.Key.Key_End: 3, Qt.Key.Key_Home: -3}
SUMMARY_LINE = "PgDn PgUp, Down Up, Home End: scroll the mistakes    Esc or Ctrl+Q: close"
ESC_AGAIN = "Esc again to end the session (any other key: go on)"
#: Said beside a case's later answers' keys: the way back to the answer before (:meth:`TrainerWindow.step_back`).
BACK_HINT = "   Backspace (box empty): back to the answer before"
#: Keys that go back to the case's answer before (Backspace only in an empty answer box).
BACK_KEYS = (Qt.Key.Key_Backspace, Qt.Key.Key_Backtab)
#: Space and Enter: go on after a wrong answer's explanation, or once a void hand is cleared away.
GO_ON = (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter)
KEYS_HELP = (
    "Keys",
    ("P B S N, H S ...", "answer at once (the keys are shown under the question)"),
    ("type, then Enter", "amounts, totals, and every key that applies (e.g. HS)"),
    ("Backspace or Shift+Tab", "back to the case's answer before, to change it (Backspace in an empty box); a "
                               "case is scored once its last answer is in"),
    ("Space or Enter", "start an exam; next case after a wrong answer; on a real shoe, go on once a void hand "
                       "is cleared away (a key pressed as the screen appears is not taken: press it again)"),
    ("PgDn PgUp, Down Up, Home End", "scroll a long explanation, and the summary's mistakes"),
    ("Esc Esc", "end the session (twice within a few seconds) and show the summary; Esc with an answer typed "
                "clears it"),
    ("Ctrl+Q", "end the session at once"),
    ("F1", "show or hide this list"),
    ("F11", "full screen on/off"),
    ("on the summary: Esc", "close the window"),
)


class _Saver(QObject):
    """Tells the GUI thread that a save that waited for another trainer's lock is done (its error, or None)."""

    saved = Signal(object)


class _Loader(QObject):
    """Deals the next case off the GUI thread when the cards come from a real shoe or camera."""

    loaded = Signal(object)
    failed = Signal(str)
    #: Any other fault: the next case cannot be dealt.
    broken = Signal(str)
    #: The card reader's news (``card reader lost: ...``), "" when it is back; from the reader's thread.
    news = Signal(str)

    def load(self, session: TrainingSession) -> None:
        def work() -> None:
            try:
                self.loaded.emit(session.next_case())
            except FeedClosed:
                pass  # the session has ended (the window may be gone): nothing to show
            except FeedError as exc:
                self.failed.emit(str(exc))
            except Exception as exc:  # noqa: BLE001 (a dead thread had left the trainee waiting for ever)
                self.broken.emit(f"{type(exc).__name__}: {exc}")

        threading.Thread(target=work, name="trainer-deal", daemon=True).start()


def context_text(lines: tuple[str, ...]) -> str:
    """The text beside a case's cards: what the case is about (the result, each bet) first, then the table's
    house rules on one line, ``House rules: ...; ...``: one line each, listed before the bets, pushed the
    bets out of sight at an EZ table (qaAD F13)."""
    rules = [line.removeprefix(HOUSE) for line in lines if line.startswith(HOUSE)]
    rest = [line for line in lines if not line.startswith(HOUSE)]
    if len(rules) > 1:
        return "\n".join(rest + ["House rules: " + "; ".join(rules)])
    return "\n".join(rest + [HOUSE + rule for rule in rules])


#: Marks the answer being asked in :func:`answer_sheet`.
ASKING = "\u25b6 "


def answer_sheet(case: Case, given: Sequence[str], asking: Optional[int]) -> str:
    """The text beside the cards of a case of several answers, as rich text: each answer given so far beside
    the bet (or total, or hand) it is about, the one being asked (index ``asking``; None: none) marked.

    The box emptied at each Enter and the bets beside the cards looked alike ("Seat 1: Banker 15.00",
    "Seat 3: Banker 15.00"): the trainee saw neither what was entered for the bets before nor which one the
    question meant (qaAN F11).  A question with a :attr:`~Question.line` is written on that line of the
    case's context; the others (the commission, a total, a hand's pay and take) are listed after the
    context's lines, as their prompts; the house rules stay last, as :func:`context_text` puts them.
    """
    muted, gold = theme.MUTED.name(), theme.GOLD.name()

    def row(i: int, shown: str, lined: bool) -> str:
        q = case.questions[i]
        verb = q.prompt.rpartition(": ")[2] if lined and ": " in q.prompt else ""
        said = f" \u2014 {escape(verb)} " if lined else ": "
        if i < len(given):
            return f"{escape(shown)}{said}<b>{escape(q.label_of(given[i]))}</b>"
        if i == asking:
            return f"<b style='color: {gold}'>{ASKING}{escape(shown)}{said}?</b>"
        return escape(shown) if lined else f"<span style='color: {muted}'>{escape(shown)}</span>"

    lines = {q.line: i for i, q in enumerate(case.questions) if q.line}
    rules = [line.removeprefix(HOUSE) for line in case.context if line.startswith(HOUSE)]
    rows = [row(lines[line], line, True) if line in lines else escape(line)
            for line in case.context if not line.startswith(HOUSE)]
    rows += [row(i, q.prompt, False) for i, q in enumerate(case.questions) if q.line not in case.context]
    if rules:
        rows.append(escape(("House rules: " if len(rules) > 1 else HOUSE) + "; ".join(rules)))
    return "<br>".join(rows)


def _label(px: float, bold: bool = False, colour=theme.TEXT) -> QLabel:
    label = QLabel()
    label.setFont(theme.font(px, bold))
    label.setWordWrap(True)
    label.setStyleSheet(f"color: {colour.name()};")
    return label


class TrainerWindow(QWidget):
    """Runs one :class:`TrainingSession`; stores the summary in ``store`` (if any) when it ends."""

    finished = Signal(object)

    def __init__(self, session: TrainingSession, store: Optional[ProgressStore] = None, trainee: str = "trainee",
                 parent: Optional[QWidget] = None, settle: Optional[Settle] = None) -> None:
        super().__init__(parent)
        #: Drops a key that comes before the case or the explanation it acts on could be seen.
        self.settle = settle or Settle()
        self.session = session
        self.store = store
        self.trainee = trainee
        self.case: Optional[Case] = None
        self.answers: list[str] = []
        self.last: Optional[Attempt] = None
        self.summary: Optional[Summary] = None
        self.store_error: Optional[str] = None
        self.waiting = False  # feedback on screen, waiting for Space/Enter
        #: An exam's terms on screen, its clock not started: Space or Enter starts it (qaP F8).
        self.briefing = session.settings.exam
        #: The shoe's HELLOs the start screen was drawn from, and whether an exam's case has said the shoe
        #: simulator deals it: the window had promised "a pass counts" to an exam dealt by the simulator (qaAN F5).
        self._briefed_hello: tuple = ()
        self._sim_told = False
        self._sim_note = ""
        self._started = 0.0
        self._open = False  # the current case still takes answers
        self.setWindowTitle(f"dealer-assist trainer: {trainee}")
        self.setStyleSheet(f"background: {theme.FELT_DARK.name()};")
        self.setMinimumSize(*LEAST_SIZE)
        self.resize(*self.fitted_size())
        self.second_press = SecondPress()
        unit = self._unit = UNIT_MAX
        #: Each text's size as a part of the unit, set again when the window's size changes (:meth:`_fit`).
        self._sized: list[tuple[QWidget, float, bool]] = []
        self.stack = QStackedLayout(self)

        drill = QWidget()
        col = QVBoxLayout(drill)
        top = QHBoxLayout()
        self.title = self._size(_label(unit * 1.4, True, theme.GOLD), 1.4, True)
        self.status = self._size(_label(unit, False, theme.MUTED), 1.0)
        self.status.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        top.addWidget(self.title, 3)
        top.addWidget(self.status, 2)
        col.addLayout(top)
        table = QHBoxLayout()
        self.view = CaseView()
        table.addWidget(self.view, 3)
        self.context = self._size(_label(unit * 1.1), 1.1)
        self.context.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # Its height is the cards' row's, its font fitted to it (_fit_context): a long text had held the window
        # taller than the screen's 540 px, the rest cut off at its foot (qaAD F13).
        self.context.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        table.addWidget(self.context, 2)
        col.addLayout(table, 5)
        self._column, self._table_at = col, col.count() - 1
        self.question = self._size(_label(unit * 1.8, True), 1.8, True)
        col.addWidget(self.question)
        self.keys = self._size(_label(unit, False, theme.MUTED), 1.0)
        col.addWidget(self.keys)
        self.entry = QLineEdit()
        self._size(self.entry, 1.8, True)
        self.entry.setStyleSheet(f"color: {theme.TEXT.name()}; background: {theme.PANEL.name()};")
        # Return in the entry reaches keyPressEvent below (QLineEdit passes it on): one key, one action.
        col.addWidget(self.entry)
        self.clock = QProgressBar()
        self.clock.setTextVisible(False)
        self.clock.setMaximumHeight(unit // 2)
        col.addWidget(self.clock)
        self.feedback = _label(unit * 1.2, True)
        self.feedback.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # A payout case of 5-7 bets all wrong explains more lines than 720 pixels hold: it scrolls by keys.
        self.feedback_area = QScrollArea()
        self.feedback_area.setWidget(self.feedback)
        self.feedback_area.setWidgetResizable(True)
        self.feedback_area.setFrameShape(QFrame.Shape.NoFrame)
        self.feedback_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.feedback_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.feedback_area.setMinimumHeight(unit * 5)
        self.feedback_area.setStyleSheet("background: transparent;")
        col.addWidget(self.feedback_area, 2)
        self._feedback_at = col.count() - 1
        self.key_line = self._size(_label(unit * 0.8, False, theme.MUTED), 0.8)
        self.key_line.setText(KEY_LINE)
        col.addWidget(self.key_line)
        self.entry.installEventFilter(self)  # keys typed into the answer box cancel a first Esc too
        self.stack.addWidget(drill)

        done = QWidget()
        col2 = self._summary_column = QVBoxLayout(done)
        self.result = _label(unit * 1.6, True, theme.GOLD)
        self.result.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # An unfinished exam below the standard says more than 40 px type holds at 1024x768: it is set
        # smaller (:meth:`_fit_verdict`), and scrolls if even that is too long.
        self.result_area = QScrollArea()
        self.result_area.setWidget(self.result)
        self.result_area.setWidgetResizable(True)
        self.result_area.setFrameShape(QFrame.Shape.NoFrame)
        self.result_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.result_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.result_area.setStyleSheet("background: transparent;")
        col2.addWidget(self.result_area)
        self.details = QTextEdit()
        self.details.setReadOnly(True)
        self._size(self.details, 1.0)
        self.details.setStyleSheet(f"color: {theme.TEXT.name()}; background: {theme.PANEL.name()};")
        col2.addWidget(self.details, 1)
        self.chart = ProgressChart()
        col2.addWidget(self.chart, 1)
        self.summary_keys = self._size(_label(unit * 0.8, False, theme.MUTED), 0.8)
        self.summary_keys.setText(SUMMARY_LINE)
        col2.addWidget(self.summary_keys)
        self.stack.addWidget(done)

        self.help = self._size(QLabel(self), 1.0)   # the F1 overlay, over either page
        self.help.setWordWrap(True)   # its descriptions had run off a 1024 (and a 1280) px window (qaP F6)
        self.help.setStyleSheet(f"color: {theme.TEXT.name()}; background: {theme.PANEL.name()}; padding: 24px;")
        self.help.setAlignment(Qt.AlignmentFlag.AlignCenter)
        title, *rows = KEYS_HELP
        self.help.setText(f"<h2>{title}</h2><table width='100%' cellpadding=6>"
                          + "".join(f"<tr><td><b>{k}</b></td><td>{v}</td></tr>" for k, v in rows)
                          + "</table><p>F1 or any key: back</p>")
        self.help.hide()
        self.esc_timer = QTimer(self)
        self.esc_timer.setSingleShot(True)
        self.esc_timer.timeout.connect(self._disarm_esc)

        #: The result waits for another trainer's lock on the progress file (see :meth:`_save_later`).
        self.saving = False
        self.saver = _Saver(self)
        self.saver.saved.connect(self._saved)
        self._save_thread: Optional[threading.Thread] = None
        self._save_error: Optional[str] = None
        self.loader = _Loader(self)
        self.loader.loaded.connect(self._show_case)
        self.loader.failed.connect(self._feed_failed)
        self.loader.broken.connect(self._deal_broken)
        self.loader.news.connect(self._reader_news)
        self.resyncing = False  # a void hand at a real table: Space/Enter once the trainee has cleared it
        self.reader_news = ""
        for feed in set(session.feeds.values()):
            if not feed.can_skip:
                feed.on_status = self.loader.news.emit
                start = getattr(feed, "start", None)
                if start is not None:
                    start()  # a reader that is not there is told now, not when the first card is wanted
        self.ticker = QTimer(self)
        self.ticker.setInterval(100)
        self.ticker.timeout.connect(self._tick)
        self.ticker.start()
        self.advance = QTimer(self)
        self.advance.setSingleShot(True)
        self.advance.timeout.connect(self.next_case)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        QTimer.singleShot(0, self._brief if self.briefing else self.next_case)

    @staticmethod
    def fitted_size() -> tuple[int, int]:
        """:data:`DEFAULT_SIZE`, made smaller to fit the primary screen's free area (less panels)."""
        w, h = DEFAULT_SIZE
        screen = QGuiApplication.primaryScreen()
        if screen is None:
            return w, h
        free = screen.availableGeometry()
        return min(w, free.width()), min(h, free.height())

    def _size(self, widget, factor: float, bold: bool = False):
        self._sized.append((widget, factor, bold))
        return widget

    def _fit(self) -> None:
        """Set the texts' sizes from the window's: the cards, the question and its keys fit a 640x480
        window whole (the Banker's cards were cut in half there), and are as large as before at 1280x720.
        Times the table's text scale (qaAH F19: a pit set up for larger text saw the trainer at 1), stepped
        back toward 1 while the case's text beside the cards would not fit, or the case's cards would not lie
        whole and readable under the texts (as the table's displays do), then, for the cards, a little below
        (:data:`LEAST_SCALE`): at 1.25 a blackjack case's cards at 640x480 had been cut in half under the
        question, and shrunk to a corner index while an explanation showed (qaAN F2, F6)."""
        own = max(UNIT_MIN, min(UNIT_MAX, self.height() / 32.7, self.width() / 46))
        for unit in self._units(own):
            self._set_unit(unit)
            if self._fit_context() and self._whole():
                break
        else:   # no size leaves the cards readable: every part whole, the cards as large as the room left
            self.view.setMinimumHeight(LEAST_HEIGHT)
            self._fit_context()
        if self.summary is not None:
            self._fit_verdict()
        self._fit_help()

    @staticmethod
    def _units(own: float) -> list[float]:
        """The text units to try, largest first: the text scale's, a larger one stepped back to the window's
        own, then a little below (:data:`LEAST_SCALE` of it, not under :data:`UNIT_MIN`)."""
        scale = theme.text_scale()
        units = [own * scale]
        while scale > 1.0:
            scale = max(1.0, scale - SCALE_STEP)
            units.append(own * scale)
        least = scale * LEAST_SCALE
        while scale - SCALE_STEP >= least - 1e-9 and own * (scale - SCALE_STEP) >= UNIT_MIN:
            scale -= SCALE_STEP
            units.append(own * scale)
        return units

    def _set_unit(self, unit: float) -> None:
        """Every text at its share of ``unit``; the cards' row at least the height that shows them readable."""
        self._unit = unit
        for widget, factor, bold in self._sized:
            widget.setFont(theme.font(unit * factor, bold))
        self._fit_feedback()
        self._fit_question()
        self.clock.setMaximumHeight(max(4, int(unit // 2)))
        self.feedback_area.setMinimumHeight(int(unit * 5))
        self.view.setMinimumHeight(self.view.readable_height())

    def _whole(self) -> bool:
        """Whether the drill's parts lie whole in the window, one under another, the cards' row at least its
        least height (the layout squeezes a part under its least height when they do not all fit)."""
        if self.stack.currentIndex() != 0:
            return True
        parts = [w for w in (self.view, self.question, self.keys, self.entry, self.clock, self.feedback_area,
                             self.key_line) if w.isVisible()]
        if not parts:
            return True
        if self.title.geometry().bottom() >= parts[0].geometry().top():
            return False
        if any(upper.geometry().bottom() >= lower.geometry().top() for upper, lower in zip(parts, parts[1:])):
            return False
        if parts[-1].geometry().bottom() >= self.stack.currentWidget().height():
            return False
        if self.view.isVisible() and self.view.height() < self.view.minimumHeight():
            return False
        return all(label.height() >= label.heightForWidth(label.width())
                   for label in (self.title, self.question, self.keys) if label.isVisible())

    def _sizes(self, factors: tuple[float, ...]) -> list[float]:
        """A text's sizes (px) to try, largest first: ``factors`` of the unit, then, under a text scale above
        1, the same of the window's own unit, where the larger text leaves a text short of room."""
        base = self._unit / max(1.0, theme.text_scale())
        sizes = [self._unit * f for f in factors]
        return sizes + [base * f for f in factors if base * f < sizes[-1]]

    def _fit_help(self) -> None:
        """The F1 key list whole in the window: at a larger text scale it ran past the window's foot."""
        for px in self._sizes((1.0, 0.9, 0.8)):
            self.help.setFont(theme.font(px))
            if self.help.heightForWidth(self.width()) <= self.height():
                break

    def _fit_context(self) -> bool:
        """The text beside the cards at the largest size at which it fits beside them whole: under five
        house-rule lines a payout case's last bets were cut off, with no mark that more were there (qaAD F13).
        Whether it fits (at the least size it may not: :meth:`_fit` then takes a smaller text scale)."""
        if self.stack.currentIndex() == 0:
            self._column.activate()   # the cards' room under the texts' sizes just set
        room, width = self.view.height(), self.context.width()
        for factor in CONTEXT_SIZES:
            self.context.setFont(theme.font(self._unit * factor))
            if self.context.heightForWidth(width) <= room:
                return True
        return False

    def _fit_question(self) -> None:
        """The question (or what stands in its place: the reader's news, what to deal) at the largest size at
        which it takes at most :data:`QUESTION_SHARE` of the height, so that it is read whole."""
        outer, inner = self.stack.contentsMargins(), self._column.contentsMargins()
        width = self.width() - outer.left() - outer.right() - inner.left() - inner.right()
        room = int(self.height() * QUESTION_SHARE)
        for px in self._sizes(QUESTION_SIZES):
            self.question.setFont(theme.font(px, True))
            if self.question.heightForWidth(width) <= room:
                break

    def _ask(self, text: str) -> None:
        """``text`` in the question's place, sized to be read whole, the cards still on screen fitted under it."""
        self.question.setText(text)
        self._fit()

    def _fit_feedback(self) -> None:
        """Smaller for a long explanation, and for the simulator's note, which shares the room of a question."""
        long = self.feedback.text().count("\n") >= LONG_FEEDBACK or bool(self._sim_note) and self.feedback.text() == self._sim_note
        self.feedback.setFont(theme.font(self._unit * (1.0 if long else 1.2), True))

    def _fit_verdict(self) -> None:
        """The verdict at the largest size at which it takes at most :data:`VERDICT_SHARE` of the height."""
        outer, inner = self.stack.contentsMargins(), self._summary_column.contentsMargins()
        width = self.width() - outer.left() - outer.right() - inner.left() - inner.right()
        room = int(self.height() * VERDICT_SHARE)
        for px in self._sizes(VERDICT_SIZES):
            self.result.setFont(theme.font(px, True))
            needed = self.result.heightForWidth(width)
            if needed <= room:
                break
        self.result_area.setFixedHeight(min(needed + 2, room))

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        self.help.setGeometry(self.rect())
        self._fit()
        super().resizeEvent(event)

    # -- the flow -------------------------------------------------------------
    @property
    def question_now(self):
        if self.case is None or not self._open or len(self.answers) >= len(self.case.questions):
            return None
        return self.case.questions[len(self.answers)]

    def next_case(self) -> None:
        self.advance.stop()
        self.waiting = False
        if self.summary is not None:
            return
        if self.session.finished:
            self.end_session()
            return
        self.case = None
        self.feedback.setText("")
        self._show_key_line()
        self._make_room(False)
        if all(f.can_skip for f in self.session.feeds.values()):
            self._show_case(self.session.next_case())
        else:
            if self.title.text() == VOID_TITLE:   # the void hand is cleared away: it had stayed up (qaAN F3)
                self.title.setText(", ".join(d.title for d in self.session.drills.values()) + ": a fresh hand")
            self._ask(self.reader_news or self.session.dealing)
            self.keys.setText("the question comes once the cards are read")
            self.entry.setVisible(False)  # nothing to answer until the cards are in
            self.setFocus()
            self.loader.load(self.session)

    def _brief(self) -> None:
        """An exam's start screen: its cases, limits, pass mark and whether it meets the standard, said where
        the trainee looks (the warning went to stderr only); the session's clock starts with Space or Enter."""
        s = self.session.settings
        # Whose exam it is, where a desk or a projector sees it (the title bar alone had said it: qaS F10).
        self.title.setText(f"Exam for {self.trainee}: " + ", ".join(d.title for d in self.session.drills.values()))
        for widget in (self.view, self.entry, self.clock, self.question, self.keys):
            widget.setVisible(False)
        self.context.setText("")
        self._column.setStretch(self._table_at, 0)   # the terms take the room of the cards to come
        self._column.setStretch(self._feedback_at, 5)
        size = (f"{s.cases} case{'' if s.cases == 1 else 's'}" if s.cases is not None
                else f"{s.minutes:g} minute{'' if s.minutes == 1 else 's'}" if s.minutes is not None
                else "Cases until you end it")
        terms = [f"{size}, no feedback until the end."]
        if s.limit is not None:
            terms.append(f"At most {s.limit:g} s per decision{case_time(self.session.drills.values(), s.limit)}: "
                         "an answer after that counts as failed.")
        if s.minutes is not None and s.cases is not None:
            terms.append(f"{s.minutes:g} minute{'' if s.minutes == 1 else 's'} in all: cases not answered when the time is up count as failed.")
        terms.append(f"Pass mark: {s.mark.words} per decision.")
        # The shoe simulator on a serial port is known by its HELLO, which may come after this screen is up:
        # :meth:`_tick` draws it again when it comes.
        record = self.session.source_record or {}
        self._briefed_hello = tuple(record.get("hello", ()))
        short = s.standard.shortfalls(s.cases or 0, s.mark.accuracy, s.mark.seconds, self.session.seed, s.house,
                                      self.session.source_record)
        if short:
            terms.append(f"<span style='color: {theme.LEVEL['warning'].name()}'>Below the standard "
                         f"({s.standard.words}): {'; '.join(short)}. A pass will be listed as "
                         "\"passed below the standard\".</span>")
        elif not all(f.can_skip for f in self.session.feeds.values()) and not self._briefed_hello:
            terms.append(f"This exam meets the standard ({s.standard.words}) if its cards come from a real shoe: "
                         f"a pass counts, but one dealt by {SIMULATOR_COMMAND} is listed as \"passed below the "
                         "standard\" (the shoe has not said which it is yet).")
        else:
            terms.append(f"This exam meets the standard ({s.standard.words}): a pass counts.")
        self.feedback.setStyleSheet(f"color: {theme.TEXT.name()};")
        self.feedback.setTextFormat(Qt.TextFormat.RichText)
        terms.append(f"<b>{START_LINE}</b>: the clock starts then.")
        self.feedback.setText("".join(f"<p>{line}</p>" for line in terms))
        self._show_key_line()
        self.settle.shown()
        self.setFocus()
        self._tick()

    def _start_exam(self) -> None:
        self.briefing = False
        self.session.started = self.session.clock()  # the time for the whole exam runs from now
        self.feedback.setTextFormat(Qt.TextFormat.AutoText)
        self.view.setVisible(True)
        self.next_case()   # shows the question, its keys and the clock again (_make_room)

    def _feed_failed(self, message: str) -> None:
        self.feedback.setStyleSheet(f"color: {theme.LEVEL['warning'].name()};")
        self.feedback.setText(message)
        if self.session.needs_ready:
            self.resyncing = True
            self.settle.shown()
            # The answered hand's cards and "What happens next?" stayed on screen over the void hand (qaP L6).
            self.view.show_case(None)
            self.context.setText("")
            self.title.setText(VOID_TITLE)
            self._ask("Clear the table, then press Space or Enter")
            self.keys.setText("no case is asked until the table is clear")
            # No cards to show: their room goes to the message, which scrolls by keys if still longer.
            self._column.setStretch(self._table_at, 1)
            self._column.setStretch(self._feedback_at, 5)
            self.feedback_area.verticalScrollBar().setValue(0)
            self._show_key_line()
            return
        self.loader.load(self.session)

    def _deal_broken(self, message: str) -> None:
        """Not dealt again: the same fault would come back; the answered cases are kept by ending."""
        self.feedback.setStyleSheet(f"color: {theme.BAD_INK.name()};")
        self.feedback.setText(f"The next case could not be dealt: {message}. Press Esc twice to end the session: "
                              "the cases answered so far are kept and shown in the summary.")
        self._ask("The trainer stopped dealing")
        self.keys.setText("Esc Esc: end the session")

    def _reader_news(self, text: str) -> None:
        """Card reader lost or silent: said at once, where the trainee looks; gone when it is back."""
        was, self.reader_news = self.reader_news, text
        if self.case is None and not self.resyncing:
            self._ask(text or self.session.dealing)
            return
        # The news goes under what the feedback says (a wrong answer's explanation, a void hand's reason and
        # what to do), in place of the news before it: replacing it had lost a void hand's message (review).
        base = self.feedback.text()
        if was and base.endswith(was):
            base = base[:-len(was)].rstrip("\n")
        keep = (self.waiting or self.resyncing) and base
        if text:
            self.feedback.setStyleSheet(f"color: {theme.LEVEL['warning'].name()};")
            self.feedback.setText(base + "\n" + text if keep else text)
        else:
            self.feedback.setText(base)

    def _show_case(self, case: Case) -> None:
        self.case = case
        self.answers = []
        self._open = True
        self.title.setText(f"{self.session.drills[case.drill].title}: {case.title}")
        self.view.show_case(case)
        self._simulator_note()
        # Fitted once its question and answer box are up: fitted before, under the last case's question, the
        # taller new one then took the room of the house rules, cut mid-line until a resize (qaAN F1).
        self._show_question()
        self._fit()
        self._started = self.session.clock()
        self.settle.shown()
        self._tick()

    def _simulator_note(self) -> None:
        """Say on an exam's first case (or the first once its HELLO came) that the shoe simulator deals it, as
        ``--text`` does: the window had said nothing of it until the summary's "passed below the standard"."""
        sim = simulator(self.session.source_record)
        if not self.session.settings.exam or self._sim_told or sim is None:
            return
        self._sim_told = True
        self.feedback.setStyleSheet(f"color: {theme.LEVEL['warning'].name()};")
        self._sim_note = (f"Below the standard: the shoe simulator ({sim}) deals this exam's cards, the same again "
                          "for the same seed; a pass will be listed as \"passed below the standard\".")
        self.feedback.setText(self._sim_note)
        self._fit_feedback()

    def _show_sheet(self) -> None:
        """The text beside the cards: the case's context; for a case of several answers, the answers given so
        far beside their bets and the one asked marked (:func:`answer_sheet`)."""
        case = self.case
        if case is None:
            return
        if len(case.questions) < 2:
            self.context.setTextFormat(Qt.TextFormat.PlainText)
            self.context.setText(context_text(case.context))
            return
        self.context.setTextFormat(Qt.TextFormat.RichText)
        self.context.setText(answer_sheet(case, self.answers, len(self.answers) if self.question_now else None))

    def _show_question(self) -> None:
        self._show_sheet()
        q = self.question_now
        if q is None:
            return
        typed = q.kind != "choice"
        several = q.kind == "choices"
        self.question.setText(q.prompt + (": which? (all that apply)" if several else "?"))
        if q.choices:
            self.keys.setText("   ".join(f"[{c.key}] {c.label}" for c in q.choices)
                              + ("   type every key that applies (e.g. HS), then Enter" if several else ""))
        else:
            self.keys.setText("type the amount, then Enter (0 when nothing is paid)" if q.kind == "amount"
                              else "type the number, then Enter")
        if self.answers:
            self.keys.setText(self.keys.text() + (BACK_HINT if typed else BACK_HINT.replace(" (box empty)", "")))
        self.entry.setVisible(typed)
        self.entry.clear()
        if typed:
            self.entry.setFocus()
        else:
            self.setFocus()

    def answer(self, text: str) -> bool:
        """Give the answer to the current question; False (and a message) if it cannot be read."""
        q = self.question_now
        if q is None or self.waiting:
            return False
        try:
            canonical = q.normalize(text)
        except AnswerError as exc:
            self.feedback.setStyleSheet(f"color: {theme.LEVEL['warning'].name()};")
            self.feedback.setText(str(exc))
            return False
        self.answers.append(canonical)
        self.feedback.setText("")
        if self.question_now is None:
            try:
                attempt = self.session.submit(self.case, self.answers, self.session.clock() - self._started)
            except ExamTimeUp:   # the tick ends the exam at 0:00; an answer in the same tenth of a second ends it
                self.end_session()
                return False
            self._score(attempt)
        else:
            self._show_question()
            self._fit()   # the next question may take another number of lines than the last
        return True

    def step_back(self) -> bool:
        """Back to the case's answer before the one asked, to change it: its answer is taken back and put in
        the box, selected (typing replaces it).  A mistyped Enter on a payout case's first bet was scored,
        with no way back (qaAN F11); a case is scored once its last answer is in.  False when there is no
        answer to go back to."""
        if self.case is None or not self._open or self.waiting or not self.answers or self.question_now is None:
            return False
        back = self.answers.pop()
        self._show_question()
        if self.entry.isVisible():
            self.entry.setText(back)
            self.entry.selectAll()
        self._fit()
        return True

    def _score(self, attempt: Attempt) -> None:
        self.last = attempt
        self._open = False
        self._show_sheet()   # every answer given, beside its bet, while the feedback says which were right
        self.entry.setVisible(False)
        self.setFocus()
        if self.session.settings.exam:
            self.feedback.setText("")
            self.next_case()
            return
        colour = theme.GOOD_INK if attempt.right else theme.BAD_INK
        self.feedback.setStyleSheet(f"color: {colour.name()};")
        told = attempt.feedback() + f"   ({attempt.seconds:.1f} s)"
        self.feedback.setText(told)
        self._fit_feedback()
        self.feedback_area.verticalScrollBar().setValue(0)
        self.settle.shown()
        if attempt.right:
            self.advance.start(RIGHT_PAUSE_MS)
        else:
            self.waiting = True
            # The question and its "type the amount" no longer take an answer: their room goes to the why.
            self._make_room(True)
            self._show_key_line()
        self._tick()

    def _tick(self) -> None:
        s = self.session
        if self.summary is not None:
            return
        if self.briefing:
            if tuple((self.session.source_record or {}).get("hello", ())) != self._briefed_hello:   # a HELLO came
                self._brief()
                return
            self.status.setText("not started")
            self.clock.setValue(0)
            return
        if s.time_up:   # the status read "0:00 left" while the case went on taking answers (qaS F2)
            self.end_session()
            return
        right = sum(a.right for a in s.attempts)
        left = s.remaining
        when = f"{int(left // 60)}:{int(left % 60):02d} left" if left is not None else ""
        # The case on screen: the one just answered while its feedback or right answer's pause shows ("case 3
        # of 2" had shown during the last case's pause, and on a window saving the result: qaS F14).
        shown = len(s.attempts) + (0 if self.case is not None and not self._open else 1)
        if s.settings.cases is not None:
            shown = min(shown, s.settings.cases)
        number = f"case {shown}"
        if s.settings.cases is not None:
            number += f" of {s.settings.cases}"
        score = "" if s.settings.exam else f"   {right}/{len(s.attempts)} right"
        self.status.setText(f"{number}{score}   {when}")
        limit = s.limit
        if self.case is not None and self.question_now is not None and limit:
            total = limit * len(self.case.questions)
            used = s.clock() - self._started
            self.clock.setMaximum(1000)
            self.clock.setValue(int(1000 * max(0.0, 1 - used / total)))
            if used > total:
                self._time_up(s.time_out(self.case, used, self.answers))
        else:
            self.clock.setValue(0)

    def _time_up(self, attempt: Attempt) -> None:
        """The case's time ran out: scored, and what was half typed in its box is dropped, said where the
        trainee looks.  An exam had drawn the next case in silence, and the keys still being typed for the
        timed-out one (\"7.5\", Enter) answered the new case's first bet, unseen (qaS F1)."""
        typed = self.entry.text().strip() if self.entry.isVisible() else ""
        number = len(self.session.attempts)   # the timed-out case's, already counted
        self._score(attempt)
        if self.summary is not None:
            return
        dropped = f" (what you had typed, {typed!r}, was not taken)" if typed else ""
        if self.session.settings.exam:
            told = f"Time is up for case {number}{dropped}: this is the next case."
        else:
            told = self.feedback.text() + (f"\nWhat you had typed, {typed!r}, was not taken." if typed else "")
        self.feedback.setStyleSheet(f"color: {theme.LEVEL['warning'].name()};")
        self.feedback.setText(told)
        self._fit_feedback()

    def end_session(self) -> None:
        """Stop asking, store the session, and show the summary with the chart."""
        if self.summary is not None:
            return
        self.advance.stop()
        self.summary = self.session.summary()
        if self.session.settings.exam and not self.summary.attempts:
            self._nothing_asked()
            return
        if self.store is not None and self.summary.attempts:
            try:
                self.store.record(self.trainee, self.summary, self.session.settings.label,
                                  started=self.session.wall_started, wait=False)
            except ProgressError as exc:
                self.store_error = str(exc)
            except LockBusy:
                self._save_later()
                return
        self._show_summary()

    def _save_later(self) -> None:
        """Another trainer holds the progress file's lock: wait for it off the GUI thread, saying so.

        The save had waited on the GUI thread: the window froze on its last case (status "case 3 of 2"),
        the note went to stderr only, and the keys pressed meanwhile were replayed onto the summary, whose
        Esc closed it unseen (qaS F14).  Keys are not taken until the result is stored.
        """
        self.saving = True
        self.view.show_case(None)
        self.context.setText("")
        for widget in (self.entry, self.keys, self.clock):
            widget.setVisible(False)
        self.status.setText("saving")
        self.question.setText("Saving the result ...")
        self.feedback.setStyleSheet(f"color: {theme.LEVEL['warning'].name()};")
        self.feedback.setText(f"Waiting to save to {self.store.path}: another trainer is saving to it. If none "
                              "is, a trainer stopped with Ctrl+Z holds it: bring that one back (fg) or end it. "
                              "The summary comes once the result is stored; keys are not taken until then.")
        self.key_line.setText("saving: keys are not taken until the result is stored")
        store, summary, label, started = self.store, self.summary, self.session.settings.label, self.session.wall_started

        def work() -> None:
            error: Optional[str] = None
            try:
                store.record(self.trainee, summary, label, started=started)
            except ProgressError as exc:
                error = str(exc)
            except Exception as exc:  # noqa: BLE001 (said as not stored, never a silent dead thread)
                error = f"cannot save the training progress to {store.path}: {type(exc).__name__}: {exc}"
            self._save_error = error
            self.saver.saved.emit(error)

        self._save_thread = threading.Thread(target=work, name="trainer-save", daemon=True)
        self._save_thread.start()

    def _saved(self, error: object) -> None:
        if not self.saving:
            return
        self.saving = False
        self.store_error = error if isinstance(error, str) else None
        self._show_summary()

    def finish_saving(self) -> None:
        """Wait for a save still waiting for the lock (the event loop has stopped: SIGTERM), then show it."""
        thread = self._save_thread
        if thread is not None:
            thread.join()
            self._saved(self._save_error)

    def _show_summary(self) -> None:
        lines = self.summary.lines()
        head = 3 if self.summary.shortfalls else 2  # a pass below the standard says so beside the verdict
        s = self.session
        if (s.settings.exam and s.settings.cases is not None and len(s.attempts) < s.settings.cases
                and s.remaining == 0):
            lines.insert(0, f"Time is up: the exam's {s.settings.minutes:g} minutes ran out before its last case.")
            head += 1
        if self.store_error:   # said in the verdict, not under it in body text (qaS F13)
            lines.insert(0, "NOT STORED: the result could not be saved (why below); it is not in the progress file.")
            head += 1
        self.result.setStyleSheet(f"color: {(theme.BAD_INK if self.store_error else theme.GOLD).name()};")
        self.result.setText("\n".join(lines[:head]))
        self._fit_verdict()
        text = "\n".join(lines[head:])
        if self.store_error:
            text = "NOT STORED: " + self.store_error + "\n\n" + text
        elif self.store is not None:  # what --progress tells the head trainer, told to the trainee at once
            weak = weak_lines(self.store.trainee(self._stored_under()).get("categories"))
            if weak:
                text += "\n\nOver all your stored sessions, " + "\n".join(weak)
        self.details.setPlainText(self._stored_line() + "\n" + text)
        self.chart.set_sessions(self.store.sessions(self._stored_under()) if self.store is not None and not self.store_error
                                else [dict(self.summary.to_json(), date="now", drill=self.session.settings.label)])
        self.stack.setCurrentIndex(1)
        self.setFocus()
        self.finished.emit(self.summary)

    def _stored_line(self) -> str:
        """Whose result this is and where it went: a trainer at the desk sees whose PASSED it is (qaS F10)."""
        if self.store is None:
            return f"Not stored (--no-save): {self.trainee}'s session."
        if self.store_error:
            return f"{self.trainee}'s session is NOT STORED (below)."
        if not self.summary or not self.summary.attempts:
            return f"Nothing to store for {self.trainee}: no case was answered."
        nameless = (" (no --trainee was given: give --trainee NAME to keep your own progress apart)"
                    if self.trainee == "trainee" else "")
        under = self._stored_under()
        moved = f" (the record was renamed or merged meanwhile: stored under {under})" if under != self.trainee else ""
        return f"Stored for {under if moved else self.trainee} in {self.store.path}{moved}{nameless}."

    def _stored_under(self) -> str:
        """The stored trainee the result went to: another name when a rename or merge took the record while
        the session ran (rev26 F8: "Stored for Ana", the weak spots and the chart read from a name gone)."""
        return (self.store.stored_as if self.store is not None and self.store.stored_as else self.trainee)

    def _nothing_asked(self) -> None:
        """An exam ended before its first answer is not stored (README): said so, with no chart point.

        The window had shown a failed 40-case exam and charted it from the entry stored at its start,
        which the command then took back: the trainee and the head trainer were told the opposite of
        what the file kept (qaS F3).  The entry is taken back here, before the chart reads the file.
        """
        if self.store is not None:
            try:
                self.store.forget_exam(self.trainee)
            except ProgressError as exc:
                self.store_error = str(exc)
        s = self.session
        if self.briefing:
            verdict = "Exam not started: nothing was asked, nothing is stored."
        elif s.ran_out:
            verdict = (f"Time is up: the exam's {s.settings.minutes:g} minutes ran out before its first answer: "
                       "nothing is stored.")
        else:
            verdict = "Exam ended before its first answer: nothing is stored."
        self.result.setText(verdict)
        self._fit_verdict()
        self.details.setPlainText(f"NOT TAKEN BACK: the entry stored as the exam began still lists it as not finished "
                                  f"in the progress file: {self.store_error}" if self.store_error else "")
        self.chart.set_sessions(self.store.sessions(self.trainee) if self.store is not None and not self.store_error
                                else [])
        self.stack.setCurrentIndex(1)
        self.setFocus()
        self.finished.emit(self.summary)

    # -- keys -----------------------------------------------------------------
    def _make_room(self, explaining: bool) -> None:
        """While a wrong answer is explained the question, its keys and clock are hidden and the cards
        shrink: seven bets explained fill more lines than the feedback's share of 720 pixels."""
        for widget in (self.question, self.keys, self.clock):
            widget.setVisible(not explaining)
        self._column.setStretch(self._table_at, 2 if explaining else 5)
        self._column.setStretch(self._feedback_at, 5 if explaining else 2)

    def _show_key_line(self) -> None:
        """The keys that work now: Space to go on while feedback waits (it used to end a text that could be
        cut off) or once a void hand is cleared away, else the keys to end the session."""
        waiting = self.waiting and self.summary is None
        void = self.resyncing and self.summary is None
        self.key_line.setStyleSheet(f"color: {(theme.TEXT if waiting or void else theme.MUTED).name()};")
        self.key_line.setText(NEXT_LINE if waiting else VOID_LINE if void
                              else START_KEYS if self.briefing and self.summary is None else KEY_LINE)

    def _disarm_esc(self) -> None:
        self.second_press.other("")
        self._show_key_line()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """A key typed into the answer box (a digit, Backspace) is "any other key": it cancels a first Esc,
        which the box's own key handling never told the window about.  A character typed into it as the
        case is drawn is not taken, as a choice key is not (see :meth:`_typed_too_soon`)."""
        if watched is self.entry and event.type() == QEvent.Type.KeyPress:
            if event.key() != Qt.Key.Key_Escape and self.second_press.armed is not None:
                self.esc_timer.stop()
                self._disarm_esc()
            if self._typed_too_soon(event):
                return True
            if event.key() in BACK_KEYS and (event.key() == Qt.Key.Key_Backtab or not self.entry.text()):
                # A held Backspace, clearing a long amount, would go back answer after answer: only a press.
                if not event.isAutoRepeat():
                    self.step_back()
                return True
        return super().eventFilter(watched, event)

    def _typed_too_soon(self, event: QKeyEvent) -> bool:
        """True (and said on the key line) for a character typed into the answer box as its case was drawn.

        The box took characters at once: the digits still being typed for a case that had just timed out
        went into the next case's box, and the Enter after them answered a bet the trainee never saw (qaS F1).
        """
        text = event.text()
        if not (text.strip() and text.isprintable()) or not self.settle.too_soon():
            return False
        self.key_line.setStyleSheet(f"color: {theme.LEVEL['warning'].name()};")
        self.key_line.setText(f"{text.strip()!r} not taken: typed as this case appeared. Look, then type it again")
        return True

    def _scroll(self, key: int) -> bool:
        """Scroll the summary's mistakes, or the feedback while it waits (a wrong answer's explanation, a void
        hand's message: qaAN F3); False when nothing scrolls now."""
        step = SCROLL_KEYS.get(key)
        area: Optional[QAbstractScrollArea] = (self.details if self.summary is not None
                                               else self.feedback_area if self.waiting or self.resyncing else None)
        if step is None or area is None:
            return False
        bar = area.verticalScrollBar()
        if abs(step) == 3:
            bar.setValue(bar.maximum() if step > 0 else bar.minimum())
        else:
            bar.setValue(bar.value() + (step // abs(step)) * (bar.pageStep() if abs(step) == 2 else bar.singleStep()))
        return True

    def _too_soon(self, event: QKeyEvent) -> bool:
        """True (and said on the key line) for a key that came as the screen it acts on was drawn, or a held
        key's repeat: a double press had answered the next exam case unseen, or put away the explanation."""
        if not self.settle.too_soon(event.isAutoRepeat()):
            return False
        name = {Qt.Key.Key_Space: "Space", Qt.Key.Key_Return: "Enter", Qt.Key.Key_Enter: "Enter"}.get(
            Qt.Key(event.key()), event.text().strip().upper())
        why = "held down" if event.isAutoRepeat() else "pressed as this screen appeared"
        self.key_line.setStyleSheet(f"color: {theme.LEVEL['warning'].name()};")
        self.key_line.setText(f"{name} not taken: {why}. Look, then press it again")
        return True

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if self.saving:   # closed before the result is stored: the summary it waits for would go unseen
            event.ignore()
            return
        super().closeEvent(event)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        activate_soon(self)  # an X session with no window manager makes no window active: the keys wait for it

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        key = event.key()
        if self.saving:   # nothing to act on, and a key kept for later had closed the summary unseen
            return
        if self.help.isVisible():   # the key list is on screen: any key just puts it away
            self.help.hide()
            if self.entry.isVisible():
                self.entry.setFocus()
            return
        if key == Qt.Key.Key_F11:   # a classroom PC had no way to show the trainer full screen (qaAN F9)
            self.showNormal() if self.isFullScreen() else self.showFullScreen()
            return
        if key == Qt.Key.Key_F1:
            self.help.setGeometry(self.rect())
            self.help.raise_()
            self.help.show()
            self.setFocus()   # keys now come here, not into the answer entry under the list
            return
        quit_now = key == Qt.Key.Key_Q and bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if key == Qt.Key.Key_Escape and self.summary is None and self.entry.isVisible() and self.entry.text():
            # Esc is what a student presses to clear a mistyped amount: it cleared nothing, and the second
            # press, the text still there, ended a 40-case exam not finished (qaS F11).
            self.entry.clear()
            self.entry.setFocus()
            self.key_line.setStyleSheet(f"color: {theme.LEVEL['warning'].name()};")
            self.key_line.setText("Esc cleared the answer: type it again    " + KEY_LINE)
            return
        if key == Qt.Key.Key_Escape or quit_now:
            if self.summary is not None:
                self.close()
            elif quit_now or self.second_press.confirmed("end"):
                self._disarm_esc()
                self.end_session()
            else:
                self.key_line.setStyleSheet(f"color: {theme.LEVEL['warning'].name()};")
                self.key_line.setText(ESC_AGAIN)
                self.esc_timer.start(int(self.second_press.within * 1000))
            return
        if self.second_press.armed is not None:
            self.esc_timer.stop()
            self._disarm_esc()
        if self._scroll(key):
            return
        if self.briefing and key in GO_ON:
            if not self._too_soon(event):
                self._start_exam()
            return
        if self.waiting and key in GO_ON:
            if not self._too_soon(event):
                self.next_case()
            return
        if self.resyncing and key in GO_ON:
            if self._too_soon(event):
                return
            self.resyncing = False
            self.session.ready()
            self.next_case()
            return
        if self.resyncing and event.text().strip():  # a late answer typed by mistake: said, not swallowed
            self.keys.setText(f"{event.text().strip()!r} is not taken now: no case is asked while a void hand is "
                              "cleared away; clear the table, then press Space or Enter")
            return
        if key in BACK_KEYS and self.question_now is not None and (
                key == Qt.Key.Key_Backtab or not self.entry.isVisible() or not self.entry.text()):
            if not event.isAutoRepeat():   # a choice asked (the Winner), its box hidden: back to the total
                self.step_back()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.entry.isVisible():
            if self._too_soon(event):
                return
            if not self.entry.text().strip():   # said on the key line: the time-up note above stays (qaS F1)
                self.key_line.setStyleSheet(f"color: {theme.LEVEL['warning'].name()};")
                self.key_line.setText("Enter not taken: the answer box is empty; type the answer, then Enter")
                return
            if not self.answer(self.entry.text()):
                self.entry.selectAll()  # the next answer is typed over it, not after it ("abc8")
            return
        q = self.question_now
        if q is not None and q.kind == "choice" and event.text().strip():
            if not self._too_soon(event):
                self.answer(event.text())
            return
        if self.entry.isVisible() and event.text().strip() and event.text().isprintable():
            if self._typed_too_soon(event):
                return
            self.entry.setFocus()   # the box had lost the cursor (a click): the digit goes where it was meant
            self.entry.insert(event.text())
            return
        super().keyPressEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802 (Qt's name), A002
        """No Tab focus chain: Tab took the cursor out of the answer box, and the digits typed next went
        nowhere while an exam's clock ran (qaP L10)."""
        return False
