"""A replay says what live said at each correction, and who authorised it and why (qaAX H2: an auditor stepping
through a dispute saw the voided card simply vanish, and no screen named the supervisor or the reason)."""

from __future__ import annotations

from decimal import Decimal

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.replay import ReplaySource
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from dealer_assist.table.supervisor import Supervisor, SupervisorRoster, hash_pin

ANA = Supervisor("Ana", hash_pin("4821", n=2 ** 10))
BO = Supervisor("Bo", hash_pin("9876", n=2 ** 10))
RULES = TableRules(shoe=ShoeRules(burn=False))


def replay_messages(path, session) -> list[str]:
    """Each message line the replay showed as it stepped through the journal at ``path``, in order."""
    session.follow_record()
    source = ReplaySource(path, interval=3600)
    source.set_sink(session.handle)
    said = []
    while source.step() is not None:
        message = session.snapshot.message
        if message and (not said or said[-1] != message):
            said.append(message)
    session.close()
    return said


def test_the_replay_of_a_baccarat_table_says_each_correction_as_live_did_with_who_and_why(tmp_path):
    path = tmp_path / "b.sqlite"
    live = TableSession(RULES, journal=Journal.open(path), supervisors=SupervisorRoster([ANA, BO]), odds=False)
    said = []

    def do(error):
        assert error is None
        said.append(live.snapshot.message)

    live.place(1, Bet.BANKER, Decimal("50"))
    live.deal()
    live.enter_card("9S")
    live.enter_card("8C")
    do(live.void_last_card("Ana", "4821", "typo 8C was 2C"))
    live.enter_card("2C")
    live.enter_card("KD")
    do(live.void_round("Bo", "9876", "misdeal: card flashed"))
    live.deal()
    for code in ["4S", "4H", "KC", "QS", "4C", "5D"]:
        assert live.enter_card(code) is None
    do(live.correct_bets("Ana", "4821", "chip on wrong bet seat 2"))
    do(live.deal())
    assert live.next_round() is None
    do(live.set_limits({"max": {"banker": "500"}}, "Ana", "4821", "high roller left"))
    live.close()

    assert said[0] == "card 8♣ voided [authorised by Ana: typo 8C was 2C]"
    assert said[1].startswith("round voided: ") and said[1].endswith("[authorised by Bo: misdeal: card flashed]")
    assert said[2].startswith("the bets are open for correction") and "Ana: chip on wrong bet seat 2" in said[2]
    assert said[3].startswith("the round settled again")
    assert said[4] == "new limits in force [authorised by Ana: high roller left]"
    shown = replay_messages(path, TableSession(RULES, odds=False))
    assert [m for m in shown if m in said] == said


def test_the_replay_of_a_blackjack_table_says_the_void_as_live_did_with_who_and_why(tmp_path):
    path = tmp_path / "j.sqlite"
    rules = BlackjackTableRules(seats=3)
    live = BlackjackSession(rules, Journal.open(path), roster=SupervisorRoster([ANA]))
    said = []
    assert live.place(2, Decimal("10")) is None and live.deal() is None
    for code in ["5S", "KD", "6H"]:
        assert live.enter_card(code) is None
    assert live.act("hit") is None
    assert live.enter_card("8C") is None
    assert live.void_last("Ana", "4821", "typo 8C was 3C") is None
    said.append(live.snapshot.message)
    live.close()

    assert said[0].startswith("voided: card 8♣ to seat 2") and said[0].endswith("[authorised by Ana: typo 8C was 3C]")
    shown = replay_messages(path, BlackjackSession(rules))
    assert said[0] in shown
