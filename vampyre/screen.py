"""Vampyre as text for a terminal (``gothic play vampyre``).

Drawn from one viewer's observation and the public maps and tables
(``VampyreGame.world()``) only, never from a state: the Transylvania hex map (or
Castle Dracula) with every hunter's number on it, the large hexes with their
counters, the viewer's own hunter (and the top counters the viewer alone has
looked at), and the other hunters, everything of theirs on the table.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from gothic_kernel import Game
from gothic_kernel.screen import Section, TextScreen, in_columns, named, no_place, words, wrap

TERRAIN_MARKS = {"clear": ".", "forest": "f", "mountain": "^", "evil": "~"}
TERRAIN_KEY = ("Key: . clear  f forest  ^ mountain  ~ evil  = road; two capitals: a large hex; "
               "(1) the hunters as numbered below, (*) several in one hex (in a large hex after "
               "its capitals: KL1, KL*). Odd columns lie half a hex lower on the printed map.")
CASTLE_KEY = ("Key: .. a white space; two capitals: a green area (lower case: its counter "
              "turned over or gone); PC the Portcullis, TW the Tower; a hunter's number "
              "after a space's two marks (CH1, ..2, PC*): the hunters as numbered below, * "
              "several in one space.")
#: The keys under the map on every screen (``map`` prints the whole of them).
SHORT_TERRAIN_KEY = ("  . clear  f forest  ^ mountain  ~ evil  = road  KL large hex  (1) KL1 "
                     "hunter 1  (map: more)")
SHORT_CASTLE_KEY = ("  .. white space  CH green area  PC Portcullis  TW Tower  CH1 ..1 hunter 1  "
                    "(map: more)")
FORMS = {"nosferatu": "a nosferatu", "player_werewolf": "a player werewolf"}


class VampyreScreen(TextScreen):
    """The board, your hunter and the others, for one viewer."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        world = game.world()  # type: ignore[attr-defined]
        self.rules = world["rules"]
        self.transylvania = world["transylvania"]
        self.castle = world["castle"]

    # -- names ----------------------------------------------------------------------------------
    def thing(self, ident: str) -> str:
        """A counter, item or monster by its printed name."""
        return str(self.rules.names.get(ident) or words(ident).title())

    def number(self, observation: Mapping[str, Any], seat: str) -> int:
        return list(observation["players"]).index(seat) + 1

    # -- the contract's hooks -------------------------------------------------------------------
    def status(self, observation: Mapping[str, Any], viewer: str) -> str:
        castle = observation.get("castle")
        when = f", {castle['clock_text']}" if castle else ""
        stage = "Castle Dracula" if castle else "Transylvania"
        return f"{stage}, round {observation['round']}{when}"

    def sections(self, observation: Mapping[str, Any], viewer: str) -> list[Section]:
        found: list[Section] = [self.board(observation, viewer, short_key=True)]
        players = observation["players"]
        if viewer in players:
            found.append((f"You: {self.number(observation, viewer)} "
                          f"{players[viewer]['hunter']}", self.hunter(observation, viewer)))
        others = [line for seat in players if seat != viewer
                  for line in self.hunter(observation, seat, short=True)]
        found.append(("The other hunters" if viewer in players else "The hunters", others))
        fights = [self.fight(f) for f in observation.get("fights", [])]
        if fights:
            found.append(("Fights", [line for f in fights for line in wrap(f, self.width)]))
        return found

    def map(self, observation: Mapping[str, Any], viewer: str, query: str = "") -> list[str]:
        if query:
            return self.look_up(observation, query)
        title, lines = self.board(observation, viewer)
        key = CASTLE_KEY if observation.get("castle") else TERRAIN_KEY
        return [title, *lines, *wrap(key, self.width)]

    def group(self, action: Mapping[str, Any], label: str, observation: Mapping[str, Any],
              viewer: str) -> str:
        if action.get("type") == "move" and not action.get("attack"):
            to = str(action.get("to", ""))
            terrain = self.transylvania.terrain.get(to)
            if terrain == "large":
                return "Move to a large hex"
            if terrain:
                return f"Move to {terrain} ground"
            if to in self.castle.kind:
                return "Move"
        return super().group(action, label, observation, viewer)

    # -- the sections ---------------------------------------------------------------------------
    def board(self, observation: Mapping[str, Any], viewer: str,
              short_key: bool = False) -> Section:
        """The map, its key in one line if ``short_key``, then its large hexes or areas."""
        marks: dict[str, str] = {}
        for seat, p in observation["players"].items():
            if p["location"] and not p["out"]:
                here = p["location"]
                marks[here] = "*" if here in marks else str(self.number(observation, seat))
        castle = observation.get("castle")
        if castle:
            light = "daylight" if castle["daylight"] else "night"
            title = f"Castle Dracula at {castle['clock_text']} ({light})"
            key = [SHORT_CASTLE_KEY] if short_key else []
            return title, [*self.castle_map(marks, castle), *key, *self.castle_areas(castle)]
        key = [SHORT_TERRAIN_KEY] if short_key else []
        return "Transylvania", [*self.hex_map(marks), *key, *self.large_hexes(observation)]

    def hex_map(self, marks: Mapping[str, str]) -> list[str]:
        """The hex map, three characters a hex, with column and row numbers (a hex "at
        02.07" is column 02, row 07): the terrain and ``=`` on a road, a large hex's two
        capitals, ``(n)`` where hunter n stands (in a large hex after its capitals, ``KLn``,
        so that the large hexes stay readable)."""
        t = self.transylvania
        columns = 1 + max(c for c, _ in t.offset.values())
        rows = 1 + max(r for _, r in t.offset.values())
        at = {xy: h for h, xy in t.offset.items()}
        lines = ["      " + "".join(f"{c:02d} " for c in range(columns)).rstrip()]
        for r in range(rows):
            cells = []
            for c in range(columns):
                h = at[(c, r)]
                if h in t.large_hex_names:
                    cells.append(_initials(t.large_hex_names[h]) + marks.get(h, " "))
                elif h in marks:
                    cells.append(f"({marks[h]})")
                else:
                    road = "=" if h in t.road_hexes else " "
                    cells.append(f"{TERRAIN_MARKS.get(t.terrain[h], '?')}{road} ")
            lines.append(f"  {r:02d}  " + "".join(cells).rstrip())
        return lines

    def large_hexes(self, observation: Mapping[str, Any]) -> list[str]:
        cells = [self.large_hex(h) for h in observation["large_hexes"].values()]
        aside = observation.get("set_aside") or []
        lines = in_columns(cells, self.width)
        if aside:
            lines += wrap("Counters turned over and set aside: " + _counted(map(self.thing, aside)),
                          self.width)
        return lines

    def large_hex(self, h: Mapping[str, Any]) -> str:
        """One large hex and its counters as the viewer knows them."""
        if h["clean"]:
            said = "searched clean"
        elif h["counters"]:
            said = f"{h['counters']} face down"
            if h["top_seen"]:
                said += f", you saw the top one: {self.thing(h['top_seen'])}"
        else:
            said = "no counters"
        return f"{_initials(h['name'])} {h['name']}: {said}"

    def castle_map(self, marks: Mapping[str, str], castle: Mapping[str, Any]) -> list[str]:
        """Castle Dracula, three characters a space: its two marks, then the number of the
        hunter standing there (``CH1``), so that an area stays readable under a hunter."""
        coords = self.castle.coords
        width = 1 + max(x for x, _ in coords.values())
        height = 1 + max(y for _, y in coords.values())
        grid = [["   "] * width for _ in range(height)]
        for space, (x, y) in coords.items():
            if space == self.castle.entrance:
                cell = "PC"
            elif space == self.castle.tower:
                cell = "TW"
            elif self.castle.kind[space] == "green":
                cell = _initials(self.castle.names[space])
                if not castle["face_down"].get(space, False):
                    cell = cell.lower()
            else:
                cell = ".."
            grid[y][x] = cell + marks.get(space, " ")
        return ["  " + "".join(row).rstrip() for row in grid]

    def castle_areas(self, castle: Mapping[str, Any]) -> list[str]:
        cells = [self.castle_area(castle, space) for space in castle["face_down"]]
        lines = in_columns(cells, self.width)
        if castle.get("set_aside"):
            lines += wrap("Set aside: " + _counted(map(self.thing, castle["set_aside"])),
                          self.width)
        return lines

    def castle_area(self, castle: Mapping[str, Any], space: str) -> str:
        """One green area and its guardian as the viewer knows it."""
        name = self.castle.names[space]
        shown = castle["revealed"].get(space)
        said = "face down" if castle["face_down"][space] else \
            (self.thing(shown) if shown else "empty")
        return f"{_initials(name)} {name}: {said}"

    # -- one place or hunter (map WHAT) ---------------------------------------------------------
    def look_up(self, observation: Mapping[str, Any], query: str) -> list[str]:
        """What ``map WHAT`` shows: a large hex (a space of Castle Dracula there) or a
        hunter, named by its id, its name or their first letters."""
        castle = observation.get("castle")
        places = dict(self.castle.names) if castle else dict(self.transylvania.large_hex_names)
        players = observation["players"]
        hunters = {seat: f"{p['name']} {p['hunter']}" for seat, p in players.items()}
        small = None if castle else self.hex_numbered(query)
        if small is not None and small not in places:
            return self.small_hex(observation, small)
        found = small or named(query, {**places, **hunters})
        if found is None:
            return no_place(query)
        if found in players:
            return self.hunter(observation, found, short=True)
        if castle:
            kind = "a green area" if self.castle.kind[found] == "green" else "a white space"
            lines = wrap(self.castle_area(castle, found) if found in castle["face_down"]
                         else f"{self.castle.names[found]}: {kind}", self.width)
        else:
            lines = wrap(self.large_hex(observation["large_hexes"][found]), self.width)
        here = [f"{self.number(observation, seat)} {p['name']}" for seat, p in players.items()
                if p["location"] == found and not p["out"]]
        return lines + wrap(f"Here: {', '.join(here) or 'nobody'}.", self.width)

    def hex_numbered(self, query: str) -> str | None:
        """The hex a query names by its column.row as the menus print it ("01.05",
        "the clear hex at 01.05", "1,5", "hex_01_05"), or None."""
        numbers = re.search(r"(\d{1,2})\s*[._,]\s*(\d{1,2})\s*\)?\s*$", query)
        if numbers is None:
            return None
        at = (int(numbers[1]), int(numbers[2]))
        return next((h for h, where in self.transylvania.offset.items() if where == at), None)

    def small_hex(self, observation: Mapping[str, Any], hid: str) -> list[str]:
        """A small hex: its terrain, its road, who is there."""
        board = self.transylvania
        road = "; a road runs through it" if hid in board.road_hexes else ""
        name = board.name(hid)
        lines = wrap(f"{name[:1].upper()}{name[1:]}{road}.", self.width)
        here = [f"{self.number(observation, seat)} {p['name']}"
                for seat, p in observation["players"].items()
                if p["location"] == hid and not p["out"]]
        return lines + wrap(f"Here: {', '.join(here) or 'nobody'}.", self.width)

    def hunter(self, observation: Mapping[str, Any], seat: str, short: bool = False) -> list[str]:
        p = observation["players"][seat]
        facts = []
        if p["form"] != "hunter":
            facts.append(f"now {FORMS.get(p['form'], words(p['form']))}")
        facts.append(f"in {p['place']}" if p["place"] else "not on the board")
        facts.append("items: " + (", ".join(self.thing(i) for i in p["items"]) or "none"))
        facts.append(f"coffins destroyed: {p['coffins']}")
        facts.append(f"bites: {p['bites']}")
        if p["wounds"]:
            facts.append(f"wounds: {p['wounds']}")
        facts += _states(p)
        if short:
            name = f"{self.number(observation, seat)} {p['name']} ({p['hunter']})"
            return wrap(f"{name}: {'; '.join(facts)}", self.width)
        text = "; ".join(facts)
        lines = wrap(text[:1].upper() + text[1:], self.width)
        for h in observation["large_hexes"].values():
            if h["top_seen"]:
                lines += wrap(f"You looked at the top counter of {h['name']}: "
                              f"{self.thing(h['top_seen'])} (the others do not know it).",
                              self.width)
        return lines

    def fight(self, fight: Mapping[str, Any]) -> str:
        foe = fight.get("opponent") or fight.get("guardian") or fight.get("monster") or ""
        hunter = self.game.seat_name(str(fight["hunter"]))
        foe_name = self.game.seat_name(foe) if foe in self.rules.hunter_short \
            else self.thing(str(foe))
        return f"{hunter} against {foe_name}"



def _initials(name: str) -> str:
    """Two capitals for a large hex or a castle area, as the rules' maps print them."""
    parts = name.replace("The ", "").replace("'s", "").split()
    return ((parts[0][0] + (parts[1][0] if len(parts) > 1 else parts[0][1]))
            if parts else "??").upper()


def _counted(names: Iterable[str]) -> str:
    """"Nothing x2, Knife": each name once, with how many times it comes."""
    counts = Counter(names)
    return ", ".join(f"{n} x{k}" if k > 1 else n for n, k in counts.items())


def _states(p: Mapping[str, Any]) -> list[str]:
    """The player's passing states in words."""
    said = []
    if p["out"]:
        said.append(f"out of the game ({words(p['out'])})")
    if p["lost_turns"]:
        said.append(f"misses {p['lost_turns']} turn{'s' if p['lost_turns'] > 1 else ''}")
    if p["immobile"]:
        said.append("may not move")
    if p["possessed"]:
        said.append("possessed")
    if p["cured"]:
        # "Each vampire hunter can use the healing powers of the Standing Stones only once"
        said.append("has used The Standing Stones' cure (no second cure)")
    for flag, words_ in (("resting", "resting"), ("healing", "curing a wound"),
                         ("fleeing", "fleeing")):
        if p[flag]:
            said.append(words_)
    return said


__all__ = ["VampyreScreen"]
