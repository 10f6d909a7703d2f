"""Dracula's Revenge: the Gothica tile skirmish of vampires and vampire hunters.

    import gothic_kernel as gk
    game = gk.load_game("draculas_revenge")
    state = game.new_game(seed=7, adventure="destroy_dracula")

Seats are ``vampires`` and ``hunters``; with the Multiplayer optional rule
(``multiplayer=("vampires", "hunters", "hunters")``) each player is a seat named
after its side and its place at the table: ``vampires_1``, ``hunters_2``, ``hunters_3``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from gothic_kernel import BadOption, CorruptSave, Dice, Game, Option, Outcome, __version__

from . import data, option_check, saving, svg, views
from . import narration as say
from .actions import ACTION_TYPES
from .adventures import set_up
from .bots import RevengeBot
from .report import report
from .rules import rules_for
from .screen import RevengeScreen
from .state import DRState
from .turn import SequenceOfPlay

if TYPE_CHECKING:
    from gothic_kernel import Agent, GameRecord, GameState
    from gothic_kernel.svg import Svg

ADVENTURES = ("into_the_breach", "defile_the_coffins", "cross_the_catacombs",
              "rescue_van_helsing", "destroy_dracula", "custom")


def options_added_later(saved: Mapping[str, Any]) -> dict[str, Any]:
    """Options a save written before they existed does not list, with the values that play
    on as that save was played (``start_areas``: your own adventures were placed on the
    start areas)."""
    return {"start_areas": saved.get("adventure") == "custom", "reaction_points": 0}


#: The options of "Your Own Adventures" (refused with a printed adventure).
CUSTOM_ONLY = ("points", "vampire_points", "hunter_points", "designer", "start_areas",
               "custom_map")


class DraculasRevengeGame(Game):
    """The rules object of Dracula's Revenge."""

    name = "draculas_revenge"
    title = "Dracula's Revenge"
    rulebook = "Dracula's Revenge Rulebook (the Gothica line)"
    seats: ClassVar[tuple[str, ...]] = ("vampires", "hunters")
    has_hidden_information = True
    action_types = ACTION_TYPES
    options = (
        Option("adventure", "into_the_breach", "the adventure to play ('custom': your own "
               "adventure with a points budget)", ADVENTURES),
        Option("turn_limit", 0, "end an adventure that prints no turn limit after this many "
               "turns as a draw (0: play until someone wins)"),
        Option("reaction_dice", True, "False: the optional rule No Reaction Dice"),
        Option("reaction_points", 0, "No Reaction Dice read as a fixed allowance: each "
               "player's Reaction Points every turn, with no die (0: no Reaction Points and no "
               "reactions); needs reaction_dice=False"),
        Option("feeding_and_saving", True, "False: the optional rule No Feeding or Saving"),
        Option("multiplayer", (), "the optional rule Multiplayer: each player's side in "
               "clockwise order, 3 or more of them, e.g. vampires,hunters,hunters; needs "
               "adventure=custom", ("vampires", "hunters"), kind=tuple),
        Option("own_forces", False, "Points Value: play the adventure with forces each player "
               "buys for its side's printed points total (as near as the box allows)"),
        Option("points", 36, "your own adventure: the points value each player may spend"),
        Option("vampire_points", 0, "your own adventure: the vampire side's points value, "
               "where the designer sets a different one for each side (0: 'points')"),
        Option("hunter_points", 0, "your own adventure: the hunter side's points value "
               "(0: 'points')"),
        Option("designer", "vampires", "your own adventure: the side left to the player who "
               "designed the board, the other player having chosen the other side (that "
               "player buys and places first)", ("vampires", "hunters")),
        Option("start_areas", False, "your own adventure: place the characters on the map's "
               "start areas (start_area_1 the vampire player, start_area_2 the hunter player; "
               "Multiplayer: start_area_N by seat) instead of anywhere on the board"),
        Option("custom_map", "custom_catacombs", "your own adventure: the map (an id in "
               "maps.toml)"),
        Option("timer_seconds", 0, "the optional Timer rule: seconds per character's move "
               "for a front end to enforce (0: off; the rule's one minute is 60)"),
        Option("data_dir", "", "a folder of data files replacing the reconstructed ones"),
    )

    def check_options(self, options: dict[str, Any]) -> None:
        multi = options["multiplayer"]
        if multi and options["adventure"] != "custom":
            raise BadOption("option 'multiplayer' needs adventure=custom (players purchase "
                            "their characters)")
        option_check.check_players(options)
        self.check_adventure_options(options)
        if options["reaction_points"] and options["reaction_dice"]:
            raise BadOption("option 'reaction_points' is the allowance of the optional rule "
                            "No Reaction Dice: it needs reaction_dice=False")
        for name in ("turn_limit", "timer_seconds", "reaction_points"):
            if options[name] < 0:
                raise BadOption(f"option {name!r} must be 0 or more")
        if options["points"] <= 0:
            raise BadOption("option 'points' must be positive")
        for name in ("vampire_points", "hunter_points"):
            if options[name] < 0:
                raise BadOption(f"option {name!r} must be 0 (the 'points' value) or more")
        maps = data.load(options["data_dir"])["maps"]["maps"]
        if options["custom_map"] not in maps:
            raise BadOption(f"option 'custom_map' does not allow {options['custom_map']!r}; "
                            f"allowed: {', '.join(sorted(maps))}")
        option_check.check_start_areas(options, self.seat_sides(options))

    def check_adventure_options(self, options: dict[str, Any]) -> None:
        """Options that belong to one kind of adventure are refused with another, rather
        than taken and ignored: your own adventure's budget and board with a printed
        adventure; Points Value (a printed adventure's totals) with your own. (A
        ``turn_limit`` is taken with every adventure, so that a caller caps all alike; where
        the adventure prints its own limit, that one governs: see the option table.)"""
        defaults = {o.name: o.default for o in self.options}
        adventure = options["adventure"]
        if adventure != "custom":
            for name in CUSTOM_ONLY:
                if options[name] != defaults[name]:
                    raise BadOption(f"option {name!r} is for your own adventure: it needs "
                                    "adventure=custom")
        elif options["own_forces"]:
            raise BadOption("option 'own_forces' (Points Value) buys a printed adventure's "
                            "points total; your own adventure buys with 'points': it needs "
                            "a printed adventure")

    def seat_name(self, seat: str) -> str:
        """"Vampires", "Hunters"; with the Multiplayer rule "Player 2 (Hunters)"."""
        return say.seat_name(seat)

    def outcome_sentence(self, outcome: Outcome) -> str:
        """"The Hunters win: ..." (the sides are plural; one player of several: "wins")."""
        names = " and ".join(self.seat_name(w) for w in outcome.winners)
        plural = len(outcome.winners) > 1 or names in ("Vampires", "Hunters")
        said = f"The {names} win" if plural and names in ("Vampires", "Hunters") else \
            f"{names} {'win' if plural else 'wins'}" if names else "Nobody wins"
        reason = f": {outcome.reason.rstrip('.')}" if outcome.reason else ""
        return f"{said}{reason}."

    def map_for(self, options: dict[str, Any]) -> str:
        if options["adventure"] == "custom":
            return str(options["custom_map"])
        adv = data.load(options["data_dir"])["adventures"]["adventures"][options["adventure"]]
        return str(adv["map"])

    def seat_sides(self, options: dict[str, Any]) -> dict[str, str]:
        multi = options["multiplayer"]
        if not multi:
            return {"vampires": "vampires", "hunters": "hunters"}
        return {f"{side}_{i + 1}": side for i, side in enumerate(multi)}

    def _new_game(self, dice: Dice, options: dict[str, Any]) -> DRState:
        rules = rules_for(options["adventure"], self.map_for(options), options["data_dir"])
        state = DRState(self, dice, rules, options, self.seat_sides(options))
        state.events.say("setup", _setup_text(state), adventure=options["adventure"],
                         map=rules.board.name, seats=list(state.seats))
        state.stack.append(SequenceOfPlay())
        set_up(state)
        state.proceed()
        return state

    def _state_from_data(self, data_: Any, dice: Dice) -> DRState:
        if not isinstance(data_, dict) or not isinstance(data_.get("options"), dict):
            raise CorruptSave("draculas_revenge save: the state and its options must be "
                              "objects")
        saved = {**options_added_later(data_["options"]), **data_["options"]}
        missing = sorted({o.name for o in self.options} - set(saved))
        if missing:  # a save lists every option, as the game was set up
            raise CorruptSave(f"draculas_revenge save: the options do not say {missing[0]!r}")
        options = self.resolve_options({k: tuple(v) if isinstance(v, list) else v
                                        for k, v in saved.items()})
        state = saving.from_data(self, dice, {**data_, "options": options})
        saving.check(state)
        return state

    def _check_loaded(self, state: GameState) -> None:
        assert isinstance(state, DRState)
        saving.check_loaded(state)

    def _seats_for(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """Two seats, or one per player with the Multiplayer optional rule."""
        return tuple(self.seat_sides(dict(options)))

    def report(self, state: GameState, record: GameRecord) -> list[str]:
        """The account ``gothic demo draculas_revenge`` prints (see ``report.py``)."""
        return report(self, state, record)

    def default_agents(self, state: GameState, seed: int) -> dict[str, Agent]:
        return {seat: RevengeBot(seed + i) for i, seat in enumerate(state.seats)}

    def picture(self, observation: Mapping[str, Any], viewer: str, **options: Any) -> Svg:
        """The board as ``viewer`` sees it (draculas_revenge.svg.board: its options)."""
        return svg.board(observation, viewer, **options)

    def text_screen(self) -> RevengeScreen:
        """The board, the turn, your cards and the other side as text (``gothic play``;
        draculas_revenge.screen)."""
        return RevengeScreen(self)

    # -- what a state asks of the modules above it ------------------------------------------
    def observe(self, state: DRState, viewer: str) -> dict[str, Any]:
        """``state.observation(viewer)`` (see ``views``)."""
        return views.observation(state, viewer)

    def resample_state(self, state: DRState, viewer: str, seed: int) -> DRState:
        """``state.resample(viewer, seed)`` (see ``views``)."""
        return views.resample(state, viewer, seed)


def _setup_text(state: DRState) -> str:
    title = state.rules.adventure["title"]
    where = "" if state.rules.board.name == state.rules.adventure_id else \
        f", on the {state.rules.board.name.replace('_', ' ')} map"
    who = ", ".join(say.player(s) for s in state.seats)
    return f"Dracula's Revenge: {title}{where}. Players: {who}."


__all__ = ["ADVENTURES", "DRState", "DraculasRevengeGame", "__version__"]
