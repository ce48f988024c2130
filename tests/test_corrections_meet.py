"""Today's corrections where they meet the shoe's other events (the review rev20): a card set aside after N, the
cut card out after N, a misdeal of the shoe's first round, a blackjack card moved to its box after the cut."""

from __future__ import annotations

import time
from decimal import Decimal as D

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.cards import parse_card
from dealer_assist.events import PUT_BACK, CardRead
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules
from replayed_journals import replayed

RULES = TableRules(shoe=ShoeRules(burn=False))
PLAYER_WINS = ("3C", "9H", "4C", "5S", "2D")


def settled(s: TableSession) -> None:
    assert s.place(3, Bet.PLAYER, D("100")) is None and s.deal() is None
    for code in PLAYER_WINS:
        assert s.enter_card(code) is None


def test_a_card_set_aside_after_n_stays_aside_when_the_round_is_reopened(tmp_path):
    """rev20 F4: the card held after the round and set aside as V asked came back held into the reopened round."""
    path = tmp_path / "j.sqlite"
    s = TableSession(RULES, Journal.open(path), odds=False)
    settled(s)
    s.enter_card("KH")  # out after the round: held
    assert s.next_round() is None and s.discard_held(why="misdrawn") is None
    left = s.state.shoe.cards_left
    assert s.void_last_card(why="the last card was misread") is None
    assert not s.state.held and [c.code for c in s.state.shoe.set_aside_cards] == ["KH"]
    assert s.state.shoe.cards_left == left + 1  # the 2♦ voided goes back; the K♥ stays out
    live = s.state
    s.close()
    again = TableSession(RULES, Journal.open(path), odds=False)
    assert again.state.shoe == live.shoe and not again.state.held
    again.close()
    assert replayed(path, TableSession(RULES, odds=False)).state.shoe == live.shoe


def test_the_cut_card_out_after_n_ends_the_shoe_on_time_when_the_round_is_corrected(tmp_path):
    """rev20 F1: the cut card out after N (the next round the last), then Shift+D or Shift+V on the round N closed:
    the shoe played one round more past the cut."""
    for correct in ("bets", "misdeal"):
        s = TableSession(RULES, Journal.open(tmp_path / f"{correct}.sqlite"), odds=False)
        settled(s)
        assert s.next_round() is None and s.cut_card() is None
        if correct == "bets":
            assert s.correct_bets(why="chip on the wrong bet") is None and s.deal() is None
        else:
            assert s.void_round(why="misdeal") is None and s.deal() is None
            for code in PLAYER_WINS:
                assert s.enter_card(code) is None
        assert s.next_round() is None and s.state.shoe.rounds_left == 1  # round 2, the last
        settled(s)
        assert s.next_round() is not None  # the shoe is finished
        s.close()


def test_a_misdeal_of_the_first_round_takes_the_burn_past_voiding(tmp_path):
    """rev20 F2: after a misdeal of the shoe's first round, V took a burn card back, and the next card read, the
    redealt round's first, was swallowed as a burn card."""
    s = TableSession(TableRules(), Journal.open(tmp_path / "j.sqlite"), odds=False)
    assert s.enter_card("AS") is None and s.enter_card("KD") is None  # an ace: one card burned face down
    assert s.state.phase == TablePhase.BETTING
    assert s.place(3, Bet.PLAYER, D("100")) is None and s.deal() is None
    assert s.enter_card("3C") is None and s.enter_card("9H") is None
    assert s.void_round(why="misdeal") is None
    assert s.void_last_card(why="x") == "no card of this round to void"
    assert s.deal() is None and s.enter_card("4H") is None and [c.code for c in s.state.round.cards] == ["4H"]
    s.close()


def test_a_blackjack_card_moved_to_its_box_after_the_cut_card_keeps_the_cut_out(tmp_path):
    """rev20 F3: the move took the card back as a void made before the cut card came out, and the deck dealt on."""
    rules = BlackjackTableRules(house=HouseRules(decks=6))
    path = tmp_path / "bj.sqlite"
    s = BlackjackSession(rules, journal=Journal.open(path))
    for seat in (1, 2, 3):
        assert s.place(seat, D("10")) is None
    assert s.deal() is None

    def read(code, seq, zone, doubt=""):
        s.handle(CardRead(parse_card(code), "camera:x", time.time(), seq=seq, zone=zone, doubt=doubt))

    read("JC", 1, "seat 1")
    read("5H", 2, "seat 3")  # seat 2's card come to rest in seat 3's box: played early there
    assert s.cut_card() is None and s.state.cut_out
    read("5H", 3, "seat 2", doubt=PUT_BACK)  # squared into seat 2's box: moved
    assert s.state.cut_out and s.state.cut_by_hand is not None
    s.close()
    assert BlackjackSession(rules, journal=Journal.open(path)).state.cut_out
    assert replayed(path, BlackjackSession(rules)).state.cut_out


def test_a_shoe_signal_while_the_bets_are_corrected_is_kept_or_said(tmp_path):
    """rev20 F6: the reader's CUT or NEW SHOE while a settled round's bets were corrected was refused and lost."""
    from dealer_assist.events import ShoeSignal

    s = TableSession(RULES, Journal.open(tmp_path / "j.sqlite"), odds=False)
    settled(s)
    assert s.correct_bets(why="chip on the wrong bet") is None
    s.handle(ShoeSignal("serial:shoe", time.time(), "cut"))
    s.handle(ShoeSignal("serial:shoe", time.time(), "new"))
    assert "NEW SHOE FROM THE SHOE" in [a.title for a in s.snapshot.alerts]
    assert s.deal() is None and s.next_round() is None
    assert s.state.shoe.cut_out and s.state.shoe.rounds_left == 1
    s.close()


def test_a_misdeal_of_a_round_reopened_after_n_carried_by_a_new_shoe_names_where_its_bets_went(tmp_path):
    """rev20 F7: the export left the misdealt round voided with no carried_to (it looked at the empty round N
    had opened), where the same misdeal before N named the new shoe's round."""
    import json

    from replayed_journals import journal_command

    path = tmp_path / "j.sqlite"
    s = TableSession(RULES, Journal.open(path), odds=False)
    settled(s)
    assert s.next_round() is None and s.void_round(why="misdeal") is None and s.state.round_no == 1
    assert s.new_shoe() is None and s.state.paid_in == (1, 1)
    s.close()
    rounds = [r for r in map(json.loads, journal_command(path, "export", "--json").splitlines()) if "round" in r]
    (voided,) = [r for r in rounds if (r["shoe"], r["round"]) == (1, 1)]
    assert voided["status"] == "voided" and voided["carried_to"] == {"shoe": 2, "round": 1}


def test_a_blackjack_card_waiting_in_a_later_box_waits_there_again_after_a_restart(tmp_path):
    """rev20 F8: restarted, the card read in seat 2's box while seat 1 decided came back as read before the stop;
    H left it in the way of seat 1's hit card, and Enter refused it for its box: lost."""
    rules = BlackjackTableRules(house=HouseRules(decks=6))
    path = tmp_path / "bj.sqlite"
    s = BlackjackSession(rules, journal=Journal.open(path))
    for seat in (1, 2):
        assert s.place(seat, D("10")) is None
    assert s.deal() is None
    for seq, (code, zone) in enumerate((("TC", "seat 1"), ("9D", "seat 2"), ("7S", "dealer"), ("5C", "seat 1"),
                                        ("8H", "seat 2"), ("4S", "seat 2")), 1):
        s.handle(CardRead(parse_card(code), "camera:x", time.time(), seq=seq, zone=zone))
    live_doubt = s.snapshot.pending.doubt
    s.close()
    s = BlackjackSession(rules, journal=Journal.open(path))  # restarted while 4♠ waits in seat 2's box
    assert s.snapshot.pending is not None and s.snapshot.pending.doubt == live_doubt
    assert s.hit() is None and s.snapshot.pending is None  # set aside in its box, off the strip, as live
    s.handle(CardRead(parse_card("2D"), "camera:x", time.time(), seq=10, zone="seat 1"))
    assert [c.code for c in s.state.round.hands[0][0].cards] == ["TC", "5C", "2D"]
    s.close()
