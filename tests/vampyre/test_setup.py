"""Preparation for Play - Transylvania, the options, and the seats."""

from __future__ import annotations

from collections import Counter

import pytest

from gothic_kernel import PUBLIC, BadOption
from vampyre import HUNTERS
from vampyre.state import KLAUSENBURG

from .helpers import GAME, new


def test_preparation_for_play_three_face_down_counters_in_each_large_hex_but_klausenburg() -> None:
    state = new()
    assert KLAUSENBURG not in state.stacks
    assert len(state.stacks) == 9
    assert all(len(stack) == 3 for stack in state.stacks.values())
    kinds = Counter(state.rules.black_counters[c] for s in state.stacks.values() for c in s)
    assert kinds == {"nothing": 9, "coffin": 8, "dracula_attacks": 2, "the_host": 2,
                     "knife": 2, "gun": 1, "silver_crucifix": 1, "silver_bullet": 1,
                     "holy_water": 1}


def test_preparation_for_play_every_hunter_starts_in_klausenburg() -> None:
    state = new()
    assert {p.location for p in state.players.values()} == {KLAUSENBURG}


def test_preparation_for_play_red_counters_are_set_aside() -> None:
    state = new()
    assert len(state.red_aside) == 15 and not state.green


def test_preparation_for_play_the_high_roller_goes_first() -> None:
    state = new([3], first_rolls=[2, 5, 4, 1])
    assert state.current_seats() == ("mina",)


def test_preparation_for_play_tied_high_rollers_roll_again() -> None:
    state = new([3], first_rolls=[6, 2, 6, 1, 3, 5])
    assert state.current_seats() == ("van_helsing",)
    assert "A tie; the high rollers roll again: Harker rolls 3, Van Helsing rolls 5" in \
        [e["text"] for e in state.log(PUBLIC)]


def test_play_proceeds_clockwise_from_the_high_roller() -> None:
    state = new([1, 1, 1, 1, 1], first_rolls=[1, 1, 6, 1])
    board = state.world.transylvania
    order = []
    for _ in range(4):
        seat = state.current_seats()[0]
        order.append(seat)
        safe = next(m for m in state.legal_actions(seat) if board.terrain[m.to] == "clear")
        state.apply(seat, safe)
    assert order == ["van_helsing", "godalming", "harker", "mina"]


def test_seats_are_the_hunters_in_seating_order() -> None:
    assert new().seats == HUNTERS[:4]
    assert new(players=6).seats == HUNTERS
    two = GAME.new_game(seed=1, hunters=("seward", "morris"))
    assert two.seats == ("seward", "morris")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players(players: int) -> None:
    state = GAME.new_game(seed=players, players=players)
    assert len(state.seats) == players


def test_one_player_it_may_be_played_by_up_to_six_people() -> None:
    """"It may be played by up to six people": one is allowed, a solitaire race against the
    board (ruling 34). Alone, nobody rolls to go first."""
    state = GAME.new_game(seed=1, players=1)
    assert state.seats == ("harker",) and state.current_seats() == ("harker",)
    assert not any(e["kind"] == "first_player_roll" for e in state.log(PUBLIC))
    alone = GAME.new_game(seed=1, hunters=("mina",), stage="castle")
    assert alone.seats == ("mina",) and alone.options["players"] == 1


@pytest.mark.parametrize("options", [
    {"players": 0}, {"players": 7}, {"players": "4"}, {"hunters": ("dracula", "mina")},
    {"hunters": ("mina", "mina")},
    {"players": 3, "hunters": ("mina", "harker")},
    {"stage": "finale"}, {"colour": "red"}, {"data_dir": "/no/such/folder"},
])
def test_bad_options_are_refused_naming_the_allowed_values(options: dict[str, object]) -> None:
    with pytest.raises(BadOption):
        GAME.new_game(seed=1, **options)


def test_every_option_has_a_default() -> None:
    state = GAME.new_game(seed=1)
    assert state.options["players"] == 4 and state.options["stage"] == "basic"
