"""``listen`` shows and counts the cards an ``ERR MISREAD`` or ``DOUBLE_FEED`` stands for, and marks the card read
after one that left unread as a table holds it (qaAC F17: only ``CARD ??`` counted, ``--cards N`` did not stop
on them, and the card after them printed as any card though a table holds it, PROTOCOL.md 6)."""

from __future__ import annotations

import json

from dealer_assist.commands.serial import UNREAD_BEFORE
from test_listen_conformance import HELLO, _frame, _listen


def test_misread_and_double_feed_are_unread_cards_and_the_card_after_each_is_held(tmp_path):
    device = (HELLO + _frame("CARD", 1, "AS") + _frame("ERR", 2, "MISREAD", "no code") + _frame("CARD", 3, "KD")
              + _frame("ERR", 4, "JAM", "stuck") + _frame("ERR", 5, "DOUBLE_FEED", "two cards")
              + _frame("CARD", 6, "QH") + _frame("CARD", 7, "2C") + _frame("CARD", 8, "3C"))
    run = _listen(tmp_path, device, "--json", "--cards", "6")
    records = [json.loads(line) for line in run.stdout.splitlines()]
    errors = {r["code"]: r for r in records if r["event"] == "device_error"}
    assert errors["MISREAD"].get("unread") is True and errors["DOUBLE_FEED"].get("unread") is True
    assert "unread" not in errors["JAM"]
    cards = [(r["card"], r.get("doubt")) for r in records if r["event"] == "card"]
    assert cards == [("AS", None), ("KD", UNREAD_BEFORE), ("QH", UNREAD_BEFORE), ("2C", None)]  # then --cards 6
    assert "unreadable 2," in run.stderr


def test_the_human_listen_says_a_misread_is_a_card_to_key_in(tmp_path):
    device = HELLO + _frame("ERR", 1, "MISREAD", "no code") + _frame("CARD", 2, "KD")
    run = _listen(tmp_path, device, "--cards", "2")
    misread = next(line for line in run.stdout.splitlines() if "DEVICE ERROR MISREAD" in line)
    assert "a card left the shoe unread: key it in" in misread
    card = next(line for line in run.stdout.splitlines() if "card      KD" in line)
    assert "HELD (a table would not play it)" in card
