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
    ("decks = 6", 'decks = "eight"', 'shoe.decks = "eight" must be a whole number'),
    ("burn = false", 'burn = "no"', 'shoe.burn = "no" must be true or false'),
    ("seats = 5", "seats = 5.5", "table.seats = 5.5 must be a whole number"),
    ("sim_interval = 2", 'sim_interval = "fast"', 'display.sim_interval = "fast" must be a number'),
    ("decks = 6", "decks = true", "shoe.decks = true must be a whole number"),
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


@pytest.mark.parametrize("wrong, right, named", [
    ('chips = ["5", "25", "100"]', 'chips = "25"', "table.chips must be a list of amounts"),
    ("sim_interval = 2", "sim_interval = nan", "display.sim_interval = nan must be"),
    ("sim_interval = 2", "sim_interval = inf", "display.sim_interval = inf must be"),
    ("sim_interval = 2", "sim_interval = -1", "display.sim_interval = -1.0 must be"),
    ("rounds_after_cut = 0", "rounds_after_cut = 0\ncut_from_end = 100000", "invalid cut card place 100000"),
    ("rounds_after_cut = 0", "rounds_after_cut = 0\ncut_from_end = -5", "invalid cut card place -5"),
    ('banker = "5000"', 'banker = "1e30"', "invalid amount '1e30'"),
    ('max_payout = "20000"', 'max_payout = "1e9999"', "invalid amount '1e9999'"),
    ('variant = "ez"', 'variant = ["ez"]', "paytable.variant ['ez'] is not one of standard, ez, super6"),
    ('source = "sim:42"', 'source = "sim:42"\njournal = 5', "journal = 5 must be a file path"),
    ('source = "sim:42"', 'source = 7', "source = 7 must be a source spec"),
    ('game = "baccarat"', 'game = ["baccarat"]', "game ['baccarat'] must be"),
    ('chips = ["5", "25", "100"]', 'chips = ["5", "5", "25"]', "table.chips lists 5.00 more than once"),
])
def test_values_that_would_freeze_or_mislead_the_table_are_refused(tmp_path, wrong, right, named):
    """Each was taken: the chips "2" and "5" from the string "25", a cut card out of the shoe (dealt
    dry), a shoe thread stopped by an infinite pace, an amount whose digits Decimal cannot hold."""
    with pytest.raises(ConfigError) as info:
        _load(tmp_path, GOOD.replace(wrong, right))
    assert named in str(info.value)


def test_a_file_that_is_not_utf8_is_named(tmp_path):
    path = tmp_path / "table.toml"
    path.write_bytes(b"# caf\xe9\n[shoe]\ndecks = 8\n")
    with pytest.raises(ConfigError, match="is not UTF-8 text"):
        load_config(path)


@pytest.mark.parametrize("setting, named", [
    ({"blackjack_pays": "inf"}, "blackjack_pays"), ({"blackjack_pays": "nan"}, "blackjack_pays"),
    ({"blackjack_pays": "0"}, "blackjack_pays"), ({"blackjack_pays": "1.33333"}, "blackjack_pays"),
    ({"double_totals": [9.7, 10.2]}, "double_totals"), ({"chips": "25"}, "chips"),
    ({"decks": 100000}, "decks"),
])
def test_blackjack_settings_out_of_reason_are_refused_by_name(setting, named):
    from dealer_assist.table.blackjack_state import BlackjackTableError, rules_from_config

    with pytest.raises(BlackjackTableError) as info:
        rules_from_config(setting)
    assert named in str(info.value)
    assert rules_from_config({"blackjack_pays": "1.2"}).house.blackjack_pays == Decimal("1.2")


def test_pairs_that_favour_the_players_are_refused_and_a_fair_payout_is_named(tmp_path):
    """A pair by value (a ten and a king) comes about twice as often as one by rank: at the seeds'
    11:1 the players would keep 75% of every pair stake.  The house's edge is computed, not assumed."""
    with pytest.raises(ConfigError) as info:
        _load(tmp_path, GOOD.replace("tie_pushes = true", 'tie_pushes = true\npair_by = "value"'))
    n = 6 * 4  # cards of a rank in GOOD's 6 decks; the four ten-values are one value (96 cards)
    pair = (9 * n * (n - 1) + 4 * n * (4 * n - 1)) / (13 * n * (13 * n - 1))
    assert f"players an edge of {12 * pair - 1:.2%}" in str(info.value)  # 74.23%
    even = 1 / pair - 1  # the payout at which the bet is even: 5.8876...
    assert f"pair_pays to {int(even * 100) / 100:.2f} or less" in str(info.value)  # 5.88, the most with an edge
    assert _load(tmp_path, GOOD.replace("tie_pushes = true", 'tie_pushes = true\npair_by = "value"\npair_pays = 5.88')
                 ).rules.paytable.player_pair == Decimal("5.88")  # a TOML float is a payout too
    five = _load(tmp_path, GOOD.replace("tie_pushes = true", 'tie_pushes = true\npair_by = "value"\npair_pays = "5"'))
    assert (five.rules.paytable.player_pair, five.rules.paytable.banker_pair) == (Decimal("5"), Decimal("5"))
    with pytest.raises(ConfigError, match="pairs by value paying 6:1"):
        _load(tmp_path, GOOD.replace("tie_pushes = true", 'tie_pushes = true\npair_by = "value"\npair_pays = 6'))
    with pytest.raises(ConfigError, match="pairs by rank paying 14:1") as rank:  # rank pairs come 7.5%
        _load(tmp_path, GOOD.replace("tie_pushes = true", 'tie_pushes = true\npair_pays = "14"'))
    assert "pair_by" not in str(rank.value)  # it is by rank already: no such advice
    assert _load(tmp_path, GOOD.replace("tie_pushes = true", 'tie_pushes = true\npair_pays = "12"')).rules.paytable.player_pair == 12
    for bad in ('"0.5"', '"x"', "true", '"101"', "11.555"):
        with pytest.raises(ConfigError, match="paytable.pair_pays = .* must be a payout to 1"):
            _load(tmp_path, GOOD.replace("tie_pushes = true", f"tie_pushes = true\npair_pays = {bad}"))


def test_a_supervisor_listed_twice_is_refused_and_a_quoted_name_stays_valid_toml(tmp_path):
    """Two entries named Ana: the last PIN took over silently.  And `supervisor hash 'Ana "Boss'` printed
    ``name = "Ana "Boss"``, which no TOML reader takes (or, crafted, adds keys of its own)."""
    import subprocess
    import sys
    import tomllib

    from dealer_assist.table.supervisor import hash_pin

    one, two = hash_pin("1111", n=2 ** 10), hash_pin("2222", n=2 ** 10)
    with pytest.raises(ConfigError, match="'Ana' is listed twice"):
        _load(tmp_path, GOOD + f'\n[[supervisors]]\nname = "Ana"\npin_hash = "{one}"\n'
                               f'\n[[supervisors]]\nname = "Ana"\npin_hash = "{two}"\n')
    name = 'Ana "Boss" \\ injected = true'
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "supervisor", "hash", name],
                         input="482193\n", capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    (entry,) = tomllib.loads(out.stdout)["supervisors"]
    assert entry["name"] == name and set(entry) == {"name", "pin_hash"}
    for bad in ("Ana\ninjected = true", "   ", " Ana"):  # a line break, a blank, a space at an end
        out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "supervisor", "hash", bad],
                             input="482193\n", capture_output=True, text=True, timeout=60)
        assert out.returncode != 0 and "must be printable" in out.stderr
    with pytest.raises(ConfigError, match="'ana' is listed twice"):  # Ana and ana: one person on the record
        _load(tmp_path, GOOD + f'\n[[supervisors]]\nname = "Ana"\npin_hash = "{one}"\n'
                               f'\n[[supervisors]]\nname = "ana"\npin_hash = "{two}"\n')


def test_a_misspelt_blackjack_key_is_refused_in_a_baccarat_config_too(tmp_path):
    """A baccarat table's config with `[blackjack] hit_soft_17` started without a word: the section was
    read only when the game was blackjack, so the misspelling waited for the day it mattered."""
    with pytest.raises(ConfigError, match=r"\[blackjack\] unknown blackjack setting\(s\) hit_soft_17"):
        _load(tmp_path, GOOD + "\n[blackjack]\nhit_soft_17 = true\n")
    assert _load(tmp_path, GOOD + "\n[blackjack]\nhits_soft_17 = true\n").blackjack == {"hits_soft_17": True}


def test_more_chips_than_keys_are_refused_and_seat_limits_are_named_plainly(tmp_path):
    """Ten chips were taken: the row's buttons read "Jnd(", "oub", "000", the tenth had no key; and a
    blackjack minimum above the maximum read "Decimal('500.00') to Decimal('5.00')"."""
    ten = ", ".join(f'"{v}"' for v in (1, 5, 10, 25, 50, 100, 500, 1000, 5000, 10000))
    with pytest.raises(ConfigError, match="lists 10 chips; a table takes at most 9"):
        _load(tmp_path, GOOD.replace('chips = ["5", "25", "100"]', f"chips = [{ten}]"))
    with pytest.raises(ConfigError, match="chips lists 10 chips; a table takes at most 9"):
        _load(tmp_path, GOOD + f"\n[blackjack]\nchips = [{ten}]\n")
    with pytest.raises(ConfigError) as info:
        _load(tmp_path, GOOD + '\n[blackjack]\nmin_bet = "500"\nmax_bet = "5"\n')
    assert "500.00 to 5.00" in str(info.value) and "Decimal(" not in str(info.value)


@pytest.mark.parametrize("setting, words", [
    ('chips = ["1", "1"]', "blackjack.chips lists 1.00 more than once"),
    ('chips = ["0"]', "blackjack.chips must list chip values above zero"),
    ('blackjack_pays = "2.5"', 'blackjack_pays = "2.5": a ratio from 1 to 2'),
    ("double_totals = [8, 22]", "double_totals = [8, 22]: a list of hard two-card totals from 4 to 20"),
])
def test_a_blackjack_section_is_refused_in_the_files_own_spellings_and_chips_as_baccarat_refuses_them(
        tmp_path, setting, words):
    """QA: ["1", "1"] was two keys for one chip at a blackjack table (refused at baccarat), and refusals
    named Python values: Decimal('2.5'), frozenset({8, 22})."""
    path = tmp_path / "c.toml"
    path.write_text(f'game = "blackjack"\n[blackjack]\n{setting}\n')
    with pytest.raises(ConfigError) as refused:
        load_config(path)
    assert words in str(refused.value)
    assert "Decimal(" not in str(refused.value) and "frozenset" not in str(refused.value)


def test_a_file_saved_with_a_byte_order_mark_is_read_as_it_looks(tmp_path):
    """qaI F2: Windows Notepad's UTF-8 starts with a BOM, refused as 'Invalid statement (at line 1,
    column 1)' in a file that looks right in any editor.  Read by the table as a croupier starts it."""
    import json
    import os
    import subprocess
    import sys

    path = tmp_path / "table.toml"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.replace("\n", "\r\n").encode("utf-8"))
    assert load_config(path).rules.shoe.decks == 6
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]), QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "run", "--config", str(path), "--journal",
                          str(tmp_path / "t.sqlite"), "--quit-after", "0", "--json"],
                         env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    start = json.loads(out.stdout.splitlines()[0])
    assert start["event"] == "start" and start["source"] == "sim:42"


@pytest.mark.parametrize("text, named", [
    ('[table]\nchips = ["10000"]\n', "the smallest chip 10000.00 is above the Player maximum 5000.00, so no Player "
                                     "bet could be placed; add a smaller chip to table.chips or raise limits.max.player"),
    ('[table]\nchips = ["1000"]\n', "above the Tie maximum 500.00"),
    ('[limits]\nmax_payout = "100"\n[limits.min]\ntie = "200"\n',
     "a Tie bet of 200.00 (its minimum) can win 1600.00, above the maximum potential payout per seat 100.00, so no "
     "Tie bet could be placed; lower limits.min.tie or raise limits.max_payout"),
    ('[limits]\nmax_payout = "100"\n[table]\nchips = ["25"]\n', "a Tie bet of 25.00 (its smallest chip) can win 200.00"),
    ('game = "blackjack"\n[blackjack]\nchips = ["1000"]\nmax_bet = "500"\n',
     "the smallest chip 1000.00 is above the seat maximum 500.00, so no seat could ever bet"),
])
def test_chips_and_limits_that_leave_a_bet_no_stake_are_refused_at_start(tmp_path, text, named):
    """qaI F4: each of these opened the table, exit 0, and no bet (or no Tie, no seat) could ever be placed.
    Started as a croupier starts the table: refused before the window, exit 2, no journal made."""
    import os
    import subprocess
    import sys

    path = tmp_path / "table.toml"
    path.write_text(text)
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]), QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "run", "--config", str(path), "--journal",
                          str(tmp_path / "t.sqlite"), "--quit-after", "0"],
                         env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and named in out.stderr, out.stderr
    assert not (tmp_path / "t.sqlite").exists()


def test_a_relative_journal_is_taken_from_the_config_files_folder_wherever_the_table_starts(tmp_path, monkeypatch):
    # qaL F6: started from another folder (a launcher, a restart in another terminal) the same file had opened a new,
    # empty journal in that folder, leaving the open round's bets in the one beside the file.
    table = tmp_path / "table"
    table.mkdir()
    (table / "table.toml").write_text('journal = "journals/table1.sqlite"\n')
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert load_config(table / "table.toml").journal == table / "journals" / "table1.sqlite"
    monkeypatch.chdir(table)
    assert load_config("table.toml").journal == table / "journals" / "table1.sqlite"
    (table / "abs.toml").write_text(f'journal = "{elsewhere / "j.sqlite"}"\n')
    assert load_config(table / "abs.toml").journal == elsewhere / "j.sqlite"


def test_a_journal_left_where_earlier_versions_took_a_relative_path_stops_the_start_naming_both(tmp_path, monkeypatch):
    # rev13: after an upgrade the same command would have opened a new journal beside the file, leaving the table's
    # open round in the one earlier versions made in the start folder.
    table = tmp_path / "cfg"
    table.mkdir()
    (table / "table.toml").write_text('journal = "t.sqlite"\n')
    started = tmp_path / "cwd"
    started.mkdir()
    (started / "t.sqlite").write_bytes(b"a journal made by an earlier version")
    monkeypatch.chdir(started)
    with pytest.raises(ConfigError) as refused:
        load_config("../cfg/table.toml")
    said = str(refused.value)
    assert str(started / "t.sqlite") in said and str(table / "t.sqlite") in said and "earlier versions" in said
    (table / "t.sqlite").write_bytes(b"the journal beside the file")
    assert load_config("../cfg/table.toml").journal == table / "t.sqlite"  # both there: the file's folder, as documented


def test_an_installers_mistakes_are_told_in_the_files_words(tmp_path):
    """qaAE F10: a bare float for a blackjack limit said only "an amount, e.g. "5""; a supervisor with no pin_hash
    was told as a Python dict and sent to "the supervisor PIN tool"."""
    with pytest.raises(ConfigError) as info:
        _load(tmp_path, '[blackjack]\nmin_bet = 10.5\n')
    assert "min_bet = 10.5" in str(info.value) and 'write the amount in quotes ("10.5")' in str(info.value)
    assert "Decimal" not in str(info.value)
    with pytest.raises(ConfigError) as info:
        _load(tmp_path, '[[supervisors]]\nname = "Ana"\n')
    said = str(info.value)
    assert "supervisor 'Ana' has no scrypt pin_hash" in said and "'dealer-assist supervisor hash Ana'" in said
    assert "{" not in said
    with pytest.raises(ConfigError) as info:
        _load(tmp_path, '[[supervisors]]\npin_hash = "scrypt$x"\n')
    assert "[[supervisors]] entry 1 needs a name" in str(info.value) and "{" not in str(info.value)


def test_a_source_the_config_file_gave_that_cannot_be_used_names_the_file(tmp_path, capsys):
    """qaAE F10: ``source = "serial"`` (no port) in a config was refused without the file's name, where every
    other config error names it; given on the command line it is the command line's, and said as it was."""
    from dealer_assist.cli import main

    for game in ("baccarat", "blackjack"):
        config = tmp_path / f"{game}.toml"
        config.write_text(f'game = "{game}"\nsource = "serial"\n')
        assert main(["run", "--config", str(config), "--journal", str(tmp_path / f"{game}.sqlite"),
                     "--quit-after", "0.1"]) == 3
        assert f"{config}: source = 'serial': serial source needs a port" in capsys.readouterr().err
    assert main(["run", "--source", "serial", "--journal", str(tmp_path / "j.sqlite"), "--quit-after", "0.1"]) == 3
    assert "error: serial source needs a port" in capsys.readouterr().err
