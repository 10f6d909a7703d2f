"""One round of combat on the Combat Action Board, as pure functions over small records.

Nothing here reads or changes a game state: the game loop passes in what a round
needs (who fights whom, the chits chosen, the numbers on the Wound and Blood Point
tracks) and gets back what happened as data. A round goes (Combat - The Combat Round):

1. each fighter chooses a chit in secret, from :func:`legal_chits`
   (Restrictions on Combat);
2. Dracula declares his target when he faces a group (Hunter Groups - Group Combat);
3. initiative: :func:`hunters_initiative_modifier`, :func:`opponent_initiative_modifier`
   and :func:`roll_initiative` (ties rerolled, modifiers still applying);
4. :func:`cross_reference` finds every box on the winner's table; where a side may
   choose which result to apply (:attr:`EngagementResults.needs_choice`), the game
   asks that side;
5. :func:`resolve_round` applies the results and says whether the combat ends, and how.

A fight with several Agents is a set of :class:`Engagement` s resolved side by side:
each has one outnumbered fighter (or is one against one), whose declared target is
locked until it falls; :func:`team_up` lets a fighter whose foe is dead join another.

    >>> from gothic_kernel import ScriptedDice
    >>> fight = (Engagement.duel("godalming", DRACULA),)
    >>> initiative = roll_initiative(ScriptedDice([4, 6, 6, 5]), "dracula", 0, 2)
    >>> initiative.winner
    'dracula'
    >>> found = cross_reference("dracula", fight, {"godalming": "stake", DRACULA: "strength"},
    ...                         initiative.winner)
    >>> str(found[0].options[0].result)
    'Sna'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

import attrs

from gothic_kernel import Dice, IllegalAction, RuleError

from .combat_tables import (
    BITE,
    DRACULA_ESCAPES,
    HUNTER_ESCAPES,
    HYPNOSIS,
    MORTAL_WOUND,
    PARRY,
    REPEL,
    SNATCHED,
    CabSide,
    ChitData,
    CombatTables,
    Result,
    Winner,
    default_chits,
    default_tables,
)
from .records import evolve

DRACULA = "dracula"
"""The fighter id of Dracula himself."""

FighterKind = Literal["dracula", "agent", "hunter"]
Chooser = Literal["hunters", "dracula"]

WOUNDS_TO_DIE = 12          # Wounds: "When ... it reaches the '12' box the Hunter dies."
BLOOD_DEATH_LIMIT = 12      # Blood Death: "destroyed if this marker ever reaches the 12 box"
MAX_BLOOD_POINTS = 12       # Blood Points: Dracula starts with 12
GARLIC_ROUNDS = 3           # Reference 3 - Garlic: "for the first three rounds of combat"

RULE_RESTRICTIONS = "Restrictions on Combat"
RULE_GROUP_COMBAT = "Hunter Groups - Group Combat"
RULE_ROUND = "Combat - The Combat Round"


# ---------------------------------------------------------------------------------------
# Time of day
# ---------------------------------------------------------------------------------------
@attrs.frozen
class TimeOfDay:
    """When Dracula fights: ``roll`` is the die (None when an Event Card fixed the time)."""

    daytime: bool
    roll: int | None


def is_daytime(roll: int) -> bool:
    """Combat - The Combat Sequence: "If the result is a 1, 2 or 3 the combat occurs during
    the Day, otherwise it takes place at night."""
    return roll <= 3


def combat_time(dice: Dice, *, dawn_raid: bool = False,
                hour_of_darkness: bool = False) -> TimeOfDay:
    """Roll for the time of a combat with Dracula himself.

    ``dawn_raid`` / ``hour_of_darkness`` are the Event Cards in effect (after any
    Devilish Power). Played against each other they cancel and the die is rolled as
    normal (Event Cards: the Hour of Darkness vs Dawn Raid example).
    """
    if dawn_raid and not hour_of_darkness:
        return TimeOfDay(True, None)
    if hour_of_darkness and not dawn_raid:
        return TimeOfDay(False, None)
    roll = dice.d6()
    return TimeOfDay(is_daytime(roll), roll)


# ---------------------------------------------------------------------------------------
# Restrictions on Combat: which chits a fighter may choose this round
# ---------------------------------------------------------------------------------------
@attrs.frozen
class ChitHistory:
    """What a fighter chose last round: the chit, and whether that very chit is still held
    (a Weapon used up or snatched is gone, so a second identical Weapon is another chit)."""

    last_chit: str | None = None
    last_chit_kept: bool = True


NO_HISTORY = ChitHistory()


@attrs.frozen
class ChoiceConditions:
    """The round's conditions that limit choices.

    ``round_number`` counts from 1 in each combat (a Szgany Reinforcements fight is a
    new combat). ``daytime``, ``dodge_or_escape_only`` (Dracula was Repelled or lost Blood
    Points last round) and ``escapes_barred_through_round`` (Garlic, Rage) limit Dracula.
    """

    round_number: int
    daytime: bool = False
    dodge_or_escape_only: bool = False
    escapes_barred_through_round: int = 0

    @property
    def escapes_barred(self) -> bool:
        """Dracula may not attempt any Escape this round."""
        return self.round_number <= self.escapes_barred_through_round


FIRST_ROUND = ChoiceConditions(1)


def escapes_barred_through(*, garlic: bool = False, rage_played_in_round: int | None = None,
                           rage_roll: int = 0) -> int:
    """The last round in which Dracula may not attempt an Escape.

    Garlic bars the first three rounds (Reference 3 - Garlic); Rage bars escapes "until
    the rolled number of combat rounds have been fought" counting the round it is played
    in (Reference 4 - RAGE).
    """
    last = GARLIC_ROUNDS if garlic else 0
    if rage_played_in_round is not None:
        last = max(last, rage_played_in_round + rage_roll - 1)
    return last


def legal_chits(kind: FighterKind, held: Sequence[str], side: CabSide,
                history: ChitHistory = NO_HISTORY,
                conditions: ChoiceConditions = FIRST_ROUND,
                *, chits: ChitData | None = None,
                tables: CombatTables | None = None) -> tuple[str, ...]:
    """The chits a fighter may place on the board this round, in ``held`` order.

    ``held`` is what the fighter has for this combat: a Hunter's Basic chits and Weapons
    (a chit id once per physical chit), an Agent's Dodge, Fist and listed weapons, or
    Dracula's eight chits. Restrictions on Combat:

    * only chits listed on the current side of the CAB (Dogs and Garlic are never chosen);
    * no Dodge in the first round;
    * no chit twice running, unless a Hunter holds a second identical Weapon;
    * by Day Dracula may only use Claw, Dodge and Escape (Human);
    * after a Repel or a Blood Point loss Dracula may only Dodge or Escape;
    * Garlic and Rage bar his Escapes; Agents never escape (they have no Escape chit).

    Ruling: if these leave no chit at all (Dracula barred from escaping, limited to Dodge
    and having just dodged), the "not twice running" restriction is lifted.
    """
    chit_data = chits if chits is not None else default_chits()
    table_data = tables if tables is not None else default_tables()
    allowed = _allowed_on_side(kind, side, table_data)
    chit_set = chit_data.chits_of("agent" if kind == "agent" else kind)
    options: list[str] = []
    for chit_id in dict.fromkeys(held):
        chit = chit_set.get(chit_id)
        if chit is None or chit_id not in allowed or not chit.selectable:
            continue
        if chit_id == "dodge" and conditions.round_number <= 1:
            continue
        if kind == "dracula" and not _dracula_may(chit.daytime, chit.escape_form, chit_id,
                                                   conditions):
            continue
        options.append(chit_id)
    repeatable = [c for c in options if not _twice_running(c, kind, held, history)]
    if repeatable:
        return tuple(repeatable)
    if options:
        return tuple(options)
    raise RuleError(f"no chit left for a {kind} fighter holding {list(held)}")


def _allowed_on_side(kind: FighterKind, side: CabSide, tables: CombatTables) -> frozenset[str]:
    if kind == "hunter":
        return frozenset(tables.hunter_chits(side))
    if (kind == "dracula") != (side == "dracula"):
        raise RuleError(f"a {kind} does not fight on the {side!r} side of the board")
    return frozenset(tables.opponent_chits(side))


def _dracula_may(daytime_chit: bool, escape_form: str | None, chit_id: str,
                 conditions: ChoiceConditions) -> bool:
    if conditions.daytime and not daytime_chit:
        return False
    if conditions.dodge_or_escape_only and not (chit_id == "dodge" or escape_form):
        return False
    return not (escape_form and conditions.escapes_barred)


def _twice_running(chit_id: str, kind: FighterKind, held: Sequence[str],
                   history: ChitHistory) -> bool:
    if chit_id != history.last_chit:
        return False
    if kind != "hunter":
        return True
    # "Hunters who have two identical Weapon Chits can use them one after the other."
    others = held.count(chit_id) - (1 if history.last_chit_kept else 0)
    return others < 1 or chit_id in ("dodge", "escape", "fist")


# ---------------------------------------------------------------------------------------
# Initiative
# ---------------------------------------------------------------------------------------
@attrs.frozen
class HunterInCombat:
    """What initiative needs to know about a Hunter in the fight."""

    id: str
    dogs_face_up: bool = False
    bitten: bool = False


@attrs.frozen
class Initiative:
    """The initiative rolls of one round: ``rolls`` holds (opponent die, Hunters' die) for
    each attempt; ties of the modified totals are rerolled (Combat - The Combat Round)."""

    side: CabSide
    rolls: tuple[tuple[int, int], ...]
    opponent_modifier: int
    hunter_modifier: int
    winner: Winner

    @property
    def totals(self) -> tuple[int, int]:
        """The deciding (opponent, Hunters) totals, modifiers included."""
        opponent, hunters = self.rolls[-1]
        return opponent + self.opponent_modifier, hunters + self.hunter_modifier


def hunters_initiative_modifier(hunters: Sequence[HunterInCombat], side: CabSide,
                                round_number: int, *, event_bonus: int = 0,
                                chits: ChitData | None = None) -> int:
    """The Hunters' modifier: the best of the fighting Hunters' own modifiers (playsheet
    and revealed Dogs, first round only) plus Event Cards such as Advance Planning.

    Hunter Groups - Group Combat: "Only one initiative roll is made by the Hunters ...
    When there are different modifiers the Hunters use the best one for the whole group."
    """
    rules = (chits if chits is not None else default_chits()).initiative
    first_round = round_number <= 1
    best: int | None = None
    for hunter in hunters:
        own = 0
        if first_round or not rules.hunter_modifiers_first_round_only:
            own += rules.hunter(hunter.id).against(side)
        if first_round and hunter.dogs_face_up:
            own += rules.dogs_first_round
        best = own if best is None else max(best, own)
    return (best or 0) + event_bonus


def opponent_initiative_modifier(side: CabSide, *, in_castle: bool = False,
                                 facing_bitten: bool = False, event_bonus: int = 0,
                                 chits: ChitData | None = None) -> int:
    """Dracula's (or his Agents') modifier: +1 in every round in Castle Dracula, a bonus
    against a bitten Hunter (Wounds - Bites), plus Event Cards such as Trap."""
    rules = (chits if chits is not None else default_chits()).initiative
    modifier = event_bonus
    if side == "dracula":
        modifier += rules.castle_dracula if in_castle else 0
        modifier += rules.bitten_hunter if facing_bitten else 0
    return modifier


def roll_initiative(dice: Dice, side: CabSide, hunter_modifier: int,
                    opponent_modifier: int) -> Initiative:
    """Both sides roll a die, opponent first; the higher modified total wins, ties rerolled."""
    rolls: list[tuple[int, int]] = []
    while True:
        opponent, hunters = dice.d6(), dice.d6()
        rolls.append((opponent, hunters))
        if opponent + opponent_modifier != hunters + hunter_modifier:
            break
    won_by_opponent = opponent + opponent_modifier > hunters + hunter_modifier
    winner: Winner = ("dracula" if side == "dracula" else "agents") if won_by_opponent \
        else "hunters"
    return Initiative(side, tuple(rolls), opponent_modifier, hunter_modifier, winner)


# ---------------------------------------------------------------------------------------
# Who fights whom
# ---------------------------------------------------------------------------------------
@attrs.frozen
class Engagement:
    """Fighters facing each other: one against one, or one outnumbered fighter against
    several (Hunter Groups - Group Combat).

    ``hunters_target`` is the opponent a lone Hunter attacks; ``opponents_target`` the
    Hunter a lone opponent attacks (Dracula declares his each round; a lone Agent or
    Hunter keeps its original foe until one of them is dead).
    """

    hunters: tuple[str, ...]
    opponents: tuple[str, ...]
    hunters_target: str | None = None
    opponents_target: str | None = None

    @classmethod
    def duel(cls, hunter: str, opponent: str) -> Engagement:
        """One Hunter against one opponent."""
        return cls((hunter,), (opponent,), opponent, hunter)

    @classmethod
    def against_dracula(cls, hunters: Sequence[str], target: str | None = None) -> Engagement:
        """Dracula against a Hunter or a group; ``target`` is his declared target."""
        hunters = tuple(hunters)
        if target is None and len(hunters) == 1:
            target = hunters[0]
        return cls(hunters, (DRACULA,), DRACULA, target)

    @property
    def lone_opponent(self) -> bool:
        """The opponent side is a single fighter (Dracula, or an outnumbered Agent)."""
        return len(self.opponents) == 1

    @property
    def lone_hunter(self) -> bool:
        """The Hunter side is a single fighter."""
        return len(self.hunters) == 1

    @property
    def fighters(self) -> tuple[str, ...]:
        """Every fighter in the engagement."""
        return self.hunters + self.opponents

    def with_target(self, target: str) -> Engagement:
        """The lone opponent (Dracula) declares ``target`` among the Hunters."""
        if target not in self.hunters:
            raise IllegalAction(f"{target} is not fighting here", rule=RULE_GROUP_COMBAT)
        return evolve(self, opponents_target=target)

    def check(self) -> None:
        """Raise unless the engagement is well formed with its targets declared."""
        if not self.hunters or not self.opponents:
            raise RuleError(f"an engagement needs fighters on both sides: {self}")
        if not (self.lone_hunter or self.lone_opponent):
            raise RuleError(f"one side of an engagement must be a single fighter: {self}")
        if self.lone_opponent and self.opponents_target not in self.hunters:
            raise IllegalAction(
                f"{self.opponents[0]} must declare a target among {list(self.hunters)}",
                rule=RULE_GROUP_COMBAT,
            )
        if self.lone_hunter and self.hunters_target not in self.opponents:
            raise IllegalAction(
                f"{self.hunters[0]} must attack one of {list(self.opponents)}",
                rule=RULE_GROUP_COMBAT,
            )


def team_up_options(engagements: Sequence[Engagement], fighter: str, is_hunter: bool,
                    freed_foes: Sequence[str] = ()) -> tuple[int | str, ...]:
    """Where a fighter whose foe has fallen may go next ("If a Hunter kills his opponent
    he can team up with one of his fellows to fight another opponent. The same is true
    for the Agents of Dracula").

    An option is an engagement's index (join it) or the id of a freed foe (fight him one
    against one). Ruling: he may only join an engagement whose other side is a single
    fighter, so that every engagement keeps one outnumbered fighter whose target stays
    locked; with no option he stands by until one opens.
    """
    joins: list[int | str] = [
        i for i, e in enumerate(engagements)
        if fighter not in e.fighters and (e.lone_opponent if is_hunter else e.lone_hunter)
    ]
    return (*joins, *(foe for foe in freed_foes if foe != fighter))


def team_up(engagements: Sequence[Engagement], fighter: str, is_hunter: bool,
            option: int | str, freed_foes: Sequence[str] = ()) -> tuple[Engagement, ...]:
    """``fighter`` takes ``option`` of :func:`team_up_options`; a lone fighter already in
    the engagement he joins keeps its target."""
    if option not in team_up_options(engagements, fighter, is_hunter, freed_foes):
        raise IllegalAction(f"{fighter} cannot join that fight", rule=RULE_GROUP_COMBAT)
    if isinstance(option, str):
        duel = Engagement.duel(fighter, option) if is_hunter else Engagement.duel(option, fighter)
        return (*engagements, duel)
    joined = engagements[option]
    if is_hunter:
        joined = evolve(joined, hunters=(*joined.hunters, fighter))
    else:
        joined = evolve(joined, opponents=(*joined.opponents, fighter))
    return tuple(joined if i == option else e for i, e in enumerate(engagements))


# ---------------------------------------------------------------------------------------
# Cross-referencing the chits
# ---------------------------------------------------------------------------------------
@attrs.frozen
class Pairing:
    """One cross-reference: a Hunter's chit against an opponent's, and the box found."""

    hunter: str
    opponent: str
    hunter_chit: str
    opponent_chit: str
    result: Result


@attrs.frozen
class EngagementResults:
    """Every box found for one engagement, and which of them may be applied.

    When the outnumbered side won initiative only the box against its target counts
    (``options`` has one entry, ``chooser`` is None). When the many won, ``chooser``
    ("hunters", or "dracula" for his Agents) picks one of ``options``; the others are
    treated as Par (Hunter Groups - Group Combat).
    """

    engagement: Engagement
    winner: Winner
    pairings: tuple[Pairing, ...]
    options: tuple[Pairing, ...]
    chooser: Chooser | None

    @property
    def needs_choice(self) -> bool:
        """More than one option with a different consequence ("Both results are Mort. ...
        Had the results been different, the Hunters could have chosen")."""
        return len({_consequence(p) for p in self.options}) > 1

    def choose(self, index: int | None = None) -> Pairing:
        """The pairing applied: option ``index`` (needed only when :attr:`needs_choice`)."""
        if index is None:
            if self.needs_choice:
                raise IllegalAction(
                    f"the {self.chooser} must choose which result to apply",
                    rule=RULE_GROUP_COMBAT,
                )
            return self.options[0]
        if not 0 <= index < len(self.options):
            raise IllegalAction(f"no result number {index} to choose", rule=RULE_GROUP_COMBAT)
        return self.options[index]


def _consequence(pairing: Pairing) -> tuple[str, str | None]:
    # Identical results differ only when a Weapon is used up or Blood Points are
    # credited (Valour Points) to one Hunter rather than another.
    hunter = pairing.hunter if pairing.result.used_up or pairing.result.blood_points else None
    return str(pairing.result), hunter


def cross_reference(side: CabSide, engagements: Sequence[Engagement], chits: Mapping[str, str],
                    winner: Winner, *, tables: CombatTables | None = None
                    ) -> tuple[EngagementResults, ...]:
    """Find every box of the round on the table of ``side`` won by ``winner``.

    ``chits`` maps each fighter id to the chit it placed on the board.
    """
    table = (tables if tables is not None else default_tables()).table(side, winner)
    found: list[EngagementResults] = []
    for engagement in engagements:
        engagement.check()
        pairings = tuple(
            Pairing(h, o, _chit_of(chits, h), _chit_of(chits, o),
                    table.lookup(_chit_of(chits, h), _chit_of(chits, o)))
            for h in engagement.hunters for o in engagement.opponents
        )
        found.append(_options(engagement, winner, pairings))
    return tuple(found)


def _chit_of(chits: Mapping[str, str], fighter: str) -> str:
    try:
        return chits[fighter]
    except KeyError:
        raise IllegalAction(f"{fighter} has placed no chit", rule=RULE_ROUND) from None


def _options(engagement: Engagement, winner: Winner,
             pairings: tuple[Pairing, ...]) -> EngagementResults:
    hunters_won = winner == "hunters"
    if engagement.lone_hunter and engagement.lone_opponent:
        return EngagementResults(engagement, winner, pairings, pairings, None)
    if engagement.lone_opponent:
        if hunters_won:
            return EngagementResults(engagement, winner, pairings, pairings, "hunters")
        target = [p for p in pairings if p.hunter == engagement.opponents_target]
        return EngagementResults(engagement, winner, pairings, tuple(target), None)
    if hunters_won:
        target = [p for p in pairings if p.opponent == engagement.hunters_target]
        return EngagementResults(engagement, winner, pairings, tuple(target), None)
    return EngagementResults(engagement, winner, pairings, pairings, "dracula")


# ---------------------------------------------------------------------------------------
# Applying the results
# ---------------------------------------------------------------------------------------
@attrs.frozen
class CombatSituation:
    """The numbers the results change: Hunters' Wounds, Bites and Weapons held, and
    Dracula's Blood Points (below 0: the Blood Death Marker's box, as a negative number)."""

    wounds: Mapping[str, int] = attrs.field(factory=dict)
    bitten: frozenset[str] = frozenset()
    weapons: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    blood_points: int = MAX_BLOOD_POINTS


@attrs.frozen
class BloodLoss:
    """Blood Points lost and where the marker ends (Blood Points - Blood Death)."""

    before: int
    after: int

    @property
    def lost(self) -> int:
        """Blood Points lost."""
        return self.before - self.after

    @property
    def drained(self) -> bool:
        """The Blood Point Marker reached the '0' box this time: Dracula must flee."""
        return self.before > 0 >= self.after

    @property
    def blood_death(self) -> bool:
        """The Blood Death Marker is in use (Blood Points below 0)."""
        return self.after < 0

    @property
    def destroyed(self) -> bool:
        """The Blood Death Marker reached the '12' box: Dracula dies, the game ends."""
        return -self.after >= BLOOD_DEATH_LIMIT


def lose_blood(blood_points: int, amount: int) -> BloodLoss:
    """Move the marker down ``amount`` boxes; below 0 the Blood Death Marker moves up
    ("1 - 3 = -2, so Dracula puts the Blood Death Marker on the '2' box")."""
    after = max(blood_points - amount, -BLOOD_DEATH_LIMIT)
    return BloodLoss(blood_points, after)


@attrs.frozen
class RoundOutcome:
    """Everything a round did, for the game loop to apply to its state.

    ``discarded`` lists (Hunter, Weapon) pairs to put on the Weapon discards: used up,
    snatched, or thrown aside under Hypnosis. ``out_of_combat`` are Hunters taking no
    further part (escaped, bitten, hypnotised, dead). ``combat_over`` with ``end`` one
    of "dracula_escaped", "dracula_destroyed", "hunters_escaped", "hunters_out",
    "agents_dead".
    """

    side: CabSide
    winner: Winner
    engagements: tuple[EngagementResults, ...]
    applied: tuple[Pairing, ...]
    wounds_suffered: Mapping[str, int]
    wounds_after: Mapping[str, int]
    blood: BloodLoss
    blood_lost_by: Mapping[str, int]
    bitten: tuple[str, ...]
    hypnotised: tuple[str, ...]
    bite_resisted: tuple[str, ...]
    killed_hunters: tuple[str, ...]
    became_vampires: tuple[str, ...]
    discarded: tuple[tuple[str, str], ...]
    sacred_bullet_rolls: tuple[tuple[str, int], ...]
    repelled: bool
    killed_agents: tuple[str, ...]
    escaped_hunters: tuple[str, ...]
    dracula_escape: str | None
    dracula_destroyed: bool
    out_of_combat: tuple[str, ...]
    histories: Mapping[str, ChitHistory]
    next_engagements: tuple[Engagement, ...]
    freed_hunters: tuple[str, ...]
    freed_agents: tuple[str, ...]
    combat_over: bool
    end: str | None

    @property
    def effective(self) -> tuple[Pairing, ...]:
        """Every pairing with the result that counted: the applied ones as found, all the
        others treated as Par ("regardless of what they should have been")."""
        chosen = set(self.applied)
        return tuple(
            p if p in chosen else evolve(p, result=PARRY)
            for found in self.engagements for p in found.pairings
        )

    @property
    def dracula_restricted_next_round(self) -> bool:
        """Repelled or lost Blood Points: only Dodge or an Escape next round."""
        return self.repelled or self.blood.lost > 0

    def next_conditions(self, previous: ChoiceConditions) -> ChoiceConditions:
        """The next round's :class:`ChoiceConditions` for Dracula."""
        return evolve(previous, round_number=previous.round_number + 1,
                            dodge_or_escape_only=self.dracula_restricted_next_round)


@attrs.define
class _Tally:
    """Mutable working record while one round is applied (never leaves this module)."""

    situation: CombatSituation
    wounds: dict[str, int]
    blood: int
    suffered: dict[str, int] = attrs.field(factory=dict)
    blood_by: dict[str, int] = attrs.field(factory=dict)
    bitten: list[str] = attrs.field(factory=list)
    hypnotised: list[str] = attrs.field(factory=list)
    resisted: list[str] = attrs.field(factory=list)
    killed: list[str] = attrs.field(factory=list)
    vampires: list[str] = attrs.field(factory=list)
    discarded: list[tuple[str, str]] = attrs.field(factory=list)
    bullets: list[tuple[str, int]] = attrs.field(factory=list)
    repelled: bool = False
    agents_killed: list[str] = attrs.field(factory=list)
    escaped: list[str] = attrs.field(factory=list)
    dracula_escape: str | None = None
    dracula_staked: bool = False
    out: list[str] = attrs.field(factory=list)

    def leave(self, hunter: str) -> None:
        if hunter not in self.out:
            self.out.append(hunter)


def resolve_round(side: CabSide, engagements: Sequence[Engagement], chits: Mapping[str, str],
                  winner: Winner, situation: CombatSituation, dice: Dice, *,
                  choices: Mapping[int, int] | None = None,
                  histories: Mapping[str, ChitHistory] | None = None,
                  great_strength: frozenset[str] = frozenset(),
                  hunters_standing_by: Sequence[str] = (),
                  agents_standing_by: Sequence[str] = (),
                  tables: CombatTables | None = None) -> RoundOutcome:
    """Cross-reference the chits and apply the results of one round.

    ``choices`` maps an engagement's index to the option its winning side chose (only
    needed where :attr:`EngagementResults.needs_choice`). ``great_strength`` are Hunters
    who play Great Strength against a Bite or Hyp result. ``dice`` rolls for Sacred
    Bullets that are used up (1-3: more bullets left, the chit is kept).
    """
    table_data = tables if tables is not None else default_tables()
    found = cross_reference(side, engagements, chits, winner, tables=table_data)
    picks = choices or {}
    applied = tuple(result.choose(picks.get(i)) for i, result in enumerate(found))
    tally = _Tally(situation, dict(situation.wounds), situation.blood_points)
    for engagement, pairing in zip(engagements, applied, strict=True):
        _apply(pairing, engagement, winner, tally, dice, great_strength, table_data, chits)
    standing_by = (tuple(hunters_standing_by), tuple(agents_standing_by))
    return _outcome(side, winner, found, applied, engagements, chits, histories or {}, tally,
                    standing_by)


def _apply(pairing: Pairing, engagement: Engagement, winner: Winner, tally: _Tally, dice: Dice,
           great_strength: frozenset[str], tables: CombatTables,
           chits: Mapping[str, str]) -> None:
    result, hunter = pairing.result, pairing.hunter
    code = result.code
    if result.wounds:
        _wound(tally, hunter, result.wounds)
    elif result.blood_points:
        tally.blood = lose_blood(tally.blood, result.blood_points).after
        tally.blood_by[hunter] = tally.blood_by.get(hunter, 0) + result.blood_points
    elif code == REPEL:
        tally.repelled = True
    elif code == SNATCHED:
        tally.discarded.append((hunter, pairing.hunter_chit))
    elif code in (BITE, HYPNOSIS):
        _bite(tally, hunter, code == HYPNOSIS, hunter in great_strength)
    elif code == MORTAL_WOUND:
        if pairing.opponent == DRACULA:
            tally.dracula_staked = True
        else:
            tally.agents_killed.append(pairing.opponent)
    elif code == HUNTER_ESCAPES:
        # A group escapes together when the Hunters choose H.Esc; when the opponent
        # won, only the Hunter whose result it is gets away (ruling).
        leaving = engagement.hunters if winner == "hunters" else (hunter,)
        for fleeing in leaving:
            tally.escaped.append(fleeing)
            tally.leave(fleeing)
    elif code == DRACULA_ESCAPES:
        form = tables.escape_form_of(chits[DRACULA])
        tally.dracula_escape = form.form if form else chits[DRACULA]
    if result.used_up:
        _use_up(tally, hunter, pairing.hunter_chit, dice)


def _wound(tally: _Tally, hunter: str, wounds: int) -> None:
    before = tally.wounds.get(hunter, 0)
    after = min(before + wounds, WOUNDS_TO_DIE)
    tally.wounds[hunter] = after
    tally.suffered[hunter] = tally.suffered.get(hunter, 0) + after - before
    if after >= WOUNDS_TO_DIE:
        # Wounds: "If a Hunter dies while he has a Bite Marker ... he becomes a Vampire."
        (tally.vampires if hunter in tally.situation.bitten else tally.killed).append(hunter)
        tally.leave(hunter)


def _bite(tally: _Tally, hunter: str, hypnotised: bool, resisted: bool) -> None:
    if hypnotised:
        # Reference 2 - Hypnosis: he throws aside his weapons; Great Strength "merely
        # stops him from being bitten" and the combat still ends for him.
        tally.hypnotised.append(hunter)
        for weapon in tally.situation.weapons.get(hunter, ()):
            tally.discarded.append((hunter, weapon))
        tally.leave(hunter)
    if resisted:
        tally.resisted.append(hunter)
        return  # against a Bite result, "the combat continues"
    tally.bitten.append(hunter)
    if hunter in tally.situation.bitten:
        tally.vampires.append(hunter)  # Wounds - Bites: bitten again
    tally.leave(hunter)


def _use_up(tally: _Tally, hunter: str, weapon: str, dice: Dice) -> None:
    if any(d == (hunter, weapon) for d in tally.discarded):
        return
    if weapon == "sacred_bullets":
        roll = dice.d6()
        tally.bullets.append((hunter, roll))
        if roll <= 3:  # Reference 3 - Sacred Bullets: "1-3, he has more Sacred Bullets left"
            return
    tally.discarded.append((hunter, weapon))


def _outcome(side: CabSide, winner: Winner, found: tuple[EngagementResults, ...],
             applied: tuple[Pairing, ...], engagements: Sequence[Engagement],
             chits: Mapping[str, str], previous: Mapping[str, ChitHistory],
             tally: _Tally,
             standing_by: tuple[tuple[str, ...], tuple[str, ...]]) -> RoundOutcome:
    blood = BloodLoss(tally.situation.blood_points, tally.blood)
    destroyed = tally.dracula_staked or blood.destroyed
    gone = set(tally.out) | set(tally.agents_killed)
    next_engagements, freed_hunters, freed_agents = _regroup(engagements, gone)
    freed_hunters += tuple(h for h in standing_by[0] if h not in gone)
    freed_agents += tuple(a for a in standing_by[1] if a not in gone)
    hunters_left = bool(freed_hunters) or bool(next_engagements)
    opponents_left = bool(freed_agents) or bool(next_engagements)
    end = _combat_end(tally, destroyed, hunters_left, opponents_left)
    histories = {
        fighter: ChitHistory(chit, (fighter, chit) not in tally.discarded)
        for fighter, chit in chits.items()
    }
    for fighter, history in previous.items():
        histories.setdefault(fighter, history)
    return RoundOutcome(
        side=side, winner=winner, engagements=found, applied=applied,
        wounds_suffered=dict(tally.suffered), wounds_after=dict(tally.wounds), blood=blood,
        blood_lost_by=dict(tally.blood_by), bitten=tuple(tally.bitten),
        hypnotised=tuple(tally.hypnotised), bite_resisted=tuple(tally.resisted),
        killed_hunters=tuple(tally.killed), became_vampires=tuple(dict.fromkeys(tally.vampires)),
        discarded=tuple(tally.discarded), sacred_bullet_rolls=tuple(tally.bullets),
        repelled=tally.repelled, killed_agents=tuple(tally.agents_killed),
        escaped_hunters=tuple(tally.escaped), dracula_escape=tally.dracula_escape,
        dracula_destroyed=destroyed, out_of_combat=tuple(tally.out), histories=histories,
        next_engagements=next_engagements, freed_hunters=freed_hunters,
        freed_agents=freed_agents, combat_over=end is not None, end=end,
    )


def _regroup(engagements: Sequence[Engagement], gone: set[str]
             ) -> tuple[tuple[Engagement, ...], tuple[str, ...], tuple[str, ...]]:
    """Remove fallen and escaped fighters. A lone fighter whose target fell must choose
    another (its target becomes None); fighters left with no foe are freed to team up."""
    kept: list[Engagement] = []
    freed_hunters: list[str] = []
    freed_agents: list[str] = []
    for e in engagements:
        hunters = tuple(h for h in e.hunters if h not in gone)
        opponents = tuple(o for o in e.opponents if o not in gone)
        if not hunters or not opponents:
            freed_hunters.extend(hunters)
            freed_agents.extend(o for o in opponents if o != DRACULA)
            continue
        hunters_target = e.hunters_target if e.hunters_target in opponents else None
        opponents_target = e.opponents_target if e.opponents_target in hunters else None
        if len(hunters) == 1 and len(opponents) == 1:
            hunters_target, opponents_target = opponents[0], hunters[0]
        kept.append(Engagement(hunters, opponents, hunters_target, opponents_target))
    return tuple(kept), tuple(freed_hunters), tuple(freed_agents)


def _combat_end(tally: _Tally, destroyed: bool, hunters_left: bool,
                opponents_left: bool) -> str | None:
    if destroyed:
        return "dracula_destroyed"
    if tally.dracula_escape is not None:
        return "dracula_escaped"
    if not hunters_left:
        return "hunters_escaped" if set(tally.out) <= set(tally.escaped) else "hunters_out"
    if not opponents_left:
        return "agents_dead"
    return None
