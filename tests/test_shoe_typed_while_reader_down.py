"""Cards typed while the shoe's link is silent or lost, as CARD READER SILENT and LOST ask (qaAY F2, F4).

F2: the adapter held the shoe's frames back for a few seconds (CARD READER SILENT); the croupier typed B1 4♦;
then the held frames came, in order, no gap: the shoe's read of that 4♦ was played again, as P2, and every card
after it one place off (a wrong result).  It now waits, doubted as the card typed meanwhile: Del drops it and the
next read plays in its place; live, a restart and a replay of the journal agree.
F4: the same card's frame lost with the link (unplugged, the shoe dealing on): FRAMES LOST said "at least one
card was missed", and Enter "no card was typed for the lost frames", though it was.  Both now name it.
Real frames over a real pty.
"""

from __future__ import annotations

from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.holds import TYPED_WHILE_UNHEARD
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for
from replayed_journals import replayed
from restarted_tables import restarted

HELLO = format_frame("HELLO", 0, "1", "fw", "SHOE-A", "A1")
RULES = TableRules(shoe=ShoeRules(burn=False))


class _Table:
    """A baccarat table with a journal, reading a shoe on a pty; silent after 0.4 s with no frame."""

    def __init__(self, tmp_path) -> None:
        self.path, self.source = tmp_path / "j.sqlite", str(tmp_path / "shoe")
        self.device = PtyEndpoint(self.source)
        self.session = TableSession(RULES, journal=Journal.open(self.path), odds=False)
        self.reader = SerialShoe(self.source, name=self.source, stale_after=0.4, backoff_first=0.05, backoff_max=0.2)
        self.reader.start(self.session.handle)
        assert wait_for(lambda: self.reader.link == "up" and self.device.host_connected())

    def alert(self, title: str):
        return next((a for a in self.session.snapshot.alerts if a.title == title), None)

    def close(self) -> None:
        self.reader.stop()
        self.device.close()
        self.session.close()


def _cards(session) -> list[str]:
    return [c.code for c in session.state.round.cards]


def _silent_then_typed(table: _Table) -> None:
    """P1 2♥ read; the adapter holds the next frames back (silent); B1 4♦ typed, as the alert asks."""
    table.device.write(HELLO + format_frame("CARD", 1, "2H"))
    assert wait_for(lambda: table.alert("CARD READER SILENT") is not None)
    assert _cards(table.session) == ["2H"]
    assert table.session.enter_card("4D") is None  # B1


def test_a_held_back_read_of_the_card_typed_during_the_silence_waits_and_del_drops_it(tmp_path):
    table = _Table(tmp_path)
    try:
        _silent_then_typed(table)
        table.device.write(format_frame("CARD", 2, "4D") + format_frame("CARD", 3, "3C"))  # the held frames, late
        assert wait_for(lambda: len(table.session.snapshot.waiting) == 1)
        pending = table.session.snapshot.pending
        assert pending is not None and pending.card.code == "4D" and pending.doubt == TYPED_WHILE_UNHEARD
        assert _cards(table.session) == ["2H", "4D"]  # not played again as P2
        table.session.reject_pending()  # Del: it was the card typed
        assert table.session.snapshot.pending is None  # nothing waits behind it: 3♣ plays as it came
        assert _cards(table.session) == ["2H", "4D", "3C"]
    finally:
        table.close()


def test_a_restart_and_a_replay_hold_the_late_read_as_live(tmp_path):
    table = _Table(tmp_path)
    try:
        _silent_then_typed(table)
        table.device.write(format_frame("CARD", 2, "4D") + format_frame("CARD", 3, "3C"))
        assert wait_for(lambda: len(table.session.snapshot.waiting) == 1)
        live = table.session.snapshot
    finally:
        table.close()
    replay = replayed(table.path, TableSession(RULES, odds=False))
    assert replay.snapshot.pending is not None
    assert (replay.snapshot.pending.card.code, replay.snapshot.pending.doubt) == ("4D", live.pending.doubt)
    assert _cards(replay) == ["2H", "4D"]
    with restarted(table.path, table.source, RULES) as (again, _, _):
        assert again.snapshot.pending is not None
        assert (again.snapshot.pending.card.code, again.snapshot.pending.doubt) == ("4D", TYPED_WHILE_UNHEARD)
        again.reject_pending()
        assert wait_for(lambda: _cards(again) == ["2H", "4D", "3C"])
        assert again.snapshot.pending is None


def test_a_restart_during_the_silence_still_doubts_the_late_read_of_the_card_typed(tmp_path):
    table = _Table(tmp_path)
    try:
        _silent_then_typed(table)
    finally:
        table.close()
    with restarted(table.path, table.source, RULES) as (again, _, device):
        device.write(format_frame("CARD", 2, "4D") + format_frame("CARD", 3, "3C"))
        assert wait_for(lambda: again.snapshot.pending is not None)
        assert (again.snapshot.pending.card.code, again.snapshot.pending.doubt) == ("4D", TYPED_WHILE_UNHEARD)
        assert _cards(again) == ["2H", "4D"]


def test_a_read_after_the_silence_of_another_code_plays_as_it_comes_and_ends_the_doubt(tmp_path):
    table = _Table(tmp_path)
    try:
        _silent_then_typed(table)
        # The card typed was dealt from outside the shoe (a card set in by hand): the shoe's next read is the card
        # after it, of another code, and stands for it; a later 4♦ (eight decks) is no card typed during the silence.
        table.device.write(format_frame("CARD", 2, "3C"))
        assert wait_for(lambda: _cards(table.session) == ["2H", "4D", "3C"])
        table.device.write(format_frame("CARD", 3, "4D"))  # B2
        assert wait_for(lambda: len(_cards(table.session)) == 4)
        assert table.session.snapshot.pending is None
    finally:
        table.close()


def test_frames_lost_with_the_link_name_the_card_typed_while_it_was_down(tmp_path):
    table = _Table(tmp_path)
    try:
        table.device.write(HELLO + format_frame("CARD", 1, "2H"))
        assert wait_for(lambda: _cards(table.session) == ["2H"])
        table.device.unplug()  # the shoe stays powered: B1 4♦ goes out as frame 2, unheard
        assert wait_for(lambda: table.alert("CARD READER LOST") is not None)
        assert table.session.enter_card("4D") is None  # B1, as the alert asks
        table.device.replug()
        assert wait_for(lambda: table.reader.link == "up" and table.device.host_connected())
        table.device.write(format_frame("HB", 3, "2") + format_frame("CARD", 4, "3C"))  # frame 2 was a card
        assert wait_for(lambda: table.session.snapshot.pending is not None)
        gap = table.alert("FRAMES LOST")
        assert gap is not None and "1 card (4♦) was typed for it while its link was down" in gap.text, gap.text
        assert "missed" not in gap.text and "nothing is missing" in gap.action, (gap.text, gap.action)
        refused = table.session.confirm_pending()
        assert refused is not None and "no card was typed" not in refused
        assert "1 card (4♦) was typed while the reader's link was down" in refused, refused
        assert table.session.confirm_pending() is None  # the second Enter: nothing was missed
        assert _cards(table.session) == ["2H", "4D", "3C"]
    finally:
        table.close()
    with restarted(table.path, table.source, RULES) as (again, _, _):
        assert _cards(again) == ["2H", "4D", "3C"]


def test_at_multi_deck_blackjack_the_late_read_of_the_card_typed_during_the_silence_waits_too(tmp_path):
    from decimal import Decimal as D

    from dealer_assist.blackjack.rules import HouseRules
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import BlackjackTableRules

    source = str(tmp_path / "shoe")
    device = PtyEndpoint(source)
    session = BlackjackSession(BlackjackTableRules(seats=2, burn_cards=0, house=HouseRules(decks=6)),
                               Journal.open(tmp_path / "bj.sqlite"))
    reader = SerialShoe(source, name=source, stale_after=0.4, backoff_first=0.05, backoff_max=0.2)
    reader.start(session.handle)
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        assert session.place(1, D("10")) is None and session.deal() is None
        device.write(HELLO + format_frame("CARD", 1, "9H"))  # seat 1
        assert wait_for(lambda: any(a.title == "CARD READER SILENT" for a in session.snapshot.alerts))
        assert session.enter_card("7D") is None  # the dealer's card, typed during the silence
        device.write(format_frame("CARD", 2, "7D") + format_frame("CARD", 3, "5C"))  # the held frames, late
        assert wait_for(lambda: session.snapshot.pending is not None and len(session.snapshot.waiting) == 1)
        assert (session.snapshot.pending.card.code, session.snapshot.pending.doubt) == ("7D", TYPED_WHILE_UNHEARD)
        session.reject_pending()  # Del: it was the card typed; 5♣ plays as seat 1's second card
        hands = session.state.round.seat_hands(session.state.round_seat(1))
        assert [c.code for c in hands[0].cards] == ["9H", "5C"]
        assert [c.code for c in session.state.round.dealer.cards] == ["7D"]
    finally:
        reader.stop()
        device.close()
        session.close()


def test_a_read_sent_after_the_card_was_typed_plays_as_it_comes_after_a_silence(tmp_path):
    """R42-7: the shoe comes back with heartbeats naming card 1 as its last; a frame later than any it can have sent
    by the typing (its heartbeats come every second at the least) is a card dealt since, not the typed one's."""
    table = _Table(tmp_path)
    try:
        _silent_then_typed(table)
        # Back after a silence of some 30 s, its heartbeats lost with it: frames 2-29 held no card (last card 1).
        table.device.write(format_frame("HB", 30, "1"))
        assert wait_for(lambda: table.reader.link == "up")
        table.device.write(format_frame("CARD", 31, "4D"))  # another 4♦ of the shoe, dealt now: P2
        assert wait_for(lambda: len(_cards(table.session)) == 3)
        assert table.session.snapshot.pending is None
        assert _cards(table.session) == ["2H", "4D", "4D"]
    finally:
        table.close()
    with restarted(table.path, table.source, RULES) as (again, _, _):
        assert _cards(again) == ["2H", "4D", "4D"] and again.snapshot.pending is None


def test_after_a_lost_link_the_same_count_going_on_the_reads_are_cards_dealt_since(tmp_path):
    """R42-7: unplugged, the croupier types 3♦ and 4♥; replugged, the count goes on with no card since (no FRAMES
    LOST): neither 6♠ (P3) nor a later 4♥ (B3) is the frame of a card typed, and neither waits to be dropped."""
    table = _Table(tmp_path)
    try:
        table.device.write(HELLO + format_frame("CARD", 1, "AS") + format_frame("CARD", 2, "2C"))
        assert wait_for(lambda: _cards(table.session) == ["AS", "2C"])
        table.device.unplug()
        assert wait_for(lambda: table.alert("CARD READER LOST") is not None)
        assert table.session.enter_card("3D") is None and table.session.enter_card("4H") is None
        table.device.replug()
        assert wait_for(lambda: table.reader.link == "up" and table.device.host_connected())
        table.device.write(format_frame("HB", 900, "2") + format_frame("CARD", 901, "6S")
                           + format_frame("CARD", 902, "4H"))
        assert wait_for(lambda: len(_cards(table.session)) == 6)
        assert table.session.snapshot.pending is None and table.alert("FRAMES LOST") is None
        assert _cards(table.session) == ["AS", "2C", "3D", "4H", "6S", "4H"]
    finally:
        table.close()
    with restarted(table.path, table.source, RULES) as (again, _, _):
        assert _cards(again) == ["AS", "2C", "3D", "4H", "6S", "4H"] and again.snapshot.pending is None


def test_heartbeats_held_back_with_the_late_frame_leave_its_doubt(tmp_path):
    """The adapter held back the heartbeats sent before the card too: they name card 1 as the last, yet the 4♦ after
    them may be the one typed (its SEQ is within those the shoe can have sent by the typing): it still waits."""
    table = _Table(tmp_path)
    try:
        _silent_then_typed(table)
        table.device.write(format_frame("HB", 2, "1") + format_frame("HB", 3, "1")
                           + format_frame("CARD", 4, "4D") + format_frame("CARD", 5, "3C"))
        assert wait_for(lambda: len(table.session.snapshot.waiting) == 1)
        pending = table.session.snapshot.pending
        assert pending is not None and (pending.card.code, pending.doubt) == ("4D", TYPED_WHILE_UNHEARD)
    finally:
        table.close()
