"""What random play's shortcuts give is what the general way gives: a record moved on
without attrs.evolve, a railway journey remembered, the cards playable at a timing, the
end of the game kept as a plain attribute, a hunter's moves shared, an action applied."""

from __future__ import annotations

import random

import attrs
import pytest

from fury_modern import FuryModernGame
from fury_modern.actions import MoveTo
from fury_modern.board import _rail_journeys
from fury_modern.cards import _fitting, held, playable, rule_of, timings_of
from fury_modern.dracula import DraculaPhase, Step
from fury_modern.round import HunterTurns, Stage, Twilight
from fury_modern.state import ModernState
from gothic_kernel import IllegalAction, Outcome

GAME = FuryModernGame()


def _new(seed: int) -> ModernState:
    state = GAME.new_game(seed=seed)
    assert isinstance(state, ModernState)
    return state


def test_the_next_hunter_turn_is_the_record_evolve_makes() -> None:
    """HunterTurns.advanced names every field: no field left at its default by mistake."""
    record = HunterTurns(night=True, index=1, vigour=True, taken="move", long_night=True,
                         telegraph=True, order=("seward", "mina", "godalming", "van_helsing"),
                         named=True)
    assert {f.name for f in attrs.fields(HunterTurns)} == {
        "night", "index", "vigour", "taken", "long_night", "telegraph", "order", "named"}
    assert record.advanced() == attrs.evolve(record, index=2, taken="", named=False)
    twilight = Twilight(dusk=True, stage=Stage.GUARDS)
    assert twilight.then(Stage.COMBAT) == attrs.evolve(twilight, stage=Stage.COMBAT)
    assert {f.name for f in attrs.fields(Twilight)} == {"dusk", "stage"}
    phase = DraculaPhase(Step.SLIDE, MoveTo("paris", power="", space=0))
    assert phase.then(Step.PLACE) == attrs.evolve(phase, step=Step.PLACE)
    assert phase.then(phase.step) == phase and phase.then(phase.step) is not phase
    assert {f.name for f in attrs.fields(DraculaPhase)} == {"step", "move"}


def _states(seed: int, every: int = 9) -> list[ModernState]:
    state = _new(seed)
    pick = random.Random(seed)
    seen: list[ModernState] = []
    while not state.is_over:
        seat = state.current_seats()[0]
        state.apply(seat, pick.choice(state.legal_actions(seat)))
        if len(state.log("dracula")) % every == 0:
            seen.append(state.clone())
    return seen


def test_playable_cards_are_those_whose_timings_fit_and_whose_rule_allows_them() -> None:
    """playable against its plain definition, for every seat and every timing, in states
    of seeded random games."""
    checked = 0
    for seed in range(2):
        for state in _states(seed)[::4]:
            for seat in state.seats:
                for timings in map(frozenset, ({"during_day"}, {"at_dusk", "at_dawn"},
                                               {"combat_before_card", "hunter_action"})):
                    expected = [c for c in sorted(set(held(state, seat)))
                                if (rule := rule_of(c)) is not None
                                and any(rule.eligible(state, seat, t)
                                        for t in timings_of(state, c) if t in timings)]
                    assert playable(state, seat, timings) == expected
                    checked += bool(held(state, seat))
    assert checked


def test_the_timings_of_a_card_are_worked_out_for_its_own_rules() -> None:
    states = _states(1)
    timings = frozenset(t for c in states[0].rules.events for t in timings_of(states[0], c))
    for state in states[::5]:
        for seat in state.seats:
            playable(state, seat, timings)
    fitting = _fitting(states[0], timings)
    assert fitting  # cards held were looked at
    assert fitting is _fitting(states[-1], timings)
    assert all(when == tuple(t for t in timings_of(states[0], c) if t in timings)
               for c, when in fitting.items())


def test_a_railway_journey_is_the_same_searched_or_remembered() -> None:
    board = _new(1).board
    start = next(c for c in board.position if board.neighbours("rail", c))
    first = board.rail_journeys(start, 2, 3)
    _rail_journeys.cache_clear()
    assert board.rail_journeys(start, 2, 3) == first
    assert board.rail_journeys(start, 2, 3) is board.rail_journeys(start, 2, 3)
    assert start not in first and first


def test_the_game_is_over_exactly_when_it_has_a_result() -> None:
    state = _new(2)
    assert not state.is_over and state.result is None
    state.result = Outcome(("dracula",), level=None, reason="test")
    assert state.is_over and state.clone().is_over
    state.result = None
    assert not state.is_over


def test_a_hunters_moves_are_shared_objects_equal_to_fresh_ones() -> None:
    from fury_modern.actions import Move
    from fury_modern.hunters import _move, move_options

    assert _move("paris", "rail", "1") is _move("paris", "rail", "1")
    assert _move("paris", "rail", "1") == Move("paris", "rail", "1")
    state = next(s for s in _states(3) if s.hunters["godalming"].location
                 and move_options(s, "godalming"))
    moves = move_options(state, "godalming")
    assert moves and moves == [Move(m.to, m.by, m.ticket) for m in moves]
    assert all(m is _move(m.to, m.by, m.ticket) for m in moves)


def _played(seed: int, steps: int) -> ModernState:
    state = _new(seed)
    pick = random.Random(seed)
    for _ in range(steps):
        seat = state.current_seats()[0]
        state.apply(seat, pick.choice(state.legal_actions(seat)))
    return state


def test_an_equal_action_not_the_listed_object_plays_as_the_listed_one() -> None:
    """apply's shortcut takes the listed object itself; an equal one parsed from its JSON
    goes the kernel's way, to the same game."""
    for steps in (5, 60, 200):
        listed, fresh = _played(4, steps), _played(4, steps)
        seat = listed.current_seats()[0]
        action = listed.legal_actions(seat)[-1]
        listed.apply(seat, action)
        fresh.apply(seat, dict(action.to_json()))
        assert listed.to_json() == fresh.to_json()


def test_a_seat_not_waited_for_is_refused_though_the_action_was_listed() -> None:
    """A listed action object is refused to a seat the game does not wait for, and once
    the game is over; the state is unchanged."""
    state = _played(5, 30)
    seat = state.current_seats()[0]
    other = next(s for s in state.seats if s not in state.current_seats())
    action = state.legal_actions(seat)[0]
    before = state.to_json()
    with pytest.raises(IllegalAction, match="may not act now"):
        state.apply(other, action)
    assert state.to_json() == before
    state.result = Outcome(("dracula",), level=None, reason="test")
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(seat, action)


def test_what_a_place_is_reads_its_kind() -> None:
    board = _new(1).board
    for place in board.places:
        kind = board.kind(place)
        assert board.is_sea(place) == (kind == "sea")
        assert board.is_hospital(place) == (kind == "hospital")
        assert board.is_large(place) == (kind == "large")
        assert board.is_city(place) == (place in board.cities)
    with pytest.raises(KeyError):
        board.is_sea("atlantis")
