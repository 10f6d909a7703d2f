"""Dracula's Revenge, the Multiplayer optional rule: three players, each alone.

Run:  python examples/draculas_revenge_multiplayer.py [seed]
"""

from __future__ import annotations

import sys

import gothic_kernel as gk
from draculas_revenge.narration import MAP_LEGEND, map_picture
from gothic_kernel.agents import play_game


def main(seed: int = 7) -> None:
    game = gk.load_game("draculas_revenge")
    options = {"adventure": "custom", "points": 20,
               "multiplayer": ("vampires", "hunters", "hunters")}
    state, record = play_game(game, seed, options=options)
    print(f"{game.title}: Multiplayer (seed {seed}); seats: {', '.join(state.seats)}")
    print("\n".join(map_picture(state.rules.board)))  # type: ignore[attr-defined]
    print(f"({MAP_LEGEND})\n")
    log = state.log(gk.PUBLIC)
    for entry in log[:40]:
        print(entry["text"])
    print(f"... ({len(log) - 80} entries) ...")
    for entry in log[-40:]:
        print(entry["text"])
    print(f"({record.steps} actions)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
