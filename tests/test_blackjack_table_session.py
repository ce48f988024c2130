"""The blackjack session: a full round from the virtual shoe, alerts, the journal and recovery, the deck change."""

from decimal import Decimal as D

import pytest

from blackjack_rounds import play_standing, split_and_double_seed
from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, LinkState, ShoeSignal, Unreadable
from dealer_assist.sources.virtual import VirtualShoe, shuffled_shoe
from dealer_assist.table.blackjack_session import BlackjackSession, BlackjackSessionError
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.supervisor import SupervisorRoster


def expected(hand, dealer, stake):
    """The rule sheet, written out independently of the settlement code: (result, winnings)."""
    stake = stake * 2 if hand.doubled else stake
    mine, theirs = hand.total, dealer.total
    if mine > 21:
        return "lose", D("0")
    if hand.blackjack and not dealer.blackjack:
        return "win", (stake * 3 / 2).quantize(D("0.01"), rounding="ROUND_DOWN")
    if hand.blackjack and dealer.blackjack:
        return "push", D("0")
    if dealer.blackjack or (theirs <= 21 and theirs >= mine):
        return "lose", D("0")  # dealer blackjack beats 21; ties go to the bank
    return "win", stake


def play_round_with_strategy(session, shoe):
    """Seat 1 splits, seat 2 doubles, every other hand hits to 17: the croupier's keys for the players' calls."""
    actions = []
    while session.state.phase == BlackjackPhase.PLAYING:
        while session.card_due():
            assert shoe.deal_one() is not None
        if session.state.phase != BlackjackPhase.PLAYING:
            break
        allowed = session.snapshot.allowed
        assert allowed, session.snapshot.banner
        seat, index = session.state.active
        hand = session.state.round.seat_hands(session.state.round_seat(seat))[index]
        if "split" in allowed and seat == 1:
            action = "split"
        elif "double" in allowed and seat == 2:
            action = "double"
        else:
            action = "hit" if hand.total < 17 else "stand"
        assert session.act(action) is None
        actions.append((seat, action))
    return actions


def test_full_round_from_the_virtual_shoe_with_a_split_and_a_double(tmp_path):
    journal = Journal.open(tmp_path / "bj.sqlite")
    session = BlackjackSession(journal=journal)
    snaps = []
    session.subscribe(snaps.append)
    shoe = VirtualShoe(decks=1, seed=split_and_double_seed(), interval=60, demand=session.card_due)
    shoe.start(session.handle)
    try:
        assert not session.card_due()  # bets first: the shoe waits
        assert session.place(1, D("25")) is None and session.place(2, D("10")) is None
        assert session.deal() is None
        actions = play_round_with_strategy(session, shoe)
        state = session.state
        assert (1, "split") in actions and (2, "double") in actions
        assert state.phase == BlackjackPhase.SETTLED and not session.card_due()
        rnd = state.round
        assert len(rnd.seat_hands(1)) == 2 and rnd.seat_hands(2)[0].doubled
        stakes = {1: D("25"), 2: D("10")}
        results = state.settlement.hands
        assert [(h.seat, h.hand) for h in results] == [(1, 0), (1, 1), (2, 0)]
        for h in results:
            hand = rnd.seat_hands(h.seat)[h.hand]
            assert (h.result.value, h.pays) == expected(hand, rnd.dealer, stakes[h.seat]), h
        assert results[2].stake == D("20.00")
        assert session.snapshot.banner.startswith(("DEALER STANDS", "DEALER BUSTS", "DEALER BLACKJACK"))
        assert snaps[-1] is session.snapshot and len({s.version for s in snaps}) == len(snaps)
        kinds = [e.kind for e in journal.entries()]
        assert kinds.count("settlement") == 1 and kinds.index("settlement") > kinds.index("deal")
        settlement = next(e for e in journal.entries() if e.kind == "settlement").payload
        assert [b["result"] for b in settlement["bets"]] == [h.result.value for h in results]
    finally:
        shoe.stop()
        session.close()
    # the same journal rebuilds the same table
    again = BlackjackSession(journal=Journal.open(tmp_path / "bj.sqlite"))
    try:
        assert again.recovered > 0
        assert again.state == state and again.state.settlement == state.settlement
        kinds = [e.kind for e in Journal.open(tmp_path / "bj.sqlite", readonly=True).entries()]
        assert kinds.count("settlement") == 1  # recovery does not settle twice
    finally:
        again.close()


def test_crash_in_the_middle_of_a_round_recovers_the_hands_and_what_is_due(tmp_path):
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(journal=Journal.open(path))
    session.place(1, D("25"))
    session.place(3, D("5"))
    for code in ("8H", "5C", "9D", "8S", "2D"):
        assert session.enter_card(code) is None
    assert session.split() is None
    assert session.enter_card("3C") is None
    before = session.state
    session._journal.close()  # the process dies: nothing is closed cleanly after this
    again = BlackjackSession(journal=Journal.open(path))
    try:
        assert again.state == before
        assert again.state.active == (1, 0) and again.snapshot.allowed == ("hit", "stand")
        assert again.stand() is None and again.enter_card("TC") is None
        assert again.state.active == (1, 1)
    finally:
        again.close()


def test_a_baccarat_journal_is_not_replayed_at_a_blackjack_table(tmp_path):
    path = tmp_path / "bac.sqlite"
    TableSession(journal=Journal.open(path), odds=False).close()
    with pytest.raises(BlackjackSessionError, match="baccarat"):
        BlackjackSession(journal=Journal.open(path))


def test_refused_card_is_an_alert_and_changes_nothing():
    session = BlackjackSession()
    session.place(1, D("25"))
    for code in ("TH", "7C", "KS"):
        session.enter_card(code)
    before = session.state
    error = session.enter_card("5D")  # seat 1 must decide first
    assert "decision for seat 1" in error
    assert session.state is before
    alert = session.snapshot.alerts[-1]
    assert alert.code == "refused" and "5" in alert.title and alert.level == "error"
    assert "decision for seat 1" in session.snapshot.message
    assert session.enter_card("5") is not None and session.state is before  # no suit: refused, nothing changed


def play_a_round_to_its_end(s):
    """Seat 1 bets 10 and stands on 19 against the dealer's 6; the dealer draws to 21: the round is settled."""
    assert s.place(1, D("10")) is None
    for code in ("TS", "6C", "9D"):
        assert s.enter_card(code) is None
    assert s.stand() is None
    for code in ("TD", "5S"):
        assert s.enter_card(code) is None


def test_a_card_after_the_round_is_not_answered_with_a_void_of_the_rounds_last_card():
    """QA: the alert's text said to start the next round and type the card there, and its action line said
    to void the last card (Backspace), which would take back the dealer's card and the settlement."""
    s = BlackjackSession()
    play_a_round_to_its_end(s)
    assert s.state.phase == BlackjackPhase.SETTLED
    assert "after the round" in s.enter_card("4S")
    alert = [a for a in s.snapshot.alerts if a.code == "refused"][-1]
    assert "next round (N)" in alert.action and "Backspace" not in alert.action and "void" not in alert.action


def test_a_card_set_aside_after_the_round_counts_once_after_the_stub_and_a_restart_agrees(tmp_path):
    """qaM F3: the card refused after the round and set aside was counted by T with the stub, then again as
    its refusal says: COUNTED TOO OFTEN, the new deck refused.  The count is journaled with its flag, and
    a restart in the deck check counts it the same way."""
    path = tmp_path / "bj.sqlite"
    s = BlackjackSession(journal=Journal.open(path))
    play_a_round_to_its_end(s)
    assert "set it aside" in s.enter_card("4S")
    assert s.start_deck_check() is None and s.return_stub() is None
    for code in ("TS", "6C", "9D", "TD", "5S"):
        assert s.enter_card(code) is None
    assert s.enter_card("4S") is None and "out of the shoe" in s.snapshot.message
    assert s.state.reconciliation().ok and len(s.state.ledger.returned) == 52
    assert not [a for a in s.snapshot.alerts if a.code == "counted"]
    s.close()
    again = BlackjackSession(journal=Journal.open(path))
    try:
        assert again.state.phase == BlackjackPhase.DECK_CHECK and again.state.reconciliation().ok
        assert again.state.ledger == s.state.ledger
        assert again.enter_card("4S") is None  # a second count of it is one too many, as ever
        assert again.state.reconciliation().counted_too_often == (parse_card("4S"),)
        assert again.void_return() is None and again.new_deck() is None
    finally:
        again.close()
    flagged = [e.payload["card"] for e in Journal.open(path, readonly=True).entries() if e.payload.get("not_in_stub")]
    assert flagged == ["4S"]


def test_unsure_read_waits_for_the_croupier():
    session = BlackjackSession()
    session.place(2, D("5"))
    session.deal()
    assert session.card_due()
    session.handle(CardRead(parse_card("8D"), "camera", 0.0, 0.6, candidates=(parse_card("8D"), parse_card("8H"))))
    assert session.snapshot.banner == "CONFIRM CARD" and not session.card_due()
    assert session.state.round.cards == ()
    assert session.enter_card("8H") is None  # the croupier's correction
    assert [c.code for c in session.state.round.cards] == ["8H"] and session.snapshot.pending is None


def test_source_events_become_alerts():
    session = BlackjackSession()
    session.handle(Unreadable("shoe", 0.0, seq=4))
    session.handle(LinkState("shoe", 0.0, "lost", "cable"))
    session.handle(ShoeSignal("shoe", 0.0, "cut"))
    codes = [a.code for a in session.snapshot.alerts]
    assert codes == ["unreadable", "link:shoe", "cut"]
    session.handle(LinkState("shoe", 0.0, "up"))  # the lost bar gives way to a note that it is back (qaAY F5)
    assert [(a.level, a.title) for a in session.snapshot.alerts if a.code == "link:shoe"] == [("info", "CARD READER BACK")]


def test_no_round_starts_after_the_cut_card_until_a_new_deck(tmp_path):
    """The cut card only raised a note: the next round was dealt from the 6 cards behind it, ran the deck
    empty at seat 7, and the DECK EMPTY alert's advice (type the cards) was refused card by card."""
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(BlackjackTableRules(), journal=Journal.open(path))
    shoe = VirtualShoe(decks=1, seed=3, interval=60, demand=session.card_due, cut_from_end=50)
    shoe.start(session.handle)
    try:
        session.place(1, D("5"))
        assert session.deal() is None
        play_standing(session, shoe)  # the cut card comes out after its second card
        while session.state.phase == BlackjackPhase.PLAYING:
            play_standing(session, shoe)
        assert session.state.cut_out and session.snapshot.banner.startswith("DEALER")
        assert "this deck is done" in session.snapshot.reason
        error = session.next_round()  # no round to open for bets (qaAO F7)
        assert error is not None and "(C)" in error and "Ctrl+N" in error
        assert session.state.phase == BlackjackPhase.SETTLED
        assert session.place(1, D("5")) is not None and session.deal() is not None
    finally:
        shoe.stop()
    session.close()
    again = BlackjackSession(BlackjackTableRules(), journal=Journal.open(path))  # a restart keeps it
    assert again.state.cut_out and again.deal() is not None
    assert again.start_deck_check() is None and again.return_stub() is None
    for card in again.state.reconciliation().missing:
        assert again.enter_card(card.code) is None
    assert again.new_deck() is None
    assert not again.state.cut_out and again.place(1, D("5")) is None and again.deal() is None
    again.close()


def test_deck_change_from_the_virtual_shoe_is_reconciled(tmp_path):
    roster = SupervisorRoster()
    roster.add("Ana", "4321")
    session = BlackjackSession(BlackjackTableRules(), journal=Journal.open(tmp_path / "bj.sqlite"), roster=roster)
    shoe = VirtualShoe(decks=1, seed=3, interval=60, demand=session.card_due)
    shoe.start(session.handle)
    try:
        session.place(1, D("5"))
        session.deal()
        play_standing(session, shoe)
        dealt = session.state.ledger.dealt
        assert dealt == tuple(shuffled_shoe(1, 3)[:len(dealt)])
        refused = session.new_deck()  # not counted back
        assert refused.startswith("new deck refused: count the old deck back first (C opens the deck check")
        assert session.start_deck_check() is None
        assert session.return_stub() is None
        for card in dealt[:-1]:
            assert session.enter_card(card.code) is None
        error = session.new_deck()
        assert error is not None and dealt[-1].code in error and session.state.deck_no == 1
        assert "MISSING 1" in session.state.reconciliation().describe()[0]
        assert "wrong PIN" in session.new_deck("Ana", "0000", "card lost under the table")
        assert session.state.deck_no == 1
        assert session.new_deck("Ana", "4321", "card lost under the table") is None
        assert session.state.deck_no == 2 and session.state.phase == BlackjackPhase.BETTING
        entries = list(session._journal.entries())
        override = next(e for e in entries if e.kind == "shoe_start" and e.payload.get("override"))
        assert override.payload["override"]["supervisor"] == "Ana"
        assert any(e.kind == "pin_refused" for e in entries)
    finally:
        shoe.stop()
        session.close()


def _one_round(session) -> None:
    """Seat 1 bets 25, is dealt TH and KS and stands; the dealer's 7C and QH end the round."""
    session.place(1, D("25"))
    for code in ("TH", "7C", "KS"):
        session.enter_card(code)
    session.stand()
    session.enter_card("QH")


def test_a_card_dealt_twice_needs_a_supervisor_and_is_flagged_at_the_deck_check(tmp_path):
    roster = SupervisorRoster()
    roster.add("Ana", "4321")
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(journal=Journal.open(path), roster=roster)
    _one_round(session)
    session.next_round()
    session.place(1, D("25"))
    before = session.state
    error = session.enter_card("TH")
    assert "already dealt from this deck" in error and session.state is before
    alert = session.snapshot.alerts[-1]
    assert alert.code == "refused" and "supervisor" in alert.action
    assert session.snapshot.duplicate == parse_card("TH")
    assert "reason" in session.accept_refused("Ana", "4321", "  ")  # a reason is required, no PIN try used
    assert "must give their name" in session.accept_refused("  ", "4321", "mixed decks")
    wrong = session.accept_refused("Ana", "1111", "mixed decks")
    assert "PIN" in wrong and session.state is before
    refusals = [e.payload for e in session._journal.entries() if e.kind == "pin_refused"]
    assert refusals[-1]["supervisor"] == "Ana" and refusals[-1]["action"] == "override_alarm"
    assert session.accept_refused("Ana", "4321", "two decks mixed up: checked on camera") is None
    assert session.snapshot.duplicate is None
    assert [c.code for c in session.state.round.cards] == ["TH"]
    assert "refused" not in [a.code for a in session.snapshot.alerts]
    session.close()
    again = BlackjackSession(journal=Journal.open(path), roster=roster)
    try:
        assert again.state == session.state  # the override is in the journal and replays
        assert again.void_last("Ana", "4321", "TH came from the other deck: taken off") is None
        again.start_deck_check()
        assert again.state.reconciliation().duplicated == ()  # voided: TH was dealt once after all
    finally:
        again.close()


def test_a_table_with_no_supervisors_overrides_with_the_croupiers_reason_and_a_restart_replays_it(tmp_path):
    """QA: with no roster the refusals said "a supervisor overrides" and the override said it was not possible:
    a lost card stopped the table for good (no new deck), and a card dealt again could never be accepted."""
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(journal=Journal.open(path))
    _one_round(session)
    assert session.start_deck_check() is None and session.return_stub() is None
    dealt = [c.code for c in session.state.ledger.dealt]
    for code in dealt[:-1]:  # the last card dealt is lost
        assert session.enter_card(code) is None
    assert "F9" in session.new_deck()
    assert "say why" in session.new_deck("", "", "  ") and session.state.phase == BlackjackPhase.DECK_CHECK
    assert session.new_deck("", "", "card damaged, taken out") is None
    assert session.state.deck_no == 2
    session.close()
    again = BlackjackSession(journal=Journal.open(path))
    assert again.state.deck_no == 2  # the croupier's override is in the journal and replays
    again.close()
    overrides = [e.payload for e in Journal.open(path, readonly=True).entries() if e.payload.get("override")]
    assert overrides[-1]["override"]["reason"] == "card damaged, taken out"
    assert overrides[-1]["override"]["supervisor"] is None and "no supervisor" in overrides[-1]["override"]["note"]


def test_a_new_deck_signal_before_the_deck_check_is_an_alert():
    session = BlackjackSession()
    session.place(1, D("5"))
    for code in ("TH", "7C", "KS"):
        session.enter_card(code)
    session.stand()
    session.enter_card("QH")
    session.handle(ShoeSignal("shoe", 0.0, "new"))
    assert session.state.deck_no == 1
    alert = session.snapshot.alerts[-1]
    assert alert.code == "newdeck" and "count the old deck back first" in alert.text


@pytest.mark.parametrize("burn", [0, 1])
def test_a_card_after_a_refused_new_deck_signal_is_named_the_new_decks(burn):
    """qaAF F3: the new deck's burn card, drawn once the shoe said NEW (refused: the old deck not counted), was
    told to be typed into the old deck's next round."""
    session = BlackjackSession(BlackjackTableRules(burn_cards=burn))
    if burn:
        assert session.skip_burn() is None
    session.place(1, D("5"))
    for code in ("TH", "7C", "KS"):
        session.enter_card(code)
    session.stand()
    session.enter_card("QH")
    session.handle(ShoeSignal("shoe", 0.0, "new", seq=9))
    session.handle(CardRead(parse_card("2D"), "shoe", 0.0, seq=10))
    refused = next(a for a in session.snapshot.alerts if a.code == "refused")
    assert "once the shoe reported a new deck" in refused.text and "start the next round" not in refused.text
    assert refused.action.startswith("it is most likely the new deck's: set it aside")
    assert ("burn it" in refused.action) == bool(burn)


def test_a_journal_is_not_replayed_under_other_house_rules(tmp_path):
    from dataclasses import replace

    from dealer_assist.table.blackjack_state import BlackjackTableRules
    from dealer_assist.table.journal import Journal
    from dealer_assist.table.rules_record import RulesMismatchError

    path = tmp_path / "bj.sqlite"
    BlackjackSession(journal=Journal.open(path)).close()
    journal = Journal.open(path)
    with pytest.raises(RulesMismatchError, match="seats: recorded 7, now 3"):
        BlackjackSession(replace(BlackjackTableRules(), seats=3), journal=journal)
    journal.close()
    BlackjackSession(journal=Journal.open(path)).close()  # the rules it was recorded with: fine


def test_the_hint_names_only_the_calls_the_hand_allows():
    """It always listed D double and P split, also on a hand of three cards or after a split."""
    session = BlackjackSession(BlackjackTableRules(seats=1))
    session.place(1, D("5"))
    assert session.deal() is None
    for code in ("9H", "6D", "4S"):  # seat 1: 13, not a pair
        assert session.enter_card(code) is None
    assert session.snapshot.reason.startswith("H hit · S stand · Backspace")
    assert "P split" not in session.snapshot.reason and "D double" not in session.snapshot.reason
    pair = BlackjackSession(BlackjackTableRules(seats=1))
    pair.place(1, D("5"))
    assert pair.deal() is None
    for code in ("8H", "6D", "8S"):  # seat 1: a pair of eights
        assert pair.enter_card(code) is None
    assert pair.snapshot.reason.startswith("H hit · S stand · P split · Backspace")  # split's key is P (16: no double)


@pytest.mark.parametrize("h17", [False, True])
def test_the_dealers_hint_follows_the_soft_17_rule(h17):
    from dealer_assist.blackjack.rules import HouseRules

    session = BlackjackSession(BlackjackTableRules(house=HouseRules(hits_soft_17=h17), seats=1))
    session.place(1, D("5"))
    assert session.deal() is None
    for code in ("9H", "6D", "TS"):
        assert session.enter_card(code) is None
    assert session.stand() is None
    assert session.state.dealer_turn
    assert ("on soft 17" in session.snapshot.reason) is h17


def test_a_new_deck_drops_the_old_decks_waiting_read_and_holds():
    """QA: a read left waiting was played by Enter as the new deck's first card, and a Del'ed read of the old
    deck held the new deck's first card, asking for the old card to be typed in its place."""
    source = "camera:0"
    s = BlackjackSession()
    s.handle(CardRead(parse_card("KS"), source, 0.0, confidence=0.3, seq=1))
    s.reject_pending()  # the old deck's unsure read, dropped: the next read would wait for it
    s.handle(CardRead(parse_card("QD"), source, 0.0, confidence=0.3, seq=2))  # and another left waiting
    assert s.snapshot.pending.card.code == "QD"
    assert s.start_deck_check() is None and s.return_stub() is None and s.new_deck() is None
    assert s.snapshot.pending is None
    assert any(a.title == "READ BEFORE THE NEW DECK DROPPED" and "Q♦" in a.text for a in s.snapshot.alerts)
    assert s.place(1, D("10")) is None and s.deal() is None
    s.handle(CardRead(parse_card("5H"), source, 0.0, seq=3))
    assert s.snapshot.pending is None and [c.code for c in s.state.round.cards] == ["5H"]


def test_a_card_refused_after_the_round_still_holds_the_next_read_after_n():
    """QA: N ended the wait for the refused card the refusal said to type in the next round; the next read
    took its place (seat 1's card) and the refused card, typed later, went to the dealer."""
    s = BlackjackSession()
    assert s.place(1, D("10")) is None
    for seq, code in enumerate(("9S", "7H", "TC"), 1):
        s.handle(CardRead(parse_card(code), "shoe", 0.0, seq=seq))
    assert s.stand() is None
    s.handle(CardRead(parse_card("KS"), "shoe", 0.0, seq=4))
    assert s.state.phase == BlackjackPhase.SETTLED
    s.handle(CardRead(parse_card("5C"), "shoe", 0.0, seq=5))  # out after the round: refused, the next round's
    assert s.next_round() is None and s.place(1, D("10")) is None
    s.handle(CardRead(parse_card("KD"), "shoe", 0.0, seq=6))
    assert s.snapshot.pending is not None and s.snapshot.pending.card.code == "KD"


def test_a_deck_check_ends_the_wait_for_a_card_missing_before_it():
    """QA: the first card counted back was held, asking for a dropped read to be typed in its place."""
    s = BlackjackSession()
    s.handle(CardRead(parse_card("KS"), "shoe", 0.0, confidence=0.3, seq=1))
    s.reject_pending()
    assert s.start_deck_check() is None
    s.handle(CardRead(parse_card("5H"), "shoe", 0.0, seq=2))
    assert s.snapshot.pending is None and [c.code for c in s.state.ledger.returned] == ["5H"]


@pytest.mark.parametrize("restart_after_n", [False, True])
def test_a_restart_keeps_the_wait_for_a_card_refused_after_the_round(tmp_path, restart_after_n):
    """QA: after a restart the next read went in as seat 1's first card, in the refused card's place."""
    path = tmp_path / "t.sqlite"
    s = BlackjackSession(journal=Journal.open(path))
    assert s.place(1, D("10")) is None
    for seq, code in enumerate(("9S", "7H", "TC"), 1):
        s.handle(CardRead(parse_card(code), "shoe", 0.0, seq=seq))
    assert s.stand() is None
    s.handle(CardRead(parse_card("KS"), "shoe", 0.0, seq=4))
    s.handle(CardRead(parse_card("5C"), "shoe", 0.0, seq=5))  # refused: the next round's
    if restart_after_n:
        assert s.next_round() is None
    s.close()
    s = BlackjackSession(journal=Journal.open(path))
    if not restart_after_n:
        assert s.next_round() is None
    assert s.place(1, D("10")) is None
    s.handle(CardRead(parse_card("KD"), "shoe", 0.0, seq=6))
    assert s.snapshot.pending is not None and s.snapshot.pending.card.code == "KD"


def test_a_restart_after_resuming_from_a_deck_check_keeps_a_wait_begun_in_it(tmp_path):
    """QA: the resume is journaled under the deck check's kind, and a restart took it for one ending holds."""
    path = tmp_path / "t.sqlite"
    s = BlackjackSession(journal=Journal.open(path))
    assert s.start_deck_check() is None
    s.handle(CardRead(parse_card("KS"), "shoe", 0.0, confidence=0.3, seq=1))
    s.reject_pending()
    assert s.resume_play() is None
    s.close()
    s = BlackjackSession(journal=Journal.open(path))
    assert s.place(1, D("10")) is None
    s.handle(CardRead(parse_card("5H"), "shoe", 0.0, seq=2))
    assert s.snapshot.pending is not None and s.snapshot.pending.card.code == "5H"


def test_a_card_refused_as_dealt_twice_is_no_longer_offered_once_the_deck_check_opens(tmp_path):
    """The differential fuzzer's case: live, the supervisor was still offered the refused card after
    the deck check opened (where it is no duplicate to accept), while a restart offered nothing."""
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(journal=Journal.open(path))
    _one_round(session)
    session.next_round()
    session.place(1, D("25"))
    assert "already dealt" in session.enter_card("TH")
    assert session.snapshot.duplicate == parse_card("TH")
    assert session.start_deck_check() is None
    assert session.snapshot.duplicate is None
    session.close()
    again = BlackjackSession(journal=Journal.open(path))
    assert again.snapshot.duplicate is None
    again.close()


def test_a_card_refused_for_another_reason_is_not_offered_as_dealt_twice_after_a_void_and_a_restart(tmp_path):
    """The differential fuzzer's case: 7C typed after the round was over was refused for that; a void
    then reopened the round, where 7C would be refused as dealt already, and the restart offered it to a
    supervisor although nobody had been asked to accept it."""
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(journal=Journal.open(path))
    _one_round(session)
    refusal = session.enter_card("7C")
    assert refusal is not None and "already dealt" not in refusal and session.snapshot.duplicate is None
    assert session.void_last(why="dealer's card misread") is None
    assert session.snapshot.duplicate is None
    session.close()
    again = BlackjackSession(journal=Journal.open(path))
    assert again.snapshot.duplicate is None
    again.close()


def seat_1_on_fifteen():
    """A table whose seat 1 holds TS 5H (15: hit or stand, no double, no split) against the dealer's 9D."""
    session = BlackjackSession()
    session.place(1, D("5"))
    assert session.deal() is None
    for code in ("TS", "9D", "5H"):  # seat 1, the dealer, seat 1
        assert session.enter_card(code) is None
    assert session.snapshot.allowed == ("hit", "stand")
    return session


def test_refusals_at_the_table_name_no_rule():
    """qaM L1: "card 3S refused: ... (rule: card_not_due)": the rule's short name means nothing there."""
    session = seat_1_on_fifteen()
    error = session.enter_card("3S")
    assert error is not None and "comes first" in error
    assert "rule:" not in error and "rule:" not in session.snapshot.alerts[0].text
    assert "rule:" not in session.snapshot.message
    double = session.double()
    assert "only on a hard 9, 10 or 11" in double and "rule:" not in double


def test_a_card_before_the_decision_asks_only_for_the_decisions_allowed():
    """qaM L2: a card typed before the decision was told to enter "H, S, D or P" on a 15 (H and S only);
    a read before it said "press H (hit) or D (double)" while HIT and STAND showed greyed out."""
    from dealer_assist.events import CardRead

    session = seat_1_on_fifteen()
    assert session.enter_card("3S") is not None
    action = session.snapshot.alerts[0].action
    assert "enter the decision for seat 1 first (H or S), then the card" in action
    session.dismiss("refused")
    session.handle(CardRead(parse_card("3S"), "shoe", 0.0, 1.0, 1))  # read as the player signals
    doubt = session.snapshot.pending.doubt
    assert "press H (hit) for seat 1" in doubt and "D (double)" not in doubt and "after S," in doubt
    assert session.snapshot.allowed == ("hit", "stand")  # H plays it: HIT and STAND are lit
    assert session.hit() is None
    assert [c.code for c in session.state.round.seat_hands(1)[0].cards] == ["TS", "5H", "3S"]


def test_a_discard_read_after_the_last_round_before_c_is_told_to_open_the_deck_check():
    """qaAF F10: the cut card out, the round paid, the discards run through the reader before C: each was told to
    "start the next round (N) and type it there", which N refuses (no round follows the cut card)."""
    session = BlackjackSession()
    session.place(1, D("5"))
    for seq, code in enumerate(("TH", "7C", "KS"), start=1):
        session.handle(CardRead(parse_card(code), "shoe", 0.0, seq=seq))
    session.handle(ShoeSignal("shoe", 0.0, "cut", seq=4))
    session.stand()
    session.handle(CardRead(parse_card("QH"), "shoe", 0.0, seq=5))
    assert session.state.phase == BlackjackPhase.SETTLED and session.state.cut_out
    session.handle(CardRead(parse_card("9H"), "shoe", 0.0, seq=6))  # a discard, before C
    refused = next(a for a in session.snapshot.alerts if a.code == "refused")
    assert "no round follows" in refused.text and "next round (N)" not in refused.text
    assert refused.action.startswith("if the deck is being counted back, open the deck check first (C)")
    assert session.next_round() is not None and session.deal() is not None  # the advice it replaced led nowhere
