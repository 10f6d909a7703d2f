"""The shortcuts random play takes every turn give what the general way gives: the opponents
in reach, the turn passed clockwise, an action applied, the rules run on to the next
decision, the move's log line."""

from __future__ import annotations

import random

import attrs
import pytest

from gothic_kernel import IllegalAction, RuleError, Sequencer
from vampyre.decisions import VampyreDecision, play_on
from vampyre.movement import _opponents, attack_targets
from vampyre.state import PLAYER_WEREWOLF, VampyreState
from vampyre.turns import _pass_turn

from .helpers import GAME, camp_in, new, put


def _states(seed: int, players: int = 4, stage: str = "basic") -> list[VampyreState]:
    """A state every 7 steps of a seeded random game."""
    state = GAME.new_game(seed=seed, players=players, stage=stage)
    assert isinstance(state, VampyreState)
    pick, seen = random.Random(seed), []
    for step in range(3000):
        if state.is_over:
            break
        if step % 7 == 0:
            seen.append(state.clone())
        seat = state.current_seats()[0]
        state.apply(seat, pick.choice(state.legal_actions(seat)))
    return seen


@pytest.mark.parametrize("stage", ["basic", "castle"])
def test_attack_targets_lists_exactly_the_opponents_found_by_opponents(stage: str) -> None:
    """attack_targets finds the opponents in its own loop (asked every turn): the places
    and the free opponents there are those _opponents (which refusals read) finds."""
    checked = 0
    for seed in range(3):
        for state in _states(seed, stage=stage):
            for seat in state.seats:
                expected: dict[str, list[str]] = {}
                for other, place, free in _opponents(state, seat):
                    expected.setdefault(place, []).extend([other] if free else [])
                found = attack_targets(state, seat)
                found.pop("count_dracula", None)
                for place in list(found):
                    found[place] = [s for s in found[place] if s in state.players]
                    if not found[place] and place not in expected:
                        del found[place]  # the Count's space alone
                assert found == expected
                checked += bool(expected)
    assert checked  # some states had opponents in reach


def test_an_opponent_is_attacked_only_where_it_stands_free() -> None:
    state = new()
    state.players["mina"].form = PLAYER_WEREWOLF
    put(state, "mina", "h_05_05")
    put(state, "van_helsing", "h_05_05")
    assert attack_targets(state, "harker") == {"h_05_05": ["mina"]}
    assert attack_targets(state, "mina") == {"h_05_05": ["van_helsing"]}


@pytest.mark.parametrize("seed", range(40))
def test_the_turn_passes_as_the_kernel_sequencer_passes_it(seed: int) -> None:
    """_pass_turn against Sequencer.end_turn: any seat to move, any seats out for good."""
    pick = random.Random(seed)
    seats = ("harker", "mina", "van_helsing", "godalming", "morris", "seward")[
        :pick.randint(1, 6)]
    ours, kernels = Sequencer(seats), Sequencer(seats)
    out = [s for s in seats if pick.random() < 0.4][:len(seats) - 1]
    at, round_ = pick.randrange(len(seats)), pick.randint(1, 9)
    for order in (ours, kernels):
        order.seat_index, order.round = at, round_
        for seat in out:
            order.drop_out(seat)
    for _ in range(2 * len(seats)):
        _pass_turn(ours)
        kernels.end_turn()
        assert ours == kernels


def test_the_turn_passes_by_the_kernel_when_a_turn_is_missed() -> None:
    ours, kernels = Sequencer(("harker", "mina", "seward")), Sequencer(("harker", "mina",
                                                                        "seward"))
    for order in (ours, kernels):
        order.miss_turns("mina")
    _pass_turn(ours)
    kernels.end_turn()
    assert ours == kernels and ours.seat == "seward"


def test_the_turn_passes_to_nobody_when_everyone_is_out() -> None:
    order = Sequencer(("harker", "mina"))
    order.drop_out("harker")
    order.drop_out("mina")
    with pytest.raises(Exception, match="no seat is left"):
        _pass_turn(order)


def _played(seed: int, steps: int) -> VampyreState:
    state = GAME.new_game(seed=seed)
    assert isinstance(state, VampyreState)
    pick = random.Random(seed)
    for _ in range(steps):
        seat = state.current_seats()[0]
        state.apply(seat, pick.choice(state.legal_actions(seat)))
    return state


def test_an_equal_action_not_the_listed_object_plays_as_the_listed_one() -> None:
    """apply's shortcut takes the listed object itself; an equal one (parsed from JSON, a
    fresh Move) goes the kernel's way, to the same game."""
    listed, fresh = _played(5, 40), _played(5, 40)
    seat = listed.current_seats()[0]
    action = listed.legal_actions(seat)[-1]
    listed.apply(seat, action)
    fresh.apply(seat, dict(action.to_json()))
    assert listed.to_json() == fresh.to_json()
    again = _played(5, 40)
    fields = {k: v for k, v in action.to_json().items() if k != "type"}
    again.apply(seat, type(action)(**fields))
    assert again.to_json() == listed.to_json()


def test_a_seat_not_waited_for_is_refused_though_its_action_was_listed() -> None:
    """An action object listed for the seat to move is refused to another seat (the
    kernel's error), and to the same seat once the position has moved on; the state
    is unchanged by either."""
    state = _played(6, 30)
    seat = state.current_seats()[0]
    other = next(s for s in state.seats if s != seat)
    action = state.legal_actions(seat)[0]
    before = state.to_json()
    with pytest.raises(IllegalAction, match="may not act now"):
        state.apply(other, action)
    assert state.to_json() == before
    state.apply(seat, action)
    while state.current_seats()[0] != seat:
        nxt = state.current_seats()[0]
        state.apply(nxt, state.legal_actions(nxt)[0])
    if action not in state.legal_actions(seat):
        before = state.to_json()
        with pytest.raises(IllegalAction):
            state.apply(seat, action)
        assert state.to_json() == before


def test_a_game_over_refuses_an_action_listed_before_it_ended() -> None:
    state = GAME.new_game(seed=8, players=1)
    pick, listed = random.Random(8), []
    while not state.is_over:
        seat = state.current_seats()[0]
        listed = state.legal_actions(seat)
        state.apply(seat, pick.choice(listed))
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(seat, listed[0])


def test_a_move_into_the_forest_and_its_night_are_one_log_entry_in_a_fixed_order() -> None:
    """The move's event and the night's roll are written as one entry: the night's kind,
    text and seat, its roll, result and terrain, then the move's roll, end and path."""
    state = new()
    end = camp_in(state, "harker", "forest", [3, 4])  # the night's roll: 7
    entry = next(e for e in reversed(state.log("public")) if e["kind"] == "night")
    assert list(entry) == ["kind", "text", "seat", "night", "result", "terrain", "roll", "to",
                           "path"]
    assert entry["seat"] == "harker" and entry["night"] == 7 and entry["terrain"] == "forest"
    assert entry["roll"] == 1 and entry["to"] == end and entry["path"] == [end]
    assert entry["text"].startswith("Harker rolls 1, moves to the forest hex at ")
    assert entry["text"].endswith("; the night's encounter roll is 7: no encounter")
    assert not any(e["kind"] == "move" for e in state.log("public"))


@attrs.frozen
class _Idle(VampyreDecision):
    """A step that does nothing (a broken rule; no KIND: not registered for saves)."""

    def run(self, state: VampyreState) -> None:
        return None


@attrs.frozen
class _Restless(VampyreDecision):
    """A step that replaces itself for ever (a rule going round)."""

    def run(self, state: VampyreState) -> None:
        state.stack[-1] = _Restless()


def test_play_on_stops_at_a_decision_and_raises_on_a_step_that_makes_no_progress() -> None:
    """play_on, VAMPYRE's settle: it stops at a player's decision, and raises as the
    kernel's does on a step that changes nothing or on rules going round without end."""
    state = new()
    top = state.stack[-1]
    play_on(state)
    assert state.stack[-1] is top  # a player's decision: nothing run
    state.stack.append(_Idle())
    with pytest.raises(RuleError, match=r"_Idle\.run made no progress"):
        play_on(state)
    state.stack[-1] = _Restless()
    with pytest.raises(RuleError, match="50 steps in a row"):
        play_on(state, limit=50)
