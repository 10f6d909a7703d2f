"""Random play of every game as a ratio of OpenSpiel's, run side by side in one process.

    python benchmarks/ratios.py [--rounds 5] [--seconds 1.0]

The machine these run on is shared and noisy, so absolute figures drift; a ratio against
OpenSpiel measured in the same process, in interleaved rounds (median of the rounds),
does not. Each round times random play (legal actions, a uniform choice, apply; new games
included) of every registered game for ``seconds``, and of OpenSpiel's pure-Python
tic-tac-toe (``python_tic_tac_toe``) right before it. Needs the ``open-spiel`` package
(a benchmark-only dependency). Not run in CI; no test asserts a timing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import gothic_kernel as gk


def rate(body: Callable[[], int], seconds: float) -> float:
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += body()
    return done / elapsed


def gothic_game(name: str, options: dict[str, Any] | None = None) -> Callable[[], int]:
    game = gk.load_game(name)
    seeds = iter(range(10**9))
    pick = random.Random(1)

    def one_game() -> int:
        state = game.new_game(seed=next(seeds), **(options or {}))
        steps = 0
        while not state.is_over and steps < 20_000:
            seat = state.current_seats()[0]
            state.apply(seat, pick.choice(state.legal_actions(seat)))
            steps += 1
        return steps

    return one_game


def openspiel_game(name: str) -> Callable[[], int]:
    import open_spiel.python.games  # noqa: F401  (registers OpenSpiel's Python games)
    import pyspiel  # a benchmark-only dependency

    game = pyspiel.load_game(name)
    pick = random.Random(1)

    def one_game() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(pick.choices(outcomes, probs)[0])
            else:
                state.apply_action(pick.choice(state.legal_actions()))
            steps += 1
        return steps

    return one_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("games", nargs="*", default=None)
    args = parser.parse_args()
    names = args.games or gk.available_games()
    reference = openspiel_game("python_tic_tac_toe")
    ratios: dict[str, list[float]] = {n: [] for n in names}
    rates: dict[str, list[float]] = {n: [] for n in names}
    bodies = {n: gothic_game(n) for n in names}
    for _ in range(args.rounds):
        for name in names:
            theirs = rate(reference, args.seconds)
            ours = rate(bodies[name], args.seconds)
            ratios[name].append(ours / theirs)
            rates[name].append(ours)
    print(f"random play, ratio to OpenSpiel python_tic_tac_toe "
          f"(median of {args.rounds} interleaved rounds)")
    for name in names:
        print(f"  {name:18} {statistics.median(rates[name]):>9,.0f} actions/s   "
              f"{statistics.median(ratios[name]):.2f}x")


if __name__ == "__main__":
    main()
