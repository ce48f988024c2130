"""The blackjack window follows a round from the virtual shoe: keys, buttons, banner, hands, settlement, deck check."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import threading  # noqa: E402
from decimal import Decimal as D  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import QPoint, Qt  # noqa: E402

from blackjack_rounds import play_standing, split_and_double_seed  # noqa: E402
from focused_keys import press_focused  # noqa: E402
from dealer_assist.sources.virtual import VirtualShoe  # noqa: E402
from dealer_assist.table.blackjack_session import BlackjackSession  # noqa: E402
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules  # noqa: E402
from dealer_assist.ui.blackjack.window import BlackjackWindow  # noqa: E402


@pytest.fixture
def table(qtbot, show_window):
    session = BlackjackSession(BlackjackTableRules(seats=3))
    shoe = VirtualShoe(decks=1, seed=split_and_double_seed(), interval=60, demand=session.card_due)
    window = show_window(BlackjackWindow(session, shoe))
    shoe.start(session.handle)
    yield session, shoe, window
    shoe.stop()
    window.bridge.detach()


def synced(qtbot, window, session):
    """Wait until the window has drawn the session's newest snapshot (it arrives through the queued bridge)."""
    qtbot.waitUntil(lambda: window.rendered is not None and window.rendered.version == session.snapshot.version,
                    timeout=2000)


def press(qtbot, window, key):
    """A key as the croupier presses it: through the window's shortcut."""
    qtbot.keyClick(window, key)


def click_seat(qtbot, window, seat, shift=False):
    rect = window.table.seat_rect(seat)
    modifier = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    qtbot.mouseClick(window.table, Qt.MouseButton.LeftButton, modifier, QPoint(int(rect.center().x()), int(rect.center().y())))


def test_window_follows_a_round_with_a_split_and_a_double(qtbot, table):
    session, shoe, window = table
    assert window.banner.title.text() == "PLACE YOUR BETS"
    press(qtbot, window, Qt.Key.Key_4)  # the fourth chip: 25
    synced(qtbot, window, session)
    assert session.snapshot.chip == D("25") and window.chips.chosen == D("25")
    click_seat(qtbot, window, 1)
    click_seat(qtbot, window, 1)
    click_seat(qtbot, window, 1, shift=True)
    press(qtbot, window, Qt.Key.Key_3)  # 10
    click_seat(qtbot, window, 2)
    synced(qtbot, window, session)
    assert session.state.bets == ((1, D("25.00")), (2, D("10.00")))
    assert window.settlement.lines == ["seat 1: 25.00", "seat 2: 10.00"]
    assert not window.actions.buttons["hit"].isEnabled() and window.actions.buttons["deal"].isEnabled()
    press(qtbot, window, Qt.Key.Key_Space)
    synced(qtbot, window, session)
    assert session.state.phase == BlackjackPhase.PLAYING
    while session.card_due():
        shoe.deal_one()
    synced(qtbot, window, session)
    assert window.banner.title.text() == "SEAT 1: HIT / STAND / SPLIT"
    assert [n for n in ("hit", "stand", "double", "split") if window.actions.buttons[n].isEnabled()] == \
        ["hit", "stand", "split"]
    keys = {"hit": Qt.Key.Key_H, "stand": Qt.Key.Key_S, "double": Qt.Key.Key_D, "split": Qt.Key.Key_P}
    calls = []
    while session.state.phase == BlackjackPhase.PLAYING:
        while session.card_due():
            shoe.deal_one()
        synced(qtbot, window, session)
        if session.state.phase != BlackjackPhase.PLAYING:
            break
        seat, index = session.state.active
        hand = session.state.round.seat_hands(session.state.round_seat(seat))[index]
        allowed = session.snapshot.allowed
        assert window.banner.title.text().startswith(f"SEAT {seat}")
        call = ("split" if "split" in allowed and seat == 1 else "double" if "double" in allowed and seat == 2
                else "hit" if hand.total < 17 else "stand")
        version = session.snapshot.version
        press(qtbot, window, keys[call])
        assert session.snapshot.version > version, f"key for {call} did nothing: {window.last_error}"
        calls.append((seat, call))
    synced(qtbot, window, session)
    assert (1, "split") in calls and (2, "double") in calls
    state = session.state
    assert state.phase == BlackjackPhase.SETTLED
    assert window.banner.title.text() == state.round.dealer_prompt
    assert window.banner.title.text().startswith(("DEALER STANDS", "DEALER BUSTS", "DEALER BLACKJACK"))
    expected = []
    for h in state.settlement.hands:
        who = f"SEAT {h.seat}" + (f" hand {h.hand + 1}" if h.seat == 1 else "")
        call = {"win": f"PAY {h.pays:.2f}", "lose": "TAKE", "push": "PUSH"}[h.result.value]
        expected.append(f"{who}: {h.stake:.2f} {h.result.value} {call}")
    assert window.settlement.lines == expected and len(expected) == 3
    window.table.repaint()
    assert window.table.painted_version == session.snapshot.version
    for seat in (1, 2):  # the chip shows what the seat has in play, as the pay list does: split, doubled
        in_play = sum(h.stake for h in state.settlement.hands if h.seat == seat)
        assert window.table.drawn[f"CHIP {seat}"] == f"{in_play:.2f}" and in_play == 2 * state.stake(seat)
    press(qtbot, window, Qt.Key.Key_N)
    synced(qtbot, window, session)
    assert window.banner.title.text() == "PLACE YOUR BETS" and session.state.round_no == 2


def test_a_refused_decision_shows_the_rule_in_words_and_changes_nothing(qtbot, table):
    """qaM L1: the message ended "(rule: double_hard_9_10_11)", a name that means nothing at the table."""
    session, shoe, window = table
    session.place(1, D("25"))
    session.place(2, D("10"))
    session.deal()
    while session.card_due():
        shoe.deal_one()
    synced(qtbot, window, session)
    before = session.state
    press(qtbot, window, Qt.Key.Key_D)  # seat 1 holds a pair that is not 9, 10 or 11
    synced(qtbot, window, session)
    assert session.state is before
    shown = window.entry.message.text()
    assert "double refused: only on a hard 9, 10 or 11" in shown and "rule:" not in shown
    assert not window.actions.buttons["double"].isEnabled()


def test_snapshots_from_the_shoe_thread_are_drawn_on_the_gui_thread(qtbot, table):
    session, shoe, window = table
    threads = []
    window.bridge.snapshot.connect(lambda snap: threads.append(threading.current_thread()))
    session.place(1, D("25"))
    session.deal()
    shoe.interval = 0.01
    shoe.poke()
    qtbot.waitUntil(lambda: not session.card_due() and session.state.active is not None, timeout=3000)
    synced(qtbot, window, session)
    assert threads and all(t is threading.main_thread() for t in threads)
    assert len(session.state.round.cards) == 3  # the shoe stopped when a decision was due


def test_deck_check_panel_and_typed_cards(qtbot, table):
    session, shoe, window = table
    session.place(1, D("25"))
    session.deal()
    play_standing(session, shoe)
    dealt = session.state.ledger.dealt
    press(qtbot, window, Qt.Key.Key_C)
    synced(qtbot, window, session)
    assert window.banner.title.text() == "DECK CHECK"
    assert window.deck.buttons["return_stub"].isVisible() and not window.deck.buttons["new_deck"].isEnabled()
    press(qtbot, window, Qt.Key.Key_T)
    press(qtbot, window, Qt.Key.Key_K)
    assert window.entry.field.hasFocus()
    for card in dealt[:-1]:
        qtbot.keyClicks(window.entry.field, card.code)
        qtbot.keyClick(window.entry.field, Qt.Key.Key_Return)
        assert window.entry.last_error is None
    synced(qtbot, window, session)
    assert f"MISSING 1: {dealt[-1].label}" in window.deck.lines.text()
    qtbot.keyClicks(window.entry.field, "zz")
    qtbot.keyClick(window.entry.field, Qt.Key.Key_Return)
    assert window.entry.last_error is not None and window.entry.field.text() == "zz"
    window.entry.field.clear()
    qtbot.keyClicks(window.entry.field, dealt[-1].code.lower())
    qtbot.keyClick(window.entry.field, Qt.Key.Key_Return)
    synced(qtbot, window, session)
    assert "deck complete" in window.deck.lines.text() and window.deck.buttons["new_deck"].isEnabled()
    window.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    synced(qtbot, window, session)
    assert session.state.deck_no == 2 and window.deck.title.text() == "DECK 2"
    assert shoe.cards_left == 52  # the simulated shoe got the new deck too


def test_big_letters_at_full_hd(qtbot, table):
    session, shoe, window = table
    window.resize(1920, 1080)
    qtbot.waitUntil(lambda: window.unit == 1080 // 45, timeout=2000)
    assert window.banner.title.font().pixelSize() >= 70
    assert window.actions.buttons["hit"].font().pixelSize() >= 30


def test_run_blackjack_plays_rounds_by_itself_and_journals_them(qtbot, tmp_path):
    from dealer_assist.table.journal import Journal
    from dealer_assist.ui.blackjack.app import run_blackjack

    journal, shot = tmp_path / "bj.sqlite", tmp_path / "shot.png"
    code = run_blackjack("sim:5", journal=str(journal), seats=2, screenshot=str(shot), quit_after=2.5, auto=True,
                         turbo=True, size=(1280, 720))
    assert code == 0 and shot.stat().st_size > 10_000
    kinds = [e.kind for e in Journal.open(journal, readonly=True).entries()]
    assert kinds[0] == "shoe_start" and kinds.count("settlement") >= 1
    # the table reopens where it stopped: same journal, same state, nothing settled twice
    from dataclasses import replace

    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import BlackjackTableRules

    session = BlackjackSession(replace(BlackjackTableRules(), seats=2), journal=Journal.open(journal))
    try:
        assert session.recovered > 0 and len(session.state.history) == kinds.count("settlement")
    finally:
        session.close()


def test_unsure_read_and_refused_card_are_shown_until_dealt_with(qtbot, table):
    from dealer_assist.cards import parse_card
    from dealer_assist.events import CardRead

    session, shoe, window = table
    session.place(1, D("25"))
    session.deal()
    session.handle(CardRead(parse_card("9D"), "camera", 0.0, 0.5, candidates=(parse_card("9D"), parse_card("9H"))))
    synced(qtbot, window, session)
    assert window.banner.title.text() == "CONFIRM CARD" and "9♦ or 9♥" in window.entry.question.text()
    press(qtbot, window, Qt.Key.Key_Return)  # Enter accepts the read
    synced(qtbot, window, session)
    assert [c.code for c in session.state.round.cards] == ["9D"] and window.entry.question.text() == ""
    session.enter_card("TC")
    session.enter_card("7S")  # seat 1 now has 9+7 and must decide: a card is refused
    session.enter_card("2C")
    synced(qtbot, window, session)
    assert window.alerts.isVisible() and window.alerts.titles() == ["CARD 2♣ REFUSED"]
    press(qtbot, window, Qt.Key.Key_Escape)
    synced(qtbot, window, session)
    assert not window.alerts.isVisible() and session.snapshot.alerts == ()


def _typed(qtbot, window, code):
    press_focused(qtbot, window, Qt.Key.Key_K)
    assert window.entry.field.hasFocus()
    press_focused(qtbot, window, None, code)
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert window.entry.last_error is None, window.entry.last_error


def test_after_a_typed_card_hit_and_stand_act_again(qtbot, show_window):
    """The cursor stayed in the card field after a typed card: the next K went into it ("k5D"
    refused) and H was typed as an "h", so the seat never hit."""
    session = BlackjackSession(BlackjackTableRules(seats=3))
    window = show_window(BlackjackWindow(session, None))
    session.place(1, D("25"))
    session.deal()
    for code in ("TH", "6C", "5D"):  # seat 1: 10 and 5 (15); the dealer's up card a 6
        _typed(qtbot, window, code)
    assert not window.entry.field.hasFocus()
    synced(qtbot, window, session)
    assert "hit" in session.snapshot.allowed
    press_focused(qtbot, window, Qt.Key.Key_H)
    _typed(qtbot, window, "2S")  # 17
    assert [c.code for c in session.state.round.hands[0][0].cards] == ["TH", "5D", "2S"]
    press_focused(qtbot, window, Qt.Key.Key_S)
    assert "stand" not in session.snapshot.allowed


def test_at_the_deck_check_the_field_keeps_the_cursor_for_the_next_card(qtbot, table):
    session, shoe, window = table
    session.place(1, D("25"))
    session.deal()
    play_standing(session, shoe)
    press(qtbot, window, Qt.Key.Key_C)
    synced(qtbot, window, session)
    assert session.state.phase == BlackjackPhase.DECK_CHECK
    press_focused(qtbot, window, Qt.Key.Key_K)
    for card in session.state.ledger.dealt[:3]:
        press_focused(qtbot, window, None, card.code)
        press_focused(qtbot, window, Qt.Key.Key_Return)
        assert window.entry.last_error is None and window.entry.field.hasFocus()


def test_bets_are_placed_and_taken_off_with_the_keyboard_alone(qtbot, show_window):
    """A croupier's hands stay on the keys: a chip by its number, the seat by the arrows, + adds it
    and - takes it off (the mouse was the only way)."""
    session = BlackjackSession(BlackjackTableRules(seats=3))
    window = show_window(BlackjackWindow(session, None))
    chips = session.state.rules.chips
    press_focused(qtbot, window, Qt.Key.Key_2)  # the second chip
    press_focused(qtbot, window, Qt.Key.Key_Right)
    press_focused(qtbot, window, Qt.Key.Key_Plus)
    press_focused(qtbot, window, Qt.Key.Key_Plus)
    assert session.state.stake(2) == 2 * chips[1] and session.state.stake(1) == 0
    press_focused(qtbot, window, Qt.Key.Key_Minus)
    assert session.state.stake(2) == chips[1]
    for _ in range(5):  # the cursor stops at the last seat
        press_focused(qtbot, window, Qt.Key.Key_Right)
    press_focused(qtbot, window, Qt.Key.Key_Equal)
    assert session.state.stake(3) == chips[1] and window.table.cursor == 3
    synced(qtbot, window, session)
    keys = [(group, k) for group, k, _ in window.help_lines()]  # F1 lists them
    assert ("Chips", f"1-{len(chips)}") in keys and ("Table", "+ / =") in keys and ("Table", "-") in keys
    press_focused(qtbot, window, Qt.Key.Key_Space)  # deal: the bets lock
    assert session.state.phase == BlackjackPhase.PLAYING
    press_focused(qtbot, window, Qt.Key.Key_Minus)
    assert session.state.stake(3) == chips[1] and window.last_error


def test_without_size_the_blackjack_window_fits_the_screen(qtbot, tmp_path):
    """It opened at 1600x900 whatever the screen: on a 1280x720 one its keys and card field were off the
    bottom.  The offscreen screen is 800x800; the window's least size (960x540) still holds."""
    from PySide6.QtGui import QImage, QGuiApplication

    from dealer_assist.ui import theme
    from dealer_assist.ui.blackjack.app import run_blackjack

    shot = tmp_path / "shot.png"
    assert run_blackjack("sim:5", journal=str(tmp_path / "bj.sqlite"), seats=2, screenshot=str(shot),
                         quit_after=0.5) == 0
    free = QGuiApplication.primaryScreen().availableGeometry().size()
    image = QImage(str(shot))
    assert image.height() <= free.height() and image.height() < 900
    assert image.width() == max(theme.LEAST_WINDOW[0], min(1600, free.width()))


def test_the_deal_button_is_out_while_the_cut_card_is(qtbot, show_window):
    """Space was refused after CUT CARD OUT, but the DEAL button still looked pressable."""
    from dealer_assist.events import ShoeSignal
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    session = BlackjackSession()
    window = show_window(BlackjackWindow(session, None))
    assert session.place(1, D("10")) is None
    qtbot.waitUntil(lambda: window.actions.buttons["deal"].isEnabled(), timeout=2000)
    session.handle(ShoeSignal("sim", 0.0, "cut"))
    qtbot.waitUntil(lambda: not window.actions.buttons["deal"].isEnabled(), timeout=2000)
    assert session.snapshot.banner == "CUT CARD OUT"


def test_a_card_refused_while_a_decision_is_due_leaves_h_to_hit(qtbot, show_window):
    """QA: K TD Enter refused (a decision comes first); H and S were then typed into the field as "hs",
    no hit and no word, and the next K TD was "hskTD"."""
    session = BlackjackSession(BlackjackTableRules(seats=3))
    window = show_window(BlackjackWindow(session, None))
    session.place(1, D("25"))
    session.deal()
    for code in ("8H", "6D", "3C"):  # seat 1: 11; the dealer's up card a 6
        _typed(qtbot, window, code)
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, None, "TD")
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert window.entry.last_error is not None and window.entry.field.hasFocus()
    press_focused(qtbot, window, Qt.Key.Key_H)
    assert "hit" not in session.snapshot.allowed and session.card_due()
    assert window.entry.field.hasFocus()  # back in the field for the hit card: every card is typed here (qaQ F4)
    _typed(qtbot, window, "TD")
    assert [c.code for c in session.state.round.hands[0][0].cards] == ["8H", "3C", "TD"]


def test_a_chip_key_with_no_chip_behind_it_says_why(qtbot, show_window):
    """Keys 7, 8 and 9 at a table of six chips did nothing and said nothing (baccarat's said why)."""
    session = BlackjackSession(BlackjackTableRules(seats=3))
    window = show_window(BlackjackWindow(session, None))
    chips = session.state.rules.chips
    assert len(chips) == 6
    press_focused(qtbot, window, Qt.Key.Key_3)
    chosen = session.snapshot.chip
    for key, n in ((Qt.Key.Key_7, 7), (Qt.Key.Key_9, 9)):
        press_focused(qtbot, window, key)
        assert window.last_error == f"no chip {n}: this table has 6 chips (1-6)"
        assert session.snapshot.chip == chosen == chips[2]
    synced(qtbot, window, session)
    assert "no chip 9: this table has 6 chips (1-6)" in window.entry.message.text()
    press_focused(qtbot, window, Qt.Key.Key_6)
    assert session.snapshot.chip == chips[5] and window.last_error is None


def test_x_in_a_round_is_refused_at_its_first_press(qtbot, table):
    """qaM L3: X with the bets locked said "press X again to clear every seat's bets (nothing brings them
    back)", and the second X was refused: the round is being dealt.  Refused at once, it asks nothing."""
    session, shoe, window = table
    session.place(1, D("25"))
    assert session.deal() is None
    synced(qtbot, window, session)
    before = session.state
    press(qtbot, window, Qt.Key.Key_X)
    synced(qtbot, window, session)
    shown = window.entry.message.text()
    assert session.state is before and session.state.phase == BlackjackPhase.PLAYING
    assert "press X again" not in shown and "cannot clear bets: the round is being dealt" in shown
