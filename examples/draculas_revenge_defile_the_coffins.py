"""Dracula's Revenge, defile the coffins: a seeded game between the bots, told in public.

Run:  python examples/draculas_revenge_defile_the_coffins.py [seed]
"""

from __future__ import annotations

import sys

import gothic_kernel as gk
from gothic_kernel.agents import play_game


def main(seed: int = 7) -> None:
    game = gk.load_game("draculas_revenge")
    options = {"adventure": "defile_the_coffins"}
    state, record = play_game(game, seed, options=options)
    board = state.rules.board  # type: ignore[attr-defined]
    print(f"{game.title}: {state.rules.adventure['title']} (seed {seed})")  # type: ignore[attr-defined]
    print("\n".join(board.render()))
    for entry in state.log(gk.PUBLIC):
        print(entry["text"])
    print(f"{record.steps} actions; outcome: {state.outcome}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
