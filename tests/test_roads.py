"""Baccarat roads against facts.md section 3.1 and sequences worked out by hand."""

from types import SimpleNamespace

import pytest
from hypothesis import given, settings, strategies as st

from dealer_assist.roads import (
    BLUE, RED, Coup, InvalidCoupError, layout, parse_coups, scoreboard, scroll,
)


def board(text):
    return scoreboard(parse_coups(text))


def positions(cells):
    return [(c.col, c.row) for c in cells]


def colours(road):
    return "".join("R" if m.colour == RED else "B" for m in road.marks)


def sources(road):
    return [(m.source_column, m.source_depth) for m in road.marks]


# --- Big Road: facts 3.1 vectors --------------------------------------------

def test_big_road_dragon_tail_on_the_floor():
    road = board("BBBBBBBBP").big_road
    banker = [c for c in road.cells if c.winner == "banker"]
    player = [c for c in road.cells if c.winner == "player"]
    assert positions(banker) == [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 5), (2, 5)]
    assert positions(player) == [(1, 0)]
    assert road.lengths == (8, 1)


def test_big_road_streak_bends_early_above_an_earlier_tail():
    road = board("BBBBBBBPPPPPP").big_road
    player = [c for c in road.cells if c.winner == "player"]
    assert positions(player) == [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4)]
    banker = [c for c in road.cells if c.winner == "banker"]
    assert positions(banker)[-1] == (1, 5)


def test_tails_stack_up_and_a_new_column_skips_a_top_row_tail():
    placed = layout([7, 6, 5, 4, 3, 3, 1])
    assert placed[0] == [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 5)]
    assert placed[1] == [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4)]
    assert placed[2] == [(2, 0), (2, 1), (2, 2), (2, 3), (3, 3)]
    assert placed[3] == [(3, 0), (3, 1), (3, 2), (4, 2)]
    assert placed[4] == [(4, 0), (4, 1), (5, 1)]
    # blocked at once, the tail runs along the top and stays there though (6,1) is free
    assert placed[5] == [(5, 0), (6, 0), (7, 0)]
    assert placed[6] == [(8, 0)]  # the tops of columns 6 and 7 are taken by that tail


# --- ties and pairs ------------------------------------------------------------

def test_ties_are_counted_on_the_last_decided_cell():
    road = board("BTTPT").big_road
    assert [c.winner for c in road.cells] == ["banker", "player"]
    assert [c.tie_indices for c in road.cells] == [(1, 2), (4,)]
    assert [c.ties for c in road.cells] == [2, 1]
    assert road.pending_ties == ()


def test_ties_before_the_first_decision_go_on_the_first_decided_cell():
    only_ties = board("TT")
    assert only_ties.big_road.cells == ()
    assert only_ties.big_road.pending_ties == (0, 1)
    assert len(only_ties.bead_plate.cells) == 2
    later = only_ties.add(Coup("player"))
    assert later.big_road.pending_ties == ()
    first = later.big_road.cells[0]
    assert (first.col, first.row, first.winner, first.index, first.ties) == (0, 0, "player", 2, 2)
    assert only_ties.big_road.pending_ties == (0, 1)  # the old board is unchanged


def test_pairs_and_naturals_are_carried_by_the_cells():
    coups = [
        Coup("banker", banker_pair=True, natural=True, player_total=3, banker_total=8),
        Coup("tie", player_pair=True, player_total=6, banker_total=6),
        Coup("player", player_pair=True, banker_pair=True, player_total=8, banker_total=5),
    ]
    b = scoreboard(coups)
    cells = b.big_road.cells
    assert [(c.player_pair, c.banker_pair, c.natural) for c in cells] == [
        (False, True, True), (True, True, False)]
    assert cells[0].tie_indices == (1,)
    bead = b.bead_plate.cells
    assert [(c.winner, c.player_total, c.banker_total, c.player_pair) for c in bead] == [
        ("banker", 3, 8, False), ("tie", 6, 6, True), ("player", 8, 5, True)]


def test_bead_plate_is_column_major_six_rows():
    b = board("BPTBPTBPTBPTB")
    plate = b.bead_plate
    assert positions(plate.cells) == [(i // 6, i % 6) for i in range(13)]
    assert [c.winner[0] for c in plate.cells] == list("bptbptbptbptb")
    assert plate.cells[6].col == 1 and plate.cells[6].row == 0
    assert plate.width == 3


# --- derived roads: start rules ---------------------------------------------------

@pytest.mark.parametrize("k,name", [(1, "big_eye_boy"), (2, "small_road"), (3, "cockroach_pig")])
def test_start_at_second_entry_of_column_k_plus_one(k, name):
    singles = "BP" * 3
    before = board(singles[: k + 1])  # columns 0..k, one entry each
    assert getattr(before, name).marks == ()
    repeat = board(singles[: k + 1] + singles[k])  # 2nd entry of column k
    assert sources(getattr(repeat, name)) == [(k, 1)]


@pytest.mark.parametrize("k,name", [(1, "big_eye_boy"), (2, "small_road"), (3, "cockroach_pig")])
def test_start_at_first_entry_of_column_k_plus_two(k, name):
    singles = "BP" * 3
    chop = board(singles[: k + 2])  # column k has one entry, column k+1 starts
    assert sources(getattr(chop, name)) == [(k + 1, 0)]


def test_small_road_and_cockroach_wait_while_big_eye_boy_has_started():
    b = board("BBPP")  # BEB starts at (1,1), the others need more columns
    assert sources(b.big_eye_boy) == [(1, 1)]
    assert b.small_road.marks == () and b.cockroach_pig.marks == ()
    assert b.small_road.if_banker is None and b.small_road.if_player is None
    # Banker next starts a column: columns 1 and 0 are alike (2 and 2), red; Player next goes down
    # to row 2, where column 0 stopped one row above: blue.
    assert (b.big_eye_boy.if_banker, b.big_eye_boy.if_player) == ("red", "blue")


# --- derived roads: red/blue ------------------------------------------------------

@pytest.mark.parametrize("text,expected", [
    ("BPB", "R"),     # new column, len(c-1) == len(c-2): 1 == 1
    ("BBPB", "B"),    # new column, 1 != 2
    ("BBPP", "R"),    # continuing: column c-1 has a cell at this row
    ("BPP", "B"),     # continuing: column c-1 ends one row above
    ("BPPP", "BR"),   # continuing: column c-1 has neither this row nor the one above
])
def test_big_eye_boy_colours(text, expected):
    assert colours(board(text).big_eye_boy) == expected


@pytest.mark.parametrize("text,expected", [
    ("BPBP", "R"),      # new column 3: len(2) == len(0)
    ("BBPBP", "B"),     # len(2)=1 != len(0)=2
    ("BBPBB", "R"),     # continuing column 2 at row 1: column 0 has row 1
    ("BPBB", "B"),      # column 0 ends at row 0
    ("BPBBB", "BR"),
])
def test_small_road_colours(text, expected):
    assert colours(board(text).small_road) == expected


@pytest.mark.parametrize("text,expected", [
    ("BPBPB", "R"),     # new column 4: len(3) == len(0)
    ("BBPBPB", "B"),    # len(3)=1 != len(0)=2
    ("BBPBPP", "R"),    # continuing column 3 at row 1: column 0 has row 1
    ("BPBPP", "B"),     # column 0 ends at row 0
    ("BPBPPP", "BR"),
])
def test_cockroach_colours(text, expected):
    assert colours(board(text).cockroach_pig) == expected


# --- longer sequences worked out by hand -------------------------------------------

def test_hand_worked_sequence_a():
    b = board("T B B P P P B T P B B B B P B P P")
    road = b.big_road
    assert road.lengths == (2, 3, 1, 1, 4, 1, 1, 2)
    assert all((c.col, c.row) == (c.column, c.depth) for c in road.cells)  # no tails
    assert [(c.col, c.row, c.ties) for c in road.cells if c.ties] == [(0, 0, 1), (2, 0, 1)]
    assert road.cells[0].index == 1
    assert len(b.bead_plate.cells) == 17
    assert positions(b.bead_plate.cells)[-1] == (2, 4)

    beb, small, roach = b.derived
    assert colours(beb) == "RBBBRBRRBBRB"
    assert sources(beb)[0] == (1, 1)
    assert [len(c) for c in beb.columns] == [1, 3, 1, 1, 2, 2, 1, 1]
    assert colours(small) == "BBBRRBRBB"
    assert sources(small)[0] == (3, 0)
    assert [len(c) for c in small.columns] == [3, 2, 1, 1, 2]
    assert colours(roach) == "BRRBBRRR"
    assert sources(roach)[0] == (4, 0)
    assert [len(c) for c in roach.columns] == [1, 2, 2, 3]
    # next Banker opens column 8, next Player goes to row 2 of column 7
    assert [(r.if_banker, r.if_player) for r in b.derived] == [(BLUE, RED)] * 3


def test_hand_worked_sequence_b_with_dragon_tails_on_every_road():
    b = board("PBPBPBPBP BBBBBBBB PPP T PPPP B T T")
    road = b.big_road
    assert road.lengths == (1,) * 9 + (8, 7, 1)
    assert positions(road.columns[9]) == [(9, 0), (9, 1), (9, 2), (9, 3), (9, 4), (9, 5),
                                          (10, 5), (11, 5)]
    assert positions(road.columns[10]) == [(10, 0), (10, 1), (10, 2), (10, 3), (10, 4),
                                           (11, 4), (12, 4)]
    assert positions(road.columns[11]) == [(11, 0)]
    assert [(c.col, c.row, c.index, c.tie_indices) for c in road.cells if c.ties] == [
        (10, 2, 19, (20,)), (11, 0, 25, (26, 27))]
    assert road.width == 13
    assert positions(b.bead_plate.cells)[-1] == (4, 3)

    beb, small, roach = b.derived
    assert colours(beb) == "R" * 8 + "B" + "R" * 6 + "B" + "R" * 6 + "B"
    assert positions(beb.marks) == [
        (0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 5), (2, 5),
        (1, 0),
        (2, 0), (2, 1), (2, 2), (2, 3), (2, 4), (3, 4),
        (3, 0),
        (4, 0), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5),
        (5, 0)]
    assert colours(small) == "R" * 7 + "B" + "R" * 6 + "BB" + "R" * 5 + "B"
    assert positions(small.marks) == [
        (0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 5),
        (1, 0),
        (2, 0), (2, 1), (2, 2), (2, 3), (2, 4), (2, 5),
        (3, 0), (3, 1),
        (4, 0), (4, 1), (4, 2), (4, 3), (4, 4),
        (5, 0)]
    assert colours(roach) == "R" * 6 + "B" + "R" * 6 + "BB" + "R" * 5 + "B"
    assert [len(c) for c in roach.columns] == [6, 1, 6, 2, 5, 1]
    assert positions(roach.columns[2]) == [(2, r) for r in range(6)]
    assert (beb.if_banker, beb.if_player) == (RED, BLUE)
    assert (small.if_banker, small.if_player) == (RED, BLUE)
    assert (roach.if_banker, roach.if_player) == (BLUE, RED)


# --- input ---------------------------------------------------------------------

def test_coups_are_read_from_deal_json_objects_and_flat_mappings():
    deal = {"winner": "player", "player": {"cards": ["9S", "QH"], "total": 9},
            "banker": {"cards": ["KD", "5C"], "total": 5}, "natural": True,
            "player_pair": False, "banker_pair": False}
    flat = {"winner": "BANKER", "player_total": 2, "banker_total": 7, "banker_pair": True}
    obj = SimpleNamespace(winner="tie", player_pair=True, banker_pair=False, natural=False,
                          player_total=4, banker_total=4)
    b = scoreboard([deal, flat, obj])
    assert b.coups == (
        Coup("player", natural=True, player_total=9, banker_total=5),
        Coup("banker", banker_pair=True, player_total=2, banker_total=7),
        Coup("tie", player_pair=True, player_total=4, banker_total=4),
    )


@pytest.mark.parametrize("bad,words", [
    ({"winner": "dragon"}, "dragon"),
    ({"winner": "player", "player_total": 3, "banker_total": 5}, "mean banker"),
    ({"winner": "tie", "player_total": 10, "banker_total": 10}, "player_total 10"),
    ({"winner": "player", "natural": True, "player_total": 6, "banker_total": 2}, "natural"),
    ({"winner": "banker", "banker_pair": "yes"}, "banker_pair 'yes'"),
    ({"player_total": 3}, "no 'winner' field"),
    (SimpleNamespace(player_total=3), "no 'winner' attribute"),
])
def test_bad_coups_are_refused_with_their_position(bad, words):
    with pytest.raises(InvalidCoupError) as caught:
        scoreboard([Coup("banker"), bad])
    assert "coup 2" in str(caught.value) and words in str(caught.value)
    assert caught.value.position == 1


def test_add_refuses_a_bad_coup_and_keeps_the_board():
    b = board("BP")
    with pytest.raises(InvalidCoupError):
        b.add({"winner": "nobody"})
    assert len(b.coups) == 2 and len(b.big_road.cells) == 2


def test_shorthand_names_the_bad_character():
    assert [c.winner for c in parse_coups("b, p t")] == ["banker", "player", "tie"]
    with pytest.raises(InvalidCoupError, match="'X' at offset 2"):
        parse_coups("BPXB")


def test_scroll_keeps_the_most_recent_columns():
    cells = board("BBBBBBBBP").big_road.cells  # uses columns 0..2
    shown = scroll(cells, 2)
    assert sorted(positions(shown)) == [(0, 0), (0, 5), (1, 5)]
    assert scroll(cells, 10) == cells
    with pytest.raises(ValueError, match="width 0"):
        scroll(cells, 0)


# --- properties ------------------------------------------------------------------

shoes = st.lists(st.sampled_from("BBBBPPPPT"), max_size=90).map("".join)


def expected_marks(lengths, k):
    return sum(
        1 for c, n in enumerate(lengths) for d in range(n)
        if (d >= 1 and c >= k) or (d == 0 and c >= k + 1)
    )


def assert_laid_out(cells):
    spots = positions(cells)
    assert len(set(spots)) == len(spots), "two cells share a spot"
    assert all(0 <= row < 6 and col >= 0 for col, row in spots)


def assert_down_then_right(column):
    steps = [(n.col - a.col, n.row - a.row) for a, n in zip(column, column[1:])]
    turn = steps.index((1, 0)) if (1, 0) in steps else len(steps)
    assert steps == [(0, 1)] * turn + [(1, 0)] * (len(steps) - turn)


@settings(max_examples=150, deadline=None)
@given(shoes)
def test_board_invariants(text):
    b = board(text)
    road = b.big_road
    decided = [i for i, ch in enumerate(text) if ch != "T"]
    assert [c.index for c in road.cells] == decided
    assert len(b.bead_plate.cells) == len(text)
    ties = sorted(i for c in road.cells for i in c.tie_indices) + list(road.pending_ties)
    assert sorted(ties) == [i for i, ch in enumerate(text) if ch == "T"]
    assert (road.pending_ties != ()) <= (road.cells == ())
    assert_laid_out(road.cells)
    for column in road.columns:
        assert len({c.winner for c in column}) == 1
        assert_down_then_right(column)
    for left, right in zip(road.columns, road.columns[1:]):
        assert left[0].winner != right[0].winner
        assert right[0].row == 0 and right[0].col > left[0].col
    for derived in b.derived:
        assert len(derived.marks) == expected_marks(road.lengths, derived.k)
        assert_laid_out(derived.marks)
        for column in derived.columns:
            assert len({m.colour for m in column}) == 1
            assert_down_then_right(column)
        for left, right in zip(derived.columns, derived.columns[1:]):
            assert left[0].colour != right[0].colour


@settings(max_examples=100, deadline=None)
@given(shoes, st.sampled_from(["banker", "player"]))
def test_predictions_are_the_marks_the_next_coup_adds(text, winner):
    b = board(text)
    after = b.add(Coup(winner))
    for now, later in zip(b.derived, after.derived):
        predicted = now.if_banker if winner == "banker" else now.if_player
        added = later.marks[len(now.marks):]
        assert [m.colour for m in added] == ([predicted] if predicted else [])
        if now.if_banker is not None:
            assert {now.if_banker, now.if_player} == {RED, BLUE}
        else:
            assert now.if_player is None
