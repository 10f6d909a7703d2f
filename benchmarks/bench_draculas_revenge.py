"""Throughput of Dracula's Revenge: random play, bot games, line-of-sight queries, clones.

Run:  python benchmarks/bench_draculas_revenge.py [games]
      python benchmarks/bench_draculas_revenge.py --bots [games] [adventure ...]
(--bots: games per CPU second between the default bots, and where a game's time goes:
legal actions, apply, the observations the bots read, the bots' own choosing)
      python benchmarks/bench_draculas_revenge.py --fingerprint
      python benchmarks/bench_draculas_revenge.py --table [games] [first seed] [adventure ...]
(--fingerprint prints one digest per adventure of seeded bot and random games: a speed
change must leave it unchanged; --table plays the default bots on seeds first .. first +
games - 1, 40 from 2026 unless given, and prints each adventure's row of the docs' table
of simulated results)
Not timed in CI; the numbers go in docs/draculas_revenge.md.
"""

from __future__ import annotations

import hashlib
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Mapping
from typing import Any

import gothic_kernel as gk
from draculas_revenge.board import load_board
from draculas_revenge.sight import sight_of
from gothic_kernel.agents import play_game, seat_agents

ADVENTURES = ("into_the_breach", "defile_the_coffins", "cross_the_catacombs",
              "rescue_van_helsing", "destroy_dracula")


def random_play(adventure: str, games: int) -> float:
    """Actions per second (legal_actions + apply) under uniformly random play."""
    game = gk.load_game("draculas_revenge")
    steps, busy = 0, 0.0
    for seed in range(games):
        state = game.new_game(seed=seed, adventure=adventure, turn_limit=8)
        rng = random.Random(seed)
        start = time.perf_counter()
        while not state.is_over:
            seat = state.current_seats()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
        busy += time.perf_counter() - start
    return steps / busy


def bot_games(adventure: str, games: int, seed: int = 1) -> tuple[float, float]:
    """Games per CPU second between the default bots (each seat's observation built, the
    bot's choice, legal actions and apply: what ``gothic simulate`` does), and the mean
    actions per game; seeds ``seed`` .. ``seed + games - 1``."""
    game = gk.load_game("draculas_revenge")
    actions = 0
    start = time.process_time()
    for s in range(seed, seed + games):
        _, record = play_game(game, s, options={"adventure": adventure})
        actions += len(record.actions)
    return games / (time.process_time() - start), actions / games


def bot_game_parts(adventure: str, games: int, seed: int = 1) -> dict[str, float]:
    """Where a bot game's CPU time goes, in milliseconds a game: the legal actions, apply,
    the observations the bots read (worked out lazily, as ``play_game`` hands them) and
    the bots' own choosing; seeds ``seed`` .. ``seed + games - 1`` (the same games as
    :func:`bot_games`, played by the same loop with timers round its parts)."""
    game = gk.load_game("draculas_revenge")
    spent = dict.fromkeys(("legal actions", "apply", "observation", "bots"), 0.0)
    clock = time.process_time
    for s in range(seed, seed + games):
        state = game.new_game(seed=s, adventure=adventure)
        agents = seat_agents(game, state, s, None)
        while not state.is_over:
            seat = state.current_seats()[0]
            start = clock()
            legal = state.legal_actions(seat)
            spent["legal actions"] += clock() - start

            def observe(seat: str = seat, state: gk.GameState = state) -> Mapping[str, Any]:
                begun = clock()
                seen = state.observation(seat)
                spent["observation"] += clock() - begun
                return seen

            start = clock()
            action = agents[seat].choose(seat, gk.Observation(observe), legal)
            spent["bots"] += clock() - start
            start = clock()
            state.apply(seat, action)
            spent["apply"] += clock() - start
    spent["bots"] -= spent["observation"]
    return {part: seconds / games * 1000 for part, seconds in spent.items()}


def line_of_sight(queries: int = 200_000) -> tuple[float, float]:
    """Queries per second on the Destroy Dracula map: cold (first use) and warm (cached)."""
    board = load_board("destroy_dracula")
    sight = sight_of(board)
    rng = random.Random(1)
    squares = [s for s in range(board.size) if board.open[s]]
    pairs = [(rng.choice(squares), rng.choice(squares)) for _ in range(queries)]
    obstacles = board.wall_bits
    start = time.perf_counter()
    for a, b in pairs:
        sight.clear(a, b, obstacles)
    cold = queries / (time.perf_counter() - start)
    start = time.perf_counter()
    for a, b in pairs:
        sight.clear(a, b, obstacles)
    warm = queries / (time.perf_counter() - start)
    return cold, warm


def clone_cost(repeats: int = 5000) -> float:
    """Microseconds per clone of a Destroy Dracula state in the middle of turn 2."""
    game = gk.load_game("draculas_revenge")
    state = game.new_game(seed=3, adventure="destroy_dracula")
    rng = random.Random(3)
    while state.turn < 2 and not state.is_over:  # type: ignore[attr-defined]
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    start = time.perf_counter()
    for _ in range(repeats):
        state.clone()
    return (time.perf_counter() - start) / repeats * 1e6


def fingerprint(adventure: str, bot_seeds: int = 3, random_seeds: int = 6) -> str:
    """A digest of seeded games: the actions, public log and outcome of ``bot_seeds`` bot
    games, and every observation of the seat to act, legal action list, action and the
    public log of ``random_seeds`` random games."""
    game = gk.load_game("draculas_revenge")
    digest = hashlib.sha256()
    for s in range(1, bot_seeds + 1):
        _, record = play_game(game, s, options={"adventure": adventure})
        digest.update(json.dumps([record.actions, record.public_log, record.outcome],
                                 sort_keys=True, default=str).encode())
    for seed in range(random_seeds):
        state = game.new_game(seed=seed, adventure=adventure, turn_limit=8)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_seats()[0]
            legal = state.legal_actions(seat)
            action = rng.choice(legal)
            digest.update(json.dumps([seat, state.observation(seat),
                                      [a.to_json() for a in legal], action.to_json()],
                                     sort_keys=True, default=str).encode())
            state.apply(seat, action)
        digest.update(json.dumps(state.log(gk.PUBLIC), sort_keys=True, default=str).encode())
    return digest.hexdigest()[:16]


def balance_row(adventure: str, games: int = 40, first: int = 2026) -> str:
    """Seeded games between the default bots: who won, how, how long (turns: mean,
    shortest to longest; actions: mean), and how many did not finish."""
    game = gk.load_game("draculas_revenge")
    wins: Counter[str] = Counter()
    how: Counter[str] = Counter()
    turns, actions, unfinished = [], [], 0
    for seed in range(first, first + games):
        final, record = play_game(game, seed, options={"adventure": adventure})
        outcome = record.outcome or {}
        side = " and ".join(outcome.get("winners", [])) or "nobody"
        wins[side] += 1
        how[f"{side}: {outcome.get('reason', 'unfinished')}"] += 1
        turns.append(int(vars(final)["turn"]))  # DRState.turn
        actions.append(len(record.actions))
        unfinished += not final.is_over
    return (f"{adventure}, seeds {first}-{first + games - 1}: "
            + ", ".join(f"{side} {n}" for side, n in sorted(wins.items()))
            + " (" + "; ".join(f"{k} {n}" for k, n in sorted(how.items())) + "); "
            + f"turns {statistics.mean(turns):.1f} ({min(turns)}-{max(turns)}), "
            + f"actions {statistics.mean(actions):,.0f}, unfinished {unfinished}")


def main(games: int = 20) -> None:
    for adventure in ADVENTURES:
        print(f"random play, {adventure}: {random_play(adventure, games):,.0f} actions/s")
    cold, warm = line_of_sight()
    print(f"line of sight: {cold:,.0f} queries/s on first use, {warm:,.0f} queries/s cached")
    print(f"clone: {clone_cost():.1f} µs per state (Destroy Dracula, turn 2)")


def main_bots(games: int, adventures: list[str]) -> None:
    for adventure in adventures or [*ADVENTURES, "custom"]:
        rate, mean = bot_games(adventure, games)
        parts = bot_game_parts(adventure, games)
        split = ", ".join(f"{part} {ms:.0f}" for part, ms in parts.items())
        print(f"bot games, {adventure}: {rate:.2f} games/s ({mean:.0f} actions per game; "
              f"ms a game: {split})", flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--fingerprint"]:
        for name in sys.argv[2:] or [*ADVENTURES, "custom"]:
            print(name, fingerprint(name), flush=True)
    elif sys.argv[1:2] == ["--table"]:
        numbers = [a for a in sys.argv[2:4] if a.isdigit()]
        for name in sys.argv[2 + len(numbers):] or [*ADVENTURES, "custom"]:
            print(balance_row(name, *(int(n) for n in numbers)), flush=True)
    elif sys.argv[1:2] == ["--bots"]:
        main_bots(int(sys.argv[2]) if len(sys.argv) > 2 else 20, sys.argv[3:])
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
