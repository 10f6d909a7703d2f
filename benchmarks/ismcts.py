"""gk.ISMCTSAgent against each game's default bots: wins per side over seeded games.

    python benchmarks/ismcts.py vampyre --seats harker --budgets 0 10 40 --games 20
    python benchmarks/ismcts.py draculas_revenge --seats vampires --budgets 0 10 40 --games 10

For each budget (simulations per decision; 0: the game's own bot in those seats, the
baseline), plays the same seeded games with :class:`gothic_kernel.ISMCTSAgent` in
``--seats`` and the game's default bots everywhere else, and prints the wins of each
side. ``--out FILE`` appends one JSON line per game (so a long run can be resumed and
tabled with ``--table FILE``). Not run in CI: a table takes from minutes to hours.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import gothic_kernel as gk


def load(name: str) -> gk.Game:
    if name == "fury_modern" and name not in gk.available_games():
        from fury_modern import FuryModernGame

        return FuryModernGame()
    return gk.load_game(name)


def play(game: gk.Game, seed: int, seats: list[str], budget: int, options: dict[str, Any],
         rollout: str, rollout_steps: int, max_steps: int, guide: bool) -> dict[str, Any]:
    agents: dict[str, gk.Agent] = {}
    if budget:
        agents = {seat: gk.ISMCTSAgent(budget, seed=seed + i, rollout=rollout,
                                       rollout_steps=rollout_steps, guide=guide)
                  for i, seat in enumerate(seats)}
    start = time.perf_counter()
    _, record = gk.play_game(game, seed, options=options, agents=agents, max_steps=max_steps)
    outcome = record.outcome
    return {"game": game.name, "seats": seats, "budget": budget, "seed": seed,
            "options": options, "rollout": rollout, "rollout_steps": rollout_steps,
            "guide": guide,
            "winners": None if outcome is None else outcome["winners"],
            "steps": record.steps, "seconds": round(time.perf_counter() - start, 2)}


def _setting(row: dict[str, Any]) -> str:
    return f"{row['rollout']}/{row.get('guide', row['rollout'] == 'default')}"


def table(rows: list[dict[str, Any]]) -> str:
    """Markdown: per setting, games played and wins of each side."""
    groups: dict[tuple[str, str, int, str], list[dict[str, Any]]] = {}
    for row in rows:
        guided = row.get("guide", row["rollout"] == "default")
        playouts = f"{row['rollout']}{', guided' if guided else ''}" if row["budget"] else ""
        key = (row["game"], ",".join(row["seats"]), row["budget"], playouts)
        groups.setdefault(key, []).append(row)
    lines = ["| game | ISMCTS plays | simulations | playouts | games | wins | unfinished "
             "| s/game |", "|---|---|---|---|---|---|---|---|"]
    for (game, seats, budget, playouts), found in sorted(groups.items()):
        wins: Counter[str] = Counter()
        for row in found:
            if row["winners"] is not None:
                wins[" and ".join(row["winners"]) or "nobody"] += 1
        said = ", ".join(f"{w} {n}" for w, n in wins.most_common())
        unfinished = sum(row["winners"] is None for row in found)
        who = seats if budget else f"{seats} (default bot)"
        seconds = sum(r["seconds"] for r in found) / len(found)
        lines.append(f"| {game} | {who} | {budget or '-'} | {playouts or '-'} | {len(found)} "
                     f"| {said} | {unfinished} | {seconds:.0f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--seats", default="", help="comma-separated seats ISMCTS plays")
    parser.add_argument("--budgets", type=int, nargs="+", default=[0, 10, 40])
    parser.add_argument("--games", type=int, help="games per budget (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollout", default="random", choices=("random", "default"))
    parser.add_argument("--rollout-steps", type=int, default=200)
    parser.add_argument("--guide", choices=("yes", "no"),
                        help="the bots suggest moves (default: with default playouts)")
    parser.add_argument("--max-steps", type=int, default=20_000)
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--table", type=Path, help="print the table of a --out file")
    args = parser.parse_args()
    if args.table:
        rows = [json.loads(line) for line in args.table.read_text().splitlines() if line]
        if args.games is not None:  # only the first games of the seed's stream
            seeds = set(gk.game_seeds(args.seed, args.games))
            rows = [row for row in rows if row["seed"] in seeds]
        print(table(rows))
        return
    args.games = 10 if args.games is None else args.games
    game = load(args.game)
    known = {o.name: o for o in game.options}
    options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = known[name].parse(value)
    seats = [s for s in args.seats.split(",") if s]
    guide = args.rollout == "default" if args.guide is None else args.guide == "yes"
    done = set()
    if args.out and args.out.exists():
        for line in args.out.read_text().splitlines():
            row = json.loads(line)
            done.add((row["game"], tuple(row["seats"]), row["budget"], row["seed"],
                      json.dumps(row["options"], sort_keys=True),
                      _setting(row) if row["budget"] else ""))
    rows = []
    for budget in args.budgets:
        for seed in gk.game_seeds(args.seed, args.games):
            key = (game.name, tuple(seats), budget, seed, json.dumps(options, sort_keys=True),
                   f"{args.rollout}/{guide}" if budget else "")
            if key in done:
                continue
            row = play(game, seed, seats, budget, options, args.rollout, args.rollout_steps,
                       args.max_steps, guide)
            rows.append(row)
            print(json.dumps(row), file=sys.stderr)
            if args.out:
                with args.out.open("a") as out:
                    out.write(json.dumps(row) + "\n")
    print(table(rows))


if __name__ == "__main__":
    main()
