"""At a camera table a card read face up while the burn's face-down cards are due is held, not burned (qaU F4).

A new shoe: 5♣ shown (five cards to burn face down), burned face down, then the round dealt face up to the
layout.  The croupier had not pressed B: the camera's reads of the round's first five cards were counted as
the five burned, with no word, and the sixth played as P1.  A camera never sees a face-down burn: a card it
reads face up then waits ("B first if the burn is done").  A serial shoe reads burned cards as they pass: its
reads then stay burn cards.
"""

from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.holds import BURN_DUE_FACE_DOWN
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules

CAMERA = "camera:/tmp/table.mp4"
SHOE = "serial:/dev/ttyUSB0"
RULES = TableRules(shoe=ShoeRules(burn=True))
ROUND = ["2S", "4H", "3D", "2C", "6S", "9D"]


def read(session: TableSession, code: str, seq: int, source: str = CAMERA) -> None:
    session.handle(CardRead(parse_card(code), source, time.time(), seq=seq, confidence=0.95))


def codes(cards) -> list[str]:
    return [c.code for c in cards]


def burned_then_dealt(path, source: str = CAMERA) -> TableSession:
    s = TableSession(RULES, Journal.open(path), odds=False)
    read(s, "5C", 1, source)  # the burn's first card, shown face up: five more go face down
    assert s.state.shoe.burn_left == 5
    for n, code in enumerate(ROUND, 2):  # B not pressed: the round dealt face up
        read(s, code, n, source)
    return s


def test_a_card_read_face_up_during_the_burn_waits_and_b_then_enter_deals_the_round(tmp_path):
    s = burned_then_dealt(tmp_path / "j.sqlite")
    assert codes(s.state.shoe.burned) == ["5C"]  # none of the round's cards counted burned
    assert s.snapshot.pending.card.code == "2S" and s.snapshot.pending.doubt == BURN_DUE_FACE_DOWN
    assert codes(e.card for e in s.snapshot.waiting) == ROUND[1:]
    assert s.burn_unseen() is None  # B: the five burned face down
    assert s.confirm_pending() is None  # Enter: 2S plays as P1, the rest after it
    rnd = s.state.round if s.state.phase != TablePhase.SETTLED else s.state.history[-1]
    assert codes(rnd.cards) == ROUND
    s.close()


def test_a_serial_shoes_reads_during_the_burn_stay_burn_cards(tmp_path):
    s = burned_then_dealt(tmp_path / "j.sqlite", SHOE)
    assert codes(s.state.shoe.burned) == ["5C", *ROUND[:5]] and s.snapshot.pending is None
    s.close()
