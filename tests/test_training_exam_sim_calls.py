"""A simulated-shoe exam does not show the right call of a case in the next case's cards (qaS F7).

The simulated shoe deals a hand's cases at once, by the rules: after "Your call?" on Player 9 5 /
Banker 2 5 the next case was the same hand with the Player's third card dealt, whatever was called.
In an exam the hand now ends where a call that deals otherwise leaves it, as at a real table."""

from __future__ import annotations

from dealer_assist.training import Settings, ShoeFeed, TrainingSession


def _session(exam, seed):
    return TrainingSession(Settings(drills=("third-card",), exam=exam, cases=60, minutes=None),
                           {"baccarat": ShoeFeed(8, seed), "blackjack": ShoeFeed(1, seed)}, seed=seed)


def _first_player_draw(session):
    """Answer cases right until one whose right call is "the Player draws" (its hand has a next case)."""
    while True:
        case = session.next_case()
        if case.answers[0] == "P" and session._pending:
            return case
        session.submit(case, list(case.answers), 1.0)


def _same_hand(a, b):
    return a.hands[0].cards[:2] == b.hands[0].cards[:2] and a.hands[1].cards[:2] == b.hands[1].cards[:2]


def test_an_exam_call_of_no_card_where_the_player_draws_is_followed_by_a_new_hand():
    for seed in (21, 5, 8):
        session = _session(True, seed)
        case = _first_player_draw(session)
        session.submit(case, ["S"], 1.0)          # "Banker stands": no card for the Player
        after = session.next_case()
        assert not _same_hand(case, after), seed
        assert len(after.hands[0].cards) == 2     # a new hand's first four cards, not the Player's third


def test_a_right_call_and_a_practice_still_go_on_with_the_hand():
    exam = _session(True, 21)
    case = _first_player_draw(exam)
    exam.submit(case, ["P"], 1.0)
    assert _same_hand(case, exam.next_case())
    practice = _session(False, 21)
    case = _first_player_draw(practice)
    practice.submit(case, ["S"], 1.0)         # a practice tells the right call at once: the hand goes on by it
    assert _same_hand(case, practice.next_case())


def test_no_answer_in_time_ends_the_hand_too():
    session = _session(True, 21)
    case = _first_player_draw(session)
    session.time_out(case, 9.0)
    assert not _same_hand(case, session.next_case())
