"""Record saves of every kind of decision, and where play goes from each.

    python tests/vampyre/saves/record.py OUT.json

Uses only the contract (``new_game``, ``legal_actions``, ``apply``, ``to_json``), so it
runs on any version of the package: ``before_decision_classes.json`` was written by the
code of before the decisions became classes (commit 0466ea7), with that package first on
``PYTHONPATH``. For each kind the file holds the first save (of seeded random games)
waiting for that kind, its log cut to the last ``LOG`` entries (to keep the file small;
the rules never read the log), and the SHA-256 of the save after ``STEPS`` more random
actions chosen by ``Dice(CHOOSER)``: the test loads the save with today's code, plays the
same actions and compares.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

import gothic_kernel as gk

KINDS = ("turn_start", "move", "search", "silver_bullet", "lead_astray", "look_at_counter",
         "choose_item")
STEPS = 60
CHOOSER = 99
LOG = 20


def play_on(state: gk.GameState, steps: int, seed: int) -> gk.GameState:
    """``steps`` more actions chosen at random by ``Dice(seed)`` (fewer if the game ends)."""
    chooser = gk.Dice(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state


def digest(state: gk.GameState) -> str:
    return hashlib.sha256(state.to_json().encode()).hexdigest()


def record() -> dict[str, Any]:
    game = gk.load_game("vampyre")
    found: dict[str, Any] = {}
    for seed in range(40):
        for stage in ("extended", "castle", "basic"):
            state = game.new_game(seed=seed, stage=stage, players=2 + seed % 5)
            chooser = gk.Dice(seed)
            while not state.is_over and len(found) < len(KINDS):
                kind = state.observation(gk.PUBLIC)["pending"]["kind"]
                if kind not in found:
                    data = json.loads(state.to_json())
                    data["log"] = data["log"][-LOG:]
                    save = json.dumps(data, separators=(",", ":"))
                    assert game.from_json(save).to_json() == save
                    after = play_on(game.from_json(save), STEPS, CHOOSER)
                    found[kind] = {"seed": seed, "stage": stage, "save": save,
                                   "after": digest(after)}
                seat = state.current_seats()[0]
                state.apply(seat, chooser.choice(state.legal_actions(seat)))
            if len(found) == len(KINDS):
                return {kind: found[kind] for kind in KINDS}
    missing = sorted(set(KINDS) - set(found))
    raise SystemExit(f"no save found for {missing}")


if __name__ == "__main__":
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        json.dump({"steps": STEPS, "chooser": CHOOSER, "log": LOG, "saves": record()}, out,
                  indent=1)
        out.write("\n")
