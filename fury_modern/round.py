"""The round: the hunter phase (dawn, day, dusk, night), then the Dracula phase.

Dawn And Dusk: "During the hunter phase, dawn occurs before day and dusk occurs before
night. During dawn and dusk, players advance time and then fight Dracula if he is
revealed." At dawn the marker moves from a night space to a day space; from Sunday
night to Monday day a week has passed and a despair token is placed. The game starts
on Monday day, so the first round has no dawn.

By day each hunter, in turn order, takes one action; by night too, but no Move, and a
hunter at sea takes none ([AID], [DP]; fidelity table). A delayed hunter spends his
next action standing up; a hunter with a bats token is moved by Dracula instead. Three
hunter events played at dawn change the turns that follow: Renewed Vigour (an extra
action), Long Night (Move by road at night) and Speedy Telegraph (any order).
"""

from __future__ import annotations

import enum
import re
from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action, Scope, event

from .actions import PASS, ChooseHospital, ChooseHunter, Move, MoveHunter, PlayCard
from .cards import CardPlayed, CardRule, Timing, drawn, open_window, play_card, playable
from .combat import fight_dracula_if_revealed
from .decisions import ModernDecision
from .dracula import DraculaPhase
from .dracula_events import dracula_phase_starts
from .encounters import bodyguards_before_combat
from .hands import check_dracula_events
from .hunters import (
    explain,
    hunter_actions,
    hunter_label,
    move_options,
    moved_by_bats,
    take_action,
)
from .influence import advance_influence
from .item_cards import road_reach
from .rules import DRACULA, HUNTERS
from .tokens import dusk_tokens
from .wording import pronoun

if TYPE_CHECKING:
    from .state import ModernState

WEEK = 14  # time-track spaces: a day and a night for each weekday
#: The timing of a card a hunter may play in his turn by day without spending his action.
DURING_DAY = frozenset({"during_day"})


def begin_round(state: ModernState) -> None:
    """The stack is empty: a new round, its steps pushed in reverse order."""
    state.rounds += 1
    state.stack += [DraculaPhase(), HunterTurns(night=True), Twilight(dusk=True)]
    if state.dracula.darkness:  # Darkness Returns: the hunters take no day actions
        state.dracula.darkness = False
        state.say("no_day", "Darkness Returns: this hunter phase has no day.")
    else:
        state.stack.append(HunterTurns(night=False))
    if state.night:
        state.stack.append(Twilight(dusk=False))


class Stage(enum.Enum):
    """The steps of dawn and dusk, in order."""

    ADVANCE = "advance"
    HOSPITALS = "hospitals"
    GUARDS = "guards"  # kept Szgany Bodyguards strike before the combat
    COMBAT = "combat"
    TOKENS = "tokens"


@attrs.frozen
class Twilight(ModernDecision):
    """Dawn (``dusk`` False) or dusk: advance time, then the rest in order (Dawn And Dusk)."""

    KIND = "twilight"
    RULE = "Dawn And Dusk"
    dusk: bool
    stage: Stage = Stage.ADVANCE

    def then(self, stage: Stage) -> Twilight:
        return Twilight(self.dusk, stage)  # attrs.evolve, written out: twice a round

    def run(self, state: ModernState) -> None:
        if self.stage is Stage.ADVANCE:
            state.stack[-1] = self.then(Stage.GUARDS if self.dusk else Stage.HOSPITALS)
            advance_time(state, dusk=self.dusk)
            if not state.is_over:
                open_window(state, Timing.AT_DUSK if self.dusk else Timing.AT_DAWN, HUNTERS)
        elif self.stage is Stage.HOSPITALS:
            if not send_to_hospitals(state):  # a choice pushed: this stage runs again after
                state.stack[-1] = self.then(Stage.GUARDS)
        elif self.stage is Stage.GUARDS:
            state.stack[-1] = self.then(Stage.COMBAT)
            bodyguards_before_combat(state)
        elif self.stage is Stage.COMBAT:
            if self.dusk:
                state.stack[-1] = self.then(Stage.TOKENS)
            else:
                state.stack.pop()
            fight_dracula_if_revealed(state, night=self.dusk)
        else:
            state.stack.pop()
            dusk_tokens(state)


def advance_time(state: ModernState, *, dusk: bool) -> None:
    """Move the time marker (Dawn And Dusk); place a despair token when a week passes."""
    state.time = (state.time + 1) % WEEK
    when = "night" if dusk else "day"
    state.say("dusk" if dusk else "dawn",
              f"{'Dusk' if dusk else 'Dawn'}: the time marker moves to "
              f"{state.weekday.title()} {when}.", weekday=state.weekday, night=dusk)
    if dusk:
        return
    state.tokens.hosts.clear()  # heavenly host tokens are removed at dawn
    if state.time == 0 and state.despair < state.rules.numbers["despair_tokens"]:
        state.despair += 1
        state.say("despair", f"A week has passed: a despair token is placed "
                             f"({state.despair} of {state.rules.numbers['despair_tokens']}).",
                  despair=state.despair)
    if state.despair >= state.rules.numbers["despair_tokens"]:
        gain = state.rules.dracula.fury_influence_per_dawn
        if gain:  # The Fury of Dracula (authored effect: fidelity table)
            advance_influence(state, gain, "The Fury of Dracula")


def send_to_hospitals(state: ModernState) -> bool:
    """Defeated hunters go to the nearest hospital at dawn; where two are equally near,
    Dracula chooses (a decision is pushed: True)."""
    for seat in HUNTERS:
        hunter = state.hunters[seat]
        if not hunter.defeated:
            continue
        nearest = state.board.nearest_hospitals(hunter.location)
        if len(nearest) > 1:
            state.stack.append(HospitalChoice(seat, nearest))
            return True
        place_in_hospital(state, seat, nearest[0])
    return False


def place_in_hospital(state: ModernState, seat: str, hospital: str) -> None:
    """The hunter goes to ``hospital`` and gives up his cards and tokens (Damage)."""
    hunter = state.hunters[seat]
    for item in hunter.items:
        state.item_deck.discard(item)
    for card in hunter.events:
        state.event_deck.discard(card)
    state.tickets.extend(hunter.tickets)
    hunter.items, hunter.events, hunter.tickets = [], [], []
    hunter.revealed_item = hunter.revealed_event = ""
    hunter.damage = hunter.bites = 0
    hunter.defeated = hunter.delayed = hunter.bats = False
    hunter.location = hospital
    state.say("hospital", f"{state.name(seat)} is placed at {state.name(hospital)}, "
                          "discarding every card and returning every token.",
              seat=seat, hospital=hospital)


@attrs.frozen
class HospitalChoice(ModernDecision):
    """Two hospitals are equally near: Dracula chooses (Special Locations - Hospitals)."""

    KIND = "hospital_choice"
    RULE = "Special Locations - Hospitals"
    hunter: str
    hospitals: tuple[str, ...]

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (DRACULA,)

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        return [ChooseHospital(h) for h in self.hospitals]

    def prompt(self, state: ModernState, seat: str) -> str:
        return (f"Dracula: choose the hospital {state.name(self.hunter)} is placed at "
                "(they are equally near).")

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        assert isinstance(action, ChooseHospital)
        state.stack.pop()
        place_in_hospital(state, self.hunter, action.hospital)


class Turn(enum.Enum):
    """What the hunter whose turn it is does with his action."""

    ACTS = "acts"
    BATS = "bats"
    STANDS_UP = "stands_up"
    NONE = "none"


@attrs.frozen
class HunterTurns(ModernDecision):
    """Each hunter's action by day or by night, in turn order (``index`` into HUNTERS)."""

    KIND = "hunter_turns"
    RULE = "The Round - Hunter Actions"
    night: bool
    index: int = 0
    #: Renewed Vigour: each hunter may take one extra action this day.
    vigour: bool = False
    #: The kind of the action the hunter took first, while his extra one is to come.
    taken: str = ""
    #: Long Night: this night the hunters may Move by road.
    long_night: bool = False
    #: Speedy Telegraph: the hunters act in any order (``order``, the next one named by the
    #: first of those still to act; ``named``: he has been).
    telegraph: bool = False
    order: tuple[str, ...] = HUNTERS
    named: bool = False

    @property
    def seat(self) -> str:
        return self.order[self.index]

    def advanced(self) -> HunterTurns:
        # attrs.evolve(self, index=self.index + 1, taken="", named=False), written out (at
        # every hunter's action); every field named (a test checks it against evolve)
        return HunterTurns(night=self.night, index=self.index + 1, vigour=self.vigour,
                           taken="", long_night=self.long_night, telegraph=self.telegraph,
                           order=self.order, named=False)

    def naming(self) -> bool:
        """Speedy Telegraph: the next hunter to act is still to be named."""
        return self.telegraph and not self.named and self.index < len(self.order) - 1

    def turn(self, state: ModernState) -> Turn:
        hunter = state.hunters[self.seat]
        if hunter.defeated or (self.night and state.board.is_sea(hunter.location)):
            return Turn.NONE
        if hunter.delayed:
            return Turn.STANDS_UP
        if hunter.bats:
            return Turn.BATS
        return Turn.ACTS

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        if self.index >= len(HUNTERS):
            return ()
        if self.naming():
            return (self.seat,)
        turn = self.turn(state)
        if turn is Turn.ACTS:
            return (self.seat,)
        return (DRACULA,) if turn is Turn.BATS and not self.taken else ()

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        if seat == DRACULA:
            return [MoveHunter(c) for c in bats_destinations(state, self.seat)]
        if self.naming():
            return [ChooseHunter(h) for h in self.order[self.index:]]
        found = hunter_actions(state, self.seat, night=self.night)
        if self.long_night and self.night:
            found = [m for m in move_options(state, self.seat) if m.by == "road"] + found
        if self.taken:  # his extra action: not the same action twice, or none (Pass)
            found = [a for a in found if action_kind(a) != self.taken]
            found += [] if PASS in found else [PASS]
        if not self.night:  # a card played "during the day" costs him no action (Good Luck)
            found += [PlayCard(c) for c in playable(state, self.seat, DURING_DAY)]
        return found

    def refusal(self, state: ModernState, seat: str, action: Action) -> str:
        if self.naming():
            return "Speedy Telegraph: name one of the hunters still to act"
        if self.taken and action_kind(action) == self.taken:
            return "Renewed Vigour: a hunter may not take the same action twice"
        return explain(state, self.seat, action, night=self.night)

    def describe(self, state: ModernState, seat: str, action: Action) -> str:
        return hunter_label(state, seat, action) if seat != DRACULA else \
            super().describe(state, seat, action)

    def prompt(self, state: ModernState, seat: str) -> str:
        if seat == DRACULA:
            return (f"Dracula: the bats carry {state.name(self.seat)} off - choose the "
                    f"adjacent city {pronoun(self.seat, 'he')} is moved to.")
        where = state.name(state.hunters[self.seat].location)
        if self.naming():
            return (f"{state.name(seat)}: name the hunter who takes the next action (Speedy "
                    "Telegraph).")
        which = "your extra action (Renewed Vigour)" if self.taken else "your action"
        return (f"{state.name(seat)} ({where}, {state.weekday.title()} "
                f"{'night' if self.night else 'day'}): choose {which}.")

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        if isinstance(action, PlayCard) and seat != DRACULA and not self.naming() and \
                action.card in playable(state, seat, DURING_DAY):
            play_card(state, seat, action.card, "during_day")  # his turn goes on
            return
        if self.naming():
            assert isinstance(action, ChooseHunter)
            rest = [h for h in self.order[self.index:] if h != action.hunter]
            order = (*self.order[:self.index], action.hunter, *rest)
            state.stack[-1] = attrs.evolve(self, order=order, named=True)
            state.say("next_hunter", f"{state.name(action.hunter)} acts next (Speedy "
                                     "Telegraph).", seat=action.hunter)
            return
        extra = seat != DRACULA and self.vigour and not self.taken and action != PASS
        state.stack[-1] = attrs.evolve(self, taken=action_kind(action)) if extra else \
            self.advanced()
        if seat == DRACULA:
            assert isinstance(action, MoveHunter)
            moved_by_bats(state, self.seat, action.to)
            return
        take_action(state, self.seat, action, night=self.night)
        if self.night and isinstance(action, Move):  # only offered on a Long Night
            long_night_draw(state)

    def run(self, state: ModernState) -> None:
        if self.index >= len(HUNTERS):
            state.stack.pop()
            if self.night:  # the hunter phase is over: Dracula's begins
                state.dracula.no_supply = False  # Devilish Power lasted the hunter phase
                state.dracula.nocturnal_visit = False  # so did Nocturnal Visit
                dracula_phase_starts(state)
            return
        state.stack[-1] = self.advanced()
        if self.taken:  # he may not take his extra action (delayed, bats, defeated)
            return
        if self.turn(state) is Turn.STANDS_UP:
            state.hunters[self.seat].delayed = False
            state.say("stands_up", f"{state.name(self.seat)} is delayed and spends the action "
                                   "standing up.", seat=self.seat)


def action_kind(action: Action) -> str:
    """Which action it is, for Renewed Vigour (``move``, ``reserve_ticket``, ...): a Move by
    any route is one kind, Chartered Carriage too; each other card played as an action is
    its own (its id)."""
    if isinstance(action, PlayCard):
        return "move" if action.card == "chartered_carriage" else action.card
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(action).__name__).lower()


class RenewedVigour(CardRule):
    """At dawn: during the coming day each hunter may take one extra action, but not the
    same action twice (:class:`HunterTurns` ``vigour``)."""

    ID = "renewed_vigour"

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        for i, decision in enumerate(state.stack):
            if isinstance(decision, HunterTurns) and not decision.night:
                state.stack[i] = attrs.evolve(decision, vigour=True)
        state.say("renewed_vigour", "Renewed Vigour: this day each hunter may take one extra "
                                    "action, not the same action twice.")


class SpeedyTelegraph(CardRule):
    """At dawn: for the coming day and night the hunters take their actions in any order
    (:class:`HunterTurns` ``telegraph``)."""

    ID = "speedy_telegraph"

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        for i, decision in enumerate(state.stack):
            if isinstance(decision, HunterTurns):
                state.stack[i] = attrs.evolve(decision, telegraph=True)
        state.say("speedy_telegraph", "Speedy Telegraph: this day and night the hunters take "
                                      "their actions in any order.")


class LongNight(CardRule):
    """At dawn: during the coming night the hunters may Move by road; each time one does,
    the bottom event card is drawn (:func:`long_night_draw`)."""

    ID = "long_night"

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        for i, decision in enumerate(state.stack):
            if isinstance(decision, HunterTurns) and decision.night:
                state.stack[i] = attrs.evolve(decision, long_night=True)
        state.say("long_night", "Long Night: this night the hunters may move by road.")


def long_night_draw(state: ModernState) -> None:
    """The bottom event card: a hunter event is discarded, a Dracula event goes to him."""
    deck = state.event_deck
    if not deck.can_draw():
        return
    card = deck.draw_bottom(state.dice)
    if state.rules.events[card].owner != DRACULA:
        deck.discard(card)
        state.say("event_discarded", f"Long Night: {state.name(card)}, a hunter event, is "
                                     "discarded.", card=card)
        return
    state.dracula.events.append(card)
    state.events.add(event("event_to_dracula", f"Long Night: Dracula receives "
                                               f"{state.name(card)}.", card=card),
                     Scope.seat(DRACULA),
                     event("event_to_dracula", "Long Night: a Dracula event card is drawn and "
                                               "goes to Dracula."))
    drawn(state, DRACULA, card)
    check_dracula_events(state)


def bats_destinations(state: ModernState, seat: str) -> list[str]:
    """The cities next to the hunter, by road, that he may be moved into: not fogged, not
    along a roadblocked road (as Wild Horses); fog holds him, and with no way open Dracula
    may only leave him where he is."""
    here = state.hunters[seat].location
    reach = set(road_reach(state, seat, 1))
    return [c for c in state.board.roads(here) if c in reach] or [here]
