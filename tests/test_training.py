"""Training drills: one right answer per case (from the rules core), scoring, progress, difficulty."""

from __future__ import annotations

import json
import os
import random
from decimal import Decimal

import pytest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.baccarat.round import play
from dealer_assist.baccarat.settlement import Wager
from dealer_assist.blackjack.round import Round
from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.cards import parse_cards
from dealer_assist.training import difficulty
from dealer_assist.training.blackjack_dealer import BlackjackDealerDrill
from dealer_assist.training.calling import CallingDrill
from dealer_assist.training.case import AnswerError, score, timed_out
from dealer_assist.training.feed import FeedError, ListFeed, ShoeFeed
from dealer_assist.training.payouts import PayoutDrill
from dealer_assist.training.progress import ProgressError, ProgressStore
from dealer_assist.training.scoring import PassMark, PassMarkError, summarize
from dealer_assist.training.session import DrillNameError, Settings, TrainingSession, parse_drills
from dealer_assist.training.third_card import ThirdCardDrill


def cards(text: str):
    return parse_cards(text.split())


def feeds(seed: int = 1):
    return {"baccarat": ShoeFeed(8, seed), "blackjack": ShoeFeed(1, seed)}


# -- third card: facts.md §1.6 examples are the ground truth -------------------------------------

@pytest.mark.parametrize("shoe, answers, categories", [
    ("9 K Q 5", ["N"], ["natural"]),
    ("A 6 A 6 6 3", ["P", "B"], ["player 0-5", "banker 0-2"]),
    ("2 A 3 2 8", ["P", "S"], ["player 0-5", "banker 3"]),       # banker 3 stands on an 8
    ("2 A 3 2 9 9", ["P", "B"], ["player 0-5", "banker 3"]),       # banker 3 draws on a 9
    ("10 2 4 2 A", ["P", "S"], ["player 0-5", "banker 4"]),      # banker 4 stands on an ace
    ("10 2 4 2 2 5", ["P", "B"], ["player 0-5", "banker 4"]),      # banker 4 draws on a 2
    ("10 3 4 2 3", ["P", "S"], ["player 0-5", "banker 5"]),      # banker 5 stands on a 3
    ("10 3 4 2 4 5", ["P", "B"], ["player 0-5", "banker 5"]),      # banker 5 draws on a 4
    ("10 3 4 3 7 A", ["P", "B"], ["player 0-5", "banker 6"]),      # banker 6 draws on a 7
    ("10 3 4 3 5", ["P", "S"], ["player 0-5", "banker 6"]),      # banker 6 stands on a 5
    ("6 3 10 3", ["S"], ["player stood, banker 6-7"]),
    ("7 2 10 3 9", ["B"], ["player stood, banker 0-5"]),
])
def test_third_card_answers_match_the_tableau_examples(shoe, answers, categories):
    feed = ListFeed(cards(shoe))
    cases = ThirdCardDrill().deal(feed, random.Random(0), 1)
    assert feed.left == 0   # the whole coup is taken from the shoe, the Banker's third card too
    assert [c.answers[0] for c in cases] == answers
    assert [c.category for c in cases] == categories


def test_a_wrong_third_card_call_is_explained_with_the_tableau_row():
    case = ThirdCardDrill().deal(ListFeed(cards("2 A 3 2 8")), random.Random(0), 1)[1]
    attempt = score(case, ["B"], 1.0)
    assert attempt.result == "wrong"
    text = attempt.feedback()
    assert "Tableau row Banker 3" in text and "stands on 8" in text
    assert "Right call: Banker stands (you said: Banker draws)" in text


def test_generated_third_card_cases_have_exactly_one_right_answer_and_it_is_where_the_next_card_goes():
    feed = ShoeFeed(8, 11)
    drill = ThirdCardDrill()
    rng = random.Random(2)
    for _ in range(150):
        for case in drill.deal(feed, rng, 1):
            q = case.questions[0]
            right = [c.key for c in q.choices if score(case, [c.key], 0.5).right]
            assert right == [case.answers[0]]
            # Replay the shown cards in deal order and deal one more: it must land where the call said.
            p, b = case.hands[0].cards, case.hands[1].cards
            order = [p[0], b[0], p[1], b[1]] + list(p[2:])
            rnd = play(order)
            if case.answers[0] in "PB":
                nxt = rnd.add(cards("5")[0])
                assert nxt.positions[-1].value == ("P3" if case.answers[0] == "P" else "B3")
            else:
                assert rnd.complete and rnd.outcome.natural == (case.answers[0] == "N")


# -- payouts: seed rounding, facts.md §0 -------------------------------------------------------------

def _payout_case(shoe: str, wagers):
    return PayoutDrill().baccarat_case(play(cards(shoe)), tuple(wagers))


def test_payout_answers_are_the_seed_roundings():
    # K 3 5 4 8: Banker 7 beats Player 3, five cards (Big).
    case = _payout_case("K 3 5 4 8", [Wager(1, Bet.BANKER, Decimal("10.05")), Wager(2, Bet.BANKER, Decimal("3.00")),
                                      Wager(2, Bet.BIG, Decimal("0.30")), Wager(3, Bet.PLAYER, Decimal("20.00"))])
    assert case.answers == ("9.54", "2.85", "0.16", "0.00", "0.66")
    assert case.category == "banker commission"
    attempt = score(case, ["9.55", "2.85", "0.16", "take", "0.66"], 3.0)
    assert attempt.result == "wrong" and attempt.wrong_questions == (0,)
    assert "10.05 x 0.95 = 9.5475, rounded down to the penny: pay 9.54" in attempt.feedback()
    assert "commission kept 10.05 - 9.54 = 0.51" in attempt.feedback()


def test_small_tie_and_pairs_pay_by_the_paytable():
    # 4 4 4 4: tie 8 to 8, four cards (Small), both pairs; Player/Banker push.
    case = _payout_case("4 4 4 4", [Wager(1, Bet.SMALL, Decimal("0.30")), Wager(1, Bet.TIE, Decimal("2.50")),
                                    Wager(2, Bet.PLAYER_PAIR, Decimal("1.10")), Wager(3, Bet.BANKER, Decimal("7.00"))])
    assert case.answers == ("0.45", "20.00", "12.10", "0.00", "0.00")
    assert "pushes" in case.explanation


def test_blackjack_payout_is_three_to_two_rounded_down_or_a_push_on_dealer_blackjack():
    drill = PayoutDrill(blackjack_share=1.0, settlement_share=0.0)
    rng = random.Random(5)
    seen = set()
    for _ in range(60):
        case = drill.deal(ShoeFeed(8, 1), rng, 2)[0]
        stake = Decimal(next(c for c in case.context if c.startswith("Seat 1:")).split()[-1])
        dealer = case.hands[1]
        dealer_bj = len(dealer.cards) == 2 and sorted(c.blackjack_value for c in dealer.cards) == [1, 10]
        cents = int(stake * 100)
        expected = "0.00" if dealer_bj else f"{cents * 3 // 2 // 100}.{cents * 3 // 2 % 100:02d}"
        assert case.answers == (expected,)
        seen.add(dealer_bj)
    assert seen == {False, True} or seen == {False}


def test_odd_stakes_come_from_level_two():
    rng = random.Random(3)
    level1 = {w.stake for _ in range(50) for w in PayoutDrill.wagers(rng, 1)}
    level2 = {w.stake for _ in range(50) for w in PayoutDrill.wagers(rng, 2)}
    assert all(s % 5 == 0 for s in level1)
    assert sum(s % 1 != 0 for s in level2) > 10


# -- blackjack ---------------------------------------------------------------------------------------

def _round(tokens: str, rules: HouseRules | None = None) -> Round:
    rnd = Round.start(1, rules or HouseRules())
    for t in tokens.split():
        rnd = rnd.act(1, t) if t in ("hit", "stand", "double", "split") else rnd.deal(t)
    return rnd


@pytest.mark.parametrize("tokens, rules, answer, category", [
    ("KS 5H QD", HouseRules(), "HS", "ten-value cards"),
    ("KS 5H QD", HouseRules(split_any_tens=True), "HSP", "pair"),
    ("5S 9H 5D", HouseRules(), "HSDP", "pair"),
    ("AS 9H 8D", HouseRules(), "HS", "soft hand"),            # hard 9 but soft 19: no double
    ("4S 9H 6D", HouseRules(), "HSD", "hard 9-11"),
    ("4S 9H 2D hit 3C", HouseRules(), "HS", "three or more cards"),
    ("5S 9H 5D split 6C", HouseRules(), "HS", "split hand"),   # no double after split
    ("5S 9H 5D split 6C", HouseRules(double_after_split=True), "HSD", "split hand"),
])
def test_allowed_actions_follow_the_house_rules(tokens, rules, answer, category):
    case = BlackjackDealerDrill(rules).action_case(_round(tokens, rules))
    assert case.answers == (answer,) and case.category == category
    if "D" not in answer:
        assert "Double refused" in case.explanation


@pytest.mark.parametrize("rules, answer", [(HouseRules(), "S"), (HouseRules(hits_soft_17=True), "H")])
def test_dealer_soft_17_stands_or_hits_by_the_house_rule(rules, answer):
    rnd = _round("TS 6H 9D stand AC", rules)  # dealer 6 + A = soft 17
    draws = rnd.due().to_dealer
    case = BlackjackDealerDrill(rules).dealer_case(rnd, draws)
    assert case.answers == (answer,) and case.category == "dealer soft 17"
    assert score(case, ["hit" if answer == "H" else "stand"], 1.0).right


def test_generated_blackjack_cases_agree_with_the_round():
    drill = BlackjackDealerDrill()
    feed, rng = ShoeFeed(1, 3), random.Random(3)
    kinds = set()
    for _ in range(80):
        for case in drill.deal(feed, rng, 1):
            kinds.add(case.category)
            if case.questions[0].name == "dealer":
                dealer = case.hands[0].cards
                total = sum(c.blackjack_value for c in dealer)
                soft = any(c.rank == "A" for c in dealer) and total + 10 <= 21
                best = total + 10 if soft else total
                if case.category.startswith("dealer"):
                    assert case.answers == ("H" if best < 17 else "S",)
    assert {"dealer soft 17", "pair", "three or more cards"} & kinds


def test_calling_answers_are_the_outcome():
    case = CallingDrill.case(play(cards("K 3 5 4 8")))
    assert case.answers == ("3", "7", "B")
    assert score(case, ["3", "7", "banker"], 2.0).right
    assert score(case, ["3", "8", "B"], 2.0).wrong_questions == (1,)


# -- answers and scores ------------------------------------------------------------------------------

def test_unreadable_answers_are_refused_and_nothing_is_scored():
    session = TrainingSession(Settings(cases=3), feeds(), seed=1)
    case = session.next_case()
    with pytest.raises(AnswerError, match="'Q'.*type P"):
        session.submit(case, ["Q"], 1.0)
    assert session.attempts == []
    pay = _payout_case("K 3 5 4 8", [Wager(1, Bet.BANKER, Decimal("10.05"))])
    with pytest.raises(AnswerError, match="9.5x"):
        pay.normalize(["9.5x", "0.51"])
    # an amount past the penny is read as written and scored (wrong): refused, it hinted at rounding
    assert pay.normalize(["9.5475", "0.51"]) == ("9.5475", "0.51")
    assert pay.normalize(["9.540", "0.510"]) == ("9.54", "0.51")


def test_right_wrong_and_timeouts_are_scored():
    case = ThirdCardDrill().deal(ListFeed(cards("2 A 3 2 8")), random.Random(0), 1)[1]
    assert score(case, ["s"], 2.0, limit=3).result == "right"
    assert score(case, ["banker stands"], 2.0, limit=3).result == "right"
    assert score(case, ["B"], 2.0, limit=3).result == "wrong"
    assert score(case, ["S"], 3.5, limit=3).result == "timeout"      # right but too late
    assert score(case, ["S"], 30.0).result == "right"                 # no limit set
    late = timed_out(case, 3.2)
    assert late.result == "timeout" and late.given == (None,) and "Time is up" in late.feedback()


def test_the_summary_tells_a_late_right_answer_from_a_wrong_one():
    """The summary dropped feedback's first line: a right answer given too late was listed as a
    mistake with only the case's explanation, like a wrong one with nothing to say why."""
    case = ThirdCardDrill().deal(ListFeed(cards("2 A 3 2 8")), random.Random(0), 1)[1]
    late, wrong, missed = (score(case, ["S"], 3.5, limit=3), score(case, ["B"], 1.0, limit=3),
                           timed_out(case, 3.2))
    text = "\n".join(summarize([late, wrong, missed], PassMark(0.5, 3.0)).lines())
    assert "Time is up: right, but after 3.5 s." in text
    assert "Time is up (3.2 s)." in text and "(you said: no answer)" in text
    assert "(you said: " in text.split("Time is up: right")[1].split("Time is up (3.2")[0]  # the wrong one says what was given


def test_summary_accuracy_speed_and_pass_mark():
    third = ThirdCardDrill().deal(ListFeed(cards("2 A 3 2 8")), random.Random(0), 1)[1]
    pay = _payout_case("K 3 5 4 8", [Wager(1, Bet.BANKER, Decimal("10.05"))])   # two decisions
    attempts = [score(third, ["S"], 1.0), score(third, ["S"], 2.0), score(third, ["B"], 1.0),
                score(pay, ["9.54", "0.51"], 5.0)]
    mark = PassMark(0.5, 2.0)
    s = summarize(attempts, mark)
    o = s.overall
    assert (o.cases, o.right, o.wrong, o.timeouts, o.decisions) == (4, 3, 1, 0, 5)
    assert o.accuracy == pytest.approx(0.75)
    assert o.mean_seconds == pytest.approx((1 + 2 + 1 + 2.5 + 2.5) / 5)
    # Right within 2 s per decision: 1.0 and 2.0 only (the payout took 2.5 s per decision).
    assert o.within == pytest.approx(2 / 5) and not s.passed
    assert summarize(attempts, PassMark(0.4, 3.0)).passed
    assert [m.case.category for m in s.mistakes] == ["banker 3"]
    assert {d.name for d in s.drills} == {"third-card", "payouts"}
    with pytest.raises(PassMarkError):
        PassMark(1.5, 3)


def test_one_wrong_amount_costs_one_decision_not_the_cases_others():
    """A payout case with one amount wrong counted all its amounts wrong: one slip failed a payouts exam,
    and the summary's "N of M decisions right" was false (qaP F1)."""
    third = ThirdCardDrill().deal(ListFeed(cards("2 A 3 2 8")), random.Random(0), 1)[1]
    pay = _payout_case("K 3 5 4 8", [Wager(1, Bet.BANKER, Decimal("10.05"))])   # two decisions
    right_pay = score(pay, ["9.54", "0.51"], 2.0)
    assert right_pay.right
    slip = score(pay, ["9.54", "0.52"], 2.0)
    assert slip.result == "wrong" and slip.right_decisions == 1
    late = score(pay, ["9.54", "0.51"], 9.0, limit=3)
    assert late.result == "timeout" and late.right_decisions == 0
    s = summarize([score(third, ["S"], 1.0), slip, late], PassMark(0.5, 3.0))
    assert (s.overall.good, s.overall.decisions) == (2, 5)
    assert "2 of 5 decisions right in time" in "\n".join(s.lines())


# -- sessions and difficulty -------------------------------------------------------------------------

def test_session_rotates_drills_and_ends_by_cases_or_minutes():
    now = [0.0]
    session = TrainingSession(Settings(drills=parse_drills("mixed"), minutes=1, cases=None), feeds(), seed=2,
                              clock=lambda: now[0])
    drills = []
    while len(set(drills)) < 4:
        case = session.next_case()
        drills.append(case.drill)
        session.submit(case, case.answers, 1.0)
    assert set(drills) == {"third-card", "payouts", "calling", "blackjack-dealer"}
    assert not session.finished
    now[0] = 61.0
    assert session.finished
    with pytest.raises(DrillNameError, match="poker"):
        parse_drills("third-card,poker")


def _share(level: int, records=None, n: int = 120) -> dict[str, int]:
    session = TrainingSession(Settings(level=level, minutes=None), feeds(7), seed=7,
                              records={"third-card": records} if records else None)
    counts: dict[str, int] = {}
    for _ in range(n):
        case = session.next_case()
        counts[case.category] = counts.get(case.category, 0) + 1
    return counts


def test_level_two_picks_the_banker_3_to_6_rows():
    hard = ThirdCardDrill.hard
    as_dealt = _share(1)
    focused = _share(2)
    share1 = sum(v for k, v in as_dealt.items() if k in hard) / sum(as_dealt.values())
    share2 = sum(v for k, v in focused.items() if k in hard) / sum(focused.values())
    assert share2 > 0.6 and share2 > share1 + 0.3


def test_level_three_picks_the_trainees_weak_spots():
    record = {c: {"seen": 50, "wrong": 0} for c in ThirdCardDrill.categories}
    record["player stood, banker 0-5"] = {"seen": 20, "wrong": 12}
    counts = _share(3, record, n=60)
    assert counts.get("player stood, banker 0-5", 0) > 30
    weights = difficulty.weights(ThirdCardDrill.categories, ThirdCardDrill.hard, 3, record)
    assert max(weights, key=weights.get) == "player stood, banker 0-5"
    with pytest.raises(difficulty.LevelError):
        Settings(level=4)


def test_a_real_source_is_never_skipped_through():
    class RealShoe(ListFeed):
        can_skip = False

    feed = RealShoe(cards("9 K Q 5  2 A 3 2 8"))
    session = TrainingSession(Settings(level=2, minutes=None), {"baccarat": feed}, seed=1)
    got = [session.next_case().category for _ in range(3)]
    assert got == ["natural", "player 0-5", "banker 3"]   # every hand as dealt, none thrown away
    with pytest.raises(FeedError):
        session.next_case()


# -- progress ----------------------------------------------------------------------------------------

def _finished_session(seed: int, wrong_every: int = 3) -> TrainingSession:
    session = TrainingSession(Settings(drills=("third-card", "payouts"), cases=9), feeds(seed), seed=seed)
    i = 0
    while not session.finished:
        case = session.next_case()
        i += 1
        answers = list(case.answers)
        if i % wrong_every == 0:
            q = case.questions[0]
            answers[0] = next(c.key for c in q.choices if c.key != q.answer) if q.choices else "999.99"
        session.submit(case, answers, 1.5)
    return session


def test_progress_survives_a_restart(tmp_path):
    path = tmp_path / "sub" / "training.json"
    store = ProgressStore(path)
    s1 = _finished_session(1)
    store.record("ana", s1.summary(), "third-card,payouts")
    store.record("ben", _finished_session(2, wrong_every=100).summary(), "third-card,payouts")
    again = ProgressStore(path)                    # a new process reading the file
    assert again.trainees == ["ana", "ben"]
    sessions = again.sessions("ana")
    assert len(sessions) == 1 and sessions[0]["overall"]["cases"] == 9 and sessions[0]["overall"]["wrong"] == 3
    seen = sum(v["seen"] for v in again.trainee("ana")["categories"].values())
    wrong = sum(v["wrong"] for v in again.trainee("ana")["categories"].values())
    # each rule a case asks about is seen once, each rule answered wrong is wrong once (a payout case's bets)
    assert (seen, wrong) == (sum(len(a.case.categories) for a in s1.attempts), sum(len(a.missed) for a in s1.attempts))
    assert seen >= 9 and wrong >= 3
    assert sum(v["wrong"] for v in again.record_for("ana", "third-card").values()) == \
        sum(not a.right for a in s1.attempts if a.case.drill == "third-card")
    again.record("ana", _finished_session(3).summary(), "third-card,payouts")
    assert len(ProgressStore(path).sessions("ana")) == 2
    # no temporary file left (the lock file stays, as the journal's does)
    assert sorted(p.name for p in path.parent.iterdir()) == ["training.json", "training.json.lock"]


def test_a_bad_progress_file_is_refused_and_left_as_it_is(tmp_path):
    path = tmp_path / "training.json"
    path.write_text("{not json")
    with pytest.raises(ProgressError, match="cannot read.*left as it is"):
        ProgressStore(path)
    assert path.read_text() == "{not json"
    path.write_text(json.dumps([1, 2]))
    with pytest.raises(ProgressError, match="not a dealer-assist training progress file"):
        ProgressStore(path)


def test_a_failed_save_keeps_the_old_progress(tmp_path, monkeypatch):
    path = tmp_path / "training.json"
    store = ProgressStore(path)
    store.record("ana", _finished_session(1).summary(), "third-card")
    before = path.read_text()

    def disk_full(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(ProgressError, match="cannot save.*No space left"):
        store.record("ana", _finished_session(2).summary(), "third-card")
    monkeypatch.undo()
    assert path.read_text() == before and len(store.sessions("ana")) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["training.json", "training.json.lock"]   # no temporary file


def test_the_calling_drill_drops_the_tens_it_names_twenty_from_twenty_four():
    """Seed 000 keeps only the last digit: 7 + 8 + 9 = 24 drops 20, which the explanation called "the ten"."""
    from dealer_assist.baccarat.round import play
    from dealer_assist.cards import parse_cards
    from dealer_assist.training.calling import CallingDrill

    case = CallingDrill().case(play(parse_cards("7S 3H 8H 4D 9D".split())))
    assert "7 + 8 + 9 = 24, drop the 20: 4" in case.explanation and "drop the ten" not in case.explanation
