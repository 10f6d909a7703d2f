"""Property tests: every counter is in exactly one place, every track stays in range."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from gothic_kernel import Dice
from vampyre.state import FORMS, VampyreState

from .helpers import GAME


def black_counters(state: VampyreState) -> Counter[str]:
    places: Counter[str] = Counter()
    for stack in state.stacks.values():
        places.update(stack)
    for p in state.players.values():
        places.update(i for i in p.items if not i.startswith("gift_"))
        places.update(p.coffins)
    places.update(state.removed)
    return places


def red_counters(state: VampyreState) -> Counter[str]:
    places: Counter[str] = Counter(c for c in state.green.values() if c)
    places.update(state.revealed.values())
    places.update(state.red_aside)
    return places


def check(state: VampyreState) -> None:
    if state.options["stage"] == "castle":  # Castle Dracula alone: no black counter in play
        assert black_counters(state) == Counter()
    else:
        assert black_counters(state) == Counter(list(state.rules.black_counters))
    assert red_counters(state) == Counter(list(state.rules.red_counters))
    assert 0 <= state.clock <= 23
    for stack in state.stacks.values():
        assert len(stack) <= 3
    for seat, p in state.players.items():
        assert p.form in FORMS
        assert 0 <= p.bites <= 3 and 0 <= p.wounds <= 2 and 0 <= p.possessed <= 6
        assert p.lost_turns >= 0 and 0 <= p.immobile <= 2 and p.reappear >= -1
        if p.out:
            assert p.location is None and seat in state.order.out
        if p.form != "hunter":
            assert p.items == [] and p.possessed == 0
        if p.location is not None:
            places = state.world.castle.index if state.in_castle \
                else state.world.transylvania.index
            assert p.location in places
    if not state.is_over:  # "Counters": five nosferatu, five player werewolves (ruling 29)
        for form in ("nosferatu", "player_werewolf"):
            converted = sum(p.form == form for p in state.players.values())
            assert converted <= state.rules.conversion_counters[form]
    for fight in state.fights:
        assert state.players[fight.hunter].form == "hunter" or fight.opponent
    if state.in_castle:
        assert set(state.green) == set(state.world.castle.green)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["basic", "extended", "castle"]),
       st.integers(2, 6))
def test_counters_and_tracks_through_random_play(seed: int, stage: str, players: int) -> None:
    state = GAME.new_game(seed=seed, stage=stage, players=players)
    assert isinstance(state, VampyreState)
    chooser = Dice(seed + 1)
    check(state)
    for _ in range(600):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
        check(state)
