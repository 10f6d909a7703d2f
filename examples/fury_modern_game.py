"""Fury of Dracula (modern rules): a full seeded game between the bots, as the table saw it.

The account is the game's own report (``FuryModernGame.report``, the one ``gothic demo
fury_modern`` prints): round by round, the tracks, where the hunters stand and how many
places the public record leaves Dracula; the events as the table heard them (Dracula's
moves are secret: only "Dracula places a card face down on trail space 1" is heard), each
combat round in words; then who won and why, and at the very end his trail turned face up.

Run:  python examples/fury_modern_game.py [seed]
"""

from __future__ import annotations

import sys

import gothic_kernel as gk
from gothic_kernel.agents import play_game


def main(seed: int = 7) -> None:
    game = gk.load_game("fury_modern")
    state, record = play_game(game, seed)
    print(f"{game.title}: a game between the bots (seed {seed})\n")
    for line in game.report(state, record):
        print(line)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
