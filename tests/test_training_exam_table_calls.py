"""An exam at a real table follows the hand as the trainee called it.

An exam gives no feedback, so a trainee who calls "Banker stands" where the Player must draw deals no
third card and starts the next hand.  The trainer took that hand's first card as the Player's third card:
the next case showed cards of two rounds (7C 6H TC against 9C 2S), and every case after it was out of step
with the table (reproduced with ``shoe-sim --step`` dealing as the trainee called).  Now an exam's trainer
goes on as the call says: no card after a call of none, one card to the Banker after a call of the Banker,
the rules' own card when the call is theirs; a card the trainee's call deals where the rules give none and
after which the trainer cannot tell what follows (a Player's third card, a dealer's hit) makes the hand void.
A practice session still follows the rules: its feedback tells the trainee the right call at once.

A simulated shoe on a real pseudo-terminal (the Table of test_training_real_table).
"""

from __future__ import annotations

import queue

from dealer_assist.training import FeedError, Settings, TrainingSession
from test_training_real_table import Table, _labels


def _exam(drill: str, exam: bool = True) -> Table:
    t = Table(drill)
    t.session = TrainingSession(Settings(drills=(drill,), minutes=None, exam=exam), {"baccarat": t.feed,
                                                                                      "blackjack": t.feed}, seed=1)
    return t


def _case(t: Table, answer: "queue.Queue[object]"):
    got = answer.get(timeout=10)
    assert not isinstance(got, Exception), got
    return got


def test_a_call_of_no_card_where_the_player_draws_ends_the_hand_and_the_next_case_is_the_next_hands():
    t = _exam("third-card")
    try:
        t.load("7C 9C 6H 2S  TC 9D KH AH  5S")
        answer = t.ask()
        t.deal(4)
        case = _case(t, answer)
        assert _labels(case) == ["7C 6H", "9C 2S"] and case.answers == ("P",)   # Player 3 draws
        t.session.submit(case, ["S"], 1.0)   # wrong: "Banker stands", so no card, and the next hand
        answer = t.ask()
        t.deal(4)
        assert _labels(_case(t, answer)) == ["TC KH", "9D AH"]
        assert t.sim.cards_dealt == 8
    finally:
        t.close()


def test_a_call_of_the_banker_where_the_player_draws_takes_that_one_card_and_ends_the_hand():
    t = _exam("third-card")
    try:
        t.load("7C 9C 6H 2S 5D  TC 9D KH AH")
        answer = t.ask()
        t.deal(4)
        case = _case(t, answer)
        t.session.submit(case, ["B"], 1.0)   # the trainee deals one card, to the Banker: the hand is over
        answer = t.ask()
        t.deal(5)
        assert _labels(_case(t, answer)) == ["TC KH", "9D AH"]
    finally:
        t.close()


def test_the_rules_own_call_still_deals_the_hand_on_in_an_exam():
    t = _exam("third-card")
    try:
        t.load("7C 9C 6H 2S TC  9D KH AH 4S")
        answer = t.ask()
        t.deal(4)
        case = _case(t, answer)
        t.session.submit(case, ["P"], 1.0)
        answer = t.ask()
        t.deal(1)
        case = _case(t, answer)
        assert _labels(case) == ["7C 6H TC", "9C 2S"] and case.answers == ("B",)   # Banker 1 draws
        t.session.submit(case, ["S"], 1.0)   # wrong: the Banker's third card is not dealt
        answer = t.ask()
        t.deal(4)
        assert _labels(_case(t, answer)) == ["9D AH", "KH 4S"]
    finally:
        t.close()


def test_a_players_third_card_called_where_the_rules_give_none_makes_the_hand_void():
    """After a Player's third card the trainee decides the Banker's by the tableau: the trainer cannot tell
    whether the next card is the Banker's or the next hand's, so the table is cleared."""
    t = _exam("third-card")
    try:
        t.load("4C 5C 3D 2D 8H  TC 9D KH AH")
        answer = t.ask()
        t.deal(4)
        case = _case(t, answer)
        assert _labels(case) == ["4C 3D", "5C 2D"] and case.answers == ("S",)   # 7 against 7: no card
        t.session.submit(case, ["P"], 1.0)
        answer = t.ask()
        t.deal(1)
        void = answer.get(timeout=10)
        assert isinstance(void, FeedError) and void.resync and "clear the table" in str(void)
        assert "a card for the Player was called" in str(void)
        assert t.session.needs_ready
        t.session.ready()
        answer = t.ask()
        t.deal(4)
        assert _labels(_case(t, answer)) == ["TC KH", "9D AH"]
    finally:
        t.close()


def test_a_dealer_stood_where_the_rules_hit_ends_the_blackjack_hand_and_the_next_case_is_the_next_hands():
    t = _exam("blackjack-dealer")
    try:
        t.load("TS 9H 9C 5D  2C 3D 4H")
        answer = t.ask()
        t.deal(3)
        case = _case(t, answer)
        assert case.then == "The player stands"   # 19: the drill's player stands
        t.session.submit(case, ["HS"], 1.0)
        answer = t.ask()
        t.deal(1)
        case = _case(t, answer)
        assert _labels(case) == ["9H 5D", "TS 9C"] and case.answers == ("H",)
        t.session.submit(case, ["S"], 1.0)   # wrong: the dealer stands on 14 at this table, and the next hand
        answer = t.ask()
        t.deal(3)
        assert _labels(_case(t, answer))[:2] == ["3D", "2C 4H"]
    finally:
        t.close()


def test_a_dealer_hit_where_the_rules_stand_makes_the_blackjack_hand_void():
    t = _exam("blackjack-dealer")
    try:
        t.load("AS 9H KD 6C  2C 3D 4H")
        answer = t.ask()
        t.deal(3)
        case = _case(t, answer)
        assert case.answers == ("S",)   # only a blackjack left and a 9 up: the dealer draws nothing
        t.session.submit(case, ["H"], 1.0)
        answer = t.ask()
        t.deal(1)
        void = answer.get(timeout=10)
        assert isinstance(void, FeedError) and void.resync and "dealer" in str(void)
    finally:
        t.close()


def test_a_practice_session_still_takes_the_rules_card_after_a_wrong_call():
    """Its feedback says at once "Right call: Player draws", and the trainee deals that card."""
    t = _exam("third-card", exam=False)
    try:
        t.load("7C 9C 6H 2S TC  9D KH AH")
        answer = t.ask()
        t.deal(4)
        case = _case(t, answer)
        t.session.submit(case, ["S"], 1.0)
        answer = t.ask()
        t.deal(1)
        assert _labels(_case(t, answer)) == ["7C 6H TC", "9C 2S"]
    finally:
        t.close()


def test_the_trainer_window_in_an_exam_shows_the_next_hand_after_a_call_of_no_card(qtbot):
    from PySide6.QtCore import Qt

    from dealer_assist.ui.training.settle import Settle
    from dealer_assist.ui.training.window import TrainerWindow

    t = _exam("third-card")
    try:
        t.load("7C 9C 6H 2S  TC 9D KH AH")
        window = TrainerWindow(t.session, settle=Settle(0.0))
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: window.briefing and "Press Space" in window.feedback.text())
        qtbot.keyClick(window, Qt.Key.Key_Space)   # the exam's start screen
        qtbot.waitUntil(lambda: window.question.text().startswith("Deal the next hand"), timeout=5000)
        t.deal(4)
        qtbot.waitUntil(lambda: window.case is not None, timeout=5000)
        assert _labels(window.case) == ["7C 6H", "9C 2S"]
        qtbot.keyClick(window, Qt.Key.Key_S)   # wrong (the Player draws), recorded with no feedback
        assert len(t.session.attempts) == 1 and window.case is None
        t.deal(4)
        qtbot.waitUntil(lambda: window.case is not None, timeout=5000)
        assert _labels(window.case) == ["TC KH", "9D AH"]
    finally:
        t.close()
