"""A played game told for people (``gothic demo fury_modern``, ``python -m fury_modern``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gothic_kernel import PUBLIC

from .rules import DRACULA, HUNTERS
from .state import ModernState

if TYPE_CHECKING:
    from gothic_kernel import GameState

#: Log lines too small to print one by one (counted into a summary line instead).
QUIET = frozenset({"combat_card_chosen", "item_drawn", "event_drawn", "ticket"})


def report(state: GameState, record: Any) -> list[str]:
    assert isinstance(state, ModernState)
    lines = ["Dracula moves in secret across Europe; Lord Godalming, Dr. Seward, Van Helsing "
             "and Mina Harker hunt him. He wins at 13 influence; they win by defeating him.",
             ""]
    round_seen = 0
    for entry in record.public_log:
        kind = entry.get("kind", "")
        if kind in QUIET:
            continue
        if kind == "dawn" or (kind == "hunter_start" and round_seen == 0):
            round_seen += 1
            label = "Set-up" if kind == "hunter_start" else f"Round {round_seen}"
            lines.append(f"-- {label} --")
        lines.append(f"  {entry['text']}")
    lines.append("")
    lines += summary(state)
    return lines


def summary(state: Any) -> list[str]:
    outcome = state.outcome
    lines = ["== The end ==",
             state.game.outcome_sentence(outcome) if outcome else "The game did not finish.",
             f"Influence {state.influence} of 13; {state.despair} despair token(s); Dracula has "
             f"suffered {state.dracula.damage} of {state.rules.dracula.health} damage."]
    public = state.observation(PUBLIC)
    for seat in HUNTERS:
        hunter = public["hunters"][seat]
        fate = "defeated" if hunter["defeated"] else "standing"
        lines.append(f"  {state.name(seat):<15} {fate} in {state.name(hunter['location'])}, "
                     f"{hunter['damage']} damage, {hunter['bites']} bite(s)")
    trail = state.observation(DRACULA)["trail"]
    cards = ", ".join(state.name(h["card"]) for h in trail)
    lines.append(f"Behind Dracula's back, his trail at the end: {cards or 'empty'}.")
    return lines
