"""Saving and loading: exact snapshots, corrupt saves refused, clones independent."""

from __future__ import annotations

import json

import pytest

from gothic_kernel import PUBLIC, CorruptSave, Dice

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
