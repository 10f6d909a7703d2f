"""How the bots play Event Cards: one deliberate rule per card, for each side.

Every card of a side has a rule saying *when* it is worth playing (the moment its
effect helps most, read from the seat's observation: the possible-location tracker,
the fight in progress, the die just rolled, the Encounter revealed) and a worth that
decides *which* card to discard at the hand limit of three (Event Cards). A card is
played in its window when its rule says so (score :data:`PLAY`), kept otherwise
(:data:`KEEP`); the "no card" answer scores 0. Cards played inside a Movement Phase
decision (Newspaper Reports, Evasion...) get the same scores, so a card worth playing
is played before the move and the move is then chosen anew.

The choices a card's effect asks for (the Towns Hired Scouts visit, where Wild Horses
carry a Hunter...) are scored by :func:`hunter_step_value` and
:func:`dracula_step_value`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .actions import ChooseHunter, ChoosePlace, DeclareMove, PlayEvent, TakeWeapon

if TYPE_CHECKING:
    from gothic_kernel import Action

    from .dracula_bot import DraculaView
    from .hunter_bot import HunterView

PLAY = 1000.0
KEEP = -1000.0

#: How much a Hunter values each Weapon Chit (for taking, keeping and discarding).
WEAPON_VALUE = {"stake": 9.0, "holy_water": 8.0, "knife": 7.5, "crucifix": 7.0,
                "heavenly_host": 6.5, "sacred_bullets": 6.5, "garlic": 5.0, "rifle": 4.5,
                "dogs": 4.0, "pistol": 3.5}
#: How badly an Encounter hurts the Hunters who find it (placed in their path).
NASTINESS = {"szgany": 3.5, "wolves": 3.0, "servant": 2.5, "bats": 2.2, "rats": 2.0,
             "peasants": 2.0, "fog": 1.8, "hoax": 1.5, "storms": 1.0, "vampire": 0.5}

#: What a card in hand is worth to a Hunter (the least worthy goes at the hand limit).
HUNTER_CARD_WORTH = {
    "newspaper_reports": 9.0, "dawn_raid": 8.5, "heroic_leap": 8.0, "pre_warned": 7.5,
    "great_strength": 7.5, "hypnosis": 6.5, "advance_planning": 6.5, "good_luck": 6.0,
    "sensationalist_press": 6.0, "heavenly_host": 5.5, "hired_scouts": 5.0,
    "escape_route": 5.0, "re_equip": 4.5, "chartered_carriage": 4.0, "stormy_seas": 3.0,
    "shipping_agents": 2.5, "excellent_weather": 2.0,
}
#: What a card in hand is worth to Dracula.
DRACULA_CARD_WORTH = {
    "devilish_power": 9.0, "seduction": 8.5, "evasion": 8.0, "hour_of_darkness": 7.5,
    "trap": 6.5, "walpurgis_nacht": 6.5, "rage": 6.0, "customs_search": 5.5,
    "wild_horses": 5.0, "false_tip_off": 4.5, "szgany_reinforcements": 4.0,
    "control_storms": 4.0, "vampiric_influence": 3.5,
}
#: How much harm a Hunter's card does Dracula (Devilish Power cancels the worst).
CARD_THREAT = {
    "newspaper_reports": 9.0, "heroic_leap": 9.0, "hypnosis": 8.0, "dawn_raid": 7.5,
    "great_strength": 7.0, "pre_warned": 6.0, "sensationalist_press": 6.5,
    "heavenly_host": 6.0, "advance_planning": 5.5, "hired_scouts": 5.0, "good_luck": 4.5,
    "escape_route": 4.0, "chartered_carriage": 4.0, "re_equip": 3.5, "stormy_seas": 3.5,
    "shipping_agents": 3.0, "excellent_weather": 1.5,
}
#: Devilish Power answers a card this threatening at once, a lesser one only with a
#: second Devilish Power (or a full hand) to spare.
CANCEL_AT = 7.0
CANCEL_SPARE_AT = 5.0
#: Weapons with which a day fight (Dawn Raid) hurts Dracula: he has only Claw, Dodge
#: and Escape (Human) by day, and no Fang or Hypnosis to bite with.
DAY_WEAPONS = frozenset({"stake", "holy_water", "sacred_bullets", "knife"})
WIDE_TRAIL = 12      # possible places from which a revelation is worth it for itself
REACH_SHARE = 0.4    # ...else the share of them the Hunters yet to move could reach
NASTY_AT = 3.0        # Encounters worth a Pre-Warned card whatever the Hunter's state
HURT = 6              # wounds from which a Hunter avoids fights that are not worth it
BAD_ROLL = {          # the die results after which Good Luck is worth a reroll
    "holy_water": (1, 2, 3), "hypnosis": (1, 2), "castle_vampire": (5, 6),
    "superstitious_carriers": (1, 2, 3), "heroic_leap": (1, 2),
}


def _play(wanted: bool) -> float:
    return PLAY if wanted else KEEP


def encounter_kind(rules: Any, chit: str) -> str:
    """What an Encounter Chit is ("vampire", "szgany"...); an id the Encounters do not
    know (none seen yet: "", "?") stands for itself."""
    try:
        return str(rules.encounters.chit(chit).effect)
    except KeyError:
        return chit


# ---------------------------------------------------------------------------------------
# The Hunters' cards
# ---------------------------------------------------------------------------------------
def hunter_card_value(v: HunterView, action: PlayEvent) -> float:
    """The score of playing ``action.card`` now (Reference 4 - Event Cards)."""
    rule = _HUNTER_RULES.get(action.card)
    if rule is None:
        return KEEP
    if action.card == "chartered_carriage" and not v.waiting.get("timing"):
        return v.express_value()  # instead of trying for a train: compared with the moves
    return _play(rule(v))


def _window(v: HunterView) -> Mapping[str, Any]:
    return v.waiting


def _fight(v: HunterView) -> Mapping[str, Any]:
    return v.waiting.get("combat") or {}


def _advance_planning(v: HunterView) -> bool:
    """+1 to the Hunters' initiative this round: worth it when a Hunter's chit can hurt
    Dracula, when a Hunter is hurt or bitten, or to answer Dracula's Trap."""
    fight = _fight(v)
    if not fight:
        return False
    if "trap" in _window(v).get("played", []):
        return True
    fighters = [h for h in fight.get("hunters", []) if h in v.obs["hunters"]]
    chits = [fight.get("chosen", {}).get(h, "") for h in fighters]
    weak = any(v.obs["hunters"][h]["wounds"] >= HURT or v.obs["hunters"][h]["bitten"]
               for h in fighters)
    if fight.get("side") == "dracula":
        return weak or any(c in DAY_WEAPONS or c == "crucifix" for c in chits)
    return weak


def _dawn_raid(v: HunterView) -> bool:
    """A fight with Dracula by Day: he has no Fang or Hypnosis (no bite) and few ways
    out; always worth it in a fight with him."""
    return _fight(v).get("side") == "dracula"


def _escape_route(v: HunterView) -> bool:
    """Avoid an Encounter or Dracula the Hunter cannot face: Agents when hurt, Dracula
    when bitten or hurt without a Weapon that harms him."""
    w = _window(v)
    wounds, bitten = int(v.me["wounds"]), bool(v.me["bitten"])
    if w.get("timing") == "encounter_revealed":
        kind = encounter_kind(v.bot.rules, str(w.get("chit", "")))
        if kind in ("szgany", "servant", "wolves"):
            return wounds >= HURT
        if kind == "vampire":
            return w.get("town") == "castle_dracula" and "stake" not in v.group_weapons
        return not kind and (bitten or wounds >= HURT)
    fight = _fight(v)
    if fight.get("side") != "dracula":
        return wounds >= HURT + 2
    return (bitten and not any(w in ("crucifix", "heavenly_host")
                                       for w in v.group_weapons)) \
        or (wounds >= HURT + 2 and not v.group_hurts_dracula())


def _pre_warned(v: HunterView) -> bool:
    """Discard a revealed Encounter unfaced: a Vampire the Hunters cannot stake (off the
    Chart at once, as good as destroyed), or the nastiest Encounters."""
    kind = encounter_kind(v.bot.rules, str(_window(v).get("chit", "")))
    if kind == "vampire":  # unless a Stake destroys it at no one's cost
        return not ("stake" in v.group_weapons and v.no_one_exposed())
    nasty = NASTINESS.get(kind, 0.0)
    return nasty >= NASTY_AT or (nasty >= 2.0 and v.me["wounds"] >= HURT)


def _good_luck(v: HunterView) -> bool:
    """Roll again after a die that went badly where it matters."""
    rolled = _window(v).get("die_roll") or {}
    what, roll = rolled.get("what"), int(rolled.get("roll", 0))
    if what == "initiative":
        return _initiative_lost_badly(v, roll, int(rolled.get("other", 0)))
    if what == "knife":
        return roll not in v.bot.rules.encounters.knife_destroys_on
    if what == "railway":
        train = v.bot.rules.railway_chart.train_for(roll)
        best = max(t.stops for t in v.bot.rules.railway_chart.trains)
        return train.stops < best - 1 and (v.narrowed or bool(v.shown_at))
    if what == "encounter":
        hunter = v.obs["hunters"].get(str(rolled.get("seat")), {})
        return roll >= 4 and int(hunter.get("wounds", 0)) + roll >= HURT + 3
    return roll in BAD_ROLL.get(str(what), ())


def _initiative_lost_badly(v: HunterView, roll: int, other: int) -> bool:
    """The Hunters' initiative die loses (modifiers counted) in a fight that matters."""
    fight = _fight(v)
    if not fight:
        return False
    side = "dracula" if fight.get("side") == "dracula" else "agents"
    mod = v.combat_modifier(fight, side) + int(fight.get("hunters_bonus", 0))
    opp = int(fight.get("opponent_bonus", 0))
    rules = v.bot.initiative
    if side == "dracula":
        opp += rules.castle_dracula if fight.get("town") == "castle_dracula" else 0
        target = (fight.get("engagements") or [{}])[0].get("opponents_target")
        if target and v.obs["hunters"].get(target, {}).get("bitten"):
            opp += rules.bitten_hunter
    if roll + mod >= other + opp:
        return False  # won (or a tie, rolled again anyway)
    if side == "dracula":
        return True
    fighters = [h for h in fight.get("hunters", []) if h in v.obs["hunters"]]
    return any(v.obs["hunters"][h]["wounds"] >= HURT - 2 for h in fighters)


def _great_strength(v: HunterView) -> bool:
    """Not bitten: always worth it (a second bite makes a Vampire of him)."""
    return True


def _heavenly_host(v: HunterView) -> bool:
    """Move a Host (or place the bonus one) over a Town Dracula may be in: if he is there
    he must say so and leave; if not, one more place is ruled out and barred to him."""
    return not v.shown_at and 1 < len(v.towns_possible) <= 8 and bool(v.host_towns())


def _heroic_leap(v: HunterView) -> bool:
    """Instead of normal combat: fatal to a Dracula with no Blood Points left (he has
    fled); otherwise worth the Wounds only for a fresh Hunter who cannot hurt him, or
    one who would risk a second bite in normal combat."""
    if v.obs["dracula"].get("fleeing"):
        return True
    if v.me["wounds"] > 5:
        return False
    return v.me["bitten"] or not v.group_hurts_dracula()


def _hired_scouts(v: HunterView) -> bool:
    """Scouts into the two most suspect Towns no Hunter will search soon (the Vampires
    are in the Towns Dracula has been through)."""
    return len([t for t, s in v.scout_targets() if s >= 0.35]) >= 2


def _hypnosis(v: HunterView) -> bool:
    """A bitten Hunter's lost turn buys Dracula's place and next move: worth it when
    the Hunters have lost track of him."""
    return not v.shown_at and len(v.possible) >= 4


def _newspaper_reports(v: HunterView) -> bool:
    """Dracula's piece goes on the map until his next move: worth most when the trail is
    wide and the Hunters yet to move this turn are likely to reach him (or, on a very wide
    trail, for the knowledge alone: the tracker starts again from one place)."""
    if v.shown_at or len(v.possible) < 4:
        return False
    return len(v.possible) >= WIDE_TRAIL or v.reach_share() >= REACH_SHARE


def _sensationalist_press(v: HunterView) -> bool:
    """Two Towns, one his: worth it when the possible places are many."""
    return not v.shown_at and len(v.possible) >= 6


def _shipping_agents(v: HunterView) -> bool:
    """Face up for good: play it once Dracula may be at sea."""
    board = v.bot.board
    return any(board.is_sea(p) for p in v.possible)


def _stormy_seas(v: HunterView) -> bool:
    """Name a Sea Sector Dracula may be in: if he is there he is driven into a Port."""
    hunters_at = {h["location"] for h in v.obs["hunters"].values()}
    return any(v.bot.board.is_sea(p) and p not in hunters_at for p in v.possible)


def _excellent_weather(v: HunterView) -> bool:
    """Four Sea Moves: for a Hunter at sea, to reach land (and the hunt) sooner."""
    return v.here is not None and v.bot.board.is_sea(v.here)


def _re_equip(v: HunterView) -> bool:
    """Swap a poor Weapon for the best in the Pool (a Stake or Holy Water)."""
    if v.me["bitten"] and "holy_water" not in v.weapons and v.weapons:
        return True  # for Holy Water, to treat the bite
    return any(WEAPON_VALUE.get(w, 5.0) <= 5.0 for w in v.weapons)


def _chartered_carriage_window(v: HunterView) -> bool:
    """In answer to False Tip-off: the two cards cancel, the Hunter rolls as normal."""
    return True


_HUNTER_RULES = {
    "advance_planning": _advance_planning, "dawn_raid": _dawn_raid,
    "escape_route": _escape_route, "pre_warned": _pre_warned, "good_luck": _good_luck,
    "great_strength": _great_strength, "heavenly_host": _heavenly_host,
    "heroic_leap": _heroic_leap, "hired_scouts": _hired_scouts, "hypnosis": _hypnosis,
    "newspaper_reports": _newspaper_reports, "sensationalist_press": _sensationalist_press,
    "shipping_agents": _shipping_agents, "stormy_seas": _stormy_seas,
    "excellent_weather": _excellent_weather, "re_equip": _re_equip,
    "chartered_carriage": _chartered_carriage_window,
}


def hunter_step_value(v: HunterView, action: Action) -> float | None:
    """A choice a Hunter's card asks for (None: not a card's choice)."""
    card = str(v.waiting.get("card", ""))
    if isinstance(action, ChoosePlace):
        place = action.place
        if card == "hired_scouts":
            return v.scout_worth(place)
        if card == "heavenly_host":
            if v.waiting.get("stage") == "from":  # the Host doing least where it is
                return float(min([v.geo.distance(place, p) for p in v.towns_possible]
                                 or [0]))
            return v.likelihood(place)
        if card in ("jonathan_harker", "stormy_seas"):
            return v.likelihood(place)
        return 2.0 if place in v.possible else 0.0
    if isinstance(action, TakeWeapon):  # Re-Equip: the best, Holy Water for a bite
        cure = 5.0 if action.weapon == "holy_water" and v.me["bitten"] else 0.0
        return WEAPON_VALUE.get(action.weapon, 0.0) + cure
    if isinstance(action, DeclareMove):  # Vampiric Influence: the move he means to make
        move = action.move
        if move == "train":
            return v.route_value(action.route) if action.route else v.train_value()
        if move == "pass":
            return v.pass_value()
        if move == "stay":
            return v.place_value(v.here, moved=False)
        return v.place_value(move)
    return None


# ---------------------------------------------------------------------------------------
# Dracula's cards
# ---------------------------------------------------------------------------------------
def dracula_card_value(v: DraculaView, action: PlayEvent) -> float:
    """The score of Dracula playing ``action.card`` now."""
    rule = _DRACULA_RULES.get(action.card)
    if rule is None:
        return KEEP
    return _play(rule(v))


def _hunter_of(v: DraculaView) -> Mapping[str, Any]:
    seat = str(v.waiting.get("hunter", ""))
    hunters: Mapping[str, Mapping[str, Any]] = v.obs["hunters"]
    return hunters.get(seat, {})


def _near_me(v: DraculaView, place: str | None, reach: int) -> bool:
    """Whether ``place`` is within ``reach`` moves of Dracula or of a Vampire of his."""
    spots = [v.here, *v.vampire_towns()]
    return any(v.geo.distance(place, s) <= reach for s in spots if s)


def _devilish_power(v: DraculaView) -> bool:
    """Cancel the Hunters' most dangerous cards; lesser ones only with power to spare.
    (In his Movement Phase it discards Shipping Agents: only with a second copy.)"""
    mine = v.event_cards
    spare = mine.count("devilish_power") >= 2 or len(mine) >= 3
    card = str(v.waiting.get("chit", "")) if v.waiting.get("timing") else ""
    if not card:
        return mine.count("devilish_power") >= 2
    threat = CARD_THREAT.get(card, 3.0)
    if card in ("pre_warned", "escape_route") and v.waiting.get("timing"):
        threat += 1.5 if v.revealed_vampire() else 0.0
    return threat >= CANCEL_AT or (spare and threat >= CANCEL_SPARE_AT)


def _trap(v: DraculaView) -> bool:
    """+1 to his initiative: in his own fights unless he is only trying to escape; for
    his Agents when their foe is badly hurt, or to answer Advance Planning."""
    fight = v.waiting.get("combat") or {}
    if not fight:
        return False
    if "advance_planning" in v.waiting.get("played", []):
        return True
    if fight.get("side") == "dracula":
        chit = fight.get("chosen", {}).get("dracula", "")
        return not str(chit).startswith("escape")
    return any(v.obs["hunters"].get(h, {}).get("wounds", 0) >= HURT
               for h in fight.get("hunters", []))


def _wild_horses(v: DraculaView) -> bool:
    """Drag a Hunter who is closing in on him or on a Vampire of his away."""
    return _near_me(v, _hunter_of(v).get("location"), 2)


def _false_tip_off(v: DraculaView) -> bool:
    """Make a Hunter miss his train when the rails could bring him near."""
    place = _hunter_of(v).get("location")
    board = v.bot.board
    if not place or place not in board.places or not board.is_town(place):
        return False
    reach = board.rail_reach(place, 3)
    return any(_near_me(v, t, 1) for t in reach) or len(v.event_cards) >= 3


def _seduction(v: DraculaView) -> bool:
    """A Vampire found: it bites the Hunter whatever his weapons and comes home."""
    return True


def _vampiric_influence(v: DraculaView) -> bool:
    """Make a Hunter near him declare his next move (so Dracula can keep clear)."""
    return _near_me(v, _hunter_of(v).get("location"), 2) or len(v.event_cards) >= 3


def _hour_of_darkness(v: DraculaView) -> bool:
    """Night: all his chits (Fang, Hypnosis, Bat and Mist) - always better for him."""
    fight = v.waiting.get("combat") or {}
    return fight.get("side") == "dracula"


def _rage(v: DraculaView) -> bool:
    """Snatch a Weapon when strong enough to fight on without escaping for a while."""
    fight = v.waiting.get("combat") or {}
    armed = sum(int(v.obs["hunters"].get(h, {}).get("weapon_chits", 0))
                for h in fight.get("hunters", []))
    return fight.get("side") == "dracula" and v.blood >= 7 and armed >= 1


def _customs_search(v: DraculaView) -> bool:
    """All his Weapons lost and a turn missed: worth it on any armed Hunter."""
    return int(_hunter_of(v).get("weapon_chits", 0)) >= 1


def _szgany_reinforcements(v: DraculaView) -> bool:
    return True


def _control_storms(v: DraculaView) -> bool:
    """Blow a Hunter at sea off course when he sails towards him."""
    return _near_me(v, _hunter_of(v).get("location"), 3)


def _walpurgis_nacht(v: DraculaView) -> bool:
    """Three Blood Points back for a quiet turn: when hurt and no Hunter is at hand."""
    return v.blood <= 8 and v.nearest_hunter(v.here) >= 2 and not v.must_leave


def _evasion(v: DraculaView) -> bool:
    """Anywhere on the map, in secret: when cornered (every move ends within a Hunter's
    reach) or found with Hunters close."""
    here = v.here
    if here is None:
        return False
    board = v.bot.board
    moves = [*board.road[here], *board.sea[here]]
    best = max([v.nearest_hunter(m) for m in moves] or [0])
    found = bool(v.obs["dracula"].get("shown_at"))
    return best <= 1 or (found and v.nearest_hunter(here) <= 2)


_DRACULA_RULES = {
    "devilish_power": _devilish_power, "trap": _trap, "wild_horses": _wild_horses,
    "false_tip_off": _false_tip_off, "seduction": _seduction,
    "vampiric_influence": _vampiric_influence, "hour_of_darkness": _hour_of_darkness,
    "rage": _rage, "customs_search": _customs_search,
    "szgany_reinforcements": _szgany_reinforcements, "control_storms": _control_storms,
    "walpurgis_nacht": _walpurgis_nacht, "evasion": _evasion,
}


def dracula_step_value(v: DraculaView, action: Action) -> float | None:
    """A choice Dracula's card (or a Hunter's card) asks of him (None: not a card's)."""
    card = str(v.waiting.get("card", ""))
    if isinstance(action, ChoosePlace):
        place = action.place
        if card == "evasion":
            return v.start_value(place) + 2.0 * (place not in v.chart
                                                 and v.can_place_in(place))
        if card in ("wild_horses", "control_storms"):
            spots = [s for s in (v.here, *v.vampire_towns()) if s]
            far = min([v.geo.distance(place, s) for s in spots] or [0])
            found = v.chart.get(place)
            trap = 1.5 if found and v.kind(found) != "vampire" else 0.0
            return float(min(far, 6)) + trap
        if card == "sensationalist_press":  # the other Town: far from where he is
            return float(min(v.geo.distance(place, v.here), 8)) + 0.3 * v.safety(place)
        return v.safety(place)
    if isinstance(action, DeclareMove):  # Hypnosis: the move he means to make
        move = action.move
        if move in ("pass", "stay"):
            return v.stay_value()
        return v.safety(move) + v.bot.dice.index(100) / 1000
    if isinstance(action, ChooseHunter):
        h = v.obs["hunters"].get(action.hunter, {})
        if card == "rage":
            return float(h.get("weapon_chits", 0)) + 0.1 * float(h.get("wounds", 0))
        return v.target_value(action.hunter)
    return None
