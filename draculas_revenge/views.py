"""Observations per viewer, and resampling what a viewer cannot know.

Hidden: each seat's Reaction Die (until shown at the end of the turn), which of
its cards lie face down in the Action Timeline and which are still in its hand,
and, in Rescue Van Helsing, the room the vampires recorded.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import attrs

from gothic_kernel import PUBLIC, Dice, Log, LogEntry
from gothic_kernel.memo import per_object

from . import narration as say
from .decisions import Phase
from .grid import FACINGS, Board
from .movement import mist_allowed
from .state import DRState
from .victory import points_left_by_seat, turn_limit


def _square(state: DRState, pos: int) -> list[int] | None:
    return list(state.rules.board.xy(pos)) if pos >= 0 else None


def dice_hidden(state: DRState) -> bool:
    """The Reaction Dice of this turn are rolled and not yet shown."""
    return _dice_hidden(state, state.phase)


def _dice_hidden(state: DRState, phase: Phase) -> bool:
    return bool(state.options["reaction_dice"]) and phase in (Phase.TIMELINE, Phase.ACTIVATION)


def observation(state: DRState, viewer: str) -> dict[str, Any]:
    board = state.rules.board
    data_dir = state.rules.data_dir
    names = _names(data_dir)
    sides, exited, width = state.seat_sides, state.exited, board.width
    figures = [{"id": f.id, "name": names[f.id], "kind": f.kind,
                "born": f.born, "seat": f.seat, "side": sides[f.seat],
                "square": [f.pos % width, f.pos // width] if f.pos >= 0 else None,
                "off_board": f.pos == -1, "exited": f.id in exited,
                "facing": FACINGS[f.facing], "misted": f.misted,
                "unconscious": f.unconscious, "entrance": f.entrance}
               for f in state.figures.values()]
    phase = state.phase
    hidden = _dice_hidden(state, phase)
    rp_spent = state.rp_spent
    rp = {s: {"spent": rp_spent[s], "die": state.rp_die[s],
              "total": state.reaction_points(s), "left": state.rp_left(s)}
          if s == viewer or not hidden else
          {"spent": rp_spent[s], "die": None, "total": None, "left": None}
          for s in state.seats}
    queue = state.queue
    pending = queue[0].view(state, viewer) if queue else None
    active = None
    if state.active:
        active = {"character": state.active, "seat": state.active_seat,
                  "action_points_left": state.ap_left, "move_over": state.move_over}
    actor, afrom, apos, target, tpos = state.witness
    vh_room = state.secret_room if viewer == "vampires" or state.van_helsing_found else None
    hands = state.hands
    return {
        "adventure": state.rules.adventure_id, "title": state.rules.adventure.get("title", ""),
        "map": board.name, "board": board_view(board),
        "options": {k: list(v) if isinstance(v, tuple) else v for k, v in state.options.items()},
        "data_dir": state.options["data_dir"], "turn": state.turn,
        "turn_limit": turn_limit(state),
        "phase": phase.value, "seats": list(state.seats), "sides": dict(sides),
        "to_act": list(state.current_seats()), "daylight": not mist_allowed(state),
        "figures": figures, "dead": list(state.dead), "exited": list(exited),
        "doors": dict(state.doors_open),
        "hands": {s: {"count": len(hands[s]), "cards": None, "names": None} if s != viewer
                  else _own_hand(hands[s], names)
                  for s in state.seats},
        "discards": {s: list(cards) for s, cards in state.discards.items()},
        "timeline": [{"play": p, "seat": s, "card": c, "name": names[c]} if s == viewer
                     else {"play": p, "seat": s, "card": None, "name": None}
                     for p, s, c in state.timeline],
        "first_player": state.seats[state.tl_first], "forced_play": state.tl_forced,
        "passes_in_a_row": state.tl_passes,
        "void_cards": sorted(state.no_card),
        "reaction_points": rp,
        "active": active,
        "reaction_windows": list(state.windows), "last_reactor": state.last_reactor,
        "last_action": {"actor": actor, "from_square": _square(state, afrom),
                        "square": _square(state, apos), "target": target,
                        "target_square": _square(state, tpos)},
        "pending": pending,
        "defiled": list(state.defiled),
        "van_helsing": {"found": state.van_helsing_found, "room": vh_room},
        "recruits": {s: list(k) for s, k in state.recruits.items()},
        "points_left": points_left_by_seat(state),
        "timer": _timer(state, phase),
        "outcome": None if state.result is None else state.result.to_data(),
    }


def _own_hand(cards: list[str], names: _Names) -> dict[str, Any]:
    """The viewer's own hand: how many cards, which, and their names."""
    held = sorted(cards)
    return {"count": len(cards), "cards": held, "names": [names[c] for c in held]}


class _Names(dict[str, str]):
    """Each card's character name (:func:`narration.character`), looked up once."""

    def __init__(self, data_dir: str) -> None:
        super().__init__()
        self.data_dir = data_dir

    def __missing__(self, card: str) -> str:
        name = self[card] = say.character(card, self.data_dir)
        return name


@lru_cache(maxsize=16)
def _names(data_dir: str) -> _Names:
    return _Names(data_dir)


def board_view(board: Board) -> dict[str, Any]:
    """The map for a front end: ASCII rows ('#' wall, '.' floor, '+' door, ' ' beyond the
    tiles), each door's squares, each labelled area's squares and tiles, and the tiles."""
    static = _board_static(board)
    return {"width": board.width, "height": board.height, "rows": list(static[0]),
            "doors": {d: [[x, y] for x, y in cells] for d, cells in static[1].items()},
            "areas": {a: {"squares": [[x, y] for x, y in info[0]], "tiles": list(info[1])}
                      for a, info in static[2].items()},
            "tiles": [dict(t) for t in static[3]]}


@per_object
def _board_static(board: Board) -> tuple[Any, ...]:
    doors = {d: tuple(board.xy(c) for c in cells) for d, cells in board.doors.items()}
    areas = {a: (tuple(board.xy(c) for c in sorted(squares)),
                 board.area_tiles.get(a, ())) for a, squares in board.areas.items()}
    tiles = tuple({"tile": name, "name": say.tile(board, name), "col": t["col"],
                   "row": t["row"], "turn": t.get("turn", 0)}
                  for name, t in zip(board.tile_names, board.spec["tiles"], strict=True))
    return (tuple(board.render()), doors, areas, tiles)


def timer(state: DRState) -> dict[str, Any]:
    """What a front end needs for the optional Timer rule: one minute per character's
    move, the stopwatch paused whenever someone interrupts the active character."""
    return _timer(state, state.phase)


def _timer(state: DRState, phase: Phase) -> dict[str, Any]:
    limit = int(state.options["timer_seconds"])
    activation = phase is Phase.ACTIVATION
    running = activation and not state.windows and not state.queue and state.result is None
    return {"limit_seconds": limit, "enabled": limit > 0, "activation": state.activations,
            "character": state.active or None, "seat": state.active_seat or None,
            "running": running and limit > 0,
            "paused": activation and not running,
            "on_expiry": {"type": "end_move"}}


# -- resampling -----------------------------------------------------------------------------
def resample(state: DRState, viewer: str, seed: int) -> DRState:
    twin = state.clone()
    twin.dice = Dice(seed)
    draw = Dice(seed ^ 0x5A5A5A)
    others = [s for s in state.seats if s != viewer]
    cards_of: dict[int, str] = {}
    dice: dict[str, int] = {}
    for seat in others:
        if dice_hidden(state) and state.rp_die[seat]:
            low = max(1, state.rp_spent[seat] - state.rules.numbers["reaction_die_bonus"])
            twin.rp_die[seat] = dice[seat] = low + draw.index(7 - low)
        pool = list(state.hands[seat]) + [c for _, s, c in state.timeline if s == seat]
        draw.shuffle(pool)
        placed = 0
        new_timeline = []
        for play, s, c in twin.timeline:
            if s == seat:
                c = pool[placed]
                placed += 1
                cards_of[play] = c
            new_timeline.append((play, s, c))
        twin.timeline = new_timeline
        twin.hands[seat] = sorted(pool[placed:])
    room = state.secret_room
    if viewer != "vampires" and state.secret_room and not state.van_helsing_found:
        rooms = list(state.rules.board.area_tiles[state.rules.adventure["secret_room"]])
        twin.secret_room = room = draw.choice(rooms)
    twin.events = Log(_rewrite(state, e, state.turn, cards_of, dice, room, others)
                      for e in state.events)
    return twin


def _rewrite(state: DRState, entry: LogEntry, turn: int, cards_of: dict[int, str],
             dice: dict[str, int], room: str, others: list[str]) -> LogEntry:
    ev = entry.event
    kind = ev.get("kind")
    if entry.scope.kind == "public":
        return entry
    if (kind == "card_played" and ev.get("turn") == turn and ev.get("play") in cards_of
            and ev.get("seat") in others):
        card = cards_of[ev["play"]]
        text = say.card_played(ev["seat"], card, ev["play"], state.rules.data_dir)
        return attrs.evolve(entry, event={**ev, "card": card, "text": text})
    if kind == "reaction_die" and ev.get("turn") == turn and ev.get("seat") in dice:
        die = dice[ev["seat"]]
        text = say.reaction_die(ev["seat"], die, state.rules.numbers["reaction_die_bonus"])
        return attrs.evolve(entry, event={**ev, "die": die, "text": text})
    if kind == "secret_room" and "vampires" in others:
        text = say.secret_room(state.rules.board, room)
        return attrs.evolve(entry, event={**ev, "room": room, "text": text})
    return entry


__all__ = ["PUBLIC", "observation", "resample"]
