"""VAMPYRE's fixed-size encoding: action ids and the observation tensor.

Action ids (the same for every state of a game with the same options; ``places`` are the
hexes of Transylvania, then the spaces of Castle Dracula, as the data files list them):

==========================  =====================================================
type                        fields
==========================  =====================================================
``take_turn``               (none)
``heal_wound``              (none)
``rest_at_standing_stones`` (none)
``move``                    ``to``: a place; ``attack``: "", a hunter, or ``count_dracula``
``search``, ``make_camp``   (none)
``declare_silver_bullet``   ``use``: flag
``lead_astray``             ``to``: a place
``look_at_counter``         ``large_hex``: a large hex
``choose_item``             ``item``: a useful item
==========================  =====================================================

The observation tensor is read from ``state.observation(viewer)`` alone; every slice is
listed, with its meaning, by ``encoding.layout.table()`` (docs/ai.md prints it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gothic_kernel import Game
from gothic_kernel.encoding import (
    BOOLS,
    ActionEncoding,
    Choice,
    GameEncoding,
    Tensor,
    TensorLayout,
)

from . import HUNTERS
from .actions import (
    ChooseItem,
    DeclareSilverBullet,
    HealWound,
    LeadAstray,
    LookAtCounter,
    MakeCamp,
    Move,
    RestAtStandingStones,
    Search,
    TakeTurn,
)
from .decisions import PENDING_KINDS
from .state import CASTLE, DEAD, FORMS, SAVED, SLAIN, TRANSYLVANIA, load_world

COUNT_DRACULA = "count_dracula"
#: Fights shown at once (more are never unresolved together in play; extra ones are cut).
MAX_FIGHTS = 6
OUTS = (DEAD, SAVED, SLAIN)


class VampyreEncoding(GameEncoding):
    """Action ids and observation tensor of one VAMPYRE set-up."""

    def __init__(self, game: Game, options: Mapping[str, Any]) -> None:
        super().__init__(game, options)
        world = load_world(str(options["data_dir"]))
        rules = world.rules
        board, castle = world.transylvania, world.castle
        self.large_hexes = tuple(board.large_hexes)
        self.places = tuple(dict.fromkeys([*board.hexes, *self.large_hexes, *castle.spaces]))
        self.items = tuple(rules.items)
        self.black = tuple(sorted(set(rules.black_counters.values())))
        self.red = tuple(sorted(set(rules.red_counters.values())))
        self.monsters = tuple(dict.fromkeys([*rules.monster_table, *self.red]))
        self.greens = tuple(castle.green)
        self.spaces = tuple(castle.spaces)
        places = Choice(self.places, "place")
        self.actions = ActionEncoding([
            (TakeTurn, {}), (HealWound, {}), (RestAtStandingStones, {}),
            (Move, {"to": places, "attack": Choice(("", *HUNTERS, COUNT_DRACULA), "foe")}),
            (Search, {}), (MakeCamp, {}), (DeclareSilverBullet, {"use": BOOLS}),
            (LeadAstray, {"to": places}),
            (LookAtCounter, {"large_hex": Choice(self.large_hexes, "large hex")}),
            (ChooseItem, {"item": Choice(self.items, "useful item")}),
        ])
        self.layout = self._layout()

    def _layout(self) -> TensorLayout:
        seats, places = self.seats, self.places
        t = TensorLayout()
        t.add("viewer", seats, doc="the viewer's seat (all 0 for the public)")
        t.add("stage", (TRANSYLVANIA, CASTLE), doc="Transylvania or Castle Dracula")
        t.add("turn", 1, doc="turns played / 500")
        t.add("round", 1, doc="rounds played / 150")
        t.add("current", seats, doc="the player whose turn it is")
        t.add("pending_kind", PENDING_KINDS, doc="the decision the game waits for")
        t.add("pending_seat", seats, doc="who makes it")
        t.add("pending_roll", 1, doc="the movement die of a move or a lead astray / 12")
        t.add("pending_target", seats, doc="lead astray: the lost player")
        t.add("form", seats, FORMS, doc="each player's form")
        t.add("location", seats, places, doc="where each player's counter stands")
        t.add("off_board", seats, doc="1: the counter is off the board")
        t.add("bites", seats, doc="bites / 3")
        t.add("items", seats, self.items, doc="useful items held, by kind / 3")
        t.add("coffins", seats, doc="coffins destroyed / 3")
        t.add("flags", seats, ("cured", "may_heal", "healing", "resting", "fleeing",
                               "must_reveal"), doc="each player's notes that are yes or no")
        t.add("counts", seats, ("possessed", "lost_turns", "immobile", "reappear", "wounds"),
              doc="turns possessed, lost, immobile, to reappear (+1) / 4; wounds / 2")
        t.add("searched", seats, self.large_hexes, doc="the large hex searched last")
        t.add("out", seats, OUTS, doc="out of the game: dead, saved or slain")
        t.add("hex_counters", self.large_hexes, doc="face-down counters in each large hex / 3")
        t.add("hex_clean", self.large_hexes, doc="1: searched bare")
        t.add("hex_top_seen", self.large_hexes, self.black,
              doc="the top counter, where the viewer looked at it")
        t.add("set_aside", self.black, doc="black counters set aside, by kind / 3")
        t.add("fight_hunter", MAX_FIGHTS, seats, doc="unresolved fights: the hunter")
        t.add("fight_monster", MAX_FIGHTS, self.monsters, doc="... the foe")
        t.add("fight_attacker", MAX_FIGHTS, seats, doc="... who rolls")
        t.add("fight_opponent", MAX_FIGHTS, seats, doc="... the converted player fought")
        t.add("fight_gypsies", MAX_FIGHTS, doc="... gypsies still to fight / 3")
        t.add("fight_guardian", MAX_FIGHTS, self.red, doc="... the guardian fought")
        t.add("pending_fight_monster", self.monsters,
              doc="silver bullet: the foe of the fight awaiting the declaration")
        t.add("basic_winner", seats, doc="the winner of the Basic Game (extended game)")
        t.add("clock", 24, doc="Castle Dracula: the hour (0 midnight .. 23)")
        t.add("daylight", 1, doc="Castle Dracula: 1 in daylight")
        t.add("face_down", self.greens, doc="green areas with a face-down guardian")
        t.add("revealed", self.spaces, self.red, doc="guardians turned face up, by space")
        t.add("red_set_aside", self.red, doc="red counters set aside, by kind / 3")
        t.add("over", 1, doc="1 once the game is over")
        t.add("winners", seats, doc="the winners")
        return t

    def observe(self, observation: Mapping[str, Any], viewer: str, tensor: Tensor) -> None:
        o = observation
        tensor.put("viewer", viewer if viewer in self.seats else None)
        tensor.put("stage", o["stage"])
        tensor.number("turn", o["turn"], 500)
        tensor.number("round", o["round"], 150)
        tensor.put("current", o["current"])
        pending = o["pending"]
        if pending is not None:
            tensor.put("pending_kind", pending["kind"])
            tensor.put("pending_seat", pending["seat"])
            tensor.number("pending_roll", pending["roll"], 12)
            tensor.put("pending_target", pending["target"] or None)
            if pending["fight"] is not None:
                tensor.put("pending_fight_monster", pending["fight"]["monster"])
        for seat, p in o["players"].items():
            self._player(tensor, seat, p)
        for hex_id, h in o["large_hexes"].items():
            tensor.scaled("hex_counters", hex_id, h["counters"], 3)
            tensor.put("hex_clean", hex_id, 1.0 if h["clean"] else 0.0)
            tensor.put("hex_top_seen", (hex_id, h["top_seen"]))
        _count(tensor, "set_aside", o["set_aside"], 3)
        for i, f in enumerate(o["fights"][:MAX_FIGHTS]):
            tensor.put("fight_hunter", (i, f["hunter"]))
            tensor.put("fight_monster", (i, f["monster"]))
            tensor.put("fight_attacker", (i, f["attacker"]))
            tensor.put("fight_opponent", (i, f["opponent"] or None))
            tensor.scaled("fight_gypsies", i, f["gypsies"], 3)
            tensor.put("fight_guardian", (i, f["guardian"] or None))
        tensor.put("basic_winner", o["basic_winner"])
        castle = o.get("castle")
        if castle is not None:
            tensor.put("clock", castle["clock"] % 24)
            tensor.flag("daylight", castle["daylight"])
            for green, down in castle["face_down"].items():
                tensor.put("face_down", green, 1.0 if down else 0.0)
            for space, kind in castle["revealed"].items():
                tensor.put("revealed", (space, kind))
            _count(tensor, "red_set_aside", castle["set_aside"], 3)
        if o["outcome"] is not None:
            tensor.flag("over", True)
            for seat in o["outcome"]["winners"]:
                tensor.put("winners", seat)

    @staticmethod
    def _player(tensor: Tensor, seat: str, p: Mapping[str, Any]) -> None:
        tensor.put("form", (seat, p["form"]))
        if p["location"] is None:
            tensor.put("off_board", seat)
        else:
            tensor.put("location", (seat, p["location"]))
        tensor.scaled("bites", seat, p["bites"], 3)
        for item in set(p["items"]):
            tensor.scaled("items", (seat, item), p["items"].count(item), 3)
        tensor.scaled("coffins", seat, p["coffins"], 3)
        for flag in ("cured", "may_heal", "healing", "resting", "fleeing", "must_reveal"):
            tensor.put("flags", (seat, flag), 1.0 if p[flag] else 0.0)
        for count in ("possessed", "lost_turns", "immobile"):
            tensor.scaled("counts", (seat, count), p[count], 4)
        tensor.scaled("counts", (seat, "reappear"), p["reappear"] + 1, 4)
        tensor.scaled("counts", (seat, "wounds"), p["wounds"], 2)
        tensor.put("searched", (seat, p["searched"] or None))
        tensor.put("out", (seat, p["out"] or None))


def _count(tensor: Tensor, name: str, kinds: list[str], maximum: int) -> None:
    for kind in set(kinds):
        tensor.scaled(name, kind, kinds.count(kind), maximum)


def make_encoding(game: Game, options: Mapping[str, Any]) -> VampyreEncoding:
    """The encoding of a VAMPYRE game with these (resolved) options."""
    return VampyreEncoding(game, options)
