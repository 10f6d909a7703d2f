"""What Dracula's event cards do: one small class per card (events.toml says when each is
played and which effects it offers; :mod:`fury_modern.cards` opens the windows and plays them).

Hidden Schemes, Darkness Returns, Nocturnal Visit, Unearthly Swiftness, Devilish Power,
Roadblock, Summon Storms, Vampiric Influence, and his allies (the Great Wolf and Immanuel
Hildesheim act at the start of his phase, ``dracula_phase_starts``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action, Scope, event

from .actions import (
    NO_CARD,
    ChooseHunter,
    ChoosePlace,
    Discard,
    PlaceEncounter,
)
from .arrival import end_movement
from .cards import CardPlayed, CardRule, CardStep
from .combat import Stage, change_fight, fight_below
from .dracula import DraculaPhase
from .hands import check_dracula_events, drop_card, keep_revealed
from .item_cards import road_reach
from .perils import hurt_hunter
from .rules import DRACULA, HUNTERS
from .tokens import RoadblockPlacement

if TYPE_CHECKING:
    from .state import Hideout, ModernState

# -- Dracula events ------------------------------------------------------------------------------

#: Items that turn the Great Wolf away when revealed (events.toml).
WOLF_WARDS = ("crucifix", "heavenly_host")


class GreatWolf(CardRule):
    """Played when received. Raid: a hunter of Dracula's choice suffers 4 damage unless he
    reveals Crucifix or Heavenly Host. Ally: at the start of each Dracula phase, the same
    with 1 damage (``dracula_phase_starts``). A hunter holding a ward always reveals it (a
    ruling: revealing costs him nothing)."""

    ID = "great_wolf"

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        wolf_attacks(state, "raid")

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        return [ChooseHunter(h) for h in HUNTERS if not state.hunters[h].defeated]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return "choose the hunter the wolf attacks"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChooseHunter)
        state.stack.pop()
        hunter = state.hunters[action.hunter]
        ward = next((c for c in WOLF_WARDS if c in hunter.items), "")
        if ward:
            state.say("reveal", f"{state.name(action.hunter)} reveals {state.name(ward)}: the "
                                "Great Wolf turns away.", seat=action.hunter, card=ward)
            return
        hurt_hunter(state, action.hunter, 4 if step.step == "raid" else 1, "the Great Wolf")


class ImmanuelHildesheim(CardRule):
    """Played when received. Help: the top six event cards are looked at by their backs;
    Dracula takes the Dracula events, the rest go face up to the discard pile. Ally: at the
    start of each Dracula phase, if the top event card has a Dracula back, he takes it."""

    ID = "immanuel_hildesheim"

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        deck, events = state.event_deck, state.rules.events
        top = deck.cards[-6:]
        del deck.cards[-6:]
        taken = [c for c in top if events[c].owner == DRACULA]
        rest = [c for c in top if events[c].owner != DRACULA]
        for card in rest:
            deck.discard(card)
        _dracula_takes(state, taken, "Immanuel Hildesheim")
        state.say("discarded", f"Immanuel Hildesheim: discarded face up: "
                               f"{', '.join(map(state.name, rest)) or 'nothing'}.", cards=rest)
        check_dracula_events(state)


def _dracula_takes(state: ModernState, cards: list[str], why: str) -> None:
    state.dracula.events += cards
    state.events.add(event("dracula_takes", f"Dracula takes {', '.join(map(state.name, cards))}"
                                            f" ({why}).", cards=cards), Scope.seat(DRACULA),
                     event("dracula_takes", f"Dracula takes {len(cards)} Dracula event "
                                            f"card(s) ({why}).", count=len(cards)))


class UnearthlySwiftness(CardRule):
    """Played during Dracula's phase (as it ends): he takes another Dracula phase at once."""

    ID = "unearthly_swiftness"

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        state.stack.append(DraculaPhase())
        dracula_phase_starts(state)


class DarknessReturns(CardRule):
    """At the end of Dracula's phase: the next hunter phase has no day (``round.begin_round``);
    then every Dracula event in the discard pile, this one too, is shuffled back into the
    event deck."""

    ID = "darkness_returns"

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        state.dracula.darkness = True
        deck = state.event_deck
        back = [c for c in deck.discards if state.rules.events[c].owner == DRACULA]
        deck.discards[:] = [c for c in deck.discards if state.rules.events[c].owner != DRACULA]
        deck.cards += back
        state.dice.shuffle(deck.cards)
        state.say("darkness_returns", "The next hunter phase has no day; the Dracula events "
                                      "in the discard pile are shuffled into the event deck: "
                                      f"{', '.join(map(state.name, back))}.", cards=back)


class NocturnalVisit(CardRule):
    """At the end of Dracula's phase: during the next hunter phase every combat at dawn or
    by day is fought as if it were night (``combat.start_fight``)."""

    ID = "nocturnal_visit"

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        state.dracula.nocturnal_visit = True
        state.say("nocturnal_visit", "Until the hunter phase ends, every combat is fought as "
                                     "if it were night.")


class DevilishPower(CardRule):
    """During Dracula's phase (offered as it ends), one of: remove the consecrated ground
    token; discard the hunters' ally; the hunters may not Supply during the next hunter
    phase."""

    ID = "devilish_power"

    def modes(self, state: ModernState, seat: str, timing: str) -> tuple[str, ...]:
        found = []
        if state.tokens.consecrated:
            found.append("remove_consecrated_ground")
        if state.hunter_ally:
            found.append("discard_hunter_ally")
        return (*found, "no_supply")

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        if played.mode == "remove_consecrated_ground":
            city, state.tokens.consecrated = state.tokens.consecrated, ""
            state.say("holy_token_removed", f"The consecrated ground leaves "
                                            f"{state.name(city)}.", city=city)
        elif played.mode == "discard_hunter_ally":
            ally, state.hunter_ally = state.hunter_ally, ""
            state.event_deck.discard(ally)
            state.say("ally_discarded", f"{state.name(ally)} leaves play.", card=ally)
        else:
            state.dracula.no_supply = True
            state.say("no_supply", "The hunters may not Supply during the next hunter phase.")


def wolf_attacks(state: ModernState, step: str) -> None:
    if any(not state.hunters[h].defeated for h in HUNTERS):
        state.stack.append(CardStep(GreatWolf.ID, DRACULA, step, seat=DRACULA))


def dracula_phase_starts(state: ModernState) -> None:
    """The start of Dracula's phase: his ally acts (the Great Wolf, Immanuel Hildesheim)."""
    if state.is_over:
        return
    if state.dracula.ally == GreatWolf.ID:
        wolf_attacks(state, "wolf")
    deck = state.event_deck
    if state.dracula.ally == ImmanuelHildesheim.ID and deck.cards and \
            state.rules.events[deck.cards[-1]].owner == DRACULA:
        _dracula_takes(state, [deck.cards.pop()], "Immanuel Hildesheim")
        check_dracula_events(state)



#: Token supplies (fidelity table, [UBG]).
ROADBLOCK_TOKENS, STORM_TOKENS = 8, 6


class RoadblockEvent(CardRule):
    """Played when received or at the end of Dracula's phase: three roadblock tokens on
    roads or railways of his choice (as many as the supply holds)."""

    ID = "roadblock"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        return len(state.tokens.roadblocks) < ROADBLOCK_TOKENS

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        count = min(3, ROADBLOCK_TOKENS - len(state.tokens.roadblocks))
        state.stack += [RoadblockPlacement("Roadblock")] * count


class SummonStorms(CardRule):
    """Played when received or at the end of Dracula's phase: up to three storm tokens on
    sea zones of his choice."""

    ID = "summon_storms"

    def seas(self, state: ModernState) -> list[str]:
        return [s for s in state.board.seas if s not in state.tokens.storms]

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        return len(state.tokens.storms) < STORM_TOKENS

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        count = min(3, STORM_TOKENS - len(state.tokens.storms))
        state.stack.append(CardStep(self.ID, DRACULA, "storm", seat=DRACULA, count=count))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        return [NO_CARD, *(ChoosePlace(s) for s in self.seas(state))]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return f"place a storm on a sea zone ({step.count} left), or stop"

    def step_label(self, state: ModernState, step: CardStep, action: Action) -> str:
        if isinstance(action, ChoosePlace):
            return f"summon a storm over {state.name(action.place)}"
        return "place no more storms"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        if not isinstance(action, ChoosePlace):
            state.stack.pop()
            return
        state.tokens.storms.append(action.place)
        state.say("storm", f"A storm rises over {state.name(action.place)} (Summon Storms).",
                  sea=action.place)
        if step.count > 1 and self.seas(state):
            state.stack[-1] = attrs.evolve(step, count=step.count - 1)
        else:
            state.stack.pop()


class VampiricInfluence(CardRule):
    """Played when received: a bitten hunter of Dracula's choice shows all his items and
    events; Dracula discards one of them; then he moves the hunter to an adjacent city (by
    road, as the Bats do; the hunter then ends his movement there; at sea or in fog he
    stays). With no hunter bitten it has no effect."""

    ID = "vampiric_influence"

    def bitten(self, state: ModernState) -> list[str]:
        return [h for h in HUNTERS if state.hunters[h].bites and not state.hunters[h].defeated]

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        if self.bitten(state):
            state.stack.append(CardStep(self.ID, DRACULA, "victim", seat=DRACULA))
        else:
            state.say("card_effect", "Vampiric Influence finds no bitten hunter.", card=self.ID)

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        if step.step == "victim":
            return [ChooseHunter(h) for h in self.bitten(state)]
        victim = state.hunters[step.picks[0]]
        if step.step == "discard":
            return [Discard(c) for c in sorted({*victim.items, *victim.events})]
        return [ChoosePlace(c) for c in road_reach(state, step.picks[0], 1)]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return {"victim": "choose a bitten hunter",
                "discard": "choose the card he discards",
                "city": "choose the adjacent city you move him to"}[step.step]

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        if isinstance(action, ChooseHunter):
            hunter = state.hunters[action.hunter]
            cards = [*hunter.items, *hunter.events]
            state.say("spied", f"{state.name(action.hunter)} shows every card: "
                               f"{', '.join(map(state.name, cards)) or 'none'}.",
                      seat=action.hunter, cards=cards)
            state.stack[-1] = attrs.evolve(step, step="discard", picks=(action.hunter,))
            if not cards:
                self.to_move(state, attrs.evolve(step, picks=(action.hunter,)))
        elif isinstance(action, Discard):
            seat = step.picks[0]
            drop_card(state, seat, action.card)
            (state.item_deck if action.card in state.rules.items
             else state.event_deck).discard(action.card)
            state.say("discard", f"Dracula makes {state.name(seat)} discard "
                                 f"{state.name(action.card)}.", seat=seat, card=action.card)
            self.to_move(state, step)
            keep_revealed(state, seat)
        else:
            assert isinstance(action, ChoosePlace)
            state.stack.pop()
            seat = step.picks[0]
            state.hunters[seat].location = action.place
            state.say("hunter_moves", f"Dracula moves {state.name(seat)} to "
                                      f"{state.name(action.place)} (Vampiric Influence).",
                      seat=seat, to=action.place, by="road", ticket="")
            end_movement(state, seat)

    def to_move(self, state: ModernState, step: CardStep) -> None:
        """The move: a hunter with no city to be moved to (at sea, in fog) stays."""
        if road_reach(state, step.picks[0], 1):
            state.stack[-1] = attrs.evolve(step, step="city")
        else:
            state.stack.pop()
            state.say("card_effect", f"{state.name(step.picks[0])} cannot be moved and "
                                     "stays.", card=self.ID)

    def step_label(self, state: ModernState, step: CardStep, action: Action) -> str:
        if isinstance(action, ChoosePlace):
            return f"move him to {state.name(action.place)}"
        return super().step_label(state, step, action)


class HiddenSchemes(CardRule):
    """At the end of Dracula's phase: if trail space 3 holds a hideout (not at sea, not a
    power card that takes no encounter), he puts an encounter from his hand on it, face
    down."""

    ID = "hidden_schemes"

    def target(self, state: ModernState) -> Hideout | None:
        index = 3 - state.first_space
        if not 0 <= index < len(state.trail):
            return None
        hideout = state.trail[index]
        power = state.rules.powers.get(hideout.card)
        if power is not None:  # a power card holds one only if it takes encounters (Hide)
            return hideout if power.places_encounter else None
        return None if state.board.is_sea(hideout.card) else hideout

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        return self.target(state) is not None and bool(state.dracula.encounters)

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        if self.eligible(state, DRACULA, played.timing):
            state.stack.append(CardStep(self.ID, DRACULA, "encounter", seat=DRACULA))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        return [PlaceEncounter(e) for e in sorted(set(state.dracula.encounters))]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return "choose the encounter you put on trail space 3, face down"

    def step_label(self, state: ModernState, step: CardStep, action: Action) -> str:
        assert isinstance(action, PlaceEncounter)
        return f"put {state.name(action.encounter)} on trail space 3"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, PlaceEncounter)
        state.stack.pop()
        hideout = self.target(state)
        assert hideout is not None
        state.dracula.encounters.remove(action.encounter)
        hideout.add_encounter(action.encounter)
        state.events.add(event("schemes_encounter", f"Dracula puts "
                                                    f"{state.name(action.encounter)} on trail "
                                                    "space 3.", encounter=action.encounter),
                         Scope.seat(DRACULA),
                         event("schemes_encounter", "Dracula puts an encounter face down on "
                                                    "trail space 3."))


class Enraged(CardRule):
    """When one of Dracula's combat cards would be cancelled by the engaged hunter's icons:
    it is not, but he may not play Escape as Bat or Escape as Mist for the rest of that
    combat (``combat.Fight.enraged``). Not offered for an escape card (a ruling: the card
    would forbid the very card it saves)."""

    ID = "enraged"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        found = fight_below(state)
        return found is not None and found.blocked and found.stage is Stage.CANCELLED

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        found = fight_below(state)
        assert found is not None
        change_fight(state, blocked=False, enraged=True)
        state.say("enraged", f"Enraged: {state.name(found.chosen[DRACULA])} is not cancelled; "
                             "Dracula may not escape as a bat or as mist for the rest of the "
                             "combat.", card=found.chosen[DRACULA])


__all__ = [
    "DarknessReturns",
    "DevilishPower",
    "Enraged",
    "GreatWolf",
    "HiddenSchemes",
    "ImmanuelHildesheim",
    "NocturnalVisit",
    "RoadblockEvent",
    "SummonStorms",
    "UnearthlySwiftness",
    "VampiricInfluence",
    "dracula_phase_starts",
]
