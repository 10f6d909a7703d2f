"""Fury of Dracula (1987)'s fixed-size encoding: action ids and the observation tensor.

The domains come from the data files the options name (the map, the chits, the
encounters, the Event Cards), so the ids are the same in every state of a game with the
same options. ``place`` is any Town or Sea Sector of the map; ``hunter`` one of the three
Hunters; ``weapon`` a Hunter's Weapon Chit kind; ``chit`` any Combat Chit (Hunters',
Dracula's, the Agents'); ``fighter`` Dracula, an Agent (``agent_1`` ..), a Hunter or
Jonathan Harker; ``encounter`` an Encounter Chit of the pool.

=======================  ===========================================================
type                     fields
=======================  ===========================================================
``start_in``             ``town``: a place
``move_to``              ``to``: a place
``pass``, ``stay_put``, ``catch_train``, ``reveal_dogs``, ``keep_weapons``,
``place_host``, ``treat_bite``, ``leave_group``, ``wait_for_group``, ``do_nothing``,
``encounter_vampire``, ``leave_vampire``, ``attack_dracula``, ``let_dracula_be``,
``reveal_garlic``, ``keep_garlic``, ``no_event``   (none)
``ride_to``, ``consume_vampire``, ``remove_host``, ``chase_to``   ``town``: a place
``swap_encounters``      ``discard``: 0-5 encounters, in alphabetical order
``swap_weapons``         ``discard``: 0-6 weapons, in alphabetical order
``form_group``           ``members``: 2-3 hunters, in seat order
``give_weapon``          ``giver``, ``taker``: hunters; ``weapon``; ``back``: "" or a weapon
``place_encounter``      ``chit``: an encounter
``choose_victim``, ``choose_hunter``, ``reveal_dogs_of``   ``hunter``
``take_items``           ``weapons``, ``events``: 0-2 hunters each, in order
``discard_weapon``, ``take_weapon``    ``weapon``
``discard_event``        ``card``: an Event Card
``choose_chit``          ``fighter``; ``chit``
``declare_target``       ``fighter``; ``target``: a fighter
``choose_result``        ``engagement``: 0-5; ``option``: 0-15
``team_up``              ``fighter``; ``join``: "0"-"5" or a fighter
``play_event``           ``card``; ``holder``: "" or a hunter
``choose_place``         ``place``
``declare_move``         ``move``: a place, ``train``, ``pass`` or ``stay``
=======================  ===========================================================

The observation tensor is read from ``state.observation(viewer)`` alone
(``encoding.layout.table()`` lists every slice; docs/ai.md prints it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gothic_kernel import Action, Game
from gothic_kernel.encoding import (
    ActionEncoding,
    Choice,
    Domain,
    GameEncoding,
    Multisets,
    Sequences,
    Subsets,
    Tensor,
    TensorLayout,
    ints,
)

from . import actions as a
from .encounter_chits import hunter_vampire_id
from .game import FuryGame
from .pending import PENDING_TYPES
from .state import DRACULA, ENCOUNTER_SET_SIZE, HUNTERS, PHASES, SEATS

HARKER = "harker"
#: The engagements of one fight and the options of one result shown at most.
MAX_ENGAGEMENTS = 6
MAX_OPTIONS = 16
#: The most recent entries of Dracula's trail shown to him.
TRAIL = 6
STATUSES = ("alive", "dead", "vampire")
#: Stages of the records the game waits for (an unlisted one sets nothing).
STAGES = ("start", "place", "idle", "search", "meet", "items", "done", "garlic",
          "start_cards", "time", "choose", "target", "roll", "rolled", "result", "resolve",
          "team_up", "round_cards", "declare", "discard", "from", "other", "sail", "sea",
          "take", "to", "town")
#: Event Card windows (an unlisted one sets nothing).
TIMINGS = ("after_combat_result", "after_die_roll", "before_initiative", "catching_train",
           "encounter_revealed", "hunter_action_end", "hunter_movement_end",
           "hunter_movement_start", "response_to_hunter_card", "start_of_combat",
           "start_of_dracula_turn", "start_of_turn", "end_of_turn")
LEVELS = ("minor", "major", "supreme", "stalemate")


class FuryEncoding(GameEncoding):
    """Action ids and observation tensor of one Fury of Dracula (1987) set-up."""

    def __init__(self, game: Game, options: Mapping[str, Any]) -> None:
        super().__init__(game, options)
        assert isinstance(game, FuryGame)
        rules = game.rules_for(options)
        self.places = tuple(rules.board.places)
        self.encounters = tuple(sorted(rules.encounters.chits))
        self.kinds = (*self.encounters, *(hunter_vampire_id(h) for h in HUNTERS))
        self.weapons = tuple(sorted(rules.chits.hunter))
        self.chits = tuple(dict.fromkeys([*rules.chits.hunter, *rules.chits.dracula,
                                          *rules.chits.agent]))
        self.events = tuple(rules.events.cards)
        agents = tuple(f"agent_{i + 1}" for i in range(rules.chits.agent_sets))
        self.fighters = (DRACULA, *agents, *HUNTERS, HARKER)
        #: Every train route Dracula may declare under Vampiric Influence, and () for none.
        self.routes = tuple(dict.fromkeys(
            [(), *(route for place in self.places for route in rules.board.rail_routes(place))]))
        self.actions = ActionEncoding(self._action_specs())
        self.layout = self._layout()

    def _action_specs(self) -> list[tuple[type[Action], Mapping[str, Domain]]]:
        place = Choice(self.places, "place")
        hunter = Choice(HUNTERS, "hunter")
        weapon = Choice(self.weapons, "weapon")
        fighter = Choice(self.fighters, "fighter")
        event = Choice(self.events, "Event Card")
        joins = Choice((*(str(i) for i in range(MAX_ENGAGEMENTS)), *self.fighters), "join")
        bare: dict[str, Domain] = {}
        specs: list[tuple[type[Action], Mapping[str, Domain]]] = [
            (a.StartIn, {"town": place}), (a.MoveTo, {"to": place}), (a.Pass, bare),
            (a.StayPut, bare), (a.CatchTrain, bare), (a.RideTo, {"town": place}),
            (a.SwapEncounters, {"discard": Multisets(Choice(self.encounters, "encounter"),
                                                     ENCOUNTER_SET_SIZE)}),
            (a.SwapWeapons, {"discard": Multisets(weapon, 6)}),
            (a.ConsumeVampire, {"town": place}), (a.RevealDogs, bare), (a.KeepWeapons, bare),
            (a.PlaceHost, bare), (a.RemoveHost, {"town": place}), (a.TreatBite, bare),
            (a.FormGroup, {"members": Subsets(hunter, 3, 2)}), (a.LeaveGroup, bare),
            (a.WaitForGroup, bare),
            (a.GiveWeapon, {"giver": hunter, "taker": hunter, "weapon": weapon,
                            "back": Choice(("", *self.weapons), "weapon or none")}),
            (a.PlaceEncounter, {"chit": Choice(self.kinds, "encounter")}),
            (a.DoNothing, bare), (a.EncounterVampire, bare), (a.LeaveVampire, bare),
            (a.ChooseVictim, {"hunter": hunter}), (a.ChaseTo, {"town": place}),
            (a.AttackDracula, bare), (a.LetDraculaBe, bare),
            (a.TakeItems, {"weapons": Sequences(hunter, 2), "events": Sequences(hunter, 2)}),
            (a.DiscardWeapon, {"weapon": weapon}), (a.DiscardEvent, {"card": event}),
            (a.RevealGarlic, bare), (a.KeepGarlic, bare),
            (a.ChooseChit, {"fighter": fighter, "chit": Choice(self.chits, "combat chit")}),
            (a.DeclareTarget, {"fighter": fighter, "target": fighter}),
            (a.ChooseResult, {"engagement": ints(0, MAX_ENGAGEMENTS - 1),
                              "option": ints(0, MAX_OPTIONS - 1)}),
            (a.TeamUp, {"fighter": fighter, "join": joins}),
            (a.PlayEvent, {"card": event, "holder": Choice(("", *HUNTERS), "holder")}),
            (a.NoEvent, bare), (a.ChoosePlace, {"place": place}),
            (a.ChooseHunter, {"hunter": hunter}), (a.TakeWeapon, {"weapon": weapon}),
            (a.DeclareMove, {"move": Choice((*self.places, "train", "pass", "stay"),
                                            "declared move"),
                             "route": Choice(self.routes, "declared train route")}),
            (a.RevealDogsOf, {"hunter": hunter}),
        ]
        return specs

    def _layout(self) -> TensorLayout:
        places, kinds, fighters = self.places, self.kinds, self.fighters
        t = TensorLayout()
        t.add("viewer", SEATS, doc="the viewer's seat (all 0 for the public)")
        t.add("turn", 1, doc="the turn / 200")
        t.add("to_act", SEATS, doc="the seats that may act now")
        t.add("wait_kind", (*(c.KIND for c in PENDING_TYPES), "dracula_turn"),
              doc="what the game waits for (Dracula's secret decisions read 'dracula_turn' "
                  "for the others)")
        t.add("wait_seat", SEATS, doc="... whose decision it is")
        t.add("wait_sequence", SEATS, (*PHASES, "turn"), doc="... in whose turn and phase")
        t.add("wait_stage", STAGES, doc="... its stage")
        t.add("wait_town", places, doc="... the Town it concerns")
        t.add("wait_timing", TIMINGS, doc="an Event Card window: its timing")
        t.add("wait_members", HUNTERS, doc="... the Hunters it concerns")
        t.add("wait_card", self.events, doc="... the Event Card it concerns")
        t.add("die_roll", ("roll", "other"), doc="a die just rolled openly / 6")
        t.add("action_phase", HUNTERS, doc="the Hunters' Action Phase under way: members")
        t.add("combat", ("on", "dracula_side", "agents_side", "daytime", "garlic",
                         "dodge_or_escape_only"), doc="a fight: under way, whose, flags")
        t.add("combat_town", places, doc="... where")
        t.add("combat_stage", STAGES, doc="... its stage")
        t.add("combat_numbers", ("round", "needs_choice", "hunters_bonus", "opponent_bonus"),
              doc="... round / 10, results to choose / 4, bonuses / 3")
        t.add("combat_fighters", ("hunters", "opponents", "attacker", "winner"), fighters,
              doc="... the fighters on each side, the attacker, the winner")
        t.add("combat_chosen", fighters, doc="... fighters whose chit is chosen")
        t.add("combat_chits", fighters, self.chits,
              doc="... the chit each chose, where the viewer may see it")
        t.add("combat_last_chits", fighters, self.chits, doc="... each one's last chit")
        t.add("engagements", MAX_ENGAGEMENTS, ("hunters", "opponents", "hunters_target",
                                               "opponents_target"), fighters,
              doc="... each engagement: its fighters and targets")
        t.add("hunter_location", HUNTERS, places, doc="each Hunter's location")
        t.add("hunter_status", HUNTERS, STATUSES, doc="... alive, dead or a vampire")
        t.add("hunter_numbers", HUNTERS, ("wounds", "weapon_chits", "event_cards", "valour",
                                          "hosts_placed", "voyage"),
              doc="... wounds / 12, Weapon Chits / 5, Event Cards / 5, Valour / 40, "
                  "Hosts placed / 3, sea voyage length / 5")
        t.add("hunter_flags", HUNTERS, ("bitten", "moved", "passed", "took_items"),
              doc="... yes or no")
        t.add("hunter_face_up", HUNTERS, self.weapons, doc="... Weapon Chits face up")
        t.add("hunter_fought_dracula_at", HUNTERS, places, doc="... where he fought Dracula")
        t.add("groups", HUNTERS, HUNTERS, doc="Hunters moving as a group")
        t.add("host_markers", places, doc="Towns sealed off by a Host Marker")
        t.add("on_the_map", places, kinds, doc="Fog and Storms on the map")
        t.add("sightings", places, kinds, doc="what the Hunters saw remain in Town boxes")
        t.add("dracula_shown_at", places, doc="Dracula's piece, where it stands on the map")
        t.add("dracula_numbers", ("fleeing", "vampires_consumed", "event_cards"),
              doc="Dracula: fleeing; Vampires consumed / 6; Event Cards / 5")
        t.add("vampires_destroyed", 1, doc="Vampires destroyed / 6")
        t.add("encounter_discards", kinds, doc="Encounter Chits discarded, by kind / 5")
        t.add("weapon_discards", self.weapons, doc="Weapon Chits discarded, by kind / 3")
        t.add("event_discards", self.events, doc="Event Cards discarded")
        t.add("event_draw_pile", 1, doc="Event Cards left to draw / 60")
        t.add("tracker", places, doc="where Dracula may be, as the public tracker weighs it "
                                     "(the weights / their sum; not shown to Dracula)")
        t.add("tracker_flags", ("shown", "exact"), doc="... shown; exact")
        t.add("hunter_weapons", HUNTERS, self.weapons,
              doc="the Hunters' Weapon Chits, by kind / 3 (the Hunters see them)")
        t.add("hunter_events", HUNTERS, self.events, doc="the Hunters' Event Cards")
        t.add("dracula_location", places, doc="behind Dracula's screen: where he is")
        t.add("local_rumours", places, doc="... the Local Rumours")
        t.add("dracula_secrets", ("blood_points", "voyage", "castle_turns", "must_leave",
                                  "passed"),
              doc="... Blood Points / 12, voyage / 5, castle turns / 3, flags")
        t.add("encounter_set", kinds, doc="... his Encounter Set, by kind / 5")
        t.add("dracula_events", self.events, doc="... his Event Cards")
        t.add("chart", places, kinds, doc="... the Strategy & Movement Chart")
        t.add("trail", TRAIL, places, doc="... his last moves, the latest first")
        t.add("over", 1, doc="1 once the game is over")
        t.add("winners", SEATS, doc="the winners")
        t.add("level", LEVELS, doc="the level of the victory")
        return t

    def observe(self, observation: Mapping[str, Any], viewer: str, tensor: Tensor) -> None:
        o = observation
        tensor.put("viewer", viewer if viewer in SEATS else None)
        tensor.number("turn", o["turn"], 200)
        for seat in o["to_act"]:
            tensor.put("to_act", seat)
        if o["waiting_for"] is not None:
            self._waiting(o["waiting_for"], tensor)
        for seat, h in o["hunters"].items():
            self._hunter(seat, h, tensor)
        for group in o["groups"]:
            for one in group:
                for other in group:
                    tensor.put("groups", (one, other))
        for town in o["host_markers"]:
            tensor.put("host_markers", town)
        for town, chit in o["on_the_map"].items():
            tensor.put("on_the_map", (town, chit))
        for town, chit in o["sightings"].items():
            tensor.put("sightings", (town, chit))
        d = o["dracula"]
        tensor.put("dracula_shown_at", d["shown_at"])
        tensor.put("dracula_numbers", "fleeing", 1.0 if d["fleeing"] else 0.0)
        tensor.scaled("dracula_numbers", "vampires_consumed", d["vampires_consumed"], 6)
        tensor.scaled("dracula_numbers", "event_cards", d["event_cards"], 5)
        tensor.number("vampires_destroyed", o["vampires_destroyed"], 6)
        _count(tensor, "encounter_discards", o["encounter_discards"], 5)
        _count(tensor, "weapon_discards", o["weapon_discards"], 3)
        for card in o["event_discards"]:
            tensor.put("event_discards", card)
        tensor.number("event_draw_pile", o["event_draw_pile"], 60)
        weights = o.get("possible_dracula_weights")
        if weights is not None:
            tensor.put("tracker_flags", "shown")
            tensor.put("tracker_flags", "exact", 1.0 if o["possible_locations_exact"] else 0.0)
            total = float(sum(weights.values())) or 1.0
            for place, weight in weights.items():
                tensor.put("tracker", place, weight / total)
        for seat, secrets in o.get("hunters_secrets", {}).items():
            for kind in set(secrets["weapons"]):
                tensor.scaled("hunter_weapons", (seat, kind), secrets["weapons"].count(kind), 3)
            for card in secrets["event_cards"]:
                tensor.put("hunter_events", (seat, card))
        screen = o.get("behind_the_screen")
        if screen is not None:
            self._screen(screen, tensor)
        outcome = o["outcome"]
        if outcome is not None:
            tensor.flag("over", True)
            for seat in outcome["winners"]:
                tensor.put("winners", seat)
            tensor.put("level", outcome["level"], strict=False)

    def _waiting(self, w: Mapping[str, Any], tensor: Tensor) -> None:
        tensor.put("wait_kind", w["kind"])
        tensor.put("wait_seat", w.get("seat") or w.get("chooser") or None)
        sequence = w.get("sequence")
        if sequence is not None:
            tensor.put("wait_sequence", (sequence["seat"], sequence["phase"]))
        tensor.put("wait_stage", w.get("stage"), strict=False)
        tensor.put("wait_town", w.get("town") or None, strict=False)
        tensor.put("wait_timing", w.get("timing"), strict=False)
        for seat in w.get("members") or w.get("seats") or ():
            tensor.put("wait_members", seat, strict=False)
        tensor.put("wait_card", w.get("card") or None, strict=False)
        rolled = w.get("die_roll")
        if rolled is not None:
            tensor.scaled("die_roll", "roll", rolled["roll"], 6)
            tensor.scaled("die_roll", "other", rolled["other"], 6)
        phase = w.get("action_phase")
        if phase is not None:
            for seat in phase["members"]:
                tensor.put("action_phase", seat)
        fight = w if w["kind"] == "combat" else w.get("combat")
        if fight is not None:
            self._combat(fight, tensor)

    def _combat(self, c: Mapping[str, Any], tensor: Tensor) -> None:
        tensor.put("combat", "on")
        tensor.put("combat", f"{c['side']}_side", strict=False)
        for flag in ("daytime", "dodge_or_escape_only"):
            tensor.put("combat", flag, 1.0 if c[flag] else 0.0)
        tensor.put("combat", "garlic", 1.0 if c["garlic_by"] else 0.0)
        tensor.put("combat_town", c["town"] or None, strict=False)
        tensor.put("combat_stage", c["stage"], strict=False)
        tensor.scaled("combat_numbers", "round", c["round"], 10)
        tensor.scaled("combat_numbers", "needs_choice", len(c["needs_choice"]), 4)
        tensor.scaled("combat_numbers", "hunters_bonus", c["hunters_bonus"], 3)
        tensor.scaled("combat_numbers", "opponent_bonus", c["opponent_bonus"], 3)
        for side in ("hunters", "opponents"):
            for fighter in c[side]:
                tensor.put("combat_fighters", (side, fighter))
        tensor.put("combat_fighters", ("attacker", c["attacker"] or None))
        tensor.put("combat_fighters", ("winner", c["winner"] or None), strict=False)
        for fighter, chit in c["chosen"].items():
            tensor.put("combat_chosen", fighter)
            if chit != "chosen":
                tensor.put("combat_chits", (fighter, chit))
        for fighter, chit in c["last_chits"].items():
            tensor.put("combat_last_chits", (fighter, chit or None))
        for i, e in enumerate(c["engagements"][:MAX_ENGAGEMENTS]):
            for side in ("hunters", "opponents"):
                for fighter in e[side]:
                    tensor.put("engagements", (i, side, fighter))
            for target in ("hunters_target", "opponents_target"):
                tensor.put("engagements", (i, target, e[target] or None))

    @staticmethod
    def _hunter(seat: str, h: Mapping[str, Any], tensor: Tensor) -> None:
        tensor.put("hunter_location", (seat, h["location"]))
        tensor.put("hunter_status", (seat, h["status"]))
        for name, value, top in (("wounds", h["wounds"], 12), ("weapon_chits",
                                 h["weapon_chits"], 5), ("event_cards", h["event_cards"], 5),
                                 ("valour", h["valour"], 40),
                                 ("hosts_placed", len(h["hosts_placed"]), 3),
                                 ("voyage", len(h["voyage"]), 5)):
            tensor.scaled("hunter_numbers", (seat, name), value, top)
        for flag in ("bitten", "moved", "passed", "took_items"):
            tensor.put("hunter_flags", (seat, flag), 1.0 if h[flag] else 0.0)
        for weapon in h["face_up"]:
            tensor.put("hunter_face_up", (seat, weapon))
        tensor.put("hunter_fought_dracula_at", (seat, h["fought_dracula_at"]))

    def _screen(self, s: Mapping[str, Any], tensor: Tensor) -> None:
        tensor.put("dracula_location", s["location"])
        tensor.put("local_rumours", s["local_rumours"])
        tensor.scaled("dracula_secrets", "blood_points", s["blood_points"], 12)
        tensor.scaled("dracula_secrets", "voyage", len(s["voyage"]), 5)
        tensor.scaled("dracula_secrets", "castle_turns", s["castle_turns"], 3)
        for flag in ("must_leave", "passed"):
            tensor.put("dracula_secrets", flag, 1.0 if s[flag] else 0.0)
        _count(tensor, "encounter_set", s["encounter_set"], 5)
        for card in s["event_cards"]:
            tensor.put("dracula_events", card)
        for town, chit in s["chart"].items():
            tensor.put("chart", (town, chit))
        for i, place in enumerate(reversed(s["trail"][-TRAIL:])):
            tensor.put("trail", (i, place))


def _count(tensor: Tensor, name: str, kinds: list[str], maximum: int) -> None:
    for kind in set(kinds):
        tensor.scaled(name, kind, kinds.count(kind), maximum)


def make_encoding(game: Game, options: Mapping[str, Any]) -> FuryEncoding:
    """The encoding of a Fury of Dracula (1987) game with these (resolved) options."""
    return FuryEncoding(game, options)
