"""Starting the display: the Qt application, the table session, the card source and the window.

:func:`run` is what ``dealer-assist run`` calls; :func:`open_table` builds
the same pieces for tests, the screenshot script and the benchmark.
"""

from __future__ import annotations

import logging
import signal
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Optional

from PySide6.QtCore import QSize, QTimer
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from dealer_assist.ui import theme
from dealer_assist.ui.main_window import MainWindow, Options

_log = logging.getLogger(__name__)


class DisplayError(Exception):
    """The display cannot start; the message says what, why and what to do."""


class SourceStartError(DisplayError):
    """The card source cannot be made or started: the command names where its spec came from (a config file's
    ``source``), as other config errors name the file (qaAE F10)."""


def application(argv: Optional[list[str]] = None) -> QApplication:
    """The one QApplication, dark felt palette and Fusion style (the same look on every platform)."""
    app = QApplication.instance()
    if app is None:
        app = QApplication(argv or [sys.argv[0]])
        app.setApplicationName("dealer-assist")
        app.setStyle("Fusion")
        pal = QPalette()
        for role, colour in ((QPalette.ColorRole.Window, theme.FELT), (QPalette.ColorRole.WindowText, theme.TEXT),
                             (QPalette.ColorRole.Base, theme.PANEL), (QPalette.ColorRole.AlternateBase, theme.FELT_DARK),
                             (QPalette.ColorRole.Text, theme.TEXT), (QPalette.ColorRole.Button, QColor("#1d4a3a")),
                             (QPalette.ColorRole.ButtonText, theme.TEXT), (QPalette.ColorRole.Highlight, theme.GOLD),
                             (QPalette.ColorRole.HighlightedText, QColor("#111111")),
                             (QPalette.ColorRole.ToolTipBase, theme.PANEL), (QPalette.ColorRole.ToolTipText, theme.TEXT),
                             (QPalette.ColorRole.PlaceholderText, theme.MUTED)):
            pal.setColor(role, colour)
        for role in (QPalette.ColorRole.ButtonText, QPalette.ColorRole.WindowText, QPalette.ColorRole.Text):
            pal.setColor(QPalette.ColorGroup.Disabled, role, theme.MUTED.darker(170))
        pal.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Button, theme.FELT_DARK)
        app.setPalette(pal)
    return app


@dataclass
class Table:
    """The running pieces of one display (a baccarat or a blackjack window)."""

    session: Any
    source: Any
    window: Any
    journal: Any = None
    closed: bool = False

    def start(self) -> None:
        """Start the card source; one that cannot start (a camera or video that does not open, a
        deck profile not found) closes the table and stops the display with its own words."""
        from dealer_assist.sources.base import SourceError

        if self.source is None:
            return
        resume = getattr(self.source, "resume_from", None)  # a card-reading shoe goes on from the journal
        if resume is not None:
            name = self.source.name
            shoe, heard, count = self.session.source_device(name), self.session.source_heard(name), \
                self.session.source_count(name)
            # Another shoe heard last (ANOTHER SHOE) is still another: this table's count waits aside (rev15 F1).
            own = self.session.source_count(name, shoe) if shoe and heard and heard != shoe else None
            resume(shoe, count, heard=heard, own=own)
        take_shoe = getattr(self.source, "take_shoe", None)  # Ctrl+T after ANOTHER SHOE (verN NEW-8)
        if take_shoe is not None:
            self.session.shoe_taker(self.source.name, take_shoe)
        count_in_view = getattr(self.source, "count_in_view", None)  # a camera sees the layout's cards again
        if count_in_view is not None:
            count_in_view(self.session.cards_on_layout, self.session.cards_maybe_on_layout)
        try:
            self.source.start(self.session.handle)
        except SourceError as exc:
            self.close()
            raise SourceStartError(str(exc)) from None

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.source is not None:
            try:
                self.source.stop()
            except Exception:  # a source that failed to stop must not keep the journal open
                _log.exception("the card source %s did not stop cleanly", getattr(self.source, "name", self.source))
        bridge = getattr(self.window, "bridge", None)
        if bridge is not None:
            bridge.detach()
        self.window.close()
        self.session.close()


def open_journal(path: Path) -> Any:
    """Open (or create) the journal; a broken chain stops the display with the journal's own words."""
    from dealer_assist.table.journal import Journal, JournalBrokenError, JournalError

    try:
        missing = [p for p in (path.parent, *path.parent.parents) if not p.exists()]
        for folder in reversed(missing):  # each one made 0750 (mkdir's parents=True makes the upper ones 0755)
            folder.mkdir(mode=0o750, exist_ok=True)
    except OSError as exc:
        raise DisplayError(f"cannot create the journal folder {path.parent}: {exc.strerror}; "
                           "give another place with --journal PATH") from None
    try:
        return Journal.open(path)
    except JournalBrokenError as exc:
        raise DisplayError(f"the journal {path} is broken and the table will not start on it: {exc}. "
                           f"`dealer-assist journal verify {path}` shows what is wrong") from None
    except JournalError as exc:
        raise DisplayError(f"cannot open the journal {path}: {exc}") from None


def open_table(*, config: Any = None, source_spec: str = "sim", journal_path: Optional[Path] = None,
               seed: Optional[int] = None, options: Optional[Options] = None, odds: bool = True,
               start: bool = True) -> Table:
    """Session, source and window, wired; the caller shows the window and runs the event loop."""
    from dealer_assist.sources.base import SourceError
    from dealer_assist.table.config import AppConfig
    from dealer_assist.table.session import TableSession

    application()
    config = config or AppConfig()
    options = options or Options(turbo=config.turbo, sound=config.sound, fullscreen=config.fullscreen,
                                 sim_interval=config.sim_interval)
    from dealer_assist.table.supervisor import SupervisorError

    try:
        supervisors = config.roster()
    except SupervisorError as exc:  # a PinHashError from the config's [[supervisors]]
        raise DisplayError(f"the supervisors in the configuration cannot be used: {exc}") from None
    # The source first: a start refused for its source (misspelt, a camera without its profile) must not
    # have made the journal, whose first entry fixes the table's rules (QA: the start corrected with its
    # config was then refused as of other rules).  The source asks the session only once started.
    table_session: list = []
    try:
        source = make_source(source_spec, lambda: table_session[0].card_due(), config, seed, options)
    except SourceError as exc:
        raise SourceStartError(str(exc)) from None
    journal = open_journal(journal_path) if journal_path is not None else None
    from dealer_assist.table.session_core import JournalReplayError
    from dealer_assist.table.roster_record import RosterMismatchError
    from dealer_assist.table.rules_record import RulesMismatchError

    try:
        session = TableSession(config.rules, journal, odds=odds, supervisors=supervisors)
    except (RulesMismatchError, RosterMismatchError) as exc:
        if journal is not None:
            journal.close()
        raise DisplayError(f"{journal_path}: {exc}") from None
    except JournalReplayError as exc:
        journal.close()
        raise DisplayError(str(exc)) from None
    table_session.append(session)
    from dealer_assist.sources.replay import ReplaySource

    if isinstance(source, ReplaySource):
        session.follow_record()  # the table follows the record: no key may change it
    window = MainWindow(session, source, options, title=f"dealer-assist ({source_spec})")
    table = Table(session, source, window, journal)
    if start:
        table.start()
    return table


def make_source(spec: str, demand: Callable[[], bool], config: Any, seed: Optional[int], options: Options) -> Any:
    from dealer_assist.sources.factory import open_source

    shoe = config.rules.shoe
    return open_source(spec, demand, decks=shoe.decks, interval=options.sim_interval, seed=seed,
                       cut_from_end=shoe.cut_from_end, game="baccarat")


def resync_simulated_shoe(table: Table, seen: dict, unknown: int = 0) -> bool:
    """After a recovery, the simulated shoe goes on with the cards the table has not seen yet
    (``seen``: copies of each card out of the shoe; ``unknown``: cards burned face down).  Called
    before the source starts: started, it would deal the fresh shuffle's first card again."""
    from dealer_assist.sources.virtual import VirtualShoe

    if not isinstance(table.source, VirtualShoe) or not (any(seen.values()) or unknown):
        return False
    table.source.resume(seen, unknown)
    return True


def run(*, config_path: Optional[str] = None, source_spec: Optional[str] = None, journal: Optional[str] = None,
        seed: Optional[int] = None, screenshot: Optional[str] = None, quit_after: Optional[float] = None,
        turbo: Optional[bool] = None, auto: bool = False, mute: bool = False, size: Optional[tuple[int, int]] = None,
        record: bool = True, interval: Optional[float] = None, burn: Optional[bool] = None,
        rules: Any = None) -> int:
    """The display until the window closes (or ``quit_after`` seconds, saving ``screenshot`` first).

    ``record=False`` runs without a journal (a replay must not write into the record it plays);
    ``rules``, the table rules in place of the configuration's (a replay's, as its journal recorded them)."""
    from dealer_assist.cards import full_deck
    from dealer_assist.table.config import ConfigError, HomeFolderError, default_journal_path, expand_home, load_config

    try:
        config = load_config(config_path)
    except ConfigError as exc:
        raise DisplayError(str(exc)) from None
    if rules is not None:
        config = replace(config, rules=rules)
    if burn is not None:
        config = replace(config, rules=replace(config.rules, shoe=replace(config.rules.shoe, burn=burn)))
    spec = source_spec or config.source
    try:
        path = expand_home(journal) if journal else (config.journal or default_journal_path(config.game))
    except HomeFolderError as exc:
        raise DisplayError(f"journal {exc}") from None
    options = Options(turbo=config.turbo if turbo is None else turbo, sound=config.sound and not mute,
                      fullscreen=config.fullscreen, auto=auto,
                      sim_interval=config.sim_interval if interval is None else interval)
    app = application()
    table = open_table(config=config, source_spec=spec, journal_path=path if record else None, seed=seed,
                       options=options, start=False)
    window = table.window
    if table.session.recovered:
        window.notice(f"recovered {table.session.recovered} operations from {path}")
        shoe = table.session.state.shoe
        if resync_simulated_shoe(table, {c: shoe.copies_seen(c) for c in full_deck()}, shoe.unknown):
            window.notice(f"recovered table; the simulated shoe goes on with its {shoe.cards_left} unseen cards")
    table.start()
    return exec_table(app, table, size=size, fullscreen=options.fullscreen, screenshot=screenshot,
                      quit_after=quit_after)


def fit_to_screen(window: Any, wanted: Optional[tuple[int, int]] = None) -> None:
    """Resize ``window`` to ``wanted`` (default: its size) or less, to fit its screen's free area."""
    want = QSize(*wanted) if wanted else window.size()
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is not None:
        want = start_size(want, screen.availableGeometry().size())
    window.resize(want)


def start_size(wanted: QSize, free: QSize) -> QSize:
    """The window's size at start on a screen whose free area is ``free``: ``wanted`` or less, except that a
    landscape size on a portrait screen takes the whole free area, the layout turning portrait (qaQ F14: a
    1080x1920 screen opened a 1080x560 window, 70% of the screen black until F11)."""
    if theme.portrait(free.width(), free.height()) and not theme.portrait(wanted.width(), wanted.height()):
        return QSize(free)
    return wanted.boundedTo(free)


#: The exit code of a table that stopped because its journal failed (the window said why).
TABLE_STOPPED = 4


def save_screenshot(window: Any, path: Path) -> str:
    """Save a picture of ``window`` to ``path`` whole, or nothing there; "" when saved, else why not.

    The image is encoded in memory and written by Python, which reports every short write: Qt's own save
    said true for a file a full disk or a file size limit had cut short (qaAE F5: an unreadable PNG was
    named by ``run --json``'s end event).  Written beside ``path`` and renamed once whole, so a failed save
    leaves an earlier file there as it was."""
    import os
    import tempfile

    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not window.grab().save(buffer, path.suffix.lstrip(".").upper() or "PNG"):
        return "the picture could not be encoded"
    buffer.close()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, part = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as exc:
        return exc.strerror or str(exc)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data.data())
            out.flush()
            os.fsync(out.fileno())
        os.chmod(part, 0o666 & ~_umask())  # mkstemp makes 0600: a screenshot is an ordinary file
        os.replace(part, path)
    except OSError as exc:
        Path(part).unlink(missing_ok=True)
        return exc.strerror or str(exc)
    return ""


def _umask() -> int:
    import os

    mask = os.umask(0)
    os.umask(mask)
    return mask


def exec_table(app: QApplication, table: Table, *, size: Optional[tuple[int, int]], fullscreen: bool,
               screenshot: Optional[str], quit_after: Optional[float],
               default_size: Optional[tuple[int, int]] = None) -> int:
    """Show the table's window and run the event loop until it closes (or ``quit_after`` seconds,
    saving ``screenshot`` first); the table is closed afterwards.

    ``size`` is the user's (``--size``) and is kept; without it the window takes ``default_size`` (or
    its own) within the screen's free area: a 1600x900 window on a 1280x720 screen had its key row
    and card field below the screen's edge."""
    window = table.window
    # Quit when *this* window closes, and only then: Qt's quit-on-last-window-closed would also fire when the
    # table is closed after the loop, and that late quit ends the caller's next event loop (tests, a host app).
    quit_on_last = app.quitOnLastWindowClosed()
    app.setQuitOnLastWindowClosed(False)
    window.closed.connect(app.quit)
    if size:
        window.resize(*size)
    else:
        fit_to_screen(window, default_size)
    if fullscreen:
        window.showFullScreen()
    else:
        window.show()
    if quit_after is not None:
        def finish() -> None:
            if screenshot:
                why = save_screenshot(window, Path(screenshot))
                if why:  # the command checked the path: the disk filled, or it was taken away meanwhile
                    sys.stderr.write(f"dealer-assist: the screenshot could not be saved to {screenshot} ({why})\n")
            app.quit()
        QTimer.singleShot(int(quit_after * 1000), finish)
    # SIGTERM (a service manager stopping the table) closes it as Ctrl+Q does: the journal closed, the
    # source stopped, `run --json`'s end event printed.  Python sees a signal only between bytecodes, so
    # a timer wakes the interpreter while Qt's loop waits.
    previous = signal.signal(signal.SIGTERM, lambda *_: app.quit())
    if getattr(previous, "asked", False):  # asked while the table started (see commands.display.StopAsked)
        QTimer.singleShot(0, app.quit)
    waker = QTimer()
    waker.timeout.connect(lambda: None)
    waker.start(250)
    try:
        code = app.exec()
    finally:
        waker.stop()
        signal.signal(signal.SIGTERM, previous)
        window.closed.disconnect(app.quit)
        table.close()
        app.setQuitOnLastWindowClosed(quit_on_last)
    # The journal closed: one deleted or moved while the table was open is saved then, if not before.
    stopped = getattr(table.session.snapshot, "stopped", "") or getattr(table.session, "journal_gone", "")
    if stopped and not code:
        # A table stopped by its journal ran unrecorded no longer, but a script or a shift log
        # reading exit 0 would take it for a clean shift.
        sys.stderr.write(f"dealer-assist: the table stopped: {stopped}\n")
        code = TABLE_STOPPED
    return code

