"""``listen``'s words agree with themselves (qaAY F9): one number for the lines a wrong baud rate drops, a
``boot_on_open`` told as a note (not "SHOULD not held"), no bare stderr line before the HELLO of another device,
and the read after a LOST FRAMES marked HELD, as a table holds it."""

from __future__ import annotations

from dealer_assist.commands.serial import _human
from dealer_assist.sources.conformance import ConformanceCheck, RawLineSplitter
from dealer_assist.sources.shoe_protocol import format_frame
from test_listen_conformance import HELLO, _listen as listening


def _listen(tmp_path, writes: list[bytes], *options: str) -> tuple[str, str]:
    run = listening(tmp_path, writes, *options, pause=0.3)
    return run.stdout, run.stderr


def test_bytes_at_a_wrong_baud_rate_are_one_line_dropped_in_the_verdict_as_in_the_counts():
    check, splitter = ConformanceCheck(), RawLineSplitter()
    for line in splitter.feed(0.0, HELLO + format_frame("HB", 1, "-") + bytes(range(0x80, 0x100)) * 6):
        check.line(line)
    for line in splitter.feed(0.5, format_frame("HB", 2, "-")):
        check.line(line)
    summary = check.summary(1.0)
    assert summary.dropped == 1 and "1 line dropped" in summary.text, summary.text


def test_boot_on_open_is_printed_as_a_note():
    check = ConformanceCheck()
    check.link(10.0, "up")
    found = []
    splitter = RawLineSplitter()
    for line in splitter.feed(12.0, HELLO + format_frame("HB", 1, "-")):
        found += check.line(line)
    assert [(d.rule, d.level) for d in found] == [("boot_on_open", "NOTE")]
    from dealer_assist.commands.serial import deviation_record

    printed = _human(deviation_record(found[0]))
    assert "NOTE PROTOCOL.md section 2 (boot_on_open; no rule broken)" in printed and "SHOULD" not in printed


def test_another_devices_hello_has_no_bare_line_and_the_read_after_lost_frames_is_held(tmp_path):
    out, err = _listen(tmp_path, [HELLO + format_frame("HB", 1, "-"), format_frame("CARD", 2, "AS"),
                                  format_frame("CARD", 5, "QS"), format_frame("CARD", 6, "2D"),
                                  format_frame("HELLO", 0, "1", "fw-1", "SHOE-9", "C4")], "--seconds", "2.5")
    assert "answered, not" not in err and "answered, not" not in out, err
    lines = out.splitlines()
    assert "HELD" not in next(line for line in lines if "card      AS" in line)
    held = next(line for line in lines if "card      QS" in line)
    assert "HELD (a table would not play it): frames were lost before it" in held, out
    assert "HELD" not in next(line for line in lines if "card      2D" in line)
    assert "ANOTHER SHOE" in next(line for line in lines if "device SHOE-9" in line)
