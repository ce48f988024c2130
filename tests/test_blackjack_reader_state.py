"""The reader's state stays on the blackjack screen while it is lost or silent, and its coming back is said in both
games (qaAY F5): once CARD READER LOST was dismissed (Esc, a croupier's reflex) the table waited on CARD TO SEAT 1
for a card that could not come, nothing on the screen saying why; and the red bar just went when the reader came
back, so "plugged back, fine" looked like "someone pressed Esc"."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt

from dealer_assist.events import LinkState
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow
from replayed_journals import journal_entries, replayed

SHOE = "serial:/dev/ttyUSB0"
LOST = "the card reader is lost: type the cards (K)"
SHOTS = "/tmp/h26/fixAY3"


def _shot(window, name: str) -> None:
    import os

    if os.path.isdir(SHOTS):
        window.grab().save(f"{SHOTS}/{name}")


def test_the_reader_lost_and_dismissed_stays_on_the_banner_while_a_card_is_due(qtbot, show_window, tmp_path):
    session = BlackjackSession(BlackjackTableRules(), journal=Journal.open(tmp_path / "bj.sqlite"))
    window = show_window(BlackjackWindow(session, None))
    session.handle(LinkState(SHOE, 1.0, "up"))
    session.handle(LinkState(SHOE, 2.0, "lost", "the device went away"))
    qtbot.waitUntil(lambda: "CARD READER LOST" in window.alerts.titles())
    qtbot.keyClick(window, Qt.Key.Key_Escape)  # dismissed at once
    qtbot.waitUntil(lambda: not session.snapshot.alerts)
    session.place(1, Decimal("25"))
    assert session.deal() is None
    qtbot.waitUntil(lambda: window.banner.title.text() == "CARD TO SEAT 1")
    qtbot.waitUntil(lambda: LOST in window.banner.reason.text())
    _shot(window, "bj_lost_dismissed.png")
    assert session.enter_card("TH") is None  # typed, as it says: the next card is due, the note stays
    assert LOST in session.snapshot.reason
    window.close()
    session.close()


def test_a_silent_reader_is_named_too_and_nothing_once_it_is_up():
    session = BlackjackSession(BlackjackTableRules())
    session.place(1, Decimal("25"))
    assert session.deal() is None
    assert "card reader" not in session.snapshot.reason  # no reader at all: the keyboard is the table's
    session.handle(LinkState(SHOE, 1.0, "up"))
    assert "card reader" not in session.snapshot.reason
    session.handle(LinkState(SHOE, 2.0, "stale", "no frame for 3 s"))
    assert "the card reader is silent" in session.snapshot.reason and "(K)" in session.snapshot.reason
    session.handle(LinkState(SHOE, 3.0, "up"))
    assert "card reader" not in session.snapshot.reason


def test_the_reader_back_is_a_note_that_expires_and_the_replay_shows_it(qtbot, show_window, tmp_path, monkeypatch):
    from dealer_assist.ui import alerts as alert_view

    monkeypatch.setattr(alert_view, "INFO_SECONDS", 0.3)
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(BlackjackTableRules(), journal=Journal.open(path))
    window = show_window(BlackjackWindow(session, None))
    session.handle(LinkState(SHOE, 1.0, "up"))
    session.handle(LinkState(SHOE, 2.0, "lost", "the device went away"))
    qtbot.waitUntil(lambda: "CARD READER LOST" in window.alerts.titles())
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not session.snapshot.alerts)
    session.place(1, Decimal("25"))  # a round, so that the record has an operation to replay
    session.handle(LinkState(SHOE, 5.0, "up"))
    back = {a.code: a for a in session.snapshot.alerts}[f"link:{SHOE}"]
    assert (back.level, back.title) == ("info", "CARD READER BACK") and SHOE in back.text
    qtbot.waitUntil(lambda: "CARD READER BACK" in window.alerts.titles())
    _shot(window, "bj_reader_back.png")
    qtbot.waitUntil(lambda: not session.snapshot.alerts, timeout=3000)  # a note: it goes by itself
    window.close()
    session.close()
    assert any(e.kind == "alert" and e.payload.get("title") == "CARD READER BACK" for e in journal_entries(path))
    replay = replayed(path, BlackjackSession(BlackjackTableRules()))
    assert "CARD READER BACK" in [a.title for a in replay.snapshot.alerts]


def test_baccarat_says_the_reader_is_back_after_it_was_lost_or_silent():
    session = TableSession(TableRules(), None)
    session.handle(LinkState(SHOE, 1.0, "up"))
    assert "CARD READER BACK" not in [a.title for a in session.snapshot.alerts]  # the first open is no return
    for state in ("lost", "stale"):
        session.handle(LinkState(SHOE, 2.0, state, "gone"))
        session.handle(LinkState(SHOE, 3.0, "up"))
        alerts = [(a.level, a.title) for a in session.snapshot.alerts]
        assert alerts == [("info", "CARD READER BACK")], state
    session.close()
