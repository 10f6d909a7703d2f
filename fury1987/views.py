"""What each seat may know: observations cut per viewer.

Public (everyone): the map, the Hunters' pieces, wounds and bites, how many Weapon
Chits and Event Cards each holds and any face up, Host Markers, Fog and Storms on
the map, what the Hunters saw remain in Town boxes, the discards, Dracula's piece
when it stands on the map, whether he flees, how many cards and Encounter Chits he
holds, and the possible-location tracker (it uses only public knowledge).

The Hunters (a side: "Weapon Chits can be shown to the other Hunter players",
Event Cards "other Hunters can be shown them") also see every Hunter's Weapon
Chits and Event Cards. Dracula also sees everything behind his screen: his Town
box, the Local Rumours, his Blood Points, the Encounter Set, the Strategy & Movement
Chart, his Event Cards. Neither sees the other's secret combat chit before the
reveal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .decisions import ActionPhase
from .events import DieRoll
from .fight import Combat
from .seats import DRACULA, HUNTERS
from .tracker import tracker_of

if TYPE_CHECKING:
    from .state import FuryState


def observation(state: FuryState, viewer: str) -> dict[str, Any]:
    d = state.dracula
    obs: dict[str, Any] = {
        "turn": state.seq.round,
        "to_act": list(state.current_seats()),
        "waiting_for": _waiting_for(state, viewer),
        "hunters": {s: _hunter_public(state, s) for s in HUNTERS},
        "groups": [list(g) for g in state.groups],
        "host_markers": dict(sorted(state.hosts.items())),
        "on_the_map": dict(sorted(state.map_chits.items())),
        "sightings": dict(sorted(state.sightings.items())),
        "dracula": {
            "shown_at": d.shown_at,
            "fleeing": d.fleeing,
            "vampires_consumed": d.consumed,
            "event_cards": len(d.events),
        },
        "vampires_destroyed": state.vampires_destroyed,
        "encounter_discards": sorted(state.public_encounter_discards),
        "weapon_discards": sorted(state.public_weapon_discards),
        "event_discards": list(state.event_deck.discards),
        "event_draw_pile": len(state.event_deck.cards),
        "outcome": None if state.outcome is None else state.outcome.to_data(),
    }
    if viewer != DRACULA:
        tracker = tracker_of(state)
        # (the weights are public: the tracker reads only public knowledge)
        weights = tracker.place_weights()
        obs["possible_dracula_locations"] = list(weights)
        obs["possible_dracula_weights"] = weights
        obs["possible_locations_exact"] = tracker.exact
    if viewer in HUNTERS:
        obs["hunters_secrets"] = {
            s: {"weapons": sorted(state.hunters[s].weapons),
                "event_cards": list(state.hunters[s].events)} for s in HUNTERS}
    if viewer == DRACULA:
        obs["behind_the_screen"] = {
            "location": d.location, "local_rumours": d.rumours, "blood_points": d.blood,
            "encounter_set": sorted(d.encounter_set), "event_cards": list(d.events),
            "voyage": list(d.voyage), "chart": dict(sorted(state.chart.items())),
            "castle_turns": d.castle_turns, "must_leave": d.must_leave,
            "passed": d.passed, "trail": list(d.trail),
        }
    return obs


def _hunter_public(state: FuryState, seat: str) -> dict[str, Any]:
    h = state.hunters[seat]
    return {"location": h.location, "wounds": h.wounds, "bitten": h.bitten,
            "status": h.status, "weapon_chits": len(h.weapons), "face_up": sorted(h.shown),
            "hosts_placed": list(h.hosts_placed), "event_cards": len(h.events),
            "valour": h.valour, "moved": h.moved, "passed": h.passed,
            "took_items": h.took_items, "voyage": list(h.voyage),
            "fought_dracula_at": h.fought_dracula_at}


def _waiting_for(state: FuryState, viewer: str) -> dict[str, Any] | None:
    """The decision on top, as ``viewer`` may see it (its own ``view``: Dracula's secret
    decisions show the others only that it is his turn), with the turn sequence and
    what it interrupts: the Action Phase, the fight in progress, the die just rolled."""
    if not state.stack or state.outcome is not None:
        return None
    record = state.stack[-1]
    view = record.view(state, viewer)
    if view is None:
        return {"kind": "dracula_turn", "seat": DRACULA}
    seq = {"seat": state.seq.seat, "phase": state.seq.phase}
    if state.seq.seat == DRACULA and viewer != DRACULA:
        seq["phase"] = "turn"
    shown: dict[str, Any] = {"kind": view.pop("kind"), "sequence": seq, **view}
    below = state.stack[:-1]
    action = next((r for r in reversed(below) if isinstance(r, ActionPhase)), None)
    if action is not None:
        shown["action_phase"] = {"seat": action.seat, "town": action.town,
                                 "members": list(action.members)}
    # What an Event Card window interrupts (public: the fight in progress as the viewer
    # sees it, and the die just rolled openly for a Hunter), so that a card is played for
    # a reason: Advance Planning in a fight, Good Luck after a bad roll.
    fight = next((r for r in reversed(below) if isinstance(r, Combat)), None)
    if fight is not None and not isinstance(record, Combat):
        shown["combat"] = fight.seen_by(viewer)
    rolled = next((r for r in reversed(below) if isinstance(r, DieRoll)), None)
    if rolled is not None:
        shown["die_roll"] = {"what": str(rolled.what), "seat": rolled.seat,
                             "roll": rolled.roll, "other": rolled.other}
    return shown
