"""Who fights and with what: the record of a fight as the rules read it.

A fight (:class:`fury1987.fight.Combat`) pairs its fighters in engagements (Group
Combat); this module answers what the record says, without changing it: where it stands
(:class:`Stage`, the Combat Sequence), whose chit each seat chooses, the chits a fighter
holds and may choose now (Restrictions on Combat), who must still declare a target, the
initiative modifiers, the boxes of the Combat Action Board the round's chits point to,
the ways a fighter whose foe fell may rejoin the fight, and the fight in words: the
question each seat is asked, the labels of its choices, what a viewer sees of it.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

from gothic_kernel import PUBLIC

from .actions import ChooseResult, TeamUp
from .board import CASTLE_DRACULA
from .combat_round import (
    NO_HISTORY,
    ChoiceConditions,
    EngagementResults,
    FighterKind,
    HunterInCombat,
    cross_reference,
    escapes_barred_through,
    hunters_initiative_modifier,
    legal_chits,
    opponent_initiative_modifier,
    team_up,
    team_up_options,
)
from .combat_tables import Winner
from .records import evolve
from .seats import DRACULA, HARKER, HUNTERS
from .wording import printed, result_in_words, seat_list, seat_name

if TYPE_CHECKING:
    from .fight import Combat
    from .state import FuryState

BASIC_CHITS = ("dodge", "escape", "fist")
HUNTER_SIDE = frozenset({*HUNTERS, HARKER})
class Stage(enum.StrEnum):
    """Where a combat stands in the Combat Sequence (``Combat.stage``)."""

    #: "At the very start of combat with Dracula (even before rolling for Daytime)" each
    #: Hunter is asked whether he reveals Garlic (Reference 3 - Garlic).
    GARLIC = "garlic"
    #: The start of combat: Dawn Raid, Hour of Darkness, Escape Route may be played.
    START_CARDS = "start_cards"
    #: Dracula rolls for the time of day: "1, 2 or 3 ... during the Day".
    TIME = "time"
    #: The start of a round: Rage may be played (never after Garlic).
    ROUND_CARDS = "round_cards"
    #: Each fighter's chit, chosen in secret, all at once.
    CHOOSE = "choose"
    #: Dracula (or an outnumbered fighter) declares his target (Group Combat).
    TARGET = "target"
    #: The chits are down: Advance Planning and Trap, before the initiative rolls.
    BONUS = "bonus"
    #: Both sides roll for initiative (ties rolled again).
    ROLL = "roll"
    #: The Hunters' initiative die waits for Good Luck (``initiative_rolls`` so far).
    ROLLED = "rolled"
    #: The side that outnumbers its foe picks the result to apply, fight by fight.
    RESULT = "result"
    #: A Hunter about to be bitten may play Great Strength.
    BITE_CARDS = "bite_cards"
    #: The round's results are applied; the combat ends or goes on.
    RESOLVE = "resolve"
    #: A fighter whose foe fell joins another fight ("None of them can be 'kept in
    #: reserve'").
    TEAM_UP = "team_up"
    #: Escape Route: the combat is not fought.
    AVOIDED = "avoided"
    #: The combat is over.
    OVER = "over"


def winner(record: Combat) -> Winner:
    """The side with the initiative this round (once it is rolled)."""
    winner = record.winner
    assert winner != ""
    return winner


def owner_of(fighter: str, record: Combat | None = None) -> str:
    """The seat choosing for a fighter: a Hunter himself, Dracula for himself and his Agents,
    the Hunter who drew Jonathan Harker for Harker."""
    if fighter == HARKER and record is not None:
        return record.harker_seat
    return fighter if fighter in HUNTERS else DRACULA


def fighters_engaged(record: Combat) -> tuple[str, ...]:
    """Fighters in an engagement this round (fighters standing by choose no chit)."""
    found: list[str] = []
    for e in record.engagements:
        found.extend(f for f in e.fighters if f not in found)
    return tuple(found)


def next_garlic_holder(state: FuryState, record: Combat) -> str | None:
    """The next Hunter asked whether he reveals Garlic: every Hunter in the fight is
    asked, holding Garlic or not, so that being asked tells Dracula nothing."""
    if record.garlic_by is not None:
        return None
    for hunter in record.hunters:
        if hunter in HUNTERS and hunter not in record.garlic_asked \
                and state.hunters[hunter].alive:
            return hunter
    return None


def needing_target(record: Combat) -> tuple[int, str] | None:
    """The first engagement whose outnumbered fighter has still to declare a target, and
    that fighter: Dracula each round against a group; an Agent or a Hunter whose first
    foe has fallen."""
    for i, e in enumerate(record.engagements):
        if e.lone_opponent and e.opponents_target is None:
            return i, e.opponents[0]
        if e.lone_hunter and e.hunters_target is None:
            return i, e.hunters[0]
    return None


def result_chooser(record: Combat) -> str:
    index = record.needs_choice[len(record.result_choices)]
    engagement = record.engagements[index]
    if record.winner == "hunters":
        return next(owner_of(h, record) for h in (*HUNTERS, HARKER) if h in engagement.hunters)
    return DRACULA


def held_chits(state: FuryState, record: Combat, fighter: str) -> tuple[str, ...]:
    """The chits a fighter takes into combat (Restrictions on Combat)."""
    if fighter == DRACULA:
        return tuple(state.rules.chits.dracula)
    # (Weapons in a fixed order, not the order drawn: the list of a seat's choices
    # follows only what it knows)
    if fighter in HUNTERS:
        return (*BASIC_CHITS, *sorted(state.hunters[fighter].weapons))
    if fighter == HARKER:  # "Harker may never Escape"
        return ("dodge", "fist", *sorted(record.harker_weapons))
    return record.agent_chits[fighter]


def chit_options(state: FuryState, record: Combat, fighter: str) -> tuple[str, ...]:
    kind: FighterKind = "dracula" if fighter == DRACULA else \
        "hunter" if fighter in HUNTER_SIDE else "agent"
    dracula = kind == "dracula"
    conditions = ChoiceConditions(
        round_number=record.round,
        daytime=record.daytime and dracula,
        dodge_or_escape_only=record.dodge_or_escape_only and dracula,
        escapes_barred_through_round=max(
            escapes_barred_through(garlic=record.garlic_by is not None), record.rage_through),
    )
    side = record.side
    return legal_chits(kind, held_chits(state, record, fighter), side,
                       record.histories.get(fighter, NO_HISTORY), conditions,
                       chits=state.rules.chits, tables=state.rules.tables)


def initiative_modifiers(state: FuryState, record: Combat) -> tuple[int, int]:
    """(Hunters', opponent's) initiative modifiers this round."""
    side = record.side
    fighting = [h for h in fighters_engaged(record) if h in HUNTER_SIDE]
    in_combat = [HunterInCombat(h, state.hunters[h].dogs_face_up, state.hunters[h].bitten)
                 if h in HUNTERS else HunterInCombat(h) for h in fighting]
    hunters_mod = hunters_initiative_modifier(in_combat, side, record.round,
                                              event_bonus=record.hunters_bonus,
                                              chits=state.rules.chits)
    # Ruling 38: Dracula's bonus "when facing a Hunter who has been bitten" (Wounds -
    # Bites) counts when any Hunter he fights is bitten, whomever he declared his target.
    facing_bitten = any(h in HUNTERS and state.hunters[h].bitten for h in fighting)
    opponent_mod = opponent_initiative_modifier(
        side, in_castle=record.town == CASTLE_DRACULA, facing_bitten=facing_bitten,
        event_bonus=record.opponent_bonus, chits=state.rules.chits)
    return hunters_mod, opponent_mod


def results_found(state: FuryState, record: Combat) -> tuple[EngagementResults, ...]:
    """Every box of this round on the Combat Action Board, fight by fight."""
    return cross_reference(record.side, record.engagements, record.chosen, winner(record),
                           tables=state.rules.tables)


def team_up_choices(record: Combat, fighter: str) -> tuple[int | str, ...]:
    is_hunter = fighter in HUNTER_SIDE
    foes = record.agents_standing_by if is_hunter else record.hunters_standing_by
    return team_up_options(record.engagements, fighter, is_hunter, foes)


def joined(record: Combat, fighter: str, choice: int | str) -> Combat:
    is_hunter = fighter in HUNTER_SIDE
    foes = record.agents_standing_by if is_hunter else record.hunters_standing_by
    engagements = team_up(record.engagements, fighter, is_hunter, choice, foes)
    hunters_by = tuple(h for h in record.hunters_standing_by if h != fighter and h != choice)
    agents_by = tuple(a for a in record.agents_standing_by if a != fighter and a != choice)
    return evolve(record, engagements=engagements, hunters_standing_by=hunters_by,
                        agents_standing_by=agents_by)


def foes(record: Combat, seat: str) -> str:
    """Who ``seat`` fights in ``record``, as the seat names them."""
    if seat == DRACULA:
        return seat_list(record.hunters)
    return "Dracula" if record.side == "dracula" else "Dracula's Agents"


def combat_question(state: FuryState, record: Combat, seat: str) -> str:
    """What ``seat`` is asked at this stage of the fight."""
    match record.stage:
        case Stage.GARLIC:
            return ("reveal Garlic before the time of day is rolled, or not (Reference 3 - "
                    "Garlic)")
        case Stage.CHOOSE:
            return choose_question(state, record, seat)
        case Stage.TARGET:
            needed = needing_target(record)
            fighter = needed[1] if needed is not None else seat
            if fighter == seat:
                return "declare whom you attack this round (Hunter Groups - Group Combat)"
            return (f"declare whom {seat_name(fighter)} attacks this round (Hunter Groups - "
                    "Group Combat)")
        case Stage.RESULT:
            return ("your side outnumbers its foe: choose which result to apply (Hunter "
                    "Groups - Group Combat)")
        case Stage.TEAM_UP:
            fighter = record.team_up[0] if record.team_up else seat
            whose = "your" if fighter == seat else f"{seat_name(fighter)}'s"
            return (f"{whose} foe has fallen; choose the fight to join (Hunter Groups - Group "
                    "Combat)")
        case _:
            return "decide"


def choose_question(state: FuryState, record: Combat, seat: str) -> str:
    mine = [f for e in record.engagements for f in e.fighters
            if owner_of(f, record) == seat and f not in record.chosen]
    mine = list(dict.fromkeys(mine))
    if mine == [seat]:
        whose = "your combat chit"
    elif len(mine) == 1:
        whose = f"{seat_name(mine[0])}'s combat chit"
    else:
        whose = f"a combat chit for each of {seat_list(mine)}"
    said = f"choose {whose} for round {record.round} against {foes(record, seat)}, in secret"
    if len(mine) != 1:
        return said
    chits = ", ".join(printed(state, c) for c in chit_options(state, record, mine[0]))
    return f"{said} ({chits})"


def result_label(state: FuryState, record: Combat, action: ChooseResult) -> str | None:
    """A result to apply, in words (None if the action names no result of this round)."""
    found = results_found(state, record)
    if not 0 <= action.engagement < len(found) \
            or not 0 <= action.option < len(found[action.engagement].options):
        return None
    pairing = found[action.engagement].options[action.option]
    return (f"apply {seat_name(pairing.hunter)}'s {printed(state, pairing.hunter_chit)} "
            f"against {seat_name(pairing.opponent)}'s {printed(state, pairing.opponent_chit)}"
            f": {result_in_words(state.rules.printed, pairing)}")


def team_up_label(record: Combat, action: TeamUp) -> str | None:
    """Joining a fight of this combat, in words (None if the action names no fight)."""
    if not (action.join.isdigit() and int(action.join) < len(record.engagements)):
        return None
    fight = record.engagements[int(action.join)]
    foes = fight.opponents if action.fighter not in fight.opponents \
        and not action.fighter.startswith("agent_") else fight.hunters
    return f"{seat_name(action.fighter)} joins the fight against {seat_list(foes)}"


def combat_view(record: Combat, viewer: str) -> dict[str, Any]:
    """The fight as ``viewer`` sees it: every chit placed this round is "chosen" until
    revealed, but for the side that placed it."""
    chosen: dict[str, Any] = {}
    for fighter, chit in record.chosen.items():
        mine = (fighter == DRACULA or fighter.startswith("agent_")) == (viewer == DRACULA)
        chosen[fighter] = chit if mine and viewer != PUBLIC else "chosen"
    return {
        "side": record.side, "town": record.town, "hunters": list(record.hunters),
        "opponents": list(record.opponents), "attacker": record.attacker,
        "stage": str(record.stage), "round": record.round, "daytime": record.daytime,
        "garlic_by": record.garlic_by, "dodge_or_escape_only": record.dodge_or_escape_only,
        "agent_chits": {f: list(c) for f, c in record.agent_chits.items()},
        "engagements": [{"hunters": list(e.hunters), "opponents": list(e.opponents),
                         "hunters_target": e.hunters_target,
                         "opponents_target": e.opponents_target}
                        for e in record.engagements],
        "chosen": chosen,
        "last_chits": {f: h.last_chit for f, h in sorted(record.histories.items())},
        "winner": record.winner,
        "needs_choice": list(record.needs_choice),
        "hunters_bonus": record.hunters_bonus, "opponent_bonus": record.opponent_bonus,
    }
