"""Batch simulation: many seeded games in one process, a pool of processes or a cluster.

    sim = gk.simulate("vampyre", 10_000, seed=1, workers=2)
    sim.outcome_table(), sim.mean_steps, sim.unfinished

    for result in gk.simulated_games("fury1987", 1_000_000, seed=1, executor=pool,
                                     results_file="fury.jsonl"):
        ...

Game ``i`` is seeded :func:`~gothic_kernel.seeds.game_seed` ``(seed, i)`` and played
by :func:`~gothic_kernel.agents.play_game`, so each game's result (its winners,
length and the digest of its actions) is the same whoever plays it: one process,
``workers`` processes, or any :class:`concurrent.futures.Executor`, such as a Dask
cluster's (``distributed.Client(...).get_executor()``; see
:mod:`gothic_kernel.cluster`). The executor is handed small batches of games, never
more than a few per worker at once, and the results come back as a stream, in game
order; :class:`Simulation` tallies them as they come, so memory stays flat however
many games are played.

A results file (JSON lines: a header naming the simulation, then one finished game a
line, written as each batch finishes) lets a long simulation stop and go on later:
run again with the same file, and the games it holds are read back, not replayed.
"""

from __future__ import annotations

import hashlib
import heapq
import itertools
import json
import os
import pickle
import time
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import IO, Any

import attrs

from .agents import AgentFactory, agent_factory, play_game
from .errors import BadOption, GothicError
from .game import Game, check_seed
from .registry import load_game, register_game, registration
from .seeds import GameSeeds

__all__ = ["GameResult", "Simulation", "simulate", "simulated_games"]

#: Batches handed to an executor at once, per worker: enough to keep every worker busy,
#: few enough that memory does not grow with the number of games.
BATCHES_PER_WORKER = 4
RESULTS_FORMAT = 1
NONE = type(None)


@attrs.frozen
class GameResult:
    """The summary of one simulated game. ``digest`` is a fingerprint of every action
    played (the same game played anywhere has the same digest); ``seconds``, how long
    it took, is left out of comparisons."""

    index: int
    seed: int
    winners: tuple[str, ...]
    level: str | None
    steps: int
    seconds: float = attrs.field(eq=False)
    finished: bool
    digest: str = ""

    def to_data(self) -> dict[str, Any]:
        """The result as a line of a results file."""
        return {"index": self.index, "seed": self.seed, "winners": list(self.winners),
                "level": self.level, "steps": self.steps, "seconds": self.seconds,
                "finished": self.finished, "digest": self.digest}

    @staticmethod
    def from_data(data: Any) -> GameResult:
        """The result a line of a results file holds; ValueError if it holds none."""
        try:
            result = GameResult(data["index"], data["seed"], tuple(data["winners"]),
                                data["level"], data["steps"], float(data["seconds"]),
                                data["finished"], data.get("digest", ""))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a game result: {exc}") from None
        fields: tuple[tuple[str, object, type | tuple[type, ...], str], ...] = (
            ("index", result.index, int, "a whole number from 0"),
            ("seed", result.seed, int, "a whole number"),
            ("steps", result.steps, int, "a whole number from 0"),
            ("finished", result.finished, bool, "true or false"),
            ("digest", result.digest, str, "a string"),
            ("level", result.level, (str, NONE), "a string or null"),
            *(("winners", w, str, "a list of seat names") for w in result.winners))
        for name, value, kind, wanted in fields:
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)) \
                    or (wanted.endswith("from 0") and isinstance(value, int) and value < 0):
                raise ValueError(f"not a game result: its {name} must be {wanted}, "
                                 f"not {json.dumps(data.get(name))}")
        return result


@attrs.define
class Simulation:
    """The outcome table of :func:`simulate`, tallied game by game as results come.

    Each game's :class:`GameResult` is kept only with ``simulate(...,
    keep_results=True)`` (:attr:`results`); the tallies never grow with the games.
    """

    game: str
    seed: int
    wall_seconds: float = 0.0
    games: int = 0
    unfinished: int = 0
    total_steps: int = 0
    busy_seconds: float = 0.0
    outcomes: Counter[tuple[str, str]] = attrs.field(factory=Counter)
    kept: list[GameResult] | None = None

    def add(self, result: GameResult) -> None:
        """Tally one more game."""
        self.games += 1
        self.unfinished += not result.finished
        self.total_steps += result.steps
        self.busy_seconds += result.seconds
        winners = ", ".join(result.winners) or "(nobody)" if result.finished \
            else "(unfinished)"
        self.outcomes[(winners, result.level or "")] += 1
        if self.kept is not None:
            self.kept.append(result)

    @property
    def results(self) -> tuple[GameResult, ...]:
        """Every game's result, in game order (only with ``keep_results=True``)."""
        if self.kept is None:
            raise GothicError("the results of each game are kept only with "
                              "simulate(..., keep_results=True); gk.simulated_games streams "
                              "them")
        return tuple(self.kept)

    def outcome_table(self) -> list[tuple[str, str, int, float]]:
        """(winners, level, games, share) rows, most frequent first; games stopped at
        ``max_steps`` are counted in a row of their own, "(unfinished)"."""
        total = max(self.games, 1)
        return [(w, lvl, n, n / total) for (w, lvl), n in self.outcomes.most_common()]

    @property
    def mean_steps(self) -> float:
        return self.total_steps / self.games if self.games else 0.0

    @property
    def actions_per_second(self) -> float:
        """Actions per second of play (per worker: the time each game took, summed)."""
        return self.total_steps / self.busy_seconds if self.busy_seconds else 0.0


# -- what every worker is handed ------------------------------------------------------------

@attrs.frozen
class _Plan:
    """The settings of a simulation, checked, in the form worker processes are handed."""

    name: str
    games: int
    seed: int
    options: dict[str, Any]
    agents: str | AgentFactory
    max_steps: int
    registered: Any = None  # the game as registered in this process, if it pickles

    @property
    def agents_name(self) -> str:
        """The agents as a results file names them."""
        if isinstance(self.agents, str):
            return self.agents
        return f"{self.agents.__module__}:{self.agents.__qualname__}"

    def header(self) -> dict[str, Any]:
        """The first line of a results file: what was simulated (every option's value,
        as JSON gives it back)."""
        options = json.loads(json.dumps(load_game(self.name).resolve_options(self.options),
                                        default=repr))
        return {"gothic_simulation": RESULTS_FORMAT, "game": self.name, "seed": self.seed,
                "options": options, "agents": self.agents_name, "max_steps": self.max_steps}

    def game(self) -> Game:
        """The rules object, in this process or a worker (registered there if need be)."""
        if self.registered is not None and registration(self.name) is None:
            register_game(self.name, self.registered)
        return load_game(self.name)


def _plan(name: str, games: int, seed: int, workers: int, options: Mapping[str, Any] | None,
          agents: str | AgentFactory, max_steps: int) -> _Plan:
    """The checked settings (BadOption for anything that would fail in a worker)."""
    for label, count in (("games", games), ("workers", workers), ("max_steps", max_steps)):
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise BadOption(f"{label} must be a whole number from 1, not {count!r}")
    check_seed(seed)
    if isinstance(agents, str) and agents not in ("default", "random"):
        agent_factory(agents)  # fail fast on a name that names nothing
    elif not isinstance(agents, str) and not callable(agents):
        raise BadOption(f"agents must be 'default', 'random', 'module:factory' or a "
                        f"factory, not {agents!r}")
    opts = dict(options or {})
    load_game(name).resolve_options(opts)  # fail fast on a bad option
    return _Plan(name, games, seed, opts, agents, max_steps, _portable(registration(name)))


def _portable(target: object) -> object:
    """``target`` if it can be sent to another process (else workers must inherit it)."""
    if target is None:
        return None
    try:
        pickle.dumps(target)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None
    return target


def _play_batch(plan: _Plan, jobs: list[tuple[int, int]]) -> list[GameResult]:
    """Play the games ``(index, seed)`` of ``jobs`` (in a worker, or here)."""
    game = plan.game()
    out = []
    for index, seed in jobs:
        _, record = play_game(game, seed, options=plan.options, max_steps=plan.max_steps,
                              agents=plan.agents)
        outcome = record.outcome
        played = json.dumps(record.actions, separators=(",", ":"), sort_keys=True)
        out.append(GameResult(index, seed, tuple(outcome["winners"]) if outcome else (),
                              outcome["level"] if outcome else None, record.steps,
                              record.seconds, outcome is not None,
                              hashlib.sha256(played.encode()).hexdigest()[:16]))
    return out


# -- running batches --------------------------------------------------------------------------

def _batches(jobs: Iterable[tuple[int, int]], size: int) -> Iterator[list[tuple[int, int]]]:
    batch: list[tuple[int, int]] = []
    for job in jobs:
        batch.append(job)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _run(plan: _Plan, batches: Iterator[list[tuple[int, int]]], executor: Executor | None,
         window: int) -> Iterator[list[GameResult]]:
    """Each batch's results as it finishes (here, one after the other, without an
    executor), with at most ``window`` batches handed out at once."""
    if executor is None:
        for batch in batches:
            yield _play_batch(plan, batch)
        return
    pending: set[Future[list[GameResult]]] = set()
    try:
        for batch in batches:
            pending.add(executor.submit(_play_batch, plan, batch))
            if len(pending) >= window:
                pending = yield from _finished(pending)
        while pending:
            pending = yield from _finished(pending)
    finally:
        for future in pending:
            future.cancel()


def _finished(pending: set[Future[list[GameResult]]]
              ) -> Generator[list[GameResult], None, set[Future[list[GameResult]]]]:
    """Wait for a batch or more to finish and hand their results on; the batches still
    pending are returned. A batch that raised raises once the others are handed on."""
    done, still = wait(pending, return_when=FIRST_COMPLETED)
    failed: BaseException | None = None
    for future in done:
        error = future.exception()
        if error is None:
            yield future.result()
        elif failed is None:
            failed = error
    if failed is not None:
        for future in still:
            future.cancel()
        raise failed
    return still


def _in_order(results: Iterable[GameResult], first: int = 0) -> Iterator[GameResult]:
    """``results`` (each index once, from ``first`` on, in any order) in game order; the
    ones that come early wait in a heap."""
    waiting: list[tuple[int, GameResult]] = []
    expected = first
    for result in results:
        heapq.heappush(waiting, (result.index, result))
        while waiting and waiting[0][0] == expected:
            yield heapq.heappop(waiting)[1]
            expected += 1
    if waiting:
        raise GothicError(f"simulation lost game {expected}")


# -- results files ----------------------------------------------------------------------------

class ResultsFile:
    """A simulation's results as JSON lines: a header, then one finished game a line (in
    the order the games finished). Reading it back needs memory for the games that
    finished out of order only, never for the whole file."""

    def __init__(self, path: str | os.PathLike[str], plan: _Plan) -> None:
        self.path, self.plan = Path(path), plan
        self.seeds = GameSeeds(plan.seed)
        self.end = 0  # the offset after the last complete line read
        if not self.path.parent.is_dir() or self.path.is_dir():
            raise BadOption(f"cannot write results to {self.path}: no such folder, or it "
                            "is a folder")

    def _lines(self) -> Iterator[tuple[int, str]]:
        """(line number, text) of each complete line; :attr:`end` is then the offset
        after the last one."""
        self.end = 0
        with self.path.open("rb") as handle:
            for number, raw in enumerate(handle, 1):
                if not raw.endswith(b"\n"):
                    return  # cut short by an interruption: written again
                self.end += len(raw)
                yield number, raw.decode("utf-8", errors="replace")

    def _check_header(self, text: str) -> None:
        try:
            header = json.loads(text)
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("gothic_simulation") != RESULTS_FORMAT:
            raise BadOption(f"{self.path} is not a results file of gothic simulate")
        wanted = self.plan.header()
        differ = [k for k in wanted if header.get(k) != wanted[k]]
        if differ:
            verb = "differs" if len(differ) == 1 else "differ"
            raise BadOption(f"{self.path} holds another simulation (its {', '.join(differ)} "
                            f"{verb}): {json.dumps({k: header.get(k) for k in differ})}")

    def results(self) -> Iterator[GameResult]:
        """The games the file holds, each once, as written (the header checked first)."""
        lines = self._lines()
        first = next(lines, None)
        if first is None:
            return
        self._check_header(first[1])
        done = _Done()
        seats: tuple[str, ...] = ()
        for number, text in lines:
            try:
                result = GameResult.from_data(json.loads(text))
            except ValueError as exc:
                raise BadOption(f"{self.path}, line {number}: {exc}{self._keep(number)}"
                                ) from None
            if result.seed != self.seeds[result.index]:
                raise BadOption(f"{self.path}, line {number}: game {result.index} was not "
                                f"seeded {result.seed} in this simulation"
                                f"{self._keep(number)}")
            seats = seats or self.plan.game().new_game(seed=result.seed,
                                                       **self.plan.options).seats
            strangers = [w for w in result.winners if w not in seats]
            if strangers:
                raise BadOption(f"{self.path}, line {number}: game {result.index}'s winners "
                                f"name {', '.join(map(repr, strangers))}, no seat of "
                                f"{self.plan.name} (its seats: {', '.join(seats)})"
                                f"{self._keep(number)}")
            if result.index >= self.plan.games:
                continue
            if not done.add(result.index):
                raise BadOption(f"{self.path}, line {number}: game {result.index} is written "
                                f"twice{self._keep(number)}")
            yield result

    def _keep(self, bad: int) -> str:
        """How to go on from the lines before line ``bad``, which is no game result."""
        return (f"; to go on from the {bad - 1} lines before it, keep them: "
                f"head -n {bad - 1} {self.path} > kept.jsonl, then run again with "
                "--results kept.jsonl")

    def finished(self) -> _Done:
        """Which games the file holds (read through once)."""
        done = _Done()
        for result in self.results():
            done.add(result.index)
        return done

    def open_for_append(self) -> IO[str]:
        """The file, ready for more lines: made with its header if new, a last line cut
        short by an interruption dropped."""
        end = self.end
        try:
            handle = self.path.open("a+", encoding="utf-8")
        except OSError as exc:
            raise BadOption(f"cannot write {self.path}: {exc.strerror}") from None
        handle.truncate(end)
        handle.seek(end)
        if end == 0:
            handle.write(json.dumps(self.plan.header()) + "\n")
            handle.flush()
        return handle


class _Done:
    """A set of game indexes kept as a count plus the few beyond it: all games below
    ``low`` are done, and ``beyond`` holds the done ones above."""

    __slots__ = ("beyond", "low")

    def __init__(self) -> None:
        self.low, self.beyond = 0, set[int]()

    def __contains__(self, index: int) -> bool:
        return index < self.low or index in self.beyond

    def __len__(self) -> int:
        return self.low + len(self.beyond)

    def add(self, index: int) -> bool:
        """Mark ``index`` done; False if it already was."""
        if index in self:
            return False
        self.beyond.add(index)
        while self.low in self.beyond:
            self.beyond.discard(self.low)
            self.low += 1
        return True


# -- the entry points -------------------------------------------------------------------------

def simulated_games(name: str, games: int, seed: int, *, workers: int = 1,
                    executor: Executor | None = None,
                    options: Mapping[str, Any] | None = None,
                    agents: str | AgentFactory = "default", max_steps: int = 100_000,
                    results_file: str | os.PathLike[str] | None = None,
                    progress: Callable[[int, int], None] | None = None
                    ) -> Iterator[GameResult]:
    """The results of ``games`` seeded games of the registered game ``name``, one by one
    in game order, as the games finish.

    Games run here (``workers=1``), in ``workers`` processes, or on ``executor`` (any
    :class:`concurrent.futures.Executor`; ``workers`` then says how many games it runs
    at once). The results are the same whichever. ``results_file`` keeps each finished
    game; games already in it are read back, not played again. ``progress(done,
    total)`` is called as batches finish. The other arguments are :func:`simulate`'s.
    """
    plan = _plan(name, games, seed, workers, options, agents, max_steps)
    store = ResultsFile(results_file, plan) if results_file is not None else None
    done = store.finished() if store is not None and store.path.exists() else _Done()
    return _stream(plan, workers, executor, store, done, progress)


def _stream(plan: _Plan, workers: int, executor: Executor | None, store: ResultsFile | None,
            done: _Done, progress: Callable[[int, int], None] | None) -> Iterator[GameResult]:
    seeds = GameSeeds(plan.seed)
    jobs = ((i, seeds[i]) for i in range(plan.games) if i not in done)
    size = max(1, min(25, plan.games // max(workers * BATCHES_PER_WORKER, 1)))
    handle = store.open_for_append() if store is not None else None  # after finished()
    old = store.results() if store is not None and len(done) else ()
    owned = ProcessPoolExecutor(max_workers=workers) if executor is None and workers > 1 \
        else None
    try:
        played = _run(plan, _batches(jobs, size), executor or owned,
                      workers * BATCHES_PER_WORKER)
        fresh = _kept(played, handle, plan.games, len(done), progress)
        yield from _in_order(itertools.chain(old, fresh))
    finally:
        if owned is not None:
            owned.shutdown(wait=True, cancel_futures=True)
        if handle is not None:
            handle.close()


def _kept(batches: Iterator[list[GameResult]], handle: IO[str] | None, total: int,
          already: int, progress: Callable[[int, int], None] | None) -> Iterator[GameResult]:
    """The results of each batch, written to the results file first (if any)."""
    done = already
    for batch in batches:
        if handle is not None:
            handle.write("".join(json.dumps(r.to_data()) + "\n" for r in batch))
            handle.flush()
        done += len(batch)
        if progress is not None:
            progress(done, total)
        yield from batch


def simulate(name: str, games: int, seed: int, *, workers: int = 1,
             executor: Executor | None = None,
             options: Mapping[str, Any] | None = None,
             agents: str | AgentFactory = "default", max_steps: int = 100_000,
             results_file: str | os.PathLike[str] | None = None,
             keep_results: bool = False,
             progress: Callable[[int, int], None] | None = None) -> Simulation:
    """Play ``games`` seeded games of the registered game ``name`` and tally them.

    ``agents`` is ``"default"`` (the game's bots), ``"random"``, or a factory
    ``f(state, seed) -> {seat: agent}`` (seats left out play the default bots):
    a picklable callable, such as a module-level function, or its ``"module:name"``.
    With ``workers > 1`` the games run in that many processes, or on ``executor`` (a
    Dask cluster's, for one); the results are the same as with one worker. A game
    still going after ``max_steps`` actions is stopped and counted as unfinished.
    ``results_file`` keeps every finished game (JSON lines) and lets an interrupted
    simulation go on without playing them again; ``keep_results`` keeps each game's
    :class:`GameResult` in memory too (``sim.results``).
    """
    start = time.perf_counter()
    stream = simulated_games(name, games, seed, workers=workers, executor=executor,
                             options=options, agents=agents, max_steps=max_steps,
                             results_file=results_file, progress=progress)
    sim = Simulation(name, seed, kept=[] if keep_results else None)
    for result in stream:
        sim.add(result)
    sim.wall_seconds = time.perf_counter() - start
    return sim
