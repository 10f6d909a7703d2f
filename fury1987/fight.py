"""Combat in the game loop: who fights, the secret chits, the rounds, the aftermath.

Every point where combat starts is a :class:`Combat` record on the state: Dracula
attacking Hunters in his Action Phase, Hunters choosing to attack him, an Encounter with
Agents (Szgany, Servants). The record walks the rulebook's
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

The record's :class:`Stage` says where it stands in that sequence; between the steps the
Event Card windows of a fight open (Dawn Raid, Rage, Advance Planning, Great Strength...).

The tables and the round's arithmetic are :mod:`fury1987.combat_round` and
:mod:`fury1987.combat_tables`; who fights with which chits, the targets, the results
found and the words of a fight are :mod:`fury1987.fighters`; what a round's results do
to the game (wounds, bites, Vampires, Blood Points, used-up Weapons, Valour) is
:mod:`fury1987.combat_results`. This module is the fight as a decision: who decides at
each stage, what they may do, the rules' own steps, and the end of the fight (who may
still be attacked, Dracula's flight as a bat: :mod:`fury1987.bat_flight`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import attrs

from gothic_kernel import Action, SimultaneousChoice

from .actions import (
    KEEP_GARLIC,
    REVEAL_GARLIC,
    ChooseChit,
    ChooseResult,
    DeclareTarget,
    KeepGarlic,
    RevealGarlic,
    TeamUp,
)
from .bat_flight import BatFlight
from .board import CASTLE_DRACULA
from .combat_results import apply_harker, apply_outcome, defer_bullets, reveal_weapons
from .combat_round import (
    ChitHistory,
    CombatSituation,
    Engagement,
    combat_time,
    resolve_round,
)
from .combat_tables import BITE, HYPNOSIS, CabSide, Winner
from .decisions import FuryDecision, current_action, find, replace, update_action
from .event_cards import surviving_cards
from .events import DieRoll, Timing, What, open_window
from .fighters import (
    HUNTER_SIDE,
    Stage,
    chit_options,
    combat_question,
    combat_view,
    fighters_engaged,
    initiative_modifiers,
    joined,
    needing_target,
    next_garlic_holder,
    owner_of,
    result_chooser,
    result_label,
    results_found,
    team_up_choices,
    team_up_label,
    winner,
)
from .labels import label
from .records import evolve
from .seats import DRACULA, HARKER, HUNTER_NAMES, HUNTERS
from .wording import fighter_name, names, printed, result_in_words, seat_name

if TYPE_CHECKING:
    from .encounter_chits import EncounterChit
    from .state import FuryState

__all__ = ["BatFlight", "Combat", "InitiativeRoll", "SacredBulletsRoll", "Stage",
           "chit_options", "start_agent_fight", "start_dracula_attack", "start_harker_fight",
           "start_hunters_attack", "start_reinforcements"]

RULE_COMBAT = "Combat"
RULE_RESTRICTIONS = "Restrictions on Combat"

# The stages a fight tests at every step, read once: Python 3.11 reads an Enum member
# (``Stage.GARLIC``) through ``EnumType.__getattr__``, many times slower.
_GARLIC, _START_CARDS, _TIME, _ROUND_CARDS = (
    Stage.GARLIC, Stage.START_CARDS, Stage.TIME, Stage.ROUND_CARDS)
_CHOOSE, _TARGET, _BONUS, _ROLL = Stage.CHOOSE, Stage.TARGET, Stage.BONUS, Stage.ROLL
_RESULT, _BITE_CARDS, _RESOLVE = Stage.RESULT, Stage.BITE_CARDS, Stage.RESOLVE
_TEAM_UP, _AVOIDED = Stage.TEAM_UP, Stage.AVOIDED


# Fields in the instance's dict, not slots: its 33 fields are copied whole at every step
# (records.evolve).
@attrs.frozen(slots=False)
class Combat(FuryDecision):
    """A fight on the Combat Action Board (Combat), one round at a time.

    ``side`` is "dracula" (Dracula himself: the colour side of the CAB) or "agents" (the
    black and white side); ``stage`` says where it stands (:class:`Stage`).
    ``initiative_rolls`` holds this round's (opponent, Hunters) dice while the Hunters'
    die waits for Good Luck; ``winner`` is the side with the initiative this round.
    ``chosen`` holds the chits placed this round, each secret until revealed. In Jonathan
    Harker's fight ``harker_weapons`` are the Weapon Chits he may still use,
    ``harker_spent`` those used up or snatched: all go back to the Pool at the end.
    """

    KIND = "combat"
    RULE = RULE_COMBAT
    side: CabSide
    town: str
    hunters: tuple[str, ...]
    opponents: tuple[str, ...]
    attacker: str
    agent_chits: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    encounter: str | None = None
    stage: Stage = Stage.CHOOSE
    round: int = 1
    daytime: bool = False
    garlic_by: str | None = None
    garlic_asked: tuple[str, ...] = ()
    dodge_or_escape_only: bool = False
    engagements: tuple[Engagement, ...] = ()
    chosen: dict[str, str] = attrs.field(factory=dict)
    histories: dict[str, ChitHistory] = attrs.field(factory=dict)
    winner: Winner | Literal[""] = ""
    needs_choice: tuple[int, ...] = ()
    result_choices: dict[str, int] = attrs.field(factory=dict)
    hunters_standing_by: tuple[str, ...] = ()
    agents_standing_by: tuple[str, ...] = ()
    team_up: tuple[str, ...] = ()
    time_cards: tuple[str, ...] = ()
    hunters_bonus: int = 0
    opponent_bonus: int = 0
    rage_through: int = 0
    great_strength: tuple[str, ...] = ()
    reinforcement: bool = False
    harker_seat: str = ""
    harker_weapons: tuple[str, ...] = ()
    harker_spent: tuple[str, ...] = ()
    harker_wounds: int = 0
    initiative_rolls: tuple[tuple[int, int], ...] = ()

    def deciders(self, state: FuryState) -> tuple[str, ...]:
        return deciders(state, self)

    def legal_actions(self, state: FuryState, seat: str) -> list[Action]:
        return options(state, self, seat)

    def apply(self, state: FuryState, seat: str, action: Action) -> None:
        apply(state, self, seat, action)

    def refusal(self, state: FuryState, seat: str, action: Action) -> str:
        return explain(state, self, seat, action)

    def run(self, state: FuryState) -> None:
        run(state, self)

    def question(self, state: FuryState, seat: str) -> str:
        said = combat_question(state, self, seat)
        return f"{seat_name(seat)}: {said}" + ("" if said.endswith(")") else " (Combat)")

    def describe(self, state: FuryState, seat: str, action: Action) -> str:
        if isinstance(action, ChooseResult) and self.winner:
            return result_label(state, self, action) or label(state, seat, action)
        if isinstance(action, TeamUp):
            return team_up_label(self, action) or label(state, seat, action)
        return label(state, seat, action)

    def view(self, state: FuryState, viewer: str) -> dict[str, Any]:
        return {"kind": self.KIND, **combat_view(self, viewer)}

    def seen_by(self, viewer: str) -> dict[str, Any]:
        """The fight as ``viewer`` sees it (fury1987.fighters.combat_view)."""
        return combat_view(self, viewer)

    def fight_round(self) -> int:
        return self.round

    def to_data(self) -> dict[str, Any]:
        """Saved as before ``harker_spent`` was kept, while it is empty."""
        data = super().to_data()
        if not self.harker_spent:
            del data["harker_spent"]
        return data

    def hunter_cards_answered(self) -> bool:
        return not self.harker_seat


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
                    stage=Stage.GARLIC, engagements=(engagement,))
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
    record = Combat("dracula", town, (HARKER,), (DRACULA,), HARKER, stage=Stage.START_CARDS,
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
                    stage=Stage.START_CARDS, engagements=engagements,
                    reinforcement=reinforcement)
    state.stack.append(record)


# -- whose decision -----------------------------------------------------------------------
def deciders(state: FuryState, record: Combat) -> tuple[str, ...]:
    stage = record.stage
    if stage == _GARLIC:
        holder = next_garlic_holder(state, record)
        return (holder,) if holder else ()
    elif stage == _CHOOSE:
        waiting = [owner_of(f, record) for f in fighters_engaged(record)
                   if f not in record.chosen]
        return tuple(s for s in (DRACULA, *HUNTERS) if s in waiting)
    elif stage == _TARGET:
        needed = needing_target(record)
        return () if needed is None else (owner_of(needed[1], record),)
    elif stage == _RESULT:
        return (result_chooser(record),)
    elif stage == _TEAM_UP:
        return (owner_of(record.team_up[0], record),) if record.team_up else ()
    else:
        return ()


# -- options ------------------------------------------------------------------------------
def options(state: FuryState, record: Combat, seat: str) -> list[Action]:
    stage = record.stage
    if stage == _GARLIC:
        if "garlic" in state.hunters[seat].weapons:
            return [REVEAL_GARLIC, KEEP_GARLIC]
        return [KEEP_GARLIC]
    elif stage == _CHOOSE:
        found: list[Action] = []
        for fighter in fighters_engaged(record):
            if owner_of(fighter, record) == seat and fighter not in record.chosen:
                found.extend(ChooseChit(fighter, c)
                             for c in chit_options(state, record, fighter))
        return found
    elif stage == _TARGET:
        needed = needing_target(record)
        assert needed is not None
        engagement = record.engagements[needed[0]]
        if needed[1] in HUNTER_SIDE:
            return [DeclareTarget(needed[1], o) for o in engagement.opponents]
        return [DeclareTarget(needed[1], h) for h in engagement.hunters]
    elif stage == _RESULT:
        index = record.needs_choice[len(record.result_choices)]
        count = len(results_found(state, record)[index].options)
        return [ChooseResult(index, i) for i in range(count)]
    elif stage == _TEAM_UP:
        fighter = record.team_up[0]
        return [TeamUp(fighter, str(o)) for o in team_up_choices(record, fighter)]
    else:
        return []


def explain(state: FuryState, record: Combat, seat: str, action: Action) -> str:
    if isinstance(action, ChooseChit) and record.stage == Stage.CHOOSE:
        if owner_of(action.fighter, record) != seat:
            return f"{seat_name(seat)} does not choose for {fighter_name(action.fighter)}"
        if action.fighter in record.chosen:
            return f"a chit is already placed for {fighter_name(action.fighter)} this round"
        return (f"{printed(state, action.chit)} may not be chosen now (Restrictions on "
                "Combat: no Dodge in the first round, not the same chit twice running, "
                "Dracula's Day chits, only Dodge or Escape after a Repel or a Blood Point "
                "lost, no Escape under Garlic, only chits listed on this side of the Combat "
                "Action Board)")
    return f"{seat_name(seat)} may not do that now: {record.prompt(state, seat)}"


# -- applying a decision ------------------------------------------------------------------
def apply(state: FuryState, record: Combat, seat: str, action: Action) -> None:
    if isinstance(action, RevealGarlic):
        state.hunters[seat].show("garlic")
        state.say("garlic", f"{HUNTER_NAMES[seat]} reveals Garlic: Dracula may not attempt an "
                  "Escape for the first three rounds", hunter=seat)
        _replace(state, evolve(record, garlic_by=seat, stage=Stage.START_CARDS))
    elif isinstance(action, KeepGarlic):
        _replace(state, evolve(record, garlic_asked=(*record.garlic_asked, seat)))
    elif isinstance(action, ChooseChit):
        _choose(state, record, seat, action)
    elif isinstance(action, DeclareTarget):
        needed = needing_target(record)
        assert needed is not None
        engagements = list(record.engagements)
        chosen = engagements[needed[0]]
        if action.fighter in HUNTER_SIDE:
            chosen = evolve(chosen, hunters_target=action.target)
        else:
            chosen = chosen.with_target(action.target)
        engagements[needed[0]] = chosen
        state.say("target_declared", f"{fighter_name(action.fighter)} attacks "
                  f"{fighter_name(action.target)}", fighter=action.fighter, target=action.target)
        _replace(state, evolve(record, engagements=tuple(engagements)))
    elif isinstance(action, ChooseResult):
        choices = {**record.result_choices, str(action.engagement): action.option}
        record = evolve(record, result_choices=choices)
        _replace(state, record)
        if len(choices) == len(record.needs_choice):
            _replace(state, evolve(record, stage=Stage.BITE_CARDS))
    elif isinstance(action, TeamUp):
        _apply_team_up(state, record, action)


def _replace(state: FuryState, record: Combat) -> None:
    state.stack[-1] = record


def _choose(state: FuryState, record: Combat, seat: str, action: ChooseChit) -> None:
    """Chits are chosen in secret and revealed together (The Combat Round)."""
    fighters = fighters_engaged(record)
    pick = SimultaneousChoice(fighters, dict(record.chosen), rule=RULE_COMBAT)
    pick.commit(action.fighter, action.chit)
    record = evolve(record, chosen=dict(pick.choices))
    if pick.complete:
        target = needing_target(record)
        record = evolve(record, stage=Stage.TARGET if target is not None else Stage.BONUS)
    _replace(state, record)


# -- the rules' own steps -----------------------------------------------------------------
def run(state: FuryState, record: Combat) -> None:
    stage = record.stage
    if stage == _GARLIC:  # no one (left) to reveal Garlic
        _replace(state, evolve(record, stage=Stage.START_CARDS))
    elif stage == _START_CARDS:
        _start_cards(state, record)
    elif stage == _TIME:
        _roll_time(state, record)
    elif stage == _ROUND_CARDS:
        _round_cards(state, record)
    elif stage == _TARGET:  # every target declared
        _replace(state, evolve(record, stage=Stage.BONUS))
    elif stage == _BONUS:
        # Advance Planning, Trap: "after Combat Chits have been selected, but before
        # making Initiative Rolls" (Reference 4).
        _replace(state, evolve(record, stage=Stage.ROLL))
        open_window(state, Timing.BEFORE_INITIATIVE, _card_seats(state, record))
    elif stage == _ROLL:
        _roll_initiative(state, record)
    elif stage == _BITE_CARDS:
        _bite_cards(state, record)
    elif stage == _RESOLVE:
        _resolve(state, record)
    elif stage == _TEAM_UP:
        _replace(state, evolve(record, stage=Stage.ROUND_CARDS))
    elif stage == _AVOIDED:
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
    _replace(state, evolve(record, stage=Stage.TIME if record.side == "dracula"
                                 else Stage.ROUND_CARDS))
    open_window(state, Timing.START_OF_COMBAT, _card_seats(state, record))


def _round_cards(state: FuryState, record: Combat) -> None:
    """Rage, at the start of a round before the chits are chosen (never after Garlic)."""
    _replace(state, evolve(record, stage=Stage.CHOOSE))
    if record.side == "dracula" and record.garlic_by is None and record.rage_through == 0:
        open_window(state, Timing.START_OF_COMBAT_ROUND, (DRACULA,))


def _bite_cards(state: FuryState, record: Combat) -> None:
    """Great Strength: a Hunter about to be bitten (Bite or Hyp) may play it."""
    _replace(state, evolve(record, stage=Stage.RESOLVE))
    found = results_found(state, record)
    picks = {int(k): v for k, v in record.result_choices.items()}
    threatened: list[str] = []
    for i, result in enumerate(found):
        pairing = result.choose(picks.get(i))
        if pairing.result.code in (BITE, HYPNOSIS) and pairing.hunter in HUNTERS:
            threatened.append(pairing.hunter)
    if threatened:
        open_window(state, Timing.AFTER_COMBAT_RESULT, tuple(dict.fromkeys(threatened)))


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
        _replace(state, evolve(record, daytime=time.daytime, stage=Stage.ROUND_CARDS))
        return
    state.say("time_of_day", f"Dracula rolls {time.roll}: the fight takes place by "
              f"{'Day' if time.daytime else 'Night'}", roll=time.roll, daytime=time.daytime)
    _replace(state, evolve(record, daytime=time.daytime, stage=Stage.ROUND_CARDS))


def _roll_initiative(state: FuryState, record: Combat) -> None:
    """Both sides roll, the opponent first. The Hunters' die waits for Good Luck
    (Reference 4) before it stands (``initiative_rolled``); Jonathan Harker's fight has
    no Hunter Event Cards."""
    opponent, hunters = state.dice.d6(), state.dice.d6()
    if record.harker_seat:
        initiative_rolled(state, opponent, hunters)
        return
    _replace(state, evolve(record, stage=Stage.ROLLED))
    seat = next(h for h in (*record.hunters, *HUNTERS) if h in HUNTERS)
    state.stack.append(InitiativeRoll.of(seat, hunters, other=opponent))


def initiative_rolled(state: FuryState, opponent: int, hunters: int) -> None:
    """The round's initiative dice stand: "Whoever rolls the higher number has initiative
    for that round of combat ... Ties are rerolled, and initiative modifiers still apply"
    (Combat - The Combat Round)."""
    record = state.stack[-1]
    assert isinstance(record, Combat)
    rolls = (*record.initiative_rolls, (opponent, hunters))
    hunters_mod, opponent_mod = initiative_modifiers(state, record)
    if opponent + opponent_mod == hunters + hunters_mod:  # a tie: rolled again
        _replace(state, evolve(record, stage=Stage.ROLL, initiative_rolls=rolls))
        return
    side = record.side
    won_by_opponent = opponent + opponent_mod > hunters + hunters_mod
    winner: Winner = ("dracula" if side == "dracula" else "agents") if won_by_opponent \
        else "hunters"
    foe = "Dracula" if side == "dracula" else "the Agents"
    # every roll but the last was a tie, rolled again: said so, not left to the reader
    text = "; ".join(f"{foe} {o}{opponent_mod:+d} against the Hunters {h}{hunters_mod:+d}"
                     + (", a tie, rolled again" if i < len(rolls) - 1 else "")
                     for i, (o, h) in enumerate(rolls))
    verdict = "the Hunters win" if winner == "hunters" else (
        "Dracula wins" if side == "dracula" else "the Agents win")
    state.say("initiative", f"Initiative: {text}: {verdict}",
              rolls=[list(r) for r in rolls], winner=winner)
    state.say("chits_revealed", "The chits are revealed: " + ", ".join(
        f"{fighter_name(f)} {c}" for f, c in record.chosen.items()), chits=dict(record.chosen))
    record = evolve(record, winner=winner, initiative_rolls=())
    found = results_found(state, record)
    needs = tuple(i for i, r in enumerate(found) if r.needs_choice)
    if needs:
        _replace(state, evolve(record, stage=Stage.RESULT, needs_choice=needs,
                                     result_choices={}))
        return
    _replace(state, evolve(record, stage=Stage.BITE_CARDS))


def _resolve(state: FuryState, record: Combat) -> None:
    """Apply the round's results to the game, then end the combat or start a new round."""
    side = record.side
    hunters = [h for h in record.hunters if h in HUNTERS and state.hunters[h].alive]
    situation = CombatSituation(
        wounds={h: state.hunters[h].wounds for h in hunters},
        bitten=frozenset(h for h in hunters if state.hunters[h].bitten),
        weapons={h: tuple(state.hunters[h].weapons) for h in hunters},
        blood_points=state.dracula.blood)
    if record.harker_seat:
        situation = evolve(situation, wounds={HARKER: record.harker_wounds},
                                 weapons={HARKER: record.harker_weapons})
    outcome = resolve_round(
        side, record.engagements, record.chosen, winner(record), situation, state.dice,
        choices={int(k): v for k, v in record.result_choices.items()},
        great_strength=frozenset(record.great_strength), histories=record.histories,
        hunters_standing_by=record.hunters_standing_by,
        agents_standing_by=record.agents_standing_by, tables=state.rules.tables)
    reveal_weapons(state, record)
    for pairing in outcome.effective:
        if str(pairing.result) != "Par" or pairing in outcome.applied:
            state.say("combat_result", f"{fighter_name(pairing.hunter)}'s {pairing.hunter_chit} "
                      f"against {fighter_name(pairing.opponent)}'s {pairing.opponent_chit}: "
                      f"{result_in_words(state.rules.printed, pairing)}",
                      hunter=pairing.hunter, opponent=pairing.opponent,
                      result=str(pairing.result))
    if record.harker_seat:
        record = apply_harker(state, record, outcome)
        bullets: tuple[tuple[str, int], ...] = ()
    else:
        outcome, bullets = defer_bullets(outcome)
        apply_outcome(state, record, outcome)
    if state.outcome is not None:
        return
    engagements = tuple(
        # Group Combat: Dracula declares a target afresh each round ("as can Dracula").
        evolve(e, opponents_target=None)
        if e.opponents == (DRACULA,) and len(e.hunters) > 1 else e
        for e in outcome.next_engagements)
    record = evolve(
        record, round=record.round + 1, chosen={}, winner="", needs_choice=(),
        result_choices={}, histories=dict(outcome.histories),
        dodge_or_escape_only=outcome.dracula_restricted_next_round,
        engagements=engagements, hunters_bonus=0, opponent_bonus=0, great_strength=())
    if outcome.combat_over:
        record = evolve(record, stage=Stage.OVER, hunters_standing_by=(),
                              agents_standing_by=())
        _replace(state, record)
        _finish(state, record, outcome.end, outcome.dracula_escape)
        _roll_for_bullets(state, bullets)
        return
    freed = [*outcome.freed_hunters, *outcome.freed_agents]
    record = evolve(record, hunters_standing_by=tuple(outcome.freed_hunters),
                          agents_standing_by=tuple(outcome.freed_agents))
    queue = tuple(f for f in freed if team_up_choices(record, f))
    _replace(state, evolve(record, team_up=queue,
                                 stage=Stage.TEAM_UP if queue else Stage.ROUND_CARDS))
    _auto_team_up(state)
    _roll_for_bullets(state, bullets)


def _roll_for_bullets(state: FuryState, bullets: tuple[tuple[str, int], ...]) -> None:
    """Reference 3 - Sacred Bullets: the die for each Hunter whose bullets were used up,
    each waiting for Good Luck."""
    for hunter, roll in reversed(bullets):
        if state.outcome is None and state.hunters[hunter].alive:
            state.say("sacred_bullets_roll", f"{HUNTER_NAMES[hunter]} rolls {roll} for his "
                      "Sacred Bullets", hunter=hunter, roll=roll)
            state.stack.append(SacredBulletsRoll.of(hunter, roll))


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
    if combat is None:
        return
    history = combat.histories.get(seat)
    if history is not None and history.last_chit == "sacred_bullets":
        histories = {**combat.histories, seat: evolve(history, last_chit_kept=kept)}
        replace(state, combat, evolve(combat, histories=histories))


# -- teaming up ---------------------------------------------------------------------------
def _auto_team_up(state: FuryState) -> None:
    """A fighter with a single way to rejoin the fight takes it ("None of them can be
    'kept in reserve'"); one with several chooses."""
    record = state.stack[-1]
    assert isinstance(record, Combat)
    while record.team_up:
        fighter = record.team_up[0]
        found = team_up_choices(record, fighter)
        if len(found) > 1:
            return
        if found:
            record = joined(record, fighter, found[0])
        record = evolve(record, team_up=record.team_up[1:])
        _replace(state, record)
    _replace(state, evolve(record, stage=Stage.ROUND_CARDS))


def _apply_team_up(state: FuryState, record: Combat, action: TeamUp) -> None:
    choice: int | str = int(action.join) if action.join.isdigit() else action.join
    record = joined(record, action.fighter, choice)
    _replace(state, evolve(record, team_up=record.team_up[1:]))
    _auto_team_up(state)


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
    action = current_action(state)
    if record.side != "agents" or record.reinforcement or action is None \
            or not action.reinforcements or end != "agents_dead":
        return
    start_reinforcements(state, record.town, state.still_alive(action.members),
                         record.encounter or "")


def start_reinforcements(state: FuryState, town: str, members: tuple[str, ...],
                         chit_id: str) -> None:
    """Szgany Reinforcements: a second, identical Szgany attacks each Hunter."""
    update_action(state, reinforcements=0)
    if not members or not chit_id:
        return
    chit = state.rules.encounters.chit(chit_id)
    state.say("szgany_reinforcements", "Szgany Reinforcements: a second Szgany attacks",
              town=town)
    start_agent_fight(state, town, members, chit, agents=len(members), reinforcement=True)


def _finish_harker(state: FuryState, record: Combat, end: str | None,
                   escape: str | None) -> None:
    """Reference 4 - Jonathan Harker: "When the combat finishes, no matter what the
    outcome, the Weapon Chits are returned to the Pool" (those he used up or had snatched
    too); bitten, hypnotised or killed, he becomes a Vampire (the Harker - Vampire chit
    joins Dracula's Encounter Set, beyond the limit of five)."""
    for weapon in (*record.harker_weapons, *record.harker_spent):
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


# -- the dice of a fight, waiting for Good Luck ------------------------------------------
@attrs.frozen
class InitiativeRoll(DieRoll):
    """The Hunters' initiative die (``other``: the opponent's, never rolled again)."""

    WHAT = What.INITIATIVE
    FOR = "for initiative"

    def stands(self, state: FuryState) -> None:
        initiative_rolled(state, self.other, self.roll)


@attrs.frozen
class SacredBulletsRoll(DieRoll):
    """Reference 3 - Sacred Bullets: the die for a Hunter whose bullets were used up."""

    WHAT = What.SACRED_BULLETS
    FOR = "for Sacred Bullets"

    def stands(self, state: FuryState) -> None:
        sacred_bullets_rolled(state, self.seat, self.roll)


# -- Escape (Bat) ----------------------------------------------------------------------
# -- the words of a fight --------------------------------------------------------------
