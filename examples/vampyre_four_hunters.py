"""VAMPYRE with four hunters: the Basic Game in Transylvania, then Castle Dracula.

A seeded game between the default bots, told as the public sees it.

Run:  python examples/vampyre_four_hunters.py [seed]
"""

from __future__ import annotations

import sys

import gothic_kernel as gk
from gothic_kernel.agents import play_game


def main(seed: int = 7) -> None:
    game = gk.load_game("vampyre")
    options = {"players": 4, "stage": "extended"}
    state, record = play_game(game, seed, options=options)
    print(f"{game.title} (seed {seed}): {', '.join(state.seats)}")
    stage = "transylvania"
    print("\n== The Basic Game: Transylvania ==")
    for entry in state.log(gk.PUBLIC):
        if entry["kind"] == "castle_dracula" and stage == "transylvania":
            stage = "castle_dracula"
            print("\n== The Extended Game: Castle Dracula ==")
        print(entry["text"])
    outcome = state.outcome
    print(f"\n{record.steps} actions; outcome: {outcome}")
    view = state.observation(gk.PUBLIC)
    for player in view["players"].values():
        print(f"  {player['name']:<20} {player['form']:<16} coffins {player['coffins']}  "
              f"bites {player['bites']}  items {', '.join(player['items']) or '-'}"
              + (f"  ({player['out']})" if player["out"] else ""))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
