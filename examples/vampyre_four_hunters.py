"""VAMPYRE with four hunters: the Basic Game in Transylvania, then Castle Dracula.

A seeded game between the default bots, told as the public sees it: the game's own
report (``game.report``), what ``python -m vampyre`` prints.

Run:  python examples/vampyre_four_hunters.py [seed]
"""

from __future__ import annotations

import sys

import gothic_kernel as gk
from gothic_kernel.agents import play_game


def main(seed: int = 7) -> None:
    game = gk.load_game("vampyre")
    state, record = play_game(game, seed, options={"players": 4, "stage": "extended"})
    print(f"{game.title} (seed {seed})")
    print()
    for line in game.report(state, record):
        print(line)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
