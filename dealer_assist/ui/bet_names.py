"""The bets' short names, as the betting grid's header, the odds table and the pay list write them: six
letters at most, so that a narrow column never cuts them ("Banke…" for the Banker Pair, beside a Banker)."""

from __future__ import annotations

from dealer_assist.baccarat.paytable import Bet

SHORT = {Bet.PLAYER: "Player", Bet.BANKER: "Banker", Bet.TIE: "Tie", Bet.PLAYER_PAIR: "P Pair",
         Bet.BANKER_PAIR: "B Pair", Bet.BIG: "Big", Bet.SMALL: "Small"}
