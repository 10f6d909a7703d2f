"""Damage, bites and defeat (Damage; Bitten Hunters).

"If the total value of damage tokens on a character sheet equal or exceeds that
character's health value, that character is defeated." A bitten hunter with no free
bite space is defeated too: Mina at her first bite, Van Helsing at his third. A
defeated hunter advances the influence track two spaces plus the despair tokens
(Dracula's Rage) and is placed at the nearest hospital at dawn. Dracula defeated: the
hunters win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .influence import advance_influence
from .rules import HUNTERS

if TYPE_CHECKING:
    from .state import ModernState


def health_left(state: ModernState, seat: str) -> int:
    return state.rules.hunters[seat].health - state.hunters[seat].damage


def weakened(state: ModernState, seat: str) -> bool:
    """A hunter with a bite token is weakened; Mina always is (Bitten Hunters)."""
    return state.hunters[seat].bites > 0 or state.rules.hunters[seat].permanently_weakened


def hurt_hunter(state: ModernState, seat: str, damage: int, why: str) -> None:
    """``seat`` suffers ``damage``; at his health he is defeated."""
    hunter = state.hunters[seat]
    if damage <= 0 or hunter.defeated:
        return
    health = state.rules.hunters[seat].health
    hunter.damage = min(health, hunter.damage + damage)  # tokens past his health change nothing
    state.say("hunter_damage", f"{state.name(seat)} suffers {damage} damage ({why}): "
                               f"{hunter.damage} of {health}.",
              seat=seat, damage=damage, total=hunter.damage)
    if hunter.damage >= health:
        defeat_hunter(state, seat, "damage reaches health")


def heal_hunter(state: ModernState, seat: str, amount: int, why: str) -> int:
    """``seat`` recovers up to ``amount`` damage; returns how much."""
    hunter = state.hunters[seat]
    healed = min(amount, hunter.damage)
    if healed:
        hunter.damage -= healed
        state.say("hunter_heals", f"{state.name(seat)} recovers {healed} damage ({why}).",
                  seat=seat, healed=healed, total=hunter.damage)
    return healed


def bite_hunter(state: ModernState, seat: str, why: str) -> None:
    """A bite token on ``seat``'s sheet; with no free bite space he is defeated."""
    hunter = state.hunters[seat]
    if hunter.defeated:
        return
    if hunter.bites >= state.rules.hunters[seat].bite_spaces:
        state.say("bitten", f"{state.name(seat)} is bitten ({why}) with no bite space left.",
                  seat=seat)
        defeat_hunter(state, seat, "bitten with no bite space left")
        return
    hunter.bites += 1
    state.say("bitten", f"{state.name(seat)} is bitten ({why}): {hunter.bites} bite token"
                        f"{'s' if hunter.bites > 1 else ''}: weakened.",
              seat=seat, bites=hunter.bites)


def defeat_hunter(state: ModernState, seat: str, why: str) -> None:
    """The hunter is defeated: Rage advances the influence track (2 + despair tokens)."""
    hunter = state.hunters[seat]
    hunter.defeated = True
    state.say("hunter_defeated", f"{state.name(seat)} is defeated ({why}) and goes to the "
                                 "nearest hospital at dawn.", seat=seat)
    advance_influence(state, state.rules.dracula.rage_per_defeat + state.despair,
                      f"{state.name(seat)} defeated (Rage)")


def hurt_dracula(state: ModernState, damage: int, why: str) -> None:
    """Dracula suffers ``damage``; at his health the hunters win."""
    if damage <= 0 or state.is_over:
        return
    health = state.rules.dracula.health
    state.dracula.damage = min(health, state.dracula.damage + damage)
    state.say("dracula_damage", f"Dracula suffers {damage} damage ({why}): "
                                f"{state.dracula.damage} of {health}.",
              damage=damage, total=state.dracula.damage, reason=why)
    if state.dracula.damage >= health:
        state.end(HUNTERS, "Dracula is defeated")


def heal_dracula(state: ModernState, amount: int, why: str, *, public: bool = True) -> int:
    """Dracula recovers up to ``amount`` damage; returns how much."""
    healed = min(amount, state.dracula.damage)
    state.dracula.damage -= healed
    if healed and public:
        state.say("dracula_heals", f"Dracula recovers {healed} damage ({why}).",
                  healed=healed, total=state.dracula.damage, reason=why)
    return healed
