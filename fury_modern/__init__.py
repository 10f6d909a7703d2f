"""Fury of Dracula, modern rules (third and fourth editions): the hunt across Europe.

Four hunters (Lord Godalming, Dr. Seward, Van Helsing, Mina Harker) chase Dracula, who
moves in secret, leaving a trail of face-down location cards and encounters; his vampires
mature into influence, and he wins at 13 influence; the hunters win by defeating him.

    import gothic_kernel as gk
    game = gk.load_game("fury_modern")
    state = game.new_game(seed=7)

The supplement (fury_of_dracula_modern.txt) refers to a Rules Reference the project does
not have; what it leaves out is reconstructed from public sources, every item with its
source in the fidelity table of docs/fury_modern.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gothic_kernel import (
    Action,
    Agent,
    BadOption,
    CorruptSave,
    Dice,
    Game,
    GameState,
    Option,
    Outcome,
    __version__,
)
from gothic_kernel.decisions import settle
from gothic_kernel.screen import TextScreen
from gothic_kernel.svg import Svg

from . import dracula_events, hunter_events, item_cards  # noqa: F401  (registers the cards' rules)
from .actions import ACTION_TYPES
from .bots import default_agents
from .combat import BASIC, DraculaCard
from .encounters import Encounter
from .hunters import hunter_label
from .invariants import check_loaded, check_save
from .report import report as report_game
from .round import begin_round
from .rules import DRACULA, HUNTERS, SEATS, Rules, load_rules
from .screen import ModernScreen
from .setup import set_up
from .state import ModernState
from .svg import board
from .views import observation, resample
from .wording import describe

__all__ = ["DRACULA", "HUNTERS", "SEATS", "FuryModernGame", "ModernState", "__version__"]


def playable_rules(map_file: str, data_dir: str) -> Rules:
    """The rules of these files, refused (BadOption) where the engine cannot play them: an
    encounter or a Dracula combat card it has no effect for, no Punch, Dodge or Escape."""
    rules = load_rules(map_file, data_dir)
    where = f"the data files in {data_dir!r}" if data_dir else "the packaged data files"
    unknown = [e for e in rules.encounters if not Encounter.known(e)]
    unknown += [c for c in rules.dracula_cards if not DraculaCard.known(c)]
    if unknown:
        raise BadOption(f"{where} name cards the engine has no effect for: {unknown[:4]}")
    missing = [c for c in BASIC if c not in rules.hunter_cards]
    if missing:
        raise BadOption(f"{where}: combat.toml needs the hunter cards {missing}")
    return rules


class FuryModernGame(Game):
    """The rules object of modern Fury of Dracula."""

    name = "fury_modern"
    title = "Fury of Dracula (modern rules)"
    rulebook = "Fury of Dracula, third/fourth edition: rules supplement"
    seats = SEATS
    has_hidden_information = True
    conformance: ClassVar[Mapping[str, Any]] = {"every": 10}
    action_types = ACTION_TYPES
    options = (
        Option("map_file", "", "a map file replacing the reconstructed modern board"),
        Option("data_dir", "", "a folder of card and character files replacing the packaged "
               "ones"),
        Option("reveal_on_entering", False, "fourth edition: Dracula moving into a hunter's "
               "city is revealed"),
    )

    def seat_name(self, seat: str) -> str:
        return load_rules().name(seat)

    def outcome_sentence(self, outcome: Outcome) -> str:
        """"Dracula wins: ..." or "The hunters win: ..."."""
        said = "Dracula wins" if outcome.winners == (DRACULA,) else "The hunters win"
        reason = f": {outcome.reason.rstrip('.')}" if outcome.reason else ""
        return f"{said}{reason}."

    def _new_game(self, dice: Dice, options: dict[str, Any]) -> ModernState:
        rules = playable_rules(options["map_file"], options["data_dir"])
        state = ModernState(self, rules, dice, options)
        set_up(state)
        settle(state)
        return state

    def _state_from_data(self, data: Any, dice: Dice) -> GameState:
        if not isinstance(data, dict) or not isinstance(data.get("options"), dict):
            raise CorruptSave("a fury_modern save needs its options")
        options = self.resolve_options(data["options"])
        rules = playable_rules(options["map_file"], options["data_dir"])
        state = ModernState.from_snapshot(self, rules, data, dice)
        check_save(state)
        return state

    def _check_loaded(self, state: GameState) -> None:
        """The checks of a save that need the log too (invariants)."""
        assert isinstance(state, ModernState)
        check_loaded(state)

    def default_agents(self, state: GameState, seed: int) -> dict[str, Agent]:
        return default_agents(state, seed)

    def report(self, state: GameState, record: Any) -> list[str]:
        return report_game(state, record)

    def text_screen(self) -> TextScreen:
        """The tracks, Europe, the trail, your cards and the others as text (``gothic play``;
        fury_modern.screen)."""
        return ModernScreen(self, load_rules())

    # -- what a state asks of the modules above it ------------------------------------------
    def begin_round(self, state: ModernState) -> None:
        """``state.enter_phase()``: the stack is empty, a new round begins (see ``round``)."""
        begin_round(state)

    def observe(self, state: ModernState, viewer: str) -> dict[str, Any]:
        """``state.observation(viewer)`` (see ``views``)."""
        return observation(state, viewer)

    def label_other(self, state: ModernState, seat: str, action: Action) -> str:
        """``state.describe_action(seat, action)`` of an action ``seat`` may not take now:
        the action's own words, a hunter's Supply and Rest as they are where he stands
        (see ``hunters.hunter_label``)."""
        return hunter_label(state, seat, action) if seat in HUNTERS else \
            describe(state, seat, action)

    def resample_state(self, state: ModernState, viewer: str, seed: int) -> ModernState:
        """``state.resample(viewer, seed)`` (see ``views`` and ``resample``)."""
        return resample(state, viewer, seed)

    def picture(self, observation: Mapping[str, Any], viewer: str, **options: Any) -> Svg:
        """The map of Europe as ``viewer`` sees it (fury_modern.svg.board: its options)."""
        return board(observation, viewer, **options)
