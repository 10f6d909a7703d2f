"""gk.ISMCTSAgent: information-set MCTS on resample and clone, for any game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import gothic_kernel as gk
from gothic_kernel.reference import KuhnPoker
from gothic_kernel.reference.kuhn_poker import KuhnState

from .ai_games import CASES


class Spy:
    """A search agent that records the sample it is handed, and plays the first action."""

    reads_observation = True
    searches = True

    def __init__(self) -> None:
        self.seen: list[tuple[str, Mapping[str, Any], gk.GameState]] = []

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[gk.Action], *, sample: gk.GameState) -> gk.Action:
        self.seen.append((seat, observation, sample))
        return legal_actions[0]


def test_search_agents_are_handed_a_resampled_state_never_the_real_one() -> None:
    """The play loop hands a ``searches`` agent ``state.resample(seat, seed)``: its seat's
    observation and legal actions are those of the real state; what the seat cannot see
    (the other card, the future rolls) is redrawn."""
    game = KuhnPoker()
    other_card_differs = 0
    for seed in range(30):
        spy = Spy()
        real, record = gk.play_game(game, seed, agents={"first": spy})
        assert isinstance(real, KuhnState)
        for seat, observation, sample in spy.seen:
            assert isinstance(sample, KuhnState) and sample is not real
            assert sample.observation(seat) == observation
            assert sample.cards[seat] == real.cards[seat]
            other_card_differs += sample.cards["second"] != real.cards["second"]
            assert sample.dice.to_data() != real.dice.to_data()
        assert gk.replay(game, record).to_json() == real.to_json()  # the loop changed nothing
    assert other_card_differs > 5


def test_ismcts_beats_random_play_at_kuhn_poker() -> None:
    game = KuhnPoker()
    chips = 0.0
    for seed in range(150):
        agent = gk.ISMCTSAgent(60, seed=seed)
        state, _ = gk.play_game(game, seed, agents={"first": agent, "second": gk.RandomAgent(seed)})
        assert state.outcome is not None
        chips += state.outcome.scores["first"]
    assert chips / 150 > 0.2  # random play against random play is worth about 0


def test_ismcts_is_repeatable_with_a_seed() -> None:
    game, options = CASES["vampyre"]

    def played() -> list[tuple[str, dict[str, Any]]]:
        agent = gk.ISMCTSAgent(20, seed=4, rollout_steps=30)
        _, record = gk.play_game(game, 8, options=options, agents={"harker": agent},
                                 max_steps=40)
        return record.actions

    assert played() == played()


@pytest.mark.parametrize("name", [n for n in CASES if n != "kuhn_poker"])
def test_ismcts_plays_every_game(name: str) -> None:
    """No game code: the same agent plays a few turns of every game, every seat."""
    game, options = CASES[name]
    agents = {seat: gk.ISMCTSAgent(8, seed=i, rollout_steps=20)
              for i, seat in enumerate(game.seats_for(**options))}
    state, record = gk.play_game(game, 1, options=options, agents=agents, max_steps=25)
    assert record.steps == 25 or state.is_over


def test_a_budget_in_seconds() -> None:
    game = KuhnPoker()
    state = game.new_game(seed=2)
    agent = gk.ISMCTSAgent(None, seconds=0.02, seed=1)
    action = agent.choose("first", {}, state.legal_actions("first"),
                          sample=state.resample("first", 5))
    assert action in state.legal_actions("first")
    assert agent.last_search["simulations"] >= 1


def test_default_bots_as_playouts() -> None:
    game, options = CASES["draculas_revenge"]
    agent = gk.ISMCTSAgent(6, seed=3, rollout="default", rollout_steps=40)
    state, record = gk.play_game(game, 2, options=options, agents={"hunters": agent},
                                 max_steps=30)
    assert record.steps == 30 or state.is_over


def test_random_playouts_guided_by_the_bots() -> None:
    game, options = CASES["fury1987"]
    agent = gk.ISMCTSAgent(6, seed=3, rollout="random", guide=True, rollout_steps=40)
    state, record = gk.play_game(game, 2, options=options, agents={"dracula": agent},
                                 max_steps=60)
    assert record.steps == 60 or state.is_over


def test_the_bots_move_is_kept_unless_another_is_clearly_better() -> None:
    """With guidance the search keeps the default bot's move unless another is clearly
    better; with a confidence bound too wide to be passed, it always plays the bot's."""
    game, options = CASES["vampyre"]
    state = game.new_game(seed=4, **options)
    for _ in range(6):
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        sample = state.resample(seat, 1)
        agent = gk.ISMCTSAgent(12, seed=2, confidence=50.0)  # never clearly better
        chosen = agent.choose(seat, {}, legal, sample=sample)
        if len(legal) > 1:
            assert chosen == agent.last_search["suggested"] is not None
        state.apply(seat, chosen)


def test_without_a_sample_it_says_how_to_get_one() -> None:
    state = KuhnPoker().new_game(seed=0)
    with pytest.raises(gk.BadOption, match="resample"):
        gk.ISMCTSAgent(10).choose("first", state.observation("first"),
                                  state.legal_actions("first"))


@pytest.mark.parametrize("kwargs", [{"simulations": None}, {"simulations": 0},
                                    {"seconds": -1.0}, {"rollout": "greedy"}])
def test_bad_budgets_are_refused(kwargs: dict[str, Any]) -> None:
    with pytest.raises(gk.BadOption):
        gk.ISMCTSAgent(**kwargs)
