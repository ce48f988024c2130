"""A burn card typed (or read) wrong is voided with V, as a round's card is (qaZ F3: V said only "no card of
this round to void", and the only way out was a new shoe, which forgot the cards already burned)."""

from __future__ import annotations

from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase
from replayed_journals import replayed


def test_the_shown_burn_card_voided_sets_the_burn_again_and_a_restart_and_a_replay_agree(tmp_path):
    path = tmp_path / "b.sqlite"
    s = TableSession(journal=Journal.open(path), odds=False)
    left = s.state.shoe.cards_left
    assert s.enter_card("KH") is None  # the burn card was a 3 of hearts, typed as a king
    assert s.state.shoe.burn_left == 10
    assert s.correction_refused("void_card") is None
    assert s.void_last_card(why="typed wrong") is None
    assert s.state.phase == TablePhase.BURN and s.state.shoe.burned == () and s.state.shoe.cards_left == left
    assert "show the burn card again" in s.snapshot.message
    assert s.enter_card("3H") is None and s.state.shoe.burn_left == 3
    for code in ("2C", "9D"):
        assert s.enter_card(code) is None
    assert s.void_last_card(why="typed wrong") is None  # a face-down one read wrong: burn_left back to 2
    assert s.state.shoe.burn_left == 2 and [c.code for c in s.state.shoe.burned] == ["3H", "2C"]
    assert s.snapshot.message == "burn card 9♦ voided: 2 more card(s) to burn face down [the croupier's: typed wrong]"  # qaAB F4
    for code in ("9C", "4S"):
        assert s.enter_card(code) is None
    assert s.state.phase == TablePhase.BETTING and s.state.shoe.cards_left == left - 4
    state = s.state
    s.close()

    again = TableSession(journal=Journal.open(path), odds=False)
    assert again.state.shoe == state.shoe and again.state.phase == TablePhase.BETTING
    assert again.deal() is None and again.enter_card("5D") is None
    refused = again.void_last_card(why="x")
    assert refused is None and not again.state.round.cards  # the round's card, not a burn card
    assert again.void_last_card(why="x") == "no card of this round to void"  # the burn is over once dealt
    again.close()

    replay = replayed(path, TableSession(odds=False))
    assert [c.code for c in replay.state.shoe.burned] == ["3H", "2C", "9C", "4S"]


def test_a_burn_with_cards_burned_face_down_unread_is_not_voided_card_by_card(tmp_path):
    s = TableSession(journal=Journal.open(tmp_path / "b.sqlite"), odds=False)
    assert s.enter_card("5H") is None and s.burn_unseen() is None  # five face down, counted unseen
    refused = s.void_last_card(why="x")
    assert refused is not None and "Ctrl+N" in refused and s.state.phase == TablePhase.BETTING
    s.close()
