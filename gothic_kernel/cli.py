"""The ``gothic`` command: list, demo, simulate, replay, render and play the registered
games.

    gothic list
    gothic demo [GAME ...] [--seed N] [--save FILE] [--option NAME=VALUE ...]
    gothic simulate GAME --games N --seed S [--workers W | --dask ADDRESS|local]
                         [--results FILE]
    gothic replay FILE
    gothic render FILE [--as SEAT] [--step N] [-o board.svg|board.png]
    gothic play GAME [--seat SEAT ...] [--bots default|random] [--load FILE]

Every error is one line that starts with ``gothic SUBCOMMAND:``, never a traceback.
The exit status is 0 when the command did its work; 1 when a game could not be played
(its rules or an agent failed); 2 when the command line or a file it names is refused
(an unknown game, seat or option, a bad value, a file that is not what it should be);
130 when it was interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import re
import signal
import sys
import textwrap
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import Executor, InvalidStateError, ProcessPoolExecutor
from contextlib import contextmanager, nullcontext
from importlib import metadata
from pathlib import Path
from typing import Any, NoReturn, TextIO

from .actions import Action
from .agents import Agent, GameRecord, agent_factory, play_game, replay
from .errors import BadOption, CorruptSave, GothicError, UnknownGame, UnknownSeat
from .game import Game, GameState, Outcome
from .registry import available_games, load_game
from .simulation import simulate
from .visibility import PUBLIC

_WIDTH = 88
_LIST_WIDTH = 100


class _Refusal(Exception):
    """A command line the subcommand cannot run (said in one line, exit status 2)."""


def _version() -> str:
    try:
        return metadata.version("gothic-games")
    except metadata.PackageNotFoundError:
        return "unknown"


def _say(line: str = "", out: TextIO | None = None) -> None:
    print(line, file=out or sys.stdout)


def _error(line: str) -> None:
    """A line on stderr, on a line of its own even under a progress bar."""
    _say(("\n" if _Progress.open_line else "") + line, sys.stderr)
    _Progress.open_line = False


def _whole(label: str, least: int) -> Any:
    """An argparse type: a whole number of at least ``least``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{label} must be a whole number, "
                                             f"not {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{label} must be {least} or more, not {value}")
        return value
    return parse


def _option_text(text: str) -> tuple[str, str]:
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"options are NAME=VALUE, not {text!r}")
    return name.strip(), raw


def _options_for(game: Game, given: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """The ``--option`` values for ``game``, each parsed by the game's own option type."""
    known = {opt.name: opt for opt in game.options}
    options: dict[str, Any] = {}
    for name, raw in given:
        if name not in known:
            names = ", ".join(known) or "none"
            raise BadOption(f"{game.name} has no option {name!r}; its options are {names}")
        if name in options:  # not the last one silently: the user meant one of them
            first = next(value for given_name, value in given if given_name == name)
            raise BadOption(f"option {name!r} is given twice ({first} and {raw}); give it "
                            "once (a tuple is a,b)")
        options[name] = known[name].parse(raw)
    game.resolve_options(options)
    return options


def _save_path(text: str | None, games: int) -> Path | None:
    """Where ``--save`` writes, checked before any game is played."""
    if text is None:
        return None
    path = Path(text)
    if path.is_dir():
        raise _Refusal(f"--save {text}: that is a folder; name a file in it")
    if not path.parent.is_dir():
        raise _Refusal(f"--save {text}: there is no folder {str(path.parent)!r}")
    if games > 1 and not os.access(path.parent, os.W_OK):
        raise _Refusal(f"--save {text}: the folder cannot be written to")
    return path


# -- gothic list ----------------------------------------------------------------------------

def cmd_list(args: argparse.Namespace) -> int:
    names = available_games()
    if not names:
        _say("No games are registered.")
        return 0
    for name in names:
        try:
            info = load_game(name).describe()
        except GothicError as exc:
            _say(f"{name} (cannot be loaded: {exc})")
            continue
        _say(f"{name}: {info['title']}")
        _say(_wrap(f"seats: {', '.join(info['seats'])}", "    "))
        for opt in info["options"]:
            default = _shown(opt["default"])
            _say(_wrap(f"--option {opt['name']}={default}  {opt['help']}", "    ", "        "))
        _say()
    return 0


def _shown(value: Any) -> str:
    """A default as ``--option`` accepts it back: ``True``, ``a,b``, ``3``, a word."""
    if isinstance(value, (tuple, list)):
        return ",".join(map(str, value)) or '""'
    if value == "":
        return '""'
    return str(value)


def _wrap(text: str, indent: str, more: str | None = None) -> str:
    return textwrap.fill(text, _LIST_WIDTH, initial_indent=indent,
                         subsequent_indent=more if more is not None else indent)


# -- gothic demo ----------------------------------------------------------------------------

def cmd_demo(args: argparse.Namespace) -> int:
    names = args.games or available_games()
    if not names:
        _say("No games are registered.")
        return 1
    save = _save_path(args.save, len(names))
    status = 0
    for name in names:
        try:
            game = load_game(name)
            options = _options_for(game, args.option or ())
        except GothicError as exc:
            _say(f"gothic demo: {exc}", sys.stderr)
            status = 2
            continue
        shown = "".join(f" --option {k}={_shown(v)}" for k, v in options.items())
        _say("=" * _WIDTH)
        _say(f"{game.title}  (gothic demo {name} --seed {args.seed}{shown})")
        _say("=" * _WIDTH)
        try:
            state, record = play_game(game, args.seed, options=options,
                                      max_steps=args.max_steps)
        except GothicError as exc:
            _say(f"gothic demo: {name}: {exc}", sys.stderr)
            status = max(status, 1)
            continue
        for line in game.report(state, record):
            _say(line)
        _say("-" * _WIDTH)
        _say(_outcome_line(record, game))
        _say()
        if save is not None:
            path = save if len(names) == 1 else _one_of(save, name)
            path.write_text(record.to_json() + "\n", encoding="utf-8")
            _say(f"Saved the game record to {path} (gothic replay {path})")
    return status


def _one_of(save: Path, name: str) -> Path:
    """Where ``--save FILE`` writes one of several games: many.json -> many.fury1987.json."""
    return save.with_name(f"{save.stem}.{name}{save.suffix or '.json'}")


def _outcome_line(record: GameRecord, game: Game) -> str:
    if record.outcome is None:
        return f"Unfinished: stopped after {record.steps} actions (--max-steps)."
    return f"{game.outcome_sentence(Outcome.from_data(record.outcome))} " \
           f"({record.steps} actions)"


# -- gothic simulate ------------------------------------------------------------------------

class _Progress:
    """A progress bar on stderr (redrawn in place on a terminal, a line per 10% otherwise)."""

    #: Whether a bar is drawn on the terminal without its line ended (an error or
    #: "interrupted" then starts a line of its own).
    open_line = False

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
            _Progress.open_line = done != total
        elif int(share * 10) > self.last_decile:
            self.last_decile = int(share * 10)
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


class AgentFailed(GothicError):
    """An agent of ``--agents MODULE:FACTORY`` failed in a game: raised, or chose no legal
    action (said naming the game, its seed and the seat; exit status 1)."""


class _CheckedAgents:
    """``--agents MODULE:FACTORY`` as simulate calls it, with every failure of the factory
    or of its agents said in one line naming the game, its seed and the seat. It names
    itself as the factory does (a results file's header is unchanged), and it is picked
    up by reference, so that worker processes can import it."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        factory = agent_factory(spec)  # BadOption now if it names nothing
        self.__module__ = factory.__module__
        self.__qualname__ = factory.__qualname__

    def __call__(self, state: GameState, seed: int) -> dict[str, Agent]:
        where = f"the {state.game.name} game of seed {seed}"
        try:
            given = agent_factory(self.spec)(state, seed)
        except Exception as exc:  # a user's factory may raise anything: said in one line
            raise BadOption(f"--agents {self.spec}: {where}: calling it as f(state, seed) "
                            f"raised {type(exc).__name__}: {exc}") from None
        if not isinstance(given, Mapping):
            raise BadOption(f"--agents {self.spec}: {where}: it returned "
                            f"{type(given).__name__}, not a mapping {{seat: agent}}")
        unknown = [seat for seat in given if seat not in state.seats]
        if unknown:
            raise BadOption(f"--agents {self.spec}: {where}: agents given for "
                            f"{', '.join(map(str, unknown))}, who do not play this game; "
                            f"its seats are {', '.join(state.seats)}")
        lacking = [seat for seat, agent in given.items()
                   if not callable(getattr(agent, "choose", None))]
        if lacking:
            raise BadOption(f"--agents {self.spec}: {where}: the agent of {lacking[0]} has "
                            "no choose(seat, observation, legal_actions) method")
        return {seat: _CheckedAgent(agent, state.game, self.spec, where)
                for seat, agent in given.items()}


class _CheckedAgent:
    """An agent whose exceptions and illegal choices are said as :class:`AgentFailed`;
    it reads and chooses exactly as the agent it wraps."""

    def __init__(self, agent: Agent, game: Game, spec: str, where: str) -> None:
        self.agent, self.game, self.spec, self.where = agent, game, spec, where

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)  # reads_observation, searches, ...

    def choose(self, seat: str, observation: Any, legal_actions: Sequence[Action],
               **search: Any) -> Action:
        try:
            choice = self.agent.choose(seat, observation, legal_actions, **search)
        except GothicError:
            raise
        except Exception as exc:  # a user's agent may raise anything: said in one line
            raise AgentFailed(f"--agents {self.spec}: {self.where}: the agent of {seat} "
                              f"raised {type(exc).__name__}: {exc}") from None
        if choice in legal_actions:
            return choice
        parsed = self.parsed(choice)  # the JSON form of a legal action is as good
        if parsed is not None and parsed in legal_actions:
            return parsed
        shown = choice.to_json() if isinstance(choice, Action) else choice
        raise AgentFailed(f"--agents {self.spec}: {self.where}: the agent of {seat} "
                          f"chose {shown!r}, which is not one of its "
                          f"{len(legal_actions)} legal actions")

    def parsed(self, choice: object) -> Action | None:
        """A choice given as JSON data (``state.apply`` takes it) as its action."""
        if not isinstance(choice, Mapping):
            return None
        try:
            return self.game.parse_action(choice)
        except GothicError:
            return None


def _factory_spec(spec: str) -> str:
    """``--agents MODULE:FACTORY`` made importable as ``python -m`` would: MODULE is looked
    for in the current folder too (a console script's path does not hold it), and a file
    name given for MODULE is refused with the form to use instead."""
    module = spec.partition(":")[0]
    if module.endswith(".py") or os.sep in module or "/" in module:
        name = Path(module).name.removesuffix(".py")
        raise BadOption(f"agents {spec!r}: MODULE is a module name, not a file: run from "
                        f"the folder of {Path(module).name} with --agents "
                        f"{name}:{spec.partition(':')[2] or 'FACTORY'}")
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.insert(0, here)
    return spec


def cmd_simulate(args: argparse.Namespace) -> int:
    options = _options_for(load_game(args.game), args.option or ())
    progress = _Progress(args.games) if args.games > 1 else None
    agents: str | _CheckedAgents = args.agents
    if args.agents not in ("default", "random"):
        agents = _CheckedAgents(_factory_spec(args.agents))
    with _executor(args) as (executor, workers):
        result = simulate(args.game, args.games, args.seed, workers=workers,
                          executor=executor, options=options, agents=agents,
                          max_steps=args.max_steps, results_file=args.results,
                          progress=progress)
    where = f"Dask cluster {args.dask} ({workers} at once)" if args.dask \
        else f"{workers} worker(s)"
    _say(f"{args.game}: {args.games} games, seed {args.seed}, {args.agents} agents, {where}")
    _say()
    _say(f"{'winners':40} {'level':22} {'games':>6} {'share':>7}")
    for winners, level, n, share in result.outcome_table():
        _say(f"{winners:40} {level:22} {n:6d} {share:7.1%}")
    _say()
    if result.unfinished:
        _say(f"unfinished: {result.unfinished} games stopped at --max-steps {args.max_steps}")
    _say(f"mean game length: {result.mean_steps:.1f} actions")
    _say(f"actions per second: {result.actions_per_second:,.0f} (per worker)")
    _say(f"wall time: {result.wall_seconds:.1f}s")
    if args.results:
        _say(f"results: {args.results} (run again with it to go on after an interruption)")
    return 0


def _stop_with_parent(parent: int) -> None:
    """A worker process's initializer: leave Ctrl-C to the parent (which stops the
    workers), and stop as soon as the parent is gone (killed, it cannot stop them)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="stop with parent", daemon=True).start()


#: Set when Ctrl-C stopped the worker processes.
_INTERRUPTED = threading.Event()


def _quiet_pool_end(hook: threading.ExceptHookArgs) -> None:
    """The pool's own thread, finding its workers stopped, may fail to mark a cancelled
    game as failed (Python 3.11): nothing to say, the command is stopping."""
    if hook.exc_type is not InvalidStateError:
        threading.__excepthook__(hook)


@contextmanager
def _worker_processes(workers: int) -> Iterator[Executor]:
    """``--workers`` processes that stop with the command: at once when it is interrupted
    or fails (their running games are dropped), and by themselves if it is killed."""
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_stop_with_parent,
                               initargs=(os.getpid(),))

    def stop_workers() -> None:
        threading.excepthook = _quiet_pool_end
        for child in multiprocessing.active_children():  # this command's own workers
            child.terminate()

    def interrupted(signum: int, frame: object) -> None:
        _INTERRUPTED.set()  # what fails next, as the workers stop, is this interruption
        stop_workers()  # first: whatever the command was doing when Ctrl-C came
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGINT, interrupted) \
        if threading.current_thread() is threading.main_thread() else None
    try:
        yield pool
    except BaseException:
        stop_workers()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    finally:
        if before is not None:
            signal.signal(signal.SIGINT, before)
    pool.shutdown(wait=True)


@contextmanager
def _executor(args: argparse.Namespace) -> Iterator[tuple[Executor | None, int]]:
    """The executor --dask asks for (dask is imported only then), else the workers."""
    if not args.dask:
        with _worker_processes(args.workers) if args.workers > 1 else nullcontext() as pool:
            yield pool, args.workers
        return
    from .cluster import dask_executor  # the optional extra, imported only when asked

    with dask_executor(args.dask, args.workers) as (executor, workers):
        yield executor, workers


# -- gothic replay --------------------------------------------------------------------------

def cmd_replay(args: argparse.Namespace) -> int:
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except OSError as exc:
        raise _Refusal(f"cannot read {args.file}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except ValueError:
        raise _Refusal(f"{args.file} is not JSON, so not a game record") from None
    if _snapshot(data):
        raise _Refusal(f"{args.file} is a state snapshot (state.to_json()), not a game "
                       "record; gothic demo --save writes game records")
    try:
        record = GameRecord.from_json(text)
        replay(load_game(record.game), record)
    except CorruptSave as exc:
        raise _Refusal(f"{args.file}: {exc}") from None
    except GothicError as exc:
        raise _Refusal(f"{args.file} does not replay: {exc}") from None
    if not args.quiet:
        for entry in record.public_log:
            _say(textwrap.fill(str(entry.get("text", "")), _WIDTH, initial_indent="  ",
                               subsequent_indent="    "))
    _say(f"{args.file}: {record.game}, seed {record.seed}, {record.steps} actions replayed; "
         f"log and outcome match. {_outcome_line(record, load_game(record.game))}")
    return 0


def _snapshot(data: object) -> bool:
    """Whether a file's JSON is a state snapshot (``state.to_json()``, ``save FILE``), whole
    or damaged, rather than a game record (``gothic demo --save``)."""
    return isinstance(data, dict) and ("state" in data or "dice" in data)


# -- gothic render --------------------------------------------------------------------------

def cmd_render(args: argparse.Namespace) -> int:
    from .svg import picture, save

    out = args.output
    if out != "-":
        where = Path(out)
        if where.suffix.lower() not in (".svg", ".png"):
            raise _Refusal(f"-o {out}: a picture is written as .svg or .png")
        if not where.parent.is_dir():
            raise _Refusal(f"-o {out}: there is no folder {str(where.parent)!r}")
    state, said = load_position(args.file, args.step)
    try:
        svg = picture(state, args.seat, **({"size": args.size} if args.size else {}))
    except UnknownSeat as exc:
        raise _Refusal(f"--as {args.seat}: {exc.message}") from None
    if out == "-":
        sys.stdout.write(svg + "\n")
        return 0
    try:
        save(svg, out)
    except BadOption as exc:  # too large a PNG
        raise _Refusal(f"--size {args.size}: {exc}" if args.size else str(exc)) from None
    who = "everyone" if args.seat == PUBLIC else state.game.seat_name(args.seat)
    _say(f"{out}: {state.game.name} {said}, as {who} sees it")
    return 0


def load_position(path: str, step: int | None = None) -> tuple[GameState, str]:
    """The position a file holds: a state snapshot (``state.to_json()``) as it is, or a
    game record (``gothic demo --save``) replayed to its end or to ``step`` actions; and
    where that is, in words ("after 40 of 212 actions")."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise _Refusal(f"cannot read {path}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except ValueError:
        raise _Refusal(f"{path} is not JSON: neither a game record nor a state "
                       "snapshot") from None
    if _snapshot(data):
        if step is not None:
            raise _Refusal(f"--step needs a game record; {path} is a state snapshot "
                           "(one position)")
        try:
            return load_game(str(data.get("game"))).from_json(text), "(a saved position)"
        except CorruptSave as exc:
            raise _Refusal(f"{path}: {exc}") from None
    try:
        record = GameRecord.from_json(text)
    except CorruptSave as exc:
        raise _Refusal(f"{path}: {exc}") from None
    total = len(record.actions)
    upto = total if step is None else step
    if upto > total:
        raise _Refusal(f"--step {step}: {path} holds only {total} actions")
    game = load_game(record.game)
    state = game.new_game(seed=record.seed, **record.options)
    for i, (seat, action) in enumerate(record.actions[:upto]):
        try:
            state.apply(seat, game.parse_action(action))
        except GothicError as exc:
            raise _Refusal(f"{path} does not replay at step {i}: {exc}") from None
    return state, f"after {upto} of {total} actions"

# -- gothic play ----------------------------------------------------------------------------

def _loaded(path_text: str, name: str | None, asked: Sequence[str]
            ) -> tuple[Game, GameState, tuple[str, ...]]:
    """The game and position a ``--load`` file holds: a state snapshot (``save FILE`` at a
    prompt, ``state.to_json()``) or a game record (``gothic demo --save``), replayed; and
    the seats people play: ``--seat`` (``asked``) if given, else those that played when the
    snapshot was saved (a snapshot that does not say is refused: a bot would otherwise
    play a person's turn), else a game record's first seat (bots played it all)."""
    from .play import saved_people

    try:
        text = Path(path_text).expanduser().read_text(encoding="utf-8")
    except OSError as exc:
        raise _Refusal(f"cannot read {path_text}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise _Refusal(f"{path_text} is not a saved game (not text)") from None
    try:
        data = json.loads(text)
    except ValueError:
        raise _Refusal(f"{path_text} is not a saved game (not JSON)") from None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise _Refusal(f"{path_text} is not a saved game (it names no game)")
    if name is not None and data["game"] != name:
        raise _Refusal(f"{path_text} holds a {data['game']} game, not {name}")
    try:
        game = load_game(data["game"])
    except GothicError as exc:
        raise _Refusal(f"{path_text}: {exc}") from None
    snapshot = _snapshot(data)
    try:
        state = game.from_json(text) if snapshot else replay(game, GameRecord.from_json(text))
        saved = saved_people(state, data) if snapshot else None
    except (CorruptSave, ValueError) as exc:
        raise _Refusal(f"{path_text} is corrupt: {exc}") from None
    except GothicError as exc:
        raise _Refusal(f"{path_text} does not replay: {exc}") from None
    if asked or not snapshot:
        return game, state, _people(state, asked)
    if saved is None:
        raise _Refusal(f"{path_text} does not say which seats people played (a "
                       "state.to_json() snapshot, or saved before gothic play kept them): "
                       "name yours with --seat SEAT "
                       f"(repeat it, or a,b, or all; the seats are {', '.join(state.seats)})")
    return game, state, saved


def _people(state: GameState, asked: Sequence[str]) -> tuple[str, ...]:
    from .play import people

    try:
        return people(state, asked)
    except ValueError as exc:
        raise _Refusal(str(exc)) from None


def cmd_play(args: argparse.Namespace) -> int:
    from .play import Session, bots_for

    if args.load is not None:
        if args.option:
            raise _Refusal("--option cannot be given with --load: the save holds the options")
        game, state, humans = _loaded(args.load, args.game, args.seat or ())
        if not args.seat:
            _say(f"Going on from {args.load} as {', '.join(map(game.seat_name, humans))} "
                 "(--seat chooses other seats).")
    elif args.game is None:
        raise _Refusal("name a game to play (gothic list shows them), or --load FILE")
    else:
        game = load_game(args.game)
        state = game.new_game(seed=args.seed, **_options_for(game, args.option or ()))
        humans = _people(state, args.seat or ())
    agents = bots_for(game, state, args.seed, args.bots)
    session = Session(game, state, humans, agents, echo=not sys.stdin.isatty(),
                      max_steps=args.max_steps)
    return session.run()


# -- the parser -----------------------------------------------------------------------------

class _Shown(argparse.ArgumentDefaultsHelpFormatter):
    """Every flag with its default, unless its help says it already, or there is none to
    show (None, or a switch's False)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if "(default" in text or action.default is None or action.default is False or \
                action.default is argparse.SUPPRESS:
            return text
        return super()._get_help_string(action)


class _PlayHelp(argparse.RawDescriptionHelpFormatter, _Shown):
    """The description as it is written, and every flag with its default."""


class _Parser(argparse.ArgumentParser):
    """Errors as one line, ``gothic SUBCOMMAND: ...``, then where to find help."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _plain(doc: str) -> str:
    """A docstring for a terminal: ``code`` and :role:`target` marks dropped."""
    return re.sub(r":\w+:`~?([^`]*)`", lambda m: m.group(1).rsplit(".", 1)[-1],
                  doc.replace("``", ""))


def _seed_arg(p: argparse.ArgumentParser, more: str = "") -> None:
    p.add_argument("--seed", type=_whole("--seed", 0), default=1,
                   help=f"the seed of the game's dice and bots (a whole number from 0 to "
                        f"2**128 - 1){more}")


def _option_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--option", type=_option_text, action="append", metavar="NAME=VALUE",
                   help="a game option, as gothic list shows it (True/False, a,b for a tuple, "
                        "a word, or JSON); repeat for several (default: the game's defaults)")


def _demo_args(p: argparse.ArgumentParser, several: bool) -> None:
    _seed_arg(p)
    p.add_argument("--save", metavar="FILE", default=None,
                   help="write the game record there, for gothic replay" +
                        (" (with several games, one file each: many.json is written as "
                         "many.GAME.json)" if several else ""))
    _option_arg(p)
    p.add_argument("--max-steps", type=_whole("--max-steps", 1), default=200_000,
                   help="stop a game still going after this many actions (it is reported "
                        "unfinished)")
    p.set_defaults(run=cmd_demo, command="demo")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="gothic", description=_plain(__doc__ or ""),
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"gothic {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    shown = _Shown

    p = sub.add_parser("list", help="list the installed games, their seats and options",
                       formatter_class=shown)
    p.set_defaults(run=cmd_list)

    p = sub.add_parser("demo", help="play seeded bot games and tell what happened",
                       formatter_class=shown)
    p.add_argument("games", nargs="*", metavar="GAME",
                   help="the games to play (default: every installed game)")
    _demo_args(p, several=True)

    p = sub.add_parser("simulate", help="play many seeded bot games and tabulate the outcomes",
                       formatter_class=shown)
    p.add_argument("game", help="the game to simulate")
    p.add_argument("--games", type=_whole("--games", 1), default=100,
                   help="how many games to play")
    _seed_arg(p)
    p.add_argument("--workers", type=_whole("--workers", 1), default=1,
                   help="worker processes (the results do not depend on it; with --dask "
                        "local, the local cluster's)")
    p.add_argument("--dask", metavar="ADDRESS|local", default=None,
                   help="play the games on the Dask cluster whose scheduler is at ADDRESS, "
                        "or on a local cluster of --workers processes (the dask extra)")
    p.add_argument("--results", metavar="FILE", default=None,
                   help="write each finished game to FILE (JSON lines); run again with the "
                        "same FILE to go on after an interruption without replaying them")
    p.add_argument("--agents", default="default", metavar="default|random|MODULE:FACTORY",
                   help="who plays: the game's bots, random play, or a factory "
                        "f(state, seed) -> {seat: agent} (seats left out play the game's "
                        "bots); MODULE is a module name (mybot for mybot.py), imported "
                        "from the current folder or the installed packages")
    _option_arg(p)
    p.add_argument("--max-steps", type=_whole("--max-steps", 1), default=100_000,
                   help="stop a game still going after this many actions (counted unfinished)")
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("replay", help="re-play a saved game record and check its log and "
                                      "outcome", formatter_class=shown)
    p.add_argument("file", help="a game record written by gothic demo --save")
    p.add_argument("--quiet", action="store_true", help="do not print the log")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("render", help="draw the board as one seat sees it, from a game "
                                      "record or a state snapshot", formatter_class=shown)
    p.add_argument("file", help="a game record (gothic demo --save) or a state snapshot "
                                "(state.to_json())")
    p.add_argument("--as", dest="seat", default=PUBLIC, metavar="SEAT",
                   help="whose view to draw: a seat, or public for what everyone sees")
    p.add_argument("--step", type=_whole("--step", 0), default=None,
                   help="a game record's position after this many actions (default: the "
                        "end)")
    p.add_argument("-o", "--output", default="-", metavar="FILE",
                   help="where to write the picture: .svg, or .png with the png extra "
                        "installed; - writes the SVG to standard output")
    p.add_argument("--size", type=_whole("--size", 1), default=None,
                   help="the picture's width in pixels (default: its natural size); a "
                        "PNG is at most 32767 pixels on a side")
    p.set_defaults(run=cmd_render)
    from .play import HELP as play_help

    p = sub.add_parser("play", help="play a game in the terminal, against bots or hot-seat",
                       formatter_class=_PlayHelp, description=play_help)
    p.add_argument("game", nargs="?", metavar="GAME",
                   help="the game to play (with --load: the game the file holds)")
    p.add_argument("--seat", action="append", metavar="SEAT",
                   help="a seat you play: repeat it, or a,b, or all, for hot-seat "
                        "(default: with --load, the seats that saved it; else the game's "
                        "first seat)")
    p.add_argument("--bots", choices=("default", "random"), default="default",
                   help="who plays the other seats: the game's bots or random play")
    _seed_arg(p, "; with --load, the bots' only (the file holds the dice)")
    _option_arg(p)
    p.add_argument("--load", metavar="FILE", default=None,
                   help="go on from a file: a position written by save FILE at a prompt, "
                        "or a game record written by gothic demo --save")
    p.add_argument("--max-steps", type=_whole("--max-steps", 1), default=None,
                   help="stop after this many actions, the bots' included")
    p.set_defaults(run=cmd_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    return _run(build_parser().parse_args(argv))


def _interruptible(args: argparse.Namespace) -> int:
    """The subcommand; whatever fails once Ctrl-C stopped its workers is that Ctrl-C."""
    try:
        status: int = args.run(args)
    except Exception:
        if _INTERRUPTED.is_set():
            raise KeyboardInterrupt from None
        raise
    return status


def _run(args: argparse.Namespace) -> int:
    try:
        status: int = _interruptible(args)
    except (_Refusal, BadOption, CorruptSave, UnknownGame, UnknownSeat) as exc:
        _error(f"gothic {args.command}: {exc}")
        return 2
    except GothicError as exc:
        _error(f"gothic {args.command}: {exc}")
        return 1
    except BrokenPipeError:  # the reader stopped early (gothic demo | head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        _Progress.open_line = _Progress.open_line or sys.stderr.isatty()  # after "^C"
        _error("interrupted")
        return 130
    return status


def run_demo(game: str, argv: Sequence[str] | None = None) -> int:
    """``python -m GAME [--seed N] ...``: one narrated bot game of ``game``."""
    parser = _Parser(prog=f"python -m {game}", formatter_class=_Shown,
                     description=f"Play one seeded bot game of {game} and tell what "
                                 f"happened (as gothic demo {game}).")
    _demo_args(parser, several=False)
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    args.games = [game]
    return _run(args)


if __name__ == "__main__":
    sys.exit(main())
