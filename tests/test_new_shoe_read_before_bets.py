"""The card read after SHOE NEW in a round, still waiting when the round is voided and Ctrl+N starts the new
shoe, over a real pty and a real journal (qaV F6).

With no burn it became P1 of the new shoe's first round: the bets (open again after the void) closed with no
D and the round was settled, on a card everyone had seen with the bets open; the banner had said it would be
dropped.  It is held as a card seen before the bets: a no-bet hand (Enter) or set aside (Del).  With the burn
rule it is the new shoe's burn card, as before.
"""

from __future__ import annotations

from decimal import Decimal as D

from dealer_assist.baccarat.bets import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.holds import AFTER_NEW_SHOE
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules
from polling import wait_for

NO_BURN = TableRules(shoe=ShoeRules(burn=False))
BURN = TableRules(shoe=ShoeRules(burn=True))


class Rig:
    """A baccarat table reading a shoe on a pty, whose frames the test writes as a shoe would."""

    def __init__(self, tmp_path, rules: TableRules) -> None:
        self.journal = tmp_path / "j.sqlite"
        self.device = PtyEndpoint(str(tmp_path / "shoe"))
        self.session = TableSession(rules, Journal.open(self.journal), odds=False)
        self.reader = SerialShoe(self.device.url, name="serial:shoe", backoff_first=0.05, backoff_max=0.2)
        self.reader.start(self.session.handle)
        assert wait_for(lambda: self.reader.link == "up" and self.device.host_connected())
        self.seq = 0
        self.device.write(format_frame("HELLO", 0, "1", "fw", "SHOE-A", "A1"))

    def send(self, kind: str, *fields: str) -> None:
        self.seq += 1
        self.device.write(format_frame(kind, self.seq, *fields))

    def close(self) -> None:
        self.reader.stop()
        self.device.close()
        self.session.close()


def new_shoe_mid_round_then_voided(rig: Rig) -> TableSession:
    """Banker 1 bet, D, P1 B1 read, SHOE NEW, 4C read (it waits); the round voided, then Ctrl+N."""
    s = rig.session
    if s.state.phase == TablePhase.BURN:
        assert s.skip_burn() is None
    assert s.place(1, Bet.BANKER, D("1")) is None and s.deal() is None
    rig.send("CARD", "2D")
    rig.send("CARD", "7D")
    rig.send("SHOE", "NEW")
    rig.send("CARD", "4C")
    assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "4C")
    assert s.snapshot.pending.doubt == AFTER_NEW_SHOE and "dropped" not in AFTER_NEW_SHOE
    assert s.void_round() is None and s.state.phase == TablePhase.BETTING
    assert s.new_shoe() is None and s.state.shoe_no == 2
    return s


def journal_of(rig: Rig) -> list:
    with Journal.open(rig.journal, readonly=True) as journal:
        return [(e.kind, e.payload) for e in journal.entries()]


def test_with_no_burn_the_read_is_held_as_seen_before_the_bets_not_dealt_as_p1(tmp_path):
    rig = Rig(tmp_path, NO_BURN)
    try:
        s = new_shoe_mid_round_then_voided(rig)
        assert s.state.round.cards == () and s.state.phase == TablePhase.BETTING
        assert [c.code for c in s.state.held] == ["4C"] and not s.state.betting.locked
        alert = {a.code: a for a in s.snapshot.alerts}["held"]
        assert "4" in alert.title and "BEFORE THE BETS" in alert.title and "no-bet hand" in alert.action
        assert s.deal() is not None  # no round with bets on a card seen before them
        rig.send("CARD", "9H")  # the next card read is held behind it, in its order
        assert wait_for(lambda: len(s.state.held) == 2) and s.state.round.cards == ()
    finally:
        rig.close()
    entries = journal_of(rig)
    start = max(n for n, (kind, _) in enumerate(entries) if kind == "shoe_start")
    after = entries[start:]
    assert not [p for k, p in after if k == "card_assigned" and p.get("card") == "4C"]
    assert [p["card"] for k, p in after if k == "card_held"] == ["4C", "9H"]
    again = TableSession(NO_BURN, Journal.open(rig.journal), odds=False)  # a restart holds them still
    try:
        assert [c.code for c in again.state.held] == ["4C", "9H"] and again.snapshot.pending is None
        assert "held" in {a.code for a in again.snapshot.alerts}
        assert again.clear() is None and again.play_held() is None  # Enter: the no-bet hand
        assert [c.code for c in again.state.round.cards] == ["4C", "9H"]
        assert again.state.betting.layout.wagers() == ()
    finally:
        again.close()


def test_with_no_burn_del_sets_the_read_aside_and_the_bets_stay_open(tmp_path):
    rig = Rig(tmp_path, NO_BURN)
    try:
        s = new_shoe_mid_round_then_voided(rig)
        assert s.discard_held() is None and s.state.held == ()
        assert s.deal() is None  # the bet still on the layout: Banker 1
        rig.send("CARD", "9H")
        assert wait_for(lambda: len(s.state.round.cards) == 1)
        assert [c.code for c in s.state.round.cards] == ["9H"] and s.state.shoe.cards_seen == 2
    finally:
        rig.close()


def test_with_the_burn_the_read_is_the_new_shoes_burn_card(tmp_path):
    rig = Rig(tmp_path, BURN)
    try:
        s = new_shoe_mid_round_then_voided(rig)
        assert [c.code for c in s.state.shoe.burned] == ["4C"] and s.state.phase == TablePhase.BURN
        assert s.state.held == () and s.state.round.cards == () and s.snapshot.pending is None
        for code in ("2S", "3S", "5S", "6S"):  # 4C burns four more
            rig.send("CARD", code)
        assert wait_for(lambda: s.state.phase == TablePhase.BETTING)
        assert len(s.state.shoe.burned) == 5 and s.state.round.cards == ()
    finally:
        rig.close()
