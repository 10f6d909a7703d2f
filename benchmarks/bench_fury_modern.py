"""Throughput of modern Fury of Dracula: random play, with and without a hunter's
observation (the tracker of the places Dracula may be) at every step.

Run:  python benchmarks/bench_fury_modern.py [games] [rounds]
CPU time (``time.process_time``), so other work on the machine counts little. Not timed
in CI; the numbers go in docs/fury_modern.md.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

from fury_modern import FuryModernGame

GAME = FuryModernGame()


def _play(seed: int, rounds: int, each: Callable[[Any], None] | None) -> tuple[int, float, int]:
    """One random game (up to ``rounds`` rounds): (actions, CPU seconds, observations)."""
    state: Any = GAME.new_game(seed=seed)
    rng = random.Random(seed)
    steps = looks = 0
    start = time.process_time()
    while not state.is_over and state.rounds <= rounds:
        seat = rng.choice(state.current_seats())
        try:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        except IndexError:  # the engine before its fixes crashed in some games
            break
        steps += 1
        if each is not None:
            each(state)
            looks += 1
    return steps, time.process_time() - start, looks


def random_play(games: int, rounds: int, observe: bool) -> float:
    """Actions per second; ``observe``: Lord Godalming's observation after every action."""
    steps, busy = 0, 0.0
    for seed in range(games):
        n, t, _ = _play(seed, rounds, (lambda s: s.observation("godalming")) if observe
                        else None)
        steps, busy = steps + n, busy + t
    return steps / busy


def observation_cost(games: int, rounds: int) -> float:
    """Microseconds per hunter observation, as random play goes on (the state changed by one
    action since the last one)."""
    plain = random_play(games, rounds, observe=False)
    looking = random_play(games, rounds, observe=True)
    return (1 / looking - 1 / plain) * 1e6


def main(games: int = 20, rounds: int = 30) -> None:
    plain = random_play(games, rounds, observe=False)
    looking = random_play(games, rounds, observe=True)
    print(f"random play: {plain:,.0f} actions/s")
    print(f"random play, a hunter's observation after each action: {looking:,.0f} actions/s")
    print(f"a hunter's observation: {(1 / looking - 1 / plain) * 1e6:,.0f} µs")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
