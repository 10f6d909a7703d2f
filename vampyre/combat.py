"""Combat and the combat code letters ("Combat", "Combat Code Letters").

A fight is read from the vampire hunter's side: the attacker rolls one die,
the hunter's bonuses are added (items; daylight in Castle Dracula), and the
total is looked up on the monster's row of the Melee or Supernatural table.
The code letter says what happens:

V victory, W wound, N no result (the fight resumes on the next turn of either
combatant), S salvation (a nosferatu destroyed for good), B bite, P
possession, F fear and I immobility (Castle Dracula only).

Useful items work automatically where the rulebook says so (holy water
dispels the first demon), and the hunter declares before the roll whether a
silver bullet is fired at a werewolf ("Appendix II: Useful Items").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from gothic_kernel import Action

from . import conversion
from .actions import FIRE, HOLD_FIRE, DeclareSilverBullet
from .castle import daylight
from .decisions import COMBAT_STEP, SILVER_BULLET, PlayerDecision
from .items import has_item, spend_item
from .state import HUNTER, NOSFERATU, PLAYER_WEREWOLF, SAVED, SLAIN, Fight, FightOrigin
from .winning import dracula_slain
from .wording import foe, the

if TYPE_CHECKING:
    from .state import VampyreState

RULE = "Combat"
COUNT_DRACULA = "count_dracula"

#: The code letters in words ("Combat Code Letters"), for the narration.
LETTER_WORDS = {"V": "victory", "W": "wound", "N": "no result", "S": "salvation",
                "B": "bite", "P": "possession", "F": "fear", "I": "immobility"}
WEREWOLVES = ("werewolf", PLAYER_WEREWOLF)


def monster_of(state: VampyreState, seat: str) -> str:
    """The combat row a converted player is fought on."""
    p = state.players[seat]
    if p.form == NOSFERATU:
        return "nosferatu"
    if p.form == PLAYER_WEREWOLF:
        return PLAYER_WEREWOLF
    return "possessed"


def foe_text(state: VampyreState, fight: Fight) -> str:
    """Whom the hunter fights: "the Bear", or "Mina (Nosferatu)"."""
    if fight.opponent:
        return f"{state.name(fight.opponent)} ({state.name(fight.monster)})"
    return the(state, fight.monster)


def fight_view(state: VampyreState, fight: Fight) -> dict[str, Any]:
    """What anyone sees of a fight (a guardian by its kind, not its counter)."""
    return {"hunter": fight.hunter, "monster": fight.monster, "attacker": fight.attacker,
            "opponent": fight.opponent, "space": fight.space, "gypsies": fight.gypsies,
            "guardian": state.rules.red_counters[fight.counter] if fight.counter else ""}


def bonus(state: VampyreState, fight: Fight) -> int:
    """What the hunter adds to the die: each kind of item once, daylight, immobility."""
    table = state.rules.monster_table[fight.monster]
    kinds = set(state.item_kinds(fight.hunter))
    total = sum(b for item, (t, b) in state.rules.items.items() if t == table and item in kinds)
    if table == "supernatural" and state.in_castle:
        total += daylight(state)
    if state.players[fight.hunter].immobile and fight.attacker != fight.hunter:
        total -= 2  # "I - Immobility": the attacker subtracts two
    return total


# -- starting and resuming fights -------------------------------------------------------------

def begin(state: VampyreState, fight: Fight) -> None:
    """Start (or resume) a fight: automatic items, a silver bullet declaration, the die."""
    hunter = fight.hunter
    if fight.opponent:
        state.events.say("fight", f"{state.name(fight.attacker)} attacks "
                         f"{state.name(hunter if fight.attacker != hunter else fight.opponent)}",
                         hunter=hunter, opponent=fight.opponent, attacker=fight.attacker)
    if fight.monster == "demon" and has_item(state, hunter, "holy_water"):
        spend_item(state, hunter, "holy_water")
        state.events.say("holy_water", f"{state.name(hunter)} dashes holy water on the demon "
                         "and dispels it", seat=hunter)
        _over(state, fight)
        return
    if fight.monster in WEREWOLVES and has_item(state, hunter, "silver_bullet"):
        state.ask(SilverBulletDeclaration(hunter, fight))
        return
    strike(state, fight, bullet=False)


def resume(state: VampyreState, fight: Fight, seat: str) -> None:
    """An N result's fight goes on, on the turn of either combatant, who rolls."""
    state.fights.remove(fight)
    fight.attacker = seat
    state.events.say("fight_goes_on", f"{state.when()}The fight between "
                     f"{state.name(fight.hunter)} and "
                     f"{foe_text(state, fight)} goes on", hunter=fight.hunter,
                     opponent=fight.opponent, monster=str(fight.monster))
    begin(state, fight)


def player_fight(state: VampyreState, attacker: str, target: str) -> None:
    """A player ends a move on an opponent and attacks it."""
    a = state.players[attacker]
    where = a.location or ""
    if target == COUNT_DRACULA:
        counter = state.revealed[where]
        begin(state, Fight(attacker, "dracula", attacker, counter=counter,
                           origin=FightOrigin.GUARDIAN, space=where))
    elif a.form == HUNTER and not a.possessed:
        begin(state, Fight(attacker, monster_of(state, target), attacker, opponent=target,
                           origin=FightOrigin.PLAYER, space=where))
    else:
        begin(state, Fight(target, monster_of(state, attacker), attacker, opponent=attacker,
                           origin=FightOrigin.PLAYER, space=where))


def declared(state: VampyreState, fight: Fight, use: bool) -> None:
    """The hunter has declared whether the silver bullet is fired."""
    hunter = fight.hunter
    if fight.monster == "werewolf":
        if use:
            spend_item(state, hunter, "silver_bullet")
            state.events.say("silver_bullet", f"{state.name(hunter)} fires the silver bullet: "
                             "the werewolf is slain", seat=hunter)
            _over(state, fight)
            return
        state.events.say("silver_bullet", f"{state.name(hunter)} keeps the silver bullet",
                         seat=hunter)
        strike(state, fight, bullet=False)
        return
    state.events.say("silver_bullet", f"{state.name(hunter)} "
                     + ("will fire" if use else "keeps") + " the silver bullet", seat=hunter)
    strike(state, fight, bullet=use)


# -- the die and the code letters ---------------------------------------------------------------

def strike(state: VampyreState, fight: Fight, *, bullet: bool) -> None:
    """Roll, read the table, apply the code letter (again for each gypsy still standing)."""
    table = state.rules.combat_table(fight.monster)
    while True:
        die = state.dice.d6()
        plus = bonus(state, fight)
        letter = table.result(fight.monster, die + plus)
        hunter = state.name(fight.hunter)
        if fight.attacker == fight.hunter:
            total = f"{die}" + (f" ({plus:+d} = {die + plus})" if plus else "")
            text = f"{hunter} rolls {total} against {foe_text(state, fight)}"
        else:  # the converted attacker rolls; the total is still read for the hunter
            text = (f"{state.name(fight.attacker)} ({state.name(fight.monster)}) rolls {die} "
                    f"against {hunter}")
            if plus:
                text += f" (total {die + plus} with {hunter}'s {plus:+d})"
        state.events.say("combat_roll", f"{text}: {letter} ({LETTER_WORDS[letter]})",
                         roller=fight.attacker, roll=die, bonus=plus, result=letter,
                         hunter=fight.hunter, monster=str(fight.monster))
        if not settle(state, fight, letter, bullet=bullet):
            return


def settle(state: VampyreState, fight: Fight, letter: str, *, bullet: bool = False) -> bool:
    """Apply a code letter; True when another gypsy must be fought at once."""
    hunter = fight.hunter
    if letter == "V":
        if fight.gypsies > 1:
            fight.gypsies -= 1
            state.events.say("gypsy_falls", f"A gypsy falls; {fight.gypsies} still "
                             + ("fights" if fight.gypsies == 1 else "fight"),
                             seat=hunter, left=fight.gypsies)
            return True
        _victory(state, fight, bullet)
    elif letter == "W":
        if bullet:
            spend_item(state, hunter, "silver_bullet")
        conversion.wound(state, hunter, fight.monster)
    elif letter == "N":
        _no_result(state, fight)
        return False
    elif letter == "B":
        conversion.bite(state, hunter)
        if fight.opponent and state.players[fight.opponent].form == NOSFERATU:
            conversion.sate(state, fight.opponent)
    elif letter == "P":
        conversion.possess(state, hunter)
    elif letter == "S":
        conversion.leave_for_good(state, fight.opponent, SAVED,
                                  "is destroyed: the soul is saved from Satan's grip")
    elif letter == "F":
        state.players[hunter].fleeing = True
        state.events.say("fear", f"{state.name(hunter)} loses nerve and flees for The "
                         "Portcullis", seat=hunter)
    elif letter == "I":
        p = state.players[hunter]
        p.lost_turns += 2
        p.immobile = 2
        state.events.say("immobility", f"{state.name(hunter)} is paralysed and loses two turns",
                         seat=hunter)
    _over(state, fight)
    return False


def _victory(state: VampyreState, fight: Fight, bullet: bool) -> None:
    _defeat(state, fight, bullet)
    _victory_ends_the_turn(state, fight.hunter)


def _defeat(state: VampyreState, fight: Fight, bullet: bool) -> None:
    hunter, foe = fight.hunter, fight.opponent
    if foe:
        p = state.players[foe]
        if p.form == NOSFERATU:
            conversion.dissolve(state, foe, "dissolves into a cloud of vapour")
        elif p.form == PLAYER_WEREWOLF:
            if bullet:
                spend_item(state, hunter, "silver_bullet")
                conversion.leave_for_good(state, foe, SLAIN, "is killed by the silver bullet")
            else:
                conversion.dissolve(state, foe, "is driven off")
        else:
            conversion.end_possession(state, foe, "the possessed player is wounded")
            conversion.wound(state, foe, "possessed")
        return
    if fight.monster == "dracula":
        if state.in_castle:
            dracula_slain(state, hunter)
        else:
            state.events.say("victory", f"{state.name(hunter)} keeps Dracula at bay until "
                             "sunrise", seat=hunter)
        return
    state.events.say("victory", f"{state.name(hunter)} defeats {the(state, fight.monster)}",
                     seat=hunter, monster=str(fight.monster))


def _victory_ends_the_turn(state: VampyreState, hunter: str) -> None:
    """V: "In the Basic Game this ends the player's turn" (in the Extended Game "a victory
    result is usually the same"). A hunter who ended his move on an opponent and beat the
    night's creature, or the guardian he revealed, makes no attack this turn (the Combat
    step waiting is dropped; rulings 5 and 7)."""
    waiting = [step for step in state.stack
               if step.KIND == COMBAT_STEP and getattr(step, "seat", "") == hunter]
    for step in waiting:
        state.stack.remove(step)
        target = str(getattr(step, "target", ""))
        state.events.say("no_attack", f"{state.name(hunter)}'s victory ends the turn: no "
                         f"attack on {state.name(target)}", seat=hunter, opponent=target)


def _no_result(state: VampyreState, fight: Fight) -> None:
    if fight.origin == FightOrigin.DRACULA_ATTACKS:
        state.events.say("no_result", f"{state.name(fight.hunter)} keeps Dracula at bay until "
                         "sunrise; he vanishes", seat=fight.hunter)
        _over(state, fight)
        return
    if state.in_castle and fight.opponent:
        state.events.say("no_result", "Neither side wins", seat=fight.hunter)
        _over(state, fight)
        return
    state.events.say("no_result", f"{state.name(fight.hunter)}'s fight is not resolved; it goes "
                     "on next turn", seat=fight.hunter, opponent=fight.opponent,
                     monster=str(fight.monster))
    state.fights.append(fight)


def _over(state: VampyreState, fight: Fight) -> None:
    """The fight is over: a guardian's counter leaves the board (the Count stays in his room);
    in Castle Dracula a converted player is removed, to reappear in The Tower."""
    if fight.counter and state.result is None:
        kind = state.rules.red_counters[fight.counter]
        if kind != COUNT_DRACULA and state.revealed.get(fight.space) == fight.counter:
            del state.revealed[fight.space]
            state.red_aside.append(fight.counter)
    if state.in_castle and fight.opponent:
        foe = state.players[fight.opponent]
        if foe.location is not None and not foe.out and foe.is_converted:
            conversion.dissolve(state, fight.opponent, "is removed from the board after the "
                                "fight")


# -- the decision --------------------------------------------------------------------------------

@attrs.frozen
class SilverBulletDeclaration(PlayerDecision):
    """A hunter holding a silver bullet meets a werewolf: "if the werewolf is a transformed
    player, the vampire hunter must declare whether the silver bullet will be used before
    the combat die is rolled" ("Appendix II: Useful Items"); a werewolf of the night is
    slain outright by the bullet fired."""

    KIND = SILVER_BULLET
    RULE = "Appendix II: Useful Items"
    ACTIONS = (DeclareSilverBullet,)
    DOING = "declare whether the silver bullet is used"
    #: The fight waiting for the declaration (the record is never changed: the fight
    #: goes on with a copy).
    fight: Fight

    def legal_actions(self, state: VampyreState, seat: str) -> tuple[Action, ...]:
        return (FIRE, HOLD_FIRE)

    def effect(self, state: VampyreState, seat: str, action: Action) -> None:
        assert isinstance(action, DeclareSilverBullet)
        declared(state, attrs.evolve(self.fight), action.use)

    def prompt(self, state: VampyreState, seat: str) -> str:
        name = state.name(seat)
        if self.fight.opponent:
            return (f"{name} fights {foe(state, self.fight.opponent)}: declare before the "
                    "combat die is rolled whether the silver bullet is used")
        return f"A werewolf attacks {name}: fire the silver bullet to slay it, or keep the bullet"

    @classmethod
    def label(cls, state: VampyreState, seat: str, action: Action) -> str:
        assert isinstance(action, DeclareSilverBullet)
        return "fire the silver bullet" if action.use else "keep the silver bullet"

    def offered(self, state: VampyreState) -> bool:
        """The hunter of a werewolf fight on either combatant's turn, holding a bullet."""
        fight = self.fight
        return fight.hunter == self.seat and state.current in (fight.hunter, fight.opponent) \
            and fight.monster in WEREWOLVES and has_item(state, self.seat, "silver_bullet")

    def held_fight(self) -> Fight:
        return self.fight

    def fight_view(self, state: VampyreState) -> dict[str, Any]:
        return fight_view(state, self.fight)
