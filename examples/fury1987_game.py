"""Fury of Dracula (1987): a full seeded game between the bots, as the Hunters saw it.

The public account is printed turn by turn, the way a player at the table would hear
it (Dracula's moves are secret: only "Dracula takes his Movement Phase
in secret" is heard).
At the end, Dracula's screen is lifted: his secret trail from his own log - where he
went, his Blood Points, and the Encounters he laid on the way.

Run:  python examples/fury1987_game.py [seed]
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

import gothic_kernel as gk
from fury1987.state import DRACULA, HUNTER_NAMES, HUNTERS, FuryState
from fury1987.wording import in_print
from gothic_kernel.agents import play_game

#: Log entries too small to print one by one: they are counted into the line before.
QUIET = {"weapon_drawn", "weapon_discarded", "event_drawn", "event_to_dracula",
         "event_discarded"}


def main(seed: int = 7) -> None:
    game = gk.load_game("fury1987")
    state, record = play_game(game, seed)
    assert isinstance(state, FuryState)
    def names(line: str) -> str:  # the log is worded already; the chart holds ids
        return in_print(line, state.rules.printed)

    print(f"{game.title}: a game between the bots (seed {seed})")
    print("Dracula against Lord Godalming, Dr Seward and Van Helsing.\n")
    print("== The public account ==")
    for line in _public_account(state.log(gk.PUBLIC)):
        print(names(line))
    print("\n== The end ==")
    outcome = state.outcome
    assert outcome is not None
    print(names(outcome.reason))
    public = state.observation(gk.PUBLIC)
    print(f"{state.seq.round} turns, {record.steps} decisions; "
          f"{public['vampires_destroyed']} Vampires destroyed by the Hunters.")
    for seat in HUNTERS:
        h = public["hunters"][seat]
        fate = {"alive": "alive", "dead": "dead", "vampire": "a Vampire"}[h["status"]]
        bitten = ", bitten" if h["bitten"] and h["status"] == "alive" else ""
        print(f"  {HUNTER_NAMES[seat]:<15} {fate}{bitten}, {h['wounds']} wounds, "
              f"{h['valour']} Valour Points")
    print("\n== Behind the SM Screen: Dracula's secret trail ==")
    for line in _secret_trail(state.log(DRACULA)):
        print(names(line))
    secret = state.observation(DRACULA)["behind_the_screen"]
    chart = ", ".join(f"{c} in {t}" for t, c in secret["chart"].items()) or "nothing"
    print(names(f"Left on the Strategy & Movement Chart: {chart}."))


def _public_account(log: Iterable[dict[str, Any]]) -> list[str]:
    """The public log as lines, a heading at each of Dracula's turns, small draws folded."""
    lines: list[str] = []
    turn = 0
    folded: dict[str, int] = {}
    for entry in log:
        kind, text = entry["kind"], entry["text"]
        if kind in QUIET:
            folded[text] = folded.get(text, 0) + 1
            continue
        _flush(lines, folded)
        if kind == "dracula_moves":
            turn += 1
            lines.append(f"\n-- Turn {turn} --")
        lines.append(f"  {text}")
    _flush(lines, folded)
    return lines


def _flush(lines: list[str], folded: dict[str, int]) -> None:
    for text, count in folded.items():
        lines.append(f"    ({text}{f' x{count}' if count > 1 else ''})")
    folded.clear()


def _secret_trail(log: Iterable[dict[str, Any]]) -> list[str]:
    """Dracula's own log: his start, every move with his Blood Points, every Encounter."""
    lines: list[str] = []
    turn = 0
    for entry in log:
        kind = entry["kind"]
        if kind == "dracula_start":
            lines.append(f"  Start: {entry['text']}")
        elif kind == "dracula_moves":
            turn += 1
            blood = f" ({entry['blood']} Blood Points)" if "blood" in entry else ""
            lines.append(f"  Turn {turn:>3}: {entry['text']}{blood}")
        elif kind in ("encounter_placed", "encounters_swapped", "bat_flight",
                      "vampire_consumed", "dracula_drained"):
            lines.append(f"             {entry['text']}")
    return lines


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
