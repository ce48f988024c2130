"""A card that came out after the round: held, counted out of the shoe, dealt only as a no-bet hand.

Such a card was seen before bets were taken on the next round: it may open a
hand nobody bets on (the "dummy hand" of the misdraw procedure), or be set
aside, never open a round people bet on.  A void that reopens the round keeps
it (it is often the card the round lacked).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal as D

import pytest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cards import parse_card
from dealer_assist.shoe import Phase, ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableError, TablePhase, TableRules, TableState, apply


def settled(decks: int = 8, bet: bool = True) -> TableState:
    """A round of 9S KH QD 5C (Player 9 to 5) settled, with a bet on the Banker."""
    state = TableState.new(TableRules(shoe=ShoeRules(burn=False, decks=decks)))
    if bet:
        state = apply(state, {"op": "place", "seat": 1, "bet": "banker", "amount": "10"})
    state = apply(state, {"op": "deal"})
    for code in ("9S", "KH", "QD", "5C"):
        state = apply(state, {"op": "card", "card": code})
    assert state.phase == TablePhase.SETTLED
    return state


def test_a_held_card_is_out_of_the_shoe_so_a_copy_too_many_is_refused():
    state = settled(decks=1)
    left = state.shoe.cards_left
    held = apply(state, {"op": "hold", "card": "AS"})
    assert held.shoe.cards_left == left - 1 and held.shoe.dealt == 4 and held.held == (parse_card("AS"),)
    with pytest.raises(TableError, match="AS"):  # the one-deck shoe's only ace of spades is held
        apply(held, {"op": "hold", "card": "AS"})


def test_bets_are_refused_while_a_card_is_held_and_the_refusal_says_what_to_do():
    state = apply(apply(settled(), {"op": "hold", "card": "4D"}), {"op": "next_round"})
    assert state.phase == TablePhase.BETTING and state.held
    for op in ({"op": "place", "seat": 1, "bet": "player", "amount": "10"}, {"op": "rebet"}, {"op": "deal"},
               {"op": "double"}, {"op": "undo"}):
        with pytest.raises(TableError, match=r"4♦ came out after the last round.*no-bet hand with it \(Enter.*\(Del\)"):
            apply(state, op)
    aside = apply(state, {"op": "discard_held"})
    assert apply(aside, {"op": "rebet"}).betting.layout  # once it is set aside, betting is open again


def test_after_a_round_void_with_a_card_held_the_bets_can_be_cleared_for_a_no_bet_hand():
    """Enter had answered "clear the bets" and Clear "deal a no-bet hand (Enter)": only Del got out."""
    state = apply(apply(settled(), {"op": "hold", "card": "4D"}), {"op": "void_round"})
    assert state.phase == TablePhase.BETTING and state.betting.layout and state.held
    with pytest.raises(TableError, match=r"clear the bets \(C\) for a no-bet hand"):
        apply(state, {"op": "play_held"})
    cleared = apply(state, {"op": "clear"})
    assert not cleared.betting.layout
    played = apply(cleared, {"op": "play_held"})
    assert played.round.cards == (parse_card("4D"),) and not played.betting.layout
    removed = apply(state, {"op": "remove", "seat": 1, "bet": "banker", "amount": "10"})
    assert not removed.betting.layout


def test_a_card_while_one_is_held_in_a_reopened_round_is_held_behind_it_and_two_voids_keep_one_copy():
    """Voided twice, the held card had become two (held 4D 4D, two copies counted)."""
    state = apply(settled(), {"op": "hold", "card": "4D"})
    left = state.shoe.cards_left
    state = apply(state, {"op": "void_card"})
    with pytest.raises(TableError, match="came after 4♦, which is held: it is held behind it"):
        apply(state, {"op": "card", "card": "2H"})
    state = apply(state, {"op": "hold", "card": "2H"})  # as the session does with that refusal
    assert state.held == (parse_card("4D"), parse_card("2H"))
    state = apply(state, {"op": "void_card"})  # the round's third card now
    assert state.held == (parse_card("4D"), parse_card("2H")) and state.shoe.copies_seen(parse_card("4D")) == 1
    assert state.shoe.cards_left == left + 1  # 5C and QD back in the shoe, 2H held out of it with 4D
    played = apply(state, {"op": "play_held"})
    assert played.round.cards[-2:] == (parse_card("4D"), parse_card("2H")) and played.held == ()
    assert played.shoe.copies_seen(parse_card("4D")) == 1


@pytest.mark.parametrize("first", ["settled", "after N"])
def test_the_held_card_opens_a_hand_nobody_bets_on(first):
    state = apply(settled(), {"op": "hold", "card": "4D"})
    if first == "after N":
        state = apply(state, {"op": "next_round"})
    left = state.shoe.cards_left
    played = apply(state, {"op": "play_held"})
    assert played.round_no == 2 and played.round.cards == (parse_card("4D"),) and played.held == ()
    assert played.betting.locked and not played.betting.layout
    assert played.shoe.cards_left == left and played.shoe.dealt == 5  # counted once, now as dealt
    for code in ("2S", "3H", "5D"):
        played = apply(played, {"op": "card", "card": code})
    assert played.phase == TablePhase.SETTLED and played.settlement.lines == ()


def test_a_card_after_a_held_one_is_held_behind_it():
    state = apply(apply(settled(), {"op": "hold", "card": "4D"}), {"op": "next_round"})
    with pytest.raises(TableError, match="came after 4♦, which is held"):
        apply(state, {"op": "card", "card": "7C"})
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), odds=False)
    for code in ("9S", "KH", "QD", "5C", "4D"):
        session.enter_card(code)
    session.next_round()
    assert "held behind it" in session.enter_card("7C")
    assert session.state.held == (parse_card("4D"), parse_card("7C"))
    assert session.play_held() is None
    assert session.state.round.cards == (parse_card("4D"), parse_card("7C"))
    assert "NO-BET HAND" in [a.title for a in session.snapshot.alerts]
    for code in ("2S", "3H", "5D"):  # Player 6 stands, Banker 0 draws
        session.enter_card(code)
    assert session.next_round() is None and "NO-BET HAND" not in [a.title for a in session.snapshot.alerts]


def test_voiding_the_settled_rounds_last_card_keeps_the_held_card_for_the_reopened_round():
    state = apply(settled(), {"op": "hold", "card": "4D"})
    left = state.shoe.cards_left
    voided = apply(state, {"op": "void_card"})
    assert voided.phase == TablePhase.DEALING and voided.held == (parse_card("4D"),)
    assert voided.shoe.cards_left == left + 1  # 5C back in the accounting, 4D still out
    assert voided.shoe.copies_seen(parse_card("4D")) == 1
    played = apply(voided, {"op": "play_held"})  # the card the round lacked: Banker 0+4
    assert played.round_no == 1 and played.round.cards[-1] == parse_card("4D") and played.held == ()
    assert played.settlement is not None and played.shoe.cards_left == left + 1
    assert played.settlement.lines[0].stake == D("10")


def test_no_hand_follows_a_finished_shoe_so_the_held_card_can_only_be_set_aside():
    state = apply(settled(), {"op": "hold", "card": "4D"})
    state = replace(state, shoe=replace(state.shoe, phase=Phase.FINISHED))  # that round was the shoe's last
    with pytest.raises(TableError, match=r"shoe is finished.*set it aside \(Del\)"):
        apply(state, {"op": "play_held"})
    assert apply(state, {"op": "discard_held"}).held == ()


def test_a_held_card_comes_back_held_after_a_restart(tmp_path):
    path = tmp_path / "t.sqlite"
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(path), odds=False)
    session.place(1, Bet.BANKER, D("10"))
    session.deal()
    for code in ("9S", "KH", "QD", "5C", "4D"):
        session.enter_card(code)
    state = session.state
    session.close()
    again = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(path), odds=False)
    try:
        assert again.state.held == state.held and again.state.shoe == state.shoe
        assert again.next_round() is None
        assert "no-bet hand" in again.place(1, Bet.BANKER, D("10")) and not again.state.betting.layout
    finally:
        again.close()


def test_in_a_round_a_void_reopened_a_typed_card_is_the_croupiers_correction_a_read_one_waits_behind():
    """A croupier voiding a misread 5C and typing the 6C really dealt had seen 6C held behind 4D, and Enter
    then dealt 4D as B2: the round settled on the wrong card."""
    state = apply(settled(), {"op": "hold", "card": "4D"})
    state = apply(state, {"op": "void_card"})  # 5C was a misread
    typed = apply(state, {"op": "card", "card": "6C", "source": "keyboard"})
    assert typed.round.cards[-1] == parse_card("6C") and typed.held == (parse_card("4D"),)
    with pytest.raises(TableError, match="held behind it"):
        apply(state, {"op": "card", "card": "6C", "source": "serial:/dev/ttyUSB0"})


def test_the_held_alert_says_enter_plays_into_the_round_a_void_reopened(tmp_path):
    """A void reopens a settled round while a card waits held: Enter now plays it into the round, and
    the alert must not go on offering a no-bet hand (QA: it did, and Enter turned a Player win into a tie)."""
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(tmp_path / "j.sqlite"), odds=False)
    assert session.place(1, Bet.PLAYER, D("5")) is None and session.deal() is None
    for code in ("9H", "2S", "KC", "3D"):
        assert session.enter_card(code) is None
    session.enter_card("7C")
    (held,) = [a for a in session.snapshot.alerts if a.code == "held"]
    assert "no-bet hand" in held.action
    assert session.void_last_card(why="3D misread") is None
    (held,) = [a for a in session.snapshot.alerts if a.code == "held"]
    assert "no-bet" not in held.action and "into the round" in held.action and "7♣" in held.title
    assert session.play_held() is None
    assert [c.code for c in session.state.round.cards] == ["9H", "2S", "KC", "7C"]
    session.close()


def test_a_new_shoe_takes_down_the_old_shoes_alerts(tmp_path):
    """QA: after Ctrl+N, or the shoe's own SHOE NEW, SHOE EMPTY, CUT CARD OUT, NEW SHOE DURING A ROUND and a
    jam stayed up over the new shoe, and a restart (which reads back to the new shoe) dropped them."""
    from dealer_assist.events import DeviceError, LinkState, ShoeSignal

    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(tmp_path / "j.sqlite"), odds=False)
    assert session.deal() is None and session.enter_card("9H") is None
    for state in ("empty", "cut", "new"):  # "new" mid-round: only its alert
        session.handle(ShoeSignal("serial:x", 0.0, state))
    session.handle(DeviceError("serial:x", 0.0, "JAM", "card jammed"))
    session.handle(LinkState("serial:x", 0.0, "lost", "unplugged"))
    old = {"empty", "cut", "newshoe:round", "device:JAM"}
    assert {a.code for a in session.snapshot.alerts} >= old
    for code in ("2S", "KD", "3C"):
        assert session.enter_card(code) is None
    assert session.new_shoe() is None
    assert {a.code for a in session.snapshot.alerts} == {"link:serial:x"}  # the link is still down
    session.close()
    again = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(tmp_path / "j.sqlite"), odds=False)
    assert again.snapshot.alerts == ()  # a restart shows none of the old shoe's either
    again.close()


def test_a_new_shoe_the_shoe_reports_between_rounds_says_why_the_table_started_again(tmp_path):
    """No key was pressed, yet the count, the roads and the history start again: a note says why."""
    from dealer_assist.events import ShoeSignal

    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(tmp_path / "j.sqlite"), odds=False)
    assert session.deal() is None
    for code in ("9H", "2S", "KD", "3C"):
        assert session.enter_card(code) is None
    assert session.next_round() is None
    session.handle(ShoeSignal("serial:x", 0.0, "new"))
    assert session.state.shoe_no == 2 and session.state.history == ()
    (note,) = [a for a in session.snapshot.alerts if a.code == "newshoe"]
    assert note.level == "info" and "serial:x" in note.text and "roads" in note.text
    session.close()


def test_the_banner_says_enter_plays_the_held_card_into_the_round_a_void_reopened(tmp_path):
    """QA: after the void the banner said DEAL BANKER, Banker's second card, while Enter played the held
    card there: only the alert said so."""
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(tmp_path / "j.sqlite"), odds=False)
    assert session.deal() is None
    for code in ("9H", "2S", "KC", "3D"):
        assert session.enter_card(code) is None
    session.enter_card("7C")
    assert session.void_last_card(why="3D misread") is None
    snap = session.snapshot
    assert snap.banner == "CARD HELD" and "Enter plays 7♣ there" in snap.reason and "(B2)" in snap.reason
    session.close()


def test_a_card_still_held_after_the_reopened_round_took_what_it_needed_keeps_an_alert(tmp_path):
    """QA: 7C and 7D held, the last card voided: Enter played 7C as B2, the round was complete, and 7D,
    still held, lost its alert (play_held took it down)."""
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(tmp_path / "j.sqlite"), odds=False)
    assert session.deal() is None
    for code in ("9H", "2S", "KC", "3D"):
        assert session.enter_card(code) is None
    session.enter_card("7C")
    session.enter_card("7D")
    assert session.void_last_card(why="3D misread") is None
    assert session.play_held() is None
    assert [c.code for c in session.state.held] == ["7D"]
    (held,) = [a for a in session.snapshot.alerts if a.code == "held"]
    assert "7♦" in held.title and "no-bet hand" in held.action
    session.close()
