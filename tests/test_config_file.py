"""The configuration file: what it sets, and a misspelt or mistyped key refused by its name.

A misspelt key (``deks``) or section (``[limts]``) used to leave its setting at
the default without a word, so a table could run without its house limits;
a value of the wrong type was refused in Python's words (``invalid literal for
int()``), and a string such as ``"no"`` was taken as true.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.table.config import ConfigError, load_config

GOOD = """
game = "baccarat"
source = "sim:42"

[shoe]
decks = 6
burn = false
rounds_after_cut = 0

[paytable]
variant = "ez"
tie_pushes = true

[limits]
max_payout = "20000"
[limits.max]
banker = "5000"

[table]
seats = 5
chips = ["5", "25", "100"]

[display]
turbo = true
sim_interval = 2
"""


def _load(tmp_path: Path, text: str):
    path = tmp_path / "table.toml"
    path.write_text(text)
    return load_config(path)


def test_a_good_file_sets_what_it_says(tmp_path):
    config = _load(tmp_path, GOOD)
    rules = config.rules
    assert (rules.shoe.decks, rules.shoe.burn, rules.shoe.rounds_after_cut) == (6, False, 0)
    assert rules.seats == 5 and rules.chips == (Decimal("5"), Decimal("25"), Decimal("100"))
    assert rules.limits.max_for(Bet.BANKER) == Decimal("5000")
    assert (config.source, config.turbo, config.sim_interval) == ("sim:42", True, 2.0)


@pytest.mark.parametrize("wrong, right, named", [
    ("decks = 6", "deks = 6", "shoe.deks (did you mean decks?)"),
    ("[limits]", "[limts]", "unknown setting limts (did you mean limits?)"),
    ("turbo = true", "turbo_mode = true", "display.turbo_mode"),
])
def test_a_misspelt_key_is_refused_by_name(tmp_path, wrong, right, named):
    text = GOOD.replace(wrong, right)
    if right == "[limts]":
        text = text.replace("[limits.max]", "[limts.max]")
    with pytest.raises(ConfigError) as info:
        _load(tmp_path, text)
    assert named in str(info.value) and "table.toml" in str(info.value)


@pytest.mark.parametrize("wrong, right, named", [
    ("decks = 6", 'decks = "eight"', "shoe.decks = 'eight' must be a whole number"),
    ("burn = false", 'burn = "no"', "shoe.burn = 'no' must be true or false"),
    ("seats = 5", "seats = 5.5", "table.seats = 5.5 must be a whole number"),
    ("sim_interval = 2", 'sim_interval = "fast"', "display.sim_interval = 'fast' must be a number"),
    ("decks = 6", "decks = true", "shoe.decks = True must be a whole number"),
])
def test_a_value_of_the_wrong_type_is_refused_by_its_key(tmp_path, wrong, right, named):
    with pytest.raises(ConfigError) as info:
        _load(tmp_path, GOOD.replace(wrong, right))
    assert named in str(info.value)


def test_a_supervisor_pin_hash_that_cannot_be_read_stops_the_start(tmp_path):
    """The README's placeholder ``scrypt$...`` was taken at start and failed only when a supervisor
    first typed a PIN, in the middle of service."""
    from dealer_assist.table.supervisor import hash_pin

    good = hash_pin("4821", n=2 ** 10)
    config = _load(tmp_path, GOOD + f'\n[[supervisors]]\nname = "Ana"\npin_hash = "{good}"\n')
    assert config.roster().check("Ana", "4821").name == "Ana"
    for bad in ("scrypt$...", good.rsplit("$", 1)[0] + "$!!", good.replace("$1024$", "$1000$")):
        with pytest.raises(ConfigError) as info:
            _load(tmp_path, GOOD + f'\n[[supervisors]]\nname = "Ana"\npin_hash = "{bad}"\n')
        assert "supervisor 'Ana'" in str(info.value) and "supervisor hash" in str(info.value)
