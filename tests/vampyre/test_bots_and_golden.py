"""The bots, the example script, and the golden playthroughs.

Re-record the golden files deliberately, when a rule or a log text changes:
``python -m tests.vampyre.test_bots_and_golden``.
"""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from gothic_kernel import PUBLIC, Agent
from gothic_kernel.agents import play_game
from gothic_kernel.testing import check_golden, write_golden
from vampyre.bots import HunterBot

from .helpers import GAME

GOLDEN = Path(__file__).parent / "golden"
ROOT = Path(__file__).parents[2]

#: file name -> (seed, options, bots)
GOLDEN_GAMES = {
    "basic_bots_seed5.json": (5, {"stage": "basic"}, "default"),
    "extended_bots_seed7.json": (7, {"stage": "extended", "players": 4}, "default"),
    "castle_random_seed3.json": (3, {"stage": "castle", "players": 5}, "random"),
}


def record_all() -> None:
    for name, (seed, options, bots) in GOLDEN_GAMES.items():
        write_golden(GAME, seed, GOLDEN / name, options=options, bots=bots)


def test_the_default_agents_are_the_bots() -> None:
    state = GAME.new_game(seed=1)
    agents = GAME.default_agents(state, 1)
    assert set(agents) == set(state.seats)
    assert all(isinstance(a, HunterBot) and isinstance(a, Agent) for a in agents.values())


@pytest.mark.parametrize("stage", ["basic", "extended", "castle"])
def test_bots_play_whole_games_to_the_end(stage: str) -> None:
    for seed in range(8):
        state, record = play_game(GAME, seed, options={"stage": stage})
        assert state.is_over and record.outcome is not None


def test_bots_search_and_win_the_basic_game_quickly() -> None:
    lengths = [play_game(GAME, seed)[1].steps for seed in range(10)]
    assert max(lengths) < 300  # random play averages about 1,900 actions


def test_a_bot_sees_only_its_own_observation() -> None:
    bot = HunterBot(3)
    state = GAME.new_game(seed=3)
    seat = state.current_seats()[0]
    legal = state.legal_actions(seat)
    assert bot.choose(seat, state.observation(seat), legal) in legal


def test_the_example_plays_both_stages_with_four_hunters(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    script = runpy.run_path(str(ROOT / "examples" / "vampyre_four_hunters.py"))
    script["main"](7)
    out = capsys.readouterr().out.splitlines()
    assert "The Basic Game: Transylvania" in out
    assert "The Extended Game: Castle Dracula" in out
    assert "Where everyone stands as the Basic Game ends:" in out
    assert any(line.startswith("The end (") for line in out)
    assert any("Dr. Van Helsing" in line for line in out)


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_golden_playthrough(name: str) -> None:
    state = check_golden(GAME, GOLDEN / name)
    assert state.is_over and state.log(PUBLIC)


def test_every_golden_file_is_listed() -> None:
    assert sorted(p.name for p in GOLDEN.glob("*.json")) == sorted(GOLDEN_GAMES)


if __name__ == "__main__":
    record_all()
