"""Checking the options that pick a map or a points value: your own adventure (and a
printed one played with your own forces) needs a start area for every player on the map,
big enough for the most characters that player can buy ("Your Own Adventures", "Points
Value"). ``BadOption`` names the option, the map and the area.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gothic_kernel import BadOption

from . import narration as say
from .board import Board, load_board
from .characters import character_types, side_of_kind
from .data import load
from .data_check import free_squares


def check_players(options: Mapping[str, Any]) -> None:
    """The Multiplayer optional rule: "more than two players", each buying characters of
    its side. The rulebook sets no most; the box does: every player needs a Character Card
    of its side, so there can be no more players of a side than the box holds cards for it
    (17 for the vampires, minions included; 19 for the hunters). Ruling 22."""
    multi = options["multiplayer"]
    if not multi:
        return
    if len(multi) < 3:
        raise BadOption("option 'multiplayer' takes more than two players' sides (the "
                        "Multiplayer rule: 'more than two players'); allowed values "
                        "'vampires', 'hunters'")
    data_dir = options["data_dir"]
    sides = side_of_kind(data_dir)
    for side in ("vampires", "hunters"):
        cards = sum(t.box for t in character_types(data_dir).values() if sides[t.kind] == side)
        players = sum(1 for s in multi if s == side)
        if players > cards:
            raise BadOption(f"option 'multiplayer' names {players} {side} players, but the box "
                            f"holds {cards} Character Cards for that side: every player needs "
                            "one")


def most_characters(data_dir: str, side: str, points: int) -> int:
    """The most characters a player of ``side`` can buy for ``points`` (the cheapest
    first, as many as the box holds)."""
    sides = side_of_kind(data_dir)
    count, left = 0, points
    for t in sorted(character_types(data_dir).values(), key=lambda t: t.points):
        if sides[t.kind] == side:
            bought = min(t.box, left // t.points)
            count, left = count + bought, left - bought * t.points
    return count


def check_start_areas(options: Mapping[str, Any], seat_sides: Mapping[str, str]) -> None:
    """Your own adventure (and a printed one with your own forces): every player's start
    area exists on the map and holds as many characters as the player can buy."""
    data_dir = options["data_dir"]
    if options["adventure"] == "custom" and not options["start_areas"]:
        _check_board(load_board(options["custom_map"], data_dir), options, seat_sides)
    elif options["adventure"] == "custom":
        board = load_board(options["custom_map"], data_dir)
        for i, (seat, side) in enumerate(seat_sides.items()):
            area = f"start_area_{i + 1}" if options["multiplayer"] else \
                ("start_area_1" if side == "vampires" else "start_area_2")
            _check_room(board, area, "option 'custom_map'", seat, side, _points(options, side),
                        data_dir)
    elif options["own_forces"]:
        spec = load(data_dir)["adventures"]["adventures"][options["adventure"]]
        board = load_board(spec["map"], data_dir)
        for seat, side in seat_sides.items():
            if spec[side]["start"] == "tinted":
                _check_room(board, spec[side]["area"], "option 'own_forces'", seat, side,
                            int(spec[side]["points"]), data_dir)


def _points(options: Mapping[str, Any], side: str) -> int:
    return int(options[f"{side.rstrip('s')}_points"] or options["points"])


def _check_board(board: Board, options: Mapping[str, Any], seat_sides: Mapping[str, str]
                 ) -> None:
    """Your own adventure placed "on the board": it holds the most characters every player
    can buy, on squares that are not doorways."""
    room = len([s for s in board.open_squares if s not in board.door_of])
    most = sum(most_characters(options["data_dir"], side, _points(options, side))
               for side in seat_sides.values())
    if room < most:
        raise BadOption(f"option 'custom_map': the map {board.name!r} (maps.toml) has {room} "
                        f"free squares, but the players may buy up to {most} characters")


def _check_room(board: Board, area: str, option: str, seat: str, side: str, points: int,
                data_dir: str) -> None:
    who = say.player(seat)
    if area not in board.areas:
        raise BadOption(f"{option}: the map {board.name!r} (maps.toml) has no {area}, where "
                        f"{who} places its characters")
    room = len(free_squares(board, area))
    most = most_characters(data_dir, side, points)
    if room < most:
        raise BadOption(f"{option}: {area} of the map {board.name!r} (maps.toml) has {room} "
                        f"free squares, but {who} may buy up to {most} characters with "
                        f"{points} points")


__all__ = ["check_players", "check_start_areas", "most_characters"]
