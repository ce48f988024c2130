"""The shoe line protocol v1: every message, every malformed variant, framing and SEQ rules."""

from __future__ import annotations

import binascii
import random

import pytest

from dealer_assist.cards import Card, full_deck
from dealer_assist.sources.shoe_protocol import (
    MAX_FRAME, CardFrame, ErrorFrame, FrameError, HeartbeatFrame, HelloFrame, LineSplitter, SequenceTracker,
    ShoeFrame, UnknownFrame, crc16, encode, format_frame, parse_frame, parse_plain,
)


def framed(body: str) -> bytes:
    """A line with a correct CRC around ``body``, built independently of format_frame."""
    return b"$" + body.encode("utf-8") + b"*" + f"{binascii.crc_hqx(body.encode('utf-8'), 0):04X}".encode() + b"\r\n"


def test_crc_check_values():
    # The published check value of CRC-16/XMODEM, and the empty string.
    assert crc16(b"123456789") == 0x31C3
    assert crc16(b"") == 0x0000


def test_worked_example_of_protocol_md():
    # The example frame printed in hardware/PROTOCOL.md.
    assert format_frame("CARD", 7, "TD") == b"$CARD,7,TD*E29C\r\n"
    assert crc16(b"CARD,7,TD") == 0xE29C


VALID = [
    ("HELLO,0,1,fw-2.3,SHOE-42,9F3A0001", HelloFrame(0, 1, "fw-2.3", "SHOE-42", "9F3A0001")),
    ("HELLO,0,2,fw,dev,b", HelloFrame(0, 2, "fw", "dev", "b")),
    ("CARD,7,TD", CardFrame(7, Card("T", "D"))),
    ("CARD,0,AS", CardFrame(0, Card("A", "S"))),
    ("CARD,65535,KC", CardFrame(65535, Card("K", "C"))),
    ("CARD,8,??", CardFrame(8, None)),
    ("HB,9,7", HeartbeatFrame(9, 7)),
    ("HB,1,-", HeartbeatFrame(1, None)),
    ("ERR,10,JAM,card jammed at the mouth", ErrorFrame(10, "JAM", "card jammed at the mouth")),
    ("ERR,11,DOUBLE_FEED,two cards, one read", ErrorFrame(11, "DOUBLE_FEED", "two cards, one read")),
    ("SHOE,12,NEW", ShoeFrame(12, "NEW")),
    ("SHOE,13,CUT", ShoeFrame(13, "CUT")),
    ("SHOE,14,EMPTY", ShoeFrame(14, "EMPTY")),
    ("TEMP,15,41C", UnknownFrame(15, "TEMP", ("41C",))),
]


@pytest.mark.parametrize("body, expected", VALID)
def test_every_message_parses(body, expected):
    assert parse_frame(framed(body)) == expected
    assert parse_frame(framed(body).rstrip(b"\r\n")) == expected  # without the terminator too
    assert parse_frame(framed(body)[:-2] + b"\n") == expected  # bare LF


@pytest.mark.parametrize("body, expected", VALID)
def test_encode_round_trips(body, expected):
    assert encode(expected) == framed(body)


def test_every_card_of_the_deck_round_trips():
    for seq, card in enumerate(full_deck()):
        assert parse_frame(encode(CardFrame(seq, card))) == CardFrame(seq, card)


MALFORMED = [
    ("CARD,7,Td", "not canonical"),
    ("CARD,7,10D", "not canonical"),
    ("CARD,7,T", "not canonical"),
    ("CARD,7,TX", "not canonical"),
    ("CARD,7,?", "not canonical"),
    ("CARD,7,", "not canonical"),
    ("CARD,7", "takes one field"),
    ("CARD,07,TD", "leading zeros"),
    ("CARD,-1,TD", "decimal"),
    ("CARD,+1,TD", "decimal"),
    ("CARD,65536,TD", "above 65535"),
    ("CARD,123456,TD", "decimal"),
    ("CARD,,TD", "decimal"),
    ("CARD,x,TD", "decimal"),
    ("CARD,٣,TD", "printable ASCII"),  # an Arabic-Indic digit is a digit to str.isdigit
    ("CARD", "no SEQ"),
    ("HELLO,1,1,fw,dev,boot", "SEQ 0"),
    ("HELLO,0,1,fw,dev", "protocol, firmware"),
    ("HELLO,0,x,fw,dev,boot", "not a number"),
    ("HELLO,0,1,,dev,boot", "non-empty"),
    ("HELLO,0,1,fw,dev,", "non-empty"),
    ("HB,3", "takes one field"),
    ("HB,3,x", "decimal"),
    ("ERR,4,JAM", "a code and a text"),
    ("ERR,4,jam,lower case code", "A-Z"),
    ("ERR,4,,no code", "A-Z"),
    ("SHOE,5,new", "NEW, CUT or EMPTY"),
    ("SHOE,5,Full", "NEW, CUT or EMPTY"),  # FULL, a word of A-Z, is a later version's state: passed over (qaAP F2)
    ("SHOE,5", "NEW, CUT or EMPTY"),
    ("card,6,AS", "A-Z"),
    (",6,AS", "A-Z"),
    ("CARD,7,A\tS", "printable ASCII"),
    ("CARD,7,A\x00", "printable ASCII"),
    ("CARD,7,A\xe9", "printable ASCII"),
]


@pytest.mark.parametrize("body, why", MALFORMED)
def test_malformed_bodies_with_a_good_crc_are_refused(body, why):
    with pytest.raises(FrameError) as info:
        parse_frame(framed(body))
    assert info.value.reason == "malformed"
    assert why in str(info.value)


BROKEN_FRAMING = [
    (b"CARD,7,TD*E29C\r\n", "malformed"),      # no $
    (b"$CARD,7,TD*E29\r\n", "malformed"),      # short CRC
    (b"$CARD,7,TD*E29CC\r\n", "malformed"),    # long CRC
    (b"$CARD,7,TD*G29C\r\n", "malformed"),     # not hex
    (b"$CARD,7,TDE29C\r\n", "malformed"),      # no *
    (b"$CARD,7,TD*E29D\r\n", "crc"),           # wrong CRC
    (b"$CARD,7,TC*E29C\r\n", "crc"),           # body changed
    (b"$CARD,8,TD*E29C\r\n", "crc"),           # SEQ changed
    (b"$*0000\r\n", "malformed"),              # empty body
    (b"", "malformed"),
    (b"$", "malformed"),
    (b"\r\n", "malformed"),
    (b"$" + b"A" * 80 + b"*0000\r\n", "too_long"),
]


@pytest.mark.parametrize("line, reason", BROKEN_FRAMING)
def test_broken_framing(line, reason):
    with pytest.raises(FrameError) as info:
        parse_frame(line)
    assert info.value.reason == reason
    assert info.value.raw == line


def test_lower_case_crc_digits_are_accepted():
    assert parse_frame(b"$CARD,7,TD*e29c\r\n") == CardFrame(7, Card("T", "D"))


def test_length_limit_is_exactly_80_bytes_with_crlf():
    text = "x" * 80
    for n in range(40, 80):
        body = "ERR,1,JAM," + text[: n - len("$ERR,1,JAM,*XXXX\r\n")]
        line = framed(body)
        assert len(line) == n
        assert parse_frame(line) == ErrorFrame(1, "JAM", body[10:])
    for n in (81, 82, 200):
        line = framed("ERR,1,JAM," + text[: n - len("$ERR,1,JAM,*XXXX\r\n")] + "y" * max(0, n - 98))
        with pytest.raises(FrameError) as info:
            parse_frame(line)
        assert info.value.reason == "too_long"


@pytest.mark.parametrize("args", [
    ("CARD", 70000, "AS"),
    ("CARD", -1, "AS"),
    ("ERR", 1, "JAM", "a * star"),
    ("ERR", 1, "JAM", "a $ dollar"),
    ("ERR", 1, "JAM", "new\nline"),
    ("ERR", 1, "JAM", "x" * 80),
])
def test_format_frame_refuses_what_a_host_would_drop(args):
    with pytest.raises(ValueError):
        format_frame(*args)


PLAIN = [
    (b"AS", Card("A", "S")),
    (b"10h", Card("T", "H")),
    (b"  td \r", Card("T", "D")),
    ("Q♣".encode(), Card("Q", "C")),
    (b"??", None),
]


@pytest.mark.parametrize("line, card", PLAIN)
def test_plain_dialect(line, card):
    assert parse_plain(line) == card


@pytest.mark.parametrize("line, reason", [
    (b"A", "malformed"),       # a reader must give the suit
    (b"XYZ", "malformed"),
    (b"\xff\xfe", "malformed"),
    (b"$CARD,7,TD*E29C", "malformed"),
    (b"A" * 81, "too_long"),
    (b"1H", "malformed"),      # a 10 that lost its "0": not the ace of hearts
    (b"0H", "malformed"),      # ... or its "1"
    ("1♠".encode(), "malformed"),
])
def test_plain_dialect_refuses(line, reason):
    with pytest.raises(FrameError) as info:
        parse_plain(line)
    assert info.value.reason == reason


def test_the_framed_dialect_has_no_rank_1_or_0_either():
    for code in ("1H", "0H", "10H"):
        with pytest.raises(FrameError) as info:
            parse_frame(framed(f"CARD,7,{code}"))
        assert info.value.reason == "malformed" and "not canonical" in info.value.why


# -- line splitting ------------------------------------------------------------

def split_all(chunks, **kw):
    sp = LineSplitter(**kw)
    out = []
    for c in chunks:
        out += sp.feed(c)
    return [x if isinstance(x, bytes) else x.reason for x in out]


A = format_frame("CARD", 1, "AS")
B = format_frame("CARD", 2, "KD")


def test_splitter_whole_and_byte_by_byte():
    stream = A + B
    assert split_all([stream]) == [A[:-1], B[:-1]]
    assert split_all([stream[i:i + 1] for i in range(len(stream))]) == [A[:-1], B[:-1]]


def test_splitter_recovers_the_frame_after_garbage_without_newline():
    assert split_all([b"noise" + A]) == ["malformed", A[:-1]]
    assert split_all([A[:8] + B]) == ["malformed", B[:-1]]  # truncated frame: dropped, named as cut short
    (cut, _) = LineSplitter().feed(A[:8] + B)
    assert cut.raw == A[:8] and cut.why.startswith("cut short by the next $")


def test_splitter_ignores_blank_lines_and_nul_padding():
    assert split_all([b"\r\n\r\n\x00\x00\n" + A]) == [A[:-1]]


def test_splitter_bounds_an_endless_line_and_names_it_while_it_is_sent():
    """A line with no end had been named only once its LF came, which a device that never sends one never sends."""
    sp = LineSplitter()
    out = sp.feed(b"x" * 10_000)
    assert [x.reason for x in out] == ["too_long"] and "no LF within them" in str(out[0])
    assert len(sp._buf) <= MAX_FRAME
    assert sp.feed(b"x" * 500) == []  # the same line: named once
    assert sp.feed(b"\n" + A) == [A[:-1]]


def test_the_limit_counts_the_line_end_as_sent():
    """80 bytes with a bare LF had been refused as 81 (two line-end bytes counted that were not sent)."""
    body = "ERR,1,JAM,"
    for end, n in ((b"\r\n", 80), (b"\n", 80)):
        line = framed(body + "x" * (n - len(end) - len(framed(body)) + 2))[:-2] + end
        assert len(line) == n and parse_frame(line).text.startswith("x")
        assert parse_frame(line[:-1] if end == b"\n" else line[:-2]).text.startswith("x")  # as a splitter gives it
        longer = framed(body + "x" * (n + 1 - len(end) - len(framed(body)) + 2))[:-2] + end
        assert len(longer) == n + 1
        with pytest.raises(FrameError, match="81 bytes with its line end"):
            parse_frame(longer)


def test_plain_lines_may_end_with_a_cr_alone():
    """Many barcode scanners end lines with CR only: 60 cards had given nothing at all."""
    assert split_all([b"AS\rKH\r", b"QD\r\n9C\n"], dollar_starts_line=False, cr_ends_line=True) == \
        [b"AS", b"KH", b"QD", b"9C"]


def test_a_dropped_line_says_exactly_what_was_wrong():
    line = b"$CARD,1,AS*4327\r\n"  # CRC-16/CCITT-FALSE, the commonest mistake
    with pytest.raises(FrameError) as info:
        parse_frame(line)
    assert info.value.reason == "crc" and f"{binascii.crc_hqx(b'CARD,1,AS', 0):04X}" in info.value.why
    assert "XMODEM" in info.value.why
    bad = framed("CARD,1,A\x07")  # a control byte, its CRC right or wrong
    for line in (bad, bad[:-6] + b"0000\r\n"):
        with pytest.raises(FrameError) as info:
            parse_frame(line)
        assert info.value.reason == "malformed"


def test_splitter_overlong_frame_ended_by_next_dollar():
    assert split_all([b"$" + b"C" * 100 + A]) == ["too_long", A[:-1]]


def test_splitter_plain_mode_keeps_dollar():
    assert split_all([b"AS\r\n$x\n"], dollar_starts_line=False) == [b"AS\r", b"$x"]


# -- SEQ rules -------------------------------------------------------------------

def run(tracker, frames):
    return [(v.deliver, v.missing, v.duplicate) for v in map(tracker.check, frames)]


def hello(boot):
    return HelloFrame(0, 1, "fw", "dev", boot)


def card(seq):
    return CardFrame(seq, Card("A", "S"))


def test_in_order_frames_are_delivered():
    t = SequenceTracker()
    assert run(t, [hello("b1"), card(1), card(2), HeartbeatFrame(3, 2)]) == [(True, (), False)] * 4


def test_gap_names_the_missing_frames():
    t = SequenceTracker()
    assert run(t, [hello("b1"), card(1), card(4)])[-1] == (True, (2, 3), False)


def test_repeat_is_ignored_even_after_later_frames():
    t = SequenceTracker()
    assert run(t, [hello("b1"), card(1), card(2), card(2), card(1), card(3)]) == [
        (True, (), False), (True, (), False), (True, (), False), (False, (), True), (False, (), True),
        (True, (), False)]


def test_same_boot_hello_is_a_repeat_new_boot_resyncs():
    t = SequenceTracker()
    assert run(t, [hello("b1"), card(1), hello("b1"), card(2)])[2] == (False, (), True)
    assert run(t, [hello("b2"), card(1), card(3)]) == [(True, (), False), (True, (), False), (True, (2,), False)]


def test_wrap_around():
    t = SequenceTracker()
    assert run(t, [card(65534), card(65535), card(0), card(2)]) == [
        (True, (), False), (True, (), False), (True, (), False), (True, (1,), False)]


def test_first_frame_mid_stream_is_accepted_without_a_gap():
    t = SequenceTracker()
    assert run(t, [card(500), card(501)]) == [(True, (), False)] * 2


def test_count_going_back_without_hello_is_a_restart_alarm_not_silence():
    # The HELLO of a reboot was lost: SEQ 3 comes again with another card.
    t = SequenceTracker()
    run(t, [hello("b1"), card(1), card(2), card(3), card(4)])
    v = t.check(CardFrame(3, Card("K", "H")))
    assert (v.deliver, v.missing, v.duplicate, v.restarted) == (True, (0, 1, 2), False, True)
    assert run(t, [card(4), card(5)]) == [(True, (), False)] * 2


def test_backwards_beyond_the_repeat_window_is_also_a_restart():
    t = SequenceTracker()
    run(t, [hello("b1")] + [card(i) for i in range(1, 2001)])
    v = t.check(card(5))
    # seq 5 fell out of the repeat window long ago: the frame is delivered and the jump alarmed
    assert v.deliver and not v.duplicate and v.restarted
    assert v.missing == (0, 1, 2, 3, 4)


def test_half_the_seq_space_ahead_is_a_gap():
    t = SequenceTracker()
    run(t, [hello("b1"), card(1)])
    assert len(t.check(card(1 + 32768)).missing) == 32767


def test_tracker_is_seeded_randomly_consistent():
    # Whatever the loss pattern, the union of delivered and missing is exactly the device's SEQ range.
    rng = random.Random(7)
    for _ in range(50):
        t = SequenceTracker()
        t.check(hello("b"))  # and its frame 1: a HELLO heard first then a later SEQ may be a repeat (7.4)
        kept = [1] + sorted(rng.sample(range(2, 300), 200))
        seen, named = {0}, set()
        for s in kept:
            v = t.check(card(s))
            assert v.deliver
            seen.add(s)
            named.update(v.missing)
        assert seen | named == set(range(0, kept[-1] + 1))
        assert not seen & named


def test_every_example_frame_in_protocol_md_is_valid():
    import pathlib
    import re

    doc = (pathlib.Path(__file__).resolve().parents[1] / "hardware" / "PROTOCOL.md").read_text()
    blocks = re.findall(r"```frames\n(.*?)```", doc, re.S)
    lines = [line for block in blocks for line in block.splitlines() if line.strip()]
    assert len(lines) >= 10
    for line in lines:
        parse_frame(line.encode() + b"\r\n")
    wire = re.search(r"On the wire: `([0-9A-F ]+)`", doc).group(1)
    assert bytes.fromhex(wire) == format_frame("CARD", 7, "TD")


# -- hypothesis: arbitrary bytes never raise anything but FrameError; frames round-trip ----------

from hypothesis import given, settings, strategies as st  # noqa: E402

from dealer_assist.cards import RANKS, SUITS  # noqa: E402

cards = st.builds(Card, st.sampled_from(RANKS), st.sampled_from(SUITS))
seqs = st.integers(0, 65535)
words = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E, blacklist_characters="$*,"),
                min_size=1, max_size=8)
frames = st.one_of(
    st.builds(CardFrame, seqs, st.none() | cards),
    st.builds(HeartbeatFrame, seqs, st.none() | seqs),
    st.builds(ShoeFrame, seqs, st.sampled_from(["NEW", "CUT", "EMPTY"])),
    st.builds(ErrorFrame, seqs, st.from_regex(r"[A-Z0-9_]{1,12}", fullmatch=True),
              st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E, blacklist_characters="$*"),
                      min_size=0, max_size=30)),
    st.builds(HelloFrame, st.just(0), st.integers(1, 999), words, words, words),
)


@settings(max_examples=300, deadline=None)
@given(frames)
def test_any_frame_round_trips(frame):
    assert parse_frame(encode(frame)) == frame


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=120))
def test_arbitrary_bytes_raise_only_frame_error(data):
    try:
        parse_frame(data)
    except FrameError as exc:
        assert exc.reason in ("crc", "too_long", "malformed")
    try:
        parse_plain(data)
    except FrameError as exc:
        assert exc.reason in ("too_long", "malformed")
    for item in LineSplitter().feed(data):
        assert isinstance(item, (bytes, FrameError))
        if isinstance(item, bytes):
            assert len(item) < MAX_FRAME and b"\n" not in item


def test_the_boot_id_survives_a_count_that_went_back():
    t = SequenceTracker()
    run(t, [hello("b1"), card(1), card(2)])
    assert t.check(CardFrame(1, Card("K", "D"))).restarted
    run(t, [card(2), card(3)])
    assert t.check(hello("b1")).duplicate  # a replug's HELLO: a repeat, the count goes on
    assert run(t, [card(4)]) == [(True, (), False)]
    back = t.check(CardFrame(1, Card("5", "S")))  # SEQ 1 after a repeated HELLO: the count went back
    assert back.restarted and back.missing == (0,)
    assert t.check(hello("b2")).restarted  # a new boot id is a new count still


# -- a HELLO in the middle of a count joined mid-stream (QA qaH F2) ---------------------------------------

def test_a_hello_in_a_count_joined_mid_stream_waits_for_the_next_frame_to_tell():
    t = SequenceTracker()
    run(t, [HeartbeatFrame(40, None), card(41)])  # the host opened the port after the shoe's HELLO
    v = t.check(hello("b2"))
    assert v.deliver and v.unsure and t.unsure_hello
    restart = t.check(card(1))  # a new count: the shoe rebooted
    assert (restart.deliver, restart.missing, restart.hello_restarted) == (True, (), True)
    assert not t.unsure_hello and t.check(hello("b2")).duplicate


def test_a_hello_repeated_after_a_replug_in_a_count_joined_mid_stream_lets_the_count_go_on():
    t = SequenceTracker()
    run(t, [HeartbeatFrame(40, None), card(41)])
    assert t.check(hello("b1")).unsure
    goes_on = t.check(card(42))  # the count's next SEQ: a repeat; a restart had named 1-41 as lost
    assert (goes_on.deliver, goes_on.missing, goes_on.restarted, goes_on.hello_restarted) == (True, (), False, False)
    assert t.check(hello("b1")).duplicate and t.check(card(44)).missing == (43,)


def test_a_restart_whose_first_frames_were_lost_is_still_a_restart():
    t = SequenceTracker()
    run(t, [HeartbeatFrame(40, None), card(41)])
    t.check(hello("b2"))
    assert t.check(hello("b2")).duplicate and t.unsure_hello  # sent twice: still unsure
    v = t.check(card(3))
    assert v.hello_restarted and v.missing == (1, 2)


def test_a_heartbeat_naming_a_lost_frame_as_its_last_card_says_a_card_was_lost():
    t = SequenceTracker()
    run(t, [hello("b1"), card(1)])
    v = t.check(HeartbeatFrame(4, 2))  # frames 2 and 3 lost; the shoe's last card is frame 2
    assert (v.missing, v.cards, v.card_lost) == ((2, 3), (2,), 2)
    assert t.check(card(6)).card_lost is None  # frame 5 lost: a card perhaps, not known
