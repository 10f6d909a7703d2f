"""The Basic Game - Movement (and the movement of nosferatu and player werewolves)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gothic_kernel import IllegalAction
from vampyre.actions import Move
from vampyre.movement import BAT, WALK, WOLF, transylvania_reach
from vampyre.state import NOSFERATU, PLAYER_WEREWOLF, load_world

from .helpers import new, put, turn_of

# "Movement", transcribed here independently of the data file
RATES = {"road": (1, 2, 3, 4, 5, 6), "clear": (1, 1, 2, 2, 3, 3), "forest": (1, 1, 1, 2, 2, 2),
         "mountain": (1,) * 6, "evil": (1,) * 6}
WORLD = load_world()
BOARD = WORLD.transylvania


def worst(start: str, path: tuple[str, ...]) -> str:
    """The worst terrain entered: the one with the smallest rate for a roll of 6."""
    here, entered = start, []
    for there in path:
        entered.append(BOARD.step_terrain(here, there))
        here = there
    return min(entered, key=lambda t: (RATES[t][5], RATES[t][3]))


def allowed(start: str, path: tuple[str, ...], roll: int) -> int:
    here, limit = start, 99
    for there in path:
        limit = min(limit, RATES[BOARD.step_terrain(here, there)][roll - 1])
        here = there
    return limit


def moves_from(start: str, roll: int, seat: str = "harker") -> list[Move]:
    state = new()
    for other in state.seats:
        put(state, other, "klausenburg")
    put(state, seat, start)
    turn_of(state, seat, roll)
    return [m for m in state.legal_actions(seat) if isinstance(m, Move)]


def test_movement_example_a_roll_of_6_moves_6_3_2_or_1_hexes() -> None:
    """'A player rolling a 6 may move 6 spaces if the player remains on the road, 3 spaces
    if the player enters a clear hex during the move, 2 spaces if the player enters the
    forest, and only one space if the player enters the mountains.'"""
    start = "hex_07_02"  # on the road from Bistritz to Borgo Pass, in the forest
    lengths: dict[str, set[int]] = {}
    for move in moves_from(start, 6):
        if not BOARD.is_large(move.to) or len(move.path) == allowed(start, move.path, 6):
            lengths.setdefault(worst(start, move.path), set()).add(len(move.path))
    assert lengths == {"road": {6}, "clear": {3}, "forest": {2}, "mountain": {1}}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(BOARD.hexes), st.integers(1, 6))
def test_every_move_goes_the_rate_of_the_worst_terrain_entered(start: str, roll: int) -> None:
    reach = transylvania_reach(BOARD, start, roll, WALK)
    complete = [p for p in reach.full.values() if len(p) == allowed(start, p, roll)]
    for end, path in reach.full.items():
        assert path[-1] == end
        if complete:
            assert len(path) == allowed(start, path, roll)
        else:  # a corner: as far as possible (a ruling)
            assert len(path) == max(len(p) for p in reach.full.values())
    for end, path in reach.large.items():
        assert BOARD.is_large(end) and len(path) < allowed(start, path, roll)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(BOARD.hexes), st.integers(1, 6), st.sampled_from([WALK, WOLF, BAT]))
def test_no_hex_is_entered_twice_in_one_turn(start: str, roll: int, mode: str) -> None:
    reach = transylvania_reach(BOARD, start, roll, mode)
    for path in [*reach.full.values(), *reach.large.values(), *reach.early.values()]:
        assert start not in path and len(set(path)) == len(path)
        here = start
        for there in path:
            assert there in BOARD.neighbours[here]
            here = there


def test_clear_terrain_moves_one_two_or_three_hexes() -> None:
    start = "hex_02_09"  # clear country west of The Old Abbey, off the road
    for roll, hexes in zip(range(1, 7), (1, 1, 2, 2, 3, 3), strict=True):
        clear = [m for m in moves_from(start, roll) if worst(start, m.path) == "clear"]
        assert clear and {len(m.path) for m in clear} == {hexes}


def test_forest_moves_one_or_two_hexes() -> None:
    start = "hex_09_05"  # deep in the forest
    for roll, hexes in zip(range(1, 7), (1, 1, 1, 2, 2, 2), strict=True):
        forest = [m for m in moves_from(start, roll) if worst(start, m.path) == "forest"]
        assert forest and {len(m.path) for m in forest} == {hexes}


def test_mountains_and_evil_areas_move_one_hex_whatever_the_roll() -> None:
    for start in ("hex_10_01", "hex_14_06"):  # mountain, evil
        for move in moves_from(start, 6):
            if worst(start, move.path) in ("mountain", "evil"):
                assert len(move.path) == 1


def test_a_player_may_stop_on_entering_a_large_hex() -> None:
    start = "hex_07_02"  # two hexes from Borgo Pass along the road; a 6 takes a road 6 hexes
    stops = [m for m in moves_from(start, 6) if m.to == "borgo_pass"]
    assert [m.path for m in stops] == [("hex_08_02", "borgo_pass")]


def test_a_player_may_stop_on_entering_a_hex_held_by_an_opponent() -> None:
    state = new()
    put(state, "harker", "hex_06_02")
    put(state, "mina", "hex_07_02")
    state.players["mina"].form = NOSFERATU
    turn_of(state, "harker", 6)
    stops = [m for m in state.legal_actions("harker") if m.to == "hex_07_02"]
    assert [m.attack for m in stops] == ["mina"]


def test_a_full_move_ending_on_an_opponent_attacks_it() -> None:
    state = new()
    put(state, "harker", "hex_06_02")
    turn_of(state, "harker", 1)
    target = state.legal_actions("harker")[0].to
    put(state, "mina", target)
    state.players["mina"].form = NOSFERATU
    turn_of(state, "harker", 1)
    assert [m for m in state.legal_actions("harker") if m.to == target] == \
        [Move((target,), "mina")]


def test_nobody_fights_another_player_in_a_large_hex() -> None:
    state = new()
    put(state, "harker", "hex_06_02")
    put(state, "mina", "bistritz")
    state.players["mina"].form = NOSFERATU
    turn_of(state, "harker", 1)
    assert Move(("bistritz",)) in state.legal_actions("harker")
    assert not [m for m in state.legal_actions("harker") if m.attack]


def test_a_player_must_move_the_full_allowance_elsewhere() -> None:
    state = new()
    put(state, "harker", "hex_06_02")
    turn_of(state, "harker", 6)
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply("harker", Move(("hex_07_02",)))
    assert err.value.rule == "Movement"
    assert state.to_json() == before


def test_moving_through_the_same_hex_twice_is_illegal() -> None:
    state = new()
    put(state, "harker", "hex_02_09")
    turn_of(state, "harker", 6)
    with pytest.raises(IllegalAction, match="twice"):
        state.apply("harker", Move(("hex_02_10", "hex_02_09", "hex_02_08")))


def test_every_legal_move_lists_a_path_to_each_reachable_end() -> None:
    moves = moves_from("klausenburg", 4)
    ends = [m.to for m in moves]
    assert len(ends) == len(set(ends))
    reach = transylvania_reach(BOARD, "klausenburg", 4, WALK)
    assert set(ends) == set(reach.full) | set(reach.large)


def test_nosferatu_fly_the_full_roll_regardless_of_terrain() -> None:
    """'the nosferatu rolls only one die for movement, but moves the full roll regardless
    of terrain' (Vampiric Conversion)."""
    state = new()
    put(state, "harker", "hex_14_06")  # in an evil area: a hunter would move one hex
    state.players["harker"].form = NOSFERATU
    turn_of(state, "harker", 5)
    lengths = {len(m.path) for m in state.legal_actions("harker")
               if not BOARD.is_large(m.to)}
    assert lengths == {5}


def test_player_werewolves_cannot_enter_the_large_hexes() -> None:
    state = new()
    put(state, "harker", "hex_06_02")
    state.players["harker"].form = PLAYER_WEREWOLF
    turn_of(state, "harker", 6)
    moves = state.legal_actions("harker")
    assert moves and not any(BOARD.is_large(h) for m in moves for h in m.path)
    with pytest.raises(IllegalAction) as err:
        state.apply("harker", Move(("bistritz",)))
    assert err.value.rule == "Werewolf Conversion"


def test_a_player_werewolf_reappearing_in_the_crypts_may_leave_them() -> None:
    reach = transylvania_reach(BOARD, "the_crypts", 3, WOLF)
    assert reach.full
