"""A layout camera told where the hands' boxes lie places a card turned out of draw order in its hand (qaU F2).

Baccarat's cards are dealt face down and turned up by the players, the Player's two often before the Banker's.
Read in the order the camera read them, the Player's second card went to the Banker's first place with no word,
and the round was settled on the wrong hands.  With a zones file (``camera:SRC?profile=...&zones=FILE``) each
card is given the box it comes to rest in, and the round gives it its hand's next place.
"""

from __future__ import annotations

import json
import math
import time

import cv2
import pytest

from camera_runs import run_to_end
from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead
from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.base import SourceError
from dealer_assist.sources.factory import open_source
from dealer_assist.sources.resting_zone import RestingZones
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from dealer_assist.vision.layout_zones import LayoutZones, ZonesError
from sliding_deal import SLOTS, sliding_deal

#: The Player's box on the left half of the layout, the Banker's on the right; the shoe (top right) in neither.
ZONES = {"zones": {"player": [0.0, 0.4, 0.5, 1.0], "banker": [0.5, 0.4, 1.0, 1.0]}}
#: Turned up in this order: both Player cards (left), then both Banker cards (right).
TURNED = ("9S", "KD", "4H", "2C")
PLACES = (SLOTS[0], SLOTS[2], SLOTS[1], SLOTS[3])
RULES = TableRules(shoe=ShoeRules(burn=False))


def played(tmp_path, zones: bool) -> TableSession:
    frames = sliding_deal(tmp_path / "frames", TURNED, PLACES)
    spec = f"camera:{frames}?profile=anglo"
    if zones:
        (tmp_path / "zones.json").write_text(json.dumps(ZONES))
        spec += f"&zones={tmp_path / 'zones.json'}"
    session = dealt(tmp_path / "j.sqlite")
    reads: list[CardRead] = []
    run_to_end(open_source(spec, lambda: True), lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    assert [r.card.code for r in reads] == list(TURNED)
    for read in reads:
        session.handle(read)
    return session


def codes(cards) -> list[str]:
    return [c.code for c in cards]


def dealt(path) -> TableSession:
    """A baccarat table on a new journal at ``path``, the bets closed (D): the round's cards are due."""
    session = TableSession(RULES, Journal.open(path), odds=False)
    session.deal()
    return session


def read(session, code: str, seq: int, zone: str) -> None:
    """A zoned camera's sure read of ``code`` in the box ``zone``."""
    session.handle(CardRead(parse_card(code), "camera:x", time.time(), seq=seq, zone=zone))


def test_cards_turned_player_first_go_to_the_boxes_they_lie_in(tmp_path):
    session = played(tmp_path, zones=True)
    rnd = session.state.round
    assert codes(rnd.player_cards) == ["9S", "KD"] and codes(rnd.banker_cards) == ["4H", "2C"]
    record = session.state.history[-1]
    assert record.outcome.player_total == 9 and record.outcome.banker_total == 6
    assert record.outcome.winner == "player"
    session.close()
    # A restart reads the journal's cards with their zones: the same hands.
    again = TableSession(RULES, Journal.open(tmp_path / "j.sqlite"), odds=False)
    assert again.state.history[-1].outcome == record.outcome
    again.close()


def test_without_zones_the_same_deal_is_played_in_the_order_read(tmp_path):
    # What the zones are for: read in draw order, the Player's second card is taken for the Banker's first.
    rnd = played(tmp_path, zones=False).state.round
    assert codes(rnd.player_cards) == ["9S", "4H"] and codes(rnd.banker_cards) == ["KD", "2C"]


def test_a_card_read_sliding_across_the_other_box_takes_the_box_it_rests_in():
    zones = LayoutZones.from_json(ZONES)
    made: list = []
    resting = RestingZones(zones)
    # Read as it slides over the Banker's box towards the Player's, then at rest there.
    assert resting.card("9S", (900.0, 500.0), 300.0, lambda z: made.append(z) or z) == []
    assert resting.frame((1280, 720), [("9S", (700.0, 480.0))]) == []
    assert resting.other("the next event") == []  # it waits behind the card
    assert resting.frame((1280, 720), [("9S", (400.0, 470.0))]) == []
    assert resting.frame((1280, 720), [("9S", (402.0, 470.0))]) == []
    assert resting.frame((1280, 720), [("9S", (401.0, 470.0))]) == ["player", "the next event"]


def test_a_card_slid_slowly_across_the_other_box_is_not_taken_at_rest_there():
    """rev19 R8: slid 10 px a frame (less than the still step between two frames), a 9♠ dealt to the Banker
    was taken at rest as it crossed the Player's box; pushed about past two seconds it goes out with no box."""
    resting = RestingZones(LayoutZones.from_json(ZONES))
    assert resting.card("9S", (400.0, 500.0), 300.0, lambda z: z) == []
    out = []
    for x in range(410, 910, 10):  # slid from the Player's box into the Banker's, then at rest
        out += resting.frame((1280, 720), [("9S", (float(x), 500.0))])
    for _ in range(3):
        out += resting.frame((1280, 720), [("9S", (900.0, 500.0))])
    assert out == ["banker"]
    assert resting.card("4H", (300.0, 500.0), 300.0, lambda z: z) == []
    out = []
    for k in range(1, 70):  # pushed round and round for longer than two seconds of frames
        out += resting.frame((1280, 720), [("4H", (300.0 + 100 * math.cos(k / 3), 500.0 + 100 * math.sin(k / 3)))])
    assert out == [None]  # no box: the croupier says whose it is


def test_a_held_card_unseen_a_frame_is_not_the_placed_card_of_its_code_in_the_other_box():
    """rev19 R12: the Banker's 7♥ sliding in, hidden one frame, jumped to the Player's 7♥ lying still and took
    the Player's box (an 8-deck shoe deals a pair of one code across the hands often)."""
    resting = RestingZones(LayoutZones.from_json(ZONES))
    assert resting.card("7H", (400.0, 500.0), 300.0, lambda z: z) == []
    out = []
    for _ in range(3):
        out += resting.frame((1280, 720), [("7H", (400.0, 500.0))])
    assert out == ["player"]
    assert resting.card("7H", (950.0, 500.0), 300.0, lambda z: z) == []
    out = resting.frame((1280, 720), [("7H", (400.0, 500.0))])  # the Banker's hidden a frame: only the Player's
    out += resting.frame((1280, 720), [("7H", (400.0, 500.0)), ("7H", (920.0, 500.0))])
    for _ in range(3):
        out += resting.frame((1280, 720), [("7H", (400.0, 500.0)), ("7H", (900.0, 500.0))])
    assert out == ["banker"]


def test_a_card_covered_where_it_lay_is_given_that_box():
    resting = RestingZones(LayoutZones.from_json(ZONES))
    assert resting.card("4H", (900.0, 500.0), 300.0, lambda z: z) == []
    for _ in range(4):
        assert resting.frame((1280, 720), []) == []  # a hand over it
    assert resting.frame((1280, 720), []) == ["banker"]


@pytest.mark.parametrize("data, says", [
    ({"zones": {"player": [0, 0, 0.6, 1], "banker": [0.5, 0, 1, 1]}}, "overlap"),
    ({"zones": {"punter": [0, 0, 0.5, 1]}}, "unknown zone 'punter'"),
    ({"zones": {"player": [0, 0, 50, 1]}}, "each number from 0 to 1"),
    ({"zones": {"player": "left"}}, "not four numbers"),
    ({"player": [0, 0, 0.5, 1]}, "no \"zones\" object"),
])
def test_a_bad_zones_file_is_refused_by_name_before_the_table_opens(tmp_path, data, says):
    path = tmp_path / "zones.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ZonesError, match=says):
        LayoutZones.load(path)
    with pytest.raises(SourceError, match=f"zones file {path}"):
        open_source(f"camera:{tmp_path}?profile=anglo&zones={path}", lambda: True)


def test_a_zone_naming_a_seat_and_a_missing_file():
    zones = LayoutZones.from_json({"zones": {"Seat  3": [0.1, 0.1, 0.2, 0.2], "dealer": [0.4, 0, 0.6, 0.3]}})
    assert zones.at((192.0, 108.0), (1280, 720)) == "seat 3" and zones.at((640.0, 100.0), (1280, 720)) == "dealer"
    assert zones.at((640.0, 600.0), (1280, 720)) is None
    with pytest.raises(ZonesError, match="no such file"):
        LayoutZones.load("/nonexistent/zones.json")


def test_a_typed_card_takes_the_place_due_among_zoned_ones(tmp_path):
    session = dealt(tmp_path / "j.sqlite")
    read(session, "9S", 1, "player")
    read(session, "KD", 2, "player")
    assert session.enter_card("4H") is None  # typed: the Banker's first, the place due
    assert codes(session.state.round.banker_cards) == ["4H"] and codes(session.state.round.player_cards) == ["9S", "KD"]
    session.close()


def test_w_draws_the_zones_the_cards_are_placed_by(qtbot, table_factory, tmp_path):
    from PySide6.QtCore import Qt

    from dealer_assist.sources.camera import CameraSource
    from dealer_assist.ui.camera_view import ZONE
    from test_ui_camera_view import _colour_share

    frames = sliding_deal(tmp_path / "frames", TURNED[:1], PLACES[:1])
    (tmp_path / "zones.json").write_text(json.dumps(ZONES))
    shares = []
    for zones in (None, tmp_path / "zones.json"):
        source = CameraSource(str(frames), profile="anglo", zones=zones)
        window = table_factory(source)
        qtbot.waitUntil(lambda: source.latest_view() is not None, timeout=20000)
        assert source.latest_view().zones == (() if zones is None else (
            ("player", (0.0, 0.4, 0.5, 1.0)), ("banker", (0.5, 0.4, 1.0, 1.0))))
        qtbot.keyClick(window.centralWidget(), Qt.Key.Key_W)
        panel = window.camera_view
        qtbot.waitUntil(lambda: panel.picture.pixmap() is not None and not panel.picture.pixmap().isNull(),
                        timeout=15000)
        shares.append(_colour_share(panel.picture, ZONE))
        window.close()
    assert shares[1] > shares[0] + 0.002  # the boxes' lines and names, in their grey


@pytest.mark.parametrize("restart", [False, True])
def test_the_card_typed_for_one_the_camera_could_not_read_goes_to_its_box(tmp_path, restart):
    from dealer_assist.events import Unreadable

    path = tmp_path / "j.sqlite"
    session = dealt(path)
    read(session, "9S", 1, "player")
    session.handle(Unreadable("camera:x", time.time(), seq=2, zone="player"))  # the Player's second, smudged
    alert = session.snapshot.alerts[-1]
    assert alert.title == "UNREADABLE CARD" and "in the Player box" in alert.text
    if restart:  # typed after a restart: the journal keeps the box it was seen in
        session.close()
        session = TableSession(RULES, Journal.open(path), odds=False)
    assert session.enter_card("KD") is None
    rnd = session.state.round
    assert codes(rnd.player_cards) == ["9S", "KD"] and rnd.due.position.value == "B1"
    assert session.enter_card("4H") is None  # no card waits for a box now: typed cards take the place due
    assert codes(session.state.round.banker_cards) == ["4H"]
    session.close()


def test_the_card_typed_for_an_unread_one_goes_to_its_box_with_a_later_read_waiting(tmp_path):
    # qaX F1: the Banker's first card turned and read before the croupier typed the smudged Player card.
    from dealer_assist.events import Unreadable

    session = dealt(tmp_path / "j.sqlite")
    read(session, "9S", 1, "player")
    session.handle(Unreadable("camera:x", time.time(), seq=2, zone="player"))
    read(session, "4H", 3, "banker")
    assert session.snapshot.pending is not None and session.snapshot.pending.card.code == "4H"
    assert session.enter_card("KD") is None
    assert session.confirm_pending() is None  # Enter plays the read that waited behind it
    read(session, "2C", 4, "banker")
    outcome = session.state.history[-1].outcome
    assert (outcome.winner, outcome.player_total, outcome.banker_total) == ("player", 9, 6)
    session.close()


@pytest.mark.parametrize("restart", [False, True])
def test_a_card_found_lying_in_a_box_at_a_camera_restart_is_typed_into_that_hand(tmp_path, restart):
    # qaX F2: the camera came back to find the Banker's second and the Player's first turned up meanwhile.
    from dealer_assist.events import Unreadable

    path = tmp_path / "j.sqlite"
    session = dealt(path)
    read(session, "9D", 1, "banker")
    found = "found it in view when it started, a card the table does not have"
    session.handle(Unreadable("camera:x", time.time(), seq=2, candidates=(parse_card("QC"),), why=found, zone="banker"))
    session.handle(Unreadable("camera:x", time.time(), seq=3, candidates=(parse_card("4S"),), why=found, zone="player"))
    assert "it lies in the Player box" in session.snapshot.alerts[-1].text
    if restart:
        session.close()
        session = TableSession(RULES, Journal.open(path), odds=False)
    assert session.enter_card("QC") is None and session.enter_card("4S") is None
    rnd = session.state.round
    assert codes(rnd.banker_cards) == ["9D", "QC"] and codes(rnd.player_cards) == ["4S"]
    session.confirm_pending() if session.snapshot.pending is not None else None
    read(session, "2D", 4, "player")
    if session.snapshot.pending is not None:  # the read after the found cards waits for Enter
        assert session.confirm_pending() is None
    outcome = session.state.history[-1].outcome
    assert (outcome.winner, outcome.player_total, outcome.banker_total) == ("banker", 6, 9)
    session.close()


def test_a_blackjack_card_drawn_into_the_active_seats_box_before_h_waits_for_it(tmp_path):
    # qaX F3: without zones such a card waits for H; with them it was refused and its read lost.
    from decimal import Decimal

    from dealer_assist.table.blackjack_session import BlackjackSession

    session = BlackjackSession(journal=Journal.open(tmp_path / "bj.sqlite"))
    assert session.place(1, Decimal("25")) is None and session.deal() is None
    for n, (code, zone) in enumerate((("5H", "seat 1"), ("7D", "dealer"), ("6S", "seat 1")), 1):
        read(session, code, n, zone)
    session.handle(CardRead(parse_card("9D"), "camera:x", time.time(), seq=4, zone="seat 1"))
    assert session.snapshot.pending is not None and session.snapshot.pending.card.code == "9D"
    assert session.act("hit") is None
    assert codes(session.state.round.hands[0][0].cards) == ["5H", "6S", "9D"]
    session.close()


@pytest.mark.parametrize("game, names, says", [
    ("blackjack", {"player": [0, 0.4, 0.5, 1], "banker": [0.5, 0.4, 1, 1]}, "blackjack table's zones are dealer"),
    ("baccarat", {"seat 1": [0, 0.4, 0.5, 1], "dealer": [0.5, 0, 1, 0.3]}, "baccarat table's zones are player"),
])
def test_a_zones_file_of_the_other_game_is_refused_before_the_table_opens(tmp_path, game, names, says):
    path = tmp_path / "zones.json"
    path.write_text(json.dumps({"zones": names}))
    with pytest.raises(SourceError, match=says):
        open_source(f"camera:{tmp_path}?profile=anglo&zones={path}", lambda: True, game=game)


def test_a_zone_given_twice_is_refused_by_name(tmp_path):
    # qaX F5: JSON keeps the last of two same keys; a pasted "player" meant "banker" became the Player's box.
    path = tmp_path / "zones.json"
    path.write_text('{"zones": {"player": [0, 0.33, 0.5, 1], "Player": [0.5, 0.33, 1, 1]}}')
    with pytest.raises(ZonesError, match="zone 'player' is given twice"):
        LayoutZones.load(path)
    path.write_text('{"zones": {"player": [0, 0.33, 0.5, 1], "player": [0.5, 0.33, 1, 1]}}')
    with pytest.raises(ZonesError, match="zone 'player' is given twice"):
        LayoutZones.load(path)


@pytest.mark.parametrize("restart", [False, True])
def test_cards_read_after_the_round_keep_their_boxes_when_played_as_a_no_bet_hand(tmp_path, restart):
    # qaX F11: held without their boxes, the Banker's two cards were split across both hands by Enter.
    path = tmp_path / "j.sqlite"
    session = dealt(path)
    for n, (code, zone) in enumerate((("9S", "player"), ("KD", "player"), ("4H", "banker"), ("2C", "banker")), 1):
        read(session, code, n, zone)
    assert session.state.history  # Player 9: settled
    read(session, "5C", 5, "banker")
    read(session, "9H", 6, "banker")
    assert codes(session.state.held) == ["5C", "9H"]
    if restart:
        session.close()
        session = TableSession(RULES, Journal.open(path), odds=False)
    assert session.play_held() is None
    rnd = session.state.round
    assert codes(rnd.banker_cards) == ["5C", "9H"] and codes(rnd.player_cards) == []
    session.close()


def test_the_csv_lists_a_zoned_rounds_cards_in_draw_order(tmp_path, capsys):
    # qaX F7: the CSV's cards were in the order turned up, read as P1 B1 P2 B2 they gave the Player's to the Banker.
    import csv
    import io

    from dealer_assist.cli import main

    path = tmp_path / "j.sqlite"
    session = dealt(path)
    for n, (code, zone) in enumerate((("9S", "player"), ("KD", "player"), ("4H", "banker"), ("2C", "banker")), 1):
        read(session, code, n, zone)
    session.close()
    assert main(["journal", "export", str(path), "--format", "csv"]) == 0
    (row,) = csv.DictReader(io.StringIO(capsys.readouterr().out))
    assert (row["cards"], row["winner"]) == ("9S 4H KD 2C", "player")


def test_a_card_just_outside_its_box_goes_to_that_box_and_one_far_outside_waits(tmp_path):
    # qaX F9: the Banker's 2♣ turned up 17 px above its box was played, silently, as the Player's first card.
    zones = LayoutZones.from_json(ZONES)
    top = 0.4 * 720
    assert zones.at((900.0, top - 17), (1280, 720)) is None
    assert zones.at((900.0, top - 17), (1280, 720), reach=150) == "banker"
    assert zones.at((640.0, 50.0), (1280, 720), reach=150) is None
    resting = RestingZones(zones)
    assert resting.card("2C", (900.0, top - 17), 300.0, lambda z: z) == []
    assert resting.frame((1280, 720), [("2C", (900.0, top - 17))]) == []
    assert resting.frame((1280, 720), [("2C", (900.0, top - 17))]) == ["banker"]

    from dealer_assist.events import OUTSIDE_BOXES

    frames = sliding_deal(tmp_path / "frames", ("9S",), (SLOTS[4],))  # lying sideways near the top edge
    (tmp_path / "zones.json").write_text(json.dumps({"zones": {"player": [0.0, 0.7, 0.5, 1.0],
                                                               "banker": [0.5, 0.7, 1.0, 1.0]}}))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{frames}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True),
               lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    ((read,),) = [reads]
    assert (read.card.code, read.zone, read.doubt) == ("9S", None, OUTSIDE_BOXES)
    session = dealt(tmp_path / "j.sqlite")
    session.handle(read)
    assert session.snapshot.pending == read and not session.state.round.cards  # it waits for the croupier
    assert session.confirm_pending() is None and codes(session.state.round.player_cards) == ["9S"]
    session.close()


def test_an_empty_zones_option_is_refused(tmp_path):
    with pytest.raises(SourceError, match="zones= names no file"):
        open_source(f"camera:{tmp_path}?profile=anglo&zones=", lambda: True)


def test_a_card_typed_before_the_camera_asked_is_said_to_lie_elsewhere_and_typed_again_goes_there(tmp_path):
    # qaX F6: typed as soon as seen, the smudged Player card took the Banker's first place; the ask's
    # "Enter if right" kept it there, and nothing at the table could move it.
    from dealer_assist.events import Unreadable

    session = dealt(tmp_path / "j.sqlite")
    read(session, "9S", 1, "player")
    assert session.enter_card("TH") is None  # the croupier saw the smudged card land and typed it
    assert codes(session.state.round.banker_cards) == ["TH"]
    session.handle(Unreadable("camera:x", time.time(), seq=2, candidates=(parse_card("TH"),), zone="player"))
    alert = session.snapshot.alerts[-1]
    assert alert.title == "UNREADABLE CARD TYPED?" and "saw it in the Player box" in alert.text
    assert "void it (V) and type it again" in alert.action
    assert session.void_last_card(why="typed into the wrong hand") is None
    assert session.enter_card("TH") is None
    assert codes(session.state.round.player_cards) == ["9S", "TH"] and not session.state.round.banker_cards
    for n, code in enumerate(("4H", "2C"), 3):
        read(session, code, n, "banker")
    outcome = session.state.history[-1].outcome
    assert (outcome.player_total, outcome.banker_total, outcome.card_count) == (9, 6, 4)
    session.close()


def test_an_unreadable_card_just_outside_a_box_is_given_that_box_as_a_read_one_is(tmp_path):
    """rev19 R4: a K♦ read 36 px above the Banker's box went to that box, a smudged 10♥ 36 px above the Player's
    (its index past reading) to none, and the card typed for it was played in the place due, not in that hand."""
    from dealer_assist.events import Unreadable
    from smudged_deal import _place, card_image, felt

    zones = {"zones": {"player": [0.05, 0.4, 0.48, 0.95], "banker": [0.52, 0.4, 0.95, 0.95]}}
    (tmp_path / "zones.json").write_text(json.dumps(zones))
    frames = tmp_path / "frames"
    frames.mkdir()
    read_only = felt()
    _place(read_only, card_image("KD"), 1000, 252, 0)
    both = read_only.copy()
    _place(both, card_image("TH", smudged=True), 350, 252, 0)
    for n, image in enumerate([read_only] * 20 + [both] * 60):
        cv2.imwrite(str(frames / f"{n:04d}.png"), image)
    events: list = []
    run_to_end(open_source(f"camera:{frames}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True),
               lambda e: events.append(e) if isinstance(e, (CardRead, Unreadable)) else None)
    assert [(type(e).__name__, e.zone) for e in events] == [("CardRead", "banker"), ("Unreadable", "player")]


def test_a_card_lying_across_the_gap_between_two_boxes_is_given_neither_and_asked_about(tmp_path):
    """rev19 R10: a 9♠ centred in the 51 px gap between the Player's and the Banker's boxes, overlapping both, went
    to the Player's by name, no word; a card in no box with two boxes within its reach is in neither."""
    from dealer_assist.events import OUTSIDE_BOXES
    from smudged_deal import _place, card_image, felt

    zones = {"zones": {"player": [0.05, 0.4, 0.48, 0.95], "banker": [0.52, 0.4, 0.95, 0.95]}}
    (tmp_path / "zones.json").write_text(json.dumps(zones))
    frames = tmp_path / "frames"
    frames.mkdir()
    image = felt()
    _place(image, card_image("9S"), 640, 480, 0)
    for n in range(30):
        cv2.imwrite(str(frames / f"{n:04d}.png"), image)
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{frames}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True),
               lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    assert [(r.card.code, r.zone, r.doubt) for r in reads] == [("9S", None, OUTSIDE_BOXES)]
    assert LayoutZones.from_json(zones).at((1000.0, 252.0), (1280, 720), reach=150) == "banker"  # just outside one


def test_a_blackjack_tables_mistyped_zone_is_shown_the_blackjack_example(tmp_path):
    """qaAG F3: a blackjack table's zones file whose only name was mistyped ("seet 1") was shown the baccarat
    example: the file's own names decided, though the table knew its game."""
    path = tmp_path / "zones.json"
    path.write_text(json.dumps({"zones": {"seet 1": [0.05, 0.4, 0.4, 0.95]}}))
    with pytest.raises(SourceError, match="unknown zone 'seet 1'") as refused:
        open_source(f"camera:{tmp_path}?profile=anglo&zones={path}", lambda: True, game="blackjack")
    assert '"dealer"' in str(refused.value) and '"banker"' not in str(refused.value)
    with pytest.raises(ZonesError) as refused:  # no game known (watch --zones): the file's names decide
        LayoutZones.load(path)
    assert '"banker"' in str(refused.value)
