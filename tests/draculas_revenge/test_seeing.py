"""Seeing Things: field of view, line of sight, arc of effect, range."""

from __future__ import annotations

import shutil
from pathlib import Path

from dr_helpers import OPEN_8, no_dice, targets

from draculas_revenge import data
from draculas_revenge.actions import Move, RangedAttack
from draculas_revenge.board import load_board
from draculas_revenge.scenario import sandbox, sandbox_board
from draculas_revenge.seeing import in_arc, sees_square
from draculas_revenge.sight import (
    in_arc_cone,
    in_field_of_view,
    offset_pattern,
    sight_of,
    visible_squares,
)


def test_line_through_a_square_is_blocked_by_an_obstacle_in_it() -> None:
    board = sandbox_board(["....", "....", "...."])
    sight = sight_of(board)
    a, b, mid = board.index(0, 1), board.index(3, 1), board.index(1, 1)
    assert sight.clear(a, b, 0)
    assert not sight.clear(a, b, 1 << mid)


def test_corner_rule_one_corner_does_not_block_both_do() -> None:
    board = sandbox_board(["...", "...", "..."])
    sight = sight_of(board)
    a, b = board.index(0, 2), board.index(2, 0)
    side1, side2 = board.index(1, 2), board.index(0, 1)  # corners touched at (1,1)'s corners
    inside = offset_pattern(2, -2)[0]
    assert inside == ((1, -1),)
    left, right = offset_pattern(2, -2)[1:]
    one = board.index(0 + left[0][0], 2 + left[0][1])
    other = board.index(0 + right[0][0], 2 + right[0][1])
    assert sight.clear(a, b, 1 << one)
    assert sight.clear(a, b, 1 << other)
    assert not sight.clear(a, b, (1 << one) | (1 << other))
    assert side1 != side2


def test_walls_block_and_a_wall_alone_is_cached_as_blocked() -> None:
    board = sandbox_board(["...", ".#.", "..."])
    sight = sight_of(board)
    assert sight.masks(board.index(0, 1), board.index(2, 1)) is None


def test_field_of_view_is_the_front_half_and_mist_sees_all_round() -> None:
    board = sandbox_board(OPEN_8)
    me = board.index(4, 4)
    assert in_field_of_view(board, me, 0, board.index(4, 1))
    assert in_field_of_view(board, me, 0, board.index(7, 4))  # level with its front
    assert not in_field_of_view(board, me, 0, board.index(4, 6))
    assert in_field_of_view(board, me, 0, board.index(4, 6), misted=True)


def test_arc_of_effect_is_through_the_front_face() -> None:
    board = sandbox_board(OPEN_8)
    me = board.index(4, 4)
    assert in_arc_cone(board, me, 0, board.index(4, 1))
    assert in_arc_cone(board, me, 0, board.index(1, 1))   # the diagonal through the corner
    assert not in_arc_cone(board, me, 0, board.index(0, 2))
    assert not in_arc_cone(board, me, 0, board.index(6, 4))


def test_misted_vampires_do_not_block_line_of_sight() -> None:
    st = no_dice(figures=[{"id": "crossbow_1", "square": (0, 4), "facing": "e"},
                          {"id": "she_wolf_a", "square": (2, 4), "misted": True},
                          {"id": "nosferatu_a", "square": (5, 4), "facing": "w"}],
                 active="crossbow_1")
    assert targets(st, "hunters", RangedAttack) == {"nosferatu_a"}  # not the mist
    st.figures["she_wolf_a"].misted = False
    st.changed()
    assert targets(st, "hunters", RangedAttack) == {"she_wolf_a"}


def test_range_counts_diagonals_as_one_from_two_to_six() -> None:
    figures = [{"id": "crossbow_1", "square": (3, 7), "facing": "n"}]
    for n, (x, y) in enumerate([(2, 6), (3, 5), (7, 1), (3, 0)]):
        figures.append({"id": f"she_wolf_{'abcd'[n]}", "square": (x, y), "facing": "s"})
    st = no_dice(figures=figures, active="crossbow_1")
    # 1 away: too close; 2 (diagonally); 6; 7: out of range
    assert targets(st, "hunters", RangedAttack) == {"she_wolf_b", "she_wolf_c"}


CROSSBOW_2 = [
    {"id": "crossbow_2", "square": (4, 8), "facing": "n"},
    {"id": "vampiress_a", "square": (4, 5), "facing": "s"},
    {"id": "vampiress_b", "square": (3, 3), "facing": "s"},
    {"id": "nosferatu_a", "square": (0, 4), "facing": "s"},
]
BOARD_9 = [".........", ".........", ".........", ".........", ".........", ".........",
           "...#.....", ".........", "........."]


def test_range_example_crossbow_2() -> None:
    """Crossbow 2 sees Vampiress A; fires at Nosferatu A past one wall corner; not at
    Vampiress B (wall corner on one side, Vampiress A on the other)."""
    st = no_dice(BOARD_9, figures=CROSSBOW_2, active="crossbow_2")
    assert targets(st, "hunters", RangedAttack) == {"vampiress_a", "nosferatu_a"}
    cb = st.figures["crossbow_2"]
    assert sees_square(st, cb, st.figures["vampiress_a"].pos)
    assert not sees_square(st, cb, st.figures["vampiress_b"].pos)


CROSSBOW_1 = [
    {"id": "crossbow_1", "square": (4, 8), "facing": "n"},
    {"id": "staker_1", "square": (3, 6), "facing": "n"},
    {"id": "vampiress_a", "square": (2, 4), "facing": "s"},
    {"id": "vampiress_b", "square": (5, 7), "facing": "s"},
    {"id": "nosferatu_a", "square": (1, 7), "facing": "e"},
    {"id": "nosferatu_b", "square": (6, 2), "facing": "s"},
]
BOARD_9B = [".........", ".........", ".........", ".........", ".........", ".....#...",
            ".........", ".........", "........."]


def test_range_example_crossbow_1() -> None:
    """Crossbow 1: not Nosferatu B (corner in the way), not Vampiress A (Staker 1 between),
    not Vampiress B (close enough for close combat), not Nosferatu A (not in the arc)."""
    st = no_dice(BOARD_9B, figures=CROSSBOW_1, active="crossbow_1")
    assert targets(st, "hunters", RangedAttack) == set()
    cb = st.figures["crossbow_1"]
    na = st.figures["nosferatu_a"]
    assert sees_square(st, cb, na.pos) and not in_arc(st, cb, na.pos)
    st.figures["staker_1"].pos = st.rules.board.index(8, 8)  # Staker 1 steps aside
    st.changed()
    assert targets(st, "hunters", RangedAttack) == {"vampiress_a"}


def test_visible_squares_of_a_map_square() -> None:
    board = load_board("into_the_breach")
    seen = visible_squares(board, board.index(0, 2), 1, board.wall_bits)
    assert seen[board.index(11, 2)] and not seen[board.index(0, 0)]


CORNER_ROOMS = """
[maps.corner_rooms]
provenance = "reconstructed"
tiles = [
  { tile = "full_room_a", col = 0, row = 0, turn = 0 },
  { tile = "full_room_b", col = 1, row = 1, turn = 0 },
]
[maps.corner_rooms.areas]
start_area_1 = { tiles = ["full_room_a"] }
start_area_2 = { tiles = ["full_room_b"] }
"""


def test_squares_beyond_the_tiles_are_open_for_seeing_but_not_for_moving(
        tmp_path: Path) -> None:
    """Leaving the Board: "Assume that the spaces beyond the boards are open, similar to
    the full-room tiles". Two full rooms meeting at a corner: the line from (4, 4) to (7, 7)
    passes the corner with squares beyond the tiles on both sides, which do not block it
    (nor a diagonal step past the corner); nobody steps off the tiles."""
    folder = tmp_path / "my_data"
    shutil.copytree(Path(data.__file__).parent / "data", folder)
    with (folder / "maps.toml").open("a", encoding="utf-8") as maps:
        maps.write(CORNER_ROOMS)
    st = sandbox(map_name="corner_rooms", data_dir=str(folder), reaction_dice=False,
                 figures=[{"id": "crossbow_1", "square": (4, 4), "facing": "s"},
                          {"id": "she_wolf_a", "square": (7, 7), "facing": "n"}],
                 active="crossbow_1")
    board = st.rules.board
    assert not board.open[board.index(6, 5)] and not board.open[board.index(5, 6)]
    assert sees_square(st, st.figures["crossbow_1"], board.index(7, 7))
    assert targets(st, "hunters", RangedAttack) == {"she_wolf_a"}
    assert visible_squares(board, board.index(5, 5), 2, board.wall_bits)[board.index(6, 6)]
    st.apply("hunters", Move("crossbow_1", "se", "s"))
    assert {a.direction for a in st.legal_actions("hunters")
            if isinstance(a, Move)} == {"n", "w", "nw", "se"}  # not on to (6, 5) or (5, 6)
