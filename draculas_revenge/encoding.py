"""Dracula's Revenge's fixed-size encoding: action ids and the observation tensor.

The domains come from the adventure's board and the box of Character Cards, so the ids
are the same in every state of a game with the same options. ``figure`` is any Character
Card in the box (``she_wolf_a`` .. ``van_helsing``, the figure ids), ``square`` any
``(x, y)`` of the board, ``facing`` one of ``n e s w``, ``direction`` one of the eight.

=======================  ===========================================================
type                     fields
=======================  ===========================================================
``play_card``            ``card``: a figure
``pass``                 (none)
``move``                 ``character``: a figure; ``direction``; ``facing``
``turn``                 ``character``; ``facing``
``enter``                ``character``; ``square``; ``facing``
``leave``, ``turn_to_mist``, ``open_door``, ``close_door``, ``defile``, ``wake``
                         ``character``
``turn_solid``           ``character``; ``facing``
``close_attack``         ``character``; ``target``: a figure; ``save``: flag
``ranged_attack``, ``mesmerize``   ``character``; ``target``
``end_move``, ``decline``, ``done_recruiting``    (none)
``face_attacker``        ``character``; ``facing``: "" or a facing
``feed``                 ``feed``: flag
``place``, ``settle_mist``  ``character``; ``square``; ``facing``
``choose_secret_room``   ``room``: a tile of the board
``place_van_helsing``    ``square``; ``facing``
``recruit``              ``kind``: a character type
=======================  ===========================================================

The observation tensor is read from ``state.observation(viewer)`` alone: the board as
planes (channels × height × width) and, per figure id, per seat and per timeline play,
the rest (``encoding.layout.table()`` lists every slice; docs/ai.md prints it).
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
    Product,
    Tensor,
    TensorLayout,
    ints,
)

from . import DraculasRevengeGame
from .actions import (
    ChooseSecretRoom,
    CloseAttack,
    CloseDoor,
    Decline,
    Defile,
    DoneRecruiting,
    EndMove,
    Enter,
    FaceAttacker,
    Feed,
    Leave,
    Mesmerize,
    Move,
    OpenDoor,
    Pass,
    Place,
    PlaceVanHelsing,
    PlayCard,
    RangedAttack,
    Recruit,
    SettleMist,
    Turn,
    TurnSolid,
    TurnToMist,
    Wake,
)
from .decisions import Phase, RevengeDecision
from .grid import DIRECTIONS, FACINGS
from .rules import rules_for

SIDES = ("vampires", "hunters")
#: The board's planes besides one per character type.
PLANES = ("floor", "door", "door_open", "vampires", "hunters", "facing_n", "facing_e",
          "facing_s", "facing_w", "misted", "unconscious", "active", "last_actor",
          "last_from", "last_target")


class RevengeEncoding(GameEncoding):
    """Action ids and observation tensor of one Dracula's Revenge set-up."""

    def __init__(self, game: Game, options: Mapping[str, Any]) -> None:
        super().__init__(game, options)
        assert isinstance(game, DraculasRevengeGame)
        rules = rules_for(options["adventure"], game.map_for(dict(options)), options["data_dir"])
        board = rules.board
        self.width, self.height = board.width, board.height
        self.cards = tuple(rules.kind_of_card)
        self.kinds = tuple(rules.types)
        self.tiles = tuple(dict.fromkeys(board.tile_names))
        self.doors = tuple(board.doors)
        self.rows = tuple(board.render())
        self.door_squares = {d: [tuple(board.xy(c)) for c in cells]
                             for d, cells in board.doors.items()}
        figure = Choice(self.cards, "figure")
        facing = Choice(FACINGS, "facing")
        square = Product(ints(0, self.width - 1), ints(0, self.height - 1))
        self.actions = ActionEncoding([
            (PlayCard, {"card": figure}), (Pass, {}),
            (Move, {"character": figure, "direction": Choice(DIRECTIONS, "direction"),
                    "facing": facing}),
            (Turn, {"character": figure, "facing": facing}),
            (Enter, {"character": figure, "square": square, "facing": facing}),
            (Leave, {"character": figure}), (TurnToMist, {"character": figure}),
            (TurnSolid, {"character": figure, "facing": facing}),
            (OpenDoor, {"character": figure}), (CloseDoor, {"character": figure}),
            (CloseAttack, {"character": figure, "target": figure, "save": BOOLS}),
            (RangedAttack, {"character": figure, "target": figure}),
            (Mesmerize, {"character": figure, "target": figure}),
            (Defile, {"character": figure}), (Wake, {"character": figure}),
            (EndMove, {}), (Decline, {}),
            (FaceAttacker, {"character": figure, "facing": Choice(("", *FACINGS), "facing")}),
            (Feed, {"feed": BOOLS}),
            (Place, {"character": figure, "square": square, "facing": facing}),
            (ChooseSecretRoom, {"room": Choice(self.tiles, "tile")}),
            (PlaceVanHelsing, {"square": square, "facing": facing}),
            (SettleMist, {"character": figure, "square": square, "facing": facing}),
            (Recruit, {"kind": Choice(self.kinds, "character type")}),
            (DoneRecruiting, {}),
        ])
        self.layout = self._layout()

    def _layout(self) -> TensorLayout:
        seats, cards, kinds = self.seats, self.cards, self.kinds
        t = TensorLayout()
        t.add("viewer", seats, doc="the viewer's seat (all 0 for the public)")
        t.add("viewer_side", SIDES, doc="the viewer's side")
        t.add("phase", tuple(p.value for p in Phase), doc="where the game stands")
        t.add("to_act", seats, doc="the seats that may act now")
        t.add("turn", 1, doc="the turn / 20")
        t.add("turn_limit", 1, doc="the adventure's turn limit / 20 (0: none)")
        t.add("daylight", 1, doc="1 while vampires may not turn to mist")
        t.add("board", (*PLANES, *kinds), self.height, self.width,
              doc="planes over the squares (y, x): floor, doors (open), each side's "
                  "figures, their facings, misted, unconscious, the active character, the "
                  "last action's actor, start and target, and one plane per character type")
        t.add("doors_open", self.doors, doc="each door, 1 if open")
        t.add("figure_kind", cards, kinds, doc="each figure in play: its type now")
        t.add("figure_seat", cards, seats, doc="... its seat")
        t.add("figure_state", cards, ("on_board", "off_board", "exited", "dead", "misted",
                                      "unconscious", "void_card"),
              doc="... where it is and what it is")
        t.add("figure_facing", cards, FACINGS, doc="... its facing")
        t.add("figure_square", cards, ("x", "y"), doc="... its square, x / width, y / height")
        t.add("hand_count", seats, doc="Action Cards in each seat's hand / 12")
        t.add("hand", cards, doc="the viewer's own hand")
        t.add("discards", seats, cards, doc="each seat's cards turned over this turn")
        t.add("timeline_seat", len(cards), seats, doc="the Action Timeline, play by play: "
                                                      "whose card")
        t.add("timeline_card", len(cards), cards, doc="... the card, where it is the viewer's")
        t.add("first_player", seats, doc="the first player of the timeline")
        t.add("timeline_flags", ("forced_play",), doc="a forced play")
        t.add("passes_in_a_row", 1, doc="passes in a row / 4")
        t.add("reaction", seats, ("spent", "die", "total", "left", "die_known"),
              doc="Reaction Points: spent / 12, the die / 6, total / 12, left / 12 (the "
                  "die, total and left only where shown), 1 if shown")
        t.add("active_character", cards, doc="the active character")
        t.add("active_seat", seats, doc="its seat")
        t.add("action_points_left", 1, doc="its Action Points left / 9")
        t.add("move_over", 1, doc="1 once its move is over")
        t.add("reaction_windows", seats, doc="seats with a chance to react")
        t.add("last_reactor", seats, doc="the seat that reacted last")
        t.add("last_actor", cards, doc="the last action's actor")
        t.add("last_target", cards, doc="the last action's target")
        t.add("pending_kind", tuple(RevengeDecision.kinds), doc="the decision the game waits "
                                                                "for, outside a move")
        t.add("pending_seat", seats, doc="... whose")
        t.add("pending_figure", cards, doc="... the figure it is about")
        t.add("pending_other", cards, doc="... the other figure it is about")
        t.add("defiled", 1, doc="coffins defiled / 4")
        t.add("van_helsing", ("found", "room_known"), doc="Rescue Van Helsing: found; the "
                                                          "viewer knows the room")
        t.add("van_helsing_room", self.tiles, doc="... the room, where known")
        t.add("recruits", seats, kinds, doc="your own adventure: characters bought / 5")
        t.add("points_left", seats, doc="points left to spend / 72")
        t.add("over", 1, doc="1 once the game is over")
        t.add("winners", seats, doc="the winners")
        return t

    def observe(self, observation: Mapping[str, Any], viewer: str, tensor: Tensor) -> None:
        o = observation
        tensor.put("viewer", viewer if viewer in self.seats else None)
        tensor.put("viewer_side", o["sides"].get(viewer))
        tensor.put("phase", o["phase"])
        for seat in o["to_act"]:
            tensor.put("to_act", seat)
        tensor.number("turn", o["turn"], 20)
        tensor.number("turn_limit", o["turn_limit"] or 0, 20)
        tensor.flag("daylight", o["daylight"])
        self._board(o, tensor)
        for door, is_open in o["doors"].items():
            tensor.put("doors_open", door, 1.0 if is_open else 0.0)
        self._figures(o, tensor)
        self._cards(o, viewer, tensor)
        active = o["active"]
        if active is not None:
            tensor.put("active_character", active["character"])
            tensor.put("active_seat", active["seat"])
            tensor.number("action_points_left", active["action_points_left"], 9)
            tensor.flag("move_over", active["move_over"])
        for seat in o["reaction_windows"]:
            tensor.put("reaction_windows", seat)
        tensor.put("last_reactor", o["last_reactor"] or None)
        last = o["last_action"]
        tensor.put("last_actor", last["actor"] or None)
        tensor.put("last_target", last["target"] or None)
        pending = o["pending"]
        if pending is not None:
            tensor.put("pending_kind", pending["kind"])
            tensor.put("pending_seat", pending.get("seat") or None)
            tensor.put("pending_figure", pending.get("figure") or None)
            other = pending.get("other")
            tensor.put("pending_other", other if other in self.cards else None)
        tensor.number("defiled", len(o["defiled"]), 4)
        vh = o["van_helsing"]
        tensor.put("van_helsing", "found", 1.0 if vh["found"] else 0.0)
        if vh["room"]:
            tensor.put("van_helsing", "room_known")
            tensor.put("van_helsing_room", vh["room"])
        for seat, kinds in o["recruits"].items():
            for kind in set(kinds):
                tensor.scaled("recruits", (seat, kind), kinds.count(kind), 5)
        for seat, points in o["points_left"].items():
            tensor.scaled("points_left", seat, points, 72)
        if o["outcome"] is not None:
            tensor.flag("over", True)
            for seat in o["outcome"]["winners"]:
                tensor.put("winners", seat)

    def _board(self, o: Mapping[str, Any], tensor: Tensor) -> None:
        planes = tensor["board"]
        for y, row in enumerate(self.rows):
            for x, cell in enumerate(row):
                if cell in ".+":
                    planes[0, y, x] = 1.0
                if cell == "+":
                    planes[1, y, x] = 1.0
        for door, is_open in o["doors"].items():
            if is_open:
                for x, y in self.door_squares.get(door, ()):
                    tensor.put("board", ("door_open", y, x))
        active = (o["active"] or {}).get("character")
        for f in o["figures"]:
            if f["square"] is None:
                continue
            x, y = f["square"]
            for plane in (f["side"], f["kind"], f"facing_{f['facing']}"):
                tensor.put("board", (plane, y, x))
            if f["misted"]:
                tensor.put("board", ("misted", y, x))
            if f["unconscious"]:
                tensor.put("board", ("unconscious", y, x))
            if f["id"] == active:
                tensor.put("board", ("active", y, x))
        last = o["last_action"]
        for plane, where in (("last_actor", last["square"]), ("last_from", last["from_square"]),
                             ("last_target", last["target_square"])):
            if where is not None:
                tensor.put("board", (plane, where[1], where[0]))

    def _figures(self, o: Mapping[str, Any], tensor: Tensor) -> None:
        for f in o["figures"]:
            card = f["id"]
            tensor.put("figure_kind", (card, f["kind"]))
            tensor.put("figure_seat", (card, f["seat"]))
            tensor.put("figure_facing", (card, f["facing"]))
            place = "off_board" if f["square"] is None else "on_board"
            tensor.put("figure_state", (card, place))
            for flag in ("exited", "misted", "unconscious"):
                if f[flag]:
                    tensor.put("figure_state", (card, flag))
            if f["square"] is not None:
                tensor.scaled("figure_square", (card, "x"), f["square"][0], self.width - 1)
                tensor.scaled("figure_square", (card, "y"), f["square"][1], self.height - 1)
        for card in o["dead"]:
            tensor.put("figure_state", (card, "dead"))
        for card in o["void_cards"]:
            tensor.put("figure_state", (card, "void_card"))

    def _cards(self, o: Mapping[str, Any], viewer: str, tensor: Tensor) -> None:
        for seat, hand in o["hands"].items():
            tensor.scaled("hand_count", seat, hand["count"], 12)
            if seat == viewer:
                for card in hand["cards"] or ():
                    tensor.put("hand", card)
        for seat, cards in o["discards"].items():
            for card in cards:
                tensor.put("discards", (seat, card))
        for i, play in enumerate(o["timeline"][:len(self.cards)]):
            tensor.put("timeline_seat", (i, play["seat"]))
            tensor.put("timeline_card", (i, play["card"]))
        tensor.put("first_player", o["first_player"])
        tensor.put("timeline_flags", "forced_play", 1.0 if o["forced_play"] else 0.0)
        tensor.number("passes_in_a_row", o["passes_in_a_row"], 4)
        for seat, rp in o["reaction_points"].items():
            tensor.scaled("reaction", (seat, "spent"), rp["spent"], 12)
            if rp["die"] is not None:
                tensor.put("reaction", (seat, "die_known"))
                tensor.scaled("reaction", (seat, "die"), rp["die"], 6)
                tensor.scaled("reaction", (seat, "total"), rp["total"], 12)
                tensor.scaled("reaction", (seat, "left"), rp["left"], 12)


def make_encoding(game: Game, options: Mapping[str, Any]) -> RevengeEncoding:
    """The encoding of a Dracula's Revenge game with these (resolved) options."""
    return RevengeEncoding(game, options)
