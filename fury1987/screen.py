"""Fury of Dracula (1987) as text for a terminal (``gothic play fury1987``).

Drawn from one viewer's observation and the public map and printed names (the
packaged rules, handed over by ``FuryGame.text_screen``) only, never from a state, so
a Hunter's screen cannot hold Dracula's place, his Encounter Set or his cards: Europe
as the viewer knows it (the Hunters, markers and sightings on the map; for the Hunters, the places
their clues leave Dracula; for Dracula, his place, trail and chart), the viewer's
own chits and cards (a Hunter also sees the chits and cards the Hunters show each
other), what is public about the others, and any fight in progress.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gothic_kernel import Game
from gothic_kernel.screen import Section, TextScreen, named, no_place, words, wrap

from .board import Board
from .seats import DRACULA, HUNTERS

#: "When [a Hunter's Wounds marker] reaches the '12' box the Hunter dies" (Wounds).
WOUNDS_TO_DIE = 12
#: How much of Dracula's trail his screen shows (the newest last).
TRAIL_SHOWN = 6
#: How many of the likeliest places the Hunters' screen names.
LIKELIEST = 8


class FuryScreen(TextScreen):
    """Europe, your chits and cards, the others and any fight, for one viewer."""

    def __init__(self, game: Game, board: Board, printed: Mapping[str, str]) -> None:
        super().__init__(game)
        self.board: Board = board
        self.printed: Mapping[str, str] = printed

    # -- names ----------------------------------------------------------------------------------
    def named(self, ident: str | None) -> str:
        """A place, chit or card by its printed name (a seat by the rulebook's name)."""
        if not ident:
            return "-"
        if ident in HUNTERS or ident == DRACULA:
            return self.game.seat_name(ident)
        return str(self.printed.get(ident) or words(ident).title())

    def names(self, idents: Sequence[str]) -> str:
        return ", ".join(self.named(i) for i in idents) or "none"

    # -- the contract's hooks -------------------------------------------------------------------
    def status(self, observation: Mapping[str, Any], viewer: str) -> str:
        waiting = observation.get("waiting_for") or {}
        sequence = waiting.get("sequence") or {}
        said = f"turn {observation['turn']}"
        if waiting.get("kind") == "choose_start":
            return "Starting the Game"
        seat, phase = sequence.get("seat"), sequence.get("phase")
        if seat and waiting.get("kind") != "event_window":  # a window may open between phases
            whose = "Dracula's turn" if phase == "turn" else \
                f"{self.named(seat)}'s {str(phase).title()} Phase"
            said += f", {whose}"
        return said

    def sections(self, observation: Mapping[str, Any], viewer: str) -> list[Section]:
        found: list[Section] = [("Europe", self.europe(observation, viewer))]
        fight = self.fight(observation, viewer)
        if fight:
            found.append(("The fight", fight))
        if viewer == DRACULA:
            found.append(("Behind your screen", self.behind_the_screen(observation)))
        found.append(("The Hunters" + (" (their chits and cards shown among them)"
                                       if viewer in HUNTERS else ""),
                      self.hunters(observation, viewer)))
        found.append(("Dracula and the discards" if viewer != DRACULA else "The discards",
                      self.others(observation, viewer)))
        return found

    def map(self, observation: Mapping[str, Any], viewer: str, query: str = "") -> list[str]:
        if query:
            place = self.find_place(query)
            if place is None:
                return self.piece(observation, viewer, query) or no_place(query)
            return self.place_lines(observation, viewer, place)
        lines = ["Europe", *self.europe(observation, viewer), "",
                 "Where the pieces stand, and the ways out (map PLACE for any other place):"]
        shown = [h["location"] for h in observation["hunters"].values() if h["location"]]
        behind = observation.get("behind_the_screen")
        if behind and behind.get("location"):
            shown.append(behind["location"])
        for place in dict.fromkeys(shown):
            lines += self.place_lines(observation, viewer, place)
        return lines

    def group(self, action: Mapping[str, Any], label: str, observation: Mapping[str, Any],
              viewer: str) -> str:
        kind = str(action.get("type", ""))
        if kind in ("move_to", "catch_train", "stay_put", "treat_bite", "place_host"):
            return "Move"
        return super().group(action, label, observation, viewer)

    # -- Europe ---------------------------------------------------------------------------------
    def europe(self, observation: Mapping[str, Any], viewer: str) -> list[str]:
        lines: list[str] = []
        hunters = observation["hunters"]
        at = [f"{self.named(seat)}{' (you)' if seat == viewer else ''} in "
              f"{self.named(h['location'])}" for seat, h in hunters.items() if h["location"]]
        if at:
            lines += wrap(", ".join(at) + ".", self.width)
        for group in observation.get("groups", []):
            lines += wrap(f"Moving as a group: {self.names(group)}", self.width)
        dracula = observation["dracula"]
        if dracula.get("shown_at"):
            flees = " and flees" if dracula.get("fleeing") else ""
            lines += wrap(f"Dracula stands on the map in {self.named(dracula['shown_at'])}"
                          f"{flees}.", self.width)
        markers = []
        for town in observation.get("host_markers", {}):
            markers.append(f"a Heavenly Host over {self.named(town)}")
        for town, chit in observation.get("on_the_map", {}).items():
            markers.append(f"{self.named(chit)} in {self.named(town)}")
        if markers:
            lines += wrap("On the map: " + "; ".join(markers) + ".", self.width)
        sightings = observation.get("sightings", {})
        if sightings:
            lines += wrap("Left in Town boxes, seen by the Hunters: " + "; ".join(
                f"{self.named(chit)} in {self.named(town)}" for town, chit in sightings.items())
                + ".", self.width)
        if viewer != DRACULA:
            lines += self.possible_places(observation)
        else:
            lines += self.dracula_place(observation)
        return lines

    def possible_places(self, observation: Mapping[str, Any]) -> list[str]:
        places = observation.get("possible_dracula_locations") or []
        weights: Mapping[str, float] = observation.get("possible_dracula_weights") or {}
        if not places:
            return []
        if len(places) == 1:
            return wrap(f"The Hunters' clues leave Dracula one place: {self.named(places[0])}.",
                        self.width)
        likeliest = sorted(places, key=lambda p: (-weights.get(p, 0), self.board.index(p)
                                                  if p in self.board else 0))[:LIKELIEST]
        exact = "" if observation.get("possible_locations_exact", True) else " (about)"
        return wrap(f"The Hunters' clues leave Dracula any of {len(places)} places{exact}; "
                    f"the likeliest: {self.names(likeliest)}.", self.width)

    def dracula_place(self, observation: Mapping[str, Any]) -> list[str]:
        behind = observation.get("behind_the_screen") or {}
        lines: list[str] = []
        if behind.get("location"):
            rumours = behind.get("local_rumours")
            lines += wrap(f"You are in {self.named(behind['location'])}"
                          + (f"; the Local Rumours name {self.named(rumours)}" if rumours
                             else "") + ".", self.width)
        trail = behind.get("trail") or []
        if trail:
            before = len(trail) - TRAIL_SHOWN
            earlier = f" ({_count(before, 'place')} before)" if before > 0 else ""
            lines += wrap(f"Your trail{earlier}: "
                          + " > ".join(self.named(p) for p in trail[-TRAIL_SHOWN:]), self.width)
        chart = behind.get("chart") or {}
        if chart:
            lines += wrap("Your Encounter Chits on the Strategy & Movement Chart: " + "; ".join(
                f"{self.named(chit)} in {self.named(town)}" for town, chit in chart.items())
                + ".", self.width)
        return lines

    # -- secrets --------------------------------------------------------------------------------
    def behind_the_screen(self, observation: Mapping[str, Any]) -> list[str]:
        behind = observation.get("behind_the_screen") or {}
        facts = [f"Blood Points: {behind.get('blood_points')}",
                 f"Encounter Set: {self.names(behind.get('encounter_set') or [])}",
                 f"Event Cards: {self.names(behind.get('event_cards') or [])}"]
        if behind.get("voyage"):
            facts.append(f"at sea: {' > '.join(map(self.named, behind['voyage']))}")
        if behind.get("castle_turns"):
            facts.append(f"turns in Castle Dracula: {behind['castle_turns']}")
        if behind.get("must_leave"):
            facts.append("you must leave this place")
        return [line for fact in facts for line in wrap(fact, self.width)]

    def hunters(self, observation: Mapping[str, Any], viewer: str) -> list[str]:
        """Each Hunter: what is public, and the chits and cards the Hunters show each other
        (to a Hunter)."""
        secrets = observation.get("hunters_secrets") or {}
        lines: list[str] = []
        for seat, h in observation["hunters"].items():
            facts = []
            if h["status"] != "alive":
                facts.append({"dead": "dead", "vampire": "a Vampire"}.get(h["status"],
                                                                         h["status"]))
            facts.append(f"wounds {h['wounds']}/{WOUNDS_TO_DIE}")
            if h["bitten"]:
                facts.append("bitten")
            held = secrets.get(seat)
            if held is not None:
                facts.append(f"Weapon Chits: {self.names(held['weapons'])}")
                facts.append(f"Event Cards: {self.names(held['event_cards'])}")
            else:
                facts.append(_count(h["weapon_chits"], "Weapon Chit"))
                facts.append(_count(h["event_cards"], "Event Card"))
            if h["face_up"]:
                facts.append(f"face up: {self.names(h['face_up'])}")
            if h["valour"]:
                facts.append(f"valour {h['valour']}")
            if h["hosts_placed"]:
                facts.append(f"Heavenly Hosts placed: {self.names(h['hosts_placed'])}")
            if h["voyage"]:
                facts.append(f"at sea: {' > '.join(map(self.named, h['voyage']))}")
            you = " (you)" if seat == viewer else ""
            lines += wrap(f"{self.named(seat)}{you}: {'; '.join(facts)}", self.width)
        return lines

    def others(self, observation: Mapping[str, Any], viewer: str) -> list[str]:
        """Dracula's public side (to the Hunters), the discards and the Event Card pile."""
        lines: list[str] = []
        d = observation["dracula"]
        if viewer != DRACULA:
            lines += wrap(f"Dracula: {_count(d['event_cards'], 'Event Card')}; Vampires "
                          f"consumed {d['vampires_consumed']}", self.width)
        lines += wrap(f"Vampires destroyed by the Hunters: {observation['vampires_destroyed']}",
                      self.width)
        discards = [("Encounter Chits discarded", observation.get("encounter_discards")),
                    ("Weapon Chits discarded", observation.get("weapon_discards")),
                    ("Event Cards discarded", observation.get("event_discards"))]
        for title, items in discards:
            if items:
                lines += wrap(f"{title}: {self.names(items)}", self.width)
        lines += wrap(f"Event Cards left to draw: {observation.get('event_draw_pile')}",
                      self.width)
        return lines

    # -- a fight --------------------------------------------------------------------------------
    def fight(self, observation: Mapping[str, Any], viewer: str) -> list[str]:
        waiting = observation.get("waiting_for") or {}
        combat = waiting if waiting.get("kind") == "combat" else waiting.get("combat")
        lines: list[str] = []
        if combat:
            time = "by day" if combat.get("daytime") else "by night"
            attacker = f"; {self.named(combat['attacker'])} attacked" \
                if combat.get("attacker") else ""
            lines += wrap(f"In {self.named(combat['town'])}, round {combat['round']}, {time}: "
                          f"{self.names(combat['hunters'])} against "
                          f"{self.fighters(combat['opponents'])}{attacker}.", self.width)
            chosen = combat.get("chosen") or {}
            if chosen:
                lines += wrap("Chits chosen this round: " + "; ".join(
                    f"{self.fighter(f)}: " + ("in secret" if c == "chosen" else self.named(c))
                    for f, c in chosen.items()), self.width)
            last = combat.get("last_chits") or {}
            if any(last.values()):
                lines += wrap("Last round: " + "; ".join(
                    f"{self.fighter(f)}: {self.named(c)}" for f, c in last.items() if c),
                    self.width)
            for agent, chits in (combat.get("agent_chits") or {}).items():
                lines += wrap(f"{self.fighter(agent)} fights with: {self.names(chits)}",
                              self.width)
        rolled = waiting.get("die_roll")
        if rolled:
            against = f" (against {rolled['other']})" if rolled.get("other") else ""
            lines += wrap(f"{self.named(rolled['seat'])} rolled {rolled['roll']} for "
                          f"{words(str(rolled['what']))}{against}.", self.width)
        return lines

    def fighter(self, ident: str) -> str:
        if ident.startswith("agent_"):
            return f"Agent {ident.rsplit('_', 1)[1]}"
        return self.named(ident)

    def fighters(self, idents: Sequence[str]) -> str:
        return ", ".join(self.fighter(i) for i in idents) or "nobody"

    # -- one place (map PLACE) --------------------------------------------------------------------
    def piece(self, observation: Mapping[str, Any], viewer: str, query: str) -> list[str]:
        """``map WHAT`` for a figure: where a Hunter stands, or as much of Dracula's place
        as the viewer knows; [] if ``query`` names no seat."""
        seat = named(query, {s: self.named(s) for s in (*observation["hunters"], DRACULA)})
        if seat is None:
            return []
        if seat == DRACULA:
            behind = observation.get("behind_the_screen") or {}
            where = observation["dracula"].get("shown_at") or behind.get("location")
            if not where:
                return self.possible_places(observation) or wrap(
                    "Where Dracula is, is hidden from you.", self.width)
        else:
            where = observation["hunters"][seat]["location"]
            if not where:
                return wrap(f"{self.named(seat)} is not on the map.", self.width)
        return [*wrap(f"{self.named(seat)} is in {self.named(where)}.", self.width),
                *self.place_lines(observation, viewer, where)]

    def find_place(self, query: str) -> str | None:
        return named(query, {p: self.board.name(p) for p in self.board.order})

    def place_lines(self, observation: Mapping[str, Any], viewer: str, place: str) -> list[str]:
        board = self.board
        info = board.places[place]
        kind = {"small": "a small Town", "large": "a large Town", "castle": "Castle Dracula",
                "sea": "a Sea Sector"}.get(info.kind, info.kind)
        flags = [f for f, on in (("a port", info.port), ("in the East", info.east),
                                 ("in the British Isles", info.british)) if on]
        lines = wrap(f"{info.name}: {kind}" + (f", {', '.join(flags)}" if flags else ""),
                     self.width)
        for title, near in (("roads", board.road.get(place, ())),
                            ("railways", board.rail.get(place, ())),
                            ("by sea", board.sea.get(place, ()))):
            if near:
                lines += wrap(f"{title}: {self.names(near)}", self.width, "    ")
        return lines


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" + ("" if n == 1 else "s")


__all__ = ["FuryScreen"]
