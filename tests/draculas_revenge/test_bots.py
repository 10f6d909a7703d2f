"""The bots: legal, observation-only, and better than chance."""

from __future__ import annotations

from typing import Any

import gothic_kernel as gk
from draculas_revenge.bots import RevengeBot
from gothic_kernel import RandomAgent
from gothic_kernel.agents import play_game

GAME = gk.load_game("draculas_revenge")


def test_default_agents_are_revenge_bots_and_finish_every_adventure() -> None:
    for adventure in ("into_the_breach", "defile_the_coffins", "cross_the_catacombs",
                      "rescue_van_helsing", "destroy_dracula", "custom"):
        state, _ = play_game(GAME, 3, options={"adventure": adventure}, max_steps=20_000)
        assert state.is_over, adventure
    agents = GAME.default_agents(GAME.new_game(seed=1), 1)
    assert all(isinstance(a, RevengeBot) for a in agents.values())


def test_the_bot_only_reads_its_observation() -> None:
    seen: list[Any] = []

    class Spy(RevengeBot):
        def choose(self, seat, observation, legal_actions):  # type: ignore[no-untyped-def]
            seen.append(dict(observation))
            return super().choose(seat, observation, legal_actions)

    def agents(state: gk.GameState, seed: int) -> dict[str, Any]:
        return {"vampires": Spy(1), "hunters": Spy(2)}

    play_game(GAME, 5, agents=agents, max_steps=300)
    assert seen and all("to_act" in o for o in seen)


def test_bots_beat_random_play() -> None:
    wins = 0
    for seed in range(12):
        def agents(state: gk.GameState, s: int) -> dict[str, Any]:
            return {"vampires": RandomAgent(s), "hunters": RevengeBot(s)}
        state, _ = play_game(GAME, seed, agents=agents, max_steps=20_000)
        wins += state.outcome is not None and state.outcome.winners == ("hunters",)
    assert wins >= 8


def test_timer_observation_for_a_front_end() -> None:
    state = GAME.new_game(seed=2, timer_seconds=60)
    timer = state.observation("hunters")["timer"]
    assert timer["limit_seconds"] == 60 and timer["enabled"]
    assert timer["on_expiry"] == {"type": "end_move"}
    while state.phase != "activation":  # type: ignore[attr-defined]
        seat = state.current_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    timer = state.observation("vampires")["timer"]
    assert timer["character"] == state.active and timer["running"]  # type: ignore[attr-defined]
