"""The bots: legal choices only, from the observation only, games that end, and play that
clearly beats random play on either side."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import numpy as np
import pytest

import gothic_kernel as gk
from fury1987.bots import DraculaBot, HunterBot, initiative_odds
from fury1987.hunter_bot import HunterView
from fury1987.state import DRACULA, HUNTERS, FuryState
from gothic_kernel import Action, RandomAgent
from gothic_kernel.agents import play_game

from .helpers import GAME

MAX_STEPS = 20_000


class LegalityCheck:
    """Wraps an agent and fails the test if it ever answers with an illegal action."""

    def __init__(self, agent: gk.Agent) -> None:
        self.agent = agent
        self.decisions = 0

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action]) -> Action:
        action = self.agent.choose(seat, observation, legal_actions)
        assert action in legal_actions, f"{seat} chose {action} not in {legal_actions}"
        self.decisions += 1
        return action


def _winner(state: gk.GameState) -> str:
    outcome = state.outcome
    assert outcome is not None
    if outcome.winners == (DRACULA,):
        return "dracula"
    return "hunters" if outcome.winners else "nobody"


def test_default_agents_are_the_bots() -> None:
    state = GAME.new_game(seed=1)
    agents = GAME.default_agents(state, 1)
    assert isinstance(agents[DRACULA], DraculaBot)
    assert all(isinstance(agents[s], HunterBot) for s in HUNTERS)


def test_bots_only_choose_legal_actions_and_games_finish() -> None:
    for seed in range(6):
        checked: dict[str, LegalityCheck] = {}

        def agents(state: gk.GameState, s: int,
                   out: dict[str, LegalityCheck] = checked) -> dict[str, gk.Agent]:
            out.update({seat: LegalityCheck(a)
                        for seat, a in GAME.default_agents(state, s).items()})
            return dict(out)

        state, record = play_game(GAME, seed, agents=agents, max_steps=MAX_STEPS)
        assert state.is_over, f"seed {seed}: no end after {record.steps} actions"
        assert all(c.decisions for c in checked.values())


def test_a_bot_game_replays_from_its_seed() -> None:
    first = play_game(GAME, 11, max_steps=MAX_STEPS)[1]
    second = play_game(GAME, 11, max_steps=MAX_STEPS)[1]
    assert first.actions == second.actions
    gk.replay(GAME, first)


def test_bots_read_their_observation_only_when_they_have_a_choice() -> None:
    """The bots take an observation worked out when read (``lazy_observation``), and the
    games are the same as with a plain dict handed at every decision."""
    assert DraculaBot.lazy_observation and HunterBot.lazy_observation

    def eager(state: gk.GameState, seed: int) -> dict[str, gk.Agent]:
        bots = GAME.default_agents(state, seed)
        for bot in bots.values():
            bot.lazy_observation = False  # type: ignore[attr-defined]
        return dict(bots)

    for seed in (3, 17):
        _, lazy = play_game(GAME, seed, max_steps=MAX_STEPS)
        _, plain = play_game(GAME, seed, agents=eager, max_steps=MAX_STEPS)
        assert lazy.actions == plain.actions and lazy.public_log == plain.public_log


def _decision_point(seed: int, wanted: str, skip: int) -> FuryState:
    """A game between bots, stopped at the ``skip``-th decision of ``wanted`` with more than
    one choice."""
    state = GAME.new_game(seed=seed)
    assert isinstance(state, FuryState)
    agents = GAME.default_agents(state, seed)
    seen = 0
    while not state.is_over:
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        if seat == wanted and len(legal) > 1:
            seen += 1
            if seen > skip:
                return state
        state.apply(seat, agents[seat].choose(seat, state.observation(seat), legal))
    raise AssertionError("the game ended first")


def test_bots_decide_from_the_observation_alone() -> None:
    """Two positions the seat cannot tell apart (a resample) get the same choice."""
    for wanted, bot_type in ((DRACULA, DraculaBot), ("seward", HunterBot)):
        for skip in (3, 12):
            state = _decision_point(5, wanted, skip)
            twin = state.resample(wanted, seed=99)
            assert twin.observation(wanted) == state.observation(wanted)
            rules = state.rules
            choices = [bot_type(rules, 7).choose(wanted, s.observation(wanted),
                                                 s.legal_actions(wanted))
                       for s in (state, twin)]
            assert choices[0] == choices[1]


def test_the_places_to_cover_kept_between_decisions_are_worked_out_afresh(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A Hunter keeps the places to cover (Towns, rows, weights) from one decision to the
    next while Dracula's possible places and their weights stay the same: at every
    decision of a seeded bot game they equal the ones read from the observation alone."""
    checked: list[str] = []
    score_all = HunterBot.score_all

    def checking(bot: HunterBot, seat: str, observation: Mapping[str, Any],
                 legal_actions: Sequence[Action]) -> list[tuple[float, Action]]:
        kept = HunterView(bot, seat, observation)
        bot.cover = None
        fresh = HunterView(bot, seat, observation)
        assert kept.towns_possible == fresh.towns_possible
        assert kept.cols == fresh.cols
        assert np.array_equal(kept.col_weight, fresh.col_weight)
        checked.append(seat)
        return score_all(bot, seat, observation, legal_actions)

    monkeypatch.setattr(HunterBot, "score_all", checking)
    play_game(GAME, 3, max_steps=MAX_STEPS)
    assert len(checked) > 100


@attrs.frozen
class ForeignAction(Action):
    """An action of a kind the bots were not written for (say, a newer rule's)."""

    card: str = "mystery"


def test_unknown_action_types_get_a_safe_legal_choice() -> None:
    state = _decision_point(2, "godalming", 1)
    legal = [ForeignAction("a"), ForeignAction("b"), *state.legal_actions("godalming")]
    for bot in (HunterBot(state.rules, 3), DraculaBot(state.rules, 3)):
        seat = "godalming" if isinstance(bot, HunterBot) else DRACULA
        view = state.observation("godalming" if seat != DRACULA else DRACULA)
        assert bot.choose(seat, view, legal) in legal
        only_foreign = [ForeignAction("a"), ForeignAction("b")]
        assert bot.choose(seat, view, only_foreign) in only_foreign


@attrs.frozen
class ForeignPlace(Action):
    """A newer rule's choice of a place (say, an Event Card naming a Town)."""

    place: str


def test_a_hunter_names_a_place_where_dracula_may_be() -> None:
    state = _decision_point(2, "godalming", 1)
    view = state.observation("godalming")
    possible = [p for p in view["possible_dracula_locations"]]
    ruled_out = [p for p in state.board.places if p not in possible]
    assert possible and ruled_out
    legal = [ForeignPlace(ruled_out[0]), ForeignPlace(possible[0])]
    assert HunterBot(state.rules, 1).choose("godalming", view, legal) == legal[1]


def test_initiative_odds() -> None:
    assert initiative_odds(0, 0) == 0.5
    assert initiative_odds(1, 0) > 0.5 > initiative_odds(-1, 0)
    assert abs(initiative_odds(-1, 0) - (1 - initiative_odds(0, -1))) < 1e-12


def _tally(mode: str, seeds: range) -> dict[str, int]:
    counts = {"dracula": 0, "hunters": 0, "nobody": 0}
    for seed in seeds:
        def agents(state: gk.GameState, s: int) -> dict[str, gk.Agent]:
            bots = GAME.default_agents(state, s)
            return {seat: bots[seat] if (seat == DRACULA) == (mode == "dracula")
                    else RandomAgent(s + i) for i, seat in enumerate(state.seats)}

        state, _ = play_game(GAME, seed, agents=agents, max_steps=MAX_STEPS)
        assert state.is_over
        counts[_winner(state)] += 1
    return counts


def test_dracula_bot_beats_random_hunters() -> None:
    counts = _tally("dracula", range(100, 110))
    assert counts["dracula"] >= 8, counts


def test_hunter_bots_beat_a_random_dracula() -> None:
    counts = _tally("hunters", range(200, 206))
    assert counts["hunters"] >= 5, counts
