"""Every game as an OpenSpiel game (the optional extra ``openspiel``).

    import pyspiel
    from gothic_kernel import openspiel

    openspiel.register()                          # gothic_vampyre, gothic_fury1987, ...
    game = pyspiel.load_game("gothic_vampyre", {"players": 2, "max_game_length": 400})
    state = game.new_initial_state()

Importing this module imports ``pyspiel``; nothing else in the library does.

How a game maps onto OpenSpiel (``docs/ai.md`` says more):

* **Sequential, imperfect information.** The player to move is the first of
  ``state.current_seats()``. Where several seats choose in secret at once (combat
  chits), they take turns; a choice is stored under its chooser's scope, so the seats
  after it cannot see it.
* **Sampled stochastic chance.** The game rolls its own dice; there are no chance
  nodes. Each ``new_initial_state()`` is a new game seeded from the game's own stream
  (parameter ``rng_seed``); clones and serialized states carry their dice with them.
* **Action ids** come from the game's :class:`~gothic_kernel.encoding.ActionEncoding`:
  the same id is the same move in every state.
* **Returns** come from the outcome (win +1, loss -1, nobody 0, unless the game's
  encoding says otherwise). A game still going after ``max_game_length`` actions is
  terminal, with returns 0 for every seat.
* ``observation_string`` is the seat's observation as JSON; ``information_state_string``
  adds the seat's log (everything it has been told, in order); the observation tensor is
  ``state.observation_tensor(seat)``. ``resample_from_infostate`` is ``state.resample``.
  A resampled state's ``history()`` is empty: its past is not known action by action.
* ``clone``, ``serialize`` and ``deserialize`` go through the contract's ``clone`` and
  ``to_json``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pyspiel

from .actions import Action
from .encoding import GameEncoding
from .errors import GothicError, IllegalAction
from .game import LEGAL_ACTIONS, Game, GameState, Option
from .registry import available_games, load_game

__all__ = ["DEFAULT_MAX_GAME_LENGTH", "GothicSpielGame", "GothicSpielState", "load",
           "register", "short_name", "spiel_state"]

#: Actions after which a game is stopped (terminal, returns 0), unless ``max_game_length``
#: says otherwise.
DEFAULT_MAX_GAME_LENGTH = 100_000
#: Tuple options are written as their items joined by this (OpenSpiel's game strings
#: use commas between parameters).
TUPLE_SEPARATOR = "+"

_REGISTERED: dict[str, type[GothicSpielGame]] = {}


def short_name(game: Game) -> str:
    """The OpenSpiel name of a game: ``gothic_`` and its name."""
    return f"gothic_{game.name}"


def _spiel_value(option: Option) -> Any:
    """An option's default as an OpenSpiel parameter (bool, int, float or str)."""
    value = option.default
    if isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (tuple, list)):
        return TUPLE_SEPARATOR.join(str(v) for v in value)
    raise TypeError(f"option {option.name!r} has no OpenSpiel form")


def _options(game: Game, params: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options from OpenSpiel parameters (only those given)."""
    given: dict[str, Any] = {}
    for option in game.options:
        if option.name not in params:
            continue
        value = params[option.name]
        if isinstance(option.default, (tuple, list)) or option.kind in (tuple, list):
            value = tuple(v for v in str(value).split(TUPLE_SEPARATOR) if v)
        given[option.name] = value
    return given


def register(games: Sequence[str | Game] | None = None) -> list[str]:
    """Register games with ``pyspiel.register_game``: every installed game by default, or
    those named (or given as rules objects, such as a game not installed through an entry
    point). Returns their OpenSpiel short names; registering twice is harmless."""
    names = []
    for item in available_games() if games is None else games:
        game = load_game(item) if isinstance(item, str) else item
        name = short_name(game)
        if name not in _REGISTERED:
            _REGISTERED[name] = _register(game)
        names.append(name)
    return names


def load(game: str | Game, **params: Any) -> pyspiel.Game:
    """Register one game if needed and load it with these parameters:
    ``load("vampyre", players=2, max_game_length=300)``."""
    (name,) = register([game])
    return pyspiel.load_game(name, params)


def _player_counts(game: Game) -> set[int]:
    """How many seats the game can have: the default set-up's, every count an option with
    listed choices gives (VAMPYRE's ``players``), and all the seats it names. (OpenSpiel
    does not check a loaded game against this range; ``num_players`` is always exact.)"""
    counts = {len(game.seats_for()), len(game.seats)}
    for option in game.options:
        if option.choices is None or option.kind in (tuple, list):
            continue
        for choice in option.choices:
            try:
                counts.add(len(game.seats_for(**{option.name: choice})))
            except GothicError:
                continue
    return counts


def _register(game: Game) -> type[GothicSpielGame]:
    counts = _player_counts(game)
    zero_sum = counts == {2} and game.encoding().zero_sum() and not any(
        o.kind in (tuple, list) and o.choices for o in game.options)
    specification: dict[str, Any] = {o.name: _spiel_value(o) for o in game.options}
    specification.update(rng_seed=0, max_game_length=DEFAULT_MAX_GAME_LENGTH)
    game_type = pyspiel.GameType(
        short_name=short_name(game),
        long_name=game.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION
                     if game.has_hidden_information
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=specification,
    )
    cls = type(f"Spiel_{game.name}", (GothicSpielGame,),
               {"gothic": game, "game_type": game_type})
    pyspiel.register_game(game_type, cls)
    return cls


class _Seeds:
    """The stream of seeds a pyspiel game hands its new initial states: the i-th game of
    ``rng_seed`` always has the same seed."""

    def __init__(self, rng_seed: int) -> None:
        self.rng_seed = rng_seed
        self.drawn = 0

    def next(self) -> int:
        words = np.random.SeedSequence([self.rng_seed, self.drawn]).generate_state(1)
        self.drawn += 1
        return int(words[0]) & 0x7FFF_FFFF


class GothicSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A gothic game as an OpenSpiel game. :func:`register` makes one subclass per game."""

    gothic: Game
    game_type: pyspiel.GameType

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        spec = self.game_type.parameter_specification
        given = dict(params or {})
        unknown = sorted(set(given) - set(spec))
        if unknown:
            raise ValueError(f"{self.game_type.short_name} has no parameter {unknown[0]!r}")
        full = {**spec, **given}
        self.options = self.gothic.resolve_options(_options(self.gothic, given))
        self.encoding: GameEncoding = self.gothic.encoding(**self.options)
        self.seats: tuple[str, ...] = self.gothic.seats_for(**self.options)
        self.max_length = int(full["max_game_length"])
        if self.max_length < 1:
            raise ValueError("max_game_length must be at least 1")
        self.seeds = _Seeds(int(full["rng_seed"]))
        coding = self.encoding
        info = pyspiel.GameInfo(
            num_distinct_actions=coding.actions.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=len(self.seats),
            min_utility=coding.min_utility,
            max_utility=coding.max_utility,
            utility_sum=(0.0 if self.game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
                         else None),
            max_game_length=self.max_length)
        super().__init__(self.game_type, info, given)

    def new_initial_state(self, *args: Any) -> GothicSpielState:
        """A new game, seeded from this game's stream when it is first used."""
        return GothicSpielState(self)

    def new_initial_state_seeded(self, seed: int) -> GothicSpielState:
        """A new game with this seed (``game.new_game(seed=seed)``)."""
        return GothicSpielState(self, _Core.new(self, seed))

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Mapping[str, Any] | None = None) -> _Observer:
        if isinstance(iig_obs_type, Mapping):  # called as make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self, perfect_recall)


class _Core:
    """The gothic state inside a pyspiel state: cloned by ``deepcopy`` (pyspiel's
    ``clone``), pickled as the state's JSON (pyspiel's ``serialize``). A state nobody
    has used yet is made, and its seed drawn, on first use."""

    __slots__ = ("_state", "spiel_game", "strings")

    def __init__(self, spiel_game: GothicSpielGame, state: GameState | None) -> None:
        self.spiel_game = spiel_game
        self._state = state
        #: Observation and information state strings worked out in this position.
        self.strings: dict[tuple[str, bool], str] = {}

    @staticmethod
    def new(spiel_game: GothicSpielGame, seed: int) -> _Core:
        return _Core(spiel_game, spiel_game.gothic.new_game(seed=seed, **spiel_game.options))

    @property
    def made(self) -> bool:
        return self._state is not None

    @property
    def state(self) -> GameState:
        if self._state is None:
            game = self.spiel_game
            self._state = game.gothic.new_game(seed=game.seeds.next(), **game.options)
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return _Core(self.spiel_game, self.state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.spiel_game
        return (_restore, (type(game.gothic), game.gothic.name, game.game_type.short_name,
                           dict(game.get_parameters()), self.state.to_json()))


def _restore(cls: type[Game], name: str, spiel_name: str, params: dict[str, Any],
             saved: str) -> _Core:
    try:
        gothic = load_game(name)
    except GothicError:
        gothic = cls()
    register([gothic])
    spiel_game = pyspiel.load_game(spiel_name, params)
    return _Core(spiel_game, gothic.from_json(saved))


class GothicSpielState(pyspiel.State):  # type: ignore[misc]
    """One position of a gothic game as an OpenSpiel state."""

    def __init__(self, game: GothicSpielGame, core: _Core | None = None) -> None:
        super().__init__(game)
        self._core = core if core is not None else _Core(game, None)
        self._steps = 0
        self._resamples = 0

    # -- reading the gothic state --------------------------------------------------------
    @property
    def gothic(self) -> GameState:
        """The gothic state this OpenSpiel state wraps."""
        return self._core.state

    @property
    def spiel_game(self) -> GothicSpielGame:
        return self._core.spiel_game

    def _seat(self, player: int) -> str:
        return self.spiel_game.seats[player]

    # -- the OpenSpiel API --------------------------------------------------------------------
    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.spiel_game.seats.index(self.gothic.current_seats()[0])

    def is_terminal(self) -> bool:
        return self._steps >= self.spiel_game.max_length or self.gothic.is_over

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or player != self.current_player():
            return []
        return list(self.spiel_game.encoding.actions.legal(self.gothic, self._seat(player)))

    def _apply_action(self, action: int) -> None:
        seat = self.gothic.current_seats()[0]
        legal = self.spiel_game.encoding.actions.legal(self.gothic, seat)
        chosen = legal.get(int(action))
        if chosen is None:
            raise IllegalAction(f"action id {action} is not one of "
                                f"{self.spiel_game.gothic.seat_possessive(seat)} legal actions now",
                                rule=LEGAL_ACTIONS)
        self.gothic.apply(seat, chosen)
        self._core.strings.clear()
        self._steps += 1

    def _action_to_string(self, player: int, action: int) -> str:
        decoded = self.spiel_game.encoding.actions.decode(int(action))
        seat = self._seat(player) if player >= 0 else ""
        found = self._listed(seat, int(action))
        if found is not None:
            try:
                return self.gothic.describe_action(seat, found)
            except NotImplementedError:  # a game that does not label its actions yet
                pass
        return json.dumps(decoded.to_json())

    def _listed(self, seat: str, action: int) -> Action | None:
        if not seat or self.is_terminal() or seat not in self.gothic.current_seats():
            return None
        return self.spiel_game.encoding.actions.legal(self.gothic, seat).get(action)

    def returns(self) -> list[float]:
        seats = self.spiel_game.seats
        if not self.is_terminal():
            return [0.0 for _ in seats]
        return self.spiel_game.encoding.returns(self.gothic.outcome, seats)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> \
            GothicSpielState:
        """A state ``player_id`` cannot tell from this one (``state.resample``), seeded from
        the sampler and from how often this state was resampled."""
        self._resamples += 1
        seed = (int(float(probability_sampler()) * 2**31) + 7919 * self._resamples) % 2**31
        twin = self.gothic.resample(self._seat(player_id), seed)
        other = GothicSpielState(self.spiel_game, _Core(self.spiel_game, twin))
        other._steps = self._steps
        return other

    def __str__(self) -> str:
        return self.gothic.to_json()


class _Observer:
    """What a seat observes, for OpenSpiel: the observation as JSON (with the seat's log
    for the information state) and the observation tensor in named slices."""

    def __init__(self, game: GothicSpielGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.coding = game.encoding
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if not perfect_recall:
            layout = self.coding.layout
            self.tensor = np.zeros(layout.size, np.float32)
            self.dict = {s.name: self.tensor[s.offset:s.offset + s.size].reshape(s.shape)
                         for s in layout.slices.values()}

    def set_from(self, state: GothicSpielState, player: int) -> None:
        assert self.tensor is not None
        if not state._core.made:  # a fresh state asked only for the tensor's shape
            self.tensor.fill(0.0)
            return
        self.tensor[:] = state.gothic.observation_tensor(state._seat(player))

    def string_from(self, state: GothicSpielState, player: int) -> str:
        seat = state._seat(player)
        key = (seat, self.perfect_recall)
        found = state._core.strings.get(key)
        if found is None:
            view: dict[str, Any] = {"seat": seat, "observation": state.gothic.observation(seat)}
            if self.perfect_recall:
                view["log"] = state.gothic.log(seat)
            found = state._core.strings[key] = json.dumps(view, sort_keys=True,
                                                          separators=(",", ":"))
        return found


def spiel_state(state: pyspiel.State) -> GameState:
    """The gothic state inside an OpenSpiel state made by this module."""
    if not isinstance(state, GothicSpielState):
        raise TypeError(f"not a gothic OpenSpiel state: {type(state).__name__}")
    return state.gothic

