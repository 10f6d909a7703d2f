"""The hunters' bot: each hunter covers the places where Dracula may be that his fellows do
not already cover, searches the hideouts the trail gives away, arms himself, and fights
with the card that does most against the cards Dracula may hold.

How it plays is told in :mod:`fury_modern.bots` (and docs/fury_modern.md, Bots).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from gothic_kernel import Action

from . import actions as a
from .bot_cards import Situation, keep_value, mode_value, play_value
from .bot_combat import (
    BITE_WORTH,
    DEFEAT_WORTH,
    LEAVE_FIT,
    dracula_cards_expected,
    exchange,
)
from .bot_common import Bot, Floats, decision_kind

#: How much one unit of the tracker's coverage (the whole set within reach) is worth.
CHASE_WEIGHT = 10.0
#: How much a place some fellow already covers is worth less to a second hunter.
SHARED = 0.3
#: The pull (per step) towards the nearest place Dracula may be, stronger while they are few.
PULL = 1.2
FEW = 10
#: Where Dracula may move next, beside the places he may be now (while they are few).
NEXT_WEIGHT = 0.6
#: How widely the hunters' starting cities vary from game to game (in points).
START_SPREAD = 0.5
#: How strongly a hideout with face-down encounters draws a hunter to search it.
HIDEOUT_PULL = 1.2
#: How much less a ticket is worth reserving by day (when he could move instead).
DAY_TICKET = 0.0
#: Customs Search: the damage a hunter suffers if he keeps his items (events.toml).
CUSTOMS_DAMAGE = 3
#: What the foe's escape costs the hunters (the rounds of damage they no longer deal).
ESCAPED = 4.0
#: Holy Circle takes along a companion who has lost this share of his health or more.
HURT_BADLY = 0.6
#: Dracula's health (characters.toml) is read from the rules; the worth of defeating him.
KILL_WORTH = 30.0


class HunterBot(Bot):
    """A hunter chasing the places Dracula may be."""

    temperature = 0.3

    def secret(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> bool:
        return all(isinstance(x, a.ChooseCombatCard) for x in legal_actions)

    def score_all(self, seat: str, observation: Mapping[str, Any],
                  legal_actions: Sequence[Action]) -> list[tuple[float, Action]]:
        view = HunterView(self, seat, observation)
        return [(view.score(x), x) for x in legal_actions]


class HunterView:
    """One hunter's reading of his observation, for one decision."""

    def __init__(self, bot: HunterBot, seat: str, observation: Mapping[str, Any]) -> None:
        self.bot, self.seat, self.obs = bot, seat, observation
        self.geo, self.rules = bot.geo, bot.rules
        self.me = observation["hunters"][seat]
        self.here = str(self.me["location"])
        self.sheet = self.rules.hunters[seat]
        self.kind = decision_kind(observation)
        dracula = observation["dracula"]
        self.dracula_at: str | None = dracula["location"]
        possible = list(observation.get("possible_locations") or [])
        self.targets = [self.dracula_at] if self.dracula_at else possible
        self.fellows = [h["location"] for s, h in observation["hunters"].items()
                        if s != seat and not h["defeated"]]
        aims = self.aims()
        self.columns = self.geo.rows(list(aims))
        self.weights: Floats = np.array(list(aims.values()), dtype=np.float64)
        self._chase: dict[str, float] = {}
        self._covered: Floats | None = None

    def aims(self) -> dict[str, float]:
        """The places to close in on, weighted: every place Dracula may be (a sea zone as
        much as a city: he is never revealed at sea, but a hunter beside him is at hand
        where he lands) and, while they are few, where he may move next."""
        found = dict.fromkeys(self.targets, 1.0)
        if len(self.targets) <= FEW and not self.dracula_at:
            # a hunter who cannot reach him today waits for him there
            for place in self.targets:
                for step in self.bot.board.dracula_moves(place):
                    found.setdefault(step, NEXT_WEIGHT)
        return found

    # -- the decisions ------------------------------------------------------------------------
    def score(self, action: Action) -> float:
        if isinstance(action, a.Move):
            return self.move_value(action)
        if isinstance(action, a.ChooseCombatCard):
            return self.combat_card_value(action.card)
        if isinstance(action, a.PlayCard):
            return play_value(action.card, self.situation(as_action=self.kind == "hunter_turns"))
        if isinstance(action, a.NoCard):
            return self.keep_card_value()
        if isinstance(action, a.Start):
            return self.start_value(action.city)
        if isinstance(action, a.ChooseMode):
            return self.mode_value(action.mode)
        if isinstance(action, a.ChoosePlace):
            return self.chase_value(action.place) + self.bot.dice.index(100) / 1e4
        if isinstance(action, a.ChooseHunter):
            return self.hurt_share(action.hunter)
        if isinstance(action, a.ChooseHunters):
            return self.holy_circle_value(action.hunters)
        if isinstance(action, a.Discard):
            # his own card: the one he needs least; Dracula's (Behind the Veil): his best
            mine = action.card in (*self.me.get("hand_items", ()), *self.me.get("hand_events", ()))
            return -keep_value(action.card) if mine else keep_value(action.card)
        if isinstance(action, a.Keep):
            return keep_value(action.card)
        if isinstance(action, a.Reveal):
            # a weakened hunter reveals what he least needs hidden; against an encounter,
            # the best card he has
            worth = keep_value(action.card)
            return -worth if self.kind == "reveal_card" else worth
        if isinstance(action, a.Delay):
            fit = self.hurt_share(self.seat) < 0.6
            return 1.0 if action.accept == fit else 0.0
        return self.action_value(action)

    def action_value(self, action: Action) -> float:
        """A hunter's own actions other than a Move (and a trade's steps)."""
        if isinstance(action, a.Search):
            return 2.0 + self.hideout_value(self.here)
        if isinstance(action, a.Supply):
            return self.supply_value()
        if isinstance(action, a.Rest):
            return self.rest_value()
        if isinstance(action, a.ReserveTicket):
            # a night's work: by day a hunter would rather be moving
            held = int(self.me["tickets"])
            value = 0.9 if held == 0 else 0.5 if held < self.rules.numbers["ticket_limit"] \
                else -0.5
            return value if self.obs["night"] else value - DAY_TICKET
        if isinstance(action, (a.Trade, a.Give)):
            return -1.0
        if isinstance(action, (a.EndTrade, a.Pass)):
            return 0.0
        return 0.1  # a decision these bots do not know: the die decides among equals

    # -- chasing ------------------------------------------------------------------------------
    def covered(self) -> Floats:
        """How well the other hunters already cover each place Dracula may be."""
        if self._covered is None:
            rows = self.geo.rows(self.fellows)
            self._covered = self.cover_rows(rows).max(axis=0) if rows else \
                np.zeros(len(self.columns))
        return self._covered

    def cover_rows(self, rows: list[int]) -> Floats:
        """How well a hunter in each row's place covers each place Dracula may be (sea
        zones half)."""
        found: Floats = self.geo.cover[np.ix_(rows, self.columns)] * self.weights
        return found

    def chase_value(self, place: str) -> float:
        """How well standing in ``place`` serves the hunt: straight at Dracula while he is
        revealed; otherwise the share of his possible places covered that no fellow covers."""
        found = self._chase.get(place)
        if found is not None:
            return found
        if not self.targets or place not in self.geo.index:
            value = 0.0
        elif self.dracula_at:
            value = -2.0 * self.geo.hunter_steps(place, self.dracula_at) + \
                (4.0 if self.geo.city_of(place) == self.dracula_at else 0.0)
        else:
            row = self.geo.index[place]
            mine = self.cover_rows([row])[0]
            gain = float((mine * (1.0 - SHARED * self.covered())).sum())
            nearest = min(self.geo.hunter[row][c] for c in self.columns)
            value = CHASE_WEIGHT * gain / max(len(self.targets), 4) ** 0.5 - \
                PULL * nearest * (1.0 if len(self.targets) <= FEW else 0.3)
        self._chase[place] = value
        return value

    def move_value(self, move: a.Move) -> float:
        value = self.chase_value(move.to) - self.chase_value(self.here)
        if self.dracula_at and self.geo.city_of(move.to) == self.dracula_at and \
                self.hurt_share(self.seat) > 0.7:
            value -= 6.0  # too weak to fight him at dusk
        value += HIDEOUT_PULL * self.hideout_value(move.to)
        if move.by == "rail":
            value -= 0.4  # the ticket spent
        if self.bot.board.is_sea(move.to):
            value -= 0.8  # no action at night at sea
        return value + 0.3

    def hideout_value(self, place: str) -> float:
        """Face-down encounters the hunters could search in ``place``: the older the hideout,
        the sooner they mature (a vampire among them is influence for Dracula)."""
        value = 0.0
        for age, hideout in enumerate(self.obs["trail"]):
            if hideout["card"] == place:
                hidden = sum(1 for e in hideout["encounters"] if e is None)
                value += hidden * (1.0 + 0.5 * age)
        for hideout in self.obs["lairs"]:
            if hideout["card"] == place:
                value += 1.5 * sum(1 for e in hideout["encounters"] if e is None)
        return value

    def start_value(self, city: str) -> float:
        board = self.bot.board
        spread = min((self.geo.hunter_steps(city, f) for f in self.fellows
                      if f and f in board.entries), default=6)
        central = -self.geo.centrality[city]
        return central + 0.6 * min(spread, 5) + 0.5 * board.is_large(city) + \
            self.bot.chance() * START_SPREAD

    # -- looking after himself ----------------------------------------------------------------
    def holy_circle_value(self, leaving: tuple[str, ...]) -> float:
        """Holy Circle: he leaves the combat, and takes along the companions badly hurt."""
        return sum(1.0 if h == self.seat or self.hurt_share(h) >= HURT_BADLY else -1.0
                   for h in leaving)

    def hurt_share(self, seat: str) -> float:
        hunter = self.obs["hunters"][seat]
        return float(hunter["damage"]) / self.rules.hunters[seat].health

    def health_left(self) -> int:
        return self.sheet.health - int(self.me["damage"])

    def supply_value(self) -> float:
        items, events = int(self.me["items"]), int(self.me["events"])
        room_items = items < self.sheet.item_limit
        room_events = events < self.sheet.event_limit
        if self.obs["night"]:
            return 1.0 if room_events else 0.2
        large = self.bot.board.is_large(self.geo.city_of(self.here))
        value = (1.6 if items < 2 else 0.8) * (room_items and large) + 0.6 * room_events
        return value

    def rest_value(self) -> float:
        left = self.health_left()
        if left <= 3:
            return 4.0
        return 2.5 * self.hurt_share(self.seat)

    # -- cards ---------------------------------------------------------------------------------
    def situation(self, *, as_action: bool = False) -> Situation:
        combat = self.obs["combat"]
        here = self.here
        bitten_here = any(h["bites"] and h["location"] == here and not h["defeated"]
                          for s, h in self.obs["hunters"].items())
        return Situation(
            side="hunters", in_combat=combat is not None,
            combat_vampire=bool(combat and combat["vampire"]), night=bool(self.obs["night"]),
            as_action=as_action, possible=len(self.targets),
            dracula_revealed=self.dracula_at is not None,
            my_damage_share=self.hurt_share(self.seat), bitten_here=bitten_here,
            anyone_bitten=any(h["bites"] for h in self.obs["hunters"].values()),
            dracula_damage=int(self.obs["dracula"]["damage"]),
            dracula_ally=str(self.obs["dracula"]["ally"] or ""),
            hunter_ally=str(self.obs["hunter_ally"] or ""),
            darkness=bool(self.obs["dracula"]["darkness"]),
            face_down_trail=sum(1 for h in self.obs["trail"] if not h["revealed"]),
            at_sea=self.bot.board.is_sea(here),
            target_steps=min((self.geo.hunter_steps(here, t) for t in self.targets),
                             default=0))

    def mode_value(self, mode: str) -> float:
        """A card's effect; Customs Search's two by what each costs him: his items, or 3
        damage (weighted by the health he has left)."""
        if mode == "discard_items":
            return -0.5 * sum(keep_value(c) for c in self.me.get("hand_items", ()))
        if mode == "suffer_damage":
            left = self.health_left() - CUSTOMS_DAMAGE
            return -DEFEAT_WORTH if left <= 0 else -CUSTOMS_DAMAGE * (0.4 + 2.0 / left)
        return mode_value(mode, self.situation())

    def keep_card_value(self) -> float:
        """Playing no card: nothing, or, when Planned Ambush lets him swap his combat card,
        keeping the one he chose (ahead of an equal one)."""
        combat = self.obs["combat"]
        if combat is not None and combat["stage"] == "swap" and combat["my_card"]:
            return self.combat_card_value(str(combat["my_card"])) + 0.1
        return 0.0

    # -- combat ----------------------------------------------------------------------------------
    def combat_card_value(self, card: str) -> float:
        """The card's expected worth against the cards Dracula (or his vampire) may play."""
        combat = self.obs["combat"]
        if combat is None:
            return 0.0
        foes = dracula_cards_expected(self.rules, combat, int(self.obs["despair"]))
        total = sum(foes.values()) or 1.0
        engaged = 1.0 / max(1, len(combat["hunters"]))
        mesmerized = self.seat in combat["mesmerized"]
        night = bool(combat["night"])
        if combat["vampire"]:
            foe_left = self.rules.encounters[combat["vampire"]].health - \
                int(combat["vampire_wounds"])
            kill = 8.0
        else:
            foe_left = self.rules.dracula.health - int(self.obs["dracula"]["damage"])
            kill = KILL_WORTH
        left = self.health_left()
        value = 0.0
        for foe, weight in foes.items():
            for is_engaged, share in ((True, engaged), (False, 1.0 - engaged)):
                if share <= 0:
                    continue
                ex = exchange(self.rules, foe, card, night=night, mesmerized=mesmerized,
                              engaged=is_engaged)
                worth = (ex.to_dracula - ex.healed) * (1.5 + 6.0 / max(foe_left, 1))
                if ex.to_dracula >= foe_left:
                    worth += kill
                if ex.to_hunter >= left:
                    worth -= DEFEAT_WORTH
                else:
                    worth -= ex.to_hunter * (0.4 + 2.0 / max(left - ex.to_hunter, 1))
                if ex.bite:
                    worth -= BITE_WORTH
                if ex.ends:
                    worth -= ESCAPED  # the damage the next rounds would have dealt
                if ex.leaves:
                    worth += 3.0 if left <= 4 else LEAVE_FIT
                if ex.item_lost:
                    worth -= 0.25 * keep_value(card)
                value += weight / total * share * worth
        return value
