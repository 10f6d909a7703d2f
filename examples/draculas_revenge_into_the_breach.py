"""Dracula's Revenge, Into the Breach: a seeded game between the default bots, told as the
public log (what a spectator at the table sees).

Run:  python examples/draculas_revenge_into_the_breach.py [seed]
"""

from __future__ import annotations

import sys

from draculas_revenge.narration import tell_a_game

if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    tell_a_game("Into the Breach", seed, adventure="into_the_breach")
