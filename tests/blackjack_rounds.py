"""Blackjack rounds the tests need: seeds of the virtual shoe (searched, not assumed) and a stand-only round."""

from dealer_assist.sources.virtual import shuffled_shoe


def split_and_double_seed() -> int:
    """A seeded one-deck shoe whose first deal gives seat 1 a pair and seat 2 a hard 9-11."""
    for seed in range(5000):
        c = shuffled_shoe(1, seed)
        two = c[1].blackjack_value + c[4].blackjack_value
        if c[0].rank == c[3].rank != "A" and "A" not in (c[1].rank, c[4].rank) and two in (9, 10, 11):
            return seed
    raise AssertionError("no seed in range gives a split and a double")


def play_standing(session, shoe) -> None:
    """Deal the round from the virtual shoe, every seat standing on its first two cards, to the end."""
    from dealer_assist.table.blackjack_state import BlackjackPhase

    while session.state.phase == BlackjackPhase.PLAYING:
        while session.card_due():
            shoe.deal_one()
        if session.snapshot.allowed:
            session.stand()
