"""Dracula's Event Cards outside combat: Walpurgis Nacht and Evasion (instead of his
move), Devilish Power (his answer to a Hunter's card), Wild Horses and Control Storms (at
the start of a Hunter's Movement Phase), Customs Search (a Hunter landing in a Port),
False Tip-off (a Hunter catching a train) and Vampiric Influence (a Hunter's Action Phase
ends) (Reference 4). Also the declaring of a move, which Hypnosis asks of Dracula and
Vampiric Influence of a Hunter (:class:`DeclaresMove`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gothic_kernel import Action, event

from .actions import (
    CATCH_TRAIN,
    PASS,
    STAY_PUT,
    ChoosePlace,
    ConsumeVampire,
    DeclareMove,
    MoveTo,
    PlayEvent,
)
from .board import CASTLE_DRACULA
from .decisions import FuryDecision, current_action, find, remove, replace
from .dracula import DraculaMovement
from .dracula import movement_options as dracula_moves
from .events import (
    CardPlayed,
    CardRule,
    CardStep,
    EventWindow,
    Step,
    Timing,
    blocked_seas,
    bound_by_declaration,
    card_of,
    moved_as_declared,
    open_window,
)
from .groups import group_has_moved
from .movement import (
    Deed,
    HunterMovement,
    TrainAttempt,
    movement_options,
    sea_moves,
    to_action_phase,
)
from .records import evolve
from .seats import DRACULA, DRACULA_SCOPE, HUNTER_NAMES
from .state import MAX_BLOOD_POINTS, counted
from .tracker import hypothesis_of
from .wording import seat_list

if TYPE_CHECKING:
    from .state import FuryState


def towns(state: FuryState) -> list[str]:
    """Every Town, in the map's order."""
    return list(state.board.towns)


# -- declaring a move ---------------------------------------------------------------------
class DeclaresMove(CardRule):
    """A card whose effect makes its ``chooser`` declare his next move (and keep to it:
    ``events.declared_moves``): Hypnosis (Dracula declares), Vampiric Influence (the
    Hunter declares)."""

    def step_options(self, state: FuryState, step: CardStep) -> list[Action]:
        return declare_options(state, step.chooser)

    def step_apply(self, state: FuryState, step: CardStep, action: Action) -> None:
        assert isinstance(action, DeclareMove)
        state.stack.pop()
        state.cards.setdefault("declared", {})[step.chooser] = action.move
        if action.route:
            state.cards.setdefault("route", {})[step.chooser] = list(action.route)
        who = "Dracula" if step.chooser == DRACULA else HUNTER_NAMES[step.chooser]
        route = {"route": list(action.route)} if action.route else {}
        along = f", route {' - '.join(action.route)}" if action.route else ""
        state.say("move_declared", f"{who} declares his next move: {action.move}{along}",
                  seat=step.chooser, move=action.move, **route)

    def step_question(self, state: FuryState, step: CardStep) -> str:
        return "declare your next move"


def declare_options(state: FuryState, seat: str) -> list[Action]:
    """The moves ``seat`` could make now, as declarations (Hypnosis, Vampiric Influence)."""
    if seat == DRACULA:
        actions = dracula_moves(state)
    else:
        actions = movement_options(state, HunterMovement(seat, (Deed.DECLARING,)), seat)
    found: list[Action] = []
    for action in actions:
        if isinstance(action, MoveTo):
            found.append(DeclareMove(action.to))
        elif action == CATCH_TRAIN:  # "he must indicate his route"
            here = state.hunters[seat].location or ""
            found.extend(DeclareMove("train", r) for r in state.board.rail_routes(here))
        elif action == PASS:
            found.append(DeclareMove("pass"))
        elif action == STAY_PUT or isinstance(action, ConsumeVampire):
            found.append(DeclareMove("stay"))
    return list(dict.fromkeys(found)) or [DeclareMove("stay")]


class VampiricInfluence(DeclaresMove):
    """Vampiric Influence: "at the end of a Hunter's Action Phase" he must declare his next
    move, and make it if he can."""

    ID = "vampiric_influence"
    WINDOWS = frozenset({Timing.HUNTER_ACTION_END})

    def eligible(self, state: FuryState, window: EventWindow, seat: str) -> bool:
        return state.hunters[window.hunter].alive and \
            window.hunter not in state.cards.get("declared", {})

    def playable_over_limit(self, state: FuryState, seat: str) -> bool:
        """Over the limit at the end of a Hunter's Action Phase: played on that Hunter."""
        action = current_action(state)
        return seat == DRACULA and action is not None \
            and state.hunters[action.seat].alive \
            and action.seat not in state.cards.get("declared", {})

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        state.stack.append(CardStep(self.ID, played.hunter, Step.DECLARE,
                                    hunter=played.hunter))


# -- instead of his move ------------------------------------------------------------------
def _declared_move_due(state: FuryState) -> bool:
    """Reference 4 - Hypnosis: Dracula "must stick to" the move he declared: while he can
    make it, no card is played instead of it."""
    return bound_by_declaration(state, DRACULA, dracula_moves(state))


def _instead_of_movement(state: FuryState) -> None:
    """A card played instead of his Movement Phase: the phase (and with it any move he
    declared and could not make) is over."""
    state.stack.pop()
    moved_as_declared(state, DRACULA)


class WalpurgisNacht(CardRule):
    """Walpurgis Nacht: Dracula regains Blood Points (never above 12) and does nothing else
    this turn, even with a Hunter in his Town."""

    ID = "walpurgis_nacht"

    def offered_in(self, state: FuryState, decision: FuryDecision, seat: str) -> bool:
        """Not where he must move: at Sea ("may not Pass"), fleeing, or with a Host on his
        Town (ruling 65)."""
        d = state.dracula
        return isinstance(decision, DraculaMovement) and d.blood >= 0 \
            and not (d.at_sea or d.fleeing or d.must_leave) and not _declared_move_due(state)

    def play_own(self, state: FuryState, seat: str, action: PlayEvent,
                 decision: FuryDecision) -> None:
        _instead_of_movement(state)
        super().play_own(state, seat, action, decision)

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        d = state.dracula
        gain = int(card_of(state, played.card).effect["blood_points_gained"])
        before = d.blood
        d.blood = min(MAX_BLOOD_POINTS, d.blood + gain)
        state.clues.append({"k": "blood", "loss": -gain, "drained": False})
        d.castle_turns = 0  # not a voluntary turn in the Castle: the three are broken (65)
        state.cards["walpurgis_nacht"] = True  # "nothing else whatsoever during the turn"
        state.say("walpurgis_nacht", f"Walpurgis Nacht: Dracula regains "
                  f"{counted(d.blood - before, 'Blood Point')} and does nothing else this "
                  "turn", gain=gain)
        state.seq.end_turn()


class Evasion(CardRule):
    """Evasion: Dracula moves in secret straight to any Town (none with a Hunter or a Host
    Marker); the Local Rumours Marker goes into the box he vacated. Ruling: that is his
    whole turn (no Action Phase follows)."""

    ID = "evasion"

    def offered_in(self, state: FuryState, decision: FuryDecision, seat: str) -> bool:
        return isinstance(decision, DraculaMovement) and not state.dracula.fleeing \
            and bool(_evasion_towns(state)) and not _declared_move_due(state)

    def play_own(self, state: FuryState, seat: str, action: PlayEvent,
                 decision: FuryDecision) -> None:
        _instead_of_movement(state)
        super().play_own(state, seat, action, decision)

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        state.stack.append(CardStep(self.ID, DRACULA, Step.TOWN))

    def step_options(self, state: FuryState, step: CardStep) -> list[Action]:
        return [ChoosePlace(t) for t in _evasion_towns(state)]

    def step_apply(self, state: FuryState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChoosePlace)
        state.stack.pop()
        d = state.dracula
        d.history += (hypothesis_of(state),)
        occupied = sorted({h.location for h in state.hunters.values()
                           if h.alive and h.location is not None
                           and state.board.is_town(h.location)})
        state.clues.append({"k": "evasion", "occupied": occupied,
                            "hosts": sorted(state.hosts)})
        here = d.location
        if here is not None and state.board.is_town(here):
            d.rumours = here
        d.location = action.place
        d.voyage = []
        d.must_leave = False
        # arriving in the Castle is the first of the three turns there (ruling 10)
        d.castle_turns = int(action.place == CASTLE_DRACULA and not d.fleeing)
        d.moved = True
        d.trail += (action.place,)
        state.tell(event("evasion", f"Dracula evades to {action.place}", town=action.place),
                   DRACULA_SCOPE, event("evasion", "Dracula evades to a Town unknown"))
        state.seq.end_turn()

    def step_question(self, state: FuryState, step: CardStep) -> str:
        return "choose the Town you move to in secret"

    def place_verb(self, step: CardStep) -> str:
        return "evade to"


def _evasion_towns(state: FuryState) -> list[str]:
    occupied = {h.location for h in state.hunters.values() if h.alive}
    here = state.dracula.location
    return [t for t in towns(state) if t not in occupied and t not in state.hosts
            and t != here]


class DevilishPower(CardRule):
    """Devilish Power: the Hunter's card just played has no effect; or, at the start of
    Dracula's turn, the Shipping Agents in play are made useless and discarded."""

    ID = "devilish_power"
    WINDOWS = frozenset({Timing.RESPONSE_TO_HUNTER_CARD})

    def eligible(self, state: FuryState, window: EventWindow, seat: str) -> bool:
        target = find(state, CardPlayed)
        return target is not None and not target.cancelled and \
            card_of(state, target.card).back == "cross"

    def offered_in(self, state: FuryState, decision: FuryDecision, seat: str) -> bool:
        return isinstance(decision, DraculaMovement) \
            and bool(state.cards.get("shipping_agents"))

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        target = find(state, CardPlayed)
        if target is not None and card_of(state, target.card).back == "cross" \
                and not target.cancelled:
            replace(state, target, evolve(target, cancelled=True))
            return
        if state.cards.pop("shipping_agents", None):
            state.event_deck.discard("shipping_agents")
            state.say("shipping_agents_discarded", "Devilish Power: the Shipping Agents are "
                      "made useless and discarded")


# -- at the start of a Hunter's Movement Phase --------------------------------------------
def _replace_movement(state: FuryState, seat: str, group: tuple[str, ...]) -> None:
    """A card moved the Hunter (group) instead of his Movement Phase: his Action Phase
    follows in the Town he was taken to (Control Storms, Wild Horses)."""
    window = find(state, EventWindow)
    if window is not None and window.timing == Timing.HUNTER_MOVEMENT_START:
        remove(state, window)
    movement = find(state, HunterMovement)
    if movement is not None:
        remove(state, movement)
    group_has_moved(state, seat, group)
    for member in group:
        state.hunters[member].took_items = False
    to_action_phase(state, seat, group, arrived=True)


class ControlStorms(CardRule):
    """Control Storms: a Hunter at Sea is driven by Dracula up to four Sea Moves, to a
    Port (his whole group with him)."""

    ID = "control_storms"
    WINDOWS = frozenset({Timing.HUNTER_MOVEMENT_START})

    def eligible(self, state: FuryState, window: EventWindow, seat: str) -> bool:
        place = state.hunters[window.hunter].location
        return find(state, HunterMovement) is not None and place is not None and \
            state.board.is_sea(place)

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        state.stack.append(CardStep(self.ID, DRACULA, Step.SAIL, hunter=played.hunter))

    def step_options(self, state: FuryState, step: CardStep) -> list[Action]:
        """Sea Moves that still leave a Port within the moves left."""
        hunter = state.hunters[step.hunter]
        left = int(card_of(state, self.ID).effect["max_sea_moves"]) - step.moves
        board = state.board
        found: list[Action] = []
        for place in sea_moves(state, hunter):
            if place in blocked_seas(state):
                continue
            if board.is_town(place) or (left > 1 and any(
                    board.is_town(p) for p in board.sea[place])):
                found.append(ChoosePlace(place))
        return found or [ChoosePlace(p) for p in sea_moves(state, hunter)]

    def step_apply(self, state: FuryState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChoosePlace)
        group = state.group_of(step.hunter)
        for member in group:
            state.move_hunter(member, action.place)
        state.say("control_storms", f"Control Storms: Dracula drives "
                  f"{' and '.join(HUNTER_NAMES[m] for m in group)} to {action.place}",
                  hunters=list(group), to=action.place)
        if state.board.is_sea(action.place):
            state.stack[-1] = evolve(step, moves=step.moves + 1)
            return
        state.stack.pop()
        _replace_movement(state, step.hunter, group)

    def step_question(self, state: FuryState, step: CardStep) -> str:
        return (f"choose the Sea Sector or Port you drive "
                f"{seat_list(state.group_of(step.hunter))} to")

    def place_verb(self, step: CardStep) -> str:
        return "drive them to"


class WildHorses(CardRule):
    """Wild Horses: Dracula moves the Hunter (the whole group) one Town by Road; he meets
    any Encounter there at once as if searching, then may take Weapons and Events."""

    ID = "wild_horses"
    WINDOWS = frozenset({Timing.HUNTER_MOVEMENT_START})

    def eligible(self, state: FuryState, window: EventWindow, seat: str) -> bool:
        place = state.hunters[window.hunter].location
        return find(state, HunterMovement) is not None and place is not None and \
            state.board.is_town(place) and bool(state.board.road[place])

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        state.stack.append(CardStep(self.ID, DRACULA, Step.TOWN, hunter=played.hunter))

    def step_options(self, state: FuryState, step: CardStep) -> list[Action]:
        here = state.hunters[step.hunter].location
        assert here is not None
        return [ChoosePlace(t) for t in state.board.road[here]]

    def step_apply(self, state: FuryState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChoosePlace)
        state.stack.pop()
        group = state.group_of(step.hunter)
        for member in group:
            state.hunters[member].voyage = []
            state.relocate(member, action.place)
        state.say("wild_horses", f"Wild Horses carry "
                  f"{' and '.join(HUNTER_NAMES[m] for m in group)} to {action.place}",
                  hunters=list(group), to=action.place)
        _replace_movement(state, step.hunter, group)

    def step_question(self, state: FuryState, step: CardStep) -> str:
        return f"choose the Town the horses carry {seat_list(state.group_of(step.hunter))} to"

    def place_verb(self, step: CardStep) -> str:
        return "carry them to"


# -- a Hunter landing, a Hunter catching a train ------------------------------------------
class CustomsSearch(CardRule):
    """Customs Search: "when a Hunter ends his Movement Phase in a Port he reached by sea"
    he (every member of his group) discards all his Weapon Chits and misses his next
    turn."""

    ID = "customs_search"
    WINDOWS = frozenset({Timing.HUNTER_MOVEMENT_END})

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        for member in state.group_of(played.hunter):
            hunter = state.hunters[member]
            if not hunter.alive:
                continue
            for weapon in list(hunter.weapons):
                if weapon in hunter.shown:
                    state.public_weapon_discards.append(weapon)
                hunter.lose_weapon(weapon)
                state.weapons_pool.set_aside(weapon)
            state.seq.miss_turns(member, 1)
            state.say("customs_search", f"Customs Search: {HUNTER_NAMES[member]} loses his "
                      "Weapon Chits and misses his next turn", hunter=member)


class FalseTipOff(CardRule):
    """False Tip-off: the Hunter (the whole group) misses the train and stays in his Town
    this Movement Phase - unless a Chartered Carriage cancels it."""

    ID = "false_tip_off"
    WINDOWS = frozenset({Timing.CATCHING_TRAIN})

    def eligible(self, state: FuryState, window: EventWindow, seat: str) -> bool:
        attempt = find(state, TrainAttempt)
        return attempt is not None and not attempt.tip_off

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        attempt = find(state, TrainAttempt)
        assert attempt is not None
        replace(state, attempt, evolve(attempt, tip_off=True))
        if not attempt.carriage:
            open_window(state, Timing.CATCHING_TRAIN, (attempt.seat,), hunter=attempt.seat)
