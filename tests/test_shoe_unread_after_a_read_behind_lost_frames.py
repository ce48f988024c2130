"""A card the shoe could not read after a read that came behind lost frames is that read's successor's, not its own
(fixR51; found by fixR48's fuzzer, seed 24).

The shoe sent ``??`` (QD), 7C (held behind it), then frame 3 was lost (its card TD), 3S (waiting its turn), ``??``
(4D), 9D.  The lost frames' wait counted the second ``??`` as a card due before the next read, though 3S came before it:

* with Del on 7C (QD typed, 7C typed again), typing TD, the lost frame's card, was refused ("3♠ comes first ... the
  card the shoe left unplayed after it is not one of them"), and Enter played 3S before TD;
* with Enter on 7C, TD typed was taken for the ``??``'s card: Enter on 3S ended every wait, and 9D played in 4D's place.

Now TD goes where the lost frame was, 3S waits until Enter, 9D waits for 4D, and UNREADABLE CARD says which card comes
first: live, after a restart at each step, and in the replay.  Real bytes over a real pty to the reader (the rigs of
tests/test_shoe_read_queued_before_lost_frames.py); the last guard plays the session fuzzer's steps (its shoe frames
parsed by the real reader) with ``scripts/session_fuzz.py --ops``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.holds import AFTER_AN_UNREADABLE
from dealer_assist.table.session import TableSession
from polling import wait_for
from replayed_journals import replayed
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, RestartingBlackjackRig
from test_shoe_read_queued_before_a_later_wait import played
from test_shoe_read_queued_before_lost_frames import held
from test_shoe_read_queued_between_two_unread_cards import (THREE_SEATS, dealt_three_seats, snapshot_of, unread,
                                                             unreadable_words)
import test_shoe_missing_card_wait as missing_card

FUZZER = Path(__file__).resolve().parents[1] / "scripts" / "session_fuzz.py"
ORDER = ["QD", "7C", "TD", "3S", "4D", "9D"]  # the shoe's order: frames 1 to 6


def three_held_behind_the_lost_frame(session, dropped: bool) -> None:
    """3S is held, the card before the lost frame typed; UNREADABLE CARD says the lost frames' cards come first, then
    Enter plays 3S, then the card the shoe could not read after it."""
    snap = session.snapshot
    assert snap.pending is not None and snap.pending.card.code == "3S", snap.status_reason()
    assert snap.cards_due == 0 and session.cards_due("serial:shoe") == 1, snap.status_reason()
    text, action = unreadable_words(session)
    before = "a read was dropped (Del) and frames were lost before it" if dropped else "frames were lost before it"
    assert f"could not read 1 card after 3♠ (frame 5); {before} (FRAMES LOST)" in text, text
    assert "any card the lost frames held" in action, action
    assert action.endswith("first (K), then Enter plays 3♠, then type the one after it (K)"), action


def nine_held_for_the_unread_card(session) -> None:
    snap = session.snapshot
    assert snap.pending is not None and snap.pending.card.code == "9D", snap.status_reason()
    assert snap.pending.doubt == AFTER_AN_UNREADABLE and snap.cards_due == 1, snap.status_reason()


def seven_answered(session, dropped: bool) -> None:
    """QD typed for the first ??; then 7C played by Enter, or dropped (Del) and typed again."""
    assert session.enter_card("QD") is None
    if dropped:
        session.reject_pending()
        assert session.snapshot.pending.card.code == "3S", session.snapshot.status_reason()
        assert session.enter_card("7C") is None
    else:
        assert session.confirm_pending() is None
    assert played(session) == ORDER[:2], session.snapshot.status_reason()


def blackjack_unread_around_a_lost_frame(rig) -> None:
    """Three seats bet and dealt; the shoe's ??, 7C (held), frame 3 lost, 3S, ??, 9D."""
    s = rig.session
    dealt_three_seats(rig)
    rig.send("CARD", "??")
    rig.cards("7C")
    assert held(s, "7C")
    rig.seq += 1  # frame 3 lost
    rig.cards("3S")
    rig.send("CARD", "??")
    rig.cards("9D")
    assert unread(rig.journal, 2)
    assert wait_for(lambda: [e.card.code for e in s.snapshot.waiting] == ["3S", "9D"])


def play_on(rig, session_now, dropped: bool, restart: bool) -> None:
    """From the first ??'s card typed to 9D played, restarting the table at each step if ``restart``."""
    s = session_now()
    seven_answered(s, dropped)
    three_held_behind_the_lost_frame(s, dropped)
    if restart:
        rig.restart()
        s = session_now()
        three_held_behind_the_lost_frame(s, dropped)
    assert s.enter_card("10D") is None, s.snapshot.status_reason()  # the lost frame's card: before 3S
    assert played(s) == ORDER[:3] and s.snapshot.pending.card.code == "3S", s.snapshot.status_reason()
    if restart:
        rig.restart()
        s = session_now()
        assert s.snapshot.pending.card.code == "3S" and s.snapshot.cards_due == 0, s.snapshot.status_reason()
    assert s.confirm_pending() is None
    assert played(s) == ORDER[:4], s.snapshot.status_reason()
    nine_held_for_the_unread_card(s)
    if restart:
        rig.restart()
        s = session_now()
        nine_held_for_the_unread_card(s)
    assert s.enter_card("4D") is None and s.confirm_pending() is None
    assert played(s) == ORDER, s.snapshot.status_reason()


@pytest.mark.parametrize("dropped", [True, False], ids=["Del on 7C", "Enter on 7C"])
@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_lost_frame_card_typed_before_the_read_after_it(tmp_path, restart, dropped):
    rig = RestartingBlackjackRig(tmp_path, THREE_SEATS)
    try:
        blackjack_unread_around_a_lost_frame(rig)
        if restart:
            rig.restart()
        play_on(rig, lambda: rig.session, dropped, restart)
    finally:
        rig.close()
    assert played(replayed(rig.journal, BlackjackSession(rig.rules))) == ORDER


@pytest.mark.parametrize("dropped", [True, False], ids=["Del on 7C", "Enter on 7C"])
@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_lost_frame_card_typed_before_the_read_after_it(tmp_path, restart, dropped):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "7C"))
        assert rig.waits("7C")
        rig.send(frame("CARD", 4, "3S"), frame("CARD", 5, "??"), frame("CARD", 6, "9D"))  # frame 3 lost
        assert unread(rig.path, 2)
        assert wait_for(lambda: [e.card.code for e in rig.session.snapshot.waiting] == ["3S", "9D"])
        if restart:
            rig.restart()
        play_on(rig, lambda: rig.session, dropped, restart)  # P1 QD, B1 7C, P2 TD, B2 3S, P3 4D, B3 9D
    finally:
        rig.close()
    assert played(replayed(rig.path, TableSession(rig.rules, odds=False))) == ORDER


@pytest.mark.parametrize("dropped", [True, False], ids=["Del on 7C", "Enter on 7C"])
@pytest.mark.parametrize("stop", ["3S held", "TD typed", "9D held"])
def test_replay_shows_the_read_behind_the_lost_frame_as_live(tmp_path, dropped, stop):
    rig = RestartingBlackjackRig(tmp_path, THREE_SEATS)
    try:
        blackjack_unread_around_a_lost_frame(rig)
        s = rig.session
        seven_answered(s, dropped)
        if stop != "3S held":
            assert s.enter_card("10D") is None
        if stop == "9D held":
            assert s.confirm_pending() is None and played(s) == ORDER[:4]
        live = snapshot_of(s)
        assert any(code == "unreadable" and "1 card after 3♠ (frame 5)" in text for code, text in live[3]), live
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(rig.rules))
    assert snapshot_of(replay) == live, replay.snapshot.status_reason()


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_unread_card_after_a_read_behind_a_double_feed_is_told_last(tmp_path, restart):
    """A DOUBLE_FEED in place of the lost frame (its two cards TD, JS): the order was right on main, but UNREADABLE CARD
    still told of the card before 7C and the one after it, "type it (K), then Enter plays 7♣", with 7C played."""
    rig = RestartingBlackjackRig(tmp_path, THREE_SEATS)
    order = ["QD", "7C", "TD", "JS", "3S", "4D", "9D"]
    try:
        s = rig.session
        dealt_three_seats(rig)
        rig.send("CARD", "??")
        rig.cards("7C")
        assert held(s, "7C")
        rig.send("ERR", "DOUBLE_FEED", "two cards left together")
        rig.cards("3S")
        rig.send("CARD", "??")
        rig.cards("9D")
        assert unread(rig.journal, 2)
        assert wait_for(lambda: [e.card.code for e in s.snapshot.waiting] == ["3S", "9D"])
        assert s.enter_card("QD") is None and s.confirm_pending() is None
        for step in range(2):
            if restart:
                s = rig.restart()
            assert s.snapshot.pending.card.code == "3S", s.snapshot.status_reason()
            text, action = unreadable_words(s)
            assert "could not read 1 card after 3♠ (frame 5); two cards left the shoe together before it" in text, text
            assert action == ("type the cards missing before 3♠ (K), any of the two not read among them, then Enter "
                              "plays 3♠, then type the one after it (K)"), action
            if step == 0:
                assert s.enter_card("10D") is None and s.enter_card("JS") is None
        assert played(s) == order[:4] and s.confirm_pending() is None
        nine_held_for_the_unread_card(s)
        if restart:
            s = rig.restart()
            nine_held_for_the_unread_card(s)
        assert s.enter_card("4D") is None and s.confirm_pending() is None
        assert played(s) == order, s.snapshot.status_reason()
        live = snapshot_of(s)
    finally:
        rig.close()
    assert snapshot_of(replayed(rig.journal, BlackjackSession(rig.rules))) == live


def test_baccarat_read_refused_behind_lost_frames_still_comes_before_the_read_after_it(tmp_path):
    """A guard (this branch's first version, the session fuzzer's baccarat seed 750): the round dealt, frame 5 lost, TD
    held behind it, TD again (a second 10♦ in one deck), frames 8 and 9 lost, 8D.  Enter on the first TD refuses the
    second as a card after the round; its place, frame 7, came before 8D: 8D still waits for the card dealt there (its
    first version took that card for one after 8D and let Enter play 8D in its place), as on main."""
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), *(frame("CARD", n, code) for n, code in enumerate(["TC", "4C", "8C", "2S"], 1)))
        assert wait_for(lambda: rig.played() == ["TC", "4C", "8C", "2S"])
        rig.send(frame("CARD", 6, "TD"), frame("CARD", 7, "TD"), frame("CARD", 10, "8D"))  # frames 5, 8, 9 lost
        assert rig.waits("TD")
        assert wait_for(lambda: [e.card.code for e in rig.session.snapshot.waiting] == ["TD", "8D"])
        assert "press Enter again" in rig.session.confirm_pending()  # FRAMES LOST asks first
        assert "after the round" in rig.session.confirm_pending()  # the first TD, then the second: held aside
        assert rig.waits("8D")
        assert rig.session.snapshot.cards_due == 1, rig.session.snapshot.status_reason()
        assert "press Enter again" in rig.session.confirm_pending()
        refused = rig.session.confirm_pending()
        assert refused is not None and "then Enter plays 8♦" in refused, refused
        assert rig.session.snapshot.pending.card.code == "8D"
        live = snapshot_of(rig.session)
    finally:
        rig.close()
    assert snapshot_of(replayed(rig.path, TableSession(rig.rules, odds=False)))[1:] == live[1:]


def test_blackjack_read_taken_after_a_refusal_behind_lost_frames_replays_as_live():
    """A guard (this branch's second version, the session fuzzer's blackjack seed 59 without a burn, shrunk): ??, J♠
    held, J♠ again, the deal, A♠ typed, a frame lost and 4D, ??, 7D typed, Enter on J♠ (the second J♠ refused after
    the round), Enter on 4D.  4D, taken right after that refusal, waits for every card counted, as on main and in the
    replay (that version split off the ?? after it, and the replay kept neither FRAMES LOST nor UNREADABLE CARD up)."""
    steps = [("??", None), ("card", "JS"), ("card", "JS"), ("deal", None), ("type", "AS"), ("gap", 1), ("??", None),
             ("type", "7D"), ("enter", None), ("enter", None)]
    out = subprocess.run([sys.executable, str(FUZZER), "bj", "--no-burn", "--ops", repr(steps)], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0 and "end: ('4D'" in out.stdout, out.stdout + out.stderr
    assert "PROBLEM" not in out.stdout, out.stdout
