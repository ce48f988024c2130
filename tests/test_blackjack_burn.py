"""A blackjack house that burns cards after each shuffle (``[blackjack] burn_cards``; qaAC F4: the burn card a
reader shoe read was a red CARD REFUSED "misdraw" at every new deck, and the round's first card then waited for
Enter).  The burn card is out of the deck (the odds leave it out, the deck check counts it back), in no hand."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from decimal import Decimal

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableError, BlackjackTableRules, rules_from_config
from dealer_assist.table.journal import Journal
from dealer_assist.table.rules_record import RulesMismatchError
from replayed_journals import journal_command, journal_entries, replayed
from test_serial_restarts import Rig, frame, hello
from test_two_unread_in_a_row import CAMERA
from polling import wait_for

BURNS_ONE = BlackjackTableRules(burn_cards=1)


def read(s, code: str, seq: int) -> None:
    s.handle(CardRead(parse_card(code), CAMERA, time.time(), seq=seq))


def kinds(path) -> list[str]:
    return [e.kind for e in journal_entries(path)]


def test_the_config_takes_burn_cards_and_refuses_a_bad_value_by_name():
    assert rules_from_config({"burn_cards": 2}).burn_cards == 2
    assert rules_from_config({}).burn_cards == 0  # the seeds burn none
    for bad in (11, -1, True, 1.5):
        with pytest.raises(BlackjackTableError, match="burn_cards"):
            rules_from_config({"burn_cards": bad})


@pytest.mark.parametrize("restart", [False, True])
def test_the_burn_card_read_is_burned_and_the_first_card_after_the_bets_is_dealt(tmp_path, restart):
    path = tmp_path / "j.sqlite"
    s = BlackjackSession(BURNS_ONE, journal=Journal.open(path))
    assert s.snapshot.banner == "BURN 1" and "B: burned unrecorded" in s.snapshot.reason and s.card_due()
    read(s, "7D", 1)
    assert s.snapshot.alerts == () and s.snapshot.pending is None
    assert s.state.burned == (parse_card("7D"),) and s.state.burn_left == 0
    assert s.snapshot.banner == "PLACE YOUR BETS" and not s.card_due()
    if restart:
        s.close()
        s = BlackjackSession(BURNS_ONE, journal=Journal.open(path))
        assert s.state.burned == (parse_card("7D"),) and s.state.burn_left == 0
    assert s.place(1, Decimal("10")) is None and s.deal() is None
    read(s, "9S", 2)
    assert [c.code for c in s.state.round.cards] == ["9S"] and s.snapshot.pending is None
    assert "7D" not in [c.code for c in s.state.ledger.in_shoe]  # out of the deck: the odds leave it out
    s.close()
    assert "shoe_burn" in kinds(path) and "card_refused" not in kinds(path)


def test_the_deck_check_asks_for_the_burn_card_back_and_the_new_deck_burns_again(tmp_path):
    s = BlackjackSession(BURNS_ONE, journal=Journal.open(tmp_path / "j.sqlite"))
    read(s, "7D", 1)
    assert s.start_deck_check() is None
    assert parse_card("7D") in s.state.reconciliation().due_back
    assert s.enter_card("7D") is None
    assert parse_card("7D") not in s.state.reconciliation().due_back
    assert s.return_stub() is None and s.state.reconciliation().ok
    assert s.new_deck() is None
    assert s.state.burn_left == 1 and s.state.burned == () and s.snapshot.banner == "BURN 1"
    s.close()


def test_b_counts_the_burn_done_unrecorded_and_is_refused_when_none_is_due(tmp_path):
    path = tmp_path / "j.sqlite"
    s = BlackjackSession(BURNS_ONE, journal=Journal.open(path))
    assert s.skip_burn() is None
    assert s.state.burn_left == 0 and s.state.burned == ()
    refused = s.skip_burn()
    assert refused is not None and "no burn card is due" in refused
    s.close()
    s = BlackjackSession(BURNS_ONE, journal=Journal.open(path))
    assert s.state.burn_left == 0  # journaled (shoe_burn with no cards): a restart agrees
    s.close()


def test_a_deal_before_the_burn_ends_it(tmp_path):
    """A table that dealt without burning (the croupier's choice): the first card after the deal is dealt."""
    s = BlackjackSession(BURNS_ONE, journal=Journal.open(tmp_path / "j.sqlite"))
    assert s.place(1, Decimal("10")) is None and s.deal() is None
    read(s, "9S", 1)
    assert [c.code for c in s.state.round.cards] == ["9S"] and s.state.burned == ()
    s.close()


def test_a_replay_burns_as_the_table_did(tmp_path):
    path = tmp_path / "j.sqlite"
    s = BlackjackSession(BURNS_ONE, journal=Journal.open(path))
    read(s, "7D", 1)
    assert s.place(1, Decimal("10")) is None and s.deal() is None
    read(s, "9S", 2)
    s.close()
    shown = replayed(path, BlackjackSession(BURNS_ONE))
    assert shown.state.burned == (parse_card("7D"),) and [c.code for c in shown.state.round.cards] == ["9S"]


def test_without_the_rule_the_refusal_names_the_setting(tmp_path):
    s = BlackjackSession(journal=Journal.open(tmp_path / "j.sqlite"))
    read(s, "7D", 1)
    refused = [a for a in s.snapshot.alerts if a.code == "refused"]
    assert refused and "burn_cards" in refused[0].text
    s.close()


def test_journals_that_keep_the_default_match_old_ones_and_a_burning_table_is_not_restarted_without_it(tmp_path):
    """burn_cards is recorded only when set: a journal of the default table has no such rule (as one written
    before it existed), and a journal of a burning table restarted under a config without it is refused by name."""
    plain = tmp_path / "plain.sqlite"
    BlackjackSession(journal=Journal.open(plain)).close()
    start = next(e for e in journal_entries(plain) if e.kind == "shoe_start")
    assert "burn_cards" not in start.payload["rules"]
    burning = tmp_path / "burning.sqlite"
    BlackjackSession(BURNS_ONE, journal=Journal.open(burning)).close()
    with pytest.raises(RulesMismatchError, match="burn_cards"):
        BlackjackSession(journal=Journal.open(burning))


def test_a_reader_shoes_burn_card_over_a_real_pty_is_no_misdraw(tmp_path):
    """qaAC F4's repro: HELLO, SHOE NEW, the burn card read before any bet, then the round."""
    rig = Rig(tmp_path)
    try:
        rig.session = BlackjackSession(BURNS_ONE)
        rig.send(hello("B1"), frame("SHOE", 1, "NEW"), frame("CARD", 2, "7D"))
        assert wait_for(lambda: rig.session.state.burned == (parse_card("7D"),))
        assert "refused" not in rig.alerts()
        assert rig.session.place(1, Decimal("10")) is None and rig.session.deal() is None
        rig.send(frame("CARD", 3, "9S"))
        assert wait_for(lambda: rig.played() == ["9S"]) and rig.session.snapshot.pending is None
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_backspace_takes_back_a_burn_card_typed_wrong(tmp_path, restart):
    """The burn card typed 7♦ for the 7♥ burned: Backspace takes it back (the burn due again), not the deck check's
    mismatch 40 rounds later.  Once a card of a round is out it is that card's to void."""
    path = tmp_path / "j.sqlite"
    s = BlackjackSession(BURNS_ONE, journal=Journal.open(path))
    assert s.enter_card("7D") is None and s.state.burned == (parse_card("7D"),)
    assert s.void_last(why="typed wrong") is None and "burn card 7♦" in s.snapshot.message
    assert s.state.burned == () and s.state.burn_left == 1 and s.state.ledger.dealt == ()
    if restart:
        s.close()
        s = BlackjackSession(BURNS_ONE, journal=Journal.open(path))
        assert s.state.burned == () and s.state.burn_left == 1
    assert s.enter_card("7H") is None and s.state.burned == (parse_card("7H"),)
    assert s.place(1, Decimal("10")) is None and s.deal() is None
    read(s, "9S", 2)
    assert s.void_last(why="misread") is None  # the round's card, not the burn
    assert s.state.burned == (parse_card("7H"),) and s.state.round.cards == ()
    s.close()


def test_a_burn_card_already_dealt_is_let_in_by_a_supervisor_as_the_refusal_offers(tmp_path):
    """rev22 R22-3: a burn card refused as dealt from the deck already could not be accepted (F9): the same
    refusal came back."""
    s = BlackjackSession(BlackjackTableRules(burn_cards=2), journal=Journal.open(tmp_path / "j.sqlite"))
    assert s.enter_card("7D") is None
    refused = s.enter_card("7D")
    assert refused is not None and s.snapshot.duplicate == parse_card("7D")
    assert s.accept_refused("", None, "the deck holds two, a foreign card") is None
    assert s.state.burned == (parse_card("7D"), parse_card("7D")) and s.state.burn_left == 0
    s.close()


def test_a_card_a_layout_camera_sees_in_a_box_is_no_burn_card(tmp_path):
    """rev22 R22-13: B forgotten, seat 1's first card seen in its box was burned, and seat 1 stayed empty."""
    s = BlackjackSession(BURNS_ONE, journal=Journal.open(tmp_path / "j.sqlite"))
    assert s.place(1, Decimal("10")) is None
    s.handle(CardRead(parse_card("9S"), "camera:0", time.time(), zone="seat 1"))
    assert s.state.burned == () and [c.code for c in s.state.round.cards] == ["9S"]
    # rev23 R23-7: the burn ended without a word; the croupier who forgot it learns it is counted back.
    assert "burn is taken as done unrecorded" in s.snapshot.message and "Seat 1 box" in s.snapshot.message
    s.close()


def test_b_at_a_table_that_burns_none_says_so(tmp_path):
    s = BlackjackSession(journal=Journal.open(tmp_path / "j.sqlite"))
    refused = s.skip_burn()
    assert refused is not None and "burns none" in refused and "burn_cards" in refused
    s.close()


def test_the_export_marks_a_burn_card_taken_back(tmp_path):
    """rev23 R23-4: a burn card voided (Backspace) stood in the export's ``other`` as burned, unmarked."""
    path = tmp_path / "j.sqlite"
    s = BlackjackSession(BURNS_ONE, journal=Journal.open(path))
    assert s.enter_card("7D") is None and s.void_last(why="typed wrong") is None and s.enter_card("7H") is None
    s.close()
    record = json.loads(journal_command(path, "export", "--format", "json").splitlines()[0])
    burns = [(o["cards"], o.get("voided_by")) for o in record["other"] if o["kind"] == "shoe_burn"]
    assert burns[0][0] == ["7D"] and isinstance(burns[0][1], int) and burns[1] == (["7H"], None)


def test_a_journaled_burn_replays_as_a_burn_whatever_box_it_names():
    """rev23 R23-8: a burn journaled with a camera's box (the code of an hour of 2026-12-06 burned those) restarted
    as the seat's card: the hand it never had."""
    from dealer_assist.table.blackjack_state import BlackjackState, apply

    state = apply(replace(BlackjackState.new(BURNS_ONE), bets=((1, Decimal("10")),)),
                  {"op": "card", "card": "9S", "zone": "seat 1", "cards": ["9S"], "burn_left": 0})
    assert state.burned == (parse_card("9S"),) and state.round is None


def test_space_before_the_burn_asks_first_and_the_deal_names_the_burn_not_done(tmp_path, qtbot, show_window):
    """qaAF F8: at BURN 1 the croupier placed a bet and pressed Space: the round was dealt and the burn dropped
    without a word, on screen or in the journal (the pit could not tell a burn forgotten from one done unread)."""
    from PySide6.QtCore import Qt

    from dealer_assist.ui.blackjack.window import BlackjackWindow

    path = tmp_path / "j.sqlite"
    s = BlackjackSession(BURNS_ONE, journal=Journal.open(path))
    window = show_window(BlackjackWindow(s, None))
    assert s.place(1, Decimal("10")) is None
    window.centralWidget().setFocus()
    qtbot.keyClick(window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: "BURN 1 still due" in s.snapshot.message)
    assert s.state.burn_left == 1 and s.state.round is None  # nothing dealt yet
    qtbot.keyClick(window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: s.state.round is not None)
    assert s.state.burn_left == 0 and "dealt without the burn (1 card not burned" in s.snapshot.message
    s.close()
    deals = [e.payload for e in journal_entries(path) if e.kind == "deal"]
    assert deals[-1]["burn_skipped"] == 1
    again = BlackjackSession(BURNS_ONE, journal=Journal.open(path))  # the mark changes nothing a restart rebuilds
    assert again.state.burn_left == 0 and again.state.round is not None
    again.close()
