"""Encounters: met by a hunter's Search or Dracula's ambush, and matured off the trail.

Search Action: a hunter "on a location with an encounter card ... may perform a search
action to resolve all of the encounter effects on those cards, ignoring the matured
effect". Ambushing: Dracula reveals one encounter of the hideout against the hunter and
resolves it, "ignoring the matured effect"; the card is then discarded. Some cards go
back face up to their hideout instead (a vampire still alive, Rats unless a firearm is
shown): encounters.toml says which.

Maturing: a hideout pushed off the sixth trail space may mature, its encounters' matured
effects resolved (Vampire Encounters: a vampire advances the influence track and clears
the hideouts of trail spaces 4 to 6).

Each of the thirteen encounters is one class: ``meet`` (its effect when encountered),
``mature`` (its matured effect), and the choices it asks (``options``/``choose``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from gothic_kernel import Action, Scope, event

from .actions import PASS, ChooseHunter, Delay, Discard, Keep, MoveHunter, PlaceEncounter, Reveal
from .cards import Timing, open_window
from .combat import start_fight
from .decisions import ModernDecision
from .hands import check_dracula_events, drop_card, keep_revealed
from .health import heal_dracula
from .influence import advance_influence
from .perils import hurt_hunter
from .rules import DRACULA, HUNTERS
from .tokens import RoadblockPlacement, place_fog
from .trail import clear_hideout, hideout_in, return_encounter, reveal_location
from .wording import counted

if TYPE_CHECKING:
    from .state import Hideout, ModernState

FIREARMS = ("pistol", "rifle")
#: Encounters Dogs drive off, and those a Stake destroys, when a search turns them up
#: (items.toml).
DOGS_SCARE = frozenset({"rats", "saboteur", "spy", "wolves"})
STAKE_KILLS = frozenset({"new_vampire", "reckless_vampire", "aristocratic_vampire", "hoax"})


@attrs.frozen
class Met:
    """An encounter taken out of its hideout to be resolved against ``hunter`` (``shown``: the
    table has seen which card it is: face up in its hideout, or revealed by an ambush)."""

    encounter: str
    hunter: str
    city: str
    wounds: int = 0
    ambush: bool = False
    shown: bool = True
    asked: bool = False  # ambushed: the hunter has had his chance to answer (Forewarned, Dogs)


# -- searching and ambushing ---------------------------------------------------------------

def search(state: ModernState, seat: str) -> None:
    """Search Action: every encounter of the hideout in the hunter's city, in turn."""
    city = state.hunters[seat].location
    hideout = hideout_in(state, city)
    assert hideout is not None
    queue = tuple(Met(e, seat, city, w, shown=s) for e, w, s in
                  zip(hideout.encounters, hideout.wounds, hideout.shown, strict=True))
    hideout.encounters.clear()
    hideout.shown.clear()
    hideout.wounds.clear()
    reveal_location(state, hideout)
    state.say("search", f"{state.name(seat)} searches {state.name(city)}: "
                        f"{counted(len(queue), 'encounter')}.", seat=seat, city=city)
    state.stack.append(Searching(queue))


@attrs.frozen
class Searching(ModernDecision):
    """The encounters a search found, resolved one after the other."""

    KIND = "searching"
    RULE = "Search Action"
    queue: tuple[Met, ...]

    def put_away(self, state: ModernState) -> None:
        for met in self.queue:
            state.encounter_deck.discard(met.encounter)

    def run(self, state: ModernState) -> None:
        if self.queue and state.hunters[self.queue[0].hunter].defeated:
            unmet(state, self.queue)  # a ruling: defeated, he meets no more of them
        elif self.queue:
            state.stack[-1] = Searching(self.queue[1:])
            meet(state, self.queue[0])
            return
        state.stack.pop()
        _drop_empty_lairs(state)


def unmet(state: ModernState, queue: tuple[Met, ...]) -> None:
    """The encounters a defeated hunter's search had still to meet go back to their hideout
    as they lay (face down or up, with their damage); the table learns how many."""
    for met in queue:
        hideout = hideout_in(state, met.city)
        if hideout is None:
            state.encounter_deck.discard(met.encounter)
        else:
            hideout.add_encounter(met.encounter, shown=met.shown, wounds=met.wounds)
    state.say("search_cut_short", f"{state.name(queue[0].hunter)} is defeated: "
                                  f"{counted(len(queue), 'encounter')} of the search go back "
                                  f"to {state.name(queue[0].city)} unmet.",
              seat=queue[0].hunter, count=len(queue))


def encounter(state: ModernState, seat: str, hideout: Hideout, index: int, *,
              ambush: bool) -> None:
    """Dracula's ambush: the encounter at ``index`` of ``hideout`` against ``seat``."""
    card, _, wounds = hideout.take_encounter(index)
    city = state.hunters[seat].location
    state.say("ambush", f"Dracula ambushes {state.name(seat)} in {state.name(city)} with "
                        f"{state.name(card)}.", seat=seat, encounter=card)
    state.stack.append(Searching((Met(card, seat, city, wounds, ambush),)))


def meet(state: ModernState, met: Met) -> None:
    if met.ambush and not met.asked and _ambush_window(state, met):
        return
    state.say("encounter", f"{state.name(met.hunter)} meets {state.name(met.encounter)}.",
              seat=met.hunter, encounter=met.encounter)
    if not met.ambush and searched_with_item(state, met):
        return
    Encounter.of(met.encounter).meet(state, met)


def _ambush_window(state: ModernState, met: Met) -> bool:
    """Ambushed: before the encounter resolves, the hunter may play a card "when ambushed"
    (Forewarned, Dogs); the encounter waits at the front of the queue (True), unless he holds
    no card to be asked about."""
    depth = len(state.stack)
    open_window(state, Timing.WHEN_AMBUSHED, (met.hunter,), hunter=met.hunter,
                card=met.encounter)
    if len(state.stack) == depth:
        return False
    window = state.stack.pop()
    queue = state.stack[-1]
    assert isinstance(queue, Searching)
    state.stack[-1] = Searching((attrs.evolve(met, asked=True), *queue.queue))
    state.stack.append(window)
    return True


def ambushing(state: ModernState) -> Met | None:
    """The encounter an ambush has drawn that waits for the ambushed hunter's answer."""
    for record in reversed(state.stack):
        if isinstance(record, Searching):
            met = record.queue[0] if record.queue else None
            return met if met is not None and met.ambush and met.asked else None
    return None


def cancel_ambush(state: ModernState, card: str) -> None:
    """``card`` cancels the ambushing encounter: discarded without being resolved."""
    for i in range(len(state.stack) - 1, -1, -1):
        record = state.stack[i]
        if isinstance(record, Searching) and record.queue:
            met = record.queue[0]
            state.stack[i] = Searching(record.queue[1:])
            discard(state, met)
            state.say("ambush_cancelled", f"{state.name(card)}: the {state.name(met.encounter)} "
                                          "is discarded without being resolved.",
                      seat=met.hunter, encounter=met.encounter, card=card)
            return


def searched_with_item(state: ModernState, met: Met) -> bool:
    """Dogs and Stake, revealed before a Search (items.toml): Dogs drive off Rats, a
    Saboteur, a Spy or Wolves (the card is discarded; Dogs are kept); a Stake, discarded,
    destroys a vampire or a Hoax. A hunter holding one always uses it (a ruling)."""
    hunter = state.hunters[met.hunter]
    if met.encounter in DOGS_SCARE and "dogs" in hunter.items:
        state.say("reveal", f"{state.name(met.hunter)} reveals Dogs: the "
                            f"{state.name(met.encounter)} is driven off and discarded.",
                  seat=met.hunter, card="dogs")
    elif met.encounter in STAKE_KILLS and "stake" in hunter.items:
        drop_card(state, met.hunter, "stake")
        state.item_deck.discard("stake")
        state.say("discard", f"{state.name(met.hunter)} discards a Stake: the "
                             f"{state.name(met.encounter)} is destroyed and discarded.",
                  seat=met.hunter, card="stake")
        keep_revealed(state, met.hunter)
    else:
        return False
    discard(state, met)
    return True


def discard(state: ModernState, met: Met) -> None:
    state.encounter_deck.discard(met.encounter)


def put_back(state: ModernState, met: Met, wounds: int = 0) -> None:
    """The card goes back face up to its hideout (discarded if that was cleared meanwhile)."""
    return_encounter(state, met.city, met.encounter, wounds)


def _drop_empty_lairs(state: ModernState) -> None:
    """A lair that holds no encounter must be cleared (Lairs)."""
    for lair in [h for h in state.lairs if not h.encounters]:
        clear_hideout(state, lair, "it holds no encounter")


# -- the choices encounters ask ------------------------------------------------------------

@attrs.frozen
class EncounterStep(ModernDecision):
    """A choice an encounter asks of ``chooser`` (``step`` says which)."""

    KIND = "encounter_step"
    RULE = "Encounters"
    met: Met
    chooser: str
    step: str
    count: int = 0
    hunters: tuple[str, ...] = ()
    #: The met card waits on this step to be discarded or to go back to its hideout.
    holds: bool = False

    def put_away(self, state: ModernState) -> None:
        if self.holds:
            state.encounter_deck.discard(self.met.encounter)

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        gone = self.holds and self.chooser != DRACULA and state.hunters[self.chooser].defeated
        return () if gone else (self.chooser,)

    def run(self, state: ModernState) -> None:
        """The hunter facing the card held here was defeated before he could choose (a peril
        under the step): it goes back to its hideout."""
        state.stack.pop()
        put_back(state, self.met)

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        return Encounter.of(self.met.encounter).options(state, self)

    def prompt(self, state: ModernState, seat: str) -> str:
        return Encounter.of(self.met.encounter).ask(state, self)

    def describe(self, state: ModernState, seat: str, action: Action) -> str:
        if isinstance(action, Reveal):
            return f"reveal {state.name(action.card)}"
        if isinstance(action, Delay):
            return "become delayed" if action.accept else "do not"
        if isinstance(action, Discard):
            return f"discard {state.name(action.card)}"
        if isinstance(action, MoveHunter):
            return f"{state.name(action.to)}"
        if isinstance(action, PlaceEncounter):
            return f"keep {state.name(action.encounter)}"
        return "do nothing more"

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        state.stack.pop()
        Encounter.of(self.met.encounter).choose(state, self, action)


# -- the thirteen encounters ---------------------------------------------------------------

class Encounter:
    """One encounter card's effects (encounters.toml), one subclass per card."""

    card: ClassVar[str] = ""
    _kinds: ClassVar[dict[str, Encounter]] = {}

    def __init_subclass__(cls) -> None:
        Encounter._kinds[cls.card] = cls()

    @staticmethod
    def of(card: str) -> Encounter:
        return Encounter._kinds[card]

    @staticmethod
    def known(card: str) -> bool:
        """Whether the engine knows the encounter ``card`` (a data file may name others)."""
        return card in Encounter._kinds

    def meet(self, state: ModernState, met: Met) -> None:
        raise NotImplementedError

    def mature(self, state: ModernState, hideout: Hideout) -> None:
        """The matured effect (nothing, for a card without one)."""

    def options(self, state: ModernState, step: EncounterStep) -> list[Action]:
        return [PASS]

    def ask(self, state: ModernState, step: EncounterStep) -> str:
        return f"{state.name(step.chooser)}: {state.name(self.card)} - choose."

    def choose(self, state: ModernState, step: EncounterStep, action: Action) -> None:
        raise NotImplementedError


def _delay(state: ModernState, seat: str, why: str) -> None:
    state.hunters[seat].delayed = True
    state.say("delayed", f"{state.name(seat)} is delayed ({why}).", seat=seat)


def _held(state: ModernState, seat: str, cards: tuple[str, ...]) -> list[Action]:
    return [Reveal(c) for c in sorted(set(state.hunters[seat].items)) if c in cards]


def _weapons(state: ModernState, seat: str) -> tuple[str, ...]:
    return tuple(c for c in state.hunters[seat].items
                 if c in state.rules.hunter_cards and state.rules.hunter_cards[c].weapon)


def _revealed(state: ModernState, seat: str, card: str) -> None:
    state.say("reveal", f"{state.name(seat)} reveals {state.name(card)}.", seat=seat, card=card)


class VampireEncounter(Encounter):
    """New and Reckless Vampires: the hunter fights; hunters alongside may be delayed to
    join him (encounters.toml); a vampire still alive goes back with its damage."""

    def meet(self, state: ModernState, met: Met) -> None:
        others = tuple(h for h in state.hunters_at(met.city) if h != met.hunter)
        if others:
            state.stack.append(EncounterStep(met, others[0], "join", hunters=(met.hunter,),
                                             holds=True))
            return
        self.fight(state, met, (met.hunter,))

    def fight(self, state: ModernState, met: Met, hunters: tuple[str, ...]) -> None:
        start_fight(state, hunters, met.city, night=state.night, vampire=met.encounter,
                    wounds=met.wounds)

    def options(self, state: ModernState, step: EncounterStep) -> list[Action]:
        return [Delay(True), Delay(False)]

    def ask(self, state: ModernState, step: EncounterStep) -> str:
        return (f"{state.name(step.chooser)}: become delayed to join the fight against the "
                f"{state.name(self.card)}?")

    def choose(self, state: ModernState, step: EncounterStep, action: Action) -> None:
        assert isinstance(action, Delay)
        joined = step.hunters
        if action.accept:
            _delay(state, step.chooser, f"to join the fight against the {state.name(self.card)}")
            joined = (*joined, step.chooser)
        others = [h for h in state.hunters_at(step.met.city)
                  if h not in joined and h != step.chooser
                  and HUNTERS.index(h) > HUNTERS.index(step.chooser)]
        if others:
            state.stack.append(attrs.evolve(step, chooser=others[0], hunters=joined))
            return
        self.fight(state, step.met, tuple(sorted(joined, key=HUNTERS.index)))

    def mature(self, state: ModernState, hideout: Hideout) -> None:
        """Reveal the location; the influence track advances; trail spaces 4-6 cleared."""
        rules = state.rules
        gain = rules.encounters[self.card].influence_on_mature
        if hideout.rumour:
            gain += rules.numbers["influence_vampire_matured_from_rumour_hideout"]
        state.say("vampire_matures", f"A {state.name(self.card)} matures in "
                                     f"{state.name(hideout.card)}.", card=hideout.card,
                  encounter=self.card)
        advance_influence(state, gain, f"the {state.name(self.card)} matured")
        if state.is_over:  # Dracula has won: nothing more happens
            return
        first = state.first_space  # it matures as the trail slides: space 1 is empty
        for space in sorted(rules.encounters[self.card].clears_trail_spaces, reverse=True):
            if 0 <= space - first < len(state.trail):
                clear_hideout(state, state.trail[space - first],
                              f"the {state.name(self.card)} matured")


class NewVampire(VampireEncounter):
    card = "new_vampire"


class RecklessVampire(VampireEncounter):
    card = "reckless_vampire"


class AristocraticVampire(VampireEncounter):
    """Not fought: the hunter may be delayed to discard it; else it goes back face up."""

    card = "aristocratic_vampire"

    def meet(self, state: ModernState, met: Met) -> None:
        state.stack.append(EncounterStep(met, met.hunter, "delay", holds=True))

    def ask(self, state: ModernState, step: EncounterStep) -> str:
        return (f"{state.name(step.chooser)}: become delayed to be rid of the Aristocratic "
                "Vampire (or it goes back to its hideout)?")

    def choose(self, state: ModernState, step: EncounterStep, action: Action) -> None:
        assert isinstance(action, Delay)
        if action.accept:
            _delay(state, step.chooser, "to be rid of the Aristocratic Vampire")
            discard(state, step.met)
        else:
            put_back(state, step.met, step.met.wounds)


class Bats(Encounter):
    """A bats token under the hunter: at his next action Dracula moves him instead."""

    card = "bats"

    def meet(self, state: ModernState, met: Met) -> None:
        state.hunters[met.hunter].bats = True
        state.say("bats", f"A bats token goes under {state.name(met.hunter)}.", seat=met.hunter)
        discard(state, met)


class DesecratedSoil(Encounter):
    """Dracula draws 3 encounters and discards up to 3; the card goes back face up unless the
    hunter reveals Heavenly Host. Matured: Dracula heals up to 3."""

    card = "desecrated_soil"

    def meet(self, state: ModernState, met: Met) -> None:
        deck, hand = state.encounter_deck, state.dracula.encounters
        for _ in range(3):
            if deck.can_draw():
                hand.append(deck.draw_top(state.dice))
        hand.sort()
        state.say("desecrated_soil", "Dracula draws 3 encounter cards and may discard up to 3.")
        state.stack.append(EncounterStep(met, met.hunter, "host", holds=True))
        if hand:
            state.stack.append(EncounterStep(met, DRACULA, "discard"))

    def options(self, state: ModernState, step: EncounterStep) -> list[Action]:
        if step.step == "discard":
            return [*(Discard(e) for e in sorted(set(state.dracula.encounters))), PASS]
        return [*_held(state, step.chooser, ("heavenly_host",)), PASS]

    def ask(self, state: ModernState, step: EncounterStep) -> str:
        if step.step == "discard":
            return f"Dracula: discard an encounter ({3 - step.count} more at most), or stop."
        return (f"{state.name(step.chooser)}: reveal Heavenly Host to be rid of the Desecrated "
                "Soil, or let it go back?")

    def choose(self, state: ModernState, step: EncounterStep, action: Action) -> None:
        if step.step == "discard":
            if isinstance(action, Discard):
                state.dracula.encounters.remove(action.card)
                state.encounter_deck.discard(action.card)
                state.events.add(event("encounter_discarded", f"Dracula discards "
                                                              f"{state.name(action.card)}.",
                                       encounter=action.card), Scope.seat(DRACULA),
                                 event("encounter_discarded", "Dracula discards an encounter."))
                if step.count < 2 and state.dracula.encounters:
                    state.stack.append(attrs.evolve(step, count=step.count + 1))
            return
        if isinstance(action, Reveal):
            _revealed(state, step.chooser, action.card)
            discard(state, step.met)
        else:
            put_back(state, step.met)

    def mature(self, state: ModernState, hideout: Hideout) -> None:
        heal_dracula(state, 3, "the Desecrated Soil matured")


class Hoax(Encounter):
    """The hunter is delayed. Matured: Dracula takes every Dracula event from the discard
    pile, keeps one in secret and shuffles the rest into the event deck."""

    card = "hoax"

    def meet(self, state: ModernState, met: Met) -> None:
        _delay(state, met.hunter, "Hoax")
        discard(state, met)

    def mature(self, state: ModernState, hideout: Hideout) -> None:
        state.stack.append(HoaxKeep())


def _dracula_discards(state: ModernState) -> list[str]:
    return [c for c in state.event_deck.discards if state.rules.events[c].owner == DRACULA]


@attrs.frozen
class HoaxKeep(ModernDecision):
    """The Hoax matured: Dracula takes every Dracula event from the discard pile, keeps the
    one he chooses, in secret, and shuffles the rest into the event deck."""

    KIND = "hoax_keep"
    RULE = "Encounters - Hoax"

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (DRACULA,) if _dracula_discards(state) else ()

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        return [Keep(c) for c in sorted(set(_dracula_discards(state)))]

    def prompt(self, state: ModernState, seat: str) -> str:
        return ("Dracula: the Hoax matures - choose the Dracula event you keep from the "
                "discards; the others are shuffled into the event deck.")

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        assert isinstance(action, Keep)
        state.stack.pop()
        deck = state.event_deck
        found = _dracula_discards(state)
        for card in found:
            deck.discards.remove(card)
        found.remove(action.card)
        deck.cards += found
        deck.shuffle(state.dice)
        state.dracula.events.append(action.card)
        state.events.add(event("hoax_matures", f"The Hoax matures: Dracula keeps "
                                               f"{state.name(action.card)}.", card=action.card),
                         Scope.seat(DRACULA),
                         event("hoax_matures", "The Hoax matures: Dracula takes the Dracula "
                                               "events from the discards, keeps one and "
                                               "shuffles the rest into the event deck."))
        check_dracula_events(state)

    def run(self, state: ModernState) -> None:
        state.stack.pop()
        state.say("hoax_matures", "The Hoax matures: no Dracula event lies in the discards.")


class Rats(Encounter):
    """The hunter suffers 2 damage; the card goes back unless he reveals a Pistol or Rifle."""

    card = "rats"

    def meet(self, state: ModernState, met: Met) -> None:
        # the step waits under the damage: a hunter it defeats chooses nothing (``run``)
        state.stack.append(EncounterStep(met, met.hunter, "firearm", holds=True))
        hurt_hunter(state, met.hunter, 2, "Rats")

    def options(self, state: ModernState, step: EncounterStep) -> list[Action]:
        return [*_held(state, step.chooser, FIREARMS), PASS]

    def ask(self, state: ModernState, step: EncounterStep) -> str:
        return (f"{state.name(step.chooser)}: reveal a Pistol or Rifle to be rid of the "
                f"{state.name(self.card)}, or let it go back?")

    def choose(self, state: ModernState, step: EncounterStep, action: Action) -> None:
        if isinstance(action, Reveal):
            _revealed(state, step.chooser, action.card)
            discard(state, step.met)
        else:
            put_back(state, step.met)


class Saboteur(Rats):
    """The hunter is delayed; back unless a Pistol or Rifle is shown. Matured: a roadblock
    on any road or railway."""

    card = "saboteur"

    def meet(self, state: ModernState, met: Met) -> None:
        _delay(state, met.hunter, "Saboteur")
        state.stack.append(EncounterStep(met, met.hunter, "firearm", holds=True))

    def mature(self, state: ModernState, hideout: Hideout) -> None:
        state.stack.append(RoadblockPlacement("the Saboteur matured"))


class Spy(Encounter):
    """The hunter reveals his items and events and discards his tickets, unless he discards a
    weapon to be rid of the Spy. Matured: the same, to a hunter of Dracula's choice."""

    card = "spy"

    def meet(self, state: ModernState, met: Met) -> None:
        self.spy_on(state, met)
        discard(state, met)

    def spy_on(self, state: ModernState, met: Met) -> None:
        """The effect on ``met.hunter``: he chooses, if he holds a weapon to discard."""
        if _weapons(state, met.hunter):
            state.stack.append(EncounterStep(met, met.hunter, "weapon"))
        else:
            self.spied(state, met.hunter)

    def options(self, state: ModernState, step: EncounterStep) -> list[Action]:
        if step.step == "victim":
            return [MoveHunter(h) for h in HUNTERS if not state.hunters[h].defeated]
        return [*(Discard(w) for w in sorted(set(_weapons(state, step.chooser)))), PASS]

    def ask(self, state: ModernState, step: EncounterStep) -> str:
        if step.step == "victim":
            return "Dracula: the Spy matures - choose the hunter it spies on."
        return (f"{state.name(step.chooser)}: discard a weapon to be rid of the Spy, or show "
                "your cards and lose your tickets?")

    def choose(self, state: ModernState, step: EncounterStep, action: Action) -> None:
        if isinstance(action, MoveHunter):  # matured: the whole effect, his choice too
            self.spy_on(state, attrs.evolve(step.met, hunter=action.to))
        elif isinstance(action, Discard):
            drop_card(state, step.chooser, action.card)
            state.item_deck.discard(action.card)
            state.say("spy_foiled", f"{state.name(step.chooser)} discards "
                                    f"{state.name(action.card)}: the Spy is gone.",
                      seat=step.chooser, card=action.card)
            keep_revealed(state, step.chooser)
        else:
            self.spied(state, step.chooser)

    def spied(self, state: ModernState, seat: str) -> None:
        hunter = state.hunters[seat]
        cards = ", ".join(state.name(c) for c in (*hunter.items, *hunter.events)) or "nothing"
        state.say("spied", f"The Spy: {state.name(seat)} reveals {cards} and discards "
                           f"{counted(len(hunter.tickets), 'ticket')}.", seat=seat,
                  cards=[*hunter.items, *hunter.events])
        state.tickets += hunter.tickets
        state.dice.shuffle(state.tickets)
        hunter.tickets = []

    def mature(self, state: ModernState, hideout: Hideout) -> None:
        state.stack.append(EncounterStep(Met(self.card, HUNTERS[0], hideout.card), DRACULA,
                                         "victim"))


class SzganyBodyguards(Encounter):
    """2 damage; unless the hunter reveals a weapon, 2 more and he is delayed. Matured:
    Dracula keeps it face up, to strike a hunter before a combat with him (``Bodyguards``)."""

    card = "szgany_bodyguards"

    def mature(self, state: ModernState, hideout: Hideout) -> None:
        state.encounter_deck.discards.remove(self.card)  # mature() discarded it
        state.dracula.kept.append(self.card)
        state.say("bodyguards_kept", "The Szgany Bodyguards mature: Dracula keeps them face "
                                     "up.", encounter=self.card)

    def meet(self, state: ModernState, met: Met) -> None:
        hurt_hunter(state, met.hunter, 2, "Szgany Bodyguards")
        discard(state, met)
        if not state.hunters[met.hunter].defeated:
            state.stack.append(EncounterStep(met, met.hunter, "weapon"))

    def options(self, state: ModernState, step: EncounterStep) -> list[Action]:
        weapons = tuple(c for c in state.rules.hunter_cards if state.rules.hunter_cards[c].weapon)
        return [*_held(state, step.chooser, weapons), PASS]

    def ask(self, state: ModernState, step: EncounterStep) -> str:
        return (f"{state.name(step.chooser)}: reveal a weapon, or suffer 2 more damage and be "
                "delayed?")

    def choose(self, state: ModernState, step: EncounterStep, action: Action) -> None:
        if isinstance(action, Reveal):
            _revealed(state, step.chooser, action.card)
            return
        hurt_hunter(state, step.chooser, 2, "Szgany Bodyguards")
        if not state.hunters[step.chooser].defeated:
            _delay(state, step.chooser, "Szgany Bodyguards")


def bodyguards_before_combat(state: ModernState) -> None:
    """At dawn or dusk, before a combat with Dracula (he is revealed, a hunter is in his
    city): the Szgany Bodyguards he keeps may strike a hunter there first."""
    if state.dracula.kept and state.dracula.revealed and not state.is_over and \
            state.hunters_at(state.dracula_location):
        state.stack.append(Bodyguards())


@attrs.frozen
class Bodyguards(ModernDecision):
    """Szgany Bodyguards, matured and kept face up (encounters.toml): "at a dawn or dusk,
    before a combat involving him, he may apply the effect to a hunter in his location,
    then discard it". Asked again while he keeps another."""

    KIND = "bodyguards"
    RULE = "Encounters - Szgany Bodyguards"

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (DRACULA,) if self.targets(state) and state.dracula.kept else ()

    def targets(self, state: ModernState) -> list[str]:
        return state.hunters_at(state.dracula_location)

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        return [*(ChooseHunter(h) for h in self.targets(state)), PASS]

    def prompt(self, state: ModernState, seat: str) -> str:
        return ("Dracula: before the combat, your Szgany Bodyguards may strike a hunter in "
                "your city (then they are discarded), or wait.")

    def describe(self, state: ModernState, seat: str, action: Action) -> str:
        if isinstance(action, ChooseHunter):
            return f"the Szgany Bodyguards strike {state.name(action.hunter)}"
        return "keep them for later"

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        state.stack.pop()
        if not isinstance(action, ChooseHunter):
            return
        card = SzganyBodyguards.card
        state.dracula.kept.remove(card)
        if state.dracula.kept:
            state.stack.append(Bodyguards())  # after this one's effect, the next
        state.say("bodyguards", f"Dracula's Szgany Bodyguards strike {state.name(action.hunter)}"
                                ".", seat=action.hunter, encounter=card)
        Encounter.of(card).meet(state, Met(card, action.hunter, state.dracula_location))

    def run(self, state: ModernState) -> None:
        state.stack.pop()


class SzganyMob(Encounter):
    """Each hunter in the city may discard items, then suffers 1 damage per item held.
    Matured: the location is revealed and it strikes every city of that region."""

    card = "szgany_mob"

    def meet(self, state: ModernState, met: Met) -> None:
        discard(state, met)
        self.strike(state, met, [met.city])

    def strike(self, state: ModernState, met: Met, cities: list[str]) -> None:
        victims = tuple(h for c in cities for h in state.hunters_at(c))
        if victims:
            state.stack.append(EncounterStep(met, victims[0], "items", hunters=victims))

    def options(self, state: ModernState, step: EncounterStep) -> list[Action]:
        items = state.hunters[step.chooser].items
        return [*(Discard(c) for c in sorted(set(items))), PASS]

    def ask(self, state: ModernState, step: EncounterStep) -> str:
        held = len(state.hunters[step.chooser].items)
        return (f"{state.name(step.chooser)}: the Szgany Mob - discard an item card, or keep "
                f"the {held} you hold and suffer 1 damage for each.")

    def choose(self, state: ModernState, step: EncounterStep, action: Action) -> None:
        seat = step.chooser
        if isinstance(action, Discard):
            drop_card(state, seat, action.card)
            state.item_deck.discard(action.card)
            state.say("discard", f"{state.name(seat)} discards {state.name(action.card)}.",
                      seat=seat, card=action.card)
            if state.hunters[seat].items:
                state.stack.append(step)
                return
        hurt_hunter(state, seat, len(state.hunters[seat].items), "the Szgany Mob")
        rest = step.hunters[step.hunters.index(seat) + 1:]
        if rest and not state.is_over:
            state.stack.append(attrs.evolve(step, chooser=rest[0]))
        keep_revealed(state, seat)  # before the next hunter, if his revealed item went

    def mature(self, state: ModernState, hideout: Hideout) -> None:
        region = state.board.region(hideout.card)
        cities = [c for c in state.board.cities if state.board.region(c) == region]
        self.strike(state, Met(self.card, HUNTERS[0], hideout.card), cities)


class UnnaturalFog(Encounter):
    """A fog token in the city (two in a port); by day every hunter there is delayed.
    Matured: two fog tokens in a city of the same region, of Dracula's choice."""

    card = "unnatural_fog"

    def meet(self, state: ModernState, met: Met) -> None:
        discard(state, met)
        place_fog(state, met.city, 2 if state.board.is_port(met.city) else 1)
        if not state.night:
            for seat in state.hunters_at(met.city):
                _delay(state, seat, "Unnatural Fog")

    def options(self, state: ModernState, step: EncounterStep) -> list[Action]:
        region = state.board.region(step.met.city)
        return [MoveHunter(c) for c in state.board.cities if state.board.region(c) == region]

    def ask(self, state: ModernState, step: EncounterStep) -> str:
        return "Dracula: the Unnatural Fog matures - choose the city that takes two fog tokens."

    def choose(self, state: ModernState, step: EncounterStep, action: Action) -> None:
        assert isinstance(action, MoveHunter)
        place_fog(state, action.to, 2)

    def mature(self, state: ModernState, hideout: Hideout) -> None:
        state.stack.append(EncounterStep(Met(self.card, HUNTERS[0], hideout.card), DRACULA,
                                         "city"))


class Wolves(Encounter):
    """Every hunter in the city suffers 4 damage, less 2 for each weapon he reveals.
    Matured: the same in a city up to two roads away, of Dracula's choice."""

    card = "wolves"

    def meet(self, state: ModernState, met: Met) -> None:
        discard(state, met)
        self.strike(state, met, met.city)

    def strike(self, state: ModernState, met: Met, city: str) -> None:
        """Each hunter reveals his weapons (every one: it only spares him, a ruling), named
        to the table, and suffers 4 less 2 for each."""
        for seat in state.hunters_at(city):
            weapons = sorted(_weapons(state, seat))
            for card in weapons:
                _revealed(state, seat, card)
            hurt_hunter(state, seat, max(0, 4 - 2 * len(weapons)), "Wolves")

    def options(self, state: ModernState, step: EncounterStep) -> list[Action]:
        reach = state.board.distances(step.met.city, ("road",))
        return [MoveHunter(c) for c in state.board.cities if reach.get(c, 9) <= 2]

    def ask(self, state: ModernState, step: EncounterStep) -> str:
        return "Dracula: the Wolves mature - choose a city up to two roads away for them."

    def choose(self, state: ModernState, step: EncounterStep, action: Action) -> None:
        assert isinstance(action, MoveHunter)
        self.strike(state, step.met, action.to)

    def mature(self, state: ModernState, hideout: Hideout) -> None:
        state.stack.append(EncounterStep(Met(self.card, HUNTERS[0], hideout.card), DRACULA,
                                         "city"))


def mature(state: ModernState, hideout: Hideout, chosen: Sequence[str]) -> None:
    """The hideout leaving the trail matures: the matured effect of each encounter
    ``chosen`` (Dracula "may mature any of the encounter cards in that hideout"), then the
    encounters are discarded and the location card goes back to the deck. The card is shown
    only when a matured effect resolved says "Reveal the location" (encounters.toml
    ``matured_reveals_location``: the vampires, the Szgany Mob, Unnatural Fog, Wolves);
    otherwise it goes back unseen (Maturing Encounters names no reveal)."""
    rules = state.rules
    if hideout.revealed or any(rules.encounters[e].matured_reveals_location for e in chosen):
        state.say("matures", f"The hideout in {state.name(hideout.card)} matures: its card is "
                             "revealed as it leaves the trail.", card=hideout.card)
    else:
        state.events.add(event("matures", f"The hideout in {state.name(hideout.card)} "
                                          "matures; its card goes back unseen.",
                               card=hideout.card), Scope.seat(DRACULA),
                         event("matures", "The hideout leaving the trail (a face-down card) "
                                          "matures; its card goes back unseen."))
    for card in hideout.encounters:
        state.encounter_deck.discard(card)
    for card in chosen:
        if state.is_over:  # a vampire's influence won the game: nothing more happens
            return
        if rules.encounters[card].matures:
            Encounter.of(card).mature(state, hideout)


__all__ = ["Bodyguards", "Encounter", "EncounterStep", "HoaxKeep", "Searching",
           "ambushing", "bodyguards_before_combat", "cancel_ambush", "encounter", "mature",
           "search"]
