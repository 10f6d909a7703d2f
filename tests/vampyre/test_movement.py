"""The Basic Game - Movement (and the movement of nosferatu and player werewolves)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gothic_kernel import PUBLIC, IllegalAction
from gothic_kernel.actions import ACTION_FORMAT
from vampyre.actions import Move
from vampyre.movement import BAT, WALK, WOLF, move_actions, move_rule, transylvania_reach
from vampyre.reach import Grid
from vampyre.reach import grid as reach_grid
from vampyre.state import NOSFERATU, PLAYER_WEREWOLF, Fight, FightOrigin, load_world

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


def path_of(start: str, roll: int, move: Move, mode: str = WALK) -> tuple[str, ...]:
    """The path the counter takes for ``move`` (the one the engine logs)."""
    path = transylvania_reach(BOARD, start, roll, mode).path(move.to)
    assert path is not None
    return path


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
        path = path_of(start, 6, move)
        if not BOARD.is_large(move.to) or len(path) == allowed(start, path, 6):
            lengths.setdefault(worst(start, path), set()).add(len(path))
    assert lengths == {"road": {6}, "clear": {3}, "forest": {2}, "mountain": {1}}


def test_movement_example_a_roll_of_6_with_scripted_dice() -> None:
    """The same example played through the API: Harker, on the road between Bistritz and
    the Borgo Pass, rolls a 6 (scripted). Along the road he goes six hexes, to Castle
    Dracula's doorstep; entering clear terrain (west of Bistritz) three; the forest two; the
    mountains one: each end is one action, and the log gives the path taken. One hex more
    than the worst terrain allows, where no other way leads, is refused."""
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
        twin.apply("harker", Move(path[-1]))
        assert twin.players["harker"].location == path[-1]
        assert twin.log(PUBLIC)[-1]["path"] == list(path)
        assert twin.log(PUBLIC)[-1]["text"].startswith("Harker rolls 6, moves to ")
    for end in ("hex_03_02", "hex_08_04"):  # a clear hex and a mountain hex one too far
        with pytest.raises(IllegalAction, match="cannot take") as err:
            state.apply("harker", Move(end))
        assert err.value.rule == "Movement"


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
        clear = [path_of(start, roll, m) for m in moves_from(start, roll)]
        clear = [p for p in clear if worst(start, p) == "clear"]
        assert clear and {len(p) for p in clear} == {hexes}


def test_forest_moves_one_or_two_hexes() -> None:
    start = "hex_09_05"  # deep in the forest
    for roll, hexes in zip(range(1, 7), (1, 1, 1, 2, 2, 2), strict=True):
        forest = [path_of(start, roll, m) for m in moves_from(start, roll)]
        forest = [p for p in forest if worst(start, p) == "forest"]
        assert forest and {len(p) for p in forest} == {hexes}


def test_mountains_and_evil_areas_move_one_hex_whatever_the_roll() -> None:
    for start in ("hex_10_01", "hex_14_06"):  # mountain, evil
        for move in moves_from(start, 6):
            path = path_of(start, 6, move)
            if worst(start, path) in ("mountain", "evil"):
                assert len(path) == 1


def test_a_player_may_stop_on_entering_a_large_hex() -> None:
    start = "hex_07_02"  # two hexes from Borgo Pass along the road; a 6 takes a road 6 hexes
    stops = [m for m in moves_from(start, 6) if m.to == "borgo_pass"]
    assert stops == [Move("borgo_pass")]
    assert path_of(start, 6, stops[0]) == ("hex_08_02", "borgo_pass")


def test_a_player_may_stop_on_entering_a_hex_held_by_an_opponent() -> None:
    state = new()
    put(state, "harker", "hex_06_02")
    put(state, "mina", "hex_07_02")
    state.players["mina"].form = NOSFERATU
    turn_of(state, "harker", 6)
    stops = [m for m in state.legal_actions("harker") if m.to == "hex_07_02"]
    assert [m.attack for m in stops] == ["mina"]


def test_a_player_may_stop_on_an_opponent_locked_in_a_fight_without_attacking_it() -> None:
    """"the player has the option to stop moving ... when entering a hex occupied by an
    opponent": Godalming, a nosferatu locked in an unresolved fight with Van Helsing,
    still occupies 06.05, so Harker may stop there with a 6 (a hex he could otherwise reach
    only by stopping short); he may not attack him, and the refusal says why (ruling 6)."""
    state = new()
    put(state, "harker", "hex_06_02")
    state.players["godalming"].form = NOSFERATU
    for seat in ("godalming", "van_helsing"):
        put(state, seat, "hex_06_05")
    fight = Fight("van_helsing", "nosferatu", "van_helsing", opponent="godalming",
                  origin=FightOrigin.PLAYER, space="hex_06_05")
    state.fights.append(fight)
    turn_of(state, "harker", 6)
    assert "hex_06_05" in transylvania_reach(BOARD, "hex_06_02", 6, WALK).early
    assert [m for m in state.legal_actions("harker") if m.to == "hex_06_05"] == \
        [Move("hex_06_05")]
    with pytest.raises(IllegalAction, match="Godalming is locked in an unresolved fight") \
            as err:
        state.apply("harker", Move("hex_06_05", "godalming"))
    assert err.value.rule == "Combat"
    script(state, [3, 4, *[1] * 10])  # a quiet night (7), then Mina's roll
    state.apply("harker", Move("hex_06_05"))
    assert state.players["harker"].location == "hex_06_05"
    assert state.fights == [fight] and state.current_seats() == ("mina",)


def test_a_full_move_ending_on_an_opponent_attacks_it() -> None:
    state = new()
    put(state, "harker", "hex_06_02")
    turn_of(state, "harker", 1)
    target = state.legal_actions("harker")[0].to
    put(state, "mina", target)
    state.players["mina"].form = NOSFERATU
    turn_of(state, "harker", 1)
    assert [m for m in state.legal_actions("harker") if m.to == target] == \
        [Move(target, "mina")]


def test_nobody_fights_another_player_in_a_large_hex() -> None:
    state = new()
    put(state, "harker", "hex_06_02")
    put(state, "mina", "bistritz")
    state.players["mina"].form = NOSFERATU
    turn_of(state, "harker", 1)
    assert Move("bistritz") in state.legal_actions("harker")
    assert not [m for m in state.legal_actions("harker") if m.attack]


def test_a_player_must_move_the_full_allowance_elsewhere() -> None:
    """With a 6 from the forest hex east of Bistritz, hex 06.05 is reached only by moves
    that stop short of their allowance (no complete move ends there, it is no large hex
    and holds no opponent), so a move there is refused."""
    reach = transylvania_reach(BOARD, "hex_06_02", 6, WALK)
    assert "hex_06_05" in reach.early
    state = new()
    put(state, "harker", "hex_06_02")
    turn_of(state, "harker", 6)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="whole allowance") as err:
        state.apply("harker", Move("hex_06_05"))
    assert err.value.rule == "Movement"
    assert state.to_json() == before


def test_moving_through_the_same_hex_twice_is_illegal() -> None:
    """'The player may not move through the same hex twice in one turn': no listed path
    enters a hex twice (see the property test above), and a move back to the starting
    hex, which would enter it twice, is refused."""
    state = new()
    put(state, "harker", "hex_02_09")
    turn_of(state, "harker", 6)
    with pytest.raises(IllegalAction, match="twice") as err:
        state.apply("harker", Move("hex_02_09"))
    assert err.value.rule == "Movement"


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
    lengths = {len(path_of("hex_14_06", 5, m, BAT)) for m in state.legal_actions("harker")
               if not BOARD.is_large(m.to)}
    assert lengths == {5}


def test_player_werewolves_cannot_enter_the_large_hexes() -> None:
    state = new()
    put(state, "harker", "hex_06_02")
    state.players["harker"].form = PLAYER_WEREWOLF
    turn_of(state, "harker", 6)
    moves = state.legal_actions("harker")
    assert moves and not any(BOARD.is_large(h) for m in moves
                             for h in path_of("hex_06_02", 6, m, WOLF))
    with pytest.raises(IllegalAction) as err:
        state.apply("harker", Move("bistritz"))
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


def ends_the_rules_allow(start: str, roll: int) -> tuple[set[str], set[str]]:
    """(ends of legal moves, ends reached only by moves stopping short), transcribed from
    "Movement": complete moves and stops on entering a large hex are legal; in a corner
    with no complete move, the longest count as complete (ruling 3)."""
    paths = simple_paths(start, roll)
    complete = [p for p in paths if len(p) == allowed(start, p, roll)]
    if not complete and paths:
        longest = max(map(len, paths))
        complete = [p for p in paths if len(p) == longest]
    legal = {p[-1] for p in complete} | {p[-1] for p in paths if BOARD.is_large(p[-1])}
    return legal, {p[-1] for p in paths} - legal


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BOARD.hexes), st.integers(1, 6))
def test_movement_every_end_the_rules_allow_is_listed_once_and_no_other(start: str,
                                                                        roll: int) -> None:
    """'Each player rolls one die and moves his or her counter a certain number of hexes in
    any direction desired': a move names its end; ``legal_actions`` lists every end some
    path obeying the terrain rates reaches (once), applying it moves the counter along
    such a path (the one logged), and a move to an end only a short move reaches is
    refused."""
    state = new()
    for other in state.seats:
        put(state, other, "klausenburg")
    put(state, "harker", start)
    turn_of(state, "harker", roll)
    script(state, [3, 4] + [1] * 10)  # a quiet night (7), then the next player's roll
    offered = state.legal_actions("harker")
    legal, short = ends_the_rules_allow(start, roll)
    assert sorted(m.to for m in offered) == sorted(legal)
    assert all(m == Move(m.to) for m in offered)  # nobody to attack
    paths = set(simple_paths(start, roll))
    for move in offered:
        twin = state.clone()
        twin.apply("harker", move)
        assert twin.players["harker"].location == move.to
        logged = tuple(next(e for e in reversed(twin.log(PUBLIC)) if e.get("to") == move.to)
                       ["path"])
        assert logged in paths and logged[-1] == move.to
    for end in short:
        with pytest.raises(IllegalAction) as err:
            state.apply("harker", Move(end))
        assert err.value.rule == "Movement"
    assert state.legal_actions("harker") == offered


def test_movement_the_listed_path_is_logged_and_a_path_is_no_action() -> None:
    """From the forest road west of Borgo Pass with a 6, several road routes of six hexes
    lead to the same end: the move names the end, the counter takes the path the engine
    lists for it (the same every time) and the log records it. A move given as a path
    (the old form) is malformed, and a move whose end is a tuple of hexes is refused."""
    start = "hex_07_02"
    reach = transylvania_reach(BOARD, start, 6, WALK)
    twice = [p for p in simple_paths(start, 6)
             if len(p) == allowed(start, p, 6) and reach.path(p[-1]) not in (None, p)]
    assert twice, "some end can be reached along two paths"
    end = twice[0][-1]
    state = new()
    put(state, "harker", start)
    turn_of(state, "harker", 6)
    script(state, [3, 4] + [1] * 10)
    before = state.to_json()
    for path in (twice[0], reach.path(end)):
        with pytest.raises(IllegalAction) as err:
            state.apply("harker", {"type": "move", "path": list(path), "attack": ""})
        assert err.value.rule == ACTION_FORMAT
        with pytest.raises(IllegalAction):
            state.apply("harker", Move(path))  # type: ignore[arg-type]
    assert state.to_json() == before
    logged = []
    for _ in range(2):
        twin = state.clone()
        twin.apply("harker", Move(end))
        assert twin.players["harker"].location == end
        logged.append(next(e for e in reversed(twin.log(PUBLIC)) if e["kind"] == "night")
                      ["path"])
    assert logged == [list(reach.path(end) or ()), list(reach.path(end) or ())]


def test_movement_a_hex_too_far_for_the_terrain_entered_is_refused() -> None:
    """Off the road into the forest, a 6 moves only two hexes: a third forest hex that no
    other way reaches is refused, naming the rule."""
    start = "hex_07_02"
    reach = transylvania_reach(BOARD, start, 6, WALK)
    too_far = [n for p in simple_paths(start, 6)
               if len(p) == 2 and BOARD.step_terrain(start, p[0]) == "forest"
               for n in BOARD.neighbours[p[-1]]
               if n not in (start, *p) and reach.path(n) is None]
    assert too_far
    state = new()
    put(state, "harker", start)
    turn_of(state, "harker", 6)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="cannot take") as err:
        state.apply("harker", Move(too_far[0]))
    assert err.value.rule == "Movement" and state.to_json() == before


def test_movement_a_move_given_as_json_may_leave_out_the_attack() -> None:
    state = new()
    put(state, "harker", "hex_06_02")
    turn_of(state, "harker", 1)
    state.apply("harker", {"type": "move", "to": "bistritz"})
    assert state.players["harker"].location == "bistritz"


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(BOARD.hexes), st.sampled_from(BOARD.hexes), st.integers(1, 6),
       st.sampled_from(["hunter", NOSFERATU, PLAYER_WEREWOLF]),
       st.sampled_from(["hunter", NOSFERATU, PLAYER_WEREWOLF]), st.booleans())
def test_movement_the_rule_refuses_exactly_what_is_not_listed(
        start: str, other: str, roll: int, form: str, other_form: str, locked: bool) -> None:
    """``MoveRule`` (which words the refusals) agrees with the list: a move to any hex,
    attacking anyone or no one, is legal by the rule exactly when it is listed (Mina
    free, or locked in a fight with Van Helsing)."""
    state = new()
    for seat in state.seats:
        put(state, seat, "klausenburg")
    put(state, "harker", start)
    put(state, "mina", other)
    state.players["harker"].form = form
    state.players["mina"].form = other_form
    if locked:
        put(state, "van_helsing", other)
        state.fights.append(Fight("van_helsing", "nosferatu", "van_helsing", opponent="mina"))
    turn_of(state, "harker", roll)
    listed = move_actions(state, "harker", roll)
    rule = move_rule(state, "harker", roll)
    for to in BOARD.hexes:
        for attack in ("", "mina", "seward"):
            move = Move(to, attack)
            assert (rule.check(move) is None) == (move in listed), move


def _flat_paths(start: str, roll: int) -> list[tuple[str, ...]]:
    """Every walk of at most ``roll`` hexes entering no hex twice, terrain ignored (a
    nosferatu's flight), in the order of a search taking neighbours in map order."""
    found: list[tuple[str, ...]] = []

    def go(path: tuple[str, ...]) -> None:
        for there in BOARD.neighbours[path[-1] if path else start]:
            if there != start and there not in path and len(path) < roll:
                found.append((*path, there))
                go((*path, there))

    go(())
    return found


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(BOARD.hexes), st.integers(1, 6))
def test_movement_each_end_is_reached_along_the_first_path_in_map_order(start: str,
                                                                        roll: int) -> None:
    """The path a counter takes (and the log records) is the first one found searching
    the neighbours in map order: for a walk, the first complete move to each end (and the
    first stop short of the allowance); for a bat, the first flight of exactly the roll
    (and the first shortest flight to a hex nearer than the roll), ends in map order.
    Transcribed here by brute force, independently of the engine's tables."""
    walk = transylvania_reach(BOARD, start, roll, WALK)
    full: dict[str, tuple[str, ...]] = {}
    short: dict[str, tuple[str, ...]] = {}
    for p in simple_paths(start, roll):
        (full if len(p) == allowed(start, p, roll) else short).setdefault(p[-1], p)
    if full:
        assert list(walk.full.items()) == list(full.items())
        assert {**walk.large, **walk.early} == {e: p for e, p in short.items() if e not in full}
    bat = transylvania_reach(BOARD, start, roll, BAT)
    flights = _flat_paths(start, roll)
    exact = {p[-1]: p for p in reversed(flights) if len(p) == roll}
    nearer = {p[-1]: p for p in reversed(flights) if len(p) == BOARD.distance(start, p[-1])}
    if exact:
        assert list(bat.full.items()) == sorted(exact.items(), key=lambda i: BOARD.index[i[0]])
        assert {**bat.large, **bat.early} == {e: p for e, p in nearer.items()
                                              if len(p) < roll and e not in exact}


@pytest.mark.parametrize("count", [3, 300])
def test_movement_a_packed_path_reads_back_whatever_the_numbers(count: int) -> None:
    """The searches note paths packed in ints (``reach.Steps``): a path through the first
    space (number 0) and, on a map of more than 256 spaces, through spaces numbered past
    255 reads back space by space; the path of no steps is empty."""
    places = tuple(f"s{i}" for i in range(count))
    grid = Grid(BOARD, places, {p: i for i, p in enumerate(places)}, (), (),
                bits=max(8, count.bit_length()))
    for numbers in ((), (0,), (count - 1, 0, 1), (0, count - 1, 0)):
        assert grid.path(grid.pack(numbers)) == tuple(places[n] for n in numbers)
    assert 1 << reach_grid(BOARD).bits >= len(BOARD.hexes).bit_length()


@pytest.mark.parametrize(("form", "bites", "limit"), [
    ("hunter", 0, "the worst terrain entered limits the move"),
    (NOSFERATU, 3, "a nosferatu flies exactly the roll"),
])
def test_movement_a_move_too_far_is_refused_naming_the_movers_limit(
        form: str, bites: int, limit: str) -> None:
    """Movement: a hunter's walk is limited by the worst terrain he enters, a nosferatu's
    flight as a bat by the roll alone; a move past it is refused, saying which."""
    state = new()
    state.players["harker"].form, state.players["harker"].bites = form, bites
    put(state, "harker", "hex_07_02")
    turn_of(state, "harker", 1)
    with pytest.raises(IllegalAction, match="cannot take") as err:
        state.apply("harker", Move("hex_03_02"))
    assert limit in str(err.value) and err.value.rule == "Movement"
