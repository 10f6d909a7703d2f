"""What Dracula's event cards do: one small class per card (events.toml says when each is
played and which effects it offers; :mod:`fury_modern.cards` opens the windows and plays them).

Hidden Schemes, Darkness Returns, Nocturnal Visit, Unearthly Swiftness, Devilish Power,
Roadblock, Summon Storms, Vampiric Influence, and his allies (the Great Wolf, Immanuel
Hildesheim and Dracula's Brides act at the start of his phase, ``dracula_phase_starts``);
the cards of his windows on what a hunter does: False Tip, Customs Search, Wild Horses,
Seduction, Sensationalist Press.
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
    PlaceEncounter,
)
from .arrival import end_movement
from .cards import CardPlayed, CardRule, CardStep, Timing, open_window, window_now
from .combat import Stage, change_fight, fight_below
from .decisions import ModernDecision
from .dracula import DraculaPhase
from .hands import check_dracula_events, drop_card, keep_revealed
from .hunters import MoveEnds, RailJourney, rail_reach
from .item_cards import road_reach
from .perils import bite_hunter, hurt_hunter
from .rules import DRACULA, HUNTERS
from .tokens import ROADBLOCK_TOKENS, RoadblockPlacement
from .trail import hideout_in
from .wording import counted, pronoun

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
                     event("dracula_takes", f"Dracula takes "
                                            f"{counted(len(cards), 'Dracula event card')} "
                                            f"({why}).", count=len(cards)))


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
    brides_at_phase_start(state)
    deck = state.event_deck
    if state.dracula.ally == ImmanuelHildesheim.ID and deck.cards and \
            state.rules.events[deck.cards[-1]].owner == DRACULA:
        _dracula_takes(state, [deck.cards.pop()], "Immanuel Hildesheim")
        check_dracula_events(state)



#: Token supplies (fidelity table, [UBG]).
STORM_TOKENS = 6


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
        if step.step == "victim":
            return "choose a bitten hunter"
        victim = state.name(step.picks[0])
        if step.step == "discard":
            return f"choose the card {victim} discards"
        return f"choose the adjacent city you move {victim} to"

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
            return f"move {pronoun(step.picks[0], 'him')} to {state.name(action.place)}"
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


# -- Dracula's windows on what a hunter does -----------------------------------------------------

def _window_hunter(state: ModernState) -> str:
    """The hunter the window now asking concerns ("" outside such a window)."""
    window = window_now(state)
    return window.hunter if window is not None else ""


def _journey(state: ModernState) -> RailJourney | None:
    """The railway journey a ticket just spent pays for (the newest on the stack)."""
    return next((d for d in reversed(state.stack) if isinstance(d, RailJourney)), None)


class FalseTip(CardRule):
    """When a hunter spends a ticket: if he is playing Chartered Carriage it is cancelled
    (the ticket stays spent and he does not move); otherwise Dracula decides where his
    railway journey takes him, among the cities the ticket's values reach. The hunters may
    answer it first with Good Luck (:class:`FalseTipEffect` waits below their window)."""

    ID = "false_tip"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        journey = _journey(state)
        return bool(_window_hunter(state)) and journey is not None and not journey.tipped

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        journey = _journey(state)
        assert journey is not None
        state.stack[state.stack.index(journey)] = attrs.evolve(journey, tipped=True)
        state.stack.append(FalseTipEffect(played.hunter))
        open_window(state, Timing.FALSE_TIP_PLAYED, HUNTERS, hunter=played.hunter)

    def cities(self, state: ModernState, journey: RailJourney) -> tuple[str, ...]:
        ticket = state.rules.tickets[journey.ticket]
        return rail_reach(state, journey.start, ticket.white, ticket.yellow)

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        journey = _journey(state)
        assert journey is not None
        return [ChoosePlace(c) for c in self.cities(state, journey)]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return (f"choose where {state.name(step.seat)}'s railway journey takes "
                f"{pronoun(step.seat, 'him')}")

    def step_label(self, state: ModernState, step: CardStep, action: Action) -> str:
        assert isinstance(action, ChoosePlace)
        return f"send {pronoun(step.seat, 'him')} to {state.name(action.place)}"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChoosePlace)
        state.stack.pop()
        journey = _journey(state)
        assert journey is not None
        state.stack[state.stack.index(journey)] = attrs.evolve(journey, to=action.place)
        state.say("false_tip", f"False Tip: {state.name(step.seat)}'s journey takes "
                               f"{pronoun(step.seat, 'him')} to {state.name(action.place)}.",
                  seat=step.seat, to=action.place)


@attrs.frozen
class FalseTipEffect(ModernDecision):
    """False Tip takes effect once the hunters' window is over (Good Luck removes it)."""

    KIND = "false_tip_effect"
    RULE = "Event Cards - False Tip"
    hunter: str

    def run(self, state: ModernState) -> None:
        state.stack.pop()
        journey = _journey(state)
        if journey is None:
            return
        if journey.carriage:
            state.stack.remove(journey)
            state.say("card_cancelled", f"False Tip cancels Chartered Carriage: "
                                        f"{state.name(self.hunter)} stays in "
                                        f"{state.name(journey.start)}.", card="chartered_carriage",
                      seat=self.hunter)
            return
        state.stack.append(CardStep(FalseTip.ID, DRACULA, "city", seat=self.hunter))


class CustomsSearch(CardRule):
    """After a hunter's Move takes him from one region into the other: he is delayed, and
    chooses to discard all his items or to suffer 3 damage."""

    ID = "customs_search"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        hunter = _window_hunter(state)
        return bool(hunter) and not state.hunters[hunter].defeated

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        seat = played.hunter
        state.hunters[seat].delayed = True
        state.say("delayed", f"{state.name(seat)} is delayed by a customs search.", seat=seat)
        state.stack.append(CardStep(self.ID, seat, "customs", seat=seat))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        return [ChooseMode("discard_items"), ChooseMode("suffer_damage")]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return "discard all your items, or suffer 3 damage"

    def step_label(self, state: ModernState, step: CardStep, action: Action) -> str:
        assert isinstance(action, ChooseMode)
        return "discard all my items" if action.mode == "discard_items" else "suffer 3 damage"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChooseMode)
        state.stack.pop()
        seat = step.seat
        if action.mode == "suffer_damage":
            hurt_hunter(state, seat, 3, "Customs Search")
            return
        items = list(state.hunters[seat].items)
        for card in items:
            drop_card(state, seat, card)
            state.item_deck.discard(card)
        state.say("discard", f"{state.name(seat)} discards all {pronoun(seat, 'his')} items: "
                             f"{', '.join(map(state.name, items)) or 'none'} (Customs Search).",
                  seat=seat, cards=items)


class WildHorses(CardRule):
    """After a hunter moves by road, before any trail or lair card is revealed: Dracula moves
    him to an adjacent city (by road, as the Bats); only what is in his new city is then
    revealed (``hunters.MoveEnds``)."""

    ID = "wild_horses"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        hunter, move = _window_hunter(state), self.move(state)
        return bool(hunter) and move is not None and not move.carried and \
            bool(road_reach(state, hunter, 1))

    def move(self, state: ModernState) -> MoveEnds | None:
        return next((d for d in reversed(state.stack) if isinstance(d, MoveEnds)), None)

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        if road_reach(state, played.hunter, 1):
            state.stack.append(CardStep(self.ID, DRACULA, "city", seat=played.hunter))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        return [ChoosePlace(c) for c in road_reach(state, step.seat, 1)]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return f"choose the adjacent city the wild horses carry {state.name(step.seat)} to"

    def step_label(self, state: ModernState, step: CardStep, action: Action) -> str:
        assert isinstance(action, ChoosePlace)
        return f"carry {pronoun(step.seat, 'him')} to {state.name(action.place)}"

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChoosePlace)
        state.stack.pop()
        move = self.move(state)
        assert move is not None
        state.stack[state.stack.index(move)] = attrs.evolve(move, carried=True)
        state.hunters[step.seat].location = action.place
        state.say("hunter_moves", f"Wild horses carry {state.name(step.seat)} to "
                                  f"{state.name(action.place)}.", seat=step.seat,
                  to=action.place, by="wild_horses", ticket="", on_the_way=True)


class Seduction(CardRule):
    """When a hunter Searches, if the hideout or lair holds a vampire encounter: the hunter
    is bitten instead of fighting it, and Dracula takes it back into his hand (the first
    vampire, in the hideout's order, when there are several); the search goes on with the
    other encounters."""

    ID = "seduction"

    def vampire(self, state: ModernState, seat: str) -> tuple[Hideout, int] | None:
        hideout = hideout_in(state, state.hunters[seat].location) if seat else None
        if hideout is None:
            return None
        encounters = state.rules.encounters
        found = [i for i, e in enumerate(hideout.encounters) if encounters[e].vampire]
        return (hideout, found[0]) if found else None

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        return self.vampire(state, _window_hunter(state)) is not None

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        found = self.vampire(state, played.hunter)
        assert found is not None
        hideout, index = found
        card, _, _ = hideout.take_encounter(index)
        state.dracula.encounters.append(card)
        state.events.add(event("seduction", f"Seduction: Dracula takes {state.name(card)} back "
                                            "into his hand.", encounter=card),
                         Scope.seat(DRACULA),
                         event("seduction", "Seduction: Dracula takes a vampire encounter "
                                            f"from {state.name(hideout.card)} back into his "
                                            "hand.", city=hideout.card))
        bite_hunter(state, played.hunter, "Seduction")


class SensationalistPress(CardRule):
    """When a hunter plays Local Rumors, Newspaper Reports, Hired Scouts or Evil Presence
    (events.toml ``cancels``): that event is cancelled; it stays in the discard pile, where
    it went when played."""

    ID = "sensationalist_press"

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        window = window_now(state)
        return window is not None and window.card in state.rules.events[self.ID].cancels

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        target = next(d for d in reversed(state.stack)
                      if isinstance(d, CardPlayed) and d.seat == played.hunter)
        state.stack.remove(target)
        state.say("card_cancelled", f"Sensationalist Press cancels {state.name(target.card)}.",
                  card=target.card, seat=played.hunter)


#: Brides put their encounters on the hideouts of these trail spaces.
BRIDES_SPACES = (1, 2, 3)


class DraculasBrides(CardRule):
    """Played when received. Desecrate: one or two hideouts on trail spaces 1-3 (on land, or a
    power card that takes encounters) each take an encounter from his hand, face down. Ally:
    at the start of each Dracula phase he may discard an encounter from his hand (told to the
    table as Dark Call's discards are) to draw another."""

    ID = "draculas_brides"

    def spaces(self, state: ModernState, picks: tuple[str, ...] = ()) -> list[str]:
        found = []
        for space in BRIDES_SPACES:
            index = space - state.first_space
            if 0 <= index < len(state.trail) and f"trail_space_{space}" not in picks and \
                    _takes_encounter(state, state.trail[index]):
                found.append(f"trail_space_{space}")
        return found

    def modes(self, state: ModernState, seat: str, timing: str) -> tuple[str, ...]:
        desecrate = bool(state.dracula.encounters) and bool(self.spaces(state))
        return ("desecrate", "ally") if desecrate else ("ally",)

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        state.stack.append(CardStep(self.ID, DRACULA, "hideout", seat=DRACULA))

    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        if step.step == "swap":
            return [NO_CARD, *(Discard(e) for e in sorted(set(state.dracula.encounters)))]
        if step.step == "encounter":
            return [PlaceEncounter(e) for e in sorted(set(state.dracula.encounters))]
        stop = [NO_CARD] if step.picks else []
        return [*stop, *(ChooseMode(s) for s in self.spaces(state, step.picks))]

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return {"swap": "discard an encounter to draw another, or keep your hand",
                "encounter": "choose the encounter you put there, face down",
                "hideout": "choose a hideout on trail spaces 1-3 to desecrate"
                           + (", or stop" if step.picks else "")}[step.step]

    def step_label(self, state: ModernState, step: CardStep, action: Action) -> str:
        if action == NO_CARD:
            return "keep my hand" if step.step == "swap" else "desecrate no other hideout"
        if isinstance(action, Discard):
            return f"discard {state.name(action.card)} and draw another"
        return super().step_label(state, step, action)

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        if step.step == "swap":
            state.stack.pop()
            if isinstance(action, Discard):
                self.swap(state, action.card)
        elif isinstance(action, ChooseMode):
            state.stack[-1] = attrs.evolve(step, step="encounter",
                                           picks=(*step.picks, action.mode))
        elif isinstance(action, PlaceEncounter):
            space = int(step.picks[-1].rsplit("_", 1)[1])
            state.trail[space - state.first_space].add_encounter(action.encounter)
            state.dracula.encounters.remove(action.encounter)
            state.events.add(event("brides_encounter", f"Dracula's Brides: Dracula puts "
                                                       f"{state.name(action.encounter)} on "
                                                       f"trail space {space}.", space=space,
                                   encounter=action.encounter), Scope.seat(DRACULA),
                             event("brides_encounter", "Dracula's Brides: Dracula puts an "
                                                       f"encounter face down on trail space "
                                                       f"{space}.", space=space))
            if len(step.picks) < 2 and state.dracula.encounters and \
                    self.spaces(state, step.picks):
                state.stack[-1] = attrs.evolve(step, step="hideout")
            else:
                state.stack.pop()
        else:
            state.stack.pop()  # no second hideout

    def swap(self, state: ModernState, card: str) -> None:
        state.dracula.encounters.remove(card)
        state.encounter_deck.discard(card)
        drew = state.encounter_deck.draw_top(state.dice) if state.encounter_deck.can_draw() \
            else ""
        if drew:
            state.dracula.encounters.append(drew)
            state.dracula.encounters.sort()
        state.events.add(event("brides_swap", f"Dracula's Brides: Dracula discards "
                                              f"{state.name(card)} and draws "
                                              f"{state.name(drew) if drew else 'nothing'}.",
                               card=card, drew=drew), Scope.seat(DRACULA),
                         event("brides_swap", "Dracula's Brides: Dracula discards an encounter "
                                              "and draws another."))


def _takes_encounter(state: ModernState, hideout: Hideout) -> bool:
    """A hideout that may take an encounter from a card: on land, or a power card that takes
    encounters (Hide)."""
    power = state.rules.powers.get(hideout.card)
    if power is not None:
        return power.places_encounter
    return not state.board.is_sea(hideout.card)


def brides_at_phase_start(state: ModernState) -> None:
    """Dracula's Brides as his ally: asked whenever he holds an encounter (the count is
    public), whether or not he swaps."""
    if state.dracula.ally == DraculasBrides.ID and state.dracula.encounters:
        state.stack.append(CardStep(DraculasBrides.ID, DRACULA, "swap", seat=DRACULA))


__all__ = [
    "CustomsSearch",
    "DarknessReturns",
    "DevilishPower",
    "DraculasBrides",
    "Enraged",
    "FalseTip",
    "FalseTipEffect",
    "GreatWolf",
    "HiddenSchemes",
    "ImmanuelHildesheim",
    "NocturnalVisit",
    "RoadblockEvent",
    "Seduction",
    "SensationalistPress",
    "SummonStorms",
    "UnearthlySwiftness",
    "VampiricInfluence",
    "WildHorses",
    "dracula_phase_starts",
]
