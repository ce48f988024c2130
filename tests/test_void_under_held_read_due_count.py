"""A void that brings back the card a held read waits behind, while a newer wait of the same camera stands, counts
that card once: once the held read is answered (Enter, or the card typed before it), the camera's next read waits
for the one card still missing, not two (fuzz seed 530: KC, AS read, a card unread, 3D read and held, 9S typed for
it, 9S read, another card unread, V of 9S typed; Enter played 3D in the unread card's place, and 9S still waited
for two cards where one was missing: the table asked for one too many).  A restart shows the same."""

from __future__ import annotations

import pytest

from dealer_assist.table.session import TableSession
from replayed_journals import replayed
from test_camera_waits_everywhere import CAMERA, RULES, alerts, cards, play, seen, table

SEED_530 = [("read", "KC"), ("read", "AS"), ("unr",), ("read", "3D"), ("type", "9S"), ("read", "9S"), ("unr",),
            ("void",)]


def played(path, script, restart: bool):
    s = table(path)
    s.deal()
    for n, step in enumerate(script, start=1):
        play(s, step, n)
    if restart:
        s.close()
        s = table(path)
    return s


def test_the_held_reads_banner_no_longer_names_the_card_voided(tmp_path):
    s = played(tmp_path / "j.sqlite", SEED_530[:-1], restart=False)
    assert "9♠ typed" in s.snapshot.status_reason()
    play(s, ("void",), len(SEED_530))
    assert s.snapshot.typed_before == () and "typed" not in s.snapshot.status_reason()
    s.close()


def test_enter_on_the_held_read_leaves_one_card_due_for_the_next_read(tmp_path):
    s = played(tmp_path / "j.sqlite", [*SEED_530, ("enter",)], restart=False)
    shown = seen(s)
    assert shown["cards"] == ["KC", "AS", "3D"] and shown["pending"] == "9S"
    assert s.cards_due(CAMERA) == 1 and shown["shown_due"] == 0
    assert s.enter_card("5C") is None  # the one card missing, typed: the wait is over
    assert seen(s)["alerts"] == [] and s.cards_due(CAMERA) == 0
    s.close()


def test_the_card_typed_for_the_held_read_leaves_one_card_due(tmp_path):
    s = played(tmp_path / "j.sqlite", [*SEED_530, ("type", "2C")], restart=False)
    assert s.cards_due(CAMERA) == 1
    assert s.confirm_pending() is None
    assert seen(s)["cards"] == ["KC", "AS", "2C", "3D"] and seen(s)["pending"] == "9S"
    assert s.cards_due(CAMERA) == 1
    s.close()


def test_a_void_of_that_card_typed_makes_it_due_again(tmp_path):
    s = played(tmp_path / "j.sqlite", [*SEED_530, ("type", "2C"), ("void",)], restart=False)
    assert s.cards_due(CAMERA) == 2
    assert s.confirm_pending() is None
    assert seen(s)["pending"] == "9S" and s.cards_due(CAMERA) == 1
    s.close()


@pytest.mark.parametrize("tail", [[], [("enter",)], [("type", "2C")], [("type", "2C"), ("void",)],
                                  [("type", "2C"), ("enter",)], [("del",)], [("enter",), ("type", "5C")]],
                         ids=lambda tail: "-".join(step[0] for step in tail) or "void")
def test_a_restart_counts_the_cards_due_as_live(tmp_path, tail):
    script = [*SEED_530, *tail]
    live = played(tmp_path / "live.sqlite", script, restart=False)
    again = played(tmp_path / "restarted.sqlite", script, restart=True)
    assert seen(again) == seen(live)
    assert again.snapshot.typed_before == live.snapshot.typed_before
    assert (again.confirm_pending() is None) == (live.confirm_pending() is None)
    assert seen(again) == seen(live)
    live.close()
    again.close()


@pytest.mark.parametrize("tail", [[], [("enter",)], [("type", "2C")], [("type", "2C"), ("enter",)],
                                  [("type", "2C"), ("enter",), ("type", "5C")], [("enter",), ("type", "5C")],
                                  [("type", "2C"), ("void",), ("enter",)]],
                         ids=lambda tail: "-".join(step[0] for step in tail) or "void")
def test_a_replay_shows_the_cards_and_alerts_as_live(tmp_path, tail):
    path = tmp_path / "j.sqlite"
    live = played(path, [*SEED_530, *tail], restart=False)
    shown = (cards(live), alerts(live))
    live.close()
    again = replayed(path, TableSession(RULES, odds=False))
    assert (cards(again), alerts(again)) == shown
