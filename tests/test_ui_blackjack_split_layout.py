"""A split seat's hands each show their cards, total and result badge, none over another, at every screen size.

A real table splits seat 1 and doubles seat 2 (a seeded virtual shoe), the
round is settled, and the real offscreen window is drawn at 1280x720,
1600x900 and 1920x1080 with 3 to 7 seats.  Where the view painted each
thing (the card row, the letters of the total, the badge and its letters,
measured with the font's metrics) must lie inside the seat's box and not
meet any other.  Hands the rules cannot reach here (a re-split's 3 and 4)
are laid out in the same seat boxes and checked the same way.
"""

from decimal import Decimal as D
from itertools import combinations

import pytest

from blackjack_rounds import split_and_double_seed
from test_replay_blackjack import play_calls
from dealer_assist.sources.virtual import VirtualShoe
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules

SIZES = ((1280, 720), (1600, 900), (1920, 1080))
#: The smallest letters a total or a badge of a split seat may have (px), up to seven seats at 1280x720.
READABLE_PX = 12
#: Three or four hands (re-splits, which the house rules do not allow yet) in a seat a seventh of a 1280x720
#: table wide get smaller letters: ``WIN +1000.00`` in a quarter of 110 x 224 px.  Still nothing overlaps.
RESPLIT_PX = 9
#: The shortest card drawn (px): its corner's rank and suit still read.
CARD_PX = 26


def meet(a, b):
    """Whether two rects share any area (touching edges is not overlapping)."""
    c = a.intersected(b)
    return c.width() > 0.5 and c.height() > 0.5


def inside(outer, inner):
    return outer.adjusted(-0.5, -0.5, 0.5, 0.5).contains(inner)


def check_hands(seat_rect, places, totals, badges, where, least=READABLE_PX):
    """``places`` (HandPlace), with the total's and badge's fitted texts: all inside the seat, none meeting."""
    parts = []
    for i, (place, total, badge) in enumerate(zip(places, totals, badges)):
        assert inside(place.label, total.ink), f"{where}: hand {i + 1}'s total {total.text!r} spills out of its line"
        assert total.px >= least, f"{where}: hand {i + 1}'s total is {total.px} px"
        parts += [(f"hand {i + 1} cards", place.cards), (f"hand {i + 1} total", total.ink),
                  (f"hand {i + 1} badge", place.badge)]
        if badge is not None:
            assert inside(place.badge, badge.ink), f"{where}: hand {i + 1}'s badge {badge.text!r} overflows its box"
            assert badge.px >= least, f"{where}: hand {i + 1}'s badge is {badge.px} px"
    for name, rect in parts:
        assert inside(seat_rect, rect), f"{where}: {name} {rect} leaves the seat box {seat_rect}"
    for (name_a, a), (name_b, b) in combinations(parts, 2):
        assert not meet(a, b), f"{where}: {name_a} {a} overlaps {name_b} {b}"


@pytest.fixture
def settled_split(show_window):
    """``make(seats)``: a real window whose seat 1 split (two settled hands) and seat 2 doubled."""
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    made = []

    def make(seats):
        session = BlackjackSession(BlackjackTableRules(seats=seats), None)
        shoe = VirtualShoe(decks=1, seed=split_and_double_seed(), interval=3600, demand=session.card_due)
        shoe.start(session.handle)
        made.append((session, shoe))
        assert session.place(1, D("25")) is None and session.place(2, D("10")) is None
        assert session.deal() is None
        assert (1, "split") in play_calls(session, shoe)
        assert session.state.phase == BlackjackPhase.SETTLED
        return session, show_window(BlackjackWindow(session, None))

    yield make
    for session, shoe in made:
        shoe.stop()
        session.close()


@pytest.mark.parametrize("seats", [3, 5, 7])
def test_a_split_seats_two_settled_hands_never_overlap(qtbot, settled_split, seats):
    session, window = settled_split(seats)
    for size in SIZES:
        window.resize(*size)
        qtbot.waitUntil(lambda: window.table.width() > 0 and window.size().width() == size[0], timeout=2000)
        window.table.repaint()
        placed = window.table.placed[1]
        assert len(placed) == 2 and all(p.badge is not None for p in placed)
        shown = window.table.drawn["SEAT 1"]
        assert [hand[2].split(" ")[0] for hand in shown] == [h.result.value.upper() for h in
                                                              session.state.settlement.hands if h.seat == 1]
        assert all(hand[1] for hand in shown)  # each hand's total is drawn
        check_hands(window.table.seat_rect(1), [p.place for p in placed], [p.total for p in placed],
                    [p.badge for p in placed], f"{seats} seats at {size[0]}x{size[1]}")
        seat_2 = window.table.placed[2]  # the doubled hand keeps its x2 and badge inside its box too
        assert "x2" in seat_2[0].total.text
        check_hands(window.table.seat_rect(2), [seat_2[0].place], [seat_2[0].total], [seat_2[0].badge],
                    f"seat 2 of {seats} at {size[0]}x{size[1]}")


@pytest.mark.parametrize("hands", [2, 3, 4])
@pytest.mark.parametrize("seats", [3, 4, 7])
def test_resplit_hands_fit_a_seat_at_every_size(qtbot, settled_split, seats, hands):
    """Three and four hands (re-splits) with long totals and the longest badges still fit, in the real seat boxes."""
    from dealer_assist.ui.blackjack.hand_layout import (badge_forms, badge_inside, badge_text, fit_badge, layout_hands,
                                                        total_forms, total_text)
    from dealer_assist.ui.blackjack.table_view import hands_area, seat_unit

    _, window = settled_split(seats)
    label, badge = "soft 21  x2", badge_text("WIN", "+1000.00")
    for size in SIZES:
        window.resize(*size)
        qtbot.waitUntil(lambda: window.size().width() == size[0], timeout=2000)
        rect = window.table.seat_rect(seats)
        unit = seat_unit(rect)
        places = layout_hands(hands_area(rect), hands, unit, label, badge, cards=4)
        assert len(places) == hands
        totals = [fit_badge(*total_text(label), p.label, unit * 1.5, total_forms(label)) for p in places]
        badges = [fit_badge(*badge, badge_inside(p.badge), unit * 1.3, badge_forms(badge[0])) for p in places]
        assert all("1000.00" in b.text for b in badges), [b.text for b in badges]  # the amount whole (as the view draws)
        check_hands(rect, places, totals, badges, f"{hands} hands, {seats} seats at {size[0]}x{size[1]}",
                    READABLE_PX if hands == 2 else RESPLIT_PX)
        assert all(p.cards.height() >= CARD_PX for p in places), "cards too small to read"
