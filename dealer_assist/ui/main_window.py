"""The croupier's window: draws each snapshot of the table session and sends it commands.

Layout (top to bottom): the banner with what is due; alerts; the hands and
the bets on the left, settlement (or history) and the shoe's status and odds
on the right; the five roads; the card field.  All sizes follow one unit
taken from the window's size (:func:`dealer_assist.ui.theme.unit_for_size`).
"""

from __future__ import annotations

import time
from pathlib import Path
from dataclasses import dataclass
from typing import Any, Optional

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QLineEdit, QMainWindow, QStackedWidget, QVBoxLayout, QWidget

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.table.session import described
from dealer_assist.table.state import TablePhase, reopenable
from dealer_assist.ui import auto_play, replay_control, theme
from dealer_assist.ui.activation import activate_soon
from dealer_assist.ui.alerts import AlertsPanel
from dealer_assist.ui.banner import Banner
from dealer_assist.ui.betting import BettingPanel
from dealer_assist.ui.bridge import SnapshotBridge
from dealer_assist.ui import camera_view
from dealer_assist.ui.entry import CardEntry
from dealer_assist.ui.hands import HandsView
from dealer_assist.ui.help import HelpOverlay
from dealer_assist.ui.history import HistoryView
from dealer_assist.ui.keys import KEYS, REPLAY_KEYS, REPLAY_TAKEN, paused_reason, replay_ended
from dealer_assist.ui.limits import LimitsDialog
from dealer_assist.ui.loud_refusal import DEAL_REFUSED, LoudRefusal
from dealer_assist.ui.roads import RoadsView
from dealer_assist.ui.row_room import StepsDown
from dealer_assist.ui.second_press import SecondPress
from dealer_assist.ui.settlement import SettlementView
from dealer_assist.ui.sound import Cues
from dealer_assist.ui.status import StatusView
from dealer_assist.ui.supervisor import SupervisorDialog
from dealer_assist.ui.typed_cards import TypedCardCursor, due_card, first_step

#: Seconds between the simulated shoe's cards in turbo mode.
TURBO_INTERVAL = 0.05
#: Shown in the menu bar's corner while turbo is on.
TURBO_MARKER = "TURBO ON (T: off)"
#: The corner hint of the menu bar.
HINT = "F1: keys   A: auto-play   T: turbo   F11: full screen "
#: The same at a live table, where A is refused (auto-play is a demo of the simulated shoe).
LIVE_HINT = "F1: keys   T: turbo   F11: full screen "
#: The same in a replay, whose table follows the journal: only the keys that change the view.
REPLAY_HINT = ("REPLAY (read-only)   Space: pause   T: fast / normal pace   F1: keys   Esc: dismiss   "
               "Ctrl+Q: leave ")
#: The same while the replay is paused.
PAUSED_HINT = "REPLAY PAUSED   Space: resume   Right: next operation   F1: keys   Ctrl+Q: leave "
#: The keys of :data:`KEYS` (and a replay's own) by the command they run (the chip keys by their chip too).
BY_ACTION = {**{(k.action, ()): k for k in KEYS + REPLAY_KEYS}, **{(k.action, k.args): k for k in KEYS + REPLAY_KEYS}}
#: The share of the width the hands and the bet grid take beside the pay list (landscape).
LEFT_SHARE = 0.58
#: Under a text scale above 1, the hands' least height in the window's own units (scale 1's): the cards about
#: 80% of their size at scale 1, the larger text taking its room from the roads, then stepping back (qaAH F11:
#: at 1920x1080 and 1.25 it took it from the cards, halved).  At the window's own size: :data:`HANDS_LEAST`.
HANDS_AT_LARGER_TEXT = 10.0
#: The hands' least height, in units.
HANDS_LEAST = 5.5
#: Auto-play pause before the next step (normal, turbo).
AUTO_PAUSE = (2.5, 0.3)


@dataclass
class Options:
    """What the croupier can switch from the Options menu (seed 000) or the config file."""

    turbo: bool = False
    sound: bool = True
    fullscreen: bool = False
    auto: bool = False
    sim_interval: float = 1.0


class MainWindow(QMainWindow, StepsDown):
    """One table's display; ``source`` is the running card source (``None``: cards are typed in)."""

    first_paint = Signal(float)
    closed = Signal()

    def __init__(self, session: Any, source: Any = None, options: Optional[Options] = None,
                 title: str = "dealer-assist") -> None:
        super().__init__()
        self.session = session
        self.source = source
        self.options = options or Options()
        self.replay = bool(getattr(session, "read_only", False))
        self.options.auto = self.options.auto and auto_play.allowed(source)
        self._hint = REPLAY_HINT if self.replay else HINT if auto_play.allowed(source) else LIVE_HINT
        self.setWindowTitle(f"{title}: baccarat" + (" replay" if self.replay else ""))
        self.cues = Cues(self.options.sound)
        self.unit = 0
        #: The unit the window's size and the text scale give, and the least the rows' room may take it down
        #: to: the window's own, without the scale (see :meth:`_make_room`).
        self._window_unit = self._least_unit = 0
        self.second_press = SecondPress()
        self.setMinimumSize(*theme.LEAST_WINDOW)
        self._painted = False
        self._last: Any = None
        self._pay_rows = 0
        self.supervisor_dialog: Optional[SupervisorDialog] = None
        self.limits_dialog: Optional[LimitsDialog] = None

        self.banner = Banner()
        self.refusal = LoudRefusal(self.banner)
        self.alerts = AlertsPanel(session)
        self.hands = HandsView()
        self.hands.animate = not self.options.turbo
        self.betting = BettingPanel(session)
        self.settlement = SettlementView()
        self.history = HistoryView()
        self.right = QStackedWidget()
        self.right.addWidget(self.settlement)
        self.right.addWidget(self.history)
        self.status = StatusView()
        self.roads = RoadsView()
        self.entry = CardEntry(session)
        self._build_layout()
        self._build_actions()
        self.help = HelpOverlay(self.centralWidget(), replay=self.replay)
        self.camera_view: Optional[camera_view.CameraViewPanel] = None
        self.hint = QLabel(self._hint)
        if self.replay:
            self.betting.follow_record()
            self.entry.follow_record()
            self.status.replay_note = note = replay_control.break_note(source)
            self.status.round_played = lambda shoe, round_no: replay_control.round_played(source, shoe, round_no)
            self.status.no_reader = (f"replay of {Path(source.path).name}" if hasattr(source, "path") else "replay") \
                + (f" ({note})" if note else "")
        self._reset_hint()  # sets it as the menu bar's corner widget, with the marker if auto-play starts on
        # One timer: a second notice keeps its full time instead of ending at the first one's.
        self._hint_timer = QTimer(self, singleShot=True)
        self._hint_timer.timeout.connect(self._reset_hint)

        self._auto_timer = QTimer(self)
        self._auto_timer.setSingleShot(True)
        self._auto_timer.timeout.connect(self._auto_step)

        # The rows' room is weighed once the layout has placed them (see row_room).
        self._room_timer = QTimer(self, singleShot=True, interval=0)
        self._room_timer.timeout.connect(self._make_room)

        #: At a table whose cards are all typed, the card field keeps the cursor while a card is due (qaQ F4).
        self.card_cursor = (TypedCardCursor(self, self.entry, due_card(session, lambda s: (s.shoe_no, s.round_no,
                                                                                              s.shoe.cards_seen)),
                                            bets=lambda: session.state.betting.layout, keep_view=self._keep_view,
                                            first=self._first_step,
                                            refusal=self.refusal)
                            if source is None and not self.replay else None)

        self.bridge = SnapshotBridge(session, self)
        self.bridge.snapshot.connect(self.render)
        self.render(session.snapshot)
        self.resize(1280, 720)
        self.apply_turbo()

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
        self.left = left = QVBoxLayout()
        # A big table's rows take height from the hands: 14 seats had rows 10 px high at 720p.
        left.addWidget(self.hands, 4)
        left.addWidget(self.betting, self._betting_share(self.betting.commands_below()))
        self.betting.commands_moved.connect(
            lambda below: self.left.setStretchFactor(self.betting, self._betting_share(below)))
        self.betting.commands_moved.connect(lambda _: self._weigh_soon())  # a row more or less: weighed again
        right = QVBoxLayout()
        right.addWidget(self.right, 1)
        right.addWidget(self.status, 0)
        mid.addLayout(left, int(LEFT_SHARE * 100))
        mid.addLayout(right, 100 - int(LEFT_SHARE * 100))
        v.addLayout(mid, 1)
        v.addWidget(self.roads)
        v.addWidget(self.entry)
        self.setCentralWidget(central)
        central.setFocus()

    def _betting_share(self, commands_below: bool) -> int:
        """The bet panel's share of the height beside the hands' 4: more for a big table's rows, and
        for the row the bet commands take under many chips (it had taken the height the rows gained)."""
        return 5 + max(0, self.session.state.rules.seats - 7) // 2 + (3 if commands_below else 0)

    def _build_actions(self) -> None:
        """One menu item per key of :data:`KEYS`, in the menus (seed 000's Options menu among them); a replay
        greys out those it refuses (:meth:`_refused`)."""
        menus: dict[str, Any] = {}
        for key in (REPLAY_KEYS + KEYS) if self.replay else KEYS:
            if key.action == "move_cursor":
                continue  # arrows: handled in keyPressEvent, documented in the help
            menu = menus.get(key.group) or menus.setdefault(key.group, self.menuBar().addMenu(key.group))
            keys = key.keys
            if self.replay and key not in REPLAY_KEYS:
                keys = tuple(k for k in keys if k not in REPLAY_TAKEN)  # Space pauses a replay, it bets no chip
            text = f"{key.text}\t{' / '.join(key.keys)}" if key.direct else key.text
            demo_only = auto_play.greyed(key.action, self.replay, self.source)
            act = replay_control.menu_command(self, menu, text, () if key.direct else keys,
                                              lambda k=key: self.command(k.action, *k.args),
                                              refused=self._refused(key) or demo_only)
            if demo_only:
                auto_play.explain(act)

    def _refused(self, key: Any) -> bool:
        """Whether this window refuses the command of ``key`` (``None``: a command without a key).

        The one gate of a replay: its table follows the journal, so only the ``view`` keys run; the
        menus grey out the others and :meth:`command` refuses them, saying why."""
        return self.replay and not (key is not None and key.view)

    # -- drawing --------------------------------------------------------------
    def render(self, snap: Any) -> None:
        """Show one snapshot: every widget draws its part; sounds mark what changed."""
        last, self._last = self._last, snap
        self.banner.show_snapshot(snap)
        self.refusal.show(snap)
        self.alerts.show_snapshot(snap)
        self.hands.show_snapshot(snap)
        self.betting.show_snapshot(snap)
        self.settlement.show_snapshot(snap)
        self.history.show_snapshot(snap)
        self.status.show_snapshot(snap)
        self.roads.show_snapshot(snap)
        self.entry.show_snapshot(snap)
        if self.replay:
            paused = bool(getattr(self.source, "paused", False))
            ended = replay_ended(snap, self.source)
            if paused or ended:
                self.banner.reason.setText(paused_reason(snap.reason, ended))
            if paused != (self._hint is PAUSED_HINT):
                self._hint = PAUSED_HINT if paused else REPLAY_HINT
                self._reset_hint()
        if ((snap.state.settlement is not None and (last is None or last.state.settlement is None))
                or (snap.state.paid_before is not None and (last is None or last.state.paid_before is None))):
            self.right.setCurrentWidget(self.settlement)  # a payment to make, or one to correct (qaQ F6)
            self._weigh_soon()
        camera_view.keep_placed(self.camera_view)  # alerts come and go above it
        rows = self.settlement.table.rowCount()
        if last is None or (snap.message, snap.alerts) != (last.message, last.alerts) or rows != self._pay_rows:
            self._weigh_soon()
        self._pay_rows = rows
        if last is not None:
            self._cues(last, snap)
        self._schedule_auto()
        self._follow_cards()

    def _first_step(self, meant) -> str:
        """What the croupier does before a card can be typed (see :func:`first_step`)."""
        return first_step(self.session.snapshot, self.session.state.phase == TablePhase.BETTING, "D", meant)

    def _keep_view(self):
        """What a key typed as a card's rank changes at the table (the chip, turbo), and what puts it back
        (see :class:`TypedCardCursor`)."""
        chip, turbo = self.session.snapshot.chip, self.options.turbo

        def put_back() -> None:
            if self.session.snapshot.chip != chip:
                self.session.select_chip(chip)
            if self.options.turbo != turbo:
                self.options.turbo = turbo
                self.apply_turbo()
                self._hint_timer.stop()
                self._reset_hint()

        return put_back

    def _follow_cards(self) -> None:
        if self.card_cursor is not None:
            self.card_cursor.follow()

    def _cues(self, last: Any, snap: Any) -> None:
        if len(snap.state.round.cards) > len(last.state.round.cards) or snap.state.shoe.cards_seen > last.state.shoe.cards_seen:
            self.cues.play("card")
        if "DRAWS" in snap.banner and snap.banner != last.banner:
            self.cues.play("draw")
        seen = {(a.code, a.t) for a in last.alerts}
        if any((a.code, a.t) not in seen and a.level != "info" for a in snap.alerts):
            self.cues.play("alert")

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        # A portrait screen stacks the pay list under the grid: side by side, each had half a narrow width
        # and the hands and grid stretched to a tall, empty third of it.
        portrait = theme.portrait(self.width(), self.height())
        direction = QBoxLayout.Direction.TopToBottom if portrait else QBoxLayout.Direction.LeftToRight
        if self.mid.direction() != direction:
            self.mid.setDirection(direction)
        # Stacked, the grid has the whole width, not the left 58% of it: its text may be as much larger.
        width = int(self.width() / (LEFT_SHARE if portrait else 1))
        unit = theme.unit_for_size(width, self.height())
        self._least_unit = min(unit, theme.unit_for_size(width, self.height(), scale=1.0))
        if unit != self._window_unit:
            self._window_unit = unit
            self._set_unit(unit)
        self.help.setGeometry(self.centralWidget().rect())
        self._weigh_soon()
        camera_view.keep_placed(self.camera_view)

    def _set_unit(self, unit: int) -> None:
        """Every size of the window from ``unit`` (see :mod:`dealer_assist.ui.theme`)."""
        if unit == self.unit:
            return
        self.unit = unit
        for w in (self.banner, self.alerts, self.betting, self.settlement, self.history, self.status,
                  self.roads, self.entry):
            w.set_unit(unit)
        larger = self._least_unit * HANDS_AT_LARGER_TEXT if unit > self._least_unit else 0
        self.hands.setMinimumHeight(int(max(unit * HANDS_LEAST, larger)))
        self.help.unit = unit
        self.hint.setFont(theme.font(unit * 0.8))
        self.menuBar().setFont(theme.font(unit * 0.85))
        self._fit_hint()
        if self._last is not None:
            self.alerts.show_snapshot(self._last)
        if self.camera_view is not None:
            self.camera_view.set_unit(unit)

    def _room_rows(self) -> tuple:
        return self.roads, self.betting, self.alerts, self.banner

    def _place_rows(self) -> None:
        """The bet commands beside the chips or under them, at the unit just set (see :class:`.StepsDown`)."""
        self.betting.place_commands()

    def _room_given_for(self) -> tuple:
        """The alert bars take their room from the roads first, down to half their height: not from the cards,
        halved under one alert at 960x540 (qaAV F9)."""
        return (self.alerts,)

    def _room_kept_for(self) -> tuple:
        """The alert bars under the top one fold before the cards go under 50 px (fixAV3: 39 px at 960x540)."""
        return (self.hands,)

    def _room_wants(self) -> tuple:
        """The pay list, when it is shown, asks the roads for room for some whole payments (qaAH F3)."""
        return (self.settlement,) if self.right.currentWidget() is self.settlement else ()

    def paintEvent(self, event) -> None:  # noqa: N802
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            self.first_paint.emit(time.perf_counter())

    # -- commands (each one a key in keys.KEYS) ----------------------------------
    def command(self, action: str, *args: Any) -> Any:
        """Run the command of a key (a shortcut, a menu item, a key the card field shares).

        Every key comes through here, so this is where a replay refuses, once, every command
        that is not a ``view`` key: its table follows the journal, and a key pressed there must
        not make it differ from the record."""
        try:
            return self._command(action, *args)
        finally:
            self._follow_cards()  # a table key pressed in the card field, a card due after it: the cursor back

    def _command(self, action: str, *args: Any) -> Any:
        key = BY_ACTION.get((action, args)) or BY_ACTION.get((action, ()))
        if self.help.isVisible() and action != "toggle_help":
            self.help.hide()  # any key closes the help, and does nothing else: the table was out of sight
            return None
        self.second_press.other(action)
        if self._refused(key):
            what = f"{' / '.join(key.keys)} ({key.text.split(' (')[0]})" if key is not None else action
            return self._run(self.session.refuse_in_replay(what))
        return getattr(self, action)(*args)

    def _run(self, result: Optional[str]) -> Optional[str]:
        self.betting.last_error = result  # the refusal arrives with the next snapshot and is shown in red
        return result

    def notice(self, text: str, seconds: float = 10.0) -> None:
        """A passing note in the menu bar's corner (recovery, source changes); the key hint comes back after.
        Auto-play's marker stays in front of it: the table must not seem the croupier's own meanwhile."""
        self.hint.setText(self._marked(text) + " ")
        self.hint.setStyleSheet(f"color: {theme.GOLD.name()};")
        self._fit_hint()
        self._hint_timer.start(int(seconds * 1000))

    def _reset_hint(self) -> None:
        self.hint.setText(self._marked(self._hint))
        self.hint.setStyleSheet(f"color: {(theme.GOLD if self.options.auto or self.options.turbo else theme.MUTED).name()};")
        self._fit_hint()

    def _marked(self, text: str) -> str:
        """Auto-play's and turbo's markers before ``text``: each shows as long as it is on (qaQ F11: T, typed
        as half a card, switched turbo with nothing on screen to say so)."""
        marks = [m for m, on in ((auto_play.MARKER, self.options.auto), (TURBO_MARKER, self.options.turbo)) if on]
        return "   ".join(marks + [text])

    def _fit_hint(self) -> None:
        # QMenuBar lays its corner widget out only when it is set: a longer text was clipped to the old width.
        self.menuBar().setCornerWidget(self.hint)

    def select_chip(self, index: int) -> Optional[str]:
        return self._run(self.betting.select_chip_index(index))

    def move_cursor(self, dseat: int, dbet: int) -> None:
        self.betting.grid.move_cursor(dseat, dbet)

    def place_at_cursor(self) -> Optional[str]:
        return self._run(self.betting.place_at_cursor())

    def remove_at_cursor(self) -> Optional[str]:
        return self._run(self.betting.place_at_cursor(remove=True))

    def undo(self) -> Optional[str]:
        return self._run(self.session.undo())

    def clear(self) -> Optional[str]:
        """C: every bet off the layout, and said so (qaAW F1: it went silently, the 2C of a card typed early)."""
        had = bool(self.session.state.betting.layout.stakes)
        result = self._run(self.session.clear())
        if result is None and had:
            self.session.say("all bets cleared: U undoes")
        return result

    def double(self) -> Optional[str]:
        return self._run(self.session.double())

    def rebet(self) -> Optional[str]:
        return self._run(self.session.rebet())

    def deal(self) -> Optional[str]:
        """D: the bets locked; a deal refused while they are open (a stake below the minimum) is said in the banner
        (qaAW F3), one refused later in the small line, the banner staying on the card due (rev41 F6: a red DEAL
        REFUSED, "Shift+V opens them again", hid the card prompt after D pressed twice)."""
        betting = self.session.state.phase == TablePhase.BETTING
        result = self._run(self.session.deal())
        if betting:
            self.refusal.say(DEAL_REFUSED, result)
        self._poke()
        return result

    def take_shoe(self) -> Optional[str]:
        return self._run(self.session.take_shoe())

    def next_round(self) -> Optional[str]:
        return self._run(self.session.next_round())

    def new_shoe(self) -> Optional[str]:
        refused = getattr(self.session, "new_shoe_refusal", lambda: None)()
        if refused is not None:  # said at the first press: "press again" led to a refusal (qaAP F5)
            return self._run(self.session.new_shoe())
        if not self.second_press.confirmed("new_shoe"):
            return self._run(self.session.say("new shoe: press Ctrl+N again to start it (the roads and the history "
                                              "start again; the journal keeps this shoe)"))
        return self._start_new_shoe()

    def _start_new_shoe(self) -> Optional[str]:
        """The new shoe, once asked for (Ctrl+N twice, or auto-play's step)."""
        result = self._run(self.session.new_shoe())
        if result is None and hasattr(self.source, "new_shoe"):
            self.source.new_shoe()  # the reader's own shoe follows; a burn card it dealt meanwhile is re-synced
        self._poke()
        return result

    def cut_card(self) -> Optional[str]:
        """The cut card came out and no source reported it; a second press, for the shoe then ends."""
        state = self.session.state
        if state.shoe.cut_out and self.session.cut_takeback_refusal() is None:  # O pressed twice by mistake
            if self.second_press.confirmed("cut_card"):
                return self._run(self.session.take_back_cut())
            return self._run(self.session.say("the cut card is out (recorded with O): press O again to take it "
                                              "back, if it was recorded by mistake"))
        if state.shoe.cut_out or state.phase == "finished" or self.second_press.confirmed("cut_card"):
            return self._run(self.session.cut_card())  # a shoe whose cut card is out says so
        if state.phase == "dealing":
            after = state.rules.shoe.rounds_after_cut
            ends = f"this round and {after} more, then the shoe ends" if after else "the shoe ends with this round"
        else:
            ends = "the next round is the shoe's last"
        return self._run(self.session.say(f"cut card out: press O again to record it ({ends})"))

    def burn_unseen(self) -> Optional[str]:
        return self._run(self.session.burn_unseen())

    def skip_burn(self) -> Optional[str]:
        return self._run(self.session.skip_burn())

    def void_last_card(self) -> Optional[str]:
        """Void the last card; with supervisors configured, their name, PIN and reason first (a dialog).
        Without them, a settled round's card is taken back on a second press only (its settlement goes too).
        No card to void is refused at once, before any dialog or second press."""
        if self.session.correction_refused("void_card") is not None:
            return self._run(self.session.void_last_card(why="voided by the croupier (V)"))
        closed = reopenable(self.session.state)  # N closed the round: the void reopens it
        if ((self.session.state.settlement is not None or closed is not None)
                and not getattr(self.session, "needs_supervisor", False)
                and not self.second_press.confirmed("void_last_card")):
            return self._run(self.session.say(
                f"round {closed.round_no} is closed (N): press V again to reopen it and take back its last card and "
                "the settlement" if closed is not None else
                "the round is settled: press V again to take back its last card and the settlement"))
        return self._correction(f"void the last card of round {closed.round_no} (N closed it: it is reopened)"
                                if closed is not None else "void the last card", self.session.void_last_card,
                                "voided by the croupier (V)", "void_card")

    def void_round(self) -> Optional[str]:
        """Void the round (a misdeal); with supervisors configured, their name, PIN and reason first,
        else a second press.  No round to void (the bets open, the burn) is refused at once, before either."""
        if self.session.correction_refused("void_round") is not None:
            return self._run(self.session.void_round(why="misdeal (Shift+V)"))
        if not getattr(self.session, "needs_supervisor", False) and not self.second_press.confirmed("void_round"):
            closed = reopenable(self.session.state)
            return self._run(self.session.say(
                f"round {closed.round_no} is closed (N): press Shift+V again to reopen it as a misdeal (its cards set "
                "aside, its bets open again)" if closed is not None else
                "void the whole round (a misdeal): press Shift+V again; its cards are set aside and its bets open "
                "again" if self.session.state.round.cards else "open the bets again: press Shift+V again"))
        closed = reopenable(self.session.state)
        return self._correction(f"void round {closed.round_no} (N closed it: it is reopened as a misdeal)"
                                if closed is not None else "void the whole round", self.session.void_round,
                                "misdeal (Shift+V)", "void_round")

    def correct_bets(self) -> Optional[str]:
        """Shift+D: the settled round's bets open for correction, its cards kept; with supervisors their dialog,
        else a second press (the settlement shown goes until D settles it again)."""
        if self.session.correction_refused("reopen_bets") is not None:
            return self._run(self.session.correct_bets(why="bets corrected by the croupier (Shift+D)"))
        target = self.session.correction_target("reopen_bets")
        if not getattr(self.session, "needs_supervisor", False) and not self.second_press.confirmed("correct_bets"):
            return self._run(self.session.say(
                f"correct the bets of round {target['round']}: press Shift+D again; its cards stay, the bets open, "
                "and D settles it again (the pay list then says what to take back or pay more)"))
        return self._correction(f"correct the bets of round {target['round']}", self.session.correct_bets,
                                "bets corrected by the croupier (Shift+D)", "reopen_bets")

    def _correction(self, what: str, command, default_reason: str, action: str) -> Optional[str]:
        """A correction at once, or, with supervisors, a dialog naming the cards it takes back; if the
        table moved on while it was open the session refuses it (``expected``)."""
        if not getattr(self.session, "needs_supervisor", False):
            return self._run(command(why=default_reason))
        target = self.session.correction_target(action)
        self.supervisor_dialog = SupervisorDialog(
            f"{what}: {described(target)}", lambda name, pin, why: self._run(command(name, pin, why, expected=target)),
            self.unit or 16, self)
        self.supervisor_dialog.open()
        return None

    def change_limits(self) -> None:
        """The limits dialog: every bet's minimum and maximum and the payout cap, editable, then the
        supervisor's name, PIN and reason (just the reason without a roster); the grid shows the new
        limits as soon as the session takes them."""
        limits = self.session.state.rules.limits
        rows = [(b.value, b.label, limits.min_for(b), limits.max_for(b)) for b in Bet]

        def submit(values: dict, name: str, pin: str, why: str) -> Optional[str]:
            return self._run(self.session.set_limits(values, name, pin, why))

        self.limits_dialog = LimitsDialog(rows, limits.max_payout, submit, self.unit or 16, self,
                                          ask_pin=getattr(self.session, "needs_supervisor", False))
        self.limits_dialog.open()

    def focus_entry(self) -> None:
        self.entry.take_cursor()

    def confirm(self) -> Optional[str]:
        return self._run(self.entry.accept())

    def reject(self) -> Optional[str]:
        """Del: reject the unsure card, or set the held cards aside (a supervisor's correction when
        the table has supervisors: a dialog first)."""
        snap = self.session.snapshot
        if snap.pending is None and getattr(snap.state, "held", ()) and getattr(self.session, "needs_supervisor", False):
            return self._correction("set aside as misdrawn", self.session.discard_held, "misdrawn (Del)", "set_aside")
        if snap.pending is None and not getattr(snap.state, "held", ()) \
                and not getattr(self.session, "typed_unread_asked", lambda: False)():  # qaQ F11: it did nothing
            said = getattr(self.session, "nothing_to_reject", None)  # baccarat names a card refused (qaAP F3)
            return self._run(self.session.say(said() if said is not None else (
                "nothing to reject: Del rejects a card read unsure, or sets aside a card held after the round; V "
                "voids a card dealt")))
        return self._run(self.entry.reject())

    def dismiss(self) -> None:
        if self.help.isVisible():
            self.help.hide()
        else:
            self.alerts.dismiss_newest()

    def toggle_auto(self) -> Optional[str]:
        """A: auto-play on or off, at a simulated shoe only (:mod:`dealer_assist.ui.auto_play`)."""
        refused = auto_play.refusal(self.source)
        if refused is not None:
            self.options.auto = False
            return self._run(self.session.say(refused))
        self.options.auto = not self.options.auto
        self._hint_timer.stop()  # a passing note gives way to the marker (or to the hint, once it is off)
        self._reset_hint()
        self._schedule_auto()
        return None

    def toggle_turbo(self) -> None:
        self.options.turbo = not self.options.turbo
        self.apply_turbo()
        self.notice("turbo on: no animation, a fast simulated shoe" if self.options.turbo
                    else "turbo off: animations and the simulated shoe's own pace", 5)

    def apply_turbo(self) -> None:
        self.hands.animate = not self.options.turbo
        if self.source is not None and hasattr(self.source, "interval"):
            self.source.interval = TURBO_INTERVAL if self.options.turbo else self.options.sim_interval
            self._poke()

    def toggle_sound(self) -> None:
        self.options.sound = self.cues.enabled = not self.cues.enabled

    def toggle_history(self) -> None:
        self.right.setCurrentWidget(self.history if self.right.currentWidget() is self.settlement else self.settlement)
        self._weigh_soon()  # the pay list's room asked for only while it shows

    def toggle_camera_view(self) -> None:
        """Show or hide what the table's camera sees (see :mod:`.camera_view`); a table without one says so."""
        self.camera_view, refused = camera_view.toggled(self.camera_view, self.centralWidget(), self.source,
                                                        self.right, self.unit)
        if refused:
            self.notice(refused, 5)

    def scroll_page(self, pages: int) -> None:
        """The paying order (or the history, whichever is shown) a page down or up: a croupier
        paying a long list keeps both hands on the table and the keyboard."""
        if self.right.currentWidget() is self.history and self.history.page(pages):
            return  # a round's bets cut short: paged through first
        bar = self.right.currentWidget().table.verticalScrollBar()
        bar.setValue(bar.value() + pages * bar.pageStep())  # the tables scroll by whole rows

    def toggle_fullscreen(self) -> None:
        self.options.fullscreen = not self.isFullScreen()
        if self.options.fullscreen:
            self.showFullScreen()
        else:
            self.showNormal()

    def toggle_pause(self) -> Optional[str]:
        """A replay: stop it where it is (PAUSED), or let it go on at its pace."""
        return replay_control.toggle_pause(self.source, self.replay, lambda text: self.notice(text, 5))

    def step_replay(self) -> Optional[str]:
        """A paused replay: play the next recorded operation, and only that one."""
        return replay_control.step(self.source, self.replay, lambda text: self.notice(text, 5))

    def toggle_help(self) -> None:
        self.help.setGeometry(self.centralWidget().rect())
        self.help.setVisible(not self.help.isVisible())
        self.help.raise_()

    def _poke(self) -> None:
        if self.source is not None and hasattr(self.source, "poke"):
            self.source.poke()

    # -- keys the card field shares ---------------------------------------------
    def keyPressEvent(self, event) -> None:  # noqa: N802
        key = event.key()
        in_field = isinstance(self.focusWidget(), QLineEdit)
        if self.help.isVisible():  # any key closes the help, and does nothing else
            self.help.hide()
            return
        if key == Qt.Key.Key_Escape:
            if in_field and self.card_cursor is not None and self.card_cursor.keeps_on_esc():
                self.entry.field.clear()  # the cursor stays for the card due (qaAW F2)
            elif in_field and self.card_cursor is not None and self.card_cursor.dismisses_on_esc():
                self.command("dismiss")
            elif in_field:
                self.entry.field.clear()
                self.centralWidget().setFocus()
                if self.card_cursor is not None:
                    self.card_cursor.let_go()  # the table's keys, until another card is due
            else:
                self.command("dismiss")
            return
        if in_field:
            return super().keyPressEvent(event)
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.command("confirm")
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.command("reject")
        elif key == Qt.Key.Key_Right and self.replay:
            self.command("step_replay")
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            d = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
            self.command("move_cursor", *d[key])
        else:
            super().keyPressEvent(event)

    # -- auto-play (demo of the simulated shoe) ---------------------------------
    def _schedule_auto(self) -> None:
        if not self.options.auto or not auto_play.allowed(self.source) or self._auto_timer.isActive():
            return
        phase = self.session.state.phase
        if phase in ("betting", "settled", "finished") or (phase == "dealing" and self.session.state.held):
            self._auto_timer.start(int(1000 * AUTO_PAUSE[1 if self.options.turbo else 0]))

    def _auto_step(self) -> None:
        """Play the croupier's part: bets (the last round's, or a few chips), Deal, next round, new shoe.  A step
        the table refuses stops auto-play, saying why (:func:`~dealer_assist.ui.auto_play.stopped`)."""
        if not self.options.auto or not auto_play.allowed(self.source):
            return
        if self.help.isVisible():  # the croupier reads the keys: the demo waits (its step closed the help)
            self._auto_timer.start(int(1000 * AUTO_PAUSE[1 if self.options.turbo else 0]))
            return
        state = self.session.state
        if self.session.snapshot.stopped or self.session.snapshot.pending is not None:
            return
        refused = None
        if state.held and state.phase in ("betting", "dealing"):
            if self.confirm() is not None:  # a no-bet hand with it, or into the reopened round; else aside
                self.reject()
        elif state.phase == "betting":
            if not state.betting.layout:
                if self.session.rebet() is not None:
                    chip, limits = self.session.snapshot.chip, state.rules.limits
                    for seat, bet in ((1, Bet.BANKER), (2, Bet.PLAYER), (3, Bet.TIE), (4, Bet.PLAYER_PAIR)):
                        self.session.place(seat, bet, auto_play.demo_stake(chip, limits.min_for(bet),
                                                                           limits.max_for(bet)))
            refused = self.deal()
        elif state.phase == "settled":
            if state.held and self.confirm() is not None:  # after the shoe's last round: no hand follows
                self.reject()
            elif not state.held and state.shoe.phase.value == "finished":  # N would be refused
                refused = self._start_new_shoe()  # auto-play's own step: no second press asked of it
            elif not state.held:
                refused = self.next_round()
        elif state.phase == "finished":  # a journal from before N was refused there
            refused = self._start_new_shoe()
        if refused is not None:
            self.options.auto = False
            self._reset_hint()
            self._run(self.session.say(auto_play.stopped(refused)))
            return
        self._schedule_auto()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        activate_soon(self)  # an X session with no window manager makes no window active: the keys wait for it

    def closeEvent(self, event) -> None:  # noqa: N802
        self._auto_timer.stop()
        self.bridge.detach()
        super().closeEvent(event)
        self.closed.emit()
