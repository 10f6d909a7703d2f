"""Victory in all its levels, Stalemate, and the Valour Points scores.

Dracula wins a Supreme Victory with six Vampires on the Strategy & Movement Chart
at once and at least one Hunter dead or a Vampire; a Major Victory with six
Vampires; a Minor Victory with three Vampires and two or more Hunters dead or
Vampires. A fleeing Dracula can no longer win. The Hunters win a Minor Victory if
Dracula survives their three Action Phases in Castle Dracula after fleeing there,
or willingly spends three consecutive turns in the Castle, or breaks a Stalemate by
consuming one of his own Vampires; a Major Victory if Dracula is destroyed but a
Hunter died in the struggle; a Supreme Victory if all the Hunters survive. Six
Vampires destroyed without Dracula is a Stalemate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gothic_kernel import Outcome

from .seats import DRACULA, HUNTERS
from .state import BLOOD_DEATH_LIMIT

if TYPE_CHECKING:
    from .state import FuryState

RULE_VICTORY = "Victory"
SIX_VAMPIRES = 6
THREE_VAMPIRES = 3
STALEMATE_VAMPIRES = 6
DESTROYING_DRACULA_VALOUR = 10  # Valour Points: "For destroying Dracula"


def vampires_on_chart(state: FuryState) -> int:
    enc = state.rules.encounters
    return sum(1 for chit in state.chart.values() if enc.is_vampire(chit))


def fallen_hunters(state: FuryState) -> int:
    """Hunters dead or turned Vampire."""
    return sum(1 for s in HUNTERS if not state.hunters[s].alive)


def scores(state: FuryState) -> dict[str, float]:
    """Valour Points: "The Hunter with the highest total at the end of the game is the
    bravest - even if he is dead!" (Dracula scores none)."""
    return {s: float(state.hunters[s].valour) for s in HUNTERS}


def _end(state: FuryState, winners: tuple[str, ...], level: str, reason: str) -> None:
    if state.outcome is not None:
        return
    state.say("game_over", reason, winners=list(winners), level=level)
    state.end_game(Outcome(winners, level, reason, scores(state)))


def dracula_wins(state: FuryState, level: str, reason: str) -> None:
    _end(state, (DRACULA,), level, f"Dracula wins a {level.capitalize()} Victory: {reason}")


def hunters_win(state: FuryState, level: str, reason: str) -> None:
    _end(state, HUNTERS, level, f"The Hunters win a {level.capitalize()} Victory: {reason}")


def dracula_victory_due(state: FuryState) -> tuple[str, str] | None:
    """The level of the victory Dracula's position wins him now and why, or None."""
    if state.dracula.fleeing:  # Fleeing: "If Dracula flees he can no longer win"
        return None
    vampires, fallen = vampires_on_chart(state), fallen_hunters(state)
    if vampires >= SIX_VAMPIRES:
        return "supreme" if fallen >= 1 else "major", f"{vampires} Vampires stalk Europe"
    if vampires >= THREE_VAMPIRES and fallen >= 2:
        return "minor", f"{vampires} Vampires and {fallen} Hunters fallen"
    if fallen == len(HUNTERS):
        # Ruling: with every Hunter fallen nobody is left to stop him.
        return "supreme", "every Hunter has fallen"
    return None


def check_dracula_victory(state: FuryState) -> None:
    """Dracula Wins! (checked whenever a Vampire is placed or a Hunter falls)."""
    if state.outcome is not None:
        return
    if state.dracula.fleeing:
        check_all_fallen_while_fleeing(state)
        return
    due = dracula_victory_due(state)
    if due is not None:
        dracula_wins(state, *due)


def victory_due(state: FuryState) -> str:
    """Which victory condition the position meets, in words, or "": "The game ends as soon
    as any of the victory conditions listed below are fulfilled" (Victory), so a game
    going on meets none (a save that does is corrupt)."""
    due = dracula_victory_due(state)
    if due is not None:
        return f"Dracula's {due[0].capitalize()} Victory ({due[1]})"
    if state.dracula.fleeing and fallen_hunters(state) == len(HUNTERS):
        return "every Hunter fallen while Dracula flees"
    if state.vampires_destroyed >= STALEMATE_VAMPIRES:
        return f"{state.vampires_destroyed} Vampires destroyed (Stalemate)"
    if state.dracula.blood <= -BLOOD_DEATH_LIMIT:
        return "the Blood Death Marker in the 12 box"
    return ""


def check_all_fallen_while_fleeing(state: FuryState) -> None:
    """Ruling: the last Hunter falls while Dracula flees: he hides in his Castle."""
    if state.outcome is None and state.dracula.fleeing and fallen_hunters(state) == len(HUNTERS):
        hunters_win(state, "minor", "Dracula, fleeing, will hide in Castle Dracula")


def dracula_destroyed(state: FuryState, how: str, by: str | None = None) -> None:
    """The Hunters Win! Supreme if every Hunter survives, else Major."""
    if by is not None:
        state.hunters[by].valour += DESTROYING_DRACULA_VALOUR
    level = "major" if fallen_hunters(state) else "supreme"
    hunters_win(state, level, f"Dracula is destroyed: {how}")


def check_stalemate(state: FuryState) -> None:
    """Stalemate: six Vampires destroyed but not Dracula; a Minor Victory for the
    Hunters if Dracula consumed one of his Vampires."""
    if state.outcome is not None or state.vampires_destroyed < STALEMATE_VAMPIRES:
        return
    if state.dracula.consumed:
        hunters_win(state, "minor", "six Vampires destroyed, and Dracula consumed one of "
                    "his own: the Stalemate is broken")
        return
    _end(state, (), "stalemate", "Stalemate: the Hunters have destroyed six Vampires but "
         "not Dracula")
