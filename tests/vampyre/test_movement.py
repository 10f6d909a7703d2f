"""The Basic Game - Movement (and the movement of nosferatu and player werewolves)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gothic_kernel import PUBLIC, IllegalAction
from vampyre.actions import Move
from vampyre.movement import BAT, WALK, WOLF, transylvania_reach
from vampyre.state import NOSFERATU, PLAYER_WEREWOLF, load_world

from .helpers import new, put, script, turn_of

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


def test_movement_example_a_roll_of_6_with_scripted_dice() -> None:
    """The same example played through the API: Harker, on the road between Bistritz and
    the Borgo Pass, rolls a 6 (scripted). Along the road he goes six hexes, to Castle
    Dracula's doorstep; entering clear terrain (west of Bistritz) three; the forest two; the
    mountains one. One hex more than the worst terrain allows is refused."""
    state = new([6, 3, 4, *[1] * 20])  # Harker's movement die, then a quiet night (3 + 4)
    put(state, "harker", "hex_07_02")
    assert state.pending is not None and state.pending.roll == 6
    road = ("hex_08_02", "borgo_pass", "hex_10_02", "hex_11_01", "hex_12_02", "hex_13_01")
    clear = ("hex_06_02", "bistritz", "hex_04_02")
    forest = ("hex_07_03", "hex_07_04")
    mountain = ("hex_08_03",)
    for path, terrain in ((road, "road"), (clear, "clear"), (forest, "forest"),
                          (mountain, "mountain")):
        assert worst("hex_07_02", path) == terrain
        twin = state.clone()
        twin.apply("harker", Move(path))
        assert twin.players["harker"].location == path[-1]
        assert twin.log(PUBLIC)[-1]["path"] == list(path)
        assert twin.log(PUBLIC)[-1]["text"].startswith("Harker rolls 6, moves to ")
    for path in ((*clear, "hex_03_02"), (*forest, "hex_07_05"), (*mountain, "hex_08_04")):
        with pytest.raises(IllegalAction, match="allows only"):
            state.apply("harker", Move(path))


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


# -- the player chooses the path ("moves ... in any direction desired") --------------------

def simple_paths(start: str, roll: int, *, wolf: bool = False) -> list[tuple[str, ...]]:
    """Every walk from ``start`` entering no hex twice that the worst terrain entered
    allows (transcribed here from "Movement", independently of the engine's search)."""
    found: list[tuple[str, ...]] = []

    def go(path: tuple[str, ...]) -> None:
        here = path[-1] if path else start
        for there in BOARD.neighbours[here]:
            if there == start or there in path or (wolf and BOARD.is_large(there)):
                continue
            longer = (*path, there)
            if len(longer) > allowed(start, longer, roll):
                continue
            found.append(longer)
            go(longer)

    go(())
    return found


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BOARD.hexes), st.integers(1, 6))
def test_movement_any_path_the_rules_allow_is_accepted_and_no_other(start: str,
                                                                     roll: int) -> None:
    """'Each player rolls one die and moves his or her counter a certain number of hexes in
    any direction desired': ``legal_actions`` lists one path per end, but every path
    obeying the terrain rates is ``in`` it and accepted, and nothing else is."""
    state = new()
    for other in state.seats:
        put(state, other, "klausenburg")
    put(state, "harker", start)
    turn_of(state, "harker", roll)
    script(state, [3, 4] + [1] * 10)  # a quiet night (7), then the next player's roll
    offered = state.legal_actions("harker")
    listed = {m.to for m in offered}
    for path in simple_paths(start, roll):
        complete = len(path) == allowed(start, path, roll)
        legal = complete or BOARD.is_large(path[-1])
        assert (Move(path) in offered) == legal  # the list shows one path per end
        twin = state.clone()
        if legal:
            twin.apply("harker", Move(path))
            assert twin.players["harker"].location == path[-1] and path[-1] in listed
            moved = [e for e in twin.log(PUBLIC) if e.get("to") == path[-1]][-1]
            assert moved["path"] == list(path)
        else:
            with pytest.raises(IllegalAction) as err:
                twin.apply("harker", Move(path))
            assert err.value.rule == "Movement"
            assert twin.to_json() == state.to_json()


def test_movement_another_path_to_a_listed_end_is_accepted() -> None:
    """From the forest road west of Borgo Pass with a 6, the road leads 6 hexes on; a
    player may take any road route of six hexes, not only the one listed."""
    start = "hex_07_02"
    listed = {m.to: m.path for m in moves_from(start, 6)}
    others = [p for p in simple_paths(start, 6)
              if len(p) == allowed(start, p, 6) and listed.get(p[-1]) not in (None, p)]
    assert others, "some end can be reached along two paths"
    state = new()
    put(state, "harker", start)
    turn_of(state, "harker", 6)
    script(state, [3, 4] + [1] * 10)
    state.apply("harker", Move(others[0]))
    assert state.players["harker"].location == others[0][-1]


def test_movement_a_path_too_long_for_the_terrain_entered_is_refused() -> None:
    """Off the road into the forest, a 6 moves only two hexes, whatever the path."""
    start = "hex_07_02"
    too_long = next(p for p in simple_paths(start, 6) if len(p) == 2
                    and BOARD.step_terrain(start, p[0]) == "forest")
    onwards = next(n for n in BOARD.neighbours[too_long[-1]]
                   if n not in (start, *too_long) and not BOARD.is_large(n))
    state = new()
    put(state, "harker", start)
    turn_of(state, "harker", 6)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="allows only 2 hexes") as err:
        state.apply("harker", Move((*too_long, onwards)))
    assert err.value.rule == "Movement" and state.to_json() == before


def test_movement_a_move_given_as_json_may_leave_out_the_attack() -> None:
    state = new()
    put(state, "harker", "hex_06_02")
    turn_of(state, "harker", 1)
    state.apply("harker", {"type": "move", "path": ["bistritz"]})
    assert state.players["harker"].location == "bistritz"
