"""Dracula's bot: he keeps out of the hunters' reach and out of what they know of his trail,
breeds vampires where no hunter is near, sets his other encounters in their path, and
fights with the card that does most against the cards each hunter may hold.

How it plays is told in :mod:`fury_modern.bots` (and docs/fury_modern.md, Bots).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gothic_kernel import Action

from . import actions as a
from .bot_cards import Situation, keep_value, mode_value, play_value
from .bot_combat import BITE_WORTH, DEFEAT_WORTH, exchange, hunter_cards_expected
from .bot_common import FAR, Bot, decision_kind

#: The encounters he would rather set in a hunter's path (what meeting one costs a hunter),
#: and the vampires he breeds far from the hunters (the influence they mature for).
AMBUSH_HARM = {"wolves": 3.0, "szgany_mob": 2.5, "saboteur": 2.0, "spy": 2.0,
               "desecrated_soil": 1.5, "bats": 2.0, "rats": 1.5, "szgany_bodyguards": 1.5,
               "unnatural_fog": 1.0, "reckless_vampire": 1.5, "new_vampire": 1.2}
#: A hunter this many steps away, or nearer, is close.
CLOSE = 2
#: How widely his starting city varies from game to game (in points).
START_SPREAD = 1.5
#: How many moves after the hunters saw him somewhere he still keeps away from it.
KNOWN_FOR = 8
#: Dracula's damage from which he heads for Castle Dracula (it heals 5).
HURT = 7


class DraculaBot(Bot):
    """Dracula keeping out of the hunters' reach and breeding vampires."""

    def __init__(self, seed: int, rules: Any = None) -> None:
        super().__init__(seed, rules)
        #: The trail as he last saw it before a hideout slid off (the one maturing is the
        #: last of it: the decision waiting holds it, and no observation shows it).
        self.last_trail: list[Mapping[str, Any]] = []
        #: His moves so far, and a place the hunters saw him leave (a hideout that matured
        #: face up as it left the trail) with the move on which he was there.
        self.moves = 0
        self.seen_at: tuple[str, int] | None = None
        #: How far the hunters stood from him, all told, when he last moved.
        self.spread_before: int | None = None

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action]) -> Action:
        action = super().choose(seat, observation, legal_actions)
        if isinstance(action, a.MoveTo) and decision_kind(observation) != "fight":
            self.moves += 1
            self.spread_before = DraculaView(self, observation).spread(action.place)
        if isinstance(action, a.Mature) and not action.lair and action.effects:
            sliding = self.sliding()
            if sliding.get("card") and any(sliding.get("encounters", ())):
                self.seen_at = (str(sliding["card"]), self.moves - len(self.last_trail))
        return action

    def sliding(self) -> Mapping[str, Any]:
        """The hideout sliding off the trail, as he last saw it on the sixth space."""
        full = len(self.last_trail) >= self.rules.numbers["trail_spaces"]
        return self.last_trail[-1] if full else {}

    def secret(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> bool:
        return all(isinstance(x, a.ChooseCombatCard) for x in legal_actions)

    def score_all(self, seat: str, observation: Mapping[str, Any],
                  legal_actions: Sequence[Action]) -> list[tuple[float, Action]]:
        view = DraculaView(self, observation)
        if view.kind != "maturing":
            self.last_trail = list(observation["trail"])
        return [(view.score(x), x) for x in legal_actions]


class DraculaView:
    """Dracula's reading of his observation, for one decision."""

    def __init__(self, bot: DraculaBot, observation: Mapping[str, Any]) -> None:
        self.bot, self.obs = bot, observation
        self.geo, self.rules, self.board = bot.geo, bot.rules, bot.board
        self.me = observation["dracula"]
        self.here = str(self.me["location"] or "")
        self.damage = int(self.me["damage"])
        self.kind = decision_kind(observation)
        self.hunters = {s: h for s, h in observation["hunters"].items() if not h["defeated"]}
        self.spots = [str(h["location"]) for h in self.hunters.values()]

    # -- the decisions ------------------------------------------------------------------------
    def score(self, action: Action) -> float:
        if isinstance(action, a.MoveTo):
            if self.kind == "fight":  # Escape as Bat at night: fly rather than stay
                return 5.0 + self.place_value(action.place) / 10
            return self.move_value(action)
        if isinstance(action, a.PlaceEncounter):
            return self.placement_value(action.encounter)
        if isinstance(action, a.ChooseCombatCard):
            return self.combat_card_value(action.card)
        if isinstance(action, a.Ambush):
            return self.ambush_value(action.index)
        if isinstance(action, a.Mature):
            return self.mature_value(action)
        if isinstance(action, a.PlayCard):
            return play_value(action.card, self.situation())
        if isinstance(action, a.ChooseMode):
            return mode_value(action.mode, self.situation())
        if isinstance(action, (a.Engage, a.ChooseHunter)):
            return self.victim_value(action.hunter)
        if isinstance(action, a.ChooseCard):
            return self.plotting_value(action.card)
        if isinstance(action, a.AvoidCombat):
            return 1.0 if action.avoid == self.avoid_combat() else 0.0
        if isinstance(action, a.Start):
            return self.start_value(action.city)
        if isinstance(action, a.MoveHunter) and action.to in self.obs["hunters"]:
            spied = self.obs["hunters"][action.to]  # the Spy: the hunter holding most
            return float(int(spied["items"]) + int(spied["events"]))
        if isinstance(action, (a.ChooseHospital, a.MoveHunter)):
            return self.steps_from_me(action.hospital if isinstance(action, a.ChooseHospital)
                                      else action.to)
        if isinstance(action, a.Roadblock):
            return self.roadblock_value(action)
        if isinstance(action, a.RemoveStorm):
            return self.steps_from_me(action.sea)
        if isinstance(action, a.ChoosePlace):
            return self.named_place_value(action.place)
        if isinstance(action, a.Discard):
            return -keep_value(action.card)
        if isinstance(action, a.Keep):
            return keep_value(action.card)
        if isinstance(action, a.Pass):
            return self.pass_value()
        return 0.0  # a decision these bots do not know: the die decides among equals

    def pass_value(self) -> float:
        """Letting a hunter be (an ambush) keeps the encounter waiting; otherwise nothing."""
        return 0.5 if self.kind == "ambush" else 0.0

    # -- moving ---------------------------------------------------------------------------------
    def nearest_hunter(self, place: str) -> int:
        return min((self.geo.hunter_steps(s, place) for s in self.spots), default=FAR)

    def spread(self, place: str = "") -> int:
        """How far the hunters stand from him (or ``place``), all told."""
        return sum(min(self.geo.hunter_steps(s, place or self.here), 8) for s in self.spots)

    def closing_in(self) -> bool:
        """The hunters stand nearer him than at his last move, one of them close: they
        know more than his face-up cards tell."""
        before = self.bot.spread_before
        return before is not None and self.spread() < before and \
            self.nearest_hunter(self.here) <= CLOSE + 1

    def steps_from_me(self, place: str) -> float:
        return float(self.geo.dracula_steps(self.here, place)) if self.here else 0.0

    def known_from(self) -> tuple[str, int] | None:
        """What the hunters know of where he is: the newest face-up card of his trail (a
        place) and how many moves ago he was there; None while they know nothing."""
        if self.me["revealed"]:
            return self.here, 0
        for age, hideout in enumerate(self.obs["trail"]):
            if hideout["revealed"] and not hideout["power"] and hideout["card"]:
                return str(hideout["card"]), age
        if self.bot.seen_at is not None:
            place, when = self.bot.seen_at
            return place, self.bot.moves - when
        return None

    def place_value(self, place: str) -> float:
        """How safe ``place`` is: far from every hunter (a hunter one step away may walk in
        and reveal him), far from the last place they know he was, on land where an
        encounter may be left; Castle Dracula while he is hurt."""
        steps = [self.geo.hunter_steps(s, place) for s in self.spots]
        nearest = min(steps, default=FAR)
        value = 1.5 * min(nearest, 5) + 0.2 * sum(min(d, 6) for d in steps)
        if nearest <= 1:
            value -= 3.0 * sum(1 for d in steps if d <= 1)
        known = self.known_from()
        if known is not None and known[1] <= KNOWN_FOR:
            weight = 1.2 if known[1] <= 2 else 0.6
            value += weight * min(self.geo.dracula_steps(known[0], place), 5)
        if self.board.is_sea(place):
            value -= 1.0
        elif nearest > 0 and self.me["hand_encounters"]:
            value += 1.0
        if place == "castle_dracula":
            value += 6.0 if self.damage >= HURT else -1.0
        return value

    def move_value(self, move: a.MoveTo) -> float:
        value = self.place_value(move.place)
        power = self.rules.powers.get(move.power) if move.power else None
        if move.power == "misdirect":
            value += self.misdirect_value(move.space)
        elif power is not None:
            value -= 1.5 * power.cost if power.cost > 0 else 0.0
            if power.cost < 0 and self.damage > 0:
                value += 1.0  # Feed heals him
            if move.place == self.here:
                # a power he stays with: the trail says nothing new, but he stays put,
                # never where he was seen, nor while the hunters close in
                value += 0.5 - (4.0 if self.known_from() == (self.here, 0) else 0.0) - \
                    (3.0 if self.closing_in() else 0.0)
                if move.power == "dark_call":
                    value += 0.5 * (5 - len(self.me["hand_encounters"]))
        elif self.board.is_sea(self.here) and self.board.is_sea(move.place):
            value -= 1.5 * self.rules.dracula.sea_to_sea_cost
        return value

    def misdirect_value(self, space: int) -> float:
        """Misdirect clears a hideout: worth it for one the hunters have turned face up."""
        trail = self.obs["trail"]
        index = space - int(self.obs["trail_first_space"])
        if 0 <= index < len(trail):
            hideout = trail[index]
            return (1.0 if hideout["revealed"] else -1.0) - 0.5 * len(hideout["encounters"])
        return -1.0

    def start_value(self, city: str) -> float:
        return min(self.nearest_hunter(city), 6) + 0.1 * len(self.board.roads(city)) + \
            self.bot.chance() * START_SPREAD

    # -- encounters ------------------------------------------------------------------------------
    def placement_value(self, encounter: str) -> float:
        """Vampires where no hunter is close (they mature into influence); his other
        encounters in the hunters' path."""
        card = self.rules.encounters.get(encounter)
        near = self.nearest_hunter(self.here) if self.here else FAR
        if card is not None and card.vampire:
            return card.influence_on_mature * (1.0 if near > CLOSE else 0.4) + \
                (1.0 if not card.fight else 0.0)
        return AMBUSH_HARM.get(encounter, 1.0) * (1.5 if near <= CLOSE else 0.7)

    def ambush_value(self, index: int) -> float:
        """An encounter of the hideout a hunter has just entered, revealed against him:
        his nastiest, and a vampire only when the hunters would find it anyway."""
        for hideout in (*self.obs["trail"], *self.obs["lairs"]):
            if hideout["card"] in self.spots and index < len(hideout["encounters"]):
                encounter = hideout["encounters"][index]
                card = self.rules.encounters.get(encounter)
                if card is not None and card.vampire:
                    return 1.0 if hideout["revealed"] and card.fight else -2.0
                return AMBUSH_HARM.get(encounter, 0.6)
        return 0.0

    def mature_value(self, mature: a.Mature) -> float:
        """A hideout holding a vampire matures with its effects (his influence); one
        without may become a lair (its encounters wait there), clearing his emptiest."""
        sliding = self.bot.sliding()
        encounters = [e for e in sliding.get("encounters", ()) if e]
        vampire = any(self.rules.encounters[e].vampire for e in encounters
                      if e in self.rules.encounters)
        if not mature.lair:
            return (3.0 if vampire else 1.0) + (1.0 if mature.effects else 0.0)
        if vampire or not encounters:
            return 0.0
        value = 1.2 + 0.4 * len(encounters)
        if mature.clear >= 0:
            lairs = self.obs["lairs"]
            cleared = lairs[mature.clear]["encounters"] if mature.clear < len(lairs) else []
            value -= 1.0 + 0.5 * len(cleared)
        return value

    # -- cards -----------------------------------------------------------------------------------
    def situation(self) -> Situation:
        near = sum(1 for s in self.spots if self.here and
                   self.geo.hunter_steps(s, self.here) <= CLOSE)
        return Situation(
            side="dracula", in_combat=self.obs["combat"] is not None,
            night=bool(self.obs["night"]), dracula_revealed=bool(self.me["revealed"]),
            hunters_near=near, hunter_on_trail=self.hunter_on_trail(),
            anyone_bitten=any(h["bites"] for h in self.hunters.values()),
            dracula_damage=self.damage, dracula_ally=str(self.me["ally"] or ""),
            hunter_ally=str(self.obs["hunter_ally"] or ""))

    def hunter_on_trail(self) -> bool:
        """A hunter stands in the city of a card of his trail or lairs (or in his own)."""
        cards = {h["card"] for h in (*self.obs["trail"], *self.obs["lairs"])}
        return self.here in self.spots or any(s in cards for s in self.spots)

    # -- combat ----------------------------------------------------------------------------------
    def victim_value(self, seat: str) -> float:
        """The hunter to strike (rather than none): the nearest to defeat, the least armed."""
        hunter = self.obs["hunters"][seat]
        health = self.rules.hunters[seat].health
        return 1.0 + float(hunter["damage"]) / health + 0.3 * int(hunter["bites"]) - \
            0.1 * int(hunter["items"])

    def avoid_combat(self) -> bool:
        return self.damage >= 4 or len([s for s in self.spots if s == self.here]) > 1

    def plotting_value(self, card: str) -> float:
        """Plotting: the card to take (an escape when he is hurt), or, turned down, a
        hunter's basic card cancelled."""
        if self.kind == "fight":
            return 0.5  # turning Plotting down: cancel the engaged hunter's basic card
        drac = self.rules.dracula_cards.get(card)
        if drac is None:
            return 0.0
        if drac.escape:
            return 3.0 if self.damage >= HURT else 0.2
        return drac.damage + drac.heals * (self.damage > 0) + (1.0 if card == "mesmerize" else 0)

    def combat_card_value(self, card: str) -> float:
        """The card's expected worth against the engaged hunter's possible cards, and an
        escape's against the damage the hunters may deal him."""
        combat = self.obs["combat"]
        if combat is None:
            return 0.0
        drac = self.rules.dracula_cards.get(card)
        fighters = [s for s in combat["hunters"] if s in self.hunters]
        if not fighters:
            return 0.0
        if combat["vampire"]:
            left = self.rules.encounters[combat["vampire"]].health - int(combat["vampire_wounds"])
        else:
            left = self.rules.dracula.health - self.damage
        incoming = sum(1.5 + 0.8 * min(int(self.hunters[s]["items"]), 3) for s in fighters)
        if drac is not None and drac.escape:
            danger = incoming * (1.0 + 6.0 / max(left, 1))
            return danger - 3.0 + (10.0 if incoming * 1.5 >= left else 0.0)
        target = max(fighters, key=self.victim_value)
        foes = hunter_cards_expected(self.rules, int(self.hunters[target]["items"]))
        total = sum(foes.values()) or 1.0
        sheet = self.obs["hunters"][target]
        hunter_left = self.rules.hunters[target].health - int(sheet["damage"])
        mesmerized = target in combat["mesmerized"]
        value = 0.0
        for foe, weight in foes.items():
            ex = exchange(self.rules, card, foe, night=bool(combat["night"]),
                          mesmerized=mesmerized)
            worth = ex.to_hunter + ex.healed * (self.damage > 0) - \
                ex.to_dracula * (1.0 + 6.0 / max(left, 1))
            if ex.to_hunter >= hunter_left:
                worth += DEFEAT_WORTH
            if ex.bite:
                worth += BITE_WORTH
            if ex.to_dracula >= left:
                worth -= 30.0
            value += weight / total * worth
        return value + (0.5 if card == "mesmerize" and not mesmerized else 0.0)

    def named_place_value(self, place: str) -> float:
        """A place a card of his names: a sea zone (a storm) where the hunters would sail; a
        city (where a hunter is sent) as far from him as can be."""
        if self.board.is_sea(place):
            return -float(self.nearest_hunter(place))
        return self.steps_from_me(place)

    # -- tokens ----------------------------------------------------------------------------------
    def roadblock_value(self, block: a.Roadblock) -> float:
        """A roadblock on a link near him that the hunters would take; one removed: the
        farthest from him."""
        mine = min(self.steps_from_me(block.a), self.steps_from_me(block.b))
        if block.remove:
            return mine
        theirs = min(self.nearest_hunter(block.a), self.nearest_hunter(block.b))
        return -mine - 0.5 * theirs + self.bot.dice.index(100) / 1e4
