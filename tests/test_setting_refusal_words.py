"""Refusals of a setting name the range the value must be in, in plain words (qaAG F1, F12)."""

from __future__ import annotations

import pytest

from dealer_assist.shoesim.device import VirtualShoe
from dealer_assist.table.blackjack_state import BlackjackTableError, rules_from_config


@pytest.mark.parametrize("decks", [0, 17])
def test_blackjack_decks_out_of_range_names_both_bounds(decks):
    with pytest.raises(BlackjackTableError) as refused:
        rules_from_config({"decks": decks})
    assert f"decks = {decks}" in str(refused.value) and "1 to 16" in str(refused.value)


@pytest.mark.parametrize("decks, article", [(8, "an"), (6, "a"), (11, "an"), (1, "a")])
def test_shoe_sim_cut_refusal_reads_as_english(decks, article):
    with pytest.raises(ValueError, match=f"in {article} {decks}-deck shoe"):
        VirtualShoe(decks=decks, cut=-1)
