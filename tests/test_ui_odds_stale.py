"""The odds panel shows a result only under the composition it was computed for.

The odds are computed by a worker off the GUI thread; a card that comes while it counts changes the
shoe before its result does.  QA: for a fraction of a second the panel showed the odds of the shoe
before the last card under the new count ("ODDS on the 415 cards left" with the 416 cards' figures),
and scripts/screenshots.py's alert.png differed in those digits from run to run.
"""

from __future__ import annotations

import threading

from dealer_assist import odds
from dealer_assist.baccarat.paytable import Bet


def shown(window):
    return window._last


def figures(window):
    return [(window.status.odds_text(bet, "Win"), window.status.odds_text(bet, "House edge")) for bet in Bet]


def expected(report):
    return [(f"{100 * report.bets[bet].floats()['win']:.2f}%", f"{100 * report.bets[bet].floats()['house_edge']:.2f}%")
            for bet in Bet]


def test_odds_of_the_shoe_before_a_card_are_never_shown_under_its_new_count(qtbot, table_factory, monkeypatch):
    real = odds.shoe_odds
    go = threading.Event()
    go.set()

    def held_back(counts, *args, **kwargs):
        go.wait()  # the worker counts as long as the test says: the card comes meanwhile
        return real(counts, *args, **kwargs)

    monkeypatch.setattr(odds, "shoe_odds", held_back)
    window = table_factory("manual", odds=True)
    session = window.session
    session.skip_burn()
    session.deal()
    for code in ("9H", "2S", "KD"):
        session.enter_card(code)
    now = expected(real(session.state.shoe.counts_left(), session.state.rules.paytable, decks=8))
    qtbot.waitUntil(lambda: figures(window) == now, timeout=10000)  # the worker has caught up with the 413 left
    assert "413 cards left" in window.status.odds_title.text()
    before = figures(window)

    go.clear()
    session.enter_card("3C")  # 412 left; the worker is held on its count
    qtbot.waitUntil(lambda: shown(window).version == session.snapshot.version, timeout=3000)
    title = window.status.odds_title.text()
    assert "412 cards left" not in title or figures(window) != before, title  # never the 413's under 412
    assert "413" in title and "computing" in title  # the old figures say whose they are, and that new ones come
    assert figures(window) == before
    assert window.status.odds_stale

    go.set()
    qtbot.waitUntil(lambda: "412 cards left" in window.status.odds_title.text(), timeout=10000)
    assert figures(window) == expected(real(session.state.shoe.counts_left(), session.state.rules.paytable, decks=8))
    assert not window.status.odds_stale
    assert "computing" not in window.status.odds_title.text()


def test_the_session_says_which_composition_its_odds_are_for():
    import time

    from dealer_assist.table.session import TableSession
    from dealer_assist.table.state import ShoeRules, TableRules

    session = TableSession(TableRules(shoe=ShoeRules(decks=1, burn=False)))
    try:
        session.enter_card("AS")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and (session.snapshot.odds is None
                                               or session.snapshot.odds.counts != session.state.shoe.counts_left()):
            time.sleep(0.01)
        result = session.snapshot.odds
        assert result.counts == session.state.shoe.counts_left() and result.report.cards_left == 51
        assert result.holds_for(session.state.shoe)
        session.enter_card("KD")
        answer = session.snapshot.odds  # the worker's answer for the ace's shoe, or already for the king's
        assert answer.holds_for(session.state.shoe) == (answer.counts[12] == 3)
    finally:
        session.close()


def test_the_odds_title_counts_the_cards_burned_face_down(qtbot, table_factory):
    """The burn's face-down cards change the count left but not the known composition, so the panel kept
    the title from before them: "ODDS on the 415 cards left" under "408 left" (qaQ F1)."""
    window = table_factory("manual", odds=True)
    session = window.session
    assert session.enter_card("7H") is None  # the burn card, shown: 7 more go face down
    qtbot.waitUntil(lambda: "415 cards left" in window.status.odds_title.text(), timeout=10000)
    assert session.burn_unseen() is None
    assert session.state.shoe.cards_left == 408
    qtbot.waitUntil(lambda: shown(window).version == session.snapshot.version, timeout=3000)
    qtbot.waitUntil(lambda: "408 cards left" in window.status.odds_title.text(), timeout=3000)
    assert "408 left" in window.status.shoe.text()
