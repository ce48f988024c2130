"""Limits no sum of the chips can meet are refused at start and at L, naming the bet and the gap (qaL F1).

Chips 5, 25, 100 with a Player bet of 7.00 to 9.00 started: 5 was below the minimum, 10 above the
maximum, and no smaller chip existed, so no Player bet could ever be dealt.  Blackjack likewise.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from hypothesis import given, strategies as st

from dealer_assist.chip_sums import ChipSums, no_stake_between
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableError, BlackjackTableRules, rules_from_config
from dealer_assist.table.config import ConfigError, load_config
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules


def test_a_baccarat_config_with_no_stake_between_the_limits_is_refused(tmp_path):
    path = tmp_path / "nostake.toml"
    path.write_text('[table]\nchips = ["5","25","100"]\n[limits.min]\nplayer = "7"\n[limits.max]\nplayer = "9"\n')
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    told = str(caught.value)
    assert "Player minimum 7.00 and maximum 9.00 leave no stake" in told
    assert "the nearest are 5.00 and 10.00" in told
    assert "raise limits.max.player to 10.00 or lower limits.min.player to 5.00" in told
    path.write_text('[table]\nchips = ["5","25","100"]\n[limits.min]\nplayer = "7"\n[limits.max]\nplayer = "10"\n')
    load_config(path)  # 10.00 is two chips of 5: the bet has its stake


def test_the_limits_dialog_refuses_them_and_keeps_the_limits_in_force(tmp_path):
    session = TableSession(TableRules(chips=(D("5"), D("25"), D("100"))), odds=False)
    before = session.state.rules.limits
    error = session.set_limits({"min": {"tie": "7"}, "max": {"tie": "9"}}, why="a tie table")
    assert error is not None and "Tie minimum 7.00 and maximum 9.00 leave no stake" in error
    assert "raise the Tie maximum to 10.00 or lower the Tie minimum to 5.00" in error
    assert session.state.rules.limits == before
    assert session.set_limits({"min": {"tie": "7"}, "max": {"tie": "10"}}, why="a tie table") is None
    session.close()


def test_a_blackjack_config_and_the_dialog_refuse_seat_limits_no_chips_meet():
    with pytest.raises(BlackjackTableError, match=r"seat minimum 6\.00 and maximum 9\.00 leave no stake.*nearest are "
                                                  r"5\.00 and 10\.00.*raise blackjack\.max_bet to 10\.00"):
        rules_from_config({"min_bet": "6", "max_bet": "9", "chips": ["5", "25"]})
    session = BlackjackSession(BlackjackTableRules(min_bet=D("5"), max_bet=D("500"), chips=(D("5"), D("25"))))
    error = session.set_limits("6", "9", why="quiet hour")
    assert error is not None and "leave no stake" in error and "raise the seat maximum to 10.00" in error
    assert (session.state.rules.min_bet, session.state.rules.max_bet) == (D("5"), D("500"))


@given(st.lists(st.integers(1, 40), min_size=1, max_size=4), st.integers(0, 120), st.integers(0, 60))
def test_the_gap_is_exactly_where_no_sum_of_chips_lies(chips, low, width):
    """Against counting every sum by brute force."""
    amounts = [D(c) for c in chips]
    top = low + width
    reachable = {0}
    for total in range(1, top + 1):
        if any(total - c in reachable for c in chips):
            reachable.add(total)
    fits = [s for s in reachable if s > 0 and low <= s <= top]
    gap = no_stake_between(amounts, D(low), D(top))
    assert (gap is None) == bool(fits)
    if gap is not None:
        below, above = gap
        under = [s for s in reachable if 0 < s <= top]
        assert below == (D(max(under)) if under else None)
        assert above > top and ChipSums.of(amounts).at_least(D(low)) == above
