"""Simulate many seeded VAMPYRE games and print the outcome table used in docs/vampyre.md.

For each game: its length (actions, and player turns counting the automatic ones); the
winner's place in the turn order of the first stage (1 is the high roller who went
first) and hunter; how the game ended; the conversions (nosferatu, player werewolves,
possessions) on the way.

Run:  python examples/vampyre_simulate.py [games] [stage] [agents]
      stage: basic | extended | castle (default extended); agents: default | random
The default 1000 games take a minute or two; the count of games done is said on
standard error as it goes.
"""

from __future__ import annotations

import sys
from collections import Counter
from statistics import mean

import gothic_kernel as gk
from gothic_kernel.agents import RandomAgent, game_seeds, play_game


def simulate(games: int = 1000, stage: str = "extended", agents: str = "default",
             players: int = 4, seed: int = 2024) -> dict[str, object]:
    game = gk.load_game("vampyre")
    lengths, turns = [], []
    seats: Counter[str] = Counter()
    hunters: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    conversions: Counter[str] = Counter()
    games_with_conversion = 0
    for done, game_seed in enumerate(game_seeds(seed, games)):
        if done and done % max(1, games // 10) == 0:
            print(f"  {done}/{games} games", file=sys.stderr, flush=True)
        def make(state: gk.GameState, s: int) -> dict[str, gk.Agent]:
            if agents == "random":
                return {seat: RandomAgent(s + i) for i, seat in enumerate(state.seats)}
            return game.default_agents(state, s)

        state, record = play_game(game, game_seed, options={"stage": stage, "players": players},
                                  agents=make)
        lengths.append(record.steps)
        turns.append(state.turns)  # type: ignore[attr-defined]
        outcome = state.outcome
        assert outcome is not None
        endings[f"{outcome.level}: {outcome.reason}"] += 1
        first = next(e["seat"] for e in record.public_log if e["kind"] == "first_player")
        n = len(state.seats)
        for winner in outcome.winners:  # the place in the first stage's turn order
            place = (state.seats.index(winner) - state.seats.index(first)) % n + 1
            seats[f"turn position {place}"] += 1
            hunters[winner] += 1
        if not outcome.winners:
            seats["nobody"] += 1
        kinds = Counter(e.get("form", "") for e in record.public_log if e["kind"] == "conversion")
        kinds["possessed"] = sum(e["kind"] == "possession" for e in record.public_log)
        conversions.update(kinds)
        games_with_conversion += any(kinds.values())
    return {"games": games, "stage": stage, "agents": agents, "players": players,
            "mean_actions": mean(lengths), "max_actions": max(lengths),
            "mean_turns": mean(turns), "seats": seats, "hunters": hunters,
            "endings": endings, "conversions": conversions,
            "games_with_conversion": games_with_conversion}


def report(result: dict[str, object]) -> None:
    games = result["games"]
    assert isinstance(games, int)
    print(f"{games} games, stage {result['stage']}, {result['players']} players, "
          f"{result['agents']} agents")
    print(f"  mean length: {result['mean_actions']:.1f} actions, "
          f"{result['mean_turns']:.1f} player turns (longest {result['max_actions']} actions)")
    for title in ("seats", "hunters", "endings"):
        table = result[title]
        assert isinstance(table, Counter)
        print(f"  {title}: " + ", ".join(f"{k} {v / games:.1%}"
                                         for k, v in sorted(table.items())))
    conversions = result["conversions"]
    assert isinstance(conversions, Counter)
    print("  conversions per game: " + ", ".join(
        f"{k} {v / games:.2f}" for k, v in sorted(conversions.items()) if k))
    converted = result["games_with_conversion"]
    assert isinstance(converted, int)
    print(f"  games with a conversion: {converted / games:.1%}")


if __name__ == "__main__":
    args = sys.argv[1:]
    report(simulate(int(args[0]) if args else 1000, args[1] if len(args) > 1 else "extended",
                    args[2] if len(args) > 2 else "default"))
