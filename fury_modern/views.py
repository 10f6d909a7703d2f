"""Observations per viewer, and resampling what a viewer cannot see.

What each viewer sees (the state module's docstring lists the scopes):

* everyone: ``time`` (weekday, night, round), ``despair``, ``influence``; each hunter's
  place, damage, bites, state (delayed, bats, defeated), how many items, events and
  tickets he holds and, while weakened, his revealed item and event (hidden during a
  combat); Dracula's damage, hand sizes, ally, the encounters he keeps face up, and his
  place while revealed; the trail and lairs as they lie on the table (a face-down card
  shows only whether it has the Castle Dracula back; a revealed card (``revealed``) shows
  its location or power; how many encounters, and those face up;
  ``trail_first_space``, the space of the first card listed: 2 while
  the hideouts have slid and space 1 waits for Dracula's new card); tokens on the board;
  deck sizes and the face-up discards; the combat on the table (whose turn, what has
  been revealed (``revealed_cards``: every fighter's card of the round once face up), the
  cards laid before hunters: Garlic Wreath, Lucy's Revenge, Planned
  Ambush; Enraged and Holy Bullets used); ``possible_locations``, the places where
  Dracula may be, given the public record;
* a hunter, also: his own items, events and tickets, and his combat card once chosen;
* Dracula, also: every trail and lair card and encounter, his hands, his combat hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gothic_kernel import PUBLIC

from .combat import Fight
from .resample import resample as redraw
from .rules import DRACULA, HUNTERS
from .tracker import possible_locations

if TYPE_CHECKING:
    from .state import Hideout, ModernState


def observation(state: ModernState, viewer: str) -> dict[str, Any]:
    fight = _fight(state)
    obs: dict[str, Any] = {
        "round": state.rounds, "weekday": state.weekday, "night": state.night,
        "despair": state.despair, "influence": state.influence,
        "hunters": {s: _hunter(state, s, viewer, in_combat=fight is not None) for s in HUNTERS},
        "dracula": _dracula(state, viewer),
        "trail": [_hideout(state, h, viewer) for h in state.trail],
        "trail_first_space": state.first_space,
        "lairs": [_hideout(state, h, viewer) for h in state.lairs],
        "tokens": {"fog": dict(state.tokens.fog),
                   "roadblocks": [list(r) for r in state.tokens.roadblocks],
                   "storms": list(state.tokens.storms),
                   "consecrated_ground": state.tokens.consecrated,
                   "heavenly_hosts": list(state.tokens.hosts)},
        "decks": {"items": len(state.item_deck.cards), "events": len(state.event_deck.cards),
                  "encounters": len(state.encounter_deck.cards),
                  "item_discards": list(state.item_deck.discards),
                  "event_discards": list(state.event_deck.discards),
                  "encounter_discards": list(state.encounter_deck.discards),
                  "tickets": len(state.tickets)},
        "hunter_ally": state.hunter_ally,
        "to_act": list(state.current_seats()),
        "decision": state.stack[-1].view(state, viewer) if state.stack else None,
        "combat": None if fight is None else _combat(state, fight, viewer),
    }
    if viewer != DRACULA:
        obs["possible_locations"] = possible_locations(state)
    return obs


def _hunter(state: ModernState, seat: str, viewer: str, *, in_combat: bool) -> dict[str, Any]:
    hunter = state.hunters[seat]
    seen: dict[str, Any] = {
        "location": hunter.location, "damage": hunter.damage, "bites": hunter.bites,
        "delayed": hunter.delayed, "bats": hunter.bats, "defeated": hunter.defeated,
        "items": len(hunter.items), "events": len(hunter.events),
        "tickets": len(hunter.tickets),
        "revealed_item": "" if in_combat else hunter.revealed_item,
        "revealed_event": hunter.revealed_event,
    }
    if viewer == seat:
        seen.update(hand_items=sorted(hunter.items), hand_events=sorted(hunter.events),
                    hand_tickets=sorted(hunter.tickets))
    return seen


def _dracula(state: ModernState, viewer: str) -> dict[str, Any]:
    dracula = state.dracula
    seen: dict[str, Any] = {
        "damage": dracula.damage, "revealed": dracula.revealed,
        "location": state.dracula_location if dracula.revealed or viewer == DRACULA else None,
        "encounters": len(dracula.encounters), "events": len(dracula.events),
        "ally": dracula.ally, "kept_encounters": list(dracula.kept),
        "no_supply": dracula.no_supply, "nocturnal_visit": dracula.nocturnal_visit,
        "darkness": dracula.darkness,
    }
    if viewer == DRACULA:
        seen.update(hand_encounters=list(dracula.encounters), hand_events=sorted(dracula.events),
                    must_leave=dracula.must_leave)
    return seen


def _hideout(state: ModernState, hideout: Hideout, viewer: str) -> dict[str, Any]:
    mine = viewer == DRACULA
    return {
        "card": hideout.card if hideout.revealed or mine else None,
        "revealed": hideout.revealed,
        "castle_back": hideout.card == "castle_dracula",
        "power": hideout.power if hideout.revealed or mine else None,
        "encounters": [e if s or mine else None
                       for e, s in zip(hideout.encounters, hideout.shown, strict=True)],
        "wounds": list(hideout.wounds),
        "rumour": hideout.rumour,
    }


def _fight(state: ModernState) -> Fight | None:
    return next((d for d in reversed(state.stack) if isinstance(d, Fight)), None)


def _combat(state: ModernState, fight: Fight, viewer: str) -> dict[str, Any]:
    return {
        "city": fight.city, "vampire": fight.vampire, "night": fight.night,
        "round": fight.round, "stage": fight.stage.value, "hunters": list(fight.hunters),
        "engaged": fight.engaged, "cards_played": len(fight.played),
        "face_up": list(fight.face_up), "mesmerized": list(fight.mesmerized),
        "vampire_wounds": fight.wounds, "dracula_hand": len(fight.hand),
        # the cards laid before hunters, and what Enraged and Holy Bullets have used up
        "garlic_wreaths": list(fight.wreaths), "lucys_revenge": fight.lucy,
        "planned_ambush": list(fight.ambushes), "enraged": fight.enraged,
        "holy_bullets_used": fight.bullets,
        "chosen": sorted(fight.chosen),
        "my_card": fight.chosen.get(viewer, "") if viewer != PUBLIC else "",
        # once revealed, every fighter's card is face up (a Planned Ambush swap reads it)
        "revealed_cards": dict(fight.chosen) if fight.cards_revealed else {},
        "my_hand": list(fight.hand) if viewer == DRACULA else
        list(fight.hands.get(viewer, ())),
    }


def resample(state: ModernState, viewer: str, seed: int) -> ModernState:
    """A state ``viewer`` cannot tell apart from ``state``, what it cannot see redrawn (the
    resample module)."""
    return redraw(state, viewer, seed)
