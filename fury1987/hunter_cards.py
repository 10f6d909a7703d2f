"""The Hunters' Event Cards outside combat (Reference 4): those played at once when drawn
(Mishap, Sense of Emergency, Superstitious Carriers, Jonathan Harker), those of the start
of a Hunter's Movement Phase (Newspaper Reports, Sensationalist Press, Hired Scouts,
Shipping Agents, Re-Equip, Heavenly Host, Stormy Seas, Excellent Weather, Chartered
Carriage), Hypnosis (at the start of a bitten Hunter's turn) and Good Luck (after a
Hunter's die is rolled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from gothic_kernel import Action, Scope, event

from .actions import ChoosePlace, DiscardWeapon, PlayEvent, TakeWeapon, action_of
from .board import HOST_FORBIDDEN
from .decisions import FuryDecision, find, replace
from .dracula_cards import DeclaresMove, towns
from .event_cards import hypnosis_works, superstitious_carriers_loss
from .events import (
    CardPlayed,
    CardRule,
    CardStep,
    DieRoll,
    EventWindow,
    Step,
    Timing,
    What,
    card_of,
    declared_kind,
    open_window,
    play,
)
from .fight import start_harker_fight
from .groups import movers
from .items import NewWeapons
from .movement import Deed, HunterMovement, TrainAttempt
from .records import evolve
from .seats import DRACULA, HUNTER_NAMES, HUNTERS, HUNTERS_SCOPE
from .state import counted
from .wounds import lose_blood

if TYPE_CHECKING:
    from .state import FuryState

def _reveal_dracula(state: FuryState) -> None:
    """Dracula's piece goes on the map where he is, until his next Movement Phase."""
    d = state.dracula
    d.shown_at = d.location
    state.clues.append({"k": "where", "places": [d.location]})


def _open_seas(state: FuryState) -> list[str]:
    """Sea Sectors with no Hunter in them (Stormy Seas may not be played on the others)."""
    occupied = {h.location for h in state.hunters.values() if h.alive}
    stormy = state.cards.get("stormy", {})
    return [p for p in state.board.seas if p not in occupied and p not in stormy]


def _pool_open(state: FuryState) -> bool:
    """Re-Equip needs a Weapon Chit to take, in the Pool or among its discards."""
    return bool(state.weapons_pool.bag) or bool(state.weapons_pool.aside)


# -- played at once when drawn ------------------------------------------------------------
class Mishap(CardRule):
    """Mishap: the Hunter (the whole group) misses his next turn."""

    ID = "mishap"

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        for member in played.chit.split(","):
            if member and state.hunters[member].alive:
                state.seq.miss_turns(member, 1)
        state.say("mishap", "Mishap: " + " and ".join(
            HUNTER_NAMES[m] for m in played.chit.split(",") if m) + " will miss the next turn")


class SenseOfEmergency(CardRule):
    """Sense of Emergency: an extra turn straight after this one (the whole group)."""

    ID = "sense_of_emergency"

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        state.seq.grant_extra_turn(played.hunter, 1)
        state.say("sense_of_emergency", f"Sense of Emergency: {HUNTER_NAMES[played.hunter]} "
                  "will have an extra turn", hunter=played.hunter)


class SuperstitiousCarriers(CardRule):
    """Superstitious Carriers: a die; Dracula may lose Blood Points wherever he is. The
    Hunter's die waits for Good Luck (:class:`CarriersRoll`)."""

    ID = "superstitious_carriers"

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        state.stack.append(CarriersRoll.of(played.holder, state.dice.d6()))


@attrs.frozen
class CarriersRoll(DieRoll):
    """The Superstitious Carriers die: 4-6, Dracula loses Blood Points."""

    WHAT = What.SUPERSTITIOUS_CARRIERS
    FOR = "for Superstitious Carriers"

    def stands(self, state: FuryState) -> None:
        loss = superstitious_carriers_loss(self.roll, state.rules.events)
        state.say("superstitious_carriers", f"Superstitious Carriers: "
                  f"{HUNTER_NAMES[self.seat]} rolls {self.roll}: Dracula loses "
                  f"{counted(loss, 'Blood Point')}", roll=self.roll, loss=loss)
        if loss:
            lose_blood(state, loss, public=True)


class JonathanHarker(CardRule):
    """Jonathan Harker searches the Town named: if Dracula is there, he fights him."""

    ID = "jonathan_harker"

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        state.stack.append(CardStep(self.ID, played.holder, Step.TOWN, seat=played.holder))

    def step_options(self, state: FuryState, step: CardStep) -> list[Action]:
        return [action_of(ChoosePlace, t) for t in towns(state)]

    def step_apply(self, state: FuryState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChoosePlace)
        state.stack.pop()
        town = action.place
        here = state.dracula.location == town
        state.clues.append({"k": "search", "town": town, "dracula": here, "rumours": None})
        if not here:
            state.say("harker_searches", f"Jonathan Harker searches {town}: Dracula is not "
                      "there", town=town)
            return
        state.say("harker_finds", f"Jonathan Harker finds Dracula in {town}!", town=town)
        start_harker_fight(state, town, step.seat)

    def step_question(self, state: FuryState, step: CardStep) -> str:
        return "name the Town Jonathan Harker searches"

    def place_verb(self, step: CardStep) -> str:
        return "Harker searches"


# -- at the start of a Hunter's Movement Phase --------------------------------------------
class MovementCard(CardRule):
    """A card the Hunter plays in his own Movement Phase decision, before he moves."""

    #: Still playable once no train came this phase (the cards that move no one).
    AFTER_NO_TRAIN: ClassVar[bool] = False
    #: Played "immediately" by a Hunter over the limit of three (its effect can be had at
    #: any moment), instead of discarded.
    OVER_LIMIT: ClassVar[bool] = True

    def offered_in(self, state: FuryState, decision: FuryDecision, seat: str) -> bool:
        if not isinstance(decision, HunterMovement):
            return False
        if decision.train_refused():
            return self.AFTER_NO_TRAIN
        return self.at_movement(state, decision, seat)

    def at_movement(self, state: FuryState, movement: HunterMovement, seat: str) -> bool:
        """Whether it may be played at the start of this Movement Phase."""
        return self.now(state)

    def now(self, state: FuryState) -> bool:
        """Whether its effect can be had at this moment."""
        return True

    def playable_over_limit(self, state: FuryState, seat: str) -> bool:
        return seat != DRACULA and self.OVER_LIMIT and self.now(state)


class NewspaperReports(MovementCard):
    """Newspaper Reports: Dracula's piece on the map in his Town until he next moves."""

    ID = "newspaper_reports"
    AFTER_NO_TRAIN = True

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        _reveal_dracula(state)
        state.say("newspaper_reports", f"Newspaper Reports: Dracula is in "
                  f"{state.dracula.location}", town=state.dracula.location)


class SensationalistPress(MovementCard):
    """Sensationalist Press: Dracula announces two Towns, one of which is where he is."""

    ID = "sensationalist_press"
    AFTER_NO_TRAIN = True

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        state.stack.append(CardStep(self.ID, DRACULA, Step.OTHER))

    def step_options(self, state: FuryState, step: CardStep) -> list[Action]:
        here = state.dracula.location
        return [action_of(ChoosePlace, p) for p in state.board.order if p != here]

    def step_apply(self, state: FuryState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChoosePlace)
        state.stack.pop()
        here = state.dracula.location
        assert here is not None
        places = sorted([here, action.place])
        state.clues.append({"k": "where", "places": places})
        state.say("sensationalist_press", f"Sensationalist Press: Dracula is in {places[0]} "
                  f"or {places[1]}", places=places)

    def step_question(self, state: FuryState, step: CardStep) -> str:
        return "name a second place the papers report"

    def place_verb(self, step: CardStep) -> str:
        return "name"


class HiredScouts(MovementCard):
    """Hired Scouts: the Hunter names two Towns; Dracula reveals any Encounter Chits in
    them (not himself nor the Local Rumours)."""

    ID = "hired_scouts"
    AFTER_NO_TRAIN = True

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        state.stack.append(CardStep(self.ID, played.holder, Step.TOWN, seat=played.holder))

    def step_options(self, state: FuryState, step: CardStep) -> list[Action]:
        return [action_of(ChoosePlace, t) for t in towns(state) if t not in step.picks]

    def step_apply(self, state: FuryState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChoosePlace)
        picks = (*step.picks, action.place)
        count = int(card_of(state, self.ID).effect["towns"])
        if len(picks) < count:
            state.stack[-1] = evolve(step, picks=picks)
            return
        state.stack.pop()
        enc = state.rules.encounters
        for town in picks:
            chit = state.chart.get(town)
            if chit is None:
                state.say("scouts_report", f"Hired Scouts: no Encounter in {town}", town=town)
                state.clues.append({"k": "search", "town": town, "box": "", "dracula": None,
                                    "rumours": None})
                state.sightings.pop(town, None)
            else:
                state.say("scouts_report", f"Hired Scouts: {enc.name(chit)} in {town}",
                          town=town, chit=chit)
                state.clues.append({"k": "search", "town": town, "box": chit,
                                    "dracula": None, "rumours": None})
                state.sightings[town] = chit
            state.clues.append({"k": "box", "town": town,
                                "after": state.sightings.get(town, "")})

    def step_question(self, state: FuryState, step: CardStep) -> str:
        total = int(state.rules.events[self.ID].effect.get("towns", 2))
        return f"choose a Town for the Hired Scouts to search ({len(step.picks) + 1} of {total})"

    def place_verb(self, step: CardStep) -> str:
        return "scout"


class ShippingAgents(MovementCard):
    """Shipping Agents: face up beside the map; after each of his Movement Phases at Sea,
    Dracula says whether he was Embarking, Sailing or Disembarking."""

    ID = "shipping_agents"
    AFTER_NO_TRAIN = True

    def now(self, state: FuryState) -> bool:
        return not state.cards.get("shipping_agents")

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        state.cards["shipping_agents"] = played.holder

    def cancelled(self, state: FuryState, played: CardPlayed) -> None:
        if state.cards.pop("shipping_agents", None):
            state.event_deck.discard(played.card)


class ReEquip(MovementCard):
    """Re-Equip: discard a Weapon Chit (to the discards, not the Pool), then search the
    Weapons Pool for any one (the choice is not revealed to Dracula)."""

    ID = "re_equip"

    def now(self, state: FuryState) -> bool:
        return _pool_open(state)

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        stage = Step.DISCARD if state.hunters[played.holder].weapons else Step.TAKE
        state.stack.append(CardStep(self.ID, played.holder, stage, seat=played.holder))

    def step_options(self, state: FuryState, step: CardStep) -> list[Action]:
        if step.stage == Step.DISCARD:
            return [DiscardWeapon(w) for w in sorted(set(state.hunters[step.seat].weapons))]
        pool = state.weapons_pool
        return [TakeWeapon(w) for w in sorted(set(pool.bag) or set(pool.aside))]

    def step_apply(self, state: FuryState, step: CardStep, action: Action) -> None:
        hunter = state.hunters[step.seat]
        name = HUNTER_NAMES[step.seat]
        if isinstance(action, DiscardWeapon):
            shown = hunter.seen_if_lost(action.weapon)
            hunter.lose_weapon(action.weapon)
            state.weapons_pool.set_aside(action.weapon)
            if shown:
                state.public_weapon_discards.append(action.weapon)
            state.tell(event("re_equip_discard", f"{name} discards {action.weapon}",
                             hunter=step.seat, weapon=action.weapon),
                       HUNTERS_SCOPE if not shown else Scope.public(),
                       event("re_equip_discard", f"{name} discards a Weapon Chit",
                             hunter=step.seat))
            state.stack[-1] = evolve(step, stage=Step.TAKE)
            return
        assert isinstance(action, TakeWeapon)
        state.stack.pop()
        pool = state.weapons_pool
        if not pool.bag:
            state.public_weapon_discards.clear()
            pool.bag, pool.aside = pool.aside, []
        pool.bag.remove(action.weapon)
        hunter.weapons.append(action.weapon)
        state.tell(event("re_equip", f"{name} takes {action.weapon} from the Weapons Pool",
                         hunter=step.seat, weapon=action.weapon), HUNTERS_SCOPE,
                   event("re_equip", f"{name} takes a Weapon Chit of his choice",
                         hunter=step.seat))
        state.stack.append(NewWeapons(step.seat))

    def step_question(self, state: FuryState, step: CardStep) -> str:
        if step.stage == Step.DISCARD:
            return "choose the Weapon Chit to discard"
        if step.stage == Step.TAKE:
            return "choose the Weapon Chit you take from the Weapons Pool"
        return "choose"


class HeavenlyHost(MovementCard):
    """Heavenly Host (card): move any Host Marker to any other Town (the bonus marker if
    none is on the board); Dracula there must say so, and leave on his next move."""

    ID = "heavenly_host"

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        stage = Step.FROM if state.hosts else Step.TO
        state.stack.append(CardStep(self.ID, played.holder, stage, seat=played.holder))

    def step_options(self, state: FuryState, step: CardStep) -> list[Action]:
        if step.stage == Step.FROM:
            return [action_of(ChoosePlace, t) for t in sorted(state.hosts)]
        moved = step.picks[0] if step.picks else ""
        return [action_of(ChoosePlace, t) for t in towns(state)
                if t not in HOST_FORBIDDEN and t != moved and t not in state.hosts]

    def step_apply(self, state: FuryState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChoosePlace)
        if step.stage == Step.FROM:
            state.stack[-1] = evolve(step, stage=Step.TO, picks=(action.place,))
            return
        state.stack.pop()
        town = action.place
        owner = ""
        if step.picks:
            old = step.picks[0]
            owner = state.hosts.pop(old)
            if owner in HUNTERS and old in state.hunters[owner].hosts_placed:
                placed = state.hunters[owner].hosts_placed
                placed[placed.index(old)] = town
            state.say("host_moved", f"The Heavenly Host over {old} is moved to {town}",
                      town=town, old=old)
        else:
            state.say("host_moved", f"The bonus Heavenly Host is placed over {town}",
                      town=town)
        state.hosts[town] = owner
        d = state.dracula
        here = d.location == town
        state.clues.append({"k": "search", "town": town, "dracula": here, "rumours": None})
        state.clues.append({"k": "host", "town": town})
        if here:
            d.must_leave = True
            d.shown_at = town
            state.say("dracula_found", f"Dracula is in {town}! He must leave it", town=town)

    def step_question(self, state: FuryState, step: CardStep) -> str:
        if step.stage == Step.FROM:
            return "choose the Host Marker to move"
        if step.stage == Step.TO:
            return "choose the Town the Heavenly Host goes to"
        return "choose"

    def place_verb(self, step: CardStep) -> str:
        if step.stage == Step.FROM:
            return "move the Host from"
        if step.stage == Step.TO:
            return "put the Host over"
        return "choose"


def _ports_open(state: FuryState, sea: str) -> list[str]:
    """The Ports bordering ``sea`` that Dracula may be driven into: "Dracula may never enter
    a Town which is so protected by a Host Marker" (Reference 3 - Heavenly Host)."""
    return [p for p in state.board.sea[sea] if state.board.is_town(p) and p not in state.hosts]


class StormySeas(MovementCard):
    """Stormy Seas: nobody may enter the Sea Sector until the start of the player's
    Movement Phase after next; Dracula, if there, must say so and is forced into an
    adjacent Port of his choice, where his piece stands on the map."""

    ID = "stormy_seas"

    def now(self, state: FuryState) -> bool:
        return bool(_open_seas(state))

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        state.stack.append(CardStep(self.ID, played.holder, Step.SEA, seat=played.holder))

    def step_options(self, state: FuryState, step: CardStep) -> list[Action]:
        if step.stage == Step.PORT:
            return [action_of(ChoosePlace, p) for p in _ports_open(state, step.picks[0])]
        return [action_of(ChoosePlace, s) for s in _open_seas(state)]

    def step_apply(self, state: FuryState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChoosePlace)
        d = state.dracula
        state.stack.pop()
        if step.stage == Step.PORT:
            sea = step.picks[0]
            d.location = action.place
            d.voyage = []
            d.shown_at = action.place
            state.clues.append({"k": "driven", "from": sea, "to": action.place})
            state.say("stormy_seas_port", f"Dracula is driven into {action.place}",
                      town=action.place)
            return
        sea = action.place
        state.cards.setdefault("stormy", {})[sea] = [step.seat, 2]
        state.say("stormy_seas", f"Stormy Seas block the {sea}", sea=sea, hunter=step.seat)
        here = d.location == sea
        state.clues.append({"k": "search", "town": sea, "dracula": here, "rumours": None})
        if here:
            state.say("dracula_at_sea", f"Dracula is in the {sea}!", sea=sea)
            if _ports_open(state, sea):
                state.stack.append(CardStep(self.ID, DRACULA, Step.PORT, picks=(sea,)))
            else:  # ruling 80: every Port sealed, the storm holds him where he is
                state.say("stormy_seas_port", f"Every Port on the {sea} is sealed by a Host: "
                          "the storm holds Dracula there", sea=sea)

    def step_question(self, state: FuryState, step: CardStep) -> str:
        if step.stage == Step.SEA:
            return "choose the Sea Sector the storm blocks"
        if step.stage == Step.PORT:
            return "choose the adjacent Port you are driven into"
        return "choose"

    def place_verb(self, step: CardStep) -> str:
        if step.stage == Step.SEA:
            return "block"
        if step.stage == Step.PORT:
            return "land at"
        return "choose"


class ExcellentWeather(MovementCard):
    """Excellent Weather: up to four Sea Moves this Movement Phase (a group sailing
    together all benefit)."""

    ID = "excellent_weather"
    OVER_LIMIT = False

    def at_movement(self, state: FuryState, movement: HunterMovement, seat: str) -> bool:
        here = state.hunters[seat].location
        assert here is not None
        return Deed.WEATHER not in movement.done \
            and (state.board.is_port(here) or state.board.is_sea(here))

    def play_own(self, state: FuryState, seat: str, action: PlayEvent,
                 decision: FuryDecision) -> None:
        movement = state.stack[-1]
        if isinstance(movement, HunterMovement):
            state.stack[-1] = HunterMovement(movement.seat, (*movement.done, Deed.WEATHER))
        super().play_own(state, seat, action, decision)

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        weather = state.cards.setdefault("weather", {})
        weather[played.holder] = int(card_of(state, played.card).effect["max_sea_moves"])


class CharteredCarriage(MovementCard):
    """Chartered Carriage: instead of rolling on the Railway Station Chart the Hunter (the
    whole group) catches an Express - unless a False Tip-off is played too (then both
    cancel, and he rolls as normal)."""

    ID = "chartered_carriage"
    WINDOWS = frozenset({Timing.CATCHING_TRAIN})
    OVER_LIMIT = False

    def eligible(self, state: FuryState, window: EventWindow, seat: str) -> bool:
        attempt = find(state, TrainAttempt)
        return attempt is not None and attempt.tip_off and not attempt.carriage

    def at_movement(self, state: FuryState, movement: HunterMovement, seat: str) -> bool:
        here = state.hunters[seat].location
        assert here is not None
        board = state.board
        return bool(board.rail[here]) and state.map_effect(here) != "storms" \
            and not board.is_sea(here) \
            and all(declared_kind(state, m) in ("", "train") for m in movers(state, seat))

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        attempt = find(state, TrainAttempt)
        if attempt is not None:  # in answer to a False Tip-off: both cancel
            replace(state, attempt, evolve(attempt, carriage=True))
            return
        state.stack.append(TrainAttempt(played.holder, carriage=True))
        open_window(state, Timing.CATCHING_TRAIN, (DRACULA,), hunter=played.holder)


# -- Hypnosis -----------------------------------------------------------------------------
class Hypnosis(DeclaresMove):
    """Hypnosis, at the start of the bitten Hunter's turn (offered by his Movement Phase,
    from his hand or another Hunter's): he misses the turn (the player of the card, if
    another Hunter, does not) and rolls: 1-2 no effect; 3-6 Dracula's piece goes on the
    map where he is, he declares his next move (and must keep to it) and how many Vampires
    he has on his Strategy & Movement Chart."""

    ID = "hypnosis"

    def play_own(self, state: FuryState, seat: str, action: PlayEvent,
                 decision: FuryDecision) -> None:
        movement = state.stack.pop()
        assert isinstance(movement, HunterMovement)
        state.hunters[seat].moved = True
        # He misses his turn: his group does not carry him off later in it (ruling 13).
        state.leave_group(seat)
        state.stack.append(EndTurn())
        play(state, seat, self.ID, holder=action.holder or seat, hunter=seat)

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        """The die waits for Good Luck (:class:`HypnosisRoll`)."""
        state.stack.append(HypnosisRoll.of(played.hunter, state.dice.d6()))


@attrs.frozen
class HypnosisRoll(DieRoll):
    """The Hypnosis die: 3-6, Dracula is revealed and must declare his next move."""

    WHAT = What.HYPNOSIS
    FOR = "for Hypnosis"

    def stands(self, state: FuryState) -> None:
        name = HUNTER_NAMES[self.seat]
        roll = self.roll
        if not hypnosis_works(roll, state.rules.events):
            state.say("hypnosis_fails", f"{name} is hypnotised and rolls {roll}: no effect",
                      hunter=self.seat, roll=roll)
            return
        d = state.dracula
        vampires = sum(1 for c in state.chart.values()
                       if state.rules.encounters.is_vampire(c))
        _reveal_dracula(state)
        state.clues.append({"k": "vampires", "count": vampires})
        state.say("hypnosis_works", f"{name} is hypnotised and rolls {roll}: Dracula is in "
                  f"{d.location} and has {counted(vampires, 'Vampire')} on his Chart",
                  hunter=self.seat, roll=roll, town=d.location, vampires=vampires)
        state.stack.append(CardStep(Hypnosis.ID, DRACULA, Step.DECLARE))


@attrs.frozen
class EndTurn(FuryDecision):
    """The turn ends once what is above this record is done (Hypnosis: the bitten Hunter
    misses his turn)."""

    KIND = "end_turn"
    RULE = "Sequence of Play"

    def run(self, state: FuryState) -> None:
        state.stack.pop()
        state.seq.end_turn()


# -- Good Luck ----------------------------------------------------------------------------
class GoodLuck(CardRule):
    """Good Luck: the die just rolled for a Hunter (this Hunter or another) is rolled
    again and the new result stands."""

    ID = "good_luck"
    WINDOWS = frozenset({Timing.AFTER_DIE_ROLL})

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        rolled = find(state, DieRoll)
        if rolled is None:
            return
        roll = state.dice.d6()
        state.say("good_luck", f"Good Luck: the die that showed {rolled.roll} is rolled "
                  f"again and shows {roll}", old=rolled.roll, roll=roll)
        replace(state, rolled, evolve(rolled, roll=roll))
