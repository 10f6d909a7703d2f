"""What the hunters' event cards do: one small class per card (events.toml says when each is
played and which effects it offers; :mod:`fury_modern.cards` opens the windows and plays them).

Local Rumors, Hired Scouts, Newspaper Reports, Money Trail, Jonathan Harker and Rufus Smith
(a search, or an ally), Escape Route, Lucky Find, Blood Transfusion, and the character cards
(Van Helsing's Mystic Research, Mina's Hypnosis, Seward's Wax Cylinders), Chartered
Carriage, Good Luck and Consecrated Ground. The allies act
where their rule lives: Jonathan Harker in ``dracula.place_card`` (a hideout reaching trail
space 6 is revealed), Rufus Smith there too (a sea-to-sea move costs Dracula 2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action, Scope, event

from .actions import (
    NO_CARD,
    ChooseHunter,
    ChooseMode,
    ChoosePlace,
    Discard,
    Keep,
    PlayCard,
    Roadblock,
)
from .arrival import end_movement
from .cards import (
    ALLY,
    CardPlayed,
    CardRule,
    CardStep,
    CardWindow,
    Timing,
    open_window,
    set_ally,
)
from .combat import LUCY_HOLDER, change_fight, fight_below, hunter_hand, hurt_foe
from .dracula_events import FalseTipEffect
from .encounters import ambushing, cancel_ambush
from .hands import check_hand_limits, drop_card, keep_revealed
from .health import weakened
from .hunters import RailJourney, rail_reach, spend_ticket
from .influence import advance_influence
from .item_cards import Ride, road_reach
from .perils import hurt_hunter, prevent
from .rules import DRACULA, HUNTERS
from .tokens import place_holy_token
from .trail import hideout_in, reveal_location, trail_space
from .wording import counted, pronoun

if TYPE_CHECKING:
    from .state import ModernState


def _reveal_city(state: ModernState, city: str) -> None:
    """Dracula reveals ``city``'s location card if it lies on his trail or in a lair."""
    hideout = hideout_in(state, city)
    if hideout is None:
        state.say("not_on_trail", f"{state.name(city)} is not on Dracula's trail.",
                  cities=[city])
    elif hideout.revealed:
        state.say("not_on_trail", f"{state.name(city)} already lies face up on "
                                  f"{trail_space(state, hideout)}.", cities=[city])
    else:
        reveal_location(state, hideout)


def _reveal_space(state: ModernState, space: int) -> None:
    """Dracula reveals the location card on trail ``space`` (counted from 1)."""
    index = space - state.first_space
    if 0 <= index < len(state.trail):
        hideout = state.trail[index]
        if hideout.revealed:
            state.say("space_shown", f"The card on trail space {space} already lies face up.",
                      space=space)
        else:
            reveal_location(state, hideout)
    else:
        state.say("space_shown", f"Trail space {space} is empty.", space=space)


def _adjacent(state: ModernState, place: str) -> list[str]:
    """Places one road or one sea lane away."""
    board = state.board
    return sorted({*board.roads(place), *board.sea_lanes(place)})


# -- hunter events -------------------------------------------------------------------------------

class LocalRumors(CardRule):
    """Dracula reveals every location card in hideouts adjacent to the hunter's location
    (one road or sea lane away: a ruling)."""

    ID = "local_rumors"

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        here = state.hunters[played.seat].location
        nowhere = []
        for place in _adjacent(state, here):
            hideout = hideout_in(state, place)
            if hideout is None:
                nowhere.append(place)
            else:
                reveal_location(state, hideout)
        if nowhere:
            state.say("not_on_trail", f"None of {', '.join(state.name(p) for p in nowhere)} is "
                                      "on Dracula's trail.", cities=nowhere)


class EvilPresence(CardRule):
    """Played when drawn: Dracula names every hunter standing in a location adjacent to his
    (one road or sea lane away, as Local Rumors; a hunter in his own location is not)."""

    ID = "evil_presence"

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        near = set(_adjacent(state, state.dracula_location))
        standing = {h: state.hunters[h].location for h in HUNTERS
                    if not state.hunters[h].defeated}
        named = [h for h, place in standing.items() if place in near]
        state.say("evil_presence", "Dracula names the hunters next to him: "
                                   f"{', '.join(map(state.name, named)) or 'none'}.",
                  near={h: standing[h] for h in named},
                  far={h: p for h, p in standing.items() if h not in named})


class SearchForCity(CardRule):
    """A card that names cities, each revealed if it lies on the trail (``count`` of them)."""

    count = 1

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        state.stack.append(CardStep(self.ID, played.seat, "city", seat=played.seat))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        return [ChoosePlace(c) for c in state.board.cities if c not in step.picks]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return "name a city; Dracula reveals its location card if it is on his trail"

    def step_label(self, state: ModernState, step: CardStep, action: Action) -> str:
        assert isinstance(action, ChoosePlace)
        return f"name {state.name(action.place)}"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChoosePlace)
        picks = (*step.picks, action.place)
        state.say("city_named", f"{state.name(step.chooser)} names {state.name(action.place)}.",
                  city=action.place, card=self.ID)
        if len(picks) < self.count:
            state.stack[-1] = CardStep(self.ID, step.chooser, step.step, step.seat, picks)
        else:
            state.stack.pop()
        _reveal_city(state, action.place)


class HiredScouts(SearchForCity):
    """Name two cities; Dracula reveals their location cards if they are on his trail."""

    ID = "hired_scouts"
    count = 2


class JonathanHarker(SearchForCity):
    """Search: name one city (fidelity table). Ally: a hideout reaching trail space 6 is
    revealed (``dracula.place_card``)."""

    ID = "jonathan_harker"


class RufusSmith(SearchForCity):
    """Search: as Jonathan Harker. Ally: Dracula's sea-to-sea moves cost him 2."""

    ID = "rufus_smith"


class SisterAgatha(SearchForCity):
    """Search: as Jonathan Harker. Ally: Dracula suffers 2 whenever he plays Escape as Bat,
    Escape as Mist or Fangs (``combat._resolve_dracula``)."""

    ID = "sister_agatha"


class NewspaperReports(CardRule):
    """Played at once: Dracula reveals the card on trail space 3. Kept for dawn or dusk: the
    hunter chooses trail space 5 or 6, and its card is revealed."""

    ID = "newspaper_reports"

    def modes(self, state: ModernState, seat: str, timing: str) -> tuple[str, ...]:
        return ("at_once",) if timing == Timing.IMMEDIATELY else ("dawn_or_dusk",)

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        if played.mode == "at_once":
            _reveal_space(state, 3)
        else:
            state.stack.append(CardStep(self.ID, played.seat, "space", seat=played.seat))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        return [ChooseMode("trail_space_5"), ChooseMode("trail_space_6")]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return "choose the trail space whose card Dracula reveals"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChooseMode)
        state.stack.pop()
        _reveal_space(state, int(action.mode.rsplit("_", 1)[1]))


class MoneyTrail(CardRule):
    """An action: the hunter chooses a face-down card on the trail; if it is a sea location
    Dracula reveals it, otherwise he says it is not (the backs are alike: see the ruling
    in docs/fury_modern.md)."""

    ID = "money_trail"

    def spaces(self, state: ModernState) -> list[int]:
        return [state.first_space + i for i, h in enumerate(state.trail) if not h.revealed]

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        return bool(self.spaces(state))

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        state.stack.append(CardStep(self.ID, played.seat, "space", seat=played.seat))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        return [ChooseMode(f"trail_space_{n}") for n in self.spaces(state)]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return "choose the face-down trail card Dracula reveals if it is a sea location"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChooseMode)
        state.stack.pop()
        space = int(action.mode.rsplit("_", 1)[1])
        hideout = state.trail[space - state.first_space]
        if hideout.card not in state.rules.powers and state.board.is_sea(hideout.card):
            reveal_location(state, hideout)
        else:  # a land location or a power card
            state.say("not_at_sea", f"The card on trail space {space} is not a sea location "
                                    "(Money Trail).", space=space)


class EscapeRoute(CardRule):
    """At the start of a combat: the hunter, or another hunter in it, leaves the combat."""

    ID = "escape_route"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        found = fight_below(state)
        return found is not None and seat in found.hunters

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        state.stack.append(CardStep(self.ID, played.seat, "hunter", seat=played.seat))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        found = fight_below(state)
        return [ChooseHunter(h) for h in (found.hunters if found is not None else ())]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return "choose the hunter who leaves the combat"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChooseHunter)
        state.stack.pop()
        found = fight_below(state)
        assert found is not None
        hunters = tuple(h for h in found.hunters if h != action.hunter)
        state.say("leaves_combat", f"{state.name(action.hunter)} leaves the combat (Escape "
                                   "Route).", seat=action.hunter)
        change_fight(state, hunters=hunters, hands={h: found.hands[h] for h in hunters},
                     engaged=hunters[0] if hunters else "",
                     **({} if hunters else {"ended": "every hunter has left the combat"}))


class LuckyFind(CardRule):
    """At the start of a combat: look at the top five item cards, take one, discard the
    rest (the cards looked at wait in the step, seen by the hunter alone)."""

    ID = "lucky_find"

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        deck = state.item_deck
        looked: list[str] = []
        while len(looked) < 5 and deck.can_draw():
            looked.append(deck.draw_top(state.dice))
        if not looked:
            return
        names = ", ".join(state.name(c) for c in looked)
        state.events.add(event("lucky_find", f"{state.name(played.seat)} looks at {names}.",
                               seat=played.seat, cards=looked), Scope.seat(played.seat),
                         event("lucky_find", f"{state.name(played.seat)} looks at the top "
                                             f"{len(looked)} item cards.", seat=played.seat))
        state.stack.append(CardStep(self.ID, played.seat, "take", seat=played.seat,
                                    held=tuple(looked)))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        return [Keep(c) for c in sorted(set(step.held))]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return "take one of the item cards; the rest are discarded"

    def step_label(self, state: ModernState, step: CardStep, action: Action) -> str:
        assert isinstance(action, Keep)
        return f"take {state.name(action.card)}"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, Keep)
        state.stack.pop()
        rest = list(step.held)
        rest.remove(action.card)
        for card in rest:
            state.item_deck.discard(card)
        state.hunters[step.chooser].items.append(action.card)
        state.events.add(event("lucky_find_take", f"{state.name(step.chooser)} takes "
                                                  f"{state.name(action.card)}.",
                               seat=step.chooser, card=action.card), Scope.seat(step.chooser),
                         event("lucky_find_take", f"{state.name(step.chooser)} takes an item "
                                                  "card and discards the rest.",
                               seat=step.chooser))
        found = fight_below(state)
        if found is not None and step.chooser in found.hunters:
            change_fight(state, hands={**found.hands,
                                       step.chooser: hunter_hand(state, step.chooser)})
        check_hand_limits(state, step.chooser)


class BloodTransfusion(CardRule):
    """An action, for a hunter who is not bitten: a bitten hunter in his city removes one
    bite token, and the player takes 1 damage."""

    ID = "blood_transfusion"

    def patients(self, state: ModernState, seat: str) -> list[str]:
        here = state.hunters[seat].location
        return [h for h in state.hunters_at(here) if h != seat and state.hunters[h].bites]

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        return not state.hunters[seat].bites and bool(self.patients(state, seat))

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        state.stack.append(CardStep(self.ID, played.seat, "hunter", seat=played.seat))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        return [ChooseHunter(h) for h in self.patients(state, step.chooser)]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return "choose the bitten hunter who receives your blood"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChooseHunter)
        state.stack.pop()
        patient = state.hunters[action.hunter]
        patient.bites -= 1
        state.say("bite_removed", f"{state.name(action.hunter)} loses a bite token.",
                  seat=action.hunter)
        if not weakened(state, action.hunter):  # no longer must he keep cards revealed
            patient.revealed_item = patient.revealed_event = ""
        hurt_hunter(state, step.chooser, 1, "Blood Transfusion")


class MysticResearch(CardRule):
    """Van Helsing's action: the bottom six event cards are looked at by their backs; every
    Dracula event among them is discarded, the rest stay in the same order."""

    ID = "mystic_research"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        return seat == "van_helsing"

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        deck = state.event_deck
        bottom = deck.cards[:6]  # cards[0] is the bottom card
        found = [c for c in bottom if state.rules.events[c].owner == DRACULA]
        deck.cards[:6] = [c for c in bottom if state.rules.events[c].owner != DRACULA]
        for card in found:
            deck.discard(card)
        names = ", ".join(state.name(c) for c in found) or "none"
        state.say("mystic_research", f"Mystic Research: the Dracula events among the bottom "
                                     f"six event cards are discarded ({names}).", cards=found)


class HeroicLeap(CardRule):
    """At the start of a combat: instead of fighting, the vampire (Dracula, or the vampire
    fought) suffers 5 damage, then the player suffers 5; he then leaves the combat (a
    ruling: he does not fight in it)."""

    ID = "heroic_leap"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        found = fight_below(state)
        return found is not None and seat in found.hunters

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        fight = fight_below(state)
        assert fight is not None
        leap = 5
        hurt_foe(state, fight, leap, "Heroic Leap")  # Dracula, or the vampire fought
        if state.is_over:
            return
        hurt_hunter(state, played.seat, leap, "Heroic Leap")
        fight = fight_below(state)
        if fight is not None and played.seat in fight.hunters:
            hunters = tuple(h for h in fight.hunters if h != played.seat)
            state.say("leaves_combat", f"{state.name(played.seat)} leaves the combat (Heroic "
                                       "Leap).", seat=played.seat)
            change_fight(state, hunters=hunters, hands={h: fight.hands[h] for h in hunters},
                         engaged=hunters[0] if hunters else "",
                         **({} if hunters else {"ended": "every hunter has left the combat"}))


class SurprisingReturn(CardRule):
    """At dawn or dusk: an ally event of the hunters from the event discard pile is played
    (as an ally)."""

    ID = "surprising_return"

    def allies(self, state: ModernState) -> list[str]:
        events = state.rules.events
        return sorted({c for c in state.event_deck.discards
                       if ALLY in events[c].modes and events[c].owner != DRACULA})

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        return bool(self.allies(state))

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        state.stack.append(CardStep(self.ID, played.seat, "ally", seat=played.seat))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        return [PlayCard(c) for c in self.allies(state)]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return "choose the ally you bring back from the discard pile"

    def step_label(self, state: ModernState, step: CardStep, action: Action) -> str:
        assert isinstance(action, PlayCard)
        return f"play {state.name(action.card)} as an ally"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, PlayCard)
        state.stack.pop()
        state.event_deck.discards.remove(action.card)
        set_ally(state, step.chooser, action.card)


class SenseOfEmergency(Ride):
    """A day action: the player suffers 2 damage and moves to a city up to three roads away
    (by road: fidelity table)."""

    ID = "sense_of_emergency"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        return bool(road_reach(state, seat, 3))

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        if played.mode == "ride":  # the damage is done (or prevented)
            if not state.hunters[played.seat].defeated:
                self.ride(state, played.seat, 3)
            return
        state.stack.append(attrs.evolve(played, mode="ride"))  # after any peril it opens
        hurt_hunter(state, played.seat, 2, "Sense of Emergency")


class ExcellentWeather(CardRule):
    """A day action: the player makes two sea moves, one after the other (never into a
    storm or through fog); he then ends his movement."""

    ID = "excellent_weather"

    def lanes(self, state: ModernState, seat: str) -> list[str]:
        here = state.hunters[seat].location
        if state.tokens.fog.get(here):
            return []
        return [p for p in state.board.sea_lanes(here)
                if p not in state.tokens.storms and not state.tokens.fog.get(p)]

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        return bool(self.lanes(state, seat))

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        state.stack.append(CardStep(self.ID, played.seat, "sail", seat=played.seat, count=2))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        return [ChoosePlace(p) for p in self.lanes(state, step.chooser)]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return f"sail ({counted(step.count, 'sea move')} left)"

    def step_label(self, state: ModernState, step: CardStep, action: Action) -> str:
        assert isinstance(action, ChoosePlace)
        return f"sail to {state.name(action.place)}"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChoosePlace)
        state.hunters[step.chooser].location = action.place
        state.say("hunter_moves", f"{state.name(step.chooser)} sails (Excellent Weather) to "
                                  f"{state.name(action.place)}.", seat=step.chooser,
                  to=action.place, by="sea", ticket="")
        if step.count > 1 and state.board.is_sea(action.place) and \
                self.lanes(state, step.chooser):
            state.stack[-1] = attrs.evolve(step, count=step.count - 1)
            return
        state.stack.pop()
        end_movement(state, step.chooser)


class Hypnosis(CardRule):
    """Mina's action, in a city with another hunter: Dracula states which region (east or
    west) he is in; then she is delayed."""

    ID = "hypnosis"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        return seat == "mina" and len(state.hunters_at(state.hunters[seat].location)) > 1

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        region = state.board.region(state.dracula_location)
        state.say("hypnosis", f"Under hypnosis Mina learns that Dracula is in the {region}.",
                  region=region)
        state.hunters[played.seat].delayed = True


class WaxCylinders(CardRule):
    """Dr. Seward's action. Deduction: he chooses a hideout; Dracula reveals its encounters.
    Analysis: Dracula reveals the Hide power card wherever it is. Either way the card goes
    back to his hand (fidelity table)."""

    ID = "wax_cylinders"

    def hideouts(self, state: ModernState) -> list[str]:
        spaces = [f"trail_space_{i + state.first_space}" for i, h in enumerate(state.trail)
                  if h.encounters and not all(h.shown)]
        return spaces + [f"lair_{i + 1}" for i, h in enumerate(state.lairs)
                         if h.encounters and not all(h.shown)]

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        return seat == "seward"

    def modes(self, state: ModernState, seat: str, timing: str) -> tuple[str, ...]:
        return ("deduction", "analysis") if self.hideouts(state) else ("analysis",)

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        state.event_deck.discards.remove(self.ID)  # it goes back to Dr. Seward's hand
        state.hunters[played.seat].events.append(self.ID)
        if played.mode == "deduction":
            state.stack.append(CardStep(self.ID, played.seat, "hideout", seat=played.seat))
            return
        hide = next((h for h in (*state.trail, *state.lairs) if h.card == "hide"), None)
        if hide is None:
            state.say("not_on_trail", "Hide is not on Dracula's trail: it is in his location "
                                      "deck.", cities=["hide"])
        elif hide.revealed:
            state.say("not_on_trail", f"Hide already lies face up on "
                                      f"{trail_space(state, hide)}.", cities=["hide"])
        else:
            reveal_location(state, hide)

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        return [ChooseMode(h) for h in self.hideouts(state)]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return "choose the hideout whose encounters Dracula reveals"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChooseMode)
        state.stack.pop()
        where, number = action.mode.rsplit("_", 1)
        hideout = (state.trail[int(number) - state.first_space] if where == "trail_space"
                   else state.lairs[int(number) - 1])
        hideout.shown = [True] * len(hideout.encounters)
        state.say("encounters_revealed", f"The encounters on {trail_space(state, hideout)} are "
                                         f"revealed: "
                                         f"{', '.join(map(state.name, hideout.encounters))}.",
                  encounters=list(hideout.encounters))


class LucysRevenge(CardRule):
    """Lord Godalming's card, at the start of a combat he is in: laid before him (face up to
    the discard pile, its effect kept on the combat: a ruling, as Garlic Wreath), once in
    that combat it cancels Dracula's Escape as Bat or Escape as Mist
    (``combat.Stage.LUCY``), or prevents a bite or a defeat by damage Lord Godalming would
    suffer (:meth:`use` in ``perils.Peril``). Unused, it is gone at the combat's end."""

    ID = "lucys_revenge"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        found = fight_below(state)
        return seat == LUCY_HOLDER and found is not None and seat in found.hunters and \
            not found.lucy

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        change_fight(state, lucy=True)
        state.say("lucys_revenge", "Lucy's Revenge lies before Lord Godalming for this "
                                   "combat.", seat=played.seat)

    def lies_before(self, state: ModernState, seat: str) -> bool:
        found = fight_below(state) if seat == LUCY_HOLDER else None
        return found is not None and found.lucy

    def use(self, state: ModernState, seat: str, window: CardWindow) -> None:
        change_fight(state, lucy=False)
        prevent(state, self.ID)


class PlannedAmbush(CardRule):
    """At the start of a combat: laid before the hunter (face up to the discard pile, its
    effect kept on the combat, as Lucy's Revenge); in round 1, after the cards are revealed,
    he may swap his revealed card for another of his hand (``combat.Stage.SWAP``)."""

    ID = "planned_ambush"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        found = fight_below(state)
        return found is not None and seat in found.hunters and seat not in found.ambushes

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        found = fight_below(state)
        assert found is not None
        change_fight(state, ambushes=(*found.ambushes, played.seat))
        he, his = pronoun(played.seat, "he"), pronoun(played.seat, "his")
        state.say("planned_ambush", f"Planned Ambush lies before {state.name(played.seat)}: "
                                    f"in the first round {he} may swap {his} revealed card.",
                  seat=played.seat)


class GreatStrength(CardRule):
    """When the player or another hunter would be bitten or defeated by damage: it is
    prevented. Any hunter may play it, in the combat or not (the Georgian text; a ruling)."""

    ID = "great_strength"

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        prevent(state, self.ID)


class Forewarned(CardRule):
    """When the player is ambushed by an encounter that is not a vampire (an ambush: the
    photograph's "not during a Search"): it is discarded without being resolved."""

    ID = "forewarned"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        met = ambushing(state)
        return met is not None and met.hunter == seat and \
            not state.rules.encounters[met.encounter].vampire

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        cancel_ambush(state, self.ID)


class VampireLair(CardRule):
    """A day action for a hunter holding a Stake: he discards the Stake and becomes delayed;
    the influence track goes back 2."""

    ID = "vampire_lair"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        return STAKE in state.hunters[seat].items

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        drop_card(state, played.seat, STAKE)
        state.item_deck.discard(STAKE)
        state.say("discard", f"{state.name(played.seat)} discards a Stake (Vampire Lair) and "
                             "is delayed.", seat=played.seat, card=STAKE)
        state.hunters[played.seat].delayed = True
        keep_revealed(state, played.seat)
        advance_influence(state, state.rules.numbers["influence_vampire_lair_event"],
                          "Vampire Lair")


#: Vampire Lair: the Stake it spends (events.toml).
STAKE = "stake"


class BehindTheVeil(CardRule):
    """Played when drawn: Dracula shows the player his event cards and his encounters; the
    player picks one of those encounters and it is discarded. What is shown is told to every
    hunter (a ruling: Table Talk lets the player tell the others aloud, and Dracula knows his
    own hand), so resampling keeps it for them (``resample.veiled``)."""

    ID = "behind_the_veil"

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        events, encounters = sorted(state.dracula.events), sorted(state.dracula.encounters)
        who = state.name(played.seat)
        listed = (f"his event cards ({', '.join(map(state.name, events)) or 'none'}) and his "
                  f"encounters ({', '.join(map(state.name, encounters)) or 'none'})")
        state.events.add(event(VEIL_SHOWN, f"Dracula shows {who} {listed}.", seat=played.seat,
                               events=events, encounters=encounters),
                         Scope.side("hunters", HUNTERS),
                         event(VEIL_SHOWN, f"Dracula shows {who} his event cards and his "
                                           "encounters.", seat=played.seat))
        if encounters:
            state.stack.append(CardStep(self.ID, played.seat, "encounter", seat=played.seat))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        return [Discard(e) for e in sorted(set(state.dracula.encounters))]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return "choose the encounter of Dracula's that is discarded"

    def step_label(self, state: ModernState, step: CardStep, action: Action) -> str:
        assert isinstance(action, Discard)
        return f"discard {state.name(action.card)}"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, Discard)
        state.stack.pop()
        state.dracula.encounters.remove(action.card)
        state.encounter_deck.discard(action.card)
        state.say(VEIL_DISCARD, f"{state.name(step.chooser)} discards Dracula's "
                                f"{state.name(action.card)} (Behind the Veil).",
                  seat=step.chooser, encounter=action.card)


#: The log entries of Behind the Veil (read back by ``resample.veiled``).
VEIL_SHOWN, VEIL_DISCARD = "veil_shown", "veil_discard"


#: Chartered Carriage: how many railways it rides, of either colour.
CARRIAGE_RAILWAYS = 4


class CharteredCarriage(CardRule):
    """Played before moving by railway, as the hunter's Move by day: he chooses a city up to
    four railways away (any colours) and spends one ticket of his choice, whatever its
    values; Dracula's window follows (False Tip cancels it), then the journey
    (``hunters.RailJourney``)."""

    ID = "chartered_carriage"

    def cities(self, state: ModernState, seat: str) -> tuple[str, ...]:
        here = state.hunters[seat].location
        if not state.board.is_city(here):
            return ()
        return tuple(c for c in rail_reach(state, here, CARRIAGE_RAILWAYS, CARRIAGE_RAILWAYS)
                     if c != here)

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        return not state.night and bool(state.hunters[seat].tickets) and \
            bool(self.cities(state, seat))

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        state.stack.append(CardStep(self.ID, played.seat, "city", seat=played.seat))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        if step.step == "ticket":
            return [Discard(t) for t in sorted(set(state.hunters[step.chooser].tickets))]
        return [ChoosePlace(c) for c in self.cities(state, step.chooser)]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return ("choose the ticket you spend" if step.step == "ticket"
                else f"choose a city up to {CARRIAGE_RAILWAYS} railways away")

    def step_label(self, state: ModernState, step: CardStep, action: Action) -> str:
        if isinstance(action, Discard):
            return f"spend {super().step_label(state, step, action).removeprefix('discard ')}"
        assert isinstance(action, ChoosePlace)
        return f"ride to {state.name(action.place)}"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        if isinstance(action, ChoosePlace):
            state.stack[-1] = attrs.evolve(step, step="ticket", picks=(action.place,))
            return
        assert isinstance(action, Discard)
        state.stack.pop()
        seat = step.chooser
        start = state.hunters[seat].location
        spend_ticket(state, seat, action.card)
        state.stack.append(RailJourney(seat, start, step.picks[0], action.card, carriage=True))
        open_window(state, Timing.HUNTER_SPENDS_TICKET, (DRACULA,), hunter=seat)


class GoodLuck(CardRule):
    """During the day, one of: remove a roadblock token; discard Dracula's ally; cancel a
    False Tip. Offered in the hunter's own turn by day, without spending his action
    (``round.HunterTurns``), and in the hunters' window after a False Tip is played."""

    ID = "good_luck"

    def modes(self, state: ModernState, seat: str, timing: str) -> tuple[str, ...]:
        found = ["remove_roadblock"] if state.tokens.roadblocks else []
        found += ["discard_dracula_ally"] if state.dracula.ally else []
        # False Tip's effect waits only below the hunters' window on it (FalseTip.resolve),
        # the one moment Good Luck is asked while it waits: no need to ask which window.
        if any(isinstance(d, FalseTipEffect) for d in state.stack):
            found.append("cancel_false_tip")
        return tuple(found)

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        return bool(self.modes(state, seat, timing))  # by day: where it is offered

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        if played.mode == "remove_roadblock":
            state.stack.append(CardStep(self.ID, played.seat, "roadblock", seat=played.seat))
        elif played.mode == "discard_dracula_ally":
            ally, state.dracula.ally = state.dracula.ally, ""
            state.event_deck.discard(ally)
            state.say("ally_discarded", f"{state.name(ally)} leaves play (Good Luck).",
                      card=ally)
        else:
            tip = next(d for d in reversed(state.stack) if isinstance(d, FalseTipEffect))
            state.stack.remove(tip)
            state.say("card_cancelled", "Good Luck cancels False Tip.", card="false_tip")

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        return [Roadblock(kind, a, b, remove=True) for kind, a, b in
                sorted(state.tokens.roadblocks)]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return "choose the roadblock token you remove"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, Roadblock)
        state.stack.pop()
        state.tokens.roadblocks.remove([action.kind, action.a, action.b])
        state.say("roadblock_removed", f"The roadblock on the {action.kind} "
                                       f"{state.name(action.a)} - {state.name(action.b)} is "
                                       "removed (Good Luck).")


#: Cities no holy token may go on (events.toml, Consecrated Ground).
UNHOLY_CITIES = ("castle_dracula", "galatz", "klausenburg")


class ConsecratedGround(CardRule):
    """A night action: the consecrated ground token goes on any city but Castle Dracula,
    Galatz and Klausenburg (``tokens.place_holy_token``); then each hunter in turn may
    reveal a Heavenly Host item to put a heavenly host token on another such city. Every
    hunter holding an item is asked, whether or not he holds a Heavenly Host."""

    ID = "consecrated_ground"

    def cities(self, state: ModernState) -> list[str]:
        holy = state.tokens.holy()
        return [c for c in state.board.cities if c not in UNHOLY_CITIES and c not in holy]

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        for seat in reversed(HUNTERS):
            if not state.hunters[seat].defeated and state.hunters[seat].items:
                state.stack.append(CardStep(self.ID, seat, "host", seat=played.seat))
        state.stack.append(CardStep(self.ID, played.seat, "city", seat=played.seat))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        cities: list[Action] = [ChoosePlace(c) for c in self.cities(state)]
        if step.step == "city":
            return cities
        has_host = "heavenly_host" in state.hunters[step.chooser].items
        return [NO_CARD, *(cities if has_host else [])]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        if step.step == "city":
            return "choose the city the consecrated ground token goes on"
        return "reveal a Heavenly Host to put a heavenly host token on another city, or not"

    def step_label(self, state: ModernState, step: CardStep, action: Action) -> str:
        if isinstance(action, ChoosePlace):
            what = "consecrate" if step.step == "city" else "reveal Heavenly Host: a host over"
            return f"{what} {state.name(action.place)}"
        return "reveal nothing"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        state.stack.pop()
        if not isinstance(action, ChoosePlace):
            return
        if step.step == "host":
            state.say("reveal", f"{state.name(step.chooser)} reveals Heavenly Host.",
                      seat=step.chooser, card="heavenly_host")
        place_holy_token(state, action.place, host=step.step == "host")


__all__ = [
    "VEIL_DISCARD",
    "VEIL_SHOWN",
    "BehindTheVeil",
    "BloodTransfusion",
    "CharteredCarriage",
    "ConsecratedGround",
    "EscapeRoute",
    "EvilPresence",
    "ExcellentWeather",
    "Forewarned",
    "GoodLuck",
    "GreatStrength",
    "HeroicLeap",
    "HiredScouts",
    "Hypnosis",
    "JonathanHarker",
    "LocalRumors",
    "LuckyFind",
    "LucysRevenge",
    "MoneyTrail",
    "MysticResearch",
    "NewspaperReports",
    "PlannedAmbush",
    "RufusSmith",
    "SenseOfEmergency",
    "SisterAgatha",
    "SurprisingReturn",
    "VampireLair",
    "WaxCylinders",
]
