"""Every command of the display and its key; the help overlay (F1) is printed from this table.

``action`` names a method of :class:`~dealer_assist.ui.main_window.MainWindow`.
Keys marked ``direct`` are handled in the window's key handler rather than as
Qt shortcuts, because the card field uses the same keys (Enter, Del, Esc).
Keys marked ``view`` change only what is shown: they are the ones a replay
runs (its table follows the journal; every other key is refused).
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Key:
    keys: tuple[str, ...]
    text: str
    action: str
    args: tuple = ()
    direct: bool = False
    group: str = "Table"
    view: bool = False


KEYS: tuple[Key, ...] = (
    *(Key((str(i + 1),), f"choose chip {i + 1} (from the left)", "select_chip", (i,), group="Bets") for i in range(9)),
    Key(("Left", "Right", "Up", "Down"), "move the bet cursor (seat / bet)", "move_cursor", direct=True, group="Bets"),
    Key(("+", "=", "Space"), "add the chosen chip at the cursor (mouse: click a bet); Space deals at blackjack, "
        "here D deals", "place_at_cursor", group="Bets"),
    Key(("-",), "remove the chosen chip at the cursor (mouse: Shift-click)", "remove_at_cursor", group="Bets"),
    Key(("U", "Ctrl+Z"), "undo the last bet action", "undo", group="Bets"),
    Key(("C",), "clear all bets (U undoes)", "clear", group="Bets"),
    Key(("X",), "double every bet", "double", group="Bets"),
    Key(("R",), "rebet: the last round's bets", "rebet", group="Bets"),
    Key(("D",), "deal: lock the bets", "deal", group="Bets"),
    Key(("Shift+D",), "correct a settled round's bets, its cards kept; D settles it again", "correct_bets",
        group="Bets"),
    Key(("K",), "type a card (then Enter); K then a suit is a king (K D: the king of diamonds); at a table of typed "
        "cards the field takes the cursor by itself while a card is due", "focus_entry", group="Cards"),
    Key(("Enter",), "confirm the unsure card / deal the held card (a no-bet hand) / the card typed for an unreadable "
        "one", "confirm", direct=True, group="Cards"),
    Key(("Del", "Backspace"), "reject the unsure card / set the held card aside (supervisor PIN when configured) / "
        "not the card typed for an unreadable one", "reject", direct=True, group="Cards"),
    Key(("V",), "void the last card of the round (a supervisor PIN if configured; else, in a settled round, press twice)",
        "void_last_card", group="Cards"),
    Key(("Shift+V",), "void the whole round, a misdeal: cards set aside, bets open again (PIN if configured, "
        "else press twice)",
        "void_round", group="Cards"),
    Key(("B",), "burn done face down (count the burn cards as unseen)", "burn_unseen", group="Cards"),
    Key(("Shift+B",), "skip the burn", "skip_burn", group="Cards"),
    Key(("O",), "cut card out, when no reader reports it (press twice): this round and the rules' rounds after, then "
                "the shoe ends; twice again takes back one recorded by mistake", "cut_card", group="Cards"),
    Key(("Ctrl+T",), "after ANOTHER SHOE: take the shoe the reader reads now as this table's (its cards play "
        "again, no restart)", "take_shoe", group="Cards"),
    Key(("N",), "next round", "next_round"),
    Key(("L",), "change the table limits (min / max per bet, payout cap); a supervisor PIN if configured",
        "change_limits"),
    Key(("Ctrl+N",), "new shoe (press twice)", "new_shoe"),
    Key(("Esc",), "dismiss the top alert, the most serious (in the card field: clear it and leave it; with a card due "
        "at a table of typed cards: clear it only)", "dismiss",
        direct=True,
        view=True),
    Key(("A",), "auto-play the simulated shoe on/off (demo)", "toggle_auto", group="Options"),
    Key(("T",), "turbo on/off (no animation, fast simulated shoe)", "toggle_turbo", group="Options", view=True),
    Key(("M",), "sound on/off", "toggle_sound", group="Options", view=True),
    Key(("H",), "history / settlement", "toggle_history", group="Options", view=True),
    Key(("W",), "camera view on/off: what the table's camera sees, each card read outlined", "toggle_camera_view",
        group="Options", view=True),
    Key(("PgDown",), "scroll the paying order (or the history) down a page; a history round's bets cut short "
        "(… and N more) page on first", "scroll_page", (1,), group="Options", view=True),
    Key(("PgUp",), "scroll the paying order (or the history) up a page (a round's bets paged on: back a page)",
        "scroll_page", (-1,), group="Options", view=True),
    Key(("F11",), "full screen on/off", "toggle_fullscreen", group="Options", view=True),
    Key(("F1",), "this help", "toggle_help", group="Options", view=True),
    Key(("Ctrl+Q",), "quit", "close", group="Options", view=True),
)


#: The keys of a replay's own: they pause, resume and step the record (Space and Right place and move bets
#: at a live table, which a replay refuses anyway, so a replay takes them over).
REPLAY_KEYS: tuple[Key, ...] = (
    Key(("Space",), "pause / resume the replay", "toggle_pause", group="Replay", view=True),
    Key(("Right",), "while paused: play the next recorded operation (one card, bet or decision)", "step_replay",
        direct=True, group="Replay", view=True),
)
#: The keys a replay takes over from the live table.
REPLAY_TAKEN = frozenset(k for key in REPLAY_KEYS for k in key.keys)


def paused_reason(reason: str, ended: bool = False) -> str:
    """The banner's second line while a replay is paused, or once it has ``ended`` (both games):
    PAUSED or REPLAY FINISHED first, the table's own reason after it (it explains the operation
    just stepped, which is why the trainer paused), less its "the replay goes on by itself",
    which a paused or finished replay does not."""
    reason = re.sub(r"\s*[;—]\s*the replay goes on by itself.*$", "", reason)
    head = "REPLAY FINISHED" if ended else "PAUSED (Space: resume, Right: next operation)"
    return f"{head} · {reason}" if reason else head


def replay_ended(snap, source) -> bool:
    """Whether the replay ``source`` has played its whole record (its link is "ended")."""
    return dict(snap.links).get(getattr(source, "name", None)) == "ended"


def help_lines(view_only: bool = False) -> list[tuple[str, str, str]]:
    """(group, keys, what) for the help overlay and the README; the nine chip keys share one line.

    ``view_only``: only the keys that change the view (a replay's, whose table follows the journal),
    with the replay's own keys first."""
    chips = [k for k in KEYS if k.action == "select_chip"]
    lines = [(k.group, " / ".join(k.keys), k.text) for k in REPLAY_KEYS] if view_only else []
    for k in KEYS:
        if view_only and not k.view:
            continue
        if k.action == "select_chip":
            if k is chips[0]:
                lines.append((k.group, f"{chips[0].keys[0]} … {chips[-1].keys[0]}", "choose a chip (1 = the leftmost)"))
            continue
        lines.append((k.group, " / ".join(k.keys), k.text))
    return lines
