"""The shoe simulator's keys for a card that comes out unread (qaR F16): ``?`` makes the next card a ``??``,
``m`` reports it by ``ERR MISREAD``; the table reading the simulator on a pty asks for each (UNREADABLE
CARD), and the truth log names the physical card behind it.  Before, a ``??`` came only at random
(``--unreadable P``) and an ``ERR MISREAD`` never."""

from __future__ import annotations

from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint, ShoeSimulator, VirtualShoe
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for


def test_keys_question_mark_and_m_send_the_next_card_unread_and_the_table_asks_for_it(tmp_path):
    ep = PtyEndpoint(str(tmp_path / "shoe"))
    sim = ShoeSimulator(ep, VirtualShoe(decks=1, seed=11))
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), odds=False)
    reader = SerialShoe(ep.url, name="serial:shoe", backoff_first=0.05, backoff_max=0.2)
    reader.start(session.handle)
    try:
        assert wait_for(lambda: reader.link == "up" and ep.host_connected())
        sim.power_on()  # HELLO, SHOE NEW: the first card read then closes the bets
        sim.press("\n")  # 8D, read
        assert wait_for(lambda: len(session.state.round.cards) == 1)
        sim.press("?")
        sim.press("\n")  # 9C, as ??
        assert wait_for(lambda: any(a.code == "unreadable" for a in session.snapshot.alerts))
        assert session.enter_card("9C") is None
        sim.press("m")
        sim.press("\n")  # KD, as ERR MISREAD
        assert wait_for(lambda: any("ERR MISREAD" in a.text for a in session.snapshot.alerts))
        assert session.enter_card("KD") is None
        sim.press("\n")  # JD, read
        assert wait_for(lambda: len(session.state.round.cards) == 4)
        assert [c.code for c in session.state.round.cards] == ["8D", "9C", "KD", "JD"]
    finally:
        reader.stop()
        sim.close()
        session.close()
    sent = [(r["type"], r.get("card"), r.get("read")) for r in sim.log if r["event"] == "sent" and "card" in r]
    assert sent == [("CARD", "8D", "8D"), ("CARD", "9C", "??"), ("ERR", "KD", "MISREAD"), ("CARD", "JD", "JD")]
    assert [r["fault"] for r in sim.log if r["event"] == "armed"] == ["unreadable", "misread"]
    assert sim.cards_dealt == 4


def test_a_plain_reader_refuses_m_but_sends_a_question_mark_card():
    ep = PtyEndpoint()
    sim = ShoeSimulator(ep, VirtualShoe(decks=1, seed=11), dialect="plain")
    try:
        sim.power_on()
        for key in "m?\n":
            sim.press(key)
    finally:
        sim.close()
    assert [r["fault"] for r in sim.log if r["event"] == "refused"] == ["misread"]
    assert [r["read"] for r in sim.card_records()] == ["??"]
