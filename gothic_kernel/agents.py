"""Agents, the play loop and game records.

An :class:`Agent` chooses an action for its seat from that seat's observation
and legal actions only: the observation is a plain JSON-native dict, a copy
with no path back to the state. :func:`play_game` runs one game to its end
(or to ``max_steps``) and returns a :class:`GameRecord` (seed, options, every
action, the public log, the outcome) that :func:`replay` can check later.
:mod:`gothic_kernel.simulation` plays many seeded games with it, anywhere; the
results depend only on the seed, never on who plays them.

Who plays which seat (``agents=``) is, in both:

* ``None`` or ``"default"``: the game's own bots (``game.default_agents``);
* ``"random"``: :class:`RandomAgent` in every seat;
* a mapping seat -> agent (``play_game`` only); seats left out get the default bots;
* a factory ``f(state, seed) -> {seat: agent}``, or the name ``"module:f"`` of one
  (what ``simulate`` sends to worker processes); seats it leaves out get the
  default bots.
"""

from __future__ import annotations

import importlib
import json
import time
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Protocol, cast, runtime_checkable

import attrs
import numpy as np

from .actions import Action
from .dice import Dice
from .errors import BadOption, CorruptSave, GothicError
from .game import MAX_SEED, Game, GameState, check_seed
from .randomagent import RandomAgent as RandomAgent
from .seeds import game_seeds as game_seeds
from .visibility import PUBLIC


@runtime_checkable
class Agent(Protocol):
    """Chooses actions for one seat, seeing only that seat's observation.

    An agent class may set ``reads_observation = False`` (as :class:`RandomAgent`
    does): the play loops then skip working the observation out and hand it an
    empty mapping. One that sets ``lazy_observation = True`` is handed an
    :class:`Observation` instead of a dict: a read-only mapping of the same
    observation, worked out when first read, so a decision taken without reading
    it (one legal action) costs nothing. An agent class that sets ``searches = True`` (as
    :class:`~gothic_kernel.ISMCTSAgent` does) is also handed a keyword ``sample``:
    ``state.resample(seat, seed)``, a state its seat cannot tell from the real one,
    never the real state.
    """

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions``."""
        ...


@runtime_checkable
class SearchAgent(Protocol):
    """An agent that searches (``searches = True``): play loops also hand it ``sample``,
    ``state.resample(seat, seed)``, a state its seat cannot tell from the real one."""

    searches: bool

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action], *, sample: GameState) -> Action:
        """One of ``legal_actions``, found by searching from ``sample``."""
        ...


_UNREAD: Mapping[str, Any] = MappingProxyType({})

#: A factory of agents: ``f(state, seed) -> {seat: agent}`` (seats left out play the
#: game's default bots).
AgentFactory = Callable[[GameState, int], Mapping[str, Agent]]
AgentsSpec = str | Mapping[str, Agent] | AgentFactory | None


def seat_view(state: GameState, seat: str, agent: object) -> Mapping[str, Any]:
    """What ``agent`` is handed for ``seat``: the seat's observation as a plain dict."""
    if getattr(agent, "reads_observation", True):
        return state.observation(seat)
    return _UNREAD


class Observation(Mapping[str, Any]):
    """A seat's observation, worked out when first read: handed to agents that set
    ``lazy_observation = True``.

    It reads as the plain dict ``state.observation(seat)`` would (the same keys and
    values, equal to that dict) and cannot be changed. Until first read it holds only
    the means of working the observation out; once read, or once the agent's ``choose``
    has returned (see :func:`agent_choice`), it holds only the observation's data, so
    an observation an agent keeps is the one of its decision, with no way to the
    state that made it.
    """

    __slots__ = ("__weakref__", "_data", "_load")

    def __init__(self, load: Callable[[], Mapping[str, Any]]) -> None:
        self._load: Callable[[], Mapping[str, Any]] | None = load
        self._data: Mapping[str, Any] = _UNREAD

    def _read(self) -> Mapping[str, Any]:
        if self._load is not None:
            self._data, self._load = self._load(), None
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._read()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())

    def __contains__(self, key: object) -> bool:
        return key in self._read()

    def __eq__(self, other: object) -> bool:
        return self._read() == (other._read() if isinstance(other, Observation) else other)

    def __repr__(self) -> str:
        return f"Observation({self._read()!r})"


def _as_action(state: GameState, chosen: object) -> Action:
    """An agent's choice as an Action: an action's JSON form (which ``apply`` takes too) is
    read as the game reads it, so that what is played is what is recorded; anything else
    is refused with IllegalAction before anything is played."""
    if isinstance(chosen, Action):
        return chosen
    return state.game.parse_action(chosen)


def agent_choice(state: GameState, seat: str, agent: Agent,
                 legal_actions: Sequence[Action], *,
                 sample: GameState | None = None) -> Action:
    """``agent``'s choice for ``seat`` among ``legal_actions``, handed what it reads:
    the observation (a dict; an empty mapping if it ``reads_observation = False``;
    an :class:`Observation` if it sets ``lazy_observation = True``), and ``sample``
    when given (to a search agent).

    An :class:`Observation` the agent still holds when ``choose`` returns is worked out
    then, before the state moves on (it is what the agent would have read); one it let
    go unread is never worked out.
    """
    if not getattr(agent, "lazy_observation", False):
        view = seat_view(state, seat, agent)
        if sample is None:
            return _as_action(state, agent.choose(seat, view, legal_actions))
        return _as_action(state, cast(SearchAgent, agent).choose(seat, view, legal_actions,
                                                                  sample=sample))
    lazy = Observation(lambda: state.observation(seat))
    kept = weakref.ref(lazy)
    try:
        if sample is None:
            return _as_action(state, agent.choose(seat, lazy, legal_actions))
        return _as_action(state, cast(SearchAgent, agent).choose(seat, lazy, legal_actions,
                                                                 sample=sample))
    finally:
        del lazy
        held = kept()
        if held is not None:
            held._read()


def sample_seeds(seed: int) -> Dice:
    """The play loop's own stream of seeds for the samples it hands search agents (apart
    from the game's dice, so that a sample says nothing of the real future rolls)."""
    return Dice(int(np.random.SeedSequence([seed, 0x5A3D]).generate_state(1)[0]))


def agent_factory(spec: str) -> AgentFactory:
    """The factory a ``"module:name"`` string names; BadOption if it names none."""
    module_name, sep, attribute = spec.partition(":")
    if not sep or not module_name or not attribute:
        raise BadOption(f"agents must be 'default', 'random' or 'module:factory', "
                        f"not {spec!r}")
    try:
        found: Any = importlib.import_module(module_name)
        for part in attribute.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError) as exc:
        raise BadOption(f"agents {spec!r}: {exc}") from None
    if not callable(found):
        raise BadOption(f"agents {spec!r} is not callable")
    factory: AgentFactory = found
    return factory


def check_agents(given: Mapping[str, object], seats: Sequence[str], *,
                 name: str = "agents") -> None:
    """BadOption, before anything is played, for a seat of ``given`` that is not one of
    ``seats`` or whose value is not an agent (an object with ``choose``)."""
    unknown = sorted(set(given) - set(seats))
    if unknown:
        raise BadOption(f"{name} given for {', '.join(map(str, unknown))}, who do not play "
                        f"this game; {name} are for {', '.join(seats)}")
    for seat, agent in given.items():
        if not callable(getattr(agent, "choose", None)):
            raise BadOption(f"{name}[{seat!r}] is {agent!r}, not an agent: it takes an "
                            "object with choose(seat, observation, legal_actions) "
                            "('default', 'random' and 'module:factory' name the agents "
                            "of every seat at once)")


def seat_agents(game: Game, state: GameState, seed: int,
                spec: AgentsSpec) -> dict[str, Agent]:
    """One agent per seat of ``state`` from ``spec`` (see the module docstring)."""
    if spec is None or spec == "default":
        return dict(game.default_agents(state, seed))
    if spec == "random":
        return {seat: RandomAgent(seed + i) for i, seat in enumerate(state.seats)}
    if isinstance(spec, str):
        spec = agent_factory(spec)
    if not isinstance(spec, Mapping) and not callable(spec):
        raise BadOption(f"agents must be 'default', 'random', 'module:factory', a factory "
                        f"or a mapping seat -> agent, not {spec!r}")
    given = spec if isinstance(spec, Mapping) else spec(state, seed)
    check_agents(given, state.seats)
    chosen = dict(given)
    if len(chosen) < len(state.seats):
        defaults = game.default_agents(state, seed)
        chosen.update({s: defaults[s] for s in state.seats if s not in chosen})
    return {seat: chosen[seat] for seat in state.seats}


@attrs.define
class GameRecord:
    """A played game: enough to replay and check it.

    ``outcome`` is None only for a game stopped unfinished at ``max_steps``
    (``finished`` is then False).
    """

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

    @property
    def finished(self) -> bool:
        """False when the play loop stopped the game at ``max_steps``."""
        return self.outcome is not None

    def to_json(self) -> str:
        return json.dumps({"game": self.game, "seed": self.seed, "options": self.options,
                           "actions": [{"seat": s, "action": a} for s, a in self.actions],
                           "public_log": self.public_log, "outcome": self.outcome}, indent=1)

    @staticmethod
    def from_json(text: str) -> GameRecord:
        """The record ``to_json`` wrote; CorruptSave naming the field that is wrong."""
        try:
            data = json.loads(text)
        except ValueError:
            raise CorruptSave("not a game record: it is not JSON") from None
        if not isinstance(data, dict):
            raise CorruptSave("not a game record: it is not a JSON object")
        seed = _record_field(data, "seed", int, "a whole number from 0 to 2**128 - 1")
        if isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise CorruptSave(f"not a game record: its 'seed' must be a whole number from 0 "
                              f"to 2**128 - 1, not {json.dumps(seed)[:60]}")
        actions = []
        for step, entry in enumerate(_record_field(data, "actions", list, "a list")):
            if not (isinstance(entry, dict) and isinstance(entry.get("seat"), str)
                    and isinstance(entry.get("action"), dict)):
                raise CorruptSave(f"not a game record: its action {step} must be "
                                  '{"seat": text, "action": {...}}')
            actions.append((entry["seat"], dict(entry["action"])))
        outcome = data.get("outcome")
        if outcome is not None and not isinstance(outcome, dict):
            raise CorruptSave("not a game record: its 'outcome' must be an object or null")
        return GameRecord(_record_field(data, "game", str, "a text"), seed,
                          dict(_record_field(data, "options", dict, "an object")), actions,
                          list(_record_field(data, "public_log", list, "a list")), outcome)


def _record_field(data: Mapping[str, Any], name: str, kind: type, said: str) -> Any:
    """A field of a game record, of ``kind``; CorruptSave naming it if it is missing or
    of another kind (``said`` says which)."""
    if name not in data:
        raise CorruptSave(f"not a game record: it has no {name!r} field")
    if not isinstance(data[name], kind):
        raise CorruptSave(f"not a game record: its {name!r} must be {said}, "
                          f"not {json.dumps(data[name])[:60]}")
    return data[name]


def play_game(game: Game, seed: int, *, options: Mapping[str, Any] | None = None,
              agents: AgentsSpec = None,
              max_steps: int = 1_000_000) -> tuple[GameState, GameRecord]:
    """Play one seeded game to its end, or stop it after ``max_steps`` actions.

    ``agents`` says who plays each seat (the module docstring lists the forms; None
    means the game's default bots, seeded from ``seed``). A game stopped at
    ``max_steps`` comes back unfinished: ``record.finished`` is False and
    ``record.outcome`` None.
    """
    check_seed(seed)
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise BadOption(f"max_steps must be a whole number from 1, not {max_steps!r}")
    opts = dict(options or {})
    state = game.new_game(seed=seed, **opts)
    players = seat_agents(game, state, seed, agents)
    samples = sample_seeds(seed) if any(getattr(a, "searches", False)
                                        for a in players.values()) else None
    actions: list[tuple[str, dict[str, Any]]] = []
    start = time.perf_counter()
    while not state.is_over and len(actions) < max_steps:
        seats = state.current_seats()
        if not seats:
            raise GothicError(f"{game.name}: no seat may act, yet the game is not over")
        seat = seats[0]
        agent = players[seat]
        legal = state.legal_actions(seat)
        sample = (state.resample(seat, samples.index(2**31))
                  if samples is not None and getattr(agent, "searches", False) else None)
        action = agent_choice(state, seat, agent, legal, sample=sample)
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
            who = game.seat_name(seat) if seat in state.seats else repr(seat)
            raise GothicError(f"step {step}: {who}'s {json.dumps(data)} no longer replays: "
                              f"{exc}") from None
    log = state.log(PUBLIC)
    if log != record.public_log:
        first = next((i for i, (a, b) in enumerate(zip(log, record.public_log, strict=False))
                      if a != b), min(len(log), len(record.public_log)))
        raise GothicError(f"public log differs from entry {first}: "
                          f"recorded {_at(record.public_log, first)}, replayed {_at(log, first)}")
    outcome = state.outcome
    replayed = None if outcome is None else outcome.to_data()
    if replayed != record.outcome:
        raise GothicError(f"outcome differs: recorded {_json(record.outcome)}, replayed "
                          f"{_json(replayed)}")
    return state


def _at(items: list[Any], i: int) -> str:
    """A log entry as a message shows it: its text, as JSON."""
    if i >= len(items):
        return "(end of log)"
    entry = items[i]
    return _json(entry.get("text", entry) if isinstance(entry, Mapping) else entry)


def _json(data: Any) -> str:
    return json.dumps(data, default=str, sort_keys=True)
