"""Space adds a chip at baccarat and deals at blackjack: each game's F1 help says so beside it (qaQ F13: a
croupier of both games pressed Space to deal at baccarat and added a chip to a bet unseen)."""

from __future__ import annotations

from dealer_assist.ui.keys import help_lines


def test_each_game_s_help_names_the_other_game_s_space():
    from dealer_assist.ui.blackjack.window import KEYS as BLACKJACK

    baccarat = next(what for _, keys, what in help_lines() if "Space" in keys.split(" / "))
    blackjack = next(what for keys, _, what in BLACKJACK if "Space" in keys)
    assert "Space deals at blackjack" in baccarat and "D deals" in baccarat
    assert "at baccarat Space adds a chip" in blackjack
