"""A restarted table hears of the cards its serial shoe dealt while it was down, and a replug that lost
only heartbeats raises no alarm.

A restarted host joined the shoe's stream anew (PROTOCOL.md 7.4): the cards dealt while it was down
went by without a word.  And every replug named the heartbeats lost meanwhile as "a card may have
been missed", though the next heartbeat said the device's last card was the one the host had."""

from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, DeviceHello, LinkState, SeqGap
from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for

SOURCE = "serial:/dev/card-shoe"


def fed(*frames: bytes, resume=None) -> list:
    shoe = SerialShoe("/dev/card-shoe")
    events: list = []
    shoe.set_sink(events.append)
    if resume is not None:
        shoe.resume_after(*resume)
    shoe.feed(b"".join(frames))
    return events


def gaps(events) -> list:
    return [e.missing for e in events if isinstance(e, SeqGap)]


HELLO = format_frame("HELLO", 0, "1", "fw", "SHOE-1", "B1")


def started_on_a_pty(session: TableSession) -> tuple[PtyEndpoint, SerialShoe]:
    """A restarted table's shoe reader on a fresh pty, started as the display starts it (resumed from the
    journal), once its port is open."""
    from dealer_assist.ui.app import Table

    device = PtyEndpoint()
    shoe = SerialShoe(device.path, name=SOURCE)
    Table(session, shoe, window=None).start()
    assert wait_for(lambda: shoe.device_path is not None)
    time.sleep(0.1)  # the reader flushes what was waiting when it opens the port
    return device, shoe


def test_heartbeats_lost_at_a_replug_are_no_lost_card():
    events = fed(HELLO, format_frame("CARD", 1, "AS"), format_frame("HB", 2, "1"), format_frame("HB", 6, "1"))
    assert gaps(events) == []  # frames 3-5 were heartbeats: the device's last card is still 1
    events = fed(HELLO, format_frame("CARD", 1, "AS"), format_frame("HB", 2, "1"), format_frame("HB", 7, "4"))
    assert gaps(events) == [(3, 4)]  # card 4 went by: 3 and 4 may be cards, 5 and 6 came after it
    events = fed(HELLO, format_frame("HB", 1, "-"), format_frame("HB", 5, "-"))
    assert gaps(events) == []  # no card this boot at all
    events = fed(HELLO, format_frame("CARD", 1, "AS"), format_frame("CARD", 4, "KH"))
    assert gaps(events) == [(2, 3)]  # revealed by a card: which were cards cannot be told


def test_a_resumed_reader_names_the_cards_dealt_while_the_host_was_down():
    assert gaps(fed(format_frame("HB", 240, "234"), resume=("B1", 231))) == [(232, 233, 234)]
    assert gaps(fed(format_frame("HB", 240, "231"), resume=("B1", 231))) == []  # only heartbeats went by
    assert gaps(fed(format_frame("HB", 240, "234"))) == []  # not resumed: joined mid-stream, as the protocol says
    assert gaps(fed(HELLO, resume=("B1", 231))) == []  # its HELLO repeated: no restart, no gap
    rebooted = fed(format_frame("HB", 5, "3"), resume=("B1", 231))  # the count went back: it rebooted meanwhile
    assert gaps(rebooted) == [(1, 2, 3)]  # 0 was its HELLO, 4 came after its last card, 3


def test_a_restarted_table_resumes_its_shoe_from_the_journal_over_a_real_pty(tmp_path):
    path = tmp_path / "j.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=False))
    session = TableSession(rules, journal=Journal.open(path), odds=False)
    session.handle(DeviceHello(SOURCE, time.time(), "SHOE-1", "B1", "fw"))
    for seq, code in enumerate(("4H", "5H"), start=1):
        session.handle(CardRead(parse_card(code), SOURCE, time.time(), seq=seq))
    session.close()  # the app is killed; the shoe deals 6S and 7S (SEQ 3 and 4) meanwhile

    again = TableSession(rules, journal=Journal.open(path), odds=False)
    assert again.source_position(SOURCE) == ("B1", 2)
    assert [c.code for c in again.state.round.cards] == ["4H", "5H"]
    device, shoe = started_on_a_pty(again)
    try:
        device.write(format_frame("HB", 6, "4"))
        wait_for(lambda: any(a.code == "gap" for a in again.snapshot.alerts))
        gap = next(a for a in again.snapshot.alerts if a.code == "gap")
        assert "lost frames 3, 4:" in gap.text
    finally:
        shoe.stop()
        device.close()
        again.close()


def test_a_shoe_that_restarts_is_a_standing_warning_and_its_first_hello_a_note(tmp_path):
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=Journal.open(tmp_path / "j.sqlite"),
                           odds=False)
    session.handle(DeviceHello(SOURCE, time.time(), "SHOE-1", "B1", "fw"))
    assert [(a.level, a.title) for a in session.snapshot.alerts] == [("info", "SHOE CONNECTED")]
    session.handle(DeviceHello(SOURCE, time.time(), "SHOE-1", "B2", "fw"))
    (alert,) = session.snapshot.alerts
    assert (alert.level, alert.title) == ("warning", "SHOE RESTARTED") and "boot B1, now B2" in alert.text
    assert session.source_position(SOURCE) == ("B2", None)
    session.close()


def test_a_restart_whose_hello_was_lost_is_named_as_one(tmp_path):
    """The shoe restarted while the table was down, its HELLO unheard: the table showed only FRAMES LOST
    for frames 0-4, as if a few frames had gone astray, not that the old count's last frames are unknown."""
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=Journal.open(tmp_path / "j.sqlite"),
                           odds=False)
    session.handle(DeviceHello(SOURCE, time.time(), "SHOE-1", "B1", "fw"))
    for event in fed(format_frame("HB", 5, "3"), resume=("B1", 231)):
        session.handle(event)
    alerts = {a.code: a for a in session.snapshot.alerts}
    assert alerts["gap"].title == "FRAMES LOST" and "lost frames 1-3 of a new count: frame 3 was a card" in \
        alerts["gap"].text  # 0 was the HELLO, 4 came after the last card the heartbeat names
    assert (alerts["hello"].level, alerts["hello"].title) == ("warning", "SHOE RESTARTED?")
    assert "started again with no HELLO (frame 5 is of a new count" in alerts["hello"].text
    session.close()
    plain = fed(HELLO, format_frame("CARD", 1, "AS"), format_frame("CARD", 4, "KH"))
    assert [e.count_went_back for e in plain if isinstance(e, SeqGap)] == [False]  # a gap ahead is no restart


def test_a_long_gap_is_summarised_and_short_ones_named():
    from dealer_assist.table.session_core import frame_runs

    assert frame_runs((3, 4)) == "frames 3, 4" and frame_runs((12, 13, 14, 15)) == "frames 12-15"
    assert frame_runs((9,)) == "frame 9" and frame_runs((2, 5, 6, 7)) == "frames 2, 5-7"
    assert frame_runs(tuple(range(4, 2000))) == "1,996 frames, 4 to 1999"
    assert frame_runs((1, 3, 5, 7, 9, 11)) == "6 frames, 1 to 11"


def test_line_noise_is_journaled_in_counts_and_warned_of_once(tmp_path):
    """A wrong baud rate sends some 90 damaged lines a second: each was a synced journal entry, and the
    screen said nothing while the link stayed up."""
    from dealer_assist.events import FrameDropped

    path = tmp_path / "j.sqlite"
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=Journal.open(path), odds=False)
    t0 = 1000.0
    for i in range(90):  # 90 lines over 3 seconds
        session.handle(FrameDropped(SOURCE, t0 + i / 30, "crc" if i % 3 else "malformed"))
    session.handle(CardRead(parse_card("9H"), SOURCE, t0 + 3.5, seq=1))
    noise = [a for a in session.snapshot.alerts if a.code == f"noise:{SOURCE}"]
    assert len(noise) == 1 and noise[0].level == "warning" and "baud rate" in noise[0].action
    session.close()
    entries = [e for e in Journal.open(path, readonly=True).entries() if e.kind == "frame_dropped"]
    assert 3 <= len(entries) <= 5  # about one a second, not 90
    assert sum(e.payload["count"] for e in entries) == 90
    assert sum(e.payload["reasons"].get("malformed", 0) for e in entries) == 30
    kinds = [e.kind for e in Journal.open(path, readonly=True).entries()]
    assert kinds.index("card_read") > max(i for i, k in enumerate(kinds) if k == "frame_dropped")


def test_a_lost_source_that_does_not_retry_is_not_said_to_reconnect():
    """A camera whose stream dropped is not reopened (the cards in view would be read again as new);
    its alert said "it reconnects by itself" all the same."""
    from dealer_assist.events import LinkState

    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), odds=False)
    session.handle(LinkState("camera:rtsp://table", time.time(), "up"))
    session.handle(LinkState("camera:rtsp://table", time.time(), "lost", "stream stopped", retrying=False))
    (alert,) = [a for a in session.snapshot.alerts if a.code.startswith("link:")]
    assert "does not come back by itself" in alert.action and "reconnects" not in alert.action
    session.handle(LinkState(SOURCE, time.time(), "up"))
    session.handle(LinkState(SOURCE, time.time(), "lost", "unplugged"))
    serial = next(a for a in session.snapshot.alerts if a.code == f"link:{SOURCE}")
    assert "reconnects by itself" in serial.action
    session.close()


def test_a_card_whose_count_went_back_waits_for_the_croupier(qtbot, table_factory):
    """A stray old frame (a valid CRC, an old SEQ, other content) was played as B1 with nothing to mark it."""
    events = fed(HELLO, format_frame("CARD", 1, "AS"), format_frame("CARD", 2, "KH"), format_frame("CARD", 1, "9S"))
    cards = [e for e in events if isinstance(e, CardRead)]
    assert [(c.card.code, c.confidence, bool(c.doubt)) for c in cards] == [("AS", 1.0, False), ("KH", 1.0, False),
                                                                           ("9S", 0.0, True)]
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)))
    s = window.session
    for card in cards:
        s.handle(card)
    assert [c.code for c in s.state.round.cards] == ["AS", "KH"] and s.snapshot.pending.card.code == "9S"
    qtbot.waitUntil(lambda: "CONFIRM: is it 9♠?" in window.entry.question.text(), timeout=3000)
    # Why it waits: in the banner, and in the strip where it fits (else in its tooltip: qaM L7).
    assert "frame number went back" in window.banner.reason.text()
    assert "frame number went back" in window.entry.question.text() + window.entry.question.toolTip()
    assert s.confirm_pending() is None and [c.code for c in s.state.round.cards] == ["AS", "KH", "9S"]


def test_a_flood_of_device_errors_keeps_a_bounded_list_of_alerts_with_the_newest(tmp_path):
    """10,000 ERR frames with different codes left 10,000 alerts, each dismissed by its own Esc."""
    from dealer_assist.events import DeviceError
    from dealer_assist.table.session_core import MOST_ALERTS

    path = tmp_path / "j.sqlite"
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=Journal.open(path), odds=False)
    session.alert("gap", "error", "FRAMES LOST", "frames 3, 4", "type any missing card (K)")
    session.alert("cut", "info", "CUT CARD OUT", "this round and one more", "none")
    for n in range(300):
        session.handle(DeviceError(SOURCE, time.time(), f"E{n}", "jam"))
    alerts = session.snapshot.alerts
    assert len(alerts) == MOST_ALERTS and alerts[-1].code == "device:E299"
    assert "cut" not in [a.code for a in alerts]  # a note goes before any error
    session.close()
    journaled = [e for e in Journal.open(path, readonly=True).entries() if e.kind == "alert"]
    assert len(journaled) == 302  # every one is still in the journal


def test_cards_read_after_lost_frames_wait_behind_the_croupier_in_their_order(qtbot, table_factory):
    """After a gap mid-round the next cards read went straight into the round, in the lost card's place,
    and the round settled on them; and a card read while one waited for the croupier replaced it (an
    unsure one) or was played before it (a sure one)."""
    from dealer_assist.table.holds import AFTER_A_GAP

    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)))
    s = window.session
    s.handle(CardRead(parse_card("9S"), SOURCE, time.time(), seq=1))
    s.handle(SeqGap(SOURCE, time.time(), (2,)))  # B1 went by unread
    for seq, code in ((3, "QD"), (4, "5C")):
        s.handle(CardRead(parse_card(code), SOURCE, time.time(), seq=seq))
    assert [c.code for c in s.state.round.cards] == ["9S"]
    assert s.snapshot.pending.card.code == "QD" and s.snapshot.pending.doubt == AFTER_A_GAP
    assert [e.card.code for e in s.snapshot.waiting] == ["5C"]
    qtbot.waitUntil(lambda: "1 more read after it wait" in window.entry.question.text(), timeout=3000)
    assert s.enter_card("KH") is None  # the missing B1, typed: it goes first, QD still waits
    assert [c.code for c in s.state.round.cards] == ["9S", "KH"] and s.snapshot.pending.card.code == "QD"
    assert s.confirm_pending() is None  # QD, then the 5C that waited behind it
    assert [c.code for c in s.state.round.cards] == ["9S", "KH", "QD", "5C"]
    assert s.snapshot.pending is None and s.snapshot.waiting == ()
    s.handle(CardRead(parse_card("2C"), SOURCE, time.time(), seq=5))  # the layout was looked at: no more waiting
    assert s.snapshot.pending is None


def test_noise_between_good_frames_is_still_journaled_at_most_once_a_second(tmp_path):
    """Each good frame flushed the noise count in its place: with cards at 6 a second, 5 entries a second."""
    from dealer_assist.events import FrameDropped

    path = tmp_path / "j.sqlite"
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=Journal.open(path), odds=False)
    t = 1000.0
    for n in range(24):  # 4 s: a damaged line, then a good frame, 6 times a second
        session.handle(FrameDropped(SOURCE, t, "crc"))
        session.handle(LinkState(SOURCE, t + 0.01, "up"))
        t += 1 / 6
    session.close()
    entries = [e for e in Journal.open(path, readonly=True).entries() if e.kind == "frame_dropped"]
    assert len(entries) <= 5 and sum(e.payload["count"] for e in entries) == 24


def test_a_wall_clock_stepped_back_does_not_stop_the_noise_count(tmp_path):
    """Events carry the wall clock's time; NTP stepping it back an hour had stopped the journal's
    count of damaged lines, and the NOISE warning, until the clock caught up: an hour of noise unsaid."""
    from dealer_assist.events import FrameDropped

    path = tmp_path / "j.sqlite"
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=Journal.open(path), odds=False)
    for n in range(600):  # a minute of a bad line, 10 damaged lines a second; the clock steps back at 10 s
        t = 1_800_000_000.0 + n / 10 - (3600.0 if n >= 100 else 0.0)
        session.handle(FrameDropped(SOURCE, t, "crc"))
        if n % 50 == 49:  # the croupier dismisses the warning every 5 s
            session.dismiss(f"noise:{SOURCE}")
    session.close()
    entries = list(Journal.open(path, readonly=True).entries())
    counted = sum(e.payload["count"] for e in entries if e.kind == "frame_dropped")
    warned = [e for e in entries if e.kind == "alert" and e.payload.get("code") == f"noise:{SOURCE}"]
    assert counted >= 590 and len(warned) >= 11  # as with no step: 591 lines journaled, 12 warnings


def test_a_frame_the_shoe_sends_again_after_the_tables_restart_is_a_repeat_over_a_real_pty(tmp_path):
    """qaAC F16: the shoe sent its last CARD again, byte for byte (PROTOCOL.md 5 allows it), just after the display
    restarted on its journal: SHOE RESTARTED? and FRAMES LOST were raised and K♦, already B1, waited to be played
    a second time.  Without the restart the same repeat is ignored; the journal holds the frame, so it is now too."""
    path = tmp_path / "j.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=False))
    session = TableSession(rules, journal=Journal.open(path), odds=False)
    session.handle(DeviceHello(SOURCE, time.time(), "SHOE-1", "B1", "fw"))
    assert session.deal() is None
    for seq, code in enumerate(("9S", "KD"), start=2):
        session.handle(CardRead(parse_card(code), SOURCE, time.time(), seq=seq))
    session.close()

    again = TableSession(rules, journal=Journal.open(path), odds=False)
    device, shoe = started_on_a_pty(again)
    try:
        device.write(format_frame("CARD", 3, "KD") + format_frame("HB", 4, "3") + format_frame("CARD", 5, "TH"))
        wait_for(lambda: len(again.state.round.cards) >= 3)
        assert [c.code for c in again.state.round.cards] == ["9S", "KD", "TH"]
        assert again.snapshot.pending is None and shoe.stats["duplicates"] == 1
        assert not {"gap", "hello"} & {a.code for a in again.snapshot.alerts}
    finally:
        shoe.stop()
        device.close()
        again.close()


def test_a_frame_with_the_seq_of_a_card_read_before_the_restart_but_another_card_is_no_repeat():
    """Only the same frame is a repeat: another card under that SEQ is the count gone back (a restart)."""
    from dealer_assist.events import CountPosition, CountRestarted

    def after_restart(frame: bytes) -> list:
        shoe = SerialShoe("/dev/card-shoe")
        events: list = []
        shoe.set_sink(events.append)
        shoe.resume_from("SHOE-1", CountPosition("B1", 3, 3, recent=((2, "9S"), (3, "KD"))))
        shoe.feed(frame)
        return events

    assert after_restart(format_frame("CARD", 3, "KD")) == []
    assert any(isinstance(e, (CountRestarted, SeqGap)) for e in after_restart(format_frame("CARD", 3, "QH")))
