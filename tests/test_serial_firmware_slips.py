"""A firmware's usual slips are named for what they are, over a real pty (qaAC, a card-shoe maker's integrator).

F1: a CRC printed with ``printf("%X")`` instead of ``"%04X"`` (1 frame in 16) was "the frame was cut short".
F2: a shoe computing a look-alike CRC (PROTOCOL.md 4) saw every frame dropped with no hint of which CRC it sent,
and the link's stale detail blamed a slow line or lines not ended, though whole lines came.
F8: the heartbeat's dropped-line why still taught the old rule (the SEQ of the last CARD).
F10: a plain-dialect reader on the default v1 was told to check the baud rate; a v1 shoe read with
``--dialect plain`` had every frame called an invalid card code.
"""

from __future__ import annotations

import pytest

from dealer_assist.events import FrameDropped, LinkState
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from polling import wait_for


def xmodem(data: bytes, init: int = 0) -> int:
    """Bitwise CRC-16 with poly 0x1021, as PROTOCOL.md 4's C code (init 0xFFFF: CCITT-FALSE)."""
    crc = init
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def reflected(data: bytes, poly: int, init: int) -> int:
    crc = init
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ poly if crc & 1 else crc >> 1
    return crc


def line(body: str, crc: int | None = None, digits: str = "%04X") -> bytes:
    data = body.encode()
    return b"$" + data + b"*" + (digits % (xmodem(data) if crc is None else crc)).encode() + b"\r\n"


class Reader:
    """A pty the test writes the device's bytes into, and a v1 (or plain) reader on it."""

    def __init__(self, tmp_path, dialect: str = "v1", stale_after: float = 3.0) -> None:
        self.device = PtyEndpoint(str(tmp_path / "shoe"))
        self.events: list = []
        self.reader = SerialShoe(self.device.url, dialect=dialect, stale_after=stale_after)
        self.reader.start(self.events.append)
        assert wait_for(lambda: self.reader.link == "up" and self.device.host_connected())

    def dropped(self, count: int) -> list[FrameDropped]:
        assert wait_for(lambda: len([e for e in self.events if isinstance(e, FrameDropped)]) >= count)
        return [e for e in self.events if isinstance(e, FrameDropped)]

    def close(self) -> None:
        self.reader.stop()
        self.device.close()


@pytest.fixture
def make(tmp_path):
    made: list[Reader] = []

    def build(**kwargs) -> Reader:
        made.append(Reader(tmp_path, **kwargs))
        return made[-1]
    yield build
    for reader in made:
        reader.close()


HELLO = line("HELLO,0,1,fw,SHOE-1,B1")


def test_a_crc_printed_without_its_leading_zero_is_named_not_called_cut_short(make):
    body = next(f"CARD,{n},AS" for n in range(1, 500) if xmodem(f"CARD,{n},AS".encode()) < 0x1000)
    crc = xmodem(body.encode())
    reader = make()
    reader.device.write(HELLO + line(body, digits="%X"))
    (dropped,) = reader.dropped(1)
    digits = "%X" % crc
    assert dropped.reason == "malformed"
    assert dropped.why.startswith(f"CRC '{digits}' is {crc:04X} without its leading zero"), dropped.why
    assert "cut short" not in dropped.why and '"%04X"' in dropped.why


def test_a_crc_really_cut_short_is_still_called_so(make):
    reader = make()
    full = line("CARD,1,KD")
    reader.device.write(HELLO + full[:-4] + b"\r\n")  # the CRC's last two digits lost
    (dropped,) = reader.dropped(1)
    assert "cut short" in dropped.why and "leading zero" not in dropped.why


@pytest.mark.parametrize("crc, named", [
    (lambda b: xmodem(b, 0xFFFF), "CRC-16/CCITT-FALSE (init 0xFFFF)"),
    (lambda b: reflected(b, 0x8408, 0), "CRC-16/KERMIT"),
    (lambda b: reflected(b, 0xA001, 0xFFFF), "CRC-16/MODBUS"),
    (lambda b: xmodem(b"$" + b), "the frame from its $"),
    (lambda b: xmodem(b + b"*"), "up to and including the *"),
    (lambda b: int.from_bytes(xmodem(b).to_bytes(2, "big"), "little"), "two bytes swapped"),
])
def test_a_look_alike_crc_is_named_in_the_dropped_line(make, crc, named):
    body = "CARD,1,AS"
    reader = make()
    reader.device.write(HELLO + line(body, crc(body.encode())))
    (dropped,) = reader.dropped(1)
    assert dropped.reason == "crc"
    assert named in dropped.why and f"{crc(body.encode()):04X} is the" in dropped.why, dropped.why


def test_a_crc_damaged_on_the_line_names_no_look_alike(make):
    reader = make()
    reader.device.write(HELLO + line("CARD,1,AS", xmodem(b"CARD,1,AS") ^ 0x0101))
    (dropped,) = reader.dropped(1)
    assert dropped.reason == "crc" and dropped.why.endswith("the CRC-16/XMODEM of the bytes between $ and *")


def test_a_stale_link_whose_whole_lines_all_fail_the_crc_says_so_not_the_baud_rate(make):
    reader = make(stale_after=0.6)
    reader.device.write(HELLO)
    assert wait_for(lambda: reader.reader.stats["frames"] == 1)
    for seq in range(1, 40):
        if not wait_for(lambda: reader.reader.link == "stale", timeout=0.1):
            reader.device.write(line(f"HB,{seq},-", xmodem(f"HB,{seq},-".encode(), 0xFFFF)))
    assert wait_for(lambda: reader.reader.link == "stale")
    (stale,) = [e for e in reader.events if isinstance(e, LinkState) and e.state == "stale"]
    assert "whole lines came" in stale.detail and "every one failing the CRC" in stale.detail and "CCITT-FALSE" in stale.detail, stale.detail
    assert "baud rate" not in stale.detail


def test_a_heartbeat_without_its_field_is_told_the_corrected_rule(make):
    reader = make()
    reader.device.write(HELLO + line("HB,1"))
    (dropped,) = reader.dropped(1)
    assert "the SEQ of the last frame standing for a card (CARD, ERR MISREAD or DOUBLE_FEED)" in dropped.why
    assert "last CARD or" not in dropped.why


def test_a_plain_reader_on_the_v1_dialect_is_named_a_plain_reader(make):
    reader = make(stale_after=0.6)
    reader.device.write(b"AS\rkd\r")
    reader.device.write(b"10h\n")
    dropped = reader.dropped(1)
    assert "--dialect plain" in dropped[0].why and "serial:PORT?dialect=plain" in dropped[0].why
    assert wait_for(lambda: reader.reader.link == "stale")
    (stale,) = [e for e in reader.events if isinstance(e, LinkState) and e.state == "stale"]
    assert "a reader of the plain dialect" in stale.detail and "check the baud rate" not in stale.detail


def test_noise_on_the_v1_dialect_is_not_called_a_plain_reader(make):
    reader = make()
    reader.device.write(b"\x00\xff garbage\r\n" + HELLO)
    (dropped,) = reader.dropped(1)
    assert dropped.why == "bytes outside a frame"


def test_a_v1_shoe_read_as_plain_is_named_a_v1_shoe(make):
    reader = make(dialect="plain")
    reader.device.write(HELLO + line("CARD,1,AS"))
    dropped = reader.dropped(2)
    assert all("this device speaks protocol v1" in d.why and "drop --dialect plain" in d.why for d in dropped)


@pytest.mark.parametrize("text, said", [
    ("card *stuck* at mouth", "a '*' at byte 20 of the line, in 'card *stuck* at mouth'"),
    ("check\tsensor", "control byte \\t (0x09) at byte 20 of the line"),
    ("température", "bytes \\xc3\\xa9 (UTF-8 for 'é') at byte 19 of the line"),
])
def test_a_byte_a_frame_may_not_hold_is_named_with_where_it_is(make, text, said):
    """qaAC F14: each had been "a byte outside printable ASCII, or a stray $ or *"."""
    body = f"ERR,1,SENSOR,{text}".encode()
    reader = make()
    reader.device.write(HELLO + b"$" + body + b"*%04X\r\n" % xmodem(body))
    (dropped,) = reader.dropped(1)
    assert dropped.reason == "malformed" and dropped.why.startswith(said), dropped.why
