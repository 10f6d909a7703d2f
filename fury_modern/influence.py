"""The influence track: Dracula wins when it reaches 13 (Combat; tracks.toml)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import DRACULA

if TYPE_CHECKING:
    from .state import ModernState


def advance_influence(state: ModernState, spaces: int, why: str) -> None:
    """Move the influence marker ``spaces`` (back when negative, never below 0); at the last
    space Dracula wins at once."""
    top = state.rules.numbers["influence_max"]
    before = state.influence
    state.influence = max(0, min(top, before + spaces))
    if state.influence == before:
        return
    moved = "advances" if spaces > 0 else "goes back"
    state.say("influence", f"{why[:1].upper()}{why[1:]}: the influence track {moved} to "
                           f"{state.influence}.", influence=state.influence, reason=why)
    if state.influence >= top:
        state.end((DRACULA,), f"his influence reaches {top}")
