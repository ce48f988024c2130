"""The simulator's DOUBLE_FEED takes its card out of the shoe, and SHOE EMPTY comes with the last card (qaV F2, F3).

A card-shoe maker compared ``shoe-sim`` with PROTOCOL.md 6: a DOUBLE_FEED "marks the place of the card (or
cards) that went unread", and a host counts it as a card gone, but the simulator took no card out: a one-deck
shoe with two DOUBLE_FEEDs still sent all 52 CARD frames, 54 cards from 52.  And SHOE EMPTY ("the last card
came out") waited for the next card to be asked for: a break, or ``--step``'s wait for a key, and the table
never heard the shoe was empty.
"""

from __future__ import annotations

from collections import Counter

from dealer_assist.cards import full_deck
from dealer_assist.shoesim import PtyEndpoint, ShoeSimulator, VirtualShoe
from dealer_assist.sources.shoe_protocol import CardFrame, ErrorFrame, ShoeFrame, parse_frame


def test_a_double_feed_takes_the_card_it_stands_for_out_of_the_shoe():
    shoe = VirtualShoe(decks=1, seed=3, cut=0)
    shoe.boot()
    shoe.new_shoe()
    out_of_shoe, card_frames = [], 0
    for n in range(1, 60):
        out = shoe.error("DOUBLE_FEED", "two cards left together") if n in (5, 10) else shoe.next_out()
        if isinstance(out.frame, ShoeFrame) and out.frame.state == "EMPTY":
            break
        card_frames += isinstance(out.frame, CardFrame)
        out_of_shoe.append(out.card)
    assert None not in out_of_shoe  # each frame standing for a card names the physical card behind it
    assert Counter(out_of_shoe) == Counter(full_deck())
    assert card_frames == 50  # two of the 52 went out unread, inside the DOUBLE_FEEDs


def test_a_random_error_with_no_card_left_to_go_stands_for_none():
    shoe = VirtualShoe(decks=1, seed=1, cut=0)
    shoe.boot()
    shoe.new_shoe()
    while shoe.remaining:
        shoe.next_out()
    codes = {shoe.error().frame.code for _ in range(40)}
    assert codes and "DOUBLE_FEED" not in codes


def test_shoe_empty_is_sent_with_the_last_card_not_when_the_next_is_asked_for():
    endpoint = PtyEndpoint()
    sim = ShoeSimulator(endpoint, VirtualShoe(decks=1, seed=2, cut=0))
    try:
        sim.power_on()
        for _ in range(52):
            sim.deal_card()
        sent = [parse_frame(r["frame"].encode() + b"\r\n") for r in sim.log if r["event"] == "sent"]
        assert isinstance(sent[-1], ShoeFrame) and sent[-1].state == "EMPTY"
        assert isinstance(sent[-2], CardFrame)
        sim.error("DOUBLE_FEED", "x")  # nothing left to feed: it stands for a card, yet takes none
        assert [r for r in sim.log if r["event"] == "sent"][-1].get("card") is None
    finally:
        sim.close()


def test_the_sent_log_names_the_card_a_double_feed_took():
    endpoint = PtyEndpoint()
    sim = ShoeSimulator(endpoint, VirtualShoe(decks=1, seed=2, cut=0))
    try:
        sim.power_on()
        sim.deal_card()
        sim.error("DOUBLE_FEED", "two cards left together")
        record = [r for r in sim.log if r["event"] == "sent"][-1]
        assert record["read"] == "DOUBLE_FEED" and isinstance(parse_frame(record["frame"].encode() + b"\r\n"),
                                                               ErrorFrame)
        assert record["card"] == sim.shoe.cards[1].code
    finally:
        sim.close()
