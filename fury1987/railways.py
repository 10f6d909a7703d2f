"""The Railway Station Chart (Movement - Rail Movement).

A Hunter who starts his Movement Phase in a Town with a Railroad may try to
catch a train: he rolls a die and reads the chart. The chart on the SM Screen
is not in the rulebook; ``data/railway_station_chart.toml`` reconstructs it
(see docs/fury1987.md, fidelity table) and a user may supply the printed one.
"""

from __future__ import annotations

import functools
from pathlib import Path

import attrs

from gothic_kernel import BadOption

from .board import DATA_DIR, PROVENANCES
from .datafile import Entry, read_toml

CHART_FILE = DATA_DIR / "railway_station_chart.toml"


@attrs.frozen
class Train:
    """One line of the chart: the train caught on these die results."""

    id: str
    name: str
    stops: int
    die: tuple[int, ...]


@attrs.frozen
class RailwayStationChart:
    trains: tuple[Train, ...]

    def train_for(self, roll: int) -> Train:
        """The train a die roll of ``roll`` catches."""
        for train in self.trains:
            if roll in train.die:
                return train
        raise BadOption(f"the Railway Station Chart has no line for a roll of {roll}")

    @staticmethod
    def load(path: str | Path | None = None) -> RailwayStationChart:
        return _load_chart(str(Path(path) if path is not None else CHART_FILE))


@functools.lru_cache(maxsize=8)
def _load_chart(path: str) -> RailwayStationChart:
    data, source = read_toml(path, "railway_station_chart.toml", BadOption)
    root = Entry.of(data, f"Railway Station Chart {source!r}", BadOption)
    entries = root.tables("train")
    trains = tuple(Train(e.text("id"), e.text("name"), e.whole("stops"), e.faces("die"))
                   for e in entries)
    provenances = [e.data.get("provenance") for e in entries]
    faces = sorted(d for t in trains for d in t.die)
    if faces != [1, 2, 3, 4, 5, 6]:
        raise BadOption(f"Railway Station Chart {source!r} must give each die face 1-6 "
                        f"exactly one train, not {faces}")
    if any(p not in PROVENANCES for p in provenances):
        raise BadOption(f"Railway Station Chart {source!r}: every train needs a provenance")
    if any(not 0 <= t.stops <= 3 for t in trains):
        raise BadOption(f"Railway Station Chart {source!r}: a train runs 0 to 3 Towns")
    return RailwayStationChart(trains)
