"""The table's configuration file (TOML): house rules, limits, chips, source and display options.

Every key is optional; a missing file section means the defaults of
facts.md §0.  Example (``dealer-assist run --config table.toml``)::

    game = "baccarat"
    source = "serial:/dev/card-shoe"
    journal = "/var/lib/dealer-assist/table1.sqlite"   # a relative path is taken from this file's folder

    [shoe]
    decks = 8
    burn = true
    rounds_after_cut = 1      # 0: stop after the round in which the cut card comes out

    [paytable]
    variant = "standard"      # or "ez", "super6"
    tie_pushes = true         # Player/Banker bets on a tie
    pair_by = "rank"          # or "value" (then lower pair_pays: 11:1 on value pairs favours the players)
    pair_pays = "11"          # Player Pair and Banker Pair pay this to 1

    [limits]                  # at start; a supervisor changes them at the table (L), journaled
    max_payout = "20000"
    [limits.min]              # "0": no minimum but the smallest chip (both games)
    tie = "5"
    [limits.max]
    banker = "5000"

    [table]
    seats = 7
    chips = ["1", "5", "25", "100", "500", "1000"]

    # [shoe], [paytable], [limits] and [table] are the baccarat table's: a blackjack table (game = "blackjack")
    # takes its seats, chips, decks and bet limits from [blackjack] below, and refuses them there.

    [[supervisors]]           # corrections (voiding a card) need one of these PINs
    name = "Ana"
    pin_hash = "scrypt$..."   # from: dealer-assist supervisor hash

    [display]
    turbo = false
    sound = true
    fullscreen = false
    sim_interval = 1.0        # seconds between cards of the simulated shoe (0.01 to 3600)
    dim = false               # a dark pit: the roads' board and the card faces less bright
    text_scale = 1.0          # larger text (up to 1.25) or smaller (down to 0.8) than the window's size gives

    [training]                # the exam standard (dealer-assist train --config): a pass below it does not count
    exam_cases = 40           # an exam's cases, and the fewest a counted pass may have
    pass_accuracy = 98        # percent of decisions right within pass_seconds, and the lowest mark that counts
    pass_seconds = 3.0        # seconds per decision, and the most that counts
    exam_attempts_per_day = 3 # a trainee's stored exams of one drill in 24 hours (absent: no limit)
    trainees = ["Ana", "Dev"] # the school's roster: train stores sessions of these names only (absent: any)
    exam_in_window = false    # true: an exam answered on the terminal (--text) does not count

    [blackjack]               # a blackjack table (game = "blackjack"); checked whatever the game
    decks = 1                 # 1 to 16
    hits_soft_17 = false
    ties_push = false
    dealer_blackjack_takes_all = true   # false: original bet only
    split_any_tens = false
    double_after_split = false
    double_totals = [9, 10, 11]
    blackjack_pays = "1.5"    # 1 to 2, at most two decimals
    seats = 7                 # 1 to 7
    min_bet = "5"             # "0": no minimum but the smallest chip, as at baccarat
    max_bet = "500"
    chips = ["1", "5", "10", "25", "100", "500"]
    burn_cards = 0            # cards burned after each new deck, 0 to 10 (read, typed, or B: unrecorded)

Other keys and ranges: ``shoe.cut_from_end`` (cards behind the cut card, default 16),
``table.seats`` 1 to 14, ``paytable.pair_pays`` 1 to 100 (a payout with no house edge is refused).
"""

from __future__ import annotations

import difflib
import math
import json
import os
import tomllib
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any, Optional

from dealer_assist.baccarat import paytable as pt
from dealer_assist.baccarat.bets import LimitError, TableLimits, UnusableLimitsError, check_given_limits
from dealer_assist.money import InvalidAmountError, parse_money
from dealer_assist.shoe import ShoeError, ShoeRules
from dealer_assist.table.chips import ChipsError, parse_chips
from dealer_assist.table.state import TableRules


class ConfigError(ValueError):
    """A configuration file that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class AppConfig:
    game: str = "baccarat"
    #: Whether the file has a ``game`` line: without one, ``game`` is the default, which a refusal says so.
    game_given: bool = False
    source: str = "sim"
    journal: Optional[Path] = None
    rules: TableRules = field(default_factory=TableRules)
    turbo: bool = False
    sound: bool = True
    fullscreen: bool = False
    sim_interval: float = 1.0
    text_scale: float = 1.0
    dim: bool = False
    #: ``[[supervisors]]`` entries (name, pin_hash); None: no roster, corrections need no PIN.
    supervisors: Optional[tuple[dict, ...]] = None
    #: The ``[blackjack]`` section, read by :func:`dealer_assist.table.blackjack_state.rules_from_config`.
    blackjack: Optional[dict] = None
    #: The ``[training]`` section, checked (``exam_cases``, ``pass_accuracy`` in percent, ``pass_seconds``,
    #: ``exam_attempts_per_day``, ``trainees``: the roster, a tuple, ``exam_in_window``); None: the trainer's own
    #: standard.
    training: Optional[dict] = None
    #: The keys the file set in the baccarat table's sections ([shoe], [paytable], [limits], [table]), dotted
    #: ("table.seats", "limits.max.banker"): a blackjack table takes none of them (see :func:`blackjack_misplaced`).
    baccarat_keys: tuple[str, ...] = ()

    def roster(self):
        """The :class:`~dealer_assist.table.supervisor.SupervisorRoster`, or None without supervisors."""
        if self.supervisors is None:
            return None
        from dealer_assist.table.supervisor import SupervisorRoster

        return SupervisorRoster.from_config({"supervisors": list(self.supervisors)})


def default_journal_path(game: str = "baccarat") -> Path:
    """The journal in the user's data folder ($XDG_DATA_HOME/dealer-assist, else ~/.local/share/dealer-assist)."""
    return data_folder() / "dealer-assist" / f"{game}-journal.sqlite"


def data_folder() -> Path:
    """$XDG_DATA_HOME, else ~/.local/share.  Empty or relative, XDG_DATA_HOME is unset, as the XDG spec says."""
    xdg = os.environ.get("XDG_DATA_HOME", "")
    return Path(xdg) if os.path.isabs(xdg) else home_folder() / ".local" / "share"


def home_folder() -> Path:
    """The user's home folder.  An empty HOME is unset, the account's own home taken as for HOME unset (qaAK
    F7: Python's '~' was then the root folder, and the journal was made under /.local without a word)."""
    if os.environ.get("HOME", None) != "":
        return Path.home()
    return _account_home() or Path.home()  # no account entry either: the home Python finds, as before


def _account_home() -> Optional[Path]:
    """The home folder the password database gives this account, or None."""
    try:
        import pwd

        home = pwd.getpwuid(os.getuid()).pw_dir
    except (ImportError, KeyError):
        return None
    return Path(home) if home else None


class HomeFolderError(ValueError):
    """A path starts with ``~`` and there is no home folder to take it from."""


def expand_home(path: os.PathLike | str) -> Path:
    """``path`` with a leading ``~`` made the user's home folder, an empty HOME taken as unset as for the
    journal's default place: Python's own expanduser made ``~/table.sqlite`` the root folder's ``/table.sqlite``
    then, and with no home at all left a folder named ``~`` in the folder the table started in.

    Raises :class:`HomeFolderError` when there is no home to take (HOME empty or unset, and no home for the
    account), rather than write the journal anywhere else."""
    text = os.fspath(path)
    if text != "~" and not text.startswith("~/"):
        return Path(text).expanduser()  # ~name is that account's home: HOME plays no part in it
    home = os.environ.get("HOME") or _account_home()
    if not home:
        why = "HOME is empty" if os.environ.get("HOME") == "" else "HOME is not set"
        raise HomeFolderError(f"{text}: '~' stands for the home folder, and there is none to take: {why}, and the "
                              f"account (uid {os.getuid()}) has no home folder in the password database; set HOME "
                              "to the home folder (e.g. export HOME=/home/dealer) or give the path in full (e.g. "
                              "/var/lib/dealer-assist/table1.sqlite)")
    return Path(home) / text[2:] if text != "~" else Path(home)


#: The keys of a configuration file and of its sections ([limits] and [blackjack] check their own):
#: a misspelt key would otherwise leave its setting silently at the default.
TOP_KEYS = ("game", "source", "journal", "shoe", "paytable", "limits", "table", "display", "supervisors", "blackjack",
            "training")
SECTION_KEYS = {"shoe": ("decks", "burn", "rounds_after_cut", "cut_from_end"),
                "paytable": ("variant", "pair_by", "pair_pays", "tie_pushes"),
                "table": ("chips", "seats"),
                "display": ("turbo", "sound", "fullscreen", "sim_interval", "text_scale", "dim"),
                "training": ("exam_cases", "pass_accuracy", "pass_seconds", "exam_attempts_per_day", "trainees",
                             "exam_in_window")}


def _refuse_unknown(keys, known: tuple[str, ...], where: str, path: Path) -> None:
    for key in keys:
        if key not in known:
            near = difflib.get_close_matches(key, known, n=1)
            hint = f" (did you mean {near[0]}?)" if near else ""
            raise ConfigError(f"{path}: unknown setting {where}{key}{hint}; the settings there are {', '.join(known)}")


def _section(data: dict, name: str, path: Path) -> dict:
    value = data.get(name, {})
    if not isinstance(value, dict):
        raise ConfigError(f"{path}: [{name}] must be a table of keys")
    if name in SECTION_KEYS:
        _refuse_unknown(value, SECTION_KEYS[name], f"{name}.", path)
    return value


def _typed(section: dict, name: str, key: str, default: Any, kind: type, path: Path, example: str = "") -> Any:
    """``section[key]`` (``default`` when absent) as ``kind``; a value of another type is refused
    by its key's name (a TOML string "no" is no false, nor "eight" a number), with ``example`` of a
    value it takes where the kind's own (e.g. 1.5) is outside the key's range."""
    value = section.get(key, default)
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        example = example or {bool: "true or false", int: "a whole number, e.g. 8", float: "a number, e.g. 1.5"}[kind]
        raise ConfigError(f"{path}: {name}.{key} = {toml_value(value)} must be {example}")
    return value


def toml_value(value: Any) -> str:
    """``value`` as the config file wrote it (``true``, ``"eight"``, ``[9, 10, 11]``), not as Python shows it
    (``True``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + "}"
    return repr(value)


#: The most seats a baccarat table has (a big table's 14; the display lays out as many).
MOST_SEATS = 14


def _pair_pays(value: Any, path: Path) -> Decimal:
    """``paytable.pair_pays``: the pair bets' payout to 1, a whole or two-decimal number from 1 to 100."""
    try:
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise ValueError
        pays = parse_money(repr(value) if isinstance(value, float) else str(value))  # TOML 11.5 as "11.5"
        if not 1 <= pays <= 100:
            raise ValueError
    except (ValueError, InvalidAmountError):
        raise ConfigError(f"{path}: paytable.pair_pays = {value!r} must be a payout to 1 from 1 to 100, "
                          'e.g. "11" (the seeds\' 11:1)') from None
    return pays


def _payout(ratio: Decimal) -> str:
    """A payout to 1 as a croupier writes it: ``11``, ``5.88``."""
    return str(ratio.quantize(Decimal(1)) if ratio == ratio.to_integral_value() else ratio.normalize())


def _refuse_a_players_edge(paytable: pt.Paytable, decks: int, path: Path) -> None:
    """Refuse pair bets that favour the players.  A pair by value (a ten and a king) comes about twice
    as often as a pair by rank: at the seeds' 11:1 the players would win 75% of every stake."""
    from dealer_assist.odds import counts_for, shoe_odds

    odds = shoe_odds(counts_for(decks), paytable, decks=decks).bets[pt.Bet.PLAYER_PAIR]
    if odds.house_edge > 0:
        return
    chance = (1 - odds.house_edge) / (Fraction(paytable.player_pair) + 1)
    even = (1 / chance - 1) * 100  # in cents of a payout: at it, the bet is even
    cents = math.floor(even) - (1 if math.floor(even) == even else 0)  # the most that still leaves the house an edge
    fair = Decimal(cents) / 100
    raise ConfigError(f"{path}: pairs by {paytable.pair_by} paying {_payout(paytable.player_pair)}:1 give the players "
                      f"an edge of {float(-odds.house_edge):.2%} on both pair bets (a pair comes {float(chance):.1%} of "
                      f"the time): set paytable.pair_pays to {_payout(fair)} or less"
                      + (', or pair_by = "rank"' if paytable.pair_by == "value" else ""))


def config_from_mapping(data: dict[str, Any], path: Path = Path("<config>")) -> AppConfig:
    try:
        _refuse_unknown(data, TOP_KEYS, "", path)
        shoe_d = _section(data, "shoe", path)
        shoe = ShoeRules(decks=_typed(shoe_d, "shoe", "decks", 8, int, path),
                         burn=_typed(shoe_d, "shoe", "burn", True, bool, path),
                         rounds_after_cut=_typed(shoe_d, "shoe", "rounds_after_cut", 1, int, path),
                         cut_from_end=_typed(shoe_d, "shoe", "cut_from_end", 16, int, path))
        pay_d = _section(data, "paytable", path)
        variants = {"standard": pt.STANDARD, "ez": pt.EZ, "super6": pt.SUPER_6}
        variant = pay_d.get("variant", "standard")
        if not isinstance(variant, str) or variant not in variants:
            raise ConfigError(f"{path}: paytable.variant {variant!r} is not one of {', '.join(variants)}")
        pair_by = pay_d.get("pair_by", "rank")
        if not isinstance(pair_by, str) or pair_by not in ("rank", "value"):
            raise ConfigError(f"{path}: paytable.pair_by {pair_by!r} must be \"rank\" or \"value\"")
        pays = _pair_pays(pay_d.get("pair_pays", "11"), path)
        paytable = replace(variants[variant], tie_pushes=_typed(pay_d, "paytable", "tie_pushes", True, bool, path),
                           pair_by=pair_by, player_pair=pays, banker_pair=pays)
        _refuse_a_players_edge(paytable, shoe.decks, path)
        limits = TableLimits.from_mapping(_section(data, "limits", path))
        table_d = _section(data, "table", path)
        try:
            chips = parse_chips(table_d.get("chips", ["1", "5", "25", "100", "500", "1000"]), "table.chips")
        except ChipsError as exc:
            raise ConfigError(f"{path}: {exc}") from None
        seats = _typed(table_d, "table", "seats", 7, int, path)
        if not 1 <= seats <= MOST_SEATS:
            raise ConfigError(f"{path}: table.seats {seats} must be 1 to {MOST_SEATS}")
        rules = TableRules(shoe=shoe, paytable=paytable, limits=limits, seats=seats, chips=chips)
        try:  # limits a journal recorded are replayed as they were: this is for the file only
            check_given_limits(limits, chips, paytable)
        except UnusableLimitsError as exc:
            raise ConfigError(f"{path}: {exc}; {exc.file_fix}") from None
        disp = _section(data, "display", path)
        game = data.get("game", "baccarat")
        if not isinstance(game, str) or game not in ("baccarat", "blackjack"):
            raise ConfigError(f"{path}: game {game!r} must be \"baccarat\" or \"blackjack\"")
        if "journal" in data and not (isinstance(data["journal"], str) and data["journal"].strip()):
            raise ConfigError(f"{path}: journal = {data['journal']!r} must be a file path, e.g. "
                              "journal = \"/var/lib/dealer-assist/table3.sqlite\"")
        if "source" in data and not (isinstance(data["source"], str) and data["source"].strip()):
            raise ConfigError(f"{path}: source = {data['source']!r} must be a source spec, e.g. source = \"sim\"")
        try:
            journal = expand_home(data["journal"]) if data.get("journal") else None
        except HomeFolderError as exc:
            raise ConfigError(f"{path}: journal = {exc}") from None
        blackjack = _section(data, "blackjack", path) or None
        if blackjack is not None:  # checked whatever the game: a misspelt key must not wait for the day it is used
            from dealer_assist.table.blackjack_state import BlackjackTableError, rules_from_config

            try:
                rules_from_config(blackjack)
            except BlackjackTableError as exc:
                raise ConfigError(f"{path}: [blackjack] {exc}") from None
        return AppConfig(game=game, game_given="game" in data, source=str(data.get("source", "sim")), journal=journal, rules=rules,
                         turbo=_typed(disp, "display", "turbo", False, bool, path),
                         sound=_typed(disp, "display", "sound", True, bool, path),
                         fullscreen=_typed(disp, "display", "fullscreen", False, bool, path),
                         sim_interval=_sim_interval(disp, path),
                         text_scale=_text_scale(disp, path),
                         dim=_typed(disp, "display", "dim", False, bool, path),
                         supervisors=_supervisors(data, path),
                         blackjack=blackjack, training=_training(data, path), baccarat_keys=_dotted(data))
    except (ShoeError, LimitError, InvalidAmountError, pt.InvalidBetError) as exc:
        raise ConfigError(f"{path}: {exc}") from None
    except (TypeError, ValueError, ArithmeticError) as exc:
        if isinstance(exc, ConfigError):
            raise
        raise ConfigError(f"{path}: {exc}") from None


#: The baccarat table's sections: a blackjack table's own settings are all in [blackjack].
BACCARAT_SECTIONS = ("shoe", "paytable", "limits", "table")
#: A baccarat key, and the [blackjack] key that says the same for a blackjack table. ``limits.max_payout`` has
#: none: it caps a seat's payout, and blackjack's max_bet caps a stake (rev24 E5: a 20000 payout cap told to
#: become a 20000 max bet), so it is one of the keys blackjack does not use.
BLACKJACK_KEY = {"table.seats": "seats", "table.chips": "chips", "shoe.decks": "decks", "limits.min": "min_bet",
                 "limits.max": "max_bet"}


def _dotted(data: dict) -> tuple[str, ...]:
    """The keys set in the file's baccarat sections, dotted ("limits.max.banker")."""
    def walk(prefix: str, value: Any):
        if isinstance(value, dict):
            for key, inner in value.items():
                yield from walk(f"{prefix}.{key}", inner)
        else:
            yield prefix
    return tuple(key for name in BACCARAT_SECTIONS if isinstance(data.get(name), dict)
                 for key in walk(name, data[name]))


def blackjack_misplaced(config: AppConfig, path: Path) -> tuple[Optional[str], Optional[str]]:
    """What a blackjack table makes of a file's baccarat settings (qaAE F6: [table] seats, [shoe] decks,
    [limits] were taken without a word, and the table opened, and journaled its rules, with the
    [blackjack] defaults): (a refusal naming the [blackjack] key for each one that has one, a warning
    naming those the blackjack table has no use for), each None when there are none."""
    moved, unused = [], []
    for key in config.baccarat_keys:
        counterpart = next((bj for name, bj in BLACKJACK_KEY.items() if key == name or key.startswith(name + ".")),
                           None)
        (moved if counterpart else unused).append((key, counterpart))
    refusal = None
    if moved:
        said = "; ".join(f"for [{key.split('.')[0]}] {key.split('.', 1)[1]}, [blackjack] {bj}" for key, bj in moved)
        refusal = (f"{path}: a blackjack table (game = \"blackjack\") takes its settings from [blackjack] only, and "
                   f"would open with that section's instead of these: {said}. Move each there (the blackjack "
                   "table has one bet a seat: its limits are [blackjack] min_bet and max_bet); the table was not "
                   "started")
    warning = None
    if unused:
        payout = ("; limits.max_payout caps a baccarat seat's payout: blackjack has no payout cap, and its "
                  "[blackjack] max_bet caps a stake" if ("limits.max_payout", None) in unused else "")
        warning = (f"{path}: a blackjack table does not use {', '.join(key for key, _ in unused)} (baccarat's "
                   f"settings; its own house rules are in [blackjack]{payout})")
    return refusal, warning


#: The simulated shoe's pace, seconds between cards: a hundredth of a second (faster than turbo) to an hour.
SIM_INTERVAL = (0.01, 3600.0)


def _sim_interval(display: dict, path: Path) -> float:
    seconds = _typed(display, "display", "sim_interval", 1.0, float, path)
    if not SIM_INTERVAL[0] <= seconds <= SIM_INTERVAL[1]:  # also nan; inf stopped the shoe's thread
        raise ConfigError(f"{path}: display.sim_interval = {seconds!r} must be {SIM_INTERVAL[0]:g} to "
                          f"{SIM_INTERVAL[1]:g} seconds between cards")
    return seconds


#: The text scale's bounds (the display's own, dealer_assist.ui.theme.TEXT_SCALES: the config is read without Qt).
TEXT_SCALE = (0.8, 1.25)


def text_scale_refusal(scale: float) -> Optional[str]:
    """Why ``scale`` is no text scale, or None."""
    if not TEXT_SCALE[0] <= scale <= TEXT_SCALE[1]:  # also nan
        return (f"{scale!r} must be {TEXT_SCALE[0]:g} to {TEXT_SCALE[1]:g} (1.25: text a quarter larger than "
                "the window's size gives)")
    return None


def _text_scale(display: dict, path: Path) -> float:
    scale = _typed(display, "display", "text_scale", 1.0, float, path,
                   f"a number from {TEXT_SCALE[0]:g} to {TEXT_SCALE[1]:g}, e.g. 1.1")
    refused = text_scale_refusal(scale)
    if refused:
        raise ConfigError(f"{path}: display.text_scale = {refused}")
    return scale


def _training(data: dict, path: Path) -> Optional[dict]:
    """``[training]``: the exam standard a school sets; each key optional (the trainer's default then)."""
    if "training" not in data:
        return None
    section = _section(data, "training", path)
    out: dict[str, Any] = {}
    if "exam_cases" in section:
        out["exam_cases"] = _typed(section, "training", "exam_cases", 40, int, path)
        if out["exam_cases"] < 1:
            raise ConfigError(f"{path}: training.exam_cases = {out['exam_cases']} must be 1 or more")
    if "exam_attempts_per_day" in section:
        out["exam_attempts_per_day"] = _typed(section, "training", "exam_attempts_per_day", 3, int, path)
        if out["exam_attempts_per_day"] < 1:
            raise ConfigError(f"{path}: training.exam_attempts_per_day = {out['exam_attempts_per_day']} must be 1 or "
                              "more (leave the key out for no limit)")
    if "exam_in_window" in section:
        out["exam_in_window"] = _typed(section, "training", "exam_in_window", False, bool, path)
    if "trainees" in section:   # the school's roster: a stored session's trainee must be on it (qaAD F4)
        roster = section["trainees"]
        if not (isinstance(roster, list) and roster and all(isinstance(n, str) and 0 < len(n.strip()) <= 40
                                                           and n.isprintable() for n in roster)):
            raise ConfigError(f"{path}: training.trainees = {toml_value(roster)} must be a list of the school's "
                              'trainee names, each 1 to 40 printable characters, e.g. ["Ana", "Dev"]')
        out["trainees"] = tuple(n.strip() for n in roster)
    for key, low, high, what in (("pass_accuracy", 0.0, 100.0, "above 0 and at most 100 (percent)"),
                                 ("pass_seconds", 0.0, math.inf, "more than 0 (seconds per decision)")):
        if key in section:
            value = _typed(section, "training", key, 0.0, float, path)
            if not (low < value <= high and math.isfinite(value)):
                raise ConfigError(f"{path}: training.{key} = {value!r} must be {what}")
            out[key] = value
    return out


def _supervisors(data: dict, path: Path) -> Optional[tuple[dict, ...]]:
    if "supervisors" not in data:
        return None
    from dealer_assist.table.supervisor import PinHashError, SupervisorRoster

    items = data["supervisors"]
    if not isinstance(items, list):
        raise ConfigError(f"{path}: supervisors must be a list of [[supervisors]] tables (name, pin_hash)")
    if not items:  # QA: a roster of no one made every correction need a PIN nobody has, for good
        raise ConfigError(f"{path}: supervisors = [] names no supervisor: list [[supervisors]] entries (name, "
                          "pin_hash), or leave the key out for a table whose corrections need no PIN")
    try:
        SupervisorRoster.from_config({"supervisors": items})
    except PinHashError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    return tuple(dict(i) for i in items)


def load_config(path: Optional[os.PathLike | str] = None) -> AppConfig:
    """Read a TOML configuration file; ``None`` gives the defaults."""
    if path is None:
        return AppConfig()
    p = Path(path)
    try:
        # utf-8-sig: a file saved by Windows Notepad starts with a byte order mark, which TOML does not take
        # (qaI: refused as "Invalid statement (at line 1, column 1)" a file that looks right in any editor).
        data = tomllib.loads(p.read_bytes().decode("utf-8-sig"))
    except FileNotFoundError:
        raise ConfigError(f"configuration file {p} does not exist") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{p} is not valid TOML: {exc}") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{p} is not UTF-8 text (byte {exc.start}): save it as UTF-8, or give the "
                          "configuration file itself") from None
    except OSError as exc:
        raise ConfigError(f"cannot read configuration file {p}: {exc.strerror}") from None
    config = config_from_mapping(data, p)
    if config.journal is not None and not config.journal.is_absolute():
        config = replace(config, journal=_beside_the_file(config.journal, p))
    return config


def _beside_the_file(journal: Path, config_file: Path) -> Path:
    """A config's relative journal path, taken from the file's folder, not the one the table starts in: a launcher
    or a restart from another folder had opened a new, empty journal there, leaving the open round's bets behind
    (qaL F6).  A journal only where versions before took it (the start folder) stops the start, so that an upgrade
    does not do the same (rev13)."""
    beside = Path(os.path.abspath(config_file)).parent / journal
    here = Path(os.path.abspath(journal))
    if not beside.exists() and here.exists() and here != beside:
        raise ConfigError(f"{config_file}: journal = \"{journal}\" is now taken from the configuration file's folder, "
                          f"and there is no journal at {beside}; but there is one at {here}, in the folder the table "
                          "was started from, where earlier versions took it. To go on with that table, write its "
                          f"full path in the file (journal = \"{here}\"), or move it (with any {here.name}-wal beside "
                          f"it) to {beside}")
    return beside
