"""Supervisor PINs: stored only as salted scrypt hashes, checked safely, wrong tries locked out."""

from __future__ import annotations

import base64
import hashlib
import json

import pytest

from dealer_assist.table.journal import Journal
from dealer_assist.table.supervisor import (
    FIRST_LOCKOUT_S, FREE_ATTEMPTS, MAX_LOCKOUT_S, Correction, CorrectionError, InvalidPinError,
    PinHashError, PinLockedError, Supervisor, SupervisorRoster, WrongPinError, check_pin, hash_pin,
)

FAST = 2 ** 10  # tests use a low scrypt cost where the cost itself is not under test


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def roster(clock=None) -> SupervisorRoster:
    return SupervisorRoster([Supervisor("ana", hash_pin("4821", n=FAST)), Supervisor("bo", hash_pin("777777", n=FAST))],
                            clock=clock or FakeClock(), wall_clock=lambda: "2026-11-30T08:00:00Z")


def test_pin_is_stored_only_as_a_salted_scrypt_hash():
    first, second = hash_pin("4821"), hash_pin("4821")
    assert first != second  # salted
    assert "4821" not in first
    scheme, n, r, p, salt, key = first.split("$")
    assert (scheme, int(n), int(r), int(p)) == ("scrypt", 2 ** 15, 8, 1)
    expected = hashlib.scrypt(b"4821", salt=base64.b64decode(salt), n=2 ** 15, r=8, p=1, dklen=32,
                              maxmem=64 * 1024 * 1024)
    assert base64.b64decode(key) == expected
    assert check_pin("4821", first) and not check_pin("4822", first) and not check_pin("", first)


@pytest.mark.parametrize("pin", ["123", "1234567890123", "12a4", " 1234", "", None, 1234])
def test_bad_new_pin_is_refused(pin):
    with pytest.raises(InvalidPinError, match="4 to 12 digits"):
        hash_pin(pin, n=FAST)


@pytest.mark.parametrize("stored", ["plain1234", "scrypt$3$8$1$AAAA$AAAA", "md5$1$1$1$AA$AA",
                                    "scrypt$1024$8$1$not base64!$AAAA"])
def test_unreadable_stored_hash_is_a_clear_error(stored):
    with pytest.raises(PinHashError, match="set the supervisor's PIN again"):
        check_pin("1234", stored)


def test_right_pin_passes_and_resets_the_count():
    clock = FakeClock()
    table = roster(clock)
    with pytest.raises(WrongPinError):
        table.check("ana", "0000")
    assert table.check("ana", "4821").name == "ana"
    for _ in range(FREE_ATTEMPTS - 1):  # the earlier failure no longer counts
        with pytest.raises(WrongPinError) as info:
            table.check("ana", "0000")
        assert info.value.locked_for == 0
    assert table.check("ana", "4821").name == "ana"


def test_wrong_pins_lock_out_for_longer_and_longer():
    clock = FakeClock()
    table = roster(clock)
    for left in range(FREE_ATTEMPTS - 1, 0, -1):
        with pytest.raises(WrongPinError, match=f"{left} more") as info:
            table.check("ana", "1111")
        assert info.value.tries_left == left
    locks = []
    for _ in range(10):
        with pytest.raises(WrongPinError, match="locked for") as info:
            table.check("ana", "1111")
        locks.append(info.value.locked_for)
        # while locked even the right PIN is refused, without being checked
        clock.now += info.value.locked_for - 1
        with pytest.raises(PinLockedError, match="try again in 1 s"):
            table.check("ana", "4821")
        clock.now += 1
    assert locks[0] == FIRST_LOCKOUT_S and locks[1] == 2 * FIRST_LOCKOUT_S
    assert all(b >= a for a, b in zip(locks, locks[1:])) and locks[-1] == MAX_LOCKOUT_S
    assert table.check("bo", "777777").name == "bo"  # one name's lockout does not block the others
    assert table.check("ana", "4821").name == "ana" and table.lockout_left("ana") == 0


def test_unknown_name_is_treated_like_a_wrong_pin():
    table = roster()
    for _ in range(FREE_ATTEMPTS):
        with pytest.raises(WrongPinError, match=r"wrong PIN \(or a name not on this table's roster\) for supervisor 'zed'"):
            table.check("zed", "4821")
    with pytest.raises(PinLockedError):
        table.check("zed", "4821")


def test_authorize_gives_a_correction_and_journals_who_when_what_why(tmp_path):
    table = roster()
    correction = table.authorize("ana", "4821", "void_card", {"round": 12, "card": "KH", "seq": 40},
                                 "  card flashed on the floor ")
    assert correction == Correction("ana", "2026-11-30T08:00:00Z", "void_card",
                                    {"round": 12, "card": "KH", "seq": 40}, "card flashed on the floor")
    with Journal.open(tmp_path / "j") as journal:
        entry = journal.append("correction", correction.to_payload())
    assert entry.payload["round"] == 12 and entry.payload["supervisor"] == "ana"
    assert Correction.from_payload(entry.payload) == correction
    assert "4821" not in json.dumps(entry.to_dict())


def test_a_correction_needs_a_known_action_and_a_reason_and_costs_no_try():
    table = roster()
    with pytest.raises(CorrectionError, match="needs a reason"):
        table.authorize("ana", "0000", "void_round", {"round": 3}, "   ")
    with pytest.raises(CorrectionError, match="unknown correction 'delete_everything'"):
        table.authorize("ana", "0000", "delete_everything", {}, "because")
    with pytest.raises(WrongPinError) as info:
        table.authorize("ana", "0000", "void_round", {"round": 3}, "misdeal")
    assert info.value.tries_left == FREE_ATTEMPTS - 1


def test_roster_round_trips_through_config_without_pins():
    table = roster()
    table.add("cy", "24680")
    config = json.loads(json.dumps(table.to_config()))
    assert [s["name"] for s in config["supervisors"]] == ["ana", "bo", "cy"]
    assert "24680" not in json.dumps(config)
    again = SupervisorRoster.from_config(config, clock=FakeClock())
    assert again.check("cy", "24680").name == "cy"
    with pytest.raises(PinHashError, match="never write the PIN itself in the file"):
        SupervisorRoster.from_config({"supervisors": [{"name": "dee", "pin_hash": "1234"}]})


def test_a_restart_does_not_wipe_a_lockout():
    clock = FakeClock()
    table = roster(clock)
    refused = []
    for _ in range(FREE_ATTEMPTS):
        with pytest.raises(WrongPinError) as info:
            table.check("ana", "1111")
        refused.append(info.value)
    last = refused[-1]
    assert last.failures == FREE_ATTEMPTS and last.locked_for == FIRST_LOCKOUT_S
    restarted = roster(FakeClock())  # a new process: fresh memory, the journal's pin_refused replayed
    restarted.restore("ana", last.failures, last.locked_for)
    with pytest.raises(PinLockedError):
        restarted.check("ana", "4821")
    assert restarted.lockout_left("ana") == FIRST_LOCKOUT_S


def test_a_name_is_matched_regardless_of_case_and_end_spaces_with_one_lockout_per_person():
    """"ana" typed for the roster's "Ana" with the right PIN was refused as a wrong PIN, and counted apart."""
    table = SupervisorRoster()
    table.add("Ana", "4821")
    assert table.check(" ana ", "4821").name == "Ana" and table.check("ANA", "4821").name == "Ana"
    for typed in ("ana", "ANA", "Ana "):
        with pytest.raises(WrongPinError) as refused:
            table.check(typed, "0000")
        assert refused.value.name == "Ana"
    with pytest.raises(PinLockedError):
        table.check("aNa", "4821")
    assert table.lockout_left("ana") > 0


@pytest.mark.parametrize("stored, said", [
    ("scrypt$...", "it has 2 parts between '$', not the 6"),          # the README's own placeholder
    ("scrypt$x$8$1$AAAA$AAAA", "is not three whole numbers"),
    ("scrypt$1024$8$1$AAAA", "it has 5 parts"),
])
def test_a_config_with_a_malformed_pin_hash_names_the_key_and_what_is_wrong(tmp_path, stored, said):
    """It said "stored PIN hash is not readable (not enough values to unpack (expected 6, got 2))"."""
    from dealer_assist.table.config import ConfigError, load_config

    path = tmp_path / "table.toml"
    path.write_text(f'[[supervisors]]\nname = "Ana"\npin_hash = "{stored}"\n')
    with pytest.raises(ConfigError) as err:
        load_config(path)
    text = str(err.value)
    assert str(path) in text and "'Ana'" in text and "pin_hash is not readable" in text and said in text
    assert "unpack" not in text and "supervisor hash" in text
