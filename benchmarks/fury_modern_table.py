"""The seeded table of modern Fury of Dracula games between the default bots (or one side's
bot against random play), as printed in docs/fury_modern.md (Bots and balance).

Run with the package installed:
    python benchmarks/fury_modern_table.py [games] [seed] [--workers N]
           [--hunters default|random] [--dracula default|random]
defaults: 1000 games, seed 2026, 1 worker, the default bots on both sides.

Each game's seed is ``gothic_kernel.agents.game_seeds(seed, games)[i]``, as for
``gothic simulate fury_modern --games N --seed S`` (whose winner table this one matches);
the other figures are read from each finished game through the public contract:
``observation(PUBLIC)`` and the public log. A game that raises is reported with its seed
(the run goes on). Results depend only on the seed, never on the number of workers.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import time
import traceback
from collections import Counter
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import gothic_kernel as gk
from gothic_kernel import Agent, GameState, RandomAgent
from gothic_kernel.agents import game_seeds, play_game

GAME = "fury_modern"
MAX_STEPS = 20_000


def agents_for(hunters: str, dracula: str) -> Any:
    """A factory f(state, seed) -> {seat: agent}: random play where asked, the default
    bots elsewhere."""
    def factory(state: GameState, seed: int) -> Mapping[str, Agent]:
        seats: dict[str, Agent] = {}
        for i, seat in enumerate(state.seats):
            side = dracula if seat == "dracula" else hunters
            if side == "random":
                seats[seat] = RandomAgent(seed + 7919 * (i + 1))
            elif side != "default":
                module, name = side.split(":")
                seats[seat] = getattr(importlib.import_module(module), name)(seed + i)
        return seats
    return factory


def play_one(job: tuple[int, int, str, str]) -> dict[str, Any]:
    """One seeded game, summarised."""
    index, seed, hunters, dracula = job
    game = gk.load_game(GAME)
    start = time.process_time()
    try:
        state, record = play_game(game, seed, agents=agents_for(hunters, dracula),
                                  max_steps=MAX_STEPS)
    except Exception as exc:  # keep going: report the seed, so that it can be replayed
        return {"index": index, "seed": seed, "error": f"{type(exc).__name__}: {exc}",
                "trace": traceback.format_exc(limit=4)}
    public = state.observation(gk.PUBLIC)
    kinds = Counter(entry.get("kind", "") for entry in state.log(gk.PUBLIC))
    outcome = state.outcome
    return {
        "index": index, "seed": seed, "finished": outcome is not None,
        "winner": "" if outcome is None else
        ("Dracula" if outcome.winners == ("dracula",) else "hunters"),
        "reason": "" if outcome is None else outcome.reason,
        "rounds": int(public["round"]), "actions": len(record.actions),
        "seconds": time.process_time() - start, "influence": int(public["influence"]),
        "hunters_defeated": kinds["hunter_defeated"], "bites": kinds["bitten"],
        "vampires_matured": kinds["vampire_matures"], "combats": kinds["combat"],
        "dracula_damage": int(public["dracula"]["damage"]),
    }


def how(result: Mapping[str, Any]) -> str:
    reason = str(result["reason"])
    if reason.startswith("his influence"):
        return "influence 13"
    return reason


def pct(n: float, total: int) -> str:
    return f"{100 * n / max(total, 1):.1f}%"


def spread(values: list[int]) -> str:
    return (f"{statistics.mean(values):.1f} (median {statistics.median(values):.0f}, "
            f"{min(values)}-{max(values)})")


def report(results: list[dict[str, Any]], args: argparse.Namespace, wall: float) -> str:
    good = [r for r in results if "error" not in r]
    out = [f"**{args.games} seeded games, seed {args.seed}: hunters {args.hunters}, "
           f"Dracula {args.dracula}** (`python benchmarks/fury_modern_table.py {args.games} "
           f"{args.seed} --hunters {args.hunters} --dracula {args.dracula}`; "
           f"{args.workers} worker(s), {wall:.0f} s wall)", "",
           "| winner | how | games | share |", "|---|---|---:|---:|"]
    rows = Counter((r["winner"] or "unfinished", how(r)) for r in good)
    for (winner, why), n in sorted(rows.items(), key=lambda kv: (-kv[1], kv[0])):
        out.append(f"| {winner} | {why} | {n} | {pct(n, len(results))} |")
    sides = Counter(r["winner"] or "unfinished" for r in good)
    out.append("| **total** | " + ", ".join(f"{side} {n} ({pct(n, len(results))})"
                                             for side, n in sides.most_common()) + " | | |")
    if good:
        out += ["", "| figure (per game) | mean (median, range) |", "|---|---|"]
        for key, label in (("rounds", "game length, rounds"),
                           ("actions", "game length, actions"),
                           ("influence", "influence at the end"),
                           ("dracula_damage", "Dracula's damage at the end"),
                           ("hunters_defeated", "hunters defeated"),
                           ("bites", "bites"),
                           ("vampires_matured", "vampires matured"),
                           ("combats", "combats (Dracula and vampires)")):
            out.append(f"| {label} | {spread([int(r[key]) for r in good])} |")
        for side in ("Dracula", "hunters"):
            won = [r["rounds"] for r in good if r["winner"] == side]
            if won:
                out.append(f"| rounds, games {side} won | {spread(won)} |")
        busy = sum(r["seconds"] for r in good)
        out.append(f"| play speed (CPU time of one process) | "
                   f"{len(good) / busy:.1f} games/s, "
                   f"{sum(r['actions'] for r in good) / busy:,.0f} actions/s |")
    errors = [r for r in results if "error" in r]
    if errors:
        out.append("")
        out.append(f"Errors ({len(errors)}): " + "; ".join(
            f"seed {r['seed']}: {r['error']}" for r in errors[:10]))
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=1000)
    parser.add_argument("seed", type=int, nargs="?", default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--hunters", default="default",
                        help="default, random, or module:Class (a bot class taking a seed)")
    parser.add_argument("--dracula", default="default",
                        help="default, random, or module:Class (a bot class taking a seed)")
    args = parser.parse_args()
    jobs = [(i, s, args.hunters, args.dracula)
            for i, s in enumerate(game_seeds(args.seed, args.games))]
    start = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(play_one, jobs, chunksize=4))
    else:
        results = [play_one(job) for job in jobs]
    print(report(results, args, time.perf_counter() - start))
    for r in results:
        if "error" in r:
            print(f"\nseed {r['seed']}:\n{r['trace']}")


if __name__ == "__main__":
    main()
