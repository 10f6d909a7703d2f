"""Shared helpers for the Dracula's Revenge tests."""

from __future__ import annotations

from typing import Any

import gothic_kernel as gk
from draculas_revenge.scenario import sandbox
from draculas_revenge.state import DRState

OPEN_8 = ["........"] * 8


def game() -> Any:
    return gk.load_game("draculas_revenge")


def fig(st: DRState, fid: str) -> Any:
    return st.figures[fid]


def at(st: DRState, fid: str) -> tuple[int, int]:
    return st.rules.board.xy(st.figures[fid].pos)


def targets(st: DRState, seat: str, kind: type) -> set[str]:
    return {a.target for a in st.legal_actions(seat) if isinstance(a, kind)}


def no_dice(rows: list[str] | None = None, **kw: Any) -> DRState:
    """A sandbox without Reaction Dice (no reaction windows interrupt the example)."""
    return sandbox(rows if rows is not None else OPEN_8, reaction_dice=False, **kw)


def last_attack(st: DRState) -> dict[str, Any]:
    return [e for e in st.log(gk.PUBLIC) if e["kind"] == "attack"][-1]
