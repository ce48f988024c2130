"""A zoned camera's real second card of a code, read as a hand hides the first of that code (lying outside every
box) for a frame, is a new card, not that one moved (rev32 R5).

The card given no box was taken as moved (squared into its box, qaAJ F1) as soon as a card of its code was read
while it was not seen where it lay in that one frame: at six or eight decks the Banker's third card, another 7♥,
came as "put back" and the table dropped it as the same card; only a status line said to type it.  It is moved
now only once its spot goes without it as long as the tracker takes a bare spot for a card gone
(BARE_FRAMES frames over BARE_FOR seconds), and not if it is seen there again before the new read is given."""

from __future__ import annotations

import json

import pytest

from camera_runs import run_to_end
from layout_frames import laid_out
from dealer_assist.events import OUTSIDE_BOXES, CardRead
from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.factory import open_source
from dealer_assist.sources.resting_zone import RestingZones
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from dealer_assist.vision.layout_zones import LayoutZones

#: The Player's box on the left, the Banker's on the right; the top of the table is in neither.
ZONES = {"zones": {"player": [0.0, 0.45, 0.5, 1.0], "banker": [0.55, 0.45, 1.0, 1.0]}}
#: P1, B1, P2, then B2, a 7♥ come to rest outside every box (top left), then B3, another 7♥, into the Banker's box.
DEAL = (("9S", 300, 500), ("4H", 900, 500), ("7C", 330, 545), ("7H", 150, 120), ("7H#2", 930, 545))
#: The frame in which the camera reports the second 7♥ (each card slides 8 frames, then lies still 6).
SECOND_READ = 64


@pytest.fixture(scope="module")
def reads(tmp_path_factory) -> list[CardRead]:
    folder = tmp_path_factory.mktemp("astray")
    (folder / "zones.json").write_text(json.dumps(ZONES))
    got: list[CardRead] = []
    run_to_end(open_source(f"camera:{laid_out(folder / 'frames', DEAL, (SECOND_READ,), under='7H')}?profile=anglo&zones="
                           f"{folder / 'zones.json'}", lambda: True),
               lambda e: got.append(e) if isinstance(e, CardRead) else None)
    return got


def test_the_camera_gives_the_second_card_of_the_code_as_a_new_card(reads):
    assert reads[-1].frame == SECOND_READ   # read just as the hand hid the first 7♥
    assert [(r.card.code, r.zone, r.doubt) for r in reads] == [
        ("9S", "player", ""), ("4H", "banker", ""), ("7C", "player", ""), ("7H", None, OUTSIDE_BOXES),
        ("7H", "banker", "")]


def test_the_table_plays_the_second_card_of_the_code(tmp_path, reads):
    session = TableSession(TableRules(shoe=ShoeRules(decks=8, burn=False)), Journal.open(tmp_path / "j.sqlite"),
                           odds=False)
    assert session.deal() is None
    p1, b1, p2, b2, b3 = reads
    for event in (p1, b1, p2, b2):
        session.handle(event)
    assert session.snapshot.pending == b2 and session.confirm_pending() is None   # Enter: B2 where it lies
    session.handle(b3)   # Player 6 stands, Banker 1 draws: the second 7♥
    assert session.snapshot.pending is None and "same card" not in session.snapshot.message
    rnd = session.state.round
    assert [c.code for c in rnd.banker_cards] == ["4H", "7H", "7H"]
    session.close()


SIZE = (1280, 720)


def _astray_then_second(hidden: int, frames_after: int = 8) -> list:
    """A 7♥ come to rest outside every box, then another read in the Player box as the first goes unseen
    ``hidden`` frames (from the one the second is read in); what the second 7♥ is built as."""
    resting = RestingZones(LayoutZones.from_json(ZONES))
    out = resting.card("7H", (1150.0, 120.0), 150.0, lambda z: ("first", z))
    for _ in range(10):
        out += resting.frame(SIZE, [("7H", (1150.0, 120.0))])
    assert out == [("first", None)]
    out = resting.frame(SIZE, [])   # the first frame it goes unseen
    out += resting.card("7H", (300.0, 500.0), 150.0, lambda z: ("new", z), moved=lambda z: ("moved", z))
    for n in range(1, frames_after):
        out += resting.frame(SIZE, [("7H", (300.0, 500.0))] + ([] if n < hidden else [("7H", (1150.0, 120.0))]))
    return out


@pytest.mark.parametrize("hidden", [1, 2])
def test_a_card_given_no_box_hidden_a_frame_or_two_as_another_of_its_code_is_read_is_not_moved(hidden):
    assert _astray_then_second(hidden) == [("new", "player")]


def test_a_card_given_no_box_whose_spot_stays_without_it_moved():
    assert _astray_then_second(hidden=99) == [("moved", "player")]


def test_a_card_whose_spot_went_without_it_before_another_of_its_code_is_read_is_moved():
    """Squared fast into its box: its spot was seen without it for frames before it was read there."""
    resting = RestingZones(LayoutZones.from_json(ZONES))
    out = resting.card("7H", (1150.0, 120.0), 150.0, lambda z: ("first", z))
    for _ in range(10):
        out += resting.frame(SIZE, [("7H", (1150.0, 120.0))])
    for _ in range(4):
        out += resting.frame(SIZE, [])
    out += resting.card("7H", (300.0, 500.0), 150.0, lambda z: ("new", z), moved=lambda z: ("moved", z))
    for _ in range(3):
        out += resting.frame(SIZE, [("7H", (300.0, 500.0))])
    assert out == [("first", None), ("moved", "player")]
