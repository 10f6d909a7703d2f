"""Modern Fury of Dracula as text for a terminal (``gothic play fury_modern``).

Drawn from one viewer's observation and the public rules data (the map, printed names,
the character sheets: :class:`~fury_modern.rules.Rules`) only, never from a state, so a
hunter's screen cannot hold Dracula's place, his face-down trail cards, the encounters on
them, his hands, nor another hunter's cards: the time and influence tracks; Europe as the
viewer knows it (the hunters, Dracula's figure while revealed, the tokens; for the hunters,
the places Dracula may be, given the public record; for Dracula, where he is); the trail
and the lairs as they lie on the table (Dracula sees his own cards face up); any combat on
the table; the viewer's own cards (Dracula: behind his screen); what is public about the
others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gothic_kernel import Game
from gothic_kernel.screen import Section, TextScreen, named, no_place, wrap

from .rules import DRACULA, HUNTERS, Rules
from .wording import plural, pronoun

#: How many of the places Dracula may be the hunters' screen names.
PLACES_NAMED = 12


class ModernScreen(TextScreen):
    """The tracks, Europe, the trail, any combat, your cards and the others, for one viewer."""

    def __init__(self, game: Game, rules: Rules) -> None:
        super().__init__(game)
        self.rules = rules
        self.board = rules.board

    # -- names ----------------------------------------------------------------------------------
    def named(self, ident: str | None) -> str:
        """A place, card or seat by its printed name."""
        if not ident:
            return "-"
        if ident in HUNTERS or ident == DRACULA:
            return self.game.seat_name(ident)
        return self.rules.name(ident)

    def names(self, idents: Sequence[str]) -> str:
        return ", ".join(self.named(i) for i in idents) or "none"

    # -- the contract's hooks -------------------------------------------------------------------
    def status(self, observation: Mapping[str, Any], viewer: str) -> str:
        time = "night" if observation["night"] else "day"
        return (f"round {observation['round']}, {str(observation['weekday']).title()} {time}, "
                f"influence {observation['influence']}/{self.rules.numbers['influence_max']}")

    def sections(self, observation: Mapping[str, Any], viewer: str) -> list[Section]:
        found: list[Section] = [("Europe", self.europe(observation, viewer)),
                                ("Dracula's trail", self.trail(observation, viewer))]
        if observation.get("combat"):
            found.append(("The combat", self.combat(observation, viewer)))
        if viewer == DRACULA:
            found.append(("Behind your screen", self.behind_the_screen(observation)))
        found.append(("The hunters", self.hunters(observation, viewer)))
        found.append(("The tracks and the decks", self.tracks(observation, viewer)))
        return found

    def map(self, observation: Mapping[str, Any], viewer: str, query: str = "") -> list[str]:
        if query:
            place = self.find_place(query)
            if place is None:
                return self.piece(observation, viewer, query) or no_place(query)
            return self.place_lines(observation, place)
        lines = ["Europe", *self.europe(observation, viewer), "",
                 "Where the pieces stand, and the ways out (map PLACE for any other place):"]
        shown = [h["location"] for h in observation["hunters"].values() if h["location"]]
        if observation["dracula"].get("location"):
            shown.append(observation["dracula"]["location"])
        for place in dict.fromkeys(shown):
            lines += self.place_lines(observation, place)
        return lines

    def group(self, action: Mapping[str, Any], label: str, observation: Mapping[str, Any],
              viewer: str) -> str:
        kind = str(action.get("type", ""))
        if kind in ("move", "move_to"):
            return "Move"
        return super().group(action, label, observation, viewer)

    # -- Europe ---------------------------------------------------------------------------------
    def europe(self, observation: Mapping[str, Any], viewer: str) -> list[str]:
        at = [f"{self.named(seat)}{' (you)' if seat == viewer else ''} in "
              f"{self.named(h['location'])}" for seat, h in observation["hunters"].items()
              if h["location"]]
        lines = wrap(", ".join(at) + ".", self.width) if at else []
        dracula = observation["dracula"]
        if viewer == DRACULA and dracula.get("location"):
            seen = " (revealed: his figure is on the board)" if dracula["revealed"] else ""
            lines += wrap(f"You are in {self.named(dracula['location'])}{seen}.", self.width)
        elif dracula.get("revealed") and dracula.get("location"):
            lines += wrap(f"Dracula is revealed in {self.named(dracula['location'])}: a combat "
                          "follows at the next dawn or dusk.", self.width)
        lines += self.tokens(observation["tokens"])
        if viewer != DRACULA:
            lines += self.possible_places(observation.get("possible_locations") or [])
        return lines

    def piece(self, observation: Mapping[str, Any], viewer: str, query: str) -> list[str]:
        """``map WHAT`` for a figure: where a hunter stands, or as much of Dracula's place
        as the viewer knows; [] if ``query`` names no seat."""
        seat = named(query, {s: self.named(s) for s in (*observation["hunters"], DRACULA)})
        if seat is None:
            return []
        if seat == DRACULA:
            dracula = observation["dracula"]
            known = viewer == DRACULA or dracula.get("revealed")
            where = dracula.get("location") if known else None
            if not where:
                return self.possible_places(observation.get("possible_locations") or []) \
                    or wrap("Where Dracula is, is hidden from you.", self.width)
        else:
            where = observation["hunters"][seat]["location"]
            if not where:
                return wrap(f"{self.named(seat)} is not on the board.", self.width)
        return [*wrap(f"{self.named(seat)} is in {self.named(where)}.", self.width),
                *self.place_lines(observation, where)]

    def tokens(self, tokens: Mapping[str, Any]) -> list[str]:
        shown = [f"{n} fog in {self.named(c)}" for c, n in tokens["fog"].items()]
        shown += [f"a roadblock on the {kind} {self.named(a)} - {self.named(b)}"
                  for kind, a, b in tokens["roadblocks"]]
        shown += [f"a storm in {self.named(s)}" for s in tokens["storms"]]
        if tokens["consecrated_ground"]:
            shown.append(f"consecrated ground in {self.named(tokens['consecrated_ground'])}")
        shown += [f"a heavenly host in {self.named(c)}" for c in tokens["heavenly_hosts"]]
        return wrap("Tokens: " + "; ".join(shown) + ".", self.width) if shown else []

    def possible_places(self, places: Sequence[str]) -> list[str]:
        if not places:
            return []
        if len(places) == 1:
            return wrap(f"The public record leaves Dracula one place: {self.named(places[0])}.",
                        self.width)
        named = self.names(places[:PLACES_NAMED])
        more = f" and {len(places) - PLACES_NAMED} more" if len(places) > PLACES_NAMED else ""
        return wrap(f"The public record leaves Dracula any of {len(places)} places: "
                    f"{named}{more}.", self.width)

    # -- the trail ------------------------------------------------------------------------------
    def trail(self, observation: Mapping[str, Any], viewer: str) -> list[str]:
        first = int(observation["trail_first_space"])
        lines: list[str] = []
        if first > 1:
            lines += wrap("1: empty (the hideouts have slid; Dracula's new card goes here).",
                          self.width)
        for i, hideout in enumerate(observation["trail"]):
            lines += wrap(f"{i + first}: {self.hideout(hideout, viewer)}", self.width)
        for i, lair in enumerate(observation["lairs"]):
            lines += wrap(f"lair {i + 1}: {self.hideout(lair, viewer)}", self.width)
        return lines or ["  (no card on the trail yet)"]

    def hideout(self, hideout: Mapping[str, Any], viewer: str) -> str:
        card = hideout["card"]
        notes = []
        if card is None:
            said = "a face-down card" + (" with Castle Dracula's back"
                                         if hideout["castle_back"] else "")
        else:
            said = self.named(card)
            notes.append("face up" if hideout["revealed"] else "face down")
        if hideout.get("power"):
            notes.append(f"with {self.named(hideout['power'])}")
        if notes:
            said += f" ({', '.join(notes)})"
        encounters = hideout["encounters"]
        if encounters:
            hidden = sum(e is None for e in encounters)
            shown = [f"{self.named(e)}" + (f" ({w} damage)" if w else "")
                     for e, w in zip(encounters, hideout["wounds"], strict=False) if e]
            parts = ([f"{hidden} face down"] if hidden else []) + shown
            said += f"; encounters: {', '.join(parts)}"
        if hideout.get("rumour"):
            said += "; a rumour token"
        return said

    # -- a combat -------------------------------------------------------------------------------
    def combat(self, observation: Mapping[str, Any], viewer: str) -> list[str]:
        fight = observation["combat"]
        foe = f"the {self.named(fight['vampire'])}" if fight["vampire"] else "Dracula"
        time = "night" if fight["night"] else "day"
        lines = wrap(f"In {self.named(fight['city'])}, round {fight['round']} ({time}): "
                     f"{self.names(fight['hunters'])} against {foe}.", self.width)
        facts = [f"Dracula has played {plural(fight['cards_played'], 'combat card')} and holds "
                 f"{fight['dracula_hand']}"]
        if len(fight["hunters"]) > 1 and fight["stage"] not in ("choose",):
            facts.append(f"engaged: {self.named(fight['engaged'])}")
        if fight["face_up"]:
            facts.append(f"face up: {self.names(fight['face_up'])}")
        if fight["mesmerized"]:
            facts.append(f"mesmerized: {self.names(fight['mesmerized'])}")
        if fight["vampire"]:
            health = self.rules.encounters[fight["vampire"]].health
            facts.append(f"the vampire's damage {fight['vampire_wounds']} of {health}")
        lines += wrap("; ".join(facts) + ".", self.width)
        if fight["chosen"]:
            lines += wrap("Chosen face down this round: " + self.names(fight["chosen"]) + ".",
                          self.width)
        if fight["my_card"]:
            lines += wrap(f"Your card this round: {self.named(fight['my_card'])}.", self.width)
        if fight["my_hand"]:
            lines += wrap(f"Your combat cards: {self.names(fight['my_hand'])}.", self.width)
        return lines

    # -- the viewer's own cards, and the others -----------------------------------------------
    def behind_the_screen(self, observation: Mapping[str, Any]) -> list[str]:
        dracula = observation["dracula"]
        facts = [f"Encounters in hand: {self.names(dracula.get('hand_encounters') or [])}",
                 f"Event cards: {self.names(dracula.get('hand_events') or [])}"]
        if dracula.get("must_leave"):
            facts.append("You must leave your location in your next phase.")
        return [line for fact in facts for line in wrap(fact, self.width)]

    def hunters(self, observation: Mapping[str, Any], viewer: str) -> list[str]:
        lines: list[str] = []
        for seat, h in observation["hunters"].items():
            sheet = self.rules.hunters[seat]
            facts = [f"damage {h['damage']}/{sheet.health}",
                     f"bites {h['bites']}/{sheet.bite_spaces}"
                     + (", weakened" if h["bites"] or sheet.permanently_weakened else "")]
            bats = f"a bats token under {pronoun(seat, 'him')}"
            facts += [word for word, on in (("defeated", h["defeated"]),
                                            ("delayed", h["delayed"]),
                                            (bats, h["bats"])) if on]
            if "hand_items" in h:
                facts += [f"items: {self.names(h['hand_items'])}",
                          f"events: {self.names(h['hand_events'])}",
                          f"tickets (white/yellow railways): "
                          f"{self.tickets(h['hand_tickets'])}"]
            else:
                facts += [f"{plural(h['items'], 'item')}, {plural(h['events'], 'event')}, "
                          f"{plural(h['tickets'], 'ticket')}"]
            revealed = [c for c in (h["revealed_item"], h["revealed_event"]) if c]
            if revealed:
                facts.append(f"revealed: {self.names(revealed)}")
            you = " (you)" if seat == viewer else ""
            lines += wrap(f"{self.named(seat)}{you}: {'; '.join(facts)}", self.width)
        return lines

    def tickets(self, kinds: Sequence[str]) -> str:
        """Ticket tokens by their values, white/yellow railways ("2/1", "1/-")."""
        tickets = self.rules.tickets
        return ", ".join(f"{tickets[k].white}/{tickets[k].yellow or '-'}" for k in kinds) \
            or "none"

    def tracks(self, observation: Mapping[str, Any], viewer: str) -> list[str]:
        dracula, decks = observation["dracula"], observation["decks"]
        sheet = self.rules.dracula
        lines = wrap(f"Influence {observation['influence']} of "
                     f"{self.rules.numbers['influence_max']}; despair tokens "
                     f"{observation['despair']} of {self.rules.numbers['despair_tokens']}.",
                     self.width)
        held = f"; he holds {plural(dracula['encounters'], 'encounter')} and " \
               f"{plural(dracula['events'], 'event card')}" if viewer != DRACULA else ""
        lines += wrap(f"Dracula's damage {dracula['damage']} of {sheet.health}{held}.",
                      self.width)
        allies = [f"{who}: {self.named(card)}" for who, card in
                  (("The hunters' ally", observation["hunter_ally"]),
                   ("Dracula's ally", dracula["ally"])) if card]
        if dracula["kept_encounters"]:
            allies.append(f"Dracula keeps face up: {self.names(dracula['kept_encounters'])}")
        if allies:
            lines += wrap("; ".join(allies) + ".", self.width)
        lines += wrap(f"Left to draw: {decks['items']} item, {decks['events']} event and "
                      f"{decks['encounters']} encounter cards; {decks['tickets']} tickets in "
                      "the pool.", self.width)
        for title, key in (("Items discarded", "item_discards"),
                           ("Events discarded", "event_discards"),
                           ("Encounters discarded", "encounter_discards")):
            if decks[key]:
                lines += wrap(f"{title}: {self.names(decks[key])}.", self.width)
        return lines

    # -- one place (map PLACE) --------------------------------------------------------------------
    def find_place(self, query: str) -> str | None:
        return named(query, {p: self.named(p) for p in self.board.places})

    def place_lines(self, observation: Mapping[str, Any], place: str) -> list[str]:
        board = self.board
        kind = board.kind(place)
        said = {"small": "a small city", "large": "a large city", "castle": "Castle Dracula",
                "sea": "a sea zone", "hospital": "a hospital"}.get(kind, kind)
        flags = [f for f, on in (("a port", board.is_port(place)),
                                 (f"in the {board.region(place).title()}",
                                  bool(board.region(place)) and not board.is_hospital(place)))
                 if on]
        lines = wrap(f"{self.named(place)}: {said}" + (f", {', '.join(flags)}" if flags else ""),
                     self.width)
        rails = board.neighbours("rail", place)
        colour = {c: "yellow" if frozenset((place, c)) in board.yellow else "white"
                  for c in rails}
        for title, near in (("roads", self.names(board.roads(place))),
                            ("railways", ", ".join(f"{self.named(c)} ({colour[c]})"
                                                   for c in rails)),
                            ("by sea", self.names(board.sea_lanes(place)))):
            if near and near != "none":
                lines += wrap(f"{title}: {near}", self.width, "    ")
        hospital = [h for h, city in board.hospital_of.items() if city == place]
        if hospital:
            lines += wrap(f"its hospital: {self.named(hospital[0])}", self.width, "    ")
        return lines


__all__ = ["PLACES_NAMED", "ModernScreen"]
