"""What a round of combat does to the game: its results applied.

The round is resolved on the Combat Action Board by :func:`fury1987.combat_round.
resolve_round` (a pure function of the chits, the initiative and the dice); this module
applies its :class:`~fury1987.combat_round.RoundOutcome` to the state: Weapons used up,
Wounds, Bites and Hunters turned Vampire, the Blood Points Dracula loses (and the Valour
Points they earn), his destruction, the Agents killed. Jonathan Harker's fight keeps his
Wounds and Weapons on the fight's record instead. A Hunter's Sacred Bullets are held back
while his die waits for Good Luck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .combat_round import RoundOutcome
from .combat_tables import MORTAL_WOUND
from .records import evolve
from .seats import DRACULA, HARKER, HUNTER_NAMES, HUNTERS
from .victory import DESTROYING_DRACULA_VALOUR, dracula_destroyed
from .wording import fighter_name
from .wounds import become_vampire, bite, lose_blood, wound

if TYPE_CHECKING:
    from .fight import Combat
    from .state import FuryState

BASIC_CHITS = ("dodge", "escape", "fist")
BLOOD_POINT_VALOUR = 5                     # Valour: each Blood Point caused in combat
#: Valour: killing a Servant / a Szgany; to the killer of each Agent (ruling 78).
AGENT_KILL_VALOUR = {"servant": 2, "szgany": 3}


def defer_bullets(out: RoundOutcome) -> tuple[RoundOutcome, tuple[tuple[str, int], ...]]:
    """Hold back the Sacred Bullets a Hunter's die says are spent: the die may yet be
    rolled again with Good Luck (:func:`sacred_bullets_rolled` settles it)."""
    bullets = tuple((h, roll) for h, roll in out.sacred_bullet_rolls if h in HUNTERS)
    discarded = list(out.discarded)
    for hunter, _ in bullets:
        if (hunter, "sacred_bullets") in discarded:
            discarded.remove((hunter, "sacred_bullets"))
    return evolve(out, discarded=tuple(discarded)), bullets


def reveal_weapons(state: FuryState, record: Combat) -> None:
    """The chits were turned over: Dracula has seen each Weapon a Hunter used."""
    for fighter, chit in record.chosen.items():
        if fighter in HUNTERS and chit not in BASIC_CHITS:  # (Harker's are face up)
            state.hunters[fighter].show(chit)


def apply_outcome(state: FuryState, record: Combat, out: RoundOutcome) -> None:
    """The round's results on the game: weapons used up, wounds, bites, Vampires, Blood
    Points (and the Valour they earn), Agents killed."""
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
        state.say("agent_killed", f"{fighter_name(agent)} is killed", agent=agent)
    if record.side == "agents" and out.end == "agents_dead" \
            and record.town in state.chart:
        state.discard_found(record.town)


def apply_harker(state: FuryState, record: Combat, out: RoundOutcome) -> Combat:
    """Harker's wounds, used-up Weapons (his no more in this fight; back to the Pool
    with the others when it is over), and the Blood Points he costs Dracula."""
    weapons, spent = list(record.harker_weapons), list(record.harker_spent)
    for _, weapon in out.discarded:
        if weapon in weapons:
            weapons.remove(weapon)
            spent.append(weapon)
    wounds = out.wounds_after.get(HARKER, record.harker_wounds)
    record = evolve(record, harker_weapons=tuple(weapons), harker_spent=tuple(spent),
                          harker_wounds=wounds)
    state.stack[-1] = record  # (his chits as they are now, should the game end here)
    if out.blood.lost > 0:
        lose_blood(state, out.blood.lost, public=True)
    if state.outcome is None and out.dracula_destroyed:
        dracula_destroyed(state, "Jonathan Harker staked him", by=None)
    return record


