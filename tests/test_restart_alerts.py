"""A restart shows again the alerts that still stood when the table stopped (QA: a jammed shoe, a shoe
that restarted, a card held after the round were all silent on the restarted table), and none that
the croupier had dismissed, nor a link's state, which the restarted table finds for itself."""

from __future__ import annotations

from dealer_assist.events import DeviceError, DeviceHello, LinkState, ShoeSignal
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules

RULES = TableRules(shoe=ShoeRules(burn=False))
SHOE = "serial:/dev/ttyUSB0"


def table(path) -> TableSession:
    return TableSession(RULES, Journal.open(path), odds=False)


def titles(session) -> set[str]:
    return {a.title for a in session.snapshot.alerts}


def test_the_alerts_standing_at_a_stop_are_shown_again_and_no_others(tmp_path):
    path = tmp_path / "j.sqlite"
    session = table(path)
    session.handle(DeviceHello(SHOE, 1.0, "SHOE-7", "B1"))
    session.handle(DeviceHello(SHOE, 2.0, "SHOE-7", "B2"))  # it rebooted: SHOE RESTARTED
    session.handle(DeviceError(SHOE, 3.0, "JAM", "card jammed"))
    session.handle(LinkState(SHOE, 4.0, "lost", "unplugged"))
    assert session.deal() is None
    for code in ("9H", "2S", "KD", "3C"):
        assert session.enter_card(code) is None
    session.enter_card("7C")  # after the round: held
    session.handle(ShoeSignal(SHOE, 5.0, "empty"))
    session.dismiss("empty")  # Esc
    stood = {a.code: a.title for a in session.snapshot.alerts if a.level != "info" and not a.code.startswith("link:")}
    assert set(stood.values()) == {"SHOE RESTARTED", "SHOE REPORTS JAM", "CARD 7♣ AFTER THE ROUND"}
    session.close()
    again = table(path)
    shown = {a.code: a.title for a in again.snapshot.alerts}
    assert shown == stood  # not SHOE EMPTY (dismissed), not the link's state
    again.close()


def test_an_alert_replaced_by_a_note_of_its_code_is_not_shown_again(tmp_path):
    """SHOE CONNECTED (a note) after SHOE RESTARTED took its place live: so at a restart."""
    path = tmp_path / "j.sqlite"
    session = table(path)
    session.handle(DeviceHello(SHOE, 1.0, "SHOE-7", "B1"))
    session.handle(DeviceHello(SHOE, 2.0, "SHOE-7", "B2"))
    session.close()
    again = table(path)
    assert "SHOE RESTARTED" in titles(again)
    again.handle(DeviceHello(SHOE, 3.0, "SHOE-7", "B2"))
    assert "SHOE RESTARTED" not in titles(again)
    again.close()
    assert "SHOE RESTARTED" not in titles(table(path))
