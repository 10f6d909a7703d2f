"""Simulate seeded Fury of Dracula (1987) games between the default bots; print markdown.

Run with the package installed:
    .venv/bin/python examples/fury1987_simulate.py [games] [seed] [workers] [max_steps]
defaults: 1000 games, seed 2026, 2 workers, 6000 actions at most per game. The whole
default run takes several minutes on two cores (more on a busy machine); it says on
standard error how many games are done as it goes, and `... 50` plays 50 games only.

Each game's seed comes from gothic_kernel.agents.game_seeds(seed, games), the same as
`gothic simulate fury1987 --games N --seed S`, so the outcome table matches the kernel's
simulate(); the extra figures (turns, Hunters fallen, Vampires, combats) are read from
each finished game through the public contract: observation(PUBLIC), the public log,
and Dracula's own log (for the Vampires he placed). A game that raises is counted as
an error with its seed (the run goes on); one that hits max_steps as unfinished.
Results depend only on the seed, never on the number of workers.
"""

from __future__ import annotations

import statistics
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import gothic_kernel as gk
from gothic_kernel.agents import game_seeds, play_game

GAME = "fury1987"


def play_one(job: tuple[int, int, int]) -> dict[str, Any]:
    """One seeded game between the default bots, summarised."""
    index, seed, max_steps = job
    game = gk.load_game(GAME)
    try:
        state, record = play_game(game, seed, max_steps=max_steps)
    except Exception as exc:  # keep going: report the seed, the lead can replay it
        return {"index": index, "seed": seed, "error": f"{type(exc).__name__}: {exc}",
                "trace": traceback.format_exc(limit=3)}
    public = state.observation(gk.PUBLIC)
    log = state.log(gk.PUBLIC)
    kinds = Counter(entry.get("kind", "") for entry in log)
    outcome = state.outcome
    winners = tuple(outcome.winners) if outcome else ()
    level = outcome.level if outcome else "unfinished"
    statuses = Counter(h["status"] for h in public["hunters"].values())
    # the printed Encounter Chits (to tell a Vampire, Hunter-Vampires included)
    encounters = getattr(getattr(state, "rules", None), "encounters", None)
    placed = 0
    for entry in state.log("dracula"):
        chit = entry.get("chit")
        if entry.get("kind") == "encounter_placed" and isinstance(chit, str):
            is_vampire = encounters.is_vampire(chit) if encounters is not None \
                else "vampire" in chit
            placed += bool(is_vampire)
    secret = state.observation("dracula").get("behind_the_screen", {})
    chart = secret.get("chart", {})
    on_chart = sum(1 for c in chart.values()
                   if (encounters.is_vampire(c) if encounters is not None else "vampire" in c))
    return {
        "index": index, "seed": seed, "winners": winners, "level": level,
        "finished": outcome is not None, "reason": outcome.reason if outcome else "",
        "turns": int(public.get("turn", 0)), "actions": record.steps,
        "seconds": record.seconds,
        "dead": statuses.get("dead", 0), "turned": statuses.get("vampire", 0),
        "vampires_placed": placed, "vampires_destroyed": int(public.get("vampires_destroyed", 0)),
        "vampires_on_chart": on_chart, "drained": kinds.get("dracula_drained", 0) > 0,
        "dracula_combats": kinds.get("time_of_day", 0), "combats": kinds.get("combat_over", 0),
        "dracula_found": kinds.get("dracula_found", 0),
        "blood_points": int(secret.get("blood_points", 0)),
    }


def side_of(result: dict[str, Any]) -> str:
    if "error" in result:
        return "error"
    if not result["finished"]:
        return "unfinished"
    if result["winners"] == ("dracula",):
        return "Dracula"
    return "Hunters" if result["winners"] else "nobody"


def pct(n: float, total: int) -> str:
    return f"{100 * n / max(total, 1):.1f}%"


def report(results: list[dict[str, Any]], games: int, seed: int, workers: int,
           wall: float) -> str:
    out: list[str] = []
    good = [r for r in results if "error" not in r]
    out.append(f"## fury1987: {games} seeded games between the default bots "
               f"(seed {seed}, {workers} workers, {wall:.0f} s wall)\n")
    out.append("| winner | victory level | games | share |")
    out.append("|---|---|---:|---:|")
    rows = Counter((side_of(r), r.get("level", "")) for r in results)
    for (side, level), n in sorted(rows.items(), key=lambda kv: (-kv[1], kv[0])):
        out.append(f"| {side} | {level} | {n} | {pct(n, games)} |")
    sides = Counter(side_of(r) for r in results)
    out.append("")
    out.append("| side | games | share |")
    out.append("|---|---:|---:|")
    for side, n in sides.most_common():
        out.append(f"| {side} | {n} | {pct(n, games)} |")
    if good:
        turns = [r["turns"] for r in good]
        actions = [r["actions"] for r in good]
        destroyed = sum(1 for r in good if r["finished"] and r["winners"]
                        and r["winners"] != ("dracula",) and r["level"] in ("major", "supreme"))
        out.append("")
        out.append("| figure | value |")
        out.append("|---|---:|")
        out.append(f"| game length, turns: mean / median / max | {statistics.mean(turns):.1f} / "
                   f"{statistics.median(turns):.0f} / {max(turns)} |")
        out.append(f"| game length, actions: mean / median / max | "
                   f"{statistics.mean(actions):.0f} / {statistics.median(actions):.0f} / "
                   f"{max(actions)} |")
        out.append(f"| Dracula destroyed | {pct(destroyed, len(good))} |")
        out.append(f"| Dracula drained of Blood Points (fled to his Castle) | "
                   f"{pct(sum(r['drained'] for r in good), len(good))} |")
        for key, label in (("dead", "Hunters killed"), ("turned", "Hunters turned Vampire"),
                           ("vampires_placed", "Vampires placed by Dracula"),
                           ("vampires_destroyed", "Vampires destroyed by the Hunters"),
                           ("vampires_on_chart", "Vampires on the Chart at the end"),
                           ("dracula_found", "times Dracula was found"),
                           ("dracula_combats", "combats with Dracula"),
                           ("combats", "combats in all (Dracula and Agents)")):
            values = [r[key] for r in good]
            out.append(f"| {label}, per game (mean; games with any) | "
                       f"{statistics.mean(values):.2f}; "
                       f"{pct(sum(1 for v in values if v), len(good))} |")
        busy = sum(r["seconds"] for r in good)
        out.append(f"| play speed (one process) | {sum(actions) / busy:,.0f} actions/s, "
                   f"{len(good) / busy:.2f} games/s |")
    errors = [r for r in results if "error" in r]
    if errors:
        out.append("")
        out.append(f"Errors ({len(errors)}): " + "; ".join(
            f"seed {r['seed']}: {r['error']}" for r in errors[:10]))
    unfinished = [r["seed"] for r in good if not r["finished"]]
    if unfinished:
        out.append(f"Unfinished at the step limit (seeds): {unfinished[:20]}")
    return "\n".join(out)


def _told(results: Iterator[dict[str, Any]], games: int, start: float
          ) -> Iterator[dict[str, Any]]:
    """The results as they come, saying on standard error each tenth of the games done."""
    step = max(1, games // 10)
    for done, result in enumerate(results, 1):
        if done % step == 0 or done == games:
            print(f"  {done}/{games} games, {time.perf_counter() - start:.0f}s",
                  file=sys.stderr, flush=True)
        yield result


def main(games: int = 1000, seed: int = 2026, workers: int = 2,
         max_steps: int = 6_000) -> None:
    jobs = [(i, s, max_steps) for i, s in enumerate(game_seeds(seed, games))]
    start = time.perf_counter()
    print(f"{GAME}: {games} games, seed {seed}, {workers} worker(s)", file=sys.stderr)
    if workers <= 1:
        results = list(_told(map(play_one, jobs), games, start))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(_told(pool.map(play_one, jobs, chunksize=10), games, start))
    results.sort(key=lambda r: r["index"])
    print(report(results, games, seed, workers, time.perf_counter() - start))
    for r in results:
        if "error" in r:
            print(f"\nseed {r['seed']}:\n{r['trace']}", file=sys.stderr)


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    main(*args)
