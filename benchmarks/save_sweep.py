"""Mutated saves of one game: how many load and play to the end, how many are refused, and
which fail (must be none).

    python benchmarks/save_sweep.py GAME [--mutations 3000] [--points 40] [--seed 1]

Save points are taken from seeded random games at spread steps (the start, mid-game, any
decision kind, the end); each mutation (``gothic_kernel.testing.saves.mutate_save``: one
number, word, entry or key changed) must raise CorruptSave at load, or load and play on at
random to the end with no other error. Failures are printed with their seed, to add as a test.
Not run in CI.
"""

from __future__ import annotations

import argparse
import traceback
from collections import Counter

import gothic_kernel as gk
from gothic_kernel import Dice
from gothic_kernel.testing.saves import check_mutated_save


def save_points(game: gk.Game, count: int, seed: int) -> list[str]:
    """``count`` saves from seeded random games, at spread steps and at the end."""
    saves: list[str] = []
    game_seed = seed
    while len(saves) < count:
        state = game.new_game(seed=game_seed)
        chooser = Dice(game_seed)
        step = 0
        while not state.is_over:
            if step % 97 == 13:
                saves.append(state.to_json())
            seat = chooser.choice(state.current_seats())
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
            step += 1
        saves.append(state.to_json())
        game_seed += 1
    return saves[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--mutations", type=int, default=3000)
    parser.add_argument("--points", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = gk.load_game(args.game)
    points = save_points(game, args.points, args.seed)
    tally: Counter[str] = Counter()
    for seed in range(args.seed, args.seed + args.mutations):
        skip = ("dice",) if seed % 2 else ("dice", "log")
        try:
            loaded = check_mutated_save(game, points[seed % len(points)], seed, skip=skip)
        except Exception:  # a failure: anything but CorruptSave at load
            tally["failures"] += 1
            print(f"FAILURE seed {seed} (save point {seed % len(points)}):")
            print(traceback.format_exc(limit=-3))
            continue
        tally["loaded and played to the end" if loaded else "refused (CorruptSave)"] += 1
    print(f"{args.game}: {args.mutations} mutations of {len(points)} saves: "
          + ", ".join(f"{n} {what}" for what, n in sorted(tally.items())))


if __name__ == "__main__":
    main()
