"""A card that left the source unplayed (unreadable, refused, fed with another) holds the next card read.

After a shoe's ``??``, a refused ninth copy or a DOUBLE_FEED, the next card read
went straight into the round in the missing card's place, and the missing card
typed after it went into the next place: the round settled on the wrong hands
(2S ?? 3S 4S with the ?? typed as 9H gave Player 2S+4S, Banker 3S+9H).
"""

from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, DeviceError, SeqGap, Unreadable
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.holds import (AFTER_A_DOUBLE_FEED, AFTER_A_REFUSAL, AFTER_A_REJECTION, AFTER_AN_UNREADABLE,
                                       AFTER_DROPPED, AFTER_UNPLACED)
from dealer_assist.table.state import TablePhase, TableRules

SOURCE = "serial:/dev/ttyUSB0"


def table(decks: int = 8) -> TableSession:
    session = TableSession(TableRules(shoe=ShoeRules(burn=False, decks=decks)), odds=False)
    session.deal()
    return session


def read(session: TableSession, code: str, seq: int, source: str = SOURCE) -> None:
    session.handle(CardRead(parse_card(code), source, time.time(), seq=seq))


def codes(cards) -> list[str]:
    return [c.code for c in cards]


def two_read_after_an_unreadable() -> TableSession:
    """2S (P1), a card the reader could not read (B1, really 9H), then 3S and 4S read."""
    s = table()
    read(s, "2S", 1)
    s.handle(Unreadable(SOURCE, time.time(), seq=2))
    read(s, "3S", 3)
    read(s, "4S", 4)
    return s


def test_the_card_after_an_unreadable_one_waits_and_the_typed_card_goes_in_its_place():
    s = two_read_after_an_unreadable()
    assert codes(s.state.round.cards) == ["2S"]
    assert s.snapshot.pending.card.code == "3S" and s.snapshot.pending.doubt == AFTER_AN_UNREADABLE
    assert codes(e.card for e in s.snapshot.waiting) == ["4S"]
    assert s.enter_card("9H") is None  # typed as the alert says: B1
    assert s.confirm_pending() is None  # 3S, then 4S behind it
    rnd = s.state.round
    assert codes(rnd.player_cards) == ["2S", "3S"] and codes(rnd.banker_cards) == ["9H", "4S"]
    read(s, "5D", 5)  # the layout was looked at: cards play as they come again
    assert s.snapshot.pending is None and s.state.round.cards[-1] == parse_card("5D")


def test_the_missing_card_typed_before_the_next_read_ends_the_hold():
    s = table()
    read(s, "2S", 1)
    s.handle(Unreadable(SOURCE, time.time(), seq=2))
    assert any(a.title == "UNREADABLE CARD" and "waits until you do" in a.action and "camera" not in a.action
               for a in s.snapshot.alerts)
    assert s.enter_card("9H") is None
    read(s, "3S", 3)
    assert s.snapshot.pending is None and codes(s.state.round.cards) == ["2S", "9H", "3S"]


def test_a_card_refused_from_a_reader_holds_the_next_one_a_typed_refusal_does_not():
    s = table(decks=1)
    read(s, "AS", 1)
    read(s, "2S", 2)
    read(s, "AS", 3)  # the one-deck shoe's second ace of spades: refused
    assert codes(s.state.round.cards) == ["AS", "2S"]
    read(s, "3S", 4)
    assert s.snapshot.pending.card.code == "3S" and s.snapshot.pending.doubt == AFTER_A_REFUSAL
    assert codes(s.state.round.cards) == ["AS", "2S"]
    s = table(decks=1)
    for code in ("AS", "2S"):
        s.enter_card(code)
    assert "AS" in s.enter_card("AS")  # the croupier's own typing error: nothing left the shoe
    read(s, "3S", 1)
    assert s.snapshot.pending is None and codes(s.state.round.cards) == ["AS", "2S", "3S"]


def test_a_double_feed_holds_the_next_card_even_after_a_typed_one():
    s = table()
    read(s, "2S", 1)
    s.handle(DeviceError(SOURCE, time.time(), "DOUBLE_FEED", "two cards left together", seq=2))
    assert s.enter_card("9H") is None  # how many went by unread is not known: the next still waits
    read(s, "3S", 3)
    assert s.snapshot.pending.card.code == "3S" and s.snapshot.pending.doubt == AFTER_A_DOUBLE_FEED


def test_an_unreadable_card_holds_only_its_own_sources_next_card():
    s = table()
    s.handle(Unreadable(SOURCE, time.time(), seq=1))
    read(s, "2S", 1, source="camera:0")
    assert s.snapshot.pending is None and codes(s.state.round.cards) == ["2S"]


def test_blackjack_a_reader_card_refused_as_dealt_twice_holds_the_next_until_a_supervisor_accepts_it():
    from test_restart_holds import blackjack_refused_th

    def session_at_round_two():
        s, _ = blackjack_refused_th()
        assert s.state.round.cards == () and "waits until then" in s.snapshot.alerts[-1].action
        return s

    s = session_at_round_two()
    read(s, "5C", 2)
    assert s.snapshot.pending.card.code == "5C" and s.snapshot.pending.doubt == AFTER_A_REFUSAL
    s = session_at_round_two()
    assert s.accept_refused("Ana", "4321", "two decks mixed up") is None  # TH, in its place
    read(s, "5C", 2)
    assert s.snapshot.pending is None and codes(s.state.round.cards) == ["TH", "5C"]


def test_a_card_read_but_not_placed_before_a_restart_waits_for_the_croupier_again(tmp_path):
    """A crash between a card's read and its place (or with an unsure read waiting) left a card the
    restart went on without, and the reader resumed past it: nothing named it.  Then it was named and
    had to be typed (QA: the reader had sent it); it now waits for Enter again, with its candidates."""
    from dealer_assist.table.journal import Journal

    path = tmp_path / "t.sqlite"
    s = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(path), odds=False)
    s.deal()
    read(s, "2S", 1)
    s.handle(CardRead(parse_card("4S"), SOURCE, time.time(), 0.5, candidates=(parse_card("4S"), parse_card("4C")),
                      seq=2))  # unsure: waits for the croupier, and the table stops there
    assert s.snapshot.pending is not None
    s.close()
    again = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(path), odds=False)
    try:
        pending = again.snapshot.pending
        assert (pending.card.code, pending.source, pending.seq) == ("4S", SOURCE, 2)
        assert codes(pending.candidates) == ["4S", "4C"] and codes(again.state.round.cards) == ["2S"]
        assert again.confirm_pending() is None and codes(again.state.round.cards) == ["2S", "4S"]
    finally:
        again.close()
    s = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(tmp_path / "ok.sqlite"), odds=False)
    s.deal()
    read(s, "2S", 1)
    s.close()
    again = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(tmp_path / "ok.sqlite"), odds=False)
    assert not any(a.code == "unplaced" for a in again.snapshot.alerts)  # every read placed: nothing to say
    again.close()


def test_a_restart_before_any_operation_writes_no_second_shoe_start(tmp_path):
    from dealer_assist.table.journal import Journal

    path = tmp_path / "t.sqlite"
    for _ in range(3):
        TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(path), odds=False).close()
    with Journal.open(path, readonly=True) as journal:
        assert [e.kind for e in journal.entries()].count("shoe_start") == 1


def test_a_hold_opened_while_an_unsure_card_waits_outlives_the_answer_to_that_card():
    """Confirming the unsure 9S had ended the hold the later ?? opened: KH went into the ??'s place."""
    s = table()
    s.handle(CardRead(parse_card("9S"), SOURCE, time.time(), 0.5, candidates=(parse_card("9S"), parse_card("9C")),
                      seq=1))
    s.handle(Unreadable(SOURCE, time.time(), seq=2))
    read(s, "KH", 3)
    assert s.confirm_pending() is None  # 9S: P1
    assert codes(s.state.round.cards) == ["9S"]
    assert s.snapshot.pending.card.code == "KH" and s.snapshot.pending.doubt == AFTER_AN_UNREADABLE
    assert s.enter_card("2D") is None and s.confirm_pending() is None  # the ?? typed: B1, then KH: P2
    assert codes(s.state.round.cards) == ["9S", "2D", "KH"]


def test_a_card_after_the_shoes_last_round_is_refused_by_name_not_shown_as_held():
    """The alert had said "Enter deals a no-bet hand / Del sets it aside" and both answered "no card is held"."""
    s = TableSession(TableRules(shoe=ShoeRules(burn=False, rounds_after_cut=0)), odds=False)
    s.deal()
    s.cut_card()  # before the round's first card: this round is the last
    for code in ("9S", "KH", "QD", "5C"):
        s.enter_card(code)
    assert s.state.shoe.phase.value == "finished"
    error = s.enter_card("4D")
    assert "finished" in error and s.state.held == ()
    titles = [a.title for a in s.snapshot.alerts]
    assert "CARD 4♦ REFUSED" in titles and not any("AFTER THE ROUND" in t for t in titles)


def test_a_burn_card_from_a_reader_is_no_card_read_but_never_placed_after_a_restart(tmp_path):
    from dealer_assist.table.journal import Journal

    path = tmp_path / "t.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=True))
    s = TableSession(rules, Journal.open(path), odds=False)
    read(s, "AS", 1)  # the burn card: an ace, one more burned
    s.close()
    again = TableSession(rules, Journal.open(path), odds=False)
    try:
        assert again.state.shoe.burned == (parse_card("AS"),)
        assert not any(a.code == "unplaced" for a in again.snapshot.alerts)
    finally:
        again.close()


def test_the_banner_says_a_card_is_held_while_bets_would_be_refused():
    s = table()
    for code in ("9S", "KH", "QD", "5C", "4D"):
        s.enter_card(code)
    s.next_round()
    snap = s.snapshot
    assert snap.banner == "CARD HELD" and "4♦ came out before bets were taken" in snap.reason
    assert "Enter deals a no-bet hand" in snap.reason and "Del sets it aside" in snap.reason


def last_round_played() -> TableSession:
    """A table whose cut card came out before its round (the shoe's last), that round played (9S KH QD 5C)."""
    s = TableSession(TableRules(shoe=ShoeRules(burn=True, rounds_after_cut=0)), odds=False)
    s.skip_burn()
    s.deal()
    s.cut_card()
    for code in ("9S", "KH", "QD", "5C"):
        read(s, code, 1)
    assert s.state.shoe.phase.value == "finished"
    return s


def test_a_stray_card_after_the_shoes_last_round_holds_no_card_of_the_next_shoe():
    s = last_round_played()
    read(s, "4D", 2)  # after the last round: refused
    assert "Ctrl+N" in s.snapshot.alerts[-1].action and "type" not in s.snapshot.alerts[-1].action
    assert s.new_shoe() is None
    read(s, "8H", 3)  # the new shoe's burn card
    assert s.snapshot.pending is None and s.state.shoe.burned == (parse_card("8H"),)


def test_an_unsure_read_left_waiting_waits_again_after_a_restart_though_the_burn_was_then_done_by_hand(tmp_path):
    from dealer_assist.table.journal import Journal

    path = tmp_path / "t.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=True))
    s = TableSession(rules, Journal.open(path), odds=False)
    read(s, "3S", 1)  # the burn card: three more
    s.handle(CardRead(parse_card("7H"), SOURCE, time.time(), 0.5, candidates=(parse_card("7H"), parse_card("7D")),
                      seq=2))
    assert s.burn_unseen() is None  # B: the three burned face down
    s.close()
    again = TableSession(rules, Journal.open(path), odds=False)
    try:
        assert again.snapshot.pending.card.code == "7H" and codes(again.snapshot.pending.candidates) == ["7H", "7D"]
    finally:
        again.close()


def _reopened_with_4d_held() -> TableSession:
    """9S KH QD 5C settled, 4D read after it (held), the last card voided: the round wants B2."""
    s = table()
    for code in ("9S", "KH", "QD", "5C"):
        read(s, code, 1)
    read(s, "4D", 2)
    assert s.void_last_card(why="test") is None
    assert s.state.phase == TablePhase.DEALING and s.state.held == (parse_card("4D"),)
    return s


def test_a_typed_answer_to_a_read_after_the_held_card_goes_behind_it_not_into_the_round():
    """Correcting an unsure read to 7D, or typing the ?? before a waiting read, had put that card in the
    reopened round ahead of 4D, which came out of the shoe before it."""
    s = _reopened_with_4d_held()
    s.handle(CardRead(parse_card("7H"), SOURCE, time.time(), 0.5, candidates=(parse_card("7H"), parse_card("7D")),
                      seq=3))
    s.enter_card("7D")  # the croupier's correction of the unsure read
    assert s.state.held == (parse_card("4D"), parse_card("7D")) and len(s.state.round.cards) == 3
    s = _reopened_with_4d_held()
    s.handle(Unreadable(SOURCE, time.time(), seq=3))
    read(s, "7H", 4)  # waits behind the ??
    s.enter_card("2S")  # the ??, typed
    assert s.state.held == (parse_card("4D"), parse_card("2S")) and len(s.state.round.cards) == 3
    s = _reopened_with_4d_held()
    assert s.enter_card("6C") is None  # no read waiting: the croupier's correction of the card voided
    assert s.state.round.cards[-1] == parse_card("6C") and s.state.held == (parse_card("4D"),)


def test_a_typed_card_does_not_hide_a_read_left_waiting_from_the_restart(tmp_path):
    from dealer_assist.table.journal import Journal

    path = tmp_path / "t.sqlite"
    s = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(path), odds=False)
    s.deal()
    read(s, "2S", 1)
    s.handle(Unreadable(SOURCE, time.time(), seq=2))
    read(s, "3S", 3)  # waits behind the ??
    assert s.enter_card("9H") is None  # the ?? typed; the table stops before Enter plays 3S
    s.close()
    again = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(path), odds=False)
    try:
        assert again.snapshot.pending.card.code == "3S" and again.snapshot.waiting == ()
        assert again.confirm_pending() is None and codes(again.state.round.cards) == ["2S", "9H", "3S"]
    finally:
        again.close()


def test_a_read_waiting_at_a_new_shoe_is_dropped_by_name_not_burned_in_the_new_one():
    s = last_round_played()
    s.handle(CardRead(parse_card("4D"), SOURCE, time.time(), 0.5, candidates=(parse_card("4D"), parse_card("4H")),
                      seq=2))
    assert s.snapshot.pending is not None
    assert s.new_shoe() is None
    assert s.snapshot.pending is None and s.state.shoe.burned == ()
    assert any(a.title == "READ BEFORE THE NEW SHOE DROPPED" and "4♦" in a.text for a in s.snapshot.alerts)


def test_del_on_a_held_read_keeps_the_hold_for_the_reads_behind_it():
    s = two_read_after_an_unreadable()
    s.reject_pending()  # the croupier drops the held 3S: B1 is still missing, and so is the card read as 3S
    assert codes(s.state.round.cards) == ["2S"]
    assert s.snapshot.pending.card.code == "4S" and s.snapshot.pending.doubt == AFTER_DROPPED
    # A shoe reads each card once: the card read as 3S left it and was dealt all the same (fixRP4; one typed card
    # had let Enter play 4S in its place).
    assert s.snapshot.cards_due == 2
    assert s.enter_card("9H") is None and s.confirm_pending() is not None
    assert s.enter_card("3H") is None and s.confirm_pending() is None
    assert codes(s.state.round.cards) == ["2S", "9H", "3H", "4S"]


def test_del_on_an_unsure_read_holds_the_next_read_until_the_card_is_typed_or_confirmed():
    s = table()
    read(s, "2S", 1)
    s.handle(CardRead(parse_card("9H"), SOURCE, time.time(), confidence=0.3, seq=2))  # unsure B1
    read(s, "3S", 3)
    s.reject_pending()
    assert codes(s.state.round.cards) == ["2S"]
    assert s.snapshot.pending.card.code == "3S" and s.snapshot.pending.doubt == AFTER_A_REJECTION
    assert s.enter_card("8H") is None and s.confirm_pending() is None  # the rejected card typed in its place
    assert codes(s.state.round.cards) == ["2S", "8H", "3S"]
    read(s, "4S", 4)
    assert s.snapshot.pending is None and codes(s.state.round.cards)[-1] == "4S"


def test_a_card_typed_after_del_on_an_unsure_read_ends_the_hold():
    s = table()
    read(s, "2S", 1)
    s.handle(CardRead(parse_card("9H"), SOURCE, time.time(), confidence=0.3, seq=2))
    s.reject_pending()
    assert s.enter_card("8H") is None
    read(s, "3S", 3)
    assert s.snapshot.pending is None and codes(s.state.round.cards) == ["2S", "8H", "3S"]


def test_del_on_a_read_held_behind_cards_to_type_keeps_every_read_behind_it_waiting():
    """QA: Del on the held read released the queue, and the next read took the unplaced cards' place."""
    s = table()
    camera = "camera:0"
    read(s, "2S", 1, camera)
    for seq, code in ((2, "9H"), (3, "8D")):  # found lying there when the camera came back
        s.handle(Unreadable(camera, time.time(), seq=seq, candidates=(parse_card(code),), why=f"found {code} lying"))
    read(s, "3S", 4, camera)
    read(s, "4S", 5, camera)
    s.reject_pending()
    assert codes(s.state.round.cards) == ["2S"]
    assert s.snapshot.pending.card.code == "4S" and s.snapshot.pending.doubt == AFTER_UNPLACED
    assert s.enter_card("9H") is None and s.enter_card("8D") is None and s.confirm_pending() is None
    assert codes(s.state.round.cards) == ["2S", "9H", "8D", "4S"]


def test_del_on_a_held_read_after_its_missing_card_was_typed_holds_the_next_for_the_dropped_one():
    """QA: the typed card had left the hold open, and the next read asked for a card already typed."""
    s = table()
    read(s, "2S", 1)
    s.handle(Unreadable(SOURCE, time.time(), seq=2))
    read(s, "3S", 3)
    assert s.enter_card("9H") is None  # the unreadable card typed in its place
    s.reject_pending()  # and the held 3S dropped
    read(s, "4S", 4)
    assert s.snapshot.pending.card.code == "4S" and s.snapshot.pending.doubt == AFTER_A_REJECTION
    assert s.confirm_pending() is None and codes(s.state.round.cards) == ["2S", "9H", "4S"]


def test_two_reads_dropped_in_a_row_hold_until_enter_not_until_one_typed_card():
    """QA: the second Del left a one-card hold; one typed card ended it and the next read took the other's place."""
    s = table()
    read(s, "2S", 1)
    s.handle(CardRead(parse_card("9H"), SOURCE, time.time(), confidence=0.3, seq=2))  # really 8H
    s.reject_pending()
    s.handle(CardRead(parse_card("7C"), SOURCE, time.time(), confidence=0.3, seq=3))  # really 7D
    s.reject_pending()
    assert s.enter_card("8H") is None
    read(s, "4S", 4)
    assert s.snapshot.pending.card.code == "4S" and s.snapshot.pending.doubt == AFTER_DROPPED
    assert s.enter_card("7D") is None and s.confirm_pending() is None
    assert codes(s.state.round.cards) == ["2S", "8H", "7D", "4S"]


def test_del_is_journaled_and_a_restart_holds_the_next_read_of_its_source(tmp_path):
    """QA: Del left no entry, and after a restart the next read went straight into the dropped card's place."""
    path = tmp_path / "t.sqlite"
    s = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(path), odds=False)
    s.deal()
    read(s, "2S", 1)
    s.handle(CardRead(parse_card("9H"), SOURCE, time.time(), confidence=0.3, seq=2))
    s.reject_pending()
    s.close()
    with Journal.open(path, readonly=True) as journal:
        dropped = [e.payload for e in journal.entries() if e.kind == "read_dropped"]
    assert dropped == [{"card": "9H", "source": SOURCE, "source_seq": 2, "doubt": "", "round": 1}]
    again = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(path), odds=False)
    read(again, "3S", 3)
    assert again.snapshot.pending.card.code == "3S" and again.snapshot.pending.doubt == AFTER_A_REJECTION
    assert again.enter_card("8H") is None and again.confirm_pending() is None
    assert codes(again.state.round.cards) == ["2S", "8H", "3S"]


def test_a_hold_ends_with_its_round():
    """QA: an unsure read dropped at a round's end held the next round's first card."""
    s = table()
    for code in ("9S", "2H", "TC", "3D"):
        assert s.enter_card(code) is None
    s.handle(CardRead(parse_card("QH"), SOURCE, time.time(), confidence=0.3, seq=1))  # a stray read after the round
    s.reject_pending()
    assert s.next_round() is None and s.deal() is None
    read(s, "4C", 2)
    assert s.snapshot.pending is None and codes(s.state.round.cards) == ["4C"]


def test_esc_on_frames_lost_ends_only_the_gaps_hold():
    """QA: dismissing FRAMES LOST ended every source's holds, and a camera read took a dropped card's place."""
    s = table()
    camera = "camera:0"
    read(s, "2S", 1, camera)
    for seq, code in ((2, "9H"), (3, "7C")):
        s.handle(CardRead(parse_card(code), camera, time.time(), confidence=0.3, seq=seq))
        s.reject_pending()
    s.handle(SeqGap(SOURCE, time.time(), missing=(5,)))
    s.dismiss("gap")
    read(s, "4S", 4, camera)
    assert s.snapshot.pending.card.code == "4S" and s.snapshot.pending.doubt == AFTER_DROPPED


def test_del_on_a_read_held_after_a_double_feed_keeps_the_wait_for_enter():
    """QA: Del turned the double feed's hold into a one-card hold; one typed card ended it and the next read
    went into the other fed card's place."""
    s = table()
    read(s, "2S", 1)
    read(s, "8H", 2)
    s.handle(DeviceError(SOURCE, time.time(), "DOUBLE_FEED", "two cards"))
    read(s, "5S", 3)  # a misread of one of them
    s.reject_pending()
    assert s.enter_card("7D") is None
    read(s, "9C", 4)
    assert s.snapshot.pending.card.code == "9C" and s.snapshot.pending.doubt == AFTER_A_DOUBLE_FEED


def test_a_restart_names_no_read_dropped_at_a_new_shoe_nor_one_dropped_and_typed(tmp_path):
    """QA: after a restart the old shoe's dropped read was named again and the new shoe's first card held;
    a read dropped and then typed by hand held the next read again."""
    rules = TableRules(shoe=ShoeRules(burn=False))

    def at_a_new_shoe(s: TableSession) -> None:
        for code in ("9S", "2H", "TC", "3D"):
            assert s.enter_card(code) is None
        s.handle(CardRead(parse_card("KS"), SOURCE, time.time(), confidence=0.3, seq=1))  # as the shoe is emptied
        assert s.new_shoe() is None and s.deal() is None

    def dropped_then_typed(s: TableSession) -> None:
        read(s, "2S", 1)
        s.handle(CardRead(parse_card("9H"), SOURCE, time.time(), confidence=0.3, seq=2))
        s.reject_pending()
        assert s.enter_card("8H") is None

    for before in (at_a_new_shoe, dropped_then_typed):
        path = tmp_path / f"{before.__name__}.sqlite"
        s = TableSession(rules, Journal.open(path), odds=False)
        s.deal()
        before(s)
        s.close()
        again = TableSession(rules, Journal.open(path), odds=False)
        assert again.snapshot.pending is None and again.snapshot.waiting == (), before
        read(again, "4C", 3)
        assert again.snapshot.pending is None and again.state.round.cards[-1].code == "4C", before


def test_a_hold_that_ended_with_its_round_stays_ended_after_a_restart(tmp_path):
    """QA: a restart brought back the wait for a read dropped before N."""
    path = tmp_path / "t.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=False))
    s = TableSession(rules, Journal.open(path), odds=False)
    s.deal()
    for code in ("9S", "2H", "TC", "3D"):
        assert s.enter_card(code) is None
    s.handle(CardRead(parse_card("QH"), SOURCE, time.time(), confidence=0.3, seq=1))
    s.reject_pending()
    assert s.next_round() is None
    s.close()
    again = TableSession(rules, Journal.open(path), odds=False)
    assert again.deal() is None
    read(again, "4C", 2)
    assert again.snapshot.pending is None and codes(again.state.round.cards) == ["4C"]


def test_del_on_a_read_held_after_lost_frames_is_not_ended_by_esc_on_frames_lost():
    """QA: the dropped read's card was waited for only by the gap's hold, which Esc ends."""
    s = table()
    read(s, "2S", 1)
    s.handle(SeqGap(SOURCE, time.time(), missing=(2,)))
    read(s, "7C", 3)  # held after the gap; really 7D
    s.reject_pending()
    assert s.enter_card("8H") is None  # the lost frame's card
    s.dismiss("gap")
    read(s, "4S", 4)
    assert s.snapshot.pending.card.code == "4S" and s.snapshot.pending.doubt == AFTER_DROPPED


def test_a_restart_keeps_the_wait_for_an_unreadable_card(tmp_path):
    """QA: after a restart the next read went into the unreadable card's place."""
    path = tmp_path / "t.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=False))
    s = TableSession(rules, Journal.open(path), odds=False)
    s.deal()
    read(s, "9S", 1)
    s.handle(Unreadable(SOURCE, time.time(), seq=2))
    s.close()
    again = TableSession(rules, Journal.open(path), odds=False)
    read(again, "TC", 3)
    assert again.snapshot.pending.card.code == "TC" and again.snapshot.pending.doubt == AFTER_AN_UNREADABLE
    assert again.enter_card("4H") is None and again.confirm_pending() is None
    assert codes(again.state.round.cards) == ["9S", "4H", "TC"]


def test_a_camera_card_read_where_it_asked_for_one_the_croupier_typed_is_not_dealt_twice(tmp_path):
    """The camera asked for a card it could not read (UNREADABLE CARD); the croupier typed 7H; the camera
    then read the same card for sure: it was played, 7H dealt twice.  It now waits (Del drops it).  Had the
    croupier not typed it yet, the read waits under that wait as before and Enter plays it in its place.
    A restart shows the same."""
    from dealer_assist.events import READ_WHERE_UNREAD

    camera = "camera:0"
    for typed in (True, False):
        path = tmp_path / f"t-{typed}.sqlite"
        s = TableSession(TableRules(shoe=ShoeRules(burn=False, decks=8)), Journal.open(path), odds=False)
        s.deal()
        s.handle(Unreadable(camera, time.time(), candidates=(parse_card("7H"), parse_card("7D"))))
        if typed:
            assert s.enter_card("7H") is None
        s.handle(CardRead(parse_card("7H"), camera, time.time(), 0.95, doubt=READ_WHERE_UNREAD))
        pending = s.snapshot.pending
        assert pending is not None and pending.card.code == "7H"
        assert pending.doubt == (READ_WHERE_UNREAD if typed else AFTER_AN_UNREADABLE)
        assert [c.code for c in s.state.round.cards] == (["7H"] if typed else [])
        s.close()
        again = TableSession(TableRules(shoe=ShoeRules(burn=False, decks=8)), Journal.open(path), odds=False)
        assert again.snapshot.pending.doubt == pending.doubt
        if typed:
            again.reject_pending()
            assert [c.code for c in again.state.round.cards] == ["7H"]
        else:
            assert again.confirm_pending() is None
            assert [c.code for c in again.state.round.cards] == ["7H"] and not again._hold_of
        again.close()
