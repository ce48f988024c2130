"""A shoe's ERR and SHOE EMPTY reports are journaled with the SEQ of their frame, over a real pty (qaAC F9).

In a dispute ("did the shoe jam before or after this card?") the order of the shoe's frames is what a shoe
maker's engineer is asked for: card reads, unread cards and cuts carried their SEQ, a JAM or an EMPTY did not.
They are for the record: a restart goes on from the count's last card, so the shoe sending such a frame again just
after it (as PROTOCOL.md 7.3 lets it) is no count gone back."""

from __future__ import annotations

import time

import pytest

from dealer_assist.events import DeviceHello
from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for
from replayed_journals import journal_entries
from test_serial_resume import SOURCE, started_on_a_pty

RULES = TableRules(shoe=ShoeRules(burn=False))


def table(game: str, path):
    if game == "baccarat":
        return TableSession(RULES, journal=Journal.open(path), odds=False)
    return BlackjackSession(journal=Journal.open(path))


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_err_and_empty_frames_are_journaled_with_their_seq_and_a_restart_goes_on_after_them(tmp_path, game):
    path = tmp_path / "j.sqlite"
    session = table(game, path)
    session.handle(DeviceHello(SOURCE, time.time(), "SHOE-1", "B1", "fw"))
    device, shoe = started_on_a_pty(session)
    try:
        device.write(format_frame("ERR", 1, "JAM", "card stuck at the mouth") + format_frame("HB", 2, "-")
                     + format_frame("SHOE", 3, "EMPTY"))
        wait_for(lambda: {"device:JAM", "empty"} <= {a.code for a in session.snapshot.alerts})
    finally:
        shoe.stop()
        device.close()
        session.close()
    alerts = {e.payload["code"]: e.payload for e in journal_entries(path) if e.kind == "alert"}
    assert (alerts["device:JAM"]["source"], alerts["device:JAM"]["source_seq"]) == (SOURCE, 1)
    assert (alerts["empty"]["source"], alerts["empty"]["source_seq"]) == (SOURCE, 3)

    again = table(game, path)
    device, shoe = started_on_a_pty(again)
    try:
        # The shoe sends its EMPTY again just after the restart (PROTOCOL.md 7.3 lets it), then a heartbeat: no
        # count gone back, no frames lost (rev25 F3: the EMPTY's SEQ taken as the count's, the resent frame read
        # as SHOE RESTARTED? and FRAMES LOST).
        device.write(format_frame("SHOE", 3, "EMPTY") + format_frame("HB", 4, "-"))
        assert wait_for(lambda: shoe.stats["frames"] >= 2)
        time.sleep(0.2)
        assert not {"gap", "hello"} & {a.code for a in again.snapshot.alerts}
    finally:
        shoe.stop()
        device.close()
        again.close()
