"""The bots' reckoning of a combat round (Combat, steps 3 to 5): what one Dracula card and
one hunter card do to each other, read from the printed cards (combat.toml, items.toml),
and the expected worth of a card against the cards the other side may hold.

Both sides reckon with what their seat sees: a hunter knows Dracula's combat deck (its
printed counts) less the cards lying face up, and whether Pride lets him escape yet;
Dracula knows each hunter's Punch, Dodge and Escape and how many items he holds (not
which: they are weighted by the item deck's printed counts).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from .rules import Rules

#: What a bite costs the hunters (a step towards defeat, and at night influence), and a
#: defeat (two influence and more, the hospital, the cards), in damage points.
BITE_WORTH = 5.0
DEFEAT_WORTH = 9.0
#: What leaving the combat is worth to a hunter whose health is low (the damage he no
#: longer risks), and costs one who is fit (the damage he no longer deals).
LEAVE_FIT = -2.0


@attrs.frozen
class Exchange:
    """One round's result for the engaged hunter: damage each way, a bite, the hunter out
    of the fight, the combat over, the hunter's item spent."""

    to_dracula: float = 0.0
    to_hunter: float = 0.0
    healed: float = 0.0
    bite: bool = False
    leaves: bool = False
    ends: bool = False
    item_lost: bool = False


def exchange(rules: Rules, dracula_card: str, hunter_card: str, *, night: bool,
             mesmerized: bool, engaged: bool = True) -> Exchange:
    """What ``dracula_card`` and ``hunter_card`` do in one round (an unknown card does what
    its printed damage says)."""
    drac = rules.dracula_cards.get(dracula_card)
    mine = rules.hunter_cards.get(hunter_card)
    icons = mine.icons if mine is not None else frozenset()
    blocked = engaged and drac is not None and drac.icon in icons
    to_hunter = healed = 0.0
    cancelled = bite = leaves = ends = lost = False
    if drac is not None and not blocked:
        if drac.escape:
            return Exchange(ends=True)
        if engaged:
            if dracula_card == "fangs" and night and mesmerized:
                return Exchange(bite=True, leaves=True, healed=drac.heals)
            to_hunter = drac.damage + (drac.night_extra_damage if night else 0)
            healed = drac.heals
            if dracula_card == "mesmerize":
                cancelled = True
            if dracula_card == "strength" and mine is not None and \
                    (mine.weapon or hunter_card in ("punch", "crucifix")):
                cancelled = True
                lost = night and not mine.basic
    if mine is None or cancelled:
        return Exchange(to_hunter=to_hunter, healed=healed, item_lost=lost)
    to_dracula = _hunter_damage(hunter_card, mine.damage, dracula_card, blocked=blocked,
                                engaged=engaged, mesmerized=mesmerized and mine.weapon)
    if hunter_card == "heavenly_host":
        lost = True
        if engaged and dracula_card == "fangs":
            return Exchange(to_hunter=to_hunter, healed=healed, bite=True, leaves=True,
                            item_lost=True)
    if hunter_card == "holy_circle" or mine.leaves_combat:
        leaves, lost = True, hunter_card == "holy_circle"
    return Exchange(to_dracula, to_hunter, healed, bite, leaves, ends, lost)


def _hunter_damage(card: str, printed: int, dracula_card: str, *, blocked: bool,
                   engaged: bool, mesmerized: bool) -> float:
    if card == "crucifix":
        return printed if blocked and dracula_card in ("fangs", "mesmerize") else 0
    if card == "garlic":
        return 2 if engaged and dracula_card in ("fangs", "claws") else 0
    return max(0, printed - mesmerized)


# -- what each side may expect of the other ------------------------------------------------------
def dracula_cards_expected(rules: Rules, combat: Mapping[str, Any], despair: int
                           ) -> dict[str, float]:
    """The cards Dracula (or his vampire) may choose this round, as a hunter sees it: his
    combat deck's printed counts, less the cards face up, escapes only once allowed."""
    may_escape = _may_escape(rules, combat, despair)
    found: dict[str, float] = {}
    face_up = list(combat.get("face_up", ()))
    for card in rules.dracula_cards.values():
        count = card.count - face_up.count(card.id)
        if count > 0 and (may_escape or not card.escape):
            found[card.id] = float(count)
    return found


def _may_escape(rules: Rules, combat: Mapping[str, Any], despair: int) -> bool:
    played = int(combat.get("cards_played", 0))
    if combat.get("vampire"):
        return played >= rules.numbers["vampire_escape_needs_cards_in_play"]
    sheet = rules.dracula
    return played >= sheet.pride_needs - sheet.pride_fewer_per_despair * despair


def hunter_cards_expected(rules: Rules, items_held: int) -> dict[str, float]:
    """The cards a hunter may choose, as Dracula sees it: Punch, Dodge and Escape, and for
    the items he holds the combat items weighted by the item deck's printed counts."""
    found = {card: 1.0 for card, c in rules.hunter_cards.items() if c.basic}
    combat_items = {c: rules.items[c].count for c in rules.hunter_cards
                    if c in rules.items}
    total_items = sum(card.count for card in rules.items.values())
    for card, count in combat_items.items():
        found[card] = min(1.0, items_held * count / max(total_items, 1)) * 2.0
    return found
