"""Dracula's Revenge as text for a terminal (``gothic play draculas_revenge``).

Drawn from one viewer's observation only (it carries the board), never from a
state, so the vampire player's screen cannot hold the hunters' Reaction Die or
the cards they hold or laid face down, nor the other way round: the board with
every character on it, the turn (phase, daylight, the Action Timeline, the
active character), the viewer's own Action Cards and Reaction Points, and what
is public about the other side.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from gothic_kernel.screen import Section, TextScreen, named, no_place, words, wrap

from . import briefing
from . import narration as say
from .board import load_board

#: The board's marks for characters, as ``gothic demo draculas_revenge`` draws them:
#: capitals for vampires (and minions), small letters for hunters.
MARKS = {"she_wolf": "W", "nosferatu": "N", "vampiress": "V", "dracula": "D", "minion": "M",
         "staker": "s", "crossbow": "c", "priest": "p", "van_helsing": "h"}
MIST_MARK = "~"
FACING_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}
KEY = ("Key: # wall, . floor, : the tinted tile, + a closed door, / an open door; vampires "
       "in capitals (W She-wolf, N Nosferatu, V Vampiress, D Dracula, M Minion), hunters in "
       "small letters (s Staker, c Crossbow, p Priest, h Van Helsing), ~ a misted vampire, "
       "* the active character.")

#: The key under the board on every screen (``map`` prints the whole of it).
SHORT_KEY = "  # wall  . floor  : tinted tile  + door  / open door  (map: the whole key)"
#: A square as ``map WHAT`` takes it: "(12, 2)", "12,2".
SQUARE_QUERY = re.compile(r"\(?\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)?")
#: What `map WHAT` answers with the adventure's briefing.
GOAL_WORDS = ("goal", "goals", "win", "briefing", "adventure", "rules")





def area_squares(board: Mapping[str, Any], area: str) -> str:
    """An area's squares in words; its doorways said apart, since nobody is placed on one
    (doors start closed), so a set-up menu offers fewer squares than the area holds."""
    doorways = {tuple(square) for squares in board.get("doors", {}).values()
                for square in squares}
    squares = [tuple(square) for square in board["areas"][area]["squares"]]
    said = f"{words(area).capitalize()}: " + ", ".join(
        f"({x}, {y})" for x, y in squares if (x, y) not in doorways)
    shut = [f"({x}, {y})" for x, y in squares if (x, y) in doorways]
    if shut:
        said += f"; and the doorways {', '.join(shut)}, where nobody is placed at the start " \
                "(doors start closed)"
    return said + "."


class RevengeScreen(TextScreen):
    """The board, the turn, your cards and the other side, for one viewer."""

    # -- the contract's hooks -------------------------------------------------------------------
    def status(self, observation: Mapping[str, Any], viewer: str) -> str:
        limit = observation.get("turn_limit")
        turn = f"turn {observation['turn']}" + (f" of {limit}" if limit else "")
        light = "daylight" if observation.get("daylight") else "night"
        return f"{turn}, {words(str(observation.get('phase', '')))} phase, {light}"

    def sections(self, observation: Mapping[str, Any], viewer: str) -> list[Section]:
        board = [*self.board(observation), *self.figures(observation), SHORT_KEY]
        found: list[Section] = [(f"{observation.get('title', '')}: the board", board),
                                ("The turn", self.turn(observation, viewer))]
        if viewer in observation["seats"]:
            found.append((f"Your side: {say.seat_name(viewer)}", self.own(observation, viewer)))
        found.append(("The others" if viewer in observation["seats"] else "The players",
                      self.others(observation, viewer)))
        return found

    def map(self, observation: Mapping[str, Any], viewer: str, query: str = "") -> list[str]:
        if query.strip().lower() in GOAL_WORDS:
            return self.briefing(observation)
        if query:
            return self.look_up(observation, query)
        lines = [f"{observation.get('title', '')}: the board", *self.board(observation),
                 *self.figures(observation)]
        tiles = observation["board"].get("tiles", [])
        if tiles:
            lines += wrap("Tiles: " + "; ".join(
                f"{t['name']} (column {t['col']}, row {t['row']})" for t in tiles), self.width)
        for area in observation["board"].get("areas", {}):
            lines += wrap(area_squares(observation["board"], area), self.width)
        return [*lines, *wrap(KEY, self.width)]

    def timer(self, observation: Mapping[str, Any]) -> list[str]:
        """The optional Timer rule: a terminal's prompt cannot be cut short when the minute
        runs out, so the screen states the rule and leaves the stopwatch to the table."""
        timer = observation.get("timer") or {}
        if not timer.get("enabled"):
            return []
        mover = f" ({self.name_of(observation, timer['character'])}'s move" + \
            (", paused while others react)" if timer.get("paused") else ")") \
            if timer.get("character") else ""
        return wrap(f"Timer (optional rule): {timer['limit_seconds']} seconds for each "
                    f"character's move{mover}. This screen keeps no stopwatch: time the move at "
                    "the table, and when the time is up end the character's move.", self.width)

    @staticmethod
    def goals(observation: Mapping[str, Any]) -> list[str]:
        return briefing.goals(str(observation["adventure"]), observation["options"],
                              str(observation.get("data_dir") or ""))

    def briefing(self, observation: Mapping[str, Any]) -> list[str]:
        """What ``map goal`` shows: how each side wins, the turn limit, the special rules."""
        lines = wrap(f"{observation.get('title', '')}: {' '.join(self.goals(observation))}",
                     self.width)
        limit = observation.get("turn_limit")
        lines += wrap(f"Turn {observation['turn']} of {limit}: the game ends after turn {limit}."
                      if limit else "No turn limit: play goes on until a side wins.", self.width)
        for rule in briefing.special_rules(str(observation["adventure"]),
                                           str(observation.get("data_dir") or "")):
            lines += wrap(f"Special rule: {rule}", self.width, "  ")
        return lines

    def look_up(self, observation: Mapping[str, Any], query: str) -> list[str]:
        """What ``map WHAT`` shows: an area, a tile or a character, named by its id, its
        name or the start of it."""
        square = SQUARE_QUERY.fullmatch(query.strip())
        if square is not None:
            return self.square(observation, int(square[1]), int(square[2]))
        board = observation["board"]
        areas = {a: words(a) for a in board.get("areas", {})}
        tiles = {t["tile"]: t for t in board.get("tiles", [])}
        figures = {f["id"]: f for f in observation.get("figures", [])}
        found = named(query, {**areas, **{i: t["name"] for i, t in tiles.items()},
                               **{i: f["name"] for i, f in figures.items()}})
        if found is None:
            return no_place(query)
        if found in figures:
            active = (observation.get("active") or {}).get("character")
            f = figures[found]
            return wrap(f"{self.whereabouts(f, f['id'] == active)} ({say.seat_name(f['seat'])}).",
                        self.width)
        if found in tiles:
            t = tiles[found]
            return wrap(f"{t['name'].capitalize()}: the tile at column {t['col']}, row "
                        f"{t['row']}.", self.width)
        return wrap(area_squares(board, found), self.width)

    def square(self, observation: Mapping[str, Any], x: int, y: int) -> list[str]:
        """What ``map (x, y)`` shows: the square's tile, what it is, who stands there."""
        board = observation["board"]
        rows = board["rows"]
        if not (0 <= y < len(rows) and 0 <= x < len(rows[y])):
            return wrap(f"({x}, {y}) is off the map, which runs from (0, 0) to "
                        f"({board['width'] - 1}, {board['height'] - 1}).", self.width)
        doors = [d for d, squares in board.get("doors", {}).items() if [x, y] in squares]
        plan = load_board(str(observation["map"]), str(observation.get("data_dir") or ""))
        mark = rows[y][x]
        if doors:
            shut = "open" if (observation.get("doors") or {}).get(doors[0]) else "closed"
            what = f"a door ({shut}) over ({x}, {y}) and " + ", ".join(
                f"({a}, {b})" for a, b in board["doors"][doors[0]] if (a, b) != (x, y))
        else:
            what = {"#": "a wall", " ": "beyond the tiles (nobody stands there)"}.get(mark,
                                                                                   "floor")
        tile = plan.tile_of[plan.index(x, y)]
        where = f" in {self.tile_name(observation, plan.tile_names[tile])}" if tile >= 0 else ""
        areas = [words(a) for a, area in board.get("areas", {}).items()
                 if [x, y] in area["squares"]]
        area = f"; part of the {', '.join(areas)}" if areas else ""
        here = [self.whereabouts(f, False) for f in observation.get("figures", [])
                if f["square"] is not None and tuple(f["square"]) == (x, y)]
        return wrap(f"({x}, {y}){where}: {what}{area}. Here: {'; '.join(here) or 'nobody'}.",
                    self.width)

    def group(self, action: Mapping[str, Any], label: str, observation: Mapping[str, Any],
              viewer: str) -> str:
        character = action.get("character")
        if isinstance(character, str) and character:
            kind = str(action.get("type", ""))
            name = self.name_of(observation, character)
            if kind in ("place", "enter"):
                return f"Place {name}"
            return f"{name}: {self.his(observation, character)} actions" \
                if "[reaction" not in label else f"{name}: reactions"
        return super().group(action, label, observation, viewer)

    # -- names ----------------------------------------------------------------------------------
    @staticmethod
    def name_of(observation: Mapping[str, Any], ident: str) -> str:
        for figure in observation.get("figures", []):
            if figure["id"] == ident:
                return str(figure["name"])
        # a card whose figure left the table (fed, killed): named as the rulebook does
        return say.character(ident, str(observation.get("data_dir") or ""))

    @staticmethod
    def his(observation: Mapping[str, Any], ident: str) -> str:
        """The possessive the prompt uses for a character: "her", "his", "its"."""
        born = next((f.get("born", "") for f in observation.get("figures", [])
                     if f["id"] == ident), "")
        return say.his(str(born))

    @staticmethod
    def tile_name(observation: Mapping[str, Any], tile: str) -> str:
        """A tile as the board names it: "the east chamber"."""
        for placed in observation["board"].get("tiles", []):
            if placed["tile"] == tile:
                return str(placed["name"])
        return words(tile)

    def names(self, observation: Mapping[str, Any], idents: Sequence[str]) -> str:
        return ", ".join(self.name_of(observation, i) for i in idents) or "none"

    # -- the board ------------------------------------------------------------------------------
    def board(self, observation: Mapping[str, Any]) -> list[str]:
        board = observation["board"]
        rows = [list(row) for row in board["rows"]]
        for info in board.get("areas", {}).values():
            if info.get("tiles"):
                for x, y in info["squares"]:
                    if rows[y][x] == ".":
                        rows[y][x] = ":"
        for door, cells in board.get("doors", {}).items():
            opened = observation.get("doors", {}).get(door, False)
            for x, y in cells:
                rows[y][x] = "/" if opened else "+"
        active = (observation.get("active") or {}).get("character")
        for figure in observation.get("figures", []):
            if figure["square"] is not None:
                x, y = figure["square"]
                mark = MIST_MARK if figure["misted"] else MARKS.get(figure["kind"], "?")
                rows[y][x] = mark
        width = int(board["width"])
        tens = "".join(str(x // 10) if x % 10 == 0 else " " for x in range(width))
        units = "".join(str(x % 10) for x in range(width))
        lines = [f"     {tens.rstrip()}", f"     {units}"]
        for y, row in enumerate(rows):
            text = "".join(row).rstrip()
            lines.append(f"  {y:>2} {text}")
        if active:
            for figure in observation.get("figures", []):
                if figure["id"] == active and figure["square"] is not None:
                    x, y = figure["square"]
                    line = lines[2 + y]
                    lines[2 + y] = line + " " * (5 + width - len(line)) + f"  <- * {figure['name']}"
        return lines

    def figures(self, observation: Mapping[str, Any]) -> list[str]:
        lines: list[str] = []
        active = (observation.get("active") or {}).get("character")
        for seat in observation["seats"]:
            placed, waiting = [], []
            for f in observation.get("figures", []):
                if f["seat"] != seat or f["exited"]:
                    continue
                if f["square"] is not None:
                    placed.append(f"{self.whereabouts(f, f['id'] == active)}")
                elif f["off_board"] and f["entrance"]:
                    waiting.append(f["name"])
            text = "; ".join(placed) or "none on the board"
            if waiting:
                text += f"; waiting off the board to enter: {', '.join(waiting)}"
            lines += wrap(f"{say.seat_name(seat)}: {text}.", self.width)
        dead = observation.get("dead") or []
        if dead:
            lines += wrap(f"Destroyed: {self.names(observation, dead)}.", self.width)
        gone = observation.get("exited") or []
        if gone:
            lines += wrap(f"Escaped off the board: {self.names(observation, gone)}.", self.width)
        return lines

    @staticmethod
    def whereabouts(f: Mapping[str, Any], active: bool) -> str:
        """Where a character stands and how ("*N Nosferatu A at (3, 4), facing north"), or
        why it does not."""
        if f["square"] is None:
            name = str(f["name"])
            if f["exited"]:
                return f"{name} has escaped off the board"
            if f["off_board"] and f["entrance"]:
                return f"{name} waits off the board to enter by the {words(f['entrance'])}"
            return f"{name} is not on the board"
        mark = MIST_MARK if f["misted"] else MARKS.get(f["kind"], "?")
        how = "mist" if f["misted"] else f"facing {FACING_WORDS.get(f['facing'], f['facing'])}"
        if f["unconscious"]:
            how += ", unconscious"
        star = "*" if active else ""
        return f"{star}{mark} {f['name']} at ({f['square'][0]}, {f['square'][1]}), {how}"

    # -- the turn -------------------------------------------------------------------------------
    def turn(self, observation: Mapping[str, Any], viewer: str) -> list[str]:
        lines: list[str] = []
        first = observation.get("first_player")
        if first:
            lines += wrap(f"First player this turn: {say.seat_name(first)}.", self.width)
        timeline = observation.get("timeline") or []
        if timeline:
            cells = []
            for play in timeline:
                card = play["name"] or "face down"
                cells.append(f"#{play['play']} {say.seat_name(play['seat'])}: {card}")
            lines += wrap("Action Timeline (in the order played): " + "; ".join(cells) + ".",
                          self.width)
        lines += self.passes(observation)
        active = observation.get("active")
        if active and active.get("character"):
            name = self.name_of(observation, active["character"])
            over = ", its move is over" if active.get("move_over") else ""
            lines += wrap(f"Acting now: {name} ({say.seat_name(active['seat'])}), "
                          f"{active['action_points_left']} Action Points left{over}.",
                          self.width)
        last = observation.get("last_action") or {}
        if last.get("actor") and last.get("square"):
            target = f" against {self.name_of(observation, last['target'])}" \
                if last.get("target") else ""
            lines += wrap(f"Last action: {self.name_of(observation, last['actor'])} at "
                          f"({last['square'][0]}, {last['square'][1]}){target}.", self.width)
        if observation.get("defiled"):
            defiled = ", ".join(self.tile_name(observation, d) for d in observation["defiled"])
            lines += wrap(f"Defiled: {defiled}.", self.width)
        lines += self.timer(observation)
        goals = " ".join(self.goals(observation))
        lead = "" if goals.startswith("To win") else "To win: "
        lines += wrap(f"{lead}{goals} (map goal: the adventure's special rules)", self.width)
        helsing = observation.get("van_helsing") or {}
        if helsing.get("room"):
            found = "found" if helsing.get("found") else "not yet found"
            lines += wrap(f"Van Helsing is held in {self.tile_name(observation, helsing['room'])}"
                          f" ({found}).", self.width)
        return lines

    def passes(self, observation: Mapping[str, Any]) -> list[str]:
        """The passes since the last card was played, while the timeline is built (once
        every player has passed, the last card is turned over and the count is spent). A
        player with no Action Card left passes at once, which the log does not tell: the
        line names them."""
        passes = observation.get("passes_in_a_row")
        if not passes or observation.get("phase") != "timeline":
            return []
        empty = [say.player(seat) for seat in observation["seats"]
                 if not (observation["hands"].get(seat) or {}).get("count")]
        told = f"Passes in a row: {passes}"
        if empty:
            told += (f" ({' and '.join(empty)}, with no Action Card left, "
                     f"{'pass' if len(empty) > 1 else 'passes'} at once)")
        return wrap(f"{told}.", self.width)

    # -- the sides ------------------------------------------------------------------------------
    def own(self, observation: Mapping[str, Any], viewer: str) -> list[str]:
        hand = observation["hands"].get(viewer) or {}
        names = hand.get("names") or []
        lines = wrap(f"Action Cards in your hand: {', '.join(names) or 'none'}.", self.width)
        mine = [f"#{p['play']} {p['name']}" for p in observation.get("timeline") or []
                if p["seat"] == viewer and p["name"]]
        if mine:
            lines += wrap(f"Your cards in the Action Timeline: {', '.join(mine)}.", self.width)
        lines += wrap(self.reaction(observation, viewer, own=True), self.width)
        discards = observation.get("discards", {}).get(viewer) or []
        if discards:
            lines += wrap(f"Your discards: {self.names(observation, discards)}.", self.width)
        return lines

    def others(self, observation: Mapping[str, Any], viewer: str) -> list[str]:
        lines: list[str] = []
        for seat in observation["seats"]:
            if seat == viewer:
                continue
            hand = observation["hands"].get(seat) or {}
            down = sum(1 for p in observation.get("timeline") or [] if p["seat"] == seat)
            facts = [f"{hand.get('count', 0)} Action Cards in hand"]
            if down:
                facts.append(f"{down} played to the Action Timeline")
            facts.append(self.reaction(observation, seat, own=False))
            discards = observation.get("discards", {}).get(seat) or []
            if discards:
                facts.append(f"discards: {self.names(observation, discards)}")
            lines += wrap(f"{say.seat_name(seat)}: {'; '.join(facts)}.", self.width)
        return lines

    @staticmethod
    def reaction(observation: Mapping[str, Any], seat: str, own: bool) -> str:
        rp = (observation.get("reaction_points") or {}).get(seat) or {}
        who = "Your" if own else "their"
        if rp.get("die") is None:
            spent = say.count(int(rp.get("spent", 0)), "Reaction Point")
            return f"{who} Reaction Die hidden behind the Die Screen, {spent} spent"
        if not rp.get("die") and not rp.get("total"):
            return f"{who} Reaction Points: none rolled yet"
        return f"{who} Reaction Die {rp['die']}: {rp.get('total')} Reaction Points, " \
               f"{rp.get('spent', 0)} spent, {rp.get('left')} left"


__all__ = ["RevengeScreen"]
