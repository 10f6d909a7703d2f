"""The report of a played game (``game.report``): what ``gothic demo vampyre`` prints."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from gothic_kernel import PUBLIC
from gothic_kernel.agents import GameRecord, play_game
from vampyre.report import RESULT_WORDS, _fold
from vampyre.state import VampyreState

from .helpers import GAME

ROOT = Path(__file__).parents[2]
#: An id in the engine's shape (``van_helsing``, ``hex_03_04``, ``count_dracula``).
SNAKE_ID = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
#: A combat code letter as the tables print it (": B (bite)", ": V").
CODE_LETTER = re.compile(r": [VWNSBPFI]( \(|$)")


def told(seed: int, stage: str, agents: str = "default") -> tuple[VampyreState, list[str]]:
    state, record = play_game(GAME, seed, options={"stage": stage}, agents=agents)
    assert isinstance(state, VampyreState)
    return state, GAME.report(state, record)


def test_an_extended_game_has_its_object_headings_and_the_count_destroyed() -> None:
    state, lines = told(0, "extended")
    assert state.outcome is not None and state.outcome.reason == "Count Dracula destroyed"
    assert lines[0].startswith("Four vampire hunters: Harker (Jonathan Harker)")
    assert "three of Count Dracula's hidden coffins" in lines[1]
    assert lines[2].startswith("Then the Extended Game") and "Castle Dracula" in lines[2]
    for heading in ("The Basic Game: Transylvania", "Round 1", "Round 2",
                    "Where everyone stands as the Basic Game ends:",
                    "The Extended Game: Castle Dracula", "Where everyone stands:"):
        assert heading in lines
    assert lines.index("The Basic Game: Transylvania") < lines.index(
        "The Extended Game: Castle Dracula")
    winner = state.name(state.outcome.winners[0])
    end = next(i for i, line in enumerate(lines) if line.startswith("The end ("))
    assert lines[end + 1] == f"  {winner} has won: Count Dracula is destroyed, a stake " \
        f"through his heart at {state.observation(PUBLIC)['castle']['clock_text']}."
    for seat in state.seats:
        assert any(line.startswith(f"  {state.name(seat)}: ") for line in lines[end:])


def test_the_standings_when_the_basic_game_ends_show_the_map_with_the_players() -> None:
    _, lines = told(0, "extended")
    start = lines.index("Where everyone stands as the Basic Game ends:")
    block = lines[start:lines.index("The Extended Game: Castle Dracula")]
    assert any(line.startswith("  1 Harker: vampire hunter in ") for line in block)
    assert any(line.startswith("  Counters still face down: ") for line in block)
    legend = next(line for line in block if line.startswith("  The map: "))
    assert "1 Harker, 2 Mina, 3 Van Helsing, 4 Godalming" in legend
    rows = [row for row in block[block.index(legend) + 1:] if row]
    assert len(rows) == 12 and all(row.startswith("    ") for row in rows)
    assert sum(ch in "1234+" for row in rows for ch in row) >= 1


def test_a_basic_game_names_its_winner_and_counts_each_coffin() -> None:
    state, lines = told(0, "basic")
    assert state.outcome is not None
    winner = state.name(state.outcome.winners[0])
    assert f"  {winner} has won the Basic Game, the first to destroy three coffins." in lines
    assert any(f"({winner}'s third coffin)" in line for line in lines)
    assert "The Extended Game: Castle Dracula" not in lines
    assert any(line.startswith("  The map: ") for line in lines)


def test_the_most_coffins_and_the_darkness_are_told_too() -> None:
    _, lines = told(20, "basic")
    assert any("every coffin was found and none destroyed more" in line for line in lines)
    _, lines = told(7, "extended")
    assert "  Nobody has won: no vampire hunter is left, and the forces of darkness prevail." \
        in lines


@pytest.mark.parametrize(("seed", "stage", "agents"), [
    (0, "extended", "default"), (7, "extended", "default"), (3, "castle", "random"),
    (2, "basic", "random"),
])
def test_the_report_shows_no_code_letters_and_no_ids(seed: int, stage: str,
                                                     agents: str) -> None:
    """Combat results are told in words, places and people by their names."""
    _, lines = told(seed, stage, agents)
    fights = [line for line in lines if " against " in line and " rolls " in line]
    assert fights
    for line in lines:
        assert not CODE_LETTER.search(line), line
        assert not SNAKE_ID.search(line), line
    words = set(RESULT_WORDS.values())
    assert all(any(line.rstrip().endswith(w) or f": {w} for " in line for w in words)
               for line in fights if ": " in line and "attack" not in line.split(": ")[-1])


def test_repeated_lines_are_folded() -> None:
    lines = iter(["Round 3", "  Harker loses this turn", "  Harker loses this turn",
                  "  Harker loses this turn", "", "", "Round 4"])
    assert _fold(lines) == ["Round 3", "  Harker loses this turn (3 times)", "", "",
                            "Round 4"]


def test_a_castle_game_alone_has_its_own_object_and_no_coffins() -> None:
    _, lines = told(3, "castle", "random")
    assert lines[1].startswith("The object: to destroy Count Dracula in his castle.")
    assert "Castle Dracula" in lines and "The Basic Game: Transylvania" not in lines
    assert not any("coffin" in line for line in lines[2:])
    assert any(line.startswith("  The clock: ") for line in lines)


def test_a_solitaire_game_names_its_one_hunter() -> None:
    state, record = play_game(GAME, 3, options={"stage": "extended", "players": 1})
    lines = GAME.report(state, record)
    assert lines[0] == ("One vampire hunter, alone against the board (solitaire): Harker "
                        "(Jonathan Harker).")
    assert any(line.startswith("  Harker: ") for line in lines[-4:])


def test_an_unfinished_game_is_told_as_such() -> None:
    state, record = play_game(GAME, 1, options={"stage": "basic"}, agents="random",
                              max_steps=50)
    assert isinstance(state, VampyreState) and not record.finished
    lines = GAME.report(state, record)
    assert any(line.startswith("The game was stopped unfinished (50 decisions") for line in lines)


def test_a_record_that_no_longer_replays_still_gets_a_report() -> None:
    """The standings when the Basic Game ends come from playing the record again; a record
    whose actions do not replay loses only that block."""
    state, record = play_game(GAME, 0, options={"stage": "extended"})
    broken = GameRecord(record.game, record.seed + 1, record.options, record.actions,
                        record.public_log, record.outcome)
    assert isinstance(state, VampyreState)
    lines = GAME.report(state, broken)
    assert "Where everyone stands as the Basic Game ends:" not in lines
    assert "The Extended Game: Castle Dracula" in lines


def test_python_m_vampyre_plays_and_tells_a_whole_game() -> None:
    done = subprocess.run([sys.executable, "-m", "vampyre", "--seed", "3"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert "The Basic Game: Transylvania" in out and "Round 1" in out
    assert any(line.startswith("The end (") for line in out)
    assert any(line.startswith("Van Helsing wins") and "actions)" in line for line in out)
