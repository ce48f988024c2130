"""A camera's candidates for a card it could not read are named as its guess, not as what the card may be.

qaAZ F3: of 223 unsure reads of a blurred deck, a third left the true card out (a blurred 3♥ offered only
"J♥"), and UNREADABLE CARD said "it may be J♥": a croupier who typed what it suggested played a wrong card.
A shoe's own candidates keep their words.  The journal's replay shows what live showed.
"""

from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import Unreadable
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules

RULES = TableRules(shoe=ShoeRules(burn=False))


def _asked(path, source: str) -> str:
    s = TableSession(RULES, Journal.open(path), odds=False)
    s.deal()
    s.handle(Unreadable(source, time.time(), seq=1, frame=18, candidates=(parse_card("JH"),)))
    text = next(a.text for a in s.snapshot.alerts if a.title == "UNREADABLE CARD")
    s.close()
    return text


def test_a_cameras_candidates_are_its_guess_to_check_and_replay_says_the_same(tmp_path):
    path = tmp_path / "j.sqlite"
    text = _asked(path, "camera:/tmp/seq3H")
    assert "it may be" not in text and "its guess, often wrong: J♥ (read the card itself)" in text
    again = TableSession(RULES, Journal.open(path), odds=False)
    assert next(a.text for a in again.snapshot.alerts if a.title == "UNREADABLE CARD") == text
    again.close()


def test_a_shoes_candidates_keep_their_words(tmp_path):
    assert "it may be J♥" in _asked(tmp_path / "j.sqlite", "serial:/dev/ttyUSB0")
