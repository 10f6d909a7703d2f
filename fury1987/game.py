"""The rules object of Fury of Dracula (1987): metadata, options and data tables."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import attrs

from gothic_kernel import (
    Agent,
    BadOption,
    CorruptSave,
    Dice,
    Game,
    GameState,
    GothicError,
    Option,
    Outcome,
)

from . import (
    bots,
    combat_cards,
    dracula_cards,
    encounter_cards,
    flow,
    hunter_cards,
    report,
    resample,
    saves,
    setup,
    svg,
    views,
)
from .actions import ACTION_TYPES
from .board import Board
from .combat_tables import ChitData, CombatDataError, CombatTables, load_chits, load_tables
from .encounter_chits import EncounterData
from .event_cards import EventCards, load_events
from .railways import RailwayStationChart
from .screen import FuryScreen
from .state import SEATS, FuryState
from .wording import PrintedNames, printed_names, seat_name

if TYPE_CHECKING:
    from gothic_kernel.agents import GameRecord
    from gothic_kernel.screen import TextScreen
    from gothic_kernel.svg import Svg

#: The modules whose classes are the Event Cards' rules (each registers its cards).
CARD_MODULES = (combat_cards, encounter_cards, dracula_cards, hunter_cards)

T = TypeVar("T")


@attrs.frozen
class Rules:
    """The data a game is played with: the map and the tables, loaded once and shared."""

    board: Board
    railway_chart: RailwayStationChart
    encounters: EncounterData
    chits: ChitData
    tables: CombatTables
    events: EventCards
    #: The printed name of every id a log sentence may hold (fury1987.wording).
    printed: PrintedNames


@functools.lru_cache(maxsize=16)
def load_rules(map_file: str = "", railway_chart_file: str = "", encounters_file: str = "",
               chits_file: str = "", combat_tables_file: str = "",
               events_file: str = "") -> Rules:
    """The data files named by the options ("" for the packaged ones).

    A file that is missing, a folder, not TOML, or whose data lacks a field or has one
    of the wrong type raises BadOption naming the option, the file and the problem."""
    chits = _load("chits_file", chits_file, load_chits)
    board = _load("map_file", map_file, Board.load)
    encounters = _load("encounters_file", encounters_file, EncounterData.load)
    events = _load("events_file", events_file, load_events)
    _load("encounters_file", encounters_file, lambda _: _check_agents(encounters, chits))
    return Rules(
        board=board,
        railway_chart=_load("railway_chart_file", railway_chart_file,
                            RailwayStationChart.load),
        encounters=encounters,
        chits=chits,
        tables=_load("combat_tables_file", combat_tables_file,
                     lambda path: load_tables(path, chits)),
        events=events,
        printed=printed_names(board, encounters, chits, events),
    )


def _load(option: str, path: str, loader: Callable[[str | None], T]) -> T:
    """``loader(path)``; any problem with the file is a BadOption naming it."""
    try:
        return loader(path or None)
    except Exception as exc:  # a data file may fail in any way: say which and why
        raise BadOption(_file_problem(option, path, exc)) from None


def _file_problem(option: str, path: str, exc: Exception) -> str:
    """The message for ``exc`` raised loading the file of ``option``."""
    if isinstance(exc, KeyError):
        problem = f"the field {exc.args[0]!r} is missing"
    elif isinstance(exc, GothicError):
        problem = str(exc)
    else:
        problem = f"{type(exc).__name__}: {exc}"
    named = path or "the packaged file"
    return f"{option}: {problem}" if named in problem else f"{option} {named!r}: {problem}"


def _check_agents(encounters: EncounterData, chits: ChitData) -> None:
    """Every Agent's weapons are Agent combat chits (the two files must agree)."""
    for chit in encounters.chits.values():
        if chit.is_agent:
            try:
                chits.agent_chits(chit.agent_weapons)
            except CombatDataError as exc:
                raise BadOption(f"encounter chit {chit.id!r}: {exc}") from None


FILE_OPTIONS = ("map_file", "railway_chart_file", "encounters_file", "chits_file",
                "combat_tables_file", "events_file")


class FuryGame(Game):
    """Fury of Dracula, the 1987 Games Workshop rules."""

    name = "fury1987"
    title = "Fury of Dracula (1987)"
    rulebook = "Fury of Dracula (Games Workshop, 1987): Rules of Play"
    seats = SEATS
    has_hidden_information = True
    # The kit's plugin run (``pytest --gothic-conformance``): a whole random game is
    # thousands of steps (Event Card windows add many short decisions), so views are
    # checked and states resampled every 40th step.
    action_types = ACTION_TYPES
    conformance: ClassVar[Mapping[str, Any]] = MappingProxyType(
        {"every": 40, "hidden_every": 40})
    options = (
        Option("map_file", "", "a map of Europe in the format of fury1987/data/map.toml "
                               "(default: the reconstructed map, from the second-edition board)"),
        Option("railway_chart_file", "", "a Railway Station Chart in the format of "
                                         "fury1987/data/railway_station_chart.toml"),
        Option("encounters_file", "", "Encounter Chits and their SM Screen instructions, "
                                      "in the format of fury1987/data/encounters.toml"),
        Option("chits_file", "", "combat chits, in the format of fury1987/data/chits.toml"),
        Option("combat_tables_file", "", "the Combat Action Board's tables, in the format "
                                         "of fury1987/data/combat_tables.toml"),
        Option("events_file", "", "the Event Cards, in the format of "
                                  "fury1987/data/events.toml"),
    )

    def seat_name(self, seat: str) -> str:
        """A seat as the rulebook names it: "Dracula", "Lord Godalming", "Dr Seward",
        "Van Helsing"."""
        return seat_name(seat)

    def outcome_sentence(self, outcome: Outcome) -> str:
        """The reason the rules give, which already names the winners and the level ("The
        Hunters win a Minor Victory: ..."; "Stalemate: ...")."""
        return f"{outcome.reason.rstrip('.')}." if outcome.reason else super().outcome_sentence(
            outcome)

    def rules_for(self, options: Mapping[str, Any]) -> Rules:
        return load_rules(*(str(options.get(name, "")) for name in FILE_OPTIONS))

    def check_options(self, options: dict[str, Any]) -> None:
        self.rules_for(options)  # a bad data file raises BadOption now

    def _new_game(self, dice: Dice, options: dict[str, Any]) -> FuryState:
        state = FuryState(self, self.rules_for(options), dice, dict(options))
        setup.set_up(state)
        return state

    def _state_from_data(self, data: Any, dice: Dice) -> FuryState:
        if not isinstance(data, dict) or not isinstance(data.get("options"), dict):
            raise CorruptSave("a fury1987 save needs its options")
        options = self.resolve_options(data["options"])
        rest = {k: v for k, v in data.items() if k != "options"}
        state = FuryState.from_data(self, self.rules_for(options), options, rest, dice)
        saves.check_save(state)
        return state

    # -- what a state asks of the rules above it ---------------------------------------
    def enter_phase(self, state: FuryState) -> None:
        """Nothing is pending: the Sequence of Play begins the next phase."""
        flow.enter_phase(state)

    def observe(self, state: FuryState, viewer: str) -> dict[str, Any]:
        """What ``viewer`` may know of ``state`` (fury1987.views)."""
        return views.observation(state, viewer)

    def resample_state(self, state: FuryState, viewer: str, seed: int) -> FuryState:
        """A state ``viewer`` cannot tell from ``state`` (fury1987.resample)."""
        return resample.resample(state, viewer, seed)

    def report(self, state: GameState, record: GameRecord) -> list[str]:
        """The account of a played game (``gothic demo fury1987``): turn by turn, as the
        table heard it, then the end and Dracula's secret trail (fury1987.report)."""
        assert isinstance(state, FuryState)
        return report.report(state, record)

    def text_screen(self) -> TextScreen:
        """Europe, your chits and cards and the others as text (``gothic play``;
        fury1987.screen)."""
        rules = load_rules()
        return FuryScreen(self, rules.board, rules.printed)

    def default_agents(self, state: GameState, seed: int) -> dict[str, Agent]:
        return bots.default_agents(state, seed)

    def picture(self, observation: Mapping[str, Any], viewer: str, **options: Any) -> Svg:
        """The map of Europe as ``viewer`` sees it (fury1987.svg.board: its options)."""
        return svg.board(observation, viewer, **options)
