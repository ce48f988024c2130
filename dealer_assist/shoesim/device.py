"""The virtual card-reading shoe: the device side of the protocol, with no I/O.

It keeps what a firmware keeps (boot id, SEQ counter, the SEQ of the last frame that stands for a card) and
deals from a seeded, shuffled N-deck shoe, so that a test can compare every
event the host reports with what the device really sent.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from typing import Optional

from dealer_assist.cards import Card, full_deck
from dealer_assist.sources.shoe_protocol import (
    CARD_ERRORS, MAX_FRAME, PROTOCOL_VERSION, SEQ_MODULO, CardFrame, ErrorFrame, Frame, HeartbeatFrame, HelloFrame,
    ShoeFrame, encode, format_frame, stands_for_card,
)

FIRMWARE = "shoesim-1"
DEFAULT_CUT = 14
"""Cards behind the cut card (the WoO rules put it 16 from the bottom; many tables use 14)."""
#: The ERR code of a card that came out unread (PROTOCOL.md), and the forced ``??`` (see VirtualShoe.unread_next).
MISREAD = "MISREAD"
UNREADABLE = "unreadable"
DEVICE_ERRORS = (
    ("JAM", "card jammed at the mouth; clear it"),
    ("DOUBLE_FEED", "two cards left together; check by hand"),
    ("SENSOR", "optical sensor dirty; read quality low"),
)


@dataclass(frozen=True)
class Outgoing:
    """One frame the device produced: the frame, its bytes, and the physical card behind it (for ``??``)."""

    frame: Frame
    line: bytes
    boot: str
    card: Optional[Card] = None


class VirtualShoe:
    """The device: boot, deal, heartbeat, report errors.  Every method returns the frame to send."""

    def __init__(self, *, decks: int = 8, seed: Optional[int] = None, device_id: str = "SIM-0001",
                 cut: int = DEFAULT_CUT, unreadable: float = 0.0) -> None:
        if not 1 <= decks <= 16:
            raise ValueError(f"decks {decks} is outside 1-16")
        if not 0 <= cut < 52 * decks:
            raise ValueError(f"cut position {cut} must leave cards in {'an' if decks in (8, 11) else 'a'} "
                             f"{decks}-deck shoe")
        if not device_id or "," in device_id:
            raise ValueError(f"device id {device_id!r} must be non-empty and hold no comma (PROTOCOL.md section 6): "
                             "a host drops such a HELLO, and the device stays unknown")
        bad = next((ch for ch in device_id if not " " <= ch <= "~" or ch in "$*"), None)
        if bad is not None:
            raise ValueError(f"device id {device_id!r} holds {bad!r}: a device id is printable ASCII (0x20-0x7E) with "
                             "no $ or * (PROTOCOL.md 2, 3), e.g. ECU-0001")
        try:  # the longest boot id this simulator gives: the HELLO must be a frame a host takes
            format_frame("HELLO", 0, str(PROTOCOL_VERSION), FIRMWARE, device_id, "FFFFFFFF")
        except ValueError as exc:
            raise ValueError(f"device id {device_id!r} cannot go in a HELLO: {exc}") from None
        self.decks = decks
        self.seed = seed
        self.device_id = device_id
        self.cut = cut
        self.unreadable = unreadable
        #: The next card out is unreadable (``??``, key ?) or reported by ``ERR MISREAD`` (key m): qaR F16, the
        #: table handles both, and a trainer or an integrator could not show either on demand.
        self.unread_next: Optional[str] = None
        self._rng = random.Random(seed)
        self._shoe_number = 0
        self.boot_id = ""
        self.boots = 0
        self._seq = 0
        self.last_card_seq: Optional[int] = None
        self.cards: list[Card] = []
        self.position = 0
        self._cut_sent = False

    def _next(self, make) -> Outgoing:
        seq = self._seq
        self._seq = (self._seq + 1) % SEQ_MODULO
        frame = make(seq)
        return Outgoing(frame, encode(frame), self.boot_id)

    def boot(self) -> Outgoing:
        """Power on (or reboot): a new boot id, SEQ back to 0, HELLO.

        The boot id is drawn afresh, never from the seed (PROTOCOL.md 6: different at every boot): a
        simulator started again with the same ``--seed`` had said the boot id of its run before, so a host
        took the whole new run for repeats and its cards vanished (qaV F8).  The seed keeps the shuffles and
        the faults repeatable; the boot counter keeps the boot ids of one run apart."""
        self.boots += 1
        self.boot_id = f"{int.from_bytes(os.urandom(3), 'big'):06X}{self.boots % 256:02X}"
        self._seq = 0
        self.last_card_seq = None
        return self._next(lambda s: HelloFrame(s, PROTOCOL_VERSION, FIRMWARE, self.device_id, self.boot_id))

    def hello_again(self) -> Outgoing:
        """This boot's HELLO once more (SEQ 0, the same boot id; the count goes on): a host that opened the
        port after the boot learns the device, one that heard it ignores a repeat (PROTOCOL.md 7.3)."""
        frame = HelloFrame(0, PROTOCOL_VERSION, FIRMWARE, self.device_id, self.boot_id)
        return Outgoing(frame, encode(frame), self.boot_id)

    def new_shoe(self) -> Outgoing:
        """Load a freshly shuffled shoe (the seed makes the order repeatable)."""
        cards = full_deck() * self.decks
        random.Random(None if self.seed is None else f"{self.seed}/{self._shoe_number}").shuffle(cards)
        self._shoe_number += 1
        self.cards = cards
        self.position = 0
        self._cut_sent = False
        return self._next(lambda s: ShoeFrame(s, "NEW"))

    @property
    def remaining(self) -> int:
        return len(self.cards) - self.position

    @property
    def cut_due(self) -> bool:
        """True when the next thing out of the shoe is the cut card."""
        return self.cut > 0 and self.remaining == self.cut and not self._cut_sent

    def next_out(self) -> Outgoing:
        """What leaves the shoe next: the cut card, a card (maybe unreadable), or EMPTY."""
        if self.remaining == 0:
            return self._next(lambda s: ShoeFrame(s, "EMPTY"))
        if self.cut_due:
            self._cut_sent = True
            return self._next(lambda s: ShoeFrame(s, "CUT"))
        card = self.cards[self.position]
        self.position += 1
        forced, self.unread_next = self.unread_next, None
        if forced == MISREAD:  # the reader saw the card come out, and no code (PROTOCOL.md: ERR MISREAD)
            # An ERR for a card left unread: the heartbeat names it as the last (PROTOCOL.md 6).
            out = self._next(lambda s: ErrorFrame(s, MISREAD, "card seen, code not read"))
            self.last_card_seq = out.frame.seq
            return Outgoing(out.frame, out.line, out.boot, card)
        readable = not forced and self._rng.random() >= self.unreadable
        out = self._next(lambda s: CardFrame(s, card if readable else None))
        self.last_card_seq = out.frame.seq
        return Outgoing(out.frame, out.line, out.boot, card)

    def heartbeat(self) -> Outgoing:
        return self._next(lambda s: HeartbeatFrame(s, self.last_card_seq))

    @property
    def card_can_leave(self) -> bool:
        """True when the next thing out of the shoe would be a card (not the cut card, not EMPTY)."""
        return self.remaining > 0 and not self.cut_due

    def error(self, code: Optional[str] = None, text: Optional[str] = None) -> Outgoing:
        """A device error; a DOUBLE_FEED (or MISREAD) takes the card it stands for out of the shoe, as a real
        one does: the shoe had sent more cards than it holds, and a table counted a card that never came
        out (qaV F2).  A random error with no card left to go is one that stands for none."""
        if code is None:
            code, text = self._rng.choice(DEVICE_ERRORS if self.card_can_leave else
                                          tuple(e for e in DEVICE_ERRORS if e[0] not in CARD_ERRORS))
        room = MAX_FRAME - len(f"$ERR,{SEQ_MODULO - 1},{code},*XXXX\r\n")
        text = (text or code.lower())[:room]  # a firmware truncates its message rather than break the frame
        out = self._next(lambda s: ErrorFrame(s, code, text))
        if not stands_for_card(out.frame):
            return out
        self.last_card_seq = out.frame.seq  # a card left unread: the heartbeat names it as the last (PROTOCOL.md 6)
        if not self.card_can_leave:
            return out
        card = self.cards[self.position]
        self.position += 1
        return Outgoing(out.frame, out.line, out.boot, card)
