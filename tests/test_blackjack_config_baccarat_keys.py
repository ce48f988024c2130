"""A blackjack config's baccarat settings ([table], [shoe], [limits]) are refused, naming the [blackjack] key to
use (qaAE F6): the table opened with the [blackjack] defaults (7 seats, chips 1 to 500, a 1-deck shoe) without a
word, and journaled those rules, so the corrected file could not restart it."""

from __future__ import annotations

from pathlib import Path

from dealer_assist.cli import main
from dealer_assist.table.config import load_config

INSTALLER = 'game = "blackjack"\nsource = "manual"\n[table]\nseats = 3\nchips = ["10", "50", "200"]\n' \
            '[shoe]\ndecks = 6\n[limits]\nmax_payout = "500"\n'


def test_a_blackjack_table_refuses_baccarat_seats_chips_decks_and_limits_naming_its_own_keys(tmp_path, capsys):
    config = tmp_path / "bj.toml"
    config.write_text(INSTALLER)
    journal = tmp_path / "j.sqlite"
    code = main(["run", "--config", str(config), "--journal", str(journal), "--quit-after", "0.1"])
    err = capsys.readouterr().err
    assert code == 2 and not journal.exists()  # refused before a journal recorded the wrong rules
    for said in ("for [table] seats, [blackjack] seats", "for [table] chips, [blackjack] chips",
                 "for [shoe] decks, [blackjack] decks"):
        assert said in err, (said, err)
    assert "max_payout" not in err  # a payout cap is no max bet (rev24 E5): it is not named as one to move


def test_a_payout_cap_is_named_as_a_setting_blackjack_does_not_use_not_as_its_max_bet(tmp_path):
    """rev24 E5: [limits] max_payout (20000, a seat's payout) was told to become [blackjack] max_bet (a stake),
    a money limit 40 times the default 500."""
    from dealer_assist.table.config import blackjack_misplaced

    config = tmp_path / "bj.toml"
    config.write_text('game = "blackjack"\n[limits]\nmax_payout = "20000"\n[blackjack]\nmax_bet = "500"\n')
    refusal, warning = blackjack_misplaced(load_config(config), Path(config))
    assert refusal is None
    assert "does not use limits.max_payout" in warning and "no payout cap" in warning


def test_baccarat_settings_a_blackjack_table_has_no_use_for_are_named_in_a_warning(tmp_path):
    from dealer_assist.table.config import blackjack_misplaced

    config = tmp_path / "bj.toml"
    config.write_text('game = "blackjack"\n[paytable]\nvariant = "ez"\n[shoe]\nburn = false\n[blackjack]\nseats = 3\n')
    refusal, warning = blackjack_misplaced(load_config(config), Path(config))
    assert refusal is None and "does not use shoe.burn, paytable.variant" in warning
    plain = tmp_path / "plain.toml"
    plain.write_text('game = "blackjack"\n[blackjack]\nseats = 3\ndecks = 6\n')
    assert blackjack_misplaced(load_config(plain), Path(plain)) == (None, None)
