"""The keys and words of a blackjack read held as the same card pushed across (MOVED_PUSHED) (rev37 R5, R6).

While a decision was due, Enter on it said "then Enter plays 5♥ where a card is due", and after the decision Enter
refused it.  Following its words, "put it back and Del drops this read", made a second hold: the camera's read of the
card put back in its own box, and Enter on that raised CARD 5♥ REFUSED.
"""

from __future__ import annotations

from dealer_assist.events import PUT_BACK
from dealer_assist.table.holds import MOVED_PUSHED
from zoned_blackjack import hands, read, refusals, table

DEALT = (("JC", "seat 1"), ("5H", "seat 2"), ("QS", "seat 3"), ("2C", "dealer"), ("4D", "seat 1"), ("6S", "seat 2"))


def dealt(path, cards=DEALT):
    session = table(path, (1, 2, 3))
    for seq, (code, zone) in enumerate(cards, 1):
        read(session, code, seq, zone)
    return session


def test_enter_during_a_decision_says_what_plays_the_pushed_read(tmp_path):
    session = dealt(tmp_path / "j.sqlite", (*DEALT, ("9C", "seat 3")))
    assert session.state.due().kind == "action"
    read(session, "5H", 8, "seat 3", left_from="seat 2")
    assert session.snapshot.pending is not None and session.snapshot.pending.doubt == MOVED_PUSHED
    said = session.confirm_pending()
    assert said is not None and "Enter plays 5♥ where a card is due" not in said
    assert said.startswith("The decision for ") and "Enter plays nothing: 5♥ is counted in seat 2's box" in said
    assert "type it (K 5H)" in said
    session.close()


def test_put_back_and_del_as_the_words_say_leaves_no_second_hold(tmp_path):
    session = dealt(tmp_path / "j.sqlite")
    read(session, "5H", 7, "seat 3", left_from="seat 2")
    assert session.snapshot.pending.doubt == MOVED_PUSHED
    assert "put it back and Del drops this read" in session.confirm_pending()
    session.reject_pending()
    read(session, "5H", 8, "seat 2", doubt=PUT_BACK)  # the camera reads it back where it lay
    assert session.snapshot.pending is None
    assert session.snapshot.message == "5♥ put back in seat 2's box: the table counts it there (read dropped)"
    read(session, "9C", 9, "seat 3")
    assert session.snapshot.pending is None and not refusals(session)
    assert hands(session) == {1: ["JC", "4D"], 2: ["5H", "6S"], 3: ["QS", "9C"], "dealer": ["2C"]}
    session.close()


def test_put_back_followed_sharp_from_the_box_it_was_pushed_to(tmp_path):
    session = dealt(tmp_path / "j.sqlite")
    read(session, "5H", 7, "seat 3", left_from="seat 2")
    session.reject_pending()
    read(session, "5H", 8, "seat 2", doubt=PUT_BACK, moved_from="seat 3")
    assert session.snapshot.pending is None and not refusals(session)
    assert hands(session) == {1: ["JC", "4D"], 2: ["5H", "6S"], 3: ["QS"], "dealer": ["2C"]}
    session.close()
