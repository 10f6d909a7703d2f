"""Combat in the game loop: who fights, the secret chits, the rounds, the aftermath.

Every point where combat starts is a :class:`~fury1987.pending.Combat` record on the
state: Dracula attacking Hunters in his Action Phase, Hunters choosing to attack
him, an Encounter with Agents (Szgany, Servants). The record walks the rulebook's
Combat Sequence one step at a time:

1. Garlic may be revealed "at the very start of combat with Dracula (even before
   rolling for Daytime)" (Reference 3 - Garlic);
2. Dracula rolls for the time of day: 1-3 Day, 4-6 Night (The Combat Sequence);
3. each fighter chooses a Combat Chit in secret, all at once
   (:class:`gothic_kernel.SimultaneousChoice`), within the Restrictions on Combat;
4. Dracula (or an outnumbered Agent) declares his target (Group Combat);
5. one initiative roll each side, ties rerolled, modifiers applied;
6. the chits are revealed and cross-referenced on the Combat Action Board; where
   a side outnumbers its foe it picks the result to apply;
7. the results are applied, and the combat ends or another round begins.

The tables and the round's arithmetic are :mod:`fury1987.combat_round` and
:mod:`fury1987.combat_tables`; this module applies what a round did to the game:
wounds, bites, Vampires, Blood Points (and the flight they force), used-up and
snatched Weapons, Valour Points, and who may still be attacked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Scope, SimultaneousChoice

from .actions import (
    KEEP_GARLIC,
    REVEAL_GARLIC,
    ChooseChit,
    ChooseResult,
    DeclareTarget,
    TeamUp,
)
from .board import CASTLE_DRACULA
from .combat_round import (
    NO_HISTORY,
    ChoiceConditions,
    CombatSituation,
    Engagement,
    FighterKind,
    HunterInCombat,
    RoundOutcome,
    combat_time,
    cross_reference,
    escapes_barred_through,
    hunters_initiative_modifier,
    legal_chits,
    opponent_initiative_modifier,
    resolve_round,
    team_up,
    team_up_options,
)
from .combat_tables import BITE, HYPNOSIS, MORTAL_WOUND, CabSide, Winner
from .event_cards import surviving_cards
from .events import find, open_window, replace
from .hunters import names, update_action
from .pending import BatFlight, Combat, DieRoll
from .state import DRACULA, HUNTER_NAMES, HUNTERS
from .victory import DESTROYING_DRACULA_VALOUR
from .wording import fighter_name, result_in_words

if TYPE_CHECKING:
    from gothic_kernel import Action

    from .encounter_chits import EncounterChit
    from .state import FuryState

RULE_COMBAT = "Combat"
RULE_RESTRICTIONS = "Restrictions on Combat"
BASIC_CHITS = ("dodge", "escape", "fist")
HUNTERS_SCOPE = Scope.side("hunters", HUNTERS)
HARKER = "harker"                          # Reference 4 - Jonathan Harker, a fighter
HUNTER_SIDE = frozenset({*HUNTERS, HARKER})
DRACULA_SCOPE = Scope.seat(DRACULA)
BLOOD_POINT_VALOUR = 5                     # Valour: each Blood Point caused in combat
AGENT_KILL_VALOUR = {"servant": 2, "szgany": 3}  # Valour: killing a Servant / Szgany


# -- starting a fight ---------------------------------------------------------------------
def start_dracula_attack(state: FuryState, town: str, victims: tuple[str, ...]) -> None:
    """Dracula's Action Phase - Attacking Hunters: all the Hunters there fight him."""
    state.say("dracula_attacks", f"Dracula attacks {names(victims)} in {town}!", town=town,
              hunters=list(victims))
    _start_against_dracula(state, town, victims, attacker=DRACULA)


def start_hunters_attack(state: FuryState, town: str, members: tuple[str, ...],
                         attacker: str) -> None:
    """Meeting Dracula: the Hunter (all of a group) attacks him."""
    _start_against_dracula(state, town, members, attacker=attacker)


def _start_against_dracula(state: FuryState, town: str, hunters: tuple[str, ...],
                           attacker: str) -> None:
    state.dracula.shown_at = town  # "Dracula should put his playing piece on the map"
    engagement = Engagement.against_dracula(hunters)
    record = Combat("dracula", town, hunters, (DRACULA,), attacker,
                    stage="garlic", engagements=(engagement,))
    state.stack.append(record)


def start_harker_fight(state: FuryState, town: str, seat: str) -> None:
    """Reference 4 - Jonathan Harker: normal Hunter vs Dracula combat; Harker has Dodge and
    Fist, three Weapon Chits at random from the Pool (ruling: drawn face up), 6 Wounds at
    the start, no Initiative modifiers, never escapes; the Hunter who drew him fights for
    him, and no Hunter Event Card may help him."""
    weapons = tuple(w for w in (state.draw_weapon_chit() for _ in range(3)) if w is not None)
    state.dracula.shown_at = town
    state.say("harker_fights", f"Jonathan Harker fights Dracula in {town}, armed with "
              f"{', '.join(weapons) or 'nothing'} ({HUNTER_NAMES[seat]} fights for him)",
              town=town, weapons=list(weapons), seat=seat)
    garlic = HARKER if "garlic" in weapons else None
    record = Combat("dracula", town, (HARKER,), (DRACULA,), HARKER, stage="start_cards",
                    engagements=(Engagement.against_dracula((HARKER,)),), garlic_by=garlic,
                    harker_seat=seat, harker_weapons=weapons, harker_wounds=6)
    state.stack.append(record)


def start_agent_fight(state: FuryState, town: str, members: tuple[str, ...],
                      chit: EncounterChit, agents: int, reinforcement: bool = False) -> None:
    """An Encounter with Agents: one Agent per Hunter (Szgany) or one for all (Servant).

    "There are three sets of counters for those occasions when more than one Agent is
    involved": the Agents are ``agent_1`` to ``agent_3``.
    """
    fighters = tuple(f"agent_{i + 1}" for i in range(agents))
    chits = state.rules.chits.agent_chits(chit.agent_weapons)
    if agents == len(members):
        engagements = tuple(Engagement.duel(h, a) for h, a in zip(members, fighters, strict=True))
    else:
        lone = fighters[0]
        engagements = (Engagement(members, (lone,), lone,
                                  members[0] if len(members) == 1 else None),)
    record = Combat("agents", town, members, fighters, DRACULA,
                    agent_chits={f: chits for f in fighters}, encounter=chit.id,
                    stage="start_cards", engagements=engagements, reinforcement=reinforcement)
    state.stack.append(record)


# -- whose decision -----------------------------------------------------------------------
def deciders(state: FuryState, record: Combat) -> tuple[str, ...]:
    if record.stage == "garlic":
        holder = _next_garlic_holder(state, record)
        return (holder,) if holder else ()
    if record.stage == "choose":
        waiting = [_owner(f, record) for f in _fighters(record) if f not in record.chosen]
        return tuple(s for s in (DRACULA, *HUNTERS) if s in waiting)
    if record.stage == "target":
        needed = _needing_target(record)
        return () if needed is None else (_owner(needed[1], record),)
    if record.stage == "result":
        return (_result_chooser(record),)
    if record.stage == "team_up":
        return (_owner(record.team_up[0], record),) if record.team_up else ()
    return ()


def _owner(fighter: str, record: Combat | None = None) -> str:
    """The seat choosing for a fighter: a Hunter himself, Dracula for himself and his Agents,
    the Hunter who drew Jonathan Harker for Harker."""
    if fighter == HARKER and record is not None:
        return record.harker_seat
    return fighter if fighter in HUNTERS else DRACULA


def _fighters(record: Combat) -> tuple[str, ...]:
    """Fighters in an engagement this round (fighters standing by choose no chit)."""
    found: list[str] = []
    for e in record.engagements:
        found.extend(f for f in e.fighters if f not in found)
    return tuple(found)


def _next_garlic_holder(state: FuryState, record: Combat) -> str | None:
    """The next Hunter asked whether he reveals Garlic: every Hunter in the fight is
    asked, holding Garlic or not, so that being asked tells Dracula nothing."""
    if record.garlic_by is not None:
        return None
    for hunter in record.hunters:
        if hunter in HUNTERS and hunter not in record.garlic_asked \
                and state.hunters[hunter].alive:
            return hunter
    return None


def _needing_target(record: Combat) -> tuple[int, str] | None:
    """The first engagement whose outnumbered fighter has still to declare a target, and
    that fighter: Dracula each round against a group; an Agent or a Hunter whose first
    foe has fallen."""
    for i, e in enumerate(record.engagements):
        if e.lone_opponent and e.opponents_target is None:
            return i, e.opponents[0]
        if e.lone_hunter and e.hunters_target is None:
            return i, e.hunters[0]
    return None


def _result_chooser(record: Combat) -> str:
    index = record.needs_choice[len(record.result_choices)]
    engagement = record.engagements[index]
    if record.winner == "hunters":
        return next(_owner(h, record) for h in (*HUNTERS, HARKER) if h in engagement.hunters)
    return DRACULA


# -- options ------------------------------------------------------------------------------
def options(state: FuryState, record: Combat, seat: str) -> list[Action]:
    if record.stage == "garlic":
        if "garlic" in state.hunters[seat].weapons:
            return [REVEAL_GARLIC, KEEP_GARLIC]
        return [KEEP_GARLIC]
    if record.stage == "choose":
        found: list[Action] = []
        for fighter in _fighters(record):
            if _owner(fighter, record) == seat and fighter not in record.chosen:
                found.extend(ChooseChit(fighter, c) for c in chit_options(state, record, fighter))
        return found
    if record.stage == "target":
        needed = _needing_target(record)
        assert needed is not None
        engagement = record.engagements[needed[0]]
        if needed[1] in HUNTER_SIDE:
            return [DeclareTarget(needed[1], o) for o in engagement.opponents]
        return [DeclareTarget(needed[1], h) for h in engagement.hunters]
    if record.stage == "result":
        index = record.needs_choice[len(record.result_choices)]
        count = len(_found(state, record)[index].options)
        return [ChooseResult(index, i) for i in range(count)]
    if record.stage == "team_up":
        fighter = record.team_up[0]
        return [TeamUp(fighter, str(o)) for o in _team_up_options(record, fighter)]
    return []


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
    side: CabSide = "dracula" if record.side == "dracula" else "agents"
    return legal_chits(kind, held_chits(state, record, fighter), side,
                       record.histories.get(fighter, NO_HISTORY), conditions,
                       chits=state.rules.chits, tables=state.rules.tables)


def explain(state: FuryState, record: Combat, seat: str, action: Action) -> str:
    if isinstance(action, ChooseChit) and record.stage == "choose":
        if _owner(action.fighter, record) != seat:
            return f"{seat} does not choose for {action.fighter}"
        if action.fighter in record.chosen:
            return f"a chit is already placed for {action.fighter} this round"
        return (f"{action.chit!r} may not be chosen now (Restrictions on Combat: no Dodge in "
                "the first round, not the same chit twice running, Dracula's Day chits, "
                "only Dodge or Escape after a Repel or a Blood Point lost, no Escape under "
                "Garlic, only chits listed on this side of the Combat Action Board)")
    return f"{seat} may not {action.TYPE} now: the combat is at its {record.stage} step"


# -- applying a decision ------------------------------------------------------------------
def apply(state: FuryState, record: Combat, seat: str, action: Action) -> None:
    if action == REVEAL_GARLIC:
        state.hunters[seat].show("garlic")
        state.say("garlic", f"{HUNTER_NAMES[seat]} reveals Garlic: Dracula may not attempt an "
                  "Escape for the first three rounds", hunter=seat)
        _replace(state, attrs.evolve(record, garlic_by=seat, stage="start_cards"))
    elif action == KEEP_GARLIC:
        _replace(state, attrs.evolve(record, garlic_asked=(*record.garlic_asked, seat)))
    elif isinstance(action, ChooseChit):
        _choose(state, record, seat, action)
    elif isinstance(action, DeclareTarget):
        needed = _needing_target(record)
        assert needed is not None
        engagements = list(record.engagements)
        chosen = engagements[needed[0]]
        if action.fighter in HUNTER_SIDE:
            chosen = attrs.evolve(chosen, hunters_target=action.target)
        else:
            chosen = chosen.with_target(action.target)
        engagements[needed[0]] = chosen
        state.say("target_declared", f"{_label(action.fighter)} attacks "
                  f"{_label(action.target)}", fighter=action.fighter, target=action.target)
        _replace(state, attrs.evolve(record, engagements=tuple(engagements)))
    elif isinstance(action, ChooseResult):
        choices = {**record.result_choices, str(action.engagement): action.option}
        record = attrs.evolve(record, result_choices=choices)
        _replace(state, record)
        if len(choices) == len(record.needs_choice):
            _replace(state, attrs.evolve(record, stage="bite_cards"))
    elif isinstance(action, TeamUp):
        _apply_team_up(state, record, action)


def _replace(state: FuryState, record: Combat) -> None:
    state.stack[-1] = record


def _choose(state: FuryState, record: Combat, seat: str, action: ChooseChit) -> None:
    """Chits are chosen in secret and revealed together (The Combat Round)."""
    fighters = _fighters(record)
    pick = SimultaneousChoice(fighters, dict(record.chosen), rule=RULE_COMBAT)
    pick.commit(action.fighter, action.chit)
    record = attrs.evolve(record, chosen=dict(pick.choices))
    if pick.complete:
        target = _needing_target(record)
        record = attrs.evolve(record, stage="target" if target is not None else "bonus")
    _replace(state, record)


def _label(fighter: str) -> str:
    return fighter_name(fighter)


# -- the rules' own steps -----------------------------------------------------------------
def run(state: FuryState, record: Combat) -> None:
    stage = record.stage
    if stage == "garlic":  # no one (left) to reveal Garlic
        _replace(state, attrs.evolve(record, stage="start_cards"))
    elif stage == "start_cards":
        _start_cards(state, record)
    elif stage == "time":
        _roll_time(state, record)
    elif stage == "round_cards":
        _round_cards(state, record)
    elif stage == "target":  # every target declared
        _replace(state, attrs.evolve(record, stage="bonus"))
    elif stage == "bonus":
        # Advance Planning, Trap: "after Combat Chits have been selected, but before
        # making Initiative Rolls" (Reference 4).
        _replace(state, attrs.evolve(record, stage="roll"))
        open_window(state, "before_initiative", _card_seats(state, record))
    elif stage == "roll":
        _roll_initiative(state, record)
    elif stage == "bite_cards":
        _bite_cards(state, record)
    elif stage == "resolve":
        _resolve(state, record)
    elif stage == "team_up":
        _replace(state, attrs.evolve(record, stage="round_cards"))
    elif stage == "avoided":
        _avoided(state, record)
    else:
        _finish(state, record)


def _card_seats(state: FuryState, record: Combat) -> tuple[str, ...]:
    """Who may play Event Cards in this fight: the Hunters fighting (none for Harker) and
    Dracula (for his Agents too), Hunters first."""
    hunters = tuple(h for h in HUNTERS if h in record.hunters and state.hunters[h].alive)
    return (*hunters, DRACULA)


def _start_cards(state: FuryState, record: Combat) -> None:
    """The start of combat: Dawn Raid, Hour of Darkness (before the time is rolled),
    Escape Route (before combat is entered into)."""
    _replace(state, attrs.evolve(record, stage="time" if record.side == "dracula"
                                 else "round_cards"))
    open_window(state, "start_of_combat", _card_seats(state, record))


def _round_cards(state: FuryState, record: Combat) -> None:
    """Rage, at the start of a round before the chits are chosen (never after Garlic)."""
    _replace(state, attrs.evolve(record, stage="choose"))
    if record.side == "dracula" and record.garlic_by is None and record.rage_through == 0:
        open_window(state, "start_of_combat_round", (DRACULA,))


def _bite_cards(state: FuryState, record: Combat) -> None:
    """Great Strength: a Hunter about to be bitten (Bite or Hyp) may play it."""
    _replace(state, attrs.evolve(record, stage="resolve"))
    found = _found(state, record)
    picks = {int(k): v for k, v in record.result_choices.items()}
    threatened: list[str] = []
    for i, result in enumerate(found):
        pairing = result.choose(picks.get(i))
        if pairing.result.code in (BITE, HYPNOSIS) and pairing.hunter in HUNTERS:
            threatened.append(pairing.hunter)
    if threatened:
        open_window(state, "after_combat_result", tuple(dict.fromkeys(threatened)))


def _avoided(state: FuryState, record: Combat) -> None:
    """Escape Route: the combat is not fought; the Encounter stays where it is; Dracula
    and the Hunter may still fight in his next Action Phase (Reference 4)."""
    state.stack.pop()
    if record.side == "dracula" and record.attacker == DRACULA:
        state.dracula.shown_at = None
    state.say("combat_avoided", f"The combat in {record.town} is avoided", town=record.town)
    _discard_garlic(state, record)


def _discard_garlic(state: FuryState, record: Combat) -> None:
    """Reference 3 - Garlic: "Once the combat is over, the Garlic Chit is discarded" (also
    when Escape Route avoids the combat after it was revealed: ruling 72)."""
    if record.garlic_by is not None and "garlic" in state.hunters[record.garlic_by].weapons:
        state.hunters[record.garlic_by].lose_weapon("garlic", public=True)
        state.weapons_pool.set_aside("garlic")
        state.public_weapon_discards.append("garlic")


def _roll_time(state: FuryState, record: Combat) -> None:
    """The Combat Sequence: "If the result is a 1, 2 or 3 the combat occurs during the Day"."""
    played = surviving_cards(record.time_cards, state.rules.events)
    if len(played) < len(record.time_cards):
        state.say("cards_cancel", "Hour of Darkness and Dawn Raid cancel each other: the die "
                  "is rolled as normal")
    time = combat_time(state.dice, dawn_raid="dawn_raid" in played,
                       hour_of_darkness="hour_of_darkness" in played)
    if time.roll is None:
        state.say("time_of_day", f"An Event Card decides: the fight takes place by "
                  f"{'Day' if time.daytime else 'Night'}", daytime=time.daytime)
        _replace(state, attrs.evolve(record, daytime=time.daytime, stage="round_cards"))
        return
    state.say("time_of_day", f"Dracula rolls {time.roll}: the fight takes place by "
              f"{'Day' if time.daytime else 'Night'}", roll=time.roll, daytime=time.daytime)
    _replace(state, attrs.evolve(record, daytime=time.daytime, stage="round_cards"))


def _initiative_modifiers(state: FuryState, record: Combat) -> tuple[int, int]:
    """(Hunters', opponent's) initiative modifiers this round."""
    side: CabSide = "dracula" if record.side == "dracula" else "agents"
    fighting = [h for h in _fighters(record) if h in HUNTER_SIDE]
    in_combat = [HunterInCombat(h, state.hunters[h].dogs_face_up, state.hunters[h].bitten)
                 if h in HUNTERS else HunterInCombat(h) for h in fighting]
    hunters_mod = hunters_initiative_modifier(in_combat, side, record.round,
                                              event_bonus=record.hunters_bonus,
                                              chits=state.rules.chits)
    target = record.engagements[0].opponents_target if side == "dracula" else None
    facing_bitten = target in HUNTERS and state.hunters[target].bitten
    opponent_mod = opponent_initiative_modifier(
        side, in_castle=record.town == CASTLE_DRACULA, facing_bitten=facing_bitten,
        event_bonus=record.opponent_bonus, chits=state.rules.chits)
    return hunters_mod, opponent_mod


def _roll_initiative(state: FuryState, record: Combat) -> None:
    """Both sides roll, the opponent first. The Hunters' die waits for Good Luck
    (Reference 4) before it stands (``initiative_rolled``); Jonathan Harker's fight has
    no Hunter Event Cards."""
    opponent, hunters = state.dice.d6(), state.dice.d6()
    if record.harker_seat:
        initiative_rolled(state, opponent, hunters)
        return
    from .pending import DieRoll

    _replace(state, attrs.evolve(record, stage="rolled"))
    seat = next(h for h in (*record.hunters, *HUNTERS) if h in HUNTERS)
    state.stack.append(DieRoll("initiative", seat, hunters, other=opponent))


def initiative_rolled(state: FuryState, opponent: int, hunters: int) -> None:
    """The round's initiative dice stand: "Whoever rolls the higher number has initiative
    for that round of combat ... Ties are rerolled, and initiative modifiers still apply"
    (Combat - The Combat Round)."""
    record = state.stack[-1]
    assert isinstance(record, Combat)
    rolls = (*record.initiative_rolls, (opponent, hunters))
    hunters_mod, opponent_mod = _initiative_modifiers(state, record)
    if opponent + opponent_mod == hunters + hunters_mod:  # a tie: rolled again
        _replace(state, attrs.evolve(record, stage="roll", initiative_rolls=rolls))
        return
    side: CabSide = "dracula" if record.side == "dracula" else "agents"
    won_by_opponent = opponent + opponent_mod > hunters + hunters_mod
    winner: Winner = ("dracula" if side == "dracula" else "agents") if won_by_opponent \
        else "hunters"
    foe = "Dracula" if side == "dracula" else "the Agents"
    text = "; ".join(f"{foe} {o}{opponent_mod:+d} against the Hunters {h}{hunters_mod:+d}"
                     for o, h in rolls)
    verdict = "the Hunters win" if winner == "hunters" else (
        "Dracula wins" if side == "dracula" else "the Agents win")
    state.say("initiative", f"Initiative: {text}: {verdict}",
              rolls=[list(r) for r in rolls], winner=winner)
    state.say("chits_revealed", "The chits are revealed: " + ", ".join(
        f"{_label(f)} {c}" for f, c in record.chosen.items()), chits=dict(record.chosen))
    record = attrs.evolve(record, winner=winner, initiative_rolls=())
    found = _found(state, record)
    needs = tuple(i for i, r in enumerate(found) if r.needs_choice)
    if needs:
        _replace(state, attrs.evolve(record, stage="result", needs_choice=needs,
                                     result_choices={}))
        return
    _replace(state, attrs.evolve(record, stage="bite_cards"))


def _found(state: FuryState, record: Combat) -> tuple:  # type: ignore[type-arg]
    side: CabSide = "dracula" if record.side == "dracula" else "agents"
    winner: Winner = record.winner  # type: ignore[assignment]
    return cross_reference(side, record.engagements, record.chosen, winner,
                           tables=state.rules.tables)


def _resolve(state: FuryState, record: Combat) -> None:
    """Apply the round's results to the game, then end the combat or start a new round."""
    side: CabSide = "dracula" if record.side == "dracula" else "agents"
    hunters = [h for h in record.hunters if h in HUNTERS and state.hunters[h].alive]
    situation = CombatSituation(
        wounds={h: state.hunters[h].wounds for h in hunters},
        bitten=frozenset(h for h in hunters if state.hunters[h].bitten),
        weapons={h: tuple(state.hunters[h].weapons) for h in hunters},
        blood_points=state.dracula.blood)
    if record.harker_seat:
        situation = attrs.evolve(situation, wounds={HARKER: record.harker_wounds},
                                 weapons={HARKER: record.harker_weapons})
    winner: Winner = record.winner  # type: ignore[assignment]
    outcome = resolve_round(
        side, record.engagements, record.chosen, winner, situation, state.dice,
        choices={int(k): v for k, v in record.result_choices.items()},
        great_strength=frozenset(record.great_strength), histories=record.histories,
        hunters_standing_by=record.hunters_standing_by,
        agents_standing_by=record.agents_standing_by, tables=state.rules.tables)
    _reveal_weapons(state, record)
    for pairing in outcome.effective:
        if str(pairing.result) != "Par" or pairing in outcome.applied:
            state.say("combat_result", f"{_label(pairing.hunter)}'s {pairing.hunter_chit} "
                      f"against {_label(pairing.opponent)}'s {pairing.opponent_chit}: "
                      f"{result_in_words(state.rules.printed, pairing)}",
                      hunter=pairing.hunter, opponent=pairing.opponent,
                      result=str(pairing.result))
    if record.harker_seat:
        record = _apply_harker(state, record, outcome)
        bullets: tuple[tuple[str, int], ...] = ()
    else:
        outcome, bullets = _defer_bullets(outcome)
        _apply_outcome(state, record, outcome)
    if state.outcome is not None:
        return
    engagements = tuple(
        # Group Combat: Dracula declares a target afresh each round ("as can Dracula").
        attrs.evolve(e, opponents_target=None)
        if e.opponents == (DRACULA,) and len(e.hunters) > 1 else e
        for e in outcome.next_engagements)
    record = attrs.evolve(
        record, round=record.round + 1, chosen={}, winner="", needs_choice=(),
        result_choices={}, histories=dict(outcome.histories),
        dodge_or_escape_only=outcome.dracula_restricted_next_round,
        engagements=engagements, hunters_bonus=0, opponent_bonus=0, great_strength=())
    if outcome.combat_over:
        _replace(state, attrs.evolve(record, stage="over", hunters_standing_by=(),
                                     agents_standing_by=()))
        _finish(state, state.stack[-1], outcome.end, outcome.dracula_escape)  # type: ignore[arg-type]
        _roll_for_bullets(state, bullets)
        return
    freed = [*outcome.freed_hunters, *outcome.freed_agents]
    record = attrs.evolve(record, hunters_standing_by=tuple(outcome.freed_hunters),
                          agents_standing_by=tuple(outcome.freed_agents))
    queue = tuple(f for f in freed if _team_up_options(record, f))
    _replace(state, attrs.evolve(record, team_up=queue,
                                 stage="team_up" if queue else "round_cards"))
    _auto_team_up(state)
    _roll_for_bullets(state, bullets)


def _defer_bullets(out: RoundOutcome) -> tuple[RoundOutcome, tuple[tuple[str, int], ...]]:
    """Hold back the Sacred Bullets a Hunter's die says are spent: the die may yet be
    rolled again with Good Luck (:func:`sacred_bullets_rolled` settles it)."""
    bullets = tuple((h, roll) for h, roll in out.sacred_bullet_rolls if h in HUNTERS)
    discarded = list(out.discarded)
    for hunter, _ in bullets:
        if (hunter, "sacred_bullets") in discarded:
            discarded.remove((hunter, "sacred_bullets"))
    return attrs.evolve(out, discarded=tuple(discarded)), bullets


def _roll_for_bullets(state: FuryState, bullets: tuple[tuple[str, int], ...]) -> None:
    """Reference 3 - Sacred Bullets: the die for each Hunter whose bullets were used up,
    each waiting for Good Luck."""
    for hunter, roll in reversed(bullets):
        if state.outcome is None and state.hunters[hunter].alive:
            state.say("sacred_bullets_roll", f"{HUNTER_NAMES[hunter]} rolls {roll} for his "
                      "Sacred Bullets", hunter=hunter, roll=roll)
            state.stack.append(DieRoll("sacred_bullets", hunter, roll))


def sacred_bullets_rolled(state: FuryState, seat: str, roll: int) -> None:
    """The Sacred Bullets die stands: "1-3, he has more Sacred Bullets left and may keep
    the chit"; 4-6, "the chit must be immediately discarded" (Reference 3)."""
    hunter = state.hunters[seat]
    kept = roll <= 3
    if kept:
        state.say("sacred_bullets_kept", f"{HUNTER_NAMES[seat]} has more Sacred Bullets left",
                  hunter=seat)
    elif "sacred_bullets" in hunter.weapons:
        hunter.lose_weapon("sacred_bullets", public=True)
        state.weapons_pool.set_aside("sacred_bullets")
        state.public_weapon_discards.append("sacred_bullets")
        state.say("sacred_bullets_spent", f"{HUNTER_NAMES[seat]} runs out of Sacred Bullets: "
                  "the chit is discarded", hunter=seat)
    combat = find(state, Combat)
    history = combat.histories.get(seat) if combat is not None else None
    if history is not None and history.last_chit == "sacred_bullets":
        histories = {**combat.histories, seat: attrs.evolve(history, last_chit_kept=kept)}
        replace(state, combat, attrs.evolve(combat, histories=histories))


def _reveal_weapons(state: FuryState, record: Combat) -> None:
    """The chits were turned over: Dracula has seen each Weapon a Hunter used."""
    for fighter, chit in record.chosen.items():
        if fighter in HUNTERS and chit not in BASIC_CHITS:  # (Harker's are face up)
            state.hunters[fighter].show(chit)


def _apply_outcome(state: FuryState, record: Combat, out: RoundOutcome) -> None:
    from .dracula import lose_blood
    from .encounters import discard_found
    from .victory import dracula_destroyed
    from .wounds import become_vampire, bite, wound

    for hunter, weapon in out.discarded:
        h = state.hunters[hunter]
        if weapon in h.weapons:
            h.lose_weapon(weapon, public=True)
            state.weapons_pool.set_aside(weapon)
            state.public_weapon_discards.append(weapon)
    for hunter, n in out.wounds_suffered.items():
        wound(state, hunter, n)
    for hunter in out.became_vampires:
        if state.hunters[hunter].alive:
            become_vampire(state, hunter)
    for hunter in out.bitten:
        if state.hunters[hunter].alive:
            bite(state, hunter)
    for hunter, lost in out.blood_lost_by.items():
        state.hunters[hunter].valour += BLOOD_POINT_VALOUR * lost
    blood = out.blood
    if blood.lost > 0 and state.outcome is None:
        if state.dracula.blood - blood.lost <= -12:  # the Blood Death Marker reaches 12
            lost_by = out.blood_lost_by
            killer = max(lost_by, key=lambda h: lost_by[h], default=None)
            if killer is not None:
                state.hunters[killer].valour += DESTROYING_DRACULA_VALOUR
        lose_blood(state, blood.lost, public=True)
    if state.outcome is None and out.dracula_destroyed:
        staker = next((p.hunter for p in out.applied
                       if p.result.code == MORTAL_WOUND and p.opponent == DRACULA), None)
        dracula_destroyed(state, f"{HUNTER_NAMES.get(staker or '', 'a Hunter')} staked him",
                          by=staker)
    for agent in out.killed_agents:
        killer = next((p.hunter for p in out.applied
                       if p.opponent == agent), None)
        effect = state.rules.encounters.chit(record.encounter or "").effect
        if killer is not None and state.hunters[killer].status != "dead":
            state.hunters[killer].valour += AGENT_KILL_VALOUR.get(effect, 0)
        state.say("agent_killed", f"{_label(agent)} is killed", agent=agent)
    if record.side == "agents" and out.end == "agents_dead" \
            and record.town in state.chart:
        discard_found(state, record.town)


# -- teaming up ---------------------------------------------------------------------------
def _team_up_options(record: Combat, fighter: str) -> tuple[int | str, ...]:
    is_hunter = fighter in HUNTER_SIDE
    foes = record.agents_standing_by if is_hunter else record.hunters_standing_by
    return team_up_options(record.engagements, fighter, is_hunter, foes)


def _auto_team_up(state: FuryState) -> None:
    """A fighter with a single way to rejoin the fight takes it ("None of them can be
    'kept in reserve'"); one with several chooses."""
    record = state.stack[-1]
    assert isinstance(record, Combat)
    while record.team_up:
        fighter = record.team_up[0]
        found = _team_up_options(record, fighter)
        if len(found) > 1:
            return
        if found:
            record = _joined(record, fighter, found[0])
        record = attrs.evolve(record, team_up=record.team_up[1:])
        _replace(state, record)
    _replace(state, attrs.evolve(record, stage="round_cards"))


def _apply_team_up(state: FuryState, record: Combat, action: TeamUp) -> None:
    choice: int | str = int(action.join) if action.join.isdigit() else action.join
    record = _joined(record, action.fighter, choice)
    _replace(state, attrs.evolve(record, team_up=record.team_up[1:]))
    _auto_team_up(state)


def _joined(record: Combat, fighter: str, choice: int | str) -> Combat:
    is_hunter = fighter in HUNTER_SIDE
    foes = record.agents_standing_by if is_hunter else record.hunters_standing_by
    engagements = team_up(record.engagements, fighter, is_hunter, choice, foes)
    hunters_by = tuple(h for h in record.hunters_standing_by if h != fighter and h != choice)
    agents_by = tuple(a for a in record.agents_standing_by if a != fighter and a != choice)
    return attrs.evolve(record, engagements=engagements, hunters_standing_by=hunters_by,
                        agents_standing_by=agents_by)


# -- the end of a fight -------------------------------------------------------------------
#: How each end of a combat is told in the log.
COMBAT_ENDS = {"dracula_escaped": "Dracula has escaped",
               "dracula_destroyed": "Dracula is destroyed",
               "hunters_escaped": "the Hunters have escaped",
               "hunters_out": "no Hunter is left fighting", "agents_dead": "the Agents are dead"}


def _finish(state: FuryState, record: Combat, end: str | None = None,
            escape: str | None = None) -> None:
    """After Combat: opponents may be left in the same Town; Dracula may not attack these
    Hunters again until they leave it; an escaping Dracula's turn ends."""
    state.stack.pop()
    town = record.town
    if record.harker_seat:
        _finish_harker(state, record, end, escape)
        return
    survivors = [h for h in record.hunters if state.hunters[h].alive]
    _discard_garlic(state, record)
    state.say("combat_over", f"The combat in {town} is over"
              + (f": {COMBAT_ENDS[end]}" if end else ""), town=town, end=end)
    if record.side == "dracula":
        for hunter in survivors:
            if state.hunters[hunter].location == town:
                state.hunters[hunter].fought_dracula_at = town
        if record.attacker == DRACULA:
            state.dracula.shown_at = None  # back on the Strategy & Movement Chart
        if escape == "bat" and not (state.dracula.fleeing and town == CASTLE_DRACULA):
            state.stack.append(BatFlight(town))
    if end == "hunters_escaped" or (end == "hunters_out" and record.side == "agents"):
        update_action(state, ended=True)
    _szgany_reinforcements(state, record, end)


def _szgany_reinforcements(state: FuryState, record: Combat, end: str | None) -> None:
    """Szgany Reinforcements: "When facing the second Szgany a whole new combat begins"
    (each Hunter of a group against his own). Ruling: only once the first Szgany is dead
    (or was avoided by Pre-Warned), not after the Hunters escaped."""
    from .hunters import alive, current_action

    action = current_action(state)
    if record.side != "agents" or record.reinforcement or action is None \
            or not action.reinforcements or end != "agents_dead":
        return
    start_reinforcements(state, record.town, alive(state, action.members),
                         record.encounter or "")


def start_reinforcements(state: FuryState, town: str, members: tuple[str, ...],
                         chit_id: str) -> None:
    from .hunters import update_action

    update_action(state, reinforcements=0)
    if not members or not chit_id:
        return
    chit = state.rules.encounters.chit(chit_id)
    state.say("szgany_reinforcements", "Szgany Reinforcements: a second Szgany attacks",
              town=town)
    start_agent_fight(state, town, members, chit, agents=len(members), reinforcement=True)


def _apply_harker(state: FuryState, record: Combat, out: RoundOutcome) -> Combat:
    """Harker's wounds, used-up Weapons, and the Blood Points he costs Dracula."""
    from .dracula import lose_blood
    from .victory import dracula_destroyed

    weapons = list(record.harker_weapons)
    for _, weapon in out.discarded:
        if weapon in weapons:
            weapons.remove(weapon)
            state.weapons_pool.set_aside(weapon)
            state.public_weapon_discards.append(weapon)
    wounds = out.wounds_after.get(HARKER, record.harker_wounds)
    record = attrs.evolve(record, harker_weapons=tuple(weapons), harker_wounds=wounds)
    _replace(state, record)  # (his chits as they are now, should the game end here)
    if out.blood.lost > 0:
        lose_blood(state, out.blood.lost, public=True)
    if state.outcome is None and out.dracula_destroyed:
        dracula_destroyed(state, "Jonathan Harker staked him", by=None)
    return record


def _finish_harker(state: FuryState, record: Combat, end: str | None,
                   escape: str | None) -> None:
    """Reference 4 - Jonathan Harker: his Weapon Chits go back to the Pool; bitten,
    hypnotised or killed, he becomes a Vampire (the Harker - Vampire chit joins Dracula's
    Encounter Set, beyond the limit of five)."""
    for weapon in record.harker_weapons:
        state.weapons_pool.bag.append(weapon)
    state.dracula.shown_at = None
    if end == "hunters_out":
        state.dracula.encounter_set.append("harker_vampire")
        state.say("harker_turns", "Jonathan Harker becomes a Vampire: Dracula takes the "
                  "Harker - Vampire chit")
        state.clues.append({"k": "harker_vampire"})
    else:
        state.say("harker_wins", "Jonathan Harker survives the fight")
    if escape == "bat" and not (state.dracula.fleeing and record.town == CASTLE_DRACULA):
        state.stack.append(BatFlight(record.town))
