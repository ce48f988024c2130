"""``listen --conformance`` names a SHOE state v1 does not know (PROTOCOL.md 6 and 7.7).

fixQP: ``$SHOE,n,OPEN`` with a good CRC is passed over by the host, which warns (SHOE STATE OPEN NOT KNOWN,
``listen``'s ``shoe`` record ``"unknown": true``), but the conformance check a shoe maker runs on its firmware
said PASS.  A device whose HELLO says protocol 1 sends only NEW, CUT and EMPTY: the check now FAILs it with
``shoe_state``; a HELLO saying a later protocol, which may add states, is not named for it.
"""

from __future__ import annotations

from conformance_rig import HELLO, between_heartbeats, checked, listened, named_raw
from dealer_assist.sources.shoe_protocol import format_frame


def test_a_shoe_state_v1_does_not_know_fails_a_protocol_1_device():
    check, found = checked(between_heartbeats(HELLO, format_frame("SHOE", 2, "OPEN")))
    assert [(d.rule, d.section, d.level) for d in found] == [("shoe_state", "6, 7.7", "MUST")]
    assert "SHOE state OPEN" in found[0].text and "NEW, CUT and EMPTY" in found[0].text
    summary = check.summary(2.1)
    assert not summary.passed and summary.deviations == (("shoe_state", 1),)
    assert "shoe_state x1" in summary.text and "conformance FAIL" in summary.text


def test_v1_states_and_a_later_protocols_own_state_are_not_named():
    for state in ("NEW", "CUT", "EMPTY"):
        check, found = checked(between_heartbeats(HELLO, format_frame("SHOE", 2, state)))
        assert found == [] and check.summary(2.1).passed, state
    hello2 = format_frame("HELLO", 0, "2", "fw-9", "SHOE-7", "B9")
    check, found = checked(between_heartbeats(hello2, format_frame("SHOE", 2, "OPEN")))
    assert found == [] and check.summary(2.1).passed


def test_listen_conformance_on_a_real_pty_names_the_unknown_state_and_fails(tmp_path):
    records, code, err = listened(tmp_path, format_frame("SHOE", 2, "OPEN"))
    assert [r for r in records if r["event"] == "shoe"][0]["unknown"] is True
    named = [r for r in records if r["event"] == "deviation" and r["rule"] != "heartbeat_period"]
    assert [(r["rule"], r["level"], r["raw"]) for r in named] == [("shoe_state", "MUST",
                                                                   named_raw(format_frame("SHOE", 2, "OPEN")))]
    summary = records[-1]
    assert summary["event"] == "conformance" and summary["verdict"] == "fail", summary
    assert "shoe_state" in summary["deviations"] and code == 1, err
