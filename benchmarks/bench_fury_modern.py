"""Throughput of modern Fury of Dracula: random play, with and without a hunter's
observation (the tracker of the places Dracula may be) at every step; the cost of a clone
as a game goes on; a save read back (from_json, which reads the public log through the
tracker to check it) and a hunter's first observation of a state the tracker never saw.

Run:  python benchmarks/bench_fury_modern.py [games] [rounds]
      python benchmarks/bench_fury_modern.py --fingerprint FILE
CPU time (``time.process_time``), so other work on the machine counts little. Not timed
in CI; the numbers go in docs/fury_modern.md. ``--fingerprint`` writes a digest of 36
seeded games instead (random play as ``benchmarks/run.py`` plays it: the legal actions of
every step, every viewer's observation every 40 steps, the final save; and bot games): a
change made for speed must leave the file unchanged.
"""

from __future__ import annotations

import hashlib
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from fury_modern import FuryModernGame, tracker
from gothic_kernel.agents import play_game
from gothic_kernel.testing.fingerprint import random_play_digest

GAME = FuryModernGame()


def _play(seed: int, rounds: int, each: Callable[[Any], None] | None) -> tuple[int, float, int]:
    """One random game (up to ``rounds`` rounds): (actions, CPU seconds, observations)."""
    state: Any = GAME.new_game(seed=seed)
    rng = random.Random(seed)
    steps = looks = 0
    start = time.process_time()
    while not state.is_over and state.rounds <= rounds:
        seat = rng.choice(state.current_seats())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
        if each is not None:
            each(state)
            looks += 1
    return steps, time.process_time() - start, looks


def random_play(games: int, rounds: int, observe: bool) -> float:
    """Actions per second; ``observe``: Lord Godalming's observation after every action."""
    steps, busy = 0, 0.0
    for seed in range(games):
        n, t, _ = _play(seed, rounds, (lambda s: s.observation("godalming")) if observe
                        else None)
        steps, busy = steps + n, busy + t
    return steps / busy


def observation_cost(games: int, rounds: int) -> float:
    """Microseconds per hunter observation, as random play goes on (the state changed by one
    action since the last one)."""
    plain = random_play(games, rounds, observe=False)
    looking = random_play(games, rounds, observe=True)
    return (1 / looking - 1 / plain) * 1e6


def _played(seed: int, actions: int) -> Any:
    state: Any = GAME.new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_over and actions > 0:
        seat = rng.choice(state.current_seats())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        actions -= 1
    return state


def _cpu_us(body: Callable[[], object], repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        body()
    return (time.process_time() - start) / repeat * 1e6


def clone_cost(seeds: range) -> dict[int, float]:
    """Microseconds per clone after so many actions (median over the seeds)."""
    found = {}
    for actions in (10, 200, 600):
        costs = sorted(_cpu_us(_played(s, actions).clone, 2000) for s in seeds)
        found[actions] = costs[len(costs) // 2]
    return found


def cold_observation(seeds: range, actions: int = 300) -> tuple[float, float]:
    """Milliseconds (median): from_json of a mid-game save, then a hunter's first
    observation of a state whose log the tracker never read (its caches emptied)."""
    loads, looks = [], []
    for seed in seeds:
        text = _played(seed, actions).to_json()
        tracker._CACHE.clear()
        tracker._DONE.clear()
        start = time.process_time()
        state = GAME.from_json(text)
        loads.append(time.process_time() - start)
        tracker._CACHE.clear()
        tracker._DONE.clear()
        twin = state.clone()
        twin.invalidate()
        start = time.process_time()
        twin.observation("godalming")
        looks.append(time.process_time() - start)
    return sorted(loads)[len(loads) // 2] * 1e3, sorted(looks)[len(looks) // 2] * 1e3


def main(games: int = 20, rounds: int = 30) -> None:
    plain = random_play(games, rounds, observe=False)
    looking = random_play(games, rounds, observe=True)
    print(f"random play: {plain:,.0f} actions/s")
    print(f"random play, a hunter's observation after each action: {looking:,.0f} actions/s")
    print(f"a hunter's observation: {(1 / looking - 1 / plain) * 1e6:,.0f} µs")
    for actions, cost in clone_cost(range(5)).items():
        print(f"clone after {actions} actions: {cost:,.1f} µs")
    load, look = cold_observation(range(9))
    print(f"from_json of a mid-game save (its log read by the tracker): {load:,.1f} ms")
    print(f"a hunter's first observation of a state the tracker never saw: {look:,.1f} ms")


def fingerprint(path: str) -> None:
    """Digests of seeded games, one line each, written to ``path`` (see the docstring)."""
    lines = []
    for seed in range(30):
        state: Any = GAME.new_game(seed=seed)
        steps, digest = random_play_digest(state, seed, observe_every=40, max_steps=20_000)
        lines.append(f"random seed {seed}: {steps} actions, {digest[:16]}")
    for seed in range(6):
        state, record = play_game(GAME, seed, max_steps=50_000)
        save = hashlib.sha256(state.to_json().encode()).hexdigest()[:16]
        lines.append(f"bots seed {seed}: {record.steps} actions, {save}")
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    print(f"{len(lines)} games written to {path}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--fingerprint"] and len(sys.argv) == 3:
        fingerprint(sys.argv[2])
    else:
        main(*(int(a) for a in sys.argv[1:3]))
