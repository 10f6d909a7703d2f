"""Saving and loading: exact snapshots, corrupt saves refused, clones independent."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gothic_kernel import PUBLIC, CorruptSave, Dice, GameState
from gothic_kernel.testing.saves import check_mutated_save

from .helpers import GAME


def played(seed: int, steps: int, **options: object):  # type: ignore[no-untyped-def]
    state = GAME.new_game(seed=seed, **options)
    chooser = Dice(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("stage", ["basic", "extended", "castle"])
def test_a_save_reads_back_exactly_and_plays_on_the_same(stage: str) -> None:
    state = played(5, 150, stage=stage)
    text = state.to_json()
    twin = GAME.from_json(text)
    assert twin.to_json() == text
    assert twin.observation(PUBLIC) == state.observation(PUBLIC)
    for seat in state.seats:
        assert twin.legal_actions(seat) == state.legal_actions(seat)
    if not state.is_over:
        seat = state.current_seats()[0]
        action = state.legal_actions(seat)[-1]
        state.apply(seat, action)
        twin.apply(seat, action)
        assert twin.to_json() == state.to_json()


def test_a_pretty_printed_save_reads_back_too() -> None:
    state = played(6, 80)
    pretty = json.dumps(json.loads(state.to_json()), indent=2)
    twin = GAME.from_json(pretty)
    assert json.loads(twin.to_json()) == json.loads(state.to_json())


@pytest.mark.parametrize("text", [
    "not json", "[]", '{"game": "kuhn_poker"}',
    '{"game": "vampyre", "format": 1, "dice": {"kind": "scripted", "rolls": [], "state": '
    '{}, "pos": 0, "drawn": false}, "state": {"log": 3}}',
])
def test_a_corrupt_save_is_refused(text: str) -> None:
    with pytest.raises(CorruptSave):
        GAME.from_json(text)


def test_a_save_with_a_broken_state_is_refused() -> None:
    data = json.loads(played(7, 30).to_json())
    data["state"]["players"]["harker"]["bites"] = "three"
    with pytest.raises(CorruptSave):
        GAME.from_json(json.dumps(data))


def test_clones_are_independent() -> None:
    state = played(8, 60)
    before = state.to_json()
    twin = state.clone()
    seat = twin.current_seats()[0]
    twin.apply(seat, twin.legal_actions(seat)[0])
    assert state.to_json() == before


def test_a_save_with_a_counter_in_two_places_is_refused() -> None:
    data = json.loads(played(9, 10).to_json())
    stacks = data["state"]["stacks"]
    first, second = list(stacks)[:2]
    stacks[second][0] = stacks[first][0]
    with pytest.raises(CorruptSave):
        GAME.from_json(json.dumps(data))


@pytest.mark.parametrize(("where", "value"), [
    (("players", "harker", "location"), "atlantis"),
    (("players", "harker", "form"), "bat"),
    (("players", "harker", "possessed"), 40),
    (("players", "harker", "out"), "bored"),
    (("players", "harker", "items"), ["gift_1_sword"]),
    (("players", "harker", "searched"), "paris"),
    (("pending",), {"seat": "harker", "kind": "dance", "roll": 3, "target": "",
                    "fight": None}),
    (("pending",), {"seat": "harker", "kind": "move", "roll": 9, "target": "",
                    "fight": None}),
    (("fights",), [{"hunter": "zed", "monster": "bear", "attacker": "zed", "opponent": "",
                    "counter": "", "origin": "", "gypsies": 0, "space": ""}]),
    (("order", "seat_index"), 99),
    (("peeks",), {"harker": {"bistritz": "coffin_99"}}),
    (("gifts",), -1),
    (("basic_winner",), "dracula"),
    (("clock",), 24),
])
def test_a_save_describing_an_impossible_game_is_refused(where: tuple[str, ...],
                                                         value: object) -> None:
    data = json.loads(played(11, 40, stage="extended").to_json())
    target = data["state"]
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    with pytest.raises(CorruptSave):
        GAME.from_json(json.dumps(data))


# -- mutated saves: refused at load, or played on to the end ---------------------------------

def _saves_along(state: GameState, seed: int, at: tuple[int, ...], *, bots: bool) -> list[str]:
    """Saves of ``state`` after each number of actions in ``at`` (and at the end), played
    by random choices or by the default bots."""
    agents = GAME.default_agents(state, seed) if bots else {}
    chooser = Dice(seed)
    saves, steps = [], 0
    while True:
        if steps in at or state.is_over:
            saves.append(state.to_json())
        if state.is_over or steps >= max(at):
            return saves
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        action = agents[seat].choose(seat, state.observation(seat), legal) if bots \
            else chooser.choice(legal)
        state.apply(seat, action)
        steps += 1


def _save_points() -> list[str]:
    """Saves taken at several points of seeded games: random Basic Games (early, middle,
    late), bot games of both stages (Transylvania, then Castle Dracula with its clock and
    guardians) and random Castle Dracula games."""
    saves: list[str] = []
    for seed in range(3):
        saves += _saves_along(GAME.new_game(seed=seed), seed, (0, 40, 400, 1200), bots=False)
        saves += _saves_along(GAME.new_game(seed=seed, stage="extended", players=3 + seed),
                              seed, (0, 25, 50, 75, 100, 150), bots=True)
        saves += _saves_along(GAME.new_game(seed=seed, stage="castle"), seed, (0, 20, 60),
                              bots=False)
    return saves


SAVE_POINTS = _save_points()


def test_the_save_points_cover_both_stages_and_the_end() -> None:
    stages = [json.loads(text)["state"]["stage"] for text in SAVE_POINTS]
    assert "transylvania" in stages and "castle_dracula" in stages
    assert any(json.loads(text)["state"]["result"] for text in SAVE_POINTS)
    assert any(json.loads(text)["state"]["peeks"] or json.loads(text)["state"]["fights"]
               for text in SAVE_POINTS)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_mutated_save_is_refused_at_load_or_plays_on_to_the_end(seed: int) -> None:
    """One thing changed in a save (a number, a word, an entry dropped or doubled, a key
    removed, a value of the wrong type): CorruptSave at load, or a game that plays on to
    its end without any other error. Odd seeds may change anything but the dice; even ones
    only the state (the log, most of a save's text, is the kernel's to check)."""
    skip = ("dice",) if seed % 2 else ("dice", "log")
    check_mutated_save(GAME, SAVE_POINTS[seed % len(SAVE_POINTS)], seed, skip=skip)


def _first_stack(state: dict) -> list:  # type: ignore[type-arg]
    return next(iter(state["stacks"].values()))  # type: ignore[no-any-return]


def _coffins_burned(state: dict, most: int) -> None:  # type: ignore[type-arg]
    """Every coffin taken from its hex and given to the hunters, ``most`` a hunter at most
    (in seat order), as if each had been found and burned."""
    coffins = [c for stack in state["stacks"].values() for c in stack if c.startswith("coffin")]
    for stack in state["stacks"].values():
        stack[:] = [c for c in stack if not c.startswith("coffin")]
    for player in state["players"].values():
        player["coffins"], coffins = coffins[:most], coffins[most:]
    state["stacks"]["targoviste"] += coffins


#: (what the rules guarantee, the save of a Basic Game's search decision spoilt against it)
BROKEN_BASIC = [
    ("three coffins win the Basic Game", lambda s: _coffins_burned(s, 3)),
    ("the last coffin found ends the Basic Game", lambda s: _coffins_burned(s, 2)),
    ("a record holds every field", lambda s: s["players"]["harker"].pop("bites")),
    ("each black counter once", lambda s: _first_stack(s).pop()),
    ("each black counter once", lambda s: s["removed"].append(_first_stack(s)[0])),
    ("a face-down stack in each large hex but Klausenburg", lambda s: s["stacks"].update(
        klausenburg=s["stacks"].pop("targoviste"))),
    ("no coffin is set aside", lambda s: s["removed"].append(
        s["stacks"]["borgo_pass"].pop(1))),
    ("a secret look is at a top counter", lambda s: s["peeks"].update(
        harker={"borgo_pass": s["stacks"]["borgo_pass"][1]})),
    ("a hunter has at most two bites", lambda s: s["players"]["mina"].update(bites=3)),
    ("a nosferatu has three bites", lambda s: s["players"]["mina"].update(form="nosferatu")),
    ("no wounds in Transylvania", lambda s: s["players"]["mina"].update(wounds=1)),
    ("no flight in Transylvania", lambda s: s["players"]["mina"].update(fleeing=True)),
    ("no turn half spent healing", lambda s: s["players"]["mina"].update(healing=True)),
    ("at most two lost turns", lambda s: s["players"]["mina"].update(lost_turns=3)),
    ("immobility only with lost turns", lambda s: s["players"]["mina"].update(immobile=1)),
    ("off the board only while waiting", lambda s: s["players"]["mina"].update(location=None)),
    ("waiting only off the board", lambda s: s["players"]["mina"].update(reappear=2)),
    ("a record under its own seat", lambda s: s["players"]["mina"].update(seat="harker")),
    ("the converted hold no items", lambda s: s["players"]["mina"].update(
        form="player_werewolf", bites=2, items=["gift_1_knife"]) or s.update(gifts=1)),
    ("a decision until the game is over", lambda s: s.update(pending=None)),
    ("the decision is the current player's", lambda s: s["pending"].update(seat="mina")),
    ("a move has a roll", lambda s: s["pending"].update(kind="move")),
    ("a search where one may search", lambda s: s["players"]["van_helsing"].update(
        searched="the_old_abbey")),
    ("no guardian before Castle Dracula", lambda s: s["green"].update(
        stables=s["red_aside"].pop())),
    ("the clock starts at Castle Dracula", lambda s: s.update(clock=3)),
    ("a decision comes within a turn", lambda s: s.update(turns=0)),
    ("no more gifts than turns", lambda s: s.update(gifts=10**9)),
    ("a gift count of -1", lambda s: s.update(gifts=-1)),
    ("rounds within the turns", lambda s: s.update(rounds=10**9)),
    ("VAMPYRE gives no extra turns", lambda s: s["order"].update(extra_turn=True)),
    ("a winner only when the Basic Game ends", lambda s: s.update(basic_winner="mina")),
    ("the options as a game sets them", lambda s: s["options"].pop("players")),
]


#: What the refusal says, for each rule
PROBLEMS = {
    'three coffins win the Basic Game': 'has destroyed 3 coffins, yet the Basic Game goes on',
    'the last coffin found ends the Basic Game': 'every coffin is found, yet the Basic Game '
                                                 'goes on',
    'a record holds every field': "lacks or adds the field 'bites'",
    'each black counter once': 'black counters are not each in exactly one place',
    'a face-down stack in each large hex but Klausenburg': 'in each large hex but Klausenburg',
    'no coffin is set aside': 'a coffin has been set aside',
    'a secret look is at a top counter': 'not on top of its hex',
    'a hunter has at most two bites': '3 bites for a hunter',
    'a nosferatu has three bites': '0 bites for a nosferatu',
    'no wounds in Transylvania': '1 wounds',
    'no flight in Transylvania': 'outside Castle Dracula',
    'no turn half spent healing': 'half spent healing',
    'at most two lost turns': '3 lost turns',
    'immobility only with lost turns': 'immobile beyond',
    'off the board only while waiting': 'neither on the map nor waiting',
    'waiting only off the board': 'neither on the map nor waiting',
    'a record under its own seat': 'mina: a record for another seat',
    'the converted hold no items': 'by a converted player',
    'a decision until the game is over': 'exactly one decision',
    "the decision is the current player's": "cannot offer the decision 'search'",
    'a move has a roll': 'roll, lost player or fight',
    'a search where one may search': "cannot offer the decision 'search'",
    'no guardian before Castle Dracula': 'guardians on the board before',
    'the clock starts at Castle Dracula': 'the clock',
    'a decision comes within a turn': 'the turn count (turns) 0',
    'no more gifts than turns': 'the gift count (gifts) 1000000000',
    'a gift count of -1': 'the gift count (gifts) -1',
    'rounds within the turns': 'the round count (rounds) 1000000000',
    "a band of gypsies is one die's number": 'against 1000000000 gypsies (gypsies)',
    'VAMPYRE gives no extra turns': 'extra turns VAMPYRE never gives',
    'a winner only when the Basic Game ends': 'the Basic Game has a winner',
    'the options as a game sets them': 'the options',
    'each guardian once': 'red counters are not each in exactly one place',
    'a guardian in every green area': 'not in the green areas',
    'a face-up guardian in an emptied area': 'not in the green areas',
    'two wounds kill': 'harker: 2 wounds',
    'the dead stay dead': 'mina: dead without two wounds',
    'the clock has 24 hours': 'the clock',
    'a move on a space of the castle': 'not on the map of castle_dracula',
    'no black counter in Castle Dracula alone': 'uses no black counter',
    'a fight with a face-up guardian': 'not face up where the fight is',
    "a move is one die's roll": 'roll, lost player or fight',
    'a guardian is revealed in a green area': 'to reveal a guardian outside a green area',
}


@pytest.mark.parametrize(("rule", "spoil"), BROKEN_BASIC, ids=[r for r, _ in BROKEN_BASIC])
def test_a_save_breaking_a_rule_is_refused_at_load(rule: str, spoil) -> None:  # type: ignore[no-untyped-def]
    """A Basic Game waiting for Van Helsing's search, spoilt against one rule at a time."""
    data = json.loads(played(11, 40, stage="extended").to_json())
    assert data["state"]["pending"]["kind"] == "search"
    GAME.from_json(json.dumps(data))  # the unspoilt save loads
    spoil(data["state"])
    with pytest.raises(CorruptSave, match=re.escape(PROBLEMS[rule])):
        GAME.from_json(json.dumps(data))


BROKEN_CASTLE = [
    ("each guardian once", lambda s: s["red_aside"].pop()),
    ("a guardian in every green area", lambda s: s["red_aside"].append(
        s["green"].pop("stables"))),
    ("a face-up guardian in an emptied area", lambda s: s["revealed"].update(
        chapel=s["red_aside"].pop())),
    ("two wounds kill", lambda s: s["players"]["harker"].update(wounds=2)),
    ("the dead stay dead", lambda s: s["players"]["mina"].update(wounds=1)),
    ("the clock has 24 hours", lambda s: s.update(clock=24)),
    ("a move on a space of the castle", lambda s: s["players"]["harker"].update(
        location="klausenburg")),
    ("no black counter in Castle Dracula alone", lambda s: s["removed"].append("coffin_1")),
    ("a move is one die's roll", lambda s: s["pending"].update(roll=7)),
    ("a move is one die's roll", lambda s: s["pending"].update(roll=0)),
    ("a guardian is revealed in a green area", lambda s: s["players"]["harker"].update(
        must_reveal=True)),
    ("a fight with a face-up guardian", lambda s: s["fights"].append(
        {"hunter": "van_helsing", "monster": "zombie", "attacker": "van_helsing",
         "opponent": "", "counter": "zombie_1", "origin": "guardian", "gypsies": 0,
         "space": "guardroom"})),
    ("a band of gypsies is one die's number", lambda s: s["fights"].append(
        {"hunter": "van_helsing", "monster": "gypsy", "attacker": "van_helsing",
         "opponent": "", "counter": "", "origin": "", "gypsies": 10**9, "space": ""})),
]


@pytest.mark.parametrize(("rule", "spoil"), BROKEN_CASTLE, ids=[r for r, _ in BROKEN_CASTLE])
def test_a_castle_save_breaking_a_rule_is_refused_at_load(rule: str, spoil) -> None:  # type: ignore[no-untyped-def]
    """Castle Dracula alone, waiting for Harker's move at 6 a.m., spoilt one rule at a time."""
    data = json.loads(played(12, 30, stage="castle").to_json())
    assert data["state"]["pending"]["kind"] == "move"
    GAME.from_json(json.dumps(data))
    spoil(data["state"])
    with pytest.raises(CorruptSave, match=re.escape(PROBLEMS[rule])):
        GAME.from_json(json.dumps(data))


def test_a_finished_games_outcome_must_fit_the_table() -> None:
    state = played(4, 5000)
    assert state.is_over
    data = json.loads(state.to_json())
    GAME.from_json(json.dumps(data))
    winner = next(iter(data["state"]["result"]["scores"]))
    data["state"]["result"]["scores"][winner] += 1
    with pytest.raises(CorruptSave):
        GAME.from_json(json.dumps(data))
