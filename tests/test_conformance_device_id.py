"""`listen --conformance` names a device id that changes at a reboot on the same open port (qaAY F7): PROTOCOL.md
6 asks the id to be stable, unique per unit, and a table takes a HELLO naming another id for ANOTHER SHOE,
holding every card until Ctrl+T; the check passed such a firmware."""

from __future__ import annotations

from conformance_rig import checked, listened_over
from dealer_assist.sources.conformance import MUST, ConformanceCheck, RawLineSplitter
from dealer_assist.sources.shoe_protocol import format_frame


def _hello(device: str, boot: str) -> bytes:
    return format_frame("HELLO", 0, "1", "fw-1", device, boot)


def _reboot_as(device: str) -> list[tuple[float, bytes]]:
    """SHOE-7 boots, beats, deals, then boots again (a new boot id) naming ``device``."""
    return [(0.0, _hello("SHOE-7", "B1") + format_frame("HB", 1, "-")), (0.5, format_frame("CARD", 2, "AS")),
            (1.0, format_frame("HB", 3, "2")), (2.0, format_frame("HB", 4, "2")),
            (2.5, _hello(device, "C9") + format_frame("HB", 1, "-")),
            (3.5, format_frame("HB", 2, "-")), (4.5, format_frame("HB", 3, "-"))]


def test_a_reboot_that_names_another_device_id_on_the_open_port_is_a_must():
    check, found = checked(_reboot_as("SHOE-BOOT2"))
    named = [d for d in found if d.rule == "device_id"]
    assert [(d.level, d.section) for d in named] == [(MUST, "6")]
    assert "device id changed at a reboot: it must stay the same for the unit" in named[0].text
    assert "SHOE-7" in named[0].text and "SHOE-BOOT2" in named[0].text
    summary = check.summary(5.0)
    assert not summary.passed and ("device_id", 1) in summary.deviations


def test_a_reboot_keeping_the_device_id_is_no_deviation():
    check, found = checked(_reboot_as("SHOE-7"))
    assert found == [] and check.summary(5.0).passed


def test_another_unit_after_the_link_was_lost_is_no_deviation():
    check, splitter, found = ConformanceCheck(), RawLineSplitter(), []
    lines = _reboot_as("SHOE-9")
    for t, data in lines:
        if t == 2.5:
            found += check.link(2.2, "lost") + check.link(2.4, "up")  # unplugged, another shoe plugged in
        for line in splitter.feed(t, data):
            found += check.line(line)
    assert [d for d in found if d.rule == "device_id"] == []


def test_listen_conformance_fails_such_a_firmware_over_a_real_pty(tmp_path):
    records, code, _ = listened_over(tmp_path, _reboot_as("SHOE-BOOT2"), seconds=6)
    named = [r for r in records if r.get("rule") == "device_id"]
    assert len(named) == 1 and "must stay the same for the unit" in named[0]["text"], records
    verdict = records[-1]
    assert verdict["event"] == "conformance" and verdict["verdict"] == "fail"
    assert code != 0
