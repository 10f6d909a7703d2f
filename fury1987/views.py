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

from gothic_kernel import PUBLIC

from .pending import (
    BatFlight,
    Combat,
    DieRoll,
    DraculaAction,
    DraculaMovement,
    DraculaSwap,
    HunterAction,
    ItemChoice,
    Pending,
    TrainRide,
    pending_to_data,
)
from .state import DRACULA, HUNTERS
from .tracker import tracker_of

if TYPE_CHECKING:
    from .state import FuryState

#: Dracula's decisions whose very kind would betray his secret moves.
SECRET_KINDS = frozenset({DraculaMovement.KIND, DraculaSwap.KIND, DraculaAction.KIND})


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
    if not state.stack or state.outcome is not None:
        return None
    record = state.stack[-1]
    seq = {"seat": state.seq.seat, "phase": state.seq.phase}
    if record.KIND in SECRET_KINDS and viewer != DRACULA:
        return {"kind": "dracula_turn", "seat": DRACULA}
    if state.seq.seat == DRACULA and viewer != DRACULA:
        seq["phase"] = "turn"
    shown: dict[str, Any] = {"kind": record.KIND, "sequence": seq}
    if isinstance(record, Combat):
        shown.update(_combat_view(state, record, viewer))
    elif isinstance(record, BatFlight | TrainRide | ItemChoice):
        shown.update(_plain(record))
    elif isinstance(record, HunterAction):
        shown.update({"seat": record.seat, "members": list(record.members),
                      "town": record.town, "stage": record.stage})
    elif not isinstance(record, DraculaMovement | DraculaSwap | DraculaAction):
        shown.update(_plain(record))
    below = next((r for r in reversed(state.stack[:-1]) if isinstance(r, HunterAction)), None)
    if below is not None:
        shown["action_phase"] = {"seat": below.seat, "town": below.town,
                                 "members": list(below.members)}
    # What an Event Card window interrupts (public: the fight in progress as the viewer
    # sees it, and the die just rolled openly for a Hunter), so that a card is played for
    # a reason: Advance Planning in a fight, Good Luck after a bad roll.
    fight = next((r for r in reversed(state.stack[:-1]) if isinstance(r, Combat)), None)
    if fight is not None and not isinstance(record, Combat):
        shown["combat"] = _combat_view(state, fight, viewer)
    rolled = next((r for r in reversed(state.stack[:-1]) if isinstance(r, DieRoll)), None)
    if rolled is not None:
        shown["die_roll"] = {"what": rolled.what, "seat": rolled.seat, "roll": rolled.roll,
                             "other": rolled.other}
    return shown


def _plain(record: Pending) -> dict[str, Any]:
    data = pending_to_data(record)
    data.pop("kind")
    return data


def _combat_view(state: FuryState, record: Combat, viewer: str) -> dict[str, Any]:
    chosen: dict[str, Any] = {}
    for fighter, chit in record.chosen.items():
        mine = (fighter == DRACULA or fighter.startswith("agent_")) == (viewer == DRACULA)
        chosen[fighter] = chit if mine and viewer != PUBLIC else "chosen"
    return {
        "side": record.side, "town": record.town, "hunters": list(record.hunters),
        "opponents": list(record.opponents), "attacker": record.attacker,
        "stage": record.stage, "round": record.round, "daytime": record.daytime,
        "garlic_by": record.garlic_by, "dodge_or_escape_only": record.dodge_or_escape_only,
        "agent_chits": {f: list(c) for f, c in record.agent_chits.items()},
        "engagements": [{"hunters": list(e.hunters), "opponents": list(e.opponents),
                         "hunters_target": e.hunters_target,
                         "opponents_target": e.opponents_target}
                        for e in record.engagements],
        "chosen": chosen,
        "last_chits": {f: h.last_chit for f, h in sorted(record.histories.items())},
        "winner": record.winner,
        "needs_choice": list(record.needs_choice),
        "hunters_bonus": record.hunters_bonus, "opponent_bonus": record.opponent_bonus,
    }
