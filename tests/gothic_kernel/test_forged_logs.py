"""A save whose log was edited or cut is refused, whether read as written or re-saved by hand
(docs/scale.md: "a damaged log is refused at load"): the four games alike."""

from __future__ import annotations

import json
import random

import pytest

import gothic_kernel as gk

GAMES = ("fury1987", "fury_modern", "vampyre", "draculas_revenge")


def _mid_game(name: str, steps: int = 60) -> str:
    game = gk.load_game(name)
    state, rng = game.new_game(seed=11), random.Random(11)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state.to_json()


def _log_edited(text: str, change: str) -> str:
    data = json.loads(text)
    log = data["log"]
    if change == "text":
        entry = next(e for e in log if isinstance(e, dict))
        entry["text"] = "Dracula is in Paris, ha."
    elif change == "cut":
        del log[len(log) // 2]
    else:
        data["log_seal"] = "xx"
    return json.dumps(data)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("change", ["text", "cut", "seal"])
def test_a_save_whose_log_was_edited_or_cut_is_refused_naming_the_log(name: str,
                                                                      change: str) -> None:
    game, text = gk.load_game(name), _mid_game(name)
    game.from_json(json.dumps(json.loads(text)))  # read in full, unedited, it loads
    with pytest.raises(gk.CorruptSave, match="corrupt log: the log was edited or cut"):
        game.from_json(_log_edited(text, change))
