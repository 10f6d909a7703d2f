"""Fury of Dracula (Games Workshop, 1987): the hidden chase across Europe.

    import gothic_kernel as gk
    game = gk.load_game("fury1987")
    state = game.new_game(seed=7)
"""

from gothic_kernel import __version__

from .board import CASTLE_DRACULA, Board, Place
from .game import FuryGame, Rules, load_rules
from .railways import RailwayStationChart, Train
from .state import DRACULA, HUNTERS, SEATS, FuryState

__all__ = [
           "CASTLE_DRACULA",
           "DRACULA",
           "HUNTERS",
           "SEATS",
           "Board",
           "FuryGame",
           "FuryState",
           "Place",
           "RailwayStationChart",
           "Rules",
           "Train",
           "__version__",
           "load_rules",
]
