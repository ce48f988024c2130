"""The table session: a scripted table from the virtual shoe and the keyboard, refusals, recovery."""

import functools
import re
import time
from decimal import Decimal as D

import pytest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cards import parse_card
from dealer_assist.shoe import ShoeRules
from dealer_assist.events import CardRead, LinkState, SeqGap, ShoeSignal, Unreadable
from dealer_assist.sources.virtual import VirtualShoe
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules


def no_burn():
    return TableRules(shoe=ShoeRules(burn=False))


def read(code, confidence=1.0, **kw):
    return CardRead(parse_card(code), "test", 0.0, confidence, **kw)


def test_round_from_the_virtual_shoe_is_dealt_and_settled():
    session = TableSession(odds=False)
    shoe = VirtualShoe(seed=7, interval=60, demand=session.card_due)
    shoe.start(session.handle)
    try:
        dealt = []
        while session.state.phase == TablePhase.BURN:
            dealt.append(shoe.deal_one())
        first = dealt[0]
        assert len(dealt) == 1 + first.burn_value  # shown card + its value face down
        assert session.place(1, Bet.BANKER, D("10.05")) is None
        assert session.place(2, Bet.PLAYER, D("3")) is None
        assert session.deal() is None
        while session.card_due():
            dealt.append(shoe.deal_one())
        state = session.state
        assert state.phase == TablePhase.SETTLED
        outcome = state.round.outcome
        by_bet = {r.bet: r for r in state.settlement.lines}
        if outcome.winner == "banker":
            assert by_bet[Bet.BANKER].pays == D("9.54")
        elif outcome.winner == "player":
            assert by_bet[Bet.PLAYER].pays == D("3.00") and by_bet[Bet.BANKER].result == "lose"
        else:
            assert by_bet[Bet.BANKER].result == "push"
        assert state.shoe.cards_left == 416 - len(dealt)
        assert not session.card_due()  # the shoe waits for the next round
    finally:
        shoe.stop()


def test_keyboard_round_and_snapshots_published():
    session = TableSession(no_burn(), odds=False)
    seen = []
    session.subscribe(seen.append)
    session.place(1, Bet.TIE, D("5"))
    session.deal()
    for code in ["2S", "AH", "3D", "2C", "8S"]:
        assert session.enter_card(code) is None
    snap = session.snapshot
    assert snap.state.phase == TablePhase.SETTLED
    assert snap.banner == "TIE 3 TO 3"
    assert snap.state.settlement.lines[0].pays == D("40.00")
    assert seen[-1] is snap and [s.version for s in seen] == sorted(s.version for s in seen)


def test_card_after_the_round_is_held_not_lost():
    session = TableSession(no_burn(), odds=False)
    for code in ["9S", "KH", "QD", "5C"]:
        session.enter_card(code)
    before = session.state
    error = session.enter_card("7H")
    assert "after the round was over" in error and "no-bet hand" in error
    assert session.state.held == (parse_card("7H"),)
    assert session.state.round == before.round
    assert session.state.shoe == before.shoe.hold(parse_card("7H"))  # out of the shoe, in no hand yet
    assert session.state.shoe.cards_left == before.shoe.cards_left - 1 and session.state.shoe.dealt == 4
    assert any(a.code == "held" for a in session.snapshot.alerts)
    assert "held behind it" in session.enter_card("2D")  # a second late card is held too, after the first
    assert session.state.held == (parse_card("7H"), parse_card("2D"))
    session.next_round()
    assert session.play_held() is None
    assert session.state.round.cards == (parse_card("7H"), parse_card("2D")) and session.state.held == ()


def test_a_held_card_set_aside_stays_counted_but_is_no_burn():
    session = TableSession(TableRules(shoe=ShoeRules(burn=True)), odds=False)
    for code in ["3S", "KH", "QD", "5C"]:  # a 3 shown: three more burned
        session.enter_card(code)
    burned = session.state.shoe.burned
    assert len(burned) == 4
    for code in ["9S", "KH", "QD", "5C"]:
        session.enter_card(code)
    assert "after the round" in session.enter_card("7H")
    left = session.state.shoe.cards_left  # the held card already counted out
    assert session.discard_held() is None
    shoe = session.state.shoe
    assert shoe.burned == burned and [c.code for c in shoe.set_aside_cards] == ["7H"]
    assert shoe.cards_left == left and session.state.held == () and shoe.copies_seen(parse_card("7H")) == 1


def test_impossible_card_is_an_alarm_and_changes_nothing():
    session = TableSession(TableRules(shoe=ShoeRules(decks=1, burn=False)), odds=False)
    session.enter_card("AS")
    before = session.state
    error = session.enter_card("AS")
    assert "impossible card" in error
    assert session.state == before
    alert = session.snapshot.alerts[-1]
    assert alert.level == "error" and "AS" in alert.text


def test_bet_above_the_limit_is_refused_with_the_limit_named():
    session = TableSession(no_burn(), odds=False)
    error = session.place(1, Bet.TIE, D("600"))
    assert "500.00" in error and "600.00" in error
    assert session.state.betting.total_stake == 0 and session.snapshot.message == error


def test_unsure_read_waits_for_confirmation():
    session = TableSession(no_burn(), odds=False)
    session.handle(CardRead(parse_card("TH"), "camera:0", 0.0, 0.6, candidates=(parse_card("TH"), parse_card("TD"))))
    assert session.snapshot.pending is not None and session.snapshot.banner == "CONFIRM CARD"
    assert not session.card_due()
    assert not session.state.round.cards
    session.enter_card("TD")  # the croupier corrects it
    assert session.state.round.cards == (parse_card("TD"),) and session.snapshot.pending is None


def test_a_reader_that_never_opened_is_told_to_check_its_path_not_its_cable(tmp_path):
    from dealer_assist.sources.serial_shoe import SerialShoe

    session = TableSession(no_burn(), odds=False)
    missing = str(tmp_path / "ttyNOPE")
    shoe = SerialShoe(missing)
    shoe.start(session.handle)
    try:
        deadline = time.monotonic() + 5
        while not any(a.code.startswith("link:") for a in session.snapshot.alerts) and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        shoe.stop()
    alert = next(a for a in session.snapshot.alerts if a.code.startswith("link:"))
    assert alert.title == "CARD READER LOST" and "dealer-assist ports" in alert.action and "cable" not in alert.action
    assert alert.text.count("No such file or directory") == 1 and "Errno" not in alert.text
    session.handle(LinkState(shoe.name, 0.0, "up"))
    session.handle(LinkState(shoe.name, 0.0, "lost", "device unplugged"))  # once it was up: the cable
    assert "check the cable" in session.snapshot.alerts[-1].action


def test_source_alerts():
    session = TableSession(no_burn(), odds=False)
    session.handle(LinkState("serial:/dev/x", 0.0, "lost", "device unplugged"))
    assert session.snapshot.alerts[-1].title == "CARD READER LOST"
    session.handle(LinkState("serial:/dev/x", 0.0, "up"))
    assert [(a.level, a.title) for a in session.snapshot.alerts if a.code.startswith("link:")] == [
        ("info", "CARD READER BACK")]  # the lost bar gives way to a note that expires (qaAY F5)
    session.handle(SeqGap("serial:/dev/x", 0.0, (9, 10)))
    assert "9, 10" in session.snapshot.alerts[-1].text
    session.handle(Unreadable("serial:/dev/x", 0.0, 12))
    assert session.snapshot.alerts[-1].title == "UNREADABLE CARD" and "W shows" not in session.snapshot.alerts[-1].action
    session.handle(ShoeSignal("serial:/dev/x", 0.0, "cut"))
    assert session.state.shoe.cut_out
    session.handle(LinkState("camera:table.mp4", 0.0, "ended", "end of the video"))
    assert session.snapshot.alerts[-1].title == "SOURCE FINISHED" and session.snapshot.alerts[-1].level == "info"
    session.handle(Unreadable("camera:0", 0.0, 13, (parse_card("TH"), parse_card("TD"))))
    assert "10♥ or 10♦" in session.snapshot.alerts[-1].text
    assert "W shows what the camera sees" in session.snapshot.alerts[-1].action  # a camera's card can be seen there


def test_void_last_card_restores_the_round():
    session = TableSession(no_burn(), odds=False)
    for code in ["9S", "KH", "QD", "5C"]:
        session.enter_card(code)
    assert session.state.phase == TablePhase.SETTLED
    session.void_last_card(why="misread")
    assert session.state.phase == TablePhase.DEALING and len(session.state.round.cards) == 3
    assert session.state.history == () and session.state.shoe.dealt == 3


def test_odds_follow_the_shoe():
    import time
    session = TableSession(TableRules(shoe=ShoeRules(decks=1, burn=False)))
    try:
        session.enter_card("AS")
        deadline = time.monotonic() + 10  # a loaded CI machine: the odds thread may take a while
        while time.monotonic() < deadline:
            odds = session.snapshot.odds
            if odds is not None and odds.report is not None and odds.report.cards_left == 51:
                break
            time.sleep(0.01)
        assert session.snapshot.odds is not None, "no odds within 10 s"
        assert session.snapshot.odds.report.cards_left == 51
    finally:
        session.close()


def test_a_fault_in_the_odds_is_logged_and_the_table_plays_on(monkeypatch, caplog):
    import time

    from dealer_assist import odds

    def broken(*args, **kwargs):
        raise RuntimeError("odds table corrupt")

    monkeypatch.setattr(odds, "shoe_odds", broken)
    session = TableSession(TableRules(shoe=ShoeRules(decks=1, burn=False)))
    try:
        session.enter_card("AS")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not any("could not be computed" in r.message for r in caplog.records):
            time.sleep(0.01)
        logged = [r for r in caplog.records if "could not be computed" in r.message]
        assert logged and "odds table corrupt" in str(logged[0].exc_info[1])
        while time.monotonic() < deadline and session.snapshot.odds is None:
            time.sleep(0.01)
        why = session.snapshot.odds.why
        assert session.snapshot.odds.report is None and "not computed" in why and "log" in why  # said, not "computing…"
        assert session.enter_card("KD") is None
    finally:
        session.close()


def test_recovery_from_the_journal(tmp_path):
    path = tmp_path / "j.sqlite"
    session = TableSession(journal=Journal.open(path), odds=False)
    session.enter_card("5H")  # burn card: 5 more
    session.burn_unseen()
    session.place(3, Bet.BANKER, D("25"))
    session.deal()
    for code in ["2S", "AH", "3D", "2C"]:
        session.enter_card(code)
    expected = session.state
    session.close()
    again = TableSession(journal=Journal.open(path), odds=False)
    assert again.recovered > 0
    got = again.state
    assert (got.phase, got.round.cards, got.betting.layout, got.shoe, got.round_no) == (
        expected.phase, expected.round.cards, expected.betting.layout, expected.shoe, expected.round_no)
    again.enter_card("8S")
    assert again.state.phase == TablePhase.SETTLED
    kinds = [e.kind for e in again._journal.entries()]
    assert kinds.count("settlement") == 1
    again.close()
    assert Journal.open(path).verify().ok


def test_replay_of_a_journal_plays_the_same_table(tmp_path):
    from dealer_assist.sources.replay import ReplaySource, journal_cards

    path = tmp_path / "j.sqlite"
    session = TableSession(no_burn(), journal=Journal.open(path), odds=False)
    session.place(2, Bet.TIE, D("5"))
    session.deal()
    for code in ["2S", "AH", "3D", "2C", "8S"]:
        session.enter_card(code)
    session.next_round()
    session.enter_card("KD")
    session.void_last_card(why="misread")
    session.enter_card("QD")
    recorded = session.state
    session.close()
    assert [c.code for c in journal_cards(path)] == ["2S", "AH", "3D", "2C", "8S", "QD"]
    replay = ReplaySource(path, interval=60)
    again = TableSession(no_burn(), odds=False)
    replay.set_sink(again.handle)
    while replay.step() is not None:
        pass
    got = again.state
    assert (got.round.cards, got.round_no, got.shoe, got.betting) == (
        recorded.round.cards, recorded.round_no, recorded.shoe, recorded.betting)
    assert got.history[0].settlement == recorded.history[0].settlement
    assert got.history[0].settlement.lines[0].pays == D("40.00")


def test_void_needs_a_supervisor_pin_when_the_table_has_supervisors(tmp_path):
    from dealer_assist.table.supervisor import SupervisorRoster

    roster = SupervisorRoster()
    roster.add("Ana", "4321")
    path = tmp_path / "j.sqlite"
    session = TableSession(no_burn(), journal=Journal.open(path), supervisors=roster, odds=False)
    for code in ["9S", "KH", "QD"]:
        session.enter_card(code)
    before = session.state
    error = session.void_last_card("Ana", "0000", "misread")
    assert "wrong PIN" in error and session.state == before
    error = session.void_last_card("Ana", "4321", "")
    assert "reason" in error and session.state == before
    assert session.void_last_card("Ana", "4321", "camera misread the queen") is None
    assert len(session.state.round.cards) == 2
    session.close()
    corrections = [e.payload for e in Journal.open(path).entries() if e.kind == "correction"]
    assert corrections[-1]["correction"]["supervisor"] == "Ana"
    assert corrections[-1]["correction"]["reason"] == "camera misread the queen"
    assert corrections[-1]["card"] == "QD"


def test_virtual_shoe_resumes_with_the_unseen_cards_only():
    from dealer_assist.cards import full_deck

    session = TableSession(TableRules(shoe=ShoeRules(decks=1, burn=False)), odds=False)
    for code in ["AS", "KH", "QD", "5C"]:
        session.enter_card(code)
    shoe = VirtualShoe(decks=1, seed=3, interval=60)
    seen = session.state.shoe
    shoe.resume({c: seen.copies_seen(c) for c in full_deck()}, seen.unknown)
    assert shoe.cards_left == 48
    dealt = set()
    shoe.start(lambda e: dealt.add(getattr(e, "card", None)))
    try:
        while shoe.deal_one():
            pass
    finally:
        shoe.stop()
    dealt.discard(None)
    assert len(dealt) == 48 and not dealt & {parse_card(c) for c in ["AS", "KH", "QD", "5C"]}


def test_a_full_journal_stops_the_table_instead_of_losing_an_entry(tmp_path):
    path = tmp_path / "small.sqlite"
    journal = Journal.open(path, max_size=64 * 1024)
    session = TableSession(no_burn(), journal=journal, odds=False)
    for i in range(2000):
        session.place(1 + i % 7, Bet.PLAYER, D("1"))
        if session.snapshot.stopped:
            break
    assert session.snapshot.stopped, "the journal never filled"
    assert "journal cannot be written" in session.snapshot.stopped
    assert session.snapshot.banner == "TABLE STOPPED"
    assert session.snapshot.alerts[-1].title == "JOURNAL FAILURE: TABLE STOPPED"
    shown = session.state
    assert session.place(2, Bet.TIE, D("5")) == session.snapshot.stopped  # refused: nothing more happens
    assert session.state == shown
    session.close()
    # every entry that was written is intact, and the table recovers to the last recorded state
    assert Journal.open(path, readonly=True).verify().ok
    again = TableSession(no_burn(), journal=Journal.open(path, readonly=True), odds=False)
    assert again.state.betting.layout == shown.betting.layout


def test_a_journal_is_not_replayed_under_other_house_rules(tmp_path):
    from dealer_assist.table.session import RulesMismatchError

    path = tmp_path / "j.sqlite"
    session = TableSession(journal=Journal.open(path), odds=False)
    session.enter_card("3H")  # the burn card of an 8-deck shoe with the burn
    session.close()
    journal = Journal.open(path)
    with pytest.raises(RulesMismatchError) as info:
        TableSession(TableRules(shoe=ShoeRules(decks=6)), journal=journal, odds=False)
    journal.close()  # refused: the caller still owns the journal, unchanged
    assert "shoe.decks: recorded 8, now 6" in str(info.value) and "--config" in str(info.value)
    again = TableSession(journal=Journal.open(path), odds=False)  # the same rules: recovered
    assert again.state.shoe.burn_left == 3
    again.close()


def test_void_round_sets_the_cards_aside_and_reopens_the_same_bets():
    session = TableSession(no_burn(), odds=False)
    session.place(1, Bet.BANKER, D("25"))
    session.deal()
    for code in ["9S", "KH", "QD", "5C"]:  # Player 9: a natural, settled
        session.enter_card(code)
    assert session.state.phase == TablePhase.SETTLED and len(session.state.history) == 1
    assert session.void_round(why="misdeal: cards exposed") is None
    state = session.state
    assert state.phase == TablePhase.BETTING and not state.round.cards and state.history == ()
    assert state.betting.layout.get(1, Bet.BANKER) == D("25") and not state.betting.locked
    assert state.shoe.dealt == 0 and state.shoe.cards_left == 416 - 4  # out of the shoe, set aside
    assert [c.code for c in state.shoe.set_aside_cards] == ["9S", "KH", "QD", "5C"]
    assert state.shoe.burned == ()  # set aside is no burn (the status panel counts each apart)
    assert state.scoreboard.big_road.cells == ()
    assert "no round to void" in session.void_round(why="again")


def test_the_same_chips_written_two_ways_are_the_same_rules(tmp_path):
    """A journal begun without a config file records the built-in chips as "1", "5" ...; a config
    file gives them as "1.00", "5.00" ...: a restart with the file was refused as other house rules."""
    from dealer_assist.table.config import config_from_mapping
    from dealer_assist.table.rules_record import RulesMismatchError

    path = tmp_path / "j.sqlite"
    TableSession(TableRules(), journal=Journal.open(path), odds=False).close()
    with_file = config_from_mapping({"shoe": {"decks": 8}}).rules
    assert (str(TableRules().chips[0]), str(with_file.chips[0])) == ("1", "1.00")
    TableSession(with_file, journal=Journal.open(path), odds=False).close()
    other = config_from_mapping({"table": {"chips": ["1", "5", "20", "100", "500", "1000"]}}).rules
    journal = Journal.open(path)
    with pytest.raises(RulesMismatchError) as info:
        TableSession(other, journal=journal, odds=False)
    journal.close()
    assert 'chips[2]: recorded "25", now "20.00"' in str(info.value)


class _FailingAt:
    """A journal whose disk fails at the first entry of one kind; it remembers every entry tried."""

    def __init__(self, journal, kind, error):
        self.journal, self.kind, self.error, self.tried = journal, kind, error, []

    def append(self, kind, payload):
        self.tried.append(kind)
        if kind == self.kind:
            raise self.error
        return self.journal.append(kind, payload)

    def __getattr__(self, name):
        return getattr(self.journal, name)


def _play_to_the_end(session):
    session.place(1, Bet.BANKER, D("10"))
    session.deal()
    for code in ("3D", "6H", "QH", "9D", "7H", "TS"):  # Banker 5-0
        session.enter_card(code)


def test_a_failed_outcome_is_not_followed_by_its_settlement_in_the_journal(tmp_path):
    """The journal failed writing a round's outcome: the table stops, and the settlement and round end
    are not written after it (a journal paying a round it never saw end)."""
    path = tmp_path / "j.sqlite"
    failing = _FailingAt(Journal.open(path), "outcome", OSError(28, "No space left on device"))
    session = TableSession(no_burn(), journal=failing, odds=False)
    _play_to_the_end(session)
    assert "journal cannot be written" in session.snapshot.stopped
    assert failing.tried[-1] == "outcome" and "settlement" not in failing.tried
    session.close()
    kinds = [e.kind for e in Journal.open(path, readonly=True).entries()]
    assert "outcome" not in kinds and "settlement" not in kinds and "round_end" not in kinds


def test_an_entry_that_cannot_be_encoded_is_named_as_our_fault_not_the_disk(tmp_path, caplog):
    from dealer_assist.table.journal import JournalPayloadError

    failing = _FailingAt(Journal.open(tmp_path / "j.sqlite"), "settlement", JournalPayloadError("Decimal is not JSON"))
    session = TableSession(no_burn(), journal=failing, odds=False)
    _play_to_the_end(session)
    stopped = session.snapshot.stopped
    assert "a settlement entry could not be recorded" in stopped and "not the disk" in stopped
    assert "Fix the disk" not in stopped and "round_end" not in failing.tried
    assert any("could not be encoded" in r.message and r.exc_info for r in caplog.records)
    session.close()


def test_a_round_end_lost_to_a_crash_after_the_settlement_is_written_at_the_restart(tmp_path):
    """The process died between a round's settlement and its round_end: the restart's repair only
    looked for the settlement, so the round never ended in the journal ("ended": null in the export)."""
    path = tmp_path / "j.sqlite"
    failing = _FailingAt(Journal.open(path), "round_end", OSError(5, "Input/output error"))
    session = TableSession(no_burn(), journal=failing, odds=False)
    _play_to_the_end(session)
    assert session.snapshot.stopped
    session.close()
    again = TableSession(no_burn(), journal=Journal.open(path), odds=False)
    again.close()
    kinds = [e.kind for e in Journal.open(path, readonly=True).entries()]
    assert (kinds.count("outcome"), kinds.count("settlement"), kinds.count("round_end")) == (1, 1, 1)
    assert Journal.open(path, readonly=True).verify().ok


def test_the_journal_names_the_held_cards_set_aside(tmp_path):
    """Del wrote card_set_aside with no card: a dispute reader had to rebuild the list from card_held."""
    path = tmp_path / "j.sqlite"
    session = TableSession(no_burn(), journal=Journal.open(path), odds=False)
    for code in ["9S", "KH", "QD", "5C"]:  # Player 9 natural: the round is over
        session.enter_card(code)
    session.enter_card("7H")
    session.enter_card("2D")
    assert session.discard_held() is None
    session.close()
    (entry,) = [e for e in Journal.open(path, readonly=True).entries() if e.kind == "card_set_aside"]
    assert entry.payload["cards"] == ["7H", "2D"]
    again = TableSession(no_burn(), journal=Journal.open(path), odds=False)  # and it still replays
    assert [c.code for c in again.state.shoe.set_aside_cards] == ["7H", "2D"]
    again.close()


def test_more_held_cards_than_a_round_takes_are_played_up_to_its_end_and_the_rest_wait():
    """Eight cards held after a round: Enter refused them all with "play it there (Enter)", the very
    key just pressed, and the table was stuck until every held card was set aside."""
    session = TableSession(no_burn(), odds=False)
    for code in ["9S", "KH", "QD", "5C"]:  # Player 9 natural: the round is over
        session.enter_card(code)
    for code in ["2S", "3S", "4S", "AS", "6S", "7S", "8S", "9H"]:
        session.enter_card(code)
    assert len(session.state.held) == 8
    assert session.play_held() is None
    # Player 2+4 = 6 stands; Banker 3+A = 4 draws (Player stood): its third card, the fifth, ends the round.
    played = [c.code for c in session.state.round.cards]
    assert played == ["2S", "3S", "4S", "AS", "6S"] and session.state.phase == TablePhase.SETTLED
    assert [c.code for c in session.state.held] == ["7S", "8S", "9H"]
    assert session.play_held() is None  # the next round takes the rest
    assert [c.code for c in session.state.round.cards] == ["7S", "8S", "9H"] and session.state.held == ()


def _roster(now):
    from dealer_assist.table.supervisor import SupervisorRoster

    return SupervisorRoster([_ana()], clock=lambda: now[0])


@functools.lru_cache(maxsize=None)
def _ana():
    """Hashed once, as a config file keeps it: the journal binds the table to its supervisors' hashes."""
    from dealer_assist.table.supervisor import Supervisor, hash_pin

    return Supervisor("Ana", hash_pin("4821", n=2 ** 10))


def test_a_pin_lockout_survives_a_restart_before_any_card_and_ends_with_a_right_pin(tmp_path):
    """The lockout was put back only when the journal held an operation (a restart before the first card
    gave fresh tries), and a right PIN after a lockout was not journaled, so every restart put the old
    lockout back in full: a croupier could lock every supervisor out for good."""
    path = tmp_path / "j.sqlite"
    now = [1000.0]
    limits = {"max": {"tie": "100"}}
    session = TableSession(no_burn(), journal=Journal.open(path), supervisors=_roster(now), odds=False)
    for _ in range(3):
        assert "wrong PIN" in session.set_limits(limits, "Ana", "0000", "high roller left")
    session.close()
    again = TableSession(no_burn(), journal=Journal.open(path), supervisors=_roster(now), odds=False)
    assert "locked" in again.set_limits(limits, "Ana", "4821", "high roller left")  # still locked after the restart
    now[0] += 3600
    assert again.set_limits(limits, "Ana", "4821", "high roller left") is None  # over: the right PIN works
    again.close()
    third = TableSession(no_burn(), journal=Journal.open(path), supervisors=_roster(now), odds=False)
    assert third.set_limits({"max": {"tie": "200"}}, "Ana", "4821", "back to normal") is None  # not locked again
    third.close()


def test_at_a_table_with_supervisors_a_held_card_goes_aside_only_with_a_pin(tmp_path):
    """A croupier typed KC over the shoe's read (a natural for the Player); the shoe's real card came
    after the round and went aside with Del, no PIN asked: the collusion the PIN is there to stop."""
    path = tmp_path / "j.sqlite"
    now = [1000.0]
    session = TableSession(no_burn(), journal=Journal.open(path), supervisors=_roster(now), odds=False)
    for code in ["4S", "2H", "5D", "KC"]:  # KC typed: Player 9, the round is over
        session.enter_card(code)
    assert "after the round" in session.enter_card("7C")  # the shoe's real B2
    before = session.state
    assert "name and PIN" in session.discard_held()
    assert "wrong PIN" in session.discard_held("Ana", "0000", "misdrawn")
    assert session.state == before and [c.code for c in session.state.held] == ["7C"]
    assert session.discard_held("Ana", "4821", "the shoe misfed it") is None and session.state.held == ()
    session.close()
    (entry,) = [e for e in Journal.open(path, readonly=True).entries() if e.kind == "card_set_aside"]
    assert entry.payload["cards"] == ["7C"] and entry.payload["correction"]["supervisor"] == "Ana"
    assert entry.payload["correction"]["reason"] == "the shoe misfed it"
    again = TableSession(no_burn(), journal=Journal.open(path), supervisors=_roster(now), odds=False)
    assert [c.code for c in again.state.shoe.set_aside_cards] == ["7C"]  # and it replays
    again.close()
    from dealer_assist.table.export import rounds_from_entries

    (record,) = rounds_from_entries(Journal.open(path, readonly=True).entries())
    assert [(c["kind"], c["cards"]) for c in record["corrections"]] == [("card_set_aside", ["7C"])]


def test_a_pin_typed_in_the_name_field_is_not_kept_in_the_journal(tmp_path):
    """`pin_refused {"supervisor": "4821"}`: the PIN typed into the name field stayed in the record for good."""
    path = tmp_path / "j.sqlite"
    session = TableSession(no_burn(), journal=Journal.open(path), supervisors=_roster([1000.0]), odds=False)
    assert "wrong PIN" in session.set_limits({"max": {"tie": "100"}}, "4821", "4821", "high roller left")
    assert "wrong PIN" in session.set_limits({"max": {"tie": "100"}}, "Ana", "0000", "high roller left")
    session.close()
    refused = [e.payload["supervisor"] for e in Journal.open(path, readonly=True).entries() if e.kind == "pin_refused"]
    assert refused == ["(a name not on the roster, 4 characters)", "Ana"]
    # Not as a run of its own: the hashes' hex and the times' digits hold "4821" now and then (a CI run did).
    assert re.search(rb"(?<![0-9a-fA-F.])4821(?![0-9a-fA-F.])", path.read_bytes()) is None


def test_a_table_starts_on_a_journal_that_journal_recover_rebuilt(tmp_path, capsys, monkeypatch):
    """The table refused the recovered file: "entry seq 12 (correction) cannot be replayed: unknown table
    operation 'journal_continue'", so the documented way past a broken journal was a dead end."""
    import io
    import sqlite3

    from dealer_assist.cli import main

    path = tmp_path / "j.sqlite"
    session = TableSession(no_burn(), journal=Journal.open(path), odds=False)
    assert session.place(1, Bet.BANKER, D("10")) is None and session.deal() is None
    for code in ("9S", "KH"):
        session.enter_card(code)
    session.close()
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("DROP TRIGGER entries_append_only_update")
    conn.execute("UPDATE entries SET payload = replace(payload, '10.00', '90.00') WHERE kind = 'bet_placed'")
    conn.close()
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    for how in ("--continue", "--new"):
        if how == "--new":  # break it again, the other way
            conn = sqlite3.connect(str(path), isolation_level=None)
            conn.execute("DROP TRIGGER entries_append_only_update")
            conn.close()
        assert main(["journal", "recover", str(path), how, "--supervisor", "Ana", "--reason", "disk fault"]) == 0
        again = TableSession(no_burn(), journal=Journal.open(path), odds=False)
        assert again.enter_card("QD") is None  # it starts, and plays on
        again.close()


def test_an_empty_pin_is_no_try_toward_the_lockout(tmp_path):
    """QA: Enter in an empty PIN field counted as a wrong PIN: three of them locked the supervisor out."""
    now = [1000.0]
    session = TableSession(no_burn(), journal=Journal.open(tmp_path / "j.sqlite"), supervisors=_roster(now), odds=False)
    limits = {"max": {"tie": "100"}}
    for _ in range(5):
        assert "none was given" in session.set_limits(limits, "Ana", "", "high roller left")
    assert session.set_limits(limits, "Ana", "4821", "high roller left") is None
    kinds = [e.kind for e in session._journal.entries()]
    assert "pin_refused" not in kinds
    session.close()


def test_shift_v_opens_the_bets_again_after_deal_while_no_card_is_dealt(tmp_path):
    """QA: after D and before the first card, Undo, Clear, a chip and Shift+V were all refused, and no message
    said how to open the bets again."""
    path = tmp_path / "j.sqlite"
    session = TableSession(no_burn(), journal=Journal.open(path), odds=False)
    assert session.place(1, Bet.PLAYER, D("25")) is None and session.deal() is None
    assert "Shift+V opens them again" in session.undo()
    assert session.void_round(why="pressed D too soon") is None
    assert session.state.phase == TablePhase.BETTING and not session.state.betting.locked
    assert session.place(1, Bet.TIE, D("5")) is None and session.deal() is None
    for code in ("9S", "KH", "QD", "5C"):
        assert session.enter_card(code) is None
    stakes = [(line.bet.value, line.stake) for line in session.state.settlement.lines]
    assert stakes == [("player", D("25.00")), ("tie", D("5.00"))]
    session.close()
    again = TableSession(no_burn(), journal=Journal.open(path), odds=False)
    assert again.state.settlement == session.state.settlement
    again.close()
