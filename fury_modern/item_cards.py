"""What the item cards without a banner do when played (items.toml; the items with a banner
are combat cards: ``combat.HunterCard``). Dogs and Stake are revealed before a Search
(``encounters.searched_with_item``).

* Garlic Wreath, at the start of a combat: for the rest of it, each time Fangs hurts the
  wearer, the vampire suffers 4; Claws resolved against him tears it away
  (``combat.Fangs``, ``combat.Claws``). It goes face up to the discard pile when played
  (a ruling: its effect is kept on the combat, ``Fight.wreaths``).
* Fast Horses, as a day action: a ticket drawn at random from the pool; the hunter moves by
  road up to its yellow value and keeps Fast Horses; a ticket with no yellow value: one road,
  and Fast Horses is discarded. The ticket goes back to the pool (authored: fidelity table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gothic_kernel import Action

from .actions import ChoosePlace
from .arrival import end_movement
from .cards import CardPlayed, CardRule, CardStep
from .combat import change_fight, fight_below, hurt_foe
from .encounters import DOGS_SCARE, ambushing, cancel_ambush

if TYPE_CHECKING:
    from .state import ModernState


class GarlicWreath(CardRule):
    ID = "garlic_wreath"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        found = fight_below(state)
        return found is not None and seat in found.hunters and seat not in found.wreaths

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        found = fight_below(state)
        assert found is not None
        change_fight(state, wreaths=(*found.wreaths, played.seat))
        state.say("wreath", f"{state.name(played.seat)} wears a Garlic Wreath for the rest of "
                            "the combat.", seat=played.seat)


def road_reach(state: ModernState, seat: str, steps: int) -> list[str]:
    """Cities a hunter can reach by up to ``steps`` roads: never into, out of or through a
    fogged city, never along a roadblocked road (Event And Encounter Tokens)."""
    board, tokens = state.board, state.tokens
    here = state.hunters[seat].location
    if tokens.fog.get(here):
        return []
    closed = {frozenset((a, b)) for kind, a, b in tokens.roadblocks if kind == "road"}
    seen, frontier = {here}, [here]
    for _ in range(steps):
        frontier = [c for place in frontier for c in board.roads(place)
                    if c not in seen and not tokens.fog.get(c)
                    and frozenset((place, c)) not in closed]
        seen.update(frontier)
    return sorted(seen - {here})


class Ride(CardRule):
    """A card that moves its player by road, up to ``CardStep.count`` roads, as his action;
    he then ends his movement there (Finding The Trail, Ambushing)."""

    def ride(self, state: ModernState, seat: str, roads: int) -> None:
        state.stack.append(CardStep(self.ID, seat, "ride", seat=seat, count=roads))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        return [ChoosePlace(c) for c in road_reach(state, step.chooser, step.count)]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return f"ride up to {step.count} {'road' if step.count == 1 else 'roads'}"

    def step_label(self, state: ModernState, step: CardStep, action: Action) -> str:
        assert isinstance(action, ChoosePlace)
        return f"ride to {state.name(action.place)}"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChoosePlace)
        state.stack.pop()
        state.hunters[step.chooser].location = action.place
        state.say("hunter_moves", f"{state.name(step.chooser)} rides "
                                  f"({state.name(self.ID)}) to {state.name(action.place)}.",
                  seat=step.chooser, to=action.place, by="road", ticket="")
        end_movement(state, step.chooser)


class FastHorses(Ride):
    ID = "fast_horses"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        return bool(state.tickets) and bool(road_reach(state, seat, 1))

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        ticket = state.tickets.pop(state.dice.index(len(state.tickets)))
        yellow = state.rules.tickets[ticket].yellow
        state.say("fast_horses", f"Fast Horses: the ticket drawn shows {yellow or 'no'} yellow "
                                 "railways.", ticket=ticket, seat=played.seat)
        state.tickets.insert(0, ticket)  # back to the pool, face down
        state.dice.shuffle(state.tickets)
        if yellow:  # the horses are kept
            state.item_deck.discards.remove(self.ID)
            state.hunters[played.seat].items.append(self.ID)
        self.ride(state, played.seat, max(yellow, 1))


class HolyBullets(CardRule):
    """Right after its holder's Rifle or Pistol resolves (the window ``combat.Weapon`` opens):
    discarded, the vampire (Dracula or the vampire fought) suffers 3 more; at most one per
    combat (``Fight.bullets``)."""

    ID = "holy_bullets"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        found = fight_below(state)
        return found is not None and not found.bullets

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        found = fight_below(state)
        assert found is not None
        change_fight(state, bullets=True)
        hurt_foe(state, found, state.rules.items[self.ID].damage,
                 f"{state.name(played.seat)}'s Holy Bullets")


class Dogs(CardRule):
    """When ambushed by Rats, a Saboteur, a Spy or Wolves, the hunter may discard Dogs to
    cancel and discard the encounter (revealed before a Search they drive those off and
    stay: ``encounters.searched_with_item``)."""

    ID = "dogs"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        met = ambushing(state)
        return met is not None and met.hunter == seat and met.encounter in DOGS_SCARE

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        cancel_ambush(state, self.ID)


__all__ = ["Dogs", "FastHorses", "GarlicWreath", "HolyBullets", "Ride", "road_reach"]
