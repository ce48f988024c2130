"""`listen --conformance` names, as SHOULDs that fail no check, a HELLO said again with no heartbeat right before
it and a check of 10 s or more that heard no HELLO at all (PROTOCOL.md 6; qaV F1, F4): a maker's check was
green for firmware that broke the checklist's HELLO item."""

from __future__ import annotations

from dealer_assist.sources.conformance import SHOULD, ConformanceCheck, RawLineSplitter
from dealer_assist.sources.shoe_protocol import format_frame

HELLO = format_frame("HELLO", 0, "1", "fw-1", "SHOE-7", "B1")


def check(lines):
    found, splitter, checker = [], RawLineSplitter(), ConformanceCheck()
    for t, data in lines:
        for line in splitter.feed(t, data):
            found += checker.line(line)
    return checker, found


def beats(first_seq: int, start: float, n: int, last_card: str = "-"):
    return [(start + i, format_frame("HB", first_seq + i, last_card)) for i in range(n)]


def test_a_hello_said_again_with_no_heartbeat_before_it_is_a_should():
    lines = [(0.0, HELLO), *beats(1, 0.0, 3), (2.5, format_frame("CARD", 4, "AS")), (2.6, HELLO),
             *beats(5, 3.0, 2, "4")]
    checker, found = check(lines)
    assert [(d.rule, d.level, d.section) for d in found] == [("hello_no_beat", SHOULD, "6")]
    assert found[0].raw == HELLO and "heartbeat just before it" in found[0].text
    summary = checker.summary(4.5)
    assert summary.passed and dict(summary.warnings) == {"hello_no_beat": 1}


def test_a_hello_said_again_right_after_a_heartbeat_is_no_deviation():
    lines = [(0.0, HELLO), *beats(1, 0.0, 2), (2.0, format_frame("HB", 3, "-") + HELLO), *beats(4, 3.0, 2)]
    checker, found = check(lines)
    assert found == [] and checker.summary(4.5).warnings == ()


def test_one_said_again_in_a_count_joined_midway_is_named_once_the_next_frame_shows_it_went_on():
    hello = format_frame("HELLO", 0, "1", "fw-1", "SHOE-7", "C3")  # its boot not heard: the next frame tells
    lines = [*beats(57, 0.0, 2), (1.5, format_frame("CARD", 59, "AS")), (1.6, hello), *beats(60, 2.0, 2, "59")]
    checker, found = check(lines)
    assert [d.rule for d in found] == ["hello_no_beat"] and found[0].raw == hello
    assert checker.summary(3.5).passed


def test_a_boots_hello_needs_no_heartbeat_before_it():
    lines = [(0.0, HELLO), *beats(1, 0.0, 2), (1.5, format_frame("HELLO", 0, "1", "fw-1", "SHOE-7", "B2")),
             *beats(1, 1.6, 2)]
    assert check(lines)[1] == []


def test_a_check_of_ten_seconds_that_heard_no_hello_says_so_once():
    checker, found = check(beats(40, 0.0, 12))
    assert found == []
    said = checker.finish(11.5)
    assert [(d.rule, d.level) for d in said] == [("hello_unheard", SHOULD)] and "every few seconds" in said[0].text
    summary = checker.summary(11.5)
    assert summary.passed and dict(summary.warnings) == {"hello_unheard": 1}


def test_a_shorter_check_or_one_that_heard_a_hello_says_nothing_of_it():
    assert check(beats(40, 0.0, 8))[0].finish(8.0) == []
    checker, _ = check([*beats(40, 0.0, 6), (6.0, format_frame("HB", 46, "-") + HELLO), *beats(47, 7.0, 6)])
    assert checker.finish(12.5) == []
