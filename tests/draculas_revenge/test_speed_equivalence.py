"""The faster forms of this round's hot spots give what the plain forms give (issue 13):
the danger of all four facings at once, the one-byte-a-square bitsets of ``reach``, the
points left of every seat in one pass, the sides in play in one pass."""

from __future__ import annotations

import random

import numpy as np

import gothic_kernel as gk
from draculas_revenge.bot_plans import Moves
from draculas_revenge.bot_tactics import Dangers, Table, _square_flags, reach
from draculas_revenge.bots import RevengeBot
from draculas_revenge.state import DRState
from draculas_revenge.victory import _sides_in_play, in_play, points_left, points_left_by_seat


def _positions(adventure: str, seed: int, steps: int = 600) -> list[DRState]:
    game = gk.load_game("draculas_revenge")
    state = game.new_game(seed=seed, adventure=adventure, turn_limit=8)
    rng = random.Random(seed)
    out: list[DRState] = []
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        twin = state.clone()
        assert isinstance(twin, DRState)
        out.append(twin)
    return out


def test_points_left_of_every_seat_in_one_pass() -> None:
    for adventure in ("destroy_dracula", "custom"):
        for state in _positions(adventure, 2)[::25]:
            assert points_left_by_seat(state) == {s: points_left(state, s)
                                                  for s in state.seats}


def test_sides_in_play_in_one_pass() -> None:
    for state in _positions("cross_the_catacombs", 3)[::25]:
        figs = in_play(state)
        hunters = [f for f in figs if f.seat == "hunters" and f.kind in state.rules.hunter_kinds]
        vampires = [f for f in figs
                    if f.seat == "vampires" and f.kind in state.rules.vampire_kinds]
        assert _sides_in_play(state) == (hunters, vampires)


def test_square_flags_read_a_bitset_square_by_square() -> None:
    bits = (1 << 0) | (1 << 9) | (1 << 63) | (1 << 100)
    flags = _square_flags(bits, 101)
    assert len(flags) == 101
    assert [i for i in range(101) if flags[i]] == [0, 9, 63, 100]


def test_danger_of_every_facing_is_the_danger_of_each() -> None:
    checked = 0
    for state in _positions("destroy_dracula", 1)[::40]:
        seat = state.current_seats()[0]
        t = Table(state.observation(seat), seat)
        for me in list(t.pieces.values())[:6]:
            found = reach(t, me, 6)
            squares = list(found)
            spared = [-1] * len(squares)
            dangers = Dangers(t, me)
            every = dangers.of_every_facing(squares, spared)
            for f in range(4):
                assert np.array_equal(every[f], dangers.of(squares, [f] * len(squares), spared))
            moves = Moves(t, me, 6, found)
            assert np.array_equal(moves.progress_to_each(),
                                  np.array([moves.progress(s) for s in squares]))
            checked += 1
    assert checked > 20


def test_the_bot_hands_back_the_listed_action_itself() -> None:
    game = gk.load_game("draculas_revenge")
    state = game.new_game(seed=4, adventure="destroy_dracula")
    bot = RevengeBot(4)
    for _ in range(300):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        chosen = bot.choose(seat, state.observation(seat), legal)
        assert any(chosen is a for a in legal)
        state.apply(seat, chosen)
