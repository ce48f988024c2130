"""A read held as MOVED_UNSEEN (a zoned camera's card followed out of its box, then covered past its wait) where the box
it left is due next (rev35 R1, R3).

Enter played it there "as another of its code dealt to the box it left": the camera never sends this read for a copy
(a copy dealt comes as its own read), so it was the card itself, counted twice (baccarat Player 2♠ K♦ K♦, BANKER WINS
7 TO 2; blackjack seat 1 J♣ 4♦ 4♦), with no word.  Enter now plays nothing while the table counts the card.  The words
name each game's keys in the order they work: at baccarat Shift+V waits for Del, and no blackjack table names
baccarat's keys.
"""

from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import MOVED_UNSEEN, CardRead
from test_camera_zones import dealt, read
from zoned_blackjack import hands, table
from zoned_blackjack import read as bj_read


def unseen(session, code: str, seq: int, was: str) -> None:
    session.handle(CardRead(parse_card(code), "camera:x", time.time(), seq=seq, moved_from=was, doubt=MOVED_UNSEEN))


def cards_of(session) -> tuple[list[str], list[str]]:
    rnd = session.state.round
    return [c.code for c in rnd.player_cards], [c.code for c in rnd.banker_cards]


def test_baccarat_enter_does_not_play_the_player_card_again_where_the_player_draws(tmp_path):
    """P 2♠, B 4♥, P K♦, B 3♣; the K♦ pushed out of the Player's box and covered.  The Player (2) draws: the box it
    left is due, and Enter had played it there again."""
    session = dealt(tmp_path / "j.sqlite")
    for n, (code, zone) in enumerate((("2S", "player"), ("4H", "banker"), ("KD", "player"), ("3C", "banker")), 1):
        read(session, code, n, zone)
    unseen(session, "KD", 5, "player")
    assert session.state.round.due.hand == "player"
    held, message = session.snapshot.pending, session.snapshot.message
    assert held is not None and held.doubt == MOVED_UNSEEN
    said = session.confirm_pending()
    assert cards_of(session) == (["2S", "KD"], ["4H", "3C"]) and not session.state.history
    assert said is not None and said.startswith("Enter plays nothing: played at the place due, K♦ would count twice")
    assert session.snapshot.pending is held and session.snapshot.banner == "CONFIRM CARD"
    assert ("If it lies in the Banker box now, Del drops this read, then void the round (Shift+V) and type the cards "
            "in their places (K); if it still lies in the Player box, Del drops this read") in message
    assert "Enter then plays" not in message
    # The keys in the order named: Shift+V waits for Del, then voids the round.
    assert session.void_round() is not None and cards_of(session) == (["2S", "KD"], ["4H", "3C"])
    session.reject_pending()
    assert session.snapshot.pending is None
    assert session.snapshot.message == ("K♦ read dropped: the same card, moved. If it lies in the Banker box now, "
                                        "void the round (Shift+V) and type the cards in their places (K)")
    assert session.void_round() is None
    assert session.state.round is None or not session.state.round.cards
    session.close()


def test_baccarat_the_last_card_names_v_only_where_its_other_hand_is_due_once_voided(tmp_path):
    """P 2♠, B 4♥, P K♦: the K♦ (last) pushed out of the Player's box.  V voids it and the Player's place is due again,
    not the Banker's: V then Enter would put it back in the Player's hand, so the words name Del and Shift+V."""
    session = dealt(tmp_path / "j.sqlite")
    for n, (code, zone) in enumerate((("2S", "player"), ("4H", "banker"), ("KD", "player")), 1):
        read(session, code, n, zone)
    unseen(session, "KD", 4, "player")
    message = session.snapshot.message
    assert "Del drops this read, then void the round (Shift+V)" in message and "void it (V)" not in message
    assert session.confirm_pending().startswith("Enter plays nothing")
    assert cards_of(session) == (["2S", "KD"], ["4H"])
    session.close()


def test_blackjack_enter_does_not_play_the_card_again_in_the_seat_that_hit(tmp_path):
    """Seats 1 and 2: J♣, 5♥, 7♣, 4♦, 6♠; seat 1 (14) hits, and its 4♦ is pushed out of its box and covered.  Seat 1's
    card is due: Enter had played the 4♦ there again (J♣ 4♦ 4♦)."""
    session = table(tmp_path / "j.sqlite", (1, 2))
    for n, (code, zone) in enumerate((("JC", "seat 1"), ("5H", "seat 2"), ("7C", "dealer"), ("4D", "seat 1"),
                                      ("6S", "seat 2")), 1):
        bj_read(session, code, n, zone)
    assert session.hit() is None
    unseen(session, "4D", 9, "seat 1")
    held = session.snapshot.pending
    assert held is not None and held.doubt == MOVED_UNSEEN
    before = hands(session)
    assert before[1] == ["JC", "4D"]
    said = session.confirm_pending()
    assert hands(session) == before
    assert said is not None and said.startswith("Enter plays nothing: played at the place due, 4♦ would count twice")
    assert session.snapshot.pending is held
    session.close()


def test_the_held_words_name_no_other_game_s_keys():
    """The doubt is the red bar's at both games: it names no game's keys (blackjack showed baccarat's V and Shift+V,
    and both 'Enter then plays it where a card is due' after Shift+V)."""
    for key in ("baccarat", "blackjack", "Shift+V", "(V", "Backspace", "where a card is due"):
        assert key not in MOVED_UNSEEN
    assert "Enter plays nothing" in MOVED_UNSEEN and "Del drops this read" in MOVED_UNSEEN
