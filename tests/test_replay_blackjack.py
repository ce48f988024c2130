"""`dealer-assist replay` on a blackjack journal: the blackjack display steps through the rounds a real table recorded."""

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from decimal import Decimal as D
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from blackjack_rounds import split_and_double_seed
from dealer_assist.blackjack import HouseRules
from dealer_assist.cli import main
from dealer_assist.sources.base import SourceError
from dealer_assist.sources.factory import open_source
from dealer_assist.sources.replay import read_journal
from dealer_assist.sources.virtual import VirtualShoe
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules, rules_from_record
from dealer_assist.table.journal import Journal
from dealer_assist.table.rules_record import rules_record

RULES = BlackjackTableRules(seats=3)
ROOT = Path(__file__).resolve().parent.parent


def play_calls(session, shoe):
    """Deal from the shoe and make the players' calls (seat 1 splits, seat 2 doubles, hit to 17) to the end."""
    calls = []
    while session.state.phase == BlackjackPhase.PLAYING:
        while session.card_due():
            assert shoe.deal_one() is not None
        allowed = session.snapshot.allowed
        if session.state.phase != BlackjackPhase.PLAYING or not allowed:
            continue
        seat, index = session.state.active
        hand = session.state.round.seat_hands(session.state.round_seat(seat))[index]
        call = ("split" if "split" in allowed and seat == 1 else "double" if "double" in allowed and seat == 2
                else "hit" if hand.total < 17 else "stand")
        assert session.act(call) is None
        calls.append((seat, call))
    return calls


@pytest.fixture
def recorded(tmp_path):
    """A real blackjack table's journal: round 1 (a split and a double) settled, round 2 (seats 1 and 3) mid-deal
    with a card voided and dealt again.  Returns the path and the recording table's last state."""
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(RULES, Journal.open(path))
    shoe = VirtualShoe(decks=1, seed=split_and_double_seed(), interval=3600, demand=session.card_due)
    shoe.start(session.handle)
    try:
        assert session.place(1, D("25")) is None and session.place(2, D("10")) is None
        assert session.deal() is None
        assert {(1, "split"), (2, "double")} <= set(play_calls(session, shoe))
        assert session.next_round() is None
        assert session.place(1, D("5")) is None and session.place(3, D("10")) is None
        assert session.deal() is None
        for _ in range(4):
            shoe.deal_one()
        assert session.void_last(why="misread by the reader") is None
        shoe.deal_one()  # the card really dealt to seat 1
        assert session.state.round.cards and session.state.phase == BlackjackPhase.PLAYING
        last = session.state
    finally:
        shoe.stop()
        session.close()
    return path, last


def entries(path, kind):
    with Journal.open(path, readonly=True) as journal:
        return [e.payload for e in journal.entries() if e.kind == kind]


def codes(cards):
    return " ".join(c.code for c in cards)


@pytest.fixture
def replay(recorded, show_window):
    """The replay's table and window, stepped by the test (the pacing thread is not started)."""
    from dealer_assist.ui.blackjack.app import open_blackjack_replay

    path, _ = recorded
    table = open_blackjack_replay(read_journal(path), interval=3600, start=False)
    show_window(table.window)
    table.source.set_sink(table.session.handle)
    yield table
    table.close()


def synced(qtbot, window, session):
    qtbot.waitUntil(lambda: window.rendered is not None and window.rendered.version == session.snapshot.version,
                    timeout=2000)
    window.table.repaint()
    assert window.table.painted_version == session.snapshot.version


def test_the_replay_shows_the_cards_decisions_and_settlement_of_each_round(qtbot, recorded, replay):
    path, last = recorded
    session, source, window = replay.session, replay.source, replay.window
    assert session.state.rules.seats == 3  # the seats the journal recorded, not the default 7
    synced(qtbot, window, session)
    assert window.banner.title.text() == "PLACE YOUR BETS" and window.table.drawn["DEALER"] == ("", "")

    while session.state.settlement is None:  # round 1, one recorded operation at a time
        assert source.step() is not None
    synced(qtbot, window, session)
    [outcome], [settlement] = entries(path, "outcome"), entries(path, "settlement")
    assert window.banner.title.text() == outcome["prompt"]
    dealer = outcome["dealer"]
    assert window.table.drawn["DEALER"][0] == " ".join(dealer["cards"])
    assert ("BLACKJACK" if dealer["blackjack"] else str(dealer["total"])) in window.table.drawn["DEALER"][1]
    bets = {(b["seat"], b["hand"]): b for b in settlement["bets"]}
    badge = {"win": "WIN +{pays}", "lose": "LOSE {stake}", "push": "PUSH"}
    for seat in outcome["seats"]:
        drawn = window.table.drawn[f"SEAT {seat['seat']}"]
        assert [d[0] for d in drawn] == [" ".join(h["cards"]) for h in seat["hands"]]
        for index, (hand, (_, label, result)) in enumerate(zip(seat["hands"], drawn)):
            assert str(hand["total"]) in label and ("x2" in label) == hand["doubled"]
            assert result == badge[bets[seat["seat"], index]["result"]].format(**bets[seat["seat"], index])
    assert len(window.table.drawn["SEAT 1"]) == 2  # the split is shown as two hands
    call = {"win": "PAY {pays}", "lose": "TAKE", "push": "PUSH"}
    assert window.settlement.lines == [
        f"SEAT {b['seat']}" + (f" hand {b['hand'] + 1}" if b["seat"] == 1 else "")
        + f": {b['stake']} {b['result']} " + call[b["result"]].format(**b) for b in settlement["bets"]]
    assert f"paid {settlement['totals']['paid']}" in window.settlement.totals.text()

    assert source.step()["op"] == "next_round"
    synced(qtbot, window, session)
    assert window.banner.title.text() == "PLACE YOUR BETS" and window.settlement.title.text() == "ROUND 2: BETS"

    while source.step() is not None:  # round 2 to the end of the record: the void is replayed too
        pass
    synced(qtbot, window, session)
    state = session.state
    assert state.round.cards == last.round.cards and state.bets == last.bets
    assert window.table.drawn["DEALER"][0] == codes(last.round.dealer.cards)
    for seat in (1, 3):
        hands = last.round.seat_hands(last.round_seat(seat))
        assert [d[0] for d in window.table.drawn[f"SEAT {seat}"]] == [codes(h.cards) for h in hands]
    assert "SEAT 2" not in window.table.drawn  # no bet on seat 2 in round 2: it was not dealt in
    assert window.banner.title.text() == session.snapshot.banner != ""
    assert not any(a.code == "replay" for a in session.snapshot.alerts)  # the record matched all the way
    [finished] = [a for a in session.snapshot.alerts if a.title == "REPLAY FINISHED"]
    assert f"all {len(source.ops)} recorded operations replayed" in finished.text
    assert window.banner.reason.text().startswith("REPLAY FINISHED")
    assert "goes on by itself" not in window.banner.reason.text()
    assert session._journal is None


def test_t_is_the_replays_turbo_key_as_at_the_baccarat_replay(qtbot, replay):
    window, source = replay.window, replay.source
    assert "3600 s" in window.replay_status.text()
    assert window.actions_by_name["return_stub"].shortcuts() == []  # the record counts the stub, not the croupier
    qtbot.keyClick(window, Qt.Key.Key_T)
    assert source.interval == 0.05 and "fast" in window.replay_status.text()
    qtbot.keyClick(window, Qt.Key.Key_T)
    assert source.interval == 3600 and "3600 s" in window.replay_status.text()


def test_the_replay_command_plays_the_journal_and_writes_nothing(recorded, tmp_path):
    path, _ = recorded
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    files = sorted(p.name for p in path.parent.iterdir())
    with Journal.open(path, readonly=True) as journal:
        entries_before = len(journal)
    shot = tmp_path / "shot.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_DATA_HOME": str(tmp_path / "data"),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "replay", str(path), "--interval", "0.01",
                           "--quit-after", "2", "--screenshot", str(shot), "--json"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    start, end = (json.loads(line) for line in proc.stdout.splitlines())
    ops = sum(1 for e in entries(path, "card_assigned") + entries(path, "action") if isinstance(e.get("op"), str))
    assert start["game"] == "blackjack" and start["operations"] > ops and end["code"] == 0
    # the blackjack window's 1600x900 within the offscreen screen's 800x800, no narrower than its least 960
    assert (QImage(str(shot)).width(), QImage(str(shot)).height()) == (960, 800)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    # nothing is written beside the file either: no -wal, no -shm (the journal is read as immutable)
    assert sorted(p.name for p in path.parent.iterdir() if p.name != "shot.png") == files
    with Journal.open(path, readonly=True) as journal:
        assert journal.verify().ok and len(journal) == entries_before
    assert not (tmp_path / "data").exists()  # no journal of its own in the user's data folder


def refused(capsys, *argv):
    code = main(["replay", *map(str, argv)])
    err = capsys.readouterr().err
    assert code == 2, err
    return err


def test_a_journal_that_cannot_be_replayed_is_refused_with_the_reason(tmp_path, capsys):
    missing = tmp_path / "nope.sqlite"
    assert f"journal {missing} does not exist" in refused(capsys, missing)
    text = tmp_path / "notes.txt"
    text.write_text("round 1: banker\n")
    assert "not a dealer-assist journal" in refused(capsys, text)
    empty_file = tmp_path / "empty.sqlite"
    empty_file.touch()
    assert "empty file" in refused(capsys, empty_file)
    unplayed = tmp_path / "unplayed.sqlite"
    BlackjackSession(RULES, Journal.open(unplayed)).close()  # a table opened and closed: no bet, no card
    assert "holds no table operations to replay" in refused(capsys, unplayed)
    newer = tmp_path / "newer.sqlite"
    BlackjackSession(RULES, Journal.open(newer)).close()
    conn = sqlite3.connect(newer, isolation_level=None)
    conn.execute("UPDATE meta SET value = '2' WHERE key = 'version'")
    conn.close()
    err = refused(capsys, newer)
    assert "format version '2'" in err and "matching dealer-assist" in err


def test_a_config_with_other_rules_is_refused_before_the_window(recorded, tmp_path, capsys):
    path, _ = recorded
    config = tmp_path / "table.toml"
    config.write_text("[blackjack]\nseats = 5\n")
    err = refused(capsys, path, "--config", config)
    assert "seats: recorded 3, now 5" in err and "without --config" in err


def test_a_baccarat_table_does_not_take_a_blackjack_record(recorded):
    path, _ = recorded
    with pytest.raises(SourceError, match="is a blackjack journal and this is a baccarat table"):
        open_source(f"replay:{path}", lambda: True, game="baccarat")
    assert open_source(f"replay:{path}", lambda: True, game="blackjack").game == "blackjack"


def test_the_recorded_rules_read_back_to_the_same_rules():
    for rules in (BlackjackTableRules(), BlackjackTableRules(
            house=HouseRules(decks=2, hits_soft_17=True, double_totals=frozenset({10, 11}), blackjack_pays=D("1.2")),
            seats=4, min_bet=D("10.00"), max_bet=D("250.50"), chips=(D("2.5"), D("10")))):
        assert rules_from_record(rules_record(rules)) == rules


def test_the_pace_keeps_a_settled_round_on_screen_and_counts_the_deck_back_quickly(tmp_path):
    from dealer_assist.sources.replay import pause_after

    path = tmp_path / "check.sqlite"
    session = BlackjackSession(RULES, Journal.open(path))
    shoe = VirtualShoe(decks=1, seed=3, interval=3600, demand=session.card_due)
    shoe.start(session.handle)
    try:
        session.place(1, D("5"))
        session.deal()
        play_calls(session, shoe)
        dealt = session.state.ledger.dealt
        assert session.start_deck_check() is None and session.return_stub() is None
        assert all(session.enter_card(card.code) is None for card in dealt)
    finally:
        shoe.stop()
        session.close()
    ops = read_journal(path).ops
    pauses = [pause_after(op, following) for op, following in zip(ops, ops[1:] + (None,))]
    cards = [(op, pause) for op, pause in zip(ops, pauses) if op["op"] == "card"]
    assert len(cards) == 2 * len(dealt)
    in_round, counted = cards[:len(dealt)], cards[len(dealt):]
    assert max(pause for _, pause in counted) < min(pause for _, pause in in_round)
    settling = [op["op"] for op in ops].index("deck_check") - 1  # the card that settled the round
    assert pauses[settling] > max(pause for _, pause in in_round[:-1])


def test_a_long_journal_name_clips_the_replay_line_but_not_the_window(recorded, show_window, qtbot, tmp_path):
    """A journal kept under a long name must not push the window past the table's screen: the line clips, and its
    whole text (name and keys) is on hover."""
    from dealer_assist.ui.blackjack.app import open_blackjack_replay

    path, _ = recorded
    long_path = tmp_path / ("table-7-evening-shift-" * 8 + "journal.sqlite")
    long_path.write_bytes(path.read_bytes())
    table = open_blackjack_replay(read_journal(long_path), interval=3600, start=False)
    try:
        window = show_window(table.window)
        qtbot.wait(50)
        assert window.width() == 1280
        status = window.replay_status
        assert long_path.name in status.toolTip() and "Space: pause" in status.toolTip()
        assert status.fontMetrics().horizontalAdvance(status.text()) > status.width()  # really clipped
    finally:
        table.close()


def gold_pixels(window, seat):
    """Pixels of the seat's box in the cursor's gold (its dashed outline and "+ or click to bet")."""
    from dealer_assist.ui import theme

    image = window.table.grab().toImage()
    rect = window.table.seat_rect(seat).toRect()
    ratio = image.devicePixelRatio()
    gold = theme.GOLD.getRgb()[:3]
    colours = (image.pixelColor(int(x * ratio), int(y * ratio)).getRgb()[:3]
               for x in range(rect.left(), rect.right(), 2) for y in range(rect.top(), rect.bottom(), 2))
    return sum(1 for colour in colours if all(abs(c - g) < 24 for c, g in zip(colour, gold)))


def test_the_replay_invites_no_bet_at_the_cursor(qtbot, replay, show_window):
    """qaM L9: the read-only replay's seat at the cursor said "+ or click to bet" in the cursor's gold
    outline, though a replay refuses every bet.  A live table's empty seat at the cursor still does."""
    session, window = replay.session, replay.window
    synced(qtbot, window, session)
    assert session.state.phase == BlackjackPhase.BETTING and not session.state.bets
    assert window.table.cursor == 1 and gold_pixels(window, 1) == 0
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    live = BlackjackSession(session.state.rules)
    other = show_window(BlackjackWindow(live, None))
    synced(qtbot, other, live)
    assert other.table.cursor == 1 and gold_pixels(other, 1) > 20 and gold_pixels(other, 2) == 0
    other.close()


def test_a_baccarat_tables_config_does_not_stop_the_replay_of_a_blackjack_journal(recorded, tmp_path):
    """rev24 E4: a replay takes its game and rules from the journal, so the baccarat settings of the pit's file
    ([table] seats, [limits] max_payout) are no reason to refuse it, as they are for a blackjack table opened."""
    path, _ = recorded
    config = tmp_path / "baccarat.toml"
    config.write_text('game = "baccarat"\n[table]\nseats = 7\n[limits]\nmax_payout = "20000"\n')
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_DATA_HOME": str(tmp_path / "data"),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "replay", str(path), "--config", str(config),
                           "--quit-after", "0", "--json"], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[0])["game"] == "blackjack"
    assert "[blackjack]" not in proc.stderr  # neither refused nor warned about: the replay does not use them
