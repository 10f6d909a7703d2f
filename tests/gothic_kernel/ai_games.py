"""The games the AI entry points are tested on, each with options that keep tests fast."""

from __future__ import annotations

from typing import Any

import gothic_kernel as gk
from gothic_kernel.reference import KuhnPoker

#: name -> (rules object, options): Kuhn poker and every installed game.
CASES: dict[str, tuple[gk.Game, dict[str, Any]]] = {"kuhn_poker": (KuhnPoker(), {})}
FAST_OPTIONS: dict[str, dict[str, Any]] = {
    "vampyre": {"players": 2},
    "draculas_revenge": {},
    "fury1987": {},
    "fury_modern": {},
}
for _name in gk.available_games():
    CASES[_name] = (gk.load_game(_name), FAST_OPTIONS.get(_name, {}))
if "fury_modern" not in CASES:  # not registered as an entry point yet: its package exists
    try:
        from fury_modern import FuryModernGame
    except ImportError:  # pragma: no cover - a distribution without it
        pass
    else:
        CASES["fury_modern"] = (FuryModernGame(), {})


def encoded_cases() -> list[str]:
    """The games that have a fixed-size encoding."""
    found = []
    for name, (game, options) in CASES.items():
        try:
            game.encoding(**options)
        except NotImplementedError:
            continue
        found.append(name)
    return found
