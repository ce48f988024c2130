"""The CSV export names each blackjack row's own hand and the dealer's (qaY: the round's cards in the order dealt,
"2H 8D 3S KS JH 4H 5S 3H JS", said no seat, and the pit boss could not tell seat 3's hand)."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from dealer_assist.cli import main
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.journal import Journal


def test_each_row_names_its_hand_and_the_dealers(tmp_path, capsys):
    path = tmp_path / "j.sqlite"
    session = BlackjackSession(journal=Journal.open(path))
    assert session.place(1, Decimal("10")) is None and session.place(3, Decimal("10")) is None
    for code in ("8S", "9C", "6H", "8H", "TC"):
        assert session.enter_card(code) is None
    assert session.split() is None
    for step in ("3D", "stand", "7S", "stand", "stand", "KD", "4C"):
        assert (session.act(step) if step == "stand" else session.enter_card(step)) is None
    assert session.state.settlement is not None
    session.close()
    assert main(["journal", "export", str(path), "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["seat"], r["hand"], r["hand_cards"], r["dealer_cards"]) for r in rows] == [
        ("1", "0", "8S 3D", "6H KD 4C"), ("1", "1", "8H 7S", "6H KD 4C"), ("3", "0", "9C TC", "6H KD 4C")]
