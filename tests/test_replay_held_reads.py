"""A replay shows a read held for the croupier as the live table showed it: CONFIRM CARD, its reason, the strip
"CONFIRM: is it 9♣?" and the reads waiting behind it, from the step where it was held until it is played, and a read
still held when the journal ends (qaAV F4: the replay showed none of it, and a card that came out of the shoe and
waited was invisible to a pit boss reviewing a dispute).

Each journal is recorded by a real table reading a shoe over a real pty (a frame lost before the read holds it);
the replays run in real offscreen windows, stepped one recorded operation at a time."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.replay import read_journal
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for
from test_replay_keys import open_baccarat_replay

NO_BURN = TableRules(shoe=ShoeRules(burn=False))
BLACKJACK = BlackjackTableRules(seats=3)
HELLO = format_frame("HELLO", 0, "1", "fw", "SHOE-A", "A1")
#: AS read and played; frame 2 (a card, the heartbeat says) lost; 9C read and held behind it; 2D read behind 9C.
HELD = HELLO + format_frame("CARD", 1, "AS") + format_frame("HB", 3, "2") + format_frame("CARD", 4, "9C")
BEHIND = format_frame("CARD", 5, "2D")


def over_pty(tmp_path, session, then=lambda session: None) -> None:
    """``session`` reads :data:`HELD` and :data:`BEHIND` from a shoe on a real pty, then ``then`` runs."""
    device = PtyEndpoint(str(tmp_path / "shoe"))
    reader = SerialShoe(device.url, name="serial:shoe", backoff_first=0.05, backoff_max=0.2)
    reader.start(session.handle)
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        device.write(HELD)
        assert wait_for(lambda: session.snapshot.pending is not None)
        device.write(BEHIND)
        assert wait_for(lambda: len(session.snapshot.waiting) == 1)
        then(session)
    finally:
        reader.stop()
        device.close()


def held(snap) -> tuple:
    """What the table shows of the reads held: the banner, its reason, the read, the reads behind it, cards due."""
    pending = snap.pending
    return (snap.banner, snap.status_reason(), None if pending is None else (pending.card, pending.source,
            pending.seq, pending.doubt), tuple((r.card, r.seq) for r in snap.waiting), snap.cards_due)


def synced(qtbot, window, session):
    qtbot.waitUntil(lambda: getattr(window, "rendered", getattr(window, "_last", None)) is not None and getattr(
        window, "rendered", getattr(window, "_last", None)).version == session.snapshot.version, timeout=3000)


def shown_on(window) -> tuple[str, str, str]:
    """The window's banner title, its reason and the confirm strip's words."""
    return window.banner.title.text(), window.banner.reason.text(), window.entry.question.words[0]


def assert_shows_held(window, live) -> None:
    banner, reason, (card, source, _, _), behind, _ = live
    title, said, strip = shown_on(window)
    assert (title, banner) == ("CONFIRM CARD", "CONFIRM CARD")
    assert said.endswith(reason) and f"{source} read {card.label}, held: " in said
    assert strip.startswith(f"CONFIRM: is it {card.label}? ({source}: frames were lost before it")
    assert strip.endswith(f" · {len(behind)} more read after it wait their turn")


def test_the_baccarat_replay_shows_the_read_held_from_its_step_until_enter_plays_it(tmp_path, qtbot, show_window):
    path = tmp_path / "j.sqlite"
    session = TableSession(NO_BURN, journal=Journal.open(path), odds=False)
    live = {}

    def answered(s):
        assert s.enter_card("KH") is None  # the card the lost frame held, typed
        live["typed"] = held(s.snapshot)
        assert s.confirm_pending() is None  # Enter plays 9C, then 2D comes as read
        live["played"] = held(s.snapshot)

    over_pty(tmp_path, session, answered)
    session.close()
    assert live["typed"][2][0].code == "9C" and live["played"][2] is None

    table = open_baccarat_replay(path, show_window)
    try:
        replay, source, window = table.session, table.source, table.window
        assert source.step()["card"] == "AS"
        assert held(replay.snapshot)[2] is None
        assert source.step()["card"] == "KH"  # the frame lost, 9C held (2D behind it), then KH typed
        assert held(replay.snapshot) == live["typed"]
        synced(qtbot, window, replay)
        assert_shows_held(window, live["typed"])
        assert source.step()["card"] == "9C"  # Enter
        assert source.step()["card"] == "2D"
        assert held(replay.snapshot) == live["played"]
        synced(qtbot, window, replay)
        assert window.banner.title.text() != "CONFIRM CARD" and window.entry.question.words[0] == ""
        assert [c.code for c in replay.state.round.cards] == ["AS", "KH", "9C", "2D"]
    finally:
        table.close()


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_a_read_still_held_when_the_journal_ends_is_shown_at_the_end_of_the_replay(tmp_path, qtbot, show_window,
                                                                                    game):
    path = tmp_path / "j.sqlite"
    if game == "baccarat":
        session = TableSession(NO_BURN, journal=Journal.open(path), odds=False)
    else:
        session = BlackjackSession(BLACKJACK, journal=Journal.open(path))
        assert session.place(1, D("25")) is None and session.deal() is None
    over_pty(tmp_path, session)
    live = held(session.snapshot)
    session.close()  # the table closed with 9C held and 2D behind it
    assert live[2][0].code == "9C" and [c.code for c, _ in live[3]] == ["2D"]

    if game == "baccarat":
        table = open_baccarat_replay(path, show_window)
    else:
        from dealer_assist.ui.blackjack.app import open_blackjack_replay

        table = open_blackjack_replay(read_journal(path), interval=3600, start=False)
        show_window(table.window)
        table.source.set_sink(table.session.handle)
    try:
        replay, source, window = table.session, table.source, table.window
        while source.step() is not None:
            pass
        assert held(replay.snapshot) == live
        synced(qtbot, window, replay)
        assert_shows_held(window, live)
        assert window.banner.reason.text().startswith("REPLAY FINISHED")
        assert not any(a.code == "replay" for a in replay.snapshot.alerts)  # the record matched all the way
    finally:
        table.close()
