"""Which shoe a count is of, live on a real pty: this table's shoe back restarted, the other shoe's HELLO only
repeated before Ctrl+T, a DOUBLE_FEED just after a restart (rev15 F2, F10, F9)."""

from __future__ import annotations

import pytest

from dealer_assist.events import CardRead, DeviceHello, SeqGap
from dealer_assist.sources.shoe_protocol import format_frame
from polling import wait_for
from test_serial_own_shoe_back import _table, hello, swap


def alerts(session) -> dict:
    return {a.code: a for a in session.snapshot.alerts}


def test_this_tables_shoe_back_with_a_new_boot_names_its_own_lost_frame_as_this_tables(tmp_path):
    """rev15 F2: SHOE-A back after SHOE-B, restarted meanwhile (boot A2): its old count's next frame, lost as the
    link was, was told as ANOTHER SHOE'S LOST FRAMES (SHOE-B's), and held nothing: A's next card played."""
    device, session, reader, events = _table(tmp_path)
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        device.write(hello("SHOE-A", "A1") + format_frame("CARD", 1, "AS") + format_frame("CARD", 2, "KH"))
        assert wait_for(lambda: [c.code for c in session.state.round.cards] == ["AS", "KH"])
        swap(device, reader, events, hello("SHOE-B", "B1") + format_frame("HB", 1, "-"))
        assert wait_for(lambda: alerts(session).get("hello") is not None
                        and alerts(session)["hello"].title == "ANOTHER SHOE")
        session.dismiss("gap")  # the croupier answered the FRAMES LOST of A's count cut by the swap
        back = len(events)
        swap(device, reader, events, hello("SHOE-A", "A2") + format_frame("HB", 1, "-") + format_frame("CARD", 2, "9S"))
        assert wait_for(lambda: any(isinstance(e, CardRead) and e.card.code == "9S" for e in events[back:]))
    finally:
        reader.stop()
        device.close()
    assert [(e.missing, e.after_link_loss, e.foreign) for e in events[back:] if isinstance(e, SeqGap)] == \
        [((3,), True, "")]
    shown = alerts(session)
    assert shown["gap"].title == "FRAMES LOST" and not [c for c in shown if c.startswith("foreign:")]
    assert [c.code for c in session.state.round.cards] == ["AS", "KH"]
    assert session.snapshot.pending.card.code == "9S"  # waits: A's frame 3 may have been a card
    session.close()


def test_ctrl_t_after_the_other_shoe_only_repeated_its_hello_takes_it_under_its_own_name(tmp_path):
    """rev15 F10: after a reopen SHOE-B said its HELLO again (its boot id, a repeat): not "heard", so Ctrl+T
    took the shoe in the socket as SHOE-A, and the real SHOE-A back later was no ANOTHER SHOE."""
    device, session, reader, events = _table(tmp_path)
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        device.write(hello("SHOE-A", "A1") + format_frame("CARD", 1, "AS"))
        assert wait_for(lambda: [c.code for c in session.state.round.cards] == ["AS"])
        swap(device, reader, events, hello("SHOE-B", "B1") + format_frame("HB", 1, "-"))
        assert wait_for(lambda: any(isinstance(e, DeviceHello) and e.device == "SHOE-B" for e in events))
        swap(device, reader, events, format_frame("HB", 2, "-") + hello("SHOE-B", "B1") + format_frame("HB", 3, "-"))
        assert wait_for(lambda: reader.stats["frames"] >= 7)  # the repeated HELLO and the heartbeat after it came
        assert session.take_shoe() is None
        taken = alerts(session)["hello"]
        assert taken.title == "SHOE TAKEN" and "(SHOE-B)" in taken.text
        back = len(events)
        swap(device, reader, events, hello("SHOE-A", "A1") + format_frame("CARD", 2, "9S"))
        assert wait_for(lambda: any(isinstance(e, CardRead) and e.card.code == "9S" for e in events[back:]))
    finally:
        reader.stop()
        device.close()
    assert alerts(session)["hello"].title == "ANOTHER SHOE"  # SHOE-A is the other shoe now
    (card,) = [e for e in events[back:] if isinstance(e, CardRead)]
    assert "SHOE-A" in card.doubt and "SHOE-B" in card.doubt
    session.close()


@pytest.mark.parametrize("restarted", [True, False], ids=["after-a-restart", "same-count"])
def test_a_double_feed_just_after_a_restart_names_no_card_of_the_old_count(tmp_path, restarted):
    """rev15 F9: the card read just before a DOUBLE_FEED was matched by SEQ alone: after a restart the old
    count's card of the SEQ before was named "read just before this report", with "void it (V)"."""
    device, session, reader, events = _table(tmp_path)
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        device.write(hello("SHOE-A", "A1") + format_frame("HB", 1, "-") + format_frame("HB", 2, "-")
                     + format_frame("CARD", 3, "AS"))
        assert wait_for(lambda: [c.code for c in session.state.round.cards] == ["AS"])
        device.write((hello("SHOE-A", "A2") + b"".join(format_frame("HB", n, "-") for n in (1, 2, 3))
                      if restarted else b"") + format_frame("ERR", 4, "DOUBLE_FEED", "two cards"))
        assert wait_for(lambda: "device:DOUBLE_FEED" in alerts(session))
    finally:
        reader.stop()
        device.close()
    report = alerts(session)["device:DOUBLE_FEED"]
    named = "A♠ was read just before this report and played as P1" in report.text
    assert named is not restarted and ("void it" in report.action) is not restarted
    session.close()
