"""The Dracula phase: he moves, the trail slides, the sixth hideout matures or becomes a lair,
and he leaves an encounter behind.

In order ([EOG], [AID]; Maturing Encounters): Dracula chooses where he goes (a city or
sea zone next to his own by road or sea, never by railway, never a location already on
his trail, never consecrated ground or a heavenly host; or a power card; Misdirect
clears a hideout and takes its place as he plays it); every hideout slides one space
(trail space 1 is empty until his card goes on it: ``ModernState.first_space``), and the
one pushed off the sixth space is matured (the matured effects of any of its encounters
he picks, the card back to the deck) or turned into a lair; he is asked about it
whatever it is, a power card only going back; then the card goes face down on trail
space 1 and an encounter from his hand on it (none at sea, none when he moves into a
hunter's city); then he draws back up to five encounters. A sea-to-sea move costs him 1
damage; the Castle Dracula card heals him 5 (Special Locations - Castle Dracula).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action, Scope, event

from .actions import Discard, Mature, MoveTo, PlaceEncounter
from .cards import Timing, ally_in_play, open_window
from .decisions import ModernDecision
from .encounters import mature
from .health import heal_dracula, hurt_dracula
from .rules import DRACULA
from .state import Hideout
from .trail import clear_hideout, encounters_discarded, reveal_dracula, reveal_location

if TYPE_CHECKING:
    from .state import ModernState

#: The ruling where Dracula has nowhere to go ([DP]; fidelity table).
CORNERED_DAMAGE = 5
#: Power cards with which Dracula stays where he is (powers.toml).
STAY_POWERS = frozenset({"hide", "feed", "dark_call"})
#: Dark Call: the extra encounter cards he draws before discarding down (authored:
#: powers.toml, fidelity table).
DARK_CALL_DRAWS = 5


class Step(enum.Enum):
    MOVE = "move"
    SLIDE = "slide"
    PLACE = "place"
    ENCOUNTER = "encounter"
    REFILL = "refill"


def destinations(state: ModernState) -> list[str]:
    """Where Dracula may go with a location card."""
    board, here = state.board, state.dracula_location
    on_trail = {h.card for h in state.trail}
    holy = state.tokens.holy()
    return [p for p in board.dracula_moves(here)
            if p not in on_trail and p not in holy and not board.is_hospital(p)]


def power_moves(state: ModernState) -> list[MoveTo]:
    """The power cards Dracula may play now instead of a location card (powers.toml)."""
    rules, here = state.rules, state.dracula_location
    in_use = powers_in_use(state)
    found: list[MoveTo] = []
    for power in rules.powers.values():
        if power.id in in_use or (power.night_only and not state.night):
            continue
        if power.cost > 0 and state.dracula.damage + power.cost >= rules.dracula.health:
            continue
        if power.id == "wolf_form":
            found += [MoveTo(c, power.id) for c in wolf_form_reach(state)]
        elif power.id == "misdirect":
            found += [MoveTo(p, power.id, space) for space in misdirect_spaces(state)
                      for p in destinations(state)]
        elif power.id in STAY_POWERS and not state.dracula.must_leave \
                and not state.board.is_sea(here):
            found.append(MoveTo(here, power.id))
    return found


def powers_in_use(state: ModernState) -> set[str]:
    """The power cards out of his location deck: on the trail, as the card or beside it
    (Wolf Form beside the city it brought him to; powers.toml [powers]). One that slid off
    the trail went back to his deck, a lair's beside card too (``Maturing.apply``)."""
    return {c for h in (*state.trail, *state.lairs) for c in (h.card, h.power)
            if c in state.rules.powers}


def wolf_form_reach(state: ModernState) -> list[str]:
    """Wolf Form: a city up to two roads away, not on the trail, not holy (powers.toml)."""
    board, here = state.board, state.dracula_location
    if board.is_sea(here):
        return []
    on_trail = {h.card for h in state.trail}
    holy = state.tokens.holy()
    reach = board.distances(here, ("road",), holy)
    return [c for c in board.cities
            if 0 < reach.get(c, 9) <= 2 and c not in on_trail and c not in holy]


def misdirect_spaces(state: ModernState) -> list[int]:
    """Trail spaces Misdirect may clear: not his location, not Castle Dracula, not a power
    card or one beside a power, not one linked to Hide (powers.toml)."""
    powers = state.rules.powers
    last = state.rules.numbers["trail_spaces"] - 1  # the sixth slides off before it is placed
    linked = linked_to_hide(state)
    return [i + 1 for i, h in enumerate(state.trail[:last])
            if h is not state.current_hideout and h.card != "castle_dracula"
            and h.card not in powers and not h.power and h is not linked]


def linked_to_hide(state: ModernState) -> Hideout | None:
    """The hideout linked to the Hide card on the trail: the location card behind it, the
    city where he hid (he stayed there: the card stands for his location)."""
    powers = state.rules.powers
    trail = state.trail
    for i, hideout in enumerate(trail):
        if hideout.card == "hide":
            return next((h for h in trail[i + 1:] if h.card not in powers), None)
    return None


def move_options(state: ModernState) -> list[Action]:
    return [*(MoveTo(p) for p in destinations(state)), *power_moves(state)]


def has_move(state: ModernState) -> bool:
    """Whether Dracula has any move (``move_options`` is not empty), found cheaply."""
    return bool(destinations(state)) or bool(power_moves(state))


@attrs.frozen
class DraculaPhase(ModernDecision):
    """Dracula's phase, step by step (``move`` holds his chosen move until it is placed)."""

    KIND = "dracula_phase"
    RULE = "The Dracula Phase"
    step: Step = Step.MOVE
    move: MoveTo | None = None

    def then(self, step: Step) -> DraculaPhase:
        """The phase at ``step``, a new record (attrs.evolve, written out: several times a
        round)."""
        return DraculaPhase(step, self.move)

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        if self.step is Step.MOVE and has_move(state):
            return (DRACULA,)
        if self.step is Step.ENCOUNTER and self.may_place(state):
            return (DRACULA,)
        return ()

    def may_place(self, state: ModernState) -> bool:
        """An encounter goes on the new card: not at sea, not into a hunter's city, not on a
        power that places none, and only from a hand that holds one."""
        assert self.move is not None
        power = state.rules.powers.get(self.move.power)
        if power is not None and not power.places_encounter:
            return False
        return bool(state.dracula.encounters) and not state.board.is_sea(self.move.place) \
            and not state.hunters_at(self.move.place)

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        if self.step is Step.MOVE:
            return move_options(state)
        return [PlaceEncounter(e) for e in sorted(set(state.dracula.encounters))]

    def prompt(self, state: ModernState, seat: str) -> str:
        if self.step is Step.MOVE:
            return (f"Dracula (in {state.name(state.dracula_location)}): choose where you go, "
                    "by road or sea, or play a power card.")
        return "Dracula: choose the encounter you leave on your new location, face down."

    def refusal(self, state: ModernState, seat: str, action: Action) -> str:
        if isinstance(action, MoveTo):
            return ("Dracula moves by road or sea to a location that is not on his trail, not "
                    "consecrated ground and not a hospital (or plays a power card he has)")
        return "Dracula places an encounter from his hand"

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        if isinstance(action, MoveTo):
            state.stack[-1] = DraculaPhase(Step.SLIDE, action)
            if action.power == "misdirect":
                misdirect(state, action.space)
            return
        assert isinstance(action, PlaceEncounter)
        state.stack[-1] = self.then(Step.REFILL)
        place_encounter(state, state.trail[0], action.encounter)

    def run(self, state: ModernState) -> None:
        if self.step is Step.MOVE:  # nowhere to go: cornered, then asked again
            state.stack[-1] = self.then(self.step)  # (before: being cornered may end the game)
            cornered(state)
        elif self.step is Step.SLIDE:
            state.stack[-1] = self.then(Step.PLACE)
            slide(state)
        elif self.step is Step.PLACE:
            assert self.move is not None
            state.stack[-1] = self.then(Step.ENCOUNTER)
            place_card(state, self.move)
        elif self.step is Step.ENCOUNTER:
            state.stack[-1] = self.then(Step.REFILL)
        else:
            state.stack.pop()
            open_window(state, Timing.DRACULA_PHASE_END, (DRACULA,))
            refill(state)


def cornered(state: ModernState) -> None:
    """Nowhere to go: the trail behind him is cleared and he suffers 5 damage ([DP] ruling,
    fidelity table), which frees the locations he had left."""
    state.say("cornered", "Dracula has nowhere to go: his trail is cleared and he suffers "
                          f"{CORNERED_DAMAGE} damage.")
    for hideout in list(state.trail[1:]):
        clear_hideout(state, hideout, "Dracula was cornered")
    state.dracula.must_leave = False
    hurt_dracula(state, CORNERED_DAMAGE, "cornered")


def misdirect(state: ModernState, space: int) -> None:
    """Misdirect, as he plays it (before the trail slides): the hideout on trail ``space``
    is cleared and the Misdirect card takes its place (powers.toml); his new card then
    goes on trail space 1 as a normal move."""
    target = state.trail[space - 1]
    clear_hideout(state, target, "Misdirect")
    state.trail.insert(space - 1, Hideout("misdirect"))


def slide(state: ModernState) -> None:
    """The hideouts slide; the one pushed off the sixth space matures or becomes a lair
    (meanwhile trail space 1 is empty: ``ModernState.first_space``)."""
    state.slid = True
    if len(state.trail) >= state.rules.numbers["trail_spaces"]:
        state.stack.append(Maturing.leaving(state.trail.pop()))


def place_card(state: ModernState, move: MoveTo) -> None:
    """The new card face down on trail space 1, and its costs (or a lair moves up to it)."""
    rules, board = state.rules, state.board
    before = state.dracula_location
    state.dracula.revealed = False
    state.dracula.must_leave = False
    state.slid = False
    power = rules.powers.get(move.power)
    normal = power is None or move.power == "misdirect"  # a location card, a normal move
    lair = next((h for h in state.lairs if h.card == move.place), None)
    lair_number = 0 if lair is None or move.power in STAY_POWERS else state.lairs.index(lair) + 1
    if move.power in STAY_POWERS:
        state.trail.insert(0, Hideout(move.power))  # he stays: the card stands for no city
    elif lair is not None:
        state.lairs.remove(lair)
        state.trail.insert(0, lair)  # the lair moves to trail space 1, no new card
        if move.power == "wolf_form":
            lair.power = move.power  # Wolf Form lies beside it, as beside a new card
    else:
        state.trail.insert(0, Hideout(move.place, power=move.power
                                      if move.power == "wolf_form" else ""))
    _log_move(state, move, lair_number)
    if power is not None and power.cost:
        if power.cost > 0:
            hurt_dracula(state, power.cost, power.name)
        else:
            heal_dracula(state, -power.cost, power.name)
    if board.is_sea(before) and board.is_sea(move.place) and normal:
        # Rufus Smith, as the hunters' ally: 2 damage instead of 1 (events.toml)
        cost = 2 if ally_in_play(state, "rufus_smith") else rules.dracula.sea_to_sea_cost
        hurt_dracula(state, cost, "a sea-to-sea move")
        if state.is_over:
            return
    sixth = state.rules.numbers["trail_spaces"] - 1
    if ally_in_play(state, "jonathan_harker") and len(state.trail) > sixth:
        reveal_location(state, state.trail[sixth])  # Jonathan Harker: it reached space 6
    if move.place == "castle_dracula" and move.power not in STAY_POWERS:
        # by Wolf Form too: its location card is placed on the trail (Special Locations)
        heal_dracula(state, rules.dracula.castle_heals, "the Castle Dracula card")
    if move.power == "dark_call" and not state.is_over:
        dark_call(state)
    if state.options.get("reveal_on_entering", False) and state.hunters_at(move.place):
        reveal_dracula(state, "he moved into a hunter's city")


def _log_move(state: ModernState, move: MoveTo, lair_number: int) -> None:
    """``lair_number``: the lair (1 to 3) that moved up to trail space 1, 0 for none; the
    public record also says how many encounters he holds (whether he can place one)."""
    card = state.trail[0]
    if move.place == "castle_dracula" and move.power not in STAY_POWERS:
        public = "Dracula plays the Castle Dracula card (its back is unlike the others)."
    elif lair_number:
        public = "Dracula moves into one of his lairs: it moves to trail space 1."
    else:
        public = "Dracula places a card face down on trail space 1."
    played = f"plays {state.name(move.power)} and " if move.power else ""
    state.events.add(event("dracula_moves", f"Dracula {played}goes to "
                                            f"{state.name(move.place)}.",
                           place=move.place, power=move.power),
                     Scope.seat(DRACULA),
                     event("dracula_moves", public, castle=card.card == "castle_dracula",
                           lair=lair_number, encounters=len(state.dracula.encounters)))


def dark_call(state: ModernState) -> None:
    """Dark Call: Dracula draws five extra encounter cards, then discards down to his hand."""
    hand, deck = state.dracula.encounters, state.encounter_deck
    drawn = 0
    while drawn < DARK_CALL_DRAWS and deck.can_draw():
        hand.append(deck.draw_top(state.dice))
        drawn += 1
    hand.sort()
    state.say("dark_call", f"Dark Call: Dracula draws {drawn} encounter cards and discards "
                           f"down to {state.rules.dracula.encounter_hand}.", drawn=drawn)
    if len(hand) > state.rules.dracula.encounter_hand:
        state.stack.append(DarkCallDiscard())


@attrs.frozen
class DarkCallDiscard(ModernDecision):
    """After Dark Call, Dracula discards encounters, one at a time, down to his hand size."""

    KIND = "dark_call_discard"
    RULE = "Power Cards - Dark Call"

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (DRACULA,)

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        return [Discard(e) for e in sorted(set(state.dracula.encounters))]

    def prompt(self, state: ModernState, seat: str) -> str:
        return (f"Dracula: Dark Call - discard an encounter (down to "
                f"{state.rules.dracula.encounter_hand}).")

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        assert isinstance(action, Discard)
        hand = state.dracula.encounters
        hand.remove(action.card)
        state.encounter_deck.discard(action.card)
        state.events.add(event("encounter_discarded", f"Dracula discards "
                                                      f"{state.name(action.card)}.",
                               encounter=action.card), Scope.seat(DRACULA),
                         event("encounter_discarded", "Dracula discards an encounter."))
        if len(hand) <= state.rules.dracula.encounter_hand:
            state.stack.pop()


def place_encounter(state: ModernState, hideout: Hideout, encounter: str) -> None:
    state.dracula.encounters.remove(encounter)
    hideout.add_encounter(encounter)
    state.events.add(event("encounter_placed", f"Dracula places {state.name(encounter)} face "
                                               "down on trail space 1.", encounter=encounter),
                     Scope.seat(DRACULA),
                     event("encounter_placed", "Dracula places an encounter face down on "
                                               "trail space 1."))


def refill(state: ModernState) -> None:
    hand, deck = state.dracula.encounters, state.encounter_deck
    while len(hand) < state.rules.dracula.encounter_hand and deck.can_draw():
        hand.append(deck.draw_top(state.dice))
    hand.sort()


@attrs.frozen
class Maturing(ModernDecision):
    """The hideout pushed off the sixth space (its card, encounters and marks, kept here while
    Dracula decides): mature it, or turn it into a lair."""

    KIND = "maturing"
    RULE = "Maturing Encounters"
    card: str
    encounters: tuple[str, ...] = ()
    revealed: bool = False
    rumour: bool = False
    power: str = ""
    #: Which encounters lie face up, and the damage on each (a vampire back from a fight).
    shown: tuple[bool, ...] = ()
    wounds: tuple[int, ...] = ()
    #: He chose to mature a hideout of several encounters and now picks them one by one
    #: ("Dracula may mature any of the encounter cards in that hideout"): ``picked`` says,
    #: for the encounters already asked about, which mature.
    picking: bool = False
    picked: tuple[bool, ...] = ()

    @staticmethod
    def leaving(hideout: Hideout) -> Maturing:
        return Maturing(hideout.card, tuple(hideout.encounters), hideout.revealed,
                        hideout.rumour, hideout.power, tuple(hideout.shown),
                        tuple(hideout.wounds))

    @property
    def hideout(self) -> Hideout:
        """A fresh hideout of what this record holds."""
        found = Hideout(self.card, revealed=self.revealed, rumour=self.rumour, power=self.power)
        for i, encounter in enumerate(self.encounters):
            found.add_encounter(encounter, shown=i < len(self.shown) and self.shown[i],
                                wounds=self.wounds[i] if i < len(self.wounds) else 0)
        return found

    def put_away(self, state: ModernState) -> None:
        for encounter in self.encounters:
            state.encounter_deck.discard(encounter)

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (DRACULA,)  # every time: whether he is asked must not tell what the card is

    def options(self, state: ModernState) -> list[Action]:
        hideout, rules = self.hideout, state.rules
        if self.picking:  # the next encounter: mature it (if it has a matured effect) or not
            card = self.encounters[len(self.picked)]
            return [Mature(effects=True), Mature(effects=False)] if \
                rules.encounters[card].matures else [Mature(effects=False)]
        if hideout.card in rules.powers:  # it goes back (Hide's encounters never mature)
            return [Mature(effects=False)]
        found: list[Action] = []
        matures = [e for e in hideout.encounters if rules.encounters[e].matures]
        found.append(Mature(effects=bool(matures)))
        if matures:
            found.append(Mature(effects=False))
        if not state.board.is_sea(hideout.card) and state.dracula.encounters:
            if len(state.lairs) < rules.numbers["lair_slots"]:
                found.append(Mature(lair=True, effects=False))
            else:
                found += [Mature(lair=True, effects=False, clear=i)
                          for i in range(len(state.lairs))]
        return found

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        return self.options(state)

    def prompt(self, state: ModernState, seat: str) -> str:
        if self.picking:
            card = self.encounters[len(self.picked)]
            return (f"Dracula: the hideout in {state.name(self.card)} matures - mature "
                    f"{state.name(card)} (its matured effect), or discard it unmatured?")
        if self.card in state.rules.powers:
            return (f"Dracula: {state.name(self.card)} leaves the trail; it goes back to your "
                    "location deck.")
        return (f"Dracula: the hideout in {state.name(self.card)} leaves the trail; "
                "mature it or turn it into a lair.")

    def describe(self, state: ModernState, seat: str, action: Action) -> str:
        if self.picking and isinstance(action, Mature):
            card = state.name(self.encounters[len(self.picked)])
            return f"mature {card}" if action.effects else f"discard {card} unmatured"
        if self.card in state.rules.powers:
            return "return it to the location deck"
        return super().describe(state, seat, action)

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        assert isinstance(action, Mature)
        if self.picking:
            self.pick(state, action.effects)
            return
        if action.effects and not action.lair and len(self.encounters) > 1:
            # several encounters: he picks which mature, one by one (asked of every one,
            # so that the questions tell the table only the count it sees)
            state.stack[-1] = attrs.evolve(self, picking=True)
            return
        state.stack.pop()
        hideout = self.hideout
        if action.lair:
            if action.clear >= 0:
                clear_hideout(state, state.lairs[action.clear], "a fourth lair was needed")
            # a power card beside it (Wolf Form) slid off the trail: back to his deck
            # (powers.toml [powers], [FAQ]); the lair keeps the location card alone
            hideout.power = ""
            state.lairs.append(hideout)
            state.events.add(event("lair", f"The hideout in {state.name(hideout.card)} becomes "
                                           "a lair.", card=hideout.card), Scope.seat(DRACULA),
                             event("lair", "The hideout leaving the trail becomes a lair."))
            state.stack.append(LairEncounter())
            return
        if action.effects:
            mature(state, hideout, hideout.encounters)
        else:
            _return_to_deck(state, hideout, "matures")

    def pick(self, state: ModernState, matures: bool) -> None:
        """One encounter picked; after the last, those picked mature (none: as declining)."""
        picked = (*self.picked, matures)
        if len(picked) < len(self.encounters):
            state.stack[-1] = attrs.evolve(self, picked=picked)
            return
        state.stack.pop()
        hideout = self.hideout
        chosen = [e for e, m in zip(hideout.encounters, picked, strict=True) if m]
        if chosen:
            mature(state, hideout, chosen)
        else:
            _return_to_deck(state, hideout, "matures")


def _return_to_deck(state: ModernState, hideout: Hideout, why: str) -> None:
    """The hideout leaves the trail without matured effects: the same words at the table
    for a location card and a power card (a face-down card keeps its secret)."""
    for encounter in hideout.encounters:
        state.encounter_deck.discard(encounter)
    count = len(hideout.encounters)

    def told(shown: str) -> str:
        discarded = encounters_discarded(count).removeprefix("; ")
        return (f"The hideout leaving the trail ({shown}) {why}: "
                f"{discarded + ' and ' if discarded else ''}the card goes back to Dracula's "
                "location deck.")

    state.events.add(event("matured", told(state.name(hideout.card)), card=hideout.card,
                           reason=why), Scope.seat(DRACULA),
                     event("matured", told(state.name(hideout.card) if hideout.revealed
                                           else "a face-down card"), reason=why))


@attrs.frozen
class LairEncounter(ModernDecision):
    """A new lair takes an extra encounter from Dracula's hand."""

    KIND = "lair_encounter"
    RULE = "Lairs"

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (DRACULA,) if state.dracula.encounters else ()

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        return [PlaceEncounter(e) for e in sorted(set(state.dracula.encounters))]

    def prompt(self, state: ModernState, seat: str) -> str:
        return "Dracula: choose the extra encounter for your new lair."

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        assert isinstance(action, PlaceEncounter)
        state.stack.pop()
        lair = state.lairs[-1]
        state.dracula.encounters.remove(action.encounter)
        lair.add_encounter(action.encounter)
        state.events.add(event("encounter_placed", f"Dracula adds {state.name(action.encounter)}"
                                                   " to his new lair.",
                               encounter=action.encounter), Scope.seat(DRACULA),
                         event("encounter_placed", "Dracula adds an encounter to his new "
                                                   "lair."))

    def run(self, state: ModernState) -> None:
        state.stack.pop()


__all__ = ["DarkCallDiscard", "DraculaPhase", "LairEncounter", "Maturing"]
