"""Who authorised a correction and why, in the words the table's message line says it live and in a replay.

An auditor steps through a replay to find exactly this (qaAX H2): the
journal's ``correction`` payload names the supervisor and the reason, so both
the live table and its replay add them to what the correction did.
"""

from __future__ import annotations

from typing import Any, Mapping


def authorised_words(correction: Mapping[str, Any]) -> str:
    """``authorised by Ana: typo 8C was 2C``; a table without supervisors: ``the croupier's: REASON`` (the reason
    alone when it names the croupier already: V's own, ``voided by the croupier (V)``)."""
    who = str(correction.get("supervisor") or "").strip()
    why = str(correction.get("reason") or "").strip()
    if who:
        return f"authorised by {who}" + (f": {why}" if why else "")
    return why if "croupier" in why else "the croupier's" + (f": {why}" if why else "")


def with_authority(done: str, op: Mapping[str, Any]) -> str:
    """``done`` (what a journaled ``op`` did) followed by who authorised it and why, when ``op`` is a correction."""
    correction = op.get("correction")
    if not isinstance(correction, Mapping):
        return done
    return f"{done} [{authorised_words(correction)}]"
