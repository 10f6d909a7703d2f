"""Dracula's Revenge, Rescue Van Helsing: a seeded game between the default bots, told as the
public log (what a spectator at the table sees).

Run:  python examples/draculas_revenge_rescue_van_helsing.py [seed]
"""

from __future__ import annotations

import sys

import gothic_kernel as gk
from draculas_revenge.narration import MAP_LEGEND, map_picture
from gothic_kernel.agents import play_game


def main(seed: int = 7) -> None:
    game = gk.load_game("draculas_revenge")
    options = {"adventure": "rescue_van_helsing"}
    state, record = play_game(game, seed, options=options)
    print(f"{game.title}: Rescue Van Helsing (seed {seed})")
    print("\n".join(map_picture(state.rules.board)))  # type: ignore[attr-defined]
    print(f"({MAP_LEGEND})\n")
    for entry in state.log(gk.PUBLIC):
        print(entry["text"])
    print(f"({record.steps} actions)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
