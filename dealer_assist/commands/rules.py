"""``deal``, ``settle`` and ``odds``: the rules core from the command line."""

from __future__ import annotations

import argparse
import textwrap
from typing import Optional

from dealer_assist.commands.output import CommandError, emit_json


#: How blackjack's tokens are ordered (``deal --help``; the README shows the same example).
BLACKJACK_ORDER = """\
blackjack tokens, in table order (no hole card):
  1. the first card to each seat in turn, then the dealer's up card;
  2. the second card to each seat in turn;
  3. seat by seat, each hand's decisions (hit stand double split) and the
     cards they bring: a decision comes before the card it asks for (a
     blackjack needs none);
  4. the dealer's second card, only after every seat has finished, then
     any card the dealer draws (none when every hand is bust).

  dealer-assist deal --game blackjack TS 9H 8C stand 8D
      seat 1: 10S 8C = 18, stands; dealer: 9H up, then 8D = 17, stands
  dealer-assist deal --game blackjack --seats 2 TS 5D 9H 8C 7S stand hit 4C stand 8D
      seat 1: 10S 8C stands on 18; seat 2: 5D 7S, hits 4C, stands on 16;
      dealer: 9H up, 8D last

'TS 9H 8C 8D stand' is refused: seat 1's decision comes before the dealer's
second card. settle --game blackjack takes its TOKENs in the same order."""

PAIR_BY = "a pair is two cards of one rank (default) or of one value (a ten and a king)"
PAYTABLE = "standard (Banker pays 0.95), ez (a Banker 3-card 7 pushes) or super6 (a Banker 6 pays half)"
DECKS = ("decks in the shoe (default 8 for baccarat, 1 for blackjack): a card given more often than they hold it "
         "is refused")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("deal", help="play cards in draw order and say what the tableau does",
                              formatter_class=argparse.RawDescriptionHelpFormatter,
                              description=textwrap.fill(
                                  "Play cards in draw order (baccarat: P1 B1 P2 B2 [P3] [B3]) and show each card's "
                                  "position and the reason. A rank alone (9, K) is accepted.", 78),
                              epilog=BLACKJACK_ORDER)
    p.add_argument("--game", choices=("baccarat", "blackjack"), default="baccarat", help="the game (default baccarat)")
    p.add_argument("--seats", type=int, default=1, help="blackjack: number of seats (default 1)")
    p.add_argument("--decks", type=int, help=DECKS)
    p.add_argument("--pair-by", choices=("rank", "value"), default="rank", help=PAIR_BY)
    p.add_argument("--json", action="store_true", help="print JSON only")
    p.add_argument("--strict", action="store_true", help="cards after the end of the round are an error")
    p.add_argument("tokens", nargs="*", metavar="CARD", help="cards (and for blackjack: hit stand double split)")
    add_house_rule_flags(p)
    p.set_defaults(func=run_deal)

    s = subparsers.add_parser("settle", help="settle bets on a round",
                              description="Settle bets. Baccarat: --cards CARD... --bet SEAT:BET:STAKE. "
                                          "Blackjack: --game blackjack --seats N --bet SEAT:STAKE TOKEN..., the TOKENs in "
                                          "table order (see dealer-assist deal --help: the dealer's second card comes "
                                          "after the seats' decisions).")
    s.add_argument("--game", choices=("baccarat", "blackjack"), default="baccarat", help="the game (default baccarat)")
    s.add_argument("--seats", type=int, default=1, help="blackjack: number of seats (default 1)")
    s.add_argument("--decks", type=int, help=DECKS)
    s.add_argument("--cards", nargs="+", default=[], metavar="CARD", help="baccarat: the round's cards in draw order")
    s.add_argument("--bet", action="append", default=[], metavar="SEAT:BET:STAKE",
                   help="a stake, repeatable; baccarat bets: player banker tie player_pair banker_pair big small "
                        "(or p b t pp bp); blackjack: SEAT:STAKE")
    s.add_argument("--paytable", choices=("standard", "ez", "super6"), default="standard", help=PAYTABLE)
    s.add_argument("--tie-loses", action="store_true", help="Player/Banker bets lose on a tie (default: push)")
    s.add_argument("--pair-by", choices=("rank", "value"), default="rank", help=PAIR_BY)
    s.add_argument("--no-limits", action="store_true", help="do not check the table limits")
    s.add_argument("--strict", action="store_true", help="cards after the end of the round are an error")
    s.add_argument("--json", action="store_true", help="print JSON only")
    s.add_argument("tokens", nargs="*", metavar="TOKEN", help="blackjack: cards and actions in table order")
    add_house_rule_flags(s)
    s.set_defaults(func=run_settle)

    o = subparsers.add_parser("odds", help="exact odds and house edge of the seven baccarat bets",
                              description="Exact probabilities and house edge of every baccarat bet for a shoe "
                                          "of N decks after the cards seen so far.")
    o.add_argument("--decks", type=int, default=8, help="decks in the full shoe (default 8)")
    o.add_argument("--seen", nargs="*", default=[], metavar="CARD", help="cards already out of the shoe")
    o.add_argument("--paytable", choices=("standard", "ez", "super6"), default="standard", help=PAYTABLE)
    o.add_argument("--json", action="store_true", help="print JSON only")
    o.set_defaults(func=run_odds)


def _cards(texts: list[str]):
    from dealer_assist.cards import InvalidCardError, parse_cards

    try:
        return parse_cards(texts)
    except InvalidCardError as exc:
        raise CommandError(str(exc)) from None


def _shoe_after(texts: list[str], decks: int, given: str, places: Optional[list[int]] = None):
    """The shoe of ``decks`` decks once the cards ``texts`` have left it: how ``odds --seen`` and ``deal`` and
    ``settle`` of either game account for the cards given.  A card given more often than the shoe holds it is
    refused, naming its place among them (``given``, formatted with its place, 1 up unless ``places`` says;
    docs/RULES.md: never silently accepted, not even as a card that stays in the shoe); the table's "correct
    it by hand" is no remedy here."""
    from dealer_assist.shoe import ImpossibleCardError, Shoe, ShoeError, ShoeRules

    try:
        shoe = Shoe(rules=ShoeRules(decks=decks, burn=False))
        for place, text, card in zip(places or range(1, len(texts) + 1), texts, _cards(texts)):
            try:
                shoe = shoe.deal(card)
            except ImpossibleCardError as exc:
                raise CommandError(f"{exc.reason} ({decks} deck{'' if decks == 1 else 's'}): {given.format(place)} "
                                   f"({text!r}) is one too many; check the cards given, or give --decks N if the "
                                   "shoe holds more decks") from None
    except ShoeError as exc:
        raise CommandError(str(exc)) from None
    return shoe


def _baccarat_round(texts: list[str], pair_by: str, strict: bool, decks: Optional[int], given: str):
    """Play the cards in shoe order; cards after the round is complete stay in the shoe.

    They are returned as ``unused`` and named on stderr; ``--strict`` makes
    the first of them an error instead.  Every card given, the round's and
    those after it, is first counted out of a shoe of ``decks`` (a baccarat
    shoe's 8 when None): a copy more than it holds is refused.
    """
    import sys

    from dealer_assist.baccarat.round import BaccaratRound
    from dealer_assist.shoe import ShoeRules

    _shoe_after(texts, ShoeRules().decks if decks is None else decks, given)
    rnd = BaccaratRound((), pair_by)
    cards = _cards(texts)
    for i, (text, card) in enumerate(zip(texts, cards)):
        if rnd.complete:
            left = texts[i:]
            named = (f"card {i + 1} ({text!r}) is" if len(left) == 1 else
                     f"cards {i + 1}-{len(texts)} ({', '.join(repr(t) for t in left)}) are")
            message = f"{named} not needed: the round was complete after {i} cards ({rnd.due.banner}: {rnd.due.reason})"
            if strict:
                raise CommandError("too many cards: " + message)
            sys.stderr.write(f"dealer-assist: note: {message}; {'it stays' if len(left) == 1 else 'they stay'} "
                             "in the shoe\n")
            return rnd, cards[i:]
        rnd = rnd.add(card)
    return rnd, []


def run_deal(args: argparse.Namespace) -> int:
    if args.game == "blackjack":
        return _blackjack_deal(args)
    from dealer_assist.baccarat.report import round_json, round_text

    if not args.tokens:
        raise CommandError("no cards given: list the cards in draw order, e.g. dealer-assist deal 2 A 3 2 8 9")
    rnd, unused = _baccarat_round(args.tokens, args.pair_by, args.strict, args.decks, "card {} of those given")
    if args.json:
        emit_json({**round_json(rnd), "unused": [c.code for c in unused]})
    else:
        print(round_text(rnd))
        if unused:
            print("not needed (stay in the shoe): " + " ".join(c.label for c in unused))
    return 0


def _paytable(args: argparse.Namespace):
    from dataclasses import replace

    from dealer_assist.baccarat import paytable as pt

    table = {"standard": pt.STANDARD, "ez": pt.EZ, "super6": pt.SUPER_6}[args.paytable]
    return replace(table, tie_pushes=not getattr(args, "tie_loses", False), pair_by=getattr(args, "pair_by", "rank"))


def _parse_bacc_bet(text: str):
    from dealer_assist.baccarat.paytable import InvalidBetError, parse_bet
    from dealer_assist.baccarat.settlement import Wager
    from dealer_assist.money import InvalidAmountError, parse_money

    parts = text.split(":")
    if len(parts) != 3:
        raise CommandError(f"invalid bet {text!r}: write SEAT:BET:STAKE, e.g. 1:banker:10.05")
    from dealer_assist.table.config import MOST_SEATS

    try:
        seat = int(parts[0])
        if not 1 <= seat <= MOST_SEATS:
            raise ValueError
    except ValueError:
        raise CommandError(f"invalid seat {parts[0]!r} in bet {text!r}: seats are numbered 1 to {MOST_SEATS} "
                           "(the most a table has)") from None
    try:
        bet = parse_bet(parts[1])
        stake = parse_money(parts[2])
    except (InvalidBetError, InvalidAmountError) as exc:
        raise CommandError(f"bet {text!r}: {exc}") from None
    if stake <= 0:
        raise CommandError(f"bet {text!r}: the stake must be above zero")
    return Wager(seat, bet, stake)


def run_settle(args: argparse.Namespace) -> int:
    if args.game == "blackjack":
        return _blackjack_settle(args)
    from dealer_assist.baccarat.bets import Betting, BettingError, LimitError
    from dealer_assist.baccarat.report import round_json
    from dealer_assist.baccarat.settlement import settle
    from dealer_assist.money import fmt

    if not args.cards:
        raise CommandError("no cards given: --cards CARD... in draw order")
    if args.tokens:
        raise CommandError(f"unexpected {' '.join(args.tokens)!r}: baccarat cards go after --cards")
    if not args.bet:
        raise CommandError("no bets given: --bet SEAT:BET:STAKE, e.g. --bet 1:banker:10.05")
    paytable = _paytable(args)
    wagers = [_parse_bacc_bet(b) for b in args.bet]
    seen: dict[tuple, str] = {}
    for given, w in zip(args.bet, wagers):
        if (w.seat, w.bet) in seen:
            # One bet is one stake, its winnings rounded down once (QA: 1.01 twice paid 1.90, 2.02 once 1.91).
            raise CommandError(f"seat {w.seat}'s {w.bet.label} bet is given twice ({seen[w.seat, w.bet]!r} and "
                               f"{given!r}): give it once, with its whole stake")
        seen[w.seat, w.bet] = given
    if not args.no_limits:
        betting = Betting(paytable=paytable, seats=max(max(w.seat for w in wagers), 7))
        try:
            for w in wagers:
                betting = betting.place(w.seat, w.bet, w.stake)
            betting.lock()
        except BettingError as exc:
            said = exc.command_line if isinstance(exc, LimitError) else str(exc)
            raise CommandError(f"{said} (use --no-limits to settle anyway)") from None
    rnd, unused = _baccarat_round(args.cards, args.pair_by, args.strict, args.decks, "card {} of --cards")
    if rnd.outcome is None:
        raise CommandError(f"the round is not complete: {rnd.due.banner.lower()} ({rnd.due.reason}); give all its cards")
    result = settle(wagers, rnd.outcome, paytable)
    if args.json:
        emit_json({"outcome": {**round_json(rnd), "unused": [c.code for c in unused]}, **result.to_json()})
        return 0
    print(f"{rnd.due.banner} — {rnd.due.reason}")
    for line in result.paying_order:
        extra = f" (commission {fmt(line.commission)})" if line.commission else ""
        print(f"seat {line.seat} {line.bet.label:<12} {fmt(line.stake):>10}  {line.call}{extra}"
              + (f", returns {fmt(line.returns)}" if line.result != "lose" else ""))
    t = result.totals_json()
    print(f"stakes {t['stakes']}, paid {t['paid']}, commission {t['commission']}, house {t['house']}")
    return 0


def run_odds(args: argparse.Namespace) -> int:
    from dealer_assist import odds

    shoe = _shoe_after(args.seen, args.decks, "card {} of --seen")
    try:
        report = odds.shoe_odds(shoe.counts_left(), _paytable(args), decks=args.decks)
    except odds.OddsError as exc:
        raise CommandError(str(exc)) from None
    if args.json:
        emit_json(report.to_json())
        return 0
    print(f"{args.decks} deck{'' if args.decks == 1 else 's'}, {report.cards_left} cards left ({report.ms:.1f} ms)")
    print(f"{'bet':<12} {'win':>9} {'lose':>9} {'push':>9} {'house edge':>11}")
    for bet, o in report.bets.items():
        f = o.floats()
        print(f"{bet.label:<12} {f['win']:>9.6f} {f['lose']:>9.6f} {f['push']:>9.6f} {100 * f['house_edge']:>10.4f}%")
    return 0


def add_house_rule_flags(parser: argparse.ArgumentParser) -> None:
    """Blackjack house rules (facts.md §0 defaults; each flag changes one)."""
    g = parser.add_argument_group("blackjack house rules")
    g.add_argument("--h17", action="store_true", help="dealer hits soft 17")
    g.add_argument("--ties-push", action="store_true", help="ties push (default: the bank wins ties)")
    g.add_argument("--original-bet-only", action="store_true",
                   help="a dealer blackjack takes only the original bets (default: doubled and split stakes too)")
    g.add_argument("--split-any-tens", action="store_true", help="any two 10-value cards may be split")
    g.add_argument("--double-after-split", action="store_true", help="allow doubling after a split")


def _blackjack_rules(args: argparse.Namespace):
    from dealer_assist.blackjack.rules import HouseRules

    try:
        return HouseRules(decks=HouseRules().decks if args.decks is None else args.decks, hits_soft_17=args.h17,
                          ties_push=args.ties_push, dealer_blackjack_takes_all=not args.original_bet_only, split_any_tens=args.split_any_tens,
                          double_after_split=args.double_after_split)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def _blackjack_tokens(args: argparse.Namespace):
    """The house rules, once the card tokens are counted out of a shoe of their decks as baccarat's are: a copy
    more than it holds refused in the same words, not the display's "check the reader ... enter the card"."""
    from dealer_assist.blackjack import script

    rules = _blackjack_rules(args)
    cards = script.card_tokens(args.tokens)
    _shoe_after([text for _, text in cards], rules.decks, "token {}", [place for place, _ in cards])
    return rules


def _blackjack_deal(args: argparse.Namespace) -> int:
    from dealer_assist.blackjack import script

    rules = _blackjack_tokens(args)
    try:
        rnd = script.play_tokens(args.tokens, args.seats, rules)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    data = script.round_json(rnd)
    if args.json:
        emit_json(data)
    else:
        print(script.round_text(rnd))
    return 0


def _blackjack_limits(bets: dict) -> None:
    """Each seat's stake within the blackjack table's seat limits (its defaults), as the display
    checks them; the baccarat settle checks its table's limits alike."""
    from dealer_assist.money import fmt
    from dealer_assist.table.blackjack_state import BlackjackTableRules

    rules = BlackjackTableRules()
    for seat, stake in sorted(bets.items()):
        if not rules.min_bet <= stake <= rules.max_bet:
            side = "below the seat minimum" if stake < rules.min_bet else "above the seat maximum"
            limit = rules.min_bet if stake < rules.min_bet else rules.max_bet
            raise CommandError(f"seat {seat} stake {fmt(stake)} is {side} {fmt(limit)} "
                               "(use --no-limits to settle anyway)")


def _blackjack_settle(args: argparse.Namespace) -> int:
    from dealer_assist.blackjack import script

    if args.cards:
        raise CommandError("blackjack cards and actions are given as TOKENs after the options, not with --cards")
    try:
        bets = script.parse_bets(args.bet)
        if not args.no_limits:
            _blackjack_limits(bets)
        rnd = script.play_tokens(args.tokens, args.seats, _blackjack_tokens(args))
        data = script.settle_json(rnd, bets)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    if args.json:
        emit_json(data)
    else:
        print(script.settlement_text(rnd, bets))
    return 0
