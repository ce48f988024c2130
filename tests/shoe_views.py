"""What a baccarat table with a card-reading shoe shows of its waits, for the tests that check that a restart and a
replay show what the live table did: the read held and those waiting, the cards due, the alerts, the cards played
and those held after the round."""

from __future__ import annotations

from dealer_assist.table.session import TableSession
from replayed_journals import replayed

#: Alerts a restart or a replay raises of its own.
OWN = {"replay", "restarted", "table_started", "hello"}


def shown(session) -> tuple:
    snap = session.snapshot
    held = snap.pending and (snap.pending.card.code, snap.pending.doubt)
    return (held, snap.cards_due, [e.card.code for e in snap.waiting],
            sorted(a.code for a in snap.alerts if a.level != "info" and a.code not in OWN),
            [c.code for c in session.state.round.cards], [c.code for c in session.state.held])


def restart_shows(rig, live: tuple, restart: bool) -> None:
    """With ``restart``, the table restarted on its journal shows what it showed ``live``."""
    if restart:
        rig.restart()
        assert shown(rig.session) == live


def replay_shown(path, rules) -> tuple:
    """What the replay of the journal at ``path`` shows at its end."""
    return shown(replayed(path, TableSession(rules, odds=False)))
