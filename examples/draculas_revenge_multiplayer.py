"""Dracula's Revenge, the Multiplayer optional rule: three players, each alone.

Run:  python examples/draculas_revenge_multiplayer.py [seed]
"""

from __future__ import annotations

import sys

import gothic_kernel as gk
from gothic_kernel.agents import play_game


def main(seed: int = 7) -> None:
    game = gk.load_game("draculas_revenge")
    options = {"adventure": "custom", "points": 20,
               "multiplayer": ("vampires", "hunters", "hunters")}
    state, record = play_game(game, seed, options=options)
    print(f"seats: {', '.join(state.seats)}")
    for entry in state.log(gk.PUBLIC)[-30:]:
        print(entry["text"])
    print(f"{record.steps} actions; outcome: {state.outcome}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
