"""Kernel throughput on the reference game (Kuhn poker), beside OpenSpiel if installed.

    python benchmarks/kernel.py [--seconds 2]

Measures, in one run: random-play actions per second (new game included, as
OpenSpiel's loop below does), the cost of clone(), and of a JSON round trip
(to_json + from_json). If the ``open-spiel`` package is importable, the same
random-play loop runs on OpenSpiel's C++ ``kuhn_poker`` and its pure-Python
``python_kuhn_poker``, and the ratios are printed. Not run in CI.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from gothic_kernel import Dice
from gothic_kernel.reference import KuhnPoker


def rate(body: Callable[[], int], seconds: float) -> float:
    """Units of work per second, running ``body`` (which returns units done) repeatedly."""
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += body()
    return done / elapsed


def kernel_random_play(seconds: float) -> float:
    game, dice, seeds = KuhnPoker(), Dice(1), iter(range(10**9))

    def one_game() -> int:
        state = game.new_game(seed=next(seeds))
        steps = 0
        while not state.is_over:
            seat = state.current_seats()[0]
            state.apply(seat, dice.choice(state.legal_actions(seat)))
            steps += 1
        return steps

    return rate(one_game, seconds)


def kernel_costs(seconds: float) -> tuple[float, float]:
    game = KuhnPoker()
    state = game.new_game(seed=3)
    state.apply("first", state.legal_actions("first")[0])

    def clones() -> int:
        for _ in range(100):
            state.clone()
        return 100

    def round_trips() -> int:
        for _ in range(100):
            game.from_json(state.to_json())
        return 100

    return 1e6 / rate(clones, seconds), 1e6 / rate(round_trips, seconds)


def openspiel_random_play(name: str, seconds: float) -> float | None:
    try:
        import pyspiel

        if name.startswith("python_"):
            import open_spiel.python.games  # noqa: F401  (registers the Python games)
    except ImportError:
        return None
    game, rng = pyspiel.load_game(name), random.Random(1)

    def one_game() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps

    return rate(one_game, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    ours = kernel_random_play(args.seconds)
    clone_us, json_us = kernel_costs(args.seconds)
    print(f"gothic_kernel Kuhn poker:     {ours:12,.0f} player actions/s "
          f"({1e6 / ours:.1f} us per action, deal included)")
    print(f"  clone():                    {clone_us:12.2f} us")
    print(f"  to_json() + from_json():    {json_us:12.2f} us")
    for name in ("python_kuhn_poker", "kuhn_poker"):
        theirs = openspiel_random_play(name, args.seconds)
        if theirs is None:
            print(f"OpenSpiel {name}: not installed (pip install open-spiel)")
            continue
        label = "Python" if name.startswith("python_") else "C++"
        print(f"OpenSpiel {label:6} {name + ':':22} {theirs:12,.0f} player actions/s "
              f"(ours is {ours / theirs:.2f}x)")


if __name__ == "__main__":
    main()
