"""The ``gothic`` command: list, demo, simulate and replay the registered games.

    gothic list
    gothic demo [GAME ...] [--seed N] [--save FILE]
    gothic simulate GAME --games N --seed S --workers W
    gothic replay FILE
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from .agents import GameRecord, play_game, replay, simulate
from .errors import GothicError
from .registry import available_games, load_game

_WIDTH = 88


def _parse_option(text: str) -> tuple[str, Any]:
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"options are NAME=VALUE, not {text!r}")
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw  # a bare word is a string
    return name.strip(), value


def _say(line: str = "", out: TextIO | None = None) -> None:
    print(line, file=out or sys.stdout)


def cmd_list(args: argparse.Namespace) -> int:
    names = available_games()
    if not names:
        _say("No games are registered.")
        return 0
    for name in names:
        try:
            info = load_game(name).describe()
        except GothicError as exc:
            _say(f"{name:18} (cannot be loaded: {exc})")
            continue
        _say(f"{name:18} {info['title']}")
        _say(f"{'':18} seats: {', '.join(info['seats'])}")
        for opt in info["options"]:
            _say(f"{'':18} --option {opt['name']}=...  (default {opt['default']!r}) "
                 f"{opt['help']}")
    return 0


def _narrate(record: GameRecord, out: TextIO) -> None:
    for entry in record.public_log:
        text = str(entry.get("text", entry.get("kind", "")))
        _say(textwrap.fill(text, _WIDTH, initial_indent="  ", subsequent_indent="    "), out)


def _outcome_line(record: GameRecord) -> str:
    outcome = record.outcome
    if outcome is None:
        return f"Unfinished after {record.steps} actions."
    winners = ", ".join(outcome["winners"]) or "nobody"
    level = f" ({outcome['level']})" if outcome.get("level") else ""
    reason = f": {outcome['reason']}" if outcome.get("reason") else ""
    return f"Winner: {winners}{level}{reason}. {record.steps} actions."


def cmd_demo(args: argparse.Namespace) -> int:
    names = args.games or available_games()
    if not names:
        _say("No games are registered.")
        return 1
    options = dict(args.option or [])
    status = 0
    for name in names:
        try:
            game = load_game(name)
            _say("=" * _WIDTH)
            _say(f"{game.title}  (gothic demo {name} --seed {args.seed})")
            _say("=" * _WIDTH)
            _, record = play_game(game, args.seed, options=options if args.games else {},
                                  max_steps=args.max_steps)
        except GothicError as exc:
            _say(f"{name}: {exc}", sys.stderr)
            status = 1
            continue
        _narrate(record, sys.stdout)
        _say("-" * _WIDTH)
        _say(_outcome_line(record))
        _say()
        if args.save:
            path = Path(args.save if len(names) == 1 else f"{args.save}.{name}.json")
            path.write_text(record.to_json() + "\n", encoding="utf-8")
            _say(f"Saved the game record to {path}")
    return status


class _Progress:
    """A progress bar on stderr (redrawn in place on a terminal, a line per 10% otherwise)."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.tty = sys.stderr.isatty()
        self.last_decile = -1
        self.start = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        share = done / max(total, 1)
        elapsed = time.perf_counter() - self.start
        bar = "#" * int(share * 30)
        line = f"[{bar:30}] {done}/{total} games, {elapsed:.1f}s"
        if self.tty:
            sys.stderr.write("\r" + line + ("\n" if done == total else ""))
        elif int(share * 10) > self.last_decile:
            self.last_decile = int(share * 10)
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


def cmd_simulate(args: argparse.Namespace) -> int:
    options = dict(args.option or [])
    progress = _Progress(args.games) if args.games > 1 else None
    try:
        result = simulate(args.game, args.games, args.seed, workers=args.workers,
                          options=options, agents=args.agents, max_steps=args.max_steps,
                          progress=progress)
    except GothicError as exc:
        _say(f"gothic simulate: {exc}", sys.stderr)
        return 1
    _say(f"{args.game}: {args.games} games, seed {args.seed}, {args.agents} agents, "
         f"{args.workers} worker(s)")
    _say()
    _say(f"{'winners':40} {'level':22} {'games':>6} {'share':>7}")
    for winners, level, n, share in result.outcome_table():
        _say(f"{winners:40} {level:22} {n:6d} {share:7.1%}")
    _say()
    _say(f"mean game length: {result.mean_steps:.1f} actions")
    _say(f"actions per second: {result.actions_per_second:,.0f} (per worker)")
    _say(f"wall time: {result.wall_seconds:.1f}s")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        record = GameRecord.from_json(Path(args.file).read_text(encoding="utf-8"))
        replay(load_game(record.game), record)
    except OSError as exc:
        _say(f"gothic replay: cannot read {args.file}: {exc.strerror}", sys.stderr)
        return 1
    except GothicError as exc:
        _say(f"gothic replay: {args.file} does not replay: {exc}", sys.stderr)
        return 1
    if not args.quiet:
        _narrate(record, sys.stdout)
    _say(f"{args.file}: {record.game}, seed {record.seed}, {record.steps} actions replayed; "
         f"log and outcome match. {_outcome_line(record)}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="gothic", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("list", help="list the registered games")
    p.set_defaults(run=cmd_list)

    p = sub.add_parser("demo", help="play seeded bot games and narrate the public log")
    p.add_argument("games", nargs="*", metavar="GAME", help="games to play (default: all)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--save", metavar="FILE", help="write the game record (for gothic replay)")
    p.add_argument("--option", type=_parse_option, action="append", metavar="NAME=VALUE")
    p.add_argument("--max-steps", type=int, default=200_000)
    p.set_defaults(run=cmd_demo)

    p = sub.add_parser("simulate", help="play many seeded bot games and tabulate outcomes")
    p.add_argument("game")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--agents", choices=("default", "random"), default="default")
    p.add_argument("--option", type=_parse_option, action="append", metavar="NAME=VALUE")
    p.add_argument("--max-steps", type=int, default=100_000)
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("replay", help="re-play a saved game record and check it")
    p.add_argument("file")
    p.add_argument("--quiet", action="store_true", help="do not print the log")
    p.set_defaults(run=cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except BrokenPipeError:  # the reader stopped early (gothic demo | head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        _say("interrupted", sys.stderr)
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
