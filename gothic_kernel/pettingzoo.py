"""Every game as a PettingZoo environment (the optional extra ``pettingzoo``).

    from gothic_kernel import pettingzoo as gpz

    env = gpz.env("vampyre", players=2, max_steps=2_000)      # AEC: one seat at a time
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else env.action_space(agent).sample(mask)
        env.step(action)

    par = gpz.parallel_env("fury1987")    # every seat that chooses now, in one step
    gym = gpz.gym_env("draculas_revenge", "hunters")   # one seat; the default bots play the rest

Importing this module imports ``pettingzoo`` and ``gymnasium``; nothing else in the
library does. Agents are the game's seats. Each observation is a dict:
``"observation"``, the seat's ``observation_tensor`` (float32, every value in [0, 1]),
and ``"action_mask"``, 1 for each legal action id of the seat (int8, all 0 when the seat
may not act). Actions are the ids of the game's
:class:`~gothic_kernel.encoding.ActionEncoding`. Rewards come only at the end: the
game's returns (win +1, loss -1, nobody 0). A game still going after ``max_steps``
actions ends with every seat truncated and no reward.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from .actions import ACTION_FORMAT, Action
from .agents import agent_choice, agent_factory, check_agents, seat_agents
from .encoding import GameEncoding
from .errors import BadOption, IllegalAction, UnknownSeat
from .game import LEGAL_ACTIONS, SEQUENCE_OF_PLAY, Game, GameState
from .registry import load_game
from .visibility import PUBLIC

__all__ = ["DEFAULT_MAX_STEPS", "GothicAECEnv", "GothicGymEnv", "GothicParallelEnv", "env",
           "gym_env", "parallel_env", "raw_env"]

#: Actions after which a game is stopped, every seat truncated (``max_steps=``).
DEFAULT_MAX_STEPS = 10_000


class _Game:
    """What the AEC and the parallel environments share: the game, its encoding, the
    seeded stream of games, and the step that plays one action id."""

    def __init__(self, game: str | Game, max_steps: int, options: Mapping[str, Any]) -> None:
        self.game = load_game(game) if isinstance(game, str) else game
        self.options = self.game.resolve_options(dict(options))
        self.coding: GameEncoding = self.game.encoding(**self.options)
        self.seats: tuple[str, ...] = self.game.seats_for(**self.options)
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
            raise ValueError(f"max_steps must be a whole number from 1, not {max_steps!r}")
        self.max_steps = max_steps
        size = self.coding.actions.num_distinct_actions
        self.observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 1.0, self.coding.shape, np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (size,), np.int8),
        })
        self.action_space = gymnasium.spaces.Discrete(size)
        self._entropy: int | None = None
        self._games = 0

    def next_seed(self, seed: int | None) -> int:
        """The seed of the next game: ``reset(seed=s)`` restarts the stream of games at
        ``s``; ``reset()`` takes the next game of the stream (the first one without any
        seed is drawn from the operating system)."""
        if seed is not None or self._entropy is None:
            entropy = np.random.SeedSequence(seed).entropy
            assert isinstance(entropy, int)
            self._entropy = entropy
            self._games = 0
        words = np.random.SeedSequence([self._entropy, self._games]).generate_state(1)
        self._games += 1
        return int(words[0]) & 0x7FFF_FFFF

    def new_game(self, seed: int | None) -> GameState:
        return self.game.new_game(seed=self.next_seed(seed), **self.options)

    def observe(self, state: GameState, seat: str) -> dict[str, np.ndarray]:
        mask = np.zeros(self.coding.actions.num_distinct_actions, dtype=np.int8)
        if not state.is_over and seat in state.current_seats():
            mask = self.coding.actions.mask(state, seat)
        return {"observation": state.observation_tensor(seat), "action_mask": mask}

    def play(self, state: GameState, seat: str, action: Any) -> None:
        """Play action id ``action`` for ``seat``; IllegalAction for anything but the id of
        one of its legal actions now (a bool, a text or a number out of range included)."""
        legal = self.coding.actions.legal(state, seat)
        is_id = isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_))
        chosen: Action | None = legal.get(int(action)) if is_id else None
        if chosen is None:
            raise IllegalAction(f"action id {action} is not one of "
                                f"{self.game.seat_possessive(seat)} legal actions now "
                                "(see the action_mask)", rule=LEGAL_ACTIONS)
        state.apply(seat, chosen)

    def render(self, state: GameState, viewer: str = PUBLIC) -> str:
        """What ``viewer`` may see (``render_mode="ansi"``): the last five entries of its log
        and its prompt. The multi-seat environments render for a spectator, never for the
        seat to act (a training loop may show it to anyone: Dracula's prompt names his
        city); a one-seat Gymnasium environment, for its learner."""
        lines = [entry["text"] for entry in state.log(viewer)[-5:]]
        lines.append(state.prompt(viewer))
        return "\n".join(lines)


class GothicAECEnv(AECEnv):  # type: ignore[misc]
    """A game as a PettingZoo AEC environment: the seat to act is ``agent_selection``
    (the first of ``state.current_seats()``: seats choosing in secret at once take turns,
    none seeing the others' choices)."""

    def __init__(self, game: str | Game, *, max_steps: int = DEFAULT_MAX_STEPS,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self._game = _Game(game, max_steps, options)
        self.metadata = {"name": f"gothic_{self._game.game.name}_v0",
                         "render_modes": ["ansi"], "is_parallelizable": False}
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents: list[str] = list(self._game.seats)
        self.agents: list[str] = []
        self.state_: GameState | None = None
        self.steps = 0

    @functools.cache  # noqa: B019 - one space object per agent, as asked
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._game.observation_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._game.action_space

    @property
    def game_state(self) -> GameState:
        """The game being played (for evaluation code; agents should read observations)."""
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.state_ = self._game.new_game(seed)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.state_.current_seats()[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._game.observe(self.game_state, agent)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        self._game.play(state, agent, action)
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if state.is_over:
            returns = self._game.coding.returns(state.outcome, self._game.seats)
            for seat, value in zip(self._game.seats, returns, strict=True):
                self.rewards[seat] = value
                self.terminations[seat] = True
            self.agent_selection = self.agents[0]
        elif self.steps >= self._game.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = state.current_seats()[0]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self._game.render(self.game_state)

    def close(self) -> None:
        return None


class GothicParallelEnv(ParallelEnv):  # type: ignore[misc]
    """A game as a PettingZoo parallel environment: every step takes one action of each
    seat that may act now (several when they choose in secret at once, as the combat
    chits of fury1987); the actions of seats that may not act are ignored (their
    ``action_mask`` is all 0)."""

    def __init__(self, game: str | Game, *, max_steps: int = DEFAULT_MAX_STEPS,
                 render_mode: str | None = None, **options: Any) -> None:
        self._game = _Game(game, max_steps, options)
        self.metadata = {"name": f"gothic_{self._game.game.name}_v0",
                         "render_modes": ["ansi"]}
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents: list[str] = list(self._game.seats)
        self.agents: list[str] = []
        self.state_: GameState | None = None
        self.steps = 0

    @functools.cache  # noqa: B019
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._game.observation_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._game.action_space

    @property
    def game_state(self) -> GameState:
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {a: self._game.observe(self.game_state, a) for a in self.agents}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> \
            tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self.state_ = self._game.new_game(seed)
        self.steps = 0
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[
            dict[str, dict[str, np.ndarray]], dict[str, float], dict[str, bool],
            dict[str, bool], dict[str, dict[str, Any]]]:
        state = self.game_state
        acting = state.current_seats()
        self._check_actions(actions, acting)
        for seat in acting:
            self._game.play(state, seat, actions[seat])
            self.steps += 1
            if state.is_over:
                break
        agents = list(self.agents)
        rewards = dict.fromkeys(agents, 0.0)
        terminations = dict.fromkeys(agents, False)
        truncations = dict.fromkeys(agents, False)
        if state.is_over:
            returns = self._game.coding.returns(state.outcome, self._game.seats)
            rewards.update(zip(self._game.seats, returns, strict=True))
            terminations = dict.fromkeys(agents, True)
        elif self.steps >= self._game.max_steps:
            truncations = dict.fromkeys(agents, True)
        observations = self._observations()
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        if state.is_over or self.steps >= self._game.max_steps:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _check_actions(self, actions: Mapping[str, Any], acting: Sequence[str]) -> None:
        """The documented errors, before anything is played: UnknownSeat for an agent
        that does not play, IllegalAction for a seat to act given no action."""
        if not isinstance(actions, Mapping):
            raise IllegalAction(f"step takes a dict agent -> action id, not "
                                f"{type(actions).__name__}", rule=ACTION_FORMAT)
        unknown = sorted(set(actions) - set(self.possible_agents), key=str)
        if unknown:
            raise UnknownSeat(f"actions given for {', '.join(map(repr, unknown))}, who do not "
                              f"play this game; the agents are {', '.join(self.possible_agents)}")
        missing = [self._game.game.seat_name(seat) for seat in acting if seat not in actions]
        if missing:
            raise IllegalAction(f"no action given for {' and '.join(missing)}, who "
                                f"{'chooses' if len(missing) == 1 else 'choose'} now",
                                rule=SEQUENCE_OF_PLAY)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self._game.render(self.game_state)

    def close(self) -> None:
        return None


class GothicGymEnv(gymnasium.Env[Any, Any]):
    """One seat of a game as a single-agent Gymnasium environment: the other seats are
    played by ``opponents`` (the game's default bots, ``"random"``, or a mapping seat ->
    agent) between the learner's turns.

    Observations are the same dicts as the PettingZoo environments' (``"observation"``,
    ``"action_mask"``); ``action_masks()`` returns the mask, as sb3-contrib's
    ``MaskablePPO`` expects. The reward is the seat's return at the end (0 before, and 0
    when the game is truncated after ``max_steps`` actions)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium.Env declares it so

    def __init__(self, game: str | Game, seat: str, *, opponents: Any = "default",
                 max_steps: int = DEFAULT_MAX_STEPS, render_mode: str | None = None,
                 **options: Any) -> None:
        self._game = _Game(game, max_steps, options)
        if seat not in self._game.seats:
            raise UnknownSeat(f"{seat!r} does not play this game; its seats are "
                             f"{', '.join(self._game.seats)}")
        self.seat = seat
        self.opponents = _opponents(opponents, seat, self._game.seats)
        self.render_mode = render_mode
        self.observation_space = self._game.observation_space
        self.action_space = self._game.action_space
        self.state_: GameState | None = None
        self.steps = 0
        self._agents: dict[str, Any] = {}

    @property
    def game_state(self) -> GameState:
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> \
            tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        state = self.state_ = self._game.new_game(seed)
        self.steps = 0
        game_seed = int(self.np_random.integers(2**31))
        self._agents = seat_agents(self._game.game, state, game_seed, self.opponents)
        self._play_others()
        return self._game.observe(state, self.seat), {}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool,
                                         dict[str, Any]]:
        state = self.game_state
        self._game.play(state, self.seat, action)
        self.steps += 1
        self._play_others()
        reward, terminated, truncated = 0.0, state.is_over, False
        if terminated:
            returns = self._game.coding.returns(state.outcome, self._game.seats)
            reward = returns[self._game.seats.index(self.seat)]
        elif self.steps >= self._game.max_steps:
            truncated = True
        return self._game.observe(state, self.seat), reward, terminated, truncated, {}

    def _play_others(self) -> None:
        state = self.game_state
        while not state.is_over and self.steps < self._game.max_steps:
            mover = state.current_seats()[0]
            if mover == self.seat:
                return
            agent = self._agents[mover]
            state.apply(mover, agent_choice(state, mover, agent, state.legal_actions(mover)))
            self.steps += 1

    def action_masks(self) -> np.ndarray:
        """The legal action ids of the seat now, as a boolean vector (MaskablePPO)."""
        return self._game.observe(self.game_state, self.seat)["action_mask"].astype(bool)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self._game.render(self.game_state, self.seat)


def _opponents(opponents: Any, learner: str, seats: Sequence[str]) -> Any:
    """``opponents`` checked before any game is played: BadOption for an unknown seat, the
    learner's own seat, a value that is not an agent, or a name of no agents."""
    if isinstance(opponents, Mapping):
        if learner in opponents:
            raise BadOption(f"opponents given for {learner}, the learner's own seat; "
                            "opponents play the other seats")
        check_agents(opponents, [s for s in seats if s != learner], name="opponents")
        return dict(opponents)
    if opponents is None or opponents in ("default", "random"):
        return opponents
    if isinstance(opponents, str):
        agent_factory(opponents)
        return opponents
    if not callable(opponents):
        raise BadOption(f"opponents must be 'default', 'random', 'module:factory', a "
                        f"factory or a mapping seat -> agent, not {opponents!r}")
    return opponents


def gym_env(game: str | Game, seat: str, **kwargs: Any) -> GothicGymEnv:
    """One seat of ``game`` as a Gymnasium environment; keyword arguments are
    ``opponents``, ``max_steps``, ``render_mode`` and the game's options."""
    return GothicGymEnv(game, seat, **kwargs)


def raw_env(game: str | Game, **kwargs: Any) -> GothicAECEnv:
    """The AEC environment of ``game`` (a name or a rules object); keyword arguments are
    ``max_steps``, ``render_mode`` and the game's options."""
    return GothicAECEnv(game, **kwargs)


def env(game: str | Game, **kwargs: Any) -> Any:
    """The AEC environment wrapped as PettingZoo's own environments are (order enforced);
    an action that is not a legal id raises IllegalAction, as in ``raw_env`` (PettingZoo's
    bounds assertion is left out: it would raise AssertionError first, and not at all
    under ``python -O``)."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, **kwargs))


def parallel_env(game: str | Game, **kwargs: Any) -> GothicParallelEnv:
    """The parallel environment of ``game`` (a name or a rules object)."""
    return GothicParallelEnv(game, **kwargs)
