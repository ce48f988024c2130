"""Starting the blackjack display: the session, the card source, the window, the event loop.

:func:`run_blackjack` is what ``dealer-assist run --game blackjack`` calls;
:func:`open_blackjack_table` builds the same pieces for tests and scripts.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Optional


from dealer_assist.ui.app import DisplayError, Table, application, exec_table, open_journal
from dealer_assist.ui.blackjack.window import BlackjackWindow

#: Seconds between simulated cards, and between auto-play steps, in turbo mode.
TURBO_INTERVAL = 0.05
TURBO_PAUSE = 0.1


def open_blackjack_table(*, source_spec: str = "sim", journal_path: Optional[Path] = None,
                         seats: Optional[int] = None, seed: Optional[int] = None, rules: Any = None,
                         roster: Any = None, interval: float = 1.0, auto: bool = False, auto_pause: float = 1.2,
                         start: bool = True) -> Table:
    """Session, source and window, wired; the caller shows the window and runs the event loop."""
    from dealer_assist.sources.base import SourceError
    from dealer_assist.sources.factory import open_source
    from dealer_assist.table.blackjack_session import BlackjackSession, BlackjackSessionError
    from dealer_assist.table.session_core import RulesMismatchError
    from dealer_assist.table.blackjack_state import BlackjackTableError, BlackjackTableRules

    application()
    try:
        rules = rules or BlackjackTableRules()
        if seats is not None:
            rules = replace(rules, seats=seats)
    except BlackjackTableError as exc:
        raise DisplayError(str(exc)) from None
    journal = open_journal(journal_path) if journal_path is not None else None
    try:
        session = BlackjackSession(rules, journal, roster=roster)
    except (BlackjackSessionError, RulesMismatchError) as exc:
        if journal is not None:
            journal.close()
        raise DisplayError(str(exc)) from None
    try:
        source = open_source(source_spec, session.card_due, decks=rules.house.decks, interval=interval, seed=seed,
                             cut_from_end=min(16, 52 * rules.house.decks // 4))
    except SourceError as exc:
        session.close()
        raise DisplayError(str(exc)) from None
    window = BlackjackWindow(session, source, title=f"dealer-assist ({source_spec})", auto=auto,
                             auto_pause=auto_pause)
    table = Table(session, source, window, journal)
    if start:
        table.start()
    return table


def run_blackjack(source: str = "sim", journal: Optional[str] = None, seats: Optional[int] = None,
                  seed: Optional[int] = None, screenshot: Optional[str] = None, quit_after: Optional[float] = None,
                  *, auto: bool = False, turbo: bool = False, size: Optional[tuple[int, int]] = None,
                  fullscreen: bool = False, rules: Any = None, roster: Any = None) -> int:
    """The blackjack display until the window closes (or ``quit_after`` seconds, saving ``screenshot`` first).

    ``journal`` None puts it in the user's data folder (``blackjack-journal.sqlite``).
    ``auto`` plays the players' calls by a simple rule (a demo); ``turbo`` makes the
    simulated shoe and the auto-play fast.  ``rules`` is a
    :class:`~dealer_assist.table.blackjack_state.BlackjackTableRules` (see
    :func:`~dealer_assist.table.blackjack_state.rules_from_config`); ``roster``
    a :class:`~dealer_assist.table.supervisor.SupervisorRoster` for the F9 overrides.
    Raises :class:`~dealer_assist.ui.app.DisplayError` when the table cannot start.
    """
    from dealer_assist.table.config import default_journal_path

    path = Path(journal).expanduser() if journal else default_journal_path("blackjack")
    app = application()
    table = open_blackjack_table(source_spec=source, journal_path=path, seats=seats, seed=seed, rules=rules,
                                 roster=roster, interval=TURBO_INTERVAL if turbo else 1.0, auto=auto,
                                 auto_pause=TURBO_PAUSE if turbo else 1.2)
    window = table.window
    if table.session.recovered:
        window.statusBar().showMessage(f"recovered {table.session.recovered} operations from {path}", 10000)

    return exec_table(app, table, size=size or (1600, 900), fullscreen=fullscreen, screenshot=screenshot,
                      quit_after=quit_after)
