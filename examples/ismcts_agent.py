"""gk.ISMCTSAgent, information-set Monte Carlo tree search, in any game with no game code.

It plays Harker in four-player VAMPYRE against the game's own bots. Play loops hand a
search agent a state its seat cannot tell from the real one (``state.resample``), never
the real state; it searches from worlds redrawn from that one.

Run:  python examples/ismcts_agent.py [games]      (about 20 seconds for 6 games)
"""

from __future__ import annotations

import sys
from collections import Counter

import gothic_kernel as gk


def main(games: int = 6) -> None:
    game = gk.load_game("vampyre")
    wins: Counter[str] = Counter()
    for seed in gk.game_seeds(2024, games):
        agent = gk.ISMCTSAgent(20, seed=seed, rollout="default", rollout_steps=150)
        state, record = gk.play_game(game, seed, agents={"harker": agent})
        winners = record.outcome["winners"] if record.outcome else []
        wins[" and ".join(winners) or "nobody"] += 1
        print(f"seed {seed}: {record.steps} actions; {state.prompt('harker')}")
    print("wins:", dict(wins.most_common()))
    print("ISMCTS's last search:", agent.last_search["simulations"], "simulations")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
