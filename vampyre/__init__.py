"""VAMPYRE: the Transylvania hex race and the Castle Dracula extended game.

One to six players ("It may be played by up to six people"; alone, a solitaire
race against the board), each a vampire hunter from Stoker's novel, race across a
hex map of Transylvania to find and burn three of Dracula's hidden coffins
(the Basic Game); then, in the Extended Game, they storm Castle Dracula and
hunt the Count among his guardians. Bitten hunters may become nosferatu,
player werewolves or possessed, and turn on the others.

    import gothic_kernel as gk
    game = gk.load_game("vampyre")
    state = game.new_game(seed=7, players=4, stage="extended")

Seats are the hunters: ``harker``, ``mina``, ``van_helsing``, ``godalming``,
``morris``, ``seward`` (seated clockwise in the order given by ``hunters``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gothic_kernel import (
    Agent,
    BadOption,
    CorruptSave,
    Dice,
    Game,
    GameRecord,
    GameState,
    Option,
    __version__,
)
from gothic_kernel.screen import TextScreen
from gothic_kernel.svg import Svg

from . import invariants, saving, svg, views
from .actions import ACTION_TYPES
from .bots import HunterBot
from .castle import set_up
from .reach_tables import attach
from .report import report
from .screen import VampyreScreen
from .state import KLAUSENBURG, Player, VampyreState, load_world
from .tables import load_rules
from .turns import play_until_decision, sequence_of_play

__all__ = ["HUNTERS", "STAGES", "VampyreGame", "VampyreState", "__version__"]

#: The six vampire hunters, in the default seating order.
HUNTERS = ("harker", "mina", "van_helsing", "godalming", "morris", "seward")

#: ``basic``: the Basic Game alone; ``extended``: the Basic Game, then Castle Dracula;
#: ``castle``: Castle Dracula alone, with the chosen hunters.
STAGES = ("basic", "extended", "castle")

DEFAULT_PLAYERS = 4


class VampyreGame(Game):
    """The rules object of VAMPYRE."""

    name = "vampyre"
    title = "Vampyre: the Transylvania hex race and Castle Dracula"
    rulebook = "Vampyre Rulebook (Rules of Play: The Basic Game, The Extended Game, Appendices)"
    seats = HUNTERS
    has_hidden_information = True
    # A random Basic Game runs to some 1,900 actions; the plugin's pass samples it
    # (tests/vampyre/test_conformance.py checks every step of shorter, steered games).
    conformance: ClassVar[Mapping[str, Any]] = {"every": 30}
    action_types = ACTION_TYPES
    options = (
        Option("players", DEFAULT_PLAYERS, "number of players, 1 (solitaire) to 6",
               choices=(1, 2, 3, 4, 5, 6)),
        Option("hunters", (), "the hunters played, clockwise (default: the first `players` "
               "of harker, mina, van_helsing, godalming, morris, seward)", choices=HUNTERS,
               kind=tuple),
        Option("stage", "basic", "basic: Transylvania; extended: Transylvania then Castle "
               "Dracula; castle: Castle Dracula alone", choices=STAGES),
        Option("data_dir", "", "a folder of data files replacing the packaged ones "
               "(counters.toml, tables.toml, transylvania.toml, castle.toml)"),
    )

    def check_options(self, options: dict[str, Any]) -> None:
        hunters = tuple(options["hunters"])
        if hunters:
            if len(set(hunters)) != len(hunters):
                raise BadOption("option 'hunters' names a hunter twice")
            if not 1 <= len(hunters) <= len(HUNTERS):
                raise BadOption("option 'hunters' takes one to six hunters")
            if options["players"] not in (len(hunters), DEFAULT_PLAYERS):
                raise BadOption(f"option 'players' is {options['players']} but 'hunters' "
                                f"names {len(hunters)}")
            options["players"] = len(hunters)
        else:
            options["hunters"] = HUNTERS[:options["players"]]
        options["hunters"] = list(options["hunters"])
        # a bad folder or file fails here, as a BadOption
        attach(load_world(options["data_dir"]).transylvania, options["data_dir"])

    def _new_game(self, dice: Dice, options: dict[str, Any]) -> GameState:
        state = VampyreState(self, dice, options)
        state.stack.append(sequence_of_play(turn_open=False))
        for seat in state.seats:
            state.players[seat] = Player(seat)
        state.red_aside = sorted(state.rules.red_counters)
        if options["stage"] == "castle":
            first = _high_roller(state)
            set_up(state, first)
        else:
            _prepare_transylvania(state)
        play_until_decision(state)
        return state

    def seat_name(self, seat: str) -> str:
        """A seat as the log names it: "Harker", "Mina", "Van Helsing" ("Counters")."""
        return load_rules().hunter_short.get(seat) or super().seat_name(seat)

    def _seats_for(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        return tuple(options["hunters"])

    def _state_from_data(self, data: Any, dice: Dice) -> GameState:
        state = saving.load(self, data, dice)
        resolved = self.resolve_options(dict(state.options))
        if resolved != state.options:
            raise CorruptSave("corrupt vampyre save: the options are not as a game sets them")
        state.check_invariants()
        return state

    def default_agents(self, state: GameState, seed: int) -> dict[str, Agent]:
        data_dir = state.options["data_dir"] if isinstance(state, VampyreState) else ""
        return {seat: HunterBot(seed + i, data_dir) for i, seat in enumerate(state.seats)}

    def report(self, state: GameState, record: GameRecord) -> list[str]:
        """The game told for people (``gothic demo vampyre``, ``python -m vampyre``): the
        object, the log under stage and round headings with results in words, where
        everyone stands when the Basic Game ends and at the end, and who won and why."""
        assert isinstance(state, VampyreState)
        return report(self, state, record)

    def picture(self, observation: Mapping[str, Any], viewer: str, **options: Any) -> Svg:
        """Transylvania or Castle Dracula as ``viewer`` sees it (vampyre.svg.board: its
        options)."""
        return svg.board(observation, viewer, **options)

    def text_screen(self) -> TextScreen:
        """The board, your hunter and the others as text (``gothic play``; vampyre.screen)."""
        return VampyreScreen(self)

    # -- what the state asks of its rules object ------------------------------------------------
    def observe(self, state: VampyreState, viewer: str) -> dict[str, Any]:
        """What ``viewer`` may know of ``state`` (``views``)."""
        return views.observation(state, viewer)

    def resample_state(self, state: VampyreState, viewer: str, seed: int) -> VampyreState:
        """A state ``viewer`` cannot tell apart from ``state`` (``views``)."""
        return views.resample(state, viewer, seed)

    def check_invariants(self, state: VampyreState) -> None:
        """Raise ValueError if ``state`` could not arise in play (``invariants``)."""
        invariants.check(state)

    def world(self, data_dir: str = "") -> Mapping[str, Any]:
        """The maps and tables (for front ends): ``world().transylvania`` etc."""
        w = load_world(data_dir)
        return {"rules": w.rules, "transylvania": w.transylvania, "castle": w.castle}


def _high_roller(state: VampyreState) -> str:
    """Each player rolls one die; the high roller goes first (ties roll again)."""
    tied = list(state.seats)
    lead = "Each player rolls a die to go first: "
    while len(tied) > 1:
        rolls = {s: state.dice.d6() for s in tied}
        state.events.say("first_player_roll", lead + ", ".join(f"{state.name(s)} rolls {r}"
                                                                for s, r in rolls.items()),
                         rolls=dict(rolls))
        lead = "A tie; the high rollers roll again: "
        high = max(rolls.values())
        tied = [s for s in tied if rolls[s] == high]
    state.events.say("first_player", f"{state.name(tied[0])} goes first", seat=tied[0])
    return tied[0]


def _prepare_transylvania(state: VampyreState) -> None:
    """"Preparation for Play - Transylvania": the 27 black counters face down, three in each
    large hex but Klausenburg; every hunter in Klausenburg; the high roller goes first."""
    counters = sorted(state.rules.black_counters)
    state.dice.shuffle(counters)
    board = state.world.transylvania
    searchable = [h for h in board.large_hexes if h != KLAUSENBURG]
    state.stacks = {h: counters[3 * i:3 * i + 3] for i, h in enumerate(searchable)}
    for p in state.players.values():
        p.location = KLAUSENBURG
    first = _high_roller(state)
    state.order.seat_index = state.seats.index(first)
    state.events.say("set_up", "Three counters face down in each large hex but Klausenburg; "
                     "every hunter sets out from Klausenburg")
    state.begin_round(first)
