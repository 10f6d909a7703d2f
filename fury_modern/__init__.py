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

from gothic_kernel import Agent, CorruptSave, Dice, Game, GameState, Option, Outcome, __version__
from gothic_kernel.decisions import settle
from gothic_kernel.svg import Svg

from .actions import ACTION_TYPES
from .bots import default_agents
from .invariants import check_save
from .report import report as report_game
from .round import begin_round
from .rules import DRACULA, HUNTERS, SEATS, load_rules
from .setup import set_up
from .state import ModernState
from .svg import board
from .views import observation, resample

__all__ = ["DRACULA", "HUNTERS", "SEATS", "FuryModernGame", "ModernState", "__version__"]


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
        rules = load_rules(options["map_file"], options["data_dir"])
        state = ModernState(self, rules, dice, options)
        set_up(state)
        settle(state)
        return state

    def _state_from_data(self, data: Any, dice: Dice) -> GameState:
        if not isinstance(data, dict) or not isinstance(data.get("options"), dict):
            raise CorruptSave("a fury_modern save needs its options")
        options = self.resolve_options(data["options"])
        rules = load_rules(options["map_file"], options["data_dir"])
        state = ModernState.from_snapshot(self, rules, data, dice)
        check_save(state)
        return state

    def default_agents(self, state: GameState, seed: int) -> dict[str, Agent]:
        return default_agents(state, seed)

    def report(self, state: GameState, record: Any) -> list[str]:
        return report_game(state, record)

    # -- what a state asks of the modules above it ------------------------------------------
    def begin_round(self, state: ModernState) -> None:
        """``state.enter_phase()``: the stack is empty, a new round begins (see ``round``)."""
        begin_round(state)

    def observe(self, state: ModernState, viewer: str) -> dict[str, Any]:
        """``state.observation(viewer)`` (see ``views``)."""
        return observation(state, viewer)

    def resample_state(self, state: ModernState, viewer: str, seed: int) -> ModernState:
        """``state.resample(viewer, seed)`` (see ``views`` and ``resample``)."""
        return resample(state, viewer, seed)

    def picture(self, observation: Mapping[str, Any], viewer: str, **options: Any) -> Svg:
        """The map of Europe as ``viewer`` sees it (fury_modern.svg.board: its options)."""
        return board(observation, viewer, **options)
