"""Where fury1987's bot games are lost: the hunt measured beside the bots.

    python benchmarks/fury1987_hunt.py [VARIANT[+VARIANT...]] [--games 60] [--seed 1]

Plays the default bots (changed by the variants of ``fury1987_balance.py``, ``base`` for
none) and reads the true state beside them (the bots still read only their
observations): at each turn's first Hunter decision the size of the tracker's possible
set and whether a Hunter is within a Road or Sea move of Dracula; each fight with
Dracula (who began it, how many Hunters, the Blood Points it cost him). It prints the
measures of docs/fury1987.md's table of the fifth stop. Not run in CI.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
from fury1987_balance import VARIANTS

import gothic_kernel as gk
from fury1987.bot_common import geography_of
from fury1987.fight import Combat
from fury1987.views import tracker_of
from gothic_kernel.agents import agent_choice, game_seeds, seat_agents


def play(game: Any, seed: int) -> dict[str, Any]:
    """One seeded bot game's hunt: per turn (possible places, pinned, Dracula within a
    move of a Hunter) and its fights with Dracula."""
    state = game.new_game(seed=seed)
    players = seat_agents(game, state, seed, None)
    geo = geography_of(state.rules.board)
    turns: list[tuple[int, int, bool]] = []
    fights: list[dict[str, Any]] = []
    fight: dict[str, Any] | None = None
    last = -1
    for _ in range(6000):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        if seat != "dracula" and state.seq.round != last:
            last = state.seq.round
            places = len(tracker_of(state).place_weights())
            at = [h.location for h in state.hunters.values() if h.status == "alive"]
            near = min([geo.distance(state.dracula.location, h) for h in at] or [99]) <= 1
            turns.append((last, places, near))
        combat = next((r for r in state.stack
                       if isinstance(r, Combat) and r.side == "dracula"), None)
        if combat is not None and fight is None:
            fight = {"by_dracula": combat.attacker == "dracula",
                     "group": len(combat.hunters) > 1, "blood": state.dracula.blood}
        elif combat is None and fight is not None:
            fights.append({**fight, "lost": fight["blood"] - state.dracula.blood})
            fight = None
        state.apply(seat, agent_choice(state, seat, players[seat], state.legal_actions(seat)))
    if fight is not None:
        fights.append({**fight, "lost": fight["blood"] - state.dracula.blood})
    outcome = state.outcome
    side = "unfinished" if outcome is None else (
        ("dracula" if outcome.winners == ("dracula",) else "hunters") if outcome.winners
        else "stalemate")
    return {"side": side, "turns": turns, "fights": fights,
            "destroyed": state.vampires_destroyed}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("variant", nargs="?", default="base")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for name in args.variant.split("+"):
        VARIANTS[name]()
    game = gk.load_game("fury1987")
    games = [play(game, seed) for seed in game_seeds(args.seed, args.games)]
    places = np.array([n for g in games for _, n, _ in g["turns"]])
    pinned = [next((t for t, n, _ in g["turns"] if n == 1), None) for g in games]
    fights = [f for g in games for f in g["fights"]]
    print(f"{args.variant} seed {args.seed} games {args.games}: turns with 50+ possible "
          f"places {np.mean(places >= 50):.0%} (32+ {np.mean(places >= 32):.0%}; 3 or fewer "
          f"{np.mean(places <= 3):.0%}); first pinned turn median "
          f"{np.median([t for t in pinned if t is not None]):.1f} (never "
          f"{sum(t is None for t in pinned)}); Dracula within a move of a Hunter "
          f"{np.mean([near for g in games for _, _, near in g['turns']]):.0%}; fights "
          f"{len(fights)} ({len(fights) / len(games):.1f} a game), begun by Dracula "
          f"{sum(f['by_dracula'] for f in fights)}, with a group "
          f"{sum(f['group'] for f in fights)}, no Blood Point lost "
          f"{sum(f['lost'] == 0 for f in fights)}; Vampires destroyed a game "
          f"{np.mean([g['destroyed'] for g in games]):.1f}; Hunters' wins "
          f"{sum(g['side'] == 'hunters' for g in games)}")


if __name__ == "__main__":
    main()
