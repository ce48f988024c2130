"""A journal's entries as rounds: what ``journal export`` prints, as JSON records or CSV rows.

The entries are grouped by the ``"round"`` field of their payloads (the kinds
are listed in :mod:`dealer_assist.table.journal`).  Each round is given as it
finally stood, with its corrections and what they voided still listed; a
blackjack deck check is a record of its own.  Nothing is dropped: an entry the
export cannot place is listed under the round's ``other``.

A journal's export is written as it is read (:func:`write_export`): each record
as soon as no later entry can change it (:mod:`.export_plan` says when), so a
month's journal (~30k rounds) takes a few megabytes, not the ~1.3 GB of its
entries held whole.
"""

from __future__ import annotations

import csv
import io
import json
from collections import deque
from decimal import Decimal
from typing import Any, Callable, Deque, Dict, Iterable, Iterator, List, Optional, TextIO

from dealer_assist.baccarat.round import Position
from dealer_assist.money import InvalidAmountError, parse_money
from dealer_assist.table.export_plan import Plan, Router, carried_to, plan_records
from dealer_assist.table.rules_record import as_recorded_now

BET_ADD = ("bet_placed",)
BET_TAKE = ("bet_removed", "bet_undone")
#: The columns each bet's line fills (a blackjack line's ``hand``: which of a split seat's hands, from 0
#: as in the JSON export).
BET_COLUMNS = ("seat", "bet", "stake", "result", "pays", "returns", "commission", "hand")
#: Added last, so that the earlier columns keep their places: the round's typed cards (a typed card in
#: a round a shoe read is what a reviewer looks at first) and how many corrections it had.
#: What a ``card_assigned`` says of a read that waited for the croupier (see session_typed.held_record): carried to
#: the export's ``cards`` (qaU F8: a card held and played by Enter looked like a sure read there).
HELD_KEYS = ("held_for", "read_confidence", "confirmed", "corrects")
ROUND_AUDIT_COLUMNS = ("typed_cards", "corrections")
#: A blackjack row's own hand and the dealer's, from the round's outcome (qaY: the round's cards in the order dealt
#: said no seat, and the pit boss could not tell a seat's hand without the JSON export).
HAND_COLUMNS = ("hand_cards", "dealer_cards")
#: Where a voided or carried-over round's bets went ("shoe 2 round 1"): its rows are no money of their own, they were
#: dealt there (qaAE F2: an accountant summing the stake column counted them twice, and could not tell
#: "carried" from "returned").
CARRIED_COLUMN = "carried_to"
#: The statuses whose rows are money settled: the sum of their stakes is ``journal summary``'s stakes.
SETTLED_STATUSES = ("settled", "complete")
CSV_COLUMNS = ("round", "shoe", "game", "started", "ended", "status", "cards", "winner") + BET_COLUMNS \
    + ROUND_AUDIT_COLUMNS + HAND_COLUMNS + (CARRIED_COLUMN,)


def _body(payload: dict) -> dict:
    """An entry's payload as an export lists it beside the entry's own ``seq``: without the round
    (the record's key), and with a card source's own frame number (an op's ``seq``) named
    ``source_seq``, so it cannot stand for the journal's."""
    body = {k: v for k, v in payload.items() if k != "round"}
    if "seq" in body:
        body["source_seq"] = body.pop("seq")
    if isinstance(body.get("rules"), dict):  # a shoe's rules: a set an older journal wrote as its repr, a list
        body["rules"] = as_recorded_now(body["rules"])
    if isinstance(body.get("supervisors"), list):  # a roster entry: who, never the PIN hashes (QA)
        body["supervisors"] = [s.get("name") if isinstance(s, dict) else s for s in body["supervisors"]]
    return body


def _correction(entry: Any, body: dict, **extra: Any) -> dict:
    """A correction as an export lists it: its entry's ``seq`` and ``time``.  An older journal wrote the
    supervisor's correction at the top of the payload, with its own ``time`` (kept as ``stated_time``): it
    stood for the entry's, and a misdeal called at once read as two steps (rev31 R8)."""
    body = dict(body)
    if "time" in body:
        body["stated_time"] = body.pop("time")
    return {"seq": entry.seq, **extra, **body, "time": entry.time}


def rounds_from_entries(entries: Iterable[Any]) -> List[Dict[str, Any]]:
    """One dict per round, and one per blackjack deck check, in order of first appearance.

    A round is grouped from the entries carrying ``payload["round"]`` and shows
    the round as it finally stood: bets are the net of ``bet_placed`` minus
    ``bet_removed``/``bet_undone`` per seat and bet; a void takes its cards off
    ``cards`` into ``voided_cards`` and a settlement it took back (a card voided
    after the settlement, a round voided) out of ``settlement`` into
    ``voided_settlements``, each naming the correction (``voided_by``, its seq);
    the correction itself, with who and why, stays under ``corrections``.  A
    round voided as a misdeal is ``"voided"`` until it is dealt again under the
    same number.  The cards counted back at a blackjack deck check (from C to
    the new deck or back to play) make a record of their own, keyed
    ``deck_check``, not cards of the next round.  Kinds this export does not
    know are kept under ``other``; the entries of no round are
    :func:`table_entries`'s.  A whole journal's export streams them instead
    (:func:`iter_rounds`).
    """
    entries = list(entries)
    return list(iter_rounds(entries, plan_records(entries)))


def iter_rounds(entries: Iterable[Any], plan: Plan) -> Iterator[Dict[str, Any]]:
    """:func:`rounds_from_entries`'s records, each given as soon as it and every one before it are final
    (``plan`` is :func:`~dealer_assist.table.export_plan.plan_records` of the same entries)."""
    rounds = _Rounds()
    given = 0  # records given (or left out as empty) so far
    for position, entry in enumerate(entries):
        if position >= plan.entries or rounds.add(entry) > plan.records:
            raise JournalChangedError("the journal's entries changed while it was exported")
        while given < rounds.made and plan.finals[given] <= position:
            record = rounds.take()
            if given == plan.records - 1 or not ("round" in record and _empty(record)):
                yield record
            given += 1
    if given != plan.records:
        raise JournalChangedError("the journal's entries changed while it was exported")


class JournalChangedError(RuntimeError):
    """The second reading of the journal met other entries than the first (it cannot, read up to its
    verified head: entries are append-only)."""


class _Rounds:
    """The records being built, in the order they were made (see :func:`rounds_from_entries`)."""

    def __init__(self) -> None:
        self.router = Router()
        self.records: Dict[Any, Dict[str, Any]] = {}
        self.order: Deque[Any] = deque()  # the keys of ``records``, oldest first
        self.made = 0
        self.stakes: Dict[Any, Dict[tuple, Decimal]] = {}
        self.layouts: Dict[Any, List[Dict[str, Any]]] = {}  # the whole layout, where the session wrote it
        self.check: Optional[Dict[str, Any]] = None  # the deck check being counted
        self.receipts: List[Optional[Dict[str, Any]]] = []
        self.held: List[tuple] = []  # (card, where it came from) of the cards held after a round, in order
        self.dealt: set = set()  # the keys of the rounds still open that a ``deal`` entry closed the bets of
        self.frames: Dict[tuple, int] = {}  # (source, card) -> the video frame a camera last read it at
        self.begun: set = set()  # the keys of the rounds still open that a ``round_start`` (N) opened

    def _make(self, key: Any, record: Dict[str, Any]) -> None:
        self.records[key] = record
        self.order.append(key)
        self.made += 1

    def take(self) -> Dict[str, Any]:
        """The oldest record, final: its bets as they finally stood, and nothing more kept of it."""
        key = self.order.popleft()
        record = self.records.pop(key)
        if "round" in record:
            record["bets"] = _bets(key, self.stakes, self.layouts)
            del self.stakes[key]
            self.layouts.pop(key, None)
            if key not in self.dealt and _never_dealt(record) and not _empty(record):
                record["status"] = NOT_DEALT
            self.dealt.discard(key)
            self.begun.discard(key)
        return record

    def add(self, entry: Any) -> int:
        """Add one entry; how many records have been made so far."""
        payload = entry.payload
        if entry.kind == "card_held":
            self.held.append((payload.get("card"), payload.get("source")))
        elif entry.kind == "card_read" and isinstance(payload.get("frame"), int):
            self.frames[(payload.get("source"), payload.get("card"))] = payload["frame"]
        route = self.router.route(entry, self.records)
        if route.opened is not None:
            self.check, self.receipts = _new_deck_check(route.opened[1], entry, self.router.shoe), []
            self._make(route.opened, self.check)
        if route.carries:
            _carry_over(self.records, self.stakes, self.layouts, payload, route.last_round)
        if route.target is None:
            return self.made
        if route.target[0] == "deck_check":
            _add_to_deck_check(self.check, self.receipts, entry)
            if route.closes:
                self.check = None
            return self.made
        self._add_to_round(route.target, entry)
        return self.made

    def _add_to_round(self, key: Any, entry: Any) -> None:
        payload, kind = entry.payload, entry.kind
        number, shoe, held = key[2], self.router.shoe, self.held
        if key not in self.records:
            self._make(key, {"round": number, "shoe": payload.get("shoe", shoe), "game": None,
                             "started": entry.time, "ended": None, "status": "open", "first_seq": entry.seq,
                             "last_seq": entry.seq, "cards": [], "outcome": None, "bets": [], "settlement": None,
                             "corrections": [], "limit_changes": [], "voided_cards": [], "voided_settlements": [],
                             "alerts": [], "refused": [], "other": []})
            self.stakes[key] = {}
        record = self.records[key]
        record["last_seq"] = entry.seq
        body = _body(payload)
        if isinstance(payload.get("bets"), list) and kind != "settlement":
            self.layouts[key] = payload["bets"]
        if payload.get("game") and not record["game"]:
            record["game"] = payload["game"]
        if kind == "deal":
            self.dealt.add(key)
        if kind == "deal" or kind == "card_assigned" and record["status"] == "voided":
            if record["status"] == "voided":
                record["status"] = "open"  # the misdeal is dealt again under the same number
            # A blackjack deal voided (bets open again, the round's status unchanged) is dealt again by its deal.
            misdeals = [c for c in record["corrections"] if _voids_round(c) and "dealt_again" not in c]
            if misdeals:  # when, so the misdeal stays a step of the round's play (rev31 R9)
                misdeals[-1]["dealt_again"] = entry.time
        if kind == "card_held":  # held after the round, not refused: its card_refused entry goes to ``other``
            record["other"].extend(_unrefuse(record["refused"], payload))
        if kind == "round_start":
            record["game"] = payload.get("game")
            record["shoe"] = payload.get("shoe", record["shoe"])
            if key not in self.begun:
                # Its first N: an N pressed again after a V took the table back to the round before (nothing
                # placed on this one) leaves its start there, as a round's play begins at its N (qaAM F4: the
                # same table state was this round's play in one journal, no round's in another).
                record["started"] = entry.time
                self.begun.add(key)
        elif kind == "card_assigned" and isinstance(payload.get("placed"), list):
            # Held cards dealt by one entry (a no-bet hand, or the round a void reopened): each in its place.
            for p in (p for p in payload["placed"] if isinstance(p, dict)):
                # Where the held card came from ("keyboard" when typed), as the card it was held as.
                came = next((i for i, (card, _) in enumerate(held) if card == p.get("card")), None)
                source = held.pop(came)[1] if came is not None else None
                record["cards"].append({"card": p.get("card"), "position": p.get("position"),
                                        "source": source or "held", "seq": entry.seq})
        elif kind == "card_assigned":
            if payload.get("moved_from"):  # blackjack: the last card, moved by the camera to another box
                _void_cards(record, 1, entry.seq)
            # Where the card came from ("keyboard" when typed): a typed card in a round a shoe read
            # is what a reviewer looks at first.
            frame = self.frames.pop((payload.get("source"), payload.get("card")), None)
            record["cards"].append({"card": payload.get("card"), "position": payload.get("position"),
                                    "source": payload.get("source"), "seq": entry.seq,
                                    **({"frame": frame} if frame is not None else {}),
                                    **{k: payload[k] for k in HELD_KEYS if k in payload}})
        elif kind == "card_read":
            return  # the card's place in the round is the card_assigned entry
        elif kind == "card_refused":
            record["refused"].append({"seq": entry.seq, **body})
        elif kind in BET_ADD or kind in BET_TAKE:
            bet_key = (payload.get("seat"), payload.get("bet"))
            amount = _amount(payload.get("stake"))
            if amount is None and isinstance(payload.get("bets"), list):
                return  # an undo names no stake: the whole layout it left is the record (layouts)
            if amount is None:  # kept whole, and named, rather than counted as nothing
                record["other"].append({"seq": entry.seq, "kind": kind, **body,
                                        "problem": f"stake {payload.get('stake')!r} cannot be read as money"})
                return
            sign = 1 if kind in BET_ADD else -1
            stakes = self.stakes[key]
            stakes[bet_key] = stakes.get(bet_key, Decimal("0.00")) + sign * amount
        elif kind == "outcome":
            record["outcome"] = body
            _hands_as_played(record)
        elif kind == "settlement":
            record["settlement"] = body
            if record["status"] == "open":
                record["status"] = "settled"
        elif kind == "round_end":
            record["ended"] = entry.time
            if record["status"] in ("open", "settled"):
                record["status"] = "complete"
        elif kind == "correction" and payload.get("op") == "set_limits":
            # The table's limits, not the round's play: a slip of its own (qaAX M1: counted as the round's correction).
            record["limit_changes"].append(_correction(entry, body))
        elif kind == "correction":
            record["corrections"].append(_correction(entry, body))
            _apply_correction(record, payload, entry.seq, entry.time)
        elif kind == "card_set_aside" and isinstance(payload.get("correction"), dict):
            # At a table with supervisors a held card goes aside on a PIN: a correction like a void.
            record["corrections"].append(_correction(entry, body, kind=kind))
        elif kind == "alert":
            record["alerts"].append({"seq": entry.seq, **body})
        elif kind != "deal":
            record["other"].append({"seq": entry.seq, "kind": kind, **body})


def _hands_as_played(record: Dict[str, Any]) -> None:
    """A blackjack round's card positions as its outcome has the hands: a card is journaled where it was
    dealt, and a split moves a pair's second card to the new hand (QA: 8H stayed ``seat1.h0`` though it
    was hand 2's first card).  Each seat's cards are matched to its hands in the order they were dealt."""
    seats = (record.get("outcome") or {}).get("seats")
    if record.get("game") != "blackjack" or not isinstance(seats, list):
        return
    places: Dict[tuple, List[int]] = {}
    for seat in (s for s in seats if isinstance(s, dict)):
        for index, hand in enumerate(h for h in seat.get("hands") or () if isinstance(h, dict)):
            for code in hand.get("cards") or ():
                places.setdefault((seat.get("seat"), code), []).append(index)
    for card in record["cards"]:
        where = str(card.get("position") or "")
        if not where.startswith("seat") or ".h" not in where:
            continue
        seat = where[4:].split(".h")[0]
        free = places.get((int(seat) if seat.isdigit() else seat, card.get("card")))
        if free:
            card["position"] = f"seat{seat}.h{free.pop(0)}"


def _bets(key: Any, stakes: Dict[Any, Dict[tuple, Decimal]], layouts: Dict[Any, List[Dict[str, Any]]]) -> List[dict]:
    """A round's bets as they finally stood: the whole layout where the session wrote it (an empty layout
    is one: every bet taken back before the deal), else the bets placed and taken off, tallied."""
    if key in layouts:
        return layouts[key]
    return [{"seat": seat, "bet": bet, "stake": str(amount)} for (seat, bet), amount in stakes[key].items()
            if amount != 0]


def _unrefuse(refused: List[Dict[str, Any]], held: dict) -> List[Dict[str, Any]]:
    """Take out of ``refused`` the entry the table wrote for a card it then held (dealt or set aside later,
    never refused), matched by card, source and frame (journals before the entry said ``held`` too)."""
    same = (held.get("card"), held.get("source"), held.get("seq"))
    for n in range(len(refused) - 1, -1, -1):
        if (refused[n].get("card"), refused[n].get("source"), refused[n].get("source_seq")) == same:
            return [{"kind": "card_refused", **refused.pop(n)}]
    return []


#: The status of a round never dealt, in which something was still recorded (a card refused, read after the
#: cut card or before any bet; an alert; the table started again): qaR F8, it was "open", and a pit boss
#: looked for unsettled money.
NOT_DEALT = "not_dealt"


def _never_dealt(record: Dict[str, Any]) -> bool:
    """Whether a round's record, final, holds no bet, no card and nothing settled or corrected, but something
    else (a round with nothing at all is left out, see :func:`_empty`)."""
    return record["status"] == "open" and not any(record[k] for k in (
        "cards", "outcome", "bets", "settlement", "corrections", "voided_cards", "voided_settlements"))


def _empty(record: Dict[str, Any]) -> bool:
    return record["status"] == "open" and not any(record[k] for k in (
        "cards", "outcome", "bets", "settlement", "corrections", "limit_changes", "voided_cards", "voided_settlements",
        "alerts", "refused", "other"))


def _carry_over(records: Dict[Any, Dict[str, Any]], stakes: Dict[Any, Dict[tuple, Decimal]],
                layouts: Dict[Any, List[Dict[str, Any]]], payload: Dict[str, Any], last_round: Any) -> None:
    """A new shoe (blackjack: deck) keeps the bets on the layout (``open_bets``): they are the bets of its
    first round (a blackjack deck goes on with the round's number, a baccarat shoe starts at 1), and the
    round they were placed in (``last_round``, the round record made last), never dealt, is
    ``carried_over`` to it (QA: it was left ``open`` with its stakes, and blackjack's round played with
    them had none).  Carried again by the next new shoe before a deal, it names that one's round."""
    if not payload.get("open_bets"):
        return
    to = carried_to(payload)
    layouts[("round", to["shoe"], to["round"])] = payload["open_bets"]
    if last_round is not None:
        record = records[last_round]
        if record["status"] == "carried_over" or (record["status"] == "open" and not record["cards"]
                                                   and _bets(last_round, stakes, layouts)):
            record["status"] = "carried_over"
            record["carried_to"] = to
        elif record["status"] == "voided":
            # A misdeal's bets (and a payment to undo) carried to the new shoe's round, dealt again there (qaZ F7:
            # it read as a misdeal left voided, and the summary counted its settlement as settled again).
            record["carried_to"] = to
    paid_in = payload.get("paid_in")
    if isinstance(paid_in, dict):  # the misdealt round named: a round N closed, reopened, is not the last made
        paid = records.get(("round", paid_in.get("shoe"), paid_in.get("round")))
        if paid is not None and paid["status"] == "voided":  # (rev20 F7)
            paid["carried_to"] = to


def table_entries(entries: Iterable[Any]) -> List[Dict[str, Any]]:
    """The entries of no round (a refused PIN, a link lost, a device's HELLO, line noise), as the
    export lists them after the rounds: nothing the journal holds is missing from its export."""
    return list(iter_table_entries(entries))


def iter_table_entries(entries: Iterable[Any]) -> Iterator[Dict[str, Any]]:
    """:func:`table_entries`, one at a time."""
    for e in entries:
        if e.payload.get("round") is None or isinstance(e.payload.get("round"), (dict, list)):
            yield {"seq": e.seq, "time": e.time, "kind": e.kind, **_body(e.payload)}


def _voids_round(correction: Dict[str, Any]) -> bool:
    """Whether an exported correction (or a correction entry's payload) is a misdeal (older journals: the
    correction's action only): baccarat's Shift+V, or blackjack's deal voided, its bets open again ("After a
    misdeal (Shift+V, or at blackjack the deal voided too) the bets are open again", the README: qaAM F1,
    a blackjack round dealt anew was told as a card corrected)."""
    return (correction.get("op") == "void_round" or correction.get("action") == "void_round"
            or correction.get("op") == "void" and correction.get("voided") == "deal")


voids_round = _voids_round


def _apply_correction(record: Dict[str, Any], payload: Dict[str, Any], seq: int, time: Any = None) -> None:
    """What a correction took back from a round (the correction itself is already listed)."""
    op = payload.get("op")
    if op == "void_round" or payload.get("action") == "void_round":  # a misdeal; older journals: action only
        _void_cards(record, len(record["cards"]), seq)
        _take_back_settlement(record, seq, time)
        record["status"] = "voided"
    elif op == "void_card":  # baccarat: the last card; after the settlement it takes that back too
        _void_cards(record, 1, seq)
        _take_back_settlement(record, seq, time)
    elif op == "void" and payload.get("voided") in ("card", "deal"):  # blackjack
        _void_cards(record, 1 if payload["voided"] == "card" else len(payload.get("cards") or ()), seq)
    elif op == "void_burn" or op == "void" and payload.get("voided") == "burn":  # a burn card taken back (rev23 R23-4)
        burned = [e for e in record["other"] if e.get("kind") == "shoe_burn" and e.get("cards") and "voided_by" not in e]
        if burned:
            burned[-1]["voided_by"] = seq
    elif payload.get("action") == "void_settlement":
        record["settlement_voided"] = True
    if payload.get("settlement_taken_back"):  # settled again when the round is played on
        _take_back_settlement(record, seq, time)


def _void_cards(record: Dict[str, Any], count: int, seq: int) -> None:
    taken = record["cards"][max(0, len(record["cards"]) - count):]
    del record["cards"][len(record["cards"]) - len(taken):]
    record["voided_cards"].extend({**card, "voided_by": seq} for card in taken)


def _take_back_settlement(record: Dict[str, Any], seq: int, time: Any = None) -> None:
    """The round is open again: a settlement it had is kept under ``voided_settlements``, with when it was
    taken back (``voided_at``) and when the round had ended with it (``round_ended``, None: it had not), so
    the round's play is told from a correction made later (rev24 E2)."""
    if record["settlement"] is not None:
        record["voided_settlements"].append({**record["settlement"], "voided_by": seq, "voided_at": time,
                                             "round_ended": record["ended"]})
    record["settlement"], record["outcome"], record["ended"] = None, None, None
    if record["status"] != "voided":
        record["status"] = "open"


def _new_deck_check(number: int, entry: Any, shoe: Any) -> Dict[str, Any]:
    payload = entry.payload
    return {"deck_check": number, "shoe": payload.get("shoe", shoe), "game": payload.get("game"),
            "started": entry.time, "ended": None, "status": "open", "first_seq": entry.seq, "last_seq": entry.seq,
            "cards": [], "stub": None, "voided_cards": [], "corrections": [], "new_deck": None, "alerts": [],
            "refused": [], "other": []}


def _add_to_deck_check(check: Dict[str, Any], receipts: List[Optional[Dict[str, Any]]], entry: Any) -> None:
    """One entry of an open deck check: a card counted back, the stub, a counted card taken back, the end.

    ``receipts`` is the order things were counted in (a card, or ``None`` for
    the stub), because taking back a counted card takes the last one."""
    payload, kind, op = entry.payload, entry.kind, entry.payload.get("op")
    body = _body(payload)
    check["last_seq"] = entry.seq
    if kind == "card_assigned":
        card = {"card": payload.get("card"), "seq": entry.seq}
        if payload.get("not_in_stub"):  # a card set aside after the round: the stub's count of it taken back
            card["not_in_stub"] = True
        check["cards"].append(card)
        receipts.append(card)
    elif op == "return_stub":
        check["stub"] = {"seq": entry.seq, "time": entry.time,
                         **({"counted": payload["counted"]} if "counted" in payload else {})}
        receipts.append(None)
    elif kind == "correction":
        check["corrections"].append(_correction(entry, body))
        if op == "void_return":
            last = receipts[-1] if receipts else None
            if payload.get("named") and not (last is not None and last["card"] == payload.get("card")):
                # one count of a card typed (qaAO F4): its latest own count, however many were counted since
                last = next((r for r in reversed(receipts) if r is not None and r["card"] == payload.get("card")),
                            None)
            if last is not None and last["card"] == payload.get("card"):
                receipts.pop(len(receipts) - 1 - receipts[::-1].index(last))
                check["cards"].remove(last)
                check["voided_cards"].append({**last, "voided_by": entry.seq})
            else:  # one of the stub's cards (counted all at once, so no entry of its own)
                check["voided_cards"].append({"card": payload.get("card"), "seq": None, "from": "stub",
                                              "voided_by": entry.seq})
    elif kind == "card_refused":
        check["refused"].append({"seq": entry.seq, **body})
    elif kind == "card_read":
        return  # the count is the card_assigned entry
    elif kind == "alert":
        check["alerts"].append({"seq": entry.seq, **body})
    elif op in ("resume", "new_deck"):
        check["ended"] = entry.time
        check["status"] = "resumed" if op == "resume" else "new_deck"
        if op == "new_deck":  # with a supervisor's override when cards were missing
            check["new_deck"] = {"seq": entry.seq, **body}
    elif op != "deck_check":
        check["other"].append({"seq": entry.seq, "kind": kind, **body})


def _amount(value: Any) -> Optional[Decimal]:
    """A recorded stake, or None when it cannot be read as money (the table writes "10.00")."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return None
    try:
        return parse_money(str(value))
    except InvalidAmountError:
        return None


def rounds_to_csv(rounds: Iterable[Dict[str, Any]]) -> str:
    """One row per settled bet (or per placed bet if the round was not settled, or one bare row).

    A deck check has no bet and no money: it is in the JSON export only."""
    out = io.StringIO()
    writer = _csv_writer(out)
    for record in rounds:
        _write_rows(writer, record)
    return out.getvalue()


def _csv_writer(out: TextIO) -> csv.DictWriter:
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    return writer


def _write_rows(writer: csv.DictWriter, record: Dict[str, Any]) -> None:
    if "round" not in record:
        return
    outcome = record.get("outcome") or {}
    base = {"round": record["round"], "shoe": record.get("shoe"), "game": record.get("game"),
            "started": record.get("started"), "ended": record.get("ended"), "status": record["status"],
            "cards": " ".join(str(c.get("card")) for c in _in_draw_order(record["cards"])),
            "winner": outcome.get("winner", ""),
            "typed_cards": " ".join(str(c.get("card")) for c in record["cards"] if c.get("source") == "keyboard"),
            "corrections": len(record.get("corrections", [])), CARRIED_COLUMN: _carried_text(record.get("carried_to"))}
    settled = (record.get("settlement") or {}).get("bets") or []
    lines = settled or record["bets"] or [{}]
    dealer = outcome.get("dealer") if isinstance(outcome.get("dealer"), dict) else None
    for line in lines:
        hands = {"dealer_cards": " ".join(map(str, dealer.get("cards") or ())) if dealer else "",
                 "hand_cards": _hand_cards(outcome, line.get("seat"), line.get("hand"))}
        writer.writerow({**base, **{k: line.get(k, "") for k in BET_COLUMNS}, **hands})


def _carried_text(to: Any) -> str:
    """A round's ``carried_to`` as a CSV cell: "shoe 2 round 1", or "" when its bets went nowhere else."""
    return f"shoe {to.get('shoe')} round {to.get('round')}" if isinstance(to, dict) else ""


def _hand_cards(outcome: Dict[str, Any], seat: Any, hand: Any) -> str:
    """The cards of a blackjack ``seat``'s ``hand`` (its index) as the round's outcome has them, or ""."""
    for entry in outcome.get("seats") or ():
        if isinstance(entry, dict) and entry.get("seat") == seat:
            hands = entry.get("hands") or ()
            index = hand if isinstance(hand, int) else 0
            if 0 <= index < len(hands) and isinstance(hands[index], dict):
                return " ".join(map(str, hands[index].get("cards") or ()))
    return ""


#: Baccarat's positions in draw order: a zoned camera's cards are played as turned up (qaX F7: the CSV read
#: in deal order gave the Banker's cards to the Player beside "winner player").
_DRAW_ORDER = {p.value: i for i, p in enumerate(Position)}


def _in_draw_order(cards: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    if all(c.get("position") in _DRAW_ORDER for c in cards):
        return sorted(cards, key=lambda c: _DRAW_ORDER[c["position"]])
    return cards


def write_export(entries: Callable[[], Iterable[Any]], plan: Plan, fmt: str, out: TextIO) -> Dict[str, int]:
    """Write a journal's export (``fmt`` "json" or "csv") to ``out`` as it is read, the same text
    :func:`rounds_from_entries` with :func:`table_entries` and :func:`rounds_to_csv` make of it whole.

    ``entries`` gives the journal's entries afresh at each call (read twice: rounds, then the table's own
    entries after them); ``plan`` is :func:`plan_records` of them.  Returns the number of ``rounds`` and
    ``deck_checks`` written."""
    written = {"rounds": 0, "deck_checks": 0}
    writer = _csv_writer(out) if fmt == "csv" else None
    for record in iter_rounds(entries(), plan):
        written["rounds" if "round" in record else "deck_checks"] += 1
        if writer is not None:
            _write_rows(writer, record)
        else:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    if writer is None:  # the last line, {"table": [...]}: the list's items with json.dumps's own ", "
        opening = '{"table": ['
        for item in iter_table_entries(entries()):
            out.write(opening + json.dumps(item, ensure_ascii=False))
            opening = ", "
        if opening == ", ":
            out.write("]}\n")
    return written
