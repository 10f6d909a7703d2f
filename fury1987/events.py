"""Event Cards in play: the timing windows, playing a card, and each card's effect.

Event Cards: "Event Cards must be played immediately unless they have Keep printed on
them"; a Keep card waits in its holder's hand (three at most) for its timing window.
What each card is and when it may be played is data (``data/events.toml``, read by
:mod:`fury1987.event_cards`); this module plays them in the game loop.

Timing windows. A window is a pending decision on the stack
(:class:`~fury1987.pending.EventWindow`): the seats in it are asked in turn to play an
eligible card or pass, until all have passed in a row (so Dracula may answer Advance
Planning with two Traps, as in An Example of Combat). A seat is asked whenever it holds
any card of its kind (a cross for a Hunter, a bat for Dracula) and some card of that
kind belongs to the window: how many cards each holds is public, what they are is not,
so being asked betrays nothing. Cards a player plays in his own decisions (a Hunter at
the start of his Movement Phase, Dracula instead of moving, Heroic Leap when attacking)
are offered there as :class:`~fury1987.actions.PlayEvent` actions.

Playing a card discards it face up (Shipping Agents stays face up in play) and, for a
Hunter's card, opens Dracula's answer: Devilish Power cancels it (Reference 4). Then
the effect is applied (:class:`~fury1987.pending.CardPlayed`); an effect that needs a
choice asks for it (:class:`~fury1987.pending.CardStep`). Cancelling pairs: Hour of
Darkness and Dawn Raid, Chartered Carriage and False Tip-off ("Where the contradiction
is clear the cards cancel each other, and neither has any effect").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from gothic_kernel import Scope, event

from .actions import (
    NO_EVENT,
    ChooseHunter,
    ChoosePlace,
    DeclareMove,
    DiscardWeapon,
    PlayEvent,
    TakeWeapon,
)
from .board import HOST_FORBIDDEN
from .event_cards import EventCard, effective_draws
from .pending import (
    CardPlayed,
    CardStep,
    Combat,
    DieRoll,
    EndTurn,
    EventWindow,
    FightChoice,
    HunterAction,
    HunterMovement,
    Pending,
    PendingBite,
    PlayAtOnce,
    TrainAttempt,
)
from .state import DRACULA, HUNTER_NAMES, HUNTERS, MAX_BLOOD_POINTS, counted

if TYPE_CHECKING:
    from gothic_kernel import Action

    from .state import FuryState

RULE_EVENTS = "Event Cards"
HUNTERS_SCOPE = Scope.side("hunters", HUNTERS)
DRACULA_SCOPE = Scope.seat(DRACULA)
HEROIC_LEAP_VALOUR = 15  # Valour Points: "For performing a Heroic Leap"

#: The cards each window offers (a card's data ``timing``, and Escape Route also at the
#: start of a combat it avoids, Chartered Carriage also in answer to a False Tip-off).
WINDOW_CARDS: dict[str, frozenset[str]] = {
    "start_of_combat": frozenset({"dawn_raid", "hour_of_darkness", "escape_route"}),
    "start_of_combat_round": frozenset({"rage"}),
    "before_initiative": frozenset({"advance_planning", "trap"}),
    "after_combat_result": frozenset({"great_strength"}),
    "encounter_revealed": frozenset({"escape_route", "pre_warned", "seduction",
                                     "szgany_reinforcements"}),
    "response_to_hunter_card": frozenset({"devilish_power"}),
    "hunter_movement_start": frozenset({"control_storms", "wild_horses"}),
    "hunter_movement_end": frozenset({"customs_search"}),
    "catching_train": frozenset({"false_tip_off", "chartered_carriage"}),
    "hunter_action_end": frozenset({"vampiric_influence"}),
    "after_die_roll": frozenset({"good_luck"}),
}
#: Cards a Hunter plays in his own Movement Phase decision (before he moves).
MOVEMENT_CARDS = frozenset({"excellent_weather", "heavenly_host", "re_equip", "stormy_seas",
                            "newspaper_reports", "sensationalist_press", "hired_scouts",
                            "shipping_agents", "chartered_carriage", "hypnosis",
                            "good_luck"})
#: Cards Dracula plays in his own Movement Phase decision.
DRACULA_MOVEMENT_CARDS = frozenset({"walpurgis_nacht", "evasion", "devilish_power"})


# -- hands ----------------------------------------------------------------------------------
def hand(state: FuryState, seat: str) -> list[str]:
    """The Event Cards ``seat`` holds (kept secret; how many is public)."""
    return state.dracula.events if seat == DRACULA else state.hunters[seat].events


def card_of(state: FuryState, card_id: str) -> EventCard:
    return state.rules.events[card_id]


def _kinds_in(timing: str) -> tuple[bool, bool]:
    """Whether the window has cards for the Hunters, and for Dracula."""
    from .event_cards import default_events

    cards = default_events()
    ids = WINDOW_CARDS[timing]
    return (any(cards[c].back == "cross" for c in ids),
            any(cards[c].back == "bat" for c in ids))


_KINDS = {timing: _kinds_in(timing) for timing in WINDOW_CARDS}


def open_window(state: FuryState, timing: str, seats: tuple[str, ...], *,
                hunter: str = "", town: str = "", chit: str = "") -> bool:
    """Push a window for ``seats`` (in order) that hold cards of a kind it offers."""
    for_hunters, for_dracula = _KINDS[timing]
    asked = tuple(s for s in seats if hand(state, s) and (
        for_dracula if s == DRACULA else for_hunters and state.hunters[s].alive))
    if not asked:
        return False
    state.stack.append(EventWindow(timing, asked, hunter=hunter, town=town, chit=chit))
    return True


# -- windows --------------------------------------------------------------------------------
def window_options(state: FuryState, record: EventWindow, seat: str) -> list[Action]:
    options: list[Action] = [NO_EVENT]
    for card_id in dict.fromkeys(sorted(hand(state, seat))):
        if card_id in WINDOW_CARDS[record.timing] and _eligible(state, record, seat, card_id):
            options.append(PlayEvent(card_id))
    return options


def apply_window(state: FuryState, record: EventWindow, seat: str, action: Action) -> None:
    turn = (record.turn + 1) % len(record.seats)
    if action == NO_EVENT:
        if record.passes + 1 >= len(record.seats):
            state.stack.pop()
        else:
            state.stack[-1] = attrs.evolve(record, turn=turn, passes=record.passes + 1)
        return
    assert isinstance(action, PlayEvent)
    state.stack[-1] = attrs.evolve(record, turn=turn, passes=0,
                                   played=(*record.played, action.card))
    play(state, seat, action.card, hunter=record.hunter, town=record.town, chit=record.chit)


def play(state: FuryState, seat: str, card_id: str, *, holder: str = "", hunter: str = "",
         town: str = "", chit: str = "") -> None:
    """Play a card from the hand of ``holder`` (``seat`` unless another Hunter's): it is
    discarded face up, a Hunter's card waits for Dracula's answer, then takes effect."""
    owner = holder or seat
    hand(state, owner).remove(card_id)
    card = card_of(state, card_id)
    if card_id == "shipping_agents":
        state.cards["shipping_agents"] = owner  # "stays face up beside the mapboard"
    else:
        state.event_deck.discard(card_id)  # "they are discarded and stacked face-up"
    who = "Dracula" if seat == DRACULA else HUNTER_NAMES[owner]
    state.say("event_played", f"{who} plays {card.name}", seat=seat, holder=owner,
              card=card_id)
    state.stack.append(CardPlayed(card_id, seat, owner, hunter, town, chit))
    if card.back == "cross" and not _harker_fight(state):
        open_window(state, "response_to_hunter_card", (DRACULA,), chit=card_id)


def _harker_fight(state: FuryState) -> bool:
    combat = find(state, Combat)
    return combat is not None and bool(combat.harker_seat)


def run_card_played(state: FuryState, record: CardPlayed) -> None:
    state.stack.pop()
    if record.cancelled:
        state.say("event_cancelled", f"{card_of(state, record.card).name} has no effect",
                  card=record.card)
        if record.card == "heroic_leap":  # "the Hunter is still committed to a confrontation"
            _attack_after_leap(state, record)
        if record.card == "shipping_agents" and state.cards.pop("shipping_agents", None):
            state.event_deck.discard(record.card)
        return
    EFFECTS[record.card](state, record)


def find(state: FuryState, kind: type[Any]) -> Any:
    """The record of ``kind`` nearest the top of the stack (None if there is none)."""
    for record in reversed(state.stack):
        if isinstance(record, kind):
            return record
    return None


def replace(state: FuryState, old: Pending, new: Pending) -> None:
    for i in range(len(state.stack) - 1, -1, -1):
        if state.stack[i] is old:
            state.stack[i] = new
            return


def remove(state: FuryState, old: Pending) -> None:
    for i in range(len(state.stack) - 1, -1, -1):
        if state.stack[i] is old:
            del state.stack[i]
            return


# -- eligibility ----------------------------------------------------------------------------
def _eligible(state: FuryState, record: EventWindow, seat: str, card_id: str) -> bool:
    check = _CONDITIONS.get(card_id)
    return check is None or check(state, record, seat)


def _combat(state: FuryState) -> Combat | None:
    found: Combat | None = find(state, Combat)
    return found


def _may_in_dracula_combat(state: FuryState, record: EventWindow, seat: str) -> bool:
    combat = _combat(state)
    return combat is not None and combat.side == "dracula"


def _may_dawn_raid(state: FuryState, record: EventWindow, seat: str) -> bool:
    return _may_in_dracula_combat(state, record, seat) and "dawn_raid" not in record.played


def _may_hour_of_darkness(state: FuryState, record: EventWindow, seat: str) -> bool:
    return _may_in_dracula_combat(state, record, seat) and "hour_of_darkness" not in record.played


def _may_escape_route(state: FuryState, record: EventWindow, seat: str) -> bool:
    if record.timing == "encounter_revealed":
        return _facing(state, record)
    combat = _combat(state)
    return combat is not None and seat in combat.hunters


def _facing(state: FuryState, record: EventWindow) -> bool:
    """The Encounter revealed is still to be faced (public: no card avoided it yet)."""
    action = find(state, HunterAction)
    return action is not None and action.stage == "encounter" and not action.avoided \
        and not action.ended and action.found == record.chit


def _may_pre_warned(state: FuryState, record: EventWindow, seat: str) -> bool:
    return _facing(state, record)


def _may_seduction(state: FuryState, record: EventWindow, seat: str) -> bool:
    return _may_pre_warned(state, record, seat) and state.rules.encounters.is_vampire(record.chit)


def _may_reinforcements(state: FuryState, record: EventWindow, seat: str) -> bool:
    action = find(state, HunterAction)
    return action is not None and not action.reinforcements and \
        state.rules.encounters.chit(record.chit).effect == "szgany" and \
        "szgany_reinforcements" not in record.played


def _may_rage(state: FuryState, record: EventWindow, seat: str) -> bool:
    combat = _combat(state)
    return combat is not None and combat.side == "dracula" and combat.garlic_by is None \
        and combat.rage_through == 0


def _may_great_strength(state: FuryState, record: EventWindow, seat: str) -> bool:
    bite = find(state, PendingBite)
    if bite is not None and record.hunter:
        return bite.hunter == seat and not bite.resisted
    combat = _combat(state)
    return combat is not None and seat not in combat.great_strength


def _may_devilish_power(state: FuryState, record: EventWindow, seat: str) -> bool:
    target = find(state, CardPlayed)
    return target is not None and not target.cancelled and \
        card_of(state, target.card).back == "cross"


def _may_control_storms(state: FuryState, record: EventWindow, seat: str) -> bool:
    place = state.hunters[record.hunter].location
    return find(state, HunterMovement) is not None and place is not None and \
        state.board.is_sea(place)


def _may_wild_horses(state: FuryState, record: EventWindow, seat: str) -> bool:
    place = state.hunters[record.hunter].location
    return find(state, HunterMovement) is not None and place is not None and \
        state.board.is_town(place) and bool(state.board.road[place])


def _may_false_tip_off(state: FuryState, record: EventWindow, seat: str) -> bool:
    attempt = find(state, TrainAttempt)
    return attempt is not None and not attempt.tip_off


def _may_chartered_carriage(state: FuryState, record: EventWindow, seat: str) -> bool:
    attempt = find(state, TrainAttempt)
    return attempt is not None and attempt.tip_off and not attempt.carriage


def _may_vampiric_influence(state: FuryState, record: EventWindow, seat: str) -> bool:
    return state.hunters[record.hunter].alive and \
        record.hunter not in state.cards.get("declared", {})


_CONDITIONS: dict[str, Callable[[FuryState, EventWindow, str], bool]] = {
    "dawn_raid": _may_dawn_raid, "hour_of_darkness": _may_hour_of_darkness,
    "escape_route": _may_escape_route, "pre_warned": _may_pre_warned, "seduction": _may_seduction,
    "szgany_reinforcements": _may_reinforcements, "rage": _may_rage,
    "great_strength": _may_great_strength, "devilish_power": _may_devilish_power,
    "control_storms": _may_control_storms, "wild_horses": _may_wild_horses,
    "false_tip_off": _may_false_tip_off, "chartered_carriage": _may_chartered_carriage,
    "vampiric_influence": _may_vampiric_influence,
}


# -- cards played in a seat's own decisions -------------------------------------------------
def movement_cards(state: FuryState, record: HunterMovement, seat: str) -> list[Action]:
    """Cards a Hunter may play at the start of his Movement Phase (and Hypnosis at the
    start of a bitten Hunter's turn, from his own hand or, with his agreement, another's).
    """
    hunter = state.hunters[seat]
    found: list[Action] = []
    for card_id in dict.fromkeys(sorted(hunter.events)):
        if card_id in MOVEMENT_CARDS and card_id not in ("hypnosis", "good_luck") \
                and _may_play_at_movement(state, record, seat, card_id):
            found.append(PlayEvent(card_id))
    if hunter.bitten and not record.done and not hunter.moved:
        for holder in HUNTERS:  # "Any Hunter may play this when any Hunter is ... bitten"
            if "hypnosis" in state.hunters[holder].events and state.hunters[holder].alive:
                found.append(PlayEvent("hypnosis", "" if holder == seat else holder))
    return found


def _may_play_at_movement(state: FuryState, record: HunterMovement, seat: str,
                          card_id: str) -> bool:
    hunter = state.hunters[seat]
    here = hunter.location
    assert here is not None
    board = state.board
    if "missed_train" in record.done or "tip_off" in record.done:
        return card_id in ("newspaper_reports", "sensationalist_press", "hired_scouts",
                           "shipping_agents")
    if card_id == "excellent_weather":
        return "weather" not in record.done and (board.is_port(here) or board.is_sea(here))
    if card_id == "chartered_carriage":
        return bool(board.rail[here]) and state.map_effect(here) != "storms" \
            and not board.is_sea(here) and _declared_kind(state, seat) in ("", "train")
    if card_id == "shipping_agents":
        return not state.cards.get("shipping_agents")
    if card_id == "stormy_seas":
        return bool(_open_seas(state))
    if card_id == "re_equip":
        return bool(state.weapons_pool.bag) or bool(state.weapons_pool.aside)
    return True


def _declared_kind(state: FuryState, seat: str) -> str:
    """The move ``seat`` declared under Vampiric Influence or Hypnosis ("" if none)."""
    return str(state.cards.get("declared", {}).get(seat, ""))


def _open_seas(state: FuryState) -> list[str]:
    """Sea Sectors with no Hunter in them (Stormy Seas may not be played on the others)."""
    occupied = {h.location for h in state.hunters.values() if h.alive}
    return [p for p in state.board.order if state.board.is_sea(p) and p not in occupied
            and p not in state.cards.get("stormy", {})]


def dracula_cards(state: FuryState) -> list[Action]:
    """Cards Dracula may play at the start of his turn, instead of moving."""
    d = state.dracula
    found: list[Action] = []
    for card_id in dict.fromkeys(sorted(d.events)):
        walpurgis = card_id == "walpurgis_nacht" and d.blood >= 0
        evasion = card_id == "evasion" and not d.fleeing and bool(_evasion_towns(state))
        power = card_id == "devilish_power" and bool(state.cards.get("shipping_agents"))
        if walpurgis or evasion or power:
            found.append(PlayEvent(card_id))
    return found


def fight_cards(state: FuryState, record: FightChoice, seat: str) -> list[Action]:
    """Heroic Leap: "The instant the Hunter decides to attack, he plays this card"."""
    if "heroic_leap" in state.hunters[seat].events:
        return [PlayEvent("heroic_leap")]
    return []


def play_own(state: FuryState, seat: str, action: PlayEvent) -> None:
    """A card played in the seat's own decision (not a window)."""
    if action.card == "hypnosis":
        _start_hypnosis(state, seat, action.holder)
        return
    if action.card == "heroic_leap":
        record = state.stack.pop()
        assert isinstance(record, FightChoice)
        from .hunters import ATTACKING_DRACULA_VALOUR

        hunter = state.hunters[seat]
        hunter.valour += ATTACKING_DRACULA_VALOUR + HEROIC_LEAP_VALOUR
        play(state, seat, action.card, hunter=seat, town=record.town,
             chit=",".join(record.members))
        return
    movement = state.stack[-1]
    if isinstance(movement, HunterMovement) and action.card in (
            "excellent_weather", "chartered_carriage"):
        state.stack[-1] = HunterMovement(movement.seat, (*movement.done, "weather")) \
            if action.card == "excellent_weather" else movement
    if seat == DRACULA and action.card in ("walpurgis_nacht", "evasion"):
        state.stack.pop()  # instead of his Movement Phase
    play(state, seat, action.card, hunter=seat if seat != DRACULA else "",
         town=state.hunters[seat].location or "" if seat != DRACULA else "")


# -- the hand limit: an extra card played immediately ----------------------------------------
#: A Hunter's Keep cards whose effect can be had at any moment (those of his own Movement
#: Phase that do not move him): played immediately instead of discarded (Event Cards).
IMMEDIATE_HUNTER_CARDS = frozenset({"newspaper_reports", "sensationalist_press",
                                    "hired_scouts", "shipping_agents", "re_equip",
                                    "heavenly_host", "stormy_seas"})


def hand_limit_plays(state: FuryState, seat: str) -> list[Action]:
    """Event Cards: over three cards, "the extras must be discarded or played immediately".
    A card may be played then only if its effect can be had at this moment (the cards of
    a Movement Phase that move no one; Dracula's Vampiric Influence, since the limit is
    reached at the end of a Hunter's Action Phase). Others can only be discarded."""
    from .hunters import current_action

    found: list[Action] = []
    for card_id in dict.fromkeys(sorted(hand(state, seat))):
        if seat == DRACULA:
            action = current_action(state)
            ok = card_id == "vampiric_influence" and action is not None \
                and state.hunters[action.seat].alive \
                and action.seat not in state.cards.get("declared", {})
        else:
            ok = card_id in IMMEDIATE_HUNTER_CARDS and _may_play_now(state, card_id)
        if ok:
            found.append(PlayEvent(card_id))
    return found


def _may_play_now(state: FuryState, card_id: str) -> bool:
    if card_id == "shipping_agents":
        return not state.cards.get("shipping_agents")
    if card_id == "stormy_seas":
        return bool(_open_seas(state))
    if card_id == "re_equip":
        return bool(state.weapons_pool.bag) or bool(state.weapons_pool.aside)
    return True


def play_over_limit(state: FuryState, seat: str, card_id: str) -> None:
    """Play an extra card immediately (the hand limit), as if in its own window."""
    from .hunters import current_action

    if seat == DRACULA:
        action = current_action(state)
        assert action is not None
        play(state, seat, card_id, hunter=action.seat)
        return
    play(state, seat, card_id, hunter=seat, town=state.hunters[seat].location or "")


# -- effects --------------------------------------------------------------------------------
Effect = Callable[["FuryState", CardPlayed], None]


def _initiative_bonus(state: FuryState, record: CardPlayed) -> None:
    """Advance Planning (+1 to the Hunters) / Trap (+1 to Dracula), this round,
    cumulative (Reference 4)."""
    combat = _combat(state)
    if combat is None:
        return
    amount = int(card_of(state, record.card).effect["amount"])
    if card_of(state, record.card).effect["side"] == "hunters":
        new = attrs.evolve(combat, hunters_bonus=combat.hunters_bonus + amount)
    else:
        new = attrs.evolve(combat, opponent_bonus=combat.opponent_bonus + amount)
    replace(state, combat, new)


def _time_of_day(state: FuryState, record: CardPlayed) -> None:
    """Dawn Raid (Day) / Hour of Darkness (Night): played together they cancel."""
    combat = _combat(state)
    if combat is not None:
        replace(state, combat, attrs.evolve(combat, time_cards=(*combat.time_cards,
                                                                 record.card)))


def _devilish_power(state: FuryState, record: CardPlayed) -> None:
    """Devilish Power: the Hunter's card just played has no effect; or, at the start of
    Dracula's turn, the Shipping Agents in play are made useless and discarded."""
    target = find(state, CardPlayed)
    if target is not None and card_of(state, target.card).back == "cross" \
            and not target.cancelled:
        replace(state, target, attrs.evolve(target, cancelled=True))
        return
    if state.cards.pop("shipping_agents", None):
        state.event_deck.discard("shipping_agents")
        state.say("shipping_agents_discarded", "Devilish Power: the Shipping Agents are "
                  "made useless and discarded")


def _escape_route(state: FuryState, record: CardPlayed) -> None:
    """Escape Route: the Hunter (his whole group) avoids the Encounter or the combat; he
    takes no Weapons or Events this turn; the Encounter stays where it is."""
    from .hunters import update_action

    combat = _combat(state)
    if combat is not None and combat.stage in ("start_cards", "time", "choose") \
            and combat.round == 1 and not combat.chosen:
        replace(state, combat, attrs.evolve(combat, stage="avoided"))
    else:
        update_action(state, avoided=True)
    update_action(state, ended=True, hidden=True)
    state.say("escape_route", f"{HUNTER_NAMES[record.holder]} escapes by the Escape Route",
              hunter=record.holder)


def _pre_warned(state: FuryState, record: CardPlayed) -> None:
    """Pre-Warned: the Encounter Chit revealed is discarded without being faced."""
    from .encounters import discard_found
    from .hunters import update_action

    if state.chart.get(record.town) == record.chit:
        discard_found(state, record.town)
    update_action(state, avoided=True)


def _seduction(state: FuryState, record: CardPlayed) -> None:
    """Seduction: the Vampire returns to the Encounter Set (a Hunter-Vampire stays in the
    Town) and bites the Hunter, whatever his weapons; in a group Dracula chooses whom."""
    from .hunters import alive, update_action

    action = find(state, HunterAction)
    assert action is not None
    update_action(state, avoided=True)
    town, chit = record.town, record.chit
    if state.chart.get(town) == chit and not chit.endswith("_vampire"):
        del state.chart[town]
        state.dracula.encounter_set.append(chit)  # an exception to the limit of five
        state.say("vampire_returns", f"The Vampire in {town} returns to Dracula's Encounter "
                  "Set", town=town)
    members = alive(state, action.members)
    if len(members) > 1:
        state.stack.append(CardStep("seduction", DRACULA, "victim", hunter=action.seat,
                                    picks=members))
    elif members:
        _bite_after_great_strength(state, members[0])


def _bite_after_great_strength(state: FuryState, hunter: str) -> None:
    state.stack.append(PendingBite(hunter))
    open_window(state, "after_combat_result", (hunter,), hunter=hunter)


def run_pending_bite(state: FuryState, record: PendingBite) -> None:
    from .wounds import bite

    state.stack.pop()
    if record.resisted:
        state.say("bite_resisted", f"{HUNTER_NAMES[record.hunter]} resists the bite by Great "
                  "Strength", hunter=record.hunter)
        return
    state.say("seduced", f"{HUNTER_NAMES[record.hunter]} is seduced and bitten",
              hunter=record.hunter)
    bite(state, record.hunter)


def _great_strength(state: FuryState, record: CardPlayed) -> None:
    """Great Strength: the Hunter is not bitten (by a Bite or Hyp result, or Seduction)."""
    bite = find(state, PendingBite)
    if bite is not None and bite.hunter == record.holder:
        replace(state, bite, attrs.evolve(bite, resisted=True))
        return
    combat = _combat(state)
    if combat is not None:
        replace(state, combat, attrs.evolve(
            combat, great_strength=(*combat.great_strength, record.holder)))


def _reinforcements(state: FuryState, record: CardPlayed) -> None:
    """Szgany Reinforcements: once that combat is over, each Hunter faces a second,
    identical Szgany (in a group, each his own)."""
    from .hunters import update_action

    update_action(state, reinforcements=1)


def _rage(state: FuryState, record: CardPlayed) -> None:
    """Rage: Dracula snatches a Weapon Chit (at random) from a Hunter he is fighting (his
    choice of Hunter in a group); then a die, rolled openly: no Escape until that many
    rounds have been fought."""
    combat = _combat(state)
    assert combat is not None
    if combat.harker_seat:  # Jonathan Harker fights alone, with his three drawn chits
        _rage_on(state, "harker" if combat.harker_weapons else "")
        return
    armed = tuple(h for h in combat.hunters if state.hunters[h].alive
                  and state.hunters[h].weapons)
    if len(armed) > 1:
        state.stack.append(CardStep("rage", DRACULA, "victim", picks=armed))
        return
    _rage_on(state, armed[0] if armed else "")


def _rage_on(state: FuryState, victim: str) -> None:
    from .combat_round import escapes_barred_through

    combat = _combat(state)
    assert combat is not None
    updated = combat
    if victim == "harker":  # ruling: Rage snatches one of Harker's chits, discarded
        weapons = list(combat.harker_weapons)
        weapon = weapons.pop(state.dice.index(len(weapons)))
        updated = attrs.evolve(combat, harker_weapons=tuple(weapons))
        state.weapons_pool.set_aside(weapon)
        state.public_weapon_discards.append(weapon)
        state.say("rage_snatch", f"In his Rage Dracula snatches Jonathan Harker's {weapon} "
                  "and it is discarded", hunter=victim, weapon=weapon)
    elif victim:
        hunter = state.hunters[victim]
        weapon = hunter.weapons[state.dice.index(len(hunter.weapons))]
        hunter.lose_weapon(weapon, public=True)
        state.weapons_pool.set_aside(weapon)
        state.public_weapon_discards.append(weapon)
        state.say("rage_snatch", f"In his Rage Dracula snatches {HUNTER_NAMES[victim]}'s "
                  f"{weapon} and it is discarded", hunter=victim, weapon=weapon)
    roll = state.dice.d6()
    through = escapes_barred_through(garlic=combat.garlic_by is not None,
                                     rage_played_in_round=combat.round, rage_roll=roll)
    state.say("rage_roll", f"Rage: Dracula may not attempt an Escape until "
              f"{counted(roll, 'round')} {'has' if roll == 1 else 'have'} been fought",
              roll=roll)
    replace(state, combat, attrs.evolve(updated, rage_through=max(through, 1)))


def _heroic_leap(state: FuryState, record: CardPlayed) -> None:
    """Heroic Leap: no normal combat, no Initiative or Daylight: each rolls a die; Dracula
    loses Blood Points equal to the Hunter's roll, the Hunter suffers Wounds equal to
    Dracula's. Played on a Dracula at 0 or fewer Blood Points, it destroys him. The
    Hunter's die waits for Good Luck (``leap_rolled``); Dracula's is never rolled again."""
    from .victory import DESTROYING_DRACULA_VALOUR, dracula_destroyed

    seat = record.holder
    name = HUNTER_NAMES[seat]
    if state.dracula.blood <= 0:
        state.hunters[seat].valour += DESTROYING_DRACULA_VALOUR
        dracula_destroyed(state, f"{name}'s Heroic Leap", by=seat)
        return
    mine, his = state.dice.d6(), state.dice.d6()
    state.stack.append(DieRoll("heroic_leap", seat, mine, chit=record.chit, town=record.town,
                               other=his))


def leap_rolled(state: FuryState, seat: str, mine: int, his: int, chit: str,
                town: str) -> None:
    """The Heroic Leap dice stand: Dracula loses Blood Points equal to the Hunter's roll,
    the Hunter suffers Wounds equal to Dracula's; no further combat in that Town."""
    from .dracula import lose_blood
    from .victory import DESTROYING_DRACULA_VALOUR
    from .wounds import wound

    name = HUNTER_NAMES[seat]
    d = state.dracula
    state.say("heroic_leap", f"{name} leaps at Dracula: {name} rolls {mine}, Dracula rolls "
              f"{his}", hunter=seat, hunter_roll=mine, dracula_roll=his)
    if d.blood - mine <= -12:
        state.hunters[seat].valour += DESTROYING_DRACULA_VALOUR
    lose_blood(state, mine, public=True)
    if state.outcome is not None:
        return
    wound(state, seat, his)
    hunter = state.hunters[seat]
    if hunter.alive and hunter.location == town:
        # "there is no further combat of any nature - they both remain in the same Town"
        for member in chit.split(","):
            if member and state.hunters[member].alive:
                state.hunters[member].fought_dracula_at = town


def _attack_after_leap(state: FuryState, record: CardPlayed) -> None:
    from .fight import start_hunters_attack

    members = tuple(m for m in record.chit.split(",") if m and state.hunters[m].alive)
    if members:
        start_hunters_attack(state, record.town, members, attacker=record.holder)


def _start_hypnosis(state: FuryState, seat: str, holder: str) -> None:
    """Hypnosis, at the start of the bitten Hunter's turn: he misses the turn (the player
    of the card, if another Hunter, does not) and rolls the dice."""
    movement = state.stack.pop()
    assert isinstance(movement, HunterMovement)
    state.hunters[seat].moved = True
    state.stack.append(EndTurn())
    play(state, seat, "hypnosis", holder=holder or seat, hunter=seat)


def _hypnosis(state: FuryState, record: CardPlayed) -> None:
    """Hypnosis: 1-2 no effect; 3-6 Dracula's piece goes on the map where he is, he
    declares his next move (and must keep to it) and how many Vampires he has on his
    Strategy & Movement Chart. The die waits for Good Luck (``hypnosis_rolled``)."""
    state.stack.append(DieRoll("hypnosis", record.hunter, state.dice.d6()))


def hypnosis_rolled(state: FuryState, seat: str, roll: int) -> None:
    """The Hypnosis die stands: 3-6, Dracula is revealed and must declare his next move."""
    from .event_cards import hypnosis_works

    name = HUNTER_NAMES[seat]
    if not hypnosis_works(roll, state.rules.events):
        state.say("hypnosis_fails", f"{name} is hypnotised and rolls {roll}: no effect",
                  hunter=seat, roll=roll)
        return
    d = state.dracula
    vampires = sum(1 for c in state.chart.values() if state.rules.encounters.is_vampire(c))
    _reveal_dracula(state)
    state.clues.append({"k": "vampires", "count": vampires})
    state.say("hypnosis_works", f"{name} is hypnotised and rolls {roll}: Dracula is in "
              f"{d.location} and has {counted(vampires, 'Vampire')} on his Chart",
              hunter=seat, roll=roll, town=d.location, vampires=vampires)
    state.stack.append(CardStep("hypnosis", DRACULA, "declare"))


def _reveal_dracula(state: FuryState) -> None:
    """Dracula's piece goes on the map where he is, until his next Movement Phase."""
    d = state.dracula
    d.shown_at = d.location
    state.clues.append({"k": "where", "places": [d.location]})


def run_end_turn(state: FuryState, record: EndTurn) -> None:
    state.stack.pop()
    state.seq.end_turn()


def _newspaper_reports(state: FuryState, record: CardPlayed) -> None:
    """Newspaper Reports: Dracula's piece on the map in his Town until he next moves."""
    _reveal_dracula(state)
    state.say("newspaper_reports", f"Newspaper Reports: Dracula is in {state.dracula.location}",
              town=state.dracula.location)


def _sensationalist_press(state: FuryState, record: CardPlayed) -> None:
    """Sensationalist Press: Dracula announces two Towns, one of which is where he is."""
    state.stack.append(CardStep("sensationalist_press", DRACULA, "other"))


def _hired_scouts(state: FuryState, record: CardPlayed) -> None:
    """Hired Scouts: the Hunter names two Towns; Dracula reveals any Encounter Chits in
    them (not himself nor the Local Rumours)."""
    state.stack.append(CardStep("hired_scouts", record.holder, "town", seat=record.holder))


def _shipping_agents(state: FuryState, record: CardPlayed) -> None:
    """Shipping Agents: face up beside the map; after each of his Movement Phases at Sea,
    Dracula says whether he was Embarking, Sailing or Disembarking."""
    state.cards["shipping_agents"] = record.holder


def _stormy_seas(state: FuryState, record: CardPlayed) -> None:
    state.stack.append(CardStep("stormy_seas", record.holder, "sea", seat=record.holder))


def _heavenly_host(state: FuryState, record: CardPlayed) -> None:
    stage = "from" if state.hosts else "to"
    state.stack.append(CardStep("heavenly_host", record.holder, stage, seat=record.holder))


def _re_equip(state: FuryState, record: CardPlayed) -> None:
    stage = "discard" if state.hunters[record.holder].weapons else "take"
    state.stack.append(CardStep("re_equip", record.holder, stage, seat=record.holder))


def _excellent_weather(state: FuryState, record: CardPlayed) -> None:
    """Excellent Weather: up to four Sea Moves this Movement Phase (a group sailing
    together all benefit)."""
    weather = state.cards.setdefault("weather", {})
    weather[record.holder] = int(card_of(state, record.card).effect["max_sea_moves"])


def _chartered_carriage(state: FuryState, record: CardPlayed) -> None:
    """Chartered Carriage: instead of rolling on the Railway Station Chart the Hunter (the
    whole group) catches an Express - unless a False Tip-off is played too."""
    attempt = find(state, TrainAttempt)
    if attempt is not None:  # in answer to a False Tip-off: both cancel
        replace(state, attempt, attrs.evolve(attempt, carriage=True))
        return
    state.stack.append(TrainAttempt(record.holder, carriage=True))
    open_window(state, "catching_train", (DRACULA,), hunter=record.holder)


def _false_tip_off(state: FuryState, record: CardPlayed) -> None:
    """False Tip-off: the Hunter (the whole group) misses the train and stays in his Town
    this Movement Phase - unless a Chartered Carriage cancels it."""
    attempt = find(state, TrainAttempt)
    assert attempt is not None
    replace(state, attempt, attrs.evolve(attempt, tip_off=True))
    if not attempt.carriage:
        open_window(state, "catching_train", (attempt.seat,), hunter=attempt.seat)


def run_train_attempt(state: FuryState, record: TrainAttempt) -> None:
    from .movement import catch_train, missed_train

    state.stack.pop()
    if record.carriage and record.tip_off:
        state.say("cards_cancel", "Chartered Carriage and False Tip-off cancel one another: "
                  "the Hunter rolls on the Railway Station Chart as normal")
        catch_train(state, record.seat)
    elif record.carriage:
        catch_train(state, record.seat, train=str(
            card_of(state, "chartered_carriage").effect["train"]))
    elif record.tip_off:
        missed_train(state, record.seat)
    else:
        catch_train(state, record.seat)


def _control_storms(state: FuryState, record: CardPlayed) -> None:
    state.stack.append(CardStep("control_storms", DRACULA, "sail", hunter=record.hunter))


def _wild_horses(state: FuryState, record: CardPlayed) -> None:
    state.stack.append(CardStep("wild_horses", DRACULA, "town", hunter=record.hunter))


def _customs_search(state: FuryState, record: CardPlayed) -> None:
    """Customs Search: the Hunter (every member of his group) discards all his Weapon
    Chits and misses his next turn."""
    for member in state.group_of(record.hunter):
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


def _vampiric_influence(state: FuryState, record: CardPlayed) -> None:
    state.stack.append(CardStep("vampiric_influence", record.hunter, "declare",
                                hunter=record.hunter))


def _evasion(state: FuryState, record: CardPlayed) -> None:
    state.stack.append(CardStep("evasion", DRACULA, "town"))


def _walpurgis_nacht(state: FuryState, record: CardPlayed) -> None:
    """Walpurgis Nacht: Dracula regains Blood Points (never above 12) and does nothing else
    this turn, even with a Hunter in his Town."""
    d = state.dracula
    gain = int(card_of(state, record.card).effect["blood_points_gained"])
    before = d.blood
    d.blood = min(MAX_BLOOD_POINTS, d.blood + gain)
    state.clues.append({"k": "blood", "loss": -gain, "drained": False})
    state.say("walpurgis_nacht", f"Walpurgis Nacht: Dracula regains "
              f"{counted(d.blood - before, 'Blood Point')} and does nothing else this turn",
              gain=gain)
    state.seq.end_turn()


def _mishap(state: FuryState, record: CardPlayed) -> None:
    """Mishap: the Hunter (the whole group) misses his next turn."""
    for member in record.chit.split(","):
        if member and state.hunters[member].alive:
            state.seq.miss_turns(member, 1)
    state.say("mishap", "Mishap: " + " and ".join(
        HUNTER_NAMES[m] for m in record.chit.split(",") if m) + " will miss the next turn")


def _sense_of_emergency(state: FuryState, record: CardPlayed) -> None:
    """Sense of Emergency: an extra turn straight after this one (the whole group)."""
    state.seq.grant_extra_turn(record.hunter, 1)
    state.say("sense_of_emergency", f"Sense of Emergency: {HUNTER_NAMES[record.hunter]} "
              "will have an extra turn", hunter=record.hunter)


def _superstitious_carriers(state: FuryState, record: CardPlayed) -> None:
    """Superstitious Carriers: a die; Dracula may lose Blood Points wherever he is. The
    Hunter's die waits for Good Luck (``carriers_rolled``)."""
    state.stack.append(DieRoll("superstitious_carriers", record.holder, state.dice.d6()))


def carriers_rolled(state: FuryState, seat: str, roll: int) -> None:
    """The Superstitious Carriers die stands: 4-6, Dracula loses Blood Points."""
    from .dracula import lose_blood
    from .event_cards import superstitious_carriers_loss

    loss = superstitious_carriers_loss(roll, state.rules.events)
    state.say("superstitious_carriers", f"Superstitious Carriers: {HUNTER_NAMES[seat]}"
              f" rolls {roll}: Dracula loses {counted(loss, 'Blood Point')}", roll=roll, loss=loss)
    if loss:
        lose_blood(state, loss, public=True)


def _jonathan_harker(state: FuryState, record: CardPlayed) -> None:
    state.stack.append(CardStep("jonathan_harker", record.holder, "town", seat=record.holder))


def _good_luck(state: FuryState, record: CardPlayed) -> None:
    """Good Luck: the die just rolled for a Hunter (this Hunter or another) is rolled
    again and the new result stands."""
    rolled = find(state, DieRoll)
    if rolled is None:
        return
    roll = state.dice.d6()
    state.say("good_luck", f"Good Luck: the die that showed {rolled.roll} is rolled again "
              f"and shows {roll}",
              old=rolled.roll, roll=roll)
    replace(state, rolled, attrs.evolve(rolled, roll=roll))


def run_die_roll(state: FuryState, record: DieRoll) -> None:
    """Good Luck may be played after the roll (by any Hunter holding a card: all are
    asked); then the roll stands and takes effect."""
    if not record.asked:
        state.stack[-1] = attrs.evolve(record, asked=True)
        open_window(state, "after_die_roll", HUNTERS, hunter=record.seat)
        return
    state.stack.pop()
    if record.what == "railway":
        from .movement import catch_train

        catch_train(state, record.seat, roll=record.roll)
    elif record.what == "encounter":
        from .encounters import wounds_rolled

        wounds_rolled(state, record.seat, record.roll, record.chit, record.town)
    elif record.what == "superstitious_carriers":
        carriers_rolled(state, record.seat, record.roll)
    elif record.what == "initiative":
        from .fight import initiative_rolled

        initiative_rolled(state, record.other, record.roll)
    elif record.what == "holy_water":
        from .movement import holy_water_rolled

        holy_water_rolled(state, record.seat, record.roll)
    elif record.what == "hypnosis":
        hypnosis_rolled(state, record.seat, record.roll)
    elif record.what == "heroic_leap":
        leap_rolled(state, record.seat, record.roll, record.other, record.chit, record.town)
    elif record.what == "castle_vampire":
        from .encounters import castle_protection_rolled

        castle_protection_rolled(state, record.seat, record.roll, record.town, record.chit)
    elif record.what == "knife":
        from .encounters import knife_rolled

        knife_rolled(state, record.seat, record.roll, record.town)
    elif record.what == "sacred_bullets":
        from .fight import sacred_bullets_rolled

        sacred_bullets_rolled(state, record.seat, record.roll)


EFFECTS: dict[str, Effect] = {
    "advance_planning": _initiative_bonus, "trap": _initiative_bonus,
    "dawn_raid": _time_of_day, "hour_of_darkness": _time_of_day,
    "devilish_power": _devilish_power, "escape_route": _escape_route,
    "pre_warned": _pre_warned, "seduction": _seduction, "great_strength": _great_strength,
    "szgany_reinforcements": _reinforcements, "rage": _rage, "heroic_leap": _heroic_leap,
    "hypnosis": _hypnosis, "newspaper_reports": _newspaper_reports,
    "sensationalist_press": _sensationalist_press, "hired_scouts": _hired_scouts,
    "shipping_agents": _shipping_agents, "stormy_seas": _stormy_seas,
    "heavenly_host": _heavenly_host, "re_equip": _re_equip,
    "excellent_weather": _excellent_weather, "chartered_carriage": _chartered_carriage,
    "false_tip_off": _false_tip_off, "control_storms": _control_storms,
    "wild_horses": _wild_horses, "customs_search": _customs_search,
    "vampiric_influence": _vampiric_influence, "evasion": _evasion,
    "walpurgis_nacht": _walpurgis_nacht, "mishap": _mishap,
    "sense_of_emergency": _sense_of_emergency,
    "superstitious_carriers": _superstitious_carriers,
    "jonathan_harker": _jonathan_harker, "good_luck": _good_luck,
}


# -- the choices effects ask for ------------------------------------------------------------
def step_options(state: FuryState, record: CardStep, seat: str) -> list[Action]:
    return STEP_OPTIONS[record.card](state, record)


def apply_step(state: FuryState, record: CardStep, seat: str, action: Action) -> None:
    STEP_APPLY[record.card](state, record, action)


def _towns(state: FuryState) -> list[str]:
    return [p for p in state.board.order if state.board.is_town(p)]


def _places_other(state: FuryState, record: CardStep) -> list[Action]:
    here = state.dracula.location
    return [ChoosePlace(p) for p in state.board.order if p != here]


def _apply_sensationalist(state: FuryState, record: CardStep, action: Action) -> None:
    assert isinstance(action, ChoosePlace)
    state.stack.pop()
    here = state.dracula.location
    assert here is not None
    places = sorted([here, action.place])
    state.clues.append({"k": "where", "places": places})
    state.say("sensationalist_press", f"Sensationalist Press: Dracula is in {places[0]} or "
              f"{places[1]}", places=places)


def _scout_towns(state: FuryState, record: CardStep) -> list[Action]:
    return [ChoosePlace(t) for t in _towns(state) if t not in record.picks]


def _apply_scouts(state: FuryState, record: CardStep, action: Action) -> None:
    assert isinstance(action, ChoosePlace)
    picks = (*record.picks, action.place)
    count = int(card_of(state, "hired_scouts").effect["towns"])
    if len(picks) < count:
        state.stack[-1] = attrs.evolve(record, picks=picks)
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
            state.say("scouts_report", f"Hired Scouts: {enc.name(chit)} in {town}", town=town,
                      chit=chit)
            state.clues.append({"k": "search", "town": town, "box": chit, "dracula": None,
                                "rumours": None})
            state.sightings[town] = chit
        state.clues.append({"k": "box", "town": town, "after": state.sightings.get(town, "")})


def _storm_seas(state: FuryState, record: CardStep) -> list[Action]:
    if record.stage == "port":
        return [ChoosePlace(p) for p in state.board.sea[record.picks[0]]
                if state.board.is_town(p)]
    return [ChoosePlace(s) for s in _open_seas(state)]


def _apply_stormy(state: FuryState, record: CardStep, action: Action) -> None:
    """Stormy Seas: nobody may enter the Sea Sector until the start of the player's
    Movement Phase after next; Dracula, if there, must say so and is forced into an
    adjacent Port of his choice, where his piece stands on the map."""
    assert isinstance(action, ChoosePlace)
    d = state.dracula
    state.stack.pop()
    if record.stage == "port":
        sea = record.picks[0]
        d.location = action.place
        d.voyage = []
        d.shown_at = action.place
        state.clues.append({"k": "driven", "from": sea, "to": action.place})
        state.say("stormy_seas_port", f"Dracula is driven into {action.place}",
                  town=action.place)
        return
    sea = action.place
    state.cards.setdefault("stormy", {})[sea] = [record.seat, 2]
    state.say("stormy_seas", f"Stormy Seas block the {sea}", sea=sea, hunter=record.seat)
    here = d.location == sea
    state.clues.append({"k": "search", "town": sea, "dracula": here, "rumours": None})
    if here:
        state.say("dracula_at_sea", f"Dracula is in the {sea}!", sea=sea)
        state.stack.append(CardStep("stormy_seas", DRACULA, "port", picks=(sea,)))


def blocked_seas(state: FuryState) -> frozenset[str]:
    """Sea Sectors Stormy Seas close to everyone."""
    return frozenset(state.cards.get("stormy", {}))


def stormy_seas_pass(state: FuryState, seat: str) -> None:
    """At the start of the player's Movement Phase the block counts down: it lasts "until
    the start of not his next Movement Phase, but the one afterwards" (a group's move
    in another member's phase is his Movement Phase too: ruling 74)."""
    _count_storms(state, lambda holder: holder == seat)


def stormy_seas_orphans(state: FuryState) -> None:
    """Ruling 74: a block whose Hunter is out of the game counts down at the start of each
    of Dracula's turns instead (he has no Movement Phase left to count by)."""
    _count_storms(state, lambda holder: not state.hunters[holder].alive)


def _count_storms(state: FuryState, counts: Callable[[str], bool]) -> None:
    stormy = state.cards.get("stormy")
    if not stormy:
        return
    for sea in sorted(stormy):
        holder, left = stormy[sea]
        if counts(holder):
            if left <= 1:
                del stormy[sea]
                state.say("storm_lifts", f"The storm in the {sea} abates", sea=sea)
            else:
                stormy[sea] = [holder, left - 1]
    if not stormy:
        del state.cards["stormy"]


def _host_options(state: FuryState, record: CardStep) -> list[Action]:
    if record.stage == "from":
        return [ChoosePlace(t) for t in sorted(state.hosts)]
    moved = record.picks[0] if record.picks else ""
    return [ChoosePlace(t) for t in _towns(state)
            if t not in HOST_FORBIDDEN and t != moved and t not in state.hosts]


def _apply_host(state: FuryState, record: CardStep, action: Action) -> None:
    """Heavenly Host (card): move any Host Marker to any other Town (the bonus marker if
    none is on the board); Dracula there must say so, and leave on his next move."""
    assert isinstance(action, ChoosePlace)
    if record.stage == "from":
        state.stack[-1] = attrs.evolve(record, stage="to", picks=(action.place,))
        return
    state.stack.pop()
    town = action.place
    owner = ""
    if record.picks:
        old = record.picks[0]
        owner = state.hosts.pop(old)
        if owner in HUNTERS and old in state.hunters[owner].hosts_placed:
            placed = state.hunters[owner].hosts_placed
            placed[placed.index(old)] = town
        state.say("host_moved", f"The Heavenly Host over {old} is moved to {town}",
                  town=town, old=old)
    else:
        state.say("host_moved", f"The bonus Heavenly Host is placed over {town}", town=town)
    state.hosts[town] = owner
    d = state.dracula
    here = d.location == town
    state.clues.append({"k": "search", "town": town, "dracula": here, "rumours": None})
    state.clues.append({"k": "host", "town": town})
    if here:
        d.must_leave = True
        d.shown_at = town
        state.say("dracula_found", f"Dracula is in {town}! He must leave it", town=town)


def _re_equip_options(state: FuryState, record: CardStep) -> list[Action]:
    if record.stage == "discard":
        return [DiscardWeapon(w) for w in sorted(set(state.hunters[record.seat].weapons))]
    pool = state.weapons_pool
    return [TakeWeapon(w) for w in sorted(set(pool.bag) or set(pool.aside))]


def _apply_re_equip(state: FuryState, record: CardStep, action: Action) -> None:
    """Re-Equip: discard a Weapon Chit (to the discards, not the Pool), then search the
    Weapons Pool for any one (the choice is not revealed to Dracula)."""
    hunter = state.hunters[record.seat]
    name = HUNTER_NAMES[record.seat]
    if isinstance(action, DiscardWeapon):
        shown = hunter.seen_if_lost(action.weapon)
        hunter.lose_weapon(action.weapon)
        state.weapons_pool.set_aside(action.weapon)
        if shown:
            state.public_weapon_discards.append(action.weapon)
        state.tell(event("re_equip_discard", f"{name} discards {action.weapon}",
                         hunter=record.seat, weapon=action.weapon),
                   HUNTERS_SCOPE if not shown else Scope.public(),
                   event("re_equip_discard", f"{name} discards a Weapon Chit",
                         hunter=record.seat))
        state.stack[-1] = attrs.evolve(record, stage="take")
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
                     hunter=record.seat, weapon=action.weapon), HUNTERS_SCOPE,
               event("re_equip", f"{name} takes a Weapon Chit of his choice",
                     hunter=record.seat))
    from .pending import NewWeapons

    state.stack.append(NewWeapons(record.seat))


def _victims(state: FuryState, record: CardStep) -> list[Action]:
    return [ChooseHunter(h) for h in record.picks if state.hunters[h].alive]


def _apply_seduction_victim(state: FuryState, record: CardStep, action: Action) -> None:
    assert isinstance(action, ChooseHunter)
    state.stack.pop()
    _bite_after_great_strength(state, action.hunter)


def _apply_rage_victim(state: FuryState, record: CardStep, action: Action) -> None:
    assert isinstance(action, ChooseHunter)
    state.stack.pop()
    _rage_on(state, action.hunter)


def declare_options(state: FuryState, seat: str) -> list[Action]:
    """The moves ``seat`` could make now, as declarations (Hypnosis, Vampiric Influence)."""
    from .actions import CATCH_TRAIN, PASS, STAY_PUT, ConsumeVampire, MoveTo

    if seat == DRACULA:
        from .dracula import movement_options as dracula_moves

        actions = dracula_moves(state)
    else:
        from .movement import movement_options

        actions = movement_options(state, HunterMovement(seat, ("declaring",)), seat)
    found: list[Action] = []
    for action in actions:
        if isinstance(action, MoveTo):
            found.append(DeclareMove(action.to))
        elif action == CATCH_TRAIN:
            found.append(DeclareMove("train"))
        elif action == PASS:
            found.append(DeclareMove("pass"))
        elif action == STAY_PUT or isinstance(action, ConsumeVampire):
            found.append(DeclareMove("stay"))
    return list(dict.fromkeys(found)) or [DeclareMove("stay")]


def _declare(state: FuryState, record: CardStep) -> list[Action]:
    return declare_options(state, record.chooser)


def _apply_declare(state: FuryState, record: CardStep, action: Action) -> None:
    assert isinstance(action, DeclareMove)
    state.stack.pop()
    state.cards.setdefault("declared", {})[record.chooser] = action.move
    who = "Dracula" if record.chooser == DRACULA else HUNTER_NAMES[record.chooser]
    state.say("move_declared", f"{who} declares his next move: {action.move}",
              seat=record.chooser, move=action.move)


def declared_moves(state: FuryState, seat: str, actions: list[Action]) -> list[Action]:
    """Keep, of the moves in ``actions``, the one ``seat`` declared (all of them if it
    cannot be carried out: "can not be held responsible ... beyond his control")."""
    declared = state.cards.get("declared", {}).get(seat)
    if declared is None:
        return actions
    from .actions import CATCH_TRAIN, PASS, STAY_PUT, MoveTo

    def matches(action: Action) -> bool:
        if isinstance(action, MoveTo):
            return bool(action.to == declared)
        return bool((declared == "train" and action == CATCH_TRAIN)
                    or (declared == "pass" and action == PASS)
                    or (declared == "stay" and action == STAY_PUT))

    kept = [a for a in actions if matches(a)]
    return kept or actions


def moved_as_declared(state: FuryState, seat: str) -> None:
    """The declared move is made (or could not be): the declaration is spent."""
    declared = state.cards.get("declared")
    if declared and seat in declared:
        del declared[seat]
        if not declared:
            del state.cards["declared"]


def _storm_moves(state: FuryState, record: CardStep) -> list[Action]:
    """Control Storms: Sea Moves that still leave a Port within the moves left."""
    from .movement import sea_moves

    hunter = state.hunters[record.hunter]
    left = int(card_of(state, "control_storms").effect["max_sea_moves"]) - record.moves
    board = state.board
    found: list[Action] = []
    for place in sea_moves(state, hunter):
        if place in blocked_seas(state):
            continue
        if board.is_town(place) or (left > 1 and any(
                board.is_town(p) for p in board.sea[place])):
            found.append(ChoosePlace(place))
    return found or [ChoosePlace(p) for p in sea_moves(state, hunter)]


def _apply_storm_move(state: FuryState, record: CardStep, action: Action) -> None:
    from .movement import move_hunter

    assert isinstance(action, ChoosePlace)
    group = state.group_of(record.hunter)
    for member in group:
        move_hunter(state, member, action.place)
    state.say("control_storms", f"Control Storms: Dracula drives "
              f"{' and '.join(HUNTER_NAMES[m] for m in group)} to {action.place}",
              hunters=list(group), to=action.place)
    if state.board.is_sea(action.place):
        state.stack[-1] = attrs.evolve(record, moves=record.moves + 1)
        return
    state.stack.pop()
    _replace_movement(state, record.hunter, group)


def _replace_movement(state: FuryState, seat: str, group: tuple[str, ...]) -> None:
    """A card moved the Hunter (group) instead of his Movement Phase: his Action Phase
    follows in the Town he was taken to (Control Storms, Wild Horses)."""
    from .movement import group_has_moved

    window = find(state, EventWindow)
    if window is not None and window.timing == "hunter_movement_start":
        remove(state, window)
    movement = find(state, HunterMovement)
    if movement is not None:
        remove(state, movement)
    group_has_moved(state, seat, group)
    town = state.hunters[seat].location
    assert town is not None
    for member in group:
        state.hunters[member].took_items = False
    state.seq.advance()
    state.stack.append(HunterAction(seat, group, town, arrived=True))


def _horse_towns(state: FuryState, record: CardStep) -> list[Action]:
    here = state.hunters[record.hunter].location
    assert here is not None
    return [ChoosePlace(t) for t in state.board.road[here]]


def _apply_wild_horses(state: FuryState, record: CardStep, action: Action) -> None:
    """Wild Horses: Dracula moves the Hunter (the whole group) one Town by Road; he meets
    any Encounter there at once as if searching, then may take Weapons and Events."""
    from .movement import relocate

    assert isinstance(action, ChoosePlace)
    state.stack.pop()
    group = state.group_of(record.hunter)
    for member in group:
        state.hunters[member].voyage = []
        relocate(state, member, action.place)
    state.say("wild_horses", f"Wild Horses carry {' and '.join(HUNTER_NAMES[m] for m in group)}"
              f" to {action.place}", hunters=list(group), to=action.place)
    _replace_movement(state, record.hunter, group)


def _evasion_towns(state: FuryState) -> list[str]:
    occupied = {h.location for h in state.hunters.values() if h.alive}
    here = state.dracula.location
    return [t for t in _towns(state) if t not in occupied and t not in state.hosts
            and t != here]


def _evasion_options(state: FuryState, record: CardStep) -> list[Action]:
    return [ChoosePlace(t) for t in _evasion_towns(state)]


def _apply_evasion(state: FuryState, record: CardStep, action: Action) -> None:
    """Evasion: Dracula moves in secret straight to any Town (none with a Hunter or a Host
    Marker); the Local Rumours Marker goes into the box he vacated. Ruling: that is his
    whole turn (no Action Phase follows)."""
    from .tracker import hypothesis_of

    assert isinstance(action, ChoosePlace)
    state.stack.pop()
    d = state.dracula
    d.history.append(hypothesis_of(state))
    occupied = sorted({h.location for h in state.hunters.values()
                       if h.alive and h.location is not None
                       and state.board.is_town(h.location)})
    state.clues.append({"k": "evasion", "occupied": occupied, "hosts": sorted(state.hosts)})
    here = d.location
    if here is not None and state.board.is_town(here):
        d.rumours = here
    d.location = action.place
    d.voyage = []
    d.must_leave = False
    d.castle_turns = 0
    d.moved = True
    d.trail.append(action.place)
    state.tell(event("evasion", f"Dracula evades to {action.place}", town=action.place),
               DRACULA_SCOPE, event("evasion", "Dracula evades to a Town unknown"))
    state.seq.end_turn()


def _apply_harker(state: FuryState, record: CardStep, action: Action) -> None:
    """Jonathan Harker searches the Town named: if Dracula is there, he fights him."""
    from .fight import start_harker_fight

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
    start_harker_fight(state, town, record.seat)


STEP_OPTIONS: dict[str, Callable[[FuryState, CardStep], list[Action]]] = {
    "sensationalist_press": _places_other, "hired_scouts": _scout_towns,
    "stormy_seas": _storm_seas, "heavenly_host": _host_options, "re_equip": _re_equip_options,
    "seduction": _victims, "rage": _victims, "hypnosis": _declare,
    "vampiric_influence": _declare, "control_storms": _storm_moves,
    "wild_horses": _horse_towns, "evasion": _evasion_options,
    "jonathan_harker": lambda s, r: [ChoosePlace(t) for t in _towns(s)],
}
STEP_APPLY: dict[str, Callable[[FuryState, CardStep, Action], None]] = {
    "sensationalist_press": _apply_sensationalist, "hired_scouts": _apply_scouts,
    "stormy_seas": _apply_stormy, "heavenly_host": _apply_host, "re_equip": _apply_re_equip,
    "seduction": _apply_seduction_victim, "rage": _apply_rage_victim,
    "hypnosis": _apply_declare, "vampiric_influence": _apply_declare,
    "control_storms": _apply_storm_move, "wild_horses": _apply_wild_horses,
    "evasion": _apply_evasion, "jonathan_harker": _apply_harker,
}


# -- cards played at once -------------------------------------------------------------------
def queue_drawn(state: FuryState, seat: str, members: tuple[str, ...],
                drawn: list[tuple[str, str]]) -> None:
    """Cards not marked Keep that were drawn are played at once, in the order drawn; extra
    copies drawn at the same time are ignored (Mishap, Sense of Emergency)."""
    at_once = [c for _, c in drawn if not card_of(state, c).keep]
    if not at_once:
        return
    discard_ignored(state, members, drawn)
    kept = effective_draws(at_once, state.rules.events)
    state.stack.append(PlayAtOnce(seat, members, tuple(kept)))


def run_play_at_once(state: FuryState, record: PlayAtOnce) -> None:
    if not record.cards:
        state.stack.pop()
        return
    card_id, rest = record.cards[0], record.cards[1:]
    state.stack[-1] = attrs.evolve(record, cards=rest)
    holder = next((m for m in record.members if card_id in state.hunters[m].events), "")
    if holder:
        play(state, holder, card_id, hunter=record.seat, chit=",".join(record.members))


def discard_ignored(state: FuryState, members: tuple[str, ...], drawn: list[tuple[str, str]]
                    ) -> None:
    """Extra copies of Mishap or Sense of Emergency drawn together go to the discards."""
    at_once = [c for _, c in drawn if not card_of(state, c).keep]
    kept = list(effective_draws(at_once, state.rules.events))
    for taker, card in drawn:
        if card not in at_once:
            continue
        if card in kept:
            kept.remove(card)
        elif card in state.hunters[taker].events:
            state.hunters[taker].events.remove(card)
            state.event_deck.discard(card)
