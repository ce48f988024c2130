"""``listen --conformance`` names a frame type v1 does not define (PROTOCOL.md 6, 7.7 and 9).

fixQC: ``$CRD,2,AS`` (a firmware's slip for CARD) with a good CRC is passed over by the host with its SEQ counted,
as a v1 host must pass over the types a later version may add, and without a word: the card it meant reaches no
table, yet the conformance check a shoe maker runs on its firmware said PASS.  A device whose HELLO says protocol 1
(or that sent none) sends only HELLO, CARD, HB, ERR and SHOE: the check now FAILs it with ``frame_type``; a HELLO
saying a later protocol, which may add types, is not named for it.
"""

from __future__ import annotations

from conformance_rig import HELLO, between_heartbeats, checked, listened, named_raw
from dealer_assist.sources.shoe_protocol import format_frame


def test_a_frame_type_v1_does_not_define_fails_a_protocol_1_device():
    check, found = checked(between_heartbeats(HELLO, format_frame("CRD", 2, "AS")))
    assert [(d.rule, d.section, d.level) for d in found] == [("frame_type", "6, 7.7", "MUST")]
    assert "frame type CRD" in found[0].text and "HELLO, CARD, HB, ERR and SHOE" in found[0].text
    summary = check.summary(2.1)
    assert not summary.passed and summary.deviations == (("frame_type", 1),)
    assert "frame_type x1" in summary.text and "conformance FAIL" in summary.text


def test_a_device_that_sent_no_hello_is_checked_as_protocol_1():
    check, found = checked([(0.0, format_frame("HB", 1, "-")), (0.5, format_frame("TEMP", 2, "41")),
                           (1.0, format_frame("HB", 3, "-")), (2.0, format_frame("HB", 4, "-"))])
    assert "frame_type" in [d.rule for d in found]
    assert dict(check.summary(2.1).deviations)["frame_type"] == 1


def test_v1_types_and_a_later_protocols_own_type_are_not_named():
    for kind, *fields in (("ERR", "JAM", "card stuck"), ("SHOE", "CUT")):
        check, found = checked(between_heartbeats(HELLO, format_frame(kind, 2, *fields)))
        assert found == [] and check.summary(2.1).passed, kind
    hello2 = format_frame("HELLO", 0, "2", "fw-9", "SHOE-7", "B9")
    check, found = checked(between_heartbeats(hello2, format_frame("TEMP", 2, "41")))
    assert found == [] and check.summary(2.1).passed


def test_listen_conformance_on_a_real_pty_names_the_unknown_type_and_fails(tmp_path):
    records, code, err = listened(tmp_path, format_frame("CRD", 2, "AS"))
    assert not [r for r in records if r["event"] in ("card", "dropped", "gap")], records  # passed over, SEQ counted
    named = [r for r in records if r["event"] == "deviation" and r["rule"] != "heartbeat_period"]
    assert [(r["rule"], r["level"], r["raw"]) for r in named] == [("frame_type", "MUST",
                                                                   named_raw(format_frame("CRD", 2, "AS")))]
    summary = records[-1]
    assert summary["event"] == "conformance" and summary["verdict"] == "fail", summary
    assert "frame_type" in summary["deviations"] and code == 1, err
