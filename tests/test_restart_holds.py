"""A restart restores every wait the table had for a card missing before the next read.

Holds are not journaled as such: the restart rebuilds them from what opened and
ended them (a refusal, an unreadable card, Del, lost frames, a double feed, a card
typed, Esc on FRAMES LOST, a round's end).  Lost frames and a double feed were not
restored (stop 53's note): after a restart the next read went into the place of a
card the shoe had fed with another.
"""

from __future__ import annotations

import time

from hypothesis import HealthCheck, given, settings, strategies as st

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, DeviceError, SeqGap, Unreadable
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.holds import AFTER_A_DOUBLE_FEED, AFTER_A_GAP, AFTER_DROPPED
from dealer_assist.table.state import TablePhase, TableRules

SHOE = "serial:/dev/ttyUSB0"
CAMERA = "camera:0"
RULES = TableRules(shoe=ShoeRules(burn=False, decks=1))


def opened(path) -> TableSession:
    return TableSession(RULES, Journal.open(path), odds=False)


def reopened(s: TableSession, path) -> TableSession:
    s.close()
    return opened(path)


def read(s: TableSession, code: str, seq: int, source: str = SHOE, confidence: float = 1.0) -> None:
    s.handle(CardRead(parse_card(code), source, time.time(), confidence=confidence, seq=seq))


def double_fed(path) -> TableSession:
    """2S read, then the shoe reports two cards fed together (one of them read as 8H, the other not)."""
    s = opened(path)
    s.deal()
    read(s, "2S", 1)
    read(s, "8H", 2)
    s.handle(DeviceError(SHOE, time.time(), "DOUBLE_FEED", "two cards left together", seq=3))
    return s


def test_a_double_feed_still_holds_the_next_read_after_a_restart_and_its_alert_is_shown(tmp_path):
    again = reopened(double_fed(tmp_path / "t.sqlite"), tmp_path / "t.sqlite")
    assert any(a.title == "SHOE REPORTS DOUBLE_FEED" for a in again.snapshot.alerts)
    read(again, "5S", 4)
    assert again.snapshot.pending.card.code == "5S" and again.snapshot.pending.doubt == AFTER_A_DOUBLE_FEED
    assert again.enter_card("7D") is None  # a typed card does not end a double feed's wait
    assert again.snapshot.pending.doubt == AFTER_A_DOUBLE_FEED
    assert again.confirm_pending() is None
    assert [c.code for c in again.state.round.cards] == ["2S", "8H", "7D", "5S"]


def test_lost_frames_hold_after_a_restart_unless_the_croupier_acknowledged_them(tmp_path):
    for esc in (False, True):
        path = tmp_path / f"gap-{esc}.sqlite"
        s = opened(path)
        s.deal()
        read(s, "2S", 1)
        s.handle(SeqGap(SHOE, time.time(), missing=(2,)))
        if esc:
            s.dismiss("gap")
        again = reopened(s, path)
        assert any(a.title == "FRAMES LOST" for a in again.snapshot.alerts) is not esc
        read(again, "3S", 3)
        if esc:
            assert again.snapshot.pending is None and [c.code for c in again.state.round.cards] == ["2S", "3S"]
        else:
            assert again.snapshot.pending.doubt == AFTER_A_GAP


def held_after_lost_frames(path) -> TableSession:
    """2S read, a frame lost, then 3S read: held for the croupier."""
    s = opened(path)
    s.deal()
    read(s, "2S", 1)
    s.handle(SeqGap(SHOE, time.time(), missing=(2,)))
    read(s, "3S", 3)
    return s


def test_del_on_a_read_held_after_lost_frames_still_holds_until_enter_after_a_restart(tmp_path):
    """The dropped read waited behind the gap: one card typed after the restart must not end the wait."""
    path = tmp_path / "t.sqlite"
    s = held_after_lost_frames(path)
    s.reject_pending()
    again = reopened(s, path)
    assert again.enter_card("8H") is None
    read(again, "4S", 4)
    assert again.snapshot.pending.card.code == "4S" and again.snapshot.pending.doubt == AFTER_DROPPED


def double_fed_after_the_round(path) -> TableSession:
    """A round of four typed cards settled, then the shoe reports two cards fed together."""
    s = opened(path)
    s.deal()
    for code in ("9S", "2H", "TC", "3D"):
        assert s.enter_card(code) is None
    s.handle(DeviceError(SHOE, time.time(), "DOUBLE_FEED", "two cards left together", seq=1))
    return s


def test_a_double_feed_the_next_round_ended_holds_nothing_after_a_restart(tmp_path):
    path = tmp_path / "t.sqlite"
    s = double_fed_after_the_round(path)
    assert s.next_round() is None
    again = reopened(s, path)
    assert not any(a.title == "SHOE REPORTS DOUBLE_FEED" for a in again.snapshot.alerts)
    assert again.deal() is None
    read(again, "4C", 2)
    assert again.snapshot.pending is None and [c.code for c in again.state.round.cards] == ["4C"]


def test_dismissing_an_alert_is_journaled(tmp_path):
    path = tmp_path / "t.sqlite"
    s = double_fed(path)
    s.dismiss()
    s.close()
    with Journal.open(path, readonly=True) as journal:
        entries = [(e.kind, e.payload) for e in journal.entries() if e.kind.startswith("alert")]
    assert entries[-2][1]["source"] == SHOE and entries[-2][1]["action"]
    assert entries[-1] == ("alert_dismissed", {"codes": ["device:DOUBLE_FEED"], "game": "baccarat", "round": 1})


#: What can happen at a table, each one step of a script.
STEPS = ("sure", "unsure", "del", "enter", "type", "gap", "feed", "unreadable", "refused", "esc", "camera_unsure",
         "camera_sure", "doubted", "next", "restart")


def holds(s: TableSession) -> dict[str, str]:
    return {source: why for source, (why, _) in s._hold_of.items()}


def reads_left(s) -> list[tuple]:
    """The read waiting for the croupier and those behind it: card, source, frame, candidates."""
    snap = s.snapshot
    return [(r.card.code, r.source, r.seq, r.candidates) for r in ([snap.pending] if snap.pending else [])
            + list(snap.waiting)]


def restarted(s: TableSession, path, rules: TableRules) -> TableSession:
    """The table after a restart, checked: each source's next read waits as it did before, and the reads
    left waiting for the croupier wait again, in order, the first for the same reason."""
    live, left = holds(s), reads_left(s)
    doubt = s.snapshot.pending.doubt if s.snapshot.pending else None
    s.close()
    again = TableSession(rules, Journal.open(path), odds=False)
    assert holds(again) == live
    assert reads_left(again) == left
    if doubt:
        assert again.snapshot.pending.doubt == doubt
    return again


def play(s: TableSession, script: list[str], path, rules: TableRules) -> TableSession:
    """Play a script of steps; codes run down a one-deck shoe so no read is a copy too many, but "refused"."""
    deck = iter(["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H",
                 "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C",
                 "TS", "JS", "QS", "KS", "TH", "JH"])
    seq = 0
    for step in script:
        seq += 1
        if step in ("sure", "unsure", "camera_unsure", "camera_sure"):
            read(s, next(deck), seq, CAMERA if step.startswith("camera") else SHOE,
                 0.3 if step.endswith("unsure") else 1.0)
        elif step == "doubted":  # a read its source doubts itself (a frame count that went back)
            s.handle(CardRead(parse_card(next(deck)), SHOE, time.time(), confidence=0.0, seq=seq,
                              doubt="its frame number went back"))
        elif step == "refused":
            read(s, "2S", seq)  # the one-deck shoe's second 2S
        elif step == "del":
            s.reject_pending()
        elif step == "enter":
            s.confirm_pending()
        elif step == "type":
            s.enter_card(next(deck))
        elif step == "gap":
            s.handle(SeqGap(SHOE, time.time(), missing=(seq,)))
        elif step == "feed":
            s.handle(DeviceError(SHOE, time.time(), "DOUBLE_FEED", "two cards", seq=seq))
        elif step == "unreadable":
            s.handle(Unreadable(SHOE, time.time(), seq=seq))
        elif step == "esc":
            s.dismiss("gap")
        elif step == "next":
            s.next_round()
            s.deal()
        elif step == "restart":
            s = restarted(s, path, rules)
    return s


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(script=st.lists(st.sampled_from(STEPS), max_size=14), burn=st.booleans())
def test_a_restart_restores_the_holds_the_table_had(tmp_path_factory, script, burn):
    """Whatever happened, and however often the table restarted, a restart holds each source's next read
    as the table did (QA: a second restart played reads the first had named again)."""
    path = tmp_path_factory.mktemp("restart") / "t.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=burn, decks=1))
    s = TableSession(rules, Journal.open(path), odds=False)
    if not burn:
        s.deal()
    restarted(play(s, script, path, rules), path, rules).close()


def blackjack_refused_th(path=None):
    """Blackjack, round two: the reader reads TH, dealt from this deck already, so refused; and how to
    open the table again on its journal (``path``; none: no journal)."""
    from decimal import Decimal as D

    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.supervisor import SupervisorRoster

    roster = SupervisorRoster()
    roster.add("Ana", "4321")
    s = BlackjackSession(journal=path and Journal.open(path), roster=roster)
    s.place(1, D("25"))
    for code in ("TH", "7C", "KS"):
        s.enter_card(code)
    s.stand()
    s.enter_card("QH")
    s.next_round()
    s.place(1, D("25"))
    s.deal()
    read(s, "TH", 1)
    return s, lambda: BlackjackSession(journal=Journal.open(path), roster=roster)


def test_blackjack_a_refused_card_a_supervisor_let_in_holds_nothing_after_a_restart(tmp_path):
    s, reopen = blackjack_refused_th(tmp_path / "t.sqlite")
    assert s.accept_refused("Ana", "4321", "two decks mixed up") is None
    s.close()
    again = reopen()
    read(again, "5C", 2)
    assert again.snapshot.pending is None and [c.code for c in again.state.round.cards] == ["TH", "5C"]


def test_blackjack_a_double_feed_after_a_refusal_holds_until_enter_after_a_restart(tmp_path):
    s, reopen = blackjack_refused_th(tmp_path / "t.sqlite")
    s.handle(DeviceError(SHOE, time.time(), "DOUBLE_FEED", "two cards left together", seq=2))
    s.close()
    again = reopen()
    assert {a.title for a in again.snapshot.alerts} >= {"CARD 10♥ REFUSED", "SHOE REPORTS DOUBLE_FEED"}
    assert again.enter_card("9D") is None  # one card typed: a refusal's wait would end here
    read(again, "5C", 3)
    assert again.snapshot.pending.card.code == "5C" and again.snapshot.pending.doubt == AFTER_A_DOUBLE_FEED


def test_blackjack_a_card_refused_as_dealt_twice_still_waits_for_a_supervisor_after_a_restart(tmp_path):
    """QA: the restored alert offered the PIN, and the supervisor's accept found no card waiting."""
    s, reopen = blackjack_refused_th(tmp_path / "t.sqlite")
    s.close()
    again = reopen()
    assert again.snapshot.duplicate == parse_card("TH")
    assert again.accept_refused("Ana", "4321", "two decks mixed up") is None
    read(again, "5C", 2)
    assert again.snapshot.pending is None and [c.code for c in again.state.round.cards] == ["TH", "5C"]


def test_blackjack_a_supervisor_letting_a_refused_card_in_ends_its_wait_though_another_read_waits(tmp_path):
    """QA: with a camera's unsure read waiting, the restart brought the shoe's refusal wait back."""
    s, reopen = blackjack_refused_th(tmp_path / "t.sqlite")
    read(s, "5D", 2, CAMERA, confidence=0.3)
    assert s.accept_refused("Ana", "4321", "two decks mixed up") is None
    s.close()
    again = reopen()
    assert holds(again) == {} and reads_left(again) == [("5D", CAMERA, 2, ())]


def finished_shoe(path, rules) -> TableSession:
    """A one-deck shoe dealt to its end (the cut card out in the first round)."""
    s = TableSession(rules, Journal.open(path), odds=False)
    s.deal()
    assert s.cut_card() is None
    cards = iter(["9S", "9H", "TC", "TD", "9C", "9D", "TS", "TH", "8S", "8H", "JC", "JD", "8C", "8D", "JS", "JH"])
    while s.state.shoe.phase.name != "FINISHED":
        while s.state.phase is not TablePhase.SETTLED:
            assert s.enter_card(next(cards)) is None
        if s.state.shoe.phase.name != "FINISHED":
            assert s.next_round() is None and s.deal() is None
    return s


def test_a_card_refused_once_the_shoe_is_finished_holds_nothing_after_a_restart(tmp_path):
    path = tmp_path / "t.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=False, decks=1))
    s = finished_shoe(path, rules)
    read(s, "2S", 1)  # refused: no round follows
    assert holds(s) == {}
    assert holds(restarted(s, path, rules)) == {}


def test_a_finished_shoes_refusal_holds_nothing_after_a_void_reopens_its_round_and_a_restart(tmp_path):
    """The differential fuzzer's case: the restart held the next read behind a card refused at the finished
    shoe (live, it held nothing) once a void had reopened the last round."""
    path = tmp_path / "t.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=False, decks=1))
    s = finished_shoe(path, rules)
    read(s, "2S", 1)  # refused: no round follows
    assert s.void_last_card(why="misread") is None and s.state.shoe.phase.name != "FINISHED"
    assert holds(s) == {}
    assert holds(restarted(s, path, rules)) == {}


def test_a_wait_opened_before_the_shoe_finished_stays_after_a_restart(tmp_path):
    """The differential fuzzer's case: a double feed after the last round holds the next read live; the
    restart dropped every wait of a finished shoe."""
    path = tmp_path / "t.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=False, decks=1))
    s = finished_shoe(path, rules)
    s.handle(DeviceError(SHOE, time.time(), "DOUBLE_FEED", "two cards left together", seq=1))
    live = holds(s)
    assert live
    assert holds(restarted(s, path, rules)) == live


def test_a_wait_that_ended_shows_its_alert_at_no_later_restart(tmp_path):
    """QA: an alert left out at one restart (its wait had ended) came back at the next, beside a new wait."""
    path = tmp_path / "t.sqlite"
    s = held_after_lost_frames(path)
    assert "no card was missed" in s.confirm_pending()  # a first Enter with nothing typed asks
    assert s.confirm_pending() is None  # the gap's wait ends with the second; FRAMES LOST is still shown
    again = restarted(s, path, RULES)
    assert not any(a.title == "FRAMES LOST" for a in again.snapshot.alerts)
    again.handle(Unreadable(SHOE, time.time(), seq=4))
    later = restarted(again, path, RULES)
    assert {a.title for a in later.snapshot.alerts} == {"UNREADABLE CARD"}


def test_a_card_unreadable_before_the_first_operation_still_holds_after_a_restart(tmp_path):
    """QA: with nothing but the burn's first card unreadable, the restart restored nothing: the next read
    became the first burn card."""
    path = tmp_path / "t.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=True, decks=8))
    s = TableSession(rules, Journal.open(path), odds=False)
    s.handle(Unreadable(SHOE, time.time(), seq=1))
    again = restarted(s, path, rules)
    read(again, "3S", 2)
    assert again.snapshot.pending.card.code == "3S" and again.state.shoe.burned == ()


def test_a_dismissal_entry_without_codes_does_not_stop_a_restart(tmp_path):
    path = tmp_path / "t.sqlite"
    s = opened(path)
    s.deal()
    s.close()
    with Journal.open(path) as journal:
        journal.append("alert_dismissed", {"codes": None, "round": 1})
    assert holds(opened(path)) == {}


def test_a_camera_read_corrected_by_a_typed_card_is_answered_after_a_restart(tmp_path):
    """A camera gives its reads no frame number, so the card typed for its unsure read names none either:
    the restart took it for a card typed before a held read, left the read unanswered, and each later
    read stood for the one before it (QA: KH waited again after a restart and Enter dealt it twice)."""
    path = tmp_path / "t.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=False))
    s = TableSession(rules, Journal.open(path), odds=False)
    s.deal()
    s.handle(CardRead(parse_card("4C"), CAMERA, time.time(), confidence=0.4,
                      candidates=(parse_card("4C"), parse_card("4S"))))
    assert s.enter_card("4S") is None  # the croupier's correction
    for code in ("3D", "KH"):
        s.handle(CardRead(parse_card(code), CAMERA, time.time()))
    assert s.snapshot.pending is None
    s.close()
    again = TableSession(rules, Journal.open(path), odds=False)
    assert again.snapshot.pending is None and again.snapshot.waiting == () and holds(again) == {}
    assert [c.code for c in again.state.round.cards] == ["4S", "3D", "KH"]
    again.close()


def test_the_alert_of_a_wait_goes_when_no_read_waits_any_more_live_and_at_a_restart(tmp_path):
    """QA: UNREADABLE CARD still said "the next card read waits until you do" once the card was typed, and
    a restart dropped it: live kept an alert a restart did not."""
    path = tmp_path / "t.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=False))
    s = TableSession(rules, Journal.open(path), odds=False)
    s.deal()
    read(s, "2S", 1)
    s.handle(Unreadable(SHOE, time.time(), seq=2))
    assert "UNREADABLE CARD" in {a.title for a in s.snapshot.alerts} and holds(s)
    assert s.enter_card("9H") is None  # the card it could not read, typed in its place
    assert not holds(s) and "UNREADABLE CARD" not in {a.title for a in s.snapshot.alerts}
    s.close()
    again = TableSession(rules, Journal.open(path), odds=False)
    assert "UNREADABLE CARD" not in {a.title for a in again.snapshot.alerts} and not holds(again)
    again.close()


def test_a_double_feed_after_the_round_its_read_waiting_restarts_as_it_ran_past_the_next_round(tmp_path):
    """The differential fuzzer's case: a double feed after the round, its read waiting for the croupier,
    then the next round: a restart had dropped the alert at the round while live kept it.  Since rev36 R1 the
    next round ends the wait live too (the cards fed came after the round) and the read, which came before N, is
    held as a card after the round: a restart shows the same."""
    path = tmp_path / "t.sqlite"
    s = double_fed_after_the_round(path)
    read(s, "5C", 2)  # (3D, the old test's, is a second 3D of this one-deck shoe: refused)
    assert s.snapshot.pending.doubt == AFTER_A_DOUBLE_FEED
    assert s.next_round() is None
    live = sorted(a.title for a in s.snapshot.alerts)
    assert "SHOE REPORTS DOUBLE_FEED" not in live and "CARD 5♣ AFTER THE ROUND" in live
    assert s.snapshot.pending is None and [c.code for c in s.state.held] == ["5C"]
    again = reopened(s, path)
    assert sorted(a.title for a in again.snapshot.alerts) == live
    assert again.snapshot.pending is None and [c.code for c in again.state.held] == ["5C"]


def test_a_camera_read_corrected_by_a_card_typed_in_the_burn_does_not_wait_again_after_a_restart(tmp_path):
    """The differential fuzzer's case: the card typed for an unsure camera read in the burn answered it
    live; the restart took the typed burn card for one typed before the read and offered 4C again."""
    path = tmp_path / "t.sqlite"
    s = TableSession(TableRules(shoe=ShoeRules(burn=True, decks=1)), Journal.open(path), odds=False)
    s.handle(CardRead(parse_card("4C"), CAMERA, time.time(), confidence=0.5,
                      candidates=(parse_card("4C"), parse_card("4S"))))
    assert s.snapshot.pending.card.code == "4C"
    read(s, "9H", 1)
    assert s.enter_card("5S") is None
    assert s.snapshot.pending is None and not s.snapshot.waiting
    live = s.state
    s.close()
    again = TableSession(TableRules(shoe=ShoeRules(burn=True, decks=1)), Journal.open(path), odds=False)
    assert again.snapshot.pending is None and not again.snapshot.waiting
    assert again.state == live


def test_the_alert_of_a_wait_ended_by_enter_on_a_card_then_refused_is_not_shown_again_after_a_restart(tmp_path):
    """The differential fuzzer's case: Enter (the second, no card was missed) on the read held after lost
    frames ends that wait (live, FRAMES LOST goes), and the card is refused (a second 2S in one deck): only its own alert stands.
    The restart showed FRAMES LOST again, asking for a missing card no read waits for."""
    path = tmp_path / "t.sqlite"
    s = opened(path)
    s.deal()
    read(s, "2S", 1)
    s.handle(SeqGap(SHOE, time.time(), missing=(2,)))
    read(s, "2S", 3)
    assert s.snapshot.pending.doubt == AFTER_A_GAP
    assert "no card was missed" in s.confirm_pending()  # a first Enter with nothing typed asks
    assert "2♠" in s.confirm_pending() and s.snapshot.pending is None  # the second plays it: refused
    live = sorted(a.title for a in s.snapshot.alerts)
    assert "FRAMES LOST" not in live and any("REFUSED" in t for t in live)
    again = reopened(s, path)
    assert sorted(a.title for a in again.snapshot.alerts) == live


def test_a_typed_cards_refusal_is_shown_again_after_a_restart_until_something_settles_it(tmp_path):
    """QA: a typed card's CARD REFUSED (no read waits behind it) was not shown again after a restart."""
    path = tmp_path / "t.sqlite"
    s = opened(path)
    s.deal()
    assert s.enter_card("2S") is None
    assert s.enter_card("2S") is not None  # a second 2S in a one-deck shoe
    live = sorted(a.title for a in s.snapshot.alerts)
    assert any("REFUSED" in t for t in live)
    again = reopened(s, path)
    assert sorted(a.title for a in again.snapshot.alerts) == live
    again.dismiss()
    assert reopened(again, path).snapshot.alerts == ()


def test_a_restart_shows_the_alerts_in_the_order_they_were_raised(tmp_path):
    """The differential fuzzer: every seed's restart put the alerts of the waits after the others (a jam
    raised after lost frames came first), so the alert on top was not the one the croupier saw on top."""
    path = tmp_path / "t.sqlite"
    s = opened(path)
    s.deal()
    read(s, "2S", 1)
    s.handle(SeqGap(SHOE, time.time(), missing=(2,)))
    s.handle(DeviceError(SHOE, time.time(), "JAM", "card jammed", seq=3))
    s.handle(Unreadable(CAMERA, time.time()))
    live = [a.code for a in s.snapshot.alerts]
    assert live == ["gap", "device:JAM", "unreadable"]
    assert [a.code for a in reopened(s, path).snapshot.alerts] == live


def test_a_refused_correction_stays_shown_after_a_restart_when_the_next_read_is_played_as_it_came(tmp_path):
    """The differential fuzzer's case: a typed correction of an unsure read refused; the sure read behind it
    was then played as it came (no croupier's answer, so nothing settled live), yet the restart took that
    play for an answer and dropped CARD REFUSED."""
    path = tmp_path / "t.sqlite"
    s = opened(path)
    s.deal()
    assert s.enter_card("2S") is None
    read(s, "5C", None, source=CAMERA, confidence=0.3)
    read(s, "9H", 1)
    assert s.snapshot.pending.card.code == "5C" and [r.card.code for r in s.snapshot.waiting] == ["9H"]
    assert s.enter_card("2S") is not None  # the correction refused: a second 2S in one deck
    assert [c.code for c in s.state.round.cards] == ["2S", "9H"]  # 9H played as it came
    live = [a.title for a in s.snapshot.alerts]
    assert any("REFUSED" in t for t in live)
    assert [a.title for a in reopened(s, path).snapshot.alerts] == live
