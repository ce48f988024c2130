"""Blackjack as seed 002 plays it: hands, house rules, the round, settlement, deck checks.

Pure rules core: the standard library and :mod:`dealer_assist.cards` /
:mod:`dealer_assist.money` only.
"""

from dealer_assist.blackjack.deck import DeckLedger, Reconciliation
from dealer_assist.blackjack.hand import Hand
from dealer_assist.blackjack.round import Action, Due, Phase, Round
from dealer_assist.blackjack.rules import BlackjackError, HouseRules, RuleError
from dealer_assist.blackjack.settlement import Result, Settlement, settle

__all__ = [
    "Action", "BlackjackError", "DeckLedger", "Due", "Hand", "HouseRules", "Phase", "Reconciliation",
    "Result", "Round", "RuleError", "Settlement", "settle",
]
