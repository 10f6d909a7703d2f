"""Golden playthroughs: seeded games stored as files and replayed on every run.

A golden file is a :class:`~gothic_kernel.agents.GameRecord` in JSON (seed,
options, every action, the public log, the outcome). Replaying it and finding
a different log or outcome shows that the game's behaviour has changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..agents import GameRecord, RandomAgent, play_game, replay
from ..game import Game, GameState


def record_golden(game: Game, seed: int, *, options: Mapping[str, Any] | None = None,
                  bots: str = "random", max_steps: int = 100_000) -> GameRecord:
    """Play a seeded game (random agents by default, or the game's ``default`` bots)."""
    def agents(state: GameState, _seed: int) -> dict[str, Any]:
        if bots == "default":
            return dict(game.default_agents(state, seed))
        return {s: RandomAgent(seed * 1000 + i) for i, s in enumerate(state.seats)}

    _, record = play_game(game, seed, options=options, agents=agents, max_steps=max_steps)
    return record


def write_golden(game: Game, seed: int, path: str | Path, **kwargs: Any) -> GameRecord:
    """Record a golden playthrough to ``path``."""
    record = record_golden(game, seed, **kwargs)
    Path(path).write_text(record.to_json() + "\n", encoding="utf-8")
    return record


def check_golden(game: Game, path: str | Path) -> GameState:
    """Replay the golden file at ``path``; raises GothicError where it diverges."""
    record = GameRecord.from_json(Path(path).read_text(encoding="utf-8"))
    return replay(game, record)
