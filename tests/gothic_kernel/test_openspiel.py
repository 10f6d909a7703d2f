"""Every game as an OpenSpiel game, tested with OpenSpiel's own tools (extra ``openspiel``)."""

from __future__ import annotations

import json
import pickle
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import gothic_kernel as gk  # noqa: E402
from gothic_kernel import openspiel  # noqa: E402

from .ai_games import CASES, encoded_cases  # noqa: E402

#: Parameters that keep each game's random simulations short.
SIM_PARAMS: dict[str, dict[str, Any]] = {
    "kuhn_poker": {},
    "vampyre": {"players": 2, "max_game_length": 150},
    "draculas_revenge": {"max_game_length": 150},
    "fury1987": {"max_game_length": 150},
    "fury_modern": {"max_game_length": 150},
}


def load(name: str, **params: Any) -> Any:
    game, _ = CASES[name]
    return openspiel.load(game, **params)


def test_register_names_every_installed_game() -> None:
    names = openspiel.register()
    assert names == [f"gothic_{n}" for n in gk.available_games()]
    assert set(names) <= {g.short_name for g in pyspiel.registered_games()}
    assert openspiel.register() == names  # twice is harmless


@pytest.mark.parametrize("name", encoded_cases())
def test_random_sim_test(name: str) -> None:
    """OpenSpiel's own random simulation test (legal actions sorted and masked, clones,
    observation and information state strings and tensors for every player, returns)."""
    game = load(name, **SIM_PARAMS[name])
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("name", encoded_cases())
def test_serialize_and_deserialize_at_every_step(name: str) -> None:
    """``serialize``/``deserialize_state`` (the contract's ``to_json``) and ``clone`` give
    equal states that play on alike. (``pyspiel.serialize_game_and_state`` needs a
    Python game to report an RNG state it cannot expose, so random_sim_test runs with
    ``serialize=False`` and this test does the serializing.)"""
    game = load(name, **SIM_PARAMS[name])
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    for _ in range(60):
        if state.is_terminal():
            break
        again = game.deserialize_state(state.serialize())
        twin = state.clone()
        assert str(again) == str(state) == str(twin)
        assert again.legal_actions() == state.legal_actions() == twin.legal_actions()
        action = rng.choice(state.legal_actions())
        for copy in (state, again, twin):
            copy.apply_action(action)
        assert str(again) == str(state) == str(twin)
        assert state.history() == twin.history()
    restored = pickle.loads(pickle.dumps(state.serialize()))
    assert str(game.deserialize_state(restored)) == str(state)


def test_game_type_and_info() -> None:
    game = load("kuhn_poker")
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == 4 and game.observation_tensor_shape() == [23]
    assert (game.min_utility(), game.max_utility()) == (-2.0, 2.0)
    assert load("fury1987").get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert load("vampyre", players=3).num_players() == 3


def test_rng_seed_fixes_the_stream_of_games() -> None:
    def first_states(seed: int) -> list[str]:
        game = load("vampyre", players=2, rng_seed=seed)
        return [str(game.new_initial_state()) for _ in range(3)]

    assert first_states(4) == first_states(4)
    assert first_states(4) != first_states(5)
    assert len(set(first_states(4))) == 3
    seeded = load("vampyre", players=2).new_initial_state_seeded(9)
    assert str(seeded) == gk.load_game("vampyre").new_game(seed=9, players=2).to_json()


def test_tuple_options_are_joined_with_plus() -> None:
    game = load("vampyre", hunters="mina+seward")
    state = game.new_initial_state()
    assert openspiel.spiel_state(state).seats == ("mina", "seward")
    assert game.num_players() == 2


def test_max_game_length_ends_a_game_as_a_draw() -> None:
    game = load("vampyre", players=2, max_game_length=5)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 5 and state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_an_illegal_id_is_refused() -> None:
    state = load("kuhn_poker").new_initial_state()
    with pytest.raises(Exception, match="legal"):
        state.apply_action(2)  # call: nobody has bet


def test_strings_come_from_the_observation_and_the_log() -> None:
    game = load("kuhn_poker")
    state = game.new_initial_state()
    state.apply_action(1)  # first bets
    inner = openspiel.spiel_state(state)
    seen = json.loads(state.observation_string(1))
    assert seen == {"seat": "second", "observation": inner.observation("second")}
    known = json.loads(state.information_state_string(1))
    assert known["log"] == inner.log("second")
    assert state.observation_tensor(1) == inner.observation_tensor("second").tolist()
    call = inner.game.encoding().actions.decode(2)
    assert state.action_to_string(1, 2) == inner.describe_action("second", call)


@pytest.mark.parametrize("name", ["kuhn_poker", "vampyre", "draculas_revenge", "fury1987"])
def test_resample_from_infostate_keeps_what_the_player_knows(name: str) -> None:
    game = load(name, **SIM_PARAMS[name])
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(1 if name == "kuhn_poker" else 12):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differs = False
    for _ in range(6):
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()
        differs |= str(other) != str(state)
        other.apply_action(other.legal_actions()[0])  # it plays on
    assert differs


class _NoPlayout(mcts.Evaluator):  # type: ignore[misc]
    """Every leaf is worth 0 to everyone, with uniform priors: the search is the test."""

    def evaluate(self, state: Any) -> Any:
        return np.zeros(state.get_game().num_players())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


@pytest.mark.parametrize(("name", "params", "playouts"), [
    ("kuhn_poker", {}, True),
    ("vampyre", {"players": 2, "stage": "castle"}, True),
    ("draculas_revenge", {}, False),
])
def test_openspiel_ismcts_plays_whole_games(name: str, params: dict[str, Any],
                                            playouts: bool) -> None:
    """OpenSpiel's ISMCTS bot (open_spiel.python.algorithms.ismcts) plays every seat to the
    end of the game, resampling through resample_from_infostate."""
    game = load(name, **params)
    evaluator = (mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)) if playouts
                 else _NoPlayout())
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=4,
                           random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    inner = openspiel.spiel_state(state)
    assert inner.is_over and inner.outcome is not None
    assert state.returns() == game.encoding.returns(inner.outcome, inner.seats)


@pytest.mark.parametrize("name", [n for n in ("fury1987", "fury_modern") if n in CASES])
def test_a_secret_choice_taken_in_turn_stays_secret(name: str) -> None:
    """Seats choosing at once (combat chits) take turns in OpenSpiel: whatever the first
    chooses, the next seat's information state is the same."""
    game = load(name, max_game_length=5_000)
    rng = np.random.RandomState(0)
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal() and len(openspiel.spiel_state(state).current_seats()) < 2:
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            break
    else:
        pytest.skip("no simultaneous choice in 30 random games")
    after = openspiel.spiel_state(state).current_seats()[1]
    seats = openspiel.spiel_state(state).seats
    seen = set()
    for action in state.legal_actions():
        child = state.child(action)
        assert openspiel.spiel_state(child).current_seats()[0] == after
        seen.add(child.information_state_string(seats.index(after)))
    assert len(state.legal_actions()) > 1 and len(seen) == 1
