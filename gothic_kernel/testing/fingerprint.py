"""A digest of a seeded random game, for speed work that must leave games unchanged.

The same digest before and after a change means the same legal actions, in the same
order, the same observations and the same final save.
"""

from __future__ import annotations

import hashlib
import json
import random

from ..game import GameState


def random_play_digest(state: GameState, seed: int, *, observe_every: int,
                       max_steps: int | None = None) -> tuple[int, str]:
    """Play ``state`` on with uniform choices seeded by ``seed`` (the first seat to act
    chooses) until it is over or ``max_steps`` actions were played; the number of actions
    and a SHA-256 of every legal-action list, every seat's observation at every
    ``observe_every``-th step, and the final save."""
    rng, digest, steps = random.Random(seed), hashlib.sha256(), 0
    while not state.is_over and (max_steps is None or steps < max_steps):
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        digest.update(repr(legal).encode())
        if steps % observe_every == 0:
            for viewer in state.seats:
                digest.update(json.dumps(state.observation(viewer), sort_keys=True).encode())
        state.apply(seat, rng.choice(legal))
        steps += 1
    digest.update(state.to_json().encode())
    return steps, digest.hexdigest()
