"""What a seat is asked, and its choices, in words a player at the table understands.

:func:`prompt` words the decision on top of the stack for the seat that makes it, in
the rulebook's terms ("Van Helsing (in Paris): choose your Movement Phase move",
"Dracula: choose your combat chit for round 2 (Bite, Dodge, ...)"); :func:`describe`
labels one of that seat's actions ("move to Paris by Road", "take the train", "play
Garlic", "choose the Dodge chit"). Both read only what the seat may know: a Hunter's
words come from public facts and the Hunters' own secrets, never from Dracula's place,
chits, Encounter Set or cards. Places, chits and cards go by their printed names.

    >>> import gothic_kernel as gk
    >>> state = gk.load_game("fury1987").new_game(seed=1)
    >>> state.prompt("godalming")
    'Lord Godalming: choose the Town to start in (Starting the Game).'
    >>> state.describe_action("godalming", state.legal_actions("godalming")[0])
    'start in Alicante'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from .actions import (
    ATTACK_DRACULA,
    CATCH_TRAIN,
    DO_NOTHING,
    ENCOUNTER_VAMPIRE,
    KEEP_GARLIC,
    KEEP_WEAPONS,
    LEAVE_GROUP,
    LEAVE_VAMPIRE,
    LET_DRACULA_BE,
    NO_EVENT,
    PASS,
    PLACE_HOST,
    REVEAL_DOGS,
    REVEAL_GARLIC,
    STAY_PUT,
    TREAT_BITE,
    WAIT_FOR_GROUP,
    ChaseTo,
    ChooseChit,
    ChooseHunter,
    ChoosePlace,
    ChooseResult,
    ChooseVictim,
    ConsumeVampire,
    DeclareMove,
    DeclareTarget,
    DiscardEvent,
    DiscardWeapon,
    FormGroup,
    GiveWeapon,
    MoveTo,
    PlaceEncounter,
    PlayEvent,
    RemoveHost,
    RideTo,
    StartIn,
    SwapEncounters,
    SwapWeapons,
    TakeItems,
    TakeWeapon,
    TeamUp,
)
from .event_cards import TIMINGS
from .fight import HARKER
from .pending import (
    BatFlight,
    BatsChase,
    CardStep,
    ChooseStart,
    Combat,
    DieRoll,
    DraculaAction,
    EventDiscard,
    EventWindow,
    FightChoice,
    HunterMovement,
    ItemChoice,
    NewWeapons,
    Pending,
    TrainRide,
    VampireChoice,
    VampireVictim,
    WeaponSwap,
)
from .state import DRACULA, HUNTER_NAMES, WEAPON_LIMIT, counted
from .wording import fighter_name

if TYPE_CHECKING:
    from gothic_kernel import Action

    from .state import FuryState

def seat_name(seat: str) -> str:
    """A seat (or a fighter) as the rulebook names it: "Dracula", "Lord Godalming", "Dr
    Seward", "Jonathan Harker", "Agent 2"."""
    if seat in (DRACULA, HARKER, *HUNTER_NAMES) or seat.startswith("agent_"):
        return fighter_name(seat)
    return seat.replace("_", " ").title()


def _names(seats: tuple[str, ...] | list[str]) -> str:
    """ "Lord Godalming", "Lord Godalming and Dr Seward", "A, B and C"."""
    said = [seat_name(s) for s in seats]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def printed(state: FuryState, thing: str) -> str:
    """The printed name of a place, chit or card id."""
    return state.rules.printed.get(thing) or thing.replace("_", " ").title()


def place_name(state: FuryState, place: str) -> str:
    """A place as a sentence names it: "Paris", "the North Sea"."""
    name = printed(state, place)
    board = state.board
    return f"the {name}" if place in board and board.is_sea(place) else name


def _listing(state: FuryState, things: tuple[str, ...] | list[str]) -> str:
    """Printed names joined with commas and "and", counted when repeated."""
    counts = Counter(things)
    parts = [printed(state, t) if n == 1 else f"{n} {printed(state, t)}"
             for t, n in counts.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


# -- prompts ----------------------------------------------------------------------------------
def prompt(state: FuryState, seat: str) -> str:
    """What ``seat`` (who may act now) is asked, one sentence."""
    record = state.stack[-1]
    words = _PROMPTS.get(record.KIND)
    said = words(state, record, seat) if words is not None else \
        f"{seat_name(seat)}: decide ({record.RULE})"
    return said if said.endswith((".", "!", "?")) else said + "."


def _start(state: FuryState, record: Pending, seat: str) -> str:
    if seat == DRACULA:
        return "Dracula: choose your starting Town in secret, not one a Hunter is in " \
               "(Starting the Game)"
    return f"{seat_name(seat)}: choose the Town to start in (Starting the Game)"


def _dracula_movement(state: FuryState, record: Pending, seat: str) -> str:
    d = state.dracula
    where = place_name(state, d.location or "")
    blood = counted(d.blood, "Blood Point")
    declared = state.cards.get("declared", {}).get(DRACULA)
    if declared is not None:
        return (f"Dracula (in {where}, {blood}): make the move you declared "
                f"({_declared(state, str(declared))}) if you can (Dracula's Movement)")
    if d.fleeing:
        return (f"Dracula (in {where}): you are fleeing; choose your move towards Castle "
                "Dracula (Blood Points - Fleeing)")
    if d.at_sea:
        return (f"Dracula (in {where}, {blood}): choose your next Sea Move "
                "in secret (no Passing at Sea)")
    return (f"Dracula (in {where}, {blood}): choose your Movement Phase "
            "move in secret: by Road or Sea, Pass, stay, or consume a Vampire")


def _dracula_swap(state: FuryState, record: Pending, seat: str) -> str:
    return ("Dracula: you Passed; choose the Encounter Chits to exchange for new ones from "
            "the Encounter Pool (Movement - Passing)")


def _dracula_action(state: FuryState, record: Pending, seat: str) -> str:
    assert isinstance(record, DraculaAction)
    where = place_name(state, state.dracula.location or "")
    if record.stage == "idle":
        return f"Dracula (in {where}): at Sea you have no Action Phase; confirm it in secret"
    if where and state.dracula.location in state.chart:
        return (f"Dracula (in {where}): the Town box already holds an Encounter; confirm "
                "your Action Phase in secret")
    return (f"Dracula (in {where}): place an Encounter from your Encounter Set, or do "
            "nothing (Dracula's Action Phase)")


def _bat_flight(state: FuryState, record: Pending, seat: str) -> str:
    assert isinstance(record, BatFlight)
    return (f"Dracula: you escaped as a bat; choose the Town you fly to from "
            f"{place_name(state, record.town)} (Reference 2 - Escape (Bat))")


def _hunter_movement(state: FuryState, record: Pending, seat: str) -> str:
    assert isinstance(record, HunterMovement)
    hunter = state.hunters[seat]
    where = place_name(state, hunter.location or "")
    group = state.group_of(seat)
    who = seat_name(seat)
    if len(group) > 1:
        others = _names([m for m in group if m != seat])
        who = f"{who} (in {where}, in a group with {others})"
        phase = "choose the group's Movement Phase move"
    else:
        who = f"{who} (in {where})"
        phase = "choose your Movement Phase move"
    if "missed_train" in record.done:
        return f"{who}: no train this turn; move by Road or Sea, or stay (Movement)"
    if hunter.location is not None and state.board.is_sea(hunter.location):
        return f"{who}: sail on or disembark at a Port; no one may stay at Sea (Movement)"
    declared = state.cards.get("declared", {}).get(seat)
    if declared is not None:
        return f"{who}: make the move you declared ({_declared(state, str(declared))})"
    return f"{who}: {phase} (Movement)"


def _train_ride(state: FuryState, record: Pending, seat: str) -> str:
    assert isinstance(record, TrainRide)
    train = next((t.name for t in state.rules.railway_chart.trains if t.id == record.train),
                 "train")
    where = place_name(state, state.hunters[seat].location or "")
    return (f"{_names(record.movers)} caught the {train} in {where}: choose the Town to "
            "get off at (Movement - Rail Movement)")


def _weapon_swap(state: FuryState, record: Pending, seat: str) -> str:
    return (f"{seat_name(seat)}: you Passed; choose the Weapon Chits to swap for new ones "
            "from the Weapons Pool (Movement - Passing)")


def _vampire_choice(state: FuryState, record: Pending, seat: str) -> str:
    assert isinstance(record, VampireChoice)
    return (f"{_names(record.members)}: a Vampire is found in "
            f"{place_name(state, record.town)}; encounter it or leave it (Encounters)")


def _vampire_victim(state: FuryState, record: Pending, seat: str) -> str:
    assert isinstance(record, VampireVictim)
    return (f"Dracula: choose the Hunter your Vampire in {place_name(state, record.town)} "
            "attacks (Encounters)")


def _bats_chase(state: FuryState, record: Pending, seat: str) -> str:
    assert isinstance(record, BatsChase)
    return (f"Dracula: choose the Town your Bats drive {_names(record.members)} to from "
            f"{place_name(state, record.town)} (Encounters)")


def _fight_choice(state: FuryState, record: Pending, seat: str) -> str:
    assert isinstance(record, FightChoice)
    return (f"{_names(record.members)}: Dracula is in {place_name(state, record.town)}; "
            "attack him or let him be (Meeting Dracula)")


def _item_choice(state: FuryState, record: Pending, seat: str) -> str:
    assert isinstance(record, ItemChoice)
    up_to = "one item" if record.limit == 1 else f"up to {record.limit} items"
    return (f"{_names(record.members)}: declare the Weapon Chits and Event Cards taken in "
            f"{place_name(state, record.town)}, {up_to} (New Weapons and Events)")


def _new_weapons(state: FuryState, record: Pending, seat: str) -> str:
    hunter = state.hunters[seat]
    held = len(hunter.weapons)
    if held > WEAPON_LIMIT:
        return (f"{seat_name(seat)}: you hold {held} Weapon Chits; discard one (never more "
                "than three)")
    if "dogs" in hunter.hidden_weapons():
        return f"{seat_name(seat)}: reveal the Dogs you hold, or keep your Weapon Chits"
    return f"{seat_name(seat)}: you have drawn your Weapon Chits; keep them"


def _event_discard(state: FuryState, record: Pending, seat: str) -> str:
    return (f"{seat_name(seat)}: you hold more than three Event Cards; discard one or play "
            "one at once (Event Cards)")


def _event_window(state: FuryState, record: Pending, seat: str) -> str:
    assert isinstance(record, EventWindow)
    return f"{seat_name(seat)}: play an Event Card {_when(state, record)}, or none"


def _when(state: FuryState, record: EventWindow) -> str:
    """The moment an Event Card window is open, in words."""
    hunter = seat_name(record.hunter) if record.hunter else "the Hunter"
    found = {
        "encounter_revealed": lambda: f"now that {printed(state, record.chit)} is revealed "
                                      f"in {place_name(state, record.town)}",
        "response_to_hunter_card": lambda: f"in answer to {printed(state, record.chit)}",
        "hunter_movement_start": lambda: f"at the start of {hunter}'s Movement Phase",
        "hunter_movement_end": lambda: f"as {hunter} ends his Movement Phase",
        "hunter_action_end": lambda: f"at the end of {hunter}'s Action Phase",
        "catching_train": lambda: f"as {hunter} tries to catch a train",
        "after_die_roll": lambda: _after_roll(state),
        "start_of_combat_round": lambda: f"at the start of combat round {_round(state)}",
    }.get(record.timing)
    return found() if found is not None else TIMINGS.get(record.timing, "now")


def _round(state: FuryState) -> int:
    fight = next((r for r in reversed(state.stack) if isinstance(r, Combat)), None)
    return fight.round if fight is not None else 1


_ROLLS = {"railway": "on the Railway Station Chart", "encounter": "against an Encounter",
          "initiative": "for initiative", "holy_water": "for Holy Water",
          "hypnosis": "for Hypnosis", "heroic_leap": "for Heroic Leap",
          "castle_vampire": "against a Vampire in Castle Dracula", "knife": "with a Knife",
          "sacred_bullets": "for Sacred Bullets",
          "superstitious_carriers": "for Superstitious Carriers"}


def _after_roll(state: FuryState) -> str:
    rolled = next((r for r in reversed(state.stack) if isinstance(r, DieRoll)), None)
    if rolled is None:
        return "straight after the die roll"
    return (f"now that {seat_name(rolled.seat)} rolled {rolled.roll} "
            f"{_ROLLS.get(rolled.what, 'a die')}")


def _card_step(state: FuryState, record: Pending, seat: str) -> str:
    assert isinstance(record, CardStep)
    card = printed(state, record.card)
    ask = _STEP_PROMPTS.get((record.card, record.stage), "choose")
    if record.card == "hired_scouts":
        total = int(state.rules.events[record.card].effect.get("towns", 2))
        ask = f"{ask} ({len(record.picks) + 1} of {total})"
    if record.card == "control_storms":
        ask = f"{ask} {_names(state.group_of(record.hunter))} to"
    if record.card == "wild_horses":
        ask = f"{ask} {_names(state.group_of(record.hunter))} to"
    return f"{seat_name(seat)}: {card}: {ask}"


_STEP_PROMPTS: dict[tuple[str, str], str] = {
    ("sensationalist_press", "other"): "name a second place the papers report",
    ("hired_scouts", "town"): "choose a Town for the Hired Scouts to search",
    ("stormy_seas", "sea"): "choose the Sea Sector the storm blocks",
    ("stormy_seas", "port"): "choose the adjacent Port you are driven into",
    ("heavenly_host", "from"): "choose the Host Marker to move",
    ("heavenly_host", "to"): "choose the Town the Heavenly Host goes to",
    ("re_equip", "discard"): "choose the Weapon Chit to discard",
    ("re_equip", "take"): "choose the Weapon Chit you take from the Weapons Pool",
    ("seduction", "victim"): "choose the Hunter who is bitten",
    ("rage", "victim"): "choose the Hunter whose Weapon you snatch",
    ("hypnosis", "declare"): "declare your next move",
    ("vampiric_influence", "declare"): "declare your next move",
    ("control_storms", "sail"): "choose the Sea Sector or Port you drive",
    ("wild_horses", "town"): "choose the Town the horses carry",
    ("evasion", "town"): "choose the Town you move to in secret",
    ("jonathan_harker", "town"): "name the Town Jonathan Harker searches",
}


def _combat(state: FuryState, record: Pending, seat: str) -> str:
    assert isinstance(record, Combat)
    stage = _COMBAT_PROMPTS.get(record.stage)
    said = stage(state, record, seat) if stage is not None else "decide"
    return f"{seat_name(seat)}: {said}" + ("" if said.endswith(")") else " (Combat)")


def _foes(record: Combat, seat: str) -> str:
    """Who ``seat`` fights in ``record``, as the seat names them."""
    if seat == DRACULA:
        return _names(record.hunters)
    return "Dracula" if record.side == "dracula" else "Dracula's Agents"


def _garlic_prompt(state: FuryState, record: Combat, seat: str) -> str:
    return "reveal Garlic before the time of day is rolled, or not (Reference 3 - Garlic)"


def _choose_prompt(state: FuryState, record: Combat, seat: str) -> str:
    from .fight import _owner

    mine = [f for e in record.engagements for f in e.fighters
            if _owner(f, record) == seat and f not in record.chosen]
    mine = list(dict.fromkeys(mine))
    if mine == [seat]:
        whose = "your combat chit"
    elif len(mine) == 1:
        whose = f"{seat_name(mine[0])}'s combat chit"
    else:
        whose = f"a combat chit for each of {_names(mine)}"
    said = f"choose {whose} for round {record.round} against {_foes(record, seat)}, in secret"
    if len(mine) != 1:
        return said
    from .fight import chit_options

    chits = ", ".join(printed(state, c) for c in chit_options(state, record, mine[0]))
    return f"{said} ({chits})"


def _target_prompt(state: FuryState, record: Combat, seat: str) -> str:
    from .fight import _needing_target

    needed = _needing_target(record)
    fighter = needed[1] if needed is not None else seat
    if fighter == seat:
        return "declare whom you attack this round (Hunter Groups - Group Combat)"
    return (f"declare whom {seat_name(fighter)} attacks this round (Hunter Groups - Group "
            "Combat)")


def _result_prompt(state: FuryState, record: Combat, seat: str) -> str:
    return ("your side outnumbers its foe: choose which result to apply (Hunter Groups - "
            "Group Combat)")


def _team_up_prompt(state: FuryState, record: Combat, seat: str) -> str:
    fighter = record.team_up[0] if record.team_up else seat
    whose = "your" if fighter == seat else f"{seat_name(fighter)}'s"
    return f"{whose} foe has fallen; choose the fight to join (Hunter Groups - Group Combat)"


_COMBAT_PROMPTS: dict[str, Callable[[FuryState, Combat, str], str]] = {
    "garlic": _garlic_prompt, "choose": _choose_prompt, "target": _target_prompt,
    "result": _result_prompt, "team_up": _team_up_prompt,
}

_PROMPTS: dict[str, Callable[[FuryState, Pending, str], str]] = {
    ChooseStart.KIND: _start, "dracula_movement": _dracula_movement,
    "dracula_swap": _dracula_swap, "dracula_action": _dracula_action,
    "bat_flight": _bat_flight, "hunter_movement": _hunter_movement,
    "train_ride": _train_ride, WeaponSwap.KIND: _weapon_swap,
    "vampire_choice": _vampire_choice, "vampire_victim": _vampire_victim,
    "bats_chase": _bats_chase, "fight_choice": _fight_choice, "item_choice": _item_choice,
    NewWeapons.KIND: _new_weapons, EventDiscard.KIND: _event_discard,
    "event_window": _event_window, "card_step": _card_step, "combat": _combat,
}


# -- labels -------------------------------------------------------------------------------------
def describe(state: FuryState, seat: str, action: Action) -> str:
    """A short label of one of ``seat``'s actions."""
    record = state.stack[-1] if state.stack else None
    words = _LABELS.get(type(action))
    if words is not None:
        return words(state, record, seat, action)
    fixed = _FIXED.get(action)
    if fixed is not None:
        return fixed(state, record, seat)
    return action.TYPE.replace("_", " ")


def _declared(state: FuryState, move: str) -> str:
    if move == "train":
        return "catch a train"
    if move == "pass":
        return "Pass"
    if move == "stay":
        return "stay where he is"
    return f"move to {place_name(state, move)}"


def _move_to(state: FuryState, record: Pending | None, seat: str, action: Action) -> str:
    assert isinstance(action, MoveTo)
    to = place_name(state, action.to)
    if isinstance(record, BatFlight):
        return f"fly to {to}"
    here = state.dracula.location if seat == DRACULA else state.hunters[seat].location
    board = state.board
    if action.to in board and board.is_sea(action.to):
        return f"sail to {to}"
    if here is not None and here in board and board.is_sea(here):
        return f"disembark at {to}"
    return f"move to {to} by Road"


def _stay(state: FuryState, record: Pending | None, seat: str) -> str:
    here = state.dracula.location if seat == DRACULA else state.hunters[seat].location
    where = place_name(state, here or "")
    if isinstance(record, BatFlight):
        return f"stay in {where} (nowhere to fly)"
    return f"stay in {where}"


def _pass(state: FuryState, record: Pending | None, seat: str) -> str:
    if seat == DRACULA:
        return "Pass (and exchange Encounter Chits)"
    return "Pass (and swap Weapon Chits)"


def _do_nothing(state: FuryState, record: Pending | None, seat: str) -> str:
    return "do nothing"


def _play_event(state: FuryState, record: Pending | None, seat: str, action: Action) -> str:
    assert isinstance(action, PlayEvent)
    card = printed(state, action.card)
    if action.holder and action.holder != seat:
        return f"play {card} from {seat_name(action.holder)}'s hand"
    return f"play {card}"


def _swap_encounters(state: FuryState, record: Pending | None, seat: str,
                     action: Action) -> str:
    assert isinstance(action, SwapEncounters)
    if not action.discard:
        return "exchange no Encounter Chits"
    return f"exchange {_listing(state, action.discard)}"


def _swap_weapons(state: FuryState, record: Pending | None, seat: str, action: Action) -> str:
    assert isinstance(action, SwapWeapons)
    if not action.discard:
        return "swap no Weapon Chits"
    return f"swap {_listing(state, action.discard)}"


def _give_weapon(state: FuryState, record: Pending | None, seat: str, action: Action) -> str:
    assert isinstance(action, GiveWeapon)
    gift = (f"{seat_name(action.giver)} gives {printed(state, action.weapon)} to "
            f"{seat_name(action.taker)}")
    return f"{gift} for {printed(state, action.back)}" if action.back else gift


def _take_items(state: FuryState, record: Pending | None, seat: str, action: Action) -> str:
    assert isinstance(action, TakeItems)
    if not action.weapons and not action.events:
        return "take nothing"
    members = record.members if isinstance(record, ItemChoice) else (seat,)
    parts = []
    for takers, noun in ((action.weapons, "Weapon Chit"), (action.events, "Event Card")):
        for taker, n in Counter(takers).items():
            what = f"{n} {noun}" + ("s" if n > 1 else "")
            parts.append(what if len(members) == 1 else f"{what} for {seat_name(taker)}")
    return "take " + " and ".join(parts)


def _choose_chit(state: FuryState, record: Pending | None, seat: str, action: Action) -> str:
    assert isinstance(action, ChooseChit)
    chit = printed(state, action.chit)
    if action.fighter == seat:
        return f"choose the {chit} chit"
    return f"choose the {chit} chit for {seat_name(action.fighter)}"


def _declare_target(state: FuryState, record: Pending | None, seat: str,
                    action: Action) -> str:
    assert isinstance(action, DeclareTarget)
    if action.fighter == seat:
        return f"attack {seat_name(action.target)}"
    return f"{seat_name(action.fighter)} attacks {seat_name(action.target)}"


def _choose_result(state: FuryState, record: Pending | None, seat: str,
                   action: Action) -> str:
    assert isinstance(action, ChooseResult)
    if not isinstance(record, Combat) or not record.winner:
        return f"result {action.option + 1} of fight {action.engagement + 1}"
    from .fight import _found
    from .wording import result_in_words

    found = _found(state, record)
    if not 0 <= action.engagement < len(found) \
            or not 0 <= action.option < len(found[action.engagement].options):
        return f"result {action.option + 1} of fight {action.engagement + 1}"
    pairing = found[action.engagement].options[action.option]
    return (f"apply {seat_name(pairing.hunter)}'s {printed(state, pairing.hunter_chit)} "
            f"against {seat_name(pairing.opponent)}'s {printed(state, pairing.opponent_chit)}"
            f": {result_in_words(state.rules.printed, pairing)}")


def _team_up(state: FuryState, record: Pending | None, seat: str, action: Action) -> str:
    assert isinstance(action, TeamUp)
    who = seat_name(action.fighter)
    if action.join.isdigit() and isinstance(record, Combat) \
            and int(action.join) < len(record.engagements):
        fight = record.engagements[int(action.join)]
        foes = fight.opponents if action.fighter not in fight.opponents \
            and not action.fighter.startswith("agent_") else fight.hunters
        return f"{who} joins the fight against {_names(foes)}"
    return f"{who} takes on {seat_name(action.join)}"


def _choose_place(state: FuryState, record: Pending | None, seat: str, action: Action) -> str:
    assert isinstance(action, ChoosePlace)
    where = place_name(state, action.place)
    if not isinstance(record, CardStep):
        return f"choose {where}"
    verb = _PLACE_VERBS.get((record.card, record.stage), "choose")
    return f"{verb} {where}"


_PLACE_VERBS: dict[tuple[str, str], str] = {
    ("sensationalist_press", "other"): "name",
    ("hired_scouts", "town"): "scout",
    ("stormy_seas", "sea"): "block",
    ("stormy_seas", "port"): "land at",
    ("heavenly_host", "from"): "move the Host from",
    ("heavenly_host", "to"): "put the Host over",
    ("control_storms", "sail"): "drive them to",
    ("wild_horses", "town"): "carry them to",
    ("evasion", "town"): "evade to",
    ("jonathan_harker", "town"): "Harker searches",
}


def _choose_hunter(state: FuryState, record: Pending | None, seat: str,
                   action: Action) -> str:
    assert isinstance(action, ChooseHunter)
    if isinstance(record, CardStep) and record.card == "rage":
        return f"snatch {seat_name(action.hunter)}'s Weapon"
    if isinstance(record, CardStep) and record.card == "seduction":
        return f"bite {seat_name(action.hunter)}"
    return f"choose {seat_name(action.hunter)}"


def _declare_move(state: FuryState, record: Pending | None, seat: str, action: Action) -> str:
    assert isinstance(action, DeclareMove)
    move = action.move
    if move == "train":
        return "declare: catch a train"
    if move == "pass":
        return "declare: Pass"
    if move == "stay":
        return "declare: stay"
    return f"declare: move to {place_name(state, move)}"


def _arg(action: Action, name: str) -> str:
    """A field of ``action`` as text (the label functions below are keyed by type)."""
    return str(getattr(action, name))


def _simple(text: Callable[[FuryState, Action], str]
            ) -> Callable[[FuryState, Pending | None, str, Action], str]:
    return lambda state, record, seat, action: text(state, action)


def _form_group(state: FuryState, record: Pending | None, seat: str, action: Action) -> str:
    assert isinstance(action, FormGroup)
    return "form a group with " + _names([m for m in action.members if m != seat])


_LABELS: dict[type, Callable[[FuryState, Pending | None, str, Action], str]] = {
    StartIn: _simple(lambda s, a: f"start in {place_name(s, _arg(a, 'town'))}"),
    MoveTo: _move_to,
    RideTo: _simple(lambda s, a: f"get off at {place_name(s, _arg(a, 'town'))}"),
    SwapEncounters: _swap_encounters,
    SwapWeapons: _swap_weapons,
    ConsumeVampire: _simple(
        lambda s, a: f"consume the Vampire in {place_name(s, _arg(a, 'town'))}"),
    RemoveHost: _simple(
        lambda s, a: f"take the Heavenly Host off {place_name(s, _arg(a, 'town'))}"),
    FormGroup: _form_group,
    GiveWeapon: _give_weapon,
    PlaceEncounter: _simple(lambda s, a: f"place {printed(s, _arg(a, 'chit'))} in "
                                         f"{place_name(s, s.dracula.location or '')}"),
    ChooseVictim: _simple(lambda s, a: f"the Vampire attacks {seat_name(_arg(a, 'hunter'))}"),
    ChaseTo: _simple(lambda s, a: f"drive them to {place_name(s, _arg(a, 'town'))}"),
    TakeItems: _take_items,
    DiscardWeapon: _simple(lambda s, a: f"discard {printed(s, _arg(a, 'weapon'))}"),
    DiscardEvent: _simple(lambda s, a: f"discard {printed(s, _arg(a, 'card'))}"),
    ChooseChit: _choose_chit,
    DeclareTarget: _declare_target,
    ChooseResult: _choose_result,
    TeamUp: _team_up,
    PlayEvent: _play_event,
    ChoosePlace: _choose_place,
    ChooseHunter: _choose_hunter,
    TakeWeapon: _simple(
        lambda s, a: f"take {printed(s, _arg(a, 'weapon'))} from the Weapons Pool"),
    DeclareMove: _declare_move,
}

_FIXED: dict[object, Callable[[FuryState, Pending | None, str], str]] = {
    PASS: _pass,
    STAY_PUT: _stay,
    CATCH_TRAIN: lambda s, r, seat: "take the train (roll on the Railway Station Chart)",
    REVEAL_DOGS: lambda s, r, seat: "reveal Dogs",
    KEEP_WEAPONS: lambda s, r, seat: "keep these Weapon Chits",
    PLACE_HOST: lambda s, r, seat: (
        f"place a Heavenly Host over {place_name(s, s.hunters[seat].location or '')}"),
    TREAT_BITE: lambda s, r, seat: "treat the bite with Holy Water (and miss the turn)",
    LEAVE_GROUP: lambda s, r, seat: "leave the group",
    WAIT_FOR_GROUP: lambda s, r, seat: "let the group move later this turn",
    DO_NOTHING: _do_nothing,
    ENCOUNTER_VAMPIRE: lambda s, r, seat: "encounter the Vampire",
    LEAVE_VAMPIRE: lambda s, r, seat: "leave the Vampire be",
    ATTACK_DRACULA: lambda s, r, seat: "attack Dracula",
    LET_DRACULA_BE: lambda s, r, seat: "let Dracula be",
    REVEAL_GARLIC: lambda s, r, seat: "reveal Garlic",
    KEEP_GARLIC: lambda s, r, seat: "reveal no Garlic",
    NO_EVENT: lambda s, r, seat: "play no Event Card",
}
