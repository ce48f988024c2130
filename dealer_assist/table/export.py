"""A journal's entries as rounds: what ``journal export`` prints, as JSON records or CSV rows.

The entries are grouped by the ``"round"`` field of their payloads (the kinds
are listed in :mod:`dealer_assist.table.journal`).  Each round is given as it
finally stood, with its corrections and what they voided still listed; a
blackjack deck check is a record of its own.  Nothing is dropped: an entry the
export cannot place is listed under the round's ``other``.
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from typing import Any, Dict, Iterable, List, Optional

from dealer_assist.money import InvalidAmountError, parse_money

BET_ADD = ("bet_placed",)
BET_TAKE = ("bet_removed", "bet_undone")
#: A round's own record, even while a deck check is open (written at recovery for a round already over).
ROUND_END_KINDS = ("outcome", "settlement", "round_end")
#: The columns each bet's line fills (a blackjack line's ``hand``: which of a split seat's hands, from 0
#: as in the JSON export).
BET_COLUMNS = ("seat", "bet", "stake", "result", "pays", "returns", "commission", "hand")
#: Added last, so that the earlier columns keep their places: the round's typed cards (a typed card in
#: a round a shoe read is what a reviewer looks at first) and how many corrections it had.
ROUND_AUDIT_COLUMNS = ("typed_cards", "corrections")
CSV_COLUMNS = ("round", "shoe", "game", "started", "ended", "status", "cards", "winner") + BET_COLUMNS \
    + ROUND_AUDIT_COLUMNS


def _body(payload: dict) -> dict:
    """An entry's payload as an export lists it beside the entry's own ``seq``: without the round
    (the record's key), and with a card source's own frame number (an op's ``seq``) named
    ``source_seq``, so it cannot stand for the journal's."""
    body = {k: v for k, v in payload.items() if k != "round"}
    if "seq" in body:
        body["source_seq"] = body.pop("seq")
    if isinstance(body.get("supervisors"), list):  # a roster entry: who, never the PIN hashes (QA)
        body["supervisors"] = [s.get("name") if isinstance(s, dict) else s for s in body["supervisors"]]
    return body


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
    :func:`table_entries`'s.
    """
    # By ("round", shoe, number): a baccarat shoe counts its rounds from 1 again, and round 1 of every
    # shoe had been one record, its cards and settlements merged.  Deck checks by ("deck_check", n).
    records: Dict[Any, Dict[str, Any]] = {}
    stakes: Dict[Any, Dict[tuple, Decimal]] = {}
    layouts: Dict[Any, List[Dict[str, Any]]] = {}  # the whole layout, where the session wrote it
    shoe = None
    check: Optional[Dict[str, Any]] = None  # the deck check being counted
    receipts: List[Optional[Dict[str, Any]]] = []
    held: List[tuple] = []  # (card, where it came from) of the cards held after a round, in order
    for entry in entries:
        payload = entry.payload
        kind, op = entry.kind, payload.get("op")
        if kind == "card_held":
            held.append((payload.get("card"), payload.get("source")))
        if isinstance(payload.get("shoe"), int):  # the shoe in play; an entry that names none is of it
            shoe = payload["shoe"]
        if op == "deck_check" and check is None:
            check, receipts = _new_deck_check(sum(key[0] == "deck_check" for key in records) + 1, entry, shoe), []
            records[("deck_check", check["deck_check"])] = check
        if kind == "shoe_start" and op in ("new_shoe", "new_deck"):
            _carry_over(records, stakes, layouts, payload)
        number = payload.get("round")
        if check is not None and number is not None and kind not in ROUND_END_KINDS:
            _add_to_deck_check(check, receipts, entry)
            if op in ("resume", "new_deck"):
                check = None
            continue
        if number is None or isinstance(number, (dict, list)):
            continue  # the table's own: see table_entries
        key = ("round", payload.get("shoe", shoe), number)
        if key not in records:
            records[key] = {"round": number, "shoe": payload.get("shoe", shoe), "game": None,
                               "started": entry.time, "ended": None, "status": "open", "first_seq": entry.seq,
                               "last_seq": entry.seq, "cards": [], "outcome": None, "bets": [], "settlement": None,
                               "corrections": [], "voided_cards": [], "voided_settlements": [], "alerts": [],
                               "refused": [], "other": []}
            stakes[key] = {}
        record = records[key]
        record["last_seq"] = entry.seq
        body = _body(payload)
        if isinstance(payload.get("bets"), list) and kind != "settlement":
            layouts[key] = payload["bets"]
        if payload.get("game") and not record["game"]:
            record["game"] = payload["game"]
        if kind in ("card_assigned", "deal") and record["status"] == "voided":
            record["status"] = "open"  # the misdeal is dealt again under the same number
        if kind == "card_held":  # held after the round, not refused: its card_refused entry goes to ``other``
            record["other"].extend(_unrefuse(record["refused"], payload))
        if kind == "round_start":
            record["game"] = payload.get("game")
            record["shoe"] = payload.get("shoe", record["shoe"])
            record["started"] = entry.time
        elif kind == "card_assigned" and isinstance(payload.get("placed"), list):
            # Held cards dealt by one entry (a no-bet hand, or the round a void reopened): each in its place.
            for p in (p for p in payload["placed"] if isinstance(p, dict)):
                # Where the held card came from ("keyboard" when typed), as the card it was held as.
                came = next((i for i, (card, _) in enumerate(held) if card == p.get("card")), None)
                source = held.pop(came)[1] if came is not None else None
                record["cards"].append({"card": p.get("card"), "position": p.get("position"),
                                        "source": source or "held", "seq": entry.seq})
        elif kind == "card_assigned":
            # Where the card came from ("keyboard" when typed): a typed card in a round a shoe read
            # is what a reviewer looks at first.
            record["cards"].append({"card": payload.get("card"), "position": payload.get("position"),
                                    "source": payload.get("source"), "seq": entry.seq})
        elif kind == "card_read":
            continue  # the card's place in the round is the card_assigned entry
        elif kind == "card_refused":
            record["refused"].append({"seq": entry.seq, **body})
        elif kind in BET_ADD or kind in BET_TAKE:
            bet_key = (payload.get("seat"), payload.get("bet"))
            amount = _amount(payload.get("stake"))
            if amount is None and isinstance(payload.get("bets"), list):
                continue  # an undo names no stake: the whole layout it left is the record (layouts)
            if amount is None:  # kept whole, and named, rather than counted as nothing
                record["other"].append({"seq": entry.seq, "kind": kind, **body,
                                        "problem": f"stake {payload.get('stake')!r} cannot be read as money"})
                continue
            sign = 1 if kind in BET_ADD else -1
            stakes[key][bet_key] = stakes[key].get(bet_key, Decimal("0.00")) + sign * amount
        elif kind == "outcome":
            record["outcome"] = body
        elif kind == "settlement":
            record["settlement"] = body
            if record["status"] == "open":
                record["status"] = "settled"
        elif kind == "round_end":
            record["ended"] = entry.time
            if record["status"] in ("open", "settled"):
                record["status"] = "complete"
        elif kind == "correction":
            record["corrections"].append({"seq": entry.seq, **body})
            _apply_correction(record, payload, entry.seq)
        elif kind == "card_set_aside" and isinstance(payload.get("correction"), dict):
            # At a table with supervisors a held card goes aside on a PIN: a correction like a void.
            record["corrections"].append({"seq": entry.seq, "kind": kind, **body})
        elif kind == "alert":
            record["alerts"].append({"seq": entry.seq, **body})
        elif kind != "deal":
            record["other"].append({"seq": entry.seq, "kind": kind, **body})
    for key, record in records.items():
        if "round" in record:
            record["bets"] = _bets(key, stakes, layouts)
    # A round begun and never dealt, with nothing in it (the next round after a cut card ended the shoe,
    # blackjack's round at a deck change): no round of the table's (QA: 30 such rows in a 150-round CSV).
    # The last one is the round the table is at.
    kept = list(records.values())
    return [r for n, r in enumerate(kept) if n == len(kept) - 1 or not ("round" in r and _empty(r))]


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


def _empty(record: Dict[str, Any]) -> bool:
    return record["status"] == "open" and not any(record[k] for k in (
        "cards", "outcome", "bets", "settlement", "corrections", "voided_cards", "voided_settlements", "alerts",
        "refused", "other"))


def _carry_over(records: Dict[Any, Dict[str, Any]], stakes: Dict[Any, Dict[tuple, Decimal]],
                layouts: Dict[Any, List[Dict[str, Any]]], payload: Dict[str, Any]) -> None:
    """A new shoe (blackjack: deck) keeps the bets on the layout (``open_bets``): they are the bets of its
    first round (a blackjack deck goes on with the round's number, a baccarat shoe starts at 1), and the
    round they were placed in, never dealt, is ``carried_over`` to it (QA: it was left ``open`` with its
    stakes, and blackjack's round played with them had none).  Carried again by the next new shoe before
    a deal, it names that one's round."""
    if not payload.get("open_bets"):
        return
    to = {"shoe": payload.get("shoe"), "round": payload.get("round", 1)}
    layouts[("round", to["shoe"], to["round"])] = payload["open_bets"]
    rounds = [key for key in records if key[0] == "round"]
    if rounds:
        record = records[rounds[-1]]
        if record["status"] == "carried_over" or (record["status"] == "open" and not record["cards"]
                                                   and _bets(rounds[-1], stakes, layouts)):
            record["status"] = "carried_over"
            record["carried_to"] = to


def table_entries(entries: Iterable[Any]) -> List[Dict[str, Any]]:
    """The entries of no round (a refused PIN, a link lost, a device's HELLO, line noise), as the
    export lists them after the rounds: nothing the journal holds is missing from its export."""
    return [{"seq": e.seq, "time": e.time, "kind": e.kind, **_body(e.payload)} for e in entries
            if e.payload.get("round") is None or isinstance(e.payload.get("round"), (dict, list))]


def _apply_correction(record: Dict[str, Any], payload: Dict[str, Any], seq: int) -> None:
    """What a correction took back from a round (the correction itself is already listed)."""
    op = payload.get("op")
    if op == "void_round" or payload.get("action") == "void_round":  # a misdeal; older journals: action only
        _void_cards(record, len(record["cards"]), seq)
        _take_back_settlement(record, seq)
        record["status"] = "voided"
    elif op == "void_card":  # baccarat: the last card; after the settlement it takes that back too
        _void_cards(record, 1, seq)
        _take_back_settlement(record, seq)
    elif op == "void" and payload.get("voided") in ("card", "deal"):  # blackjack
        _void_cards(record, 1 if payload["voided"] == "card" else len(payload.get("cards") or ()), seq)
    elif payload.get("action") == "void_settlement":
        record["settlement_voided"] = True
    if payload.get("settlement_taken_back"):  # settled again when the round is played on
        _take_back_settlement(record, seq)


def _void_cards(record: Dict[str, Any], count: int, seq: int) -> None:
    taken = record["cards"][max(0, len(record["cards"]) - count):]
    del record["cards"][len(record["cards"]) - len(taken):]
    record["voided_cards"].extend({**card, "voided_by": seq} for card in taken)


def _take_back_settlement(record: Dict[str, Any], seq: int) -> None:
    """The round is open again: a settlement it had is kept under ``voided_settlements``."""
    if record["settlement"] is not None:
        record["voided_settlements"].append({**record["settlement"], "voided_by": seq})
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
        check["cards"].append(card)
        receipts.append(card)
    elif op == "return_stub":
        check["stub"] = {"seq": entry.seq, "time": entry.time}
        receipts.append(None)
    elif kind == "correction":
        check["corrections"].append({"seq": entry.seq, **body})
        if op == "void_return":
            last = receipts[-1] if receipts else None
            if last is not None and last["card"] == payload.get("card"):
                receipts.pop()
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


def rounds_to_csv(rounds: List[Dict[str, Any]]) -> str:
    """One row per settled bet (or per placed bet if the round was not settled, or one bare row).

    A deck check has no bet and no money: it is in the JSON export only."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for record in rounds:
        if "round" not in record:
            continue
        outcome = record.get("outcome") or {}
        base = {"round": record["round"], "shoe": record.get("shoe"), "game": record.get("game"),
                "started": record.get("started"), "ended": record.get("ended"), "status": record["status"],
                "cards": " ".join(str(c.get("card")) for c in record["cards"]),
                "winner": outcome.get("winner", ""),
                "typed_cards": " ".join(str(c.get("card")) for c in record["cards"] if c.get("source") == "keyboard"),
                "corrections": len(record.get("corrections", []))}
        settled = (record.get("settlement") or {}).get("bets") or []
        lines = settled or record["bets"] or [{}]
        for line in lines:
            writer.writerow({**base, **{k: line.get(k, "") for k in BET_COLUMNS}})
    return out.getvalue()
