"""The window follows scripted rounds from each kind of source (simulated shoe, keyboard, serial pty, camera)."""

from __future__ import annotations

import os
import threading

import pytest
from PySide6.QtCore import Qt

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.baccarat.round import BaccaratRound
from dealer_assist.cards import parse_cards
from dealer_assist.table.state import TablePhase
from dealer_assist.ui.keys import KEYS
from focused_keys import press_focused


def shown(window):
    """The snapshot the window last drew."""
    return window._last


def deal_next(qtbot, window):
    """Let the simulated shoe deal one card and wait until the window has drawn it."""
    before = window.session.state.shoe.cards_seen
    window.source.poke()
    qtbot.waitUntil(lambda: shown(window).state.shoe.cards_seen > before, timeout=3000)
    qtbot.waitUntil(lambda: window.hands.painted_version >= shown(window).version, timeout=3000)


def type_card(qtbot, window, code):
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_K)
    assert window.entry.field.hasFocus()
    qtbot.keyClicks(window.entry.field, code)
    qtbot.keyClick(window.entry.field, Qt.Key.Key_Return)


def synced(qtbot, window):
    """Wait until the window has drawn the session's newest snapshot (it arrives by a queued event)."""
    qtbot.waitUntil(lambda: shown(window).version == window.session.snapshot.version, timeout=3000)


def assert_window_matches(qtbot, window):
    """What the window shows is what the session says: banner, reason, totals, stake."""
    synced(qtbot, window)
    snap = window.session.snapshot
    assert window.banner.title.text() == snap.banner
    assert window.banner.reason.text() == snap.reason
    assert window.betting.total.text().endswith(f"{snap.state.betting.layout.total:.2f}")


def test_round_from_the_simulated_shoe(qtbot, table_factory):
    window = table_factory("sim", seed=5)
    session = window.session
    while session.state.phase == TablePhase.BURN:  # the sim shows and burns as the shoe says
        deal_next(qtbot, window)
    assert window.banner.title.text() == "PLACE YOUR BETS"
    assert "Burn done" in window.status.burn.text()
    qtbot.mouseClick(window.betting.grid, Qt.MouseButton.LeftButton,
                     pos=window.betting.grid.cell_centre(3, Bet.BANKER))
    assert session.state.betting.layout.get(3, Bet.BANKER) == session.snapshot.chip
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_D)
    assert session.state.phase == TablePhase.DEALING
    drawn_banners = []
    while session.state.phase == TablePhase.DEALING:
        deal_next(qtbot, window)
        assert_window_matches(qtbot, window)
        drawn_banners.append(window.banner.title.text())
        rnd = shown(window).state.round
        due = rnd.next_position
        # the highlighted place is the one the round says is next
        assert window.hands.snapshot.state.round.next_position == due
    rnd = session.state.round
    assert drawn_banners[-1] == rnd.outcome.banner
    assert len(rnd.cards) in (4, 5, 6)
    assert window.settlement.rows()[0][0] == "3"  # the only bet, settled in the view
    assert window.status.shoe.text().count(str(session.state.shoe.dealt)) >= 1


def test_round_typed_on_the_keyboard(qtbot, table_factory):
    window = table_factory("manual")
    session = window.session
    type_card(qtbot, window, "7h")  # the burn card shown: 7 more face down
    assert session.state.shoe.burn_left == 7
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_B)
    assert session.state.phase == TablePhase.BETTING
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_Escape)  # leave the card field: keys drive the table
    assert not window.entry.field.hasFocus()
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_3)  # chip 25
    window.betting.grid.cursor = (1, Bet.PLAYER)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_Right)  # -> banker
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_Plus)
    assert session.state.betting.layout.get(1, Bet.BANKER) == 25
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_D)
    cards = ["2S", "AH", "3D", "2C", "8S"]  # facts.md §1.6: Banker 3 stands on a Player third card of 8
    for code in cards:
        type_card(qtbot, window, code)
        assert window.entry.last_error is None
        assert_window_matches(qtbot, window)
    synced(qtbot, window)
    expected = BaccaratRound(tuple(parse_cards(cards)))
    assert window.banner.title.text() == expected.outcome.banner
    assert window.hands.snapshot.state.round.player_total == expected.player_total
    assert expected.outcome.winner == "tie"  # so the Banker bet pushes
    assert window.settlement.rows() == [("1", "Banker", "25.00", "PUSH", "")]


def test_round_from_a_serial_reader_on_a_pty(qtbot, table_factory):
    serial_shoe = pytest.importorskip("dealer_assist.sources.serial_shoe")
    master, slave = os.openpty()
    try:
        shoe = serial_shoe.SerialShoe(os.ttyname(slave), dialect="plain")
        window = table_factory(shoe)
        session = window.session
        qtbot.waitUntil(lambda: any(link == "up" for _, link in shown(window).links), timeout=5000)
        session.skip_burn()
        qtbot.keyClick(window.centralWidget(), Qt.Key.Key_D)
        for code in ("9H", "2S", "KD", "3C"):  # Player 9: a natural
            os.write(master, code.encode() + b"\r\n")
        qtbot.waitUntil(lambda: shown(window).state.phase == TablePhase.SETTLED, timeout=5000)
        assert window.banner.title.text() == session.state.round.outcome.banner
        assert [c.code for c in window.hands.snapshot.state.round.cards] == ["9H", "2S", "KD", "3C"]
        assert "serial" in window.status.links.text()
    finally:
        os.close(master)
        os.close(slave)


def test_a_garbled_line_from_a_plain_reader_holds_the_next_card(qtbot, table_factory):
    """A plain reader sends a line per card and nothing counts them: a garbled line may be a card, so
    the card read after it waits (QA: KC took the garbled card's place as B1, without a word)."""
    from dealer_assist.table.holds import AFTER_AN_UNREADABLE

    serial_shoe = pytest.importorskip("dealer_assist.sources.serial_shoe")
    master, slave = os.openpty()
    try:
        window = table_factory(serial_shoe.SerialShoe(os.ttyname(slave), dialect="plain"))
        session = window.session
        qtbot.waitUntil(lambda: any(link == "up" for _, link in shown(window).links), timeout=5000)
        session.skip_burn()
        qtbot.keyClick(window.centralWidget(), Qt.Key.Key_D)
        os.write(master, b"9H\r\n2\xa7\r\nKC\r\n")
        qtbot.waitUntil(lambda: shown(window).pending is not None, timeout=5000)
        assert [c.code for c in session.state.round.cards] == ["9H"]
        assert shown(window).pending.card.code == "KC" and shown(window).pending.doubt == AFTER_AN_UNREADABLE
        assert any(a.title == "UNREADABLE CARD" for a in shown(window).alerts)
    finally:
        os.close(master)
        os.close(slave)


def test_round_from_a_camera_watching_a_real_shoe_video(qtbot, table_factory):
    """The shoe-mouth video of a baccarat round (shared/cards), read by the camera source."""
    import json
    from pathlib import Path

    from dealer_assist.sources.camera import CameraSource

    folder = Path(__file__).resolve().parents[2] / "shared" / "cards" / "test_shoe" / "anglo"
    if not folder.is_dir():
        pytest.skip("the shared card videos are not beside the repository")
    truth = [c["card"].replace("10", "T") for c in json.loads((folder / "baccarat.json").read_text())["cards"]]
    window = table_factory(CameraSource(str(folder / "baccarat.mp4")))
    session = window.session
    session.skip_burn()
    qtbot.waitUntil(lambda: shown(window).state.phase == TablePhase.SETTLED, timeout=60000)
    expected = BaccaratRound()
    for card in parse_cards(truth):
        if expected.complete:
            break
        expected = expected.add(card)
    assert [c.code for c in shown(window).state.round.cards] == [c.code for c in expected.cards]
    assert window.banner.title.text() == expected.outcome.banner
    # the cards after the natural came out of the shoe too: held, in order, not lost
    qtbot.waitUntil(lambda: len(session.state.held) == len(truth) - len(expected.cards), timeout=60000)
    assert [c.code for c in session.state.held] == truth[len(expected.cards):]


def test_snapshots_from_another_thread_are_drawn_on_the_gui_thread(qtbot, table_factory):
    window = table_factory("manual")
    session = window.session
    session.skip_burn()
    gui = threading.get_ident()
    threads = []
    window.bridge.snapshot.connect(lambda snap: threads.append(threading.get_ident()))

    def worker():
        for _ in range(50):
            session.place(2, Bet.TIE)

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    qtbot.waitUntil(lambda: shown(window).version == session.snapshot.version, timeout=3000)
    assert threads and set(threads) == {gui}
    assert len(threads) < 50  # the backlog collapsed into the newest snapshots
    assert session.state.betting.layout.get(2, Bet.TIE) == 50 * session.snapshot.chip
    assert window.betting.grid.snapshot.state.betting.layout.get(2, Bet.TIE) == 50 * session.snapshot.chip


def test_every_key_has_a_command_and_a_help_line(qtbot, table_factory):
    window = table_factory("manual")
    for key in KEYS:
        assert callable(getattr(window, key.action)), key
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_F1)
    assert window.help.isVisible()
    text = "\n".join(window.help.text_lines())
    for key in KEYS:
        if key.action != "select_chip":
            assert f"{' / '.join(key.keys)}: {key.text}" in text
    assert "1 … 9: choose a chip" in text
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_Escape)
    assert not window.help.isVisible()


def test_sizes_follow_the_window_height(qtbot, table_factory):
    window = table_factory("manual")
    small = window.banner.title.font().pixelSize()
    assert window.minimumSizeHint().height() <= 720  # everything fits a 1280x720 screen
    window.resize(3840, 2160)
    qtbot.waitUntil(lambda: window.banner.title.font().pixelSize() != small, timeout=2000)
    assert window.banner.title.font().pixelSize() >= 2.5 * small
    assert window.roads.height() >= 2.5 * (small / 3.0) * 9


def test_sound_cues_for_card_draw_and_alert(qtbot, table_factory):
    window = table_factory("manual")
    session = window.session
    session.skip_burn()
    session.deal()
    for code in ("2S", "AH", "3D", "2C"):  # Player 5 draws
        session.enter_card(code)
    qtbot.waitUntil(lambda: shown(window).version == session.snapshot.version)
    assert "card" in window.cues.played
    assert window.banner.title.text() == "PLAYER DRAWS" and "draw" in window.cues.played
    session.enter_card("ZZ")  # not a card: a message, no alert
    session.enter_card("8S")
    session.enter_card("4H")  # the round is over: held, an alert
    qtbot.waitUntil(lambda: shown(window).version == session.snapshot.version)
    assert "alert" in window.cues.played


def test_status_shows_the_exact_odds_of_the_shoe_left(qtbot, table_factory):
    window = table_factory("manual", odds=True)
    session = window.session
    session.skip_burn()
    session.deal()
    for code in ("9H", "2S", "KD", "3C"):
        session.enter_card(code)
    qtbot.waitUntil(lambda: shown(window).odds is not None and shown(window).odds.cards_left == 412, timeout=10000)
    report = shown(window).odds.report
    for bet in Bet:
        f = report.bets[bet].floats()
        assert window.status.odds_text(bet, "Win") == f"{100 * f['win']:.2f}%"
        assert window.status.odds_text(bet, "House edge") == f"{100 * f['house_edge']:.2f}%"
    assert "412 cards left" in window.status.odds_title.text()
    assert "4 dealt" in window.status.shoe.text()


def test_status_says_why_there_are_no_odds_when_too_few_cards_are_left(qtbot, table_factory):
    """qaJ: at a shoe's end (5 cards left) the odds panel said "computing…" for ever; no odds can be had
    there, and the croupier is told why and what to do."""
    import random
    from dataclasses import replace as replaced

    from dealer_assist.table.state import TableRules
    rules = TableRules()
    window = table_factory("manual", odds=True, rules=replaced(rules, shoe=replaced(rules.shoe, decks=1, cut_from_end=1)))
    session = window.session
    session.skip_burn()
    deck = [rank + suit for rank in "A23456789TJQK" for suit in "SHDC"]
    random.Random(3).shuffle(deck)
    for code in deck:
        session.enter_card(code)
        if session.snapshot.state.phase == TablePhase.SETTLED:
            if session.snapshot.state.shoe.cards_left < 6:
                break
            session.next_round()
            session.deal()
    left = session.snapshot.state.shoe.cards_left
    assert 0 < left < 6
    qtbot.waitUntil(lambda: "too few" in window.status.odds_title.text(), timeout=10000)
    assert f"{left} cards left" in window.status.odds_title.text() and "Ctrl+N" in window.status.odds_title.text()
    assert window.status.odds_text(Bet.BANKER, "Win") == "—"


def test_the_status_counts_a_card_set_aside_apart_from_the_burn(qtbot, table_factory):
    window = table_factory("manual")
    session = window.session
    for code in ["3S", "KH", "QD", "5C", "9S", "KH", "QD", "5C"]:  # the burn (a 3 and three more), a round
        session.enter_card(code)
    session.enter_card("7H")  # after the round: held
    assert session.discard_held() is None
    synced(qtbot, window)
    text = window.status.burn.text()
    assert "Burn done: 3♠ + 3 more" in text and "1 set aside" in text


def no_burn_rules():
    from dealer_assist.shoe import ShoeRules
    from dealer_assist.table.state import TableRules

    return TableRules(shoe=ShoeRules(burn=False))


def test_after_a_typed_card_the_table_keys_act_again(qtbot, table_factory):
    """The cursor stayed in the card field: the next K was typed into it ("k5D" refused), and N
    (next round) went into the field instead of starting the round.  While a card is still due the field
    keeps it (qaQ F4), and K typed before each card, the habit, is the key, not a king."""
    window = table_factory("manual", rules=no_burn_rules())
    session = window.session
    for code in ["9S", "KH", "QD", "5C"]:  # a natural: the round is settled
        press_focused(qtbot, window, Qt.Key.Key_K)
        assert window.entry.field.hasFocus()
        press_focused(qtbot, window, None, code)
        press_focused(qtbot, window, Qt.Key.Key_Return)
        assert window.entry.last_error is None, window.entry.last_error
        assert window.entry.field.hasFocus() == session.card_due() and window.entry.field.text() == ""
    assert [c.code for c in session.state.round.cards] == ["9S", "KH", "QD", "5C"]
    assert session.state.phase == TablePhase.SETTLED and not window.entry.field.hasFocus()
    press_focused(qtbot, window, Qt.Key.Key_N)
    assert session.state.round_no == 2 and session.state.phase == TablePhase.BETTING


def test_a_card_refused_keeps_the_cursor_in_the_field_to_type_it_again(qtbot, table_factory):
    window = table_factory("manual", rules=no_burn_rules())
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, None, "9Z")  # a rank starts it: typed in (Z alone would go to the table)
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert "9Z" in window.entry.last_error  # the message names the bad input
    assert window.entry.field.hasFocus() and window.entry.field.selectedText() == "9Z"


def dealing(table_factory):
    """A display on typed cards (no burn), its bets locked: the window and its session."""
    window = table_factory("manual", rules=no_burn_rules())
    assert window.session.deal() is None
    return window, window.session


def _refused_card(qtbot, window):
    """A card code refused at Enter (9Z is refused at its Z while a card is due: no suit, qaAW F6)."""
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, None, "99")
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert window.entry.field.hasFocus() and window.entry.field.selectedText() == "99"


def test_after_a_refused_card_k_is_the_card_key_and_a_king_is_still_typed(qtbot, table_factory):
    """QA: K ZZ Enter (refused), then K 9H Enter sent "k9H": the K went into the field."""
    window, session = dealing(table_factory)
    _refused_card(qtbot, window)
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, None, "9H")
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert window.entry.last_error is None and [c.code for c in session.state.round.cards] == ["9H"]
    _refused_card(qtbot, window)
    press_focused(qtbot, window, None, "KS")  # typed over the refused card: the king of spades
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert window.entry.last_error is None and [c.code for c in session.state.round.cards] == ["9H", "KS"]


def test_after_a_refused_card_a_table_key_goes_to_the_table(qtbot, table_factory):
    """No card code starts with N, H or D: pressed on a refused card they are the table's keys."""
    window, session = dealing(table_factory)
    for code in ("9H", "2S", "KD", "3C"):
        assert session.enter_card(code) is None
    _refused_card(qtbot, window)
    press_focused(qtbot, window, Qt.Key.Key_N)
    assert session.state.round_no == 2 and not window.entry.field.hasFocus()


def test_after_a_refused_card_k_then_enter_types_a_king(qtbot, table_factory):
    """QA: K then Enter sent the refused card again (K alone is a king at baccarat)."""
    window, session = dealing(table_factory)
    _refused_card(qtbot, window)
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert window.entry.last_error is None and [c.rank for c in session.state.round.cards] == ["K"]


def test_after_k_with_an_empty_field_a_table_key_goes_to_the_table(qtbot, table_factory):
    """QA: K pressed by mistake, then +, X or D: they were typed into the field ("d") and nothing was dealt,
    where on a refused card the same keys went to the table. No card code starts with them: the table's."""
    window = table_factory("manual", rules=no_burn_rules())
    session = window.session
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, Qt.Key.Key_Plus)
    synced(qtbot, window)
    stake = session.state.betting.layout.total
    assert stake > 0 and window.entry.field.text() == "" and not window.entry.field.hasFocus()
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, Qt.Key.Key_X)
    assert session.state.betting.layout.total == 2 * stake and window.entry.field.text() == ""
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, Qt.Key.Key_N)  # N: no round to go on to, but the table's key, not the field's
    assert window.entry.field.text() == "" and not window.entry.field.hasFocus()


def test_after_k_with_an_empty_field_a_suit_is_the_king_s(qtbot, table_factory):
    """QA (blackjack): K D Enter, the king of diamonds typed rank then suit, doubled a hand. In both games
    a suit right after K is a king in the field: nothing is dealt until Enter, and Esc clears it."""
    window = table_factory("manual", rules=no_burn_rules())
    session = window.session
    session.place(1, Bet.PLAYER)
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, Qt.Key.Key_D)
    assert session.state.phase == TablePhase.BETTING and window.entry.field.text() == "KD"
    press_focused(qtbot, window, Qt.Key.Key_Escape)
    assert window.entry.field.text() == "" and not window.entry.field.hasFocus()
    press_focused(qtbot, window, Qt.Key.Key_D)  # at the table D deals
    assert session.state.phase == TablePhase.DEALING
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, Qt.Key.Key_S)
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert window.entry.last_error is None and [c.code for c in session.state.round.cards] == ["KS"]


@pytest.mark.parametrize("code", ["9H", "TD", "AS", "QC", "10H", "KS"])
def test_after_k_a_key_that_starts_a_card_code_is_typed_into_the_field(qtbot, table_factory, code):
    window, session = dealing(table_factory)
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, None, code)
    assert window.entry.field.text().upper() == code
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert window.entry.last_error is None and len(session.state.round.cards) == 1


def test_the_shoe_s_last_round_settled_says_ctrl_n_not_n(qtbot, table_factory):
    """QA: the round after the cut card settled with "— N: next round", and N then showed SHOE FINISHED."""
    window = table_factory("manual", rules=no_burn_rules())
    session = window.session
    assert session.cut_card() is None  # before the deal: this round is the shoe's last
    session.place(1, Bet.PLAYER)
    assert session.deal() is None
    for code in ("9S", "2H", "KD", "5C"):
        assert session.enter_card(code) is None
    synced(qtbot, window)
    reason = window.banner.reason.text()
    assert session.state.phase == TablePhase.SETTLED and window.banner.title.text() == "PLAYER WINS 9 TO 7"
    assert "N: next round" not in reason and reason.endswith("the shoe's last round: Ctrl+N twice starts a new shoe")
    for _ in range(2):  # what the reason says does what it says
        qtbot.keyClick(window.centralWidget(), Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    synced(qtbot, window)
    assert session.state.shoe_no == 2 and session.state.phase == TablePhase.BETTING
