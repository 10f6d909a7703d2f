"""Every kind of pending decision, by the name saves give it: an index.

The decisions themselves are classes in the modules of their rulebook sections (see
:mod:`fury1987.decisions`, which lists them); this module gathers them for code that
looks them up in one place, and for imports of before (``from fury1987.pending import
Combat``).
"""

from __future__ import annotations

from .decisions import FuryDecision
from .dracula import DraculaAction, DraculaMovement, DraculaSwap
from .encounter_cards import PendingBite
from .encounters import BatsChase, VampireChoice, VampireVictim
from .events import CardPlayed, CardStep, DieRoll, EventWindow, PlayAtOnce
from .fight import BatFlight, Combat
from .hunter_cards import EndTurn
from .hunters import FightChoice, HunterAction
from .items import EventDiscard, ItemChoice, NewWeapons
from .movement import HunterMovement, TrainAttempt, TrainRide, WeaponSwap
from .setup import ChooseStart

__all__ = ["PENDING_TYPES", "BatFlight", "BatsChase", "CardPlayed", "CardStep", "ChooseStart",
           "Combat", "DieRoll", "DraculaAction", "DraculaMovement", "DraculaSwap", "EndTurn",
           "EventDiscard", "EventWindow", "FightChoice", "FuryDecision", "HunterAction",
           "HunterMovement", "ItemChoice", "NewWeapons", "PendingBite", "PlayAtOnce",
           "TrainAttempt", "TrainRide", "VampireChoice", "VampireVictim", "WeaponSwap"]

#: Every kind of decision, as saves name them (``KIND``), in the order of their names (not
#: of the order their modules happened to be imported in: the encoding numbers them).
PENDING_TYPES: tuple[type[FuryDecision], ...] = tuple(sorted(
    (kind for kind in FuryDecision.kinds.values() if issubclass(kind, FuryDecision)),
    key=lambda kind: kind.KIND))
