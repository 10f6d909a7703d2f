"""Checks of a game's fixed-size encoding (:mod:`gothic_kernel.encoding`).

:func:`check_encoding` plays seeded games (random, or the game's default bots) and, at
every step, checks that

* every legal action has an id, the ids of one seat's legal actions are distinct, and
  each id decodes back to an action with the same JSON form (the same id means the same
  move everywhere);
* the action mask has exactly the legal ids set;
* every seat's and the public's observation tensor has the game's fixed shape, is
  ``float32`` and lies in [0, 1];
* for states resampled for a seat (states it cannot tell from the real one), its tensor
  is identical: nothing hidden from it reaches its tensor.

It raises :class:`EncodingCheckError` listing what failed, and returns counts.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..agents import agent_choice, seat_agents
from ..dice import Dice
from ..encoding import encoding_for
from ..game import Game, GameState
from ..visibility import PUBLIC

__all__ = ["EncodingCheckError", "check_encoding"]


class EncodingCheckError(AssertionError):
    """A game's encoding broke one of the checks."""


def check_encoding(game: Game, *, seeds: Sequence[int] = (0, 1), max_steps: int = 400,
                   options: Mapping[str, Any] | None = None, agents: str = "random",
                   every: int = 1, resample_every: int = 5) -> Counter[str]:
    """Play ``seeds`` games of ``game`` (``agents``: ``"random"`` or ``"default"``) for at
    most ``max_steps`` actions each, checking the encoding at every ``every``-th step
    (and resampled tensors every ``resample_every``-th). Returns counts of what was
    checked (``actions``, ``tensors``, ``resamples``, ``types`` seen per action type)."""
    counts: Counter[str] = Counter()
    failures: list[str] = []
    for seed in seeds:
        state = game.new_game(seed=seed, **dict(options or {}))
        players = seat_agents(game, state, seed, agents)
        dice = Dice(seed + 0xE4C)
        for step in range(max_steps):
            if step % every == 0:
                _check_state(state, step, counts, failures,
                             resample=step % resample_every == 0, dice=dice)
            if state.is_over or failures:
                break
            seat = state.current_seats()[0]
            agent = players[seat]
            state.apply(seat, agent_choice(state, seat, agent, state.legal_actions(seat)))
        _check_state(state, -1, counts, failures, resample=True, dice=dice)
        if failures:
            break
    if failures:
        raise EncodingCheckError(f"{game.name} encoding: " + "; ".join(failures[:5]))
    return counts


def _check_state(state: GameState, step: int, counts: Counter[str], failures: list[str],
                 *, resample: bool, dice: Dice) -> None:
    coding = encoding_for(state)
    where = f"step {step}" if step >= 0 else "the end"
    for seat in state.current_seats():
        seen: dict[int, dict[str, Any]] = {}
        for action in state.legal_actions(seat):
            form = action.to_json()
            try:
                number = coding.actions.encode(action)
            except Exception as exc:
                failures.append(f"{where}: {seat} {form}: {exc}")
                return
            if number in seen:
                failures.append(f"{where}: {seat}: {form} and {seen[number]} share id {number}")
            seen[number] = form
            back = coding.actions.decode(number)
            if json.dumps(back.to_json()) != json.dumps(form):
                failures.append(f"{where}: id {number} decodes to {back.to_json()}, not {form}")
            counts["actions"] += 1
            counts[f"type {action.TYPE}"] += 1
        mask = coding.actions.mask(state, seat)
        if sorted(np.flatnonzero(mask).tolist()) != sorted(seen):
            failures.append(f"{where}: {seat}'s action mask is not its legal ids")
    for viewer in (*state.seats, PUBLIC):
        tensor = state.observation_tensor(viewer)
        counts["tensors"] += 1
        if tensor.shape != coding.shape or tensor.dtype != np.float32:
            failures.append(f"{where}: {viewer}'s tensor has shape {tensor.shape} "
                            f"{tensor.dtype}, not {coding.shape} float32")
        elif not (np.all(tensor >= 0.0) and np.all(tensor <= 1.0)):
            failures.append(f"{where}: {viewer}'s tensor leaves [0, 1]")
        if resample and viewer != PUBLIC:
            twin = state.resample(viewer, dice.index(2**31))
            counts["resamples"] += 1
            if not np.array_equal(twin.observation_tensor(viewer), tensor):
                failures.append(f"{where}: {viewer}'s tensor differs in a state resampled "
                                "for it")
