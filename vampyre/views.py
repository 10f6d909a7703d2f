"""What each viewer may know, and states a viewer cannot tell apart (``resample``).

Everything on the table is public: where every counter stands, the items and
coffins each player has turned over, bites and wounds, the clock. The hidden
parts are the face-down counters nobody has seen (scope ``nobody``): the black
counters stacked in the large hexes and the red guardians in the green areas of
Castle Dracula. A player who looked at a large hex's top counter (Strange
Occurrence 10) knows that one counter while it stays on top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from gothic_kernel import Log, LogEntry

from .castle import daylight
from .combat import fight_view
from .state import clock_text

if TYPE_CHECKING:
    from .state import VampyreState


def _player_view(state: VampyreState, seat: str) -> dict[str, Any]:
    p = state.players[seat]
    return {
        "name": state.name(seat), "hunter": state.rules.hunter_names[seat], "form": str(p.form),
        "location": p.location,
        "place": None if p.location is None else state.place(p.location), "bites": p.bites,
        "items": state.item_kinds(seat), "coffins": len(p.coffins), "cured": p.cured,
        "possessed": p.possessed, "lost_turns": p.lost_turns, "immobile": p.immobile,
        "reappear": p.reappear, "searched": p.searched, "wounds": p.wounds,
        "may_heal": p.may_heal, "healing": p.healing, "resting": p.resting,
        "fleeing": p.fleeing, "must_reveal": p.must_reveal, "out": str(p.out),
    }


def known_tops(state: VampyreState, viewer: str) -> dict[str, str]:
    """The large hexes whose top counter ``viewer`` has looked at (and still lies on top)."""
    seen = state.peeks.get(viewer, {})
    return {h: c for h, c in seen.items() if state.stacks.get(h) and state.stacks[h][0] == c}


def observation(state: VampyreState, viewer: str) -> dict[str, Any]:
    """Exactly what ``viewer`` (a seat or ``public``) may know."""
    rules = state.rules
    tops = known_tops(state, viewer)
    pending = state.pending
    view: dict[str, Any] = {
        "stage": str(state.stage),
        "seats": list(state.seats),
        "turn": state.turns,
        "round": state.rounds,
        "current": state.current if state.result is None else None,
        "pending": None if pending is None else pending.view(state, viewer),
        "players": {s: _player_view(state, s) for s in state.seats},
        "large_hexes": {h: {"name": state.world.transylvania.name(h),
                            "counters": len(state.stacks.get(h, [])),
                            "clean": h in state.stacks and not state.stacks[h],
                            "top_seen": rules.black_counters[tops[h]] if h in tops else None}
                        for h in state.world.transylvania.large_hexes},
        "set_aside": sorted(rules.black_counters[c] for c in state.removed),
        "fights": [fight_view(state, f) for f in state.fights],
        "basic_winner": state.basic_winner or None,
        "outcome": None if state.result is None else state.result.to_data(),
    }
    if state.in_castle:
        view["castle"] = {
            "clock": state.clock, "clock_text": clock_text(state.clock),
            "daylight": bool(daylight(state)),
            "face_down": {g: bool(c) for g, c in state.green.items()},
            "revealed": {s: rules.red_counters[c] for s, c in state.revealed.items()},
            "set_aside": sorted(rules.red_counters[c] for c in state.red_aside),
        }
    return view


def resample(state: VampyreState, viewer: str, seed: int) -> VampyreState:
    """A state ``viewer`` cannot tell apart from ``state``: every face-down counter the
    viewer has not seen is redrawn (and other players' secret looks follow their counter)."""
    twin = state.clone()
    twin.dice = state.dice.reseeded(seed)
    fixed = {(h, 0) for h in known_tops(state, viewer)}
    slots = [(h, i) for h, stack in state.stacks.items() for i in range(len(stack))
             if (h, i) not in fixed]
    counters = [state.stacks[h][i] for h, i in slots]
    twin.dice.shuffle(counters)
    for (h, i), counter in zip(slots, counters, strict=True):
        twin.stacks[h][i] = counter
    renamed: dict[str, str] = {}
    for seen in twin.peeks.values():
        for h, old in list(seen.items()):
            if state.stacks.get(h) and state.stacks[h][0] == old:
                seen[h] = twin.stacks[h][0]
                renamed[old] = seen[h]
    greens = [g for g, c in state.green.items() if c]
    guardians = [state.green[g] for g in greens]
    twin.dice.shuffle(guardians)
    twin.green.update(zip(greens, guardians, strict=True))
    if renamed:
        _rename_looks(state, twin, renamed)
    return twin


def _rename_looks(state: VampyreState, twin: VampyreState, renamed: dict[str, str]) -> None:
    """Rewrite other players' secret looks for the redrawn counters."""
    entries = [_renamed_look(state, entry, renamed) for entry in state.events]
    if any(new is not old for new, old in zip(entries, state.events, strict=True)):
        twin.events = Log(entries)


def _renamed_look(state: VampyreState, entry: LogEntry, renamed: dict[str, str]) -> LogEntry:
    """A secret look at a counter that resampling has replaced now shows the new counter."""
    old = entry.event.get("counter_id")
    if entry.event.get("kind") != "look_at_counter" or old not in renamed:
        return entry
    new = renamed[str(old)]
    kind = state.rules.black_counters[new]
    text = str(entry.event["text"]).rsplit(": ", 1)[0] + f": {state.name(kind)}"
    return attrs.evolve(entry, event={**entry.event, "text": text, "counter": kind,
                                      "counter_id": new})
