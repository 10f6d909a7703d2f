"""Every game as a PettingZoo environment, tested with PettingZoo's own test suites
(extra ``pettingzoo``)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, parallel_api_test, seed_test

import gothic_kernel as gk
from gothic_kernel import IllegalAction, UnknownSeat
from gothic_kernel import pettingzoo as gpz

from .ai_games import CASES, encoded_cases

#: Actions after which each game is truncated in these tests.
MAX_STEPS = 120
#: The warnings PettingZoo's tests give every environment whose observations are dicts
#: with an action mask and whose agents are named after seats, as its own classic games.
EXPECTED = ("Observation is not a NumPy array",
            "Observation space for each agent probably should be",
            "We recommend agents to be named",
            "Action mask numpy array is all zeros")


def make(name: str, **kwargs: Any) -> Any:
    game, options = CASES[name]
    return gpz.env(game, max_steps=MAX_STEPS, **options, **kwargs)


def unexpected(caught: list[warnings.WarningMessage]) -> list[str]:
    return [str(w.message) for w in caught
            if not str(w.message).startswith(EXPECTED)]


@pytest.mark.parametrize("name", encoded_cases())
def test_api_test(name: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(make(name), num_cycles=40)
    assert unexpected(caught) == []


@pytest.mark.parametrize("name", encoded_cases())
def test_seed_test(name: str) -> None:
    seed_test(lambda: make(name), num_cycles=40)


@pytest.mark.parametrize("name", [n for n in ("kuhn_poker", "fury1987", "fury_modern")
                                  if n in encoded_cases()])
def test_parallel_api_test(name: str) -> None:
    """The parallel API, for the games whose seats choose in secret at once (fury1987's
    combat chits); Kuhn poker as the small case."""
    game, options = CASES[name]
    steps = MAX_STEPS * 4
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(gpz.parallel_env(game, max_steps=steps, **options), num_cycles=steps)
    assert unexpected(caught) == []


def test_a_parallel_step_missing_a_seat_or_naming_a_stranger_is_the_documented_error(
        ) -> None:
    """trial s27 G-m: step({}) raised a plain ValueError, and an unknown agent name passed
    without a word. A seat to act given no action is an IllegalAction naming it, an agent
    that does not play an UnknownSeat (an IllegalAction too); the game does not move."""
    env = gpz.parallel_env("fury_modern")
    observations, _ = env.reset(seed=1)
    before = env.game_state.to_json()
    acting = env.game_state.current_seats()[0]
    name = env.game_state.game.seat_name(acting)
    with pytest.raises(IllegalAction, match=f"no action given for {name}, who chooses now"):
        env.step({})
    legal = int(np.flatnonzero(observations[acting]["action_mask"])[0])
    with pytest.raises(UnknownSeat, match="actions given for 'zorro', who do not play"):
        env.step({acting: legal, "zorro": 1})
    assert env.game_state.to_json() == before


def test_parallel_steps_take_simultaneous_choices_together() -> None:
    game, options = CASES["fury1987"]
    env = gpz.parallel_env(game, max_steps=5_000, **options)
    observations, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    together = 0
    while env.agents:
        acting = [a for a in env.agents if observations[a]["action_mask"].any()]
        assert acting == list(env.game_state.current_seats())
        together += len(acting) > 1
        actions = {a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"])))
                   for a in acting}
        observations, *_ = env.step(actions)
        if together > 3:
            break
    assert together


def test_rewards_at_the_end_and_masks_for_the_seat_to_act() -> None:
    env = make("kuhn_poker")
    env.reset(seed=1)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        total[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert observation["observation"].dtype == np.float32
        env.step(int(legal[0]))
    state = env.unwrapped.game_state
    assert total == dict(state.outcome.scores)


def test_truncation_after_max_steps() -> None:
    env = make("vampyre", render_mode="ansi")
    env.reset(seed=2)
    steps = 0
    for _ in env.agent_iter():
        _, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            assert truncation and not termination and reward == 0
            env.step(None)
            continue
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
        steps += 1
    assert steps == MAX_STEPS
    assert isinstance(env.render(), str)


def test_an_illegal_action_is_refused() -> None:
    env = make("kuhn_poker")
    env.reset(seed=0)
    with pytest.raises(IllegalAction):
        env.step(2)  # call: nobody has bet


@pytest.mark.parametrize("bad", [-1, 10**9, "0", None, True, 0.0, np.float32(0)])
def test_anything_but_a_legal_action_id_is_refused_as_illegal(bad: Any) -> None:
    """docs/ai.md: an id outside the mask raises IllegalAction; so does a value that is no
    id at all (not AssertionError, not played as 1 for True); the game does not move."""
    for env in (make("kuhn_poker"), gpz.raw_env(CASES["kuhn_poker"][0])):
        env.reset(seed=0)
        before = env.unwrapped.game_state.to_json()
        with pytest.raises(IllegalAction):
            env.step(bad)
        assert env.unwrapped.game_state.to_json() == before
    env = make("kuhn_poker")
    env.reset(seed=0)
    env.step(np.int64(0))  # a numpy integer is an id


def test_a_gym_env_for_a_seat_not_in_the_game_is_an_unknown_seat() -> None:
    with pytest.raises(UnknownSeat):
        gpz.gym_env(CASES["kuhn_poker"][0], "zorro")


@pytest.mark.parametrize(("opponents", "named"), [
    ({"mina": "zzz"}, r"opponents\['mina'\] is 'zzz', not an agent"),
    ({"godalming": "random"}, r"opponents\['godalming'\] is 'random', not an agent"),
    ({"mina": None}, r"opponents\['mina'\] is None, not an agent"),
    ({"zorro": gk.RandomAgent(1)}, "opponents given for zorro, who do not play"),
    ({"dracula": gk.RandomAgent(1)}, "dracula, the learner's own seat"),
    ("zzz", "'zzz'"), (5, "not 5"),
])
def test_opponents_that_cannot_play_are_refused_when_the_env_is_made(
        opponents: Any, named: str) -> None:
    """trial s27 G-k: gym_env(opponents=...) took a seat with no agent (crashing in reset
    or step), an unknown seat and the learner's own seat silently."""
    with pytest.raises(gk.BadOption, match=named):
        gpz.gym_env("fury_modern", "dracula", opponents=opponents)
    env = gpz.gym_env("fury_modern", "dracula", opponents={"mina": gk.RandomAgent(1)})
    env.reset(seed=1)


def test_reset_with_a_seed_replays_the_same_game() -> None:
    env = make("draculas_revenge")
    env.reset(seed=11)
    first = env.observe(env.agent_selection)["observation"]
    env.reset(seed=12)
    env.reset(seed=11)
    assert np.array_equal(env.observe(env.agent_selection)["observation"], first)


def test_render_shows_a_spectator_what_is_public_not_the_seat_to_act() -> None:
    """render() ended with the acting seat's own prompt: fury_modern's Dracula's names his
    city ("Dracula (in Bordeaux): choose where you go ...") (trial s26 F18)."""
    env = make("fury_modern", render_mode="ansi")
    env.reset(seed=1)
    for agent in env.agent_iter():
        if agent == "dracula" and env.unwrapped.game_state.dracula_location:
            break
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    state = env.unwrapped.game_state
    shown = env.render()
    assert shown.splitlines()[-1] == state.prompt("public")
    assert state.prompt("dracula") not in shown
    for k in range(3):  # a state resampled for a spectator renders the same
        assert env.unwrapped._game.render(state.resample("public", k + 1)) == shown
