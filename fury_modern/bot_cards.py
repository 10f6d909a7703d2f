"""How the bots judge event and item cards: whether to play one now, which of its effects to
choose, what to keep when a hand is over its limit.

Each card the bots know has a rule (:data:`PLAY`) saying what playing it now is worth in
the situation its holder sees (:class:`Situation`), in the same points as the bots' other
choices (a step closer to Dracula is about 1): above 0 it is played, otherwise kept. A card
without a rule (one added after these bots were written) gets :func:`default_value`: every
event and item is printed to help its holder or hurt the other side, so it is played
whenever it is offered in a window or as a reaction, and as a hunter's action only when he
has nothing better to do. A card's effects (``ChooseMode``) are judged by name
(:data:`MODE_VALUE`), an unknown one at 0 (the die decides between equals).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from .rules import DRACULA

#: Worth of an unknown card played in a window or as a reaction (above "no card": 0), and
#: as a hunter's action (below every useful action: a Move, a Search, Supply).
UNKNOWN_IN_WINDOW = 0.5
UNKNOWN_AS_ACTION = 0.3


@attrs.frozen
class Situation:
    """What a card's worth depends on, as the holder's seat sees it."""

    side: str  # "hunters" or "dracula"
    in_combat: bool = False
    combat_vampire: bool = False  # the combat is against a vampire, not Dracula
    night: bool = False
    as_action: bool = False  # a hunter's action, rather than a window
    possible: int = 70  # places the hunters' tracker leaves Dracula
    dracula_revealed: bool = False
    hunters_near: int = 0  # hunters within two steps of Dracula (his view) or of the chase
    my_damage_share: float = 0.0  # the holder's damage over his health
    bitten_here: bool = False  # a bitten hunter in the holder's city (hunters)
    anyone_bitten: bool = False
    dracula_damage: int = 0
    dracula_ally: str = ""
    hunter_ally: str = ""
    darkness: bool = False  # the coming hunter phase has no day
    face_down_trail: int = 0  # trail cards still face down
    at_sea: bool = False
    target_steps: int = 0  # a hunter's steps to the nearest place Dracula may be
    hunter_on_trail: bool = False  # a hunter stands where a card of his trail or lairs lies


Rule = Callable[[Situation], float]


def _chase(s: Situation) -> float:
    """How hot the chase is: 1 when Dracula is revealed or nearly pinned down."""
    if s.dracula_revealed:
        return 1.0
    return max(0.0, 1.0 - s.possible / 20)


#: What playing each known card now is worth (the card's holder's side is implied).
PLAY: dict[str, Rule] = {
    # hunter events
    "newspaper_reports": lambda s: 1.0 + 2 * (s.face_down_trail > 0),
    "long_night": lambda s: 2.0 * _chase(s) - 0.3,
    "renewed_vigour": lambda s: -1.0 if s.darkness else 1.5 * _chase(s) + 0.4,
    "speedy_telegraph": lambda s: _chase(s) - 0.4,
    "surprising_return": lambda s: 1.0,
    "escape_route": lambda s: 3.0 * s.my_damage_share - 1.0,
    "heroic_leap": lambda s: (3.0 if s.my_damage_share < 0.4 else -2.0)
    + (1.0 if s.combat_vampire else 0.0),
    "lucky_find": lambda s: 1.5,
    "blood_transfusion": lambda s: 4.0 if s.bitten_here and s.my_damage_share < 0.6 else -1,
    "mystic_research": lambda s: 1.2,
    "hypnosis": lambda s: 2.0 if s.possible > 8 else -0.5,
    "wax_cylinders": lambda s: 1.0 if s.night else 0.3,
    "money_trail": lambda s: 1.0 if s.face_down_trail >= 3 else -0.5,
    "sense_of_emergency": lambda s: 2.5 if s.dracula_revealed and 2 <= s.target_steps <= 3
    and s.my_damage_share < 0.5 else -1.0,
    "excellent_weather": lambda s: 1.5 if s.at_sea else -1.0,
    "vampire_lair": lambda s: 3.0,
    "consecrated_ground": lambda s: 1.5,
    "good_luck": lambda s: 1.0,
    "great_strength": lambda s: 4.0,
    "forewarned": lambda s: 3.0,
    "planned_ambush": lambda s: 1.0,
    "lucys_revenge": lambda s: 1.5,
    "chartered_carriage": lambda s: 1.0,
    "behind_the_veil": lambda s: 2.0,
    # items played outside the choice of a combat card
    "garlic_wreath": lambda s: 2.0 if not s.combat_vampire else 0.5,
    "fast_horses": lambda s: 1.0 if _chase(s) >= 0.5 and s.target_steps >= 2 else -0.5,
    "holy_bullets": lambda s: 3.0,
    "dogs": lambda s: 3.0,
    "stake": lambda s: 3.0,
    # Dracula events
    "hidden_schemes": lambda s: 1.5,
    "roadblock": lambda s: 1.0 + s.hunters_near,
    "summon_storms": lambda s: 0.5 + 0.5 * s.hunters_near,
    "darkness_returns": lambda s: 1.0 + s.hunters_near,
    "nocturnal_visit": lambda s: 2.5 if s.dracula_revealed or s.hunters_near >= 2 else -0.5,
    "devilish_power": lambda s: 1.5 if s.hunter_ally else 0.6,
    "unearthly_swiftness": lambda s: 0.5 + 1.5 * s.hunters_near,
    "vampiric_influence": lambda s: 1.0,
    "customs_search": lambda s: 2.0,
    "enraged": lambda s: 2.0,
    "false_tip": lambda s: 2.0 if s.hunters_near else -0.5,
    "seduction": lambda s: 3.0,
    "sensationalist_press": lambda s: 1.5,
    "wild_horses": lambda s: 3.0 if s.hunter_on_trail else -0.5,
}

#: What keeping a card is worth (for choosing what to discard), an unknown card 1.
KEEP: dict[str, float] = {
    "knife": 4.0, "heavenly_host": 4.0, "crucifix": 3.5, "pistol": 3.0, "rifle": 3.0,
    "garlic": 2.5, "holy_circle": 2.0, "garlic_wreath": 2.5, "holy_bullets": 2.0,
    "dogs": 1.5, "stake": 2.0, "fast_horses": 1.0,
    "great_strength": 3.0, "forewarned": 2.0, "renewed_vigour": 2.0, "lucky_find": 2.0,
    "heroic_leap": 2.0, "escape_route": 1.5, "blood_transfusion": 1.5,
    "customs_search": 2.0, "seduction": 2.5, "nocturnal_visit": 2.0, "enraged": 2.0,
    "unearthly_swiftness": 2.0, "darkness_returns": 2.0, "roadblock": 1.5,
    # encounters in Dracula's hand
    "aristocratic_vampire": 6.0, "reckless_vampire": 5.5, "new_vampire": 5.0,
    "wolves": 2.5, "szgany_mob": 2.5, "szgany_bodyguards": 2.0, "spy": 2.0,
    "saboteur": 2.0, "desecrated_soil": 1.8, "unnatural_fog": 1.5, "bats": 1.5,
    "rats": 1.5, "hoax": 1.0,
}

#: The effects of a card (``ChooseMode``) by name; an ally only when none is in play.
MODE_VALUE: dict[str, float] = {
    "at_once": 1.0, "dawn_or_dusk": 0.5, "search": 1.0, "deduction": 1.0, "analysis": 0.6,
    "raid": 1.0, "help": 1.0, "desecrate": 1.0,
    "discard_dracula_ally": 2.0, "remove_roadblock": 1.0, "cancel_false_tip": 1.5,
    "discard_hunter_ally": 2.0, "no_supply": 1.2, "remove_consecrated_ground": 1.0,
    "cancel_escape": 1.5, "prevent_defeat": 1.4, "prevent_bite": 1.2,
}


def play_value(card: str, situation: Situation) -> float:
    """What playing ``card`` now is worth to its holder."""
    rule = PLAY.get(card)
    return rule(situation) if rule is not None else default_value(situation)


def default_value(situation: Situation) -> float:
    """A card these bots do not know: played when offered, as an action only when nothing
    better is to be done."""
    return UNKNOWN_AS_ACTION if situation.as_action else UNKNOWN_IN_WINDOW


def keep_value(card: str) -> float:
    return KEEP.get(card, 1.0)


def mode_value(mode: str, situation: Situation) -> float:
    """Which of a card's effects: an ally while the side has none; a trail space the newer
    the better (it tells more of where he is now); otherwise by name."""
    if mode == "ally":
        ally = situation.dracula_ally if situation.side == DRACULA else situation.hunter_ally
        return 0.5 if ally else 1.5
    if mode.startswith("trail_space_"):
        return 1.0 - int(mode.rsplit("_", 1)[1]) / 10
    if mode.startswith("lair_"):
        return 0.2
    return MODE_VALUE.get(mode, 0.0)
