"""Amounts as they are written: plain digits, a point before the cents, commas only between thousands.

"5,00" was read as 500.00 (every comma was dropped), and amounts of 27 digits and more ended in
a ``decimal.InvalidOperation`` traceback; exponents, other scripts' digits and ``_`` were taken too.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_assist.money import MOST, InvalidAmountError, parse_money


@pytest.mark.parametrize("text, amount", [
    ("10", "10.00"), ("10.5", "10.50"), ("10.05", "10.05"), (" 7 ", "7.00"), (".5", "0.50"), ("5.", "5.00"),
    ("1,000", "1000.00"), ("12,345.67", "12345.67"), (25, "25.00"), (Decimal("3.1"), "3.10"),
    ("1000000000000", "1000000000000.00"),
])
def test_plainly_written_amounts_are_read(text, amount):
    assert parse_money(text) == Decimal(amount) and str(parse_money(text)) == amount


@pytest.mark.parametrize("text, why", [
    ("5,00", "a comma only parts thousands"), ("5,05", "a comma only parts thousands"),
    ("1,0,0", "a comma only parts thousands"), ("1,00,000", "a comma only parts thousands"),
    ("1_000", "not a number"), ("٣", "not a number"), ("１０", "not a number"), ("1e3", "not a number"),
    ("1e9999", "not a number"), ("", "not a number"), ("ten", "not a number"),
    ("-5", "negative"), (Decimal("-5"), "negative"), ("0.001", "more than two decimals"),
    ("10.055", "more than two decimals"), ("99999999999999999999999999", "more than 1,000,000,000,000.00"),
    (Decimal("NaN"), "not a finite number"), (MOST + 1, "more than"), (0.1, "a float"), (True, "true or false is no amount"),
])
def test_anything_else_is_refused_by_name(text, why):
    with pytest.raises(InvalidAmountError) as info:
        parse_money(text)
    assert why in str(info.value) and repr(text) in str(info.value)


def test_the_display_groups_thousands_and_the_contract_does_not():
    from dealer_assist.money import fmt, fmt_grouped

    assert fmt_grouped(Decimal("9799999.02")) == "9,799,999.02" and fmt(Decimal("9799999.02")) == "9799999.02"
    assert fmt_grouped(Decimal("-1234.5")) == "-1,234.50" and fmt_grouped(Decimal("5")) == "5.00"
    assert parse_money(fmt_grouped(Decimal("1234567.89"))) == Decimal("1234567.89")  # and it reads back


def test_a_chip_face_is_short_as_casinos_print_it():
    from dealer_assist.money import fmt_chip

    faces = {"5": "5", "2.5": "2.50", "1000": "1K", "25000": "25K", "1250": "1,250", "1000000": "1M",
             "2500000": "2.5M", "100000000": "100M", "12500": "12.5K", "1500000000": "1,500M"}
    assert {v: fmt_chip(Decimal(v)) for v in faces} == faces
