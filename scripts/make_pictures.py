"""Draw the pictures in docs/pictures/: one seeded bot game of each game, stopped part way
and drawn as one seat sees it (the same files every run).

    python scripts/make_pictures.py            # writes docs/pictures/*.svg
    python scripts/make_pictures.py --png DIR  # and a .png of each in DIR (the png extra)
"""

from __future__ import annotations

import argparse
from pathlib import Path

import gothic_kernel as gk
from fury_modern import FuryModernGame
from gothic_kernel.svg import picture, save

OUT = Path(__file__).resolve().parent.parent / "docs" / "pictures"

#: file name -> (game, seed, options, actions played, viewer)
PICTURES: dict[str, tuple[gk.Game, int, dict[str, object], int, str]] = {
    "fury1987.svg": (gk.load_game("fury1987"), 3, {}, 160, "seward"),
    "fury1987_dracula.svg": (gk.load_game("fury1987"), 3, {}, 160, "dracula"),
    "fury_modern.svg": (FuryModernGame(), 3, {}, 260, "mina"),
    "vampyre.svg": (gk.load_game("vampyre"), 3, {}, 60, "harker"),
    "vampyre_castle.svg": (gk.load_game("vampyre"), 6, {"stage": "castle"}, 30, "harker"),
    "draculas_revenge.svg": (gk.load_game("draculas_revenge"), 3, {}, 30, "hunters"),
}


def position(game: gk.Game, seed: int, options: dict[str, object], steps: int
             ) -> gk.GameState:
    """A seeded game of the game's own bots, stopped after ``steps`` actions."""
    state, _ = gk.play_game(game, seed, options=options, max_steps=steps)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--png", metavar="DIR", default=None,
                        help="also write a PNG of each picture into DIR (for looking at "
                             "them; not kept in the repository)")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (game, seed, options, steps, viewer) in PICTURES.items():
        svg = picture(position(game, seed, options, steps), viewer)
        save(svg, OUT / name)
        if args.png:
            save(svg, Path(args.png) / Path(name).with_suffix(".png").name, scale=1.5)
        print(f"{OUT / name}: {game.name}, seed {seed}, after {steps} actions, as {viewer}")


if __name__ == "__main__":
    main()
