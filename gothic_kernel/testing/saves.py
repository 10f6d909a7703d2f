"""Corrupt saves on purpose: a loader must refuse what the rules cannot produce.

:func:`mutate_save` changes one thing in a ``to_json`` snapshot (a number, a word,
a list entry dropped or doubled, a key removed, a value of the wrong type), the
way a damaged file or a careless hand might. :func:`check_mutated_save` then
holds the game to the contract: the mutated save raises
:class:`~gothic_kernel.errors.CorruptSave` at load, or it loads and plays on to
the end without any other error. A game's tests drive it with hypothesis::

    @given(st.integers(0, 2**32 - 1))
    def test_a_mutated_save_loads_and_plays_on_or_is_refused(seed):
        check_mutated_save(GAME, SAVES[seed % len(SAVES)], seed)
"""

from __future__ import annotations

import json
from typing import Any

from ..dice import Dice
from ..errors import CorruptSave
from ..game import Game

__all__ = ["check_mutated_save", "mutate_save"]

Path = tuple[str | int, ...]


def _paths(data: Any, path: Path = ()) -> list[Path]:
    """Every place in ``data`` a value sits, the root excepted."""
    found: list[Path] = [path] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            found.extend(_paths(value, (*path, key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found.extend(_paths(value, (*path, i)))
    return found


def _words(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [w for v in data.values() for w in _words(v)] + [str(k) for k in data]
    if isinstance(data, list):
        return [w for v in data for w in _words(v)]
    return []


def _at(data: Any, path: Path) -> Any:
    for step in path:
        data = data[step]
    return data


def mutate_save(text: str, seed: int, *, skip: tuple[str, ...] = ("dice",)) -> str:
    """``text`` (a ``to_json`` snapshot) with one thing changed, chosen by ``seed``.

    Places under the top-level keys in ``skip`` are left alone (by default the dice,
    whose every state is a valid one)."""
    dice = Dice(seed)
    data = json.loads(text)
    paths = [p for p in _paths(data) if p[0] not in skip]
    path = dice.choice(paths)
    parent, key = _at(data, path[:-1]), path[-1]
    value = parent[key]
    words = _words(data) or ["x"]
    kind = dice.choice(("change", "change", "drop", "double", "retype"))
    if kind == "drop":
        del parent[key]
    elif kind == "double" and isinstance(parent, list):
        parent.insert(int(key), value)
    elif kind == "retype":
        parent[key] = dice.choice((None, [], {}, "x", 0, -1, 1.5, True))
    elif isinstance(value, bool):
        parent[key] = not value
    elif isinstance(value, int):
        parent[key] = value + dice.choice((-1, 1, 7, -value - 1, 10**6))
    elif isinstance(value, str):
        parent[key] = dice.choice(words)
    elif isinstance(value, list) and value:
        dice.shuffle(value)
        value.pop()
    elif isinstance(value, dict) and value:
        del value[dice.choice(sorted(value))]
    else:
        parent[key] = dice.choice(words)
    return json.dumps(data)


def check_mutated_save(game: Game, text: str, seed: int, *, max_steps: int = 20_000,
                       skip: tuple[str, ...] = ("dice",)) -> bool:
    """Mutate ``text`` with ``seed``; the result must raise CorruptSave at load, or load
    and play on (at random) to the end without error. Returns True if it loaded."""
    mutated = mutate_save(text, seed, skip=skip)
    try:
        state = game.from_json(mutated)
    except CorruptSave:
        return False
    dice = Dice(seed)
    steps = 0
    while not state.is_over:
        seats = state.current_seats()
        assert seats, "a loaded save has nobody to act, yet the game is not over"
        seat = dice.choice(seats)
        legal = state.legal_actions(seat)
        assert legal, f"a loaded save leaves {seat} to act with no legal action"
        state.apply(seat, dice.choice(legal))
        steps += 1
        assert steps <= max_steps, f"a loaded save did not end within {max_steps} steps"
    state.observation(state.seats[0])
    return True
