"""The card field's strip over a shoe's read held behind a card it left unplayed says to type that card first.

Enter on such a read is refused until the missing card is typed (qaAP F1, tests/test_shoe_missing_card_wait.py),
but the strip still asked "CONFIRM: is it 4♥? Yes (Enter)".  A first Ctrl+N with the new shoe's burn begun said
"press Ctrl+N again to start it", and only the second press was refused (qaAP F5): it is refused at once."""

from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, ShoeSignal, Unreadable
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.state import TableRules

SOURCE = "serial:shoe"


def read(code: str, seq: int) -> CardRead:
    return CardRead(parse_card(code), SOURCE, time.time(), seq=seq)


def test_the_strip_says_to_type_the_missing_card_not_enter(qtbot, table_factory):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False, decks=8)))
    s = window.session
    s.handle(Unreadable(SOURCE, time.time(), seq=1))
    s.handle(read("4H", 2))
    qtbot.waitUntil(lambda: s.snapshot.pending is not None, timeout=3000)
    qtbot.waitUntil(lambda: "MISSING CARD" in window.entry.question.text(), timeout=3000)
    text = window.entry.question.text()
    assert "FIRST (K)" in text and "CONFIRM" not in text, text
    # qaAV F7: no "Yes (Enter)" beside it while Enter is refused; Del still drops the read.
    assert window.entry.yes.isHidden() and not window.entry.no.isHidden()
    s.enter_card("9S")  # the missing card typed: the read may be played, and the strip asks again
    qtbot.waitUntil(lambda: "CONFIRM" in window.entry.question.text(), timeout=3000)
    assert not window.entry.yes.isHidden() and window.entry.yes.text() == "Yes (Enter)"


def test_a_first_ctrl_n_with_the_new_shoes_burn_begun_is_refused_at_once(qtbot, table_factory):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=True, decks=8)))
    s = window.session
    s.handle(ShoeSignal(SOURCE, time.time(), "new", seq=1))
    s.handle(read("2D", 2))
    qtbot.waitUntil(lambda: len(s.state.shoe.burned) == 1, timeout=3000)
    shoe = s.state.shoe_no
    answer = window.new_shoe()
    assert answer is not None and "already started" in answer, answer
    assert "press Ctrl+N again" not in answer
    assert window.new_shoe() is not None and s.state.shoe_no == shoe
    assert [c.code for c in s.state.shoe.burned] == ["2D"]
