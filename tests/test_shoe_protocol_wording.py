"""What a firmware author reads of a line dropped (qaV F9): a CRC shown as a Python bytes repr, a protocol too
large called "not a number", a protocol 0 taken, a plain line of escape sequences alone called an empty card
code, and an 81-byte frame whose reason did not tell it was one byte over."""

from __future__ import annotations

import pytest

from dealer_assist.sources.shoe_protocol import FrameError, LineSplitter, crc16, parse_frame, parse_plain


def frame(body: str) -> bytes:
    return f"${body}*{crc16(body.encode()):04X}\r\n".encode()


def why(line: bytes, parse=parse_frame) -> str:
    with pytest.raises(FrameError) as caught:
        parse(line)
    return caught.value.why


def test_a_crc_that_is_no_hex_is_shown_as_sent():
    said = why(b"$HB,10,-*ZZZZ\r\n")
    assert "CRC 'ZZZZ' is not 4 hex digits" in said and "b'" not in said


@pytest.mark.parametrize("proto", ["0", "999999999999999999999", "1000"])
def test_a_protocol_version_out_of_range_is_refused_as_such(proto):
    said = why(frame(f"HELLO,0,{proto},fw,ID1,B00T"))
    assert "out of range" in said and "versions count from 1" in said and "not a number" not in said


def test_protocols_one_and_later_are_taken():
    assert parse_frame(frame("HELLO,0,1,fw,ID1,B00T")).protocol == 1
    assert parse_frame(frame("HELLO,0,2,fw,ID1,B00T,X")).protocol == 2


def test_a_plain_line_of_escape_sequences_alone_is_line_noise():
    said = why(b"\x1b[2J\r\n", parse_plain)
    assert said.startswith("line noise") and "card code" not in said


def test_an_81_byte_frame_is_said_to_be_a_byte_too_long():
    line = frame("ERR,1,JAM," + "x" * (81 - len("$ERR,1,JAM,*CCCC\r\n")))
    assert len(line) == 81
    (error,) = LineSplitter().feed(line)
    assert error.reason == "too_long" and "at most its 80th byte" in error.why and "one byte too long" in error.why
