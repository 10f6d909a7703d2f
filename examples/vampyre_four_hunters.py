"""VAMPYRE with four hunters: the Basic Game in Transylvania, then Castle Dracula.

A seeded game between the default bots, told as the public sees it.

Run:  python examples/vampyre_four_hunters.py [seed]
"""

from __future__ import annotations

import sys

import gothic_kernel as gk
from gothic_kernel.agents import play_game
from vampyre import VampyreGame, VampyreState


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
    assert outcome is not None
    assert isinstance(state, VampyreState) and isinstance(game, VampyreGame)
    winner = ", ".join(state.name(s) for s in outcome.winners) or "nobody"
    print(f"\n{record.steps} actions. Winner: {winner} ({outcome.reason}).")
    view = state.observation(gk.PUBLIC)
    names = game.world()["rules"].names  # printed names of items and monsters
    forms = {"hunter": "vampire hunter", "nosferatu": "nosferatu",
             "player_werewolf": "player werewolf"}
    for player in view["players"].values():
        items = ", ".join(names[i] for i in player["items"]) or "no items"
        out = {"dead": ", dead", "saved": ", destroyed (saved)", "slain": ", slain"}
        print(f"  {player['hunter']:<20} {forms[player['form']]}{out.get(player['out'], '')}: "
              f"{_count(player['coffins'], 'coffin')}, {_count(player['bites'], 'bite')}, "
              f"{items}")


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" + ("" if n == 1 else "s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
