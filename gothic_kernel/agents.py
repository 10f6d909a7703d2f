"""Agents, the play loop, game records and batch simulation.

An :class:`Agent` chooses an action for its seat from that seat's observation
and legal actions only. :func:`play_game` runs one game to its end and returns
a :class:`GameRecord` (seed, options, every action, the public log, the
outcome) that :func:`replay` can check later. :func:`simulate` plays many
seeded games across processes; the results depend only on the seed, never on
the number of workers.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Protocol, runtime_checkable

import attrs
import numpy as np

from .actions import Action
from .dice import Dice
from .errors import CorruptSave, GothicError
from .game import Game, GameState
from .registry import load_game
from .visibility import PUBLIC


@runtime_checkable
class Agent(Protocol):
    """Chooses actions for one seat, seeing only that seat's observation."""

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions``."""
        ...


class RandomAgent:
    """Plays uniformly at random among the legal actions (never reads the observation)."""

    def __init__(self, seed: int | None = None) -> None:
        self._dice = Dice(seed)

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action]) -> Action:
        return self._dice.choice(legal_actions)


class _LazyObservation(Mapping[str, Any]):
    """The seat's observation, computed only if the agent reads it."""

    __slots__ = ("_data", "_seat", "_state")

    def __init__(self, state: GameState, seat: str) -> None:
        self._state, self._seat = state, seat
        self._data: dict[str, Any] | None = None

    def _load(self) -> dict[str, Any]:
        if self._data is None:
            self._data = self._state.observation(self._seat)
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._load()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())


AgentsSpec = Mapping[str, Agent] | Callable[[GameState], Mapping[str, Agent]] | None


@attrs.define
class GameRecord:
    """A finished (or abandoned) game: enough to replay and check it."""

    game: str
    seed: int
    options: dict[str, Any]
    actions: list[tuple[str, dict[str, Any]]]
    public_log: list[dict[str, Any]]
    outcome: dict[str, Any] | None
    seconds: float = 0.0

    @property
    def steps(self) -> int:
        return len(self.actions)

    def to_json(self) -> str:
        return json.dumps({"game": self.game, "seed": self.seed, "options": self.options,
                           "actions": [{"seat": s, "action": a} for s, a in self.actions],
                           "public_log": self.public_log, "outcome": self.outcome}, indent=1)

    @staticmethod
    def from_json(text: str) -> GameRecord:
        try:
            data = json.loads(text)
            return GameRecord(str(data["game"]), int(data["seed"]), dict(data["options"]),
                              [(str(a["seat"]), dict(a["action"])) for a in data["actions"]],
                              list(data["public_log"]), data["outcome"])
        except (KeyError, TypeError, ValueError) as exc:
            raise CorruptSave(f"not a game record: {exc}") from None


def play_game(game: Game, seed: int, *, options: Mapping[str, Any] | None = None,
              agents: AgentsSpec = None,
              max_steps: int = 1_000_000) -> tuple[GameState, GameRecord]:
    """Play one seeded game to the end.

    ``agents`` maps each seat to its agent, or is a function making that map
    from the new state; None means the game's default bots, seeded from ``seed``.
    """
    opts = dict(options or {})
    state = game.new_game(seed=seed, **opts)
    if agents is None:
        agents = game.default_agents(state, seed)
    elif callable(agents):
        agents = agents(state)
    actions: list[tuple[str, dict[str, Any]]] = []
    start = time.perf_counter()
    while not state.is_over and len(actions) < max_steps:
        seats = state.current_seats()
        if not seats:
            raise GothicError(f"{game.name}: no seat may act, yet the game is not over")
        seat = seats[0]
        legal = state.legal_actions(seat)
        action = agents[seat].choose(seat, _LazyObservation(state, seat), legal)
        state.apply(seat, action)
        actions.append((seat, action.to_json()))
    seconds = time.perf_counter() - start
    outcome = state.outcome
    record = GameRecord(game.name, seed, opts, actions, state.log(PUBLIC),
                        None if outcome is None else outcome.to_data(), seconds)
    return state, record


def replay(game: Game, record: GameRecord) -> GameState:
    """Re-play ``record`` from its seed; raises GothicError where it diverges."""
    state = game.new_game(seed=record.seed, **record.options)
    for step, (seat, data) in enumerate(record.actions):
        try:
            state.apply(seat, game.parse_action(data))
        except GothicError as exc:
            raise GothicError(f"step {step}: {seat} {data} no longer replays: {exc}") from None
    log = state.log(PUBLIC)
    if log != record.public_log:
        first = next((i for i, (a, b) in enumerate(zip(log, record.public_log, strict=False))
                      if a != b), min(len(log), len(record.public_log)))
        raise GothicError(f"public log differs from entry {first}: "
                          f"recorded {_at(record.public_log, first)}, replayed {_at(log, first)}")
    outcome = state.outcome
    if (None if outcome is None else outcome.to_data()) != record.outcome:
        raise GothicError(f"outcome differs: recorded {record.outcome}, replayed {outcome}")
    return state


def _at(items: list[Any], i: int) -> Any:
    return items[i] if i < len(items) else "(end of log)"


# -- batch simulation -----------------------------------------------------------------------

@attrs.frozen
class GameResult:
    """The summary of one simulated game."""

    index: int
    seed: int
    winners: tuple[str, ...]
    level: str | None
    steps: int
    seconds: float
    finished: bool


@attrs.frozen
class Simulation:
    """The results of :func:`simulate`, in game order."""

    game: str
    seed: int
    results: tuple[GameResult, ...]
    wall_seconds: float

    def outcome_table(self) -> list[tuple[str, str, int, float]]:
        """(winners, level, games, share) rows, most frequent first."""
        counts = Counter((", ".join(r.winners) if r.finished else "(unfinished)", r.level or "")
                         for r in self.results)
        total = max(len(self.results), 1)
        return [(w, lvl, n, n / total) for (w, lvl), n in counts.most_common()]

    @property
    def mean_steps(self) -> float:
        return float(np.mean([r.steps for r in self.results])) if self.results else 0.0

    @property
    def actions_per_second(self) -> float:
        busy = sum(r.seconds for r in self.results)
        return sum(r.steps for r in self.results) / busy if busy else 0.0


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of each game of a simulation: fixed by ``seed``, whatever the workers."""
    words = np.random.SeedSequence(seed).generate_state(games, dtype=np.uint32)
    return [int(w) for w in words]


def _agents_for(game: Game, state: GameState, seed: int, kind: str) -> Mapping[str, Agent]:
    if kind == "random":
        return {s: RandomAgent(seed + i) for i, s in enumerate(state.seats)}
    return game.default_agents(state, seed)


def _play_batch(name: str, jobs: list[tuple[int, int]], options: dict[str, Any], agents: str,
                max_steps: int) -> list[GameResult]:
    game = load_game(name)
    out = []
    for index, seed in jobs:
        def make_agents(state: GameState, s: int = seed) -> Mapping[str, Agent]:
            return _agents_for(game, state, s, agents)

        _, record = play_game(game, seed, options=options, max_steps=max_steps,
                              agents=make_agents)
        outcome = record.outcome
        out.append(GameResult(index, seed, tuple(outcome["winners"]) if outcome else (),
                              outcome["level"] if outcome else None, record.steps,
                              record.seconds, outcome is not None))
    return out


def simulate(name: str, games: int, seed: int, *, workers: int = 1,
             options: Mapping[str, Any] | None = None, agents: str = "default",
             max_steps: int = 100_000,
             progress: Callable[[int, int], None] | None = None) -> Simulation:
    """Play ``games`` seeded games of the registered game ``name``.

    ``agents`` is ``"default"`` (the game's bots) or ``"random"``. With
    ``workers > 1`` the games run in that many processes; the results are the
    same as with one worker.
    """
    if agents not in ("default", "random"):
        raise ValueError(f"agents must be 'default' or 'random', not {agents!r}")
    opts = dict(options or {})
    load_game(name).resolve_options(opts)  # fail fast on a bad option
    jobs = list(enumerate(game_seeds(seed, games)))
    chunk = max(1, min(25, games // max(workers * 4, 1)))
    batches = [jobs[i:i + chunk] for i in range(0, len(jobs), chunk)]
    results: list[GameResult] = []
    start = time.perf_counter()
    if workers <= 1:
        for batch in batches:
            results.extend(_play_batch(name, batch, opts, agents, max_steps))
            if progress:
                progress(len(results), games)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_play_batch, name, b, opts, agents, max_steps)
                       for b in batches]
            for future in futures:
                results.extend(future.result())
                if progress:
                    progress(len(results), games)
    results.sort(key=lambda r: r.index)
    return Simulation(name, seed, tuple(results), time.perf_counter() - start)
