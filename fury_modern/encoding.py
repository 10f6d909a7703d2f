"""Modern Fury of Dracula's fixed-size encoding: action ids and the observation tensor.

The domains come from the data files the options name (the map, the cards), so the ids
are the same in every state of a game with the same options. ``place`` is any city, sea
or hospital of the map; ``hunter`` one of the four hunters; ``card`` any card id of the
game (items, events, encounters, tickets, combat cards).

=======================  ===========================================================
type                     fields
=======================  ===========================================================
``start``                ``city``: a place
``move``                 ``to``: a place; ``by``: road, sea, rail or hospital;
                         ``ticket``: "" or a ticket
``search``, ``supply``, ``end_trade``, ``rest``, ``pass``    (none)
``reserve_ticket``       ``discard``: "" or a ticket
``trade``                ``partner``: a hunter
``give``                 ``card``: an item or a ticket; ``to``: a hunter
``discard``              ``card``
``move_to``              ``place``; ``power``: "" or a power or Dracula combat card;
                         ``space``: 0-6
``place_encounter``      ``encounter``
``ambush``               ``index``: 0-5
``mature``               ``lair``, ``effects``: flags; ``clear``: -1-2
``choose_hospital``      ``hospital``
``choose_combat_card``   ``card``: a combat card
``engage``, ``choose_hunter``   ``hunter``
``choose_card``          ``card``: a Dracula combat card
``move_hunter``          ``to``: a place, or a hunter (encounters.py picks a hunter so)
``roadblock``            ``kind``: road or rail; ``a``, ``b``: places; ``remove``: flag
``remove_storm``         ``sea``
``reveal``               ``card``: an item or an event
``delay``                ``accept``: flag
``keep``                 ``card``: an event or an item kept
``avoid_combat``         ``avoid``: flag
``play_card``            ``card``: an item or an event
``no_card``              (none)
``choose_mode``          ``mode``: one of a card's effects
``choose_place``         ``place``
``choose_hunters``       ``hunters``: 1-4 hunters, in seat order (Holy Circle)
=======================  ===========================================================

The observation tensor is read from ``state.observation(viewer)`` alone
(``encoding.layout.table()`` lists every slice; docs/ai.md prints it). The engine and its
observation are new and may still change; unknown words in free fields (a decision's
kind, a combat stage) set nothing rather than fail.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gothic_kernel import Action, Game
from gothic_kernel.encoding import (
    BOOLS,
    ActionEncoding,
    Choice,
    Domain,
    GameEncoding,
    Subsets,
    Tensor,
    TensorLayout,
    ints,
)

from . import actions as a
from .cards import card_modes
from .combat import Stage
from .rules import DRACULA, HUNTERS, SEATS, load_rules

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
#: The kinds of decision the game waits for (an unlisted one sets nothing).
DECISIONS = ("choose_start", "hunter_turns", "dracula_phase", "twilight", "hospital_choice",
             "searching", "encounter_step", "ambush", "maturing", "lair_encounter", "fight",
             "plotting_search", "trade", "over_limit", "token_removal",
             "roadblock_placement", "hoax_keep", "bodyguards", "reveal_card",
             "fog_combat", "dark_call_discard", "card_window", "card_mode", "card_played",
             "card_step", "peril", "rail_journey", "move_ends", "search_action",
             "false_tip_effect", "holy_circle")
TRAIL, LAIRS, ENCOUNTERS = 6, 3, 3


class ModernEncoding(GameEncoding):
    """Action ids and observation tensor of one modern Fury of Dracula set-up."""

    def __init__(self, game: Game, options: Mapping[str, Any]) -> None:
        super().__init__(game, options)
        rules = load_rules(str(options["map_file"]), str(options["data_dir"]))
        board = rules.board
        self.places = tuple(board.places)
        self.seas = tuple(board.seas)
        self.hospitals = tuple(board.hospitals)
        self.items = tuple(rules.items)
        self.events = tuple(rules.events)
        self.encounters = tuple(rules.encounters)
        self.tickets = tuple(rules.tickets)
        self.powers = tuple(dict.fromkeys([*rules.powers, *rules.dracula_cards]))
        self.combat_cards = tuple(dict.fromkeys([*rules.dracula_cards, *rules.hunter_cards]))
        self.cards = tuple(dict.fromkeys([*self.items, *self.events, *self.encounters,
                                          *self.tickets, *self.combat_cards]))
        self.actions = ActionEncoding(self._action_specs(rules))
        self.layout = self._layout()

    def _action_specs(self, rules: Any) -> list[tuple[type[Action], Mapping[str, Domain]]]:
        place = Choice(self.places, "place")
        hunter = Choice(HUNTERS, "hunter")
        ticket = Choice(("", *self.tickets), "ticket or none")
        bare: dict[str, Domain] = {}
        return [
            (a.Start, {"city": place}),
            (a.Move, {"to": place, "by": Choice(("road", "sea", "rail", "hospital"), "way"),
                      "ticket": ticket}),
            (a.Search, bare), (a.Supply, bare), (a.ReserveTicket, {"discard": ticket}),
            (a.Trade, {"partner": hunter}),
            (a.Give, {"card": Choice((*self.items, *self.tickets), "item or ticket"),
                      "to": hunter}),
            (a.EndTrade, bare), (a.Rest, bare), (a.Pass, bare),
            (a.Discard, {"card": Choice(self.cards, "card")}),
            (a.MoveTo, {"place": place, "power": Choice(("", *self.powers), "power or none"),
                        "space": ints(0, TRAIL)}),
            (a.PlaceEncounter, {"encounter": Choice(self.encounters, "encounter")}),
            (a.Ambush, {"index": ints(0, 5)}),
            (a.Mature, {"lair": BOOLS, "effects": BOOLS, "clear": ints(-1, LAIRS - 1)}),
            (a.ChooseHospital, {"hospital": Choice(self.hospitals, "hospital")}),
            (a.ChooseCombatCard, {"card": Choice(self.combat_cards, "combat card")}),
            (a.Engage, {"hunter": hunter}), (a.ChooseHunter, {"hunter": hunter}),
            (a.ChooseCard, {"card": Choice(tuple(rules.dracula_cards), "Dracula combat card")}),
            (a.MoveHunter, {"to": Choice((*self.places, *HUNTERS), "place or hunter")}),
            (a.Roadblock, {"kind": Choice(("road", "rail"), "link"), "a": place, "b": place,
                           "remove": BOOLS}),
            (a.RemoveStorm, {"sea": Choice(self.seas, "sea")}),
            (a.Reveal, {"card": Choice((*self.items, *self.events), "item or event")}),
            (a.Delay, {"accept": BOOLS}),
            (a.Keep, {"card": Choice((*self.events, *self.items), "event or item kept")}),
            (a.AvoidCombat, {"avoid": BOOLS}),
            (a.PlayCard, {"card": Choice((*self.items, *self.events), "item or event")}),
            (a.NoCard, bare),
            (a.ChooseMode, {"mode": Choice(card_modes(rules), "a card's effect")}),
            (a.ChoosePlace, {"place": place}),
            (a.ChooseHunters, {"hunters": Subsets(hunter, len(HUNTERS), 1)}),
        ]

    def _layout(self) -> TensorLayout:
        places, hideout = self.places, ("castle_back", "rumour", "revealed", "wounds")
        t = TensorLayout()
        t.add("viewer", SEATS, doc="the viewer's seat (all 0 for the public)")
        t.add("time", ("round", "night", "despair", "influence"),
              doc="round / 60, 1 at night, despair / 5, influence / 13")
        t.add("weekday", WEEKDAYS, doc="the day of the week")
        t.add("to_act", SEATS, doc="the seats that may act now")
        t.add("decision", DECISIONS, doc="the kind of decision the game waits for")
        t.add("hunter_location", HUNTERS, places, doc="each hunter's place")
        t.add("hunter_numbers", HUNTERS, ("damage", "bites", "items", "events", "tickets"),
              doc="... damage / 12, bites / 3, items / 6, events / 6, tickets / 3")
        t.add("hunter_flags", HUNTERS, ("delayed", "bats", "defeated"), doc="... yes or no")
        t.add("hunter_revealed_item", HUNTERS, self.items, doc="... the revealed item")
        t.add("hunter_revealed_event", HUNTERS, self.events, doc="... the revealed event")
        t.add("own_items", self.items, doc="the viewer's own items / 3")
        t.add("own_events", self.events, doc="the viewer's own events")
        t.add("own_tickets", self.tickets, doc="the viewer's own tickets / 2")
        t.add("dracula_location", places, doc="Dracula's place, while revealed (always, "
                                              "to Dracula)")
        t.add("dracula_numbers", ("damage", "revealed", "encounters", "events", "must_leave"),
              doc="Dracula: damage / 15, revealed, encounters / 9, events / 6, must leave")
        t.add("dracula_ally", self.events, doc="Dracula's ally")
        t.add("hunter_ally", self.events, doc="the hunters' ally")
        t.add("dracula_encounters", self.encounters, doc="Dracula's encounter hand / 3 "
                                                          "(Dracula's view)")
        t.add("dracula_events", self.events, doc="Dracula's events (Dracula's view)")
        for name, count in (("trail", TRAIL), ("lairs", LAIRS)):
            t.add(f"{name}_card", count, (*places, *self.powers),
                  doc=f"the {name}, space by space: the location card, where seen")
            t.add(f"{name}_power", count, self.powers, doc="... the power played there, where "
                                                           "seen")
            t.add(f"{name}_flags", count, hideout, doc="... a card there; Castle Dracula "
                                                       "back; rumour; wounds / 3")
            t.add(f"{name}_encounters", count, ENCOUNTERS, ("hidden", *self.encounters),
                  doc="... its encounters, face down or seen")
        t.add("fog", places, doc="fog tokens per city / 3")
        t.add("roadblocks", places, ("road", "rail"), doc="roadblocks touching each place")
        t.add("storms", self.seas, doc="storm tokens")
        t.add("consecrated_ground", places, doc="the consecrated ground token")
        t.add("heavenly_hosts", places, doc="heavenly host tokens")
        t.add("decks", ("items", "events", "encounters", "tickets"),
              doc="cards left in each deck / 80, tickets in the pool / 16")
        t.add("discards", self.cards, doc="cards discarded face up / 4")
        t.add("combat", ("on", "night", "round", "cards_played", "vampire_wounds",
                         "dracula_hand"),
              doc="a combat: under way, at night, round / 6, cards played / 8, a vampire's "
                  "wounds / 5, Dracula's combat hand / 8")
        t.add("combat_city", places, doc="... where")
        t.add("combat_vampire", self.encounters, doc="... the vampire fought, if any")
        t.add("combat_stage", tuple(s.value for s in Stage), doc="... its stage")
        t.add("combat_seats", ("hunters", "engaged", "mesmerized", "chosen"), SEATS,
              doc="... the hunters in it, the engaged one, the mesmerized, who has chosen")
        t.add("combat_face_up", self.combat_cards, doc="... cards face up")
        t.add("combat_my_card", self.combat_cards, doc="... the viewer's chosen card")
        t.add("combat_my_hand", self.combat_cards, doc="... the viewer's combat hand / 3")
        t.add("possible_locations", places, doc="where Dracula may be, from the public "
                                                "record (not shown to Dracula)")
        return t

    def observe(self, observation: Mapping[str, Any], viewer: str, tensor: Tensor) -> None:
        o = observation
        tensor.put("viewer", viewer if viewer in SEATS else None)
        tensor.scaled("time", "round", o["round"], 60)
        tensor.put("time", "night", 1.0 if o["night"] else 0.0)
        tensor.scaled("time", "despair", o["despair"], 5)
        tensor.scaled("time", "influence", o["influence"], 13)
        tensor.put("weekday", o["weekday"])
        for seat in o["to_act"]:
            tensor.put("to_act", seat)
        if o["decision"] is not None:
            tensor.put("decision", o["decision"].get("kind"), strict=False)
        for seat, h in o["hunters"].items():
            self._hunter(seat, h, viewer, tensor)
        self._dracula(o["dracula"], tensor)
        tensor.put("hunter_ally", o["hunter_ally"] or None, strict=False)
        for name, hideouts in (("trail", o["trail"][:TRAIL]), ("lairs", o["lairs"][:LAIRS])):
            for i, h in enumerate(hideouts):
                self._hideout(name, i, h, tensor)
        tokens = o["tokens"]
        for city, count in tokens["fog"].items():
            tensor.scaled("fog", city, count, 3)
        for kind, one, other in tokens["roadblocks"]:
            tensor.put("roadblocks", (one, kind))
            tensor.put("roadblocks", (other, kind))
        for sea in tokens["storms"]:
            tensor.put("storms", sea)
        tensor.put("consecrated_ground", tokens["consecrated_ground"] or None)
        for place in tokens["heavenly_hosts"]:
            tensor.put("heavenly_hosts", place)
        decks = o["decks"]
        for deck in ("items", "events", "encounters"):
            tensor.scaled("decks", deck, decks[deck], 80)
        tensor.scaled("decks", "tickets", decks["tickets"], 16)
        _count(tensor, "discards", [*decks["item_discards"], *decks["event_discards"],
                                    *decks["encounter_discards"]], 4)
        if o["combat"] is not None:
            self._combat(o["combat"], tensor)
        for place in o.get("possible_locations", ()):
            tensor.put("possible_locations", place)

    def _hunter(self, seat: str, h: Mapping[str, Any], viewer: str, tensor: Tensor) -> None:
        tensor.put("hunter_location", (seat, h["location"] or None))
        for name, top in (("damage", 12), ("bites", 3), ("items", 6), ("events", 6),
                          ("tickets", 3)):
            tensor.scaled("hunter_numbers", (seat, name), h[name], top)
        for flag in ("delayed", "bats", "defeated"):
            tensor.put("hunter_flags", (seat, flag), 1.0 if h[flag] else 0.0)
        tensor.put("hunter_revealed_item", (seat, h["revealed_item"] or None))
        tensor.put("hunter_revealed_event", (seat, h["revealed_event"] or None))
        if seat == viewer:
            _count(tensor, "own_items", h["hand_items"], 3)
            for card in h["hand_events"]:
                tensor.put("own_events", card)
            _count(tensor, "own_tickets", h["hand_tickets"], 2)

    @staticmethod
    def _dracula(d: Mapping[str, Any], tensor: Tensor) -> None:
        tensor.put("dracula_location", d["location"] or None)
        tensor.scaled("dracula_numbers", "damage", d["damage"], 15)
        tensor.put("dracula_numbers", "revealed", 1.0 if d["revealed"] else 0.0)
        tensor.scaled("dracula_numbers", "encounters", d["encounters"], 9)
        tensor.scaled("dracula_numbers", "events", d["events"], 6)
        tensor.put("dracula_numbers", "must_leave", 1.0 if d.get("must_leave") else 0.0)
        tensor.put("dracula_ally", d["ally"] or None, strict=False)
        _count(tensor, "dracula_encounters", d.get("hand_encounters", []), 3)
        for card in d.get("hand_events", ()):
            tensor.put("dracula_events", card)

    @staticmethod
    def _hideout(name: str, i: int, h: Mapping[str, Any], tensor: Tensor) -> None:
        tensor.put(f"{name}_card", (i, h["card"]))
        tensor.put(f"{name}_power", (i, h["power"] or None))
        tensor.put(f"{name}_flags", (i, "castle_back"), 1.0 if h["castle_back"] else 0.0)
        tensor.put(f"{name}_flags", (i, "rumour"), 1.0 if h["rumour"] else 0.0)
        tensor.put(f"{name}_flags", (i, "revealed"), 1.0 if h["revealed"] else 0.0)
        tensor.scaled(f"{name}_flags", (i, "wounds"), len(h["wounds"]), 3)
        for j, encounter in enumerate(h["encounters"][:ENCOUNTERS]):
            tensor.put(f"{name}_encounters", (i, j, encounter or "hidden"))

    @staticmethod
    def _combat(c: Mapping[str, Any], tensor: Tensor) -> None:
        tensor.put("combat", "on")
        tensor.put("combat", "night", 1.0 if c["night"] else 0.0)
        for name, top in (("round", 6), ("cards_played", 8), ("vampire_wounds", 5),
                          ("dracula_hand", 8)):
            tensor.scaled("combat", name, c[name], top)
        tensor.put("combat_city", c["city"] or None)
        tensor.put("combat_vampire", c["vampire"] or None)
        tensor.put("combat_stage", c["stage"], strict=False)
        for seat in c["hunters"]:
            tensor.put("combat_seats", ("hunters", seat))
        tensor.put("combat_seats", ("engaged", c["engaged"] or None))
        for seat in c["mesmerized"]:
            tensor.put("combat_seats", ("mesmerized", seat))
        for seat in c["chosen"]:
            tensor.put("combat_seats", ("chosen", seat))
        for card in c["face_up"]:
            tensor.put("combat_face_up", card)
        tensor.put("combat_my_card", c["my_card"] or None)
        _count(tensor, "combat_my_hand", c["my_hand"], 3)


def _count(tensor: Tensor, name: str, kinds: list[str], maximum: int) -> None:
    for kind in set(kinds):
        tensor.scaled(name, kind, kinds.count(kind), maximum)


def make_encoding(game: Game, options: Mapping[str, Any]) -> ModernEncoding:
    """The encoding of a modern Fury of Dracula game with these (resolved) options."""
    return ModernEncoding(game, options)


__all__ = ["DRACULA", "ModernEncoding", "make_encoding"]
