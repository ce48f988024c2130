"""A baccarat table restarted mid-round, then a DOUBLE_FEED its serial shoe reports right after the last card read
(fixQC).  Live, the alert names the card read just before the report and its place (B1): if the card not read came
out first, that card is not B1's.  A restart between the card and the report forgot the reader's last card: the
alert named no card and no place.  Real bytes over a real pty to a restarted table, as in
test_restart_typed_for_lost_frames."""

from __future__ import annotations

import pytest

from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for
from restarted_tables import restarted

RULES = TableRules(shoe=ShoeRules(burn=False))
HELLO = format_frame("HELLO", 0, "1", "fw", "SHOE-A", "A1")


def _first_run(path, source: str, frames: bytes, next_round: bool = False) -> None:
    table = TableSession(RULES, journal=Journal.open(path), odds=False)
    reader = SerialShoe(source, name=source)
    reader.set_sink(table.handle)
    reader.feed(frames)
    if next_round:
        assert table.next_round() is None
    table.close()  # the display stops


def _double_feed_alert(path, source: str, seq: int):
    with restarted(path, source, RULES) as (again, reader, device):
        device.write(format_frame("ERR", seq, "DOUBLE_FEED", "two cards left together"))
        assert wait_for(lambda: any(a.code == "device:DOUBLE_FEED" for a in again.snapshot.alerts))
        return {a.code: a for a in again.snapshot.alerts}["device:DOUBLE_FEED"]


def test_a_double_feed_after_a_restart_mid_round_names_the_card_read_just_before_and_its_place(tmp_path):
    path, source = tmp_path / "j.sqlite", str(tmp_path / "shoe")
    _first_run(path, source, HELLO + format_frame("CARD", 1, "2H") + format_frame("CARD", 2, "4D"))
    alert = _double_feed_alert(path, source, 3)
    assert "4♦ was read just before this report and played as B1" in alert.text, alert.text
    assert alert.action.startswith("check B1: if 4♦ is not the card there, void it (V)"), alert.action


def test_a_double_feed_after_a_restart_not_just_after_the_card_names_none(tmp_path):
    path, source = tmp_path / "j.sqlite", str(tmp_path / "shoe")
    _first_run(path, source, HELLO + format_frame("CARD", 1, "2H") + format_frame("CARD", 2, "4D")
               + format_frame("HB", 3, "2"))
    alert = _double_feed_alert(path, source, 4)
    assert "read just before" not in alert.text and alert.action.startswith("clear the shoe"), alert.text


def test_a_double_feed_after_a_restart_on_a_new_count_names_no_card_of_the_old_count(tmp_path):
    """The shoe's HELLO with a new boot id began a new count: its SEQ 3 follows no card of the count before."""
    path, source = tmp_path / "j.sqlite", str(tmp_path / "shoe")
    _first_run(path, source, HELLO + format_frame("CARD", 1, "2H") + format_frame("CARD", 2, "4D")
               + format_frame("HELLO", 0, "1", "fw", "SHOE-A", "A2") + format_frame("HB", 1, "0"))
    alert = _double_feed_alert(path, source, 3)
    assert "read just before" not in alert.text, alert.text


@pytest.mark.parametrize("next_round", [False, True])
def test_a_double_feed_after_a_restart_once_the_round_is_over_names_its_last_card_as_live(tmp_path, next_round):
    """Live, a reader's last card is named by a DOUBLE_FEED right after it, the round settled or the next one's bets
    open."""
    path, source = tmp_path / "j.sqlite", str(tmp_path / "shoe")
    _first_run(path, source, HELLO + b"".join(format_frame("CARD", n, c)
                                              for n, c in enumerate(("9H", "4D", "KS", "QC"), 1)),  # a natural 9
               next_round)
    alert = _double_feed_alert(path, source, 5)
    assert "Q♣ was read just before this report and played as B2" in alert.text, alert.text
