"""The croupier's blackjack window: draws each snapshot of a BlackjackSession and sends it commands.

Layout (top to bottom): the banner (``DEALER DRAWS (16)``, ``SEAT 2: HIT /
STAND / DOUBLE``); alerts; the table (dealer above, seats below) beside
the settlement and deck panels; the action buttons and the chips; the card
field.  Every size follows one unit taken from the window height.  The
session's snapshots arrive through the :class:`SnapshotBridge` (queued to
the GUI thread), so a card source's thread never touches a widget.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Callable, Optional

from PySide6.QtCore import QRect, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QMainWindow, QVBoxLayout, QWidget

from dealer_assist.blackjack.demo import demo_call
from dealer_assist.cards import InvalidCardError, parse_card
from dealer_assist.money import fmt
from dealer_assist.table.blackjack_state import LIMITS_IN_A_ROUND, BlackjackPhase, describe_void
from dealer_assist.table.chips import MOST_CHIPS, no_chip_text
from dealer_assist.ui import auto_play, camera_view, replay_control, theme
from dealer_assist.ui.activation import activate_soon
from dealer_assist.ui.alerts import AlertsPanel
from dealer_assist.ui.blackjack.panels import (ActionBar, BlackjackBanner, CardField, ChipBar, DeckPanel,
                                               SettlementPanel, rich_text_height)
from dealer_assist.ui.blackjack.table_view import BlackjackTableView
from dealer_assist.ui.bridge import SnapshotBridge
from dealer_assist.ui.help import HelpOverlay
from dealer_assist.ui.keys import paused_reason, replay_ended
from dealer_assist.ui.limits import LimitsDialog
from dealer_assist.ui.loud_refusal import DEAL_REFUSED, LoudRefusal
from dealer_assist.ui.row_room import StepsDown
from dealer_assist.ui.second_press import SecondPress
from dealer_assist.ui.supervisor import SupervisorDialog
from dealer_assist.ui.typed_cards import TypedCardCursor, due_card, first_step

#: (keys, command, what it does): the menu, the shortcuts and the help come from this one table.
KEYS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("H",), "hit", "hit: one more card to the active hand"),
    (("S",), "stand", "stand: the active hand takes no more cards"),
    (("D",), "double", "double: stake doubled, exactly one more card"),
    (("P",), "split", "split a pair into two hands"),
    (("Space",), "deal", "deal: lock the bets (at baccarat Space adds a chip and D deals)"),
    (("Left",), "seat_left", "betting: move the seat cursor left"),
    (("Right",), "seat_right", "betting: move the seat cursor right"),
    (("+", "="), "place_at_cursor", "add the chosen chip to the seat at the cursor (mouse: click a seat)"),
    (("-",), "remove_at_cursor", "take the chosen chip off the seat at the cursor (mouse: Shift-click)"),
    (("Backspace",), "void", "void the last deal, card or decision (supervisor PIN when configured; "
                            "else, in a settled round, press twice; in the empty card field too, not the "
                            "press right after the one that emptied it)"),
    (("N",), "next_round", "next round"),
    (("R",), "rebet", "repeat the last round's bets"),
    (("X",), "clear", "clear the bets (press twice: no undo brings them back)"),
    (("O",), "cut_card", "cut card out, no reader reporting it (twice; twice again takes it back): the deck "
                         "ends with this round"),
    (("B",), "skip_burn", "burn done unrecorded (a table with burn_cards)"),
    (("C",), "deck_check", "open the deck check (count the deck back)"),
    (("T",), "return_stub", "deck check: count the undealt stub back (in the card field: Esc first)"),
    (("Shift+Backspace",), "void_return", "deck check: take back the last card counted; again, the one "
                                             "before; a card typed in the card field first (8S): one count "
                                             "of that card"),
    (("Shift+C",), "resume", "deck check: close it and go on with the same deck (in the card field: Esc first)"),
    (("Ctrl+N",), "new_deck", "new deck (only once the old one is reconciled)"),
    (("K",), "focus_entry", "type a card, then Enter; K then a suit is a king (K D: the king of diamonds, "
                            "not a double); at a table of typed cards the field takes the cursor while a card is due"),
    (("Return", "Enter"), "confirm", "send the typed card / confirm the unsure card"),
    (("Delete",), "reject", "reject the unsure card"),
    (("Ctrl+T",), "take_shoe", "after ANOTHER SHOE: take the shoe the reader reads now as this table's (its "
                               "cards play again, no restart)"),
    (("Escape",), "dismiss", "dismiss the top alert, the most serious (in the card field: clear it; "
                               "in the empty field: leave it, or, a typed card due, dismiss)"),
    (("F9",), "supervisor", "supervisor (PIN): accept a refused card, or a new deck with cards missing"),
    (("L",), "change_limits", "change the seat limits (a supervisor PIN if configured)"),
    (("PgDown",), "page_down", "scroll the pay list down a page (seven seats split make more lines than fit)"),
    (("PgUp",), "page_up", "scroll the pay list up a page"),
    (("A",), "toggle_auto", "demo: auto-play the players' calls on/off (simulated shoe only)"),
    (("W",), "toggle_camera_view", "camera view on/off: what the table's camera sees, each card read outlined"),
    (("F1",), "toggle_help", "this help: every key"),
    (("Ctrl+Q",), "close", "quit"),
)

#: Keys that void at the baccarat table (V a card, Shift+V the round): a croupier of a mixed pit presses them here.
BACCARAT_VOIDS = ("V", "Shift+V")
#: Help rows that stand for two keys (a row fewer: the list fits the least window with B, qaAC F4's burn).
HELP_ROWS = {"page_down": ("PgDown / PgUp", "scroll the pay list a page down / up (seven seats split make more "
                                           "lines than fit)")}

#: Seconds between the cards of a simulated shoe or a replay in turbo mode.
TURBO_INTERVAL = 0.05
#: Fewer cards than this left in the deck, and auto-play checks it rather than deal from it.
AUTO_LEAST_CARDS = 15
#: A portrait window's share of its height for the table (the rest for the pay list and deck under it), and
#: the width share its unit is reckoned at (see :meth:`BlackjackWindow.resizeEvent`).
PORTRAIT_TABLE_SHARE = 55
PORTRAIT_WIDTH_SHARE = 0.72
#: The keys of a replay window that differ: T is the baccarat replay's turbo key, since the record counts the stub.
#: Space (deal at a live table) pauses and resumes a replay, Right steps a paused one.
REPLAY_KEYS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("Space",), "toggle_pause", "replay: pause / resume"),
    (("Right",), "step_replay", "replay, while paused: play the next recorded operation (one card, bet or decision)"),
    (("T",), "toggle_turbo", "replay: fast / normal pace (turbo)"),
)
#: The commands a replay runs: they change the view, never the table (which follows the journal).
VIEW_COMMANDS = frozenset({"toggle_pause", "step_replay", "toggle_turbo", "toggle_help", "dismiss", "close",
                           "page_down", "page_up", "toggle_camera_view"})
#: How a refusal names the commands that have no key of their own.
UNKEYED = {"place": "a bet (click on a seat)", "remove": "taking a chip off (Shift-click)", "chip": "choosing a chip",
           "no_chip": "choosing a chip", "baccarat_void": "baccarat's void key",
           "void_return": "void counted", "resume": "same deck"}


class BlackjackWindow(QMainWindow, StepsDown):
    """One blackjack table's display; ``source`` is the running card source (``None``: cards are typed in)."""

    closed = Signal()

    def __init__(self, session: Any, source: Any = None, title: str = "dealer-assist", *,
                 auto: bool = False, auto_pause: float = 1.2) -> None:
        super().__init__()
        self.session = session
        self.source = source
        self.replay = replay = session.read_only  # a replay's session (SessionCore.follow_record)
        self.turbo = False
        self.pace = getattr(source, "interval", None)
        self.setWindowTitle(f"{title}: blackjack" + (" replay" if replay else ""))
        self.unit = 0
        #: The unit the window's size and the text scale give, and the least the rows' room may take it down
        #: to: the window's own, without the scale (see :meth:`_make_room`).
        self._window_unit = self._least_unit = 0
        self.second_press = SecondPress()
        self.setMinimumSize(*theme.LEAST_WINDOW)
        self.last_error: Optional[str] = None
        self.auto = auto and auto_play.allowed(source)
        self.auto_pause = auto_pause
        self.limits_dialog: Optional[LimitsDialog] = None
        self.supervisor_dialog: Optional[SupervisorDialog] = None
        rules = session.state.rules

        self.banner = BlackjackBanner()
        self.refusal = LoudRefusal(self.banner)
        self.alerts = AlertsPanel(session)
        self.table = BlackjackTableView()
        self.table.seat_clicked.connect(self.seat_clicked)
        self.settlement = SettlementPanel()
        self.deck = DeckPanel(self.run)
        self.actions = ActionBar(self.run)
        self.chips = ChipBar(rules.chips, self.choose_chip)
        self.entry = CardField(session)
        self._build_layout()
        self._build_actions()
        self.help = HelpOverlay(self.centralWidget(), lines=self.help_lines())
        self.camera_view: Optional[camera_view.CameraViewPanel] = None
        if replay:
            self.help.title = "REPLAY: THE TABLE FOLLOWS THE JOURNAL; THESE KEYS WORK  (any key closes)"

        self._auto_timer = QTimer(self)
        self._auto_timer.setSingleShot(True)
        self._auto_timer.timeout.connect(self._auto_step)

        # The rows' room is weighed once the layout has placed them (see row_room).
        self._room_timer = QTimer(self, singleShot=True, interval=0)
        self._room_timer.timeout.connect(self._make_room)

        #: At a table whose cards are all typed, the card field keeps the cursor while a card is due (qaQ F4).
        self.card_cursor = (TypedCardCursor(self, self.entry, due_card(session, lambda s: (s.deck_no, s.round_no,
                                                                                              len(s.ledger.dealt))),
                                            bets=lambda: session.state.bets, keep_view=self._keep_view,
                                            first=self._first_step,
                                            refusal=self.refusal)
                            if source is None and not replay else None)

        self.bridge = SnapshotBridge(session, self)
        self.bridge.snapshot.connect(self.render)
        self.rendered = None
        self.render(session.snapshot)
        self.resize(1280, 720)
        self.replay_status = replay_control.WrappedLine()
        self.auto_marker = QLabel(auto_play.MARKER)
        self.auto_marker.setStyleSheet(f"color: {theme.GOLD.name()};")
        if not replay:
            self.statusBar().addPermanentWidget(self.auto_marker)
        self.auto_marker.setVisible(self.auto)
        if replay:
            # Wrapped over the bar's whole width: the round's times and corrections ran off the right edge (qaAM F6).
            self.statusBar().addPermanentWidget(self.replay_status, 1)
            self._show_replay_status()
            for bar in (self.actions, self.chips):
                bar.hide()  # nothing to press: the replay deals, decides and pays by itself
            self.entry.follow_record()

    # -- construction -------------------------------------------------------
    def _build_layout(self) -> None:
        central = QWidget()
        central.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        v = QVBoxLayout(central)
        v.setContentsMargins(6, 4, 6, 4)
        v.setSpacing(4)
        v.addWidget(self.banner)
        v.addWidget(self.alerts)
        self.mid = mid = QHBoxLayout()
        mid.addWidget(self.table, 72)
        self.side = side = QVBoxLayout()
        # The pay list has the room the deck panel's lines leave: with two fifths of the side held for the deck's
        # two lines, seven plain payments did not fit a 1920x1080 screen (qaW F1).
        side.addWidget(self.settlement, 1)
        side.addWidget(self.deck, 0)
        mid.addLayout(side, 28)
        v.addLayout(mid, 1)
        self.bottom = bottom = QHBoxLayout()
        bottom.addWidget(self.actions, 3)
        bottom.addWidget(self.chips, 0)
        v.addLayout(bottom)
        v.addWidget(self.entry)
        self.setCentralWidget(central)
        central.setFocus()

    def _build_actions(self) -> None:
        """The Table and Chips menus, one item per command with its keys; a replay greys out those it
        refuses (:meth:`_refused`)."""
        menu = self.menuBar().addMenu("Table")
        self.actions_by_name: dict[str, QAction] = {}
        rows = KEYS
        if self.replay:
            taken = {k for keys, _, _ in REPLAY_KEYS for k in keys}
            rows = tuple((tuple(k for k in keys if k not in taken), name, text) for keys, name, text in KEYS)
            rows += REPLAY_KEYS
        for keys, name, text in rows:
            demo_only = auto_play.greyed(name, self.replay, self.source)
            self.actions_by_name[name] = act = replay_control.menu_command(
                self, menu, text, keys, lambda n=name: self.run(n), refused=self._refused(name) or demo_only)
            if demo_only:
                auto_play.explain(act)
        chips = self.menuBar().addMenu("Chips")
        for i, value in enumerate(self.session.state.rules.chips[:9]):
            replay_control.menu_command(self, chips, f"chip {value}", (str(i + 1),),
                                        lambda v=value: self.run("chip", v), refused=self._refused("chip"))
        for key in range(len(self.session.state.rules.chips) + 1, MOST_CHIPS + 1):
            none = QAction(self)  # not in the menu: a key with no chip behind it only says so
            none.setShortcut(QKeySequence(str(key)))
            none.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            none.triggered.connect(lambda _=False, k=key: self.run("no_chip", k))
            self.addAction(none)
        for key in BACCARAT_VOIDS:  # baccarat's void keys say which key voids here (qaAF F4: they did nothing)
            other = QAction(self)
            other.setShortcut(QKeySequence(key))
            other.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            other.triggered.connect(lambda _=False, k=key: self.run("baccarat_void", k))
            self.addAction(other)

    def _refused(self, name: str) -> bool:
        """Whether this window refuses the command ``name``.

        The one gate of a replay: its table follows the journal, so only the :data:`VIEW_COMMANDS` run;
        the menus grey out the others and :meth:`run` refuses them, saying why."""
        return self.replay and name not in VIEW_COMMANDS

    def help_lines(self) -> list[tuple[str, str, str]]:
        """(group, keys, what) for the F1 help: a replay lists only the keys it runs, its own first."""
        if not self.replay:
            rules = self.session.state.rules
            chips = rules.chips[:9]
            return [("Table", *HELP_ROWS.get(name, (" / ".join(keys), text))) for keys, name, text in KEYS
                    if name != "page_up" and (name != "skip_burn" or rules.burn_cards)] + [  # B where it burns
                ("Chips", f"1-{len(chips)}", "choose a chip: " + " ".join(fmt(c) for c in chips))]
        taken = {k for keys, _, _ in REPLAY_KEYS for k in keys}
        rows = [("Replay", " / ".join(keys), text) for keys, _, text in REPLAY_KEYS]
        return rows + [("View", " / ".join(k for k in keys if k not in taken), text) for keys, name, text in KEYS
                       if name in VIEW_COMMANDS]

    # -- drawing --------------------------------------------------------------
    def render(self, snap: Any) -> None:
        """Show one snapshot: every panel draws its part."""
        last, self.rendered = self.rendered, snap
        self._deck_check_over()
        side = self._side_lines()
        for panel in (self.banner, self.alerts, self.table, self.settlement, self.deck, self.actions, self.chips,
                      self.entry):
            panel.show_snapshot(snap)
        self.refusal.show(snap)
        camera_view.keep_placed(self.camera_view)  # alerts come and go above it
        if snap.state.phase == BlackjackPhase.DECK_CHECK:
            QTimer.singleShot(0, self._fit_deck_lines)
        # The confirm buttons of a read waiting come and go beside the message, its width with them; the side
        # column's wrapped lines (the pay list's totals, the deck's lines) are held at their height (_room_rows).
        if last is None or (snap.message, snap.alerts, snap.pending) != (last.message, last.alerts, last.pending) \
                or side != self._side_lines():
            self._weigh_soon()
        if self.replay:
            ended = replay_ended(snap, self.source)
            if getattr(self.source, "paused", False) or ended:
                self.banner.reason.setText(paused_reason(snap.reason, ended))
            self._show_replay_status()
        self._schedule_auto()
        self._follow_cards()

    def _first_step(self, meant) -> str:
        """What the croupier does before a card can be typed (see :func:`first_step`)."""
        return first_step(self.session.snapshot, self.session.state.phase == BlackjackPhase.BETTING, "Space", meant)

    def _keep_view(self):
        """What a key typed as a card's rank changes at the table (the chip), and what puts it back
        (see :class:`TypedCardCursor`)."""
        chip = self.session.snapshot.chip

        def put_back() -> None:
            if self.session.snapshot.chip != chip:
                self.session.select_chip(chip)

        return put_back

    def _follow_cards(self) -> None:
        if self.card_cursor is not None:
            self.card_cursor.follow()

    def _deck_check_over(self) -> None:
        """Once the deck check has ended (a new deck, the same deck, a supervisor's override), the card field,
        home while the deck was counted back, gives the cursor back to the table (QA: after Ctrl+N, 2 Right +
        Space typed "2+ " into the field, and no bet was placed).  Asked after each command and each
        snapshot drawn: snapshots come queued and collapse, so the deck check may never have been drawn.
        The window's focus widget, not the focus: a supervisor's dialog has it while it is open, and gives
        it back to the field when it closes."""
        if not self.entry.kept_for_count or self.entry.counting():
            return
        self.entry.kept_for_count = False
        if self.focusWidget() is self.entry.field:
            self.centralWidget().setFocus()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        activate_soon(self)  # an X session with no window manager makes no window active: the keys wait for it

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        self._auto_timer.stop()
        super().closeEvent(event)
        self.closed.emit()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        # A portrait screen puts the pay list and the deck side by side under the table: beside it, the
        # seats were a fifth of a narrow width and the dealer's cards ran out of their box.
        portrait = theme.portrait(self.width(), self.height())
        down, across = QBoxLayout.Direction.TopToBottom, QBoxLayout.Direction.LeftToRight
        if self.mid.direction() != (down if portrait else across):
            self.mid.setDirection(down if portrait else across)
            self.side.setDirection(across if portrait else down)
            # Portrait (qaAH F1): the seats as tall as their cards need, not 900 px of empty felt; the deck's
            # lines a column wide enough to read, not one word a line; the chips under the action buttons.
            self.mid.setStretch(0, PORTRAIT_TABLE_SHARE if portrait else 72)
            self.mid.setStretch(1, 100 - PORTRAIT_TABLE_SHARE if portrait else 28)
            self.side.setStretch(1, 2 if portrait else 0)
            self.side.setStretch(0, 3 if portrait else 1)
            self.bottom.setDirection(down if portrait else across)
        # A portrait window's rows each have the whole width (the chips under the buttons): its text is as large
        # as a landscape window's of that width share, as baccarat's (the unit by the width, 13 px, was the
        # least window's at 1080x1920).
        width = int(self.width() / (PORTRAIT_WIDTH_SHARE if portrait else 1))
        unit = theme.unit_for_size(width, self.height())
        self._least_unit = min(unit, theme.unit_for_size(width, self.height(), scale=1.0))
        if unit != self._window_unit:
            self._window_unit = unit
            self._set_unit(unit)
        self.help.setGeometry(self.centralWidget().rect())
        self._weigh_soon()
        camera_view.keep_placed(self.camera_view)
        QTimer.singleShot(0, self._fit_deck_lines)

    def _fit_deck_lines(self) -> None:
        """The deck check's lines given the side column's height less the pay list's least and the deck panel's
        other rows: its card lists are shortened to fit (see :meth:`DeckPanel.fit_lines`)."""
        if self.mid.direction() != QBoxLayout.Direction.LeftToRight:
            self.deck.lines_room = None  # portrait: the deck panel has its own column, its lines their height
            self.deck.fit_lines()
            return
        column = self.deck.geometry().bottom() - self.settlement.geometry().top()
        others = self.deck.rows_but_lines()
        room = column - self.settlement.minimumSizeHint().height() - self.side.spacing() - others
        self.deck.fit_lines(max(room, 0))

    def _set_unit(self, unit: int) -> None:
        """Every size of the window from ``unit`` (see :mod:`dealer_assist.ui.theme`)."""
        if unit == self.unit:
            return
        self.unit = unit
        for w in (self.banner, self.alerts, self.settlement, self.deck, self.actions, self.chips, self.entry):
            w.set_unit(unit)
        self.statusBar().setFont(theme.font(unit * 0.9, bold=True))
        self.menuBar().setFont(theme.font(unit * 0.85))  # as the baccarat window's: 9 px at 4K otherwise
        self.help.unit = unit
        if self.rendered is not None:
            self.alerts.show_snapshot(self.rendered)
        if self.camera_view is not None:
            self.camera_view.set_unit(unit)

    def _room_rows(self) -> tuple:
        # The side column's wrapped lines counted too (qaAH F16: at 1366x768, --text-scale 1.25 and three alerts,
        # the pay list's totals were given three lines of their four, "limits 5.00 to 500.00" cut through): its
        # least height then steps the larger text back, as the rows under the table do.
        return self.table, self.entry, self.alerts, self.banner, self.settlement, self.deck

    def _side_lines(self) -> tuple:
        """What the side column's wrapped lines need: weighed again when it changes.  The totals, the deck's count
        and its few rich-text lines by the height their words need at their width (not at each new figure in them,
        which would set the text back to full size at each chip placed or card dealt, and at each card counted
        back at the deck check (rev30 R3); not heightForWidth, at least the height held)."""
        def need(label) -> int:
            return label.fontMetrics().boundingRect(QRect(0, 0, max(1, label.width()), 0), Qt.TextFlag.TextWordWrap,
                                                    label.text()).height() if label.text() else 0

        return need(self.settlement.totals), need(self.deck.status), rich_text_height(self.deck.lines)

    # -- commands ---------------------------------------------------------------
    def run(self, name: str, *args: Any) -> Optional[str]:
        """Run one command by name (a key, a button, a menu item, a click); returns the refusal, if any
        (see :meth:`_run_command`).  After it, a card due at a table of typed cards has the cursor again."""
        try:
            return self._run_command(name, *args)
        finally:
            self._follow_cards()

    def _run_command(self, name: str, *args: Any) -> Optional[str]:
        """Run one command by name (a key, a button, a menu item, a click); returns the refusal, if any.

        Every command of the window comes through here, so this is where a replay refuses, once, all
        but the :data:`VIEW_COMMANDS`: its table follows the journal, and a key pressed there must not
        make it differ from the record."""
        if self.help.isVisible() and name not in ("toggle_help", "dismiss"):
            self.help.hide()  # any key closes the help, and does nothing else: the table was out of sight
            return None
        self.second_press.other(name)
        if self._refused(name):
            self.last_error = self.session.refuse_in_replay(self._describe(name))
            return self.last_error
        s = self.session
        asked = self._second_press_asked(name)
        if asked is not None:
            self.last_error = s.say(asked)
            return self.last_error
        simple = {"hit": s.hit, "stand": s.stand, "double": s.double, "split": s.split, "deal": s.deal,
                  "void": self.void_last, "next_round": s.next_round, "rebet": s.rebet, "clear": s.clear,
                  "deck_check": s.start_deck_check, "return_stub": s.return_stub, "void_return": self._void_return,
                  "resume": s.resume_play, "take_shoe": s.take_shoe, "cut_card": self._cut_card,
                  "skip_burn": s.skip_burn}
        if name in simple:
            betting = s.state.phase == BlackjackPhase.BETTING
            error = simple[name]()
            if name == "deal" and betting:  # in the banner, not only the small line (qaAW F3); once dealt, the
                self.refusal.say(DEAL_REFUSED, error)  # banner stays on the card due (rev41 F6)
        elif name == "new_deck":
            error = s.new_deck()
            if error is None:
                self._restart_source()
        elif name == "supervisor":
            error = self.supervisor()
        elif name == "change_limits":
            error = self.change_limits()
        elif name == "focus_entry":
            self.entry.take_cursor()
            error = None
        elif name == "confirm":  # Enter is a window shortcut, so it also sends what the card field holds
            if self.entry.field.text().strip() or s.snapshot.pending is not None:
                error = self.entry.submit()
            else:
                error = None
        elif name == "reject":
            s.reject_pending()
            error = None
        elif name == "dismiss":
            field = self.entry.field
            if self.help.isVisible() and not field.text():
                self.help.hide()  # what Esc closes first: it hides the table
            elif field.hasFocus() and self.card_cursor is not None and self.card_cursor.dismisses_on_esc():
                self.alerts.dismiss_newest()  # a card due at a table of typed cards: the cursor stays for it
            elif field.hasFocus():  # Esc in the card field clears it; in the field left empty, leaves it
                # Counting a deck back the field is home, so a card typed wrong is cleared and the cursor
                # stays; Esc in the empty field gives the table its keys back (QA: T, the stub, was typed
                # in as a "t", and only Tab, named nowhere, left the field).
                # A card due at a table of typed cards: the field keeps the cursor for it too (qaAW F2).
                leave = (not field.text() or not self.entry.counting()) and not (
                    self.card_cursor is not None and self.card_cursor.keeps_on_esc())
                field.clear()
                if leave:
                    self.centralWidget().setFocus()
                    if self.card_cursor is not None:
                        self.card_cursor.let_go()  # the table's keys, until another card is due
            elif self.help.isVisible():
                self.help.hide()
            else:
                self.alerts.dismiss_newest()
            error = None
        elif name in ("page_down", "page_up"):
            self.settlement.scroll_page(1 if name == "page_down" else -1)
            error = None
        elif name == "toggle_camera_view":
            self.camera_view, refused = camera_view.toggled(self.camera_view, self.centralWidget(), self.source,
                                                            self.settlement, self.unit, floor=self.deck,
                                                            wide=self.table)
            error = s.say(refused) if refused else None
        elif name == "toggle_help":
            self.help.setGeometry(self.centralWidget().rect())
            self.help.setVisible(not self.help.isVisible())
            self.help.raise_()
            error = None
        elif name == "toggle_pause":
            error = self.toggle_pause()
        elif name == "step_replay":
            error = self.step_replay()
        elif name == "toggle_auto":
            error = self.toggle_auto()
        elif name == "toggle_turbo":
            error = self.toggle_turbo()
        elif name in ("place", "remove"):
            error = s.place(*args) if name == "place" else s.remove(*args)
        elif name in ("seat_left", "seat_right"):
            seats = s.state.rules.seats
            self.table.cursor = min(max(self.table.cursor + (1 if name == "seat_right" else -1), 1), seats)
            self.table.update()
            error = None
        elif name in ("place_at_cursor", "remove_at_cursor"):
            seat = min(self.table.cursor, s.state.rules.seats)
            error = s.place(seat) if name == "place_at_cursor" else s.remove(seat)
        elif name == "chip":
            error = s.select_chip(*args)
        elif name == "no_chip":
            error = s.say(no_chip_text(args[0], len(s.state.rules.chips)))
        elif name == "baccarat_void":
            error = s.say(f"{args[0]} voids at the baccarat table; here Backspace voids the last deal, card or "
                          "decision (F1 lists every key)")
        elif name == "close":
            self.close()
            error = None
        else:
            error = f"unknown command {name!r}"
        self._deck_check_over()
        self.last_error = error
        return error

    @staticmethod
    def _describe(name: str) -> str:
        """A command as a refusal names it: its key and what it does."""
        for keys, command, text in KEYS:
            if command == name:
                return f"{' / '.join(keys)} ({text.split(' (')[0]})"
        return UNKEYED.get(name, name)

    def choose_chip(self, value: Decimal) -> Optional[str]:
        return self.run("chip", value)

    def seat_clicked(self, seat: int, remove: bool) -> Optional[str]:
        return self.run("remove" if remove else "place", seat)

    def supervisor(self) -> Optional[str]:
        """What needs a supervisor now: the card refused as dealt twice, else a new deck with the check failing.

        One :class:`SupervisorDialog` (name, hidden PIN, reason), as for a void:
        it stays open on a refusal (wrong PIN, lockout) and Cancel changes nothing.
        """
        snap = self.session.snapshot
        if snap.duplicate is not None:
            card = snap.duplicate

            def accept(name: str, pin: str, why: str) -> Optional[str]:
                waiting = self.session.snapshot.duplicate
                if waiting != card:  # the supervisor signs for the card named, not for whatever waits now
                    now = f"now {waiting.label}" if waiting is not None else "no longer waiting"
                    return self._supervised(f"the refused card is {now}, not {card.label}: close this and press "
                                            "F9 again if that is meant")
                return self._supervised(self.session.accept_refused(name, pin, why))

            decks, dealt = snap.state.ledger.decks, snap.state.ledger.dealt.count(card)
            return self._open_supervisor(f"accept {card.label} a second time from this deck" if decks == 1 else
                                         f"accept {card.label} once more than the {decks} decks hold "
                                         f"({dealt} dealt already)", accept)
        if snap.state.phase == BlackjackPhase.DECK_CHECK and not snap.state.reconciliation().ok:
            def new_deck(name: str, pin: str, why: str) -> Optional[str]:
                error = self._supervised(self.session.new_deck(name, pin, why))
                if error is None:
                    self._restart_source()
                return error

            return self._open_supervisor("put a new deck in with cards missing or seen twice", new_deck)
        message = "nothing needs a supervisor now (a refused card or a failed deck check does)"
        self.statusBar().showMessage(message, 5000)
        return message

    def _open_supervisor(self, action: str, submit: Callable[[str, str, str], Optional[str]]) -> None:
        self.supervisor_dialog = SupervisorDialog(action, submit, self.unit or 16, self,
                                                  ask_pin=self.session.needs_supervisor)
        self.supervisor_dialog.open()

    def _supervised(self, error: Optional[str]) -> Optional[str]:
        self.last_error = error
        return error

    def _void_return(self) -> Optional[str]:
        """Shift+Backspace: the last card counted; with a whole card typed in the field (rank and suit), one count
        of that card, however many were counted after it (qaAO F4), and the field is cleared for the next card.
        A code half typed ("9") stays in the field, the last card taken back, as before."""
        field = self.entry.field
        typed = self.entry.without_the_key(field.text().strip()) if self.entry.counting() else ""  # "K8S": K, 8S
        try:
            parse_card(typed, require_suit=True)
        except InvalidCardError:
            return self.session.void_return()
        error = self.session.void_return(typed)
        if error is None:
            field.clear()
        else:
            field.selectAll()  # kept, to be typed again
        return error

    def _cut_card(self) -> Optional[str]:
        """O: records the cut card, or (its second press asked) takes back one O recorded by mistake (qaZ F9)."""
        s = self.session
        if s.state.cut_out and s.cut_takeback_refusal() is None:
            return s.take_back_cut()
        return s.cut_card()

    def _second_press_asked(self, name: str) -> Optional[str]:
        """What to say when ``name`` would wipe what the table shows and was pressed once (else None):
        X with bets on the table (no undo brings them back), O (the deck ends), a settled round's void without a roster
        (its settlement goes too; with one, the supervisor's dialog asks)."""
        state = self.session.state
        # Only while the bets are open: once dealt, the first X promised what the second refused (qaM L3).
        if (name == "clear" and state.bets and state.phase == BlackjackPhase.BETTING
                and not self.second_press.confirmed(name)):
            return "press X again to clear every seat's bets (nothing brings them back)"
        if (name == "cut_card" and not state.cut_out and state.phase != BlackjackPhase.DECK_CHECK
                and not self.second_press.confirmed(name)):
            return ("cut card out: press O again to record it (this deck ends with "
                    + ("this round)" if state.phase == BlackjackPhase.PLAYING else "no other round)"))
        if (name == "cut_card" and state.cut_out and self.session.cut_takeback_refusal() is None
                and not self.second_press.confirmed(name)):
            return "the cut card is out (recorded with O): press O again to take it back, if it was recorded by mistake"
        if (name == "deal" and state.phase == BlackjackPhase.BETTING and state.burn_left and state.bets
                and not self.second_press.confirmed(name)):  # qaAF F8: the house's burn went without a word
            return (f"BURN {state.burn_left} still due: burn the card{'s' if state.burn_left > 1 else ''} (the shoe "
                    "reads it, or K and type it), or B if burned unrecorded; press Space again to deal without it")
        if (name == "void" and state.phase == BlackjackPhase.SETTLED and not self.session.needs_supervisor
                and not self.second_press.confirmed(name)):
            return "the round is settled: press Backspace again to take back its last card or decision and the settlement"
        return None

    def void_last(self) -> Optional[str]:
        """Void the last deal, card or decision; with a roster, a supervisor's name, PIN and reason first
        (the baccarat table's dialog, naming what is voided).  Nothing to void is refused at once."""
        what = self.session.void_preview()
        if what is None or not self.session.needs_supervisor:
            return self.session.void_last(why="voided by the croupier (Backspace)")

        def submit(name: str, pin: str, why: str) -> Optional[str]:
            error = self.session.void_last(name, pin, why, expected=what)
            self.last_error = error
            return error

        self.supervisor_dialog = SupervisorDialog(f"void {describe_void(what)}", submit, self.unit or 16, self)
        self.supervisor_dialog.open()
        return None

    def change_limits(self) -> Optional[str]:
        """The limits dialog (the baccarat table's, with one row: the seat's minimum and maximum); refused at once
        while a round is played, not once the dialog is filled in."""
        if self.session.state.phase == BlackjackPhase.PLAYING:
            return self.session.say(LIMITS_IN_A_ROUND)
        rules = self.session.state.rules

        def submit(values: dict, name: str, pin: str, why: str) -> Optional[str]:
            error = self.session.set_limits(values["min"]["seat"], values["max"]["seat"], name, pin, why)
            self.last_error = error
            return error

        self.limits_dialog = LimitsDialog([("seat", "Seat", rules.min_bet, rules.max_bet)], None, submit,
                                          self.unit or 16, self, ask_pin=self.session.needs_supervisor)
        self.limits_dialog.open()
        return None

    def toggle_turbo(self) -> Optional[str]:
        """A replay: the recorded shoe at a card every ``TURBO_INTERVAL`` seconds, or back at its own pace."""
        if self.source is None or self.pace is None:
            return "no card source to speed up: turbo is for a replay"
        self.turbo = not self.turbo
        self.source.interval = TURBO_INTERVAL if self.turbo else self.pace
        self._show_replay_status()
        return None

    def toggle_pause(self) -> Optional[str]:
        """A replay: stop it where it is (PAUSED), or let it go on at its pace."""
        refused = replay_control.toggle_pause(self.source, self.replay, self._replay_note)
        if refused is None:
            self._show_replay_status()
        return refused

    def step_replay(self) -> Optional[str]:
        """A paused replay: play the next recorded operation, and only that one."""
        return replay_control.step(self.source, self.replay, self._replay_note)

    def _replay_note(self, text: str) -> None:
        self.statusBar().showMessage(text, 5000)

    def _show_replay_status(self) -> None:
        if self.source is None or not hasattr(self, "replay_status"):
            return
        ops = len(getattr(self.source, "ops", ()))
        name = getattr(getattr(self.source, "path", None), "name", "the journal")
        note = replay_control.break_note(self.source)
        name += f" ({note})" if note else ""
        state = getattr(self.rendered, "state", None)
        when = "" if state is None else replay_control.round_played(self.source, state.deck_no, state.round_no)
        name += f", deck {state.deck_no} round {state.round_no} {when}" if when else ""
        played = getattr(self.source, "played", 0)
        if getattr(self.source, "paused", False):
            self.replay_status.setText(f"REPLAY PAUSED at {played} of {ops} operations of {name}   "
                                       "Space: resume   Right: next operation   F1: keys   Ctrl+Q: leave ")
            self.replay_status.setStyleSheet(f"color: {theme.GOLD.name()};")
            self.replay_status.setToolTip(self.replay_status.text())  # a long journal name clips the line
            return
        pace = "fast (turbo)" if self.turbo else f"a card every {self.pace:g} s"
        self.replay_status.setText(f"REPLAY (read-only) of {name}, {played} of {ops} operations, {pace}   "
                                   "Space: pause   T: fast / normal pace   F1: keys   Esc: dismiss   Ctrl+Q: leave ")
        self.replay_status.setStyleSheet(f"color: {theme.GOLD.name()};" if note else "")
        self.replay_status.setToolTip(self.replay_status.text())

    def _restart_source(self) -> None:
        """A simulated shoe gets the new deck too (a real shoe is reloaded by the croupier)."""
        if self.source is not None and hasattr(self.source, "new_shoe"):
            self.source.new_shoe()

    # -- demo auto-play: the players' calls made by a simple rule, so the table runs by itself --------
    def toggle_auto(self) -> Optional[str]:
        """A: auto-play on or off, at a simulated shoe only (:mod:`dealer_assist.ui.auto_play`)."""
        refused = auto_play.refusal(self.source)
        if refused is not None:
            self.auto = False
            return self.session.say(refused)
        self.auto = not self.auto
        self.auto_marker.setVisible(self.auto)
        self.statusBar().showMessage("auto-play " + ("on" if self.auto else "off"), 3000)
        self._schedule_auto()
        return None

    def _schedule_auto(self) -> None:
        if self.auto and not self._auto_timer.isActive():
            self._auto_timer.start(int(self.auto_pause * 1000))

    def _auto_step(self) -> None:
        if not self.auto or not auto_play.allowed(self.source):  # it counts a deck check: never at a live table
            return
        if self.help.isVisible():  # the croupier reads the keys: the demo waits (its step closed the help)
            self._auto_timer.start(int(self.auto_pause * 1000))
            return
        snap = self.session.snapshot
        state = snap.state
        if snap.pending is not None or snap.stopped:
            return
        if state.phase == BlackjackPhase.BETTING:
            if deck_spent(state):
                self._auto_run("deck_check")
            elif state.burn_left:
                return  # the simulated shoe burns first (it deals while a burn card is due)
            elif not state.bets:
                refused = self.session.rebet()
                if refused is not None:
                    rules = state.rules
                    for seat, chip in zip(range(1, rules.seats + 1), (Decimal("25"), Decimal("10"))):
                        for one in auto_play.chips_making(auto_play.demo_stake(chip, rules.min_bet, rules.max_bet),
                                                          rules.chips):
                            refused = self.session.place(seat, one) or refused
                if not self.session.state.bets:
                    self._auto_stopped(refused or "no bet placed")
            else:
                self._auto_run("deal")
        elif state.phase == BlackjackPhase.PLAYING and snap.allowed:
            seat, index = state.active
            self._auto_run(demo_call(state.round.seat_hands(state.round_seat(seat))[index], snap.allowed))
        elif state.phase == BlackjackPhase.SETTLED:
            # The deck's last round played, N is refused ("no next round"): C opens the check from the settled
            # round (qaAW F4: N was asked for ever and the demo stood still under AUTO-PLAY ON).
            self._auto_run("deck_check" if deck_spent(state) else "next_round")
        elif state.phase == BlackjackPhase.DECK_CHECK:
            for card in state.reconciliation().due_back:
                if self._auto_refused(self.session.enter_card(card.code)):
                    return
            if self.session.state.stub_left and not self._auto_run("return_stub"):
                return
            self._auto_run("new_deck")
        self._schedule_auto()

    def _auto_run(self, name: str) -> bool:
        """Run ``name`` for auto-play; whether it ran (a refusal stops auto-play, saying why)."""
        return not self._auto_refused(self.run(name))

    def _auto_refused(self, error: Optional[str]) -> bool:
        """Whether a step of auto-play was refused (``error``); if so auto-play stops and says why
        (:func:`~dealer_assist.ui.auto_play.stopped`)."""
        if error is not None:
            self._auto_stopped(error)
        return error is not None

    def _auto_stopped(self, why: str) -> None:
        self.auto = False
        self._auto_timer.stop()
        self.auto_marker.setVisible(False)
        self.statusBar().showMessage("auto-play off: a step was refused", 5000)  # not A's "auto-play on" still
        self.last_error = self.session.say(auto_play.stopped(why))


def deck_spent(state: Any) -> bool:
    """Whether auto-play checks the deck rather than deal another round from it: the cut card is out, or too few
    cards are left for a round of two seats and the dealer."""
    return state.cut_out or len(state.ledger.in_shoe) < AUTO_LEAST_CARDS
