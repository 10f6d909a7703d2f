"""Long games of fury_modern played to the end, every position checked.

    python benchmarks/long_games.py [--random 200] [--bots 100] [--seed 1]

Seeded random games and games between the default bots, each played to its end; after
every action the rules' guarantees (``fury_modern.invariants``: every card once, tracks in
range, the decisions waiting well formed, someone to decide) and the hunters' tracker
(Dracula's true place is in the set of places the public record leaves him) are checked.
Failures are printed with their seed and step, to add as tests. Not run in CI.
"""

from __future__ import annotations

import argparse
import time
import traceback
from collections import Counter

import gothic_kernel as gk
from fury_modern.invariants import decision_problems, problems_of
from fury_modern.state import ModernState
from fury_modern.tracker import possible_locations
from gothic_kernel import Dice


def play(game: gk.Game, seed: int, bots: bool) -> tuple[int, str]:
    """Play one game, checking every position; (actions, how it ended)."""
    state = game.new_game(seed=seed)
    assert isinstance(state, ModernState)
    agents = game.default_agents(state, seed) if bots else None
    chooser = Dice(seed)
    steps = 0
    while not state.is_over:
        seat = chooser.choice(state.current_seats())
        legal = state.legal_actions(seat)
        action = agents[seat].choose(seat, state.observation(seat), legal) if agents \
            else chooser.choice(legal)
        state.apply(seat, action)
        steps += 1
        problems = problems_of(state) + decision_problems(state)
        assert not problems, f"step {steps}: {problems}"
        place = state.dracula_location
        if place and not state.is_over:
            assert place in possible_locations(state), f"step {steps}: {place} not possible"
        assert steps < 20_000, "no end in 20,000 actions"
    assert state.outcome is not None
    return steps, state.outcome.reason


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--random", type=int, default=200)
    parser.add_argument("--bots", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = gk.load_game("fury_modern")
    for bots, count in ((False, args.random), (True, args.bots)):
        ends: Counter[str] = Counter()
        steps, failures, start = 0, 0, time.perf_counter()
        for seed in range(args.seed, args.seed + count):
            try:
                played, reason = play(game, seed, bots)
            except Exception:
                failures += 1
                print(f"FAILURE {'bot' if bots else 'random'} game seed {seed}:")
                print(traceback.format_exc(limit=-4))
                continue
            steps += played
            ends[reason] += 1
        kind = "bot" if bots else "random"
        print(f"{count} {kind} games: {failures} failures, {steps} actions checked in "
              f"{time.perf_counter() - start:.0f} s; ends: {dict(ends.most_common())}")


if __name__ == "__main__":
    main()
