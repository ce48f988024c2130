"""Del on a read the display itself called the card put back holds nothing behind it (qaU F6).

A squeezed 2♣ put back on its spot comes read again with the PUT_BACK doubt ("if that card was put back,
Del drops this read").  Del dropped it, then held the next card: "a read before it was rejected (Del): if
that was a card, type it in its place first (K)", and the croupier who typed it played the 2♣ twice.
"""

from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import PUT_BACK, READ_TWICE_AT_ONCE, CardRead
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules

CAMERA = "camera:/tmp/table.mp4"
RULES = TableRules(shoe=ShoeRules(burn=False))


def read(session: TableSession, code: str, seq: int, doubt: str = "") -> None:
    session.handle(CardRead(parse_card(code), CAMERA, time.time(), seq=seq, doubt=doubt))


def codes(cards) -> list[str]:
    return [c.code for c in cards]


def squeezed_and_dropped(path, doubt: str) -> TableSession:
    s = TableSession(RULES, Journal.open(path), odds=False)
    s.deal()
    for n, code in enumerate(["2S", "4H", "3D", "2C"], 1):
        read(s, code, n)
    read(s, "2C", 5, doubt)  # the 2♣ lifted for a squeeze, put back where it lay
    assert s.snapshot.pending is not None and s.snapshot.pending.doubt == doubt
    s.reject_pending()  # Del, as the doubt says
    return s


def test_the_next_card_after_a_put_back_read_dropped_plays_as_it_comes(tmp_path):
    s = squeezed_and_dropped(tmp_path / "j.sqlite", PUT_BACK)
    assert "type the card" not in s.snapshot.message and "nothing waits" in s.snapshot.message
    read(s, "6S", 6)
    assert s.snapshot.pending is None
    rnd = s.state.round
    assert codes(rnd.player_cards) == ["2S", "3D", "6S"] and codes(rnd.banker_cards) == ["4H", "2C"]
    s.close()


def test_a_read_twice_at_once_dropped_holds_nothing_either(tmp_path):
    s = squeezed_and_dropped(tmp_path / "j.sqlite", READ_TWICE_AT_ONCE)
    read(s, "6S", 6)
    assert s.snapshot.pending is None and codes(s.state.round.player_cards) == ["2S", "3D", "6S"]
    s.close()


def test_a_restart_after_the_put_back_read_dropped_holds_nothing(tmp_path):
    path = tmp_path / "j.sqlite"
    squeezed_and_dropped(path, PUT_BACK).close()
    again = TableSession(RULES, Journal.open(path), odds=False)
    read(again, "6S", 6)
    assert again.snapshot.pending is None and codes(again.state.round.player_cards) == ["2S", "3D", "6S"]
    again.close()
