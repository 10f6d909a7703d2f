"""Dracula's Revenge, the Multiplayer optional rule: three players, each alone, told as a
spectator at the table sees it.

Run:  python examples/draculas_revenge_multiplayer.py [seed]
"""

from __future__ import annotations

import sys

from draculas_revenge.narration import tell_a_game

if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    tell_a_game("Multiplayer", seed, adventure="custom", points=20,
                multiplayer=("vampires", "hunters", "hunters"))
