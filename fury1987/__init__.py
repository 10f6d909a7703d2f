"""Fury of Dracula (Games Workshop, 1987): the hidden chase across Europe."""

from .board import CASTLE_DRACULA, Board, Place
from .railways import RailwayStationChart, Train

__all__ = ["CASTLE_DRACULA", "Board", "Place", "RailwayStationChart", "Train"]
