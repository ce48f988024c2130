"""The shoe line protocol v1: frame types, parsing, formatting and sequence tracking.

Pure functions and values only (no I/O, no threads), so the reader, the
simulator, the tests and the benchmark all share one definition of what a
valid frame is.  ``hardware/PROTOCOL.md`` is the specification; this module
is its reference implementation.

A frame is one ASCII line ``$TYPE,SEQ,field,...*CCCC\\r\\n`` of at most
:data:`MAX_FRAME` bytes, where ``CCCC`` is the CRC-16/XMODEM of the bytes
between ``$`` and ``*``.  The parser is strict about what a device sends
(canonical card codes, decimal SEQ without leading zeros) because a lenient
parser is where phantom cards come from.
"""

from __future__ import annotations

import binascii
import re
import unicodedata
from collections import deque
from dataclasses import dataclass, replace
from typing import Iterable, Optional, Union

from dealer_assist.cards import RANKS, SUITS, Card, InvalidCardError, parse_card

PROTOCOL_VERSION = 1
MAX_FRAME = 80
"""Longest valid line in bytes, from ``$`` up to and including ``\\r\\n``."""
SEQ_MODULO = 65536
DUPLICATE_WINDOW = 1024
"""How many recently accepted frames a repeat is looked for among (a repeat is the same SEQ and content)."""
#: The highest SEQ that, as the frame after a HELLO heard as the host's first frame, still shows a boot whose
#: first frames were lost whole (a lost USB packet, a bridge's buffer: no damaged line to tell), so they are
#: named lost; past it the HELLO was said again in the middle of a count, and the host joins it there
#: (rev14 F4).  A count this young said again costs at most a FRAMES LOST for frames sent just before the
#: port opened, and none when the frame after is a heartbeat that names no card among them.
BOOT_SEQ_AT_MOST = 3
SHOE_STATES = ("NEW", "CUT", "EMPTY")
UNREADABLE_CODE = "??"

_RANKS = frozenset(RANKS)
_SUITS = frozenset(SUITS)
_HEX = frozenset(b"0123456789ABCDEFabcdef")
_ERR_CODE_CHARS = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_FORBIDDEN_IN_FIELDS = frozenset(b"$*\r\n")

DROP_CRC = "crc"
DROP_TOO_LONG = "too_long"
DROP_MALFORMED = "malformed"


def crc16(data: bytes) -> int:
    """CRC-16/XMODEM (poly 0x1021, init 0, no reflection): ``crc16(b"123456789") == 0x31C3``."""
    return binascii.crc_hqx(data, 0)


class FrameError(ValueError):
    """A line that is not a valid frame.  ``reason`` is ``crc``, ``too_long`` or ``malformed``."""

    def __init__(self, reason: str, raw: bytes, why: str, crc_named: str = "") -> None:
        self.reason = reason
        self.raw = bytes(raw)
        #: A line whole but for its CRC, which is the look-alike CRC named here (a firmware's CRC, not noise).
        self.crc_named = crc_named
        #: What exactly was wrong (the CRC expected, the field refused): an integrator's first question.
        self.why = why
        shown = self.raw[:40].decode("ascii", "backslashreplace")
        more = "..." if len(self.raw) > 40 else ""
        super().__init__(f"dropped line {shown!r}{more}: {why}")


_ESCAPES = {0x5C: "\\\\", 0x0D: "\\r", 0x0A: "\\n", 0x09: "\\t"}


def shown_bytes(raw: bytes) -> str:
    """``raw`` as text in one escape style: printable ASCII as it is, ``\\r`` ``\\n`` ``\\t``, a backslash
    doubled, any other byte ``\\xNN`` (``listen``'s dropped line showed a NUL as ``\\u0000`` beside ``\\\\xff``)."""
    return "".join(_ESCAPES.get(b) or (chr(b) if 0x20 <= b < 0x7F else f"\\x{b:02x}") for b in raw)


@dataclass(frozen=True)
class HelloFrame:
    """``$HELLO,0,<protocol>,<firmware>,<device id>,<boot id>``: the device booted."""

    seq: int
    protocol: int
    firmware: str
    device: str
    boot: str


@dataclass(frozen=True)
class CardFrame:
    """``$CARD,<seq>,<code>``: a card left the shoe; ``card`` is ``None`` when it was unreadable (``??``)."""

    seq: int
    card: Optional[Card]


@dataclass(frozen=True)
class HeartbeatFrame:
    """``$HB,<seq>,<last card seq or ->``: the device is alive; sent every second.  The last card is the SEQ of
    the last frame that stands for a card (:func:`stands_for_card`)."""

    seq: int
    last_card_seq: Optional[int]


@dataclass(frozen=True)
class ErrorFrame:
    """``$ERR,<seq>,<code>,<text>``: the device reports a fault (``JAM``, ``DOUBLE_FEED``, ...)."""

    seq: int
    code: str
    text: str


@dataclass(frozen=True)
class ShoeFrame:
    """``$SHOE,<seq>,NEW|CUT|EMPTY``: the shoe was loaded, the cut card came out, or it ran empty.

    A state of upper-case letters, digits and ``_`` that v1 does not know (``OPEN``) is kept too, as a frame type
    a v1 host does not know is (PROTOCOL.md 7.7): its CRC checks, so it is no damaged ``CUT``, and its SEQ counts
    (qaAP F2: it had been dropped as a line that may have been the cut card, and held the next card read).
    """

    seq: int
    state: str

    @property
    def known(self) -> bool:
        """Whether its state is one of v1's (NEW, CUT, EMPTY)."""
        return self.state in SHOE_STATES


@dataclass(frozen=True)
class UnknownFrame:
    """A frame with a valid CRC and SEQ but a type this host does not know.

    Kept (not dropped) so that its SEQ still counts: later protocol versions
    may add frame types without old hosts reporting false gaps.
    """

    seq: int
    type: str
    fields: tuple[str, ...]


Frame = Union[HelloFrame, CardFrame, HeartbeatFrame, ErrorFrame, ShoeFrame, UnknownFrame]

#: ``ERR`` codes that stand for a card that left the shoe unread (PROTOCOL.md 6).
CARD_ERRORS = ("MISREAD", "DOUBLE_FEED")


def stands_for_card(frame: Frame) -> bool:
    """Whether ``frame`` stands for a card that left the shoe: a CARD (``??`` too), an ``ERR MISREAD`` or
    ``DOUBLE_FEED``.  A heartbeat's last card is the SEQ of the last such frame (PROTOCOL.md 6, rev15 F6: an
    ERR lost behind a heartbeat that named CARD frames only was taken for no card)."""
    return isinstance(frame, CardFrame) or (isinstance(frame, ErrorFrame) and frame.code in CARD_ERRORS)


# ---------------------------------------------------------------------------
# formatting (what a device sends)


def format_frame(type_: str, seq: int, *fields: str) -> bytes:
    """Build one complete line, CRC and ``\\r\\n`` included.

    Raises :class:`ValueError` naming the problem if the result would not be
    a valid frame, so that the simulator can never send what a host must drop.
    """
    if not (0 <= seq < SEQ_MODULO):
        raise ValueError(f"SEQ {seq} is outside 0-65535")
    text = ",".join((type_, str(seq)) + tuple(fields))
    bad = next((ch for ch in text if not " " <= ch <= "~" or ch in "$*"), None)
    if bad is not None:  # a letter past ASCII had been Python's codec message (qaAC F6)
        raise ValueError(f"frame body {text!r} holds {bad!r}, which a frame may not carry: a frame is printable "
                         "ASCII (0x20-0x7E) with no $ or * in it (PROTOCOL.md 2, 3)")
    body = text.encode("ascii")
    line = b"$" + body + b"*%04X\r\n" % crc16(body)
    if len(line) > MAX_FRAME:
        raise ValueError(f"frame {line!r} is {len(line)} bytes; the limit is {MAX_FRAME}")
    return line


def encode(frame: Frame) -> bytes:
    """The line a device sends for ``frame``."""
    if isinstance(frame, CardFrame):
        return format_frame("CARD", frame.seq, frame.card.code if frame.card else UNREADABLE_CODE)
    if isinstance(frame, HeartbeatFrame):
        last = "-" if frame.last_card_seq is None else str(frame.last_card_seq)
        return format_frame("HB", frame.seq, last)
    if isinstance(frame, HelloFrame):
        return format_frame("HELLO", frame.seq, str(frame.protocol), frame.firmware, frame.device, frame.boot)
    if isinstance(frame, ErrorFrame):
        return format_frame("ERR", frame.seq, frame.code, frame.text)
    if isinstance(frame, ShoeFrame):
        return format_frame("SHOE", frame.seq, frame.state)
    return format_frame(frame.type, frame.seq, *frame.fields)


# ---------------------------------------------------------------------------
# parsing (what a host accepts)


def _seq(text: str, raw: bytes) -> int:
    if not text.isdigit() or not text.isascii() or len(text) > 5 or (len(text) > 1 and text[0] == "0"):
        raise FrameError(DROP_MALFORMED, raw, f"SEQ {text!r} is not a decimal 0-65535 without leading zeros")
    value = int(text)
    if value >= SEQ_MODULO:
        raise FrameError(DROP_MALFORMED, raw, f"SEQ {value} is above 65535")
    return value


def _word(text: str, raw: bytes, what: str) -> str:
    if not text or "," in text:
        raise FrameError(DROP_MALFORMED, raw, f"{what} {text!r} must be non-empty and hold no comma")
    return text


_CRC_THEN_MORE = re.compile(rb"\*[0-9A-Fa-f]{4}")
#: A frame's CRC just read: a CR after it ends the line (see LineSplitter._cr_ends_frame).
_CRC_AT_END = re.compile(rb"\*[0-9A-Fa-f]{4}\Z")


def _shape_fault(line: bytes) -> str:
    """Why ``line`` (its line end taken off) is not ``$TYPE,SEQ,...*CCCC``, as exactly as it can be told: a
    maker whose every frame carries one stray byte was told only the frame's shape, which it visibly had."""
    star = line.rfind(b"*")
    if line[:1] == b"$" and star > 0 and _CRC_THEN_MORE.fullmatch(line, star, star + 5) and len(line) > star + 5:
        extra = line[star + 5:]
        return (f"{len(extra)} byte{'s' if len(extra) > 1 else ''} after the CRC, before the line end "
                f"('{shown_bytes(extra)}'): a frame ends *CCCC then CR LF, nothing between")
    if line[:1] == b"$" and star < 0:
        return "no *CCCC: the frame was cut short (or is no frame); a frame is $TYPE,SEQ,...*CCCC"
    if line[:1] == b"$" and len(line) - star - 1 < 4:
        unpadded = _unpadded_crc(line[1:star], line[star + 1:])
        if unpadded:
            return unpadded
        return (f"{len(line) - star - 1} character{'s' if len(line) - star - 1 != 1 else ''} after the *, where "
                "the CRC has 4 hex digits: the frame was cut short")
    return "a frame is $TYPE,SEQ,...*CCCC"


def _stray_byte(body: bytes) -> str:
    """Which byte of ``body`` (between ``$`` and ``*``) a frame may not hold, where, and why: a translated ERR
    text with an accent, a tab, a ``*`` in a field had all been "a byte outside printable ASCII, or a stray $ or *"
    (qaAC F14), and the ERR lost never reached the croupier."""
    at = next(i for i, b in enumerate(body) if b < 0x20 or b > 0x7E or b in (0x24, 0x2A))
    start = body.rfind(b",", 0, at) + 1
    end = body.find(b",", at)
    field = body[start:] if end < 0 or body.startswith(b"ERR,") and body.count(b",", 0, at) >= 3 else body[start:end]
    where = f"byte {at + 2} of the line, in '{shown_bytes(field)}'"  # the $ is byte 1
    byte = body[at]
    if byte in (0x24, 0x2A):
        return (f"a '{chr(byte)}' at {where}: a frame holds no $ but its first byte and no * but the one before its "
                "CRC: none in a field, an ERR text too (PROTOCOL.md 3)")
    if byte < 0x20 or byte == 0x7F:
        return f"control byte {shown_bytes(bytes([byte]))} (0x{byte:02X}) at {where}: a frame is printable ASCII (PROTOCOL.md 2)"
    run = re.match(rb"[\x80-\xff]+", body[at:]).group()
    said = f"byte{'s' if len(run) > 1 else ''} {shown_bytes(run)}"
    try:
        letters = run.decode("utf-8")
    except UnicodeDecodeError:
        return f"{said} at {where}: a frame is printable ASCII, 0x20-0x7E (PROTOCOL.md 2)"
    plain = unicodedata.normalize("NFKD", letters).encode("ascii", "ignore").decode() or "?"
    return (f"{said} (UTF-8 for '{letters}') at {where}: a frame is printable ASCII, 0x20-0x7E (PROTOCOL.md 2): "
            f"spell it in ASCII ('{letters}' as '{plain}')")


def _unpadded_crc(body: bytes, digits: bytes) -> str:
    """Why a frame whose CRC has 1 to 3 hex digits, the body's CRC without its leading zeros, is dropped, or "":
    the C ``printf("%X")`` for ``"%04X"``, which costs 1 frame in 16 (a CRC below 0x1000) and had been called
    "cut short" (qaAC F1), sending its maker to the cable."""
    if not digits or not _HEX.issuperset(digits) or crc16(body) != int(digits, 16) or digits[:1] == b"0":
        return ""
    return (f"CRC '{digits.decode()}' is {crc16(body):04X} without its leading zero{'s' if len(digits) < 3 else ''}: "
            "the frame came whole and its CRC is right, but a CRC is exactly 4 hex digits (printf \"%04X\", not "
            "\"%X\"; PROTOCOL.md 3), so every frame whose CRC is below 0x1000, 1 in 16, is dropped")


def _crc16_reflected(data: bytes, poly: int, init: int) -> int:
    """A reflected CRC-16 (KERMIT: poly 0x8408 init 0; ARC: 0xA001 init 0; MODBUS: 0xA001 init 0xFFFF)."""
    crc = init
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ poly if crc & 1 else crc >> 1
    return crc


#: CRCs a firmware may compute by mistake for the CRC-16/XMODEM of the body (PROTOCOL.md 4's look-alikes, and the
#: usual slips over which bytes it covers or in which order its bytes are printed): a wrong CRC that is one of
#: them is named, so that a maker is not left to guess (qaAC F2).
_LOOK_ALIKES = (
    ("the CRC-16/CCITT-FALSE (init 0xFFFF) of them: start the CRC at 0x0000",
     lambda body: binascii.crc_hqx(body, 0xFFFF)),
    ("the CRC-16/KERMIT (reflected) of them: CRC-16/XMODEM is not reflected",
     lambda body: _crc16_reflected(body, 0x8408, 0)),
    ("the CRC-16/ARC (poly 0x8005, reflected) of them: use poly 0x1021, not reflected",
     lambda body: _crc16_reflected(body, 0xA001, 0)),
    ("the CRC-16/MODBUS of them: use poly 0x1021, init 0x0000, not reflected",
     lambda body: _crc16_reflected(body, 0xA001, 0xFFFF)),
    ("the CRC-16/XMODEM of them with its two bytes swapped: print the high byte first",
     lambda body: int.from_bytes(crc16(body).to_bytes(2, "little"), "big")),
    ("the CRC-16/XMODEM of the frame from its $: the $ is not covered",
     lambda body: crc16(b"$" + body)),
    ("the CRC-16/XMODEM of the bytes up to and including the *: the * is not covered",
     lambda body: crc16(body + b"*")),
    ("the CRC-16/XMODEM of the frame from its $ to its *: neither is covered",
     lambda body: crc16(b"$" + body + b"*")),
)


def look_alike_crc(body: bytes, sent: int) -> str:
    """Which look-alike CRC of ``body`` (:data:`_LOOK_ALIKES`) ``sent`` is, as a phrase, or ""."""
    return next((what for what, crc in _LOOK_ALIKES if crc(body) == sent), "")


def _body(frame: Frame) -> str:
    """A frame as it reads between ``$`` and ``*``: ``CARD,1,AS``."""
    return encode(frame)[1:-7].decode("ascii")


def parse_frame(line: bytes) -> Frame:
    """Parse one line (with or without its ``\\r\\n``) into a frame.

    Raises :class:`FrameError` with ``reason`` ``too_long``, ``crc`` or
    ``malformed``; never anything else, whatever the bytes.
    """
    raw = line
    sent = len(raw) + (0 if raw.endswith(b"\n") else 1)  # as sent: its CR if any, and the LF a splitter took off
    if line.endswith(b"\n"):
        line = line[:-1]
    if line.endswith(b"\r"):
        line = line[:-1]
    if sent > MAX_FRAME:
        raise FrameError(DROP_TOO_LONG, raw, f"{sent} bytes with its line end; the limit is {MAX_FRAME}")
    if len(line) < 7 or line[0] != 0x24 or line[-5] != 0x2A:  # "$" ... "*CCCC"
        raise FrameError(DROP_MALFORMED, raw, _shape_fault(line))
    body = line[1:-5]
    check = line[-4:]
    if not _HEX.issuperset(check):
        raise FrameError(DROP_MALFORMED, raw, f"CRC '{shown_bytes(check)}' is not 4 hex digits (0-9, A-F)")
    if any(b < 0x20 or b > 0x7E or b == 0x24 or b == 0x2A for b in body):
        raise FrameError(DROP_MALFORMED, raw, _stray_byte(body))
    if crc16(body) != int(check, 16):
        alike = look_alike_crc(body, int(check, 16))
        raise FrameError(DROP_CRC, raw, f"CRC {check.decode()} does not match {crc16(body):04X}, the "
                                        "CRC-16/XMODEM of the bytes between $ and *"
                                        + (f": {check.decode().upper()} is {alike} (PROTOCOL.md 4)" if alike else ""),
                         alike)
    text = body.decode("ascii")
    parts = text.split(",")
    if len(parts) < 2:
        raise FrameError(DROP_MALFORMED, raw, "no SEQ field")
    kind = parts[0]
    seq = _seq(parts[1], raw)
    fields = parts[2:]
    # A later version may add fields at the end of a type; a host ignores those it does not know
    # (PROTOCOL.md 3): a v2 heartbeat with a boot id, a v2 HELLO, are still read (qaN F12).
    if kind == "CARD":
        if not fields:
            raise FrameError(DROP_MALFORMED, raw, "CARD takes one field, the card code")
        code = fields[0]
        if code == UNREADABLE_CODE:
            return CardFrame(seq, None)
        if len(code) != 2 or code[0] not in _RANKS or code[1] not in _SUITS:
            upper = (len(code) == 2 and code.upper()[0] in _RANKS and code.upper()[1] in _SUITS)
            raise FrameError(DROP_MALFORMED, raw, f"card code {code!r} is not canonical (e.g. AS, TD, 9C) nor ??"
                             + (f": codes are upper case ({code.upper()}), PROTOCOL.md 6" if upper else ""))
        return CardFrame(seq, Card(code[0], code[1]))
    if kind == "HB":
        if not fields:
            raise FrameError(DROP_MALFORMED, raw, "HB takes one field: the SEQ of the last frame standing for a card "
                                                  "(CARD, ERR MISREAD or DOUBLE_FEED), or -")
        return HeartbeatFrame(seq, None if fields[0] == "-" else _seq(fields[0], raw))
    if kind == "SHOE":
        if not fields or not fields[0]:
            raise FrameError(DROP_MALFORMED, raw, "SHOE takes one field: NEW, CUT or EMPTY")
        state = fields[0]
        if state not in SHOE_STATES and (state.upper() in SHOE_STATES or not _ERR_CODE_CHARS.issuperset(state.encode())):
            # A v1 state in lower case (``cut``) is the firmware's slip for it, maybe the cut card: dropped, its gap
            # kept whole (7.2).  A state of A-Z, 0-9, _ a v1 host does not know is passed over (ShoeFrame.known).
            raise FrameError(DROP_MALFORMED, raw, f"state {state!r} is not NEW, CUT or EMPTY"
                                                  + (" (states are upper case)" if state.upper() in SHOE_STATES
                                                     else " nor a state's A-Z, 0-9 or _"))
        return ShoeFrame(seq, state)
    if kind == "ERR":
        if len(fields) < 2:
            raise FrameError(DROP_MALFORMED, raw, "ERR takes a code and a text")
        code = fields[0]
        if not code or not _ERR_CODE_CHARS.issuperset(code.encode()):
            raise FrameError(DROP_MALFORMED, raw, f"error code {code!r} must be A-Z, 0-9 or _")
        return ErrorFrame(seq, code, ",".join(fields[1:]))
    if kind == "HELLO":
        if len(fields) < 4:
            raise FrameError(DROP_MALFORMED, raw, "HELLO takes protocol, firmware, device id and boot id")
        if seq != 0:
            raise FrameError(DROP_MALFORMED, raw, f"HELLO must carry SEQ 0, not {seq}")
        proto, firmware, device, boot = fields[:4]
        if not proto.isdigit() or not proto.isascii():
            raise FrameError(DROP_MALFORMED, raw, f"protocol version {proto!r} is not a number")
        if len(proto) > 3 or int(proto) < 1:  # qaV F9: a huge one had been "not a number", a 0 taken
            raise FrameError(DROP_MALFORMED, raw, f"protocol version {proto[:12]}{'...' if len(proto) > 12 else ''} "
                                                  "is out of range: versions count from 1 (a v1 device says 1), "
                                                  "to 999")
        return HelloFrame(seq, int(proto), _word(firmware, raw, "firmware"), _word(device, raw, "device id"),
                          _word(boot, raw, "boot id"))
    if not kind or not _ERR_CODE_CHARS.issuperset(kind.encode()):
        raise FrameError(DROP_MALFORMED, raw, f"frame type {kind!r} must be A-Z, 0-9 or _")
    return UnknownFrame(seq, kind, tuple(fields))


def may_be_frame(raw: bytes) -> bool:
    """Whether a dropped line may have been a frame, or a piece of one: every frame has a ``$`` and a comma,
    and a frame whose ``$`` was lost still has its commas.  Noise with neither (``\\x00\\xff`` as a port
    opens) was no frame (verN NEW-6: taken for one, it made a HELLO said again read as a boot)."""
    return b"$" in raw or b"," in raw


#: ``ERR`` codes that stand for no card (PROTOCOL.md 6): a damaged ERR line with another code, or with its code
#: not told whole, may have been a ``MISREAD`` or a ``DOUBLE_FEED``, each a card that left unread.
NO_CARD_ERRORS = frozenset((b"JAM", b"SENSOR", b"COVER_OPEN", b"POWER", b"OVERFLOW"))
#: ``SHOE`` states that stand for no card leaving: a damaged SHOE line with another state may have been a ``CUT``.
NO_CARD_SHOE_STATES = frozenset((b"NEW", b"EMPTY"))


def may_be_card(raw: bytes) -> bool:
    """Whether a dropped line may have been a frame that stands for something that left the shoe: a CARD
    (its type, as far as it came, ``CARD`` or not to be told: ``$CARD,6,4`` cut by a reboot, ``$C``, a
    damaged type), an ``ERR`` whose code may be ``MISREAD`` or ``DOUBLE_FEED`` (a card that left unread) or
    a ``SHOE`` whose state may be ``CUT`` (rev15 F6: a damaged ``$ERR,4,MISREAD`` behind a heartbeat was
    dismissed, and the next card took the unread card's place).  A heartbeat, a HELLO, an ERR or SHOE that
    visibly says something else (``JAM``, ``NEW``), or noise with no ``$``, was none."""
    if b"$" not in raw:
        return b"CARD" in raw
    kind, comma, rest = raw[raw.rindex(b"$") + 1:].partition(b",")
    if not comma:
        return b"CARD".startswith(kind) or b"ERR".startswith(kind) or b"SHOE".startswith(kind) or not kind.isalnum()
    if kind in (b"ERR", b"SHOE"):
        _seq, comma, rest = rest.partition(b",")
        field, end = re.match(rb"([^,*\r\n]*)([,*]?)", rest).groups() if comma else (b"", b"")
        told = NO_CARD_ERRORS if kind == b"ERR" else NO_CARD_SHOE_STATES
        return not (end and field in told)
    return kind not in (b"HB", b"HELLO")


def may_be_cut(raw: bytes) -> bool:
    """Whether a dropped line may have been a ``SHOE,…,CUT``: its type reads ``SHOE`` and its state, as far as
    it came, is not ``NEW`` or ``EMPTY`` told whole.  No later frame tells a cut card lost (a heartbeat names
    cards only), so the croupier is told to look (verS F6 d: a damaged CUT was named as lost frames only, and
    the table's shoe went on as if the cut card were still in it)."""
    if b"$" not in raw:
        return False
    kind, comma, rest = raw[raw.rindex(b"$") + 1:].partition(b",")
    if kind != b"SHOE":
        return False
    _seq, comma, rest = rest.partition(b",")
    field, end = re.match(rb"([^,*\r\n]*)([,*]?)", rest).groups() if comma else (b"", b"")
    if end:
        return field not in NO_CARD_SHOE_STATES
    return b"CUT".startswith(field) or not any(state.startswith(field) for state in NO_CARD_SHOE_STATES)


def may_be_hello(raw: bytes) -> bool:
    """Whether a dropped line may have been a HELLO: its type, as far as it came, reads ``HELLO`` (a
    damaged one is restart evidence, rev15 F5: a young count restarted with its HELLO and first card damaged
    read as the old count going on)."""
    if b"$" not in raw:
        return b"HELLO" in raw
    kind = raw[raw.rindex(b"$") + 1:].partition(b",")[0]
    return len(kind) >= 3 and b"HELLO".startswith(kind)


#: A terminal's escape sequence: ESC [ parameters final byte (``\x1b[2J`` clears a screen), or ESC, any
#: intermediate bytes and a final one (``\x1bc`` resets a terminal).
_ESCAPE_SEQUENCE = re.compile("\x1b(?:\\[[0-?]*[ -/]*[@-~]|[ -/]*[0-~])")


def plain_text(line: bytes) -> str:
    """What a ``plain`` line says, its terminal escape sequences and control bytes (a reader's power-up NULs)
    no part of it: ``\x1b[2J5C`` says ``5C`` (with the ESC alone passed over, ``[2J5C`` was line noise)."""
    text = _ESCAPE_SEQUENCE.sub("", line.decode("utf-8", errors="replace"))
    return "".join(ch for ch in text if ch.isprintable()).strip()


#: Ranks ``parse_card`` takes from a person at a keyboard (``1`` an ace, ``0`` a ten) that a reader never
#: sends: on a line they are a 10 that lost a byte (``1H`` read as the ace of hearts, QA).
_TEN_HALVES = ("1", "0")


def parse_plain(line: bytes) -> Optional[Card]:
    """Parse one line of the ``plain`` dialect: a card code (any spelling ``parse_card`` takes but a rank ``1``
    or ``0``) or ``??``.

    Returns ``None`` for ``??`` (a card came out but could not be read).
    Raises :class:`FrameError` (``too_long`` or ``malformed``) for anything else.
    """
    if len(line) > MAX_FRAME:
        raise FrameError(DROP_TOO_LONG, line, f"{len(line)} bytes; the limit is {MAX_FRAME}")
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        raise FrameError(DROP_MALFORMED, line, "not UTF-8 text") from None
    text = plain_text(line)
    if _V1_FRAME.fullmatch(line):
        raise FrameError(DROP_MALFORMED, line, "a v1 frame ($TYPE,SEQ,...*CCCC): this device speaks protocol v1, not "
                                               "the plain dialect: drop --dialect plain (a table: serial:PORT, without "
                                               "?dialect=plain)")
    if not text:  # PROTOCOL.md 8: line noise (it had been "invalid card code '': empty", qaV F9)
        raise FrameError(DROP_MALFORMED, line, "line noise: terminal escape sequences or control bytes, no text")
    if text == UNREADABLE_CODE:
        return None
    if text[:-1].strip() in _TEN_HALVES:
        raise FrameError(DROP_MALFORMED, line, f"rank {text[:-1].strip()!r} is no rank a reader sends, most likely a 10 "
                                               "that lost a byte on the line (a ten is 10 or T, an ace A)")
    try:
        return parse_card(text, require_suit=True)
    except InvalidCardError as exc:
        raise FrameError(DROP_MALFORMED, line, str(exc)) from None


#: What a v1 host's dropped line adds when the bytes outside frames read as card codes, one a line (qaAC F10: a
#: barcode-style reader on the default v1 was told to check the baud rate).
PLAIN_LOOK = (": they read as card codes, one a line, as a reader of the plain dialect sends (no $ frames): open the "
              "port with --dialect plain (a table: serial:PORT?dialect=plain)")
#: A line of the ``plain`` dialect that is a whole v1 frame: the device speaks v1 (qaAC F10).
_V1_FRAME = re.compile(rb"\$[A-Z0-9_]+,[0-9]+[^$*]*\*[0-9A-Fa-f]{4}\r?")


def reads_as_plain(raw: bytes) -> bool:
    """Whether ``raw``, bytes a v1 host found outside any frame, are card codes of the ``plain`` dialect, one a
    line (the v1 splitter ends lines at LF only, so a CR-ended reader's lines come as one: ``AS\rKD\r``)."""
    parts = [part for part in raw.replace(b"\r", b"\n").split(b"\n") if part.strip(b" \t\x00")]
    if not parts:
        return False
    for part in parts:
        try:
            parse_plain(part)
        except FrameError:
            return False
    return True


# ---------------------------------------------------------------------------
# line framing


class LineSplitter:
    """Cuts a byte stream into candidate lines, with bounded memory.

    ``$`` always starts a frame (it may appear nowhere else), so bytes before
    a ``$`` on the same line are junk and the frame after it is still read:
    garbage between frames never costs the next frame.  A line that grows
    beyond ``limit`` is abandoned and reported as ``too_long`` at once; the
    rest of it, up to its end (``\\n`` or the next ``$``), is passed over.

    :meth:`feed` returns ``bytes`` (a candidate line without its ``\\n``) and
    :class:`FrameError` values (junk or over-long lines) in stream order.
    """

    def __init__(self, *, limit: int = MAX_FRAME, dollar_starts_line: bool = True, cr_ends_line: bool = False) -> None:
        self.limit = limit
        self.dollar = dollar_starts_line
        #: A bare CR ends a line too (the plain dialect: many barcode scanners end lines with CR alone).
        self.cr_ends = cr_ends_line
        self._buf = bytearray()
        self._overlong = 0

    def reset(self) -> None:
        """Forget a partial line (after a reconnect its start belongs to another stream)."""
        self._buf.clear()
        self._overlong = 0

    def cut(self, why: str) -> Optional[FrameError]:
        """The partial line buffered, as a line dropped for ``why`` (the link was lost before its end: it
        may have been a card), or None; the buffer is empty after."""
        partial = bytes(self._buf) if not self._overlong and self._buf.strip(b" \t\r\x00") else b""
        self.reset()
        return FrameError(DROP_MALFORMED, partial, why) if partial else None

    def _close(self, out: list, by_dollar: bool = False) -> None:
        if self._overlong:
            pass  # reported when it passed the limit
        elif self._buf.strip(b" \t\r\x00"):
            if self.dollar and self._buf[:1] != b"$":
                out.append(FrameError(DROP_MALFORMED, bytes(self._buf), "bytes outside a frame"
                                      + (PLAIN_LOOK if reads_as_plain(bytes(self._buf)) else "")))
            elif by_dollar and not _CRC_THEN_MORE.search(self._buf):  # else the parser names what is wrong
                out.append(FrameError(DROP_MALFORMED, bytes(self._buf), "cut short by the next $, before its *CCCC "
                                      "and line end: the rest of it was lost (a frame holds no $ but its first byte)"))
            else:
                out.append(bytes(self._buf))
        self._buf.clear()
        self._overlong = 0

    def _append(self, piece: bytes, out: list) -> None:
        if self._overlong:
            self._overlong += len(piece)
            return
        self._buf += piece
        if len(self._buf) > self.limit - 1:  # the "\n" still has to come
            # Reported at once: a device that never ends its lines (or ends them with a character
            # not taken as an end) is named while it sends, not at a line end that may never come.
            self._overlong = len(self._buf)
            out.append(FrameError(DROP_TOO_LONG, bytes(self._buf[:self.limit]),  # all a frame may hold (qaN F5)
                                  f"longer than {self.limit} bytes with its line end: no LF"
                                  + (" or CR" if self.cr_ends else "") + f" within them (a frame's LF is at most its "
                                  f"{self.limit}th byte: one a byte late is a frame one byte too long); the rest of "
                                  "the line is passed over"))
            del self._buf[self.limit:]

    def _cr_ends_frame(self, data: bytes) -> bytes:
        """``data`` with each CR right after a frame's ``*CCCC`` taken as its line's end, at once (v1), as if an LF
        followed it: a device that ends its lines with CR alone had each frame read only when the next ``$`` came,
        its cards up to a heartbeat late (qaAY F8).  The LF of a CR LF then ends an empty line, passed over; a
        second CR is left where it is, a byte between the CRC and the line end (the frame dropped, as before)."""
        if b"\r" not in data:
            return data
        out = bytearray()
        for i, byte in enumerate(data):
            out.append(byte)
            if byte == 0x0D and data[i + 1:i + 2] not in (b"\n", b"\r") and _CRC_AT_END.search(
                    (bytes(self._buf[-5:]) + bytes(out[-6:-1]))[-5:]):
                out.append(0x0A)
        return bytes(out)

    def feed(self, data: bytes) -> list:
        out: list = []
        if self.cr_ends:
            data = data.replace(b"\r", b"\n")  # CR LF then gives an empty line, which is passed over
        elif self.dollar:
            data = self._cr_ends_frame(data)
        lines = data.split(b"\n")
        for i, piece in enumerate(lines):
            if self.dollar and b"$" in piece:
                chunks = piece.split(b"$")
                self._append(chunks[0], out)
                for chunk in chunks[1:]:
                    self._close(out, by_dollar=True)
                    self._append(b"$" + chunk, out)
            else:
                self._append(piece, out)
            if i < len(lines) - 1:
                self._close(out)
        return out


# ---------------------------------------------------------------------------
# sequence tracking


@dataclass(frozen=True)
class SeqVerdict:
    """What to do with a frame: ``deliver`` it or not, and which SEQ values were lost before it.

    ``restarted`` is set when the SEQ count started again: after a HELLO with
    a new boot id, or when the count went back without one (its HELLO was lost).
    ``cards`` are the lost frames that may have been cards: all of them, unless
    a heartbeat revealed the gap and named the device's last card.
    """

    deliver: bool
    missing: tuple[int, ...] = ()
    duplicate: bool = False
    restarted: bool = False
    cards: tuple[int, ...] = ()
    #: A HELLO whose meaning waits for the next frame (:attr:`SequenceTracker.unsure_hello`).
    unsure: bool = False
    #: On the frame after an unsure HELLO: the HELLO was a restart (True) or a repeat (False).
    hello_restarted: Optional[bool] = None
    #: A lost frame a heartbeat names as the device's last card: a card was certainly lost.
    card_lost: Optional[int] = None
    #: With ``restarted`` and no HELLO: which frame showed the count went back, by which rule (a firmware's
    #: counting mistake reads as a restart too, and its maker must be able to tell which).
    why: str = ""


class SequenceTracker:
    """Applies the SEQ rules of the protocol (PROTOCOL.md 7.2-7.4) to frames in arrival order.

    - A HELLO with a boot id not seen before re-synchronises: the next frame
      expected is 1.  A HELLO repeating the current boot id is a repeat.
    - A frame identical to one accepted among the last
      :data:`DUPLICATE_WINDOW` is a repeat and is ignored.
    - A SEQ at or above the expected one is the device's current count: the
      numbers in between are lost frames, named, never guessed.  So is a SEQ 0
      when a non-zero one was expected: only a wrap-around reaches 0 without a HELLO.
    - A SEQ below the expected one (or a seen SEQ with other content) means
      the count restarted and the HELLO was lost: the frame is delivered and
      SEQ 0 up to it (the new count's frames not seen) are named as lost; of
      them only 1 on may have been cards (0 was the HELLO), and of those, when
      a heartbeat tells, only those up to the last card it names.
      The boot id is kept: forgetting it made a later HELLO with it read as a
      device first heard, not as a repeat, so a restart after it went unreported.
      The new count's own boot id was not heard, so a HELLO with another one is
      that HELLO said again (a replug, a shoe that repeats it) or one more
      restart: the next frame tells, as for a count joined mid-stream (rev12:
      taken for a restart at once, the count going on after it was named lost).
      Counted in plain numbers, not modulo 65536: modulo, a restart of a count
      past 32767 read as tens of thousands of frames ahead (a gap that spans
      the wrap-around reads as a restart too; the next card waits either way).
    - A heartbeat naming a last card this count cannot have (behind the last
      card the host took, or none when the host took one) shows the count
      restarted: a new count's heartbeat, its HELLO lost, passing the old SEQ.
    - Before the first frame (the host joined mid-stream) any SEQ is accepted.  So is any past
      :data:`BOOT_SEQ_AT_MOST` after a HELLO that was the host's first frame: it was said again in the
      middle of a count (a device repeating its HELLO as the port opens), and the host joins there (qaN:
      taken for a boot, every frame of the count up to there was named lost).  SEQ 1 to
      :data:`BOOT_SEQ_AT_MOST` shows a boot (the frames before it named lost), and so does SEQ up to k+1
      when k lines that may have been frames were dropped in between (:meth:`line_dropped`): they may have
      been the boot's frames 1..k.  (Any SEQ, with a line dropped: one noise line, or one frame damaged,
      named a count of 56 frames lost, verN NEW-6.)
    - A HELLO heard while a count the host joined mid-stream was going (so its
      boot id was never heard) is a restart or a repeat after a replug: only
      the next frame tells (the old count's next SEQ, even a 1 right after the
      wrap-around, or past it: the old count goes on; else SEQ 1, or below the
      old count's next: a new count).  Taken as a restart at once, a repeat had
      named every frame of the old count as lost; the host that never heard
      the old boot had let a real restart pass as a first HELLO.
    """

    def __init__(self) -> None:
        self.boot: Optional[str] = None
        self.expected: Optional[int] = None
        #: The SEQ of the last CARD of this count the host took, None before one.
        self.last_card: Optional[int] = None
        #: Whether the host saw this count begin (its HELLO, or the frame that showed it went back).
        self._saw_start = False
        #: Whether :attr:`boot` is this count's boot id (its HELLO heard), not an earlier count's.
        self._boot_heard = False
        self._order: deque[int] = deque()
        self._recent: dict[int, Frame] = {}
        #: The count an unsure HELLO interrupted (its state, to go on with if the HELLO was a repeat).
        self._before_hello: Optional[tuple] = None
        #: Whether the last frame was a HELLO that came before any count (the host's first frame): the frame
        #: after it tells whether it began the count (SEQ 1) or was said again in the middle of one.
        self._start_untold = False
        #: How many lines that may have been frames were dropped since that HELLO: frames of the count it began.
        self._dropped_since = 0
        #: Lines dropped before that HELLO, since the port opened: when the frame after it shows the HELLO was
        #: said again in a count, they were that count's frames just before it (qaAY F3: forgotten at the
        #: HELLO, a card dropped as the port opened went unnamed and the next card took its place).
        self._drops_before_hello = _Drops()
        #: Lines dropped since the last good frame: how many may have been frames, how many may have stood for a
        #: card (:func:`may_be_card`), and whether one may have been a HELLO (:func:`may_be_hello`).
        self._drops = _Drops()
        #: SEQ steps since the floor of :meth:`_impossible_heartbeat` (the last card taken, or the count's start):
        #: past a full lap the modulo comparison cannot tell (rev15 F8).
        self._since_floor = 0
        #: Gone on with from a count's HELLO with no card of it taken (:meth:`resume_at_start`), not yet joined.
        self._begun_unread = False

    def line_dropped(self, may_be_frame: bool = True, may_be_card: bool = False, may_be_hello: bool = False) -> None:
        """A line was dropped: after a HELLO heard first, one that may have been a frame (see
        :func:`may_be_frame`) may have been one of a boot's first frames, so a SEQ up to one past the lines
        dropped no longer shows the HELLO was said again (see :meth:`check`).  One that may have stood for a
        card (:func:`may_be_card`) holds the next card whatever the frame after it says: a heartbeat's last
        card does not clear the gap, a join names the frames before it, and one that fits no lost SEQ (or a
        damaged HELLO) makes a young count's next frame a new count's (rev15 F4-F6)."""
        if self._start_untold and may_be_frame:
            self._dropped_since += 1
        self._drops = _Drops(self._drops.frames + (may_be_frame or may_be_card),
                             self._drops.cards + may_be_card, self._drops.hello or may_be_hello)

    def link_lost(self) -> None:
        """The link was lost, or went silent (stale): frames may have gone meanwhile, so a HELLO heard first can
        no longer be told said again by the frame after it: it began the count, and that frame names the frames
        before it lost (rev15 F3: a HELLO said again in a count cost a FRAMES LOST, asking to count the cards;
        taken as said again, the cards dealt while the link was down went unnamed)."""
        self._start_untold = False

    @property
    def unsure_hello(self) -> bool:
        """Whether the last frame was a HELLO that may be a restart or a repeat (see the class doc)."""
        return self._before_hello is not None

    def resume(self, boot: Optional[str], last_card: int) -> None:
        """Go on from a count the host took up to its card at ``last_card`` (a journal's)."""
        self.boot = boot
        self._boot_heard = boot is not None
        self.expected = (last_card + 1) % SEQ_MODULO
        self.last_card = last_card
        self._since_floor = 0

    def resume_at_start(self, boot: str) -> None:
        """Go on from a count whose HELLO the host heard (a journal's) and no card of which it took: the count
        stands where that HELLO left it, so a heartbeat naming a card names one dealt since, lost (qaAU F1: the
        restarted host joined anew, and a card dealt while it was down went by, the next played in its place).  The
        frames the host heard of it before (a JAM, an EMPTY, heartbeats) are not known, so the count is joined at
        the next frame as before, and only a heartbeat naming a card tells of one lost: a frame resent after the
        restart is no gap (rev25 F3)."""
        self._restart(boot)
        self._begun_unread = True

    def recall(self, frames: Iterable[Frame]) -> None:
        """Frames of the count :meth:`resume` goes on with, accepted before the host restarted (its journal's): the
        same frame sent again is a repeat, as it is without the restart (PROTOCOL.md 7.3)."""
        for frame in frames:
            if frame.seq not in self._recent:
                self._order.append(frame.seq)
            self._recent[frame.seq] = frame

    def _remember(self, frame: Frame) -> None:
        seq, hello = frame.seq, isinstance(frame, HelloFrame)
        # A HELLO's SEQ 0 is outside the count: the wrap-around's 0 is no SEQ seen before with other content.
        if not hello and seq not in self._recent:
            self._order.append(seq)
            if len(self._order) > DUPLICATE_WINDOW:
                del self._recent[self._order.popleft()]
        if not hello:
            self._recent[seq] = frame
        if self.expected is None or hello:
            self._since_floor = seq
        else:
            self._since_floor += (seq - self.expected) % SEQ_MODULO + 1
        self.expected = (seq + 1) % SEQ_MODULO
        if isinstance(frame, CardFrame):
            self.last_card, self._since_floor = seq, 0

    def _seen(self, seq: int) -> Optional[Frame]:
        """The frame accepted with ``seq`` within the last :data:`DUPLICATE_WINDOW` SEQs of the count, or None.
        Counted in SEQs, not frames kept: after gaps (heartbeats lost over an idle night) a frame kept may be a
        lap old, and the count come round to its SEQ is no SEQ used twice (rev15 F8)."""
        return self._recent.get(seq) if 0 < (self.expected - seq) % SEQ_MODULO <= DUPLICATE_WINDOW else None

    def _restart(self, boot: Optional[str], heard: bool = True) -> None:
        self.boot = boot
        self._boot_heard = heard
        self.expected = None  # the frame remembered next is the new count's first
        self.last_card = None
        self._saw_start = True
        self._begun_unread = False
        self._order.clear()
        self._recent.clear()

    def _went_back_why(self, frame: Frame) -> str:
        """Which rule ``frame`` broke to show the count went back (before :meth:`_went_back` forgets the count)."""
        seq, seen = frame.seq, self._seen(frame.seq)
        if seen is not None:
            return (f"SEQ {seq} was seen before with other content ({_body(seen)}, now {_body(frame)}): a new count "
                    "whose HELLO was lost, or firmware that uses a SEQ twice (PROTOCOL.md 5: +1 for every frame of "
                    "any type)")
        if isinstance(frame, HeartbeatFrame) and (seq >= self.expected or seq == 0):
            last, took = frame.last_card_seq, self.last_card
            if last is None:
                named = f"no card yet (-), though card {took} of this count was taken"
            elif self._no_card_at(last) is not None:
                named = f"last card {last}, where this count's frame {last} was {_body(self._no_card_at(last))}"
            elif took is not None and last < took:
                named = f"last card {last}, behind the last card taken ({took})"
            else:
                named = f"last card {last}, not before its own SEQ"
            return (f"heartbeat {seq} names {named}: a new count whose HELLO was lost, or a heartbeat that does not "
                    "carry the SEQ of the last frame standing for a card (PROTOCOL.md 6)")
        return (f"SEQ {seq} is behind the next expected ({self.expected}): a new count whose HELLO was lost, a stray "
                "old frame, or firmware that does not count every frame (PROTOCOL.md 5: +1 for every frame of any type)")

    def _went_back(self, frame: Frame, why: str = "") -> SeqVerdict:
        why = why or self._went_back_why(frame)
        # The boot id stays: the new count's own HELLO was lost, so a HELLO with the old one is still a
        # repeat (a replug), and a real restart still comes with a new one (PROTOCOL.md 7.4).
        self._restart(self.boot, heard=False)
        self._remember(frame)
        lost = tuple(range(frame.seq))
        cards, named = lost[1:], None  # frame 0 of a count is its HELLO, never a card (rev12: "frame 0 lost")
        if isinstance(frame, HeartbeatFrame):
            last = frame.last_card_seq
            cards = tuple(range(1, last + 1)) if last is not None and 0 < last < frame.seq else ()
            named = last if cards else None
        return SeqVerdict(True, missing=lost, restarted=True, cards=cards, card_lost=named, why=why)

    def _impossible_heartbeat(self, frame: HeartbeatFrame) -> bool:
        """Whether ``frame`` names a last card its count cannot have: within a count the device's last
        card lies at or after the last card the host took (after the count's start if none), and before
        the heartbeat; and it is no frame the host took as something else (a heartbeat, a JAM)."""
        floor = self.last_card if self.last_card is not None else 0 if self._saw_start else None
        if floor is None:
            return False  # joined with no card taken: the device's last card may be a lap old, any SEQ
        device_last = frame.last_card_seq
        if device_last is None:
            return self.last_card is not None
        if self._since_floor + (frame.seq - self.expected) % SEQ_MODULO + 1 >= SEQ_MODULO:
            return False  # a lap or more since the floor (a shoe idle overnight): its SEQ came round, rev15 F8
        if self._no_card_at(device_last) is not None:
            return True
        return (device_last - floor) % SEQ_MODULO >= (frame.seq - floor) % SEQ_MODULO

    def _no_card_at(self, seq: int) -> Optional[Frame]:
        """The frame this count took at ``seq`` if it stands for no card (a heartbeat, a JAM): a heartbeat that
        names it as the last card is a new count's, its HELLO and first frames lost whole (rev15 fuzzing: the
        new count's SEQ came to the old one's next, and its cards went unnamed)."""
        seen = self._seen(seq)
        return seen if isinstance(seen, (HeartbeatFrame, ErrorFrame, ShoeFrame)) and not stands_for_card(seen) else None

    def check(self, frame: Frame) -> SeqVerdict:
        drops, self._drops = self._drops, _Drops()
        return self._check(frame, drops)

    def _check(self, frame: Frame, drops: "_Drops") -> SeqVerdict:
        before, self._before_hello = self._before_hello, None
        if before is not None and not isinstance(frame, HelloFrame):
            expected = before[0]
            # The old count goes on: its next SEQ (even 1, right after the wrap-around: verN NEW-2, every heartbeat
            # after it then read as one more restart), or any SEQ past it but a new count's 1.
            if frame.seq == expected or (frame.seq != 1 and (frame.seq >= expected or frame.seq == 0)):
                boot = self.boot
                (self.expected, self.last_card, self._saw_start, self._order, self._recent,
                 self._since_floor) = before
                self.boot = boot  # a repeat HELLO names the boot the count was of
                return replace(self._check(frame, drops), hello_restarted=False)
            return replace(self._check(frame, drops), hello_restarted=True)
        untold, self._start_untold = self._start_untold, False
        if isinstance(frame, HelloFrame):
            if frame.boot == self.boot:
                self._before_hello = before  # the unsure HELLO sent twice: still the next frame's to tell
                self._start_untold = untold
                return SeqVerdict(False, duplicate=True)
            self._start_untold, self._dropped_since = untold or self.expected is None, 0
            self._drops_before_hello = drops if self.expected is None and not untold else _Drops()
            joined = not self._boot_heard and self.expected is not None and not untold
            if joined:
                self._before_hello = (self.expected, self.last_card, self._saw_start, self._order, self._recent,
                                      self._since_floor)
                self._order, self._recent = deque(), {}
            self._restart(frame.boot)
            self._remember(frame)
            return SeqVerdict(True, restarted=True, unsure=joined)
        seq = frame.seq
        before_hello, self._drops_before_hello = self._drops_before_hello, _Drops()
        if untold and not 1 <= seq <= max(BOOT_SEQ_AT_MOST, self._dropped_since + 1):
            # The HELLO was said again in the middle of its count (a device repeating it when the port opens,
            # PROTOCOL.md 7.4), not a boot: this frame is where the host joins, as if the HELLO had not come.
            # With k lines dropped in between, they may have been a boot's frames 1..k: SEQ k+1 is named a
            # boot's, its frames before it lost; a SEQ past that cannot be (verN NEW-6: 56 frames behind 1 line).
            # Lines dropped before the HELLO were frames of this count too, just before the HELLO.
            self.expected, self._saw_start = None, False
            drops = drops.plus(before_hello)
        if self.expected is None:
            self._remember(frame)
            return self._joined(frame, drops)
        seen = self._seen(seq)
        if seen is not None and seen == frame:
            return SeqVerdict(False, duplicate=True)
        if seen is not None or not (seq >= self.expected or seq == 0):
            return self._went_back(frame)
        if isinstance(frame, HeartbeatFrame) and self._impossible_heartbeat(frame):
            return self._went_back(frame)
        expected = self.expected
        missing = tuple((expected + i) % SEQ_MODULO for i in range((seq - expected) % SEQ_MODULO))
        if not missing and (drops.cards or drops.hello) and 1 <= seq <= max(BOOT_SEQ_AT_MOST, drops.frames + 1):
            # A damaged line that may have been a card fits no lost SEQ, or one was a HELLO: in a count this young
            # a new count whose HELLO was damaged may have reached this SEQ, its frames before it lost (rev15 F5).
            what = "a CARD" if drops.cards else "a HELLO"
            return self._went_back(frame, why=(
                f"a damaged line that may have been {what} came just before SEQ {seq}, the count's next, where "
                "no frame of the count was lost: a new count whose HELLO was lost or damaged, or a frame sent "
                "again (PROTOCOL.md 7.4)"))
        cards, named = missing, None
        if isinstance(frame, HeartbeatFrame):
            last = frame.last_card_seq
            # Only the lost frames up to the device's last card can have been cards (PROTOCOL.md 6: the last CARD,
            # ERR MISREAD or DOUBLE_FEED): none, if it is no lost one; all, if a line dropped visibly may have
            # stood for one (a device that names CARD frames only, a SHOE CUT: rev15 F6).
            named = last if last in missing else None
            cards = missing if drops.cards else missing[:missing.index(last) + 1] if named is not None else ()
        self._remember(frame)
        return SeqVerdict(True, missing=missing, cards=cards, card_lost=named)

    def _joined(self, frame: Frame, drops: "_Drops") -> SeqVerdict:
        """The host joins the count at ``frame``.  A line dropped before it that may have stood for a card came
        since the port opened (or the HELLO heard first), while the table ran: the frames just before this one,
        as many as the lines dropped, are named lost (rev15 F4: the count joined after them, no card waited).
        Joined after :meth:`resume_at_start`, a heartbeat naming a last card names one dealt since, lost."""
        begun, self._begun_unread = self._begun_unread, False
        if begun and isinstance(frame, HeartbeatFrame) and frame.last_card_seq is not None:
            lost = frame.last_card_seq
            return SeqVerdict(True, missing=(lost,), cards=(lost,), card_lost=lost)
        if not drops.cards:
            return SeqVerdict(True)
        seq = frame.seq
        first = seq - max(drops.frames, drops.cards)
        missing = tuple(s % SEQ_MODULO for s in range(max(first, 1) if seq > 0 else first, seq))
        if not missing:
            return SeqVerdict(True)
        named = None
        if isinstance(frame, HeartbeatFrame) and frame.last_card_seq in missing:
            named = frame.last_card_seq
        return SeqVerdict(True, missing=missing, cards=missing, card_lost=named)


@dataclass(frozen=True)
class _Drops:
    """Lines dropped since the last good frame (:meth:`SequenceTracker.line_dropped`)."""

    frames: int = 0
    cards: int = 0
    hello: bool = False

    def plus(self, other: "_Drops") -> "_Drops":
        """These lines dropped and ``other``'s, as one run."""
        return _Drops(self.frames + other.frames, self.cards + other.cards, self.hello or other.hello)
