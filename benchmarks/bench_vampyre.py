"""Throughput of VAMPYRE: random play, bot play, clones and saves.

Run:  python benchmarks/bench_vampyre.py [games]
      python benchmarks/bench_vampyre.py --fingerprint FILE
      python benchmarks/bench_vampyre.py --cpu-ratios [rounds]

Not timed in CI; the numbers go in docs/vampyre.md. ``--fingerprint`` writes a digest of
66 seeded games instead (random play in every stage with one, two and four players, and
bot games; the legal actions of every step, every viewer's observation every 50 steps,
the final save): a change made for speed must leave the file unchanged.
``--cpu-ratios`` runs ``benchmarks/run.py``'s two random-play rows of VAMPYRE (warm and
cold, against OpenSpiel's pure-Python tic-tac-toe, interleaved) timed by the CPU time of
the process rather than the wall clock: on a machine shared with other work the wall
clock counts the time other processes hold the cores, and the ratio swings with them.
The first games of a process also fill the movement caches (every end of a move from a
hex with a roll is worked out once per process); "warm" figures are measured after them.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time
import timeit
from collections.abc import Callable

import gothic_kernel as gk
from gothic_kernel.agents import play_game
from gothic_kernel.testing.fingerprint import random_play_digest

STAGES = ("basic", "extended", "castle")


def random_play(stage: str, games: int, first_seed: int = 0) -> tuple[float, int]:
    """Actions per second (legal_actions + apply) under uniformly random play."""
    game = gk.load_game("vampyre")
    steps, busy = 0, 0.0
    for seed in range(first_seed, first_seed + games):
        state = game.new_game(seed=seed, stage=stage)
        rng = random.Random(seed)
        start = time.perf_counter()
        while not state.is_over:
            seat = state.current_seats()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
        busy += time.perf_counter() - start
    return steps / busy, steps


def bot_play(games: int) -> tuple[float, float]:
    """Actions per second and mean length of games between the default bots (both stages)."""
    game = gk.load_game("vampyre")
    steps, busy = 0, 0.0
    for seed in range(games):
        _, record = play_game(game, seed, options={"stage": "extended"})
        steps += record.steps
        busy += record.seconds
    return steps / busy, steps / games


def clone_and_save_cost(repeats: int = 5000) -> tuple[float, float]:
    """Microseconds per clone and per to_json of a 4-player state 300 actions into a game."""
    game = gk.load_game("vampyre")
    state = game.new_game(seed=3)
    rng = random.Random(3)
    for _ in range(300):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    # the best of five runs: the figure least disturbed by other work on the machine
    clone = min(timeit.repeat(state.clone, number=repeats, repeat=5)) / repeats * 1e6
    saves = repeats // 10
    save = min(timeit.repeat(state.to_json, number=saves, repeat=5)) / saves * 1e6
    return clone, save


def fingerprint(path: str) -> None:
    """Digests of seeded games, one line each, written to ``path`` (see the docstring)."""
    game = gk.load_game("vampyre")
    lines = []
    for stage in STAGES:
        for seed in range(12):
            for players in (4, 2, 1) if seed < 2 else (4,):
                state = game.new_game(seed=seed, stage=stage, players=players)
                steps, digest = random_play_digest(state, seed, observe_every=50)
                lines.append(f"random {stage} seed {seed}, {players} players: {steps} "
                             f"actions, {digest[:16]}")
        for seed in range(6):
            state, record = play_game(game, seed, options={"stage": stage})
            save = hashlib.sha256(state.to_json().encode()).hexdigest()[:16]
            lines.append(f"bots {stage} seed {seed}: {record.steps} actions, {save}")
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    print(f"{len(lines)} games written to {path}")


def cpu_ratios(rounds: int) -> None:
    """run.py's random-play rows of VAMPYRE, timed by process CPU time (see above)."""
    import statistics
    import subprocess
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    import run

    def cpu_rate(body: Callable[[], int], seconds: float) -> float:
        done, start = 0, time.process_time()
        while (elapsed := time.process_time() - start) < seconds:
            done += body()
        return done / elapsed

    run.rate = cpu_rate  # every measure of run.py goes through it
    if sys.argv[2:3] == ["--child"]:
        reference = run.spiel_random_play("python_tic_tac_toe")(0.5)
        print(json.dumps([reference, run.random_play("vampyre", {})(0.5)]))
        return
    py, ours = run.spiel_random_play("python_tic_tac_toe"), run.warm_random_play("vampyre", {})
    warm, cold = [], []
    for _ in range(rounds):
        warm.append(ours(0.5) / py(0.5))
        out = subprocess.run([sys.executable, __file__, "--cpu-ratios", "--child"],
                             capture_output=True, text=True, check=True).stdout
        reference, first = json.loads(out.splitlines()[-1])
        cold.append(first / reference)
    for name, ratios in (("warm", warm), ("cold", cold)):
        print(f"random play {name}: {statistics.median(ratios):.2f} of OpenSpiel's Python "
              f"tic-tac-toe (rounds: {', '.join(f'{r:.2f}' for r in ratios)})")


def main(games: int = 30) -> None:
    for stage in STAGES:
        cold, _ = random_play(stage, games)
        warm, steps = random_play(stage, games, first_seed=1000)
        print(f"random play, {stage}: {cold:,.0f} actions/s cold, {warm:,.0f} actions/s warm "
              f"({steps / games:,.0f} actions a game)")
    rate, length = bot_play(games)
    print(f"bot play, both stages: {rate:,.0f} actions/s ({length:,.0f} actions a game)")
    clone, save = clone_and_save_cost()
    print(f"clone: {clone:.1f} µs per state; to_json: {save:.0f} µs (300 actions in)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--fingerprint"] and len(sys.argv) == 3:
        fingerprint(sys.argv[2])
    elif sys.argv[1:2] == ["--cpu-ratios"]:
        cpu_ratios(int(sys.argv[2]) if sys.argv[2:3] not in ([], ["--child"]) else 3)
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
