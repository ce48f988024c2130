"""Starting the blackjack display: the session, the card source, the window, the event loop.

:func:`run_blackjack` is what ``dealer-assist run --game blackjack`` calls and
:func:`replay_blackjack` what ``dealer-assist replay`` calls for a blackjack
journal; :func:`open_blackjack_table` and :func:`open_blackjack_replay` build
the same pieces for tests and scripts.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any, Optional


from dealer_assist.ui.app import DisplayError, SourceStartError, Table, application, exec_table, open_journal, resync_simulated_shoe
from dealer_assist.ui.blackjack.window import TURBO_INTERVAL, BlackjackWindow

#: Seconds between auto-play steps in turbo mode (TURBO_INTERVAL: between simulated cards).
TURBO_PAUSE = 0.1


def open_blackjack_table(*, source_spec: str = "sim", journal_path: Optional[Path] = None,
                         seats: Optional[int] = None, seed: Optional[int] = None, rules: Any = None,
                         roster: Any = None, interval: float = 1.0, auto: bool = False, auto_pause: float = 1.2,
                         start: bool = True, replay: bool = False) -> Table:
    """Session, source and window, wired; the caller shows the window and runs the event loop.

    ``replay`` is a window for a recorded shoe (see :func:`open_blackjack_replay`)."""
    from dealer_assist.blackjack.deck import cut_from_end
    from dealer_assist.sources.base import SourceError
    from dealer_assist.sources.factory import open_source
    from dealer_assist.table.blackjack_session import BlackjackSession, BlackjackSessionError
    from dealer_assist.table.roster_record import RosterMismatchError
    from dealer_assist.table.rules_record import RulesMismatchError
    from dealer_assist.table.blackjack_state import BlackjackTableError, BlackjackTableRules

    application()
    try:
        rules = rules or BlackjackTableRules()
        if seats is not None:
            rules = replace(rules, seats=seats)
    except BlackjackTableError as exc:
        raise DisplayError(str(exc)) from None
    # The source before the journal, as baccarat's open_table says why.
    table_session: list = []
    try:
        source = open_source(source_spec, lambda: table_session[0].card_due(), decks=rules.house.decks,
                             interval=interval, seed=seed, game="blackjack", seats=rules.seats,
                             cut_from_end=cut_from_end(rules.house.decks, rules.seats))
    except SourceError as exc:
        raise SourceStartError(str(exc)) from None
    journal = open_journal(journal_path) if journal_path is not None else None
    try:
        session = BlackjackSession(rules, journal, roster=roster)
    except (BlackjackSessionError, RulesMismatchError, RosterMismatchError) as exc:
        if journal is not None:
            journal.close()
        raise DisplayError(str(exc)) from None
    table_session.append(session)
    if replay:
        session.follow_record()
    window = BlackjackWindow(session, source, title=f"dealer-assist ({source_spec})", auto=auto,
                             auto_pause=auto_pause)
    table = Table(session, source, window, journal)
    if start:
        table.start()
    return table


def run_blackjack(source: str = "sim", journal: Optional[str] = None, seats: Optional[int] = None,
                  seed: Optional[int] = None, screenshot: Optional[str] = None, quit_after: Optional[float] = None,
                  *, auto: bool = False, turbo: bool = False, size: Optional[tuple[int, int]] = None,
                  fullscreen: bool = False, rules: Any = None, roster: Any = None, interval: float = 1.0) -> int:
    """The blackjack display until the window closes (or ``quit_after`` seconds, saving ``screenshot`` first).

    ``journal`` None puts it in the user's data folder (``blackjack-journal.sqlite``).
    ``auto`` plays the players' calls by a simple rule (a demo); ``turbo`` makes the
    simulated shoe and the auto-play fast.  ``rules`` is a
    :class:`~dealer_assist.table.blackjack_state.BlackjackTableRules` (see
    :func:`~dealer_assist.table.blackjack_state.rules_from_config`); ``roster``
    a :class:`~dealer_assist.table.supervisor.SupervisorRoster` for the F9 overrides; ``interval`` the
    seconds between the simulated shoe's cards (the config's ``sim_interval``) when not ``turbo``.
    Raises :class:`~dealer_assist.ui.app.DisplayError` when the table cannot start.
    """
    from dealer_assist.table.config import HomeFolderError, default_journal_path, expand_home

    try:
        path = expand_home(journal) if journal else default_journal_path("blackjack")
    except HomeFolderError as exc:
        raise DisplayError(f"journal {exc}") from None
    app = application()
    table = open_blackjack_table(source_spec=source, journal_path=path, seats=seats, seed=seed, rules=rules,
                                 roster=roster, interval=TURBO_INTERVAL if turbo else interval, auto=auto,
                                 auto_pause=TURBO_PAUSE if turbo else 1.2, start=False)
    window = table.window
    if table.session.recovered:
        window.statusBar().showMessage(f"recovered {table.session.recovered} operations from {path}", 10000)
        # The deck in use goes on without the cards already dealt from it (a new deck starts whole).
        resync_simulated_shoe(table, Counter(table.session.state.ledger.dealt))
    table.start()

    return exec_table(app, table, size=size, default_size=(1600, 900), fullscreen=fullscreen, screenshot=screenshot,
                      quit_after=quit_after)


def open_blackjack_replay(recorded: Any, *, rules: Any = None, interval: float = 1.5, start: bool = True,
                          start_at: Optional[tuple[int, Optional[int]]] = None) -> Table:
    """The table a recorded blackjack shoe (:class:`~dealer_assist.sources.replay.RecordedShoe`) was played
    at, with the replay as its card source and no journal: the record is only read, nothing is written.

    The rules are those the journal recorded; ``rules`` (a config file's) must be the same."""
    from dealer_assist.table.blackjack_session import BlackjackSessionError, replay_rules

    try:
        rules = replay_rules(recorded.rules, rules)
    except BlackjackSessionError as exc:
        raise DisplayError(f"cannot replay {recorded.path}: {exc}") from None
    options = ["allow_broken=1"] if recorded.broken is not None or recorded.unguarded else []
    if start_at is not None:  # (deck, round): replay --shoe N --round M
        options += [f"shoe={start_at[0]}"] + ([] if start_at[1] is None else [f"round={start_at[1]}"])
    spec = f"replay:{recorded.path}" + ("?" + "&".join(options) if options else "")
    return open_blackjack_table(source_spec=spec, journal_path=None, rules=rules,
                                interval=interval, start=start, replay=True)


def replay_blackjack(recorded: Any, *, rules: Any = None, interval: float = 1.5, screenshot: Optional[str] = None,
                     quit_after: Optional[float] = None, size: Optional[tuple[int, int]] = None,
                     fullscreen: bool = False, start: Optional[tuple[int, Optional[int]]] = None) -> int:
    """The blackjack display stepping through a recorded shoe, until the window closes (or ``quit_after``);
    ``start``, the (deck, round) to begin at."""
    app = application()
    table = open_blackjack_replay(recorded, rules=rules, interval=interval, start_at=start)
    return exec_table(app, table, size=size, default_size=(1600, 900), fullscreen=fullscreen, screenshot=screenshot,
                      quit_after=quit_after)
