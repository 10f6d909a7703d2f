"""Throughput of Fury of Dracula (1987): random play, saves, combat rounds, bot games.

Run:  python benchmarks/bench_fury1987.py [games]
Not timed in CI; the figures go in docs/fury1987.md. Each figure is the best of a few
repeats where that makes sense (the one least disturbed by other work on the machine).
The target of the issue is at least 20,000 random-play actions per second.
"""

from __future__ import annotations

import random
import sys
import time
import timeit

import gothic_kernel as gk
from fury1987.combat_round import CombatSituation, Engagement, resolve_round
from fury1987.combat_tables import default_tables
from gothic_kernel import Dice
from gothic_kernel.agents import play_game

GAME = gk.load_game("fury1987")
TARGET = 20_000


def random_play(games: int, first_seed: int = 0) -> tuple[float, float, int]:
    """(actions/s of legal_actions + apply, whole games/s, actions a game) under uniformly
    random play; the game set-up is counted in games/s, not in actions/s."""
    steps, busy, wall = 0, 0.0, 0.0
    for seed in range(first_seed, first_seed + games):
        begin = time.perf_counter()
        state = GAME.new_game(seed=seed)
        rng = random.Random(seed)
        start = time.perf_counter()
        while not state.is_over:
            seat = state.current_seats()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
        end = time.perf_counter()
        busy += end - start
        wall += end - begin
    return steps / busy, games / wall, steps // games


def mid_game(actions: int = 300, seed: int = 3) -> gk.GameState:
    """A state ``actions`` random actions into a game."""
    state = GAME.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def copy_and_save_cost(repeats: int = 2000) -> tuple[float, float, float, int]:
    """Microseconds per clone, per to_json and per from_json, and the save's size."""
    state = mid_game()
    clone = min(timeit.repeat(state.clone, number=repeats, repeat=5)) / repeats * 1e6
    saves = max(repeats // 20, 1)
    save = min(timeit.repeat(state.to_json, number=saves, repeat=5)) / saves * 1e6
    text = state.to_json()
    load = min(timeit.repeat(lambda: GAME.from_json(text), number=saves, repeat=5)) / saves * 1e6
    return clone, save, load, len(text)


def clone_growth(repeats: int = 2000) -> tuple[float, float]:
    """Microseconds per clone 50 and 2000 random actions into the same game: the clue
    record, Dracula's trail and the log are shared, so the two should be alike."""
    costs = []
    for actions in (50, 2000):
        state = mid_game(actions)
        costs.append(min(timeit.repeat(state.clone, number=repeats, repeat=5)) / repeats * 1e6)
    return costs[0], costs[1]


def combat_rounds(rounds: int = 20_000) -> float:
    """Rounds per second of the pure resolver (combat_round.resolve_round), with random
    chits on both sides of the Combat Action Board."""
    tables = default_tables()
    rng = random.Random(1)
    dice = Dice(1)
    sides = {side: (tables.hunter_chits(side), tables.opponent_chits(side))
             for side in ("dracula", "agents")}
    cases = []
    for _ in range(rounds):
        side = rng.choice(("dracula", "agents"))
        hunter_chits, foe_chits = sides[side]
        foe = "dracula" if side == "dracula" else "agent_1"
        hunter_chit = rng.choice(hunter_chits)
        chits = {"seward": hunter_chit, foe: rng.choice(foe_chits)}
        winner = rng.choice(("hunters", foe if side == "dracula" else "agents"))
        engagement = Engagement.against_dracula(["seward"]) if side == "dracula" \
            else Engagement.duel("seward", foe)
        situation = CombatSituation(wounds={"seward": rng.randrange(12)},
                                    weapons={"seward": (hunter_chit,)},
                                    blood_points=rng.randrange(1, 13))
        cases.append((side, engagement, chits, winner, situation))
    start = time.perf_counter()
    for side, engagement, chits, winner, situation in cases:
        resolve_round(side, [engagement], chits, winner, situation, dice,  # type: ignore[arg-type]
                      tables=tables)
    return rounds / (time.perf_counter() - start)


def bot_play(games: int) -> tuple[float, float, float]:
    """(games/s, actions/s, actions a game) of games between the default bots."""
    steps, busy = 0, 0.0
    for seed in range(games):
        start = time.perf_counter()
        _, record = play_game(GAME, seed, max_steps=50_000)
        busy += time.perf_counter() - start
        steps += record.steps
    return games / busy, steps / busy, steps / games


def main(games: int = 20) -> None:
    print(f"{GAME.title}: benchmarks ({games} games per figure)")
    rate, per_second, length = random_play(games)
    verdict = "meets" if rate >= TARGET else "BELOW"
    print(f"  random play:   {rate:>10,.0f} actions/s ({verdict} the {TARGET:,} target); "
          f"{per_second:.2f} whole games/s, {length:,} actions a game")
    clone, save, load, size = copy_and_save_cost()
    print(f"  clone:         {clone:>10.1f} µs per state (300 random actions in)")
    early, late = clone_growth()
    print(f"  clone growth:  {early:>10.1f} µs at 50 actions, {late:.1f} µs at 2000")
    print(f"  to_json:       {save:>10.0f} µs per save ({size / 1024:.0f} KiB)")
    print(f"  from_json:     {load:>10.0f} µs per load")
    print(f"  combat rounds: {combat_rounds():>10,.0f} rounds/s (combat_round.resolve_round)")
    bot_games, bot_rate, bot_length = bot_play(games)
    print(f"  bot games:     {bot_games:>10.2f} games/s, {bot_rate:,.0f} actions/s, "
          f"{bot_length:,.0f} actions a game")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
