"""What the rules guarantee of every position, checked when a save is read back.

Every card is somewhere exactly once: the 38 items, 75 events, 28 encounters, 13 Dracula
combat cards and 16 tickets, wherever they lie (decks, discards, hands, the trail and lairs,
a combat or a search in progress); every location card on the trail or in a lair once;
tracks and damage in range; a decision waiting unless the game is over.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from gothic_kernel import CorruptSave

from .combat import Fight
from .dracula import Maturing
from .encounters import EncounterStep, Searching
from .rules import HUNTERS

if TYPE_CHECKING:
    from .state import ModernState


def check_save(state: ModernState) -> None:
    problems = problems_of(state)
    if problems:
        raise CorruptSave("corrupt fury_modern save: " + "; ".join(problems[:4]))


def card_places(state: ModernState) -> dict[str, Counter[str]]:
    """Every card of each kind, counted wherever it lies."""
    hunters = state.hunters.values()
    items = Counter([*state.item_deck.cards, *state.item_deck.discards,
                     *(c for h in hunters for c in h.items)])
    events = Counter([*state.event_deck.cards, *state.event_deck.discards,
                      *(c for h in hunters for c in h.events), *state.dracula.events,
                      *([state.hunter_ally] if state.hunter_ally else []),
                      *([state.dracula.ally] if state.dracula.ally else [])])
    encounters = Counter([*state.encounter_deck.cards, *state.encounter_deck.discards,
                          *state.dracula.encounters, *state.dracula.kept,
                          *(e for h in (*state.trail, *state.lairs) for e in h.encounters)])
    combat = Counter(state.combat_deck.cards)
    for decision in state.stack:
        if isinstance(decision, Fight):
            combat.update((*decision.hand, *decision.played))
            if decision.vampire:
                encounters[decision.vampire] += 1
        elif isinstance(decision, Searching):
            encounters.update(m.encounter for m in decision.queue)
        elif isinstance(decision, Maturing):
            encounters.update(decision.encounters)
        elif isinstance(decision, EncounterStep) and decision.holds:
            encounters[decision.met.encounter] += 1
    tickets = Counter([*state.tickets, *(t for h in hunters for t in h.tickets)])
    return {"item": items, "event": events, "encounter": encounters, "combat card": combat,
            "ticket": tickets}


def problems_of(state: ModernState) -> list[str]:
    rules = state.rules
    problems: list[str] = []
    expected = {"item": {c.id: c.count for c in rules.items.values()},
                "event": {c.id: c.count for c in rules.events.values()},
                "encounter": {e.id: e.count for e in rules.encounters.values()},
                "combat card": {c.id: c.count for c in rules.dracula_cards.values()},
                "ticket": {t.id: t.count for t in rules.tickets.values()}}
    for kind, found in card_places(state).items():
        if dict(found) != {k: v for k, v in expected[kind].items() if v}:
            wrong = sorted(set(found) ^ set(expected[kind]) |
                           {k for k in found if found[k] != expected[kind].get(k)})
            problems.append(f"the {kind}s do not add up ({', '.join(wrong[:3])})")
    places = [h.card for h in (*state.trail, *state.lairs)]
    if len(places) != len(set(places)):
        problems.append("a location card lies twice on the trail")
    if any(p not in state.board and p not in rules.powers for p in places):
        problems.append("a trail card that is neither a place nor a power")
    if len(state.trail) > rules.numbers["trail_spaces"] + 1 or \
            len(state.lairs) > rules.numbers["lair_slots"]:
        problems.append("too many hideouts")
    for seat in HUNTERS:
        hunter = state.hunters[seat]
        sheet = rules.hunters[seat]
        if hunter.location and hunter.location not in state.board:
            problems.append(f"{seat} stands off the map")
        if not 0 <= hunter.damage <= sheet.health or not 0 <= hunter.bites <= sheet.bite_spaces:
            problems.append(f"{seat}'s damage or bites are out of range")
    if not 0 <= state.dracula.damage <= rules.dracula.health:
        problems.append("Dracula's damage is out of range")
    if not 0 <= state.influence <= rules.numbers["influence_max"] or \
            not 0 <= state.despair <= rules.numbers["despair_tokens"] or not 0 <= state.time < 14:
        problems.append("a track is out of range")
    if state.result is None and not state.stack:
        problems.append("nothing is waiting to happen, yet the game is not over")
    return problems
