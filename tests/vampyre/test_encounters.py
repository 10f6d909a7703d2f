"""Encounters and Strange Occurrences."""

from __future__ import annotations

import json

import pytest

from gothic_kernel import PUBLIC, CorruptSave, IllegalAction
from vampyre.actions import LeadAstray, LookAtCounter, Move
from vampyre.state import (
    LEAD_ASTRAY,
    LOOK_AT_COUNTER,
    NOSFERATU,
    THE_STANDING_STONES,
    VampyreState,
)

from .helpers import (
    GAME,
    camp_in,
    give,
    new,
    put,
    script,
    step_into,
    texts,
    turn_of,
    two_dice,
)

FOREST = {2: "vampire", 3: "bear", 4: "none", 5: "none", 6: "none", 7: "none", 8: "none",
          9: "none", 10: "boar", 11: "wolf", 12: "strange_occurrence"}
MOUNTAINS = {2: "vampire", 3: "bear", 10: "bear", 4: "wolf", 11: "wolf", 5: "none",
             6: "none", 7: "none", 8: "none", 9: "none", 12: "strange_occurrence"}
EVIL = {2: "vampire", 3: "vampire", 9: "vampire", 4: "none", 5: "none", 6: "none", 7: "none",
        8: "werewolf", 10: "werewolf", 11: "demon", 12: "strange_occurrence"}


@pytest.mark.parametrize(("terrain", "chart"), [("forest", FOREST), ("mountain", MOUNTAINS),
                                                ("evil", EVIL)])
def test_encounter_charts(terrain: str, chart: dict[int, str]) -> None:
    state = new()
    assert dict(enumerate(state.rules.encounters[terrain], start=2)) == chart


@pytest.mark.parametrize(("terrain", "roll", "found"), [
    ("forest", 3, "Bear"), ("forest", 10, "Boar"), ("forest", 11, "Wolf"),
    ("mountain", 4, "Wolf"), ("mountain", 10, "Bear"), ("evil", 11, "Demon"),
    ("evil", 8, "Werewolf"), ("evil", 9, "Vampire"),
])
def test_a_creature_met_at_night_is_fought_at_once(terrain: str, roll: int, found: str) -> None:
    state = new()
    camp_in(state, "harker", terrain, [*two_dice(roll), 6])
    assert texts(state)[-3].endswith(f"encounter roll is {roll}: a {found} attacks")
    assert texts(state)[-2].startswith("Harker rolls 6 against the")


def test_no_encounter_ends_the_turn() -> None:
    state = new()
    camp_in(state, "harker", "forest", two_dice(7))
    assert texts(state)[-1].endswith("the night's encounter roll is 7: no encounter")
    assert state.current_seats() == ("mina",)


def test_no_encounters_in_clear_terrain() -> None:
    state = new()
    camp_in(state, "harker", "clear", [])  # no die is rolled for the night
    assert texts(state)[-1].endswith("camps safely")


def test_no_encounters_in_the_large_hexes() -> None:
    state = new()
    put(state, "harker", "hex_06_02")
    turn_of(state, "harker", 1)
    script(state, [1] * 5)
    state.apply("harker", Move("bistritz"))
    state.apply("harker", state.legal_actions("harker")[-1])  # make camp, no search
    assert texts(state)[-1] == "Harker makes camp without searching"
    assert not any("encounter roll" in t for t in texts(state))
    assert state.dice.remaining == (1,) * 4  # no night roll; only Mina's movement die


def test_roads_are_considered_the_terrain_of_the_surrounding_hex() -> None:
    state = new()
    hexes = camp_in(state, "harker", "forest", [*two_dice(10), 6], road=True)
    assert hexes in state.world.transylvania.road_hexes
    assert texts(state)[-3].endswith("encounter roll is 10: a Boar attacks")


# -- Strange Occurrence --------------------------------------------------------------------

def occurrence(roll: int, rolls: list[int] | None = None):  # type: ignore[no-untyped-def]
    state = new()
    camp_in(state, "harker", "forest", [6, 6, *two_dice(roll), *(rolls or [])])
    return state


def test_strange_occurrence_2_the_old_womans_silver_crucifix() -> None:
    state = occurrence(2)
    assert state.item_kinds("harker") == ["silver_crucifix"]


def test_strange_occurrence_3_a_strange_fog_carries_you_to_the_standing_stones() -> None:
    state = occurrence(3)
    assert state.players["harker"].location == THE_STANDING_STONES


def _storm_then_a_round(night: int) -> VampyreState:
    """Harker meets the storm in the forest; the others move a hex into the clear (a 1
    each); in the turn Harker loses, the night's roll is ``night``."""
    state = occurrence(4, [1, 1, 1, *two_dice(night), 6])
    assert state.players["harker"].lost_turns == 1
    for seat in ("mina", "van_helsing", "godalming"):  # a quiet round in the clear
        assert state.current_seats() == (seat,)
        clear = next(m for m in state.legal_actions(seat)
                     if state.world.transylvania.terrain[m.to] == "clear")
        state.apply(seat, clear)
    return state


def test_strange_occurrence_4_a_fierce_storm_loses_one_turn() -> None:
    state = _storm_then_a_round(7)
    assert "Harker loses this turn" in texts(state)
    assert state.current_seats() == ("mina",)


def test_ruling_a_turn_lost_in_the_wilderness_ends_with_the_night_s_encounter_roll() -> None:
    """"At the end of each turn (1 day) each player makes camp": halted by the storm, Harker
    spends another night in the forest and rolls for it (ruling 35)."""
    quiet = _storm_then_a_round(7)
    assert texts(quiet)[-1] == "Harker makes camp; the night's encounter roll is 7: no encounter"
    wolf = _storm_then_a_round(11)
    assert "Harker makes camp; the night's encounter roll is 11: a Wolf attacks" in texts(wolf)
    assert texts(wolf)[-2].startswith("Harker rolls 6 against the Wolf")


def test_strange_occurrence_5_the_player_on_the_left_moves_the_lost_player() -> None:
    state = occurrence(5, [4])
    assert state.current_seats() == ("mina",)
    assert state.pending is not None and state.pending.kind == LEAD_ASTRAY
    options = state.legal_actions("mina")
    assert options and all(isinstance(a, LeadAstray) for a in options)
    start = state.players["harker"].location
    chosen = options[-1]
    assert isinstance(chosen, LeadAstray)
    state.apply("mina", chosen)
    assert state.players["harker"].location == chosen.to != start
    led = next(e for e in state.log(PUBLIC) if e["kind"] == "led_astray")
    assert len(led["path"]) == 4 and led["path"][-1] == chosen.to and start not in led["path"]
    assert state.current_seats() == ("mina",)  # then Mina's own turn


def test_strange_occurrence_6_gypsies_ransack_the_camp_and_take_every_item() -> None:
    state = new()
    give(state, "harker", "knife", "the_host")
    camp_in(state, "harker", "forest", [6, 6, *two_dice(6)])
    assert state.players["harker"].items == []


def test_strange_occurrence_7_bitten_in_the_night() -> None:
    assert occurrence(7).players["harker"].bites == 1


def test_strange_occurrence_8_the_priests_holy_water() -> None:
    assert occurrence(8).item_kinds("harker") == ["holy_water"]


def test_strange_occurrence_9_the_metalsmith_reconstructed_as_a_silver_bullet() -> None:
    assert occurrence(9).item_kinds("harker") == ["silver_bullet"]


def test_strange_occurrence_10_reconstructed_a_secret_look_at_a_top_counter() -> None:
    state = occurrence(10)
    assert state.pending is not None and state.pending.kind == LOOK_AT_COUNTER
    state.apply("harker", LookAtCounter("bistritz"))
    top = state.rules.black_counters[state.stacks["bistritz"][0]]
    assert state.observation("harker")["large_hexes"]["bistritz"]["top_seen"] == top
    assert state.observation("mina")["large_hexes"]["bistritz"]["top_seen"] is None
    assert texts(state, "harker")[-1].endswith(state.name(top))
    assert texts(state, PUBLIC)[-1] == "Harker looks at the top counter of Bistritz"


def test_strange_occurrence_11_reconstructed_the_hermit_removes_a_bite() -> None:
    state = new()
    state.players["harker"].bites = 2
    camp_in(state, "harker", "forest", [6, 6, *two_dice(11)])
    assert state.players["harker"].bites == 1


def test_strange_occurrence_12_reconstructed_dracula_attacks_in_the_night() -> None:
    state = occurrence(12, [1])  # the combat die: B on Dracula's row
    assert state.players["harker"].bites == 1
    state = occurrence(12, [6])  # N: kept at bay, Dracula vanishes
    assert state.players["harker"].bites == 0 and not state.fights


def test_every_strange_occurrence_has_an_entry() -> None:
    state = new()
    assert sorted(state.rules.strange_occurrences) == list(range(2, 13))


def test_strange_occurrence_5_led_onto_an_opponent_the_lost_player_does_not_fight() -> None:
    """Ruling 17: the player on the left may lead the lost Harker into the hex of the
    nosferatu Van Helsing; nobody attacks: the move is not Harker's own ("either ... can
    attack simply by ending his or her move in the hex occupied by the other"), it is made
    at night after his move, and it leaves him no encounter or fight afterwards."""
    state = new()
    board = state.world.transylvania
    _, camp = step_into(state, "forest")
    lair = next(h for h in board.neighbours[camp] if not board.is_large(h))
    state.players["van_helsing"].form = NOSFERATU
    put(state, "van_helsing", lair)
    camp_in(state, "harker", "forest", [6, 6, *two_dice(5), 1])
    assert LeadAstray(lair) in state.legal_actions("mina")
    state.apply("mina", LeadAstray(lair))
    assert state.players["harker"].location == state.players["van_helsing"].location == lair
    assert not state.fights and state.players["harker"].bites == 0
    assert texts(state)[-1].startswith("Mina leads Harker astray")
    assert state.current_seats() == ("mina",) and state.pending is not None \
        and state.pending.kind == "move"  # Mina's own turn: Harker's is over


def test_strange_occurrence_5_any_hex_a_walk_of_the_roll_reaches_may_be_chosen() -> None:
    """'Let the player on your left move your counter 1-6 hexes (roll one die) from your
    present location. Terrain effects are ignored.' Every hex at the end of a walk of
    the roll (no hex twice) is offered once; the counter goes along one such walk (the
    one logged); the hex of the lost player, a hex farther away, or the walk itself given
    as the action, is refused."""
    state = occurrence(5, [2])
    start = state.players["harker"].location
    assert start is not None
    board = state.world.transylvania
    paths = [(a, b) for a in board.neighbours[start] for b in board.neighbours[a]
             if b not in (start, a)]
    offered = state.legal_actions("mina")
    assert sorted(a.to for a in offered if isinstance(a, LeadAstray)) == \
        sorted({p[-1] for p in paths})
    for action in offered:
        twin = state.clone()
        twin.apply("mina", action)
        led = next(e for e in twin.log(PUBLIC) if e["kind"] == "led_astray")
        assert tuple(led["path"]) in paths
        assert twin.players["harker"].location == led["path"][-1]
    farther = next(h for h in board.hexes if board.distance(start, h) == 3)
    for hex_ in (start, farther):
        with pytest.raises(IllegalAction) as err:
            state.apply("mina", LeadAstray(hex_))
        assert err.value.rule == "Strange Occurrence"
    with pytest.raises(IllegalAction) as err:
        state.apply("mina", {"type": "lead_astray", "path": list(paths[0])})
    assert err.value.rule == "action format"


# -- the night before the attack ("Sequence of Play - Transylvania": 2. then 3.) ----------------

def attack_in_the_forest(rolls: list[int]):  # type: ignore[no-untyped-def]
    """Harker ends his move on Mina, a nosferatu, in the forest hex at 10.05; the dice then
    roll ``rolls`` (then 1s)."""
    state = new()
    state.players["mina"].form, state.players["mina"].bites = NOSFERATU, 3
    put(state, "harker", "hex_09_05")
    put(state, "mina", "hex_10_05")
    turn_of(state, "harker", 1)
    script(state, [*rolls, *[1] * 20])
    state.apply("harker", Move("hex_10_05", "mina"))
    return state


def test_encounters_a_hunter_who_attacks_in_the_forest_still_rolls_for_the_night() -> None:
    """"A player who ends his or her movement in the mountains, in the forest, or in an area
    under evil influence, must roll": ending the move on an opponent does not spare the
    roll. The night's check (step 2 of the Sequence of Play) comes before the combat
    (step 3; ruling 7)."""
    state = attack_in_the_forest([*two_dice(7), 4])  # a quiet night; then N on the row
    log = texts(state)
    night = next(i for i, t in enumerate(log) if "the night's encounter roll is 7" in t)
    assert log[night].startswith("Harker rolls 1, moves to the forest hex at 10.05")
    assert log.index("Harker attacks Mina") > night
    assert "Harker rolls 4 against Mina (Nosferatu): N (no result)" in log


def test_encounters_a_creature_met_at_night_is_fought_before_the_opponent() -> None:
    state = attack_in_the_forest([*two_dice(2), 1, 4])  # a vampire: a bite (B); Mina: N
    log = texts(state)
    assert log.index("Harker rolls 1 against the Vampire: B (bite)") < log.index(
        "Harker attacks Mina")
    assert "Harker rolls 4 against Mina (Nosferatu): N (no result)" in log


def test_encounters_a_victory_over_the_night_creature_ends_the_turn() -> None:
    """V: "In the Basic Game this ends the player's turn": Harker beats the boar met at
    night, so he makes no attack on Mina this turn (ruling 7)."""
    state = attack_in_the_forest([*two_dice(10), 6, 4])  # a boar, beaten (V)
    log = texts(state)
    assert "Harker defeats the Boar" in log
    assert "Harker's victory ends the turn: no attack on Mina" in log
    assert "Harker attacks Mina" not in log
    assert state.fight_of("mina") is None and state.players["mina"].location == "hex_10_05"
    assert state.current != "harker"


def test_encounters_a_hunter_locked_in_a_fight_with_the_night_creature_cannot_attack() -> None:
    """An N against the bear met at night leaves Harker locked in that fight: he cannot
    start another (ruling 6), so the attack on Mina does not happen."""
    state = attack_in_the_forest([*two_dice(3), 4])  # a bear; 4 -> N
    assert "Harker can no longer attack Mina" in texts(state)
    fight = state.fight_of("harker")
    assert fight is not None and fight.monster == "bear" and state.fight_of("mina") is None


def test_encounters_the_attack_waits_for_a_decision_the_night_asks_and_saves_keep_it() -> None:
    """Strange Occurrence 10 asks Harker which top counter to look at; the attack waits under
    that decision, a save holds it (``waiting``), and it is made once he has looked."""
    state = attack_in_the_forest([6, 6, *two_dice(10)])  # Strange Occurrence 10
    assert state.pending is not None and state.pending.kind == LOOK_AT_COUNTER
    assert "Harker attacks Mina" not in texts(state)
    save = state.to_json()
    assert json.loads(save)["state"]["waiting"] == [
        {"kind": "combat", "seat": "harker", "target": "mina"}]
    loaded = GAME.from_json(save)
    assert loaded.to_json() == save
    for game in (state, loaded):
        game.apply("harker", LookAtCounter("bistritz"))
        assert "Harker attacks Mina" in texts(game)
    assert loaded.to_json() == state.to_json()
    assert "waiting" not in json.loads(state.to_json())["state"]


@pytest.mark.parametrize("spoil", [
    lambda w: w.clear(),  # written only while a step waits
    lambda w: w[0].update(target="seward"),  # no such player
    lambda w: w[0].update(target="harker"),  # himself
    lambda w: w[0].update(seat="mina"),  # not the player whose turn it is
    lambda w: w[0].update(kind="move", roll=3),  # a decision, not a step
    lambda w: w[0].pop("target"),
    lambda w: w.append(dict(w[0])),  # two steps waiting
])
def test_encounters_a_save_with_an_impossible_step_waiting_is_refused(spoil) -> None:  # type: ignore[no-untyped-def]
    state = attack_in_the_forest([6, 6, *two_dice(10)])  # Strange Occurrence 10
    data = json.loads(state.to_json())
    spoil(data["state"]["waiting"])
    with pytest.raises(CorruptSave):
        GAME.from_json(json.dumps(data))


def test_encounters_no_step_waits_under_a_decision_the_night_did_not_ask() -> None:
    state = attack_in_the_forest([6, 6, *two_dice(10)])
    data = json.loads(state.to_json())
    twin = new()  # Harker's first move, no night yet: a step waiting there is impossible
    spoiled = json.loads(twin.to_json())
    spoiled["state"]["waiting"] = data["state"]["waiting"]
    with pytest.raises(CorruptSave, match="only the Combat step"):
        GAME.from_json(json.dumps(spoiled))


def test_strange_occurrence_5_alone_the_lost_player_is_his_own_guide() -> None:
    """Solitaire (ruling 34): with no player on the left, the lost player moves his own
    counter the roll, terrain ignored (ruling 17)."""
    state = new(first_rolls=[], players=1)
    camp_in(state, "harker", "forest", [6, 6, *two_dice(5), 4])
    assert state.pending is not None and state.pending.kind == LEAD_ASTRAY
    assert state.current_seats() == ("harker",)
    move = state.legal_actions("harker")[0]
    state.apply("harker", move)
    assert state.players["harker"].location == move.to
