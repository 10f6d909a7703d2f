"""Observations per viewer, and resampling what a viewer cannot know.

Hidden: each seat's Reaction Die (until shown at the end of the turn), which of
its cards lie face down in the Action Timeline and which are still in its hand,
and, in Rescue Van Helsing, the room the vampires recorded.
"""

from __future__ import annotations

from typing import Any

import attrs

from gothic_kernel import PUBLIC, Dice, Log, LogEntry

from . import narration as say
from .decisions import Phase
from .grid import FACINGS, Board
from .movement import mist_allowed
from .state import DRState
from .victory import points_left, turn_limit


def _square(st: DRState, pos: int) -> list[int] | None:
    return list(st.rules.board.xy(pos)) if pos >= 0 else None


def dice_hidden(st: DRState) -> bool:
    """The Reaction Dice of this turn are rolled and not yet shown."""
    return bool(st.options["reaction_dice"]) and st.phase in (Phase.TIMELINE, Phase.ACTIVATION)


def observation(st: DRState, viewer: str) -> dict[str, Any]:
    board = st.rules.board
    data_dir = st.rules.data_dir
    figures = [{"id": f.id, "name": say.character(f.id, data_dir), "kind": f.kind,
                "born": f.born, "seat": f.seat, "side": st.seat_sides[f.seat],
                "square": _square(st, f.pos), "off_board": f.pos == -1,
                "exited": f.id in st.exited, "facing": FACINGS[f.facing], "misted": f.misted,
                "unconscious": f.unconscious, "entrance": f.entrance}
               for f in st.figures.values()]
    hidden = dice_hidden(st)
    shown = {s: s == viewer or not hidden for s in st.seats}
    rp = {s: {"spent": st.rp_spent[s],
              "die": st.rp_die[s] if shown[s] else None,
              "total": st.reaction_points(s) if shown[s] else None,
              "left": st.rp_left(s) if shown[s] else None}
          for s in st.seats}
    queue = st.queue
    pending = queue[0].view(st, viewer) if queue else None
    active = None
    if st.active:
        active = {"character": st.active, "seat": st.active_seat,
                  "action_points_left": st.ap_left, "move_over": st.move_over}
    actor, afrom, apos, target, tpos = st.witness
    vh_room = st.secret_room if viewer == "vampires" or st.van_helsing_found else None
    return {
        "adventure": st.rules.adventure_id, "title": st.rules.adventure.get("title", ""),
        "map": board.name, "board": board_view(board),
        "options": {k: list(v) if isinstance(v, tuple) else v for k, v in st.options.items()},
        "data_dir": st.options["data_dir"], "turn": st.turn,
        "turn_limit": turn_limit(st),
        "phase": st.phase.value, "seats": list(st.seats), "sides": dict(st.seat_sides),
        "to_act": list(st.current_seats()), "daylight": not mist_allowed(st),
        "figures": figures, "dead": list(st.dead), "exited": list(st.exited),
        "doors": dict(st.doors_open),
        "hands": {s: {"count": len(st.hands[s]),
                      "cards": sorted(st.hands[s]) if s == viewer else None,
                      "names": [say.character(c, data_dir) for c in sorted(st.hands[s])]
                      if s == viewer else None}
                  for s in st.seats},
        "discards": {s: list(cards) for s, cards in st.discards.items()},
        "timeline": [{"play": p, "seat": s, "card": c if s == viewer else None,
                      "name": say.character(c, data_dir) if s == viewer else None}
                     for p, s, c in st.timeline],
        "first_player": st.seats[st.tl_first], "forced_play": st.tl_forced,
        "passes_in_a_row": st.tl_passes,
        "void_cards": sorted(st.no_card),
        "reaction_points": rp,
        "active": active,
        "reaction_windows": list(st.windows), "last_reactor": st.last_reactor,
        "last_action": {"actor": actor, "from_square": _square(st, afrom),
                        "square": _square(st, apos), "target": target,
                        "target_square": _square(st, tpos)},
        "pending": pending,
        "defiled": list(st.defiled),
        "van_helsing": {"found": st.van_helsing_found, "room": vh_room},
        "recruits": {s: list(k) for s, k in st.recruits.items()},
        "points_left": {s: points_left(st, s) for s in st.seats},
        "timer": timer(st),
        "outcome": None if st.result is None else st.result.to_data(),
    }


def board_view(board: Board) -> dict[str, Any]:
    """The map for a front end: ASCII rows ('#' wall, '.' floor, '+' door, ' ' beyond the
    tiles), each door's squares, each labelled area's squares and tiles, and the tiles."""
    static = _board_static(board)
    return {"width": board.width, "height": board.height, "rows": list(static[0]),
            "doors": {d: [list(c) for c in cells] for d, cells in static[1].items()},
            "areas": {a: {"squares": [list(c) for c in info[0]], "tiles": list(info[1])}
                      for a, info in static[2].items()},
            "tiles": [dict(t) for t in static[3]]}


_STATIC: dict[int, tuple[Any, ...]] = {}


def _board_static(board: Board) -> tuple[Any, ...]:
    found = _STATIC.get(id(board))
    if found is None or found[4] is not board:
        doors = {d: tuple(board.xy(c) for c in cells) for d, cells in board.doors.items()}
        areas = {a: (tuple(board.xy(c) for c in sorted(squares)),
                     board.area_tiles.get(a, ())) for a, squares in board.areas.items()}
        tiles = tuple({"tile": name, "name": say.tile(board, name), "col": t["col"],
                       "row": t["row"], "turn": t.get("turn", 0)}
                      for name, t in zip(board.tile_names, board.spec["tiles"], strict=True))
        found = _STATIC[id(board)] = (tuple(board.render()), doors, areas, tiles, board)
    return found


def timer(st: DRState) -> dict[str, Any]:
    """What a front end needs for the optional Timer rule: one minute per character's
    move, the stopwatch paused whenever someone interrupts the active character."""
    limit = int(st.options["timer_seconds"])
    activation = st.phase is Phase.ACTIVATION
    running = activation and not st.windows and not st.queue and st.result is None
    return {"limit_seconds": limit, "enabled": limit > 0, "activation": st.activations,
            "character": st.active or None, "seat": st.active_seat or None,
            "running": running and limit > 0,
            "paused": activation and not running,
            "on_expiry": {"type": "end_move"}}


# -- resampling -----------------------------------------------------------------------------
def resample(st: DRState, viewer: str, seed: int) -> DRState:
    twin = st.clone()
    twin.dice = Dice(seed)
    draw = Dice(seed ^ 0x5A5A5A)
    others = [s for s in st.seats if s != viewer]
    cards_of: dict[int, str] = {}
    dice: dict[str, int] = {}
    for seat in others:
        if dice_hidden(st) and st.rp_die[seat]:
            low = max(1, st.rp_spent[seat] - st.rules.numbers["reaction_die_bonus"])
            twin.rp_die[seat] = dice[seat] = low + draw.index(7 - low)
        pool = list(st.hands[seat]) + [c for _, s, c in st.timeline if s == seat]
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
    room = st.secret_room
    if viewer != "vampires" and st.secret_room and not st.van_helsing_found:
        rooms = list(st.rules.board.area_tiles[st.rules.adventure["secret_room"]])
        twin.secret_room = room = draw.choice(rooms)
    twin.events = Log(_rewrite(st, e, st.turn, cards_of, dice, room, others) for e in st.events)
    return twin


def _rewrite(st: DRState, entry: LogEntry, turn: int, cards_of: dict[int, str],
             dice: dict[str, int], room: str, others: list[str]) -> LogEntry:
    ev = entry.event
    kind = ev.get("kind")
    if entry.scope.kind == "public":
        return entry
    if (kind == "card_played" and ev.get("turn") == turn and ev.get("play") in cards_of
            and ev.get("seat") in others):
        card = cards_of[ev["play"]]
        text = say.card_played(ev["seat"], card, ev["play"], st.rules.data_dir)
        return attrs.evolve(entry, event={**ev, "card": card, "text": text})
    if kind == "reaction_die" and ev.get("turn") == turn and ev.get("seat") in dice:
        die = dice[ev["seat"]]
        text = say.reaction_die(ev["seat"], die, st.rules.numbers["reaction_die_bonus"])
        return attrs.evolve(entry, event={**ev, "die": die, "text": text})
    if kind == "secret_room" and "vampires" in others:
        text = say.secret_room(st.rules.board, room)
        return attrs.evolve(entry, event={**ev, "room": room, "text": text})
    return entry


__all__ = ["PUBLIC", "observation", "resample"]
