"""Auto-play goes on from deck to deck: it counts the deck check and puts the new deck in by itself
(qaAW F4: at the first deck's end it asked N for ever, refused "no next round", with AUTO-PLAY ON lit).

A step the table refuses stops auto-play with the reason said, in both games, so it never stands still silently
under its marker."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from decimal import Decimal as D  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402

from dealer_assist.baccarat.bets import TableLimits  # noqa: E402
from dealer_assist.shoe import ShoeRules  # noqa: E402
from dealer_assist.table.blackjack_state import BlackjackPhase  # noqa: E402
from dealer_assist.table.state import TablePhase, TableRules  # noqa: E402
from dealer_assist.ui.blackjack.app import open_blackjack_table  # noqa: E402

#: Seconds between the simulated shoe's cards and between auto-play's steps: fast, as --turbo is.
PACE = 0.01


@pytest.fixture
def auto_table(qtbot, tmp_path, request):
    table = open_blackjack_table(source_spec="sim", journal_path=tmp_path / "bj.sqlite", seed=request.param,
                                 interval=PACE, auto=True, auto_pause=PACE)
    qtbot.addWidget(table.window)
    table.window.resize(1366, 768)
    table.window.show()
    yield table
    table.window.auto = False
    table.source.stop()
    table.window.bridge.detach()
    table.session.close()


@pytest.mark.parametrize("auto_table", [8, 21], indirect=True, ids=["sim:8", "sim:21"])
def test_auto_play_checks_the_deck_and_goes_on_with_the_next_one(qtbot, auto_table):
    session, window = auto_table.session, auto_table.window
    qtbot.waitUntil(lambda: session.state.deck_no >= 4 or not window.auto, timeout=60_000)
    assert window.auto and window.auto_marker.isVisible(), session.snapshot.message
    checks = [e for e in auto_table.journal.entries() if e.payload.get("op") in ("deck_check", "new_deck")]
    assert [e.payload["op"] for e in checks][:6] == ["deck_check", "new_deck"] * 3  # each deck counted, then replaced
    settled = {(e.payload.get("shoe"), e.payload.get("round")) for e in auto_table.journal.entries()
               if e.kind == "settlement"}
    assert {deck for deck, _ in settled} >= {1, 2, 3}  # rounds played in every deck, not only the first


@pytest.mark.parametrize("auto_table", [8], indirect=True, ids=["sim:8"])
def test_a_refused_auto_step_stops_auto_play_and_says_why(qtbot, auto_table):
    session, window = auto_table.session, auto_table.window
    window.auto = False  # by hand to the deck check, a card over-counted there: the new deck is refused
    window.auto_marker.setVisible(False)
    qtbot.waitUntil(lambda: session.state.burn_left == 0, timeout=10_000)
    assert session.place(1, D("10")) is None and window.run("deal") is None
    qtbot.waitUntil(lambda: session.state.phase != BlackjackPhase.PLAYING or bool(session.snapshot.allowed),
                    timeout=10_000)
    while session.state.phase == BlackjackPhase.PLAYING:
        if session.snapshot.allowed:
            assert window.run("stand") is None
        qtbot.wait(20)
    assert window.run("deck_check") is None
    dealt = session.state.ledger.dealt[0]
    assert session.enter_card(dealt.code) is None and session.enter_card(dealt.code) is None
    window.run("toggle_auto")
    qtbot.waitUntil(lambda: not window.auto, timeout=10_000)
    assert not window.auto_marker.isVisible() and window.statusBar().currentMessage() != "auto-play on"
    assert session.state.phase == BlackjackPhase.DECK_CHECK and session.state.deck_no == 1  # nothing forced
    message = session.snapshot.message
    assert message.startswith("auto-play stopped: ") and "new deck refused" in message, message
    assert message.endswith("play on by hand, or press A to try again")
    qtbot.waitUntil(lambda: window.entry.message.text() == message, timeout=3000)  # where the croupier looks


def test_a_baccarat_deal_refused_stops_auto_play_and_says_why(qtbot, table_factory, monkeypatch):
    """Its bets below the Tie minimum: Deal was refused every step, for ever, under AUTO-PLAY ON.  The demo now bets
    within the limits (qaAX L1): its stakes are put back to the chip alone so that the table refuses the deal."""
    monkeypatch.setattr("dealer_assist.ui.auto_play.demo_stake", lambda stake, low, high: stake)
    rules = TableRules(shoe=ShoeRules(burn=False), limits=TableLimits.from_mapping({"min": {"tie": "100"}}))
    window = table_factory("sim", rules=rules)
    session = window.session
    window.options.turbo = True  # auto-play's short pause
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_A)
    assert window.options.auto
    qtbot.waitUntil(lambda: not window.options.auto, timeout=10_000)
    assert not window.hint.text().startswith("AUTO-PLAY")
    message = session.snapshot.message
    assert message.startswith("auto-play stopped: seat 3 Tie") and "below the Tie minimum of 100.00" in message
    assert window.betting.last_error == message
    assert session.state.phase == TablePhase.BETTING and session.state.round_no == 1  # nothing dealt
