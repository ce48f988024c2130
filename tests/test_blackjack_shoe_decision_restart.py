"""A blackjack table restarted between a decision keyed (D) and a DOUBLE_FEED its serial shoe reports (fixQA).

Live, a DOUBLE_FEED right after the last card read, with D keyed between them, says that card was dealt before D
and is not in doubt: the two cards came out after D, the first of them the double's card (qaAQ F3).  A restart
between D and the report did not know a decision was keyed after that card: the alert named seat 2's 2♣ as maybe
the unread card's and said to void it (Backspace), which voids seat 1's double.  Real bytes over a real pty.
"""

from __future__ import annotations

import pytest

from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.holds import AFTER_A_DOUBLE_FEED
from test_blackjack_shoe_faults import dealt, feed_alert, held, one_round_settled, restarted
from test_serial_blackjack_reads import BlackjackRig


@pytest.fixture
def table(tmp_path):
    made = BlackjackRig(tmp_path, BlackjackTableRules(seats=2))
    yield made
    made.close()


def test_a_double_feed_after_a_restart_between_d_and_the_report_names_the_double_card(table):
    s = dealt(table, {1: "10", 2: "25"}, "5S", "9D", "6D", "6H", "2C")  # seat 1: 5 6, seat 2: 9 2, dealer 6
    assert s.double() is None
    s = restarted(table)
    table.send("ERR", "DOUBLE_FEED", "two cards")  # the frame right after 2C's
    alert = feed_alert(table)
    assert "2♣" in alert.text and "not in doubt" in alert.text and "a card for seat 1" in alert.text, alert.text
    assert "Backspace" not in alert.action and "(K)" in alert.action and "a card for seat 1" in alert.action
    assert "played as seat 2" not in alert.text
    table.cards("KC")
    held(table, "KC", AFTER_A_DOUBLE_FEED)
    assert s.enter_card("3C") is None
    assert table.hands(1) == [["5S", "6H", "3C"]] and table.hands(2) == [["9D", "2C"]]


def test_a_double_feed_after_a_restart_with_no_decision_since_the_card_still_names_that_card(table):
    s = dealt(table, {1: "10", 2: "25"}, "5S", "9D", "6D", "6H", "2C")
    del s
    restarted(table)
    table.send("ERR", "DOUBLE_FEED", "two cards")
    alert = feed_alert(table)
    assert "2♣ was read just before this report and played as seat 2" in alert.text, alert.text
    assert "Backspace" in alert.action


def test_the_action_entry_names_the_place_due_after_it_and_an_older_journal_without_it_restarts_alike(
        table, monkeypatch):
    """The decision's entry carries ``due`` (new, optional); a journal written before it had none, and its restart
    takes the place due from the table when the decision is the round's last entry."""
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.journal import Journal

    entry = BlackjackSession._entry

    def older(op, old, new):
        kind, payload = entry(op, old, new)
        return kind, {k: v for k, v in payload.items() if k != "due"}

    s = dealt(table, {1: "10", 2: "25"}, "5S", "9D", "6D", "6H", "2C")
    with monkeypatch.context() as m:
        m.setattr(BlackjackSession, "_entry", staticmethod(older))
        assert s.double() is None
    s = restarted(table)
    table.send("ERR", "DOUBLE_FEED", "two cards")
    alert = feed_alert(table)
    assert "not in doubt" in alert.text and "a card for seat 1" in alert.text, alert.text
    assert s.enter_card("3C") is None  # seat 1's double card; the next: seat 2 stands, the dealer draws
    assert s.stand() is None
    with Journal.open(table.journal, readonly=True) as journal:
        actions = [e.payload for e in journal.entries() if e.kind == "action"]
    assert "due" not in actions[0] and actions[1]["action"] == "stand"
    assert actions[1]["due"] == s.state.describe_due() and "dealer" in actions[1]["due"], actions[1]


def test_a_double_feed_after_a_restart_once_the_round_is_settled_names_the_dealers_last_card_as_live(table):
    """fixQC: the last card was restored only while the round was being played; live, the dealer's last card is
    named by a DOUBLE_FEED right after it once the round is settled too."""
    one_round_settled(table)
    restarted(table, BlackjackTableRules(seats=2))
    table.send("ERR", "DOUBLE_FEED", "two cards")  # the frame right after 2C's
    alert = feed_alert(table)
    assert "2♣ was read just before this report and played as the dealer's card" in alert.text, alert.text
