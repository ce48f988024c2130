"""The names the blackjack session's modules share: the game's, a typed card's source, a correction's kind,
the words a held read is shown with."""

from __future__ import annotations


GAME = "blackjack"

#: How the doubt of a card read while a decision was due begins (see BlackjackSession._take).
BEFORE_A_DECISION = "read before the decision for "
#: How the doubt of a zoned camera's card read, while a decision is due, in the box of a later place of the round
#: (the dealer's, a later seat's) begins: it waits in its box and is played there once its card is due (qaY Y1).
IN_A_LATER_BOX = "lies in the box of a later place: "

#: The source of a card the croupier typed.
KEYBOARD = "keyboard"

#: The journal kind of a card typed in place of a read waiting for the decision (played later by H or D).
CORRECTED_KIND = "read_corrected"

#: A ``read_dropped`` field: Del dropped a read held as MOVED_PUSHED, its card pushed out of this box (see _drop_notes).
PUSHED_FROM = "pushed_from"
