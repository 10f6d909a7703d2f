"""The Extended Game: Castle Dracula."""

from __future__ import annotations

from collections import Counter

import pytest

from gothic_kernel import IllegalAction
from vampyre.actions import HEAL_WOUND, TAKE_TURN, Move
from vampyre.castle import daylight, restock
from vampyre.combat import bonus
from vampyre.movement import castle_reach
from vampyre.state import CASTLE, DEAD, NOSFERATU, PLAYER_WEREWOLF, Fight
from vampyre.winning import CASTLE_ALONE

from .helpers import give, new, put, script, texts, turn_of

RED = {"count_dracula": 1, "werewolf": 2, "ghost": 1, "gargoyle": 1, "zombie": 2, "brides": 1,
       "demon": 1, "swarm_of_rats": 1, "gypsies": 3, "trap": 1, "day_guard": 1}


def castle(**options):  # type: ignore[no-untyped-def]
    return new(stage="castle", **options)


def guardian(state, space: str, kind: str) -> str:  # type: ignore[no-untyped-def]
    """Swap the face-down counter of ``kind`` into ``space``."""
    here = next(g for g, c in state.green.items() if c and state.rules.red_counters[c] == kind)
    state.green[here], state.green[space] = state.green[space], state.green[here]
    return state.green[space]


def enter(state, space: str, rolls, seat: str = "harker", start: str = "inner_ward_south",
          attack: str = "") -> None:  # type: ignore[no-untyped-def]
    """``seat`` moves one space from ``start`` into ``space``; the dice then roll ``rolls``."""
    put(state, seat, start)
    turn_of(state, seat, 1)
    script(state, [*rolls, *[1] * 40])
    state.apply(seat, Move(space, attack))


# -- Preparation for Play - Castle Dracula ---------------------------------------------------

def test_preparation_for_play_a_red_counter_face_down_in_each_green_area() -> None:
    state = castle()
    assert state.stage == CASTLE
    assert set(state.green) == set(state.world.castle.green)
    assert Counter(state.rules.red_counters[c] for c in state.green.values()) == RED


def test_preparation_for_play_hunters_at_the_portcullis_clock_at_noon() -> None:
    state = castle()
    assert {p.location for p in state.players.values()} == {"portcullis"}
    assert state.clock == 13  # noon, then the first turn set it ahead one hour


def test_the_guardians_are_hidden_from_everyone() -> None:
    state = castle()
    for viewer in (*state.seats, "public"):
        view = state.observation(viewer)["castle"]
        assert view["face_down"] == {g: True for g in state.world.castle.green}
        assert view["revealed"] == {}


def test_the_extended_game_can_start_with_chosen_hunters() -> None:
    state = castle(hunters=("seward", "morris", "mina"))
    assert state.seats == ("seward", "morris", "mina")


def test_converted_players_begin_the_extended_game_in_the_tower() -> None:
    state = new(stage="extended")
    state.players["mina"].form = NOSFERATU
    state.players["van_helsing"].possessed = 3
    state.players["harker"].coffins = ["coffin_1", "coffin_2", "coffin_3"]
    give(state, "harker", "gun")
    state.players["godalming"].bites = 2
    from vampyre.castle import set_up

    set_up(state, "harker")
    assert state.players["mina"].location == "the_tower"
    assert state.players["van_helsing"].location == "the_tower"
    assert state.players["harker"].location == "portcullis"
    assert state.players["godalming"].bites == 2  # bites, items, coffins carry over
    assert state.item_kinds("harker") == ["gun"] and len(state.players["harker"].coffins) == 3
    assert state.current == "harker"


# -- Time Inside Castle Dracula ---------------------------------------------------------------

def test_the_clock_moves_one_hour_each_player_turn_lost_turns_too() -> None:
    state = castle()
    state.players["mina"].lost_turns = 1
    script(state, [1] * 40)
    for _ in range(3):
        seat = state.current_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert "2 p.m.: Mina loses this turn" in texts(state)
    assert state.turns == 5 and state.clock == 12 + 5


@pytest.mark.parametrize(("hour", "plus"), [(5, 0), (6, 1), (12, 1), (17, 1), (18, 0), (0, 0)])
def test_daylight_from_6_am_to_6_pm_adds_one_to_supernatural_combat(hour: int,
                                                                    plus: int) -> None:
    state = castle()
    state.clock = hour
    assert daylight(state) == plus
    assert bonus(state, Fight("harker", "brides", "harker")) == plus
    assert bonus(state, Fight("harker", "zombie", "harker")) == 0


# -- Movement --------------------------------------------------------------------------------

def test_castle_movement_is_the_full_roll_without_entering_a_space_twice() -> None:
    state = castle()
    put(state, "harker", "inner_ward_south")
    for green in list(state.green):
        state.green[green] = ""  # no counters to stop at
    turn_of(state, "harker", 4)
    reach = castle_reach(state.world.castle, "inner_ward_south", 4)
    for move in state.legal_actions("harker"):
        path = reach.path(move.to)
        assert path is not None and len(path) == 4 and len(set(path)) == 4
        assert "inner_ward_south" not in path


def test_a_hunter_may_stop_on_entering_a_green_area_with_a_counter() -> None:
    state = castle()
    put(state, "harker", "gatehouse")
    turn_of(state, "harker", 5)
    ends = {m.to: m for m in state.legal_actions("harker")}
    path = castle_reach(state.world.castle, "gatehouse", 5).path("guardroom")
    assert "guardroom" in ends and path is not None and len(path) < 5


def test_a_hunter_stopping_in_a_green_area_reveals_and_fights_the_guardian() -> None:
    state = castle()
    guardian(state, "guardroom", "zombie")
    enter(state, "guardroom", [6])
    assert texts(state)[-3] == "Harker reveals the Zombie in the Guardroom"
    assert state.green["guardroom"] == ""
    assert state.observation("public")["castle"]["face_down"]["guardroom"] is False


def test_fought_guardians_leave_the_board() -> None:
    state = castle()
    counter = guardian(state, "guardroom", "zombie")
    enter(state, "guardroom", [6])
    assert counter in state.red_aside and "guardroom" not in state.revealed


def test_dracula_stays_in_his_room_until_slain_or_midnight() -> None:
    state = castle()
    state.clock = 20  # night: no daylight bonus
    counter = guardian(state, "guardroom", "count_dracula")
    enter(state, "guardroom", [1])  # B
    assert state.players["harker"].bites == 1
    assert state.revealed["guardroom"] == counter
    # another hunter entering his room may attack him
    put(state, "mina", "outer_ward_west")
    turn_of(state, "mina", 1)
    assert Move("guardroom", "count_dracula") in state.legal_actions("mina")


def test_winning_the_game_a_v_against_count_dracula() -> None:
    state = castle()
    state.clock = 20
    guardian(state, "guardroom", "count_dracula")
    enter(state, "guardroom", [6, 6])  # N, then V next turn
    assert state.fight_of("harker") is not None
    turn_of(state, "harker")
    script(state, [6])
    state.players["harker"].items.append("gift_99_the_host")
    state.apply("harker", TAKE_TURN)
    assert state.is_over and state.outcome is not None
    # stage=castle: Castle Dracula alone, no Extended Game played (not "(Extended Game)")
    assert state.outcome.winners == ("harker",) and state.outcome.level == CASTLE_ALONE
    assert state.game.outcome_sentence(state.outcome) == \
        "Harker wins (Castle Dracula): Count Dracula destroyed."
    assert "drives a stake through Dracula's heart" in texts(state)[-1]
    state.players["harker"].items.remove("gift_99_the_host")  # (given by hand above)
    assert state.game.from_json(state.to_json()).outcome == state.outcome  # a sound save
    older = state.to_json().replace('"level":"Castle Dracula"', '"level":"Extended Game"')
    assert '"Extended Game"' in older and state.game.from_json(older).outcome is not None


# -- Appendix I: Monsters ----------------------------------------------------------------------

@pytest.mark.parametrize(("die", "wounded"), [(5, 0), (6, 0), (4, 1), (1, 1)])
def test_trap_roll_5_or_6_to_avoid_it(die: int, wounded: int) -> None:
    state = castle()
    guardian(state, "guardroom", "trap")
    enter(state, "guardroom", [die])
    assert state.players["harker"].wounds == wounded
    assert not [t for t in texts(state) if "against the" in t]  # no combat


def test_swarm_of_rats_loses_one_turn_without_combat() -> None:
    state = castle()
    guardian(state, "guardroom", "swarm_of_rats")
    enter(state, "guardroom", [])
    assert state.players["harker"].lost_turns == 1


def test_gypsies_roll_one_die_for_their_number_and_are_fought_one_by_one() -> None:
    state = castle()
    guardian(state, "guardroom", "gypsies")
    enter(state, "guardroom", [3, 4, 5, 6])  # three gypsies; three Vs
    assert "Harker rolls 3: 3 gypsies attack" in texts(state)
    assert texts(state).count("A gypsy falls; 2 still fight") == 1
    assert texts(state)[-1] == "Harker defeats the Gypsy"


def test_gypsies_a_wound_ends_the_fight() -> None:
    state = castle()
    guardian(state, "guardroom", "gypsies")
    enter(state, "guardroom", [4, 5, 1])
    assert state.players["harker"].wounds == 1 and state.fight_of("harker") is None


# -- Combat and the code letters inside the castle ---------------------------------------------

def test_two_wounds_kill_a_hunter() -> None:
    state = castle()
    state.players["harker"].wounds = 1
    guardian(state, "guardroom", "zombie")
    enter(state, "guardroom", [1])
    assert state.players["harker"].out == DEAD
    assert "harker" in state.order.out


def test_a_wounded_hunter_may_lose_the_next_turn_to_cure_the_wound() -> None:
    state = castle()
    guardian(state, "guardroom", "zombie")
    enter(state, "guardroom", [1])
    assert state.players["harker"].wounds == 1
    turn_of(state, "harker")
    assert state.legal_actions("harker") == [TAKE_TURN, HEAL_WOUND]
    script(state, [1] * 10)
    state.apply("harker", HEAL_WOUND)
    assert state.players["harker"].wounds == 0
    # the cure is done with that turn: nothing half spent is left (a save holds none)
    assert not state.players["harker"].healing
    state.game.from_json(state.to_json())
    while state.current != "harker":
        seat = state.current_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert sum(t.endswith("Harker has cured the wound") for t in texts(state)) == 1


def test_the_cure_must_be_taken_on_the_turn_right_after_the_wound() -> None:
    state = castle()
    guardian(state, "guardroom", "zombie")
    enter(state, "guardroom", [1])
    turn_of(state, "harker")
    script(state, [1] * 10)
    state.apply("harker", TAKE_TURN)  # carries on wounded
    assert state.players["harker"].wounds == 1 and not state.players["harker"].may_heal


def test_f_fear_the_hunter_flees_to_the_portcullis_then_hunts_again() -> None:
    state = castle()
    state.clock = 20
    guardian(state, "great_hall", "ghost")
    enter(state, "great_hall", [1], start="inner_ward_south")
    assert state.players["harker"].fleeing
    turn_of(state, "harker")
    state.pending = None
    state.turn_open = True
    from vampyre.turns import take_turn

    script(state, [6])
    take_turn(state, "harker")
    assert state.players["harker"].location == "portcullis"
    assert not state.players["harker"].fleeing


def test_i_immobility_loses_two_turns_and_attackers_subtract_two() -> None:
    state = castle()
    state.clock = 20
    guardian(state, "great_hall", "gargoyle")
    enter(state, "great_hall", [1])
    p = state.players["harker"]
    assert p.lost_turns == 2 and p.immobile == 2
    assert bonus(state, Fight("harker", "nosferatu", "mina", opponent="mina")) == -2


def test_converted_players_never_reveal_guardians() -> None:
    state = castle()
    state.players["harker"].form = NOSFERATU
    counter = guardian(state, "guardroom", "zombie")
    enter(state, "guardroom", [])
    assert state.green["guardroom"] == counter


def test_converted_players_are_removed_after_a_fight_and_reappear_in_the_tower() -> None:
    state = castle()
    state.players["mina"].form = PLAYER_WEREWOLF
    put(state, "harker", "outer_ward_west")
    enter(state, "outer_ward_west", [4], seat="mina", start="gatehouse", attack="harker")
    assert state.players["mina"].location is None
    assert "Mina is removed from the board after the fight" in texts(state)


def test_restocking_the_map_at_midnight() -> None:
    state = castle()
    zombie = guardian(state, "guardroom", "zombie")
    enter(state, "guardroom", [6])  # the zombie is fought and set aside
    dracula = guardian(state, "great_hall", "count_dracula")
    state.green["great_hall"] = ""
    state.revealed["great_hall"] = dracula
    put(state, "mina", "library")
    restock(state)
    assert state.revealed == {} and state.red_aside == []
    assert sorted(c for c in state.green.values()) == sorted(state.rules.red_counters)
    assert zombie in state.green.values()
    assert state.players["mina"].must_reveal


def test_ruling_restocking_at_midnight_returns_the_rats_and_the_trap_too() -> None:
    """Ruling 25: the Swarm of Rats and the Trap are met, not fought, yet they go back into
    the mix at midnight with the guardians "removed earlier that day through combat", so
    that every green area has its counter again, as at the start."""
    state = castle()
    rats = guardian(state, "guardroom", "swarm_of_rats")
    enter(state, "guardroom", [])
    trap = guardian(state, "great_hall", "trap")
    enter(state, "great_hall", [6], seat="mina")  # leaps clear
    assert not state.green["guardroom"] and not state.green["great_hall"]
    assert rats not in state.green.values() and trap not in state.green.values()
    restock(state)
    assert rats in state.green.values() and trap in state.green.values()
    assert all(state.green.values()) and state.red_aside == []


def test_a_hunter_in_a_green_area_at_midnight_reveals_the_new_counter_instead_of_moving() -> None:
    state = castle()
    put(state, "mina", "library")
    state.players["mina"].must_reveal = True
    guardian(state, "library", "zombie")
    turn_of(state, "mina")
    script(state, [6, *[1] * 10])
    state.apply("mina", TAKE_TURN)
    assert state.players["mina"].location == "library"
    assert any(t.endswith(": Mina reveals the Zombie in the Library") for t in texts(state))


def test_midnight_comes_twelve_turns_after_noon_and_restocks_the_map() -> None:
    state = castle(players=2)
    script(state, [1] * 400)
    while state.turns < 13 and not state.is_over:  # the 12th turn (midnight) is over
        seat = state.current_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.clock == 1
    assert "Midnight: the guardians are gathered, mixed and placed face down again" in \
        texts(state)


def test_a_nosferatu_that_bites_in_the_castle_reappears_in_the_tower_two_turns_later() -> None:
    state = castle()
    state.clock = 20
    state.players["mina"].form = NOSFERATU
    put(state, "harker", "outer_ward_west")
    enter(state, "outer_ward_west", [1], seat="mina", start="gatehouse", attack="harker")
    mina = state.players["mina"]
    assert state.players["harker"].bites == 1
    assert mina.location is None and mina.reappear == 1
    while mina.location is None:
        seat = state.current_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert sum(t.endswith("Mina is sated and stays away") for t in texts(state)) == 1
    assert mina.location == "the_tower" and state.current == "mina"


def test_a_converted_player_removed_after_a_fight_reappears_in_the_tower() -> None:
    state = castle()
    state.players["mina"].form = PLAYER_WEREWOLF
    put(state, "harker", "outer_ward_west")
    enter(state, "outer_ward_west", [6], seat="mina", start="gatehouse", attack="harker")
    while state.current != "mina" or state.players["mina"].location is None:
        seat = state.current_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.players["mina"].location == "the_tower"
    assert any(t.endswith("Mina reappears in The Tower") for t in texts(state))


def test_a_wounded_guardian_fight_still_removes_the_counter() -> None:
    state = castle()
    counter = guardian(state, "guardroom", "zombie")
    enter(state, "guardroom", [1])  # W
    assert counter in state.red_aside and state.players["harker"].wounds == 1


def test_castle_movement_every_end_of_the_full_roll_is_listed_once() -> None:
    """'A player may not move over the same space twice in one turn, nor move less than his
    or her full roll': the move names its end; every end of such a walk is listed once,
    the counter goes along one of them (the one logged), and an end only a shorter walk
    reaches is refused."""
    state = castle()
    for green in list(state.green):
        state.green[green] = ""  # no counters to stop at
    put(state, "harker", "inner_ward_south")
    turn_of(state, "harker", 3)
    neighbours = state.world.castle.neighbours
    paths = [(a, b, c) for a in neighbours["inner_ward_south"] for b in neighbours[a]
             for c in neighbours[b] if len({"inner_ward_south", a, b, c}) == 4]
    listed = [m.to for m in state.legal_actions("harker")]
    assert sorted(listed) == sorted({p[-1] for p in paths})
    for move in state.legal_actions("harker"):
        twin = state.clone()
        script(twin, [1] * 40)
        twin.apply("harker", move)
        assert twin.players["harker"].location == move.to
        moved = next(e for e in twin.log("public") if e["kind"] == "move")
        assert tuple(moved["path"]) in paths and moved["path"][-1] == move.to
    short = [p[1] for p in paths if p[1] not in listed]
    assert short
    with pytest.raises(IllegalAction, match="whole allowance") as err:
        state.apply("harker", Move(short[0]))
    assert err.value.rule == "Movement"


def test_possessed_by_the_demon_inside_the_castle_charges_next_turn() -> None:
    """Ruling 32: the possessed hunter stays in the Demon's room, charges on his next turn
    (one die), is removed after the fight and reappears in The Tower while possessed."""
    state = castle()
    state.clock = 20
    guardian(state, "guardroom", "demon")
    enter(state, "guardroom", [1, 5])  # P; possessed five turns
    harker = state.players["harker"]
    assert harker.possessed == 5 and harker.location == "guardroom"
    put(state, "mina", "outer_ward_west")  # next to the Guardroom
    for seat in ("van_helsing", "godalming"):
        put(state, seat, "the_tower")
    turn_of(state, "harker")
    script(state, [3, 1, *[1] * 20])  # the charge die, then the attacker rolls 1: W for Mina
    state.pending = None
    from vampyre.turns import take_turn

    take_turn(state, "harker")
    charge = [e for e in state.log("public") if e["kind"] == "possessed"][-1]
    assert charge["target"] == "mina" and charge["path"] == ["outer_ward_west"]
    assert "Harker is removed from the board after the fight" in texts(state)
    assert harker.location is None and harker.possessed == 5
    assert state.players["mina"].wounds == 1
    from vampyre.conversion import reappear

    reappear(state, "harker")
    assert harker.location == "the_tower"


@pytest.mark.parametrize(("hour", "result"), [(8, "N"), (20, "B")])
def test_time_inside_castle_dracula_daylight_with_scripted_dice(hour: int, result: str) -> None:
    """'Between 6 a.m. (sunrise) and 6 p.m. (sunset) all vampire hunters add +1 to their
    Supernatural Combat rolls. At sunset the forces of evil regain their awful powers':
    the same roll of 4 against the Brides is a 5 (N) at 9 a.m. but a 4 (B) at 9 p.m."""
    state = castle()
    state.clock = hour  # Harker's turn sets it one hour ahead
    guardian(state, "guardroom", "brides")
    put(state, "harker", "inner_ward_south")
    state.order.seat_index = 0
    state.turn_open, state.pending = False, None
    script(state, [1, 4, *[1] * 20])  # the movement die, then the combat die
    from vampyre.turns import play_until_decision

    play_until_decision(state)
    state.apply("harker", Move("guardroom"))
    roll = [e for e in state.log("public") if e["kind"] == "combat_roll"][-1]
    assert (roll["roll"], roll["bonus"], roll["result"]) == (4, int(result == "N"), result)


def test_possessed_players_inside_the_castle_move_one_die_of_spaces() -> None:
    """"Nosferatu, player werewolves, and possessed players also move 1-6 spaces per turn"
    (Castle Dracula, Movement): the possessed charge rolls one die, not the two of
    Transylvania, and goes exactly that many spaces towards the nearest living player."""
    state = castle()
    harker = state.players["harker"]
    harker.possessed = 3
    put(state, "harker", "portcullis")
    for seat in ("mina", "van_helsing", "godalming"):
        put(state, seat, "the_tower")  # eight spaces away; Mina is next clockwise
    turn_of(state, "harker")
    script(state, [3, 5, *[1] * 20])
    state.apply("harker", TAKE_TURN)
    charge = [e for e in state.log("public") if e["kind"] == "possessed"][-1]
    assert charge["target"] == "mina"
    assert charge["path"] == ["gatehouse", "inner_ward_south", "hall_passage_west"]
    assert harker.location == "hall_passage_west"
    assert "rolls 3 and charges" in charge["text"]


@pytest.mark.parametrize(("die", "attacks"), [(1, True), (3, False), (6, False)])
def test_a_hunter_who_stops_on_a_face_down_guardian_reveals_it_even_when_he_attacks(
        die: int, attacks: bool) -> None:
    """Castle Movement: stopping on a face-down guardian, he "must immediately flip the piece
    over and fight the revealed guardian"; then (3. Reveal Counter, 4. Combat) he attacks the
    nosferatu there, if still free: a wound (1) leaves him free, an N (3) locks him in the
    guardian's fight, and a V (6) ends his turn (rulings 5 and 7)."""
    state = castle()
    state.players["mina"].form = NOSFERATU
    guardian(state, "guardroom", "zombie")
    put(state, "mina", "guardroom")
    put(state, "harker", "inner_ward_south")
    turn_of(state, "harker", 1)
    script(state, [die, 6] + [1] * 40)
    state.apply("harker", Move("guardroom", "mina"))
    log = texts(state)
    assert not state.green.get("guardroom")
    assert f"Harker rolls {die} against the Zombie" in " ".join(log)
    assert ("Harker attacks Mina" in log) is attacks
    if attacks:
        assert log.index("Harker reveals the Zombie in the Guardroom") < log.index(
            "Harker attacks Mina")


def test_ruling_a_possessed_hunter_in_a_green_area_at_midnight_is_not_bound_to_reveal() -> None:
    """Ruling 32: possessed, he is a converted player ("Converted players never reveal
    guardian counters"), not "a vampire hunter in a green space at midnight"."""
    state = castle()
    put(state, "harker", "library")
    put(state, "mina", "armoury")
    state.players["harker"].possessed = 2
    restock(state)
    assert not state.players["harker"].must_reveal
    assert state.players["mina"].must_reveal


def test_a_hunter_paralysed_when_wounded_cures_the_wound_in_the_turn_he_loses() -> None:
    """W: "lose his or her next turn and cure the wound during that time", "on the player's
    turn immediately following the wound": paralysed (I), he loses that turn anyway and
    cures the wound during it (ruling 27); the -2 of Immobility then still counts in a
    played attack on him."""
    state = castle()
    state.players["mina"].form = PLAYER_WEREWOLF
    harker = state.players["harker"]
    harker.lost_turns, harker.immobile = 2, 2  # paralysed by the gargoyle
    put(state, "harker", "outer_ward_west")
    put(state, "mina", "gatehouse")
    turn_of(state, "mina", 1)
    script(state, [3] + [1] * 40)  # 3 - 2 (Immobility) = 1 on the Melee row: W
    state.apply("mina", Move("outer_ward_west", "harker"))
    assert any("rolls 3 against Harker (total 1 with Harker's -2): W" in t for t in texts(state))
    assert harker.wounds == 1 and harker.may_heal
    while not any("Harker loses this turn" in t for t in texts(state)):
        seat = state.current_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert any(t.endswith("Harker loses this turn and cures the wound during it")
               for t in texts(state))
    assert harker.wounds == 0 and harker.immobile == 1
