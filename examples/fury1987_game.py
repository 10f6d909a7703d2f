"""Fury of Dracula (1987): a full seeded game between the bots, as the Hunters saw it.

The account is the game's own report (``FuryGame.report``, the one ``gothic demo
fury1987`` prints): turn by turn, where the Hunters stand and what they know of
Dracula, the events as the table heard them (Dracula's moves are secret: only "Dracula
takes his Movement Phase in secret" is heard), each combat round in words; then who
won and why, and at the very end, Dracula's screen lifted: his secret trail.

Run:  python examples/fury1987_game.py [seed]
"""

from __future__ import annotations

import sys

import gothic_kernel as gk
from gothic_kernel.agents import play_game


def main(seed: int = 7) -> None:
    game = gk.load_game("fury1987")
    state, record = play_game(game, seed)
    print(f"{game.title}: a game between the bots (seed {seed})\n")
    for line in game.report(state, record):
        print(line)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
